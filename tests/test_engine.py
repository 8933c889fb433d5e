"""The compiled IDA* (eightlab.search.compiled) counts exactly what the readable reference counts.

Every comparison runs both engines on the same instance, heuristic and move order and
asserts the same path, expanded and generated nodes, thresholds, per-iteration rows and
depth. No speed is asserted here (benchmarks/bench_engine.py prints it).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys

import pytest

from eightlab.errors import EightlabError
from eightlab.puzzle.board import Board
from eightlab.search import solve
from eightlab.search.compiled import solve_compiled, supports

KORF_GOAL = Board(tuple(range(16)), 4, 4)
#: Korf (1985) instance 1: Manhattan IDA* generates about 4e8 nodes on it.
HARD = Board.parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 4, 4)
HEURISTICS_3X3 = [
    "manhattan", "misplaced", "linear-conflict", "weighted-manhattan", "manhattan-with-blank",
]  # fmt: skip


def idastar(start, goal=None, heuristic="manhattan", **options):
    """The readable Python reference IDA*."""
    return solve(start, goal, "idastar", heuristic, engine="python", **options)


def walk(goal: Board, steps: int, seed: int) -> Board:
    """A board ``steps`` random moves of the blank away from ``goal``."""
    rng = random.Random(seed)
    board = goal
    for _ in range(steps):
        board = board.move(rng.choice(board.legal_moves()))
    return board


def counts(result) -> tuple:
    s = result.stats
    return (
        str(result.status), result.path, s.expanded, s.generated, s.thresholds, s.iterations,
        s.max_frontier, s.max_stored,
    )  # fmt: skip


def assert_same(compiled, reference):
    assert counts(compiled) == counts(reference)
    rows = compiled.stats.per_iteration
    # one row per pass; a start that is the goal is solved before any pass, with none
    assert [r["threshold"] for r in rows] == compiled.stats.thresholds[: len(rows)]
    assert len(rows) == len(compiled.stats.thresholds) - (compiled.path == "")
    assert sum(r["expanded"] for r in rows) == compiled.stats.expanded
    assert sum(r["generated"] for r in rows) == compiled.stats.generated
    assert [r["iteration"] for r in rows] == list(range(1, len(rows) + 1))
    if reference.stats.per_iteration:  # the reference's rows (search engineer's branch)
        assert rows == reference.stats.per_iteration


@pytest.mark.parametrize("heuristic", HEURISTICS_3X3)
@pytest.mark.parametrize("goal", ["123456780", "123804765"])
def test_3x3_counts_equal_the_reference(heuristic, goal):
    goal = Board.parse(goal)
    for seed in range(25):
        start = walk(goal, 40, seed)
        assert_same(solve_compiled(start, goal, heuristic), idastar(start, goal, heuristic))


def test_3x3_zero_heuristic_and_the_start_at_the_goal():
    goal = Board.parse("123456780")
    for seed in range(5):
        start = walk(goal, 6, seed)
        assert_same(solve_compiled(start, goal, "zero"), idastar(start, goal, "zero"))
    same = solve_compiled(goal, goal)
    assert_same(same, idastar(goal, goal))
    assert same.path == "" and same.stats.thresholds == [0]


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict"])
def test_easy_4x4_counts_equal_the_reference(heuristic):
    for seed in range(8):
        start = walk(KORF_GOAL, 30 + seed, seed)
        assert_same(
            solve_compiled(start, KORF_GOAL, heuristic), idastar(start, KORF_GOAL, heuristic)
        )


@pytest.mark.parametrize("shape", [(5, 5), (4, 5), (3, 4), (2, 3), (2, 8)])  # 2x8: lines counted
def test_other_shapes_up_to_5x5(shape):
    goal = Board.goal(*shape)
    for heuristic in ("manhattan", "linear-conflict"):
        for seed in range(3):
            start = walk(goal, 26, seed)
            assert_same(solve_compiled(start, goal, heuristic), idastar(start, goal, heuristic))


def test_lexicographic_mode():
    result = solve_compiled("1x2753846", "12345678x", lexicographic=True)
    assert result.path == "ddlururdd"
    assert result.path == idastar("1x2753846", "12345678x", lexicographic=True).path
    with pytest.raises(EightlabError, match="admissible"):
        solve_compiled("1x2753846", "12345678x", "weighted-manhattan", lexicographic=True)


def test_unsolvable_is_answered_by_parity():
    result = solve_compiled("123456870", "123456780")
    assert str(result.status) == "unsolvable" and result.stats.expanded == 0


@pytest.mark.parametrize("max_nodes", [0, 1, 1000, 123_457])
def test_node_budget_stops_where_the_reference_stops(max_nodes):
    compiled = solve_compiled(HARD, KORF_GOAL, max_nodes=max_nodes)
    assert str(compiled.status) == "budget_exceeded"
    assert compiled.stats.expanded == max_nodes
    if max_nodes <= 1000:
        assert counts(compiled) == counts(idastar(HARD, KORF_GOAL, max_nodes=max_nodes))


def test_time_budget_stops_a_search_that_needs_more():
    result = solve_compiled(HARD, KORF_GOAL, max_seconds=0.3)
    assert str(result.status) == "budget_exceeded"
    assert 0 < result.stats.expanded < 210_000_000  # the full search expands ~2.1e8


def test_refusals_name_the_problem():
    with pytest.raises(EightlabError, match="max-swap"):
        solve_compiled("283104765", "123804765", "max-swap")
    with pytest.raises(EightlabError, match="observer"):
        solve_compiled("283104765", "123804765", observer=object())
    with pytest.raises(EightlabError, match="5x5"):
        solve_compiled(Board.goal(6, 6).move("u"), Board.goal(6, 6))
    with pytest.raises(EightlabError, match="idastar only"):
        solve("283104765", "123804765", "astar", engine="compiled")
    with pytest.raises(EightlabError, match="unknown engine"):
        solve("283104765", "123804765", "idastar", engine="fast")
    assert supports("manhattan") and supports("pdb-6-6-3") and not supports("nilsson")


def test_solve_dispatches_by_engine(monkeypatch):
    import eightlab.search.compiled.idastar as compiled_module

    calls = []

    def spy(*args, **kwargs):
        calls.append(args)
        return solve_compiled(*args, **kwargs)

    monkeypatch.setattr(compiled_module, "solve_compiled", spy)
    start = walk(KORF_GOAL, 30, 1)
    auto = solve(start, KORF_GOAL, "idastar")  # 16 cells, a compiled heuristic: compiled
    assert len(calls) == 1
    python = solve(start, KORF_GOAL, "idastar", engine="python")
    assert len(calls) == 1 and counts(auto) == counts(python)
    solve("283104765", "123804765", "idastar")  # 3x3: Python
    solve(start, KORF_GOAL, "idastar", "max-swap")  # not compiled: Python
    assert len(calls) == 1
    solve("283104765", "123804765", "idastar", engine="compiled")
    assert len(calls) == 2


def test_python_engine_on_3x3_does_not_import_numba():
    code = (
        "import sys; from eightlab.search import solve; "
        "r = solve('283104765', '123804765', 'idastar'); "
        "r = solve('283104765', '123804765', 'idastar', engine='python'); "
        "print(r.path, 'numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["uldr", "False"]


def test_cli_engine_option():
    from eightlab.cli import main

    assert main(["solve", "283104765", "--goal", "123804765", "-a", "idastar",
                 "--engine", "compiled"]) == 0  # fmt: skip
    assert main(["solve", "283104765", "--engine", "compiled"]) == 2  # astar: refused


#: The CLI's solve, announcing on stdout when its compiled IDA* starts its first pass.
_ANNOUNCED_SOLVE = """
import sys
from eightlab.cli import main
from eightlab.search.compiled import idastar
first_pass = idastar._Passes.run
def announced(passes, bound):
    idastar._Passes.run = first_pass
    print("searching", flush=True)
    return first_pass(passes, bound)
