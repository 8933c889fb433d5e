"""Results folders: a run replaces only what eightlab wrote, and refuses the rest at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from eightlab.cli import main
from eightlab.errors import EightlabError
from eightlab.experiments.folders import foreign_files, is_results_folder, written_files
from eightlab.runner import run as runner
from eightlab.runner.lifecycle import check_replaceable, swap_in

ROOT = Path(__file__).resolve().parent.parent
TINY = ["-p", "depths", "[2]", "-p", "per_depth", "1", "-p", "algorithms", "[bfs]",
        "-p", "workers", "1"]  # fmt: skip


def _papermill(out: Path, output_dir: str, cwd: Path) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    environment.pop("EIGHTLAB_RUNNER", None)
    command = [sys.executable, "-m", "papermill", str(ROOT / "notebooks/compare_algorithms.ipynb"),
               str(out), "-p", "output_dir", output_dir, *TINY]  # fmt: skip
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=600)  # fmt: skip


def _finished(folder: Path, notebook: str = "nb.ipynb") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "provenance.json").write_text(json.dumps({"notebook": notebook}))
    return folder


def test_two_papermill_runs_into_a_users_folder_keep_its_files(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "thesis.txt").write_text("my thesis draft\n")
    for out in ("out1.ipynb", "out2.ipynb"):
        done = _papermill(tmp_path / out, str(victim), tmp_path)
        assert done.returncode != 0
        assert "holds files eightlab did not write" in done.stderr
    assert (victim / "thesis.txt").read_text() == "my thesis draft\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out1.ipynb", "out2.ipynb", "victim"]
    # refused in the cell that checks the parameters: no search ran
    executed = nbformat.read(tmp_path / "out2.ipynb", as_version=4)
    ran = [c for c in executed.cells if c.cell_type == "code" and c.get("execution_count")]
    assert "begin(" in ran[-1].source


def test_output_dir_dot_from_a_working_folder_is_refused(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "notes.txt").write_text("mine\n")
    done = _papermill(tmp_path / "out.ipynb", ".", work)
    assert done.returncode != 0
    assert "is the working directory or holds it" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.ipynb", "work"]
    assert [p.name for p in work.iterdir()] == ["notes.txt"]


def test_the_working_directory_and_its_parents_are_never_an_output_folder(tmp_path):
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    for folder in (inner, tmp_path / "a", tmp_path):
        with pytest.raises(EightlabError, match="working directory"):
            check_replaceable(folder, inner)


def test_a_new_an_empty_or_a_finished_results_folder_can_be_replaced(tmp_path):
    check_replaceable(tmp_path / "new", tmp_path)
    (tmp_path / "empty").mkdir()
    check_replaceable(tmp_path / "empty", tmp_path)
    check_replaceable(_finished(tmp_path / "done"), tmp_path)
    _finished(tmp_path / "done.previous")
    check_replaceable(tmp_path / "done", tmp_path)


@pytest.mark.parametrize("marker", [None, "{}", "not json", '{"notebook": 1'])
def test_a_folder_without_a_runs_provenance_is_refused_in_one_line(tmp_path, marker):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "data.csv").write_text("a\n")
    if marker is not None:
        (folder / "provenance.json").write_text(marker)
    assert not is_results_folder(folder)
    with pytest.raises(EightlabError) as refused:
        check_replaceable(folder, tmp_path)
    assert "\n" not in str(refused.value) and str(folder) in str(refused.value)


def test_a_previous_folder_eightlab_did_not_write_is_never_removed(tmp_path):
    final = _finished(tmp_path / "results")
    previous = tmp_path / "results.previous"
    previous.mkdir()
    (previous / "thesis.txt").write_text("mine\n")
    with pytest.raises(EightlabError, match="results.previous"):
        check_replaceable(final, tmp_path)
    temporary = _finished(tmp_path / ".tmp-results-x")
    with pytest.raises(EightlabError):
        swap_in(temporary, final)
    assert (previous / "thesis.txt").read_text() == "mine\n"
    assert temporary.is_dir() and is_results_folder(final)


def test_a_users_previous_folder_does_not_block_the_first_run_into_a_new_folder(tmp_path):
    previous = tmp_path / "results.previous"  # the user's own folder of that name
    previous.mkdir()
    (previous / "thesis.txt").write_text("mine\n")
    final = tmp_path / "results"
    check_replaceable(final, tmp_path)  # nothing is replaced: allowed
    swap_in(_finished(tmp_path / ".tmp-results-x"), final)
    assert is_results_folder(final) and (previous / "thesis.txt").read_text() == "mine\n"
    with pytest.raises(EightlabError, match="results.previous"):  # the second run would
        check_replaceable(final, tmp_path)


def test_a_file_added_to_a_finished_folder_or_its_previous_is_never_moved_or_removed(tmp_path):
    final = _finished(tmp_path / "results")
    listed = {"notebook": "nb.ipynb", "files": ["runs.csv", "figures/a.png"]}
    (final / "provenance.json").write_text(json.dumps(listed))
    (final / "runs.csv").write_text("a\n")
    (final / "figures").mkdir()
    (final / "figures" / "a.png").write_text("png\n")
    assert foreign_files(final) == []
    check_replaceable(final, tmp_path)
    (final / "figures" / "mine.txt").write_text("mine\n")
    assert foreign_files(final) == ["figures/mine.txt"]
    with pytest.raises(EightlabError, match="figures/mine.txt"):
        check_replaceable(final, tmp_path)
    (final / "figures" / "mine.txt").unlink()
    previous = tmp_path / "results.previous"
    previous.mkdir()
    (previous / "provenance.json").write_text(json.dumps(listed))
    (previous / "notes.md").write_text("mine\n")
    with pytest.raises(EightlabError, match="notes.md"):
        swap_in(_finished(tmp_path / ".tmp-results-x"), final)
    assert (previous / "notes.md").read_text() == "mine\n"


def test_a_finished_previous_folder_is_replaced_and_an_empty_one_removed(tmp_path):
    final = _finished(tmp_path / "results", "old.ipynb")
    _finished(tmp_path / "results.previous", "oldest.ipynb")
    swap_in(_finished(tmp_path / ".tmp-results-x", "new.ipynb"), final)
    assert json.loads((final / "provenance.json").read_text())["notebook"] == "new.ipynb"
    previous = json.loads((tmp_path / "results.previous" / "provenance.json").read_text())
    assert previous["notebook"] == "old.ipynb"
    empty = tmp_path / "empty"
    empty.mkdir()
    swap_in(_finished(tmp_path / ".tmp-empty-x"), empty)
    assert is_results_folder(empty) and not (tmp_path / "empty.previous").exists()


def test_eightlab_run_refuses_a_users_folder_in_its_results_before_any_kernel(
    tmp_path, capsys, monkeypatch
):
    def refuse(*args, **kwargs):
        raise AssertionError("a kernel was started")

    monkeypatch.setattr(runner, "run_one", refuse)
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    cell = new_code_cell('output_dir = "."')
    cell.metadata["tags"] = ["parameters"]
    notebook = new_notebook(cells=[cell])
    notebook.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                       "name": "python3"}  # fmt: skip
    nbformat.write(notebook, notebooks / "nb.ipynb")
    results = tmp_path / "results"
    (results / "nb").mkdir(parents=True)
    (results / "nb" / "thesis.txt").write_text("mine\n")
    status = main(["run", "--notebooks", str(notebooks), "--results", str(results)])
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1
    assert "holds files eightlab did not write" in error
    assert (results / "nb" / "thesis.txt").read_text() == "mine\n"


# --- output folders that cannot be written -------------------------------------------------


def _not_writable(monkeypatch, folder: Path):
    access = os.access

    def fake(path, mode, *args, **kwargs):
        if Path(path).resolve() == folder.resolve() and mode & os.W_OK:
            return False  # what a user who is not root sees after chmod a-w
        return access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", fake)


def test_a_folder_that_is_not_writable_is_refused_before_the_run(tmp_path, monkeypatch):
    folder = _finished(tmp_path / "done")
    _not_writable(monkeypatch, folder)
    with pytest.raises(EightlabError, match="is not writable, and a run replaces it"):
        check_replaceable(folder, tmp_path)


def test_a_folder_on_a_read_only_file_system_is_refused_without_chmod_advice(tmp_path, monkeypatch):
    """chmod cannot make a read-only mount writable (hostile re-test, L7)."""
    folder = _finished(tmp_path / "done")
    _not_writable(monkeypatch, folder)
    statvfs = os.statvfs

    class ReadOnly:
        def __init__(self, real):
            self.real = real
            self.f_flag = real.f_flag | os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", lambda path: ReadOnly(statvfs(path)))
    with pytest.raises(EightlabError, match="read-only file system") as refused:
        check_replaceable(folder, tmp_path)
    assert "chmod" not in str(refused.value)


def test_an_output_folder_that_cannot_be_made_is_one_line(tmp_path):
    from eightlab.experiments.folders import output_folder

    (tmp_path / "file").write_text("")
    with pytest.raises(EightlabError) as refused:
        output_folder("nb", str(tmp_path / "file" / "out"))
    assert "cannot write into output folder" in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_tutorial_run_by_papermill_into_an_impossible_folder_fails_in_one_line(tmp_path):
    (tmp_path / "file").write_text("")
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "papermill", "--no-progress-bar",
               str(ROOT / "notebooks/01_state_space.ipynb"), str(tmp_path / "out.ipynb"),
               "-p", "output_dir", str(tmp_path / "file" / "out")]  # fmt: skip
    done = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=600)  # fmt: skip
    assert done.returncode != 0
    line = f"EightlabError: results folder {str(tmp_path / 'file')!r} exists and is not a folder"
    assert line in done.stderr
    executed = nbformat.read(tmp_path / "out.ipynb", as_version=4)
    (error,) = [o for c in executed.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert error.traceback == [line]  # the one line, no frames, in the cell after the parameters
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "out.ipynb"]


def test_papermill_runs_into_a_new_folder_say_where_and_replace_only_their_own(tmp_path):
    out = tmp_path / "out"
    for name in ("one.ipynb", "two.ipynb"):
        done = _papermill(tmp_path / name, str(out), tmp_path)
        assert done.returncode == 0, done.stderr[-2000:]
        assert f"eightlab: results in {out} (provenance.json" in done.stderr
    assert is_results_folder(out) and is_results_folder(tmp_path / "out.previous")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "one.ipynb", "out", "out.previous", "two.ipynb",
    ]  # fmt: skip
    # a file of the user's put into a finished folder: the next run refuses to move it
    assert "compare_algorithms.html" not in done.stderr  # named only when written
    (out / "notes.md").write_text("mine\n")
    done = _papermill(tmp_path / "three.ipynb", str(out), tmp_path)
    assert done.returncode != 0 and "'notes.md'" in done.stderr
    assert (out / "notes.md").read_text() == "mine\n"


def test_every_committed_results_folder_lists_exactly_its_files():
    folders = sorted(p.parent for p in (ROOT / "results").glob("*/provenance.json"))
    assert folders
    for folder in folders:
        listed = json.loads((folder / "provenance.json").read_text()).get("files")
        assert list(listed) == [f for f in written_files(folder) if f != "provenance.json"], folder


def test_a_file_added_after_a_run_recorded_without_its_list_is_foreign(tmp_path):
    final = tmp_path / "results"
    final.mkdir()
    (final / "runs.csv").write_text("a\n")
    os.utime(final / "runs.csv", ns=(1, 1))
    _finished(final)
    assert foreign_files(final) == []
    (final / "my_notes.txt").write_text("mine\n")
    os.utime(final / "my_notes.txt", ns=(2 * 10**18, 2 * 10**18))
    assert foreign_files(final) == ["my_notes.txt"]
    with pytest.raises(EightlabError, match="my_notes.txt"):
        check_replaceable(final, tmp_path)
