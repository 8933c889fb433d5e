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
from eightlab.analysis.textbook_note import TextbookChecks, check_distances, check_search, formula
from eightlab.heuristics import get_heuristic
from eightlab.puzzle.instances import instances_at_depths
from eightlab.search import run_label
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


# ------------------------- an edited textbook cell: the check says what changed
def _edited(name: str, old: str, new: str) -> list[str]:
    sources = textbook_cells(name)
    edited = [s.replace(old, new) for s in sources]
    assert edited != sources, f"{old!r} is no longer in {name}'s textbook cells"
    return edited


def _search_check(ns, board, name, yours, f):
    evaluate = get_heuristic("manhattan")
    counts = ns["Counts"]()
    path = ns["best_first"](board, GOAL, f, lambda b: evaluate(b, GOAL), counts)
    return check_search(path, counts, board, GOAL, name, "manhattan", yours=yours)


def test_the_committed_cells_agree_and_say_so(ch02, ch03, ch03b):
    board = BOARDS[-1]
    counts = ch02["Counts"]()
    path = ch02["iterative_deepening"](board, GOAL, counts)
    checks = [
        check_search(path, counts, board, GOAL, "iddfs", yours="iterative_deepening"),
        _search_check(ch03, board, "astar", "astar", ch03["astar"]),
    ]
    counts = ch03b["Counts"]()
    evaluate = get_heuristic("manhattan")
    path = ch03b["ida_star"](board, GOAL, lambda b: evaluate(b, GOAL), counts)
    checks.append(check_search(path, counts, board, GOAL, "idastar", "manhattan", yours="ida_star"))
    for check in checks:
        assert check.agree, check.differences
        assert check.name == run_label(check.label) and check.name in ("IDDFS", "A*", "IDA*")
        note = check._repr_markdown_()
        assert note.startswith("Your `") and " agrees with eightlab's " in note
        assert "a shortest path" in str(check)
    assert "the same" in str(checks[0]) and "passes" in str(checks[0])
    assert formula(ch03["astar"]) == "g + h" and formula(ch03["weighted"](2)) == "g + 2h"
    assert formula(ch03["uniform_cost"]) == "g" and formula(ch03["greedy"]) == "h"


def test_an_astar_edited_to_g_plus_2h_is_said_to_differ_and_not_called_a_star():
    ns = run_cells(_edited("03_informed_search", "return g + h", "return g + 2 * h"))
    board = BOARDS[-1]
    check = _search_check(ns, board, "astar", "astar", ns["astar"])
    assert not check.agree
    assert check.name == "your astar" and formula(ns["astar"]) == "g + 2h"
    note = check._repr_markdown_()
    assert note.startswith("> **Your `astar` differs from eightlab's A\\* (manhattan)**")
    assert any(d.endswith(f"expanded against eightlab's {solve(board, GOAL, 'astar').stats.expanded:,}")
               for d in check.differences)  # fmt: skip
    # the same cell, with the weight it now has, is eightlab's weighted A*
    assert _search_check(ns, board, "weighted-astar", "astar", ns["astar"]).agree


def test_a_path_that_is_not_shortest_is_named():
    ns = run_cells(_edited("03_informed_search", "return g + h", "return g + 5 * h"))
    for board in BOARDS:
        check = _search_check(ns, board, "astar", "astar", ns["astar"])
        if any(d.startswith("not a shortest path") for d in check.differences):
            assert f"the board is {_distance(board, GOAL)} moves from the goal" in str(check)
            assert any(d.startswith("path length ") for d in check.differences)
            assert any(d.startswith("the paths part at move ") for d in check.differences)
            return
    pytest.fail("g + 5h found a shortest path on every board")


def test_iterative_deepening_without_its_inverse_line_differs_pass_by_pass():
    sources = _edited("02_uninformed_search", "if move == INVERSE.get(previous):", "if False:")
    ns = run_cells(sources)
    board = next(b for b in BOARDS if 5 <= _distance(b, GOAL) <= 9)
    counts = ns["Counts"]()
    path = ns["iterative_deepening"](board, GOAL, counts)
    check = check_search(path, counts, board, GOAL, "iddfs", yours="iterative_deepening")
    assert not check.agree and "the same" in str(check)  # the same path...
    assert any(d.startswith("pass ") and "generated against eightlab's" in d
               for d in check.differences)  # fmt: skip


