"""The runner under faults: signals, concurrent runs, odd values, modes, resuming.

Tiny notebooks written here; each kernel start costs a few seconds, so only the tests
that need a kernel start one.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell, new_notebook

from eightlab.cli import main
from eightlab.errors import EightlabError
from eightlab.experiments import folders
from eightlab.files import readable_mode
from eightlab.runner import run as runner
from eightlab.runner.lifecycle import TEMPORARY_MARK, lock_results
from eightlab.runner.parameters import (
    OUTPUT_PARAMETER,
    declared_parameters,
    default_value,
    parse_value,
)
from eightlab.runner.plan import discover, plan_runs
from eightlab.runner.run import run_notebooks
from eightlab.runner.specs import SPECS, check_parameter

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _write_notebook(path: Path, parameters: str, body: str) -> None:
    cell = new_code_cell(parameters)
    cell.metadata["tags"] = ["parameters"]
    notebook = new_notebook(cells=[cell, new_code_cell(body)])
    notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                       "name": "python3"}  # fmt: skip
    nbformat.write(notebook, path)


def _no_kernel(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a kernel was started")

    monkeypatch.setattr(runner, "run_one", refuse)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")  # a zombie has ended (no init reaps it in a container)


# --- signals leave nothing behind --------------------------------------------------------

HANG = """
import os, pathlib, subprocess, time
from ipykernel import get_connection_file
child = subprocess.Popen(["sleep", "600"])
pathlib.Path(MARKER).write_text(f"{os.getpid()} {child.pid} {get_connection_file()}")
time.sleep(600)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_leaves_no_folder_file_or_process(tmp_path, signum):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    marker = tmp_path / "running"
    _write_notebook(folder / "hang.ipynb", f'output_dir = "."\nMARKER = {str(marker)!r}', HANG)
    results = tmp_path / "results"
    command = [sys.executable, "-m", "eightlab", "run", "--notebooks", str(folder),
               "--results", str(results)]  # fmt: skip
    run = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # a hang guard, not a verdict on speed
        while not marker.exists() or len(marker.read_text().split()) < 3:
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        kernel, child, connection = marker.read_text().split()
        os.kill(run.pid, signum)  # the runner alone, as `kill` or `timeout` do
        _, error = run.communicate(timeout=600)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 128 + signum
    assert f"eightlab: stopped by {signal.Signals(signum).name}" in error
    assert "Traceback" not in error
    assert list(results.iterdir()) == []  # no .tmp- folder, no lock file
    deadline = time.monotonic() + 600
    while (_alive(int(kernel)) or _alive(int(child))) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(int(kernel)), "the kernel is still running"
    assert not _alive(int(child)), "a process the kernel started is still running"
    assert not Path(connection).exists()


# --- concurrent runs on one results folder -----------------------------------------------


def test_a_second_run_on_the_same_results_folder_is_refused(tmp_path, capsys, monkeypatch):
    _no_kernel(monkeypatch)
    folder = tmp_path / "notebooks"
    folder.mkdir()
    _write_notebook(folder / "nb.ipynb", 'output_dir = "."', "")
    results = tmp_path / "results"
    results.mkdir()
    with lock_results(results):  # another run holds it
        status = main(["run", "--notebooks", str(folder), "--results", str(results)])
    error = capsys.readouterr().err
    assert status == 2
    assert error.startswith("eightlab: error: another eightlab run is writing into results")
    assert error.count("\n") == 1
    assert list(results.iterdir()) == []


# --- values read as papermill reads them -------------------------------------------------


