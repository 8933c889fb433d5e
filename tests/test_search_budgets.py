"""Budgets and edge cases of every search: deep depth-limited searches,
the memory budget, time budgets that really run out, bad arguments, 1xN boards."""

import gc
import sys

import pytest

from eightlab import Board, Observer, Status, solve
from eightlab.errors import EightlabError
from eightlab.search import ALGORITHMS, default_max_stored
from eightlab.search import budget as common

DEEP = "8 6 7 2 5 4 3 x 1"  # 31 moves from 12345678x
HARD_4X4 = ("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")

#: Searches whose memory is a table of states (frontier and visited or closed).
STORING = ["bfs", "bfs-cantor", "bidirectional-bfs", "ucs", "greedy", "astar", "weighted-astar"]


@pytest.mark.parametrize("budget, reason", [({"max_seconds": 0.5}, "time budget"),
                                            ({"max_stored": 20_000}, "memory budget"),
                                            ({"max_nodes": 50_000}, "node budget")])  # fmt: skip
def test_depth_limited_search_with_a_huge_limit_stops_cleanly(budget, reason):
    """One move from the goal, but d comes first: the search dives down one branch."""
    limit = sys.getrecursionlimit()
    result = solve("123456708", None, "dls", limit=10**9, **budget)
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == reason
    assert result.stats.max_frontier > 1000  # far deeper than Python recursion would go
    if "max_stored" in budget:
        assert result.stats.max_stored <= 20_000 + 3
    assert sys.getrecursionlimit() == limit


def test_depth_limited_search_solves_with_a_limit_far_beyond_the_depth():
    result = solve("123456708", None, "dls", limit=5000, max_nodes=10**6)
    assert result.solved and Board.parse("123456708").apply(result.path) == Board.goal(3)
    assert len(result.path) <= 5000


@pytest.mark.parametrize("algorithm", STORING)
def test_memory_budget_stops_every_storing_search(algorithm):
    h = "zero" if ALGORITHMS[algorithm].informed else None  # an uninformed search takes none
    result = solve(DEEP, None, algorithm, h, max_stored=2000)
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == "memory budget"
    assert 2000 - 50 <= result.stats.max_stored <= 2000 + 3
    assert result.options["max_stored"] == 2000


@pytest.mark.parametrize("algorithm", ["idastar", "iddfs-h", "iddfs", "iddfs-tree", "rbfs"])
def test_memory_budget_bounds_the_path_of_depth_first_searches(algorithm):
    h = "manhattan" if ALGORITHMS[algorithm].informed else None
    result = solve(DEEP, None, algorithm, h, max_stored=10, max_nodes=10**6)
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == "memory budget"
    assert result.stats.max_stored <= 10 + 3


def test_a_real_memory_error_becomes_the_memory_budget():
    class Exhausting(Observer):
        def on_expand(self, state, g, h):
            raise MemoryError

    for algorithm in ("astar", "bfs", "idastar", "iddfs"):
        result = solve(DEEP, None, algorithm, observer=Exhausting())
        assert result.status is Status.BUDGET_EXCEEDED and result.reason == "memory budget"
    assert gc.isenabled()


def test_default_memory_budget_comes_from_the_available_memory(monkeypatch):
    assert default_max_stored() >= 100_000
    monkeypatch.setattr(common, "available_memory", lambda: 4 * 10**9)
    expected = int(common.MEMORY_SHARE * 4 * 10**9) // common.BYTES_PER_STATE
    assert default_max_stored() == expected
    result = solve(DEEP, None, "astar")
    assert result.options["max_stored"] == expected


def test_time_budget_on_an_instance_that_needs_far_more():
    """A* with Manhattan needs minutes and gigabytes here; one second must stop it."""
    result = solve(*HARD_4X4, "astar", "manhattan", max_seconds=1)
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == "time budget"
    assert result.stats.expanded > 0
    assert gc.isenabled()


@pytest.mark.parametrize(
    "algorithm, options, name",
    [
        ("astar", {"max_seconds": "5"}, "max_seconds"),
        ("astar", {"max_seconds": float("nan")}, "max_seconds"),
        ("astar", {"max_seconds": True}, "max_seconds"),
        ("astar", {"max_nodes": True}, "max_nodes"),
        ("astar", {"max_nodes": 2.5}, "max_nodes"),
        ("bfs", {"max_stored": 0}, "max_stored"),
        ("bfs", {"max_stored": "many"}, "max_stored"),
        ("weighted-astar", {"weight": "2"}, "weight"),
        ("weighted-astar", {"weight": float("nan")}, "weight"),
        ("dls", {"limit": float("nan")}, "limit"),
        ("dls", {"limit": True}, "limit"),
        ("dls", {"limit": "3"}, "limit"),
        ("bfs", {"weight": 2}, "weight"),
        ("astar", {"limit": 3}, "limit"),
    ],
)
def test_bad_arguments_are_eightlab_errors_naming_them(algorithm, options, name):
    with pytest.raises(EightlabError, match=name):
        solve("283104765", "123804765", algorithm, **options)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
@pytest.mark.parametrize(
    "tiles, rows, cols",
    [((2, 3, 1, 0), 4, 1), ((1, 2, 0, 3), 1, 4), ((0, 1, 2, 3, 4), 1, 5), ((3, 1, 2, 0), 1, 4)],
)
def test_single_row_or_column_boards_end_correctly(algorithm, tiles, rows, cols):
    """No search asserts or hangs where the tiles can never change order."""
    start, goal = Board(tiles, rows, cols), Board.goal(rows, cols)
    result = solve(start, goal, algorithm, max_seconds=20)
    in_order = [t for t in tiles if t] == sorted(t for t in tiles if t)
    if in_order:
        assert result.solved and start.apply(result.path) == goal
    else:
        assert result.status in (Status.UNSOLVABLE, Status.CUTOFF), result.status
        assert result.path is None


def test_boards_too_large_to_search_are_refused_at_once():
    from eightlab.errors import EightlabError
    from eightlab.search import solve

    board = " ".join(map(str, [*range(1, 400), 0]))  # 20x20, already at the goal
    with pytest.raises(EightlabError, match="at most 256 cells"):
        solve(board, max_seconds=5)
