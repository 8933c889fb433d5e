"""The floors of ``eightlab/`` are configuration: pyproject.toml's import-linter contracts.

``make lint`` runs them on the house; these tests check that they bite.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(tree: Path) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "HOME": str(tree)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=tree, env=env, capture_output=True, text=True
    )


def copy_of_the_house(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "eightlab", tmp_path / "eightlab",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_house_keeps_its_floors(tmp_path):
    found = lint_imports(copy_of_the_house(tmp_path))
    assert found.returncode == 0, found.stdout + found.stderr


def test_an_import_up_a_floor_breaks_the_contract(tmp_path):
    tree = copy_of_the_house(tmp_path)
    with open(tree / "eightlab" / "puzzle" / "grid.py", "a") as module:
        module.write("\n\ndef _upward():\n    import eightlab.viz  # noqa: F401\n")
    found = lint_imports(tree)
    assert found.returncode != 0
    assert "eightlab.puzzle is not allowed to import eightlab.viz" in found.stdout


def test_a_circle_between_two_modules_of_a_package_breaks_the_contract(tmp_path):
    tree = copy_of_the_house(tmp_path)
    with open(tree / "eightlab" / "puzzle" / "grid.py", "a") as module:
        module.write("\n\ndef _circle():\n    import eightlab.puzzle.board  # noqa: F401\n")
    found = lint_imports(tree)
    assert found.returncode != 0
    assert "No cycles are allowed in eightlab.puzzle" in found.stdout


def test_a_module_without_a_floor_breaks_the_contract(tmp_path):
    tree = copy_of_the_house(tmp_path)
    (tree / "eightlab" / "stray.py").write_text('"""A module on no floor."""\n')
    found = lint_imports(tree)
    assert found.returncode != 0
    assert "stray" in found.stdout
