"""MM, bidirectional heuristic search that meets in the middle, and the naive bidirectional
A* that stops at the first meeting (the classic wrong answer, kept to show it).

MM (Holte, Felner, Sharon & Sturtevant, AAAI 2016) runs A*-like searches from both ends
on the priority ``pr(n) = max(f(n), 2 g(n))``, expands the node of least priority on
either side and stops when the best path found, U, is no longer than the lower bound
``max(C, fmin_F, fmin_B, gmin_F + gmin_B + 1)`` (C the least priority, 1 the cheapest
move). Since no node with ``g >= C*/2`` is expanded before the bound reaches C*, the two
searches meet in the middle.
"""

from __future__ import annotations

from heapq import heappop, heappush

from eightlab.search.budget import Exhausted
from eightlab.search.result import SearchResult
from eightlab.search.sides import (
    BACKWARD,
    FORWARD,
    expand,
    run_bidirectional,
    search_sides,
    start_stats,
)

INF = float("inf")


def _mm_core(problem, stats, budget, forward_h, backward_h, *, observer, naive):
    """MM (or, with ``naive``, two A*s stopped at the first meeting); returns the path."""
    record = start_stats(stats)

    priority = _f if naive else _mm_priority

    def loop(sides, opens, meeting, frontier):
        check_at = budget.first_check()
        while True:
            fo, bo = opens
            if naive and meeting.state is not None:
                record["termination"] = "first meeting"
                break
            # MM's lower bound on the cost of any path not found yet
            bound, why = max(
                (min(fo.least(), bo.least()), "U <= C (least priority max(f, 2g))"),
                (fo.f.least, "U <= fmin forward"),
                (bo.f.least, "U <= fmin backward"),
                (fo.g.least + bo.g.least + 1, "U <= gmin forward + gmin backward + 1"),
            )
            if not naive and meeting.cost <= bound:
                record["termination"] = why
                break
            if fo.least() == INF or bo.least() == INF:
                raise Exhausted  # one side has expanded everything it can reach
            d = FORWARD if fo.least() <= bo.least() else BACKWARD
            expanded = sides[0].expanded + sides[1].expanded
            if expanded >= check_at:
                check_at = budget.check(expanded, len(sides[0].g) + len(sides[1].g))
            state, blank, g, h = opens[d].pop()
            expand(sides[d], sides[1 - d], state, blank, g, h, meeting,
                   opens[d].push, opens[d].withdraw, observer, problem)  # fmt: skip
            frontier[0] = max(frontier[0], len(fo.heap) + len(bo.heap))

    def new_open(side, blank):
        return PriorityOpen(side, blank, priority)

    return search_sides(problem, stats, budget, forward_h, backward_h, record, loop, new_open)


def _mm_priority(g, h):
    return max(g + h, 2 * g)


def _f(g, h):
    return g + h


class Counts:
    """How many open nodes have each value (of f, or of g), and the least value.

    Values are rounded to 6 decimals, so an h updated move by move and the same h
    evaluated afresh land on the same key.
    """

    __slots__ = ("count", "least")

    def __init__(self):
        self.count = {}
        self.least = INF

    def add(self, value):
        """Count one more open node of ``value``.

        Parameters
        ----------
        value : float
            Its f or g.
        """
        value = round(value, 6)
        self.count[value] = self.count.get(value, 0) + 1
        if value < self.least:
            self.least = value

    def remove(self, value):
        """Count one open node of ``value`` fewer (it was expanded or withdrawn).

        Parameters
        ----------
        value : float
            Its f or g, as it was added.
        """
        value = round(value, 6)
        left = self.count[value] - 1
        if left:
            self.count[value] = left
        else:
            del self.count[value]
            if value == self.least:
                self.least = min(self.count, default=INF)


