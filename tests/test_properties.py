"""Property tests over random boards and random goals, and over the parsers and the
command line with random input (Hypothesis): never a traceback, either a result or a
one-line error (exit status 2)."""

from __future__ import annotations

import contextlib
import io
import os

import oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightlab import ALGORITHMS, Board, Status, is_solvable, solve
from eightlab.cli import main
from eightlab.errors import BoardError, EightlabError
from eightlab.heuristics import HEURISTICS
from eightlab.problems import run_problem
from eightlab.puzzle.board import INVERSE, NOTATIONS
from eightlab.puzzle.statespace import distance_table, exact_distance, rank_of

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)]
ADMISSIBLE = [name for name, h in HEURISTICS.items() if h.admissible]


@st.composite
def boards(draw, shapes=SHAPES):
    rows, cols = draw(st.sampled_from(shapes))
    return Board(draw(st.permutations(range(rows * cols))), rows, cols)


@st.composite
def board_pairs(draw, shapes=SHAPES):
    """A goal and a board of the same shape that can reach it."""
    goal = draw(boards(shapes))
    cells = list(draw(st.permutations(goal.tiles)))
    board = Board(cells, goal.rows, goal.cols)
    if not is_solvable(board, goal):  # exchange two tiles: flips the parity
        a, b = [i for i, t in enumerate(cells) if t][:2]
        cells[a], cells[b] = cells[b], cells[a]
        board = Board(cells, goal.rows, goal.cols)
    return board, goal


@st.composite
def walks(draw, shapes=SHAPES):
    """A board and a random sequence of legal moves from it."""
    board = draw(boards(shapes))
    steps = draw(st.integers(0, 30))
    path, current = "", board
    for _ in range(steps):
        move = draw(st.sampled_from(current.legal_moves()))
        path += move
        current = current.apply(move)
    return board, path


def small_distances(goal: Board) -> dict:
    """Exact distances to a goal, keyed by Board (the independent oracle's BFS)."""
    return oracle.board_distances(goal)


@given(boards())
def test_parse_and_format_round_trip_in_every_notation(board):
    for notation in NOTATIONS:
        if notation in ("digits", "X") and board.size > 10:
            continue
        assert Board.parse(board.format(notation), board.rows, board.cols) == board
    if board.rows == board.cols:
        assert Board.parse(board.format("x")) == board


@given(walks())
def test_applying_a_path_then_its_inverse_is_the_identity(walk):
    board, path = walk
    back = "".join(INVERSE[m] for m in reversed(path))
    assert board.apply(path).apply(back) == board


@settings(max_examples=30, deadline=None)
@given(boards([(3, 3)]), boards([(3, 3)]))
def test_parity_predicts_reachability_in_the_table(board, goal):
    reachable = distance_table(goal)[rank_of(board)] >= 0
    assert reachable == is_solvable(board, goal)


@given(boards([(2, 2), (2, 3), (3, 2)]), boards([(2, 2), (2, 3), (3, 2)]))
def test_parity_predicts_reachability_by_search_on_small_boards(board, goal):
    if (board.rows, board.cols) == (goal.rows, goal.cols):
        assert (board in small_distances(goal)) == is_solvable(board, goal)


@settings(max_examples=40, deadline=None)
@given(boards([(2, 2), (2, 3), (3, 2), (3, 3), (3, 4)]))
def test_every_heuristic_is_zero_at_the_goal(goal):
    for name, heuristic in HEURISTICS.items():
        if not heuristic.applies_to(goal):  # exact (3x3), pdb-5-5-5 ... (4x4)
            continue
        if name.startswith("learned") and goal.size > 9:  # a 3x4 goal's table: CPU minutes
            continue
        assert heuristic(goal, goal) == 0, name


@settings(max_examples=30, deadline=None)
@given(board_pairs([(3, 3)]))
def test_admissible_heuristics_never_exceed_the_exact_distance(pair):
    board, goal = pair
    truth = exact_distance(board, goal)
    for name in ADMISSIBLE:
        if HEURISTICS[name].applies_to(goal):
            assert HEURISTICS[name](board, goal) <= truth, name


@settings(max_examples=60, deadline=None)
@given(board_pairs([(2, 2), (2, 3), (3, 2)]))
def test_admissible_heuristics_never_exceed_the_distance_on_small_boards(pair):
    board, goal = pair
    truth = small_distances(goal)[board]
    for name in ADMISSIBLE:
        if HEURISTICS[name].applies_to(goal):
            assert HEURISTICS[name](board, goal) <= truth, name


