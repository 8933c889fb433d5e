"""tools/lint_prose.py, the editorial rules of ``make lint``: they hold on the house and bite."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("lint_prose", ROOT / "tools" / "lint_prose.py")
lint_prose = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(lint_prose)


def test_the_house_keeps_its_editorial_rules(capsys):
    assert lint_prose.main() == 0, capsys.readouterr().out


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        ('"""Solve a board.\n\nReturned after 65.9 s on a hard board.\n"""\n', "measured time"),
        ('"""Solve a board in 20 ms."""\n', "measured time"),
        ("x = 1  # the fix of issue 12\n", "issue number"),
        ("x = 1  # see #27\n", "issue number"),
        ('def f():\n    """This used to return a list."""\n', "history"),
    ],
)
def test_a_docstring_or_comment_breaking_a_rule_is_found(tmp_path, source, rule):
    module = tmp_path / "module.py"
    module.write_text(source)
    assert rule in [found for _, found, _ in lint_prose.check_module(module)]


def test_reference_prose_passes(tmp_path):
    module = tmp_path / "module.py"
    module.write_text(
        '"""Solve a board.\n\nParameters\n----------\nmax_seconds : float\n'
        '    Seconds of wall clock the search may take.\n"""\n'
    )
    assert lint_prose.check_module(module) == []


def _notebook(tmp_path, markdown: str, textbook: str = "def f():\n    return 1\n") -> Path:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": markdown},
        {"cell_type": "code", "metadata": {"tags": ["textbook"]}, "source": textbook},
    ]
    path = tmp_path / "01_tutorial.ipynb"
    path.write_text(json.dumps({"cells": cells}))
    return path


EXERCISES = "Predict, then run. <details>a</details>\nPredict, then run. <details>b</details>\n"


def test_a_tutorial_that_keeps_the_rules_passes(tmp_path):
    assert lint_prose.check_tutorial(_notebook(tmp_path, EXERCISES)) == []


@pytest.mark.parametrize(
    ("markdown", "textbook", "rule"),
    [
        (EXERCISES + "$$f = g + h$$", None, "formula"),
        (EXERCISES + "b^d nodes", None, "formula"),
        (EXERCISES + "from 12345678x to 123456780", None, "goal"),
        ("Predict, then run. <details>a</details>", None, "exercises"),
        (EXERCISES + "Predict, then run.", None, "exercises"),
        (EXERCISES, "def f():  # noqa: E501\n    return 1\n", "textbook cell"),
        (EXERCISES, "def f():\n" + "    x = 1\n" * 30, "textbook cell"),
    ],
)
def test_a_tutorial_breaking_a_rule_is_found(tmp_path, markdown, textbook, rule):
    path = _notebook(tmp_path, markdown, *([textbook] if textbook else []))
    assert rule in [found for _, found, _ in lint_prose.check_tutorial(path)]