class PriorityOpen:
    """One side's open list on a priority of (g, h): a lazy heap, with the counts of f
    and g of the open nodes that MM's stopping rule reads.

    Heap entries are ``(priority, g, seq, state, blank, h)``: least priority, then least
    g, then first in, first out; an entry whose state has been closed or reached more
    cheaply in the meantime is skipped when it surfaces.

    Parameters
    ----------
    side : Side
        The side whose open list this is (its root, its heuristic, its tables).
    blank : int
        The cell of the blank in the side's root.
    priority : callable
        ``priority(g, h)``: MM's ``max(g + h, 2 g)``, or ``g + h`` for the naive search.
    """

    __slots__ = ("side", "priority", "heap", "f", "g", "seq")

    def __init__(self, side, blank, priority):
        self.side, self.priority = side, priority
        h = side.root_h
        self.heap = [(priority(0, h), 0, 0, side.root, blank, h)]
        self.f, self.g = Counts(), Counts()
        self.f.add(h)
        self.g.add(0)
        self.seq = 0

    def push(self, side, child, blank, g, h):
        """Put ``child`` on the open list with cost ``g`` and heuristic value ``h``.

        Parameters
        ----------
        side : Side
            The side (the same as the list's; the signature is the one
            :func:`~eightlab.search.sides.expand` calls).
        child : int
            The packed state.
        blank : int
            The cell of its blank.
        g, h : float
            Its cost from the side's root and its heuristic value.
        """
        self.seq += 1
        heappush(self.heap, (self.priority(g, h), g, self.seq, child, blank, h))
        self.f.add(g + h)
        self.g.add(g)

    def withdraw(self, side, child, old_g):
        """``child`` leaves the open list (reached more cheaply; its entry goes stale).

        Parameters
        ----------
        side : Side
            The side, whose evaluator gives ``child``'s h.
        child : int
            The packed state.
        old_g : float
            The cost it was open with.
        """
        self.f.remove(old_g + side.evaluator(child))
        self.g.remove(old_g)

    def least(self):
        """The least priority on the open list (infinity when it is empty).

        Returns
        -------
        float
            The priority of the first live entry; stale entries above it are dropped.
        """
        heap, side = self.heap, self.side
        while heap and not side.is_open(heap[0][3], heap[0][1]):
            heappop(heap)
        return heap[0][0] if heap else INF

    def pop(self):
        """Take the open node of least priority.

        Returns
        -------
        tuple
            ``(state, blank, g, h)`` of that node.
        """
        self.least()
        _, g, _, state, blank, h = heappop(self.heap)
        self.f.remove(g + h)
        self.g.remove(g)
        return state, blank, g, h


def mm_search(start, goal=None, heuristic="manhattan", *, observer=None, **budgets) -> SearchResult:
    """MM: bidirectional heuristic search that meets in the middle.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_nodes`` counts both sides together,
        ``max_stored`` the states in both sides' tables. The heuristic is front-to-end:
        the forward side uses it bound to the goal, the backward side bound to the
        start.
    observer : Observer, optional
        Receives the expand and generate events of both sides; ``g`` is the cost from
        the side's own root and ``h`` the side's own heuristic.

    Returns
    -------
    SearchResult
        A shortest path with any admissible heuristic (closed nodes reached more
        cheaply are reopened, so consistency is not needed). ``stats.per_direction``
        holds each side's ``expanded``, ``generated`` and ``g_expanded`` (nodes
        expanded at each g), the ``meeting`` state, the path ``cost`` and the
        ``termination`` condition that fired.

    Notes
    -----
    Each step expands, on the side whose open list has the least priority
    ``pr(n) = max(g + h, 2 g)`` (the forward side on ties), the open node of least
    priority, then least g. A generated node that the other side has reached closes a
    path; U is the cheapest. The search stops when ``U <= max(C, fmin_F, fmin_B,
    gmin_F + gmin_B + 1)``, where C is the least priority over both open lists, fmin
    and gmin the least f and g on each, and 1 the cost of the cheapest move (epsilon in
    the paper): every path not yet found costs at least that much.

    References
    ----------
    .. [1] R. C. Holte, A. Felner, G. Sharon and N. R. Sturtevant, "Bidirectional
       search that is guaranteed to meet in the middle", AAAI 2016.
    """
    return run_bidirectional(
        "mm", _mm_core, start, goal, heuristic, budgets, observer=observer, naive=False
    )


def naive_bidirectional_astar_search(
    start, goal=None, heuristic="manhattan", *, observer=None, **budgets
) -> SearchResult:
    """Bidirectional A* done naively: two A*s that stop at the first meeting. NOT optimal.

    The textbook mistake, kept to be shown: the first state reached by both sides need
    not lie on a shortest path, so the path returned can be longer than the optimum (a
    board where it is: ``tests/test_bidirectional_heuristic.py``). Each step expands the
    open node of least f on the side whose least f is smaller, and the search returns as
    soon as a generated node has been reached by the other side (``termination`` "first
    meeting").

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`mm_search`.
    observer : Observer, optional
        Receives the expand and generate events of both sides.

    Returns
    -------
    SearchResult
        A path, possibly longer than the shortest; ``stats.per_direction`` as in
        :func:`mm_search`.

    References
    ----------
    .. [1] I. Pohl, "Bi-directional search", Machine Intelligence 6, 1971 (why the
       first meeting is not enough, and the correct stopping rule).
    """
    return run_bidirectional(
        "bidirectional-astar-naive", _mm_core, start, goal, heuristic, budgets,
        observer=observer, naive=True,
    )  # fmt: skip
