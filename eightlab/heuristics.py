"""Heuristics: estimates h(s) of the number of moves from a state to the goal.

Each :class:`Heuristic` has a registry name, a description and its *claims*: whether it
is admissible (never overestimates the true distance h*) and consistent
(``h(s) <= 1 + h(s')`` for every move ``s -> s'``, and ``h(goal) = 0``). The
admissibility notebook and ``tests/test_oracle.py`` check every claim against the
exhaustive table of :mod:`eightlab.statespace` (see :mod:`eightlab.admissibility`).
The blank is never counted by the admissible heuristics: it is not a tile, and
counting it can overestimate (one move puts two cells right).

==========================  ==========  ==========  ====================================
name                        admissible  consistent  what it is
==========================  ==========  ==========  ====================================
``zero``                    yes         yes         h = 0 (A* becomes uniform-cost)
``misplaced``               yes         yes         h1, tiles off their goal cell
``manhattan``               yes         yes         h2, sum of grid distances
``linear-conflict``         yes         yes         h2 + 2 per tile that must leave its
                                                    line (Hansson, Mayer & Yung 1992)
``max-swap``                yes         yes         Gaschnig's swaps with the blank
``pdb``                     yes         yes         disjoint additive pattern databases
``exact``                   yes         yes         h* from the table (3x3 only)
``weighted-manhattan``      no          no          2 x h2
``manhattan-with-blank``    no          no          h2 counting the blank too
``linear-conflict-pairs``   no          no          h2 + 2 per reversed pair
``nilsson``                 no          no          h2 + 3 x sequence score
==========================  ==========  ==========  ====================================

Why the admissible claims hold for every goal: misplaced, Manhattan, max-swap and
the pattern databases are exact distances in *relaxed* puzzles (a tile may move onto
any cell / any adjacent cell / swap with the blank anywhere / other tiles are
ignored), and the distance in a relaxation whose moves include every real move is
consistent. Linear conflict adds, per line, 2 moves for each tile that must leave
the line, moves Manhattan does not count (Hansson et al. 1992; a tile in its goal row
that leaves it makes two vertical moves Manhattan does not pay for). The claims were
also checked exhaustively on all 181,440 reachable boards for the goals
``123456780`` and ``123804765``: no admissible heuristic overestimates and no move
violates consistency; each inadmissible contrast overestimates on some boards and so
cannot be consistent either (consistency with ``h(goal) = 0`` implies admissibility).

A heuristic is bound to a goal with :meth:`Heuristic.bind`, giving an
:class:`Evaluator` that the searches call on packed int states. Heuristics that are a
sum of per-tile costs expose the table ``tile_cost[tile][cell]`` so that searches update
h incrementally when one tile slides (Manhattan changes by +-1 per move). Every
evaluator also evaluates many boards at once (:meth:`Evaluator.evaluate_tiles`, numpy),
which :func:`eightlab.admissibility.evaluate_all` uses over all ``9!`` boards.

References
----------
.. [1] N. J. Nilsson, *Problem-Solving Methods in Artificial Intelligence*, 1971
   (misplaced tiles, the sequence score).
.. [2] J. Pearl, *Heuristics*, 1984, sec. 3.1 (h1 and h2 on the 8-puzzle).
.. [3] J. Gaschnig, "A problem similarity approach to devising heuristics: first
   results", IJCAI 1979 (max-swap).
.. [4] O. Hansson, A. Mayer and M. Yung, "Criticizing solutions to relaxed models
   yields powerful admissible heuristics", Information Sciences 63(3), 1992 (linear
   conflict).
.. [5] A. Felner, R. E. Korf and S. Hanan, "Additive pattern database heuristics",
   JAIR 22, 2004.
.. [6] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
   ed., sec. 3.6 (heuristic functions, relaxed problems, pattern databases).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import deque

import numpy as np

from eightlab.board import Board, as_board, cell_bits, check_pair, neighbor_table, pack
from eightlab.errors import UnknownNameError


class Evaluator:
    """A heuristic bound to one goal, evaluated on packed states.

    Parameters
    ----------
    function : callable
        ``function(state: int) -> float``, h of a packed state.
    size : int
        Number of cells of the board.
    tile_cost : list of list of float, optional
        See the attribute.
    batch : callable, optional
        ``batch(tiles) -> numpy.ndarray``: h of many boards at once, ``tiles`` an int
        array of shape (N, size), one board per row. Without it,
        :meth:`evaluate_tiles` sums ``tile_cost`` or calls ``function`` row by row.

    Attributes
    ----------
    tile_cost : list of list of float, or None
        For per-tile heuristics, ``tile_cost[t][p]`` is the cost of tile ``t`` on cell
        ``p`` (row 0 is the blank's, all zeros unless the heuristic counts the blank);
        h is the sum over cells. None for the others.
    """

    __slots__ = ("function", "tile_cost", "size", "bits", "mask", "batch")

    def __init__(self, function, size: int, tile_cost=None, batch=None):
        self.function = function
        self.tile_cost = tile_cost
        self.size = size
        self.bits = cell_bits(size)
        self.mask = (1 << self.bits) - 1
        self.batch = batch

    def __call__(self, state: int) -> float:
        return self.function(state)

    def tiles(self, state: int) -> list[int]:
        """The cells of a packed state, row by row."""
        k, m = self.bits, self.mask
        return [(state >> (k * p)) & m for p in range(self.size)]

    def evaluate_tiles(self, tiles) -> np.ndarray:
        """h of many boards at once.

        Parameters
        ----------
        tiles : array_like of int, shape (N, size)
            One board per row, cells row-major, ``0`` the blank.

        Returns
        -------
        numpy.ndarray of float64, shape (N,)
            h of each board, in moves.
        """
        tiles = np.asarray(tiles, dtype=np.int64)
        if self.batch is not None:
            return np.asarray(self.batch(tiles), dtype=np.float64)
        if self.tile_cost is not None:
            cost = np.asarray(self.tile_cost, dtype=np.float64)
            return cost[tiles, np.arange(self.size)].sum(axis=1)
        return np.array([self.function(pack(tuple(row))) for row in tiles.tolist()], float)


def tile_cost_evaluator(tile_cost, size: int) -> Evaluator:
    """An :class:`Evaluator` that sums ``tile_cost[tile][cell]`` over the cells."""
    k = cell_bits(size)
    mask = (1 << k) - 1
    shifts = [(k * p, p) for p in range(size)]

    def h(state: int) -> float:
        return sum(tile_cost[(state >> s) & mask][p] for s, p in shifts)

    return Evaluator(h, size, tile_cost)


class Heuristic:
    """A named heuristic with its claims.

    Parameters
    ----------
    name : str
        Registry name (lowercase, hyphenated).
    description : str
        One line for ``--help`` and tables.
    admissible, consistent : bool
        What the heuristic claims; checked by the admissibility study.
    binder : callable
        ``binder(goal: Board) -> Evaluator``.
    """

    def __init__(self, name: str, description: str, admissible: bool, consistent: bool, binder):
        self.name = name
        self.description = description
        self.admissible = admissible
        self.consistent = consistent
        self._binder = binder
        self._cache: dict[Board, Evaluator] = {}

    def bind(self, goal: Board) -> Evaluator:
        """The evaluator of this heuristic for ``goal`` (cached per goal)."""
        evaluator = self._cache.get(goal)
        if evaluator is None:
            evaluator = self._cache[goal] = self._binder(goal)
        return evaluator

    def __call__(self, board, goal=None) -> float:
        """h of ``board`` for ``goal`` (default: the ordered goal), on boards or text."""
        board = as_board(board)
        goal = Board.goal(board.rows, board.cols) if goal is None else as_board(goal, board)
        check_pair(board, goal)
        return self.bind(goal)(board.packed)

    def __repr__(self) -> str:
        return f"<Heuristic {self.name}>"


# --------------------------------------------------------------- per-tile sums
def per_tile_table(goal: Board, cost, count_blank: bool = False, scale=1) -> list[list]:
    """``table[t][p] = scale * cost(p, home of t, cols)``; the blank's row is zeros
    unless ``count_blank``."""
    n, cols = goal.size, goal.cols
    home = {t: p for p, t in enumerate(goal.tiles)}
    return [
        [scale * cost(p, home[t], cols) if (t or count_blank) else 0 for p in range(n)]
        for t in range(n)
    ]


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


def _zero_binder(goal: Board) -> Evaluator:
    return tile_cost_evaluator([[0] * goal.size for _ in range(goal.size)], goal.size)


# ------------------------------------------------------------- line conflicts
def board_lines(rows: int, cols: int) -> list[tuple[int, ...]]:
    """The cells of every row, then every column, each in reading order."""
    lines = [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
    lines += [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
    return lines


def longest_increasing_run(values) -> int:
    """Length of the longest strictly increasing subsequence (patience sorting)."""
    tails: list = []
    for v in values:
        i = bisect_left(tails, v)
        if i == len(tails):
            tails.append(v)
        else:
            tails[i] = v
    return len(tails)


def tiles_to_leave_line(slots) -> int:
    """Fewest tiles that must leave a line so the rest stand in goal order.

    Parameters
    ----------
    slots : sequence of int
        For each cell of the line in order, the goal index within the line of the tile
        there, or -1 for the blank or a tile whose goal is in another line.

    Returns
    -------
    int
        The number of line tiles minus the longest run of them already in goal order:
        the tiles kept can slide past each other only if they are in order, so every
        other tile must step out of the line and back (Hansson, Mayer & Yung 1992).
    """
    in_line = [s for s in slots if s >= 0]
    return len(in_line) - longest_increasing_run(in_line)


def reversed_pairs(slots) -> int:
    """Number of pairs of line tiles standing in the reverse of their goal order."""
    in_line = [s for s in slots if s >= 0]
    return sum(1 for i, a in enumerate(in_line) for b in in_line[i + 1 :] if a > b)


def line_conflict_binder(line_penalty, what: str):
    """A binder for Manhattan plus a penalty per line of the board.

    ``line_penalty(slots)`` maps the goal slots of a line's tiles (see
    :func:`tiles_to_leave_line`) to extra moves; the evaluator caches it per line
    content.
    """

    def bind(goal: Board) -> Evaluator:
        n = goal.size
        k = cell_bits(n)
        mask = (1 << k) - 1
        manhattan = per_tile_table(goal, manhattan_cost)
        home = {t: p for p, t in enumerate(goal.tiles)}
        lines = board_lines(goal.rows, goal.cols)
        # slot_of[i][t]: goal index of tile t within line i, -1 if its goal is elsewhere
        slot_of = []
        for line in lines:
            index = {cell: j for j, cell in enumerate(line)}
            slot_of.append([index.get(home[t], -1) if t else -1 for t in range(n)])
        line_shifts = [tuple(k * p for p in line) for line in lines]
        caches: list[dict] = [{} for _ in lines]
        cell_shifts = [(k * p, p) for p in range(n)]
        plan = list(zip(line_shifts, slot_of, caches, strict=True))

        def h(state: int) -> int:
            total = 0
            for s, p in cell_shifts:
                total += manhattan[(state >> s) & mask][p]
            for shifts, slots, cache in plan:
                key = tuple([(state >> s) & mask for s in shifts])
                extra = cache.get(key)
                if extra is None:
                    extra = cache[key] = 2 * line_penalty([slots[t] for t in key])
                total += extra
            return total

        def batch(tiles: np.ndarray) -> np.ndarray:
            cost = np.asarray(manhattan, dtype=np.float64)
            total = cost[tiles, np.arange(n)].sum(axis=1)
            for line, slots in zip(lines, slot_of, strict=True):
                # one table over every content of the line, indexed in base n
                width = len(line)
                contents = np.indices((n,) * width).reshape(width, -1).T
                slot_array = np.asarray(slots)[contents]
                table = np.array([2 * line_penalty(row) for row in slot_array.tolist()])
                index = np.zeros(len(tiles), dtype=np.int64)
                for cell in line:
                    index = index * n + tiles[:, cell]
                total += table[index]
            return total

        return Evaluator(h, n, None, batch)

    bind.__doc__ = f"Bind {what} to a goal."
    return bind


# ------------------------------------------------------------------- max-swap
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


# ------------------------------------------------------------ pattern database
def default_patterns(goal: Board, max_group: int | None = None) -> list[tuple[int, ...]]:
    """Split the tiles into groups of goal-adjacent tiles for :func:`pattern_database`.

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


