"""Learned heuristics: a model trained on exact distances, read from a table.

A scikit-learn model (:mod:`eightlab.heuristics.learned.model`) is trained on a seeded
sample of the 181,440 boards with their exact distances h* (:mod:`eightlab.puzzle.statespace`)
and evaluated **once** on every board; the search then pays a table lookup by Cantor
rank, like the ``exact`` heuristic, not a forward pass. The prediction ``p`` becomes the
whole number of moves nearest to it *of the parity of h2* (every move changes both h* and
h2 by one, so h* and h2 always have the same parity), at least 0, and ``h(goal) = 0``.
Four variants:

==================== ===========================================================
``learned``          the least-squares model: no promise (it overestimates)
``learned-shifted``  ``max(h2, learned - delta)``, ``delta`` the largest overestimate
                     of ``learned`` over all 181,440 boards: admissible
``learned-quantile`` gradient boosting trained for the 5 % quantile: fewer
                     overestimates, no promise
``learned-penalty``  the model refitted with overestimates weighted 10 x: fewer
                     overestimates, no promise
==================== ===========================================================

Why ``learned-shifted`` is admissible here, and only where every board has its h*:
``learned(s) - delta <= h*(s)`` holds on every board because ``delta`` is the maximum of
``learned - h*`` over *all* of them (a proof by exhaustion), and h2 is admissible, so
their maximum is too. On the 15-puzzle there is no table of h* (``16!/2`` boards):
``delta`` could only be the largest overestimate on a *sample*, and a sample's maximum
bounds nothing on the boards outside it. Nothing here claims consistency.

Other shapes: a goal of any other shape of at most 12 cells (2x4, 3x4 ...) has its own
model and a table by full-permutation rank, built and cached by
:mod:`eightlab.heuristics.learned.byrank`, with the same variants, rounding and claims;
each variant is defined on the shapes whose goals reach more boards than its training
sample (:func:`eightlab.heuristics.learned.variants.learned_shapes`;
``learned-quantile`` on at most 9 cells).

Goals: the sliding-tile moves are unchanged by the eight symmetries of the square and
by renaming the tiles, so ``d(b, g) = d(T(b), T(g))`` for a symmetry ``T`` followed by
the renaming that sends ``T(g)`` to a canonical goal with the blank on the same cell
class (corner ``123456780``, edge ``123456708``, centre ``123405678``). A model is
trained per canonical goal, model, loss, training size and seed (at most three goals),
kept in memory and on disk (:mod:`eightlab.heuristics.learned.cache`); every other goal
maps its boards to the canonical one before the lookup.

References
----------
.. [1] F. Agostinelli, S. McAleer, A. Shmakov and P. Baldi, "Solving the Rubik's cube
   with deep reinforcement learning and search", Nature Machine Intelligence 1, 2019
   (DeepCubeA: learned heuristics for the 15- to 48-puzzles).
.. [2] J. Pearl, *Heuristics*, 1984, sec. 3.2 (admissibility).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from time import perf_counter, process_time

import numpy as np

from eightlab.errors import EightlabError
from eightlab.heuristics.base import BuildTimeout, build_deadline_now
from eightlab.heuristics.learned import cache as learncache
from eightlab.heuristics.learned import model as learnmodel
from eightlab.puzzle.board import Board

DEFAULT_MODEL = "mlp"
DEFAULT_TRAINING_SIZE = 20_000
DEFAULT_SEED = 0
#: The registered variants: name -> the loss its model is trained with.
VARIANTS = {
    "learned": "squared",
    "learned-shifted": "squared",
    "learned-quantile": "quantile",
    "learned-penalty": "penalty",
}
_CANONICAL = {8: "123456780", 7: "123456708", 4: "123405678"}
_CLASS = {0: 8, 2: 8, 6: 8, 8: 8, 1: 7, 3: 7, 5: 7, 7: 7, 4: 4}


def _symmetries() -> list[np.ndarray]:
    """The eight symmetries of the 3x3 square as cell maps ``perm[p]``."""
    maps = []
    for flip in (False, True):
        for turns in range(4):
            cells = np.arange(9).reshape(3, 3)
            cells = np.rot90(cells.T if flip else cells, turns)
            maps.append(cells.ravel().copy())
    return maps


_SYMMETRIES = _symmetries()


def canonical_form(goal: Board) -> tuple[Board, np.ndarray, np.ndarray]:
    """The canonical goal of ``goal``, the cell map and the renaming that lead to it.

    Parameters
    ----------
    goal : Board
        A 3x3 goal.

    Returns
    -------
    (Board, numpy.ndarray, numpy.ndarray)
        ``canonical``, ``perm`` and ``rename`` such that for every board ``b`` (tiles
        as an array), ``rename[b[perm]]`` is as far from ``canonical`` as ``b`` is
        from ``goal``.
    """
    tiles = np.array(goal.tiles)
    target = _CLASS[goal.blank]
    canonical = Board.parse(_CANONICAL[target])
    perm = next(p for p in _SYMMETRIES if p[target] == goal.blank)
    rename = np.empty(9, dtype=np.int64)
    rename[tiles[perm]] = canonical.tiles
    return canonical, perm, rename


def training_mask(boards: int, training_size: int, seed: int) -> np.ndarray:
    """Which of ``boards`` boards (in rank order) are in the seeded training sample.

    Parameters
    ----------
    boards : int
        Boards in the table.
    training_size : int
        Boards in the sample.
    seed : int
        The sample's seed.

    Returns
    -------
    numpy.ndarray
        ``boards`` bools, ``training_size`` of them True.

    Raises
    ------
    EightlabError
        Unless ``1 <= training_size < boards`` (some boards must be left to test on) and
        the seed is a whole number, 0 or more.
    """
    mask = np.zeros(boards, dtype=bool)
    mask[training_indices(boards, training_size, seed)] = True
    return mask


def training_indices(boards: int, training_size: int, seed: int) -> np.ndarray:
    """The seeded training sample as the numbers of its boards in rank order, increasing.

    The True places of :func:`training_mask`, without the mask (239,500,800 bools at 3x4).

    Parameters
    ----------
    boards : int
        Boards in the table.
    training_size : int
        Boards in the sample.
    seed : int
        The sample's seed.

    Returns
    -------
    numpy.ndarray of int64
        ``training_size`` numbers from 0 to ``boards - 1``.

    Raises
    ------
    EightlabError
        As :func:`training_mask`.
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise EightlabError(f"seed must be a whole number, 0 or more, not {seed!r}")
    if not 1 <= int(training_size) < boards:
        raise EightlabError(
            f"training_size must be from 1 to {boards - 1:,} (boards left to test on), "
            f"not {training_size!r}"
        )
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(boards, size=int(training_size), replace=False)).astype(np.int64)


