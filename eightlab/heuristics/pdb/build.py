"""Building one pattern database: a breadth-first search over abstract states.

An abstract state is where the pattern's ``k`` tiles stand and where the blank is; the
other tiles are indistinguishable. Moving a pattern tile costs 1, moving any other tile
costs 0 (Felner, Korf & Hanan 2004), so all blank cells of one connected region of the
free cells (cells without a pattern tile) are at the same distance. The compiled build
therefore keys a state by its placement and the *smallest cell of the blank's region*,
and every edge of the search costs 1: a plain BFS by layers, whose first visit of a
placement is its entry (the minimum over blank cells, one byte per placement).

A placement is stored at its rank as a k-permutation of the ``n`` cells
(:func:`eightlab.puzzle.ranking.rank_cells` of the cells of the pattern's tiles, in
pattern order), so the table has ``n! / (n - k)!`` bytes (524,160 for 5 tiles of the
15-puzzle, 5,765,760 for 6, 57,657,600 for 7, 518,918,400 for 8).

:func:`pattern_database` is the readable version: a 0-1 BFS over (blank cell, tile
cells) with a deque; :func:`reference_table` takes its minimum over the blank's cell.
:func:`build_table` is the compiled one (numba, ``cache=True``), three bitsets over
``placements x n`` states (visited, this layer, next layer) and the byte table; its
Python driver scans a layer in slices and looks at the clock between them, so a
deadline stops it within a slice. Tests prove both give the same table.

References
----------
.. [1] J. C. Culberson and J. Schaeffer, "Pattern databases", Computational
   Intelligence 14(3), 1998.
.. [2] R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
   Intelligence 134, 2002.
.. [3] A. Felner, R. E. Korf and S. Hanan, "Additive pattern database heuristics",
   JAIR 22, 2004.
"""

from __future__ import annotations

from collections import deque
from time import perf_counter

import numpy as np

from eightlab.puzzle.board import Board, neighbor_table
from eightlab.puzzle.ranking import placements, unrank_cells

#: Entry of a placement the search never reached (cannot happen on a connected board).
UNREACHED = 255

#: Words of the bitsets (64 states each) scanned between two looks at the clock.
SLICE_WORDS = 1 << 14


def announce(goal: Board, partition: str, patterns, where) -> None:
    """Say on standard error, in one line, which databases are built and where they go.

    Called before a build (:func:`build_table`'s progress is a tqdm bar on a terminal).

    Parameters
    ----------
    goal : Board
    partition : str
        The partition's name (``6-6-3``).
    patterns : sequence of sequence of int
        Its groups of tiles.
    where : pathlib.Path or None
        The cache file, None when the cache is off.
    """
    import sys

    entries = sum(placements(goal.size, len(p)) for p in patterns)
    cached = f"cached in {where}" if where is not None else "not cached (the cache is off)"
    print(
        f"eightlab: building the {partition} pattern databases of the {goal.rows}x{goal.cols} "
        f"goal {' '.join(map(str, goal.tiles))}: {entries:,} entries, once ({cached})",
        file=sys.stderr,
        flush=True,
    )


