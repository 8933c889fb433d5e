"""The house's editorial rules, checked on its prose (run by ``make lint``).

Docstrings and comments of ``eightlab/`` are reference: they carry no measured time
(timings belong in ``benchmarks/README.md``), no issue number and no history (both belong
in commit messages). The tutorials' markdown renders offline (no ``$$`` formulas, no
formula written in ASCII), spells the goal one way, and folds the answer of each exercise;
their ``textbook`` cells read as a textbook's code, one screen a function. README and
the notebooks name no issue either, and avoid the phrases listed in :data:`FORBIDDEN`.

Usage: ``python tools/lint_prose.py`` from the repository's root; it prints one line per
finding (``file:line: rule: text``) and exits 1 when there is any.
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What a docstring or a comment of eightlab/ must not say, by rule.
DOCSTRING_RULES = {
    "measured time": re.compile(
        r"\b\d+(\.\d+)?\s?(ms|microseconds|seconds|minutes)\b|\b\d+(\.\d+)?\s?s\b"
        r"|\bmeasured (on|as|at|in)\b"
    ),
    "issue number": re.compile(r"\bissues?\s+#?\d+|(?<![\w&])#\d+\b", re.IGNORECASE),
    "history": re.compile(
        r"\b(used to (be|have|take|run|return|print)|formerly|previously|anymore|any more"
        r"|since issue)\b",
        re.IGNORECASE,
    ),
}


#: Phrases that README.md and the notebooks' markdown do not use: (file glob, phrase, why).
FORBIDDEN = [
    ("README.md", "cell for cell", "the tables agree within a ratio, not cell for cell"),
    ("notebooks/*.ipynb", "`u d l r`", 'the move order of the code is `"dlru"`'),
]

#: Most lines of one function of a ``textbook`` cell: it fits on a screen.
TEXTBOOK_LINES = 25

#: The tutorials: the numbered notebooks, read in that order.
TUTORIALS = "notebooks/[0-9]*.ipynb"


def _docstrings(tree: ast.AST):
    """(line, text) of every docstring of a module's tree."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
        ):
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                yield first.lineno, first.value.value
        # the ``#:`` comments and the strings below an assignment document it too
        body = getattr(node, "body", [])
        if not isinstance(body, list):  # a lambda's body is one expression
            continue
        for before, after in zip(body, body[1:], strict=False):
            if (
                isinstance(before, ast.Assign | ast.AnnAssign)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                yield after.lineno, after.value.value


def _comments(source: str):
    """(line, text) of every comment of a module."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def check_module(path: Path) -> list[tuple[int, str, str]]:
    """Findings of the docstring rules in one module: (line, rule, offending text)."""
    source = path.read_text(encoding="utf-8")
    findings = []
    texts = [*_docstrings(ast.parse(source)), *_comments(source)]
    for start, text in texts:
        for offset, line in enumerate(text.splitlines()):
            for rule, pattern in DOCSTRING_RULES.items():
                if pattern.search(line):
                    findings.append((start + offset, rule, line.strip()))
    return findings


def _markdown_cells(path: Path):
    return [
        "".join(cell["source"])
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
        if cell["cell_type"] == "markdown"
    ]


def check_tutorial(path: Path) -> list[tuple[int, str, str]]:
    """Findings of the tutorials' rules in one notebook (line 0: the notebook as a whole)."""
    findings = []
    notebook = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(_markdown_cells(path))
    exercises = markdown.count("Predict, then run")
    if not 2 <= exercises <= 4:
        findings.append((0, "exercises", f"{exercises} exercises ('Predict, then run'), not 2-4"))
    if not markdown.count("<details>") == exercises == markdown.count("</details>"):
        findings.append((0, "exercises", "an exercise's answer is not folded in <details>"))
    if "$$" in markdown:
        findings.append((0, "formula", "a $$ formula: the offline copy has no MathJax"))
    ascii_formula = re.search(r"\b[a-z]\^[a-z(0-9]", markdown)
    if ascii_formula:
        findings.append((0, "formula", f"a formula written in ASCII: {ascii_formula.group()}"))
    if "12345678x" in markdown and "123456780" in markdown:
        findings.append((0, "goal", "two spellings of one goal (12345678x and 123456780)"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and "textbook" in cell["metadata"].get("tags", []):
            source = "".join(cell["source"])
            if "noqa" in source or "Parameters\n" in source:
                findings.append((0, "textbook cell", "a textbook cell has noqa or numpydoc"))
            for function in re.split(r"\n(?=def )", source):
                lines = function.strip().splitlines()
                if function.startswith("def ") and len(lines) > TEXTBOOK_LINES:
                    findings.append((0, "textbook cell", f"longer than a screen: {lines[0]}"))
    return findings


def check_phrases() -> list[tuple[Path, int, str, str]]:
    """Findings of :data:`FORBIDDEN`: (file, line, rule, phrase)."""
    findings = []
    for pattern, phrase, why in FORBIDDEN:
        for path in sorted(ROOT.glob(pattern)):
            if path.suffix == ".ipynb":
                texts = _markdown_cells(path)
                if any(phrase in text for text in texts):
                    findings.append((path, 0, "phrase", f"{phrase!r}: {why}"))
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if phrase in line:
                    findings.append((path, number, "phrase", f"{phrase!r}: {why}"))
    return findings


def main() -> int:
    failures = []
    for path in sorted((ROOT / "eightlab").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for line, rule, text in check_module(path):
            failures.append(f"{name}:{line}: {rule}: {text}")
    for path in sorted(ROOT.glob(TUTORIALS)):
        for line, rule, text in check_tutorial(path):
            failures.append(f"{path.relative_to(ROOT)}:{line}: {rule}: {text}")
    for path in [ROOT / "README.md", *sorted(ROOT.glob("notebooks/*.ipynb"))]:
        texts = _markdown_cells(path) if path.suffix == ".ipynb" else [path.read_text("utf-8")]
        for text in texts:
            found = DOCSTRING_RULES["issue number"].search(text)
            if found:
                name = path.relative_to(ROOT)
                failures.append(f"{name}:0: issue number: {found.group()} (history: commits)")
    for path, line, rule, text in check_phrases():
        failures.append(f"{path.relative_to(ROOT)}:{line}: {rule}: {text}")
    for finding in failures:
        print(finding)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
