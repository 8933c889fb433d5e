"""The ``pdb`` heuristic: disjoint additive pattern databases of goal-adjacent tiles
on any board, each indexed by the blank's cell as well (so the sum stays consistent),
built by the readable 0-1 BFS :func:`eightlab.heuristics.pdb.build.pattern_database`.

Groups of 4 tiles on 3x3 (15,120 abstract states each), of 3 on larger boards; for the
15-puzzle's strong databases see :mod:`eightlab.heuristics.pdb.additive`. A build inside a
search stops at the search's deadline like those (checked every few thousand states).
"""

from __future__ import annotations

import numpy as np

from eightlab.heuristics.base import BuildTimeout, Evaluator, build_deadline_now
from eightlab.heuristics.pdb.additive import PatternDatabaseError
from eightlab.heuristics.pdb.build import pattern_database
from eightlab.puzzle.board import Board, cell_bits

#: Abstract states the pure-Python build of the ``pdb`` heuristic takes at most (5x5 has
#: 8 groups of 25^4 = 3,125,000 in all; 6x6 would have 12 of 36^4 = 1,679,616 each).
MAX_STATES = 4_000_000


def default_patterns(goal: Board, max_group: int | None = None) -> list[tuple[int, ...]]:
    """Split the tiles into groups of goal-adjacent tiles for :func:`pdb_binder`.

    Tiles are taken in the reading order of their goal cells and cut into equal groups
    of at most ``max_group`` tiles (default 4 for boards up to 3x3, giving
    ``{1,2,3,4}`` / ``{5,6,7,8}`` for ``123456780``; 3 for larger boards, whose 4-tile
    databases would cost half a million states each in pure Python).
    """
    if max_group is None:
        max_group = 4 if goal.size <= 9 else 3
    tiles = [t for t in goal.tiles if t]
    groups = -(-len(tiles) // max_group)
    bounds = [round(i * len(tiles) / groups) for i in range(groups + 1)]
    return [tuple(tiles[bounds[i] : bounds[i + 1]]) for i in range(groups)]


def pdb_binder(goal: Board, patterns=None) -> Evaluator:
    """Bind the disjoint additive pattern database heuristic to a goal.

    h is the sum over the patterns of :func:`default_patterns` of each pattern
    database's cost for the blank's cell and the pattern tiles' cells.

    Raises
    ------
    PatternDatabaseError
        When the tables would hold more than :data:`MAX_STATES` abstract states (boards
        larger than 5x5), before any is built.
    """
    n = goal.size
    k = cell_bits(n)
    mask = (1 << k) - 1
    patterns = default_patterns(goal) if patterns is None else patterns
    states = sum(n ** (len(p) + 1) for p in patterns)
    if states > MAX_STATES:
        raise PatternDatabaseError(
            f"the pdb heuristic on {goal.rows}x{goal.cols} would build {states:,} abstract "
            f"states in pure Python (at most {MAX_STATES:,}: boards up to 5x5); "
            f"use manhattan or linear-conflict"
        )
    try:
        tables = [pattern_database(goal, p, build_deadline_now()) for p in patterns]
    except TimeoutError:
        raise BuildTimeout("spent building a pattern database") from None
    flat = [t.ravel().tolist() for t in tables]
    plans = []
    for pattern, table in zip(patterns, flat, strict=True):
        g = len(pattern)
        plans.append((table, n**g, tuple((t, n ** (g - 1 - i)) for i, t in enumerate(pattern))))
    cell_shifts = [(k * p, p) for p in range(n)]

    def h(state: int) -> int:
        where = [0] * n
        for s, p in cell_shifts:
            where[(state >> s) & mask] = p
        total = 0
        blank = where[0]
        for table, blank_weight, tiles in plans:
            index = blank * blank_weight
            for t, w in tiles:
                index += where[t] * w
            total += table[index]
        return total

    def batch(tiles: np.ndarray) -> np.ndarray:
        where = np.argsort(tiles, axis=1)  # where[:, t] = cell of tile t
        total = np.zeros(len(tiles), dtype=np.float64)
        for pattern, table in zip(patterns, tables, strict=True):
            total += table[tuple(where[:, t] for t in (0, *pattern))]
        return total

    return Evaluator(h, n, None, batch, data=(patterns, tables))


def default_pdb_binder(goal: Board) -> Evaluator:
    """Bind the ``pdb`` heuristic: the groups of :func:`default_patterns`, each database
    indexed by the blank's cell too (so it stays consistent), built in pure Python."""
    return pdb_binder(goal)
