"""Uninformed depth-first searches in linear memory: depth-limited search, iterative
deepening with parent-move pruning (``dls``, ``iddfs``) and the textbook's plain tree
iterative deepening (``iddfs-tree``).

References: Korf, "Depth-first iterative-deepening", Artificial Intelligence 27(1),
1985; Russell & Norvig, *AIMA*, 3rd ed., fig. 3.17-3.18 and 4th ed., sec. 3.4.4.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count

from eightlab.errors import EightlabError
from eightlab.search.harness import Cutoff, Exhausted, pass_row, run_search
from eightlab.search.result import SearchResult


def depth_limited_pass(problem, limit, budget, tally, observer=None, prune=True):
    """One depth-first pass to depth ``limit``: the path found, or None.

    Counts go to ``tally`` (:class:`Tally`); ``tally.cut`` tells whether a node at the
    limit was left unexpanded (AIMA's cutoff).

    Parameters
    ----------
    problem : Problem
        The start, the goal and the move tables, packed.
    limit : int
        The deepest depth the pass goes to.
    budget : Budget
        Checked every few thousand expansions.
    tally : Tally
        The counts, carried on from earlier passes and updated here.
    observer : Observer, optional
        Receives expand and generate events.
    prune : bool, optional
        Whether the move that undoes the previous one is skipped (parent-move pruning).

    Returns
    -------
    str or None
        The path found, or None when this pass finds no goal.
    """
    goal, mask, k = problem.goal, problem.mask, problem.bits
    table = _move_table(problem, prune)
    expanded, generated, deepest, check_at = (
        tally.expanded,
        tally.generated,
        tally.deepest,
        tally.check_at,
    )
    # The path is an explicit stack, one entry per depth: the blank's cell, an iterator
    # over the moves still to try there, the move made; ``state`` is its last state.
    state, blanks, todo, path = problem.start, [problem.start_blank], [], []
    tally.cut = limit == 0
    try:
        if state == goal:
            return ""
        if limit > 0:
            if expanded >= check_at:
                check_at = budget.check(expanded, 1)
            expanded += 1
            if observer is not None:
                observer.on_expand(problem.board(state), 0, 0)
            todo.append(iter(table[problem.start_blank][-1]))
        while todo:
            depth = len(todo)  # of the children below
            for move, q, sq, sb in todo[-1]:  # resumes where this level left off
                tile = (state >> sq) & mask
                child = state ^ (tile << sq) ^ (tile << sb)
                generated += 1
                if observer is not None:
                    observer.on_generate(problem.board(state), move, problem.board(child), depth, 0)
                if depth > deepest:
                    deepest = depth
                if child == goal:
                    path.append(move)
                    return "".join(path)
                if depth == limit:
                    tally.cut = True
                    continue
                if expanded >= check_at:
                    check_at = budget.check(expanded, depth + 1)
                expanded += 1
                if observer is not None:
                    observer.on_expand(problem.board(child), depth, 0)
                todo.append(iter(table[q][blanks[-1]]))  # go down: the blank came from there
                state = child
                blanks.append(q), path.append(move)
                break
            else:  # every move tried: back up one move
                todo.pop()
                if path:
                    path.pop()
                    blank, b = blanks.pop(), blanks[-1]  # the blank goes back to cell b
                    tile = (state >> (k * b)) & mask
                    state ^= (tile << (k * b)) ^ (tile << (k * blank))
        return None
    finally:
        tally.expanded, tally.generated, tally.deepest, tally.check_at = (
            expanded,
            generated,
            deepest,
            check_at,
        )


def _move_table(problem, prune: bool) -> tuple:
    """``table[b][p]``: the moves ``(letter, q, shift_q, shift_b)`` of a blank on cell
    ``b`` that came from cell ``p``, without the move back to ``p`` when ``prune``
    (``p = -1``, the last entry of each row: at the start, nothing to undo)."""
    size = len(problem.moves)
    return tuple(
        tuple(
            tuple(m for m in problem.moves[b] if not (prune and m[1] == p))
            for p in list(range(size)) + [-1]
        )
        for b in range(size)
    )


def _deepening_core(problem, stats, budget, observer, limits, prune=True, rows=True):
    """Depth-limited passes with each limit of ``limits`` in turn until one succeeds."""
    tally = Tally(check_at=budget.first_check())
    try:
        for limit in limits:
            stats.thresholds.append(limit)
            if observer is not None:
                observer.on_iteration(limit)
            before = tally.expanded, tally.generated
            try:
                path = depth_limited_pass(problem, limit, budget, tally, observer, prune)
            finally:
                if rows:
                    stats.per_iteration.append(
                        pass_row(stats, before, tally.expanded, tally.generated)
                    )
            if path is not None:
                return path
            if not tally.cut:
                raise Exhausted  # the whole (pruned) tree lies within the limit: no path
        raise Cutoff
    finally:
        stats.expanded, stats.generated = tally.expanded, tally.generated
        stats.max_frontier, stats.max_stored = tally.deepest, tally.deepest + 1
        stats.iterations = len(stats.thresholds)


@dataclass
class Tally:
    """Counts carried from one depth-first pass to the next.

    Parameters
    ----------
    expanded, generated : int
        Nodes expanded and generated so far.
    deepest : int
        The deepest depth reached so far.
    check_at : int
        The expansion count at which the budget is checked next.
    cut : bool
        Whether the last pass left a node at its limit unexpanded.
    """

    expanded: int = 0
    generated: int = 0
    deepest: int = 0
    check_at: int = 0
    cut: bool = False


#: Default ``limit`` of :func:`depth_limited_search`: the diameter of the state space
#: (the most moves any solvable pair needs, whatever the goal; checked by breadth-first
#: search from a goal with the blank on each cell), so a solvable pair is always solved.
DIAMETERS = {(2, 2): 6, (2, 3): 21, (3, 2): 21, (3, 3): 31}


def diameter(rows: int, cols: int) -> int | None:
    """The most moves a solvable pair of ``rows`` x ``cols`` boards needs, None if unknown.

    :data:`DIAMETERS`, and ``n - 1`` for a single row or column of ``n`` cells (the tiles
    never change order there; only the blank travels).

    Parameters
    ----------
    rows, cols : int
        The board's shape.

    Returns
    -------
    int or None
        The diameter of the state space, or None for a shape not listed.
    """
    if rows == 1 or cols == 1:
        return rows * cols - 1
    return DIAMETERS.get((rows, cols))


def depth_limited_search(
    start,
    goal=None,
    limit: int | None = None,
    *,
    observer=None,
    **budgets,
) -> SearchResult:
    """Depth-first search to a fixed depth; returns the first goal found (not optimal).

    Parameters
    ----------
    start, goal, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts the states on the
        path, the deepest it may grow.
    limit : int, optional
        Deepest depth (in moves) of a node that is goal-tested; nodes at ``limit``
        are not expanded. Defaults to the diameter of the state space
        (:func:`diameter`: 31 for 3x3, 21 for 2x3 and 3x2, 6 for 2x2, n - 1 for a
        single row or column), so every solvable pair is solved; other sizes need an
        explicit limit.
    observer : Observer, optional
        Receives ``on_iteration(limit)`` once, then expand and generate events with
        ``g`` the depth and ``h`` 0.

    Returns
    -------
    SearchResult
        The first path found in move order d, l, r, u, at most ``limit`` moves long
        and usually longer than the shortest. When no goal lies within ``limit`` the
        status is ``cutoff`` (AIMA's cutoff; reason ``"depth limit"``), or
        ``unsolvable`` if the pruned tree ended above the limit everywhere.

    Raises
    ------
    EightlabError
        For a limit that is not a whole number >= 0, or no limit on a board size
        without a known diameter.

    Notes
    -----
    The search walks the tree depth first holding only the current path, and prunes
    the move that undoes the previous one (a pruned move generates nothing); there is
    no visited table, so a state reachable by several paths is searched once per path.
    The goal test is applied when a node is generated. The path is an explicit stack
    (at each depth the blank's cell, an iterator over the moves left and the move
    made, about 72 bytes a level; a move is undone on the way back), not Python
    recursion, so any limit is safe: a limit of a billion on a board one move from the
    goal walks down the first branch until a budget stops it, the memory budget
    (:func:`~eightlab.search.default_max_stored` levels) at the latest.

    After parent-move pruning the tree below a 3x3 board grows by a factor of about
    sqrt(3) = 1.73 per level (Edelkamp & Korf 1998), so a pass to depth 31 can
    expand millions of nodes before it reaches a goal (2.6 million for
    ``867254301``); give a budget.

    Counts: ``max_frontier`` is the deepest depth reached, ``max_stored`` the states
    on that path (one more); ``iterations`` is 1 and ``thresholds`` ``[limit]``;
    ``per_iteration`` stays empty (one pass).

    References
    ----------
    .. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 3rd
       ed., fig. 3.17.
    """
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise EightlabError(f"the depth limit must be a whole number >= 0, not {limit!r}")

    def core(problem, stats, budget):
        bound = limit
        if bound is None:
            bound = diameter(problem.rows, problem.cols)
            if bound is None:
                raise EightlabError(
                    f"no default depth limit for a {problem.rows}x{problem.cols} board; give a depth limit (limit=, --limit)"
                )
        return _deepening_core(problem, stats, budget, observer, [bound], rows=False)

    return run_search("dls", None, start, goal, core, {"limit": limit}, **budgets)


def iterative_deepening_search(start, goal=None, *, observer=None, **budgets) -> SearchResult:
    """Iterative deepening depth-first search (Korf 1985) with parent-move pruning.

    Runs depth-limited passes (:func:`depth_limited_search`) with limits 0, 1, 2, ...;
    the first pass that finds the goal finds it at the shortest depth, since every
    shallower pass failed. A pass never undoes the previous move; the textbook's plain
    tree version, which does, is :func:`iterative_deepening_tree_search`.

    Parameters
    ----------
    start, goal, **budgets
        As in :func:`~eightlab.search.solve`; ``max_nodes`` counts over all passes,
        ``max_stored`` the states on the path.
    observer : Observer, optional
        Receives ``on_iteration(limit)`` per pass, then expand and generate events
        with ``g`` the depth and ``h`` 0.

    Returns
    -------
    SearchResult
        A shortest path; ``iterations`` passes with ``thresholds`` their limits and
        one ``per_iteration`` row each. ``unsolvable`` (reason ``"search space
        exhausted"``) when a pass ends without cutting anything off at its limit
        (possible only on a single row or column, where the pruned tree is finite).

    Notes
    -----
    Parent-move pruning makes this a different algorithm from AIMA's: on the 8-puzzle
    it generates a factor fewer nodes that grows with depth (0.70 of the textbook's
    count at d = 2, 0.0045 at d = 14), because the plain tree search's branching
    factor (about 2.67) drops to about 1.73 once the move back is never made. The
    counts add up over all passes (the re-expansion of the shallow levels is real
    work). The work grows about 1.7-fold per extra move of solution length on 3x3 (125
    thousand expansions for a 19-move board, 56 million for a 30-move one);
    beyond 20 moves or so use a budget.

    References
    ----------
    .. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
       search", Artificial Intelligence 27(1), 1985.
    """

    def core(problem, stats, budget):
        return _deepening_core(problem, stats, budget, observer, count(0))

    return run_search("iddfs", None, start, goal, core, **budgets)


def iterative_deepening_tree_search(start, goal=None, *, observer=None, **budgets) -> SearchResult:
    """The textbook's iterative deepening: depth-limited *tree* search, no pruning at all.

    AIMA's ITERATIVE-DEEPENING-SEARCH over RECURSIVE-DLS (3rd ed., fig. 3.17-3.18):
    passes with limits 0, 1, 2, ...; each walks the tree of every move sequence, the
    move that undoes the previous one included, and tests a node for the goal when it
    is reached (so right after it is generated; later siblings of the goal are never
    generated). This is the algorithm whose counts AIMA's fig. 3.29 reports; the
    pruned :func:`iterative_deepening_search` (``iddfs``) is the one to use.

    Parameters
    ----------
    start, goal, **budgets, observer
        As for :func:`iterative_deepening_search`.

    Returns
    -------
    SearchResult
        A shortest path, ``iterations``, ``thresholds`` and ``per_iteration`` as for
        ``iddfs``. On a board whose diameter is known (:func:`diameter`) a pair with
        no path within it is ``unsolvable`` (reason ``"search space exhausted"``);
        elsewhere the passes go on until a budget stops them.

    Notes
    -----
    Without pruning a pass to limit L generates every move sequence of up to L moves:
    with ``b(c)`` the number of moves of a blank on cell ``c``, N(0) = 1 and the
    nodes at depth d + 1 are the sum of ``b`` over the blank cells of the nodes at
    depth d. That is about 2.67^L on 3x3 against 1.73^L for ``iddfs``, hence the
    textbook's much larger counts (4th ed. adds a cycle check on the path, which the
    3rd ed.'s fig. 3.29 numbers do not use).

    References
    ----------
    .. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 3rd
       ed., fig. 3.17, 3.18 and 3.29.
    """

    def core(problem, stats, budget):
        most = diameter(problem.rows, problem.cols)
        limits = count(0) if most is None else range(most + 1)
        try:
            return _deepening_core(problem, stats, budget, observer, limits, prune=False)
        except Cutoff:
            raise Exhausted from None  # every limit up to the diameter was tried

    return run_search("iddfs-tree", None, start, goal, core, **budgets)