@pytest.fixture
def seeded(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    _write_notebook(folder / "nb.ipynb", 'output_dir = "."\nseed = 1\ndepths = [2]\n', "")
    return folder


def test_seed_with_a_leading_zero_is_ten_as_for_papermill(seeded):
    (plan,) = plan_runs(parameters={"seed": "010"}, notebooks_dir=seeded)
    assert plan.parameters["seed"] == 10


@pytest.mark.parametrize("text", ["1:30", "0x10", "1e400", "nan"])
def test_seed_that_papermill_would_not_read_as_an_int_is_refused(seeded, text):
    with pytest.raises(EightlabError, match=f"parameter 'seed' of nb expects an int, not '{text}'"):
        plan_runs(parameters={"seed": text}, notebooks_dir=seeded)


def test_a_list_with_a_leading_zero_is_refused_as_ambiguous(seeded):
    with pytest.raises(EightlabError, match="leading zero"):
        plan_runs(parameters={"depths": "[010, x]"}, notebooks_dir=seeded)
    (plan,) = plan_runs(parameters={"depths": "[10, 12]"}, notebooks_dir=seeded)
    assert plan.parameters["depths"] == [10, 12]


# --- every parameter of every notebook has a range, checked before any kernel --------------

EVERY_PARAMETER = [
    (path.stem, name, info)
    for path in discover(NOTEBOOKS)
    for name, info in declared_parameters(path).items()
    if name != OUTPUT_PARAMETER
]


@pytest.mark.parametrize(
    "notebook, name, info", EVERY_PARAMETER, ids=[f"{n}-{p}" for n, p, _ in EVERY_PARAMETER]
)
def test_every_parameter_has_a_rule_its_default_keeps(notebook, name, info):
    assert name in SPECS[notebook].rules, (
        f"add {name!r} to the spec of {notebook} (runner/specs.py)"
    )
    default = default_value(info["default"])
    if isinstance(default, str) and info["type"] == "list":
        pytest.fail(f"{notebook}: {name} default is not a literal")
    check_parameter(notebook, name, default, info)


@pytest.mark.parametrize(
    "notebook, name, value, message",
    [
        ("01_state_space", "radius", "100", "'radius' of 01_state_space must be from 0 to 6, not 100"),
        ("01_state_space", "seed", "-1", "'seed' of 01_state_space must be from 0 to"),
        ("01_state_space", "parity_sample", "-5", "'parity_sample' of 01_state_space must be from 1"),
        ("heuristic_admissibility", "sample_size", "0", "'sample_size' of heuristic_admissibility must be from 1"),
        ("heuristic_admissibility", "heuristics", "[]", "'heuristics' of heuristic_admissibility must not be empty"),
        ("heuristic_admissibility", "heuristics", "[nosuch]", "'heuristics' of heuristic_admissibility: unknown heuristic 'nosuch'"),
        ("compare_algorithms", "depths", "[4, 40]", "'depths' of compare_algorithms must be from 0 to 31, not 40"),
        ("compare_algorithms", "algorithms", "[bfs, nosuch]", "'algorithms' of compare_algorithms: unknown algorithm 'nosuch'"),
        ("compare_algorithms", "sampling", "random", "'sampling' of compare_algorithms must be one of depths, uniform"),
        ("compare_algorithms", "goal", "12345678", "'goal' of compare_algorithms:"),
        ("compare_algorithms", "workers", "0", "'workers' of compare_algorithms must be from 1"),
        ("compare_algorithms", "max_nodes", "0", "'max_nodes' of compare_algorithms must be >= 1, not 0"),
    ],
)  # fmt: skip
def test_out_of_range_values_exit_2_naming_the_parameter_before_any_kernel(
    tmp_path, capsys, monkeypatch, notebook, name, value, message
):
    _no_kernel(monkeypatch)
    if not (NOTEBOOKS / f"{notebook}.ipynb").exists():
        pytest.skip(f"no notebook {notebook}")
    if name not in declared_parameters(NOTEBOOKS / f"{notebook}.ipynb"):
        pytest.skip(f"{notebook} has no parameter {name}")
    results = tmp_path / "results"
    status = main(["run", "--only", notebook, "-p", name, value, "--notebooks", str(NOTEBOOKS),
                   "--results", str(results)])  # fmt: skip
    error = capsys.readouterr().err
    assert status == 2
    assert error.startswith("eightlab: error: parameter " + message.split(" ", 1)[0])
    assert message in error and error.count("\n") == 1
    assert not results.exists()


def test_none_is_taken_only_where_it_means_something():
    budget = {"type": "int", "default": "1_000_000"}
    assert check_parameter("compare_algorithms", "max_nodes", None, budget) is None
    with pytest.raises(EightlabError, match="expects an int, not None"):
        check_parameter("compare_algorithms", "per_depth", None, {"type": "int", "default": "2"})
    with pytest.raises(EightlabError, match="must not be None"):
        check_parameter("compare_algorithms", "goal", None, {"type": "NoneType", "default": None})


# --- modes, resuming, progress: one tiny run each ------------------------------------------

PARTIAL = """
import pathlib
p = pathlib.Path(output_dir, "rows.partial.csv")
lines = p.read_text().splitlines() if p.exists() else []
p.write_text("".join(line + "\\n" for line in lines + [f"row {len(lines)}"]))
pathlib.Path(output_dir, "seen.txt").write_text(str(len(lines)))
from eightlab.experiments.progress import report
report(len(lines) + 1, 2, "rows")
import time; time.sleep(1.5)
assert lines, "the first run stops after one row"
"""


def test_an_unfinished_run_continues_and_its_files_are_readable(tmp_path, capfd):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    _write_notebook(folder / "grid.ipynb", 'output_dir = "."', PARTIAL)
    results = tmp_path / "results"
    (first,) = run_notebooks(notebooks_dir=folder, results_dir=results, progress=True)
    assert not first.ok and "the first run stops after one row" in first.error
    kept = results / "grid.partial" / "rows.partial.csv"
    assert kept.read_text() == "row 0\n"
    assert not list(results.glob(".tmp-*"))
    assert "rows" in capfd.readouterr().err  # the runner showed the notebook's task bar

    (second,) = run_notebooks(notebooks_dir=folder, results_dir=results, progress=False)
    assert second.ok, second.error
    final = results / "grid"
    assert (final / "seen.txt").read_text() == "1"  # it found the first run's row
    assert not (results / "grid.partial").exists()
    assert not list(final.glob("*.partial.csv")) and not (final / ".progress").exists()
    assert not (results / "grid.failed.ipynb").exists()
    for path in [final, *final.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == readable_mode(directory=path.is_dir()), (path, oct(mode))


def test_a_partial_table_of_a_killed_run_is_adopted(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    _write_notebook(folder / "grid.ipynb", 'output_dir = "."', PARTIAL)
    results = tmp_path / "results"
    stale = results / "left-by-sigkill"  # what SIGKILL leaves, known by its mark, not its name
    stale.mkdir(parents=True)
    (stale / "rows.partial.csv").write_text("row 0\n")
    (stale / TEMPORARY_MARK).write_text('{"folder": "grid"}\n')
    other = results / ".tmp-grid--custom-12345678-abc"  # another folder's: left alone
    other.mkdir()
    (other / TEMPORARY_MARK).write_text('{"folder": "grid--custom-12345678"}\n')
    unmarked = results / ".tmp-grid-mine"  # named like a temporary folder, but no run's
    unmarked.mkdir()
    (unmarked / "rows.partial.csv").write_text("my own rows\n")
    (record,) = run_notebooks(notebooks_dir=folder, results_dir=results, progress=False)
    assert record.ok, record.error
    assert (results / "grid" / "seen.txt").read_text() == "1"
    assert not stale.exists() and other.exists()
    assert (unmarked / "rows.partial.csv").read_text() == "my own rows\n"
    assert not (results / "grid" / TEMPORARY_MARK).exists()


# --- where a notebook writes ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["compare_algorithms", "heuristic_admissibility"])
def test_the_experiments_resolve_output_dir_with_output_folder(name):
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    assert f'out = output_folder("{name}", output_dir)' in code
    assert "Path(output_dir)" not in code and "../results" not in code


@pytest.mark.parametrize("name", ["compare_algorithms", "heuristic_admissibility"])
def test_every_experiment_parameter_has_a_type_and_a_comment_for_papermill(name):
    import papermill

    for parameter, info in papermill.inspect_notebook(str(NOTEBOOKS / f"{name}.ipynb")).items():
        assert info["inferred_type_name"] not in (None, "None"), parameter
        assert info["help"], f"{parameter} has no comment"


def test_an_executed_copy_re_executed_does_not_overwrite_its_results(tmp_path, monkeypatch):
    monkeypatch.setattr(folders, "results_root", lambda: tmp_path / "results")
    finished = tmp_path / "results" / "nb"
    finished.mkdir(parents=True)
    (finished / "provenance.json").write_text("{}")
    monkeypatch.chdir(finished)
    assert folders.output_folder("nb", ".") == tmp_path / "results" / "nb--interactive"
    assert folders.output_folder("nb", "") == tmp_path / "results" / "nb--interactive"
    fresh = tmp_path / "fresh"
    assert folders.output_folder("nb", str(fresh)) == fresh


def test_a_papermill_kernel_is_known_by_its_injected_cell_and_an_executed_copy_is_spared(
    tmp_path, monkeypatch
):
    from eightlab.runner.lifecycle import begin

    monkeypatch.delenv("EIGHTLAB_RUNNER", raising=False)
    monkeypatch.setenv("EIGHTLAB_BATCH", "")
    notebook = tmp_path / "nb.ipynb"
    _write_notebook(notebook, 'output_dir: str = ""  # where\nseed: int = 1  # seed', "")
    out = tmp_path / "out"
    cell = f"# Parameters\noutput_dir = {str(out)!r}\nseed = 2\n"
    monkeypatch.chdir(tmp_path)
    assert begin("nb", {"output_dir": str(out), "seed": 2}, notebook).mode == "interactive"
    namespace = {"In": ["", cell], "output_dir": str(out), "seed": 2}
    run = begin("nb", namespace, notebook)
    try:
        assert run.mode == "papermill" and Path.cwd() == run.temporary
        assert namespace["output_dir"] == "." and run.injected == {
            "output_dir": str(out),
            "seed": 2,
        }
        assert run.command[:3] == ["papermill", str(notebook), "OUT.ipynb"]
    finally:
        run.abandon()
    assert Path.cwd() == tmp_path and not list(tmp_path.glob(".tmp-*"))
    out.mkdir()
    (out / "provenance.json").write_text("{}")  # an executed copy of a finished run, run again
    monkeypatch.chdir(out)
    run = begin("nb", {"In": ["", cell], "output_dir": str(out), "seed": 2}, notebook)
    assert run.mode == "interactive" and run.temporary is None


# --- property: no text given to -p ends in anything but a value or an EightlabError ------

DECLARED = {
    "seed": {"type": "int", "default": "1"},
    "max_seconds": {"type": "float", "default": "2.0"},
    "depths": {"type": "list", "default": "[2, 4]"},
    "heuristics": {"type": "list", "default": "['manhattan']"},
    "goal": {"type": "str", "default": "'123456780'"},
    "sample_size": {"type": "NoneType", "default": "None"},
    "flag": {"type": "bool", "default": "False"},
}


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(DECLARED)),
    text=st.one_of(
        st.text(max_size=40),
        st.from_regex(r"\[?[-+0-9a-z_:.,x ]{0,20}\]?", fullmatch=True),
    ),
)
def test_any_text_is_a_value_or_a_one_line_error(name, text):
    declared = DECLARED[name]
    try:
        value = parse_value(text, declared["type"])
        check_parameter("nb", name, value, declared, text)
    except EightlabError as error:
        assert "\n" not in str(error).replace(repr(text), "")


# --- every parameter a kernel would reject is refused before it starts -------------------


@pytest.mark.parametrize(
    "notebook, name, text, message",
    [
        ("compare_algorithms", "goal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "3x3 board"),
        ("heuristic_admissibility", "goal", "1 2 3 0", "3x3 board"),
        ("compare_algorithms", "heuristics", "[pdb-6-6-3]", "pdb-6-6-3 is defined on 4x4"),
        ("korf100", "heuristics", "[exact]", "exact is defined on 3x3"),
        ("03b_idastar_search_trees", "tree_goal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "3x3"),
        ("03b_idastar_search_trees", "tree_goal", "213804765", "cannot be reached"),
        ("03b_idastar_search_trees", "tree_start", "218364705", "17 moves from 218364705, at most"),
        ("05_fifteen_puzzle", "heuristics", "[learned]", "learned is defined on 2x4, 2x5"),
        ("05_fifteen_puzzle", "heuristics", "[pdb-6-6-6-6]", "defined on 5x5"),
        ("bidirectional", "algorithms", "[bfs]", "one of mm, nbs, gbfhs at least"),
        ("02_uninformed_search", "example_depth", "0", "from 1 to 24"),
        ("02_uninformed_search", "example_depth", "31", "have no budget"),
        ("compare_algorithms", "scheduler", "foo", "tcp://127.0.0.1:8786"),
        ("compare_algorithms", "scheduler", "123", "tcp://127.0.0.1:8786"),
        ("compare_algorithms", "scheduler", "tcp://127.0.0.1:99999", "port 99999"),
    ],
)
def test_what_a_kernel_would_reject_is_refused_naming_it(
    notebook, name, text, message, capsys, monkeypatch
):
    _no_kernel(monkeypatch)
    status = main(["run", "--only", notebook, "--notebooks", str(NOTEBOOKS), "-p", name, text])
    error = capsys.readouterr().err
    assert status == 2
    assert message in error and repr(name) in error
    assert len(error.strip().splitlines()) == 1, error


def test_a_goal_with_a_leading_zero_keeps_it():
    (plan,) = plan_runs(["compare_algorithms"], {"goal": "012345678"}, None, NOTEBOOKS)
    assert plan.parameters["goal"] == "012345678"
    (plan,) = plan_runs(["heuristic_admissibility"], {"goal": 123804765}, None, NOTEBOOKS)
    assert plan.parameters["goal"] == "123804765"  # every digit there: papermill's int is fine


@pytest.mark.parametrize(
    "number, typed", [(12345678, "012345678"), (1234567, "001234567"), (1234567890, "1234567890")]
)
def test_a_board_given_as_a_number_short_of_digits_is_refused_naming_r(number, typed):
    """papermill's ``-p goal 012345678`` (or a mistyped ``12345678``) reaches the kernel as
    the int 12345678: refused, suggesting ``-r`` with the board zero-padded to its cells
    (before, the suggestion dropped the 0 as papermill had)."""
    with pytest.raises(EightlabError) as error:
        plan_runs(["heuristic_admissibility"], {"goal": number}, None, NOTEBOOKS)
    assert str(error.value).endswith(f"-r goal {typed}") and "\n" not in str(error.value)
    (plan,) = plan_runs(["heuristic_admissibility"], {"goal": "012345678"}, None, NOTEBOOKS)
    assert plan.parameters["goal"] == "012345678"  # the suggestion, taken


@pytest.mark.parametrize("notebook", ["compare_algorithms", "learned_heuristic"])
def test_a_depth_is_checked_against_the_largest_distance_from_the_goal(notebook):
    from eightlab.puzzle import statespace
    from eightlab.puzzle.board import Board
    from eightlab.runner.specs import largest_distance

    centre, corner = "123804765", "123456780"
    largest = {g: int(statespace.distance_table(Board.parse(g)).max()) for g in (centre, corner)}
    assert largest_distance(Board.parse(centre)) == largest[centre] < largest[corner]
    too_far = str([largest[centre] + 1])
    with pytest.raises(EightlabError, match=f"distances run from 0 to {largest[centre]}"):
        plan_runs([notebook], {"goal": centre, "depths": too_far}, None, NOTEBOOKS)
    plan_runs([notebook], {"goal": corner, "depths": too_far}, None, NOTEBOOKS)
    plan_runs([notebook], {"goal": centre, "depths": str([largest[centre]])}, None, NOTEBOOKS)


def test_run_points_output_dir_to_results(capsys, monkeypatch):
    _no_kernel(monkeypatch)
    status = main(["run", "--only", "compare_algorithms", "-p", "output_dir", "elsewhere"])
    error = capsys.readouterr().err
    assert status == 2 and "--results" in error and len(error.strip().splitlines()) == 1


def test_run_help_says_which_notebooks_a_parameter_runs(capsys):
    assert main(["run", "--help"]) == 0
    assert "only the notebooks that have that parameter run" in " ".join(
        capsys.readouterr().out.split()
    )


def test_the_runner_asks_the_scheduler_before_any_kernel(tmp_path, capsys, monkeypatch):
    from eightlab.experiments import cluster

    asked = []

    def refuse(address, timeout=None):
        asked.append(address)
        raise EightlabError(f"no Dask scheduler answers at {address} (stub)")

    _no_kernel(monkeypatch)
    monkeypatch.setattr(cluster, "check_scheduler", refuse)
    status = main(["run", "--only", "compare_algorithms", "--results", str(tmp_path / "r"),
                   "-p", "scheduler", "tcp://127.0.0.1:8786"])  # fmt: skip
    assert status == 2 and asked == ["tcp://127.0.0.1:8786"]
    assert "(stub)" in capsys.readouterr().err


def test_eightlab_run_works_from_any_directory(tmp_path, capsys, monkeypatch):
    _no_kernel(monkeypatch)
    monkeypatch.chdir(tmp_path)
    status = main(["run", "--only", "compare_algorithms", "-p", "per_depth", "0"])
    error = capsys.readouterr().err
    assert status == 2
    assert "parameter 'per_depth' of compare_algorithms must be from 1" in error
    assert not (tmp_path / "results").exists()


def test_the_plan_holds_the_command_that_reruns_it():
    (plan,) = plan_runs(
        ["compare_algorithms"], {"per_depth": "3", "heuristics": "[manhattan]"}, None, NOTEBOOKS
    )
    assert plan.command == [
        "python", "-m", "eightlab", "run", "--only", "compare_algorithms",
        "-p", "per_depth", "3", "-p", "heuristics", "[manhattan]",
    ]  # fmt: skip


def test_a_scheduler_address_is_checked_before_connecting(monkeypatch):
    import distributed

    from eightlab.experiments.cluster import execute_tasks

    def no_connection(*args, **kwargs):
        raise AssertionError("a connection was tried")

    monkeypatch.setattr(distributed, "Client", no_connection)  # no wait for a connection
    with pytest.raises(EightlabError, match="port 99999"):
        execute_tasks(print, [("a", 1)], scheduler="tcp://127.0.0.1:99999", on_row=print)


def test_a_truncated_failed_notebook_is_not_kept(tmp_path, monkeypatch):
    """A full disk cuts the executed notebook short: no invalid .failed.ipynb stays."""
    import papermill

    from eightlab.runner.run import run_one

    notebooks = tmp_path / "nb"
    notebooks.mkdir()
    _write_notebook(notebooks / "grid.ipynb", 'output_dir: str = ""  # where', "1")
    results = tmp_path / "results"
    results.mkdir()

    def full_disk(source, target, **kwargs):
        Path(target).write_text('{"cells": [{"cell_type": "code", "sou')
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(papermill, "execute_notebook", full_disk)
    (plan,) = plan_runs(None, None, None, notebooks)
    record = run_one(plan, results, None, {})
    assert not record.ok and "No space left" in record.error
    assert record.failed_notebook is None
    assert sorted(p.name for p in results.iterdir()) == []


def test_times_are_kept_apart_from_counts(tmp_path):
    import pandas as pd

    from eightlab.experiments.grid import save_table
    from eightlab.experiments.reruns import read_table

    runs = pd.DataFrame({"algorithm": ["bfs", "astar"], "expanded": [10, 3],
                         "wall_seconds": [0.5, None], "cpu_seconds": [0.4, 0.1],
                         "status": ["solved", "x"]})  # fmt: skip
    save_table(runs, tmp_path, "runs")
    save_table(pd.DataFrame({"a": [1], "b": [2]}), tmp_path, "counts")
    assert (
        tmp_path / "runs.csv"
    ).read_text() == "algorithm,expanded,status\nbfs,10,solved\nastar,3,x\n"
    assert (tmp_path / "runs.timings.csv").read_text() == (
        "row,wall_seconds,cpu_seconds\n0,0.5,0.4\n1,,0.1\n"
    )
    assert (tmp_path / "counts.csv").read_text() == "a,b\n1,2\n"
    assert not (tmp_path / "counts.timings.csv").exists()
    table = read_table(tmp_path, "runs")
    assert list(table.columns) == ["algorithm", "expanded", "status", "wall_seconds", "cpu_seconds"]
    assert table["cpu_seconds"].tolist() == [0.4, 0.1]


def test_an_executed_notebook_keeps_no_clock_times(tmp_path):
    import json

    from eightlab.experiments.reruns import steady_notebook

    path = tmp_path / "x.ipynb"
    clock = {"start_time": "2026-01-01T00:00:00", "end_time": "x", "duration": 1.5}
    document = {
        "cells": [{"cell_type": "code", "metadata": {"papermill": {**clock, "status": "completed"},
                   "execution": {"iopub.status.busy": "t"}}, "source": "1", "outputs": []}],
        "metadata": {"papermill": {**clock, "parameters": {"a": 1}}},
        "nbformat": 4, "nbformat_minor": 5,
    }  # fmt: skip
    path.write_text(json.dumps(document))
    steady_notebook(path)
    text = path.read_text()
    assert "2026" not in text and "duration" not in text and "iopub" not in text
    kept = json.loads(text)
    assert kept["metadata"]["papermill"] == {"parameters": {"a": 1}}
    assert kept["cells"][0]["metadata"] == {"papermill": {"status": "completed"}}


def test_an_executed_notebook_keeps_no_random_ids(tmp_path):
    import json

    from eightlab.experiments.reruns import steady_notebook

    def executed(uuid: str, cell_id: str) -> dict:
        table = f'<style>#T_{uuid}_row0_col0 {{color: red}}</style><table id="T_{uuid}">'
        return {
            "cells": [
                {"cell_type": "code", "id": cell_id, "source": "a = 1", "outputs": [],
                 "metadata": {"tags": ["injected-parameters"]}},
                {"cell_type": "code", "id": "x", "source": "t", "metadata": {},
                 "outputs": [{"output_type": "execute_result", "metadata": {},
                              "data": {"text/html": [table], "text/plain": [
                                  f"<pandas.io.formats.style.Styler at 0x7f{uuid}>"]}}]},
            ],
            "metadata": {"papermill": {"output_path": f"/r/.tmp-x-{uuid}/x.ipynb"}},
            "nbformat": 4, "nbformat_minor": 5,
        }  # fmt: skip

    texts = []
    for uuid, cell_id in (("77e64", "b7a5a233"), ("c821d", "62b3930a")):
        path = tmp_path / f"{uuid}.ipynb"
        path.write_text(json.dumps(executed(uuid, cell_id)))
        steady_notebook(path)
        texts.append(path.read_text())
    assert texts[0] == texts[1]
    assert "#T_table0_row0_col0" in texts[0] and 'id=\\"T_table0\\"' in texts[0]
    assert "<pandas.io.formats.style.Styler>" in texts[0] and ".tmp-" not in texts[0]


# --- finished rows are kept until the results are in place ---------------------------------


def test_a_batch_grid_keeps_its_finished_rows_for_a_kill_in_a_later_cell(tmp_path, monkeypatch):
    from eightlab.experiments.grid import run_grid

    boards = ["123456708", "123450786", "123405786"]
    partial = tmp_path / "runs.partial.csv"
    grid = dict(goal="123456780", max_nodes=10_000, progress=False, partial=partial)
    monkeypatch.setenv("EIGHTLAB_BATCH", "1")
    run_grid(boards, ["bfs"], [], **grid)
    assert len(partial.read_text().splitlines()) == 1 + len(boards)  # the run removes it
    again = run_grid(boards, ["bfs"], [], **grid)
    assert again.attrs["execution"]["resumed_rows"] == len(boards)
    monkeypatch.setenv("EIGHTLAB_BATCH", "")
    run_grid(boards, ["bfs"], [], **grid)
    assert not partial.exists()  # an interactive grid's complete table: the next starts afresh


def test_finished_rows_survive_a_swap_in_that_does_not_happen(tmp_path, monkeypatch):
    from eightlab.runner import lifecycle

    def run():
        return lifecycle.Run("nb", tmp_path / "nb.ipynb", tmp_path / "results" / "nb", {}, {},
                             context={}, mode="papermill")  # fmt: skip

    first = run()
    (first.start() / "runs.partial.csv").write_text("task,a\nk,1\n")

    def killed(temporary, final):
        raise KeyboardInterrupt  # what SIGKILL leaves, as far as the files go

    monkeypatch.setattr(lifecycle, "swap_in", killed)
    with pytest.raises(KeyboardInterrupt):
        first.finish()
    first.abandon()
    monkeypatch.undo()
    second = run()
    adopted = second.start() / "runs.partial.csv"
    assert adopted.read_text() == "task,a\nk,1\n"
    assert second.finish() == tmp_path / "results" / "nb"
    assert not list((tmp_path / "results").glob("*partial*"))
    assert not list((tmp_path / "results" / "nb").glob("*.partial.csv"))


def test_an_interrupted_cell_says_what_was_kept(tmp_path, monkeypatch):
    """The line a papermill kernel prints when a cell is interrupted (Ctrl-C), without a
    kernel: no row yet, rows kept for the same command, results already in place."""
    import logging
    from types import SimpleNamespace

    from eightlab.runner import lifecycle

    shell = SimpleNamespace(kernel=SimpleNamespace(log=logging.getLogger("a test's kernel")))
    shell.set_custom_exc = lambda kinds, handler: setattr(shell, "handler", handler)
    monkeypatch.setattr(lifecycle, "_kernel_shell", lambda: shell)

    def interrupted(rows: str = "", finish: bool = False) -> str:
        run = lifecycle.Run("nb", tmp_path / "nb.ipynb", tmp_path / "results" / "nb", {}, {},
                            context={}, mode="papermill")  # fmt: skip
        if rows:
            (run.start() / "runs.partial.csv").write_text(rows)
        else:
            run.start()
        if finish:
            run.finish()
        lifecycle._abandon_when_interrupted(run)
        (line,) = shell.handler(shell, KeyboardInterrupt, KeyboardInterrupt(), None)
        return line

    assert interrupted() == "eightlab: interrupted before any row was finished; nothing was kept"
    kept = tmp_path / "results" / "nb.partial"
    assert interrupted("task\nk\n") == (f"eightlab: interrupted; the finished rows are kept in "
                                        f"{kept}, and the same command started again resumes "
                                        "from them")  # fmt: skip
    assert (kept / "runs.partial.csv").read_text() == "task\nk\n"
    assert not list((tmp_path / "results").glob(".tmp-*"))
    folder = tmp_path / "results" / "nb"
    line = interrupted(finish=True)
    assert line == f"eightlab: interrupted; the results are in {folder} all the same"


# --- parameters whose default is None, learned variants ------------------------------------


@pytest.mark.parametrize(
    "notebook, name, text, message",
    [
        ("heuristic_admissibility", "sample_size", "2.5", "'sample_size' of heuristic_admissibility expects an int, not '2.5'"),
        ("01_state_space", "parity_sample", "2.5", "'parity_sample' of 01_state_space expects an int, not '2.5'"),
        ("01_state_space", "parity_sample", "[3]", "'parity_sample' of 01_state_space expects an int"),
        ("learned_heuristic", "variants", "[learned, manhattan]", "'variants' of learned_heuristic: 'manhattan' is not one of learned, learned-shifted"),
    ],
)  # fmt: skip
def test_a_none_default_or_a_learned_variant_is_checked_before_any_kernel(
    tmp_path, capsys, monkeypatch, notebook, name, text, message
):
    _no_kernel(monkeypatch)
    results = tmp_path / "results"
    status = main(["run", "--only", notebook, "-p", name, text, "--notebooks", str(NOTEBOOKS),
                   "--results", str(results)])  # fmt: skip
    error = capsys.readouterr().err
    assert status == 2 and message in error and error.count("\n") == 1, error
    assert not results.exists()


def test_a_none_default_still_takes_none_and_its_type():
    declared = declared_parameters(NOTEBOOKS / "heuristic_admissibility.ipynb")
    assert declared["sample_size"]["type"] == "int"
    sample_size = declared["sample_size"]
    assert check_parameter("heuristic_admissibility", "sample_size", None, sample_size) is None
    assert check_parameter("heuristic_admissibility", "sample_size", 500, sample_size) == 500
    anything = {"type": "NoneType", "default": "None"}
    assert check_parameter("no_spec", "x", None, anything) is None


def test_the_learned_variants_of_the_spec_are_the_registered_ones():
    from eightlab.heuristics.learned.heuristic import VARIANTS
    from eightlab.runner.specs import LEARNED_VARIANTS

    assert LEARNED_VARIANTS == tuple(VARIANTS)


# --- a notebook's first cell under papermill: names, commands, errors ----------------------


def _papermill_namespace(tmp_path, monkeypatch, injected: str) -> tuple[Path, dict]:
    monkeypatch.delenv("EIGHTLAB_RUNNER", raising=False)
    monkeypatch.chdir(tmp_path)
    notebook = tmp_path / "nb.ipynb"
    _write_notebook(notebook, 'output_dir: str = ""  # where\ngoal: str = "123456780"  # g', "")
    namespace = {"In": ["", f"# Parameters\n{injected}"], "output_dir": "", "goal": "123456780"}
    exec(injected, {}, namespace)
    return notebook, namespace


def test_an_unknown_parameter_papermill_only_warns_about_is_refused(tmp_path, monkeypatch):
    from eightlab.runner.lifecycle import begin

    out = tmp_path / "out"
    notebook, namespace = _papermill_namespace(
        tmp_path, monkeypatch, f"nosuch = 3\noutput_dir = {str(out)!r}\n"
    )
    with pytest.raises(EightlabError, match="nb has no parameter 'nosuch'; its parameters: goal"):
        begin("nb", namespace, notebook)
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["nb.ipynb"]


def test_the_recorded_command_keeps_a_leading_zero_with_r(tmp_path, monkeypatch):
    from eightlab.runner.lifecycle import begin

    out = tmp_path / "out"
    notebook, namespace = _papermill_namespace(
        tmp_path, monkeypatch, f"goal = '012345678'\noutput_dir = {str(out)!r}\n"
    )
    run = begin("nb", namespace, notebook)
    try:
        assert run.mode == "papermill" and run.command[3:6] == ["-r", "goal", "012345678"]
    finally:
        run.abandon()
    assert not list(tmp_path.glob(".tmp-*"))


def test_an_eightlab_error_shows_as_one_line_in_ipython():
    from IPython.core.interactiveshell import InteractiveShell

    error = EightlabError("parameter 'x' of nb must be >= 1, not 0")
    assert error._render_traceback_() == [f"EightlabError: {error}"]
    shell = InteractiveShell.instance()
    shown = []
    shell._showtraceback = lambda kind, value, lines: shown.append(lines)
    shell.run_cell("from eightlab.errors import BoardError\nraise BoardError('bad board')")
    assert shown == [["BoardError: bad board"]]


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_parameters_are_read_as_papermill_reads_them(path):
    """declared_parameters reads the cell without importing papermill (JupyterLab's first
    cell stays quick); papermill's inspect_notebook finds the same names, defaults, help."""
    import papermill

    found = papermill.inspect_notebook(str(path))
    declared = declared_parameters(path)
    assert list(declared) == list(found)
    for name, info in found.items():
        assert declared[name]["default"] == info["default"], name
        assert declared[name]["help"] == info["help"], name


def test_an_executed_notebook_keeps_no_machine_path_and_no_widget_ids(tmp_path):
    import json

    from eightlab.runner.html import WIDGET_VIEW
    from eightlab.runner.lifecycle import portable_notebook

    widget = {WIDGET_VIEW: {"model_id": "3f2a9c", "version_major": 2}, "text/plain": ["Play()"]}
    only_widget = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "9e"}}}
    document = {
        "cells": [{"cell_type": "code", "source": "", "metadata": {}, "outputs": [
            {"output_type": "display_data", "data": widget, "metadata": {}}, only_widget]}],
        "metadata": {"widgets": {"state": {"3f2a9c": {}}}, "papermill": {
            "input_path": str(NOTEBOOKS / "01_state_space.ipynb"),
            "output_path": str(tmp_path / "runs" / "out.ipynb")}},
    }  # fmt: skip
    path = tmp_path / "executed.ipynb"
    path.write_text(json.dumps(document))
    portable_notebook(path, tmp_path)
    text = path.read_text()
    assert str(tmp_path) not in text and str(NOTEBOOKS) not in text and "model_id" not in text
    steady = json.loads(text)
    assert steady["metadata"]["papermill"] == {
        "input_path": "notebooks/01_state_space.ipynb",
        "output_path": "runs/out.ipynb",
    }
    assert steady["cells"][0]["outputs"][0]["data"] == {"text/plain": ["Play()"]}
    assert len(steady["cells"][0]["outputs"]) == 1


