"""The learned heuristics' predictions on disk: one file per (goal, model, loss, training
size, seed, settings), validated on read, written atomically, safe to delete. The file's
name says the model trained and its loss (``...-hgb-quantile-...`` for
``learned-quantile``, whose loss only the gradient boosting has).

Where: :func:`eightlab.files.cache_directory` ``/learned`` (``EIGHTLAB_CACHE_DIR=""``
turns it off). A file is written by :func:`eightlab.files.write_arrays`: a JSON header
(the key, the number of boards, the seconds of the training, wall clock and CPU, and of
the prediction when it was built, the layout and digest), then one float32
(little-endian) per reachable board of the goal, in Cantor-rank order. ``settings`` is
a digest of every hyperparameter (:func:`eightlab.heuristics.learned.model.hyperparameters`),
so a change of the model's settings never reads an old file. A file whose header does
not match what is asked, whose length differs or whose checksum fails is ignored and
replaced by the next build.

That is a 3x3 file. A goal of another shape (:mod:`eightlab.heuristics.learned.byrank`)
keeps its rounded values instead, one signed byte per permutation by rank (479 MB at 12
cells), written by :func:`save_table` in a file named by the shape too
(``learned-v1-mlp-squared-n20000-s0-3x4-goal....bin``), its header holding the shape,
``delta`` (the largest overestimate) and the seconds of the training and the prediction,
wall clock and CPU.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from eightlab.files import cache_directory, read_arrays, write_arrays

VERSION = 3
#: Format of the tables by rank of the other shapes (:func:`save_table`).
TABLE_VERSION = 1


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
    board = key["goal"]
    goal = hashlib.blake2b(bytes(board.tiles), digest_size=4).hexdigest()
    shape = "" if board.size == 9 else f"{board.rows}x{board.cols}-"
    version = VERSION if board.size == 9 else TABLE_VERSION
    return (
        base
        / "learned"
        / (
            f"learned-v{version}-{key['model']}-{key['loss']}-n{key['training']}-s{key['seed']}-"
            f"{shape}goal{goal}-{key['settings']}.bin"
        )
    )


def _fields(key: dict) -> dict:
    return {
        "kind": "eightlab learned",
        "version": VERSION,
        "goal": list(key["goal"].tiles),
        "model": key["model"],
        "loss": key["loss"],
        "training": int(key["training"]),
        "seed": int(key["seed"]),
        "settings": key["settings"],
    }


#: The timings a cache file records, in seconds.
TIMINGS = ("train", "train_cpu", "predict")


def save(key: dict, values: np.ndarray, seconds: dict):
    """Write the predictions atomically; None when the cache is off or cannot be written.
    ``seconds`` maps each of :data:`TIMINGS` to seconds."""
    path = path_of(key)
    if path is None:
        return None
    head = {**_fields(key), "boards": len(values)}
    head.update({f"{name}_seconds": round(seconds[name], 2) for name in TIMINGS})
    try:
        return write_arrays(path, head, [values.astype("<f4")])
    except OSError:
        return None  # a read-only or full cache folder only costs a retraining next time


def load(key: dict, boards: int) -> tuple[np.ndarray, dict] | None:
    """The cached predictions (float32, one per reachable board) and the seconds
    recorded when they were built (as :func:`save` takes them); None if absent or
    invalid."""
    path = path_of(key)
    found = None if path is None else read_arrays(path)
    if found is None:
        return None
    head, arrays = found
    if any(head.get(name) != value for name, value in _fields(key).items()):
        return None
    if len(arrays) != 1 or arrays[0].shape != (boards,) or arrays[0].dtype != np.dtype("<f4"):
        return None
    seconds = {name: float(head.get(f"{name}_seconds", 0.0)) for name in TIMINGS}
    return arrays[0].astype(np.float32), seconds


def _table_fields(key: dict) -> dict:
    board = key["goal"]
    return {**_fields(key), "kind": "eightlab learned table", "version": TABLE_VERSION,
            "shape": [board.rows, board.cols]}  # fmt: skip


#: The timings a table by rank records, in seconds.
TABLE_TIMINGS = ("train", "train_cpu", "predict", "predict_cpu")


def save_table(key: dict, values: np.ndarray, seconds: dict, delta: int):
    """Write a table by rank (int8, one per permutation) atomically, with its ``delta``;
    None when the cache is off or cannot be written. ``seconds`` maps each of
    :data:`TABLE_TIMINGS` to seconds."""
    path = path_of(key)
    if path is None:
        return None
    head = {**_table_fields(key), "delta": int(delta)}
    head.update({f"{name}_seconds": round(seconds[name], 2) for name in TABLE_TIMINGS})
    try:
        return write_arrays(path, head, [values.astype(np.int8, copy=False)])
    except OSError:
        return None  # a read-only or full cache folder only costs a rebuild next time


def load_table(key: dict, ranks: int) -> tuple[np.ndarray, dict, int] | None:
    """The cached table by rank (int8, read-only), the seconds recorded when it was built
    (as :func:`save_table` takes them) and its ``delta``; None if absent or invalid."""
    path = path_of(key)
    found = None if path is None else read_arrays(path)
    if found is None:
        return None
    head, arrays = found
    if any(head.get(name) != value for name, value in _table_fields(key).items()):
        return None
    if len(arrays) != 1 or arrays[0].shape != (ranks,) or arrays[0].dtype != np.dtype("i1"):
        return None
    seconds = {name: float(head.get(f"{name}_seconds", 0.0)) for name in TABLE_TIMINGS}
    return arrays[0], seconds, int(head["delta"])
