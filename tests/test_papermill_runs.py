"""Every notebook is a full run under plain papermill: checked, locked, swapped in, cleaned up.

Each papermill call starts a kernel (several seconds), so the runs are few and tiny; the
waits below only guard against a hang, no verdict depends on how fast the machine is.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from eightlab.runner.lifecycle import TEMPORARY_MARK, temporary_of

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PAPERMILL = [sys.executable, "-m", "papermill", "--no-progress-bar", "-k", "python3"]
GUARD = 600  # seconds: only a hang takes this long


def _papermill(notebook: Path, out: Path, *args, wait=True):
    command = [*PAPERMILL, str(notebook), str(out), *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("EIGHTLAB_RUNNER", None)
    if not wait:
        return subprocess.Popen(command, cwd=out.parent, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    return subprocess.run(command, cwd=out.parent, env=env, text=True, capture_output=True,
                          timeout=GUARD)  # fmt: skip


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + GUARD
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.2)


# --- every notebook begins after its parameters and finishes last -------------------------


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_notebook_begins_after_its_parameters_and_finishes_last(path):
    cells = nbformat.read(path, as_version=4).cells
    index = next(i for i, c in enumerate(cells) if "parameters" in c.metadata.get("tags", []))
    begin = cells[index + 1].source
    call = f'eightlab.runner.lifecycle.begin("{path.stem}", globals())'
    assert call in begin, f"the cell after the parameters must call {call}"
    name = begin.split(call)[0].split("\n")[-1].removesuffix(" = ").strip()
    assert name.isidentifier()
    assert cells[-1].cell_type == "code" and cells[-1].source.startswith(f"{name}.finish()")
    # no later cell takes the name (03b and 04 have a `run` of their own)
    later = "\n".join(c.source for c in cells[index + 2 : -1] if c.cell_type == "code")
    assert f"{name} =" not in later and f"for {name} " not in later


# --- a direct papermill run refuses what does not fit, before any folder -------------------


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("korf24", ["-p", "heuristic", "learned"], "learned is defined on 2x4, 2x5"),
        ("compare_algorithms", ["-p", "nosuch", "3"], "has no parameter 'nosuch'; its parameters"),
        ("compare_algorithms", ["-p", "goal", "012345678"], "give the board as text with "
         "papermill's -r: -r goal 012345678"),  # the board as typed, not papermill's int
        ("compare_algorithms", ["-r", "goal", "123804765", "-p", "depths", "[31]"],
         "no board is 31 moves from the goal 123804765; its distances run from 0 to 30"),
        ("bidirectional", ["-p", "depths", "[0]"], "'depths' of bidirectional must be from 1"),
        ("03b_idastar_search_trees", ["-r", "tree_start", "123804765"],
         "are the same board 123804765"),
    ],
    ids=["korf24-learned", "unknown", "goal-as-number", "depth-past-the-goal", "depth-0",
         "tree-start-is-goal"],
)  # fmt: skip
def test_a_direct_run_refuses_at_once_in_one_line(tmp_path, name, args, message):
    out = tmp_path / "out"
    done = _papermill(NOTEBOOKS / f"{name}.ipynb", tmp_path / "executed.ipynb",
                      "-p", "output_dir", str(out), *args)  # fmt: skip
    assert done.returncode != 0 and message in done.stderr, done.stderr[-2000:]
    executed = nbformat.read(tmp_path / "executed.ipynb", as_version=4)
    (error,) = [o for c in executed.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert len(error.traceback) == 1 and message in error.traceback[0]
    ran = [c for c in executed.cells if c.cell_type == "code" and c.get("execution_count")]
    assert "lifecycle.begin(" in ran[-1].source  # refused in the cell after the parameters
    assert sorted(p.name for p in tmp_path.iterdir()) == ["executed.ipynb"]


# --- a direct papermill run is a full run -----------------------------------------------------


TINY = {
    "bidirectional": ["-p", "depths", "[2]", "-p", "per_depth", "1", "-p", "heuristics",
                      "[zero, manhattan]", "-p", "algorithms", "[bfs, mm]", "-p",
                      "korf_instances", "[]", "-p", "grid_depth", "4"],
    "korf24": ["-p", "heuristic", "manhattan", "-p", "instances", "[1]", "-p", "max_nodes",
               "2000", "-p", "total_seconds", "3600"],  # a node budget: the same run on any machine
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(TINY))
def test_an_experiment_run_by_papermill_is_swapped_in_with_provenance(tmp_path, name, monkeypatch):
    from test_slides_fit import assert_notebook_figures_fit

    out = tmp_path / "results" / name
    (tmp_path / "runs").mkdir()
    executed = tmp_path / "runs" / "executed.ipynb"
    monkeypatch.setenv("EIGHTLAB_CHECK_SLIDES", str(tmp_path / "slides.jsonl"))  # slides fit
    done = _papermill(NOTEBOOKS / f"{name}.ipynb", executed, "--inject-paths",
                      "-p", "output_dir", str(out), "-p", "figure_style", "slides",
                      *TINY[name])  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert_notebook_figures_fit(tmp_path / "slides.jsonl", {p.stem for p in out.glob("*.png")})
    provenance = json.loads((out / "provenance.json").read_text())
    assert provenance["notebook"] == f"{name}.ipynb" and "runs.csv" in provenance["files"]
    assert {f"{name}.html", f"{name}.ipynb", "runs.csv"} <= {p.name for p in out.iterdir()}
    assert sorted(p.name for p in out.parent.iterdir()) == [name]  # nothing temporary left
    copy = json.loads((out / f"{name}.ipynb").read_text())
    assert copy["metadata"]["papermill"]["input_path"] == f"notebooks/{name}.ipynb"
    assert copy["metadata"]["papermill"]["output_path"] == "executed.ipynb"
    assert "widgets" not in copy["metadata"]
    assert "KeyboardInterrupt" not in done.stderr


# --- two runs into one folder; papermill killed ---------------------------------------------

HELD = """
import pathlib, time
pathlib.Path(READY).write_text("started")
while not pathlib.Path(GO).exists():
    time.sleep(0.2)
