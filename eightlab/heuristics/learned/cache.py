"""The learned heuristics' predictions on disk: one file per (goal, model, loss, training
size, seed, settings), validated on read, written atomically, safe to delete.

Where: :func:`eightlab.files.cache_directory` ``/learned`` (``EIGHTLAB_CACHE_DIR=""``
turns it off). A file is one ASCII header line, then one float32 (little-endian) per
reachable board of the goal, in Cantor-rank order::

    eightlab learned v1 goal=1.2.3.4.5.6.7.8.0 model=mlp loss=squared training=20000
    seed=0 settings=<8 hex digits> boards=181440 train_seconds=6.10 train_cpu_seconds=5.80
    predict_seconds=1.20 blake2b=<32 hex digits>

(one line; seconds: wall clock, and the process's CPU time for the training, when it was
built). ``settings`` is a digest of every hyperparameter
(:func:`eightlab.heuristics.learned.model.hyperparameters`), so a change of the model's
settings never reads an old file. A file whose header does not match what is asked,
whose length differs or whose checksum fails is ignored and replaced by the next build.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import numpy as np

from eightlab.files import atomic_write, cache_directory, read_cache_file

VERSION = 2
_HEADER = re.compile(
    rb"eightlab learned v(?P<version>\d+) goal=(?P<goal>[\d.]+) model=(?P<model>\S+) "
    rb"loss=(?P<loss>\S+) training=(?P<training>\d+) seed=(?P<seed>\d+) "
    rb"settings=(?P<settings>[0-9a-f]{8}) boards=(?P<boards>\d+) "
    rb"train_seconds=(?P<train>[\d.]+) train_cpu_seconds=(?P<train_cpu>[\d.]+) "
    rb"predict_seconds=(?P<predict>[\d.]+) "
    rb"blake2b=(?P<digest>[0-9a-f]{32})"
)


def settings_digest(settings: dict) -> str:
    """8 hex digits naming a model's hyperparameters."""
    text = repr(sorted(settings.items())).encode()
    return hashlib.blake2b(text, digest_size=4).hexdigest()


def path_of(key: dict) -> Path | None:
    """The cache file of a key (goal, model, loss, training, seed, settings), or None
    when the cache is off."""
    base = cache_directory()
    if base is None:
        return None
    goal = hashlib.blake2b(bytes(key["goal"].tiles), digest_size=4).hexdigest()
    return (
        base
        / "learned"
        / (
            f"learned-v{VERSION}-{key['model']}-{key['loss']}-n{key['training']}-s{key['seed']}-"
            f"goal{goal}-{key['settings']}.bin"
        )
    )


def _fields(key: dict) -> dict:
    return {
        "version": str(VERSION),
        "goal": ".".join(map(str, key["goal"].tiles)),
        "model": key["model"],
        "loss": key["loss"],
        "training": str(key["training"]),
        "seed": str(key["seed"]),
        "settings": key["settings"],
    }


#: The timings a cache file records, in seconds.
TIMINGS = ("train", "train_cpu", "predict")


def header(key: dict, values: np.ndarray, seconds: dict) -> bytes:
    """The header line of a cache file (see the module docstring); ``seconds`` maps each
    of :data:`TIMINGS` to seconds."""
    f = _fields(key)
    digest = hashlib.blake2b(values.astype("<f4").tobytes(), digest_size=16).hexdigest()
    return (
        f"eightlab learned v{f['version']} goal={f['goal']} model={f['model']} "
        f"loss={f['loss']} training={f['training']} seed={f['seed']} "
        f"settings={f['settings']} boards={len(values)} "
        f"train_seconds={seconds['train']:.2f} train_cpu_seconds={seconds['train_cpu']:.2f} "
        f"predict_seconds={seconds['predict']:.2f} blake2b={digest}\n"
    ).encode("ascii")


def save(key: dict, values: np.ndarray, seconds: dict):
    """Write the predictions atomically; None when the cache is off or cannot be written."""
    path = path_of(key)
    if path is None:
        return None
    data = header(key, values, seconds) + values.astype("<f4").tobytes()
    try:
        return atomic_write(path, data)
    except OSError:
        return None  # a read-only or full cache folder only costs a retraining next time


def load(key: dict, boards: int) -> tuple[np.ndarray, dict] | None:
    """The cached predictions (float32, one per reachable board) and the seconds
    recorded when they were built (as :func:`header` takes them); None if absent or
    invalid."""
    cached = read_cache_file(path_of(key))
    if cached is None:
        return None
    head, data = cached
    found = _HEADER.fullmatch(head)
    if found is None or int(found["boards"]) != boards or len(data) != 4 * boards:
        return None
    if any(found[name].decode() != value for name, value in _fields(key).items()):
        return None
    values = np.frombuffer(data, dtype="<f4").astype(np.float32)
    seconds = {name: float(found[name]) for name in TIMINGS}
    if header(key, values, seconds) != head + b"\n":
        return None
    return values, seconds
