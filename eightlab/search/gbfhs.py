"""GBFHS, general breadth-first heuristic search (Barley, Riddle, Linares López, Dobson &
Pfahringer, SoCS 2018): an f limit that rises by one, split between the two sides as g
limits.

With unit moves, an iteration with limit ``f_lim`` and split ``g_lim_F + g_lim_B =
f_lim`` expands, on each side, every open node with ``f <= f_lim`` and ``g < g_lim`` of
its side. Any path of cost ``f_lim`` then has its node at depth ``g_lim_F`` reached by
both sides, so an iteration that ends without a path of cost ``<= f_lim`` proves
``C* > f_lim``. The search stops as soon as U (the best path found) is ``<= f_lim``.
"""

from __future__ import annotations

from eightlab.search.budget import Exhausted
from eightlab.search.result import SearchResult
from eightlab.search.sides import BACKWARD, FORWARD, run_bidirectional, search_sides, start_stats


def _gbfhs_core(problem, stats, budget, forward_h, backward_h, *, observer):
    """GBFHS on the two sides; returns the path (see the module docstring)."""
    record = start_stats(stats)
    limits = record["f_limits"] = []  # one (f_lim, g_lim_F, g_lim_B) per iteration

    def loop(sides, queues, meeting, frontier):
        f_lim = max(sides[FORWARD].root_h, sides[BACKWARD].root_h, 1)
        g_lim = [(f_lim + 1) // 2, f_lim - (f_lim + 1) // 2]
        limits.append((f_lim, *g_lim))
        check_at = budget.first_check()
        while meeting.cost > f_lim:
            d = _expandable_side(queues, sides, f_lim, g_lim)
            if d is None:  # the iteration is over: C* > f_lim
                if not (sides[FORWARD].open_count and sides[BACKWARD].open_count):
                    if meeting.state is None:
                        raise Exhausted
                    break  # a side expanded all it reaches: its g are exact, U is C*
                f_lim += 1
                grow = (
                    FORWARD if sides[FORWARD].open_count <= sides[BACKWARD].open_count else BACKWARD
                )
                g_lim[grow] += 1
                limits.append((f_lim, *g_lim))
                continue
            expanded = sides[0].expanded + sides[1].expanded
            if expanded >= check_at:
                check_at = budget.check(expanded, len(sides[0].g) + len(sides[1].g))
            queues[d].expand_next(sides[1 - d], meeting, observer, problem)
            frontier[0] = max(frontier[0], len(queues[0]) + len(queues[1]))
        record["termination"] = (
            "U <= f_lim" if meeting.cost <= f_lim else "a side's open list is empty"
        )

    return search_sides(problem, stats, budget, forward_h, backward_h, record, loop)


def _expandable_side(queues, sides, f_lim, g_lim):
    """The side to expand next: one with an open node of ``f <= f_lim`` and ``g <
    g_lim`` of that side, the one with fewer open nodes if both have one (forward on
    ties); None when neither has."""
    found = []
    for d in (FORWARD, BACKWARD):
        queues[d].promote(f_lim)
        g = queues[d].least_g_ready()
        if g is not None and g < g_lim[d]:
            found.append(d)
    if len(found) == 2:
        return FORWARD if sides[FORWARD].open_count <= sides[BACKWARD].open_count else BACKWARD
    return found[0] if found else None


def gbfhs_search(
    start, goal=None, heuristic="manhattan", *, observer=None, **budgets
) -> SearchResult:
    """GBFHS: bidirectional search on a rising f limit split into g limits.

    The module docstring says why an iteration that ends without a path of cost at most
    ``f_lim`` proves ``C* > f_lim``.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`. The budgets count both sides together
        (``max_nodes`` the nodes they expand, ``max_stored`` the states in their
        tables); the heuristic is front-to-end, bound to the goal on the forward side
        and to the start on the backward side.
    observer : Observer, optional
        Receives the expand and generate events of both sides.

    Returns
    -------
    SearchResult
        A shortest path with any admissible heuristic: closed nodes reached more
        cheaply are reopened, so every iteration expands what its limits allow.
        ``stats.per_direction`` as for :func:`~eightlab.search.mm.mm_search`, plus
        ``f_limits``: ``(f_lim, g_lim_F, g_lim_B)`` of each iteration.

    Notes
    -----
    The first limit is ``max(h_F(start), h_B(goal), 1)``, split as evenly as it goes
    (the forward side gets the odd one). Each new iteration raises ``f_lim`` by one and
    gives the extra unit of g to the side with fewer open nodes (the forward side on
    ties), a "lazy" split in the paper's sense; within an iteration the side with fewer
    open nodes expands next, each side its ready node of least g. Open lists are the
    waiting/ready heaps of NBS (:class:`~eightlab.search.sides.ReadyQueue`).

    References
    ----------
    .. [1] M. Barley, P. Riddle, C. Linares López, S. Dobson and I. Pfahringer, "GBFHS:
       a generic breadth-first heuristic search algorithm", SoCS 2018.
    """
    return run_bidirectional(
        "gbfhs", _gbfhs_core, start, goal, heuristic, budgets, observer=observer
    )