"""


def _tiny(path: Path, body: str) -> Path:
    """A notebook ``path`` (named by its stem) that begins its run, runs ``body`` in one
    cell and finishes, as every notebook of notebooks/ does."""
    parameters = new_code_cell('output_dir: str = ""  # where')
    parameters.metadata["tags"] = ["parameters"]
    call = f"begin({path.stem!r}, globals(), {str(path)!r})"
    begin = f"import eightlab.runner.lifecycle\nnotebook_run = eightlab.runner.lifecycle.{call}"
    cells = [parameters, new_code_cell(begin), new_code_cell(body),
             new_code_cell("notebook_run.finish()")]  # fmt: skip
    notebook = new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                       "name": "python3"}  # fmt: skip
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def held(tmp_path):
    """A notebook that begins its run, then waits for the file GO."""
    body = f"READY, GO = {str(tmp_path / 'ready')!r}, {str(tmp_path / 'go')!r}\n{HELD}"
    return _tiny(tmp_path / "held.ipynb", body)


def test_a_second_run_into_the_same_folder_is_refused_in_one_line(tmp_path, held):
    out = tmp_path / "results" / "mine"
    first = _papermill(held, tmp_path / "first.ipynb", "-p", "output_dir", str(out), wait=False)
    try:
        _wait_for(lambda: (tmp_path / "ready").exists() or first.poll() is not None, "begin")
        second = _papermill(held, tmp_path / "second.ipynb", "-p", "output_dir", str(out))
        assert second.returncode != 0
        assert "another eightlab run is writing into results folder" in second.stderr
        (tmp_path / "go").write_text("")
        first.wait(timeout=GUARD)
        assert first.returncode == 0, first.stderr.read()[-2000:]
    finally:
        first.kill()
        first.wait()
    assert (out / "provenance.json").exists()
    assert sorted(p.name for p in out.parent.iterdir()) == ["mine"]


def test_papermill_killed_by_sigterm_leaves_no_temporary_folder(tmp_path, held):
    out = tmp_path / "results" / "mine"
    run = _papermill(held, tmp_path / "first.ipynb", "-p", "output_dir", str(out), wait=False)
    try:
        _wait_for(lambda: (tmp_path / "ready").exists() or run.poll() is not None, "begin")
        (temporary,) = [p for p in out.parent.iterdir() if temporary_of(p) == "mine"]
        assert (temporary / TEMPORARY_MARK).exists()
        run.send_signal(signal.SIGTERM)
        run.wait(timeout=GUARD)
        # the orphaned kernel notices within a second or so, then removes its folder
        _wait_for(lambda: not temporary.exists(), "the kernel to remove its temporary folder")
    finally:
        run.kill()
        run.wait()
    assert list(out.parent.iterdir()) == []


def test_papermill_without_parameters_is_a_full_run(tmp_path):
    path, out = tmp_path / "plain.ipynb", tmp_path / "results" / "plain"
    parameters = new_code_cell(f"output_dir: str = {str(out)!r}  # where")
    parameters.metadata["tags"] = ["parameters"]
    begin = "import eightlab.runner.lifecycle\n"
    begin += f'notebook_run = eightlab.runner.lifecycle.begin("plain", globals(), {str(path)!r})'
    cells = [parameters, new_code_cell(begin), new_code_cell('open("runs.csv", "w").write("a")'),
             new_code_cell("notebook_run.finish()")]  # fmt: skip
    notebook = new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                       "name": "python3"}  # fmt: skip
    nbformat.write(notebook, path)
    done = _papermill(path, tmp_path / "executed.ipynb")  # no -p: papermill injects no cell
    assert done.returncode == 0, done.stderr[-2000:]
    provenance = json.loads((out / "provenance.json").read_text())
    assert sorted(provenance["files"]) == ["plain.html", "plain.ipynb", "runs.csv"]
    assert provenance["files"]["runs.csv"] == hashlib.sha256(b"a").hexdigest()
    assert provenance["injected"] == {} and "executed.ipynb" in provenance["command"]
    assert sorted(p.name for p in out.parent.iterdir()) == ["plain"]


# --- the end of a run: papermill's shutdown, Ctrl-C, -p output_dir . ---------------------------

SLOW_REPLY = """
import time
kernel = get_ipython().kernel
reply = kernel.shell_handlers["kernel_info_request"]

