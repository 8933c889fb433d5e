"""Any heuristic, audited against the exact distance of every board of a shape.

:func:`audit` takes a heuristic (a registry name, a :class:`~eightlab.heuristics.Heuristic`,
a Python function of a :class:`~eightlab.puzzle.board.Board`, or a numba-jitted function
of the cells) and compares it with the exact distance h* of
:func:`eightlab.puzzle.exhaustive.goal_distances` on boards of up to 12 cells:

* **admissible**: ``h(s) <= h*(s)`` on every board that reaches the goal; the audit
  counts the boards where h overestimates, by h*, and keeps the worst of them;
* **consistent**: ``h(s) <= 1 + h(s')`` for every move ``s -> s'`` (each direction
  checked, so ``|h(s) - h(s')| <= 1`` on every edge) and ``h(goal) = 0``;
* **informed**: the mean of ``h / h*`` over the boards other than the goal;
* **what A* pays**: nodes A* expands with h, with h* and with Manhattan distance on a
  few boards drawn at random (:func:`astar_costs`).

How h is evaluated decides how many boards are checked. A registry heuristic that sums
per-tile costs, linear conflict, the ``pdb`` databases, a learned heuristic off 3x3 (a
table by rank, :mod:`eightlab.heuristics.learned.byrank`) and a numba-jitted function run
in one compiled pass over every board on all cores (:data:`COMPILED`); another registry
heuristic with a vectorised evaluator (numpy) runs on every board in chunks; a plain
Python function is called on every board when the shape has at most
:data:`PYTHON_ALL_BOARDS` boards that reach the goal (the 8-puzzle's 181,440), else on a
uniform random sample of boards (and their neighbours), which the result says.

References
----------
.. [1] J. Pearl, *Heuristics*, 1984, sec. 3.2 (admissibility, monotonicity).
.. [2] F. R. W. Karlemo and P. R. J. Östergård, "On sliding block puzzles", Journal of
   Combinatorial Mathematics and Combinatorial Computing 34, 2000, 97-107.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field, replace
from math import factorial
from numbers import Real

import numpy as np
from numba import njit, prange
from numba.core.registry import CPUDispatcher

from eightlab.errors import EightlabError, quote
from eightlab.heuristics import Heuristic, get_heuristic
from eightlab.heuristics.base import Evaluator
from eightlab.heuristics.linear_conflict import LineTables, reversed_pairs, tiles_to_leave_line
from eightlab.puzzle.board import Board, as_board, unpack
from eightlab.puzzle.exhaustive import UNSEEN, _move_array, _shape_of, goal_distances
from eightlab.puzzle.ranking_compiled import popcount, rank_of, unrank_into

#: Most boards reaching the goal on which a plain Python function is called one by one
#: (the 8-puzzle's 181,440); larger shapes are audited on a random sample.
PYTHON_ALL_BOARDS = 200_000
#: Boards of the sample a plain Python function is audited on, on larger shapes.
SAMPLE_SIZE = 20_000
#: Ranks handed to a vectorised evaluator at once.
CHUNK = 1 << 18
#: Slices of the ranks the compiled pass shares among the cores.
PARTS = 64
#: Registry heuristics the compiled pass evaluates itself (per-tile sums do too).
COMPILED = ("linear-conflict", "linear-conflict-pairs", "pdb")
#: h and h* may differ by this much from rounding and still count as equal.
TOLERANCE = 1e-9

_RAISED, _NAN, _NEGATIVE = 1, 2, 3
_FAILURES = {
    _RAISED: "raised an exception",
    _NAN: "returned NaN",
    _NEGATIVE: "returned a negative value",
}


class HeuristicError(EightlabError):
    """A heuristic that cannot be audited: it raised, or returned a non-number, NaN or a
    negative value, on the board the message names."""


# ------------------------------------------------------------------ the result


@dataclass(frozen=True)
class Audit:
    """What :func:`audit` found.

    Attributes
    ----------
    heuristic : str
        The heuristic's name (a function's ``__name__``).
    goal : Board
        The goal h* is measured to.
    method : str
        ``"compiled"``, ``"vectorised"`` or ``"python"``: how h was evaluated.
    complete : bool
        Whether every board reaching the goal was checked (else a uniform random sample).
    table : pandas.DataFrame
        One row per exact distance ``h_star`` (moves): ``boards`` checked, ``mean_h``,
        ``mean_ratio`` (mean h/h*, NaN at the goal), ``overestimated`` (boards with
        h > h*) and ``max_excess`` (largest h - h*, moves).
    edges : int
        Moves ``s -> s'`` checked (each direction once), from the boards checked.
    inconsistent_edges : int
        Those with ``h(s) > 1 + h(s')``.
    max_jump : float
        Largest ``h(s) - h(s') - 1`` over the moves checked (at most 0 when consistent).
    goal_h : float
        h of the goal.
    worst : tuple of (Board, float, int)
        Up to three boards with the largest h - h*, as ``(board, h, h*)``, largest first
        (empty when h never overestimates).
    worst_edge : tuple of (Board, Board) or None
        A move ``s -> s'`` with the largest ``h(s) - h(s')`` when it exceeds 1.
    astar : pandas.DataFrame or None
        :func:`astar_costs` for h, h* and Manhattan (None when not asked for).
    """

    heuristic: str
    goal: Board
    method: str
    complete: bool
    table: object
    edges: int
    inconsistent_edges: int
    max_jump: float
    goal_h: float
    worst: tuple = ()
    worst_edge: tuple | None = None
    astar: object = field(default=None, compare=False)

    @property
    def boards(self) -> int:
        """Boards checked."""
        return int(self.table["boards"].sum())

    @property
    def overestimated(self) -> int:
        """Boards checked on which h > h*."""
        return int(self.table["overestimated"].sum())

    @property
    def share_overestimated(self) -> float:
        """:attr:`overestimated` over :attr:`boards`."""
        return self.overestimated / self.boards

    @property
    def max_excess(self) -> float:
        """Largest h - h* over the boards checked, in moves (0 or less: admissible)."""
        return float(self.table["max_excess"].max())

    @property
    def mean_ratio(self) -> float:
        """Mean of h/h* over the boards checked other than the goal."""
        away = self.table[self.table["h_star"] > 0]
        return float((away["mean_ratio"] * away["boards"]).sum() / away["boards"].sum())

    @property
    def admissible(self) -> bool:
        """No board checked has h > h* (a proof only when :attr:`complete`)."""
        return self.overestimated == 0

    @property
    def consistent(self) -> bool:
        """No move checked has ``h(s) > 1 + h(s')``, and h(goal) = 0."""
        return self.inconsistent_edges == 0 and abs(self.goal_h) <= TOLERANCE

    def summary(self) -> dict:
        """The audit in one row: the figures its text form prints, by name."""
        return {
            "heuristic": self.heuristic,
            "shape": f"{self.goal.rows}x{self.goal.cols}",
            "method": self.method,
            "complete": self.complete,
            "boards": self.boards,
            "admissible": self.admissible,
            "overestimated": self.overestimated,
            "share_overestimated": self.share_overestimated,
            "max_excess": self.max_excess,
            "consistent": self.consistent,
            "edges": self.edges,
            "inconsistent_edges": self.inconsistent_edges,
            "goal_h": self.goal_h,
            "mean_ratio": self.mean_ratio,
        }

    def _lines(self) -> list[str]:
        shape = f"{self.goal.rows}x{self.goal.cols}"
        scope = (f"all {self.boards:,} boards" if self.complete else
                 f"a uniform random sample of {self.boards:,} boards (not a proof)")  # fmt: skip
        lines = [f"audit of {self.heuristic} on {scope} of {shape} for goal {self.goal} "
                 f"({self.method} evaluation)"]  # fmt: skip
        if self.admissible:
            lines.append("admissible: h <= h* on every board checked")
        else:
            lines.append(
                f"NOT admissible: h > h* on {self.overestimated:,} boards "
                f"({100 * self.share_overestimated:.3g} %), by up to {self.max_excess:g} moves"
            )
            lines += [f"  {b}: h = {h:g}, h* = {d}" for b, h, d in self.worst]
        if self.consistent:
            lines.append(
                f"consistent: |h(s) - h(s')| <= 1 on all {self.edges:,} moves checked, h(goal) = 0"
            )
        else:
            lines.append(
                f"NOT consistent: h(s) > 1 + h(s') on {self.inconsistent_edges:,} of "
                f"{self.edges:,} moves checked (by up to {self.max_jump:g}); h(goal) = {self.goal_h:g}"
            )
            if self.worst_edge is not None:
                lines.append(f"  {self.worst_edge[0]} -> {self.worst_edge[1]}")
        lines.append(f"mean h/h*: {self.mean_ratio:.4f} (1 would be exact)")
        return lines

    def __repr__(self) -> str:
        text = "\n".join(self._lines())
        if self.astar is not None:
            text += f"\n{_astar_title(self.astar)}:\n" + self.astar.to_string()
        return text

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line.strip())}</li>" for line in self._lines())
        parts = [f"<ul>{items}</ul>", self.table.to_html(index=False)]
        if self.astar is not None:
            parts.append(f"<p>{html.escape(_astar_title(self.astar))}:</p>" + self.astar.to_html())
        return "\n".join(parts)


