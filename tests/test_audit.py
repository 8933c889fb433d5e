"""eightlab.audit: any heuristic against the exact distance of every board."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pandas as pd
import pytest
from numba import njit

import eightlab
from eightlab import Board
from eightlab.analysis.admissibility import check_claims, h_vs_hstar_counts, heuristic_accuracy
from eightlab.analysis.audit import HeuristicError, astar_costs, audit
from eightlab.cli import main
from eightlab.errors import UnknownNameError
from eightlab.puzzle.exhaustive import StateSpaceError, goal_distances, layer_counts


def misplaced(board):
    """The student's h1, written as in tutorial 03: tiles off their goal cell."""
    return sum(1 for cell, tile in enumerate(board.tiles) if tile and tile != cell + 1)


@njit
def misplaced_compiled(tiles):
    count = 0
    for cell in range(tiles.shape[0]):
        if tiles[cell] != 0 and tiles[cell] != cell + 1:
            count += 1
    return count


# ------------------------------------------------ the registry against the oracle


@pytest.mark.parametrize("name", ["manhattan", "linear-conflict", "pdb", "linear-conflict-pairs",
                                  "weighted-manhattan", "nilsson", "max-swap"])  # fmt: skip
def test_the_audit_finds_what_the_8_puzzle_oracle_finds(name):
    found, oracle = audit(name), check_claims(name)
    assert found.complete and found.boards == oracle["states"] == 181_440
    assert found.overestimated == oracle["overestimates"]
    assert found.max_excess == pytest.approx(oracle["worst_excess"])
    assert found.inconsistent_edges == oracle["inconsistent_edges"]
    assert (found.admissible, found.consistent) == (oracle["admissible"], oracle["consistent"])
    accuracy = heuristic_accuracy(h_vs_hstar_counts([name])).iloc[0]
    assert found.mean_ratio == pytest.approx(accuracy["mean_ratio"])
    if not found.admissible:
        board, h, h_star = found.worst[0]
        assert h == pytest.approx(eightlab.HEURISTICS[name](board))
        assert h - h_star == pytest.approx(found.max_excess)


def test_compiled_vectorised_and_python_evaluations_agree():
    python, compiled, registry = audit(misplaced), audit(misplaced_compiled), audit("misplaced")
    assert (python.method, compiled.method, registry.method) == ("python", "compiled", "compiled")
    pd.testing.assert_frame_equal(python.table, compiled.table)
    pd.testing.assert_frame_equal(python.table, registry.table)
    assert python.edges == compiled.edges == registry.edges == 483_840


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (2, 4), (2, 5)])
def test_manhattan_is_admissible_and_consistent_on_small_shapes(shape):
    found = audit("manhattan", shape)
    assert found.admissible and found.consistent and found.complete
    assert found.boards == layer_counts(shape).reachable
    assert list(found.table["boards"]) == list(layer_counts(shape).counts)


def test_the_counts_by_exact_distance_sum_to_the_totals():
    found = audit("weighted-manhattan", (2, 4))
    assert found.table["boards"].sum() == found.boards
    assert found.table["overestimated"].sum() == found.overestimated > 0
    worst = found.table.loc[found.table["max_excess"].idxmax()]
    assert worst["max_excess"] == found.max_excess == found.worst[0][1] - found.worst[0][2]


def test_a_goal_other_than_the_default():
    goal = Board.parse("123804765")
    assert audit("nilsson", goal=goal).goal == goal
    assert audit("manhattan", goal="123804765").admissible


# ------------------------------------------------ a Python function on a large shape


def test_a_python_function_on_12_cells_is_audited_on_a_sample_that_says_so(monkeypatch, tmp_path):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    found = audit(lambda b: 2 * eightlab.HEURISTICS["manhattan"](b, Board.goal(2, 5)), (2, 5),
                  sample_size=500)  # fmt: skip
    assert not found.complete and found.method == "python"
    assert 400 < found.boards <= 500
    assert "sample" in repr(found) and not found.admissible
    assert list(tmp_path.glob("exhaustive/distances-v1-2x5-*.bin"))  # the table is cached


def test_the_cached_table_is_the_searched_one(monkeypatch, tmp_path):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    goal = Board.goal(2, 5)
    first = goal_distances(goal)
    (path,) = tmp_path.glob("exhaustive/*.bin")
    again = goal_distances(goal)
    assert np.array_equal(first, again) and not again.flags.writeable  # read from the file
    path.write_bytes(path.read_bytes()[:-1] + b"\x00")  # a damaged file is searched again
    assert np.array_equal(goal_distances(goal), first)


