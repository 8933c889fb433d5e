"""Atomic, world-readable file writing: the one helper every writer of eightlab uses.

A reader never sees half a file: data go to a temporary file in the target's folder,
which is flushed, given the mode a plain ``open`` would give (0644 under the usual
umask; :func:`tempfile.mkstemp` alone gives 0600) and renamed into place. A failure or
a signal leaves the previous file as it was and no temporary file behind.
"""

from __future__ import annotations

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
