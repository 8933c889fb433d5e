"""Korf & Felner's 24-puzzle: the published figures, their order, and a run that resumes.

No 24-puzzle database is built and no search runs beyond a few thousand nodes: the
notebook runs with Manhattan distance and a node budget, and the solved instances it
resumes from are rows written beforehand.
"""

import json
import os
from pathlib import Path

import pytest

from eightlab.analysis.published import (
    KORF24_COUNTS,
    KORF24_SOURCES,
    korf_felner24_order,
    korf_felner24_table,
)
from eightlab.puzzle.instances import korf_felner_24_lengths

ROOT = Path(__file__).resolve().parents[1]


def test_published_lengths_equal_the_shipped_optimal_lengths():
    table = korf_felner24_table()
    assert [row.instance for row in table] == list(range(1, 51))
    assert {row.instance: row.length for row in table} == korf_felner_24_lengths()


def test_published_means_are_the_papers():
    """Korf & Felner state a mean length of 100.78 and a mean of 360,892,479,671 nodes."""
    table = korf_felner24_table()
    assert sum(row.length for row in table) == 5039  # 100.78 x 50
    assert round(sum(row.kf2002_generated for row in table) / 50) == 360_892_479_671


def test_every_published_column_says_its_source_and_count():
    columns = set(korf_felner24_table()[0]._fields) - {"instance", "length"}
    assert set(KORF24_SOURCES) == set(KORF24_COUNTS) == columns
    assert KORF24_COUNTS["kf2002_generated"].startswith("generated")
    assert all(KORF24_COUNTS[c].startswith("expanded") for c in columns if c.startswith("dsr"))


def test_order_is_by_korf_felner_node_counts_fewest_first():
    table = {row.instance: row.kf2002_generated for row in korf_felner24_table()}
    order = korf_felner24_order()
    assert sorted(order) == list(range(1, 51))
    assert [table[k] for k in order] == sorted(table.values())
    assert order[:3] == [38, 40, 25] and order[-1] == 50


def _run_notebook(tmp_path, monkeypatch, out, parameters):
    import nbformat
    import papermill

    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + (os.pathsep + path if path else ""))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    executed = tmp_path / "korf24.ipynb"
    papermill.execute_notebook(
        str(ROOT / "notebooks" / "korf24.ipynb"), str(executed),
        parameters={"output_dir": str(out), "heuristic": "manhattan", **parameters},
        kernel_name="python3", progress_bar=False, cwd=str(tmp_path),
    )  # fmt: skip
    notebook = nbformat.read(executed, as_version=4)
    return [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs
            if o.output_type == "error"]  # fmt: skip


def test_a_second_run_does_not_search_a_solved_instance_again(tmp_path, monkeypatch):
    """Instance 38 solved by a finished run, 40 by an interrupted one: only 25 is searched
    (solved before with another heuristic only), and the interrupted run's row of instance
    1, not asked for, stays for a later run.

    The rows of 38 and 40 are made up (Manhattan solves neither within a test's budget), so
    they come back unchanged only if the run takes them instead of searching.
    """
    import pandas as pd

    from eightlab.experiments.partial import PartialTable, task_key
    from eightlab.experiments.reruns import read_table
    from eightlab.puzzle.instances import korf_felner_24

    boards = korf_felner_24()
    finished = tmp_path / "korf24--x"  # the runner writes into .tmp-NAME-XXXX beside NAME
    out = tmp_path / ".tmp-korf24--x-abc_12"
    finished.mkdir()
    (finished / "provenance.json").write_text(
        json.dumps({"parameters": {"heuristic": "manhattan"}})
    )
    pd.DataFrame([{"instance": 38, "h_start": 70, "published_length": 96, "length": 96,
                   "expanded": 111, "generated": 222, "iterations": 3, "seconds": 1.5,
                   "cpu_seconds": 1.25, "status": "solved"}]).to_csv(finished / "runs.csv", index=False)  # fmt: skip
    columns = ["instance", "heuristic", "h_start", "published_length", "length", "expanded",
               "generated", "iterations", "seconds", "cpu_seconds", "status"]  # fmt: skip
    partial = PartialTable(out / "runs.partial.csv", columns)

    def solved(k, generated, heuristic="manhattan"):  # a made-up solved row of instance k
        row = {"instance": k, "heuristic": heuristic, "h_start": 60, "published_length": 82,
               "length": 82, "expanded": generated // 2, "generated": generated,
               "iterations": 5, "seconds": 2.0, "cpu_seconds": 1.75, "status": "solved"}  # fmt: skip
        return task_key("korf24", k, str(boards[k - 1]), heuristic), row

    # 1 is not part of this run; 25 was solved with another heuristic, so it runs
    partial.open(dict([solved(40, 444), solved(1, 555), solved(25, 666, "linear-conflict")]))
    partial.close()

    errors = _run_notebook(
        tmp_path, monkeypatch, out, {"instances": [25, 40, 38], "max_nodes": 2000}
    )
    assert not errors
    runs = read_table(out, "runs").set_index("instance")
    assert list(runs.index) == [38, 40, 25]  # Korf & Felner's order, not the order given
    assert (runs.loc[38, "generated"], runs.loc[40, "generated"]) == (222, 444)
    assert runs.loc[[38, 40], "resumed"].all() and not runs.loc[25, "resumed"]
    assert runs.loc[25, "status"] == "budget_exceeded" and runs.loc[25, "expanded"] <= 2000
    beside = pd.read_csv(out / "published.csv").set_index("instance")
    assert beside.loc[38, "ratio_generated_kf2002"] == pytest.approx(222 / 38_173_507)
    assert pd.isna(beside.loc[25, "ratio_generated_kf2002"])
    assert (out / "nodes_vs_published.png").is_file()
    stored = PartialTable(out / "runs.partial.csv", columns, integers=["instance"]).load()
    assert {row["instance"] for row in stored.values()} == {1, 25, 38, 40}
