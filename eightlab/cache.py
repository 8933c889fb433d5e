"""Where the disk caches live, and reading their files (the lexicographic BFS tables of
:mod:`eightlab.problems.tablecache`, the pattern databases of
:mod:`eightlab.heuristics.pdbcache`).

A cache file is one ASCII header line, then the data; each cache checks its own header.
Files are written with :func:`eightlab.files.atomic_write`.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The environment variable that moves the cache (the empty string turns it off).
CACHE_ENV = "EIGHTLAB_CACHE_DIR"


def read_cache_file(path: Path | None) -> tuple[bytes, bytes] | None:
    """The header line (without its newline) and the data of a cache file.

    None when there is no path (the cache is off), the file cannot be read or it has no
    header line; never raises.
    """
    if path is None:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, sep, data = raw.partition(b"\n")
    if not sep:
        return None
    return head, data


def cache_directory() -> Path | None:
    """Where the BFS tables are cached on disk; ``None`` when the cache is off.

    ``$EIGHTLAB_CACHE_DIR`` if set (the empty string turns the cache off), else
    ``$XDG_CACHE_HOME/eightlab``, else ``~/.cache/eightlab``.
    """
    override = os.environ.get(CACHE_ENV)
    if override is not None:
        return Path(override) if override.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "eightlab"