@dataclass(frozen=True)
class LearnedTable:
    """A model's predictions on every reachable board of a canonical goal.

    Attributes
    ----------
    goal : Board
        The canonical goal.
    model, loss : str
        Keys of :data:`~eightlab.heuristics.learned.model.MODELS` and ``LOSSES``.
    training_size, seed : int
    ranks : numpy.ndarray of int64
        Cantor ranks of the 181,440 reachable boards, increasing.
    distance : numpy.ndarray of int8
        Their exact distances h* (moves).
    manhattan : numpy.ndarray of int16
        Their Manhattan distances h2 (moves).
    prediction : numpy.ndarray of float32
        The model's raw estimates (moves).
    training : numpy.ndarray of bool
        Which boards the model was trained on (the others are its test set).
    train_seconds, train_cpu_seconds, predict_seconds : float
        Seconds to fit the model (wall clock, and CPU time of the process: the fit runs
        on one thread, so on a machine shared with other jobs the CPU time is the fairer
        figure), and wall-clock seconds to compute features and predict on every board;
        as recorded when the table was built.
    cached : bool
        True when the predictions were read from the disk cache.
    """

    goal: Board
    model: str
    loss: str
    training_size: int
    seed: int
    ranks: np.ndarray
    distance: np.ndarray
    manhattan: np.ndarray
    prediction: np.ndarray
    training: np.ndarray
    train_seconds: float
    train_cpu_seconds: float
    predict_seconds: float
    cached: bool

    @property
    def h(self) -> np.ndarray:
        """The heuristic's values (int16, moves): the number of h2's parity nearest to the
        prediction, at least 0 (1 when h2 is odd), and 0 at the goal."""
        h = learnmodel.nearest_of_parity(self.prediction, self.manhattan).astype(np.int16)
        h[self.distance == 0] = 0
        return h


def _key(goal: Board, model: str, loss: str, training_size: int, seed: int) -> dict:
    """The cache key of a table: its ``model`` is the one trained (hgb for quantile)."""
    settings = learncache.settings_digest(learnmodel.hyperparameters(model, loss))
    return {"goal": goal, "model": learnmodel.trained_model(model, loss), "loss": loss,
            "training": int(training_size), "seed": int(seed), "settings": settings}  # fmt: skip


