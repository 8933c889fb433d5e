"""Boards: notations, validation messages, moves of the blank, solvability, Cantor rank."""

import itertools
import random

import pytest

from eightlab import Board, BoardError, GoalMismatchError, IllegalMoveError, is_solvable
from eightlab.board import MOVES, inversions, neighbor_table, pack, unpack
from eightlab.errors import EightlabError
from eightlab.ranking import lehmer_code, rank, unrank

# ---------------------------------------------------------------- notations


@pytest.mark.parametrize(
    "text, tiles",
    [
        ("283104765", (2, 8, 3, 1, 0, 4, 7, 6, 5)),
        ("2 3 4 1 5 x 7 6 8", (2, 3, 4, 1, 5, 0, 7, 6, 8)),
        ("2  3  4  1  5  x  7  6  8", (2, 3, 4, 1, 5, 0, 7, 6, 8)),
        ("564178X23", (5, 6, 4, 1, 7, 8, 0, 2, 3)),
        ("1 2 3\n4 5 6\n7 8 _", (1, 2, 3, 4, 5, 6, 7, 8, 0)),
        ("123\n456\n780\n", (1, 2, 3, 4, 5, 6, 7, 8, 0)),
    ],
)
def test_every_notation_reads_the_same_cells(text, tiles):
    assert Board.parse(text).tiles == tiles


@pytest.mark.parametrize(
    "notation, text",
    [
        ("digits", "283104765"),
        ("X", "564178X23"),
        ("x", "2 3 4 1 5 x 7 6 8"),
        ("grid", "2 8 3\n1 _ 4\n7 6 5"),
    ],
)
def test_formatting_round_trips_exactly(notation, text):
    board = Board.parse(text)
    assert board.format(notation) == text
    assert Board.parse(board.format(notation)) == board


def test_round_trip_of_random_boards_in_every_notation():
    rng = random.Random(7)
    for _ in range(200):
        cells = list(range(9))
        rng.shuffle(cells)
        board = Board(cells)
        for notation in ("digits", "X", "x", "grid"):
            assert Board.parse(board.format(notation)) == board


def test_fifteen_puzzle_reads_whitespace_separated_cells():
    board = Board.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x")
    assert (board.rows, board.cols) == (4, 4)
    assert board == Board.goal(4)
    assert Board.parse(board.format("grid")) == board
    with pytest.raises(BoardError, match="one character per cell"):
        board.format("digits")


def test_boards_are_immutable_and_hashable():
    a, b = Board.parse("283104765"), Board.parse("2 8 3 1 x 4 7 6 5")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.tiles = (0,) * 9


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "text, message",
    [
        ("28310476", "has 8 cells"),
        ("2831047651", "has 10 cells"),
        ("283114765", "has no blank"),
        ("283100765", "2 blanks"),
        ("2 3 4 1 5 x 7 6 x", "2 blanks"),
        ("X8314762X", "2 blanks"),
        ("283104766", "tile 6 appears 2 times"),
        ("283?04765", r"unknown character '\?' at cell 4"),
        ("2 3 4 1 5 x 7 6 9", "out of range"),
        ("", "empty board"),
        ("   ", "empty board"),
    ],
)
def test_bad_boards_raise_a_message_naming_the_problem(text, message):
    with pytest.raises(BoardError, match=message):
        Board.parse(text)


def test_board_errors_are_value_errors_of_eightlab():
    with pytest.raises(ValueError):
        Board.parse("12")
    assert issubclass(BoardError, EightlabError)


