"""The lexicographic BFS tables on disk: one checked file per blank cell, never required.

The files live in :func:`eightlab.files.cache_directory` (``$EIGHTLAB_CACHE_DIR``, else
``$XDG_CACHE_HOME/eightlab``, default ``~/.cache/eightlab``), written and checked by
:func:`eightlab.files.write_arrays` and :func:`~eightlab.files.read_arrays` (the header's
blank, size and digest; the table's own shape by the caller's check), rebuilt by the
caller when invalid, safe to delete, and skipped when the directory cannot be written.
Set ``EIGHTLAB_CACHE_DIR`` to the empty string to turn the disk cache off (what the
tables cost to build and to read: ``benchmarks/bench_problems.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from eightlab.files import cache_directory, read_arrays, write_arrays

#: Version in the file name and header; raise it when the table format changes.
CACHE_VERSION = 1


def cache_file(blank: int) -> Path | None:
    """The cache file of ``blank``'s table; None when the disk cache is off."""
    directory = cache_directory()
    if directory is None:
        return None
    return directory / f"lexbfs-v{CACHE_VERSION}-blank{blank}.bin"


def _header(blank: int) -> dict:
    return {"kind": "eightlab lexbfs", "version": CACHE_VERSION, "blank": blank}


def load_table(blank: int, check: Callable[[int, bytes], None]) -> bytes | None:
    """The cached table of ``blank``, or ``None`` when absent or invalid (never raises).

    Parameters
    ----------
    blank : int
        The blank's cell, 0..8.
    check : callable
        ``check(blank, data)`` raises :class:`ValueError` when ``data`` is not a valid
        table (:func:`eightlab.problems.lexicographic.check_table`).
    """
    path = cache_file(blank)
    found = None if path is None else read_arrays(path)
    if found is None or any(found[0].get(k) != v for k, v in _header(blank).items()):
        return None
    if len(found[1]) != 1:
        return None
    data = found[1][0].tobytes()
    try:
        check(blank, data)
    except ValueError:
        return None
    return data


def save_table(blank: int, data: bytes) -> None:
    """Write the table atomically (temporary file, then rename); skip on any OSError."""
    import numpy as np

    path = cache_file(blank)
    if path is None:
        return
    try:
        write_arrays(path, _header(blank), [np.frombuffer(data, dtype=np.uint8)])
    except OSError:
        return