def _astar_title(table) -> str:
    return (
        f"A* on {table['boards'].iloc[0]} boards drawn among those at most "
        f"{table.attrs.get('max_depth')} moves away (nodes expanded, summed over the boards "
        "all three solved within the budget)"
    )


# ------------------------------------------------------------ the compiled pass


@njit
def _evaluate(h, tiles, data):
    """``(h(tiles, data), True)``, or ``(nan, False)`` when h raises."""
    try:
        return float(h(tiles, data)), True
    except Exception:
        return np.nan, False


@njit
def _failure(value, ok):
    """0 for a usable value of h, else why not (raised, NaN, negative)."""
    if not ok:
        return _RAISED
    if value != value:
        return _NAN
    if value < 0:
        return _NEGATIVE
    return 0


@njit(parallel=True)
def _registry_tally(dist, data, n, moves, depths, parts):
    """:func:`_compiled_tally` of the registry heuristics' :func:`_tables` (cached by numba)."""
    return _compiled_tally(dist, _tables, data, n, moves, depths, parts)


@njit(parallel=True)
def _user_tally(dist, h, data, n, moves, depths, parts):
    """:func:`_compiled_tally` of a numba-jitted function (compiled at every call)."""
    return _compiled_tally(dist, h, data, n, moves, depths, parts)


