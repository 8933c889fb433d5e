"""The source problems' cases, solved by BFS (both visited tables), UCS and A*."""

import pytest
from cases import CASES, HARD_4X4, KORF_GOAL

from eightlab import Board, RecordingObserver, Status, solve
from eightlab.errors import EightlabError, UnknownNameError
from eightlab.heuristics import Evaluator, Heuristic, get_heuristic
from eightlab.puzzle.instances import uniform_instances
from eightlab.puzzle.statespace import distance_table, rank_of

ALGORITHMS = ["bfs", "bfs-cantor", "ucs", "astar"]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("start, goal, length, path", CASES)
def test_source_cases_have_their_optimal_length(algorithm, start, goal, length, path):
    result = solve(start, goal, algorithm)
    assert result.status is Status.SOLVED
    assert result.length == length
    start_board = Board.parse(start)
    assert start_board.apply(result.path) == Board.parse(goal, start_board.rows, start_board.cols)
    if path is not None:
        assert result.path == path


@pytest.mark.parametrize("algorithm", ALGORITHMS + ["greedy", "weighted-astar"])
def test_unsolvable_pair_is_reported_not_searched(algorithm):
    result = solve("1 2 3 4 5 6 8 7 x", "12345678x", algorithm)
    assert result.status is Status.UNSOLVABLE
    assert result.path is None and result.length is None
    assert result.stats.expanded == 0 and result.stats.generated == 0


def test_default_goal_is_tiles_in_order_blank_last():
    assert solve("12345678x").path == ""
    assert solve("1234567x8").path == "r"


@pytest.mark.parametrize("algorithm", ["greedy", "weighted-astar"])
def test_suboptimal_algorithms_return_valid_paths(algorithm):
    result = solve("8 6 7 2 5 4 3 x 1", None, algorithm)
    assert result.solved and result.length >= 31
    assert Board.parse("8 6 7 2 5 4 3 x 1").apply(result.path) == Board.goal()


def test_weighted_astar_stays_within_its_bound():
    result = solve("8 6 7 2 5 4 3 x 1", None, "weighted-astar", weight=1.5)
    assert 31 <= result.length <= 1.5 * 31


def test_bfs_counts_add_up_and_do_not_depend_on_the_visited_table():
    result = solve("2 3 4 1 5 x 7 6 8", None, "bfs")
    s = result.stats
    assert s.generated >= s.expanded > 0
    assert s.generated - s.duplicates == s.max_stored - 1  # every other generated state is new
    assert s.max_frontier <= s.max_stored
    cantor = solve("2 3 4 1 5 x 7 6 8", None, "bfs-cantor").stats
    assert (cantor.expanded, cantor.generated, cantor.duplicates) == (
        s.expanded,
        s.generated,
        s.duplicates,
    )


def test_astar_expands_far_fewer_nodes_than_bfs():
    bfs = solve("8 6 7 2 5 4 3 x 1", None, "bfs").stats.expanded
    astar = solve("8 6 7 2 5 4 3 x 1", None, "astar").stats.expanded
    assert astar * 5 < bfs


# An instance each algorithm cannot finish in a fraction of a second: Korf's first 4x4
# board (57 moves); bfs-cantor's visited table exists for 3x3 only, so the deepest 3x3
# board (31 moves, nearly every state visited) with a budget far below its run time.
TIMED = [(a, HARD_4X4, KORF_GOAL, 0.2) for a in ("bfs", "ucs", "astar")]
TIMED += [("bfs-cantor", "8 6 7 2 5 4 3 x 1", "12345678x", 0.01)]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_node_budgets_stop_the_search_and_say_so(algorithm):
    result = solve("8 6 7 2 5 4 3 x 1", None, algorithm, max_nodes=50)
    assert result.status is Status.BUDGET_EXCEEDED and result.path is None
    assert result.stats.expanded == 50


