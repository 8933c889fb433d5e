"""What every search shares: the packed problem, budgets, observers, the run harness.

A search module supplies a *core*: a function ``core(problem, stats, budget) -> path``
working on packed int states (see :func:`eightlab.board.pack`) that raises
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
from numbers import Integral, Real
from time import perf_counter, process_time

from eightlab.board import Board, as_board, cell_bits, check_pair, is_solvable, neighbor_table
from eightlab.errors import EightlabError
from eightlab.result import SearchResult, SearchStats, Status

#: Most expansions between two looks at the clock.
CLOCK_INTERVAL = 1024

#: Most successors of one expansion (a blank has at most four neighbours).
MAX_BRANCHING = 4

#: Why a search ended without a path (:attr:`SearchResult.reason`).
NODE_BUDGET = "node budget"
TIME_BUDGET = "time budget"
MEMORY_BUDGET = "memory budget"
DEPTH_LIMIT = "depth limit"
EXHAUSTED = "search space exhausted"
PARITY = "parity"

#: Bytes of memory one stored state costs in the hungriest search, A* (the dicts of g
#: and parents, the closed set, the heap entry with its share of stale entries, the
#: ints): the growth of peak resident memory per state held was 293 bytes for A* on a
#: 4x4 board stopped at 2 million states, 195 for bidirectional BFS and 188 for BFS
#: (``benchmarks/bench_memory.py``); rounded up to leave room for the moments when a
#: dict or the heap doubles its table.
BYTES_PER_STATE = 400

#: Seconds it takes to free one stored state when a search ends (its dict entries,
#: heap entry and ints): measured as 0.77 microseconds on the 2-core development
#: machine under load, A* on 4x4 stopped by its time budget at 0.6 and 2.7 million
#: states (``benchmarks/bench_memory.py``). :meth:`Budget.check` keeps that much of the
#: time budget in reserve, so freeing happens within the budget.
FREE_SECONDS_PER_STATE = 0.8e-6

#: Share of the available memory that :func:`default_max_stored` lets one search use.
MEMORY_SHARE = 0.5


class OutOfBudget(Exception):
    """Raised inside a core when a budget is spent; ``reason`` says which."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Cutoff(Exception):
    """Raised by a depth-limited core that found no goal within its limit (AIMA's cutoff)."""


class Exhausted(Exception):
    """Raised by a core that searched everything it could reach without meeting the goal."""


def available_memory() -> int:
    """Bytes of memory this process may still use: the smaller of the kernel's
    ``MemAvailable`` and the room left under a cgroup (v2) memory limit; 8 GiB when
    neither can be read (not Linux)."""
    found = []
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    found.append(int(line.split()[1]) * 1024)
                    break
    except (OSError, ValueError, IndexError):
        pass
    try:
        with (
            open("/sys/fs/cgroup/memory.max") as limit,
            open("/sys/fs/cgroup/memory.current") as current,
        ):
            text = limit.read().strip()
            if text != "max":
                found.append(max(0, int(text) - int(current.read().strip())))
    except (OSError, ValueError):
        pass
    return min(found) if found else 8 << 30


def default_max_stored() -> int:
    """The default memory budget of a search, in states held at once.

    ``MEMORY_SHARE`` (half) of :func:`available_memory` divided by
    :data:`BYTES_PER_STATE` (400 bytes, measured on A*), at least 100,000: about 29
    million states with 23 GB available. Read again at every call, so it follows the
    machine's load.
    """
    return max(100_000, int(MEMORY_SHARE * available_memory()) // BYTES_PER_STATE)


def _whole(name: str, value, least: int, none: str = "no limit"):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral) or value < least:
        raise EightlabError(
            f"{name} must be a whole number >= {least} (None: {none}), not {value!r}"
        )
    return int(value)


