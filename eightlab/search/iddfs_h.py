"""Iterative deepening bounded by f = g + h, the bound growing by one per pass (``iddfs-h``).

The heuristic-bounded iterative deepening of the source BFS problem's second program;
deliberately not IDA* (:mod:`eightlab.search.idastar`), whose next bound is the
smallest f that exceeded the current one. Reference for contrast: Korf, "Depth-first
iterative-deepening", Artificial Intelligence 27(1), 1985.
"""

from __future__ import annotations

from itertools import count

from eightlab.heuristics import get_heuristic
from eightlab.search.harness import Exhausted, pass_row, recursion_room, run_search
from eightlab.search.result import SearchResult


def _bounded_core(problem, stats, budget, observer, evaluator):
    """Passes pruning g + h > bound, the bound growing by one from h(start)."""
    start, goal, mask = problem.start, problem.goal, problem.mask
    moves = problem.informed_moves(evaluator)
    path = []
    expanded = generated = deepest = 0
    check_at = budget.first_check()
    bound = 0
    pruned = False  # whether this pass cut off a node above its bound

    def dfs(state, blank, previous, g, h):
        # ``state`` is on the path at cost ``g``, is not the goal, and g + h <= bound
        nonlocal expanded, generated, deepest, check_at, pruned
        if expanded >= check_at:
            check_at = budget.check(expanded)
        expanded += 1
        if observer is not None:
            observer.on_expand(problem.board(state), g, h)
        g2 = g + 1
        for move, q, sq, sb, dh in moves[blank]:
            if q == previous:
                continue  # parent-move pruning: never undo the last move
            tile = (state >> sq) & mask
            child = state ^ (tile << sq) ^ (tile << sb)
            generated += 1
            h2 = h + dh[tile] if dh is not None else evaluator(child)
            if observer is not None:
                observer.on_generate(problem.board(state), move, problem.board(child), g2, h2)
            if g2 + h2 > bound:
                pruned = True
                continue  # pruned: outside this pass's bound
            path.append(move)
            if g2 > deepest:
                deepest = g2
            if child == goal:
                return True
            if dfs(child, q, blank, g2, h2):
                return True
            path.pop()
        return False

    h0 = evaluator(start)
    try:
        for bound in count(h0):
            stats.thresholds.append(bound)
            if observer is not None:
                observer.on_iteration(bound)
            before, pruned = (expanded, generated), False
            try:
                if start == goal:
                    return ""
                budget.check_depth(int(bound))  # a pass is never deeper than its bound
                with recursion_room(int(bound) + 1):
                    if dfs(start, problem.start_blank, -1, 0, h0):
                        return "".join(path)
            finally:
                stats.per_iteration.append(pass_row(stats, before, expanded, generated))
            if not pruned:
                raise Exhausted  # nothing lay beyond the bound: the tree is finite
    finally:
        stats.expanded, stats.generated = expanded, generated
        stats.max_frontier, stats.max_stored = deepest, deepest + 1
        stats.iterations = len(stats.thresholds)


def heuristic_iterative_deepening_search(
    start, goal=None, heuristic="manhattan", *, observer=None, **budgets
) -> SearchResult:
    """Iterative deepening on f = g + h with a bound that grows by one per pass.

    Pass ``i`` searches depth first from the start, pruning every node whose
    ``g + h`` exceeds the bound ``h(start) + i``; nodes within the bound are expanded
    (including those with ``g + h`` equal to it). The first pass that finds the goal
    returns it.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts the states on the
        path: a pass whose bound would allow a deeper path is not started.
    observer : Observer, optional
        Receives ``on_iteration(bound)`` per pass, then expand and generate events.

    Returns
    -------
    SearchResult
        A shortest path when h is admissible; ``iterations`` passes with
        ``thresholds`` their bounds and one ``per_iteration`` row each.

    Notes
    -----
    Optimality: with an admissible h the path is a shortest one, of length C*: a pass
    whose bound is below C* finds no goal (a goal found has g <= bound); every node of
    a shortest path has ``g + h <= C*``, so the first pass with bound >= C* finds a
    goal, and its bound is below C* + 1 (the previous one was below C*, or it is the
    first, h(start) <= C*), so the goal found has g = C*.

    Unlike IDA* (Korf 1985), the next bound is not the smallest pruned f but the
    current bound plus one, so passes that cannot admit a new node are still run. On
    the 8-puzzle with Manhattan distance every f has the parity of h(start) (a move
    changes g by one and h by one), so every second pass repeats the previous one
    exactly and finds nothing new; IDA* skips those passes.

    Like ``iddfs`` it walks the tree holding only the path, prunes the move that undoes
    the previous one and tests for the goal on generation; ``expanded`` and
    ``generated`` add up over all passes; ``max_frontier`` is the deepest g reached,
    ``max_stored`` one more. The recursion is never deeper than the bound, which the
    memory budget checks before each pass. A pass that prunes nothing has searched
    the whole (finite) tree: the pair is ``unsolvable`` (a single row or column).

    References
    ----------
    .. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
       search", Artificial Intelligence 27(1), 1985 (IDA*, for contrast).
    """
    h = get_heuristic(heuristic)

    def core(problem, stats, budget):
        evaluator = h.bind(problem.goal_board)
        return _bounded_core(problem, stats, budget, observer, evaluator)

    return run_search("iddfs-h", h.name, start, goal, core, **budgets)
