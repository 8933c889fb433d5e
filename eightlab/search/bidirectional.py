"""Bidirectional breadth-first search: one BFS from the start, one from the goal, layer
by layer. References: Pohl, "Bi-directional search", Machine Intelligence 6, 1971;
Russell & Norvig, *AIMA*, 4th ed., sec. 3.4.5.
"""

from __future__ import annotations

from eightlab.puzzle.board import INVERSE
from eightlab.search.harness import Exhausted, path_from_parents, run_search
from eightlab.search.result import SearchResult

FORWARD, BACKWARD = 0, 1


def _bidirectional_core(problem, stats, budget, observer):
    """Expand a whole layer of the smaller side until the trees meet; returns the path."""
    start, goal = problem.start, problem.goal
    stats.iterations = 1
    if start == goal:
        stats.max_frontier = stats.max_stored = 1
        return ""
    # state -> (parent state, move) in the forward tree and in the backward tree
    parents = ({start: None}, {goal: None})
    layers = [[(start, problem.start_blank)], [(goal, problem.goal_blank)]]
    depths = [0, 0]
    stats.max_frontier = 2
    check_at = budget.first_check()
    try:
        while layers[FORWARD] and layers[BACKWARD]:
            side = FORWARD if len(layers[FORWARD]) <= len(layers[BACKWARD]) else BACKWARD
            layers[side], meetings, check_at = _expand_layer(
                problem, layers[side], parents[side], parents[1 - side], depths[side],
                stats, budget, check_at, observer,
            )  # fmt: skip
            depths[side] += 1
            if meetings:
                meet = min(meetings, key=lambda m: m[0])[1]
                forward, backward = parents
                return path_from_parents(forward, meet) + _backward_half(backward, meet)
            stats.max_frontier = max(stats.max_frontier, len(layers[0]) + len(layers[1]))
        raise Exhausted  # one side reached every state it can
    except MemoryError:
        budget.spend_reserve()  # room for the counts below (eightlab.search.budget.RESERVE_BYTES)
        raise
    finally:
        stats.max_stored = len(parents[FORWARD]) + len(parents[BACKWARD])


def _expand_layer(problem, layer, mine, other, depth, stats, budget, check_at, observer):
    """Expand every state of ``layer`` (all at ``depth`` on this side).

    Returns the next layer, the meetings found and the next budget checkpoint. A
    meeting is ``(length, state)``: a newly reached state already in ``other``.
    Counts are added to ``stats``.
    """
    moves, mask = problem.moves, problem.mask
    expanded, generated, duplicates = stats.expanded, stats.generated, stats.duplicates
    nxt = []
    meetings = []
    g2 = depth + 1
    try:
        for state, blank in layer:
            if expanded >= check_at:
                check_at = budget.check(expanded, len(mine) + len(other))
            expanded += 1
            if observer is not None:
                observer.on_expand(problem.board(state), depth, 0)
            for move, q, sq, sb in moves[blank]:
                tile = (state >> sq) & mask
                child = state ^ (tile << sq) ^ (tile << sb)
                generated += 1
                if child in mine:
                    duplicates += 1
                    continue
                mine[child] = (state, move)
                if observer is not None:
                    observer.on_generate(problem.board(state), move, problem.board(child), g2, 0)
                if child in other:
                    meetings.append((g2 + _depth_in(other, child), child))
                nxt.append((child, q))
    finally:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
    return nxt, meetings, check_at


def _depth_in(parents: dict, state: int) -> int:
    """Depth of ``state`` in the tree recorded by ``parents``."""
    depth = 0
    while parents[state] is not None:
        state = parents[state][0]
        depth += 1
    return depth


def _backward_half(backward: dict, state: int) -> str:
    """Moves from ``state`` to the goal: the backward tree's moves, inverted, in reverse."""
    moves = []
    while backward[state] is not None:
        state, move = backward[state]
        moves.append(INVERSE[move])
    return "".join(moves)


def bidirectional_breadth_first_search(
    start, goal=None, *, observer=None, **budgets
) -> SearchResult:
    """Shortest path by breadth-first search from both ends, layer by layer.

    Parameters
    ----------
    start, goal, **budgets
        As in :func:`~eightlab.search.solve`; ``max_nodes`` counts both sides together,
        ``max_stored`` the states in both visited tables.
    observer : Observer, optional
        Receives expand and generate events of both sides; ``g`` is the depth from
        the side's own root (the start for the forward side, the goal for the
        backward side) and a backward event's move is the blank's move away from the
        goal.

    Returns
    -------
    SearchResult
        A shortest path. ``expanded``, ``generated`` and ``duplicates`` add up both
        sides; ``max_frontier`` is the largest sum of the two current layers;
        ``max_stored`` the states in both visited tables at the end (they only grow).

    Notes
    -----
    Each step expands one whole *layer* (every state at the current depth) of the side
    whose layer is smaller; the forward tree grows from the start, the backward tree from
    the goal (moves of the blank are reversible, so the backward tree's successors are the
    ordinary successors). Each newly reached state is looked up in the other side's
    visited table; a hit is a *meeting*, a path of length ``depth_forward +
    depth_backward``.

    Stopping rule. Before the layer in which the two trees first touch, no state lies
    within ``d_f`` moves of the start and ``d_b`` moves of the goal, so every path is
    longer than ``d_f + d_b``; the new layer holds every state at depth ``d_f + 1`` and
    the other side every state within ``d_b``, so a path of length ``d_f + d_b + 1``, if
    one exists, shows up as a meeting in this layer. The search therefore finishes the
    layer in which the trees first touch and returns its best (shortest) meeting, the
    first one found among equals; every meeting of that layer in fact has the same
    length, so this is the shortest path.

    The path is the forward half (start to the meeting state) followed by the backward
    half read from the meeting state to the goal: the backward tree's moves, reversed and
    each inverted with :data:`~eightlab.puzzle.board.INVERSE`.

    References
    ----------
    .. [1] I. Pohl, "Bi-directional search", Machine Intelligence 6, 1971.
    """

    def core(problem, stats, budget):
        return _bidirectional_core(problem, stats, budget, observer)

    return run_search("bidirectional-bfs", None, start, goal, core, **budgets)
