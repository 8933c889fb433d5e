"""Iterative-deepening A* (IDA*, Korf 1985), with the lexicographic mode of Eight II.

Depth-first passes bounded by a *threshold* on f = g + h; each next threshold is the
smallest f that exceeded the current one. :func:`iterate` is that outer loop, shared by
the readable pass here and the compiled one of :mod:`eightlab.search.compiled`.

References
----------
.. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", Artificial Intelligence 27(1), 1985.
.. [2] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed.,
   sec. 3.5.5.
"""

from __future__ import annotations

from eightlab.errors import EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.search.harness import Exhausted, pass_row, recursion_room, run_search
from eightlab.search.result import SearchResult

#: Larger than any f of a search; "no node exceeded the threshold".
NO_BOUND = float("inf")
#: IDA* with BPMX makes the dual lookup only for a child whose f (max(regular,
#: reflected), lifted by BPMX) is at least the threshold minus this: where a dual value
#: is likely to prune it (``benchmarks/README.md`` has the measurements).
DUAL_SLACK = 0


def iterate(stats, budget, h0, at_goal, one_pass, counts, path, on_iteration=None) -> str:
    """IDA*'s outer loop: one depth-first pass per threshold, from h(start) up.

    Each pass leaves a row in ``stats.per_iteration`` (its threshold and its own
    expanded and generated counts), a pass cut by a budget too; the totals, the
    iterations and the deepest path are written to ``stats`` however the loop ends.

    Parameters
    ----------
    stats : SearchStats
        Filled in place.
    budget : Budget
        Its memory budget is checked before each pass (a pass holds at most threshold
        + 1 states); the pass itself checks the node and time budgets.
    h0 : number
        h(start), the first threshold.
    at_goal : bool
        Whether the start is the goal (solved before any pass).
    one_pass : callable
        ``one_pass(threshold) -> f``: -1 when the pass reached the goal, else the
        smallest f above the threshold (:data:`NO_BOUND` when none exceeded it).
    counts : callable
        ``counts() -> (expanded, generated, deepest)``, totals over all passes.
    path : callable
        ``path() -> str``, the moves of the path the last pass found.
    on_iteration : callable, optional
        Called with each threshold before its pass.

    Returns
    -------
    str
        The path.

    Raises
    ------
    Exhausted
        When a pass pruned nothing and found no goal (the tree is finite).
    OutOfBudget
        From ``budget`` or ``one_pass``.
    """
    bound = h0
    try:
        while True:
            stats.thresholds.append(bound)
            if on_iteration is not None:
                on_iteration(bound)
            if at_goal:
                return ""
            budget.check_depth(int(bound))
            before = counts()
            try:
                found = one_pass(bound)
            finally:
                expanded, generated, _ = counts()
                stats.per_iteration.append(pass_row(stats, before, expanded, generated))
            if found < 0:
                return path()
            if found == NO_BOUND:
                raise Exhausted
            bound = found
    finally:
        stats.expanded, stats.generated, deepest = counts()
        stats.max_frontier, stats.max_stored = deepest, deepest + 1
        stats.iterations = len(stats.thresholds)


def _idastar_core(problem, stats, budget, evaluator, observer):
    """IDA* on the packed problem with the readable passes of :func:`_passes`."""
    depth_first, counts, path = _passes(problem, budget, evaluator, observer)
    h0 = evaluator(problem.start)
    on_iteration = None if observer is None else observer.on_iteration

    def one_pass(bound):
        with recursion_room(int(bound) + 1):
            return depth_first(bound, h0)

    def moves():
        return "".join(reversed(path))

    at_goal = problem.start == problem.goal
    return iterate(stats, budget, h0, at_goal, one_pass, counts, moves, on_iteration)