def test_the_distances_cell_checked_against_the_table(ch01):
    check = check_distances(ch01["distances_from"](GOAL, 6), GOAL, 6, yours="distances_from")
    assert check.agree and "every board at the table's distance" in str(check)
    ns = run_cells(_edited("01_state_space", "distance[board] + 1", "distance[board] + 2"))
    check = check_distances(ns["distances_from"](GOAL, 6), GOAL, 6, yours="distances_from")
    assert not check.agree
    assert any("boards at a wrong distance" in d for d in check.differences)


def test_several_checks_show_each_difference_and_one_line_for_the_rest(ch03):
    board = BOARDS[-1]
    ns = run_cells(_edited("03_informed_search", "return g + h", "return g + 2 * h"))
    checks = TextbookChecks([
        _search_check(ch03, board, "ucs", "uniform_cost", ch03["uniform_cost"]),
        _search_check(ns, board, "astar", "astar", ns["astar"]),
    ])  # fmt: skip
    assert not checks.agree
    first, second = checks._repr_markdown_().split("\n\n")
    assert first.startswith("> **Your `astar` differs")
    assert second == "Your `uniform_cost` agrees with eightlab's UCS."


# ------------------------ the edited cell executed in its notebook (nbclient)
def _run_until(name: str, last: str, parameters: str, edit=None):
    """The notebook ``name`` up to the first cell whose source holds ``last``, its
    parameters extended, a
    textbook cell edited by ``edit(source)``, executed with nbclient."""
    from nbclient import NotebookClient

    notebook = committed_notebook(NOTEBOOKS / f"{name}.ipynb")
    cells = []
    for cell in notebook.cells:
        if "parameters" in cell.metadata.get("tags", []):
            cell.source += "\n" + parameters
        if edit is not None and "textbook" in cell.metadata.get("tags", []):
            cell.source = edit(cell.source)
        cells.append(cell)
        if last in cell.source:
            break
    notebook.cells = cells
    NotebookClient(notebook, kernel_name="python3", timeout=600).execute()
    return notebook


def _outputs(cell, mime: str) -> str:
    return "".join(o.get("data", {}).get(mime, "") for o in cell.outputs)


@pytest.mark.parametrize("edited", [False, True], ids=["committed", "g+2h"])
def test_tutorial_03_says_whether_its_textbook_cell_was_edited(edited, tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    parameters = (f"output_dir = {str(tmp_path)!r}\nchoices_depth = 14\naccuracy_sample = 40\n"
                  "heuristics = ['misplaced', 'manhattan']")  # fmt: skip
    edit = (lambda s: s.replace("return g + h", "return g + 2 * h")) if edited else None
    notebook = _run_until(
        "03_informed_search", "rows, checks = [], TextbookChecks()", parameters, edit
    )
    cell = notebook.cells[-1]
    assert not [o for o in cell.outputs if o.output_type == "error"]
    note, table = _outputs(cell, "text/markdown"), _outputs(cell, "text/html")
    if edited:
        assert "> **Your `astar` differs from eightlab's A\\* (manhattan)**" in note
        assert "your astar" in table and "g + 2h" in table and "g + h<" not in table
        assert "Your `uniform_cost`, `greedy` and `weighted(2)` agree" in note
    else:
        assert "differs" not in note and "your " not in table
        assert "Your `uniform_cost`, `greedy`, `astar` and `weighted(2)` agree" in note
        assert "g + h" in table and "g + 2h" in table  # A* and weighted A*


def test_an_mm_with_an_overweighted_h_is_said_to_miss_the_least_cost():
    """bidirectional.ipynb's textbook MM with f = g + 3h: no longer admissible."""
    sources = _edited("bidirectional", "g[d][n] + h(n, target[d])", "g[d][n] + 3 * h(n, target[d])")
    ns = run_cells(["from math import inf", *sources])
    h = lambda n, t: get_heuristic("manhattan")(n, t)  # noqa: E731
    checks = TextbookChecks()
    for board in instances_at_depths([14, 18, 22], 2, seed=5):
        cost, expanded = ns["textbook_mm"](board, GOAL, h)
        checks.append(check_search(cost, expanded, board, GOAL, "mm", "manhattan",
                                   yours="textbook_mm", exact=False))  # fmt: skip
    assert not checks.agree
    assert "not the least cost: the board is" in str(checks)
    assert (
        "> **Your `textbook_mm` differs from eightlab's MM (manhattan)**"
        in checks._repr_markdown_()
    )
