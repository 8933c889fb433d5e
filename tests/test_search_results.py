"""What a search reports: per-iteration rows, the reason it stopped, the whole result as
JSON (``SearchResult.to_dict`` and ``solve --json``), and the stated conventions."""

import json
import subprocess
import sys

import pytest

from eightlab import Status, solve
from eightlab.search.result import CONVENTIONS

ITERATIVE = ["iddfs", "iddfs-tree", "iddfs-h", "idastar"]


@pytest.mark.parametrize("algorithm", ITERATIVE)
def test_per_iteration_rows_add_up_to_the_totals(algorithm):
    result = solve("2 3 4 1 5 x 7 6 8" if algorithm != "iddfs-tree" else "283104765",
                   None if algorithm != "iddfs-tree" else "123804765", algorithm)  # fmt: skip
    s = result.stats
    rows = s.per_iteration
    assert len(rows) == s.iterations == len(s.thresholds) > 1
    assert [r["iteration"] for r in rows] == list(range(1, len(rows) + 1))
    assert [r["threshold"] for r in rows] == s.thresholds
    assert sum(r["expanded"] for r in rows) == s.expanded
    assert sum(r["generated"] for r in rows) == s.generated
    assert all(r["generated"] >= r["expanded"] >= 0 for r in rows)


def test_per_iteration_rows_of_a_pass_cut_short_by_the_budget():
    result = solve("8 6 7 2 5 4 3 x 1", None, "idastar", "misplaced", max_nodes=5000)
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == "node budget"
    s = result.stats
    assert len(s.per_iteration) == len(s.thresholds)
    assert sum(r["expanded"] for r in s.per_iteration) == s.expanded == 5000


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "rbfs", "dls", "bidirectional-bfs"])
def test_other_searches_have_no_per_iteration_rows(algorithm):
    assert solve("283104765", "123804765", algorithm).stats.per_iteration == []


def test_iddfs_passes_differ_only_by_the_move_back():
    """The textbook's tree search generates every pruned-IDDFS node and more."""
    pruned = solve("283104765", "123804765", "iddfs")
    tree = solve("283104765", "123804765", "iddfs-tree")
    assert tree.path == pruned.path == "uldr"
    assert tree.stats.thresholds == pruned.stats.thresholds == [0, 1, 2, 3, 4]
    for a, b in zip(pruned.stats.per_iteration, tree.stats.per_iteration, strict=True):
        assert b["generated"] >= a["generated"]
    assert tree.stats.generated > 2 * pruned.stats.generated


def test_to_dict_is_the_whole_result_in_plain_json_types():
    result = solve("8 6 7 2 5 4 3 x 1", None, "idastar", "manhattan", lexicographic=True)
    d = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert d["algorithm"] == "idastar" and d["heuristic"] == "manhattan"
    assert d["start"] == "867254301" and d["goal"] == "123456780"
    assert d["status"] == "solved" and d["reason"] is None
    assert d["length"] == 31 == len(d["path"])
    assert d["options"]["lexicographic"] is True and d["options"]["max_nodes"] is None
    assert d["options"]["max_stored"] >= 1
    assert d["conventions"] == CONVENTIONS
    stats = d["stats"]
    for key in ("expanded", "generated", "duplicates", "reopened", "max_frontier",
                "max_stored", "iterations", "wall_seconds", "cpu_seconds"):  # fmt: skip
        assert key in stats
    assert stats["thresholds"] == result.stats.thresholds
    assert stats["per_iteration"] == result.stats.per_iteration
    assert stats["expanded"] == result.stats.expanded


def test_a_result_says_why_no_path_was_returned():
    assert solve("283104765", "123804765").reason is None
    assert solve("8 6 7 2 5 4 3 x 1", None, "bfs", max_nodes=10).reason == "node budget"
    assert solve("8 6 7 2 5 4 3 x 1", None, "dls", limit=3).reason == "depth limit"
    unsolvable = solve("123456870", None, "astar")
    assert unsolvable.status is Status.UNSOLVABLE and unsolvable.reason == "parity"
    weighted = solve("283104765", "123804765", "weighted-astar", weight=1.5)
    assert weighted.options["weight"] == 1.5
    assert "(node budget)" in solve("8 6 7 2 5 4 3 x 1", None, "bfs", max_nodes=10).summary()


def test_solve_json_prints_one_object_with_the_per_iteration_rows():
    run = subprocess.run(
        [sys.executable, "-m", "eightlab", "solve", "2 3 4 1 5 x 7 6 8", "-a", "idastar",
         "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    d = json.loads(run.stdout)
    assert d["length"] == 19 and d["status"] == "solved"
    assert len(d["stats"]["per_iteration"]) == d["stats"]["iterations"] >= 1
    assert set(d["conventions"]) == set(CONVENTIONS)


def test_solve_json_on_a_cutoff_exits_3():
    run = subprocess.run(
        [sys.executable, "-m", "eightlab", "solve", "867254301", "-a", "dls", "--limit", "3",
         "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 3, run.stderr
    d = json.loads(run.stdout)
    assert d["status"] == "cutoff" and d["reason"] == "depth limit" and d["path"] is None


def test_conventions_name_every_family_and_the_tie_breaking():
    text = " ".join(CONVENTIONS.values())
    for name in ("BFS", "IDDFS", "iddfs-tree", "iddfs-h", "IDA*", "A*", "RBFS", "UCS"):
        assert name in text
    assert "larger g first" in CONVENTIONS["tie_breaking"]


def test_iteration_rows_make_a_tidy_table():
    result = solve("2 3 4 1 5 x 7 6 8", None, "idastar")
    rows = result.iteration_rows()
    assert len(rows) == result.stats.iterations
    assert rows[0]["algorithm"] == "idastar" and rows[0]["heuristic"] == "manhattan"
    assert rows[-1]["start"] == "234150768" and rows[-1]["iteration"] == len(rows)
    assert solve("283104765", "123804765", "astar").iteration_rows() == []


@pytest.mark.parametrize("options", [{"observer": 5}, {"lexicographic": "yes"}])
def test_an_observer_or_flag_of_the_wrong_type_is_an_eightlab_error(options):
    from eightlab.errors import EightlabError
    from eightlab.search import solve

    with pytest.raises(EightlabError, match=next(iter(options))):
        solve("283104765", "123804765", "idastar", **options)


def test_a_heuristic_that_does_not_fit_the_board_is_refused_before_its_parity():
    from eightlab.errors import BoardError

    # 283104765 cannot reach 123456780 (parity); pdb-5-5-5 is a 4x4 heuristic
    for engine in ("python", "auto"):
        with pytest.raises(BoardError, match="defined on 4x4 boards only"):
            solve("283104765", "123456780", "idastar", "pdb-5-5-5", engine=engine)
    assert str(solve("283104765", "123456780", "astar", "manhattan").status) == "unsolvable"
