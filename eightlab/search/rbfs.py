"""Recursive best-first search (RBFS): best-first order in linear memory.

References: Korf, "Linear-space best-first search", Artificial Intelligence 62(1),
1993; Russell & Norvig, *AIMA*, 4th ed., fig. 3.22.
"""

from __future__ import annotations

from math import inf

from eightlab.heuristics import get_heuristic
from eightlab.search.harness import (
    MEMORY_BUDGET,
    Exhausted,
    OutOfBudget,
    recursion_room,
    run_search,
)
from eightlab.search.result import SearchResult

#: Fields of a successor entry (a list, so its f can be updated in place).
F, ORDER, STATE, BLANK, MOVE, H = range(6)


def _rbfs_core(problem, stats, budget, observer, evaluator):
    """RBFS from the start with f_limit infinity; returns the path."""
    start, goal, mask = problem.start, problem.goal, problem.mask
    moves = problem.informed_moves(evaluator)
    path = []
    expanded = generated = deepest = held = most_held = 0
    check_at = budget.first_check()

    def successors(state, blank, previous, g, f, h):
        """The children of ``state`` as entries ``[f, order, state, blank, move, h]``."""
        nonlocal generated
        g2 = g + 1
        children = []
        for order, (move, q, sq, sb, dh) in enumerate(moves[blank]):
            if q == previous:
                continue  # parent-move pruning: never undo the last move
            tile = (state >> sq) & mask
            child = state ^ (tile << sq) ^ (tile << sb)
            h2 = h + dh[tile] if dh is not None else evaluator(child)
            children.append([max(g2 + h2, f), order, child, q, move, h2])
            if observer is not None:
                observer.on_generate(problem.board(state), move, problem.board(child), g2, h2)
        generated += len(children)
        return children

    def rbfs(state, blank, previous, g, f, h, f_limit):
        """Search below ``state``; return (found, backed-up f of ``state``)."""
        nonlocal expanded, deepest, held, most_held, check_at
        if state == goal:
            return True, f
        if expanded >= check_at:
            check_at = budget.check(expanded, held + 1)
        if g >= room:
            raise OutOfBudget(MEMORY_BUDGET)  # the recursion room is spent
        expanded += 1
        if observer is not None:
            observer.on_expand(problem.board(state), g, h)
        children = successors(state, blank, previous, g, f, h)
        if not children:
            return False, inf
        held += len(children)
        if held > most_held:
            most_held = held
        try:
            while True:
                children.sort()  # by f, then move order (ORDER is unique)
                best = children[0]
                if best[F] > f_limit or best[F] == inf:  # inf: a dead end everywhere below
                    return False, best[F]
                alternative = children[1][F] if len(children) > 1 else inf
                path.append(best[MOVE])
                if g >= deepest:
                    deepest = g + 1
                found, best[F] = rbfs(
                    best[STATE], best[BLANK], blank, g + 1, best[F], best[H],
                    min(f_limit, alternative),
                )  # fmt: skip
                if found:
                    return True, best[F]
                path.pop()
        finally:
            held -= len(children)

    h0 = evaluator(start)
    stats.iterations = 1
    room = _depth_guess(problem)
    try:
        with recursion_room(room + 10):
            found, _ = rbfs(start, problem.start_blank, -1, 0, h0, h0, inf)
        if not found:
            raise Exhausted  # every subtree's f went to infinity: no path
        return "".join(path)
    except MemoryError:
        budget.spend_reserve()  # room for the counts below (eightlab.search.budget.RESERVE_BYTES)
        raise
    finally:
        stats.expanded, stats.generated = expanded, generated
        stats.max_frontier, stats.max_stored = deepest, most_held + 1


def _depth_guess(problem) -> int:
    """Recursion depth to make room for: ``10 * n**2`` for a board of ``n`` cells."""
    n = problem.rows * problem.cols
    return 10 * n * n


def recursive_best_first_search(
    start, goal=None, heuristic="manhattan", *, observer=None, **budgets
) -> SearchResult:
    """Recursive best-first search (Korf 1993): optimal, in linear memory.

    Best-first order holding only the path and the siblings along it: a subtree given
    up keeps its backed-up f and is searched again when it is once more the best.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts the sibling lists on
        the path.
    observer : Observer, optional
        Receives expand and generate events; ``h`` is the heuristic value (not the
        backed-up f).

    Returns
    -------
    SearchResult
        A shortest path when h is admissible.

    Notes
    -----
    RBFS (Korf 1993; AIMA 4th ed., fig. 3.22) descends depth first into the best child,
    but only while that child's f stays within ``f_limit``, the f of the best alternative
    anywhere above it on the path. When the subtree's best f exceeds the limit, the
    recursion unwinds, the subtree is forgotten and its root keeps the backed-up f, so
    that the search can return to it when everything else looks worse. A child's f is
    ``max(g + h, f of its parent)``: a child of a node whose f was backed up inherits
    that value, which is what lets a forgotten subtree be re-entered at the right
    moment.

    Like IDA*, RBFS is optimal with an admissible h and stores only the current path
    with each node's siblings (``b * d`` nodes), and like IDA* it pays for that memory by
    regenerating forgotten subtrees, often many times.

    Details:

    * The goal test is applied when a node is visited (not when it is generated).
    * The move that undoes the previous one is pruned (it generates nothing).
    * Ties among siblings of equal f go to the earlier move in the order d, l, r, u.
    * Counts: ``expanded`` counts every expansion, re-expansions of forgotten subtrees
      included (``reopened`` stays 0: nothing is kept closed); ``max_frontier`` is the
      deepest recursion depth (in moves below the start); ``max_stored`` the most
      states held at once, the start plus every sibling list on the recursion path.

    The recursion goes one Python call deeper per move of the path explored. The
    interpreter's recursion limit is raised for the search to leave room for
    ``10 * n**2`` levels on a board of ``n`` cells (810 on 3x3), far beyond the
    longest shortest path (31 moves on 3x3, 80 on 4x4); a search with a wildly
    inadmissible h that would go deeper stops with ``budget_exceeded``, reason
    ``"memory budget"``.

    References
    ----------
    .. [1] R. E. Korf, "Linear-space best-first search", Artificial Intelligence
       62(1), 1993.
    .. [2] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*,
       4th ed., fig. 3.22.
    """
    h = get_heuristic(heuristic)

    def core(problem, stats, budget):
        evaluator = h.bind(problem.goal_board)
        return _rbfs_core(problem, stats, budget, observer, evaluator)

    return run_search("rbfs", h.name, start, goal, core, **budgets)
