"""The learned heuristics on a goal of any shape of up to 12 cells: one byte per board.

On 3x3 a model is trained per canonical goal (:mod:`eightlab.heuristics.learned.heuristic`).
On the other shapes of at most :data:`~eightlab.puzzle.exhaustive.MAX_CELLS` cells (2x4,
2x6, 3x4 ...), whose exact table :func:`eightlab.puzzle.exhaustive.goal_distances` gives,
the model is trained for the goal itself, on a seeded sample of the boards that reach it
(:func:`~eightlab.heuristics.learned.heuristic.training_indices`, the sample of the 3x3
tables: the same training size and seed), with the features of
:func:`eightlab.heuristics.learned.model.features`. Then every reachable board is
predicted, :data:`CHUNK` ranks at a time (a 3x4 goal has 239,500,800 boards: a matrix of
them all would take 148 GB), and the prediction rounded as
:attr:`~eightlab.heuristics.learned.heuristic.LearnedTable.h` says is kept as one signed
byte per permutation, by full-permutation rank (:func:`eightlab.puzzle.ranking.rank`):
``n!`` bytes, 479 MB at 12 cells, -1 for the boards that cannot reach the goal. The table
is cached on disk (:mod:`eightlab.heuristics.learned.cache`).

The features of a chunk are computed from the ranks by one compiled loop
(:func:`rank_features`), which gives the same numbers as
:func:`~eightlab.heuristics.learned.model.features` (a test compares them) at a fraction of
its cost: the numpy features (``argsort`` and a one-hot matrix) cost several times the
MLP's prediction. The gradient boosting's prediction is the slowest part by far, so
``learned-quantile`` is refused above :data:`QUANTILE_MAX_CELLS` cells. The figures:
``benchmarks/README.md`` (``benchmarks/bench_learned_shapes.py``).

``learned-shifted`` is ``max(h2, learned - delta)`` with ``delta`` the largest overestimate
of ``learned`` over every reachable board (:func:`largest_overestimate`): admissible on the
goal by exhaustion, as on 3x3.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from math import factorial
from time import perf_counter, process_time

import numpy as np
from numba import njit, prange

from eightlab.errors import BoardError
from eightlab.heuristics.base import BuildTimeout, build_deadline_now
from eightlab.heuristics.learned import cache as learncache
from eightlab.heuristics.learned import model as learnmodel
from eightlab.heuristics.learned.heuristic import (
    _key,
    _train_first,
    _training,
    _what,
    training_indices,
)
from eightlab.puzzle.board import Board
from eightlab.puzzle.exhaustive import UNSEEN, goal_distances
from eightlab.puzzle.ranking_compiled import unrank_into

#: Ranks predicted at once (half of them reach the goal: about a million boards).
CHUNK = 1 << 21
#: Most cells of a goal ``learned-quantile`` is built for: its gradient boosting predicts
#: too slowly for a 12-cell table (``benchmarks/README.md``).
QUANTILE_MAX_CELLS = 9
#: Largest value a table holds (one signed byte; no 12-cell board is 81 moves away).
MAX_VALUE = 127


class LearnedShapeError(BoardError):
    """A learned heuristic that cannot be built for a goal (its shape, its size)."""


@dataclass(frozen=True)
class RankTable:
    """A learned heuristic's values on every board of one goal, by full-permutation rank.

    Attributes
    ----------
    goal : Board
        The goal (any shape of at most 12 cells).
    model, loss : str
        Keys of :data:`~eightlab.heuristics.learned.model.MODELS` and ``LOSSES``.
    training_size, seed : int
        The training sample's size and seed.
    values : numpy.ndarray of int8, shape (n!,)
        h of the board of each rank (moves), -1 where the goal cannot be reached.
    boards : int
        Boards that reach the goal.
    delta : int
        The largest overestimate ``h - h*`` over them (moves, at least 0:
        :func:`largest_overestimate`).
    seconds : dict of str to float
        ``train``, ``train_cpu``, ``predict`` and ``predict_cpu``: seconds to fit the
        model and to compute the features and predict every board, wall clock and CPU
        time of the process, as recorded when the table was built.
    cached : bool
        True when the table was read from the disk cache.
    """

    goal: Board
    model: str
    loss: str
    training_size: int
    seed: int
    values: np.ndarray
    boards: int
    delta: int
    seconds: dict
    cached: bool


def check_goal(goal: Board, loss: str, training_size: int) -> None:
    """Refuse, in one line, a goal no learned table of ``loss`` can be built for.

    Parameters
    ----------
    goal : Board
        The goal.
    loss : str
        A key of :data:`~eightlab.heuristics.learned.model.LOSSES`.
    training_size : int
        Boards in the training sample.

    Raises
    ------
    LearnedShapeError
        For a goal of more than 12 cells (no exact table to learn from), the
        ``quantile`` loss above :data:`QUANTILE_MAX_CELLS` cells, or a goal that
        reaches no more boards than the training sample.
    """
    from eightlab.puzzle.exhaustive import MAX_CELLS

    shape, n = f"{goal.rows}x{goal.cols}", goal.size
    if n > MAX_CELLS:
        raise LearnedShapeError(
            f"the learned heuristics learn from the exact distance of every board, which "
            f"eightlab has for boards of at most {MAX_CELLS} cells; the goal is {shape}"
        )
    boards = reachable_boards(goal.rows, goal.cols)
    if loss == "quantile" and n > QUANTILE_MAX_CELLS:
        raise LearnedShapeError(
            f"learned-quantile is built for boards of at most {QUANTILE_MAX_CELLS} cells: its "
            f"gradient boosting would take too many CPU minutes to predict the {boards:,} "
            f"boards of {shape} (benchmarks/README.md)"
        )
    if boards <= training_size:
        raise LearnedShapeError(
            f"the learned heuristics train on {training_size:,} boards but a {shape} goal "
            f"reaches only {boards:,}; use learned_heuristics(training_size=...) with fewer"
        )


def reachable_boards(rows: int, cols: int) -> int:
    """How many boards reach a goal of ``rows x cols`` cells: ``n!/2``, or ``n`` on one line.

    Parameters
    ----------
    rows, cols : int
        The shape.

    Returns
    -------
    int
        Boards (on one line the blank slides without ever reordering the tiles).
    """
    if min(rows, cols) == 1:
        return rows * cols
    return factorial(rows * cols) // 2


@njit(cache=True)
def _count_reachable(dist):
    count = 0
    for r in range(dist.shape[0]):
        if dist[r] != UNSEEN:
            count += 1
    return count


@njit(cache=True)
def _ranks_at(dist, indices):
    """The ranks of the reachable boards numbered ``indices`` (sorted) in rank order."""
    out = np.empty(indices.shape[0], dtype=np.int64)
    k, seen = 0, 0
    for r in range(dist.shape[0]):
        if k == indices.shape[0]:
            break
        if dist[r] != UNSEEN:
            if seen == indices[k]:
                out[k] = r
                k += 1
            seen += 1
    return out


@njit(cache=True)
def rank_features(ranks, n, cols, home, onehot):
    """:func:`~eightlab.heuristics.learned.model.features` of the boards of ``ranks``.

    Parameters
    ----------
    ranks : numpy.ndarray of int64
        Full-permutation ranks of boards of ``n`` cells.
    n, cols : int
        Cells and columns of the board.
    home : numpy.ndarray of int64
        ``home[t]``: the goal cell of tile ``t``.
    onehot : bool
        The MLP's one-hot columns, else the boosting's cell columns.

    Returns
    -------
    (numpy.ndarray of float32, numpy.ndarray of int64)
        The features, row by row as :func:`~eightlab.heuristics.learned.model.features`
        gives them, and each board's Manhattan distance h2 (moves).
    """
    width = n - 1 + (n * n if onehot else n)
    x = np.zeros((ranks.shape[0], width), dtype=np.float32)
    h2 = np.zeros(ranks.shape[0], dtype=np.int64)
    tiles = np.empty(n, dtype=np.int64)
    for i in range(ranks.shape[0]):
        unrank_into(ranks[i], n, tiles)
        for p in range(n):
            t = tiles[p]
            if t:
                g = home[t]
                m = abs(p // cols - g // cols) + abs(p % cols - g % cols)
                x[i, t - 1] = m
                h2[i] += m
            if onehot:
                x[i, n - 1 + t * n + p] = 1.0
            else:
                x[i, n - 1 + t] = p
    return x, h2


def _homes(goal: Board) -> np.ndarray:
    home = np.empty(goal.size, dtype=np.int64)
    home[list(goal.tiles)] = np.arange(goal.size)
    return home


def rounded(prediction: np.ndarray, h2: np.ndarray) -> np.ndarray:
    """Predictions as h: the number of h2's parity nearest, at least ``h2 % 2``.

    The rule of :attr:`~eightlab.heuristics.learned.heuristic.LearnedTable.h` (the goal,
    whose h2 is 0, is set to 0 by the caller), capped at :data:`MAX_VALUE`.

    Parameters
    ----------
    prediction : numpy.ndarray of float32
        The model's estimates (moves).
    h2 : numpy.ndarray of int
        The boards' Manhattan distances (moves).

    Returns
    -------
    numpy.ndarray of int8
        h of each board (moves).
    """
    return np.minimum(learnmodel.nearest_of_parity(prediction, h2), MAX_VALUE).astype(np.int8)


def build_rank_table(goal: Board, model: str, loss: str, training_size: int, seed: int,
                     disk: bool = True) -> RankTable:  # fmt: skip
    """Train a model for ``goal`` and predict every board that reaches it, by rank.

    Parameters
    ----------
    goal : Board
        A goal of at most 12 cells.
    model, loss : str
        Keys of :data:`~eightlab.heuristics.learned.model.MODELS` and ``LOSSES``.
    training_size : int
        Boards in the training sample (fewer than reach the goal).
    seed : int
        Seed of the sample and of the model.
    disk : bool
        Read the disk cache first and write it after (default); False always builds.

    Returns
    -------
    RankTable
        The values by rank and the build's record.

    Raises
    ------
    LearnedShapeError
        For a goal :func:`check_goal` refuses.
    EightlabError
        For an unknown model or loss, or a bad seed.
    BuildTimeout
        Inside a search whose deadline cannot cover the build (the training as on 3x3;
        the prediction stops at the first chunk past the deadline). Nothing half-built is
        cached.
    """
    learnmodel.check_model(model, loss)
    check_goal(goal, loss, int(training_size))
    dist = goal_distances(goal)
    boards = int(_count_reachable(dist))
    indices = training_indices(boards, training_size, seed)
    key = _key(goal, model, loss, training_size, seed)
    found = learncache.load_table(key, dist.shape[0]) if disk else None
    if found is not None:
        values, seconds, delta = found
        return RankTable(goal, model, loss, int(training_size), int(seed), values, boards,
                         delta, seconds, True)  # fmt: skip
    kind = learnmodel.feature_kind(model, loss)
    n, home = goal.size, _homes(goal)
    with _training(key, disk) as progress:
        start, cpu = perf_counter(), process_time()
        sample = _ranks_at(dist, indices)
        x, _ = rank_features(sample, n, goal.cols, home, kind == "onehot")
        y = dist[sample].astype(float)
        estimator = learnmodel.fit(x, y, model, loss, int(seed), n, progress)
        seconds = {"train": perf_counter() - start, "train_cpu": process_time() - cpu}
    start, cpu = perf_counter(), process_time()
    values = _predict_all(estimator, dist, goal, key, disk, kind == "onehot")
    seconds.update(predict=perf_counter() - start, predict_cpu=process_time() - cpu)
    delta = int(largest_overestimate(values, dist))
    if disk:
        learncache.save_table(key, values, seconds, delta)
    values.setflags(write=False)
    return RankTable(goal, model, loss, int(training_size), int(seed), values, boards, delta,
                     seconds, False)  # fmt: skip


@lru_cache(maxsize=4)
def rank_table(goal: Board, model: str, loss: str, training_size: int, seed: int) -> RankTable:
    """:func:`build_rank_table` with the disk cache, kept in memory per process (the last
    four tables: 479 MB each at 12 cells).

    Parameters
    ----------
    goal : Board
        A goal of at most 12 cells.
    model, loss : str
        Keys of :data:`~eightlab.heuristics.learned.model.MODELS` and ``LOSSES``.
    training_size : int
        Boards in the training sample.
    seed : int
        Seed of the sample and of the model.

    Returns
    -------
    RankTable
        The goal's table.
    """
    return build_rank_table(goal, model, loss, training_size, seed)


def _predict_all(estimator, dist, goal: Board, key: dict, disk: bool, onehot: bool):
    """Every reachable board's rounded prediction, :data:`CHUNK` ranks at a time."""
    from tqdm.auto import tqdm

    from eightlab.puzzle.ranking import rank

    deadline = build_deadline_now()
    n, home = goal.size, _homes(goal)
    chunks = range(0, dist.shape[0], CHUNK)
    where = learncache.path_of(key) if disk else None
    cached = f"cached in {where}" if where is not None else "not cached, the cache is off"
    print(f"eightlab: predicting {_what(key)} on every board: {dist.shape[0]:,} ranks, "
          f"{CHUNK:,} at a time, once, {cached}", file=sys.stderr, flush=True)  # fmt: skip
    values = np.full(dist.shape[0], -1, dtype=np.int8)
    for start in tqdm(chunks, desc="predicting", unit="chunk", file=sys.stderr, disable=None,
                      leave=False):  # fmt: skip
        if deadline is not None and perf_counter() > deadline:
            raise BuildTimeout(f"{_what(key)} is not predicted; {_train_first(key)}")
        ranks = start + np.flatnonzero(dist[start : start + CHUNK] != UNSEEN)
        if ranks.size:
            x, h2 = rank_features(ranks, n, goal.cols, home, onehot)
            values[ranks] = rounded(learnmodel.predict(estimator, x), h2)
    values[rank(goal.tiles)] = 0
    return values


