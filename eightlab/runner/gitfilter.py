"""JupyterLab's post-save hook that keeps a saved tutorial out of ``git status``.

The clean filter (nbstripout, set up by the Makefile for ``notebooks/*.ipynb``) strips
outputs, execution counts, widget state and the kernel's ``language_info`` when git reads
a notebook, so a tutorial that was only run and saved has the committed content. git
still lists it as modified: when a file's size differs from the size its index entry
recorded, ``git status`` reports it without running the filter (``ie_modified`` in git's
``read-cache.c``). :func:`refresh_index` re-adds the saved notebook when the filtered
content equals the index (the same blob, only the entry's size and time refreshed);
a notebook with real changes is left as it is, unstaged. ``make lab`` passes it to
JupyterLab as ``--ContentsManager.post_save_hook``.

Run as a script, the module copies standard input to standard output (a smudge filter
that changes nothing, for a clone whose git config still names this file).
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path


def _git(args, folder: Path) -> int:
    """The exit status of ``git args`` run in ``folder`` (127 if git cannot run)."""
    try:
        done = subprocess.run(["git", *args], cwd=folder, capture_output=True, check=False)
    except OSError:
        return 127
    return done.returncode


def refresh(path) -> bool:
    """Re-add the notebook ``path`` when its filtered content equals git's index.

    Parameters
    ----------
    path : str or pathlib.Path
        A file in a git working copy.

    Returns
    -------
    bool
        True if the index entry was refreshed; False if the file is not tracked, has
        changes beyond what the clean filter strips, or git failed (another git
        command holding the index lock, for one).
    """
    path = Path(path).resolve()
    folder, name = path.parent, path.name
    tracked = _git(["ls-files", "--error-unmatch", "--", name], folder) == 0
    if not tracked or _git(["diff", "--quiet", "--", name], folder) != 0:
        return False
    return _git(["add", "--", name], folder) == 0


def refresh_index(model=None, os_path=None, contents_manager=None, **kwargs) -> None:
    """Jupyter server post-save hook: :func:`refresh` a saved notebook in the background.

    Parameters
    ----------
    model : dict, optional
        The saved model (its ``type``: only ``"notebook"`` is refreshed).
    os_path : str, optional
        The saved file.
    contents_manager : object, optional
        The server's contents manager (unused).
    **kwargs
        What newer servers pass besides (unused).
    """
    if os_path and (model or {}).get("type", "notebook") == "notebook":
        threading.Thread(target=refresh, args=(os_path,), daemon=True).start()


def main() -> int:
    """Copy standard input to standard output."""
    sys.stdout.buffer.write(sys.stdin.buffer.read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
