"""``check_length`` and ``solve --check``: a path's length against the exact table."""

from __future__ import annotations

import contextlib
import io

import pytest

from eightlab.cli import main
from eightlab.errors import BoardError, EightlabError
from eightlab.puzzle import exhaustive, statespace
from eightlab.puzzle.board import Board
from eightlab.puzzle.exhaustive import CheckedLength, StateSpaceError, check_length, goal_board


def in_process(*args):
    """``main([...])`` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_3x3_distances_are_the_oracle_and_the_excess_is_the_length_above_it():
    goal = goal_board((3, 3))
    for start in statespace.hardest_boards(goal):
        checked = check_length(start, goal, 31)
        assert checked == CheckedLength(31, 31, 181_440)
        assert checked.excess == 0
    start = Board.parse("283104765")
    distance = statespace.exact_distance(start, Board.parse("123804765"))
    checked = check_length(start, Board.parse("123804765"), distance + 6)
    assert (checked.distance, checked.excess) == (distance, 6)


def test_2x3_farthest_board_is_21_moves_among_360_boards():
    goal = goal_board((2, 3))
    (farthest,) = exhaustive.layer_counts((2, 3)).farthest
    assert check_length(farthest, goal, 25) == CheckedLength(25, 21, 360)
    assert check_length(goal, goal, 0).excess == 0


def test_unreachable_goal_other_shape_and_large_board_are_refused():
    goal = goal_board((2, 3))
    swapped = Board((2, 1, 3, 4, 5, 0), 2, 3)
    with pytest.raises(BoardError, match="cannot be reached"):
        check_length(swapped, goal, 3)
    with pytest.raises(BoardError, match="2x3"):
        check_length(goal_board((3, 2)), goal, 0)
    big = Board.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15")
    with pytest.raises(StateSpaceError, match="at most 12 cells"):
        check_length(big, Board.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"), 1)


def test_solve_check_says_optimal_or_how_far_above():
    status, out, _ = in_process("solve", "283104765", "--goal", "123804765", "--check")
    assert status == 0
    assert "optimal: 4 moves, the exact distance from the table of all 181,440 boards" in out
    status, out, _ = in_process("solve", "867254301", "-a", "greedy", "--check")
    distance = statespace.exact_distance(Board.parse("867254301"), goal_board((3, 3)))
    length = int(out.split("length: ")[1].split()[0])
    assert status == 0
    assert f"check: {length - distance} moves above the optimum of {distance}," in out


def test_solve_check_exits_1_when_an_optimal_algorithm_returns_a_longer_path(monkeypatch):
    real = exhaustive.check_length

    def one_short(start, goal, length):
        checked = real(start, goal, length)
        return CheckedLength(checked.length, checked.distance - 1, checked.boards)

    monkeypatch.setattr(exhaustive, "check_length", one_short)
    status, out, err = in_process("solve", "283104765", "--goal", "123804765", "--check")
    assert status == 1
    assert err.count("\n") == 1
    assert "check failed: astar returned 4 moves but the exact distance" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"], "at most 12 cells; this 4x4 board has 16"),
        (["283104765", "--json"], "does not combine with --json"),
    ],
)
def test_solve_check_is_refused_in_one_line(args, message):
    status, out, err = in_process("solve", *args, "--check")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_check_length_errors_are_eightlab_errors():
    assert issubclass(StateSpaceError, EightlabError) and issubclass(BoardError, EightlabError)


def test_the_help_and_the_readme_state_the_largest_board_checked():
    from pathlib import Path

    status, out, _ = in_process("solve", "--help")
    readme = " ".join(Path(__file__).parents[1].joinpath("README.md").read_text().split())
    assert f"at most {exhaustive.MAX_CELLS} cells" in " ".join(out.split())
    assert f"With `--check`, on a board of at most {exhaustive.MAX_CELLS} cells" in readme


def test_a_second_check_of_the_same_goal_loads_and_counts_no_table(monkeypatch):
    loads, counts = [], []
    real_load, real_count = exhaustive.goal_distances, exhaustive._byte_counts
    monkeypatch.setattr(exhaustive, "goal_distances", lambda g: loads.append(g) or real_load(g))
    monkeypatch.setattr(exhaustive, "_byte_counts", lambda *a: counts.append(1) or real_count(*a))
    goal = goal_board((2, 3), blank_cell=1)  # a goal no other test checks
    start = Board((1, 2, 0, 3, 4, 5), 2, 3)  # the blank one move right of its goal cell
    assert check_length(start, goal, 1) == CheckedLength(1, 1, 360)
    assert (len(loads), len(counts)) == (1, 1)
    assert check_length(goal, goal, 0) == CheckedLength(0, 0, 360)  # the same goal again
    assert (len(loads), len(counts)) == (1, 1)
    other = goal_board((2, 3), blank_cell=2)
    assert check_length(other, other, 0).distance == 0  # another goal: its own table
    assert (len(loads), len(counts)) == (2, 2)


def test_the_help_gives_the_exit_status_of_a_failed_check():
    status, out, _ = in_process("solve", "--help")
    statuses = " ".join(out[out.index("exit status:") :].split())
    assert "1 unsolvable" in statuses
    failed = "--check: an optimal algorithm returned a path longer than the exact distance"
    assert failed in statuses[: statuses.index(" 2 bad input")]


def test_solve_check_without_the_memory_for_the_table_exits_3_in_one_line(monkeypatch):
    monkeypatch.setattr(exhaustive, "available_memory", lambda: 1 << 20)
    # a goal no other test checks, so its table is not kept from an earlier check
    status, out, err = in_process("solve", "123045678", "--goal", "123405678", "--check")
    assert status == 3 and "length: 1" in out
    assert err.count("\n") == 1 and "--check: the 3x3 state space needs" in err
