"""What every search shares: the packed problem, budgets, observers, the run harness.

The seam between the readable searches (:mod:`eightlab.search`) and the compiled engine
(:mod:`eightlab.search.compiled`): both build their results here, and this module imports
neither of them, so the dispatcher calls the engine and the engine never calls back.

A search module supplies a *core*: a function ``core(problem, stats, budget) -> path``
working on packed int states (see :func:`eightlab.puzzle.grid.pack`) that raises
:class:`OutOfBudget` when :meth:`Budget.check` says so, :class:`Cutoff` when a
depth-limited search found no goal within its limit, and :class:`Exhausted` when it
searched everything reachable without finding the goal. :func:`run_search` turns a core
into the public behaviour: it reads the boards and the budgets, answers unsolvable pairs
by parity without searching, times the run and wraps everything in a
:class:`SearchResult`.
"""

from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from time import perf_counter, process_time

from eightlab.errors import EightlabError
from eightlab.heuristics.base import BuildTimeout, build_deadline
from eightlab.heuristics.pertile import slide_change
from eightlab.puzzle.board import (
    Board,
    as_board,
    cell_bits,
    check_pair,
    goal_or_default,
    neighbor_table,
)
from eightlab.puzzle.solvability import LINE_ORDER, is_line, is_solvable
from eightlab.search.budget import (  # noqa: F401  (re-exported for the search modules)
    CLOCK_INTERVAL,
    DEPTH_LIMIT,
    EXHAUSTED,
    MEMORY_BUDGET,
    NODE_BUDGET,
    PARITY,
    TIME_BUDGET,
    Budget,
    Cutoff,
    Exhausted,
    OutOfBudget,
    default_max_stored,
)
from eightlab.search.result import SearchResult, SearchStats, Status


class Observer:
    """Receives search events; subclass and override what you need.

    Searches call these only when an observer is passed, so a search without one
    pays nothing. States are given as :class:`Board`.
    """

    def on_iteration(self, threshold: float) -> None:
        """A new depth-first pass with this bound begins."""

    def on_expand(self, state: Board, g: int, h: float) -> None:
        """``state`` is expanded at cost ``g`` with heuristic value ``h``."""

    def on_generate(self, parent: Board, move: str, child: Board, g: int, h: float) -> None:
        """``child`` is generated from ``parent`` by ``move`` at cost ``g``.

        Graph searches (BFS, bidirectional BFS, the best-first family) report the
        successors they keep, not those discarded as duplicates, so the events make a
        tree; tree searches (IDA*, RBFS, the iterative-deepening family) report every
        generated node. BFS passes ``g = -1`` and ``h = 0`` (it keeps no costs).
        """


class RecordingObserver(Observer):
    """An observer that keeps every event as a tuple in ``events``.

    Events are ``("iteration", threshold)``, ``("expand", state, g, h)`` and
    ``("generate", parent, move, child, g, h)``; used to draw search trees and to animate
    searches.
    """

    def __init__(self):
        self.events: list[tuple] = []

    def on_iteration(self, threshold):
        self.events.append(("iteration", threshold))

    def on_expand(self, state, g, h):
        self.events.append(("expand", state, g, h))

    def on_generate(self, parent, move, child, g, h):
        self.events.append(("generate", parent, move, child, g, h))