idastar._Passes.run = announced
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_stops_the_compiled_search():
    # Korf's instance 88 (billions of nodes with Manhattan): still searching when the
    # signal comes. The signal waits for the search's own word that it runs, not for a
    # time: on a busy machine imports alone can outlast any sleep.
    board = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4"
    process = subprocess.Popen(
        [sys.executable, "-c", _ANNOUNCED_SOLVE, "solve", board, "--goal", str(KORF_GOAL),
         "-a", "idastar", "--engine", "compiled"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout.readline() == "searching\n", process.communicate()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=600)  # a guard against a hang, not a verdict
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, out, err) == (130, "", "eightlab: interrupted\n")


# ------------------------------------------------------- additive pattern databases
@pytest.fixture(scope="module")
def private_pdb_cache(tmp_path_factory):
    """5-5-5 (seconds to build) in a cache of this module's own; no test builds 6-6-3."""
    from eightlab.heuristics.pdb import additive as pdb

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        pdb._MEMORY.clear()
        yield
        pdb._MEMORY.clear()


@pytest.mark.parametrize(
    "goal",
    [KORF_GOAL, Board.goal(4, 4), KORF_GOAL.move("r")],
    ids=["korf-goal", "blank-last", "blank-off-the-diagonal"],
)
def test_pdb_counts_equal_the_reference(private_pdb_cache, goal):
    from eightlab.heuristics import get_heuristic
    from eightlab.search.compiled.tables import heuristic_tables

    mirrored = heuristic_tables(get_heuristic("pdb-5-5-5"), goal).mirror_cell.size > 0
    assert mirrored == (goal != KORF_GOAL.move("r"))  # the reflected lookup where it applies
    for seed in range(6):
        start = walk(goal, 40 + seed, seed)
        assert_same(
            solve_compiled(start, goal, "pdb-5-5-5"),
            solve(start, goal, "idastar", "pdb-5-5-5", engine="python"),
        )


