"""Breadth-first search, with a hash-set or a Cantor-rank visited table.

References: Russell & Norvig, *AIMA*, 4th ed., fig. 3.9 (goal test on generation);
Lehmer 1960 and :mod:`eightlab.puzzle.ranking` for the Cantor-rank table.
"""

from __future__ import annotations

from collections import deque
from math import factorial

from eightlab.errors import EightlabError
from eightlab.puzzle.board import INVERSE, MOVES
from eightlab.puzzle.ranking import rank_packed
from eightlab.search.harness import Exhausted, path_from_parents, run_search
from eightlab.search.result import SearchResult

_MOVE_CODE = {m: i + 1 for i, m in enumerate(MOVES)}  # 0 = unvisited, 5 = start
_START_CODE = len(MOVES) + 1


def _hash_core(problem, stats, budget, observer):
    """Breadth-first search with a dict ``parents`` as the visited table; returns the path."""
    start, goal, moves, mask = problem.start, problem.goal, problem.moves, problem.mask
    if start == goal:
        return ""
    parents = {start: None}
    frontier = deque([(start, problem.start_blank)])
    expanded = generated = duplicates = 0
    max_frontier = 1
    check_at = budget.first_check()
    try:
        while frontier:
            if expanded >= check_at:
                check_at = budget.check(expanded, len(parents))
            state, blank = frontier.popleft()
            expanded += 1
            if observer is not None:
                observer.on_expand(problem.board(state), -1, 0)
            for move, q, sq, sb in moves[blank]:
                tile = (state >> sq) & mask
                child = state ^ (tile << sq) ^ (tile << sb)
                generated += 1
                if child in parents:
                    duplicates += 1
                    continue
                parents[child] = (state, move)
                if observer is not None:
                    observer.on_generate(problem.board(state), move, problem.board(child), -1, 0)
                if child == goal:
                    return path_from_parents(parents, child)
                frontier.append((child, q))
            if len(frontier) > max_frontier:
                max_frontier = len(frontier)
        raise Exhausted  # every reachable state was expanded
    except MemoryError:
        budget.spend_reserve()  # room for the counts below (eightlab.search.budget.RESERVE_BYTES)
        raise
    finally:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.max_frontier, stats.max_stored = max_frontier, len(parents)
        stats.iterations = 1


def _cantor_core(problem, stats, budget, observer):
    """The same search with a ``bytearray(n!)`` indexed by Cantor rank as the table."""
    n = problem.rows * problem.cols
    if n > 9:
        raise EightlabError(
            f"the Cantor-rank visited table needs {n}! bytes; use the hash-set BFS (visited='hash', --algorithm bfs) for a "
            f"{problem.rows}x{problem.cols} board"
        )
    start, goal, moves, mask = problem.start, problem.goal, problem.moves, problem.mask
    if start == goal:
        return ""

    def rank(state):
        return rank_packed(state, n)

    visited = bytearray(factorial(n))  # the move that first reached each board
    visited[rank(start)] = _START_CODE
    frontier = deque([(start, problem.start_blank)])
    expanded = generated = duplicates = 0
    max_frontier = stored = 1
    check_at = budget.first_check()
    try:
        while frontier:
            if expanded >= check_at:
                check_at = budget.check(expanded, stored)
            state, blank = frontier.popleft()
            expanded += 1
            if observer is not None:
                observer.on_expand(problem.board(state), -1, 0)
            for move, q, sq, sb in moves[blank]:
                tile = (state >> sq) & mask
                child = state ^ (tile << sq) ^ (tile << sb)
                generated += 1
                r = rank(child)
                if visited[r]:
                    duplicates += 1
                    continue
                visited[r] = _MOVE_CODE[move]
                stored += 1
                if observer is not None:
                    observer.on_generate(problem.board(state), move, problem.board(child), -1, 0)
                if child == goal:
                    return _undo_path(problem, visited, rank, child)
                frontier.append((child, q))
            if len(frontier) > max_frontier:
                max_frontier = len(frontier)
        raise Exhausted
    except MemoryError:
        budget.spend_reserve()  # room for the counts below (eightlab.search.budget.RESERVE_BYTES)
        raise
    finally:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.max_frontier, stats.max_stored = max_frontier, stored
        stats.iterations = 1


def breadth_first_search(
    start, goal=None, *, visited: str = "hash", observer=None, **budgets
) -> SearchResult:
    """Shortest path by breadth-first search (AIMA fig. 3.9).

    Parameters
    ----------
    start, goal, **budgets
        As in :func:`~eightlab.search.solve`; ``max_stored`` counts the entries of the
        visited table.
    visited : {"hash", "cantor"}
        The visited table: a hash map of states, or a bytearray indexed by Cantor rank.
    observer : Observer, optional
        Receives expand and generate events.

    Returns
    -------
    SearchResult
        A shortest path; counts as defined in :mod:`eightlab.search.result`.

    Raises
    ------
    EightlabError
        For an unknown ``visited`` or ``visited="cantor"`` on a board over 3x3.

    Notes
    -----
    BFS expands states in order of depth, so the first path it finds to the goal is a
    shortest one. Following AIMA (fig. 3.9) the goal test is applied when a state is
    *generated*, which saves expanding the whole last layer.

    The two visited tables, for the notebooks to compare memory and speed:
    ``visited="hash"`` is a dict from state to ``(parent, move)``; ``visited="cantor"``
    is a ``bytearray(n!)`` indexed by the Cantor expansion (Lehmer rank,
    :func:`eightlab.puzzle.ranking.rank_packed`) of the board, one byte per possible board
    holding the move that first reached it, and the path is read back by undoing those
    moves from the goal. This is the method of the source BFS problem; it needs ``n!``
    bytes, so it is offered for boards up to 3x3 (362,880 bytes).

    References
    ----------
    .. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
       ed., fig. 3.9.
    """
    if visited == "hash":
        name, core = "bfs", _hash_core
    elif visited == "cantor":
        name, core = "bfs-cantor", _cantor_core
    else:
        raise EightlabError(f"unknown visited table {visited!r}; choose 'hash' or 'cantor'")

    def run(problem, stats, budget):
        return core(problem, stats, budget, observer)

    return run_search(name, None, start, goal, run, **budgets)


def _undo_path(problem, visited, rank, state) -> str:
    """Read the path back from the goal by undoing the recorded moves."""
    mask = problem.mask
    blank = problem.blank_of(state)
    moves = []
    code = visited[rank(state)]
    while code != _START_CODE:
        move = MOVES[code - 1]
        moves.append(move)
        back = INVERSE[move]
        for m, q, sq, sb in problem.moves[blank]:
            if m == back:
                tile = (state >> sq) & mask
                state = state ^ (tile << sq) ^ (tile << sb)
                blank = q
                break
        code = visited[rank(state)]
    return "".join(reversed(moves))