@njit(inline="always")
def _compiled_tally(dist, h, data, n, moves, depths, parts):
    """Every board's h against its h*, and every move's change of h, on all cores.

    Each of ``parts`` slices of the ranks is counted by one thread into its own row of
    every array (no shared writes); a slice stops at the first board on which h fails,
    recording its rank and why.
    """
    size = dist.shape[0]
    step = (size + parts - 1) // parts
    boards = np.zeros((parts, depths), dtype=np.int64)
    total = np.zeros((parts, depths))
    ratio = np.zeros((parts, depths))
    over = np.zeros((parts, depths), dtype=np.int64)
    excess = np.full((parts, depths), -np.inf)
    worst = np.full((parts, depths), -1, dtype=np.int64)
    edges = np.zeros(parts, dtype=np.int64)
    bad_edges = np.zeros(parts, dtype=np.int64)
    jump = np.full(parts, -np.inf)
    jump_from = np.full(parts, -1, dtype=np.int64)
    jump_to = np.full(parts, -1, dtype=np.int64)
    failed = np.full(parts, -1, dtype=np.int64)
    why = np.zeros(parts, dtype=np.int64)
    items = np.arange(n)
    for part in prange(parts):
        tiles = np.empty(n, dtype=np.int64)
        for r in range(part * step, min((part + 1) * step, size)):
            d = dist[r]
            if d == UNSEEN:
                continue
            unrank_into(r, n, tiles)
            v, ok = _evaluate(h, tiles, data)
            code = _failure(v, ok)
            if code:
                failed[part], why[part] = r, code
                break
            boards[part, d] += 1
            total[part, d] += v
            if d > 0:
                ratio[part, d] += v / d
            if v - d > excess[part, d]:
                excess[part, d] = v - d
                worst[part, d] = r
            if v - d > TOLERANCE:
                over[part, d] += 1
            blank = 0
            while tiles[blank] != 0:
                blank += 1
            for j in range(moves.shape[1]):
                q = moves[blank, j]
                if q < 0:
                    break
                tiles[blank] = tiles[q]
                tiles[q] = 0
                w, ok = _evaluate(h, tiles, data)
                code = _failure(w, ok)
                if code:
                    failed[part], why[part] = rank_of(tiles, items, n, n), code
                    break
                edges[part] += 1
                if v - w - 1 > jump[part]:
                    jump[part] = v - w - 1
                    jump_from[part] = r
                    jump_to[part] = rank_of(tiles, items, n, n)
                if v - w - 1 > TOLERANCE:
                    bad_edges[part] += 1
                tiles[q] = tiles[blank]
                tiles[blank] = 0
            if failed[part] >= 0:
                break
    return (boards, total, ratio, over, excess, worst, edges, bad_edges, jump, jump_from,
            jump_to, failed, why)  # fmt: skip


