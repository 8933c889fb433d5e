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

    In a single row or a single column (a ``1 x n`` or ``n x 1`` board) a move only
    exchanges the blank with a neighbour, so the tiles can never change order: the
    pair is solvable exactly when the tiles, read with the blank left out, are the
    same sequence in both boards (the blank can then walk anywhere).

    On boards of two rows and two columns or more, a move of the blank along a row does
    not change the reading order of the tiles. A move along a column lifts one tile
    over ``cols - 1`` others, changing the inversion count by an odd or even number as
    ``cols - 1`` is odd or even. So:

    * odd width (3x3): every move keeps the inversion parity, and the pair is solvable
      exactly when the tile permutation between start and goal is even;
    * even width (4x4): a vertical move flips the inversion parity and moves the blank
      one row, so ``inversion parity + blank row`` is invariant, and the pair is
      solvable exactly when the permutation parity equals the parity of the row
      distance between the two blanks.

    That these invariants are also sufficient on boards of at least 2x2 (every board
    with the right parity can be reached) is Johnson & Story (1879); exactly half of
    the ``n!`` boards are reachable from any goal there.

    Parameters
    ----------
    start, goal : Board or str or int
        The boards; ``goal`` defaults to :meth:`Board.goal` of the start's size
        (:func:`goal_or_default`).

    Returns
    -------
    bool

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
    if start.rows == 1 or start.cols == 1:
        return [t for t in start.tiles if t] == [t for t in goal.tiles if t]
    parity = permutation_parity(start, goal)
    if start.cols % 2 == 1:
        return parity == 0
    row_distance = abs(start.blank // start.cols - goal.blank // goal.cols)
    return parity == row_distance % 2