@dataclass(frozen=True)
class Problem:
    """A start and goal in the packed encoding, with the move table of their size.

    Attributes
    ----------
    moves : tuple of tuple of (str, int, int, int)
        ``moves[b]`` lists ``(letter, q, shift_q, shift_b)`` for each move of a blank
        on cell ``b`` to cell ``q``, in the order d, l, r, u; a move turns state ``s``
        into ``s ^ (t << shift_q) ^ (t << shift_b)`` where ``t = (s >> shift_q) & mask``.
    """

    start_board: Board
    goal_board: Board
    start: int
    goal: int
    start_blank: int
    goal_blank: int
    rows: int
    cols: int
    bits: int
    mask: int
    moves: tuple

    @classmethod
    def of(cls, start: Board, goal: Board) -> Problem:
        bits = cell_bits(start.size)
        table = neighbor_table(start.rows, start.cols)
        moves = tuple(
            tuple((m, q, bits * q, bits * b) for m, q in table[b]) for b in range(start.size)
        )
        return cls(
            start, goal, start.packed, goal.packed, start.blank, goal.blank,
            start.rows, start.cols, bits, (1 << bits) - 1, moves,
        )  # fmt: skip

    def informed_moves(self, evaluator) -> tuple:
        """The move table with the change of h of every move, for informed searches.

        Parameters
        ----------
        evaluator : Evaluator
            The bound heuristic.

        Returns
        -------
        tuple of tuple of (str, int, int, int, tuple or None)
            ``table[b]`` lists ``(letter, q, shift_q, shift_b, dh)`` like
            :attr:`Problem.moves`, where ``dh`` is :func:`~eightlab.heuristics.pertile.slide_change` of the
            move: a child's h is ``h + dh[tile]``. ``dh`` is None for heuristics without
            per-tile costs, which are evaluated on every child.
        """
        cost = evaluator.tile_cost
        if cost is None:
            return tuple(tuple(entry + (None,) for entry in row) for row in self.moves)
        return tuple(
            tuple((letter, q, sq, sb, slide_change(cost, b, q)) for letter, q, sq, sb in row)
            for b, row in enumerate(self.moves)
        )

    def board(self, state: int) -> Board:
        """The :class:`Board` of a packed state."""
        k, mask = self.bits, self.mask
        tiles = tuple((state >> (k * p)) & mask for p in range(self.start_board.size))
        return Board(tiles, self.rows, self.cols)

    def blank_of(self, state: int) -> int:
        """The blank's cell in a packed state."""
        k, mask = self.bits, self.mask
        for p in range(self.start_board.size):
            if not (state >> (k * p)) & mask:
                return p
        raise AssertionError("packed state has no blank")


@contextmanager
def recursion_room(depth: int):
    """Let the interpreter recurse at least ``depth`` calls deeper, for this block.

    Python's default recursion limit (1000) is far above what 3x3 and 4x4 searches
    need; bigger boards or limits raise it here and restore it afterwards.
    """
    old = sys.getrecursionlimit()
    needed = _stack_depth() + depth + 100
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _stack_depth() -> int:
    """Number of frames on the interpreter's stack below the caller."""
    depth, frame = 0, sys._getframe(1)
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth


def path_from_parents(parents: dict, state: int) -> str:
    """Follow ``parents[state] = (previous_state, move)`` back to the root (``None``)."""
    moves = []
    while True:
        entry = parents[state]
        if entry is None:
            break
        state, move = entry
        moves.append(move)
    return "".join(reversed(moves))


def pass_row(stats: SearchStats, before: tuple, expanded: int, generated: int) -> dict:
    """The ``per_iteration`` row of the last pass: its threshold and its own counts.

    ``before`` holds the totals ``(expanded, generated)`` when the pass began; the
    pass's threshold is the last of ``stats.thresholds``.
    """
    return {
        "iteration": len(stats.thresholds),
        "threshold": stats.thresholds[-1],
        "expanded": expanded - before[0],
        "generated": generated - before[1],
    }


#: The largest board a search takes, in cells (16x16). Its move tables grow with the
#: square of the cells and are built before the budget's clock can stop anything; no
#: search of eightlab solves boards anywhere near this size.
MAX_CELLS = 256


def prepare(start, goal) -> tuple[Board, Board]:
    """Read start and goal (goal defaults to the ordered board of the start's size).

    Raises
    ------
    EightlabError
        For a board of more than :data:`MAX_CELLS` cells.
    """
    start = as_board(start)
    if start.size > MAX_CELLS:
        raise EightlabError(
            f"boards of at most {MAX_CELLS} cells can be searched, not {start.rows}x{start.cols}"
        )
    goal = goal_or_default(goal, start)
    check_pair(start, goal)
    return start, goal