def test_pdb_single_lookup_counts_equal_the_reference(private_pdb_cache):
    from eightlab.heuristics import get_heuristic
    from eightlab.search.compiled.tables import heuristic_tables

    assert heuristic_tables(get_heuristic("pdb-5-5-5-single"), KORF_GOAL).mirror_cell.size == 0
    for seed in range(4):
        start = walk(KORF_GOAL, 44 + seed, seed)
        single = solve_compiled(start, KORF_GOAL, "pdb-5-5-5-single")
        assert_same(single, solve(start, KORF_GOAL, "idastar", "pdb-5-5-5-single", engine="python"))
        both = solve_compiled(start, KORF_GOAL, "pdb-5-5-5")  # the tables kept for both
        assert both.length == single.length and both.stats.expanded <= single.stats.expanded


# --------------------------------------------------------------- the korf100 notebook
def test_korf100_notebook_runs_with_small_parameters(tmp_path, monkeypatch):
    import os
    from pathlib import Path

    import nbformat
    import pandas as pd
    import papermill

    from eightlab.experiments.reruns import read_table

    root = Path(__file__).resolve().parents[1]
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", str(root) + (os.pathsep + path if path else ""))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    out = tmp_path / "out"
    executed = tmp_path / "korf100.ipynb"
    monkeypatch.setenv("EIGHTLAB_CHECK_SLIDES", str(tmp_path / "slides.jsonl"))  # slides fit
    papermill.execute_notebook(
        str(root / "notebooks" / "korf100.ipynb"),
        str(executed),
        parameters={"output_dir": str(out), "heuristics": ["manhattan", "linear-conflict"],
                    "instances": [12, 94], "astar_instance": 12, "astar_max_stored": 2000,
                    "figure_style": "slides"},
        kernel_name="python3", progress_bar=False, cwd=str(tmp_path),
    )  # fmt: skip
    notebook = nbformat.read(executed, as_version=4)
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]  # fmt: skip
    assert not errors
    from test_slides_fit import assert_notebook_figures_fit

    assert_notebook_figures_fit(tmp_path / "slides.jsonl", {p.stem for p in out.glob("*.png")})
    runs = read_table(out, "runs")  # the seconds are in runs.timings.csv
    assert list(runs.columns[:8]) == ["instance", "heuristic", "start", "h_start",
                                      "optimal_length", "expanded", "generated", "iterations"]  # fmt: skip
    assert "seconds" in runs
    assert set(runs.instance) == {12, 94} and (runs.status == "solved").all()
    assert set(runs[runs.instance == 12].optimal_length) == {45}
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary.heuristic) == ["manhattan", "linear-conflict"]
    for figure in ("nodes_per_instance", "seconds_vs_nodes"):
        assert (out / f"{figure}.png").is_file()


