"""Seeded instances on boards of every shape, single rows and columns included."""

import random

import pytest

from eightlab.board import Board
from eightlab.instances import random_solvable_board
from eightlab.solvability import is_solvable


@pytest.mark.parametrize("rows, cols", [(1, 2), (1, 5), (4, 1), (2, 2), (2, 3), (3, 3)])
def test_random_solvable_boards_are_solvable_on_every_shape(rows, cols):
    goal = Board.goal(rows, cols)
    rng = random.Random(7)
    boards = [random_solvable_board(rng, goal) for _ in range(300)]
    assert all(is_solvable(board, goal) for board in boards)
    if rows == 1 or cols == 1:  # only the blank moves: one board per blank cell
        assert len(set(boards)) == goal.size
