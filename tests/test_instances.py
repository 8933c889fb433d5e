"""Seeded instances on boards of every shape, single rows and columns included."""

import random

import pytest

from eightlab.puzzle.board import Board
from eightlab.puzzle.instances import random_solvable_board
from eightlab.puzzle.solvability import is_solvable


@pytest.mark.parametrize("rows, cols", [(1, 2), (1, 5), (4, 1), (2, 2), (2, 3), (3, 3)])
def test_random_solvable_boards_are_solvable_on_every_shape(rows, cols):
    goal = Board.goal(rows, cols)
    rng = random.Random(7)
    boards = [random_solvable_board(rng, goal) for _ in range(300)]
    assert all(is_solvable(board, goal) for board in boards)
    if rows == 1 or cols == 1:  # only the blank moves: one board per blank cell
        assert len(set(boards)) == goal.size


def test_korf_felner_24_is_shipped_with_its_goal_and_lengths():
    from eightlab.heuristics import get_heuristic
    from eightlab.puzzle.instances import KORF_GOAL_24, korf_felner_24, korf_felner_24_lengths

    boards = korf_felner_24()
    lengths = korf_felner_24_lengths()
    assert len(boards) == 50 and len(set(boards)) == 50 and sorted(lengths) == list(range(1, 51))
    assert all(is_solvable(b, KORF_GOAL_24) for b in boards)
    assert str(boards[0]) == "14 5 9 2 18 8 23 19 12 17 15 x 10 20 4 6 11 21 1 7 24 3 16 22 13"
    assert (lengths[1], lengths[40]) == (95, 82)
    manhattan = get_heuristic("manhattan").bind(KORF_GOAL_24)
    for k, board in enumerate(boards, 1):  # a length is at least h and of h's parity
        h = int(manhattan(board.packed))
        assert lengths[k] >= h and (lengths[k] - h) % 2 == 0