def pattern_database(goal: Board, pattern) -> np.ndarray:
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

    Returns
    -------
    numpy.ndarray of int16, shape (size,) * (len(pattern) + 1)
        ``table[blank_cell, cell_of_tile_1, ...]`` is the fewest pattern-tile moves to
        the goal arrangement; ``-1`` for impossible index combinations (two items on one
        cell). Cost: ``size! / (size - len(pattern) - 1)!`` abstract states, 15,120 for
        a 4-tile pattern of the 8-puzzle (a few hundredths of a second), 43,680 for a
        3-tile pattern of the 15-puzzle.

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
    while queue:
        d, state = queue.popleft()
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


def pdb_binder(goal: Board, patterns=None) -> Evaluator:
    """Bind the disjoint additive pattern database heuristic to a goal.

    h is the sum over the patterns of :func:`default_patterns` of each pattern
    database's cost for the blank's cell and the pattern tiles' cells.
    """
    n = goal.size
    k = cell_bits(n)
    mask = (1 << k) - 1
    patterns = default_patterns(goal) if patterns is None else patterns
    tables = [pattern_database(goal, p) for p in patterns]
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

    return Evaluator(h, n, None, batch)


# ---------------------------------------------------------------------- exact
def exact_binder(goal: Board) -> Evaluator:
    """Bind h* (the exact distance from :mod:`eightlab.statespace`) to a 3x3 goal.

    Unreachable states (never met by a search from a solvable start) get ``-1``.

    Raises
    ------
    BoardError
        If the goal is not 3x3: the exhaustive table exists only for the 8-puzzle.
    """
    from eightlab import statespace

    statespace.require_3x3(goal, "the exact heuristic (a table of all 9! boards)")
    table = statespace.distance_table(goal)
    distance = array("b", table.tobytes())  # 1 byte per board; indexing gives an int
    factorials = [40320, 5040, 720, 120, 24, 6, 2, 1]
    cell_shifts = [4 * p for p in range(9)]

    def h(state: int) -> int:
        perm = [(state >> s) & 15 for s in cell_shifts]
        r = 0
        for i in range(8):
            pi = perm[i]
            smaller = 0
            for q in perm[i + 1 :]:
                if q < pi:
                    smaller += 1
            r += smaller * factorials[i]
        return distance[r]

    def batch(tiles: np.ndarray) -> np.ndarray:
        return table[statespace.rank_array(tiles)].astype(np.float64)

    return Evaluator(h, 9, None, batch)


