"""The notebook runner (``eightlab run``) and the two experiment notebooks.

The notebooks run through the runner with tiny parameters into a temporary results
folder; a kernel start costs a few seconds, so each notebook runs once per session
(module-scoped fixtures) and the runner's own behaviour is tested on tiny notebooks.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from nbformat.v4 import new_code_cell, new_notebook
from test_tutorials import committed_notebook

from eightlab.cli import main
from eightlab.errors import EightlabError, UnknownNameError
from eightlab.heuristics import get_heuristic
from eightlab.runner import run as notebooks
from eightlab.runner.parameters import parse_value
from eightlab.runner.plan import discover, folder_name, override_hash, plan_runs
from eightlab.runner.presets import PRESETS
from eightlab.runner.run import run_notebooks
from eightlab.runner.specs import check_parameter
from eightlab.search import ALGORITHMS
from eightlab.search.result import CONVENTIONS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb"))


# --- every committed notebook ------------------------------------------------------------


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_committed_clean(path):
    notebook = committed_notebook(path)  # as git commits it: saving in JupyterLab is fine
    nbformat.validate(notebook)
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    for k, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {k} has outputs"
            assert cell.execution_count is None, f"cell {k} has an execution count"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_declares_output_dir_in_a_parameters_cell(path):
    notebook = nbformat.read(path, as_version=4)
    tagged = [c for c in notebook.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(tagged) == 1
    assert "output_dir" in tagged[0].source


def test_the_experiment_notebooks_exist():
    names = {p.stem for p in ALL_NOTEBOOKS}
    assert {"compare_algorithms", "heuristic_admissibility"} <= names


def test_the_bidirectional_notebook_takes_its_searches_from_the_runners_constant():
    from eightlab.runner.specs import BIDIRECTIONAL_SEARCHES

    cells = nbformat.read(NOTEBOOKS / "bidirectional.ipynb", as_version=4).cells
    code = "\n".join(c.source for c in cells[1:] if c.cell_type == "code"
                     and "parameters" not in c.metadata.get("tags", []))  # fmt: skip
    assert "BIDIRECTIONAL_SEARCHES" in code
    import ast

    listed = [  # a tuple, list or set that names two of them is a second copy of the fact
        node for node in ast.walk(ast.parse(code)) if isinstance(node, ast.Tuple | ast.List | ast.Set)
        and sum(getattr(e, "value", None) in BIDIRECTIONAL_SEARCHES for e in node.elts) > 1
    ]  # fmt: skip
    assert listed == [], [ast.unparse(node) for node in listed]


# --- the runner on tiny notebooks --------------------------------------------------------


def _write_notebook(path: Path, parameters: str, body: str) -> None:
    parameter_cell = new_code_cell(parameters)
    parameter_cell.metadata["tags"] = ["parameters"]
    notebook = new_notebook(cells=[parameter_cell, new_code_cell(body)])
    notebook.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    nbformat.write(notebook, path)


GOOD = """
from pathlib import Path
Path(output_dir, "data.csv").write_text(f"version,seed\\n{version},{seed}\\n")
"""

BAD = """
x = 1
"""


def _tiny_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    params = 'output_dir = "."\nversion = "one"\nseed = 3\n'
    _write_notebook(folder / "second.ipynb", params, GOOD)
    _write_notebook(folder / "01_first.ipynb", 'output_dir = "."\nlimit = 2\n', "y = limit * 2")
    return folder


def test_discover_puts_tutorials_first(tmp_path):
    folder = _tiny_folder(tmp_path)
    _write_notebook(folder / "another.ipynb", 'output_dir = "."', "")
    assert [p.stem for p in discover(folder)] == ["01_first", "another", "second"]


def test_parse_value_reads_like_papermill():
    assert parse_value("3") == 3
    assert parse_value("2.5") == 2.5
    assert parse_value("True") is True
    assert parse_value("None") is None
    assert parse_value("[2, 4, 6]") == [2, 4, 6]
    assert parse_value("[astar, bfs]") == ["astar", "bfs"]
    assert parse_value("uniform") == "uniform"
    assert parse_value("123456780", declared_type="str") == "123456780"
    assert parse_value("123456780") == 123456780


def test_folder_names_keep_researcher_runs_apart():
    assert folder_name("nb", None, {}) == "nb"
    assert folder_name("nb", "textbook", {}) == "nb--textbook"
    custom = folder_name("nb", None, {"seed": 3, "goal": "x"})
    assert custom == f"nb--custom-{override_hash({'goal': 'x', 'seed': 3})}"
    assert len(override_hash({"seed": 3})) == 8
    assert override_hash({"seed": 3}) != override_hash({"seed": 4})


def test_plan_rejects_unknown_names(tmp_path):
    folder = _tiny_folder(tmp_path)
    with pytest.raises(UnknownNameError, match="01_first, second"):
        plan_runs(only=["nope"], notebooks_dir=folder)
    with pytest.raises(UnknownNameError, match="textbook"):
        plan_runs(preset="nope", notebooks_dir=folder)
    with pytest.raises(EightlabError, match="'colour'.*second: version, seed"):
        plan_runs(parameters={"colour": "red"}, notebooks_dir=folder)
    with pytest.raises(EightlabError, match="output_dir"):
        plan_runs(parameters={"output_dir": "/tmp"}, notebooks_dir=folder)


def test_plan_parses_overrides_by_the_declared_type(tmp_path):
    folder = _tiny_folder(tmp_path)
    (plan,) = plan_runs(parameters={"version": "2", "seed": "5"}, notebooks_dir=folder)
    assert plan.name == "second"  # 01_first declares neither: not run
    assert plan.parameters == {"version": "2", "seed": 5, "output_dir": "."}
    assert plan.folder.startswith("second--custom-")


def _registered(parameters: dict) -> bool:
    """Whether every algorithm a preset names exists (iddfs-tree comes with the search branch)."""
    return set(parameters.get("algorithms", [])) <= set(ALGORITHMS)


PLANNABLE = [name for name, (_, parameters) in PRESETS.items() if _registered(parameters)]


def test_textbook_preset_is_the_aima_comparison():
    notebook, parameters = PRESETS["textbook"]
    assert notebook == "compare_algorithms"
    assert parameters["algorithms"] == ["iddfs-tree", "astar"]
    assert parameters["heuristics"] == ["misplaced", "manhattan"]
    assert parameters["depths"] == list(range(2, 25, 2)) and parameters["per_depth"] == 100


@pytest.mark.skipif("textbook" not in PLANNABLE, reason="iddfs-tree is not registered")
def test_preset_selects_its_notebook():
    notebook, parameters = PRESETS["textbook"]
    (plan,) = plan_runs(preset="textbook", notebooks_dir=NOTEBOOKS)
    assert plan.name == notebook == "compare_algorithms"
    assert plan.folder == "compare_algorithms--textbook"
    assert plan.parameters == {**parameters, "output_dir": "."}
    assert set(parameters) <= set(plan.declared)


def test_cli_unknown_parameter_exits_2(tmp_path, capsys):
    status = main(
        ["run", "-p", "no_such_parameter", "1", "--notebooks", str(NOTEBOOKS),
         "--results", str(tmp_path)]
    )  # fmt: skip
    error = capsys.readouterr().err
    assert status == 2
    assert "no_such_parameter" in error and "compare_algorithms:" in error
    assert list(tmp_path.iterdir()) == []


def test_cli_unknown_notebook_and_preset_exit_2(tmp_path, capsys):
    base = ["--notebooks", str(NOTEBOOKS), "--results", str(tmp_path)]
    assert main(["run", "--only", "nope", *base]) == 2
    assert "compare_algorithms" in capsys.readouterr().err
    assert main(["run", "--preset", "nope", *base]) == 2
    assert "textbook" in capsys.readouterr().err


def test_runner_layout_failure_and_swap(tmp_path, capsys):
    folder = _tiny_folder(tmp_path)
    results = tmp_path / "results"
    base = ["--notebooks", str(folder), "--results", str(results)]

    # 1. Both notebooks run, tutorials first; each gets its folder.
    messages = []
    records = run_notebooks(notebooks_dir=folder, results_dir=results, echo=messages.append)
    assert [r.notebook for r in records] == ["01_first", "second"]
    assert all(r.ok for r in records)
    assert "second done in" in messages[1]
    second = results / "second"
    assert {p.name for p in second.iterdir()} == {
        "second.ipynb", "second.html", "data.csv", "provenance.json",
    }  # fmt: skip
    assert (second / "data.csv").read_text() == "version,seed\none,3\n"
    provenance = json.loads((second / "provenance.json").read_text())
    for key in ("notebook", "parameters", "preset", "seed", "versions", "python", "git",
                "machine", "started", "ended", "duration_seconds"):  # fmt: skip
        assert key in provenance
    assert provenance["injected"] == {"output_dir": "."}
    assert provenance["parameters"]["output_dir"] == "."
    assert provenance["parameters"]["seed"] == 3  # the notebook's default, recorded too
    assert provenance["seed"] == 3
    assert set(provenance["versions"]) == {
        "eightlab", "numpy", "pandas", "matplotlib", "networkx", "papermill", "dask",
        "distributed", "numba",
    }  # fmt: skip
    assert provenance["conventions"] == CONVENTIONS
    assert all(provenance["versions"].values())
    assert set(provenance["git"]) == {"commit", "dirty"}
    assert provenance["machine"]["cpu_count"] >= 1
    assert provenance["started"].endswith("+00:00")
    assert provenance["duration_seconds"] > 0
    assert "version" in (second / "second.html").read_text()

    # 2. The notebook breaks: the previous results stay, the failure is named, exit 1,
    #    and the other notebook still runs.
    _write_notebook(
        folder / "second.ipynb",
        'output_dir = "."\nversion = "two"\nseed = 3\n',
        BAD + "\nraise ValueError('boom, version ' + version)",
    )
    capsys.readouterr()
    assert main(["run", *base]) == 1
    error = capsys.readouterr().err
    assert "eightlab: notebook second failed in cell 3: ValueError: boom, version two" in error
    assert (second / "data.csv").read_text() == "version,seed\none,3\n"
    failed = results / "second.failed.ipynb"
    assert "boom" in failed.read_text()
    assert (results / "01_first.previous").is_dir()  # 01_first ran again and was swapped
    assert not list(results.glob(".tmp-*"))

    # 3. Fixed again: the new run is swapped in, the old one kept as .previous.
    _write_notebook(
        folder / "second.ipynb", 'output_dir = "."\nversion = "three"\nseed = 3\n', GOOD
    )
    assert main(["run", "--only", "second", "-p", "seed", "4", *base]) == 0
    custom = results / folder_name("second", None, {"seed": 4})
    assert (custom / "data.csv").read_text() == "version,seed\nthree,4\n"
    assert (second / "data.csv").read_text() == "version,seed\none,3\n"  # untouched
    assert main(["run", "--only", "second", *base]) == 0
    assert (second / "data.csv").read_text() == "version,seed\nthree,3\n"
    assert (results / "second.previous" / "data.csv").read_text() == "version,seed\none,3\n"
    assert not failed.exists()


# --- checks before any kernel starts -----------------------------------------------------

TYPED = """output_dir = "."
count = 3
per_depth = 2
budget = 2.5
label = "x"
items = [1, 2]
names = ["a", "b"]
flag = False
anything = None
"""


@pytest.fixture
def typed_folder(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    _write_notebook(folder / "typed.ipynb", TYPED, "")
    return folder


@pytest.mark.parametrize(
    "name, text, expected",
    [
        ("count", "7", 7),
        ("count", "1_000", 1000),
        ("count", "-2", -2),
        ("budget", "3", 3.0),
        ("budget", "0.5", 0.5),
        ("budget", "1e3", 1000.0),
        ("label", "123", "123"),
        ("label", "[1, 2]", "[1, 2]"),
        ("items", "[4, 8]", [4, 8]),
        ("items", "[]", []),
        ("names", "[astar, 7]", ["astar", 7]),
        ("flag", "true", True),
        ("flag", "False", False),
        ("anything", "abc", "abc"),
        ("anything", "[1]", [1]),
        ("per_depth", "1", 1),
    ],
)
def test_overrides_that_fit_the_declared_type(typed_folder, name, text, expected):
    (plan,) = plan_runs(parameters={name: text}, notebooks_dir=typed_folder)
    assert plan.parameters[name] == expected
    assert type(plan.parameters[name]) is type(expected)


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("count", "abc", "parameter 'count' of typed expects an int, not 'abc'"),
        ("count", "true", "expects an int, not 'true'"),
        ("count", "2.5", "expects an int, not '2.5'"),
        ("count", "[1]", "expects an int"),
        ("count", "None", "expects an int, not 'None'"),
        ("budget", "abc", "parameter 'budget' of typed expects a finite number, not 'abc'"),
        ("budget", "yes", "expects a finite number"),
        ("budget", "inf", "expects a finite number"),
        ("items", "5", "expects a list, not '5'; write it as a YAML list, e.g. -p items \"[5]\""),
        ("items", "4,8", '-p items "[4, 8]"'),
        ("items", "[4, x]", "expects a list of ints, not '[4, x]'"),
        ("items", "[true]", "expects a list of ints"),
        ("names", "nosuch", "expects a list, not 'nosuch'; write it as a YAML list"),
        ("flag", "1", "parameter 'flag' of typed expects true or false, not '1'"),
    ],
)
def test_overrides_that_do_not_fit_are_refused(typed_folder, name, text, message):
    with pytest.raises(EightlabError) as error:
        plan_runs(parameters={name: text}, notebooks_dir=typed_folder)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_python_values_are_checked_too():
    declared = {"type": "int", "default": "3"}
    assert check_parameter("nb", "seed", 4, declared) == 4
    with pytest.raises(EightlabError, match="'seed' of nb expects an int, not True"):
        check_parameter("nb", "seed", True, declared)
    with pytest.raises(EightlabError, match="'depths' of compare_algorithms must not be empty"):
        check_parameter("compare_algorithms", "depths", [], {"type": "list", "default": "[1]"})
    with pytest.raises(EightlabError, match="expects a list, not 'x'"):
        check_parameter("nb", "algorithms", "x", {"type": "list", "default": "['a']"})


def _no_kernel(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a kernel was started")

    monkeypatch.setattr(notebooks, "run_one", refuse)


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("n_instances", "abc", "parameter 'n_instances' of compare_algorithms expects an int, not 'abc'"),
        ("max_seconds", "abc", "parameter 'max_seconds' of compare_algorithms expects a finite number, not 'abc'"),
        ("max_seconds", "-1", "parameter 'max_seconds' of compare_algorithms must be from 0.001 to 86400, not -1.0"),
        ("depths", "5", "parameter 'depths' of compare_algorithms expects a list, not '5'"),
        ("heuristics", "nosuch", "parameter 'heuristics' of compare_algorithms expects a list, not 'nosuch'"),
        ("seed", "abc", "parameter 'seed' of compare_algorithms expects an int, not 'abc'"),
        ("per_depth", "0", "parameter 'per_depth' of compare_algorithms must be from 1 to 1000, not 0"),
        ("n_instances", "0", "parameter 'n_instances' of compare_algorithms must be from 1 to 10000, not 0"),
        ("depths", "[]", "parameter 'depths' of compare_algorithms must not be empty"),
    ],
)  # fmt: skip
def test_cli_bad_values_exit_2_before_any_kernel(
    tmp_path, capsys, monkeypatch, name, value, message
):
    _no_kernel(monkeypatch)
    results = tmp_path / "results"
    status = main(
        ["run", "--only", "compare_algorithms", "-p", name, value,
         "--notebooks", str(NOTEBOOKS), "--results", str(results)]
    )  # fmt: skip
    error = capsys.readouterr().err
    assert status == 2
    assert error.startswith(f"eightlab: error: {message}")
    assert error.count("\n") == 1
    assert not results.exists()


def test_every_preset_fits_its_notebook():
    for preset in PLANNABLE:
        notebook, parameters = PRESETS[preset]
        (plan,) = plan_runs(preset=preset, notebooks_dir=NOTEBOOKS)
        for name, value in parameters.items():
            check_parameter(notebook, name, value, plan.declared[name])


def _run_cli(*args):
    return main(["run", *[str(a) for a in args]])


def test_cli_results_that_cannot_be_used_exit_2(tmp_path, capsys, monkeypatch):
    _no_kernel(monkeypatch)
    folder = _tiny_folder(tmp_path)
    afile = tmp_path / "afile"
    afile.write_text("")
    cases = [
        (afile, f"eightlab: error: results folder '{afile}' exists and is not a folder\n"),
        (afile / "sub", f"eightlab: error: cannot create results folder '{afile / 'sub'}': "
                        "Not a directory\n"),
    ]  # fmt: skip
    if Path("/proc/self").is_dir():  # Linux: the QA tester's case
        cases.append(
            (Path("/proc/nope"), "eightlab: error: cannot create results folder '/proc/nope': ")
        )
    for results, message in cases:
        assert _run_cli("--notebooks", folder, "--results", results) == 2
        error = capsys.readouterr().err
        assert error.startswith(message) and error.count("\n") == 1, error
    assert afile.read_text() == ""


def test_cli_results_not_writable_exit_2(tmp_path, capsys, monkeypatch):
    _no_kernel(monkeypatch)
    folder = _tiny_folder(tmp_path)
    results = tmp_path / "results"

    def denied(*args, **kwargs):  # chmod does not stop root: make the probe fail instead
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(notebooks.tempfile, "mkdtemp", denied)
    assert _run_cli("--notebooks", folder, "--results", results) == 2
    assert capsys.readouterr().err == (
        f"eightlab: error: results folder '{results}' is not writable: Permission denied\n"
    )


def test_cli_notebook_folder_missing_empty_or_a_file_exits_2(tmp_path, capsys, monkeypatch):
    _no_kernel(monkeypatch)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("")
    afile = tmp_path / "afile"
    afile.write_text("")
    results = tmp_path / "results"
    for notebooks_dir, problem in [
        (tmp_path / "missing", "does not exist"),
        (empty, "has no notebooks (*.ipynb)"),
        (afile, "is not a folder"),
    ]:
        assert _run_cli("--notebooks", notebooks_dir, "--results", results) == 2
        error = capsys.readouterr().err
        assert error == f"eightlab: error: notebook folder '{notebooks_dir}' {problem}\n"
    assert not results.exists()


def test_the_kernels_own_stderr_is_passed_on(tmp_path, capfd):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    _write_notebook(
        folder / "talk.ipynb",
        'output_dir = "."',
        'get_ipython().kernel.log.error("kernel log line")',
    )
    (record,) = run_notebooks(
        notebooks_dir=folder, results_dir=tmp_path / "results", progress=False
    )
    assert record.ok, record.error
    assert "kernel log line" in capfd.readouterr().err


def test_ctrl_c_stops_the_run_with_one_line(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    marker = tmp_path / "running"
    _write_notebook(
        folder / "slow.ipynb",
        'output_dir = "."',
        f"import pathlib, time\npathlib.Path({str(marker)!r}).touch()\ntime.sleep(600)",
    )
    results = tmp_path / "results"
    command = [sys.executable, "-m", "eightlab", "run", "--notebooks", str(folder),
               "--results", str(results)]  # fmt: skip
    # its own process group, as in a terminal, where Ctrl-C signals the whole group
    run = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # a hang guard, not a verdict on speed
        while not marker.exists():  # the cell is running
            assert run.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        os.killpg(run.pid, signal.SIGINT)
        _, error = run.communicate(timeout=600)
    finally:
        if run.poll() is None:
            run.kill()
    lines = [line.strip() for line in error.replace("\r", "\n").splitlines()]
    lines = [line for line in lines if line and "notebook/s" not in line]  # tqdm's bar
    assert run.returncode == 130
    assert lines == ["eightlab: interrupted"]
    assert list(results.iterdir()) == []


# --- the experiment notebooks, with tiny parameters --------------------------------------


def _run_experiment(results: Path, name: str, parameters: dict) -> Path:
    """Run ``name`` in the slides style, every figure checked as it is saved."""
    from test_slides_fit import assert_notebook_figures_fit

    args = ["run", "--only", name, "--notebooks", str(NOTEBOOKS), "--results", str(results)]
    for key, value in {**parameters, "figure_style": "slides"}.items():
        args += ["-p", key, value]
    log = results.with_name(results.name + "-slides.jsonl")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EIGHTLAB_CHECK_SLIDES", str(log))
        assert main(args) == 0
    (folder,) = [p for p in results.iterdir() if p.name.startswith(f"{name}--custom-")]
    assert_notebook_figures_fit(log, {p.stem for p in folder.glob("*.png")})
    return folder


COMPARE = {
    "sampling": "depths",
    "depths": "[3, 9, 14]",
    "per_depth": "2",
    "seed": "5",
    "algorithms": "[bfs, bidirectional-bfs, iddfs, astar, idastar, greedy]",
    "heuristics": "[misplaced, manhattan]",
    "max_nodes": "4000",
    "max_seconds": "10",
    "workers": "1",
}


@pytest.fixture(scope="module")
def compare_run(tmp_path_factory):
    return _run_experiment(tmp_path_factory.mktemp("results"), "compare_algorithms", COMPARE)


def test_compare_algorithms_writes_tables_figures_provenance(compare_run):
    names = {p.name for p in compare_run.iterdir()}
    assert {"compare_algorithms.ipynb", "compare_algorithms.html", "provenance.json"} <= names
    assert {"runs.csv", "summary.csv", "by_depth.csv", "iterations.csv"} <= names
    for figure in ("nodes_by_depth", "runtime_by_depth", "branching_factor_by_depth",
                   "memory_by_depth", "paired_expansions"):  # fmt: skip
        assert (compare_run / f"{figure}.png").stat().st_size > 1000
        assert (compare_run / f"{figure}.svg").read_text().lstrip().startswith("<?xml")
    provenance = json.loads((compare_run / "provenance.json").read_text())
    assert provenance["parameters"]["depths"] == [3, 9, 14]
    assert provenance["parameters"]["max_nodes"] == 4000
    assert provenance["seed"] == 5
    assert provenance["execution"]["mode"] == "serial"  # workers 1: no cluster
    assert provenance["execution"]["timing"]
    assert provenance["conventions"]
    assert not list(compare_run.glob("*.partial.csv"))
    assert provenance["command"].startswith("python -m eightlab run --only compare_algorithms")
    # the counts apart from the seconds, so a rerun leaves the counts unchanged
    runs = pd.read_csv(compare_run / "runs.csv")
    timings = pd.read_csv(compare_run / "runs.timings.csv")
    assert "wall_seconds" not in runs and "expanded" in runs
    assert list(timings.columns) == ["row", "wall_seconds", "cpu_seconds"]
    assert timings["row"].tolist() == list(range(len(runs)))
    assert "wall_seconds_median" in pd.read_csv(compare_run / "summary.timings.csv")
    executed = (compare_run / "compare_algorithms.ipynb").read_text()
    assert "start_time" not in executed and ".tmp-" not in executed


def test_compare_algorithms_optimal_searches_find_optimal_lengths(compare_run):
    runs = pd.read_csv(compare_run / "runs.csv", keep_default_na=False, na_values=[""])
    assert len(runs) == 6 * (3 + 3 * 2)  # 6 boards x (3 uninformed + 3 informed x 2 h)
    assert sorted(runs["optimal_length"].unique()) == [3, 9, 14]
    optimal = runs[runs["algorithm"].isin(["bfs", "bidirectional-bfs", "iddfs", "astar",
                                           "idastar"]) & (runs["status"] == "solved")]  # fmt: skip
    assert len(optimal) > 30
    assert (optimal["length"] == optimal["optimal_length"]).all()
    greedy = runs[runs["algorithm"] == "greedy"]
    assert (greedy["length"] >= greedy["optimal_length"]).all()
    # IDDFS ran out of its 4,000 expansions at depth 14 (or before) and was skipped deeper
    iddfs = runs[runs["algorithm"] == "iddfs"].set_index("optimal_length")["status"]
    assert set(iddfs.loc[3]) == {"solved"}
    assert "solved" not in set(iddfs.loc[14])


def test_compare_algorithms_summary_matches_runs(compare_run):
    runs = pd.read_csv(compare_run / "runs.csv", keep_default_na=False, na_values=[""])
    summary = pd.read_csv(compare_run / "summary.csv", keep_default_na=False, na_values=[""])
    row = summary[(summary["algorithm"] == "astar") & (summary["heuristic"] == "manhattan")
                  & (summary["depth"] == 9)].iloc[0]  # fmt: skip
    expanded = runs[(runs["algorithm"] == "astar") & (runs["heuristic"] == "manhattan")
                    & (runs["optimal_length"] == 9)]["expanded"]  # fmt: skip
    assert row["expanded_median"] == expanded.median()
    assert row["runs"] == 2


ADMISSIBILITY = {
    "heuristics": "[misplaced, manhattan, manhattan-with-blank, weighted-manhattan]",
    "sample_size": "5000",
    "seed": "11",
    "astar_instances": "4",
}


@pytest.fixture(scope="module")
def admissibility_run(tmp_path_factory):
    return _run_experiment(
        tmp_path_factory.mktemp("results"), "heuristic_admissibility", ADMISSIBILITY
    )


def test_admissibility_claims(admissibility_run):
    claims = pd.read_csv(admissibility_run / "claims.csv").set_index("heuristic")
    assert list(claims.index) == ["misplaced", "manhattan", "manhattan-with-blank",
                                  "weighted-manhattan"]  # fmt: skip
    for name, row in claims.iterrows():
        assert row["states"] == 181_440
        if get_heuristic(name).admissible:
            assert row["overestimates"] == 0 and row["inconsistent_edges"] == 0
        else:
            assert row["overestimates"] > 0 and row["worst_excess"] > 0
    assert claims["claims_hold"].all()
    for figure in ("overestimates", "h_vs_hstar", "mean_h_by_distance", "astar_tradeoff"):
        assert (admissibility_run / f"{figure}.png").exists()
        assert (admissibility_run / f"{figure}.svg").exists()


def test_admissibility_h_vs_hstar_is_a_sample_of_counts(admissibility_run):
    counts = pd.read_csv(admissibility_run / "h_vs_hstar.csv")
    assert list(counts.columns) == ["heuristic", "h_star", "h", "count"]
    assert (counts.groupby("heuristic")["count"].sum() == 5000).all()
    admissible = counts[counts["heuristic"].isin(["misplaced", "manhattan"])]
    assert (admissible["h"] <= admissible["h_star"]).all()
    weighted = counts[counts["heuristic"] == "weighted-manhattan"]
    assert (weighted["h"] > weighted["h_star"]).any()


def test_admissibility_astar_lengths(admissibility_run):
    astar = pd.read_csv(admissibility_run / "astar_lengths.csv")
    assert len(astar) == 4 * 4
    assert (astar["status"] == "solved").all()
    admissible = astar[astar["heuristic"].isin(["misplaced", "manhattan"])]
    assert (admissible["length"] == admissible["optimal_length"]).all()
    assert (astar["length"] >= astar["optimal_length"]).all()
    assert (astar["extra_moves"] == astar["length"] - astar["optimal_length"]).all()


def test_budgets_also_take_none_for_no_budget():
    declared = {"type": "int", "default": "1_000_000"}
    assert check_parameter("compare_algorithms", "max_nodes", None, declared) is None
    with pytest.raises(EightlabError, match="expects an int, not None"):
        check_parameter("compare_algorithms", "per_depth", None, declared)


def test_papermill_by_hand_takes_what_its_p_passes(tmp_path):
    """``papermill ... -p goal 123456780 -p heuristics "[a, b]"``: an int and a string."""
    import papermill

    out = tmp_path / "out"
    papermill.execute_notebook(
        str(NOTEBOOKS / "heuristic_admissibility.ipynb"),
        str(tmp_path / "executed.ipynb"),
        parameters={
            "output_dir": str(out),
            "goal": 123456780,  # what papermill's -p makes of a board
            "heuristics": "[misplaced, manhattan]",  # and of a list
            "sample_size": 2000,
            "astar_instances": 2,
        },
        kernel_name="python3",
        progress_bar=False,
        cwd=str(tmp_path),
    )
    claims = pd.read_csv(out / "claims.csv")
    assert list(claims["heuristic"]) == ["misplaced", "manhattan"]
    assert (pd.read_csv(out / "h_vs_hstar.csv").groupby("heuristic")["count"].sum() == 2000).all()


# --- a direct papermill run is a full run ------------------------------------------------

PAPERMILL = [sys.executable, "-m", "papermill", "--no-progress-bar", "-k", "python3"]
ADMISSIBILITY_TINY = ["-p", "heuristics", "[misplaced, manhattan]", "-p", "sample_size", "500",
                      "-p", "astar_instances", "2"]  # fmt: skip


def _papermill(tmp_path, name, *args, cwd=None):
    return subprocess.run(
        [*PAPERMILL, str(NOTEBOOKS / f"{name}.ipynb"), str(tmp_path / "executed.ipynb"), *args],
        capture_output=True, text=True, timeout=600, cwd=cwd or tmp_path,
        env={**os.environ, "PYTHONPATH": str(NOTEBOOKS.parent)},
    )  # fmt: skip


def test_a_direct_papermill_run_writes_provenance_and_html(tmp_path):
    """With ``--inject-paths`` the kernel knows papermill's output and copies it, with HTML."""
    out = tmp_path / "results" / "mine"
    run = _papermill(tmp_path, "heuristic_admissibility", "--inject-paths",
                     "-r", "goal", "012345678",
                     "-p", "output_dir", str(out), *ADMISSIBILITY_TINY)  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    names = {p.name for p in out.iterdir()}
    assert {"provenance.json", "heuristic_admissibility.html", "claims.csv"} <= names
    assert {"heuristic_admissibility.ipynb"} <= names
    provenance = json.loads((out / "provenance.json").read_text())
    assert provenance["parameters"]["goal"] == "012345678"  # -r keeps the leading zero
    assert "papermill" in provenance["command"] and "-r goal 012345678" in provenance["command"]
    assert provenance["working_directory"] == str(tmp_path)
    assert provenance["conventions"] and provenance["git"]
    claims = pd.read_csv(out / "claims.csv")
    assert (claims["states"] == 181_440).all()
    assert sorted(p.name for p in out.parent.iterdir()) == ["mine"]  # no temporary left
    html = (out / "heuristic_admissibility.html").read_text()
    assert "Do the heuristics keep their promises?" in html


