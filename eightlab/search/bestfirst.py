"""Best-first search on a binary heap: uniform-cost, greedy, A* and weighted A*.

One loop serves all four; they differ in the priority of a node with cost g and
heuristic value h: f = g (uniform-cost), h (greedy), g + h (A*), g + w * h (weighted
A*).

References
----------
.. [1] P. E. Hart, N. J. Nilsson and B. Raphael, "A formal basis for the heuristic
   determination of minimum cost paths", IEEE Transactions on Systems Science and
   Cybernetics 4(2), 1968.
.. [2] I. Pohl, "Heuristic search viewed as path finding in a graph", Artificial
   Intelligence 1(3-4), 1970.
.. [3] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed.,
   Pearson, 2020, sec. 3.5.
"""

from __future__ import annotations

import math
from heapq import heappop, heappush
from numbers import Real

from eightlab.errors import EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.search.harness import Exhausted, path_from_parents, run_search
from eightlab.search.result import SearchResult

#: The tie-breaking rules of :func:`best_first_search` among frontier nodes of equal f:
#: the larger g first, then first-in first-out (the default); last-in first-out;
#: first-in first-out; the smaller g first, then first-in first-out.
TIE_BREAKING = ("larger-g", "lifo", "fifo", "smaller-g")

#: The w of weighted A* (f = g + w * h) unless told.
DEFAULT_WEIGHT = 2.0

#: The ranks among frontier nodes of equal f, for each rule of :data:`TIE_BREAKING`: the
#: coefficients ``(a_g, a_seq, b_g, b_seq)`` of the key's fields ``a = a_g*g + a_seq*seq``
#: and ``b = b_g*g + b_seq*seq``, with ``seq`` a node's place in the order of generation.
TIE_RANKS = {
    "larger-g": (-1, 0, 0, 1),  # the larger g, then first in, first out
    "lifo": (0, -1, 1, 0),
    "fifo": (0, 1, 1, 0),
    "smaller-g": (1, 0, 0, 1),  # the smaller g, then first in, first out
}


def frontier_key(g_weight: float = 1, h_weight: float = 1, tie_breaking: str = "larger-g"):
    """The key by which best-first search takes a node off its frontier, smallest first.

    The key is ``(f, a, b)``: f = g_weight * g + h_weight * h, then the ranks of the rule
    ``tie_breaking`` among equal f (:data:`TIE_RANKS`), the very fields of the search's heap
    entries.

    Parameters
    ----------
    g_weight, h_weight : float
        The weights of f.
    tie_breaking : str
        A rule of :data:`TIE_BREAKING`.

    Returns
    -------
    callable
        ``key(g, h, seq) -> tuple``; the start has ``seq`` 0 and no two nodes share one.
    """
    wg, wh = g_weight, h_weight
    ag, aseq, bg, bseq = TIE_RANKS[tie_breaking]
    return lambda g, h, seq: (wg * g + wh * h, ag * g + aseq * seq, bg * g + bseq * seq)


def _best_first_core(problem, stats, budget, evaluator, wg, wh, reopen, observer, tie=0):
    """Best-first search on f = wg * g + wh * h; returns the path (see the module).

    ``tie`` is the index of the rule in :data:`TIE_BREAKING`.
    """
    start, goal, mask = problem.start, problem.goal, problem.mask
    moves = problem.informed_moves(evaluator)
    h0 = evaluator(start)
    g_of = {start: 0}
    parents = {start: None}
    closed = set()
    # heap entries (f, a, b, state, blank, h, g): the least (f, a, b) first, the fields of
    # frontier_key; seq counts the pushes, so no two entries tie on (f, a, b)
    ag, aseq, bg, bseq = TIE_RANKS[TIE_BREAKING[tie]]
    heap = [(wh * h0, 0, 0, start, problem.start_blank, h0, 0)]
    seq = 0
    expanded = generated = duplicates = reopened = 0
    max_frontier = 1
    check_at = budget.first_check()
    try:
        while heap:
            _, _, _, state, blank, h, g = heappop(heap)
            if g > g_of[state]:
                continue  # stale entry: the state was reached more cheaply since
            if state == goal:
                return path_from_parents(parents, state)
            if expanded >= check_at:
                check_at = budget.check(expanded, len(g_of))
            expanded += 1
            closed.add(state)
            if observer is not None:
                observer.on_expand(problem.board(state), g, h)
            g2 = g + 1
            for move, q, sq, sb, dh in moves[blank]:
                tile = (state >> sq) & mask
                child = state ^ (tile << sq) ^ (tile << sb)
                generated += 1
                old = g_of.get(child)
                if old is not None:
                    if old <= g2 or not reopen:
                        duplicates += 1
                        continue
                    if child in closed:
                        closed.discard(child)
                        reopened += 1
                g_of[child] = g2
                parents[child] = (state, move)
                h2 = h + dh[tile] if dh is not None else evaluator(child)
                seq += 1
                heappush(heap, (wg * g2 + wh * h2, ag * g2 + aseq * seq, bg * g2 + bseq * seq,
                                child, q, h2, g2))  # fmt: skip
                if observer is not None:
                    observer.on_generate(problem.board(state), move, problem.board(child), g2, h2)
            if len(heap) > max_frontier:
                max_frontier = len(heap)
        raise Exhausted  # every reachable state was expanded
    except MemoryError:
        budget.spend_reserve()  # room for the counts below (eightlab.search.budget.RESERVE_BYTES)
        raise
    finally:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.reopened, stats.max_frontier, stats.max_stored = reopened, max_frontier, len(g_of)
        stats.iterations = 1


