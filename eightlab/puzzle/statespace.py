"""The whole 8-puzzle state space as numpy tables indexed by Cantor rank.

A 3x3 board is a permutation of ``0 .. 8`` (``0`` the blank), so its Cantor rank
(:mod:`eightlab.puzzle.ranking`) is a perfect index into arrays of ``9! = 362,880`` entries.
Two tables describe the space completely:

* :func:`move_table`, independent of the goal: ``table[r, j]`` is the rank of the board
  reached from board ``r`` when the blank makes move ``MOVES[j]`` (``d, l, r, u``), or
  ``-1`` where the move would leave the board. Built once: the permutations of
  ``itertools.permutations(range(9))`` come in rank order, and the swapped permutations
  are ranked by :func:`rank_array`.
* :func:`distance_table`, per goal: the exact number of moves from every board to the
  goal (``-1`` when unreachable), found by a breadth-first search run layer by layer on
  the move table (moves are reversible, so distance from the goal is distance to it).

Both are cached in memory and returned read-only. Known facts they reproduce: from
any goal exactly ``9!/2 = 181,440`` boards are reachable; the farthest boards from
``123456780`` are 31 moves away (two of them, ``647850321`` and ``867254301``), from
``123804765`` 30 moves (Reinefeld 1993).

The tables exist only for the 3x3 board (4x4 would need ``16!`` entries); every
function here raises :class:`~eightlab.errors.BoardError` for other sizes.

References
----------
.. [1] A. Reinefeld, "Complete solution of the eight-puzzle and the benefit of node
   ordering in IDA*", IJCAI 1993.
.. [2] D. E. Knuth, The Art of Computer Programming, vol. 2, sec. 3.3.2 (factorial
   number system, the rank used here).
"""

from __future__ import annotations

from functools import cache
from itertools import chain, permutations
from math import factorial
from numbers import Integral

import numpy as np

from eightlab.errors import BoardError, quote
from eightlab.puzzle.board import (
    MOVES,
    Board,
    as_board,
    check_pair,
    goal_or_default,
    neighbor_table,
)
from eightlab.puzzle.ranking import rank, rank_columns, unrank

#: Cells of the board the tables describe.
SIZE = 9
#: Number of permutations of the 9 cells, the length of every table.
STATES = factorial(SIZE)
#: Number of boards that can reach any given 3x3 goal: half of them (9!/2 = 181,440).
REACHABLE = STATES // 2


def require_3x3(board: Board, what: str = "the state-space tables") -> None:
    """Raise :class:`BoardError` unless ``board`` is 3x3.

    Raises
    ------
    BoardError
        Naming the board's size: the numpy tables cover the 8-puzzle only.
    """
    if (board.rows, board.cols) != (3, 3):
        raise BoardError(
            f"{what} exist only for the 3x3 board (the 8-puzzle); "
            f"board {board} is {board.rows}x{board.cols}"
        )


def _goal_of(goal, like: Board | None = None) -> Board:
    goal = goal_or_default(goal, like)
    require_3x3(goal)
    return goal


def rank_array(perms: np.ndarray) -> np.ndarray:
    """Cantor ranks of many permutations of ``0 .. 8`` at once.

    Parameters
    ----------
    perms : numpy.ndarray, shape (N, 9)
        One permutation per row.

    Returns
    -------
    numpy.ndarray of int64, shape (N,)
        :func:`eightlab.puzzle.ranking.rank` of every row.
    """
    return rank_columns(np.asarray(perms).reshape(-1, SIZE).T, SIZE)


@cache
def permutation_table() -> np.ndarray:
    """Every 3x3 board in rank order: row ``r`` holds the tiles of the board of rank ``r``.

    ``itertools.permutations(range(9))`` yields permutations in lexicographic, that is
    rank, order. Built once per process and cached.

    Returns
    -------
    numpy.ndarray of int8, shape (9!, 9), read-only
    """
    flat = np.fromiter(
        chain.from_iterable(permutations(range(SIZE))), dtype=np.int8, count=STATES * SIZE
    )
    table = flat.reshape(STATES, SIZE)
    table.setflags(write=False)
    return table


@cache
def move_table() -> np.ndarray:
    """The goal-independent successor table of the 8-puzzle over Cantor ranks.

    Returns
    -------
    numpy.ndarray of int32, shape (9!, 4), read-only
        Column ``j`` is the rank of the board after the blank makes move ``MOVES[j]``
        (``d, l, r, u``), ``-1`` where that move leaves the board. Built once per
        process and cached.
    """
    perms = permutation_table()
    blanks = np.argmax(perms == 0, axis=1)
    table = np.full((STATES, len(MOVES)), -1, dtype=np.int32)
    for blank, moves in enumerate(neighbor_table(3, 3)):
        rows = np.flatnonzero(blanks == blank)
        for move, q in moves:
            swapped = perms[rows].copy()
            swapped[:, blank] = swapped[:, q]
            swapped[:, q] = 0
            table[rows, MOVES.index(move)] = rank_array(swapped)
    table.setflags(write=False)
    return table