@njit(cache=True)
def largest_overestimate(values, dist):
    """``delta``: the largest ``h - h*`` over the reachable boards, at least 0.

    Parameters
    ----------
    values : numpy.ndarray of int8
        h by rank (:attr:`RankTable.values`).
    dist : numpy.ndarray of uint8
        h* by rank (:func:`~eightlab.puzzle.exhaustive.goal_distances`).

    Returns
    -------
    int
        Moves.
    """
    delta = 0
    for r in range(dist.shape[0]):
        if dist[r] != UNSEEN:
            delta = max(delta, np.int64(values[r]) - np.int64(dist[r]))
    return delta


@njit(cache=True, parallel=True)
def _shifted(values, delta, n, cols, home, parts):
    out = np.full(values.shape[0], -1, dtype=np.int8)
    size = values.shape[0]
    step = (size + parts - 1) // parts
    for part in prange(parts):
        tiles = np.empty(n, dtype=np.int64)
        for r in range(part * step, min((part + 1) * step, size)):
            if values[r] < 0:  # the goal cannot be reached
                continue
            unrank_into(r, n, tiles)
            h2 = 0
            for p in range(n):
                t = tiles[p]
                if t:
                    g = home[t]
                    h2 += abs(p // cols - g // cols) + abs(p % cols - g % cols)
            out[r] = max(h2, np.int64(values[r]) - delta)
    return out


@lru_cache(maxsize=2)
def shifted_table(goal: Board, model: str, training_size: int, seed: int):
    """``learned-shifted`` by rank: ``max(h2, learned - delta)``, and ``delta``.

    Parameters
    ----------
    goal : Board
        A goal of at most 12 cells.
    model : str
        A key of :data:`~eightlab.heuristics.learned.model.MODELS`.
    training_size : int
        Boards in the training sample.
    seed : int
        Seed of the sample and of the model.

    Returns
    -------
    (numpy.ndarray of int8, int)
        The values by rank (-1 where the goal cannot be reached) and ``delta`` (moves),
        ``learned``'s largest overestimate over every board (:attr:`RankTable.delta`),
        so the values never exceed h*.
    """
    table = rank_table(goal, model, "squared", training_size, seed)
    values = _shifted(table.values, table.delta, goal.size, goal.cols, _homes(goal), 64)
    values.setflags(write=False)
    return values, table.delta