def astar_search(
    start,
    goal=None,
    heuristic="manhattan",
    *,
    observer=None,
    tie_breaking: str = "larger-g",
    **budgets,
) -> SearchResult:
    """A* search: best-first on f = g + h (Hart, Nilsson & Raphael 1968).

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts open and closed.
    observer : Observer, optional
        Receives expand and generate events.
    tie_breaking : {"larger-g", "lifo", "fifo", "smaller-g"}, optional
        Which of the frontier nodes of equal f is taken first (:data:`TIE_BREAKING`);
        the default, "larger-g", takes the larger g, then the one generated first.

    Raises
    ------
    EightlabError
        For an unknown ``tie_breaking`` rule (and as :func:`~eightlab.search.solve`).

    Returns
    -------
    SearchResult
        A shortest path when h is admissible (consistent or not). The details of the
        loop (goal test on expansion, lazy deletion, reopening, ties) are in the Notes
        of :func:`best_first_search`.
    """
    options = None if tie_breaking == "larger-g" else {"tie_breaking": tie_breaking}
    return best_first_search(
        start, goal, heuristic, g_weight=1, h_weight=1, name="astar",
        observer=observer, options=options, tie_breaking=tie_breaking, budgets=budgets,
    )  # fmt: skip


def weighted_astar_search(
    start,
    goal=None,
    heuristic="manhattan",
    weight: float = DEFAULT_WEIGHT,
    *,
    observer=None,
    **budgets,
) -> SearchResult:
    """Weighted A*: best-first on f = g + w * h (Pohl 1970).

    With an admissible h the path found is at most ``weight`` times the shortest.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts open and closed.
    weight : float, optional
        The factor w on h, a finite number >= 1; 1 is A*.
    observer : Observer, optional
        Receives expand and generate events.

    Returns
    -------
    SearchResult
        A path at most ``weight`` times the shortest when h is admissible.

    Raises
    ------
    EightlabError
        For a weight that is not a finite number >= 1 (and as
        :func:`~eightlab.search.solve`).

    References
    ----------
    .. [1] I. Pohl, "Heuristic search viewed as path finding in a graph", Artificial
       Intelligence 1(3-4), 1970.
    """
    if isinstance(weight, bool) or not isinstance(weight, Real) or not (1 <= weight < math.inf):
        raise EightlabError(f"weighted A* needs a finite weight >= 1, not {weight!r}")
    return best_first_search(
        start, goal, heuristic, g_weight=1, h_weight=weight, name="weighted-astar",
        observer=observer, options={"weight": weight}, budgets=budgets,
    )  # fmt: skip


def greedy_best_first_search(
    start, goal=None, heuristic="manhattan", *, observer=None, **budgets
) -> SearchResult:
    """Greedy best-first search: best-first on f = h; fast, not optimal.

    Closed states are never reopened.

    Parameters
    ----------
    start, goal, heuristic, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts open and closed.
    observer : Observer, optional
        Receives expand and generate events.

    Returns
    -------
    SearchResult
        A path, not necessarily a shortest one.
    """
    return best_first_search(
        start, goal, heuristic, g_weight=0, h_weight=1, name="greedy", reopen=False,
        observer=observer, budgets=budgets,
    )  # fmt: skip


