"""The algorithms the tutorials write in code cells tagged ``textbook`` give eightlab's answers.

The cells are read from the committed notebooks (the git index, as in
``tests/test_tutorials.py``) and executed, each notebook's in one namespace, in order;
what they define is then run on the known cases (``tests/cases.py``) and on boards drawn
at exact depths, and compared with eightlab's instrumented searches: the same paths and
the same node counts wherever the definitions match (BFS, plain DFS under a budget, DLS,
IDDFS, UCS, A*, weighted A*, IDA* pass by pass); greedy only a valid path (the cell's
best-first loop reopens boards, eightlab's greedy does not). Distances come from
``tests/oracle.py``, which imports nothing from eightlab.
"""

from __future__ import annotations

import re
from pathlib import Path

import oracle
import pytest
from cases import SHALLOW_CASES
from searching import solve  # the heuristic only for informed searches
from test_tutorials import committed_notebook

from eightlab import Board
from eightlab.heuristics import get_heuristic
from eightlab.puzzle.instances import instances_at_depths
from eightlab.search.budget import OutOfBudget

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GOAL = Board.goal()
BOARDS = instances_at_depths([0, 1, 5, 9, 13], 2, seed=11)
# the known cases short enough for a pure-Python tree search, on their own goals
PAIRS = [(Board.parse(s), Board.parse(g)) for s, g, length, _ in SHALLOW_CASES if length <= 13]
PAIRS += [(board, GOAL) for board in BOARDS]
IDS = [f"{s}-{g}" for s, g in PAIRS]


def textbook_cells(name: str) -> list[str]:
    notebook = committed_notebook(NOTEBOOKS / f"{name}.ipynb")
    return [
        cell.source
        for cell in notebook.cells
        if cell.cell_type == "code" and "textbook" in cell.metadata.get("tags", [])
    ]