@settings(max_examples=15, deadline=None)
@given(board_pairs([(3, 3)]))
def test_consistent_heuristics_change_by_at_most_one_per_move(pair):
    board, goal = pair
    for name, heuristic in HEURISTICS.items():
        if heuristic.consistent and heuristic.applies_to(goal):
            here = heuristic(board, goal)
            for _, child in board.successors():
                assert abs(here - heuristic(child, goal)) <= 1, name


# ------------------------------------------------- random input never a traceback

ALL_SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5)]
BLANKS = st.sampled_from(["0", "x", "X", "_"])
TOKENS = st.one_of(
    st.sampled_from(["0", "1", "2", "3", "8", "9", "10", "15", "x", "X", "_", "?", "-1", "１"]),
    st.text(min_size=1, max_size=3),
)
SEPARATORS = st.sampled_from(["", " ", "  ", "\n", "\t", "\r\n", " \n"])


@st.composite
def board_texts(draw):
    """Text that is often nearly a board: tokens and separators, or anything at all."""
    if draw(st.booleans()):
        return draw(st.text(max_size=40))
    tokens = draw(st.lists(TOKENS, max_size=20))
    return "".join(t + draw(SEPARATORS) for t in tokens)


def one_line_error(message: str) -> bool:
    return message.count("\n") <= 1 and "Traceback" not in message and len(message) < 600


@settings(max_examples=400, deadline=None)
@given(board_texts(), st.sampled_from([None, (3, 3), (2, 3), (4, 4), (1, 4)]))
def test_random_text_is_a_board_or_a_board_error(text, shape):
    rows, cols = shape or (None, None)
    try:
        board = Board.parse(text, rows, cols)
    except BoardError as error:
        assert one_line_error(str(error)), str(error)
        return
    assert sorted(board.tiles) == list(range(board.size))
    assert Board.parse(board.format("grid"), board.rows, board.cols) == board


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40))
def test_random_bytes_are_a_board_or_a_board_error(data):
    for value in (data, data.decode("latin-1"), data.decode("utf-8", "surrogateescape")):
        try:
            Board.parse(value)
        except BoardError as error:
            assert one_line_error(str(error))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.integers(), st.integers(0, 10**10)), st.sampled_from([None, (3, 3), (2, 2)]))
def test_random_ints_are_a_board_or_a_board_error(value, shape):
    rows, cols = shape or (None, None)
    try:
        board = Board.parse(value, rows, cols)
    except BoardError as error:
        assert one_line_error(str(error))
        return
    assert board.size in (4, 9) and str(value) in board.format("digits")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(st.integers(-3, 20), st.floats(), st.booleans(), st.text(max_size=2))),
    st.one_of(st.none(), st.integers(-2, 5), st.floats(0, 5)),
    st.one_of(st.none(), st.integers(-2, 5), st.booleans()),
)
def test_random_constructor_arguments_are_a_board_or_a_board_error(tiles, rows, cols):
    try:
        board = Board(tiles, rows, cols)
    except BoardError as error:
        assert one_line_error(str(error))
        return
    assert board.rows * board.cols == len(tiles)


@st.composite
def shaped_pairs(draw):
    """A start and a goal of the same random shape, 1x1 to 4x4 (not always solvable)."""
    rows, cols = draw(st.sampled_from(ALL_SHAPES))
    goal = draw(st.permutations(range(rows * cols)))
    if draw(st.booleans()):  # a short walk from the goal: solvable, often cheap
        start = goal
        for _ in range(draw(st.integers(0, 12))):
            start = draw(
                st.sampled_from(oracle.neighbours(tuple(start), rows, cols) or [("", start)])
            )[1]
    else:
        start = draw(st.permutations(range(rows * cols)))
    return Board(tuple(start), rows, cols), Board(tuple(goal), rows, cols)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shaped_pairs(), st.sampled_from(sorted(ALGORITHMS)))
def test_random_boards_of_every_shape_give_a_result_with_a_valid_path(pair, algorithm):
    start, goal = pair
    assert is_solvable(start, goal) == oracle.is_solvable(start, goal)
    options = {"max_nodes": 300, "max_seconds": 2.0}
    if algorithm == "dls":
        options["limit"] = 12
    try:
        result = solve(start, goal, algorithm, **options)
    except EightlabError as error:  # e.g. a heuristic that does not fit the board
        assert one_line_error(str(error))
        return
    assert result.status in set(Status)
    assert (result.status is Status.UNSOLVABLE) == (not oracle.is_solvable(start, goal))
    if result.status is Status.SOLVED:
        assert oracle.apply(start, result.path) == goal.tiles


