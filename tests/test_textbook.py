"""The textbook algorithms of the tutorials give the instrumented searches' answers.

Same paths and same node counts wherever the definitions match (BFS, DLS, IDDFS, UCS,
A*, weighted A*, IDA* pass by pass); greedy only a valid path (the textbook version
reopens boards, eightlab's does not). Boards are drawn at exact depths by seed.
"""

from __future__ import annotations

import pytest

from eightlab import Board, solve, statespace, textbook
from eightlab.heuristics import get_heuristic
from eightlab.instances import instances_at_depths

GOAL = Board.goal()
BOARDS = instances_at_depths([0, 1, 5, 9, 13], 3, seed=11)
SPIRAL = Board.parse("123804765")


def _counts(counts) -> tuple[int, int]:
    return counts.expanded, counts.generated


def _stats(result) -> tuple[int, int]:
    return result.stats.expanded, result.stats.generated


def _valid(start, goal, path) -> bool:
    return start.apply(path) == goal


@pytest.mark.parametrize("board", BOARDS, ids=str)
def test_breadth_first_equals_bfs(board):
    counts = textbook.Counts()
    path = textbook.breadth_first(board, GOAL, counts)
    result = solve(board, GOAL, "bfs")
    assert path == result.path and _counts(counts) == _stats(result)
    assert len(path) == statespace.exact_distance(board)


@pytest.mark.parametrize("board", BOARDS, ids=str)
def test_iterative_deepening_equals_iddfs(board):
    counts = textbook.Counts()
    path = textbook.iterative_deepening(board, GOAL, counts)
    result = solve(board, GOAL, "iddfs")
    assert path == result.path and _counts(counts) == _stats(result)
    assert [p["threshold"] for p in counts.passes] == list(result.stats.thresholds)
    if result.stats.per_iteration:
        assert [(p["expanded"], p["generated"]) for p in result.stats.per_iteration] == [
            (p["expanded"], p["generated"]) for p in counts.passes
        ]


@pytest.mark.parametrize("board", BOARDS[3:], ids=str)
def test_depth_limited_cuts_off_below_the_distance_and_finds_at_it(board):
    d = statespace.exact_distance(board)
    assert textbook.depth_limited(board, GOAL, d - 1) == textbook.CUTOFF
    counts = textbook.Counts()
    path = textbook.depth_limited(board, GOAL, d, counts)
    result = solve(board, GOAL, "dls", limit=d)
    assert path == result.path and len(path) == d
    assert _counts(counts) == _stats(result)
    cut = solve(board, GOAL, "dls", limit=d - 1)
    assert not cut.solved


def test_depth_limited_says_none_when_no_branch_reaches_the_limit():
    # a 2x2 board: the blank circles the four cells, so a deep limit is never reached
    # without passing every board; an unreachable goal gives cutoff, not None, on a cycle
    assert textbook.depth_limited(GOAL, GOAL, 0) == ""
    assert textbook.depth_limited(Board.parse("123456708"), GOAL, 0) == textbook.CUTOFF


@pytest.mark.parametrize("board", BOARDS, ids=str)
@pytest.mark.parametrize(
    ("name", "f"),
    [("ucs", textbook.UCS), ("astar", textbook.ASTAR), ("weighted-astar", textbook.weighted(2))],
)
def test_best_first_choices_of_f_equal_the_instrumented_searches(board, name, f):
    h = get_heuristic("manhattan")
    counts = textbook.Counts()
    path = textbook.best_first(board, GOAL, f, h, counts)
    result = solve(board, GOAL, name, "manhattan")
    assert path == result.path and _counts(counts) == _stats(result)


@pytest.mark.parametrize("board", BOARDS, ids=str)
def test_greedy_finds_a_valid_path(board):
    path = textbook.best_first(board, GOAL, textbook.GREEDY, get_heuristic("manhattan"))
    assert _valid(board, GOAL, path)
    assert len(path) >= statespace.exact_distance(board)


@pytest.mark.parametrize("board", BOARDS, ids=str)
@pytest.mark.parametrize("heuristic", ["misplaced", "manhattan", "linear-conflict"])
def test_ida_star_equals_idastar_pass_by_pass(board, heuristic):
    h = get_heuristic(heuristic)
    counts = textbook.Counts()
    path = textbook.ida_star(board, GOAL, h, counts)
    result = solve(board, GOAL, "idastar", heuristic)
    assert path == result.path and _counts(counts) == _stats(result)
    if board != GOAL:
        assert [p["threshold"] for p in counts.passes] == list(result.stats.thresholds)
    if result.stats.per_iteration:
        assert [(p["expanded"], p["generated"]) for p in result.stats.per_iteration] == [
            (p["expanded"], p["generated"]) for p in counts.passes
        ]


def test_ida_star_with_another_goal_returns_the_lexicographically_smallest_path():
    start, goal = Board.parse("1X2753846"), Board.parse("12345678X")
    path = textbook.ida_star(start, goal, lambda b: get_heuristic("manhattan")(b, goal))
    assert path == solve(start, goal, "idastar", "manhattan", lexicographic=True).path


def test_distances_from_equals_the_exhaustive_table():
    distance = textbook.distances_from(SPIRAL, 6)
    counts = statespace.depth_distribution(SPIRAL)
    assert len(distance) == int(counts[:7].sum())
    for board, d in list(distance.items())[:200]:
        assert statespace.exact_distance(board, SPIRAL) == d


def test_source_is_markdown_with_the_code():
    shown = textbook.source(textbook.breadth_first)
    assert shown.data.startswith("```python\ndef breadth_first(")
    assert shown.data.rstrip().endswith("```")


@pytest.mark.parametrize(
    "function",
    [textbook.breadth_first, textbook.depth_limited, textbook.iterative_deepening,
     textbook.best_first, textbook.ida_star, textbook.bounded_search, textbook.distances_from],
)  # fmt: skip
def test_each_textbook_algorithm_fits_on_a_slide(function):
    import inspect

    assert len(inspect.getsource(function).splitlines()) <= 25