def test_an_interactive_run_refuses_a_users_folder_and_reuses_its_own(tmp_path, monkeypatch):
    from eightlab.runner.lifecycle import begin

    monkeypatch.delenv("EIGHTLAB_RUNNER", raising=False)
    notebook = tmp_path / "nb.ipynb"
    _write_notebook(notebook, 'output_dir: str = ""  # where\nseed: int = 1  # seed', "")
    monkeypatch.chdir(tmp_path)
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "thesis.txt").write_text("mine\n")
    with pytest.raises(EightlabError, match="thesis.txt") as refused:
        begin("nb", {"output_dir": str(victim), "seed": 2}, notebook)
    assert "\n" not in str(refused.value)
    mine = tmp_path / "mine"
    for _ in range(2):  # a folder it made is its own the next time
        assert begin("nb", {"output_dir": str(mine), "seed": 2}, notebook).mode == "interactive"
        (folders.output_folder("nb", str(mine)) / "runs.csv").write_text("a\n")


def test_an_interactive_run_refuses_a_finished_runs_folder_given_as_output_dir(
    tmp_path, monkeypatch
):
    """JupyterLab (nbclient) with ``output_dir`` a finished run's folder: refused in one
    line, not sent to ``results/NAME--interactive`` in silence (hostile re-test, M1)."""
    from eightlab.runner import lifecycle
    from eightlab.runner.lifecycle import begin

    monkeypatch.delenv("EIGHTLAB_RUNNER", raising=False)
    monkeypatch.setattr(lifecycle, "results_root", lambda: tmp_path / "results")
    notebook = tmp_path / "nb.ipynb"
    _write_notebook(notebook, 'output_dir: str = ""  # where\nseed: int = 1  # seed', "")
    finished = tmp_path / "copied"
    finished.mkdir()
    (finished / "provenance.json").write_text('{"notebook": "nb.ipynb", "files": []}')
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EightlabError, match="holds a finished run") as refused:
        begin("nb", {"output_dir": str(finished), "seed": 2}, notebook)
    assert "\n" not in str(refused.value)
    assert (finished / "provenance.json").exists()
    monkeypatch.chdir(finished)  # an executed copy re-executed where it lies: still allowed
    assert begin("nb", {"output_dir": ".", "seed": 2}, notebook).mode == "interactive"


