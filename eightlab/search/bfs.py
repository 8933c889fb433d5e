"""Breadth-first search, with a hash-set or a Cantor-rank visited table.

BFS expands states in order of depth, so the first path it finds to the goal is a
shortest one. Following AIMA (fig. 3.9) the goal test is applied when a state is
*generated*, which saves expanding the whole last layer.

Two visited tables, for the notebooks to compare memory and speed:

* ``visited="hash"``: a dict from state to ``(parent, move)``;
* ``visited="cantor"``: a ``bytearray(n!)`` indexed by the Cantor expansion (Lehmer
  rank, :mod:`eightlab.ranking`) of the board, one byte per possible board holding the
  move that first reached it; the path is read back by undoing those moves from the
  goal. This is the method of the source BFS problem; it needs ``n!`` bytes, so it is
  offered for boards up to 3x3 (362,880 bytes).
"""

from __future__ import annotations

from collections import deque
from math import factorial

from eightlab.board import INVERSE, MOVES
from eightlab.errors import EightlabError
from eightlab.result import SearchResult
from eightlab.search._common import path_from_parents, run_search

_MOVE_CODE = {m: i + 1 for i, m in enumerate(MOVES)}  # 0 = unvisited, 5 = start
_START_CODE = len(MOVES) + 1


def breadth_first_search(
    start,
    goal=None,
    *,
    visited: str = "hash",
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    observer=None,
) -> SearchResult:
    """Shortest path by breadth-first search (AIMA fig. 3.9).

    Parameters
    ----------
    start, goal : Board or str
        The boards; ``goal`` defaults to the tiles in order with the blank last.
    visited : {"hash", "cantor"}
        The visited table: a hash map of states, or a bytearray indexed by Cantor rank.
    max_nodes : int, optional
        Most nodes to expand before giving up with status ``budget_exceeded``.
    max_seconds : float, optional
        Most wall-clock seconds before giving up with status ``budget_exceeded``.
    observer : Observer, optional
        Receives expand and generate events.

    Returns
    -------
    SearchResult
        A shortest path; counts as defined in :mod:`eightlab.result`.

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards or boards of different sizes.
    EightlabError
        For an unknown ``visited`` or ``visited="cantor"`` on a board over 3x3.

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

    return run_search(name, None, start, goal, run, max_nodes, max_seconds)


def _hash_core(problem, stats, budget, observer):
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
                check_at = budget.check(expanded)
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
        raise AssertionError("BFS exhausted a solvable problem")  # parity says solvable
    finally:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.max_frontier, stats.max_stored = max_frontier, len(parents)
        stats.iterations = 1


def _cantor_core(problem, stats, budget, observer):
    n = problem.rows * problem.cols
    if n > 9:
        raise EightlabError(
            f"the Cantor-rank visited table needs {n}! bytes; use the hash-set BFS (visited='hash', --algorithm bfs) for a "
            f"{problem.rows}x{problem.cols} board"
        )
    start, goal, moves, mask, k = (
        problem.start,
        problem.goal,
        problem.moves,
        problem.mask,
        problem.bits,
    )
    if start == goal:
        return ""
    fact = [factorial(n - 1 - i) for i in range(n)]
    shifts = [k * i for i in range(n)]

    def rank(state):
        cells = [(state >> s) & mask for s in shifts]
        r = 0
        for i in range(n - 1):
            ci = cells[i]
            r += sum(1 for j in range(i + 1, n) if cells[j] < ci) * fact[i]
        return r

    visited = bytearray(factorial(n))  # the move that first reached each board
    visited[rank(start)] = _START_CODE
    frontier = deque([(start, problem.start_blank)])
    expanded = generated = duplicates = 0
    max_frontier = stored = 1
    check_at = budget.first_check()
    try:
        while frontier:
            if expanded >= check_at:
                check_at = budget.check(expanded)
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
        raise AssertionError("BFS exhausted a solvable problem")
    finally:
        stats.expanded, stats.generated, stats.duplicates = expanded, generated, duplicates
        stats.max_frontier, stats.max_stored = max_frontier, stored
        stats.iterations = 1


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
