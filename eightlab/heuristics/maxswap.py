"""Gaschnig's max-swap heuristic: the exact distance when the blank may swap with any
tile (Gaschnig 1979)."""

from __future__ import annotations

import numpy as np

from eightlab.heuristics.base import Evaluator
from eightlab.puzzle.board import Board, cell_bits


def max_swap_binder(goal: Board) -> Evaluator:
    """Bind Gaschnig's max-swap heuristic to a goal.

    In the relaxed puzzle where the blank may swap with *any* tile, the fewest swaps
    are given by the cycles of the permutation ``cell -> goal cell of its content``
    (blank included): a cycle of length ``L`` through the blank takes ``L - 1`` swaps,
    any other non-trivial cycle ``L + 1`` (one swap brings the blank in). Summed:

        h = m + c - 2 b

    with ``m`` the cells whose content differs from the goal's (blank included), ``c``
    the non-trivial cycles and ``b = 1`` if the blank is off its goal cell. This is
    exactly the count of Gaschnig's procedure (while the blank is off its goal cell,
    swap it with the tile that belongs there; else swap it into any unsolved cycle).

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
    .. [1] J. Gaschnig, "Performance measurement and analysis of certain search
       algorithms", PhD thesis, Carnegie-Mellon University, 1979.
    """
    n = goal.size
    k = cell_bits(n)
    mask = (1 << k) - 1
    home = [0] * n
    for p, t in enumerate(goal.tiles):
        home[t] = p
    goal_blank = home[0]
    cell_shifts = [(k * p, p) for p in range(n)]

    def h(state: int) -> int:
        target = [home[(state >> s) & mask] for s, _ in cell_shifts]
        seen = [False] * n
        misplaced = cycles = 0
        for p in range(n):
            if seen[p] or target[p] == p:
                continue
            cycles += 1
            q = p
            while not seen[q]:
                seen[q] = True
                misplaced += 1
                q = target[q]
        blank_off = ((state >> (k * goal_blank)) & mask) != 0
        return misplaced + cycles - 2 * blank_off

    def batch(tiles: np.ndarray) -> np.ndarray:
        target = np.asarray(home)[tiles]  # (N, n): goal cell of each cell's content
        cells = np.arange(n)
        moved = target != cells
        # the smallest cell on each cycle; a cell is its cycle's representative if equal
        low = np.broadcast_to(cells, target.shape).copy()
        walker = target.copy()
        rows = np.arange(len(tiles))[:, None]
        for _ in range(n):
            np.minimum(low, walker, out=low)
            walker = target[rows, walker]
        cycles = (moved & (low == cells)).sum(axis=1)
        blank_off = tiles[:, goal_blank] != 0
        return moved.sum(axis=1) + cycles - 2 * blank_off

    return Evaluator(h, n, None, batch)
