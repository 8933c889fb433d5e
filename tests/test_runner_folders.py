"""What a rerun may replace: the files eightlab wrote, unchanged, and nothing else.

No kernel here: a :class:`~eightlab.runner.lifecycle.Run` is started and finished in this
process, as a notebook's first and last cells do.
"""

from __future__ import annotations

import json
import os
import re
import socket
from pathlib import Path

import pytest

from eightlab.errors import EightlabError
from eightlab.experiments.folders import foreign_files, written_files
from eightlab.runner.lifecycle import Run, check_replaceable, swap_in
from eightlab.runner.plan import plan_runs
from eightlab.runner.specs import check_parameter

ROOT = Path(__file__).resolve().parent.parent


def _run(folder: Path, tables: dict[str, str]) -> Run:
    """A finished run of the notebook ``nb`` that wrote ``tables`` into ``folder``."""
    run = Run("nb", folder.parent / "nb.ipynb", folder, {}, {}, context={}, mode="papermill")
    temporary = run.start()
    for name, text in tables.items():
        (temporary / name).write_text(text)
    assert run.finish() == folder
    return run


# --- a file eightlab wrote and the user edited -----------------------------------------------


def test_a_rerun_refuses_a_folder_whose_written_file_the_user_edited(tmp_path):
    """Failed before the digests: provenance listed names only, and the rerun moved the
    edited summary.csv to .previous (removed by the run after)."""
    folder = tmp_path / "results" / "nb"
    _run(folder, {"summary.csv": "a\n1\n", "runs.csv": "b\n2\n"})
    files = json.loads((folder / "provenance.json").read_text())["files"]
    assert sorted(files) == ["runs.csv", "summary.csv"]
    assert all(len(digest) == 64 for digest in files.values())  # SHA-256, in hex
    _run(folder, {"summary.csv": "a\n1\n"})  # unchanged: replaced
    (folder / "summary.csv").write_text("a\n1\nmy own row\n")
    with pytest.raises(EightlabError) as refused:
        _run(folder, {"summary.csv": "a\n1\n"})
    message = str(refused.value)
    assert "\n" not in message and "'summary.csv', changed since eightlab wrote it" in message
    assert "move it away" in message
    assert (folder / "summary.csv").read_text() == "a\n1\nmy own row\n"
    assert sorted(p.name for p in folder.parent.iterdir()) == ["nb", "nb.previous"]


def test_a_previous_folder_with_an_edited_file_is_never_removed(tmp_path):
    folder = tmp_path / "results" / "nb"
    _run(folder, {"runs.csv": "a\n"})
    _run(folder, {"runs.csv": "b\n"})
    (folder.with_name("nb.previous") / "runs.csv").write_text("edited\n")
    with pytest.raises(EightlabError, match=r"nb.previous' holds 'runs.csv', changed since"):
        check_replaceable(folder, tmp_path)
    assert (folder.with_name("nb.previous") / "runs.csv").read_text() == "edited\n"


def test_a_committed_folder_listing_names_only_keeps_todays_rule(tmp_path):
    folder = tmp_path / "done"
    folder.mkdir()
    (folder / "runs.csv").write_text("a\n")
    listed = {"notebook": "nb.ipynb", "files": ["runs.csv"]}
    (folder / "provenance.json").write_text(json.dumps(listed))
    (folder / "runs.csv").write_text("a\nchanged by a checkout\n")
    assert foreign_files(folder) == []
    check_replaceable(folder, tmp_path)


# --- entries that are no regular file ---------------------------------------------------------


def _make(kind: str, path: Path) -> None:
    if kind == "link":
        (path.parent.parent / "target.txt").write_text("mine\n")
        path.symlink_to(path.parent.parent / "target.txt")
    elif kind == "dangling link":
        path.symlink_to(path.parent / "nowhere")
    elif kind == "link to a folder":
        (path.parent.parent / "elsewhere").mkdir()
        path.symlink_to(path.parent.parent / "elsewhere")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        here = os.getcwd()
        os.chdir(path.parent)  # a socket's path is at most 107 bytes
        try:
            with socket.socket(socket.AF_UNIX) as server:
                server.bind(path.name)
        finally:
            os.chdir(here)
    else:
        path.mkdir()