def test_runs_into_sibling_folders_do_not_refuse_each_other(tmp_path):
    from eightlab.runner.lifecycle import Run, lock_results

    def run(name):
        return Run("nb", tmp_path / "nb.ipynb", tmp_path / "x" / name, {}, {}, mode="papermill")

    a, b, again = run("a"), run("b"), run("a")
    try:
        a.start(), b.start()
        with pytest.raises(EightlabError, match="another eightlab run.*x/a'"):
            again.start()
    finally:
        for each in (a, b, again):
            each.abandon()
    assert list((tmp_path / "x").iterdir()) == []  # the folders they made, empty, are gone
    with lock_results(tmp_path / "x"):  # eightlab run's lock on its results folder, whole
        with pytest.raises(EightlabError, match="another eightlab run"):
            run("c").start()


def test_an_interactive_run_leaves_no_provenance_of_another_run_beside_its_files(
    tmp_path, monkeypatch
):
    from eightlab.runner import lifecycle
    from eightlab.runner.lifecycle import begin

    monkeypatch.delenv("EIGHTLAB_RUNNER", raising=False)
    monkeypatch.setattr(lifecycle, "results_root", lambda: tmp_path / "results")
    notebook = tmp_path / "nb.ipynb"
    _write_notebook(notebook, 'output_dir: str = ""  # where\nseed: int = 1  # seed', "")
    finished = tmp_path / "results" / "nb--interactive"  # a papermill run's, without output_dir
    finished.mkdir(parents=True)
    (finished / "provenance.json").write_text('{"notebook": "nb.ipynb", "files": []}')
    monkeypatch.chdir(tmp_path)
    assert begin("nb", {"output_dir": "", "seed": 2}, notebook).mode == "interactive"
    assert not (finished / "provenance.json").exists()