# ----------------------------------------------------------- readable reference
def pattern_database(goal: Board, pattern, deadline: float | None = None) -> np.ndarray:
    """Costs of one pattern of tiles, by 0-1 breadth-first search over abstract states.

    An abstract state is the blank's cell and the cells of the pattern tiles; the other
    tiles are indistinguishable. Moving a pattern tile costs 1, moving any other tile
    (the blank into a cell of a non-pattern tile) costs 0, so the costs of disjoint
    patterns may be added (Felner, Korf & Hanan 2004): every real move moves one tile of
    one pattern.

    Parameters
    ----------
    goal : Board
    pattern : sequence of int
        The tiles of the pattern (not the blank).
    deadline : float, optional
        A :func:`time.perf_counter` time, looked at every 4,096 abstract states.

    Returns
    -------
    numpy.ndarray of int16, shape (size,) * (len(pattern) + 1)
        ``table[blank_cell, cell_of_tile_1, ...]`` is the fewest pattern-tile moves to
        the goal arrangement; ``-1`` for impossible index combinations (two items on one
        cell). Cost: ``size! / (size - len(pattern) - 1)!`` abstract states, 15,120 for
        a 4-tile pattern of the 8-puzzle, 43,680 for a 3-tile pattern of the 15-puzzle.

    Raises
    ------
    TimeoutError
        When the deadline passes.

    References
    ----------
    .. [1] A. Felner, R. E. Korf and S. Hanan, "Additive pattern database heuristics",
       JAIR 22, 2004.
    .. [2] J. C. Culberson and J. Schaeffer, "Pattern databases", Computational
       Intelligence 14(3), 1998.
    """
    n = goal.size
    g = len(pattern)
    neighbors = [[q for _, q in moves] for moves in neighbor_table(goal.rows, goal.cols)]
    weights = [n**i for i in range(g, -1, -1)]  # index = blank*n^g + cell_1*n^(g-1) + ...
    cost = [-1] * (n ** (g + 1))
    start = (goal.blank,) + tuple(goal.tiles.index(t) for t in pattern)
    cost[sum(c * w for c, w in zip(start, weights, strict=True))] = 0
    queue = deque([(0, start)])
    popped = 0
    while queue:
        d, state = queue.popleft()
        popped += 1
        if deadline is not None and popped % 4096 == 0 and perf_counter() > deadline:
            raise TimeoutError("pattern database build stopped at its deadline")
        if d > cost[sum(c * w for c, w in zip(state, weights, strict=True))]:
            continue  # reached more cheaply after it was queued
        blank = state[0]
        for q in neighbors[blank]:
            if q in state:
                i = state.index(q)
                child = (q,) + state[1:i] + (blank,) + state[i + 1 :]
                d2 = d + 1
            else:
                child = (q,) + state[1:]
                d2 = d
            index = sum(c * w for c, w in zip(child, weights, strict=True))
            old = cost[index]
            if old < 0 or d2 < old:
                cost[index] = d2
                if d2 == d:
                    queue.appendleft((d2, child))
                else:
                    queue.append((d2, child))
    return np.array(cost, dtype=np.int16).reshape((n,) * (g + 1))


def reference_table(goal: Board, pattern) -> np.ndarray:
    """One byte per placement: :func:`pattern_database` minimised over the blank's cell.

    Parameters
    ----------
    goal : Board
    pattern : sequence of int
        The tiles of the pattern, in the order their cells are ranked.

    Returns
    -------
    numpy.ndarray of uint8, shape (n! / (n - k)!,)
        Fewest pattern-tile moves from each placement to the goal placement, with the
        blank anywhere, at :func:`~eightlab.puzzle.ranking.rank_cells` of the placement's
        cells.
    """
    n, k = goal.size, len(pattern)
    full = pattern_database(goal, pattern)
    table = np.full(placements(n, k), UNREACHED, dtype=np.uint8)
    for idx in range(len(table)):
        cells = unrank_cells(idx, n, k)
        costs = [full[(b, *cells)] for b in range(n) if b not in cells]
        table[idx] = min((c for c in costs if c >= 0), default=UNREACHED)
    return table


# ------------------------------------------------------------ compiled build
def build_table(goal: Board, pattern, deadline=None, progress=None) -> np.ndarray:
    """The same table as :func:`reference_table`, by the compiled layered BFS.

    Parameters
    ----------
    goal, pattern
        As for :func:`reference_table`.
    deadline : float, optional
        A :func:`time.perf_counter` time; the build stops at the first look at the
        clock after it (every :data:`SLICE_WORDS` x 64 states scanned).
    progress : callable, optional
        ``progress(placements_done)`` called after every slice, with the number of
        placements given their entry so far.

    Returns
    -------
    numpy.ndarray of uint8, shape (n! / (n - k)!,)

    Raises
    ------
    TimeoutError
        When the deadline passes before the table is complete.
    """
    if deadline is not None and perf_counter() > deadline:
        raise TimeoutError("pattern database build stopped at its deadline")
    from eightlab.heuristics.pdb import kernel  # numba: loaded on first use

    rows, cols, n, k = goal.rows, goal.cols, goal.size, len(pattern)
    total = placements(n, k)
    words = (total * n + 63) // 64
    visited = np.zeros(words, dtype=np.uint64)
    layer = np.zeros(words, dtype=np.uint64)
    upcoming = np.zeros(words, dtype=np.uint64)
    table = np.full(total, UNREACHED, dtype=np.uint8)
    nbr = np.full((n, 4), -1, dtype=np.int64)
    for p, moves in enumerate(neighbor_table(rows, cols)):
        nbr[p, : len(moves)] = [q for _, q in moves]
    masks = kernel.shift_masks(rows, cols)
    cells = np.asarray([goal.tiles.index(t) for t in pattern], dtype=np.int64)
    kernel.seed(cells, goal.blank, n, masks, visited, layer, table)
    done, depth = 1, 0
    while True:
        found = 0
        for start in range(0, words, SLICE_WORDS):
            if deadline is not None and perf_counter() > deadline:
                raise TimeoutError("pattern database build stopped at its deadline")
            stop = min(words, start + SLICE_WORDS)
            found += kernel.expand(
                layer, upcoming, visited, table, depth, start, stop, n, k, nbr, masks
            )
            if progress is not None:
                progress(done + found)
        if found == 0 and not upcoming.any():
            return table
        done += found
        layer, upcoming = upcoming, layer
        upcoming[:] = 0
        depth += 1