@njit(cache=True)
def _tables(tiles, data):
    """h of a registry heuristic from its arrays (see :func:`_compiled_form`).

    The sum of ``cost[tile, cell]``; plus, per line ``i`` (a row of ``cells``), the
    penalty ``table[i]`` of the goal slots of the line's tiles (``code[i, t]``: tile t's
    slot plus 1, 0 when its goal is in another line; read as a number in base width + 1);
    plus, per pattern (a row of ``patterns``), its database in ``flat`` indexed by the
    blank's cell and its tiles' cells; plus ``ranked`` at the board's full-permutation
    rank (a table by rank, as the learned heuristics keep off 3x3). Unused parts are empty
    arrays.
    """
    cost, cells, code, table, flat, offsets, patterns, lengths, ranked = data
    n = tiles.shape[0]
    s = 0.0
    if ranked.shape[0]:  # rank_of(tiles, 0 .. n - 1, n, n), without the items array
        r, seen = 0, np.uint64(0)
        for i in range(n):
            c = np.uint64(tiles[i])
            below = popcount(seen & ((np.uint64(1) << c) - np.uint64(1)))
            r = r * (n - i) + np.int64(c) - np.int64(below)
            seen |= np.uint64(1) << c
        s += ranked[r]
    for p in range(n):
        s += cost[tiles[p], p]
    base = cells.shape[1] + 1
    for i in range(cells.shape[0]):
        index = 0
        for j in range(cells.shape[1]):
            c = cells[i, j]
            if c < 0:
                break
            index = index * base + code[i, tiles[c]]
        s += table[i, index]
    if patterns.shape[0]:
        where = np.empty(n, dtype=np.int64)
        for p in range(n):
            where[tiles[p]] = p
        for g in range(patterns.shape[0]):
            index = where[0]
            for i in range(lengths[g]):
                index = index * n + where[patterns[g, i]]
            s += flat[offsets[g] + index]
    return s


def _compiled_form(heuristic: Heuristic, evaluator: Evaluator):
    """The arrays of :func:`_tables` for ``heuristic``, or None when it has none."""
    n = evaluator.size
    int2, float1, int1 = np.zeros((0, 0), np.int64), np.zeros(0), np.zeros(0, np.int64)
    cost, lines, databases = (
        np.zeros((n, n)),
        (int2, int2, np.zeros((0, 0))),
        (float1, int1, int2, int1),
    )
    ranked = np.zeros(0, dtype=np.int8)
    ranked.setflags(write=False)  # the type of a table read from the cache
    if evaluator.tile_cost is not None:
        cost = np.asarray(evaluator.tile_cost, dtype=np.float64)
    elif heuristic.name in ("linear-conflict", "linear-conflict-pairs") and isinstance(
        evaluator.data, LineTables
    ):
        penalty = tiles_to_leave_line if heuristic.name == "linear-conflict" else reversed_pairs
        cost = np.asarray(evaluator.data.manhattan, dtype=np.float64)
        lines = _line_data(evaluator.data, penalty)
    elif isinstance(evaluator.data, dict) and "by_rank" in evaluator.data:
        ranked = evaluator.data["by_rank"]
    elif heuristic.name == "pdb" and evaluator.data is not None:
        patterns, tables = evaluator.data
        padded = np.zeros((len(patterns), max(map(len, patterns))), dtype=np.int64)
        for g, pattern in enumerate(patterns):
            padded[g, : len(pattern)] = pattern
        flat = np.concatenate([np.asarray(t, dtype=np.float64).ravel() for t in tables])
        offsets = np.cumsum([0] + [t.size for t in tables[:-1]]).astype(np.int64)
        lengths = np.array([len(p) for p in patterns], dtype=np.int64)
        databases = (flat, offsets, padded, lengths)
    else:
        return None
    return (cost, *lines, *databases, ranked)


def _line_data(lines: LineTables, penalty) -> tuple:
    """``cells``, ``code`` and ``table`` of :func:`_tables` for a line heuristic."""
    width = max(len(line) for line in lines.lines)
    base = width + 1
    cells = np.full((len(lines.lines), width), -1, dtype=np.int64)
    code = np.asarray(lines.slots, dtype=np.int64) + 1
    table = np.zeros((len(lines.lines), base**width))
    for i, line in enumerate(lines.lines):
        cells[i, : len(line)] = line
        slots = (
            np.indices((base,) * len(line)).reshape(len(line), -1).T - 1
        )  # first cell most significant
        table[i, : len(slots)] = [2 * penalty(row) for row in slots.tolist()]
    return cells, code, table


def _user_kernel(function):
    """A numba-jitted ``function(tiles)`` as the pass's ``h(tiles, data)``."""

    @njit
    def h(tiles, data):
        return function(tiles)

    return h


# ------------------------------------------------------------------- the audit


def _name_of(h) -> str:
    if isinstance(h, Heuristic):
        return h.name
    return getattr(h, "__name__", None) or type(h).__name__


def _value(function, board: Board, name: str) -> float:
    """``function(board)`` as a float, or a :class:`HeuristicError` naming the board."""
    try:
        value = function(board)
    except Exception as error:
        raise HeuristicError(
            f"heuristic {name} raised {type(error).__name__}: {error} on board {board}"
        ) from error
    if isinstance(value, bool) or not isinstance(value, Real):
        raise HeuristicError(
            f"heuristic {name} returned {quote(value)} ({type(value).__name__}), not a "
            f"number, on board {board}"
        )
    value = float(value)
    if value != value:
        raise HeuristicError(f"heuristic {name} returned NaN on board {board}")
    if value < 0:
        raise HeuristicError(f"heuristic {name} returned {value:g} < 0 on board {board}")
    return value


