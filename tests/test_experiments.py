"""The experiment grid, the effective branching factor, summaries and atomic tables."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from eightlab import Board, solve
from eightlab.errors import EightlabError, UnknownNameError
from eightlab.experiments.grid import (
    RUN_COLUMNS,
    STAT_COLUMNS,
    effective_branching_factor,
    median_ratio,
    run_grid,
    save_table,
    summary_table,
    textbook_table,
)

# Boards with known exact distances to 123456780.
ONE_MOVE = "123456708"  # 1 move
HARDEST = "867254301"  # 31 moves, one of the two hardest boards
UNSOLVABLE = "213456780"  # two tiles swapped: odd permutation


def test_aima_example_52_nodes_at_depth_5_gives_1_92():
    assert effective_branching_factor(52, 5) == pytest.approx(1.92, abs=0.005)


@pytest.mark.parametrize("b, d", [(2.0, 10), (1.5, 6), (3.0, 3), (1.0, 20), (0.5, 4)])
def test_inverts_the_uniform_tree_size(b, d):
    generated = sum(b**i for i in range(1, d + 1))
    assert effective_branching_factor(generated, d) == pytest.approx(b, rel=1e-8)


def test_depth_one_gives_the_node_count():
    assert effective_branching_factor(7, 1) == pytest.approx(7.0)


@pytest.mark.parametrize("n, d", [(10, 0), (None, 3), (math.nan, 3), (5, None), (5, math.nan)])
def test_nan_for_depth_zero_or_missing_values(n, d):
    assert math.isnan(effective_branching_factor(n, d))


def test_large_counts_do_not_overflow():
    b = effective_branching_factor(10**9, 30)
    assert 1.0 < b < 3.0
    assert sum(b**i for i in range(1, 31)) == pytest.approx(10**9, rel=1e-6)


def _board_at(moves: str) -> str:
    return str(Board.parse("123456780").apply(moves))


@pytest.fixture(scope="module")
def grid():
    boards = [ONE_MOVE, _board_at("ulur"), UNSOLVABLE, _board_at("ululdrdr")]
    return run_grid(boards, ["bfs", "astar"], ["misplaced", "manhattan"], progress=False)


def test_run_grid_has_one_row_per_instance_and_pair(grid):
    assert list(grid.columns) == list(RUN_COLUMNS)
    for column in STAT_COLUMNS:
        assert column in grid.columns
    assert len(grid) == 4 * 3  # bfs once (heuristic ""), astar twice
    pairs = set(zip(grid["algorithm"], grid["heuristic"], strict=True))
    assert pairs == {("bfs", ""), ("astar", "misplaced"), ("astar", "manhattan")}
    assert sorted(grid["instance"].unique()) == [0, 1, 2, 3]


def test_run_grid_optimal_length_is_exact_and_matches_optimal_searches(grid):
    expected = {0: 1, 1: 4}
    for instance, depth in expected.items():
        rows = grid[grid["instance"] == instance]
        assert (rows["optimal_length"] == depth).all()
        assert (rows["length"] == depth).all()
    deeper = grid[grid["instance"] == 3]
    assert (deeper["optimal_length"] == 8).all()
    assert (deeper["length"] == 8).all()


def test_run_grid_counts_match_a_direct_run(grid):
    row = grid[(grid["instance"] == 3) & (grid["heuristic"] == "misplaced")].iloc[0]
    direct = solve(row["start"], row["goal"], "astar", "misplaced")
    assert row["expanded"] == direct.stats.expanded
    assert row["generated"] == direct.stats.generated
    assert row["path"] == direct.path
    assert row["b_star"] == pytest.approx(
        effective_branching_factor(direct.stats.generated, direct.length)
    )


def test_run_grid_unsolvable_rows(grid):
    rows = grid[grid["instance"] == 2]
    assert (rows["status"] == "unsolvable").all()
    assert rows["optimal_length"].isna().all()
    assert rows["b_star"].isna().all()


def test_run_grid_budget_and_skip_deeper():
    boards = [_board_at("ulur"), HARDEST, _board_at("ul")]
    runs = run_grid(boards, ["bfs"], [], max_nodes=1000, progress=False, skip_deeper=True)
    status = dict(zip(runs["instance"], runs["status"], strict=True))
    assert status == {0: "solved", 1: "budget_exceeded", 2: "solved"}
    runs = run_grid(
        [_board_at("ul"), _board_at("ululdrdrulul"), HARDEST],
        ["bfs"],
        [],
        max_nodes=100,
        progress=False,
        skip_deeper=True,
    )
    status = dict(zip(runs["instance"], runs["status"], strict=True))
    assert status == {0: "solved", 1: "budget_exceeded", 2: "skipped"}
    assert pd.isna(runs.loc[runs["instance"] == 2, "expanded"]).all()


@pytest.mark.parametrize("workers", [1, 2])
def test_skip_deeper_also_skips_the_rest_of_the_same_depth(workers):
    same_depth = [HARDEST, "647850321", HARDEST]  # the two boards 31 moves away
    runs = run_grid(
        [_board_at("ul"), *same_depth],
        ["bfs", "astar"],
        ["manhattan"],
        max_nodes=500,
        progress=False,
        skip_deeper=True,
        workers=workers,
    )
    bfs = runs[runs["algorithm"] == "bfs"].set_index("instance")["status"]
    assert bfs[0] == "solved"
    deep = list(bfs[[1, 2, 3]])
    assert "budget_exceeded" in deep and "solved" not in deep
    if workers == 1:  # with 2 workers, runs already started when one fails go on
        assert deep == ["budget_exceeded", "skipped", "skipped"]
    astar = runs[runs["algorithm"] == "astar"]
    assert (astar["status"] == "budget_exceeded").sum() >= 1
    assert len(runs) == 8


def test_skip_deeper_runs_boards_without_an_optimal_length_last():
    runs = run_grid(
        [HARDEST, UNSOLVABLE, ONE_MOVE], ["bfs"], [], max_nodes=100, progress=False,
        skip_deeper=True,
    )  # fmt: skip
    status = dict(zip(runs["instance"], runs["status"], strict=True))
    assert status == {0: "budget_exceeded", 1: "skipped", 2: "solved"}


def test_run_grid_refuses_an_empty_grid():
    with pytest.raises(
        EightlabError, match="^no instances to run: .*per_depth and n_instances must be >= 1"
    ):
        run_grid([], ["astar"], ["manhattan"], progress=False)
    with pytest.raises(EightlabError, match="^no algorithms to run"):
        run_grid([ONE_MOVE], [], ["manhattan"], progress=False)


def test_run_grid_refuses_a_name_where_a_list_is_expected():
    with pytest.raises(EightlabError, match="heuristics must be a list of names, not the string"):
        run_grid([ONE_MOVE], ["astar"], "manhattan", progress=False)
    with pytest.raises(EightlabError, match="algorithms must be a list of names"):
        run_grid([ONE_MOVE], "bfs", [], progress=False)


def test_run_grid_parallel_counts_equal_serial():
    boards = [_board_at("ululdrdr"), _board_at("uldrul"), _board_at("ululdrdrulul")]
    serial = run_grid(boards, ["astar"], ["manhattan"], progress=False)
    parallel = run_grid(boards, ["astar"], ["manhattan"], progress=False, workers=2)
    columns = ["instance", "length", "expanded", "generated", "max_stored", "path"]
    pd.testing.assert_frame_equal(serial[columns], parallel[columns])


def test_run_grid_rejects_unknown_names():
    with pytest.raises(UnknownNameError):
        run_grid([ONE_MOVE], ["no-such-search"], [], progress=False)
    with pytest.raises(UnknownNameError):
        run_grid([ONE_MOVE], ["astar"], ["no-such-h"], progress=False)


def test_summary_table_medians_and_iqr(grid):
    summary = summary_table(grid)
    row = summary[(summary["algorithm"] == "bfs") & (summary["depth"] == 4)].iloc[0]
    assert row["runs"] == 1 and row["solved"] == 1
    expanded = grid[(grid["algorithm"] == "bfs") & (grid["instance"] == 1)]["expanded"].iloc[0]
    assert row["expanded_median"] == expanded
    assert row["expanded_iqr"] == 0
    assert set(summary["depth"].dropna()) == set(grid["optimal_length"].dropna())


def test_summary_table_quartiles_of_several_runs():
    runs = pd.DataFrame(
        {
            "algorithm": ["a"] * 4,
            "heuristic": [""] * 4,
            "optimal_length": [5] * 4,
            "status": ["solved"] * 4,
            "expanded": [1, 2, 3, 10],
        }
    )
    row = summary_table(runs, metrics=["expanded"]).iloc[0]
    assert row["expanded_median"] == 2.5
    assert row["expanded_q1"] == 1.75
    assert row["expanded_q3"] == 4.75
    assert row["expanded_iqr"] == 3.0
    runs.loc[3, "status"] = "budget_exceeded"
    assert math.isnan(summary_table(runs, metrics=["expanded"]).iloc[0]["expanded_median"])
    partial = summary_table(runs, metrics=["expanded"], require_all_solved=False).iloc[0]
    assert partial["expanded_median"] == 2 and partial["solved"] == 3


def test_textbook_table_masks_incomplete_depths():
    runs = run_grid(
        [_board_at("ul"), _board_at("lu"), _board_at("ululdrdrulul")],
        ["bfs", "astar"],
        ["manhattan"],
        max_nodes=200,
        progress=False,
    )
    table = textbook_table(runs)
    assert list(table["depth"]) == sorted(set(runs["optimal_length"]))
    at2 = runs[(runs["optimal_length"] == 2) & (runs["algorithm"] == "bfs")]
    assert table.loc[table["depth"] == 2, "BFS: nodes"].iloc[0] == at2["generated"].mean()
    deep = table.loc[table["depth"] == table["depth"].max()]
    assert math.isnan(deep["BFS: nodes"].iloc[0])  # bfs ran out of its 200 nodes
    assert not math.isnan(deep["A* (manhattan): nodes"].iloc[0])


def test_save_table_writes_csv_atomically(tmp_path):
    table = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
    path = save_table(table, tmp_path / "out", "t")
    assert path == tmp_path / "out" / "t.csv"
    pd.testing.assert_frame_equal(pd.read_csv(path), table)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["t.csv"]


def test_save_figure_writes_png_svg_and_pdf_reproducibly(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    from eightlab.viz import plots

    plots.use_style()
    runs = run_grid([_board_at("ulur"), _board_at("ululdrdr")], ["astar"],
                    ["misplaced", "manhattan"], progress=False)  # fmt: skip
    fig = plots.paired_expansions(runs, "misplaced", "manhattan", algorithm="astar")
    first = plots.save_figure(fig, tmp_path / "a", "scatter")
    second = plots.save_figure(fig, tmp_path / "b", "scatter")
    assert [p.name for p in first] == ["scatter.png", "scatter.svg", "scatter.pdf"]
    assert first[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert first[1].read_bytes() == second[1].read_bytes()  # no date, fixed ids
    assert first[0].read_bytes() == second[0].read_bytes()
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        "scatter.pdf",
        "scatter.png",
        "scatter.svg",
    ]


def test_median_ratio_at_the_deepest_common_depth(grid):
    summary = summary_table(grid)
    depth, ratio = median_ratio(summary, "generated", "BFS", "A* (manhattan)")
    assert depth == 8
    bfs = grid[(grid["algorithm"] == "bfs") & (grid["optimal_length"] == 8)]["generated"]
    astar = grid[(grid["heuristic"] == "manhattan") & (grid["optimal_length"] == 8)]["generated"]
    assert ratio == pytest.approx(bfs.iloc[0] / astar.iloc[0])
    assert median_ratio(summary, "generated", "BFS", "IDA* (manhattan)") is None


def test_run_grid_keeps_the_shape_of_boards_that_are_not_square():
    from eightlab import Board
    from eightlab.experiments.grid import run_grid

    wide, tall = Board.parse("1 2 3\n4 x 5"), Board.parse("1 2\n3 4\nx 5")
    for board in (wide, tall):
        runs = run_grid([board], ["bfs", "astar"], ["manhattan"], progress=False)
        assert list(runs["status"]) == ["solved", "solved"]
        assert list(runs["length"]) == [1, 1]


def test_iteration_table_has_one_row_per_pass():
    from eightlab.experiments.grid import iteration_table

    passes = [
        {"iteration": 1, "threshold": 2, "expanded": 3, "generated": 5},
        {"iteration": 2, "threshold": 4, "expanded": 9, "generated": 20},
    ]
    runs = pd.DataFrame(
        {
            "instance": [0, 0],
            "algorithm": ["idastar", "bfs"],
            "heuristic": ["manhattan", ""],
            "per_iteration": [json.dumps(passes), ""],
        }
    )
    table = iteration_table(runs)
    assert list(table["iteration"]) == [1, 2]
    assert list(table["threshold"]) == [2, 4]
    assert table["expanded"].sum() == 12 and table["generated"].sum() == 25
    assert set(table["algorithm"]) == {"idastar"}


def test_runs_carry_the_per_iteration_rows_of_the_search():
    from eightlab.experiments.grid import run_grid

    runs = run_grid(["413726580"], ["idastar"], ["manhattan"], progress=False)
    expected = solve("413726580", None, "idastar", "manhattan").stats.per_iteration
    assert runs.loc[0, "per_iteration"] == (
        json.dumps(expected, separators=(",", ":")) if expected else ""
    )


# --- the warm-up of a grid process (eightlab.experiments.runs.warm_up) ---------------------------------
def test_the_warm_up_leaves_the_counts_and_the_observer_alone(monkeypatch):
    from eightlab import RecordingObserver
    from eightlab.experiments import runs

    monkeypatch.setattr(runs, "_WARM", set())
    goal = Board.goal(3)
    start = Board.parse("123456708").move("l").move("u")
    seen = RecordingObserver()
    task = (0, start, goal, None, "astar", "manhattan", None, None, {"observer": seen})
    row = runs.run_one(task)
    expanded = [e for e in seen.events if e[0] == "expand"]
    assert len(expanded) == row["expanded"]  # the timed run's, not the warm-up's too
    assert len(runs._WARM) == 1
    runs.run_one((0, start, goal, None, "astar", "manhattan", None, None, {"observer": seen}))
    assert len(runs._WARM) == 1  # one warm-up per kind of run, whatever the observer
    plain = solve(start, goal, "astar", "manhattan")
    assert (row["expanded"], row["generated"]) == (plain.stats.expanded, plain.stats.generated)


def test_no_warm_up_for_bidirectional_searches_or_a_board_without_moves(monkeypatch):
    from eightlab.experiments import runs

    monkeypatch.setattr(runs, "_WARM", set())
    runs.warm_up(Board.goal(3), "mm", "manhattan", None, {})  # h bound to each start
    runs.warm_up(Board((0,), 1, 1), "astar", "manhattan", None, {})
    runs.warm_up(Board.goal(3), "no-such-search", "", None, {})  # the run says so
    assert runs._WARM == set()
    row = runs.run_one((0, Board((0,), 1, 1), Board((0,), 1, 1), 0, "bfs", "", None, None, {}))
    assert row["status"] == "solved"
