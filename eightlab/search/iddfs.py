"""Depth-first searches in linear memory: depth-limited, iterative deepening, and
iterative deepening bounded by g + h.

All three walk the search *tree* depth first, holding only the current path, and
prune the move that would undo the previous one (parent-move pruning: a pruned move
generates nothing). There is no visited table, so a state reachable by several paths
is searched once per path; that is the price of linear memory. States are packed ints
and a move is two shifts and two xors, so children are made and dropped in place.

=================  ========================================================  ==========
algorithm          one pass                                                  optimal
=================  ========================================================  ==========
``dls``            depth-first to depth ``limit``; first goal found          no
``iddfs``          passes with limits 0, 1, 2, ... until a goal is found     yes
``iddfs-h``        passes pruning nodes with g + h > bound; the bound        with an
                   starts at h(start) and grows by one each pass             admissible h
=================  ========================================================  ==========

``iddfs-h`` is the *heuristic-bounded* iterative deepening of the source BFS problem's
second program. It is deliberately not IDA*: IDA* sets the next bound to the smallest
f that exceeded the current one, whereas ``iddfs-h`` adds one. On the 8-puzzle with
Manhattan distance every f has the parity of h(start) (a move changes g by one and h
by one), so every second ``iddfs-h`` pass repeats the previous one exactly and finds
nothing new; IDA* skips those passes.

Counts. ``expanded`` and ``generated`` add up over all passes (the re-expansion of
the shallow levels is real work). ``max_frontier`` is the deepest recursion depth (the
most moves on the path held) and ``max_stored`` the states on that path (one more). ``iterations`` is the number of passes and ``thresholds`` their
bounds. ``duplicates`` and ``reopened`` stay 0: there is no duplicate detection.

References
----------
.. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", Artificial Intelligence 27(1), 1985.
.. [2] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
   ed., sec. 3.4.4 (fig. 3.12) and 3rd ed., fig. 3.17 (recursive depth-limited search).
"""

from __future__ import annotations

from itertools import count

from eightlab.errors import EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.result import SearchResult
from eightlab.search._common import OutOfBudget, recursion_room, run_search

#: Default ``limit`` of :func:`depth_limited_search`: the diameter of the state space
#: (the most moves any solvable pair needs, whatever the goal; checked by breadth-first
#: search from a goal with the blank on each cell), so a solvable pair is always solved.
DIAMETERS = {(2, 2): 6, (2, 3): 21, (3, 2): 21, (3, 3): 31}


def depth_limited_search(
    start,
    goal=None,
    limit: int | None = None,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    observer=None,
) -> SearchResult:
    """Depth-first search to a fixed depth; returns the first goal found (not optimal).

    Parameters
    ----------
    start, goal : Board or str
        The boards; ``goal`` defaults to the tiles in order with the blank last.
    limit : int, optional
        Deepest depth (in moves) of a node that is goal-tested; nodes at ``limit``
        are not expanded. Defaults to the diameter of the state space
        (:data:`DIAMETERS`: 31 for 3x3, 21 for 2x3 and 3x2, 6 for 2x2), so every
        solvable pair is solved; other sizes need an explicit limit.
    max_nodes : int, optional
        Most nodes to expand before giving up with status ``budget_exceeded``.
    max_seconds : float, optional
        Most wall-clock seconds before giving up with status ``budget_exceeded``.
    observer : Observer, optional
        Receives ``on_iteration(limit)`` once, then expand and generate events with
        ``g`` the depth and ``h`` 0.

    Returns
    -------
    SearchResult
        The first path found in move order d, l, r, u, at most ``limit`` moves long
        and usually longer than the shortest. When no goal lies within ``limit``
        (AIMA's *cutoff*) the status is ``budget_exceeded``: the depth limit is a
        budget.

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards or boards of different sizes.
    EightlabError
        For a negative limit, or no limit on a board size without a known diameter.

    Notes
    -----
    After parent-move pruning the tree below a 3x3 board grows by a factor of about
    sqrt(3) = 1.73 per level (Edelkamp & Korf 1998), so a pass to depth 31 can
    expand millions of nodes before it reaches a goal (2.6 million for
    ``867254301``, about 2 s); give a budget.

    References
    ----------
    .. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 3rd
       ed., fig. 3.17.
    """
    if limit is not None and limit < 0:
        raise EightlabError(f"the depth limit must be >= 0, not {limit}")

    def core(problem, stats, budget):
        bound = limit
        if bound is None:
            bound = DIAMETERS.get((problem.rows, problem.cols))
            if bound is None:
                raise EightlabError(
                    f"no default depth limit for a {problem.rows}x{problem.cols} board; give a depth limit (limit=, --limit)"
                )
        return _deepening_core(problem, stats, budget, observer, [bound])

    return run_search("dls", None, start, goal, core, max_nodes, max_seconds)


def iterative_deepening_search(
    start,
    goal=None,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    observer=None,
) -> SearchResult:
    """Iterative deepening depth-first search (Korf 1985): a shortest path in linear memory.

    Runs depth-limited passes with limits 0, 1, 2, ... ; the first pass that finds the
    goal finds it at the shortest depth, since every shallower pass failed.

    Parameters
    ----------
    start, goal : Board or str
        The boards; ``goal`` defaults to the tiles in order with the blank last.
    max_nodes : int, optional
        Most nodes to expand (over all passes) before giving up with status
        ``budget_exceeded``.
    max_seconds : float, optional
        Most wall-clock seconds before giving up with status ``budget_exceeded``.
    observer : Observer, optional
        Receives ``on_iteration(limit)`` per pass, then expand and generate events
        with ``g`` the depth and ``h`` 0.

    Returns
    -------
    SearchResult
        A shortest path; ``iterations`` passes with ``thresholds`` their limits.

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards or boards of different sizes.

    Notes
    -----
    The work grows about 1.7-fold per extra move of solution length on 3x3 (125
    thousand expansions for a 19-move board, 56 million, some 45 s, for a 30-move
    one); beyond 20 moves or so use a budget.

    References
    ----------
    .. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
       search", Artificial Intelligence 27(1), 1985.
    """

    def core(problem, stats, budget):
        return _deepening_core(problem, stats, budget, observer, count(0))

    return run_search("iddfs", None, start, goal, core, max_nodes, max_seconds)