@njit(cache=True, parallel=True)
def _unrank_many(ranks, n):
    out = np.empty((ranks.shape[0], n), dtype=np.int64)
    for i in prange(ranks.shape[0]):
        unrank_into(ranks[i], n, out[i])
    return out


@njit(cache=True)
def _neighbours(tiles, moves):
    """``(boards, 4, n)`` of every board's neighbours (rows of -1 past the last move)."""
    count, n = tiles.shape
    out = np.full((count, moves.shape[1], n), -1, dtype=np.int64)
    for i in range(count):
        blank = 0
        while tiles[i, blank] != 0:
            blank += 1
        for j in range(moves.shape[1]):
            q = moves[blank, j]
            if q < 0:
                break
            out[i, j] = tiles[i]
            out[i, j, blank] = tiles[i, q]
            out[i, j, q] = 0
    return out


class _Tally:
    """The compiled pass's counts, built from arrays of h (for the other methods)."""

    def __init__(self, depths: int):
        self.boards = np.zeros(depths, dtype=np.int64)
        self.total = np.zeros(depths)
        self.ratio = np.zeros(depths)
        self.over = np.zeros(depths, dtype=np.int64)
        self.excess = np.full(depths, -np.inf)
        self.worst = np.full(depths, -1, dtype=np.int64)
        self.edges = self.bad_edges = 0
        self.jump, self.jump_edge = -np.inf, None

    def add(self, ranks, d, h, neighbour_h, neighbour_tiles):
        """Count boards ``ranks`` (distances ``d``, values ``h``) and their moves."""
        depths = len(self.boards)
        self.boards += np.bincount(d, minlength=depths)
        self.total += np.bincount(d, weights=h, minlength=depths)
        away = d > 0
        self.ratio += np.bincount(d[away], weights=h[away] / d[away], minlength=depths)
        gap = h - d
        self.over += np.bincount(d[gap > TOLERANCE], minlength=depths)
        for depth in np.unique(d):
            at = np.flatnonzero(d == depth)
            k = at[np.argmax(gap[at])]
            if gap[k] > self.excess[depth]:
                self.excess[depth], self.worst[depth] = gap[k], ranks[k]
        step = h[:, None] - neighbour_h - 1
        legal = ~np.isnan(neighbour_h)
        self.edges += int(legal.sum())
        self.bad_edges += int((step[legal] > TOLERANCE).sum())
        if legal.any():
            i, j = np.unravel_index(np.argmax(np.where(legal, step, -np.inf)), step.shape)
            if step[i, j] > self.jump:
                self.jump, self.jump_edge = float(step[i, j]), (ranks[i], neighbour_tiles[i, j])


def audit(h, shape=(3, 3), goal=None, *, sample_size: int = SAMPLE_SIZE, astar_boards: int = 0,
          astar_depth: int = 20, seed: int = 0) -> Audit:  # fmt: skip
    """Check a heuristic against the exact distance of every board of a shape.

    Parameters
    ----------
    h : str, Heuristic or callable
        A registry name (see :data:`eightlab.heuristics.HEURISTICS`), a
        :class:`~eightlab.heuristics.Heuristic`, a Python function ``h(board) -> number``
        of a :class:`~eightlab.puzzle.board.Board` (h of that board for ``goal``), or a
        numba-jitted function ``h(tiles) -> number`` of the cells as an int64 array, row by
        row, ``0`` the blank.
    shape : tuple of int, optional
        ``(rows, cols)``, at most 12 cells (ignored when ``goal`` is a Board).
    goal : Board or str, optional
        The goal; tiles in order with the blank last by default.
    sample_size : int, optional
        Boards drawn (uniformly, with replacement, duplicates counted once) for a plain
        Python function on a shape with more than :data:`PYTHON_ALL_BOARDS` boards.
    astar_boards : int, optional
        Boards on which A* runs with h, h* and Manhattan (:func:`astar_costs`); 0 skips it.
    astar_depth : int, optional
        Those boards are drawn among the boards at most this many moves from the goal.
    seed : int, optional
        Seeds both samples.

    Returns
    -------
    Audit
        Counts by exact distance, the worst boards and moves, and the A* table.

    Raises
    ------
    HeuristicError
        If h raises, or returns a non-number, NaN or a negative value, on a board (named).
    UnknownNameError
        For an unknown registry name.
    StateSpaceError
        For a shape of more than 12 cells, or too little memory for its table.
    BoardError
        For a goal that is not a board, or a registry heuristic not defined on its size.

    References
    ----------
    .. [1] J. Pearl, *Heuristics*, 1984, sec. 3.2.
    """
    goal = _goal(shape, goal)
    if isinstance(h, str | Heuristic):
        heuristic = get_heuristic(h)
        name = heuristic.name
    elif callable(h):
        heuristic, name = None, _name_of(h)
    else:
        raise HeuristicError(
            f"a heuristic is a registry name or a function of a board, not {quote(h)}"
        )
    dist = goal_distances(goal)
    depths = UNSEEN  # every distance a byte holds; the table keeps those with boards
    moves = _move_array(goal.rows, goal.cols)
    if heuristic is not None:
        evaluator = heuristic.bind(goal)
        compiled = _compiled_form(heuristic, evaluator)
        if compiled is not None:
            result = _run_compiled(None, compiled, dist, goal, moves, depths, name)
        elif evaluator.batch is not None:
            result = _run_vectorised(evaluator, dist, goal, moves, depths, name)
        else:
            function = _board_function(evaluator)
            result = _run_python(function, dist, goal, moves, depths, name, sample_size, seed)
    elif isinstance(h, CPUDispatcher):
        result = _run_compiled(_user_kernel(h), (np.zeros(1),), dist, goal, moves, depths, name)
    else:
        result = _run_python(h, dist, goal, moves, depths, name, sample_size, seed)
    if astar_boards:
        table = astar_costs(h, goal, astar_boards, astar_depth, seed, dist)
        result = replace(result, astar=table)
    return result


