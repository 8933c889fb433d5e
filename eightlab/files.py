"""Files: atomic, world-readable writing, and the cache folder with its files.

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