def build_table(goal: Board, model: str, loss: str, training_size: int, seed: int,
                disk: bool = True) -> LearnedTable:  # fmt: skip
    """Train a model for a canonical goal and predict every reachable board.

    Parameters
    ----------
    goal : Board
        A canonical goal (see :func:`canonical_form`).
    model, loss : str
        Keys of :data:`~eightlab.heuristics.learned.model.MODELS` and ``LOSSES``.
    training_size : int
        Boards in the training sample (1 to 181,439).
    seed : int
        Seed of the sample and of the model.
    disk : bool
        Read the disk cache first and write it after (default); False always trains.

    Returns
    -------
    LearnedTable
        The predictions, the exact distances and the training's record.

    Raises
    ------
    EightlabError
        For an unknown model or loss, a training size out of range or a bad seed.
    BuildTimeout
        Inside a search whose deadline (:func:`~eightlab.heuristics.base.build_deadline`)
        cannot cover the training; the training counts against the search's time
        budget and stops cleanly (the design is told in ``_training``'s docstring).
    """
    from eightlab.puzzle import statespace

    learnmodel.check_model(model, loss)
    distance_all = statespace.distance_table(goal)
    ranks = np.flatnonzero(distance_all >= 0)
    distance = distance_all[ranks]
    mask = training_mask(len(ranks), training_size, seed)
    key = _key(goal, model, loss, training_size, seed)
    tiles = statespace.permutation_table()[ranks]
    manhattan = learnmodel.features(tiles, goal, "cells")[:, : goal.size - 1].sum(axis=1)
    found = learncache.load(key, len(ranks)) if disk else None
    if found is not None:
        prediction, seconds = found
    else:
        kind = learnmodel.feature_kind(model, loss)
        with _training(key, disk) as progress:
            start, cpu = perf_counter(), process_time()
            x_train = learnmodel.features(tiles[mask], goal, kind)
            estimator = learnmodel.fit(x_train, distance[mask].astype(float), model, loss,
                                       int(seed), 9, progress)  # fmt: skip
            seconds = {"train": perf_counter() - start, "train_cpu": process_time() - cpu}
            start = perf_counter()
            prediction = learnmodel.predict(estimator, learnmodel.features(tiles, goal, kind))
            seconds["predict"] = perf_counter() - start
        if disk:
            learncache.save(key, prediction, seconds)
    return LearnedTable(goal, model, loss, int(training_size), int(seed), ranks, distance,
                        manhattan.astype(np.int16), prediction, mask, seconds["train"],
                        seconds["train_cpu"], seconds["predict"], found is not None)  # fmt: skip


@contextmanager
def _training(key: dict, disk: bool):
    """Announce a training, show its progress, and hold it to the search's deadline.

    The design: a training is part of the search that asked for it, so it counts
    against that search's time budget (``max_seconds``, through
    :func:`~eightlab.heuristics.base.build_deadline`).

    * Before it starts, one line on standard error says what is trained, for which
      goal, where it will be cached and how many steps (epochs or boosting iterations)
      it takes; a tqdm bar on standard error (on a terminal) shows the steps.
    * After the second step the time still needed is estimated from it (its seconds
      times the steps left: the first step also pays for loading scikit-learn); off a
      terminal, a line gives that estimate.
    * Under a deadline, the training stops with :class:`BuildTimeout` at once when the
      deadline has passed, after the second step when the estimate ends past it, and
      after any step past it (a training past its last step is finished and cached,
      and the search stops at its next look at the clock). The search then ends
      ``budget_exceeded`` with the reason "time budget: ..." naming the training, its
      estimate and how to train it first: the same search without a time budget,
      ``python -m eightlab solve ...``, or :func:`learned_table`. Nothing half-trained
      is cached.

    Yields
    ------
    callable
        The ``progress`` of :func:`~eightlab.heuristics.learned.model.fit`.
    """
    import sys

    from tqdm.auto import tqdm

    deadline = build_deadline_now()  # set by the search harness around a search
    total = learnmodel.training_steps(key["model"], key["loss"])
    where = learncache.path_of(key) if disk else None
    estimator = learnmodel.hyperparameters(key["model"], key["loss"])["estimator"]
    unit = "epoch" if estimator == "MLPRegressor" else "iteration"
    what = _what(key)
    if deadline is not None and perf_counter() > deadline:
        raise BuildTimeout(f"{what} is not trained; {_train_first(key)}")
    cached = f"cached in {where}" if where is not None else "not cached, the cache is off"
    print(f"eightlab: training {what}: {total} {unit}s, once, {cached}", file=sys.stderr,
          flush=True)  # fmt: skip
    bar = tqdm(total=total, desc="training", unit=unit, file=sys.stderr, disable=None,
               leave=False)  # fmt: skip
    started, done, first = perf_counter(), 0, None

    def progress(steps: int) -> None:
        nonlocal done, first
        done += steps
        bar.update(steps)
        now = perf_counter()
        if deadline is not None and now > deadline and done < total:
            raise BuildTimeout(f"{what}: {_stopped(now - started, key)}")
        if first is None:  # the first step also paid for loading scikit-learn
            first = (now, done)
            return
        if first[1] == done - steps:  # the second step: estimate the rest from it
            left = (now - first[0]) / (done - first[1]) * max(0, total - done)
            if bar.disable:
                print(f"eightlab: training: about {left:.0f} s left", file=sys.stderr,
                      flush=True)  # fmt: skip
            if deadline is not None and now + left > deadline:
                raise BuildTimeout(
                    f"{what}: its training needs about {now - started + left:.0f} s, "
                    f"{deadline - started:.1f} s were left; {_train_first(key)}"
                )

    try:
        yield progress
    finally:
        bar.close()