def test_papermill_takes_a_preset_file_as_it_is(tmp_path):
    """``papermill ... -f presets/textbook.yaml`` runs the textbook preset (here on two
    depths, one board each, so that it is quick) into a finished results folder."""
    notebook, parameters = PRESETS["textbook"]
    out = tmp_path / "results" / "textbook"
    preset = NOTEBOOKS.parent / "presets" / "textbook.yaml"
    run = _papermill(tmp_path, notebook, "-f", str(preset), "-p", "depths", "[2, 4]",
                     "-p", "per_depth", "1", "-p", "output_dir", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    provenance = json.loads((out / "provenance.json").read_text())
    for name in ("algorithms", "heuristics", "max_nodes", "seed", "sampling"):
        assert provenance["parameters"][name] == parameters[name]
    assert provenance["injected"]["depths"] == [2, 4] and provenance["seed"] == 1
    runs = pd.read_csv(out / "runs.csv")
    assert set(runs["algorithm"]) == {"iddfs-tree", "astar"}
    assert sorted(runs["optimal_length"].unique()) == [2, 4]
    assert (out / "runs.timings.csv").exists()
    assert sorted(p.name for p in out.parent.iterdir()) == ["textbook"]


def test_a_second_papermill_writer_is_refused(tmp_path):
    from eightlab.runner.lifecycle import lock_results

    results = tmp_path / "results"
    results.mkdir()
    with lock_results(results):  # as a running eightlab run or papermill run holds it
        run = _papermill(tmp_path, "heuristic_admissibility",
                         "-p", "output_dir", str(results / "mine"), *ADMISSIBILITY_TINY)  # fmt: skip
    assert run.returncode != 0
    assert "another eightlab run is writing into results folder" in run.stderr
    assert list(results.iterdir()) == []


def test_a_direct_papermill_run_checks_its_parameters_in_one_line(tmp_path):
    run = _papermill(tmp_path, "compare_algorithms", "-p", "per_depth", "abc",
                     "-p", "output_dir", str(tmp_path / "out"))  # fmt: skip
    assert run.returncode != 0
    assert "EightlabError: parameter 'per_depth' of compare_algorithms expects an int" in run.stderr
    assert "TypeError" not in run.stderr
    executed = nbformat.read(tmp_path / "executed.ipynb", as_version=4)
    (error,) = [o for c in executed.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert len(error.traceback) == 1  # the one line, no traceback into eightlab
    assert not (tmp_path / "out").exists()


def _makefile_keys() -> str:
    text = (NOTEBOOKS.parent / "Makefile").read_text().replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("NBSTRIPOUT_KEYS :=")]
    return " ".join(line.split(":=", 1)[1].split())


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_saved_by_jupyterlab_reads_as_committed(path):
    """The kernel writes its whole language_info; the Makefile's filter drops all but the name."""
    document = json.loads(path.read_text())
    document["metadata"]["language_info"] = {
        "codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
        "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3", "version": "3.11.7",
    }  # fmt: skip
    for cell in document["cells"]:
        if cell["cell_type"] == "code":
            cell["execution_count"] = 1
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["x\n"]}]
    clean = subprocess.run(
        [sys.executable, "-m", "nbstripout", "--extra-keys", _makefile_keys()],
        input=json.dumps(document, indent=1), capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert nbformat.reads(clean, as_version=4) == committed_notebook(path)


def test_the_editable_install_is_quiet():
    makefile = (NOTEBOOKS.parent / "Makefile").read_text()
    (line,) = [line for line in makefile.splitlines() if "--no-deps -e ." in line]
    assert "PYTHONWARNINGS=ignore" in line and "--quiet" in line


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_the_smudge_filter_opens_a_notebook_as_the_kernel_writes_it(path):
    """The working copy carries the kernel's language_info (JupyterLab opens it unmodified),
    and the clean filter takes it out again: the committed notebook, byte for byte."""
    from ipykernel.ipkernel import IPythonKernel

    from eightlab.runner import gitfilter

    committed = subprocess.run(["git", "show", f":{path.relative_to(NOTEBOOKS.parent)}"],
                               cwd=NOTEBOOKS.parent, capture_output=True, text=True,
                               check=True).stdout  # fmt: skip
    smudged = gitfilter.smudge(committed)
    assert json.loads(smudged)["metadata"]["language_info"] == IPythonKernel.language_info
    clean = subprocess.run(
        [sys.executable, "-m", "nbstripout", "--extra-keys", _makefile_keys()],
        input=smudged, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert clean == committed
    assert gitfilter.smudge("not a notebook {") == "not a notebook {"


def test_every_search_of_the_fifteen_puzzle_tutorial_has_a_time_budget():
    """Tutorial 05's searches on 4x4 boards all take ``max_seconds`` (its A* under
    tracemalloc once ran for minutes past it: hostile re-test, M2)."""
    import ast

    calls = []
    path = Path(__file__).resolve().parents[1] / "notebooks" / "05_fifteen_puzzle.ipynb"
    for cell in committed_notebook(path).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "solve":
                calls.append({k.arg for k in node.keywords})
    assert calls and all("max_seconds" in keywords for keywords in calls)
