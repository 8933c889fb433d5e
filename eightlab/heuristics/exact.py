"""The exact distance h* as a heuristic, read from the exhaustive 8-puzzle table of
:mod:`eightlab.puzzle.statespace` (3x3 only), indexed by Cantor rank (:mod:`eightlab.puzzle.ranking`)."""

from __future__ import annotations

from array import array

import numpy as np

from eightlab.heuristics.base import Evaluator
from eightlab.puzzle.board import Board
from eightlab.puzzle.ranking import rank


def exact_binder(goal: Board) -> Evaluator:
    """Bind h* (the exact distance from :mod:`eightlab.puzzle.statespace`) to a 3x3 goal.

    Unreachable states (never met by a search from a solvable start) get ``-1``.

    Parameters
    ----------
    goal : Board
        The goal the distances are estimated to.

    Returns
    -------
    Evaluator
        ``h(state)`` of a packed state (:func:`~eightlab.puzzle.grid.pack`).

    Raises
    ------
    BoardError
        If the goal is not 3x3: the exhaustive table exists only for the 8-puzzle.
    """
    from eightlab.puzzle import statespace

    statespace.require_3x3(goal, "the exact heuristic (a table of all 9! boards)")
    table = statespace.distance_table(goal)
    distance = array("b", table.tobytes())  # 1 byte per board; indexing gives an int
    cell_shifts = [4 * p for p in range(9)]

    def h(state: int) -> int:
        return distance[rank([(state >> s) & 15 for s in cell_shifts])]

    def batch(tiles: np.ndarray) -> np.ndarray:
        return table[statespace.rank_array(tiles)].astype(np.float64)

    return Evaluator(h, 9, None, batch)
