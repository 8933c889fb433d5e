"""Pattern databases on disk: one file per (board size, partition, goal), validated on
read, written atomically, safe to delete (it is built again when missing).

Where: :func:`eightlab.files.cache_directory` (``$EIGHTLAB_CACHE_DIR``, else
``$XDG_CACHE_HOME/eightlab``, else ``~/.cache/eightlab``; ``EIGHTLAB_CACHE_DIR=""``
turns the cache off). A file is one ASCII header line, then the groups' tables one
after the other (one byte per placement, see :mod:`eightlab.heuristics.pdb.build`)::

    eightlab pdb v1 shape=4x4 partition=6-6-3 goal=0.1.2...15 groups=1.2.3/4.5.8.9.12.13/...
    sizes=3360/5765760/5765760 seconds=41.2 blake2b=<32 hex digits>

A file whose header does not match what is asked, whose length differs or whose
checksum fails is ignored (and replaced by the next build).
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter, sleep

import numpy as np

from eightlab.files import atomic_write, cache_directory, read_cache_file

VERSION = 1
_WARNED: set = set()  # cache folders already warned about (one line per process)
_HEADER = re.compile(
    rb"eightlab pdb v(?P<version>\d+) shape=(?P<shape>\d+x\d+) partition=(?P<partition>\S+) "
    rb"goal=(?P<goal>[\d.]+) groups=(?P<groups>[\d./]+) sizes=(?P<sizes>[\d/]+) "
    rb"seconds=(?P<seconds>[\d.]+) blake2b=(?P<digest>[0-9a-f]{32})"
)


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


def _dotted(values) -> str:
    return ".".join(map(str, values))


def header(goal, partition: str, patterns, tables, seconds: float) -> bytes:
    """The header line of a cache file (see the module docstring)."""
    digest = hashlib.blake2b(digest_size=16)
    for table in tables:
        digest.update(memoryview(table))
    return (
        f"eightlab pdb v{VERSION} shape={goal.rows}x{goal.cols} partition={partition} "
        f"goal={_dotted(goal.tiles)} groups={'/'.join(_dotted(p) for p in patterns)} "
        f"sizes={'/'.join(str(len(t)) for t in tables)} seconds={seconds:.2f} "
        f"blake2b={digest.hexdigest()}\n"
    ).encode("ascii")


def save(goal, partition: str, patterns, tables, seconds: float) -> Path | None:
    """Write the tables atomically; None when the cache is off or cannot be written."""
    path = path_of(goal, partition)
    if path is None:
        return None
    head = header(goal, partition, patterns, tables, seconds)

    def write(temporary: Path) -> None:
        with open(temporary, "wb") as out:
            out.write(head)
            for table in tables:
                out.write(memoryview(table))

    try:
        return atomic_write(path, write)
    except OSError as error:  # a read-only or full cache folder costs a rebuild next time
        if path.parent not in _WARNED:
            _WARNED.add(path.parent)
            print(
                f"eightlab: cannot write the pattern-database cache {path.parent} "
                f"({error.strerror or error}); each new process builds its databases again "
                f"(set EIGHTLAB_CACHE_DIR to a writable folder)",
                file=sys.stderr,
            )
        return None


def load(goal, partition: str, patterns) -> tuple[list[np.ndarray], float] | None:
    """The cached tables and their build seconds, or None if absent or invalid."""
    cached = read_cache_file(path_of(goal, partition))
    if cached is None:
        return None
    head, data = cached
    found = _HEADER.fullmatch(head)
    if found is None:
        return None
    sizes = [int(s) for s in found["sizes"].split(b"/")]
    want = {
        "version": str(VERSION),
        "shape": f"{goal.rows}x{goal.cols}",
        "partition": partition,
        "goal": _dotted(goal.tiles),
        "groups": "/".join(_dotted(p) for p in patterns),
    }
    if any(found[key].decode() != value for key, value in want.items()):
        return None
    if len(data) != sum(sizes):
        return None
    body = np.frombuffer(data, dtype=np.uint8)
    tables = np.split(body, np.cumsum(sizes)[:-1])
    seconds = float(found["seconds"])
    if header(goal, partition, patterns, tables, seconds) != head + b"\n":
        return None
    return tables, seconds


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
            with open(path, "rb") as f:
                head = f.readline().rstrip(b"\n")
            size = path.stat().st_size
        except OSError:
            continue
        found = _HEADER.fullmatch(head)
        problem = None
        if found is None:
            problem = "not a pattern database (bad header)"
        else:
            want = len(head) + 1 + sum(int(x) for x in found["sizes"].split(b"/"))
            if size != want:
                problem = f"truncated or padded ({size:,} bytes, the header says {want:,})"
        rows.append(
            {
                "valid": problem is None,
                "problem": problem,
                "path": str(path),
                "partition": found["partition"].decode() if found else "?",
                "shape": found["shape"].decode() if found else "?",
                "goal": found["goal"].decode().replace(".", " ") if found else "?",
                "bytes": size,
                "seconds": float(found["seconds"]) if found else float("nan"),
            }
        )
    return rows