KINDS = ["link", "dangling link", "link to a folder", "fifo", "socket", "empty folder"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_folder_holding_only_a_link_fifo_socket_or_folder_is_not_empty(tmp_path, kind):
    """Failed before: only regular files counted, so the folder was taken as empty,
    renamed to .previous and removed by the next run with what it held."""
    folder = tmp_path / "out"
    folder.mkdir()
    _make(kind, folder / "mine")
    shown = "mine/" if kind == "empty folder" else "mine"
    assert written_files(folder) == foreign_files(folder) == [shown]
    with pytest.raises(EightlabError, match=f"holds files eightlab did not write \\('{shown}'"):
        check_replaceable(folder, tmp_path)
    temporary = tmp_path / ".tmp-out-x"
    temporary.mkdir()
    (temporary / "provenance.json").write_text('{"notebook": "nb.ipynb"}')
    with pytest.raises(EightlabError):
        swap_in(temporary, folder)
    assert os.path.lexists(folder / "mine")


@pytest.mark.parametrize("kind", KINDS)
def test_an_entry_added_to_a_finished_folder_is_the_users(tmp_path, kind):
    folder = tmp_path / "results" / "nb"
    _run(folder, {"runs.csv": "a\n"})
    _make(kind, folder / "mine")
    with pytest.raises(EightlabError, match="holds files eightlab did not write"):
        _run(folder, {"runs.csv": "a\n"})
    assert os.path.lexists(folder / "mine")


def test_a_listed_file_replaced_by_a_link_is_the_users(tmp_path):
    folder = tmp_path / "results" / "nb"
    _run(folder, {"runs.csv": "a\n"})
    (tmp_path / "mine.csv").write_text("a\n")  # the same bytes, through a link
    (folder / "runs.csv").unlink()
    (folder / "runs.csv").symlink_to(tmp_path / "mine.csv")
    with pytest.raises(EightlabError, match="'runs.csv', changed since eightlab wrote it"):
        check_replaceable(folder, tmp_path)


# --- -p output_dir . suggests a folder that works ----------------------------------------------


def _suggested(folder: Path, here: Path) -> str:
    with pytest.raises(EightlabError) as refused:
        check_replaceable(folder, here)
    return re.search(r"-p output_dir (\S+)$", str(refused.value)).group(1)


def test_output_dir_dot_in_the_checkout_suggests_a_folder_the_run_takes():
    """Failed before: the suggestion was results, which the checkout's results/ refuses."""
    for here in (ROOT, ROOT / "notebooks"):
        suggestion = _suggested(here, here)
        check_replaceable(here / suggestion, here)  # raises if refused


def test_output_dir_dot_suggests_results_then_a_name_not_taken(tmp_path):
    assert _suggested(tmp_path, tmp_path) == "results"
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "thesis.txt").write_text("mine\n")
    (tmp_path / "results-2").write_text("a file\n")
    assert _suggested(tmp_path, tmp_path) == "results-3"
    here = tmp_path / "results"  # the output folder holds it: the name is one in here
    assert _suggested(tmp_path, here) == "results"
    check_replaceable(here / "results", here)


# --- an int parameter given as a whole float -------------------------------------------------------


@pytest.mark.parametrize("text", ["1e6", "1000000.0", "1E6"])
def test_an_int_parameter_takes_a_whole_float_as_its_int(text):
    """Failed before: -p max_nodes 1e6 (papermill's float 1000000.0) was refused."""
    (plan,) = plan_runs(["compare_algorithms"], {"max_nodes": text}, None, ROOT / "notebooks")
    assert plan.parameters["max_nodes"] == 1_000_000
    assert type(plan.parameters["max_nodes"]) is int
    declared = {"type": "int", "default": "None"}
    value = check_parameter("compare_algorithms", "max_nodes", float(text), declared)
    assert value == 1_000_000 and type(value) is int


@pytest.mark.parametrize("value", [2.5, float("inf"), float("nan")])
def test_an_int_parameter_refuses_a_fraction_in_one_line(value):
    declared = {"type": "int", "default": "None"}
    with pytest.raises(EightlabError) as refused:
        check_parameter("compare_algorithms", "max_nodes", value, declared)
    message = str(refused.value)
    assert "'max_nodes' of compare_algorithms expects an int" in message and "\n" not in message
