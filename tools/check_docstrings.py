"""numpydoc's checks of the sections of eightlab's docstrings (run by ``make docs``).

On the modules of :data:`CHECKED`, every public function, class and method defined there
has a docstring (GL08), documents each of its parameters (PR01) and no parameter it does
not have (PR02), and says what it returns (RT01). A dataclass or named tuple documents
its fields once, as Attributes, and is not asked for Parameters.

Usage: ``python tools/check_docstrings.py`` from the repository's root; one line per
finding (``file:line: object: code message``), exit status 1 when there is any.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: numpydoc's validation codes that are enforced.
CODES = ("GL08", "PR01", "PR02", "RT01")

#: The modules whose docstrings are written as reference. The list grows to the whole
#: package as the other modules' docstrings are revised.
CHECKED = [
    "eightlab.analysis.admissibility",
    "eightlab.analysis.comparisons",
    "eightlab.analysis.mustexpand",
    "eightlab.analysis.published",
    "eightlab.analysis.summaries",
    "eightlab.analysis.textbook_note",
    "eightlab.errors",
    "eightlab.heuristics.exact",
    "eightlab.heuristics.learned.heuristic",
    "eightlab.heuristics.learned.model",
    "eightlab.heuristics.maxswap",
    "eightlab.heuristics.nilsson",
    "eightlab.memory",
    "eightlab.problems",
    "eightlab.problems.judges",
    "eightlab.problems.lexicographic",
    "eightlab.puzzle.board",
    "eightlab.puzzle.exhaustive",
    "eightlab.puzzle.grid",
    "eightlab.puzzle.instances",
    "eightlab.puzzle.notation",
    "eightlab.puzzle.solvability",
    "eightlab.search.bestfirst",
    "eightlab.search.bidirectional",
    "eightlab.search.gbfhs",
    "eightlab.search.iddfs",
    "eightlab.search.iddfs_h",
    "eightlab.search.mm",
    "eightlab.search.nbs",
    "eightlab.search.rbfs",
    "eightlab.search.sides",
    "eightlab.viz.boards",
    "eightlab.viz.drawing",
    "eightlab.viz.graphs",
    "eightlab.viz.plots.encoding",
    "eightlab.viz.plots.heuristics",
    "eightlab.viz.plots.instances",
    "eightlab.viz.plots.lines",
    "eightlab.viz.plots.means",
    "eightlab.viz.plots.redraw",
    "eightlab.viz.plots.style",
    "eightlab.viz.plots.tutorials",
]


def _records(cls) -> bool:
    """Whether ``cls`` is a dataclass or a named tuple (fields documented as Attributes)."""
    return dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))


def public_objects(module_name: str):
    """Full names of the public functions, classes and methods defined in a module."""
    module = importlib.import_module(module_name)
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        if inspect.isclass(obj):
            if not _records(obj) and not issubclass(obj, BaseException):
                yield f"{module_name}.{name}", obj
            elif obj.__doc__ is None:
                yield f"{module_name}.{name}", obj
            for member, value in vars(obj).items():
                if member.startswith("_"):
                    continue
                if inspect.isfunction(value) or isinstance(value, property | staticmethod):
                    yield f"{module_name}.{name}.{member}", value
                elif isinstance(value, classmethod):
                    yield f"{module_name}.{name}.{member}", value
        elif callable(obj) and (inspect.isfunction(obj) or hasattr(obj, "__wrapped__")):
            yield f"{module_name}.{name}", obj


def main() -> int:
    from numpydoc.validate import validate

    sys.path.insert(0, str(ROOT))
    findings = []
    for module_name in CHECKED:
        for name, _ in public_objects(module_name):
            report = validate(name)
            for code, message in report["errors"]:
                if code in CODES:
                    where = Path(report.get("file") or "?")
                    if where.is_absolute() and where.is_relative_to(ROOT):
                        where = where.relative_to(ROOT)
                    findings.append(f"{where}:{report.get('file_line')}: {name}: {code} {message}")
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