def heuristic_iterative_deepening_search(
    start,
    goal=None,
    heuristic="manhattan",
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    observer=None,
) -> SearchResult:
    """Iterative deepening on f = g + h with a bound that grows by one per pass.

    Pass ``i`` searches depth first from the start, pruning every node whose
    ``g + h`` exceeds the bound ``h(start) + i``; nodes within the bound are expanded
    (including those with ``g + h`` equal to it). The first pass that finds the goal
    returns it. With an admissible h the path is a shortest one, of length C*: a pass
    whose bound is below C* finds no goal (a goal found has g <= bound); every node of
    a shortest path has ``g + h <= C*``, so the first pass with bound >= C* finds a
    goal, and its bound is below C* + 1 (the previous one was below C*, or it is the
    first, h(start) <= C*), so the goal found has g = C*.

    Unlike IDA* (Korf 1985), the next bound is not the smallest pruned f but the
    current bound plus one, so passes that cannot admit a new node are still run.

    Parameters
    ----------
    start, goal : Board or str
        The boards; ``goal`` defaults to the tiles in order with the blank last.
    heuristic : str or Heuristic
        Registry name of h (see :data:`eightlab.heuristics.HEURISTICS`).
    max_nodes : int, optional
        Most nodes to expand (over all passes) before giving up with status
        ``budget_exceeded``.
    max_seconds : float, optional
        Most wall-clock seconds before giving up with status ``budget_exceeded``.
    observer : Observer, optional
        Receives ``on_iteration(bound)`` per pass, then expand and generate events.

    Returns
    -------
    SearchResult
        A shortest path when h is admissible; ``iterations`` passes with
        ``thresholds`` their bounds.

    Raises
    ------
    BoardError, GoalMismatchError, UnknownNameError
        On unreadable boards, boards of different sizes, or an unknown heuristic.

    References
    ----------
    .. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
       search", Artificial Intelligence 27(1), 1985 (IDA*, for contrast).
    """
    h = get_heuristic(heuristic)

    def core(problem, stats, budget):
        evaluator = h.bind(problem.goal_board)
        return _bounded_core(problem, stats, budget, observer, evaluator)

    return run_search("iddfs-h", h.name, start, goal, core, max_nodes, max_seconds)


def _deepening_core(problem, stats, budget, observer, limits):
    """Depth-limited passes with each limit of ``limits`` in turn until one succeeds."""
    start, goal, moves, mask = problem.start, problem.goal, problem.moves, problem.mask
    path = []
    expanded = generated = deepest = 0
    check_at = budget.first_check()

    def dfs(state, blank, previous, depth, remaining):
        # ``state`` is on the path at ``depth``, is not the goal, and ``remaining`` > 0
        nonlocal expanded, generated, deepest, check_at
        if expanded >= check_at:
            check_at = budget.check(expanded)
        expanded += 1
        if observer is not None:
            observer.on_expand(problem.board(state), depth, 0)
        depth += 1
        remaining -= 1
        for move, q, sq, sb in moves[blank]:
            if q == previous:
                continue  # parent-move pruning: never undo the last move
            tile = (state >> sq) & mask
            child = state ^ (tile << sq) ^ (tile << sb)
            generated += 1
            if observer is not None:
                observer.on_generate(problem.board(state), move, problem.board(child), depth, 0)
            path.append(move)
            if depth > deepest:
                deepest = depth
            if child == goal:
                return True
            if remaining and dfs(child, q, blank, depth, remaining):
                return True
            path.pop()
        return False

    try:
        for limit in limits:
            stats.iterations += 1
            stats.thresholds.append(limit)
            if observer is not None:
                observer.on_iteration(limit)
            if start == goal:
                return ""
            if limit > 0:
                with recursion_room(limit):
                    if dfs(start, problem.start_blank, -1, 0, limit):
                        return "".join(path)
        raise OutOfBudget  # a depth-limited search cut off at its limit
    finally:
        stats.expanded, stats.generated = expanded, generated
        stats.max_frontier, stats.max_stored = deepest, deepest + 1


def _bounded_core(problem, stats, budget, observer, evaluator):
    """Passes pruning g + h > bound, the bound growing by one from h(start)."""
    start, goal, mask = problem.start, problem.goal, problem.mask
    moves = problem.informed_moves(evaluator)
    path = []
    expanded = generated = deepest = 0
    check_at = budget.first_check()
    bound = 0

    def dfs(state, blank, previous, g, h):
        # ``state`` is on the path at cost ``g``, is not the goal, and g + h <= bound
        nonlocal expanded, generated, deepest, check_at
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
            stats.iterations += 1
            stats.thresholds.append(bound)
            if observer is not None:
                observer.on_iteration(bound)
            if start == goal:
                return ""
            with recursion_room(int(bound) + 1):
                if dfs(start, problem.start_blank, -1, 0, h0):
                    return "".join(path)
    finally:
        stats.expanded, stats.generated = expanded, generated
        stats.max_frontier, stats.max_stored = deepest, deepest + 1