def test_short_memory_is_refused_in_one_line(monkeypatch):
    monkeypatch.setattr("eightlab.puzzle.exhaustive.available_memory", lambda: 100 << 20)
    with pytest.raises(
        StateSpaceError, match=r"^the 3x4 state space needs 546 MB .*105 MB is free$"
    ):
        audit("manhattan", (3, 4))


# ------------------------------------------------ bad heuristics


def raises(board):
    if board.tiles[0] == 8:
        raise ZeroDivisionError("division by zero")
    return 0


@pytest.mark.parametrize("function, message", [
    (raises, r"raised ZeroDivisionError: division by zero on board 8\d{8}"),
    (lambda b: "3", r"returned '3' \(str\), not a number, on board"),
    (lambda b: None, r"returned None \(NoneType\), not a number"),
    (lambda b: True, r"returned True \(bool\), not a number"),
    (lambda b: float("nan"), r"returned NaN on board"),
    (lambda b: -1, r"returned -1 < 0 on board"),
])  # fmt: skip
def test_a_function_that_fails_is_named_with_the_board(function, message):
    with pytest.raises(HeuristicError, match=message):
        audit(function)


@njit
def compiled_raises(tiles):
    if tiles[0] == 8:
        raise ValueError("no")
    return 0


@njit
def compiled_negative(tiles):
    return -1.0 if tiles[4] == 0 else 0.0


def test_a_compiled_function_that_fails_is_named_with_the_board():
    with pytest.raises(
        HeuristicError, match=r"compiled_raises raised an exception on board 8\d{8}$"
    ):
        audit(compiled_raises)
    with pytest.raises(HeuristicError, match=r"returned a negative value on board \d{4}0\d{4}$"):
        audit(compiled_negative)


def test_what_is_not_a_heuristic_is_refused():
    with pytest.raises(UnknownNameError):
        audit("no-such-heuristic")
    with pytest.raises(HeuristicError, match="not 3"):
        audit(3)
    with pytest.raises(StateSpaceError, match="at most 12 cells"):
        audit("manhattan", (4, 4))


# ------------------------------------------------ what A* pays


def test_astar_with_h_star_expands_only_the_path():
    table = astar_costs(misplaced, Board.goal(3), boards=4, max_depth=12)
    assert list(table.index) == ["h", "h*", "manhattan"]
    assert (table["optimal"] == 4).all()
    assert (
        table.loc["h*", "expanded"]
        <= table.loc["manhattan", "expanded"]
        <= table.loc["h", "expanded"]
    )
    assert table.loc["h*", "vs_exact"] == 1


def test_the_result_shows_itself():
    found = audit("linear-conflict-pairs", astar_boards=2, astar_depth=8)
    text = repr(found)
    assert text.startswith("audit of linear-conflict-pairs on all 181,440 boards of 3x3")
    assert "NOT admissible: h > h* on 7 boards" in text and "NOT consistent" in text
    assert "<table" in found._repr_html_()
    assert "A* on 2 boards drawn among those at most 8 moves away" in text
    assert found.summary()["inconsistent_edges"] == found.inconsistent_edges


def test_eightlab_audit_is_the_public_name():
    assert eightlab.audit is audit


# ------------------------------------------------ the command line


def run_cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["audit", *args])
    return status, out.getvalue(), err.getvalue()


def test_cli_audits_a_registry_heuristic():
    status, out, err = run_cli("manhattan", "--shape", "2x3", "--table")
    assert status == 0 and err == ""
    assert out.startswith("audit of manhattan on all 360 boards of 2x3")
    assert "h_star" in out


def test_cli_exits_1_for_a_heuristic_that_fails_the_audit():
    """A check whose answer is no exits 1, as ``pdb list`` and ``solve --check`` do."""
    status, out, err = run_cli("weighted-manhattan", "--shape", "2x3")
    assert status == 1 and err == ""
    assert "NOT" in out
    assert "exit status:" in main_help("audit")


def main_help(command: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main([command, "--help"])
    return out.getvalue()


@pytest.mark.parametrize("args, message", [
    (["nosuch"], "unknown heuristic 'nosuch'"),
    (["manhattan", "--shape", "4x4"], "at most 12 cells"),
    (["manhattan", "--shape", "three"], "is not ROWSxCOLS"),
    (["exact", "--shape", "2x3"], "defined on 3x3 boards only"),
])  # fmt: skip
def test_cli_errors_are_one_line_with_status_2(args, message):
    status, out, err = run_cli(*args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err
