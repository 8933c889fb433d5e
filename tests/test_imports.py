"""One-way imports in ``eightlab/``: no import circle, no import up a floor, no long module.

The imports are read from the source (``ast``), not by importing: every ``import`` and
``from ... import`` of a module counts, also those inside functions (a lazy import still
ties the two modules together), and importing ``a.b.c`` counts as importing the package
``a.b`` too, whose ``__init__`` runs first. The package ``eightlab`` itself is the
exception to that last rule: every module of the house loads it first, and it is the
facade that re-exports the public names, so only an explicit ``import eightlab`` (for
``eightlab.__version__``) is an edge to it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "eightlab"

#: No module of ``eightlab/`` may be longer than this, in lines.
MAX_LINES = 450

#: Import circles allowed, each a set of modules (also exempt from the floors): none.
KNOWN_CIRCLES: set = set()
#: Files of ``eightlab/`` allowed over :data:`MAX_LINES`: none.
KNOWN_LONG_MODULES: set = set()

#: The floors of the house, from the ground up: a module imports only from its own
#: floor (within which the circle check keeps the imports one way) or from floors
#: below. A name ending in "." stands for every module of that package (a module named
#: on its own floor wins). README.md's layout section shows the same table. The runner's
#: package and the three parts a grid uses stand with the grid.
FLOORS = (
    (
        "ground",
        "eightlab.version eightlab.errors eightlab.budget eightlab.files eightlab.cache eightlab.data",
    ),
    ("the puzzle", "eightlab.notation eightlab.grid eightlab.board eightlab.solvability"),
    (
        "exhaustive tables, data",
        "eightlab.ranking eightlab.statespace eightlab.instances eightlab.published",
    ),
    ("the result", "eightlab.result"),
    ("graphs", "eightlab.trees"),
    ("estimates of h", "eightlab.heuristics eightlab.heuristics."),
    ("the harness", "eightlab.harness"),
    ("compiled copies", "eightlab.engine eightlab.engine."),
    ("the algorithms", "eightlab.search eightlab.search."),
    ("the source problems", "eightlab.problems eightlab.problems."),
    (
        "many results -> tables",
        "eightlab.experiments eightlab.runs eightlab.tables eightlab.admissibility eightlab.bidirlower "
        "eightlab.comparisons eightlab.textbook_note "
        "eightlab.runner eightlab.runner.cluster eightlab.runner.partial "
        "eightlab.runner.progress eightlab.runner.folders eightlab.runner.reruns",
    ),
    ("pictures of states", "eightlab.tiles eightlab.treedraw eightlab.drawing"),
    ("figures from tables", "eightlab.plots eightlab.plots."),
    ("what a student drives", "eightlab.replay eightlab.stepper eightlab.explorer"),
    ("the front ends", "eightlab.cli eightlab.__main__ eightlab.runner."),
    ("the public names", "eightlab"),
)


def module_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path, modules) -> set[str]:
    """The dotted names a module's import statements load, anywhere in its body.

    ``from a.b import c`` loads the module ``a.b.c`` if there is one, else ``a.b``.
    """
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                name = f"{base}.{alias.name}"
                names.add(name if name in modules else base)
    return names


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (and their parent packages)."""
    modules = module_files(package)
    graph = {}
    for module, path in modules.items():
        targets = set()
        for name in imported_names(module, path, modules):
            while name and name not in modules:  # a name in a module: that module
                name = name.rpartition(".")[0]
            if not name:
                continue  # not eightlab's
            targets.add(name)
            # importing a.b.c runs a.b's __init__ first, unless a.b is the importer's own
            # package (loaded before the importer) or the root (loaded by every import)
            parts = name.split(".")
            for i in range(2, len(parts)):
                parent = ".".join(parts[:i])
                if not module.startswith(parent + "."):
                    targets.add(parent)
        targets.discard(module)
        graph[module] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def floor_of(module: str) -> int | None:
    """The floor number of a module (0 the ground), None if the table does not place it."""
    best, floor = "", None
    for number, (_, names) in enumerate(FLOORS):
        for name in names.split():
            matches = module.startswith(name) if name.endswith(".") else module == name
            if matches and len(name) > len(best):
                best, floor = name, number
    return floor


def test_the_graph_sees_lazy_imports_and_parent_packages():
    graph = import_graph()
    # lazy, inside a function: search.solve imports the engine only when asked
    assert "eightlab.engine" in graph["eightlab.search"]
    # from eightlab.heuristics.pdb import ... runs heuristics/__init__ too
    assert {"eightlab.heuristics", "eightlab.heuristics.pdb"} <= graph["eightlab.harness"]
    assert "eightlab" not in graph["eightlab.board"]


def test_a_lazy_circle_through_a_package_init_is_found(tmp_path):
    root = tmp_path / "house"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("from house.low import x\n")
    (root / "low.py").write_text("def x():\n    from house.sub.deep import y\n")
    (root / "sub" / "__init__.py").write_text("from ..top import z\n")
    (root / "sub" / "deep.py").write_text("y = 1\n")
    (root / "top.py").write_text("import house.low\nz = 2\n")
    graph = import_graph(root)
    assert graph["house.low"] == {"house.sub", "house.sub.deep"}
    assert graph["house.sub"] == {"house.top"}
    assert graph["house.top"] == {"house.low"}
    assert graph["house"] == {"house.low"}  # the root is no implicit parent
    assert circles(graph) == [["house.low", "house.sub", "house.top"]]


def test_no_import_circle():
    found = [c for c in circles(import_graph()) if frozenset(c) not in KNOWN_CIRCLES]
    assert not found, "import circles in eightlab/: " + "; ".join(" <-> ".join(c) for c in found)


def test_known_circles_still_exist():
    # an exception that no longer applies is deleted, so that it cannot hide a new circle
    found = {frozenset(c) for c in circles(import_graph())}
    assert KNOWN_CIRCLES <= found, f"no longer circles, remove them: {KNOWN_CIRCLES - found}"


def test_every_module_has_a_floor():
    unplaced = [m for m in module_files() if floor_of(m) is None]
    assert not unplaced, f"add these modules to FLOORS: {unplaced}"


def test_no_import_goes_up_a_floor():
    graph = import_graph()
    upward = [
        f"{module} ({FLOORS[floor_of(module)][0]}) imports {target} ({FLOORS[floor_of(target)][0]})"
        for module in sorted(graph)
        for target in sorted(graph[module])
        if floor_of(target) > floor_of(module) and frozenset({module, target}) not in KNOWN_CIRCLES
    ]
    assert not upward, "imports up a floor:\n" + "\n".join(upward)


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_module_over_the_line_limit(path):
    name = str(path.relative_to(PACKAGE))
    lines = len(path.read_text().splitlines())
    if name in KNOWN_LONG_MODULES:
        assert lines > MAX_LINES, f"eightlab/{name} is short now: remove it from KNOWN_LONG_MODULES"
    else:
        assert lines <= MAX_LINES, f"eightlab/{name} has {lines} lines, more than {MAX_LINES}"
