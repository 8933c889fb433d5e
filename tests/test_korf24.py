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
    monkeypatch.setenv("EIGHTLAB_CHECK_SLIDES", str(tmp_path / "slides.jsonl"))  # slides fit
    papermill.execute_notebook(
        str(ROOT / "notebooks" / "korf24.ipynb"), str(executed),
        parameters={"output_dir": str(out), "heuristic": "manhattan", "figure_style": "slides",
                    **parameters},
        kernel_name="python3", progress_bar=False, cwd=str(tmp_path),
    )  # fmt: skip
    from test_slides_fit import assert_notebook_figures_fit

    assert_notebook_figures_fit(tmp_path / "slides.jsonl", {p.stem for p in out.glob("*.png")})
    notebook = nbformat.read(executed, as_version=4)
    return [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs
            if o.output_type == "error"]  # fmt: skip


def test_a_second_run_does_not_search_a_solved_instance_again(tmp_path, monkeypatch):
    """Instance 38 solved by a finished run, 40 by an interrupted one: only 25 is searched
    (solved before with another heuristic only).

    The rows of 38 and 40 are made up (Manhattan solves neither within a test's budget), so
    they come back unchanged only if the run takes them instead of searching.
    """
    import pandas as pd

    from eightlab.experiments import korf24
    from eightlab.experiments.partial import PartialTable, task_key
    from eightlab.experiments.reruns import read_table
    from eightlab.puzzle.instances import korf_felner_24
    from eightlab.runner.lifecycle import TEMPORARY_MARK

    boards = korf_felner_24()
    finished = out = tmp_path / "korf24--x"  # a run writes into .tmp-NAME-XXXX beside NAME
    stale = tmp_path / ".tmp-korf24--x-abc_12"  # the interrupted run's, left by a SIGKILL
    finished.mkdir()
    stale.mkdir()
    (stale / TEMPORARY_MARK).write_text(json.dumps({"folder": finished.name}))
    (finished / "provenance.json").write_text(
        json.dumps(
            {"notebook": "korf24", "parameters": {"heuristic": "manhattan"}, "files": ["runs.csv"]}
        )
    )
    pd.DataFrame([{"instance": 38, "h_start": 70, "published_length": 96, "length": 96,
                   "expanded": 111, "generated": 222, "iterations": 3, "seconds": 1.5,
                   "cpu_seconds": 1.25, "status": "solved"}]).to_csv(finished / "runs.csv", index=False)  # fmt: skip
    columns = ["instance", "heuristic", "h_start", "published_length", "length", "expanded",
               "generated", "iterations", "seconds", "cpu_seconds", "status"]  # fmt: skip
    partial = PartialTable(stale / "runs.partial.csv", columns)

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
    # the finished run is sitting 1; this run is sitting 2, and the interrupted run's row
    # (40) is credited to the sitting that finished it
    assert runs.sitting.to_dict() == {38: 1, 40: 2, 25: 2}
    sittings = korf24.sittings(out)
    assert list(sittings.sitting) == [1, 2] and list(sittings.searched) == [1, 2]
    assert list(sittings.solved) == ["38", "40"]
    beside = pd.read_csv(out / "published.csv").set_index("instance")
    assert beside.loc[38, "ratio_generated_kf2002"] == pytest.approx(222 / 38_173_507)
    assert pd.isna(beside.loc[25, "ratio_generated_kf2002"])
    assert (out / "nodes_vs_published.png").is_file()
    assert not stale.exists()  # adopted by the run
    # the run finished, so no partial table waits beside it (a later run that asks for
    # instance 1 searches it again)
    assert not (tmp_path / "korf24--x.partial").exists()


def core_hours_sentence() -> str:
    """README's estimate of the core-hours for all 50, from the published node counts and
    the rate of the committed run's solved instances (generated nodes per CPU second)."""
    import pandas as pd

    from eightlab.experiments.reruns import read_table

    runs = read_table(ROOT / "results" / "korf24", "runs")
    solved = runs[runs.status == "solved"]
    published = pd.DataFrame(korf_felner24_table()).set_index("instance").kf2002_generated
    rate = solved.generated.sum() / solved.cpu_seconds.sum()
    hardest = published.idxmax()
    ratios = solved.generated.to_numpy() / published[solved.instance].to_numpy()
    hours = published.sum() / rate / 3600
    return (
        f"Korf & Felner's counts (`eightlab.analysis.published.korf_felner24_table`) add up to "
        f"{published.sum() / 1e12:.1f} trillion nodes generated for the 50, "
        f"{published.max() / 1e12:.1f} trillion of them for instance {hardest} alone. At the "
        f"{rate / 1e6:.1f} M nodes generated per CPU second of the {len(solved)} instances "
        f"solved in `results/korf24/runs.csv`, that is about **{hours:,.0f} core-hours** for "
        f"all 50 and {published.max() / rate / 3600:.0f} for instance {hardest}, if eightlab "
        f"generated as many nodes as they did: on those {len(solved)} it generated "
        f"{solved.generated.sum() / published[solved.instance].sum():.2f}x their total, "
        f"{ratios.min():.2f}x to {ratios.max():.2f}x per instance."
    )


