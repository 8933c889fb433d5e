"""Reading the files of the disk caches (the lexicographic BFS tables of
:mod:`eightlab.problems`, the pattern databases of :mod:`eightlab.heuristics.pdbcache`).

A cache file is one ASCII header line, then the data; each cache checks its own header.
Files are written with :func:`eightlab.files.atomic_write`.
"""

from __future__ import annotations

from pathlib import Path


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
