"""A tutorial run and saved in JupyterLab does not show in ``git status``; ``make lab`` is quick.

A tiny notebook is committed in a temporary git repository whose filter is configured by
the Makefile's own ``git-filters`` target, executed with nbclient into the working copy
(outputs, execution counts, the kernel's ``language_info``, widget state, collapsed
outputs, as JupyterLab saves it), and given to the post-save hook ``make lab`` installs
(:mod:`eightlab.runner.gitfilter`).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from traitlets.utils.importstring import import_item

from eightlab.runner import gitfilter

ROOT = Path(__file__).resolve().parents[1]
MAKEFILE = ROOT / "Makefile"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=repo, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def _make(repo: Path, target: str, *flags: str) -> subprocess.CompletedProcess:
    venv = Path(sys.prefix)
    return subprocess.run(
        ["make", "-f", str(MAKEFILE), f"VENV={venv}", "-o", f"{venv}/.installed", *flags, target],
        cwd=repo, capture_output=True, text=True, check=True,
    )  # fmt: skip


@pytest.fixture
def repo(tmp_path) -> Path:
    """A clone, as it were: one committed tutorial, ``notebooks/tiny.ipynb``, checked out
    before ``make git-filters`` configured the project's filter."""
    if shutil.which("git") is None or shutil.which("make") is None:
        pytest.skip("needs git and make")
    repo = tmp_path / "repo"
    (repo / "notebooks").mkdir(parents=True)
    _git(repo, "init", "-q")
    shutil.copy(ROOT / ".gitattributes", repo / ".gitattributes")
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}  # fmt: skip
    notebook.metadata["language_info"] = {"name": "python"}  # as the tutorials are committed
    notebook.cells = [nbformat.v4.new_markdown_cell("# Tiny"), nbformat.v4.new_code_cell("print(6 * 7)")]  # fmt: skip
    nbformat.write(notebook, repo / "notebooks" / "tiny.ipynb")
    clean = f"filter.nbstripout.clean={sys.executable} -m nbstripout"  # committed clean
    _git(repo, "-c", clean, "add", ".")
    _git(repo, "commit", "-q", "-m", "tiny")
    _make(repo, "git-filters")
    assert _git(repo, "status", "--porcelain") == ""
    return repo


def _run_and_save(path: Path) -> None:
    """Execute the notebook with nbclient and write it back, as JupyterLab saves it."""
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, kernel_name="python3", timeout=300).execute()
    for cell in notebook.cells:  # a collapsed output, as JupyterLab records it
        cell.metadata["jupyter"] = {"outputs_hidden": True}
    state = {"state": {}, "version_major": 2, "version_minor": 0}  # an explorer's widgets
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": state}
    nbformat.write(notebook, path)


def test_the_filter_setup_rewrites_the_notebooks_once(repo):
    """The first make smudged the working copy (the kernel's language_info: JupyterLab
    opens it unmodified); a second make sets git config and rewrites nothing."""
    path = repo / "notebooks" / "tiny.ipynb"
    assert nbformat.read(path, as_version=4).metadata["language_info"] == gitfilter.language_info()
    before = path.stat().st_mtime_ns, path.read_bytes()
    _make(repo, "git-filters")
    assert (path.stat().st_mtime_ns, path.read_bytes()) == before
    assert _git(repo, "config", "filter.nbstripout.smudge").strip().endswith("gitfilter.py'")
    assert _git(repo, "config", "filter.nbstripout.required").strip() == "true"
    assert _git(repo, "status", "--porcelain") == ""


def test_a_run_and_saved_tutorial_is_not_modified(repo):
    path = repo / "notebooks" / "tiny.ipynb"
    _run_and_save(path)
    saved = nbformat.read(path, as_version=4)
    assert saved.cells[1].outputs and saved.metadata["language_info"].get("version")
    assert _git(repo, "diff", "--stat") == ""  # the filtered content is the committed one
    assert gitfilter.refresh(path)
    assert _git(repo, "status", "--porcelain") == ""
    assert nbformat.read(path, as_version=4).cells[1].outputs  # the outputs stay on disk


def test_a_real_change_stays_modified_and_unstaged(repo):
    path = repo / "notebooks" / "tiny.ipynb"
    _run_and_save(path)
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[1].source = "print(6 * 9)"
    nbformat.write(notebook, path)
    assert not gitfilter.refresh(path)
    assert _git(repo, "status", "--porcelain") == " M notebooks/tiny.ipynb\n"
    assert _git(repo, "diff", "--cached", "--stat") == ""


def test_an_untracked_notebook_is_not_added(repo):
    new = repo / "notebooks" / "mine.ipynb"
    shutil.copy(repo / "notebooks" / "tiny.ipynb", new)
    assert not gitfilter.refresh(new)
    assert _git(repo, "status", "--porcelain") == "?? notebooks/mine.ipynb\n"


def test_make_lab_installs_the_post_save_hook():
    """The hook named on ``make lab``'s command line is what the server will import."""
    dry = subprocess.run(["make", "-n", "-o", ".venv/.installed", "lab"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    (line,) = [line for line in dry.replace("\\\n", " ").splitlines() if "jupyter lab" in line]
    (option,) = [word for word in line.split() if word.startswith("--ContentsManager.post_save_hook=")]  # fmt: skip
    assert import_item(option.split("=", 1)[1]) is gitfilter.refresh_index