def sitting_sentence() -> str:
    """README's account of the committed run: what each sitting ran (its wall time, its
    searches' CPU time, what it solved) and which of the 20 easiest instances are solved,
    from ``sittings.csv`` and ``runs.csv``."""
    from eightlab.experiments.korf24 import sittings
    from eightlab.experiments.reruns import read_table

    folder = ROOT / "results" / "korf24"
    provenance = json.loads((folder / "provenance.json").read_text())
    runs = read_table(folder, "runs")
    easiest = runs[runs.instance.isin(korf_felner24_order()[:20])]
    solved = easiest[easiest.status == "solved"]
    assert (solved.length == solved.published_length).all()

    def named(numbers) -> str:  # "instance 41", "instances 3 and 31", "17 instances"
        numbers = [str(int(k)) for k in numbers]
        if len(numbers) < 2:
            return "".join(f"instance {k}" for k in numbers) or "no instance"
        if len(numbers) > 5:
            return f"{len(numbers)} instances"
        return f"instances {', '.join(numbers[:-1])} and {numbers[-1]}"

    each = [
        f"sitting {s.sitting} ({s.started[:10]}, {s.wall_seconds / 60:.0f} minutes with "
        f"{s.workers} worker{'s' * (s.workers != 1)}) searched {s.searched} instances in "
        f"{s.cpu_seconds / 3600:.2f} CPU-hours and solved {named(s.solved.split())}"
        for s in sittings(folder).itertuples()
    ]
    stopped = named(easiest[easiest.status == "budget_exceeded"].instance)
    not_run = named(easiest[easiest.status == "not_run"].instance)
    return (
        f"The committed run (`results/korf24/sittings.csv` says what each sitting ran, "
        f"`provenance.json` the last one's command) solved {len(solved)} of the 20 easiest "
        f"instances by Korf & Felner's counts, each at its published length, on a "
        f"{provenance['machine']['cpu_count']}-core machine whose cores were shared with "
        f"other work: {'; '.join(each)}."
        + (
            f" Among the 20 easiest, the budget stopped {stopped}."
            if stopped != "no instance"
            else ""
        )
        + (f" The run ended before {not_run} started." if not_run != "no instance" else "")
    )


def easiest20_sentence() -> str:
    """README's account of the ``easiest20`` preset's committed run (one sitting), from
    ``results/korf24--easiest20``'s ``sittings.csv`` and ``runs.csv``."""
    from eightlab.experiments.korf24 import sittings
    from eightlab.experiments.reruns import read_table

    folder = ROOT / "results" / "korf24--easiest20"
    rows = list(sittings(folder).itertuples())
    assert len(rows) == 1, f"{folder} should hold one sitting, not {len(rows)}"
    (sitting,) = rows
    runs = read_table(folder, "runs")
    solved = runs[(runs.status == "solved") & (runs.length == runs.published_length)]
    return (
        f"`eightlab run --preset easiest20` runs the 20 easiest alone: with the tables cached, "
        f"in one sitting ({sitting.started[:10]}) on the same machine, otherwise nearly idle, "
        f"it solved {len(solved)} of the 20 at their published lengths in "
        f"{sitting.wall_seconds / 60:.0f} minutes with {sitting.workers} workers "
        f"({sitting.cpu_seconds / 3600:.2f} CPU-hours; `results/korf24--easiest20/`)."
    )


def test_readme_says_what_the_easiest20_preset_ran():
    readme = " ".join((ROOT / "README.md").read_text().split())
    sentence = easiest20_sentence()
    assert sentence in readme, f"README should say: {sentence}"


def dual_sittings_sentence() -> str:
    """benchmarks/README's account of the stopped ``easiest20-dual`` sitting against the
    ``easiest20`` one, from ``results/korf24-dual/easiest20-dual-stopped.csv`` and
    ``results/korf24--easiest20``."""
    import pandas as pd

    from eightlab.experiments.reruns import read_table

    reflected = read_table(ROOT / "results" / "korf24--easiest20", "runs")
    dual = pd.read_csv(ROOT / "results" / "korf24-dual" / "easiest20-dual-stopped.csv")
    both = reflected.merge(dual, on="instance", suffixes=("_r", "_d"))
    assert (both.length_r == both.published_length_r).all()
    assert (both.length_d == both.published_length_r).all()
    fewer = int((both.generated_d < both.generated_r).sum())
    ratio = both.cpu_seconds_d / both.cpu_seconds_r
    low, high = both.loc[ratio.idxmin()], both.loc[ratio.idxmax()]
    g_d, g_r = both.generated_d.sum(), both.generated_r.sum()
    c_d, c_r = both.cpu_seconds_d.sum(), both.cpu_seconds_r.sum()
    return (
        f"Both sittings solved the {len(both)} at their published lengths; the dual variant "
        f"generated fewer nodes on {'all ' if fewer == len(both) else ''}{fewer}, {g_d:,} "
        f"against {g_r:,} ({g_d / g_r:.2f}), and took {c_d:,.1f} CPU s against {c_r:,.1f} "
        f"({c_d / c_r:.2f}; per instance from {ratio.min():.2f} on #{low.instance} to "
        f"{ratio.max():.2f} on #{high.instance})."
    )


