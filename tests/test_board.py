"""Boards: notations, validation messages, moves of the blank, solvability, Cantor rank."""

import itertools
import random

import numpy as np
import oracle
import pytest

from eightlab import Board, BoardError, GoalMismatchError, IllegalMoveError, is_solvable
from eightlab.errors import EightlabError, quote
from eightlab.puzzle.board import MOVES, as_board, inversions, neighbor_table, pack, unpack
from eightlab.puzzle.ranking import lehmer_code, rank, unrank

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


SHAPES = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 1), (3, 1), (4, 1), (5, 1), (2, 2), (2, 3), (3, 2)]


@pytest.mark.parametrize("rows, cols", SHAPES + [(2, 4)])
def test_is_solvable_is_exactly_reachability_by_exhaustive_search(rows, cols):
    """A single row or column keeps the tiles' order; parity decides elsewhere."""
    boards = oracle.all_boards(rows, cols)
    for goal in (boards[-1], boards[len(boards) // 3]):  # blank last, and another goal
        reachable = oracle.distances(goal, rows, cols)
        goal_board = Board(goal, rows, cols)
        for cells in boards:
            expected = cells in reachable
            assert is_solvable(Board(cells, rows, cols), goal_board) == expected, (cells, goal)
            assert oracle.is_solvable(cells, goal, rows, cols) == expected


def test_a_single_row_or_column_cannot_reorder_its_tiles():
    column = Board.parse("2\n3\n1\n0")
    assert (column.rows, column.cols) == (4, 1)
    assert not is_solvable(column)  # the parity of the permutation alone would allow it
    assert is_solvable(column, Board([0, 2, 3, 1], 4, 1))
    assert is_solvable(Board([3, 0, 1, 2], 1, 4), Board([3, 1, 2, 0], 1, 4))
    assert not is_solvable(Board([1, 0, 2], 1, 3), Board([2, 1, 0], 1, 3))


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


# ------------------------------------------- bad arguments: one error, saying why


@pytest.mark.parametrize(
    "args, message",
    [
        (([1.5, 2, 3, 0],), r"tiles\[0\] must be a whole number, not 1\.5"),
        (([1, 2, 3, 0.0],), r"tiles\[3\] must be a whole number"),
        (([True, 0, 2, 3],), r"tiles\[0\] must be a whole number, not True"),
        ((["1", "2", "3", "0"],), r"tiles\[0\] must be a whole number"),
        (("1230",), "tiles must be a sequence of whole numbers, not str"),
        ((1230,), "tiles must be a sequence of whole numbers, not int"),
        (([], 0, 0), "rows must be a whole number >= 1, not 0"),
        (([],), "tiles is empty"),
        (([1, 0], -1, -2), "rows must be a whole number >= 1, not -1"),
        (([1, 0], 1, -2), "cols must be a whole number >= 1, not -2"),
        (([1, 0], 1.0, 2), "rows must be a whole number >= 1, not 1.0"),
        (([1, 0], True, 2), "rows must be a whole number >= 1, not True"),
        (([1, 0], 3, 3), "has 2 cells; a 3x3 board needs 9"),
        (([1, 2, 0], 2), "do not fill 2 rows"),
        (([1, 2, 3, 4, 0],), "square board needs 4, 9"),
        (([1, 2, 3, 4],), "tile 4 .* out of range"),
    ],
)
def test_bad_constructor_arguments_raise_an_eightlab_error_naming_them(args, message):
    with pytest.raises(BoardError, match=message):
        Board(*args)


def test_numpy_integers_are_whole_numbers():
    board = Board(np.array([1, 2, 3, 0]), np.int64(2), np.int32(2))
    assert board == Board.goal(2) and type(board.tiles[0]) is int and type(board.rows) is int
    assert Board([1, 2, 0], rows=1) == Board([1, 2, 0], 1, 3)  # one size given: the other follows
    with pytest.raises(BoardError, match="whole number"):
        Board(np.array([1.0, 2.0, 3.0, 0.0]))
    with pytest.raises(BoardError, match="rows must be"):
        Board.goal(0)
    with pytest.raises(BoardError, match="rows must be"):
        Board.parse("1230", rows=-2, cols=-2)


@pytest.mark.parametrize(
    "text",
    ["1 2 3\n4 5\n6 7 0 8", "123\n456\n78", "1 2 3\n4 5 6 7\n8 0", "12\n3 0 4"],
)
def test_ragged_grids_are_refused_in_both_spellings(text):
    with pytest.raises(BoardError, match="rows of different lengths"):
        Board.parse(text)


# ---------------------------------------------------------------- int boards


@pytest.mark.parametrize(
    "value, rows, text",
    [
        (123804765, None, "123804765"),
        (12345678, None, "012345678"),  # -p goal 012345678 reaches a notebook as 12345678
        (1230, None, "1230"),
        (123, None, "0123"),
        (12345, 2, "012345"),
        (np.int64(283104765), None, "283104765"),
    ],
)
def test_an_int_is_read_as_its_digits_with_one_leading_blank_restored(value, rows, text):
    cols = None if rows is None else 3
    assert Board.parse(value, rows, cols) == Board.parse(text, rows, cols)
    if rows is None:
        assert as_board(value) == Board.parse(text)


@pytest.mark.parametrize(
    "value, message",
    [
        (1234567, "has 7 cells"),  # two digits missing: refused, not guessed
        (10234567, "has 8 cells"),  # one missing but a 0 among them: ambiguous, refused
        (1234567890, "has 10 cells"),
        (-123804765, "needs one digit per cell, not -123804765"),
        (10**40, "not a number of 41 digits"),
        (12345678901, "not a number of 11 digits"),
        (True, "not bool"),
        (2.5, "as text, a Board or an int of its digits, not float"),
    ],
)
def test_ints_that_are_not_one_digit_per_cell_are_refused(value, message):
    with pytest.raises(BoardError, match=message):
        Board.parse(value)


def test_a_4x4_board_cannot_be_an_int():
    with pytest.raises(BoardError, match="only boards up to 3x3"):
        Board.parse(123456789012345, 4, 4)


def test_the_goal_of_a_pair_may_be_an_int():
    assert is_solvable(283104765, 123804765)
    assert as_board(123804765, like=Board.goal(3)) == Board.parse("123804765")


# ---------------------------------------- error messages quote a bounded prefix


def test_error_messages_quote_a_bounded_prefix_of_the_input():
    for text in ("1" * 5_000_000, "x" * 100_000, "1 " * 100_000, "12\n" * 100_000):
        with pytest.raises(BoardError) as info:
            Board.parse(text)
        message = str(info.value)
        assert len(message) < 300 and "\n" not in message, message[:400]
    with pytest.raises(BoardError) as info:
        Board.parse("1" * 5_000_000, 3, 3)
    assert "(5000000 characters)" in str(info.value)


def test_quote_is_the_one_helper():
    assert quote("283104765") == "'283104765'"
    assert quote("a\nb") == "'a\\nb'"
    assert quote("1" * 100, limit=5) == "'11111...' (100 characters)"
    assert quote(1.5) == "1.5"
    assert len(quote(list(range(10_000)))) < 100


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: Board.goal(1.5), "rows must be a whole number >= 1, not 1.5"),
        (lambda: Board.goal(3, -3), "cols must be a whole number >= 1, not -3"),
        (lambda: Board.goal().apply(None), "a path is a string of moves"),
        (lambda: Board.goal().format("n" * 1000), r"\(1000 characters\)"),
    ],
)
def test_other_bad_arguments_are_eightlab_errors_too(call, message):
    with pytest.raises(EightlabError, match=message):
        call()