def _registered(heuristic):
    """The registered heuristic named ``heuristic``, or None (a search given a heuristic
    of its own records a name only)."""
    from eightlab.errors import UnknownNameError
    from eightlab.heuristics import get_heuristic

    if not isinstance(heuristic, str):
        return None
    try:
        return get_heuristic(heuristic)
    except UnknownNameError:
        return None


def run_search(
    algorithm: str,
    heuristic: str | None,
    start,
    goal,
    core,
    options: dict | None = None,
    /,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_stored: int | None = None,
) -> SearchResult:
    """Run ``core`` on a start/goal pair and wrap its outcome in a :class:`SearchResult`.

    Parameters
    ----------
    algorithm, heuristic : str
        Registry names recorded in the result (``heuristic`` None when uninformed).
    start, goal : Board or str
        The boards; ``goal`` defaults to the tiles in order with the blank last.
    core : callable
        ``core(problem, stats, budget) -> path``, see the module docstring.
    options : dict, optional
        The algorithm's own options, recorded in :attr:`SearchResult.options` with the
        budgets.
    max_nodes, max_seconds, max_stored : optional
        The budgets (:class:`Budget`), keywords only, as the public searches take them
        (their ``**budgets``); ``max_stored`` defaults to :func:`default_max_stored`.

    Returns
    -------
    SearchResult
        ``solved``; ``unsolvable`` by parity, or on a single row or column by the
        tiles' order (nothing searched), or because the search
        exhausted what it could reach; ``cutoff`` when a depth limit was reached;
        ``budget_exceeded`` with :attr:`SearchResult.reason` the budget that ran out.
        A ``MemoryError`` inside the search counts as the memory budget running out.

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards or boards of different sizes, or a ``heuristic`` not
        defined on their size (before parity is read).
    EightlabError
        On a bad budget.
    """
    start, goal = prepare(start, goal)
    if max_stored is None:
        max_stored = default_max_stored()
    budget = Budget(max_nodes, max_seconds, max_stored)  # refuses bad budgets, even unsolvable
    stats = SearchStats()
    record = dict(options or {})
    record.update(max_nodes=budget.max_nodes, max_seconds=budget.max_seconds)
    record.update(max_stored=budget.max_stored)

    def result(status, path=None, reason=None):
        return SearchResult(algorithm, heuristic, start, goal, status, path, stats, reason, record)

    fitted = _registered(heuristic)
    if fitted is not None and not fitted.applies_to(goal):  # bad input, whatever the parity
        fitted.bind(goal)  # raises the BoardError that names both
    if not is_solvable(start, goal):
        return result(Status.UNSOLVABLE, reason=LINE_ORDER if is_line(start) else PARITY)
    wall0, cpu0 = perf_counter(), process_time()
    collecting = gc.isenabled()
    gc.disable()
    out_of_memory = False
    try:
        with build_deadline(budget.deadline):  # a pattern database built here stops too
            outcome = result(Status.SOLVED, core(Problem.of(start, goal), stats, budget))
    except OutOfBudget as stop:
        outcome = result(Status.BUDGET_EXCEEDED, reason=stop.reason)
    except BuildTimeout as stop:  # the heuristic's tables were not ready in time
        reason = TIME_BUDGET if stop.detail is None else f"{TIME_BUDGET}: {stop.detail}"
        outcome = result(Status.BUDGET_EXCEEDED, reason=reason)
    except Cutoff:
        outcome = result(Status.CUTOFF, reason=DEPTH_LIMIT)
    except Exhausted:
        outcome = result(Status.UNSOLVABLE, reason=EXHAUSTED)
    except MemoryError:
        # nothing is built here: the traceback still holds the core's frame and tables
        out_of_memory = True
    finally:
        if collecting:
            gc.enable()
    if out_of_memory:  # the tables are freed now, with the traceback
        outcome = result(Status.BUDGET_EXCEEDED, reason=MEMORY_BUDGET)
    stats.wall_seconds = perf_counter() - wall0
    stats.cpu_seconds = process_time() - cpu0
    return outcome