def test_benchmarks_readme_says_what_the_dual_sittings_ran():
    text = " ".join((ROOT / "benchmarks" / "README.md").read_text().split())
    sentence = dual_sittings_sentence()
    assert sentence in text, f"benchmarks/README.md should say: {sentence}"


def test_readme_says_what_the_committed_sitting_ran():
    readme = " ".join((ROOT / "README.md").read_text().split())
    sentence = sitting_sentence()
    assert sentence in readme, f"README should say: {sentence}"


def test_readme_estimates_the_core_hours_of_all_50_from_the_tables_it_cites():
    readme = " ".join((ROOT / "README.md").read_text().split())
    sentence = core_hours_sentence()
    assert sentence in readme, f"README should say: {sentence}"


def _made_up_solved(folder, instance, generated):
    """A partial table in ``folder`` holding a made-up solved row of ``instance`` with
    Manhattan distance (which solves none of the 50 within a test's budget)."""
    from eightlab.experiments.korf24 import COLUMNS, PARTIAL, instance_key
    from eightlab.experiments.partial import PartialTable

    row = {"instance": instance, "heuristic": "manhattan", "h_start": 60, "published_length": 96,
           "length": 96, "expanded": generated // 2, "generated": generated, "iterations": 5,
           "seconds": 2.0, "cpu_seconds": 1.75, "status": "solved"}  # fmt: skip
    table = PartialTable(folder / PARTIAL, COLUMNS)
    table.open({instance_key(instance, "manhattan"): row})
    table.close()


BUDGET = {"max_nodes": 500, "h_start": lambda board: 0, "echo": lambda text: None}
COUNTS = ["instance", "status", "length", "expanded", "generated", "iterations", "resumed"]


def test_one_task_per_instance_resumed_rows_not_searched_and_a_cluster_gives_the_serial_counts(
    tmp_path, monkeypatch
):
    from eightlab.experiments import korf24
    from eightlab.experiments.partial import PartialTable

    searched, search = [], korf24.search_instance

    def counted(task):
        searched.append(task[0])
        return search(task)

    monkeypatch.setattr(korf24, "search_instance", counted)
    for folder in ("serial", "cluster"):
        _made_up_solved(tmp_path / folder, 38, 222)
    serial = korf24.run_instances([38, 40, 25], "manhattan", tmp_path / "serial", **BUDGET)
    assert searched == [40, 25]  # 38 was solved by an earlier run
    assert list(serial.instance) == [38, 40, 25]
    assert list(serial.status) == ["solved", "budget_exceeded", "budget_exceeded"]
    assert list(serial.resumed) == [True, False, False] and serial.generated[0] == 222
    assert serial.expanded[1] <= 500 and serial.attrs["execution"]["resumed_rows"] == 1
    monkeypatch.undo()  # the cluster's workers import the module's own function

    cluster = korf24.run_instances([38, 40, 25], "manhattan", tmp_path / "cluster", workers=2,
                                   **BUDGET)  # fmt: skip
    assert cluster.attrs["execution"]["mode"] == "local cluster"
    assert cluster[COUNTS].equals(serial[COUNTS])
    stored = PartialTable(tmp_path / "cluster" / korf24.PARTIAL, korf24.COLUMNS).load()
    assert len(stored) == 3  # the solved row kept, the two stopped ones added


def test_instances_not_started_within_the_whole_budget_are_not_run(tmp_path):
    from eightlab.errors import EightlabError
    from eightlab.experiments.korf24 import NOT_RUN, run_instances

    runs = run_instances([38, 40, 38], "manhattan", tmp_path, total_seconds=1e-9, **BUDGET)
    assert list(runs.status) == [NOT_RUN, NOT_RUN] and runs.generated.isna().all()
    assert list(runs.h_start) == [0, 0] and list(runs.published_length) == [96, 82]
    with pytest.raises(EightlabError, match="numbered 1-50"):
        run_instances([51], "manhattan", tmp_path)
    with pytest.raises(EightlabError, match="max_seconds must be > 0"):
        run_instances([38], "manhattan", tmp_path, max_seconds=0)


def test_the_easiest20_preset_lists_the_20_fewest_by_published_counts():
    from eightlab.runner.presets import PRESETS

    for name in ("easiest20", "easiest20-dual"):
        notebook, parameters = PRESETS[name]
        assert notebook == "korf24"
        assert parameters["instances"] == korf_felner24_order()[:20]