def _goal(shape, goal) -> Board:
    if goal is None:
        rows, cols = _shape_of(shape)
        return Board.goal(rows, cols)
    if isinstance(goal, Board):
        _shape_of((goal.rows, goal.cols))
        return goal
    rows, cols = _shape_of(shape)
    return Board.parse(goal, rows, cols)


def _board_function(evaluator: Evaluator):
    return lambda board: evaluator(board.packed)


def _finish(tally: _Tally, goal: Board, method: str, complete: bool, name: str,
            goal_h: float) -> Audit:  # fmt: skip
    import pandas as pd

    n = goal.rows * goal.cols
    seen = tally.boards > 0
    boards = tally.boards
    table = pd.DataFrame({
        "h_star": np.arange(len(boards)),
        "boards": boards,
        "mean_h": np.divide(tally.total, boards, out=np.full(len(boards), np.nan), where=seen),
        "mean_ratio": np.divide(tally.ratio, boards, out=np.full(len(boards), np.nan), where=seen),
        "overestimated": tally.over,
        "max_excess": np.where(seen, tally.excess, np.nan),
    })[seen].reset_index(drop=True)  # fmt: skip
    table.loc[table["h_star"] == 0, "mean_ratio"] = np.nan

    def board(rank) -> Board:
        return Board(
            tuple(int(t) for t in _unrank_many(np.array([rank]), n)[0]), goal.rows, goal.cols
        )

    over = [(tally.excess[d], d) for d in range(len(boards)) if tally.excess[d] > TOLERANCE]
    worst = tuple(
        (board(tally.worst[d]), float(d + e), d) for e, d in sorted(over, reverse=True)[:3]
    )
    edge = None
    if tally.jump > TOLERANCE and tally.jump_edge is not None:
        start, to = tally.jump_edge
        edge = (board(start), to if isinstance(to, Board) else board(to))
    return Audit(name, goal, method, complete, table, int(tally.edges), int(tally.bad_edges),
                 float(tally.jump), goal_h, worst, edge)  # fmt: skip


def _run_compiled(h, data, dist, goal, moves, depths, name) -> Audit:
    """Audit on every board in one compiled pass: the registry's arrays ``data`` when
    ``h`` is None, else the numba function ``h(tiles, data)``."""
    n = goal.rows * goal.cols
    try:
        if h is None:
            out = _registry_tally(dist, data, n, moves, depths, PARTS)
        else:
            out = _user_tally(dist, h, data, n, moves, depths, PARTS)
    except Exception as error:  # numba's typing errors: h does not take or return what it should
        raise HeuristicError(
            f"heuristic {name} cannot be compiled as h(tiles) -> number on an int64 array "
            f"of {n} cells: {str(error).splitlines()[0]}"
        ) from None
    (boards, total, ratio, over, excess, worst, edges, bad_edges, jump, jump_from, jump_to,
     failed, why) = out  # fmt: skip
    if (failed >= 0).any():
        part = int(np.flatnonzero(failed >= 0)[0])
        tiles = _unrank_many(failed[part : part + 1], n)[0]
        board = Board(tuple(int(t) for t in tiles), goal.rows, goal.cols)
        raise HeuristicError(f"heuristic {name} {_FAILURES[int(why[part])]} on board {board}")
    tally = _Tally(depths)
    tally.boards, tally.total, tally.ratio = boards.sum(0), total.sum(0), ratio.sum(0)
    tally.over = over.sum(0)
    tally.excess = excess.max(0)
    tally.worst = worst[excess.argmax(0), np.arange(depths)]
    tally.edges, tally.bad_edges = int(edges.sum()), int(bad_edges.sum())
    k = int(jump.argmax())
    tally.jump, tally.jump_edge = float(jump[k]), (int(jump_from[k]), int(jump_to[k]))
    goal_h = float((h or _tables)(np.array(goal.tiles, dtype=np.int64), data))
    return _finish(tally, goal, "compiled", True, name, goal_h)