def _passes(problem, budget, evaluator, observer):
    """The pass function ``depth_first(bound, h0)``, a ``counts()`` reader and the path.

    A pass function expands a node within the bound and returns -1 if the goal was
    found below it (its moves are appended to ``path`` while the recursion unwinds),
    else the smallest f above the bound in its subtree (``bpmx_pass``, for the dual
    lookups, returns ``(found, h(node))`` and keeps that f in ``low``). ``general_pass``
    is the readable reference and serves every heuristic and the observer;
    ``plain_pass`` is a benchmarked fast copy for per-tile heuristics without an
    observer (the child's state is built only when it is within the bound).
    """
    goal, mask, board = problem.goal, problem.mask, problem.board
    table = successor_table(problem, evaluator)
    expanded = generated = deepest = 0
    bound = 0
    path = []
    check_at = budget.first_check()

    # The readable reference pass.
    def general_pass(state, blank, came_from, g, h):
        nonlocal expanded, generated, deepest, check_at
        if expanded >= check_at:
            check_at = budget.check(expanded)
        expanded += 1
        if g > deepest:
            deepest = g
        parent = None
        if observer is not None:
            parent = board(state)
            observer.on_expand(parent, g, h)
        smallest = NO_BOUND
        g1 = g + 1
        for q, sq, sb, dh, letter in table[blank][came_from]:
            generated += 1
            tile = (state >> sq) & mask
            child = state ^ (tile << sq) ^ (tile << sb)
            h1 = h + dh[tile] if dh is not None else evaluator(child)
            if observer is not None:
                observer.on_generate(parent, letter, board(child), g1, h1)
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            if child == goal:
                path.append(letter)
                if g1 > deepest:
                    deepest = g1
                return -1
            t = general_pass(child, q, blank, g1, h1)
            if t < 0:
                path.append(letter)
                return -1
            if t < smallest:
                smallest = t
        return smallest

    # FAST COPY of general_pass (benchmarked, benchmarks/README.md): per-tile h, no observer.
    def plain_pass(state, blank, came_from, g, h):
        nonlocal expanded, generated, deepest, check_at
        if expanded >= check_at:
            check_at = budget.check(expanded)
        expanded += 1
        if g > deepest:
            deepest = g
        smallest = NO_BOUND
        g1 = g + 1
        for q, sq, sb, dh, letter in table[blank][came_from]:
            generated += 1
            tile = (state >> sq) & mask
            h1 = h + dh[tile]
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            child = state ^ (tile << sq) ^ (tile << sb)
            if child == goal:
                path.append(letter)
                if g1 > deepest:
                    deepest = g1
                return -1
            t = plain_pass(child, q, blank, g1, h1)
            if t < 0:
                path.append(letter)
                return -1
            if t < smallest:
                smallest = t
        return smallest

    # The reference pass with bidirectional pathmax (BPMX, Felner et al. 2011) for the
    # dual lookups, lazy: the children are tried one by one in move order. A child's
    # max(regular, reflected) prunes it as in plain IDA*; a child that survives is lifted
    # to h(node) - 1 and, if its f is then within DUAL_SLACK of the bound, gets the dual
    # lookup; h(node) rises to h(child) - 1, when the child is looked up and when its
    # subtree is done, and the node is left as soon as g + h(node) exceeds the bound.
    # Returns (found, h(node)); the smallest f above the bound is kept for the whole pass
    # in ``low``.
    def bpmx_pass(state, blank, came_from, g, h):
        nonlocal expanded, generated, deepest, check_at, low
        if expanded >= check_at:
            check_at = budget.check(expanded)
        expanded += 1
        if g > deepest:
            deepest = g
        g1 = g + 1
        for q, sq, sb, _, letter in table[blank][came_from]:
            generated += 1
            tile = (state >> sq) & mask
            child = state ^ (tile << sq) ^ (tile << sb)
            h1 = pdb.h_without_dual(child)
            if g1 + h1 > bound:
                low = min(low, g1 + h1)
                continue
            if child == goal:
                path.append(letter)
                deepest = max(deepest, g1)
                return True, 0
            h1 = max(h1, h - 1)
            if g1 + h1 + DUAL_SLACK >= bound:
                h1 = max(h1, pdb.h_dual(child))
            if h1 - 1 > h:  # the child lifts its parent
                h = h1 - 1
                if g + h > bound:
                    low = min(low, g + h)
                    return False, h
            if g1 + h1 > bound:
                low = min(low, g1 + h1)
                continue
            found, h1 = bpmx_pass(child, q, blank, g1, h1)
            if found:
                path.append(letter)
                return True, 0
            if h1 - 1 > h:  # the subtree lifts its parent
                h = h1 - 1
                if g + h > bound:
                    low = min(low, g + h)
                    return False, h
        return False, h

    def counts():
        return expanded, generated, deepest

    pdb = evaluator.data  # the pattern databases, for bpmx_pass
    plain = evaluator.tile_cost is not None and observer is None
    one_pass = plain_pass if plain else general_pass
    start, start_blank, no_parent = problem.start, problem.start_blank, len(table)
    low = NO_BOUND

    def depth_first(threshold, h0):
        nonlocal bound, low
        bound = threshold
        if uses_bpmx(evaluator) and observer is None:
            low = NO_BOUND
            found, _ = bpmx_pass(start, start_blank, no_parent, 0, h0)
            return -1 if found else low
        return one_pass(start, start_blank, no_parent, 0, h0)

    return depth_first, counts, path


