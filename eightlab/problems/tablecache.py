"""The lexicographic BFS tables on disk: one checked file per blank cell, never required.

Building the move table and all 9 tables costs about half a second, reading them a few
milliseconds (see ``benchmarks/bench_problems.py``). The files live in
:func:`eightlab.files.cache_directory` (``$EIGHTLAB_CACHE_DIR``, else
``$XDG_CACHE_HOME/eightlab``, default ``~/.cache/eightlab``): written atomically,
checked when read (the header's blank, size and digest here, the table's own shape by
the caller's check), rebuilt by the caller when invalid, safe to delete, and skipped
when the directory cannot be written. Set ``EIGHTLAB_CACHE_DIR`` to the empty string to
turn the disk cache off.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from eightlab.files import atomic_write, cache_directory, read_cache_file

#: Version in the file name and header; raise it when the table format changes.
CACHE_VERSION = 1


def cache_file(blank: int) -> Path | None:
    """The cache file of ``blank``'s table; None when the disk cache is off."""
    directory = cache_directory()
    if directory is None:
        return None
    return directory / f"lexbfs-v{CACHE_VERSION}-blank{blank}.bin"


def _header(blank: int, data: bytes) -> bytes:
    digest = hashlib.blake2b(data, digest_size=16).hexdigest()
    return (
        f"eightlab lexbfs v{CACHE_VERSION} blank={blank} n={len(data)} blake2b={digest}\n"
    ).encode("ascii")


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
    cached = read_cache_file(cache_file(blank))
    if cached is None:
        return None
    header, data = cached
    if header + b"\n" != _header(blank, data):
        return None
    try:
        check(blank, data)
    except ValueError:
        return None
    return data


def save_table(blank: int, data: bytes) -> None:
    """Write the table atomically (temporary file, then rename); skip on any OSError."""
    path = cache_file(blank)
    if path is None:
        return
    try:
        atomic_write(path, _header(blank, data) + data)
    except OSError:
        return
