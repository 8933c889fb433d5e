"""Which boards reach which: the parity of the tile permutation and the blank's row.

:func:`is_solvable` decides, without searching, whether moves of the blank can turn one
board into another (Johnson & Story 1879); every search answers unsolvable pairs with
it before searching, and the instance generators keep only solvable boards.

References
----------
.. [1] W. W. Johnson and W. E. Story, "Notes on the '15' puzzle", American Journal of
   Mathematics 2(4), 1879.
"""

from __future__ import annotations

from eightlab.puzzle.board import Board, as_board, check_pair, goal_or_default, inversions

#: Why a pair of boards of one row or one column is unsolvable whatever its parity.
LINE_ORDER = "tile order: on a single row or column the tiles never pass each other"


def is_line(board: Board) -> bool:
    """Whether ``board`` has a single row or a single column (its tiles keep their order).

    Parameters
    ----------
    board : Board

    Returns
    -------
    bool
        True for a board of one row or one column.
    """
    return board.rows == 1 or board.cols == 1


def permutation_parity(start: Board, goal: Board) -> int:
    """Parity (0 even, 1 odd) of the tile permutation taking ``goal`` to ``start``.

    The tiles of ``start`` are relabelled by their cell in ``goal``'s reading order, so
    the goal reads ``1 2 ... n-1``; the parity is that of the relabelled inversions.

    Parameters
    ----------
    start, goal : Board
        Two boards of the same size and tiles.

    Returns
    -------
    int
        0 for an even permutation, 1 for an odd one.
    """
    order = {t: i for i, t in enumerate(t for t in goal.tiles if t)}
    return inversions([order[t] + 1 for t in start.tiles if t]) % 2


def is_solvable(start, goal=None) -> bool:
    """Whether ``goal`` can be reached from ``start`` by moves of the blank.

    Decided by the invariants of the moves, without a search:

    * odd width (3x3): the pair is solvable exactly when the tile permutation between
      start and goal is even;
    * even width (4x4): exactly when the permutation's parity equals the parity of the
      row distance between the two blanks;
    * a single row or column: exactly when the tiles, read with the blank left out, are
      the same sequence in both boards.

    On boards of at least 2x2 the invariants are also sufficient, so exactly half of the
    ``n!`` boards reach any goal (Johnson & Story 1879). Why the moves keep them is told
    in the tutorial ``notebooks/01_state_space.ipynb``.

    Parameters
    ----------
    start, goal : Board or str or int
        The boards; ``goal`` defaults to :meth:`Board.goal` of the start's size
        (:func:`goal_or_default`).

    Returns
    -------
    bool
        True when some sequence of moves turns ``start`` into ``goal``.

    Raises
    ------
    BoardError
        If a board cannot be read.
    GoalMismatchError
        If the boards differ in size.
    """
    start = as_board(start)
    goal = goal_or_default(goal, start)
    check_pair(start, goal)
    if is_line(start):
        return [t for t in start.tiles if t] == [t for t in goal.tiles if t]
    parity = permutation_parity(start, goal)
    if start.cols % 2 == 1:
        return parity == 0
    row_distance = abs(start.blank // start.cols - goal.blank // goal.cols)
    return parity == row_distance % 2