class Budget:
    """The node, time and memory budgets of one search.

    Parameters
    ----------
    max_nodes : int, optional
        Most nodes a search may expand.
    max_seconds : float, optional
        Most wall-clock seconds a search may run.
    max_stored : int, optional
        Most states a search may hold at once (its ``max_stored`` count: frontier,
        visited tables, the path of a depth-first search).

    Raises
    ------
    EightlabError
        For a budget that is not a number of the right kind (``True``, ``"5"``, NaN,
        infinity, a negative count), naming the argument.

    Notes
    -----
    What the time budget covers: the clock starts when :func:`run_search` has read the
    boards and budgets, before the parity test, and is read at the checks of the
    expansion loop, so it covers preparing the search (binding the heuristic: a pattern
    database is built there, once per goal, then cached; that build is not interrupted
    and may overshoot) and the search itself. Freeing the search's tables when it stops
    is covered by a reserve: a check stops the search when the time left is less than
    :data:`FREE_SECONDS_PER_STATE` per state held (before that reserve, A* with
    ``max_seconds=60`` on a hard 4x4 board returned after 65.9 s, its last seconds spent
    freeing tens of millions of dict and heap entries). Not covered: reading the path
    back (linear in its length) and building the result, microseconds.

    The checks: cores keep a local ``expanded`` counter and call
    ``check_at = budget.check(expanded, stored)`` whenever ``expanded >= check_at``; the
    hot loop pays one integer comparison. The clock is read at most
    :data:`CLOCK_INTERVAL` expansions apart, and the checks come often enough that a
    search never holds more than ``max_stored + 3`` states (an expansion adds at most
    :data:`MAX_BRANCHING`). Python's cyclic garbage collector is paused during the
    search (:func:`run_search`): the search makes no reference cycles, and a full
    collection over tens of millions of heap entries took seconds, unchecked.
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        max_stored: int | None = None,
    ):
        self.max_nodes = _whole("max_nodes", max_nodes, 0)
        self.max_stored = _whole("max_stored", max_stored, 1, "the machine's default")
        if max_seconds is not None and (
            isinstance(max_seconds, bool)
            or not isinstance(max_seconds, Real)
            or not (0 < max_seconds < float("inf"))  # and NaN
        ):
            raise EightlabError(
                f"max_seconds must be a finite number > 0 (None: no limit), not {max_seconds!r}"
            )
        self.max_seconds = None if max_seconds is None else float(max_seconds)
        self.started = perf_counter()
        self.deadline = None if max_seconds is None else self.started + self.max_seconds

    def first_check(self) -> int:
        """The expansion count at which a core first calls :meth:`check`: the first.

        Nothing is checked before a node is expanded, so a start that is the goal is
        solved even with ``max_nodes=0``.
        """
        return 0

    def check(self, expanded: int, stored: int = 0) -> int:
        """Raise :class:`OutOfBudget` if a budget is spent, else return the next checkpoint.

        Parameters
        ----------
        expanded : int
            Nodes expanded so far.
        stored : int
            States held now.
        """
        if self.max_nodes is not None and expanded >= self.max_nodes:
            raise OutOfBudget(NODE_BUDGET)
        if self.max_stored is not None and stored > self.max_stored:
            raise OutOfBudget(MEMORY_BUDGET)
        if self.deadline is not None:
            if perf_counter() + stored * FREE_SECONDS_PER_STATE > self.deadline:
                raise OutOfBudget(TIME_BUDGET)
        nxt = 1 << 62
        if self.deadline is not None:
            nxt = expanded + CLOCK_INTERVAL
        if self.max_stored is not None:
            room = max(1, (self.max_stored - stored) // MAX_BRANCHING)
            nxt = min(nxt, expanded + min(room, CLOCK_INTERVAL))
        if self.max_nodes is not None:
            nxt = min(nxt, self.max_nodes)
        return nxt

    def check_depth(self, depth: int) -> None:
        """Raise :class:`OutOfBudget` if a path of ``depth`` moves would exceed ``max_stored``.

        Recursive depth-first passes (IDA*, iddfs-h, RBFS) call it before a pass or a
        descent: their path is never deeper than the bound they check here.
        """
        if self.max_stored is not None and depth + 1 > self.max_stored:
            raise OutOfBudget(MEMORY_BUDGET)


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
    """An observer that keeps every event as a tuple in :attr:`events`.

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
            ``table[b]`` lists ``(letter, q, shift_q, shift_b, dh)`` like :attr:`moves`,
            where ``dh[t]`` is the change of h when tile ``t`` slides from cell ``q`` to
            the blank's cell ``b`` (and the blank the other way): so a child's h is
            ``h + dh[tile]``, updated from the one tile that moves. ``dh`` is None for
            heuristics without per-tile costs, which are evaluated on every child.
        """
        tile_cost = evaluator.tile_cost
        if tile_cost is None:
            return tuple(tuple(entry + (None,) for entry in row) for row in self.moves)
        blank_cost = tile_cost[0]
        return tuple(
            tuple(
                (letter, q, sq, sb, tuple(
                    tile_cost[t][b] - tile_cost[t][q] + blank_cost[q] - blank_cost[b]
                    for t in range(len(tile_cost))
                ))
                for letter, q, sq, sb in self.moves[b]
            )
            for b in range(len(self.moves))
        )  # fmt: skip

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


def prepare(start, goal) -> tuple[Board, Board]:
    """Read start and goal (goal defaults to the ordered board of the start's size)."""
    start = as_board(start)
    goal = Board.goal(start.rows, start.cols) if goal is None else as_board(goal, start)
    check_pair(start, goal)
    return start, goal


def run_search(
    algorithm: str,
    heuristic: str | None,
    start,
    goal,
    core,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    max_stored: int | None = None,
    options: dict | None = None,
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
    max_nodes, max_seconds, max_stored : optional
        The budgets (:class:`Budget`); ``max_stored`` defaults to
        :func:`default_max_stored`.
    options : dict, optional
        The algorithm's own options, recorded in :attr:`SearchResult.options` with the
        budgets.

    Returns
    -------
    SearchResult
        ``solved``; ``unsolvable`` by parity (nothing searched) or because the search
        exhausted what it could reach; ``cutoff`` when a depth limit was reached;
        ``budget_exceeded`` with :attr:`SearchResult.reason` the budget that ran out.
        A ``MemoryError`` inside the search counts as the memory budget running out.

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards or boards of different sizes.
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

    if not is_solvable(start, goal):
        return result(Status.UNSOLVABLE, reason=PARITY)
    wall0, cpu0 = perf_counter(), process_time()
    collecting = gc.isenabled()
    gc.disable()
    try:
        outcome = result(Status.SOLVED, core(Problem.of(start, goal), stats, budget))
    except OutOfBudget as stop:
        outcome = result(Status.BUDGET_EXCEEDED, reason=stop.reason)
    except Cutoff:
        outcome = result(Status.CUTOFF, reason=DEPTH_LIMIT)
    except Exhausted:
        outcome = result(Status.UNSOLVABLE, reason=EXHAUSTED)
    except MemoryError:
        outcome = result(Status.BUDGET_EXCEEDED, reason=MEMORY_BUDGET)
    finally:
        if collecting:
            gc.enable()
    stats.wall_seconds = perf_counter() - wall0
    stats.cpu_seconds = process_time() - cpu0
    return outcome
