"""Where a notebook writes its tables and figures, whoever runs it.

The runner (``eightlab run``), papermill called by hand from any working directory,
and JupyterLab all resolve a notebook's ``output_dir`` parameter with
:func:`output_folder`, so results land inside the checkout and an executed copy in
``results/`` never overwrites the results it belongs to.
"""

from __future__ import annotations

import os
from pathlib import Path

from eightlab.errors import EightlabError

#: The file that marks a finished run's folder (written by the runner last).
PROVENANCE = "provenance.json"

#: The file that marks a folder :func:`output_folder` made or found empty: an interactive
#: run (no bookkeeping) may write into it again.
INTERACTIVE_MARK = ".eightlab-interactive"

#: Set in a kernel's environment by ``eightlab run``, which does the run's bookkeeping.
RUNNER_VARIABLE = "EIGHTLAB_RUNNER"

#: Set for a batch run (``eightlab run``, papermill by hand): it prints no random ports.
BATCH_VARIABLE = "EIGHTLAB_BATCH"


def is_results_folder(folder) -> bool:
    """Whether ``folder`` is a results folder eightlab wrote: it holds the
    ``provenance.json`` of a finished run (a JSON object naming its notebook)."""
    import json

    try:
        record = json.loads((Path(folder) / PROVENANCE).read_text())
    except (OSError, ValueError):
        return False
    return isinstance(record, dict) and "notebook" in record


def written_files(folder) -> list[str]:
    """Every entry below ``folder`` as sorted paths relative to it (``a/b.csv``): files,
    links (never followed), FIFOs, sockets, and empty folders (``a/b/``)."""
    folder, found = Path(folder), []
    for root, folders, files in os.walk(folder):  # a link to a folder is not entered
        here = Path(root)
        links = [name for name in folders if (here / name).is_symlink()]
        found += [(here / name).relative_to(folder).as_posix() for name in files + links]
        if here != folder and not folders and not files:
            found.append(here.relative_to(folder).as_posix() + "/")
    return sorted(found)


def file_digests(folder) -> dict[str, str | None]:
    """:func:`written_files` of ``folder``, each with the SHA-256 (hex) of its content; None
    for an entry that is no regular file."""
    return {name: _digest(Path(folder) / name) for name in written_files(folder)}


def _digest(path: Path) -> str | None:
    import hashlib

    if path.is_symlink() or not path.is_file():
        return None
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def foreign_files(folder) -> list[str]:
    """The entries below ``folder`` that eightlab did not write there, or changed since.

    A finished run lists its files under ``"files"`` in its ``provenance.json``, each with
    its digest (:func:`file_digests`); every other entry (:func:`written_files`), and a
    listed file whose content changed since, is foreign. A folder without a run's
    provenance is foreign whole (but for a lone :data:`INTERACTIVE_MARK`). A run recorded
    with names only (the committed results: a checkout may rewrite a file's bytes)
    replaces its listed files as they are. A run recorded without the list (an older
    eightlab) wrote its ``provenance.json`` last, so a file changed after it is foreign.

    Parameters
    ----------
    folder : str or pathlib.Path
        An existing folder.

    Returns
    -------
    list of str
        Sorted paths relative to ``folder``; empty when eightlab wrote everything.
    """
    import json

    present = written_files(folder)
    if not is_results_folder(folder):
        return [] if present == [INTERACTIVE_MARK] else present
    listed = json.loads((Path(folder) / PROVENANCE).read_text()).get("files")
    if isinstance(listed, dict):
        return [name for name in present if name != PROVENANCE
                and (name not in listed or listed[name] != _digest(Path(folder) / name))]  # fmt: skip
    if not isinstance(listed, list):
        written = (Path(folder) / PROVENANCE).stat().st_mtime_ns
        return [name for name in present if (Path(folder) / name).lstat().st_mtime_ns > written]
    allowed = {*map(str, listed), PROVENANCE}
    return [name for name in present if name not in allowed]


def repository_root() -> Path | None:
    """The checkout eightlab was imported from (holding ``notebooks/``), or None."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "notebooks").is_dir() else None


def results_root() -> Path:
    """``results/`` of the checkout, or of the working directory when there is none."""
    root = repository_root()
    return (root if root is not None else Path.cwd()) / "results"


def notebooks_root() -> Path:
    """``notebooks/`` of the checkout, or of the working directory when there is none."""
    root = repository_root()
    return (root if root is not None else Path.cwd()) / "notebooks"


def output_folder(name: str, output_dir: str = "") -> Path:
    """The folder a notebook writes into (created): ``output_dir``, relative to the working
    directory, or ``results/NAME--interactive`` of the checkout when it is empty or a
    finished run's folder (an executed notebook re-executed in place). A folder it makes
    or finds empty gets :data:`INTERACTIVE_MARK`.

    Raises
    ------
    EightlabError
        In one line naming the folder, if it cannot be created or written into.
    """
    folder = Path(output_dir) if output_dir else results_root() / f"{name}--interactive"
    if (folder / PROVENANCE).exists():
        folder = results_root() / f"{name}--interactive"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not any(folder.iterdir()):
            (folder / INTERACTIVE_MARK).touch()
        probe = folder / f".eightlab-write-check-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError as error:
        reason = error.strerror or str(error)
        raise EightlabError(f"cannot write into output folder {str(folder)!r}: {reason}") from None
    return folder