# ------------------------------------------------------- tables by symmetry
def square_symmetries(side: int) -> list[np.ndarray]:
    """The 8 symmetries of a ``side`` x ``side`` board as cell maps (``sigma[cell]``)."""
    maps = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                sigma = np.empty(side * side, dtype=np.int64)
                for cell in range(side * side):
                    r, c = divmod(cell, side)
                    if transpose:
                        r, c = c, r
                    sigma[cell] = (side - 1 - r if flip_r else r) * side + (
                        side - 1 - c if flip_c else c
                    )
                maps.append(sigma)
    return maps


def _region(goal: Board, pattern) -> frozenset:
    """The free cells the goal's blank reaches when ``pattern``'s tiles are home."""
    taken = {goal.tiles.index(t) for t in pattern}
    neighbors = neighbor_table(goal.rows, goal.cols)
    seen, todo = {goal.blank}, [goal.blank]
    while todo:
        for _, q in neighbors[todo.pop()]:
            if q not in taken and q not in seen:
                seen.add(q)
                todo.append(q)
    return frozenset(seen)


def symmetric_source(goal: Board, patterns, g: int):
    """A built group whose table gives group ``g``'s by a symmetry of the board, or None.

    Group ``g``'s table equals group ``j``'s (``j < g``) read through a symmetry
    ``sigma`` of the square when ``sigma`` takes the goal cells of ``j``'s tiles onto
    those of ``g``'s and the goal's blank region of ``j`` onto that of ``g`` (then
    ``sigma`` maps ``j``'s abstract state space, goal and costs onto ``g``'s).

    Returns
    -------
    tuple (j, sigma_inverse, order) or None
        ``order[i]``: the index in ``patterns[j]`` of the tile that ``g``'s i-th tile
        stands for; see :func:`derive_table`.
    """
    if goal.rows != goal.cols:
        return None
    home = {t: p for p, t in enumerate(goal.tiles)}
    target = [home[t] for t in patterns[g]]
    for j in range(g):
        if len(patterns[j]) != len(patterns[g]):
            continue
        source = {home[t]: i for i, t in enumerate(patterns[j])}
        for sigma in square_symmetries(goal.rows):
            inverse = np.argsort(sigma)
            if any(int(inverse[c]) not in source for c in target):
                continue
            image = frozenset(int(sigma[c]) for c in _region(goal, patterns[j]))
            if image != _region(goal, patterns[g]):
                continue
            return j, inverse, np.array([source[int(inverse[c])] for c in target])
    return None


def derive_table(source: np.ndarray, n: int, inverse, order) -> np.ndarray:
    """A group's table read off another's through a symmetry of the board.

    ``out[rank(cells)] = source[rank(d)]`` where the source group's tile ``order[i]``
    stands on ``d[order[i]] = inverse[cells[i]]`` (see
    :func:`symmetric_source`, which says when it applies;
    tests compare it with :func:`build_table`).
    """
    from eightlab.heuristics.pdb import kernel

    k = len(order)
    out = np.empty(placements(n, k), dtype=np.uint8)
    kernel.derive(source, n, np.asarray(inverse, dtype=np.int64),
                  np.asarray(order, dtype=np.int64), out)  # fmt: skip
    return out