def _chunks(dist):
    """The reachable ranks of ``dist`` in chunks of about :data:`CHUNK`."""
    for start in range(0, dist.shape[0], CHUNK):
        ranks = start + np.flatnonzero(dist[start : start + CHUNK] != UNSEEN)
        if ranks.size:
            yield ranks


def _run_vectorised(evaluator: Evaluator, dist, goal, moves, depths, name) -> Audit:
    n = goal.rows * goal.cols
    tally = _Tally(depths)
    for ranks in _chunks(dist):
        tiles = _unrank_many(ranks, n)
        h = _checked(evaluator.evaluate_tiles(tiles), tiles, goal, name)
        near = _neighbours(tiles, moves)
        legal = near[:, :, 0] >= 0
        nh = np.full(legal.shape, np.nan)
        nh[legal] = _checked(evaluator.evaluate_tiles(near[legal]), near[legal], goal, name)
        tally.add(ranks, dist[ranks].astype(np.int64), h, nh, _as_boards(near, goal))
    goal_h = float(evaluator(goal.packed))
    return _finish(tally, goal, "vectorised", True, name, goal_h)


class _as_boards:
    """``near[i, j]`` as a Board, made only when asked for."""

    def __init__(self, near, goal):
        self.near, self.goal = near, goal

    def __getitem__(self, index):
        return Board(tuple(int(t) for t in self.near[index]), self.goal.rows, self.goal.cols)


def _checked(values, tiles, goal, name) -> np.ndarray:
    values = np.asarray(values, dtype=np.float64)
    bad = np.flatnonzero(np.isnan(values) | (values < 0))
    if bad.size:
        k = int(bad[0])
        board = Board(tuple(int(t) for t in tiles[k]), goal.rows, goal.cols)
        what = "NaN" if np.isnan(values[k]) else f"{values[k]:g} < 0"
        raise HeuristicError(f"heuristic {name} returned {what} on board {board}")
    return values


def _run_python(function, dist, goal, moves, depths, name, sample_size, seed) -> Audit:
    n = goal.rows * goal.cols
    rows, cols = goal.rows, goal.cols
    reachable = factorial(n) // 2
    complete = reachable <= PYTHON_ALL_BOARDS
    if complete:
        ranks = np.flatnonzero(dist != UNSEEN)
    else:
        ranks = _sample(dist, sample_size, seed)
    tiles = _unrank_many(ranks, n)
    boards = [Board(tuple(row), rows, cols) for row in tiles.tolist()]
    h = np.array([_value(function, b, name) for b in boards])
    near = _neighbours(tiles, moves)
    legal = near[:, :, 0] >= 0
    nh = np.full(legal.shape, np.nan)
    if complete:  # every neighbour is a board already evaluated: look it up by rank
        by_rank = np.full(dist.shape[0], np.nan)
        by_rank[ranks] = h
        nh[legal] = by_rank[_ranks_of(near[legal], n)]
    else:
        nh[legal] = [_value(function, Board(tuple(row), rows, cols), name)
                     for row in near[legal].tolist()]  # fmt: skip
    tally = _Tally(depths)
    tally.add(ranks, dist[ranks].astype(np.int64), h, nh, _as_boards(near, goal))
    goal_h = _value(function, goal, name)
    return _finish(tally, goal, "python", complete, name, goal_h)


@njit(cache=True)
def _ranks_of(tiles, n):
    out = np.empty(tiles.shape[0], dtype=np.int64)
    items = np.arange(n)
    row = np.empty(n, dtype=np.int64)
    for i in range(tiles.shape[0]):
        row[:] = tiles[i]
        out[i] = rank_of(row, items, n, n)
    return out


