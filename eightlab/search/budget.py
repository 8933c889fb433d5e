"""Budgets of a search: nodes, seconds and states held (memory), and why a search stops.

A core calls :meth:`Budget.check` from its expansion loop; a spent budget raises
:class:`OutOfBudget` with the reason, which :func:`eightlab.search.harness.run_search`
turns into ``budget_exceeded``. :func:`default_max_stored` derives the memory budget
from the machine.
"""

from __future__ import annotations

import mmap
from numbers import Integral, Real
from time import perf_counter

from eightlab.errors import EightlabError
from eightlab.memory import available_memory

#: Most expansions between two looks at the clock.
CLOCK_INTERVAL = 1024

#: Most successors of one expansion (a blank has at most four neighbours).
MAX_BRANCHING = 4

#: Why a search ended without a path (:attr:`~eightlab.search.result.SearchResult.reason`):
#: its node budget ran out.
NODE_BUDGET = "node budget"
#: ... its time budget ran out.
TIME_BUDGET = "time budget"
#: ... its memory budget ran out.
MEMORY_BUDGET = "memory budget"
#: ... its depth limit cut it off.
DEPTH_LIMIT = "depth limit"
#: ... it generated every state it could reach.
EXHAUSTED = "search space exhausted"
#: ... the start and the goal differ in parity, so no path exists.
PARITY = "parity"

#: Bytes of memory one stored state costs in the hungriest search, A* (the dicts of g
#: and parents, the closed set, the heap entry with its share of stale entries, the
#: ints), rounded up from the growth of peak memory per state that
#: ``benchmarks/bench_memory.py`` measures (``benchmarks/README.md``), to leave room for
#: the moments when a dict or the heap doubles its table.
BYTES_PER_STATE = 400

#: Seconds it takes to free one stored state when a search ends (its dict entries,
#: heap entry and ints), rounded up from ``benchmarks/bench_memory.py``'s measure.
#: :meth:`Budget.check` keeps that much of the time budget in reserve, so freeing
#: happens within the budget.
FREE_SECONDS_PER_STATE = 0.8e-6

#: Share of the available memory that :func:`default_max_stored` lets one search use.
MEMORY_SHARE = 0.5

#: Bytes a :class:`Budget` sets aside when a search starts and gives back at its first
#: ``MemoryError`` (:meth:`Budget.spend_reserve`): at the limit every allocation fails
#: or crawls through the allocator's fallbacks, and the few objects that ending the
#: search needs (its counts, the result) must not wait for the tables to be freed.
#: Reserved address space only (one per process, made when a search starts if it is
#: not there): the pages are never touched, so they cost no memory.
RESERVE_BYTES = 16 << 20


class OutOfBudget(Exception):
    """Raised inside a core when a budget is spent; ``reason`` says which.

    Without a reason it is the time budget spent before the search's loop. A heuristic
    whose tables are not ready by the search's deadline raises its own
    :class:`~eightlab.heuristics.base.BuildTimeout` instead, which
    :func:`~eightlab.search.harness.run_search` reports as the time budget.
    """

    def __init__(self, reason: str = "time budget (spent building a pattern database)"):
        super().__init__(reason)
        self.reason = reason


class Cutoff(Exception):
    """Raised by a depth-limited core that found no goal within its limit (AIMA's cutoff)."""


class Exhausted(Exception):
    """Raised by a core that searched everything it could reach without meeting the goal."""


def default_max_stored() -> int:
    """The default memory budget of a search, in states held at once.

    ``MEMORY_SHARE`` (half) of :func:`available_memory` divided by
    :data:`BYTES_PER_STATE`, and at least 100,000 states when that much fits. Under
    ``ulimit -v`` the address space that is left counts, not the machine's free memory.
    Read again at every call, so it follows the machine's load. The margin left for the
    dict and heap doublings in flight, for freeing and for the rest of the process is
    what ``benchmarks/bench_memory.py`` checks.

    Returns
    -------
    int
        The number of states.
    """
    room = available_memory()
    floor = min(100_000, room // BYTES_PER_STATE)
    return max(1, floor, int(MEMORY_SHARE * room) // BYTES_PER_STATE)


def _whole(name: str, value, least: int, none: str = "no limit"):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral) or value < least:
        raise EightlabError(
            f"{name} must be a whole number >= {least} (None: {none}), not {value!r}"
        )
    return int(value)


_reserve = None  # the process's reserve: one anonymous mapping, made again once spent


def _arm_reserve() -> None:
    """Set :data:`RESERVE_BYTES` of address space aside, without touching a page."""
    global _reserve
    if _reserve is None:
        try:
            _reserve = mmap.mmap(-1, RESERVE_BYTES)
        except (OSError, ValueError):  # already at the limit: the search will say so
            _reserve = None


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
    What the time budget covers: the clock starts when
    :func:`~eightlab.search.harness.run_search` has read the boards and budgets, before
    the parity test, and is read at the checks of the expansion loop, so it covers
    preparing the search (binding the heuristic: a pattern database is built there, once
    per goal, then cached) and the search itself. Freeing the search's tables when it stops
    is covered by a reserve: a check stops the search when the time left is less than
    :data:`FREE_SECONDS_PER_STATE` per state held. Not covered: reading the path back
    (linear in its length) and building the result.

    The checks: cores keep a local ``expanded`` counter and call
    ``check_at = budget.check(expanded, stored)`` whenever ``expanded >= check_at``; the
    hot loop pays one integer comparison. The clock is read at most
    :data:`CLOCK_INTERVAL` expansions apart, and the checks come often enough that a
    search never holds more than ``max_stored + 3`` states (an expansion adds at most
    :data:`MAX_BRANCHING`). Python's cyclic garbage collector is paused during the
    search (:func:`~eightlab.search.harness.run_search`): the search makes no reference
    cycles, and a full collection over tens of millions of heap entries would run
    unchecked.
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
        _arm_reserve()

    @staticmethod
    def spend_reserve() -> None:
        """Give back :data:`RESERVE_BYTES` at a ``MemoryError``, before anything allocates.

        A core that stores states calls it first thing when a ``MemoryError`` reaches it
        (``except MemoryError: budget.spend_reserve(); raise``), so that its bookkeeping
        in ``finally`` and the result that :func:`~eightlab.search.solve` builds find
        memory at once; the search then ends as ``budget_exceeded`` with reason
        :data:`MEMORY_BUDGET`.
        """
        global _reserve
        if _reserve is not None:
            _reserve.close()
            _reserve = None

    def first_check(self) -> int:
        """The expansion count at which a core first calls :meth:`Budget.check`: the first.

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