def uses_bpmx(evaluator) -> bool:
    """Whether IDA* runs ``evaluator`` with bidirectional pathmax: the pattern databases
    with the dual lookup (inconsistent: Felner, Zahavi, Holte, Schaeffer, Sturtevant &
    Zhang, "Inconsistent heuristics in theory and practice", AIJ 175, 2011)."""
    return bool(getattr(evaluator.data, "dual", False))


def successor_table(problem, evaluator) -> tuple:
    """Per-cell move tables with parent-move pruning built in.

    Parameters
    ----------
    problem : Problem
        The packed problem.
    evaluator : Evaluator
        The bound heuristic.

    Returns
    -------
    tuple
        ``table[b][p]`` lists, for a blank on cell ``b`` that came from cell ``p``
        (``p = size`` at the start: nothing to undo), every move except the one back
        to ``p``, in the order d, l, r, u, as ``(q, shift_q, shift_b, dh, letter)``:
        the blank moves to cell ``q`` and ``dh[tile]`` is the change of h when
        ``tile`` slides from ``q`` to ``b`` (None without per-tile costs; see
        :meth:`~eightlab.search.harness.Problem.informed_moves`).
    """
    informed = problem.informed_moves(evaluator)
    return tuple(
        tuple(
            tuple(
                (q, sq, sb, dh, letter) for letter, q, sq, sb, dh in informed[b] if q != came_from
            )
            for came_from in range(len(informed) + 1)
        )
        for b in range(len(informed))
    )


def idastar_search(
    start, goal=None, heuristic="manhattan", *, lexicographic=False, observer=None, **budgets
) -> SearchResult:
    """IDA*: depth-first passes bounded by a threshold on f = g + h (Korf 1985).

    A node whose f exceeds the threshold is generated but not expanded; the goal test is
    applied at generation; a node never generates the move that undoes the move that
    reached it; successors are tried in the order d, l, r, u, and no transposition table
    is kept. With the ``pdb-*-dual`` heuristics (inconsistent) each pass uses
    bidirectional pathmax (BPMX, Felner et al. 2011, :func:`uses_bpmx`): the children are
    tried one by one, each child's h is lifted to h(node) - 1 and h(node) to h(child) - 1,
    and the dual lookup is made only for a child that max(regular, reflected) does not
    prune, whose f is within :data:`DUAL_SLACK` of the threshold and whose blank is
    within :data:`~eightlab.heuristics.pdb.additive.DUAL_WALK` moves of home (the lifted
    values stay admissible). With an admissible h the path is therefore the
    lexicographically smallest of the shortest paths (the answer of the Eight II
    problem), with or without ``lexicographic``, and only the current path is held in
    memory.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts the states on the
        path: a pass whose threshold would allow a deeper path is not started.
    lexicographic : bool
        Make the lexicographic guarantee explicit: refuse a heuristic that does not
        claim admissibility.
    observer : Observer, optional
        Receives ``on_iteration(threshold)`` at the start of every pass and
        ``on_expand`` / ``on_generate`` for every node.

    Returns
    -------
    SearchResult
        The path, with ``expanded`` and ``generated`` summed over the passes,
        ``iterations``, ``thresholds`` and ``per_iteration`` (threshold, expanded,
        generated of each pass), ``max_frontier`` (the deepest g on the path) and
        ``max_stored`` (that depth + 1); ``duplicates`` and ``reopened`` stay 0.
        ``unsolvable`` (reason ``"search space exhausted"``) when a pass pruned
        nothing, which happens only on a single row or column.

    Raises
    ------
    EightlabError
        If ``lexicographic`` is asked with a heuristic that is not admissible.

    See Also
    --------
    eightlab.search.compiled.solve_compiled : the same search in numba, same counts.

    References
    ----------
    .. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
       search", Artificial Intelligence 27(1), 1985.

    Examples
    --------
    >>> idastar_search("1x2753846", "12345678x", lexicographic=True).path
    'ddlururdd'
    """
    h = get_heuristic(heuristic)
    if lexicographic and not h.admissible:
        raise EightlabError(
            f"lexicographic IDA* needs an admissible heuristic; {h.name!r} is not admissible"
        )

    def core(problem, stats, budget):
        return _idastar_core(problem, stats, budget, h.bind(problem.goal_board), observer)

    options = {"lexicographic": bool(lexicographic)}
    return run_search("idastar", h.name, start, goal, core, options, **budgets)