def test_a_grid_whose_every_run_is_out_of_budget_draws_empty_panels():
    """Log axes without a positive median stay linear: an empty figure, not a crash."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    from eightlab.experiments.grid import run_grid, summary_table
    from eightlab.puzzle.instances import instances_at_depths
    from eightlab.viz import plots

    boards = instances_at_depths([8], 1, seed=1)
    runs = run_grid(boards, ["bfs", "idastar"], ["manhattan"], max_nodes=1, workers=1,
                    progress=False)  # fmt: skip
    assert not (runs["status"] == "solved").any()
    plots.nodes_by_depth(summary_table(runs)).savefig(io.BytesIO(), format="png")


@pytest.mark.parametrize("notebook, name, value", [
    ("compare_algorithms", "algorithms", ["bfs", "bfs"]),
    ("korf100", "instances", [1, 1]),
    ("compare_algorithms", "depths", [4, 2, 4]),
])  # fmt: skip
def test_a_list_parameter_naming_an_item_twice_is_refused(notebook, name, value):
    """Twice the same algorithm once wrote two identical rows per board (hostile re-test, L5)."""
    from eightlab.runner.specs import check_values

    declared = {name: {"default": repr(value), "type": "list"}}
    with pytest.raises(EightlabError, match=f"names {value[-1]!r} twice") as refused:
        check_values(notebook, declared, {name: value})
    assert "\n" not in str(refused.value)
