"""The test suite's one independent oracle: breadth-first search over plain tuples.

Nothing here imports eightlab: boards are tuples of ints (``0`` the blank) read row
by row, with their ``rows`` and ``cols``; moves name where the blank goes, tried in the
order ``d, l, r, u``. The solvability rule is stated differently from eightlab's (the
sign of the whole permutation, blank included, against the blank's grid distance), so
an error in one is not repeated in the other. Every function also takes an object with
``tiles``, ``rows`` and ``cols`` attributes (an ``eightlab.Board``) in place of a tuple,
and reads only those attributes.

Tests compare eightlab with these functions; they are deliberately plain and slow
(sizes up to the 181,440 boards of one 3x3 parity class).
"""

from __future__ import annotations

from collections import deque
from functools import cache
from itertools import permutations

#: Moves of the blank in the order the searches try them.
MOVES = "dlru"
#: Row and column step of the blank for each move.
STEP = {"d": (1, 0), "l": (0, -1), "r": (0, 1), "u": (-1, 0)}


def shape(board, rows: int | None = None, cols: int | None = None):
    """``(tiles, rows, cols)`` of a tuple (square unless told) or of a Board-like object."""
    if hasattr(board, "tiles"):
        return tuple(board.tiles), board.rows, board.cols
    tiles = tuple(board)
    if rows is None and cols is None:
        rows = cols = round(len(tiles) ** 0.5)
    elif rows is None:
        rows = len(tiles) // cols
    elif cols is None:
        cols = len(tiles) // rows
    assert rows * cols == len(tiles), (tiles, rows, cols)
    return tiles, rows, cols


def neighbours(tiles: tuple, rows: int, cols: int) -> list[tuple[str, tuple]]:
    """``(move, tiles)`` for every legal move of the blank, in the order d, l, r, u."""
    blank = tiles.index(0)
    r, c = divmod(blank, cols)
    out = []
    for move in MOVES:
        dr, dc = STEP[move]
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            q = (r + dr) * cols + c + dc
            cells = list(tiles)
            cells[blank], cells[q] = cells[q], 0
            out.append((move, tuple(cells)))
    return out


def swap_neighbours(tiles: tuple, rows: int, cols: int) -> list[tuple[str, tuple]]:
    """The relaxed puzzle of Gaschnig's heuristic: the blank swaps with any tile."""
    blank = tiles.index(0)
    out = []
    for q in range(len(tiles)):
        if q != blank:
            cells = list(tiles)
            cells[blank], cells[q] = cells[q], 0
            out.append((str(q), tuple(cells)))
    return out


@cache
def _distances(goal: tuple, rows: int, cols: int, max_depth, step) -> dict[tuple, int]:
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        tiles = queue.popleft()
        d = distance[tiles]
        if max_depth is not None and d >= max_depth:
            continue
        for _, child in step(tiles, rows, cols):
            if child not in distance:
                distance[child] = d + 1
                queue.append(child)
    return distance


def distances(goal, rows=None, cols=None, max_depth=None, step=neighbours) -> dict[tuple, int]:
    """Exact number of moves between ``goal`` and every board that can reach it.

    Moves are reversible, so the distance from the goal is the distance to it. Keys are
    tuples of tiles; ``max_depth`` stops the search at that many moves (a ball around
    the goal). Cached: do not modify the result.
    """
    tiles, rows, cols = shape(goal, rows, cols)
    return _distances(tiles, rows, cols, max_depth, step)


def board_distances(goal, max_depth=None) -> dict:
    """:func:`distances` keyed by boards of ``goal``'s own type (a Board in, Boards out)."""
    tiles, rows, cols = shape(goal)
    make = type(goal)
    return {make(t, rows, cols): d for t, d in distances(tiles, rows, cols, max_depth).items()}


def distance(start, goal, rows=None, cols=None) -> int | None:
    """Least number of moves from ``start`` to ``goal``; None when it cannot be reached."""
    goal_tiles, rows, cols = shape(goal, rows, cols)
    start_tiles, _, _ = shape(start, rows, cols)
    return distances(goal_tiles, rows, cols).get(start_tiles)


def all_boards(rows: int, cols: int) -> list[tuple]:
    """Every arrangement of ``rows * cols`` cells, in lexicographic order."""
    return list(permutations(range(rows * cols)))


def is_solvable(start, goal, rows=None, cols=None) -> bool:
    """Whether ``goal`` can be reached from ``start``, without searching.

    One row or one column: the tiles cannot pass each other, so their order (blank
    left out) must be the same. Otherwise (Johnson & Story 1879): every move is a
    transposition of the blank with a tile and moves the blank one cell, so the sign
    of the whole permutation (blank included) taking ``goal`` to ``start`` must equal
    the parity of the blank's grid distance between the two boards.
    """
    goal_tiles, rows, cols = shape(goal, rows, cols)
    start_tiles, _, _ = shape(start, rows, cols)
    if rows == 1 or cols == 1:
        return [t for t in start_tiles if t] == [t for t in goal_tiles if t]
    where = {t: i for i, t in enumerate(goal_tiles)}
    perm = [where[t] for t in start_tiles]
    seen, transpositions = [False] * len(perm), 0
    for i in range(len(perm)):  # a cycle of length L is L - 1 transpositions
        length = 0
        while not seen[i]:
            seen[i], i, length = True, perm[i], length + 1
        transpositions += max(length - 1, 0)
    a, b = divmod(start_tiles.index(0), cols), divmod(goal_tiles.index(0), cols)
    return transpositions % 2 == (abs(a[0] - b[0]) + abs(a[1] - b[1])) % 2


def lexsmallest_shortest_path(start, goal, rows=None, cols=None) -> str:
    """The smallest (d < l < r < u) of the shortest paths from ``start`` to ``goal``.

    From the start, always take the smallest move that gets one step closer: every
    step of a shortest path does, and the first differing move decides the order.

    Raises
    ------
    ValueError
        If the goal cannot be reached.
    """
    goal_tiles, rows, cols = shape(goal, rows, cols)
    tiles, _, _ = shape(start, rows, cols)
    dist = distances(goal_tiles, rows, cols)
    if tiles not in dist:
        raise ValueError(f"{tiles} cannot reach {goal_tiles}")
    path = []
    while tiles != goal_tiles:
        move, tiles = next(
            (m, t) for m, t in neighbours(tiles, rows, cols) if dist[t] == dist[tiles] - 1
        )
        path.append(move)
    return "".join(path)


def apply(tiles, path: str, rows=None, cols=None) -> tuple:
    """The tiles after the blank makes the moves of ``path`` (each must be legal)."""
    tiles, rows, cols = shape(tiles, rows, cols)
    for move in path:
        tiles = dict(neighbours(tiles, rows, cols))[move]
    return tiles
