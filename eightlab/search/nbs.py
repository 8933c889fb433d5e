"""NBS, near-optimal bidirectional search: it expands *pairs* of nodes, one from each side,
in the order of their lower bound; with a consistent heuristic, among the pairs whose lower
bound is below ``C*`` it expands at most twice the minimum number of nodes any admissible
front-to-end bidirectional search must expand there (Chen, Holte, Zilles & Sturtevant,
IJCAI 2017). The pairs at the lower bound ``C*`` are not counted (see :func:`nbs_search`).

The lower bound of a pair (u forward, v backward) is ``lb(u, v) = max(f_F(u), f_B(v),
g_F(u) + g_B(v) + 1)``, 1 the cost of the cheapest move (epsilon in the paper). Each
step takes a pair of least lb and expands both of its nodes; the search stops when the
best path found, U, is no longer than the least lb left.
"""

from __future__ import annotations

from eightlab.search.budget import Exhausted
from eightlab.search.result import SearchResult
from eightlab.search.sides import BACKWARD, FORWARD, run_bidirectional, search_sides, start_stats


def _nbs_core(problem, stats, budget, forward_h, backward_h, *, observer):
    """NBS on the two sides; returns the path (see the module docstring)."""
    record = start_stats(stats)
    lb_expanded = record["lb_expanded"] = {}  # lower bound -> nodes expanded at it

    def loop(sides, queues, meeting, frontier):
        bound = max(sides[FORWARD].root_h, sides[BACKWARD].root_h)
        check_at = budget.first_check()
        while True:
            bound, found = lowest_pair(queues, sides, bound)
            if meeting.cost <= bound:
                record["termination"] = "U <= least lb(u, v) of a pair"
                break
            if not found:  # a side expanded all it reaches: its g are exact, U is C*
                if meeting.state is None:
                    raise Exhausted
                record["termination"] = "a side's open list is empty"
                break
            expanded = sides[0].expanded + sides[1].expanded
            if expanded >= check_at:
                check_at = budget.check(expanded, len(sides[0].g) + len(sides[1].g))
            # the pair: the least-g ready node of each side (expanding one touches
            # only its own side's tables, so the other's top stays the same)
            for d in (FORWARD, BACKWARD):
                queues[d].expand_next(sides[1 - d], meeting, observer, problem)
            lb_expanded[bound] = lb_expanded.get(bound, 0) + 2
            frontier[0] = max(frontier[0], len(queues[0]) + len(queues[1]))

    return search_sides(problem, stats, budget, forward_h, backward_h, record, loop)


def lowest_pair(queues, sides, bound):
    """Raise ``bound`` to the least lb(u, v) over pairs of open nodes.

    Waiting nodes with
    ``f <= bound`` move to ready; if the least-g ready nodes of the two sides have
    ``g_F + g_B + 1 > bound``, the bound rises to the least of that sum and the least f
    still waiting on either side (hog2's ``NBSQueue::GetNextPair``, the same rule).

    Parameters
    ----------
    queues : tuple of (ReadyQueue, ReadyQueue)
        The forward and the backward side's open lists.
    sides : tuple of (Side, Side)
        The two sides, whose ``open_count`` says whether either list is empty.
    bound : float
        The current lower bound on the cost of a path not yet found.

    Returns
    -------
    bound : float
        The raised bound.
    found : bool
        True when the ready tops of both sides form a pair with ``lb <= bound`` (then
        every pair has ``lb >= bound``, so it is a pair of least lb), False when a
        side's open list is empty.
    """
    forward, backward = queues
    while sides[FORWARD].open_count and sides[BACKWARD].open_count:
        forward.promote(bound)
        backward.promote(bound)
        gf, gb = forward.least_g_ready(), backward.least_g_ready()
        both = gf is not None and gb is not None
        if both and gf + gb + 1 <= bound:
            return bound, True
        rises = [
            f for f in (forward.least_f_waiting(), backward.least_f_waiting()) if f is not None
        ]
        if both:
            rises.append(gf + gb + 1)
        bound = min(rises)
    return bound, False


def nbs_search(
    start, goal=None, heuristic="manhattan", *, observer=None, **budgets
) -> SearchResult:
    """NBS: near-optimal bidirectional search, expanding pairs of nodes by lower bound.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_nodes`` counts both sides together
        (NBS expands two nodes per step, so it may stop one node past it),
        ``max_stored`` the states in both sides' tables. Front-to-end heuristic: the
        forward side uses it bound to the goal, the backward side bound to the start.
    observer : Observer, optional
        Receives the expand and generate events of both sides.

    Returns
    -------
    SearchResult
        A shortest path with any admissible heuristic (closed nodes reached more
        cheaply are reopened). ``stats.per_direction`` as for
        :func:`~eightlab.search.mm.mm_search`, plus ``lb_expanded``: nodes expanded at
        each value of the pair lower bound.

    Notes
    -----
    The guarantee of the paper: with a *consistent* heuristic, NBS expands at most
    2 |VC| nodes among the pairs with ``lb < C*``, |VC| the minimum vertex cover of the
    must-expand pairs (:mod:`eightlab.analysis.mustexpand` computes it exactly on the 8-puzzle).
    Pairs with ``lb = C*`` expanded before the optimal path is found are outside it
    (the tie-breaking at C* of the paper); ``lb_expanded`` separates them.

    Open lists as in the paper: each side keeps *waiting* nodes on a heap by f and
    *ready* ones (``f <= bound``) on a heap by g; the pair taken is the least-g ready
    node of each side.

    References
    ----------
    .. [1] J. Chen, R. C. Holte, S. Zilles and N. R. Sturtevant, "Front-to-end
       bidirectional heuristic search with near-optimal node expansions", IJCAI 2017.
    .. [2] J. Eckerle, J. Chen, N. R. Sturtevant, S. Zilles and R. C. Holte,
       "Sufficient conditions for node expansion in bidirectional heuristic search",
       ICAPS 2017.
    """
    return run_bidirectional("nbs", _nbs_core, start, goal, heuristic, budgets, observer=observer)