def _sample(dist, size: int, seed: int) -> np.ndarray:
    """About ``size`` ranks drawn uniformly among those that reach the goal, sorted."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise EightlabError(f"sample_size is a whole number >= 1, not {quote(size)}")
    rng = np.random.default_rng(seed)
    found = np.empty(0, dtype=np.int64)
    while found.size < size:
        draws = rng.integers(0, dist.shape[0], size=2 * size)
        found = np.concatenate([found, draws[dist[draws] != UNSEEN]])
    return np.unique(found[:size])


# ------------------------------------------------------------- what A* pays


def _as_heuristic(h, goal: Board, dist) -> Heuristic:
    """``h`` (a name, a Heuristic, a function of a Board or of the cells) for the searches."""
    if isinstance(h, str | Heuristic):
        return get_heuristic(h)
    n, rows, cols = goal.size, goal.rows, goal.cols
    if isinstance(h, CPUDispatcher):

        def of_state(state):
            return float(h(np.array(unpack(state, n), dtype=np.int64)))
    else:

        def of_state(state):
            return float(h(Board(unpack(state, n), rows, cols)))

    return Heuristic(_name_of(h), "the audited function", False, False,
                     lambda g: Evaluator(of_state, n), label=_name_of(h))  # fmt: skip


def _exact(goal: Board, dist) -> Heuristic:
    """h* of ``goal`` from its table, as a heuristic."""
    from eightlab.puzzle.ranking import rank

    n = goal.size

    def of_state(state):
        return float(dist[rank(unpack(state, n))])

    return Heuristic("h*", "the exact distance, from the table", True, True,
                     lambda g: Evaluator(of_state, n), label="h* (exact)")  # fmt: skip


def astar_costs(h, goal, boards: int = 10, max_depth: int = 20, seed: int = 0, dist=None,
                max_nodes: int = 1_000_000):  # fmt: skip
    """Nodes A* expands with ``h``, with h* and with Manhattan distance, on the same boards.

    The boards are drawn uniformly (with a seed) among the boards that reach ``goal`` in
    at most ``max_depth`` moves; each is solved by eightlab's A* (:func:`eightlab.solve`,
    Python engine, its tie-breaking) once per heuristic, with a budget of ``max_nodes``
    expansions.

    Parameters
    ----------
    h : str, Heuristic or callable
        As in :func:`audit`.
    goal : Board
        The goal.
    boards : int, optional
        How many boards.
    max_depth : int, optional
        Largest exact distance of a board drawn, in moves.
    seed : int, optional
        Seeds the draw.
    dist : numpy.ndarray, optional
        The goal's distance table (:func:`eightlab.puzzle.exhaustive.goal_distances`).
    max_nodes : int, optional
        Most nodes one search expands.

    Returns
    -------
    pandas.DataFrame
        One row per heuristic (``h``, ``h*``, ``manhattan``): ``boards``, ``solved``
        (within the budget), ``optimal`` (path length = h*), ``expanded`` (nodes expanded,
        summed over the boards solved by all three), ``vs_exact`` (that sum over h*'s).
    """
    import pandas as pd

    from eightlab.search import solve

    goal = as_board(goal)
    dist = goal_distances(goal) if dist is None else dist
    rng = np.random.default_rng(seed)
    near = np.flatnonzero(dist <= max_depth)
    ranks = np.sort(rng.choice(near, size=min(boards, near.size), replace=False))
    tiles = _unrank_many(ranks, goal.size)
    starts = [Board(tuple(row), goal.rows, goal.cols) for row in tiles.tolist()]
    contenders = {"h": _as_heuristic(h, goal, dist), "h*": _exact(goal, dist),
                  "manhattan": get_heuristic("manhattan")}  # fmt: skip
    runs = {}
    for label, heuristic in contenders.items():
        runs[label] = [solve(b, goal, "astar", heuristic, engine="python", max_nodes=max_nodes)
                       for b in starts]  # fmt: skip
    everywhere = [
        all(runs[k][i].status.value == "solved" for k in runs) for i in range(len(starts))
    ]
    rows = []
    for label, results in runs.items():
        expanded = sum(r.stats.expanded for r, ok in zip(results, everywhere, strict=True) if ok)
        rows.append({
            "heuristic": label,
            "boards": len(starts),
            "solved": sum(r.status.value == "solved" for r in results),
            "optimal": sum(r.status.value == "solved" and r.length == dist[rank_]
                           for r, rank_ in zip(results, ranks, strict=True)),
            "expanded": expanded,
        })  # fmt: skip
    table = pd.DataFrame(rows).set_index("heuristic")
    table["vs_exact"] = table["expanded"] / max(table.loc["h*", "expanded"], 1)
    table.attrs["max_depth"] = max_depth
    return table


__all__ = ["COMPILED", "PYTHON_ALL_BOARDS", "SAMPLE_SIZE", "Audit", "HeuristicError", "astar_costs",
           "audit"]  # fmt: skip