def test_pdb_counts_equal_the_reference_on_5x5(private_pdb_cache, monkeypatch):
    """The kernel of the 24-puzzle's 6-6-6-6, on eight 3-tile groups (tiny to build)."""
    from eightlab.heuristics.base import Heuristic
    from eightlab.heuristics.pdb import additive as pdb

    goal = Board(tuple(range(25)), 5, 5)
    groups = ((1, 2, 3), (4, 8, 9), (5, 6, 10), (7, 11, 12), (13, 14, 19), (15, 16, 20),
              (17, 21, 22), (18, 23, 24))  # fmt: skip
    monkeypatch.setitem(pdb.ALL_PARTITIONS, "3x8", groups)
    monkeypatch.setitem(pdb.PARTITION_SHAPE, "3x8", (5, 5))
    tiny = Heuristic("pdb-3x8", "eight 3-tile groups", True, False,
                     pdb.additive_binder("3x8"), shapes={(5, 5)})  # fmt: skip
    for seed in range(4):
        start = walk(goal, 30 + 4 * seed, seed)
        assert_same(
            solve_compiled(start, goal, tiny),
            solve(start, goal, "idastar", tiny, engine="python"),
        )


# --------------------------------------------------------------- the korf24 notebook
def test_korf24_is_opt_in():
    """The 24-puzzle notebook runs only when named (it builds half a gigabyte)."""
    from pathlib import Path

    from eightlab.runner.plan import plan_runs
    from eightlab.runner.presets import PRESETS
    from eightlab.runner.specs import SPECS

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    assert SPECS["korf24"].opt_in and PRESETS["korf24"][0] == "korf24"
    assert "korf24" not in {p.name for p in plan_runs(notebooks_dir=notebooks)}
    assert [p.name for p in plan_runs(only=["korf24"], notebooks_dir=notebooks)] == ["korf24"]
    (plan,) = plan_runs(preset="korf24", notebooks_dir=notebooks)
    assert plan.folder == "korf24--korf24" and plan.parameters["workers"] == 2
    with pytest.raises(EightlabError, match="heuristic"):
        plan_runs(only=["korf24"], parameters={"heuristic": "nonsense"}, notebooks_dir=notebooks)


@pytest.mark.parametrize("heuristic,size", [("manhattan", 16), ("manhattan", 25),
                                            ("pdb-5-5-5", 16), ("pdb-5-5-5-dual", 16)])  # fmt: skip
def test_the_kernels_are_loaded_before_the_clock_with_the_searchs_types(
    private_pdb_cache, heuristic, size
):
    """load_kernels compiles (or loads) the very signatures the search calls: no second one."""
    from eightlab.search.compiled import warm

    kind = "packed" if size == 16 else "wide"
    kind = {"pdb-5-5-5": "pdb", "pdb-5-5-5-dual": "dual"}.get(heuristic, kind)
    signatures = warm._signatures(kind)
    for kernel, signature in signatures:
        kernel.compile(signature)
    before = {kernel: set(kernel.signatures) for kernel, _ in signatures}
    goal = KORF_GOAL if size == 16 else Board(tuple(range(25)), 5, 5)
    assert solve_compiled(walk(goal, 30, 1), goal, heuristic).status == "solved"
    assert {kernel: set(kernel.signatures) for kernel, _ in signatures} == before