# ----------------------------------------------------------------- nilsson
def perimeter_cells(rows: int, cols: int) -> list[int]:
    """The border cells in clockwise order from the top-left corner."""
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
    Deliberately inadmissible (Nilsson 1971, Pearl 1984 sec. 3.1).
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


# ------------------------------------------------------------------ registry
ZERO = Heuristic("zero", "h = 0: A* becomes uniform-cost search", True, True, _zero_binder)
MISPLACED = Heuristic(
    "misplaced",
    "h1: number of tiles off their goal cell, the blank not counted",
    True,
    True,
    per_tile_binder(misplaced_cost),
)
MANHATTAN = Heuristic(
    "manhattan",
    "h2: sum of the tiles' grid distances to their goal cells, the blank not counted",
    True,
    True,
    per_tile_binder(manhattan_cost),
)
LINEAR_CONFLICT = Heuristic(
    "linear-conflict",
    "h2 + 2 per tile that must leave its goal row/column to let the others pass "
    "(Hansson, Mayer & Yung 1992)",
    True,
    True,
    line_conflict_binder(tiles_to_leave_line, "linear conflict"),
)
MAX_SWAP = Heuristic(
    "max-swap",
    "Gaschnig: swaps to sort the board when the blank may swap with any tile",
    True,
    True,
    max_swap_binder,
)
PDB = Heuristic(
    "pdb",
    "disjoint additive pattern databases, tiles split by goal cell (Felner, Korf & Hanan 2004)",
    True,
    True,
    pdb_binder,
)
EXACT = Heuristic(
    "exact",
    "h*: the exact distance from the exhaustive table (3x3 only)",
    True,
    True,
    exact_binder,
)
WEIGHTED_MANHATTAN = Heuristic(
    "weighted-manhattan",
    "2 x h2 (inadmissible contrast)",
    False,
    False,
    per_tile_binder(manhattan_cost, scale=2),
)
MANHATTAN_WITH_BLANK = Heuristic(
    "manhattan-with-blank",
    "h2 counting the blank's distance too (inadmissible contrast)",
    False,
    False,
    per_tile_binder(manhattan_cost, count_blank=True),
)
LINEAR_CONFLICT_PAIRS = Heuristic(
    "linear-conflict-pairs",
    "h2 + 2 per reversed pair in a line, the common mistake (inadmissible contrast)",
    False,
    False,
    line_conflict_binder(reversed_pairs, "the pairwise linear conflict"),
)
NILSSON = Heuristic(
    "nilsson",
    "Nilsson's h2 + 3 x sequence score (inadmissible contrast)",
    False,
    False,
    nilsson_binder,
)