def test_start_and_goal_of_different_sizes_are_refused():
    with pytest.raises(GoalMismatchError, match="3x3 but goal"):
        is_solvable("123456780", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")


# ---------------------------------------------------------------- moves


def test_moves_name_where_the_blank_goes():
    board = Board.parse("283104765")  # blank in the centre
    assert board.apply("u") == Board.parse("203184765")
    assert board.apply("d") == Board.parse("283164705")
    assert board.apply("l") == Board.parse("283014765")
    assert board.apply("r") == Board.parse("283140765")


def test_legal_moves_and_successors_come_in_lexicographic_order():
    assert MOVES == "dlru"
    assert Board.parse("123456780").legal_moves() == "lu"
    assert Board.parse("012345678").legal_moves() == "dr"
    assert [m for m, _ in Board.parse("283104765").successors()] == list("dlru")


def test_applying_a_path_checks_every_move_and_names_its_index():
    board = Board.parse("12X453786")
    assert board.apply("dd") == Board.parse("12345678X")
    with pytest.raises(IllegalMoveError, match="move 2 .* takes the blank off the board") as info:
        board.apply("ddd")
    assert info.value.index == 2
    with pytest.raises(IllegalMoveError, match="move 1 .* 'q', not one of"):
        board.apply("dq")
    assert board.apply("") == board


def test_a_move_and_its_inverse_restore_the_board():
    board = Board.parse("283104765")
    for move, child in board.successors():
        assert child.apply({"d": "u", "u": "d", "l": "r", "r": "l"}[move]) == board


def test_neighbor_table_of_a_non_square_board():
    table = neighbor_table(2, 3)
    assert table[0] == (("d", 3), ("r", 1))
    assert table[4] == (("l", 3), ("r", 5), ("u", 1))


def test_pack_and_unpack_are_inverse():
    tiles = (2, 8, 3, 1, 0, 4, 7, 6, 5)
    assert unpack(pack(tiles), 9) == tiles
    big = tuple(range(16))
    assert unpack(pack(big), 16) == big


# ---------------------------------------------------------------- solvability


def _reachable(goal: Board) -> set:
    seen, frontier = {goal}, [goal]
    while frontier:
        nxt = []
        for board in frontier:
            for _, child in board.successors():
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        frontier = nxt
    return seen


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (2, 4)])
def test_parity_predicts_reachability_exactly_on_small_boards(rows, cols):
    goal = Board.goal(rows, cols)
    reachable = _reachable(goal)
    n = rows * cols
    boards = [Board(p, rows, cols) for p in itertools.permutations(range(n))]
    assert len(reachable) * 2 == len(boards)
    for board in boards:
        assert is_solvable(board, goal) == (board in reachable)


def test_source_problem_solvability():
    assert not is_solvable("1 2 3 4 5 6 8 7 x", "12345678x")
    assert is_solvable("2 3 4 1 5 x 7 6 8", "12345678x")
    assert not is_solvable("812043765", "123456780")
    assert is_solvable("812043765", "123804765")


def test_fifteen_puzzle_parity_uses_the_blank_row():
    goal = Board.goal(4)
    swapped = Board.parse("2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 x")
    assert not is_solvable(swapped, goal)
    assert is_solvable(goal.apply("uulld"), goal)


def test_inversions_skip_the_blank():
    assert inversions((1, 2, 3, 4, 5, 6, 8, 7, 0)) == 1
    assert inversions((0, 1, 2)) == 0


# ---------------------------------------------------------------- Cantor rank


def test_rank_is_the_lexicographic_index_of_the_permutation():
    for index, perm in enumerate(itertools.permutations(range(5))):
        assert rank(perm) == index
        assert unrank(index, 5) == perm


def test_rank_of_the_extremes_and_a_lehmer_code():
    assert rank(tuple(range(9))) == 0
    assert rank(tuple(reversed(range(9)))) == 362879
    assert lehmer_code((2, 0, 1)) == (2, 0, 0)
    with pytest.raises(ValueError):
        unrank(362880, 9)


def test_boards_that_are_not_square_keep_their_shape_in_repr_and_pickle():
    import pickle

    board = Board.parse("1 2 3\n4 x 5")
    assert (board.rows, board.cols) == (2, 3)
    assert eval(repr(board), {"Board": Board}) == board
    assert pickle.loads(pickle.dumps(board)) == board
    assert Board.parse(board.format("grid")) == board
    with pytest.raises(BoardError, match="has 2 rows, not 3"):
        Board.parse("1 2 3\n4 x 5", rows=3, cols=2)
