"""Files: atomic, world-readable writing, the cache folder, and arrays behind a JSON header.

A reader never sees half a file: data go to a temporary file in the target's folder,
which is flushed, given the mode a plain ``open`` would give (0644 under the usual
umask; :func:`tempfile.mkstemp` alone gives 0600) and renamed into place. A failure or
a signal leaves the previous file as it was and no temporary file behind.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def readable_mode(directory: bool = False) -> int:
    """The mode a new file (0o666) or folder (0o777) gets under the current umask."""
    return (0o777 if directory else 0o666) & ~_umask()


@contextmanager
def atomic_path(target, suffix: str = ".tmp") -> Iterator[Path]:
    """Yield a temporary path beside ``target``; on success rename it onto ``target``.

    Parameters
    ----------
    target : str or Path
        The file to write. Its folder is created if missing.
    suffix : str
        Ending of the temporary file's name (some writers choose a format by it).

    Yields
    ------
    Path
        Where to write. On leaving the block normally it is given :func:`readable_mode`
        and renamed onto ``target``; on any exception it is deleted and ``target`` is
        left untouched.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # here: it imports shutil, random... which a solve never needs

    handle, name = tempfile.mkstemp(prefix=f".{target.name}-", suffix=suffix, dir=target.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, readable_mode())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def atomic_write(target, data: bytes | str | Callable[[Path], None]) -> Path:
    """Write ``data`` to ``target`` atomically and readable by others.

    Parameters
    ----------
    target : str or Path
        The file to write; its folder is created if missing.
    data : bytes, str or callable
        The content (str is written as UTF-8), or a function that writes the file
        given the temporary path (for writers such as ``DataFrame.to_csv`` or
        ``Figure.savefig``).

    Returns
    -------
    Path
        ``target``.
    """
    target = Path(target)
    with atomic_path(target) as temporary:
        if callable(data):
            data(temporary)
        else:
            temporary.write_bytes(data.encode() if isinstance(data, str) else data)
    return target


#: The environment variable that moves the cache (the empty string turns it off).
CACHE_ENV = "EIGHTLAB_CACHE_DIR"


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


def write_arrays(path, header: dict, arrays) -> Path:
    """Write ``arrays`` to ``path`` atomically, behind one JSON line: ``header``, the
    arrays' dtypes and shapes, and a blake2b digest of their bytes (see :func:`read_arrays`).
    """
    import numpy as np

    arrays = [np.ascontiguousarray(a) for a in arrays]
    head = _described(header, arrays)

    def write(temporary: Path) -> None:
        with open(temporary, "wb") as out:
            out.write(json.dumps(head, sort_keys=True).encode() + b"\n")
            for array in arrays:
                out.write(memoryview(array).cast("B"))

    return atomic_write(path, write)


def read_arrays(path, header_only: bool = False):
    """``(header, arrays)`` of a file :func:`write_arrays` wrote, or None (never raises)
    when there is no path, the file cannot be read, its header is no such header, or its
    length or digest is not the header's. The arrays are read-only views of one buffer,
    read into in place: the peak memory is the arrays', not twice it.
    With ``header_only``: ``(header, expected file size)`` from the first line alone.
    """
    import numpy as np

    try:
        with open(path, "rb") as handle:
            line = handle.readline()
            head = json.loads(line)
            layout = [(np.dtype(kind), tuple(shape)) for kind, shape in head["arrays"]]
            sizes = [kind.itemsize * int(np.prod(shape)) for kind, shape in layout]
            if header_only:
                return head, len(line) + sum(sizes)
            if os.fstat(handle.fileno()).st_size != len(line) + sum(sizes):
                return None
            body = np.empty(sum(sizes), dtype=np.uint8)
            if handle.readinto(memoryview(body)) != body.size:
                return None
    except (OSError, TypeError, ValueError, KeyError):
        return None
    body.flags.writeable = False
    offsets = np.cumsum([0, *sizes])
    arrays = [body[a:b].view(kind).reshape(shape) for (kind, shape), a, b in
              zip(layout, offsets[:-1], offsets[1:], strict=True)]  # fmt: skip
    if _described(head, arrays) != head:
        return None
    return head, arrays


def _described(header: dict, arrays) -> dict:
    import hashlib

    digest = hashlib.blake2b(digest_size=16)
    for array in arrays:
        digest.update(memoryview(array).cast("B"))
    layout = [[array.dtype.str, list(array.shape)] for array in arrays]
    return {**header, "arrays": layout, "blake2b": digest.hexdigest()}