@cache
def _distance_table(goal: Board) -> np.ndarray:
    table = move_table()
    distance = np.full(STATES, -1, dtype=np.int8)
    frontier = np.array([rank(goal.tiles)], dtype=np.int64)
    distance[frontier] = 0
    depth = 0
    while frontier.size:
        successors = table[frontier].ravel()
        successors = successors[successors >= 0]
        successors = np.unique(successors[distance[successors] < 0])
        depth += 1
        distance[successors] = depth
        frontier = successors
    distance.setflags(write=False)
    return distance


def distance_table(goal=None) -> np.ndarray:
    """Exact distance of every 3x3 board to ``goal``, by a layer-by-layer numpy BFS.

    Parameters
    ----------
    goal : Board or str, optional
        The goal; the tiles in order with the blank last by default.

    Returns
    -------
    numpy.ndarray of int8, shape (9!,), read-only
        ``table[r]`` is the least number of moves from the board of rank ``r`` to the
        goal, ``-1`` when the goal cannot be reached from it (the other parity class).
        Cached per goal.

    Raises
    ------
    BoardError
        If the goal is not 3x3.

    References
    ----------
    .. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
       ed., sec. 3.4.1 (breadth-first search).
    """
    return _distance_table(_goal_of(goal))


def depth_distribution(goal=None) -> np.ndarray:
    """How many boards lie at each exact distance from ``goal``.

    Returns
    -------
    numpy.ndarray of int64, shape (max distance + 1,)
        ``counts[d]`` is the number of boards ``d`` moves from the goal; the counts sum
        to 181,440.

    Raises
    ------
    BoardError
        If the goal is not 3x3.
    """
    distance = distance_table(goal)
    return np.bincount(distance[distance >= 0].astype(np.int64))


def rank_of(board) -> int:
    """Cantor rank of a 3x3 board (its index in the tables).

    Raises
    ------
    BoardError
        If the board is unreadable or not 3x3.
    """
    board = as_board(board)
    require_3x3(board)
    return rank(board.tiles)


def board_of(r: int) -> Board:
    """The 3x3 board of Cantor rank ``r``.

    Raises
    ------
    BoardError
        If ``r`` is not a whole number in ``0 .. 9! - 1``.
    """
    if isinstance(r, bool) or not isinstance(r, Integral):
        raise BoardError(f"a rank is a whole number 0..{STATES - 1}, not {quote(r)}")
    r = int(r)
    if not 0 <= r < STATES:
        raise BoardError(f"rank {r} is outside 0..{STATES - 1} for a 3x3 board")
    return Board(unrank(r, SIZE), 3, 3)


def ranks_at(goal, depth: int) -> np.ndarray:
    """Ranks of the boards exactly ``depth`` moves from ``goal``, in increasing order.

    Returns
    -------
    numpy.ndarray of int64
        Empty when no board is that far.
    """
    return np.flatnonzero(distance_table(goal) == depth)


def boards_at(goal, depth: int) -> list[Board]:
    """The boards exactly ``depth`` moves from ``goal``, in rank order.

    Parameters
    ----------
    goal : Board or str or None
        The goal (default: tiles in order, blank last).
    depth : int
        Exact distance, in moves.

    Returns
    -------
    list of Board
        Empty when no board is that far.

    Raises
    ------
    BoardError
        If the goal is not 3x3.
    """
    return [board_of(r) for r in ranks_at(goal, depth)]


def hardest_boards(goal=None) -> list[Board]:
    """The boards farthest from ``goal`` (two boards at 31 moves for ``123456780``).

    Raises
    ------
    BoardError
        If the goal is not 3x3.
    """
    distance = distance_table(goal)
    return boards_at(goal, int(distance.max()))


def exact_distance(board, goal=None) -> int | None:
    """The least number of moves from ``board`` to ``goal`` (h*), read from the table.

    Parameters
    ----------
    board, goal : Board or str
        3x3 boards; ``goal`` defaults to tiles in order, blank last.

    Returns
    -------
    int or None
        The distance in moves; None when the goal cannot be reached.

    Raises
    ------
    BoardError
        If a board is unreadable or not 3x3.
    """
    board = as_board(board)
    goal = _goal_of(goal, board)
    check_pair(board, goal)
    d = int(distance_table(goal)[rank_of(board)])
    return None if d < 0 else d