def uniform_cost_search(start, goal=None, *, observer=None, **budgets) -> SearchResult:
    """Uniform-cost search (Dijkstra's algorithm): best-first on f = g; optimal.

    A* with h = 0: it expands states in order of their distance from the start.

    Parameters
    ----------
    start, goal, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts open and closed.
    observer : Observer, optional
        Receives expand and generate events.

    Returns
    -------
    SearchResult
        A shortest path; the result names no heuristic.
    """
    return best_first_search(
        start, goal, "zero", g_weight=1, h_weight=0, name="ucs", report_heuristic=False,
        observer=observer, budgets=budgets,
    )  # fmt: skip


def best_first_search(
    start,
    goal,
    heuristic,
    *,
    g_weight: float,
    h_weight: float,
    name: str,
    reopen: bool = True,
    report_heuristic: bool = True,
    observer=None,
    options: dict | None = None,
    tie_breaking: str = "larger-g",
    budgets: dict | None = None,
) -> SearchResult:
    """The shared best-first search on f = g_weight * g + h_weight * h.

    Parameters
    ----------
    start, goal, heuristic
        As in :func:`~eightlab.search.solve`.
    g_weight, h_weight : float
        The weights of g and h in f: (1, 1) is A*, (1, w) weighted A*, (0, 1) greedy,
        (1, 0) uniform-cost search.
    name : str
        The algorithm's registry name, written in the result.
    reopen : bool, optional
        Whether a closed state reached by a cheaper path goes back on the frontier.
    report_heuristic : bool, optional
        Whether the result names the heuristic (not for uniform-cost search).
    observer : Observer, optional
        Receives expand and generate events.
    options : dict, optional
        The options the result records (``tie_breaking``, ``weight``).
    tie_breaking : {"larger-g", "lifo", "fifo", "smaller-g"}, optional
        Which of the frontier nodes of equal f is taken first.
    budgets : dict, optional
        The public searches' ``**budgets`` (``max_nodes``, ``max_seconds``,
        ``max_stored``), taken as a dict so that no other keyword slips through them.

    Returns
    -------
    SearchResult
        The path found, or why none was, with the counts.

    Raises
    ------
    EightlabError
        For an unknown ``tie_breaking`` rule (and as :func:`~eightlab.search.solve`).

    Notes
    -----
    * The goal test is applied when a node is taken from the frontier (not when it is
      generated), which is what makes A* optimal.
    * Frontier membership and best-known cost are a dict ``g_of``; the heap may hold
      *stale* entries for states later reached more cheaply, which are skipped when
      popped (lazy deletion), so no O(n) search of the open list is ever made.
    * A closed state reached by a cheaper path is *reopened* (put back on the
      frontier), so A* stays optimal with an admissible but inconsistent heuristic.
      Greedy search never reopens.
    * Ties among equal f are broken by preferring the larger g (deeper nodes, nearer
      the goal), then first-in first-out; runs are deterministic. ``tie_breaking``
      chooses another rule of :data:`TIE_BREAKING` ("lifo", "fifo", "smaller-g");
      the counts depend on it (the tie-breaking table of ``results/textbook-note.md``,
      computed by :func:`eightlab.analysis.comparisons.tie_breaking_table`).
    * Per-tile heuristics (Manhattan, misplaced, ...) are updated incrementally from
      the one tile that slides.
    * ``max_stored`` counts the states in ``g_of`` (open and closed); the memory
      budget stops the search with ``budget_exceeded`` before it holds more than
      ``max_stored + 3``.

    Public wrappers: :func:`astar_search`, :func:`weighted_astar_search`,
    :func:`greedy_best_first_search`, :func:`uniform_cost_search`.
    """
    if tie_breaking not in TIE_BREAKING:
        raise EightlabError(
            f"unknown tie_breaking {tie_breaking!r:.40}; choose one of {', '.join(TIE_BREAKING)}"
        )
    tie = TIE_BREAKING.index(tie_breaking)
    h = get_heuristic(heuristic)

    def core(problem, stats, budget):
        evaluator = h.bind(problem.goal_board)
        return _best_first_core(
            problem, stats, budget, evaluator, g_weight, h_weight, reopen, observer, tie
        )

    shown = h.name if report_heuristic else None
    return run_search(name, shown, start, goal, core, options, **(budgets or {}))