#: Every heuristic by registry name.
HEURISTICS: dict[str, Heuristic] = {
    h.name: h
    for h in (
        ZERO,
        MISPLACED,
        MANHATTAN,
        LINEAR_CONFLICT,
        MAX_SWAP,
        PDB,
        EXACT,
        WEIGHTED_MANHATTAN,
        MANHATTAN_WITH_BLANK,
        LINEAR_CONFLICT_PAIRS,
        NILSSON,
    )
}


def register(heuristic: Heuristic) -> Heuristic:
    """Add a heuristic to :data:`HEURISTICS` and return it."""
    HEURISTICS[heuristic.name] = heuristic
    return heuristic


def get_heuristic(name) -> Heuristic:
    """The heuristic registered as ``name`` (or ``name`` itself if it is one).

    Raises
    ------
    UnknownNameError
        If no heuristic has that name; the message lists the known ones.
    """
    if isinstance(name, Heuristic):
        return name
    try:
        return HEURISTICS[name]
    except KeyError:
        raise UnknownNameError(
            f"unknown heuristic {name!r}; choose one of {', '.join(HEURISTICS)}"
        ) from None


def admissible_heuristics() -> list[str]:
    """Names of the registered heuristics that claim to be admissible."""
    return [name for name, h in HEURISTICS.items() if h.admissible]