def run_cells(sources) -> dict:
    namespace: dict = {}
    for k, source in enumerate(sources):
        exec(compile(source, f"<textbook cell {k}>", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def ch01():
    return run_cells(textbook_cells("01_state_space"))


@pytest.fixture(scope="module")
def ch02():
    return run_cells(textbook_cells("02_uninformed_search"))


@pytest.fixture(scope="module")
def ch03():
    return run_cells(textbook_cells("03_informed_search"))


@pytest.fixture(scope="module")
def ch03b():
    return run_cells(textbook_cells("03b_idastar_search_trees"))


def _counts(counts) -> tuple[int, int]:
    return counts.expanded, counts.generated


def _stats(result) -> tuple[int, int]:
    return result.stats.expanded, result.stats.generated


def _distance(start, goal) -> int:
    return oracle.distance(start.tiles, goal.tiles)


# --------------------------------------- the state space (01): distances by BFS
def test_distances_from_equals_the_oracle(ch01):
    spiral = Board.parse("123804765")
    for goal in (GOAL, spiral):
        distance = ch01["distances_from"](goal, 6)
        expected = oracle.board_distances(goal, 6)
        assert {b.tiles: d for b, d in distance.items()} == {
            b.tiles: d for b, d in expected.items()
        }


# ----------------------------- uninformed search (02): BFS, DFS, DLS, IDDFS, UCS
@pytest.mark.parametrize(("start", "goal"), PAIRS, ids=IDS)
def test_breadth_first_equals_bfs(ch02, start, goal):
    counts = ch02["Counts"]()
    path = ch02["breadth_first"](start, goal, counts)
    result = solve(start, goal, "bfs")
    assert path == result.path and _counts(counts) == _stats(result)
    assert len(path) == _distance(start, goal)


@pytest.mark.parametrize(("start", "goal"), PAIRS, ids=IDS)
def test_iterative_deepening_equals_iddfs_pass_by_pass(ch02, start, goal):
    counts = ch02["Counts"]()
    path = ch02["iterative_deepening"](start, goal, counts)
    result = solve(start, goal, "iddfs")
    assert path == result.path and _counts(counts) == _stats(result)
    assert len(path) == _distance(start, goal)
    assert [p["limit"] for p in counts.passes] == list(result.stats.thresholds)
    if result.stats.per_iteration:
        assert [(p["expanded"], p["generated"]) for p in result.stats.per_iteration] == [
            (p["expanded"], p["generated"]) for p in counts.passes
        ]


def test_without_the_inverse_line_the_cells_are_iddfs_tree():
    """What the notebook says: drop the parent pruning and you get AIMA's RECURSIVE-DLS,
    eightlab's ``iddfs-tree``: more nodes, the same paths."""
    sources = textbook_cells("02_uninformed_search")
    pruning = re.compile(r"\n\s*if move == INVERSE\.get\(previous\):\n\s*continue[^\n]*")
    unpruned = [pruning.sub("", s) if "def depth_limited" in s else s for s in sources]
    assert unpruned != sources
    ns = run_cells(unpruned)
    for start, goal in PAIRS:
        if _distance(start, goal) > 9:
            continue  # the unpruned tree grows about 2.67x per level
        counts = ns["Counts"]()
        path = ns["iterative_deepening"](start, goal, counts)
        tree = solve(start, goal, "iddfs-tree")
        pruned = solve(start, goal, "iddfs")
        assert path == tree.path == pruned.path
        assert _counts(counts) == _stats(tree)
        assert tree.stats.generated >= pruned.stats.generated


@pytest.mark.parametrize(("start", "goal"), PAIRS[-4:], ids=IDS[-4:])
def test_depth_limited_cuts_off_below_the_distance_and_finds_at_it(ch02, start, goal):
    d = _distance(start, goal)
    assert ch02["depth_limited"](start, goal, d - 1, ch02["Counts"]()) == ch02["CUTOFF"]
    counts = ch02["Counts"]()
    path = ch02["depth_limited"](start, goal, d, counts)
    result = solve(start, goal, "dls", limit=d)
    assert path == result.path and len(path) == d
    assert _counts(counts) == _stats(result)


@pytest.mark.parametrize("budget", [1, 50, 400])
def test_depth_first_dives_until_its_budget_like_an_unlimited_dls(ch02, budget):
    start = BOARDS[-1]
    counts = ch02["Counts"]()
    with pytest.raises(OutOfBudget):
        ch02["depth_first"](start, GOAL, counts, budget)
    result = solve(start, GOAL, "dls", limit=10**6, max_nodes=budget)
    assert str(result.status) == "budget_exceeded"
    assert _counts(counts) == _stats(result)


@pytest.mark.parametrize(("start", "goal"), PAIRS, ids=IDS)
def test_uniform_cost_cell_equals_ucs(ch02, start, goal):
    counts = ch02["Counts"]()
    path = ch02["best_first"](start, goal, ch02["uniform_cost"], ch02["no_estimate"], counts)
    result = solve(start, goal, "ucs")
    assert path == result.path and _counts(counts) == _stats(result)


# ------------------------------- informed search (03): best-first choices of f
@pytest.mark.parametrize(("start", "goal"), PAIRS, ids=IDS)
@pytest.mark.parametrize("name", ["ucs", "astar", "weighted-astar"])
def test_best_first_choices_of_f_equal_the_instrumented_searches(ch03, start, goal, name):
    f = {"ucs": ch03["uniform_cost"], "astar": ch03["astar"], "weighted-astar": ch03["weighted"](2)}
    evaluate = get_heuristic("manhattan")
    counts = ch03["Counts"]()
    path = ch03["best_first"](start, goal, f[name], lambda b: evaluate(b, goal), counts)
    result = solve(start, goal, name, "manhattan")
    assert path == result.path and _counts(counts) == _stats(result)


@pytest.mark.parametrize(("start", "goal"), PAIRS, ids=IDS)
def test_greedy_finds_a_valid_path(ch03, start, goal):
    evaluate = get_heuristic("manhattan")
    path = ch03["best_first"](
        start, goal, ch03["greedy"], lambda b: evaluate(b, goal), ch03["Counts"]()
    )
    assert start.apply(path) == goal
    assert len(path) >= _distance(start, goal)


# ------------------------------------------ IDA* (03b): pass by pass, its trees
@pytest.mark.parametrize(("start", "goal"), PAIRS, ids=IDS)
@pytest.mark.parametrize("heuristic", ["misplaced", "manhattan", "linear-conflict"])
def test_ida_star_equals_idastar_pass_by_pass(ch03b, start, goal, heuristic):
    evaluate = get_heuristic(heuristic)
    counts = ch03b["Counts"]()
    path = ch03b["ida_star"](start, goal, lambda b: evaluate(b, goal), counts)
    result = solve(start, goal, "idastar", heuristic)
    assert path == result.path and _counts(counts) == _stats(result)
    assert len(path) == _distance(start, goal)
    if start != goal:
        assert [p["threshold"] for p in counts.passes] == list(result.stats.thresholds)
    if result.stats.per_iteration:
        assert [(p["expanded"], p["generated"]) for p in result.stats.per_iteration] == [
            (p["expanded"], p["generated"]) for p in counts.passes
        ]


def test_ida_star_returns_the_lexicographically_smallest_shortest_path(ch03b):
    start, goal = Board.parse("1X2753846"), Board.parse("12345678X")
    evaluate = get_heuristic("manhattan")
    path = ch03b["ida_star"](start, goal, lambda b: evaluate(b, goal), ch03b["Counts"]())
    assert path == oracle.lexsmallest_shortest_path(start.tiles, goal.tiles)
