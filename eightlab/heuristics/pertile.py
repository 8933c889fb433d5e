"""Heuristics that sum a cost per tile: zero, misplaced tiles (h1), Manhattan distance
(h2), and the per-tile inadmissible contrasts (2 x h2, h2 counting the blank).

Misplaced and Manhattan are exact distances in relaxed puzzles (a tile may jump to any
cell / slide onto any adjacent cell), hence admissible and consistent for every goal
(Pearl 1984, sec. 3.1; Russell & Norvig, 4th ed., sec. 3.6).
"""

from __future__ import annotations

from eightlab.heuristics.base import Evaluator, tile_cost_evaluator
from eightlab.puzzle.board import Board


def per_tile_table(goal: Board, cost, count_blank: bool = False, scale=1) -> list[list]:
    """``table[t][p] = scale * cost(p, home of t, cols)``; the blank's row is zeros
    unless ``count_blank``."""
    n, cols = goal.size, goal.cols
    home = {t: p for p, t in enumerate(goal.tiles)}
    return [
        [scale * cost(p, home[t], cols) if (t or count_blank) else 0 for p in range(n)]
        for t in range(n)
    ]


def slide_change(tile_cost, blank: int, cell: int) -> tuple:
    """How a per-tile sum changes when the tile on ``cell`` slides onto the blank's cell.

    Parameters
    ----------
    tile_cost : sequence of sequence of number
        ``tile_cost[t][p]``, the cost of tile ``t`` on cell ``p`` (row 0 the blank's).
    blank, cell : int
        The blank's cell and the neighbouring cell it moves to.

    Returns
    -------
    tuple of number
        ``change[t]``: h(child) - h(parent) when tile ``t`` is the one that slides, so
        a search updates h from the one tile that moves.
    """
    to, away = tile_cost[0][cell], tile_cost[0][blank]  # the blank's own costs
    return tuple(row[blank] - row[cell] + to - away for row in tile_cost)


def per_tile_binder(cost, count_blank: bool = False, scale=1):
    """A binder for a heuristic that sums ``scale * cost(cell, goal_cell, cols)`` over
    the tiles (the blank too when ``count_blank``)."""

    def bind(goal: Board) -> Evaluator:
        return tile_cost_evaluator(per_tile_table(goal, cost, count_blank, scale), goal.size)

    return bind


def manhattan_cost(cell: int, home: int, cols: int) -> int:
    """Grid distance between a tile's cell and its goal cell."""
    r1, c1 = divmod(cell, cols)
    r2, c2 = divmod(home, cols)
    return abs(r1 - r2) + abs(c1 - c2)


def misplaced_cost(cell: int, home: int, cols: int) -> int:
    """1 if a tile is off its goal cell, else 0."""
    return int(cell != home)


def zero_binder(goal: Board) -> Evaluator:
    return tile_cost_evaluator([[0] * goal.size for _ in range(goal.size)], goal.size)