@pytest.mark.parametrize("algorithm, start, goal, seconds", TIMED)
def test_budgets_stop_the_search_and_say_so(algorithm, start, goal, seconds):
    timed = solve(start, goal, algorithm, max_seconds=seconds)
    assert timed.status is Status.BUDGET_EXCEEDED and timed.path is None
    assert timed.stats.expanded > 0
    # not a speed test: a search ignoring its budget would run for minutes (4x4) or
    # finish (3x3); the bound is two orders of magnitude above the budget
    assert timed.stats.wall_seconds < 100 * max(seconds, 0.2)


def test_observer_sees_every_expansion():
    observer = RecordingObserver()
    result = solve("283104765", "123804765", "astar", observer=observer)
    expansions = [e for e in observer.events if e[0] == "expand"]
    generations = [e for e in observer.events if e[0] == "generate"]
    assert len(expansions) == result.stats.expanded
    assert len(generations) == result.stats.generated - result.stats.duplicates
    assert expansions[0][1] == Board.parse("283104765")


def test_unknown_names_and_bad_options_raise_eightlab_errors():
    with pytest.raises(UnknownNameError, match="unknown algorithm 'dfs'"):
        solve("283104765", None, "dfs")
    with pytest.raises(UnknownNameError, match="unknown heuristic 'euclid'"):
        solve("283104765", None, "astar", "euclid")
    with pytest.raises(EightlabError, match="weight >= 1"):
        solve("283104765", None, "weighted-astar", weight=0.5)


def test_a_result_row_is_one_flat_record_of_the_run():
    row = solve("283104765", "123804765").to_row()
    assert row["length"] == 4 and row["status"] == "solved"
    assert row["start"] == "283104765" and row["goal"] == "123804765"
    assert {"expanded", "generated", "wall_seconds", "cpu_seconds"} <= set(row)


def test_non_square_boards_are_solved():
    start = Board.parse("1 2 3 4 x 5", rows=2, cols=3)
    goal = Board.goal(2, 3)
    for algorithm in ALGORITHMS:
        assert solve(start, goal, algorithm).path == "r"


def _inconsistent_manhattan() -> Heuristic:
    """Manhattan where the blank sits on an even cell, else 0: admissible, inconsistent.

    h drops from the full Manhattan distance to 0 and back along single moves, so
    |h(s) - h(s')| > 1 on many edges; A* must reopen closed states to stay optimal.
    """

    def bind(goal):
        manhattan = get_heuristic("manhattan").bind(goal)
        k, mask = manhattan.bits, manhattan.mask

        def h(state):
            blank = next(p for p in range(goal.size) if not (state >> (k * p)) & mask)
            return manhattan(state) if blank % 2 == 0 else 0

        return Evaluator(h, goal.size)

    return Heuristic("inconsistent-manhattan", "test only", True, False, bind)


def test_astar_reopens_closed_states_and_stays_optimal_with_an_inconsistent_heuristic():
    h = _inconsistent_manhattan()
    goal = Board.goal()
    distances = distance_table(goal)
    reopened = 0
    for board in uniform_instances(60, 11, goal):
        result = solve(board, goal, "astar", h)
        assert result.length == distances[rank_of(board)], board
        assert board.apply(result.path) == goal
        reopened += result.stats.reopened
    assert reopened > 0  # the instance set does exercise reopening


@pytest.mark.parametrize(
    "options, message",
    [
        ({"max_nodes": -1}, "max_nodes must be"),
        ({"max_nodes": 2.5}, "max_nodes must be"),
        ({"max_seconds": 0}, "max_seconds must be"),
        ({"max_seconds": float("nan")}, "max_seconds must be"),
    ],
)
def test_bad_budgets_are_refused(options, message):
    with pytest.raises(EightlabError, match=message):
        solve("283104765", None, "astar", **options)


@pytest.mark.parametrize("weight", [float("inf"), float("nan"), 0.99])
def test_weighted_astar_refuses_weights_that_are_not_finite_and_at_least_1(weight):
    with pytest.raises(EightlabError, match="finite weight >= 1"):
        solve("283104765", None, "weighted-astar", weight=weight)


def test_infinite_time_budget_is_refused_use_none():
    with pytest.raises(EightlabError, match="finite number > 0"):
        solve("283104765", None, "astar", max_seconds=float("inf"))
