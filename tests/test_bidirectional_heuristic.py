"""MM, NBS, GBFHS, the naive bidirectional A* and the exact bidirectional lower bound.

Optimality on the oracle's boards with every admissible heuristic is checked by
``tests/test_oracle.py``, which picks the registered optimal algorithms up; here: the
command line, budgets, the per-direction counts, the naive search's counterexample, the
must-expand bound against a brute-force cover, and NBS within twice the bound.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import oracle
import pytest
from searching import solve  # the heuristic only for informed searches

from eightlab import Board, RecordingObserver, Status
from eightlab.analysis.mustexpand import (
    grouped_cover,
    minimum_vertex_cover,
    must_expand,
    must_expand_graph,
    threshold_cover,
)
from eightlab.errors import EightlabError
from eightlab.puzzle.instances import instances_at_depths, uniform_instances
from eightlab.puzzle.statespace import exact_distance
from eightlab.search import ALGORITHMS

BIDIRECTIONAL = ("mm", "nbs", "gbfhs")
GOAL = Board.goal(3)
DEEP = "8 6 7 2 5 4 3 x 1"  # 31 moves from 12345678x
KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"  # 57 moves from KORF_1_GOAL
KORF_1_GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

#: Found by running the naive search over the oracle's depth ladder
#: (``instances_at_depths(range(32), 1, 20261130)``): the first rung where it is wrong.
NAIVE_WRONG = (("781425063", "manhattan", 22, 28), ("423876015", "misplaced", 16, 20))


def test_the_registry_says_which_are_optimal_and_what_their_guarantee_needs():
    for name in BIDIRECTIONAL:
        spec = ALGORITHMS[name]
        assert spec.informed and spec.optimal
        assert "admissible" in spec.description
    assert "consistent" in ALGORITHMS["nbs"].description
    naive = ALGORITHMS["bidirectional-astar-naive"]
    assert not naive.optimal and "NOT OPTIMAL" in naive.description
    assert "not optimal" in naive.label


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL)
def test_solve_from_the_command_line_prints_an_optimal_path(algorithm):
    run = subprocess.run(
        [sys.executable, "-m", "eightlab", "solve", "423876015", "-a", algorithm, "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["algorithm"] == algorithm and answer["status"] == "solved"
    assert answer["length"] == exact_distance("423876015")
    assert answer["stats"]["per_direction"]["meeting"]


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL)
@pytest.mark.parametrize("heuristic", ["zero", "misplaced", "manhattan", "linear-conflict"])
def test_optimal_on_deep_and_random_boards(algorithm, heuristic):
    boards = instances_at_depths([17, 22, 26], 1, 7, GOAL) + uniform_instances(3, 8, GOAL)
    for board in boards:
        result = solve(board, GOAL, algorithm, heuristic)
        assert result.solved and result.length == exact_distance(board), board
        assert board.apply(result.path) == GOAL


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL + ("bidirectional-astar-naive",))
def test_per_direction_counts_add_up_and_the_meeting_is_on_the_path(algorithm):
    board = Board.parse("781425063")
    result = solve(board, GOAL, algorithm, "manhattan")
    sides = result.stats.per_direction
    forward, backward = sides["forward"], sides["backward"]
    assert forward["expanded"] + backward["expanded"] == result.stats.expanded
    assert forward["generated"] + backward["generated"] == result.stats.generated
    assert forward["expanded"] > 0 and backward["expanded"] > 0
    for side in (forward, backward):
        assert sum(side["g_expanded"]) == side["expanded"]
    assert sides["cost"] == result.length and sides["termination"]
    visited = [board]
    for move in result.path:
        visited.append(visited[-1].move(move))
    assert Board.parse(sides["meeting"]) in visited
    row = result.to_row()
    assert row["expanded_forward"] == forward["expanded"] and row["meeting"] == sides["meeting"]
    if algorithm == "mm":  # MM never expands a node with g >= C*/2 before it stops
        assert len(forward["g_expanded"]) <= result.length // 2 + 1


def test_mm_meets_in_the_middle_without_a_heuristic():
    result = solve(DEEP, None, "mm", "zero")
    sides = result.stats.per_direction
    for side in ("forward", "backward"):
        assert len(sides[side]["g_expanded"]) - 1 <= result.length / 2


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL + ("bidirectional-astar-naive",))
def test_observer_sees_both_sides(algorithm):
    observer = RecordingObserver()
    result = solve("423876015", None, algorithm, "manhattan", observer=observer)
    expands = [e for e in observer.events if e[0] == "expand"]
    assert len(expands) == result.stats.expanded
    assert {e[1] for e in expands} >= {Board.parse("423876015"), GOAL}


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL + ("bidirectional-astar-naive",))
@pytest.mark.parametrize(
    "budget, reason",
    [({"max_nodes": 100}, "node budget"), ({"max_stored": 500}, "memory budget"),
     ({"max_seconds": 0.05}, "time budget")],
)  # fmt: skip
def test_budgets_stop_them_and_say_which(algorithm, budget, reason):
    # the 31-move 8-puzzle takes some of them only 0.03 s; Korf's instance 1 takes far
    # longer than the time budget, however fast the machine
    start, goal = (DEEP, None) if "max_seconds" not in budget else (KORF_1, KORF_1_GOAL)
    result = solve(start, goal, algorithm, "zero", **budget)
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == reason
    assert result.path is None
    if "max_nodes" in budget:
        assert result.stats.expanded <= 100 + 1  # NBS expands two nodes per step
    if "max_stored" in budget:
        assert result.stats.max_stored <= 500 + 3


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL + ("bidirectional-astar-naive",))
def test_a_memory_error_ends_the_search_as_the_memory_budget(algorithm, monkeypatch):
    import eightlab.search.sides as sides

    calls = {"n": 0}
    real = sides.Side.is_open

    def failing(self, state, g):
        calls["n"] += 1
        if calls["n"] > 300:
            raise MemoryError
        return real(self, state, g)

    monkeypatch.setattr(sides.Side, "is_open", failing)
    result = solve(DEEP, None, algorithm, "zero")
    assert result.status is Status.BUDGET_EXCEEDED and result.reason == "memory budget"
    assert result.stats.expanded > 0


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL + ("bidirectional-astar-naive",))
def test_start_at_the_goal_and_unsolvable_pairs(algorithm):
    assert solve(GOAL, GOAL, algorithm).path == ""
    result = solve("213456780", GOAL, algorithm)
    assert result.status is Status.UNSOLVABLE and result.reason == "parity"


@pytest.mark.parametrize("board, heuristic, optimum, naive", NAIVE_WRONG)
def test_the_naive_bidirectional_astar_returns_a_longer_path(board, heuristic, optimum, naive):
    start = Board.parse(board)
    assert exact_distance(start) == optimum
    wrong = solve(start, GOAL, "bidirectional-astar-naive", heuristic)
    assert wrong.solved and start.apply(wrong.path) == GOAL
    assert wrong.length == naive > optimum
    assert wrong.stats.per_direction["termination"] == "first meeting"
    for algorithm in BIDIRECTIONAL:
        assert solve(start, GOAL, algorithm, heuristic).length == optimum


# ------------------------------------------------------------------- the lower bound
def _brute_force_cover(graph) -> int:
    """Least cover by trying every subset S of the forward side: S and the neighbours
    of the forward nodes outside S cover every edge."""
    left = [n for n, side in graph.nodes(data="bipartite") if side == 0 and graph.degree(n)]
    assert len(left) <= 12, "too large to brute-force"
    best = None
    for k in range(len(left) + 1):
        for chosen in itertools.combinations(left, k):
            outside = set(left) - set(chosen)
            size = k + len({v for u in outside for v in graph[u]})
            best = size if best is None else min(best, size)
    return best or 0


def _small_pairs():
    """2x3 boards and short 8-puzzle boards whose must-expand graphs are small."""
    pairs = []
    goal23 = Board.goal(2, 3)
    for board in uniform_instances(25, 3, goal23):
        for heuristic in ("manhattan", "misplaced"):
            pairs.append((board, goal23, heuristic))
    for board in instances_at_depths(range(4, 15, 2), 1, 5, GOAL):
        pairs.append((board, GOAL, "manhattan"))
    return pairs


def test_the_bound_equals_a_brute_force_cover_on_small_graphs():
    checked = 0
    for board, goal, heuristic in _small_pairs():
        graph = must_expand_graph(board, goal, heuristic)
        left = [n for n, s in graph.nodes(data="bipartite") if s == 0 and graph.degree(n)]
        if len(left) > 12:
            continue
        brute = _brute_force_cover(graph)
        cover = minimum_vertex_cover(graph)
        assert all(u in cover or v in cover for u, v in graph.edges)
        assert len(cover) == brute == must_expand(board, goal, heuristic).cover, board
        checked += 1
    assert checked >= 15


def test_grouped_cover_equals_the_state_by_state_matching():
    goal23 = Board.goal(2, 3)
    for board in uniform_instances(4, 11, goal23):
        for heuristic in ("zero", "manhattan"):
            graph = must_expand_graph(board, goal23, heuristic)
            bound = must_expand(board, goal23, heuristic)
            assert len(minimum_vertex_cover(graph)) == bound.cover
            f_nodes = sum(1 for _, s in graph.nodes(data="bipartite") if s == 0)
            assert f_nodes == bound.forward_only


def test_must_expand_pairs_follow_the_rule_exactly():
    """Every pair of the graph has lb < C* (with epsilon = 1), every pair left out not."""
    board, goal = Board.parse("4 1 2 5 0 3", 2, 3), Board.goal(2, 3)
    graph = must_expand_graph(board, goal, "manhattan")
    cost = graph.graph["cost"]
    forward = [n for n, s in graph.nodes(data="bipartite") if s == 0]
    backward = [n for n, s in graph.nodes(data="bipartite") if s == 1]
    for u in forward:
        for v in backward:
            rule = graph.nodes[u]["g"] + graph.nodes[v]["g"] + 1 < cost
            assert graph.has_edge(u, v) == rule


def test_closed_form_and_flow_agree_and_epsilon_zero_bounds_more():
    # groups g = 0, 1, 2 of sizes 1, 4, 8 forward and 1, 2, 4 backward, C* = 5: the
    # whole backward side (7) beats 1 + 4 forward and 1 + 2 backward (8)
    assert threshold_cover([1, 4, 8], [1, 2, 4], 5, 1) == (7, 0)
    for board in instances_at_depths([10, 16, 20], 2, 9, GOAL):
        for heuristic in ("zero", "manhattan"):
            one, zero = (
                must_expand(board, GOAL, heuristic, 1),
                must_expand(board, GOAL, heuristic, 0),
            )
            assert zero.cover >= one.cover
            for bound in (one, zero):
                flow = grouped_cover(bound.forward, bound.backward, bound.cost, bound.epsilon)
                assert flow == bound.cover
    with pytest.raises(EightlabError, match="epsilon"):
        must_expand(DEEP, None, "zero", epsilon=2)
    with pytest.raises(EightlabError, match="cannot reach"):
        must_expand("213456780", GOAL, "zero")


def test_nbs_expands_at_most_twice_the_bound_below_c_star():
    """Chen et al. 2017: with a consistent heuristic NBS expands at most 2|VC| nodes among
    the pairs with lb < C* (pairs at lb = C* are the ties the theorem leaves out)."""
    boards = instances_at_depths([6, 12, 18, 22], 2, 13, GOAL) + uniform_instances(4, 14, GOAL)
    for heuristic in ("zero", "misplaced", "manhattan"):
        for board in boards:
            bound = must_expand(board, GOAL, heuristic)
            result = solve(board, GOAL, "nbs", heuristic)
            lb = result.stats.per_direction["lb_expanded"]
            below = sum(n for value, n in lb.items() if value < bound.cost)
            assert below <= 2 * bound.cover, (board, heuristic, below, bound.cover)
            assert sum(lb.values()) == result.stats.expanded
            others = ("mm", "gbfhs") + (("astar",) if heuristic != "zero" else ())
            for name in others:  # no admissible search beats the bound
                assert solve(board, GOAL, name, heuristic).stats.expanded >= bound.cover


# ------------------------------------------------------------------- the notebook
def test_the_notebook_runs_with_tiny_parameters(tmp_path):
    from pathlib import Path

    import pandas as pd

    from eightlab.cli import main

    notebooks = Path(__file__).resolve().parent.parent / "notebooks"
    args = ["run", "--only", "bidirectional", "--notebooks", str(notebooks),
            "--results", str(tmp_path), "-p", "depths", "[5, 11]", "-p", "per_depth", "1",
            "-p", "heuristics", "[zero, manhattan]", "-p", "grid_depth", "9",
            "-p", "algorithms", "[bfs, astar, mm, nbs]", "-p", "korf_instances", "[]"]  # fmt: skip
    assert main(args) == 0
    (folder,) = [p for p in tmp_path.iterdir() if p.name.startswith("bidirectional--custom-")]
    runs = pd.read_csv(folder / "runs.csv")
    assert set(runs.algorithm) == {"bfs", "astar", "mm", "nbs"}
    assert (runs.length == runs.depth).all()
    nbs = runs[runs.algorithm == "nbs"]
    assert (nbs.below_c_star <= 2 * nbs.cover).all()
    bound = pd.read_csv(folder / "bound.csv")
    assert len(bound) == 2 * 2 and (bound.cover <= bound.forward_only).all()
    for figure in ("ratio_to_bound", "g_cost_grid"):
        assert (folder / f"{figure}.png").stat().st_size > 1000


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3)])
def test_optimal_on_every_board_of_the_small_puzzles(rows, cols):
    """Every solvable 2x2 and 2x3 board (where one side can run dry before U is proved)."""
    goal = Board.goal(rows, cols)
    distances = oracle.distances(goal.tiles, rows, cols)
    for tiles, expected in distances.items():
        for algorithm in BIDIRECTIONAL:
            for heuristic in ("zero", "manhattan"):
                result = solve(Board(tiles, rows, cols), goal, algorithm, heuristic)
                assert result.solved and result.length == expected, (tiles, algorithm)


def _inconsistent_heuristic():
    """Manhattan distance on about half the states (by a hash of the packed state), 0 on
    the others: admissible, not consistent (h drops from Manhattan to 0 in one move)."""
    from eightlab.heuristics import Evaluator, Heuristic, get_heuristic

    def binder(goal):
        manhattan = get_heuristic("manhattan").bind(goal)
        return Evaluator(lambda s: manhattan(s) if (s * 2654435761) >> 7 & 1 else 0, goal.size)

    return Heuristic("half-manhattan", "test only", True, False, binder)


@pytest.mark.parametrize("algorithm", BIDIRECTIONAL)
def test_optimal_with_an_admissible_but_inconsistent_heuristic(algorithm):
    heuristic = _inconsistent_heuristic()
    reopened = 0
    for board in instances_at_depths([12, 18, 24], 3, 21, GOAL):
        result = solve(board, GOAL, algorithm, heuristic)
        assert result.solved and result.length == exact_distance(board), board
        assert board.apply(result.path) == GOAL
        reopened += result.stats.reopened
    assert reopened > 0  # closed states reached more cheaply were reopened