async def slow_reply(*args):  # a busy machine leaves the kernel in the request
    await reply(*args)
    for _ in range(600):
        time.sleep(0.1)

kernel.shell_handlers["kernel_info_request"] = slow_reply
"""


def test_a_finished_run_is_not_interrupted_by_papermills_shutdown(tmp_path):
    """After the last cell papermill asks for the kernel's info, and jupyter_client
    interrupts the kernel (SIGINT) as it shuts it down; a SIGINT that found the kernel
    still in that request was logged as ``KeyboardInterrupt caught in kernel`` after a
    successful run. Here the kernel stays in the request until it is killed: the line
    was there on every run before the fix."""
    path = _tiny(tmp_path / "slow.ipynb", SLOW_REPLY)
    out = tmp_path / "out"
    done = _papermill(path, tmp_path / "executed.ipynb", "-p", "output_dir", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"eightlab: results in {out}" in done.stderr
    assert "KeyboardInterrupt" not in done.stderr, done.stderr[-2000:]


INTERRUPTED = """
import os, pathlib, time
table = pathlib.Path("runs.partial.csv")  # a grid's finished rows, adopted on a rerun
pathlib.Path("resumed.csv").write_text(table.read_text() if table.exists() else "")
if not table.exists():
    table.write_text("task,moves\\nk,3\\n")
    pathlib.Path(READY).write_text(str(os.getpid()))
    while True:
        time.sleep(0.2)
"""


def test_an_interrupted_run_says_where_its_rows_are_and_the_same_command_resumes(tmp_path):
    """papermill stopped by Ctrl-C interrupts its kernel (SIGINT) before shutting it
    down; the kernel is sent that SIGINT here, so that nothing hangs on how fast it then
    answers. Before, the kernel said nothing (and papermill only its own traceback)."""
    ready = tmp_path / "ready"
    path = _tiny(tmp_path / "grid.ipynb", f"READY = {str(ready)!r}\n{INTERRUPTED}")
    out = tmp_path / "results" / "mine"
    command = (path, tmp_path / "executed.ipynb", "-p", "output_dir", str(out))
    run = _papermill(*command, wait=False)
    try:
        _wait_for(lambda: ready.exists() and ready.read_text() or run.poll() is not None,
                  "the first row")  # fmt: skip
        os.kill(int(ready.read_text()), signal.SIGINT)
        _, stderr = run.communicate(timeout=GUARD)
    finally:
        run.kill()
        run.wait()
    kept = out.with_name("mine.partial")
    line = (f"eightlab: interrupted; the finished rows are kept in {kept}, and the same "
            "command started again resumes from them")  # fmt: skip
    assert run.returncode != 0 and line in stderr.splitlines(), stderr[-2000:]
    assert (kept / "runs.partial.csv").read_text() == "task,moves\nk,3\n"
    assert sorted(p.name for p in out.parent.iterdir()) == ["mine.partial"]
    done = _papermill(*command)  # the same command
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "resumed.csv").read_text() == "task,moves\nk,3\n"
    assert sorted(p.name for p in out.parent.iterdir()) == ["mine"]


def test_output_dir_dot_suggests_a_folder_the_same_run_then_takes(tmp_path):
    """Inside the checkout the suggestion was results, which holds the checkout's results
    and is refused as well; the working folder here has such a results/."""
    work = tmp_path / "work"
    (work / "results" / "compare_algorithms").mkdir(parents=True)
    (work / "results" / "compare_algorithms" / "runs.csv").write_text("a\n")
    path = _tiny(tmp_path / "plain.ipynb", 'open("runs.csv", "w").write("a")')
    done = _papermill(path, work / "one.ipynb", "-p", "output_dir", ".")
    assert done.returncode != 0 and "is the working directory or holds it" in done.stderr
    suggestion = re.search(r"e\.g\. -p output_dir (\S+)", done.stderr).group(1)
    done = _papermill(path, work / "two.ipynb", "-p", "output_dir", suggestion)
    assert done.returncode == 0, done.stderr[-2000:]
    provenance = json.loads((work / suggestion / "provenance.json").read_text())
    assert provenance["notebook"] == "plain.ipynb"
