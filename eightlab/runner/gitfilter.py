"""git's smudge filter for ``notebooks/*.ipynb``, and JupyterLab's post-save hook.

The clean filter (nbstripout, set up by the Makefile) strips outputs, execution counts,
widget state and all of the kernel's ``language_info`` but its name when git reads a
notebook. :func:`smudge` writes back the record this Python's kernel reports when git
writes a notebook out, so JupyterLab opens a tutorial unmodified (run by git as a script,
standard input to standard output). A run and saved tutorial has the committed content
once filtered, yet git lists it as modified: when a file's size differs from the size its
index entry recorded, ``git status`` reports it without running the filter
(``ie_modified`` in git's ``read-cache.c``). :func:`refresh_index`, which ``make lab``
passes to JupyterLab as ``--ContentsManager.post_save_hook``, re-adds such a notebook
(the same blob, only the entry's size and time refreshed); a notebook with real changes
is left as it is, unstaged.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path


def language_info() -> dict:
    """The ``language_info`` this Python's IPython kernel reports (ipykernel's, by value)."""
    return {
        "codemirror_mode": {"name": "ipython", "version": sys.version_info[0]},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": f"ipython{sys.version_info[0]}",
        "version": sys.version.split()[0],
    }


def smudge(text: str) -> str:
    """The notebook ``text`` with :func:`language_info` in its metadata (else unchanged)."""
    try:
        notebook = json.loads(text)
        metadata = notebook["metadata"]
    except (ValueError, KeyError, TypeError):
        return text
    if not isinstance(metadata, dict) or metadata.get("kernelspec", {}).get("language") != "python":
        return text
    metadata["language_info"] = language_info()
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


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
    """Filter standard input to standard output (what git runs)."""
    data = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape")
    sys.stdout.buffer.write(smudge(data).encode("utf-8", errors="surrogateescape"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
