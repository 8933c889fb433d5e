"""Nilsson's sequence score, h2 + 3 S: a famous inadmissible heuristic (Nilsson 1971;
Pearl 1984, sec. 3.1), kept as a contrast."""

from __future__ import annotations

import numpy as np

from eightlab.heuristics.base import Evaluator
from eightlab.heuristics.pertile import manhattan_cost, per_tile_table
from eightlab.puzzle.board import Board, cell_bits


def perimeter_cells(rows: int, cols: int) -> list[int]:
    """The border cells in clockwise order from the top-left corner.

    Parameters
    ----------
    rows, cols : int
        The board's shape.

    Returns
    -------
    list of int
        Cell numbers (row by row from 0), each border cell once.
    """
    top = [c for c in range(cols)]
    right = [r * cols + cols - 1 for r in range(1, rows)]
    bottom = [(rows - 1) * cols + c for c in range(cols - 2, -1, -1)] if rows > 1 else []
    left = [r * cols for r in range(rows - 2, 0, -1)] if cols > 1 else []
    return top + right + bottom + left


def nilsson_binder(goal: Board) -> Evaluator:
    """Bind Nilsson's sequence score heuristic h2 + 3 S to a goal.

    S scores 2 for every tile on the border whose clockwise neighbour cell does not hold
    its goal successor (the content of the next border cell clockwise in the goal, which
    may be the blank) and 1 for every tile on an inner cell that is not its goal
    content. For Nilsson's goal ``123804765`` this is his definition (1 for a tile in
    the centre, 2 per tile not followed by its successor); it is 0 at any goal.
    For any other goal (eightlab's default ``123456780`` among them) the score is
    eightlab's generalisation of Nilsson's, not his: a figure counted on such a goal,
    such as the number of boards on which it overestimates, is the generalisation's.
    Deliberately inadmissible.

    Parameters
    ----------
    goal : Board
        The goal the distances are estimated to.

    Returns
    -------
    Evaluator
        ``h(state)`` of a packed state (:func:`~eightlab.puzzle.grid.pack`).

    References
    ----------
    .. [1] N. J. Nilsson, *Problem-Solving Methods in Artificial Intelligence*,
       McGraw-Hill, 1971.
    .. [2] J. Pearl, *Heuristics*, Addison-Wesley, 1984, sec. 3.1.
    """
    n = goal.size
    k = cell_bits(n)
    mask = (1 << k) - 1
    manhattan = per_tile_table(goal, manhattan_cost)
    ring = perimeter_cells(goal.rows, goal.cols)
    inner = [p for p in range(n) if p not in ring]
    successor = [0] * n
    for i, p in enumerate(ring):
        successor[goal.tiles[p]] = goal.tiles[ring[(i + 1) % len(ring)]]
    pairs = [(k * p, k * ring[(i + 1) % len(ring)]) for i, p in enumerate(ring)]
    inner_checks = [(k * p, goal.tiles[p]) for p in inner]
    cell_shifts = [(k * p, p) for p in range(n)]

    def h(state: int) -> int:
        total = 0
        for s, p in cell_shifts:
            total += manhattan[(state >> s) & mask][p]
        score = 0
        for s, s_next in pairs:
            t = (state >> s) & mask
            if t and successor[t] != (state >> s_next) & mask:
                score += 2
        for s, wanted in inner_checks:
            t = (state >> s) & mask
            if t and t != wanted:
                score += 1
        return total + 3 * score

    def batch(tiles: np.ndarray) -> np.ndarray:
        cost = np.asarray(manhattan, dtype=np.float64)
        total = cost[tiles, np.arange(n)].sum(axis=1)
        succ = np.asarray(successor)
        score = np.zeros(len(tiles), dtype=np.int64)
        for i, p in enumerate(ring):
            t = tiles[:, p]
            score += 2 * ((t != 0) & (succ[t] != tiles[:, ring[(i + 1) % len(ring)]]))
        for p in inner:
            t = tiles[:, p]
            score += (t != 0) & (t != goal.tiles[p])
        return total + 3 * score

    return Evaluator(h, n, None, batch)
