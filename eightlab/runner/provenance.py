"""``provenance.json``: what produced a results folder, written last (the mark of a finished
run): every parameter, the injected ones, the preset, command, versions, git commit,
machine, times, counting conventions and the notebook's own :func:`note` entries.
"""

from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path

from eightlab.experiments.folders import PROVENANCE
from eightlab.files import atomic_write
from eightlab.search.result import CONVENTIONS

#: The distributions whose versions provenance.json records.
PACKAGES = ("eightlab", "numpy", "pandas", "matplotlib", "networkx", "papermill", "dask",
            "distributed", "numba")  # fmt: skip

#: The file a notebook writes its own provenance entries into (see :func:`note`).
NOTES = "notes.json"


def note(folder, key: str, value) -> Path:
    """Record ``key: value`` (JSON-serialisable) for the provenance of the results in
    ``folder``: the entries of ``folder/notes.json`` go into ``provenance.json`` when the
    run finishes. Returns the notes file."""
    path = Path(folder) / NOTES
    notes = read_notes(folder)
    notes[key] = value
    return atomic_write(path, json.dumps(notes, indent=2, default=str) + "\n")


def read_notes(folder) -> dict:
    """The entries of ``folder/notes.json`` (empty if there is none or it is unreadable)."""
    notes = {}
    with suppress(OSError, ValueError):
        notes = json.loads((Path(folder) / NOTES).read_text())
    return notes if isinstance(notes, dict) else {}


def _git(folder: Path, *args) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_state(folder, exclude=None) -> dict:
    """``{"commit", "dirty"}`` of the working tree holding ``folder`` (None outside git);
    ``exclude`` (the results being written) is left out of the dirty check."""
    folder = Path(folder).resolve()
    commit = _git(folder, "rev-parse", "HEAD")
    if commit is None:
        return {"commit": None, "dirty": None}
    pathspec = ["."]
    top = _git(folder, "rev-parse", "--show-toplevel")
    if exclude is not None and top:
        with suppress(ValueError):
            relative = Path(exclude).resolve().relative_to(Path(top.strip()))
            pathspec.append(f":(exclude){relative.as_posix()}")
    status = _git(Path(top.strip()) if top else folder, "status", "--porcelain", "--", *pathspec)
    return {"commit": commit.strip(), "dirty": None if status is None else bool(status.strip())}


def versions() -> dict:
    """``package -> version`` for :data:`PACKAGES` (None when not installed)."""
    from importlib import metadata

    found = {}
    for package in PACKAGES:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = None
    if found["eightlab"] is None:  # run from a checkout that is not installed
        found["eightlab"] = "unknown"
    return found


def static_provenance(notebooks_dir, results) -> dict:
    """What is the same for every notebook of one invocation (read before any run)."""
    return {
        "versions": versions(),
        "python": platform.python_version(),
        "git": git_state(notebooks_dir, exclude=results),
        "machine": {
            "platform": platform.platform(),
            "machine": platform.machine(),
            "processor": platform.processor() or None,
            "cpu_count": os.cpu_count(),
        },  # fmt: skip
    }


def record(run, started: datetime, seconds: float) -> dict:
    """The provenance record of a finished :class:`~eightlab.runner.lifecycle.Run`.

    Every parameter, the injected ones, preset, command, the static context, start
    (UTC) and end, ``seconds`` of wall-clock time, the counting conventions, then the
    notes the notebook wrote (:func:`note`).
    """
    context = run.context or static_provenance(run.path.parent, run.folder.parent)
    entry = {
        "notebook": run.path.name,
        "parameters": run.parameters,
        "injected": run.injected,
        "preset": run.preset,
        "command": shlex.join(run.command) if run.command else None,
        **({"working_directory": run.working_directory} if run.working_directory else {}),
        "seed": run.parameters.get("seed"),
        **context,
        "started": started.isoformat(timespec="seconds"),
        "ended": datetime.now(UTC).isoformat(timespec="seconds"),
        "duration_seconds": round(seconds, 3),
        "conventions": dict(CONVENTIONS),
    }
    for key, value in read_notes(run.temporary).items():
        entry.setdefault(key, value)
    return entry


def write_provenance(folder, record: dict) -> Path:
    """Write ``folder/provenance.json`` atomically (the mark of a finished run)."""
    return atomic_write(Path(folder) / PROVENANCE, json.dumps(record, indent=2, default=str) + "\n")