def _what(key: dict) -> str:
    """What a key trains, for the lines that announce it."""
    estimator = learnmodel.hyperparameters(key["model"], key["loss"])["estimator"]
    goal = key["goal"]
    return (f"the learned heuristic's {estimator} with {key['loss']} loss on "
            f"{key['training']:,} boards, seed {key['seed']}, for the {goal.rows}x{goal.cols} "
            f"goal {goal}")  # fmt: skip


def _stopped(seconds: float, key: dict) -> str:
    return f"its training stopped at the time budget after {seconds:.1f} s; {_train_first(key)}"


def _train_first(key: dict) -> str:
    """How to train a model ahead of a budgeted search."""
    default_model = learnmodel.trained_model(DEFAULT_MODEL, key["loss"])
    defaults = (key["model"], key["training"], key["seed"]) == (
        default_model, DEFAULT_TRAINING_SIZE, DEFAULT_SEED)  # fmt: skip
    board = key["goal"]
    goal = str(board) if " " not in str(board) else f'"{board}"'
    if defaults:
        variant = next(v for v, loss in VARIANTS.items() if loss == key["loss"])
        how = f"python -m eightlab solve {goal} --goal {goal} --heuristic {variant}"
        if board.rows != board.cols:
            how += f" --shape {board.rows}x{board.cols}"
    else:
        where = "heuristic.learned_table" if board.size == 9 else "byrank.rank_table"
        how = (f"call eightlab.heuristics.learned.{where} with the goal {goal}, "
               f"model {key['model']!r}, loss {key['loss']!r}, training size {key['training']} "
               f"and seed {key['seed']}")  # fmt: skip
    return f"train it once with no time budget, then it is read from the cache: {how}"


@cache
def learned_table(goal: Board, model: str = DEFAULT_MODEL, loss: str = "squared",
                  training_size: int = DEFAULT_TRAINING_SIZE,
                  seed: int = DEFAULT_SEED) -> LearnedTable:  # fmt: skip
    """:func:`build_table` for ``goal``'s canonical goal, kept in memory per process.

    Parameters
    ----------
    goal : Board
        A 3x3 goal; the table is the one of its canonical goal (:func:`canonical_form`).
    model, loss : str, optional
        Keys of :data:`~eightlab.heuristics.learned.model.MODELS` and ``LOSSES``.
    training_size : int, optional
        Boards in the training sample.
    seed : int, optional
        Seed of the sample and of the model.

    Returns
    -------
    LearnedTable
        The canonical goal's table.
    """
    canonical = canonical_form(goal)[0]
    if canonical != goal:
        return learned_table(canonical, model, loss, training_size, seed)
    return build_table(goal, model, loss, training_size, seed)


def shift(table: LearnedTable) -> int:
    """``delta``: the largest overestimate ``h - h*`` of a table's heuristic.

    Parameters
    ----------
    table : LearnedTable
        A model's predictions and the exact distances.

    Returns
    -------
    int
        Moves, 0 when the model never overestimates.
    """
    return int(max(0, (table.h - table.distance).max()))


def variant_values(table: LearnedTable, variant: str) -> np.ndarray:
    """A variant's h on the table's boards (int16, moves, in the table's order).

    ``learned-shifted`` is ``max(h2, h - delta)`` (:func:`shift`); the others are the
    table's own values.

    Parameters
    ----------
    table : LearnedTable
        A model's predictions on every board.
    variant : str
        A key of :data:`VARIANTS`.

    Returns
    -------
    numpy.ndarray
        The variant's h of each board.
    """
    h = table.h
    if variant != "learned-shifted":
        return h
    return np.maximum(table.manhattan, h - shift(table)).astype(np.int16)


@cache
def _values_by_rank(goal: Board, variant: str, model: str, training_size: int, seed: int):
    from eightlab.puzzle import statespace

    table = learned_table(goal, model, VARIANTS[variant], training_size, seed)
    by_rank = np.full(statespace.STATES, -1, dtype=np.int8)
    by_rank[table.ranks] = variant_values(table, variant)
    by_rank.setflags(write=False)
    return by_rank, shift(table)