# command line: random argv to solve, random bytes to each problem, in this process

SOLVE_TOKENS = st.one_of(
    st.sampled_from(
        [
            "283104765",
            "123804765",
            "2 3 4 1 5 x 7 6 8",
            "1 2\n0 3",
            "2\n1\n0",
            "12345678x",
            "--goal",
            "--algorithm",
            "-a",
            "--heuristic",
            "--weight",
            "--limit",
            "--lexicographic",
            "--max-nodes",
            "--max-seconds",
            "--help",
            "--",
            "-",
            "0",
            "1",
            "2.5",
            "-1",
            "nan",
            "1e308",
            *sorted(ALGORITHMS),
            *sorted(HEURISTICS),
        ]
    ),  # fmt: skip
    st.text(max_size=12),
)


@contextlib.contextmanager
def no_disk_cache():
    before = os.environ.get("EIGHTLAB_CACHE_DIR")
    os.environ["EIGHTLAB_CACHE_DIR"] = ""  # the tables stay in memory
    try:
        yield
    finally:
        if before is None:
            del os.environ["EIGHTLAB_CACHE_DIR"]
        else:
            os.environ["EIGHTLAB_CACHE_DIR"] = before


STARTS = st.one_of(
    st.sampled_from(
        [
            "283104765",
            "867254301",
            "2 3 4 1 5 x 7 6 8",
            "1 2\n0 3",
            "2\n1\n0",
            "1 0 2",
            "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15",
            "1 2 3\n4 5\n6 7 0 8",
            "12345678x",
        ]
    ),  # fmt: skip
    st.text(max_size=12),
)
BOARDS = ["283104765", "123804765", "867254301", "2 3 4 1 5 x 7 6 8", "1 2\n0 3", "2\n1\n0"]
VALUES = {
    "--goal": BOARDS,
    "--algorithm": sorted(ALGORITHMS),
    "--heuristic": sorted(HEURISTICS),
    "--weight": ["1", "1.5", "2", "0.5", "nan"],
    "--limit": ["0", "3", "10", "31"],
    "--max-nodes": ["0", "10", "500"],
    "--max-seconds": ["0.01", "1", "0"],
}


@st.composite
def solve_argvs(draw):
    """A start (often a board), flags with values (often sensible), sometimes junk."""
    argv = [draw(STARTS)]
    for flag in draw(st.lists(st.sampled_from([*VALUES, "--lexicographic"]), max_size=3)):
        if flag == "--lexicographic":
            argv.append(flag)
        elif draw(st.integers(0, 4)):
            argv += [flag, draw(st.sampled_from(VALUES[flag]))]
        else:
            argv += [flag, draw(SOLVE_TOKENS)]
    if not draw(st.integers(0, 4)):
        argv.append(draw(SOLVE_TOKENS))
    return argv


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(solve_argvs(), st.lists(SOLVE_TOKENS, max_size=6)))
def test_random_solve_arguments_never_give_a_traceback(argv):
    out, err = io.StringIO(), io.StringIO()
    budget = ["--max-nodes", "2000", "--max-seconds", "2"]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["solve", *argv, *budget])
    assert status in (0, 1, 2, 3), (status, err.getvalue())
    if status == 2:
        assert err.getvalue().count("\n") == 1, err.getvalue()
        assert len(err.getvalue()) < 600
    assert "Traceback" not in err.getvalue()


PROBLEM_LINES = st.one_of(
    st.sampled_from(
        [
            "2",
            "1",
            "0",
            "201",
            "-1",
            "12X453786",
            "12345678X",
            "283104765",
            "123804765",
            "2 3 4 1 5 x 7 6 8",
            "1 2 3 4 5 6 8 7 x",
            "\ufeff",
            "x" * 50,
        ]
    ),  # fmt: skip
    st.text(max_size=12),
)


@st.composite
def problem_inputs(draw):
    if draw(st.booleans()):
        return draw(st.binary(max_size=60))
    lines = draw(st.lists(PROBLEM_LINES, max_size=6))
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["eight-ii", "min-moves", "shortest-path"]), problem_inputs())
def test_random_problem_input_is_answered_or_one_line_and_exit_2(name, data):
    out, err = io.StringIO(), io.StringIO()
    with no_disk_cache():
        status = run_problem(name, io.BytesIO(data), out, err)
    assert status in (0, 2)
    if status == 2:
        assert err.getvalue().count("\n") == 1 and len(err.getvalue()) < 600, err.getvalue()
    else:
        assert err.getvalue() == ""
