"""Pattern databases on disk: one file per (board size, partition, goal), validated on
read, written atomically, safe to delete (it is built again when missing).

Where: :func:`eightlab.files.cache_directory` (``$EIGHTLAB_CACHE_DIR``, else
``$XDG_CACHE_HOME/eightlab``, else ``~/.cache/eightlab``; ``EIGHTLAB_CACHE_DIR=""``
turns the cache off). A file is written by :func:`eightlab.files.write_arrays`: a JSON
header (kind, version, shape, partition, goal, groups, build seconds, the tables'
layout and digest), then the groups' tables (one byte per placement, see
:mod:`eightlab.heuristics.pdb.build`). A file whose header does not match what is
asked, whose length differs or whose checksum fails is ignored (and replaced by the
next build).
"""

from __future__ import annotations

import hashlib
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter, sleep

import numpy as np

from eightlab.files import cache_directory, read_arrays, write_arrays

VERSION = 2
_WARNED: set = set()  # cache folders already warned about (one line per process)


def directory() -> Path | None:
    """The cache folder of the pattern databases, or None when the cache is off."""
    base = cache_directory()
    return None if base is None else base / "pdb"


def path_of(goal, partition: str) -> Path | None:
    """The cache file of ``partition`` for ``goal``, or None when the cache is off."""
    folder = directory()
    if folder is None:
        return None
    digest = hashlib.blake2b(bytes(goal.tiles), digest_size=4).hexdigest()
    return folder / f"pdb-v{VERSION}-{goal.rows}x{goal.cols}-{partition}-goal{digest}.bin"


@contextmanager
def build_lock(goal, partition: str, deadline: float | None = None):
    """Hold an exclusive lock on the cache file's ``.lock`` beside it while building.

    Two processes that need the same database (two workers of an experiment grid) then
    build it once: the second waits, and finds it in the cache. The holder removes the
    ``.lock`` file when it is done (a waiter that then holds a removed file opens the
    new one). Without a cache folder, or where locks are not available, it does nothing.

    Raises
    ------
    TimeoutError
        When ``deadline`` (a :func:`time.perf_counter` time) passes while waiting.
    """
    path = path_of(goal, partition)
    try:
        import fcntl

        lock = path.with_suffix(".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
    except (ImportError, AttributeError, OSError):
        yield
        return
    while True:
        try:
            handle = open(lock, "a")  # noqa: SIM115
        except OSError:
            yield  # an unwritable cache: build without a lock (save warns)
            return
        try:
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if deadline is not None and perf_counter() > deadline:
                        raise TimeoutError("waited for another build past the deadline") from None
                    sleep(0.05)
            try:
                current = os.stat(lock).st_ino
            except OSError:
                current = None
            if current != os.fstat(handle.fileno()).st_ino:
                continue  # the holder removed it while we waited: lock the new one
            try:
                yield
            finally:
                try:
                    lock.unlink()
                except OSError:
                    pass
            return
        finally:
            handle.close()  # releases the lock


def header(goal, partition: str, patterns) -> dict:
    """What a cache file's header says of the tables it holds (see the module docstring)."""
    return {
        "kind": "eightlab pdb",
        "version": VERSION,
        "shape": f"{goal.rows}x{goal.cols}",
        "partition": partition,
        "goal": list(goal.tiles),
        "groups": [list(p) for p in patterns],
    }


def save(goal, partition: str, patterns, tables, seconds: float) -> Path | None:
    """Write the tables atomically; None when the cache is off or cannot be written."""
    path = path_of(goal, partition)
    if path is None:
        return None
    head = {**header(goal, partition, patterns), "seconds": round(seconds, 2)}
    try:
        return write_arrays(path, head, tables)
    except OSError as error:  # a read-only or full cache folder costs a rebuild next time
        if path.parent not in _WARNED:
            _WARNED.add(path.parent)
            print(
                f"eightlab: cannot write the pattern-database cache file {path} "
                f"({error.strerror or error}); each new process builds its databases again "
                f"(set EIGHTLAB_CACHE_DIR to a writable folder)",
                file=sys.stderr,
            )
        return None


def load(goal, partition: str, patterns) -> tuple[list[np.ndarray], float] | None:
    """The cached tables (views of one read-only buffer) and their build seconds, or None
    if absent or invalid."""
    path = path_of(goal, partition)
    found = None if path is None else read_arrays(path)
    if found is None:
        return None
    head, tables = found
    want = header(goal, partition, patterns)
    if any(head.get(key) != value for key, value in want.items()):
        return None
    if any(t.dtype != np.uint8 or t.ndim != 1 for t in tables):
        return None
    return tables, float(head.get("seconds", 0.0))


def joined(tables: list[np.ndarray]) -> tuple[np.ndarray, list[np.ndarray]]:
    """``(buffer, views)``: the tables as one contiguous uint8 array and views of it.

    Tables read by :func:`load` already are views of one (read-only) buffer, which is
    returned as it is; others are copied once into a read-only buffer. The compiled
    search reads the buffer (no copy per search, one copy of the tables in memory).
    """
    base = tables[0].base
    sizes = [len(t) for t in tables]
    if isinstance(base, np.ndarray) and base.dtype == np.uint8 and base.shape == (sum(sizes),):
        start = base.__array_interface__["data"][0]
        where = [t.__array_interface__["data"][0] - start for t in tables]
        if all(t.base is base for t in tables) and where == [0, *np.cumsum(sizes)[:-1]]:
            return base, list(tables)
    buffer = np.concatenate([np.asarray(t, dtype=np.uint8) for t in tables])
    buffer.flags.writeable = False  # like a loaded one: one type for numba, no aliased writes
    return buffer, np.split(buffer, np.cumsum(sizes)[:-1])


def listing() -> list[dict]:
    """Every cache file: path, partition, shape, goal, bytes, build seconds, and whether
    it is valid (``valid``; ``problem`` says why not: a bad header, or a size that is not
    the header's). The checksum is checked on load, not here."""
    folder = directory()
    rows = []
    if folder is None or not folder.is_dir():
        return rows
    for path in sorted(folder.glob("pdb-v*.bin")):
        try:
            size = path.stat().st_size
        except OSError:
            continue
        found = read_arrays(path, header_only=True)
        head = found[0] if found is not None and found[0].get("kind") == "eightlab pdb" else None
        problem = None
        if head is None:
            problem = "not a pattern database (bad header)"
        elif size != found[1]:
            problem = f"truncated or padded ({size:,} bytes, the header says {found[1]:,})"
        rows.append(
            {
                "valid": problem is None,
                "problem": problem,
                "path": str(path),
                "partition": head["partition"] if head else "?",
                "shape": head["shape"] if head else "?",
                "goal": " ".join(map(str, head["goal"])) if head else "?",
                "bytes": size,
                "seconds": float(head.get("seconds", "nan")) if head else float("nan"),
            }
        )
    return rows
