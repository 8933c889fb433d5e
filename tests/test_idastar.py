"""IDA*: known answers, the lexicographic mode against a BFS oracle, counts, budgets."""

import random
from itertools import pairwise

import oracle
import pytest
from oracle import lexsmallest_shortest_path

from eightlab import Board, EightlabError, Status, solve
from eightlab.cli import main
from eightlab.heuristics import MANHATTAN, Evaluator, Heuristic
from eightlab.search import ALGORITHMS, RecordingObserver
from eightlab.search.bestfirst import astar_search as astar
from eightlab.search.idastar import idastar_search as idastar

# ------------------------------------------------------------ an independent oracle
# tests/oracle.py: plain tuples and row/column arithmetic, sharing no code with eightlab.

SIDE = 3


def neighbours(tiles):
    """(move, tiles) one move of the blank away on a 3x3 board, in the order d, l, r, u."""
    return oracle.neighbours(tiles, 3, 3)


def distances_to(goal):
    """Exact distance to ``goal`` of every 3x3 board that can reach it."""
    return oracle.distances(goal, 3, 3)


def random_goals(n, seed=20261130):
    """``n`` seeded random goals (the same first ones for every ``n``)."""
    rng = random.Random(seed)
    return [tuple(rng.sample(range(9), 9)) for _ in range(n)]


def random_pairs(n_goals, per_goal, seed):
    """Seeded (start, goal) tile tuples: random goals, starts uniform or by random walks."""
    rng = random.Random(seed)
    pairs = []
    for goal in random_goals(n_goals):
        reachable = sorted(distances_to(goal))
        for i in range(per_goal):
            if i % 2:
                start = rng.choice(reachable)
            else:  # short walks: small distances, many shortest paths to choose among
                start = goal
                for _ in range(rng.randint(1, 24)):
                    start = rng.choice(neighbours(start))[1]
            pairs.append((start, goal))
    return pairs


def text(tiles):
    return "".join(map(str, tiles))


# ------------------------------------------------------------------ known answers


@pytest.mark.parametrize(
    "start, goal, path",
    [
        ("1x2753846", "12345678x", "ddlururdd"),
        ("12X453786", "12345678X", "dd"),
        ("564178X23", "7568X4123", "urrulldr"),
        ("123405786", "123456780", "rd"),
        ("123485706", "123456780", "urd"),
        ("283104765", "283104765", ""),
    ],
)
def test_known_lexicographic_paths(start, goal, path):
    result = idastar(start, goal, lexicographic=True)
    assert result.status is Status.SOLVED
    assert result.path == path
    assert Board.parse(start).apply(result.path) == Board.parse(goal)


@pytest.mark.parametrize(
    "start, goal, length",
    [("8 6 7 2 5 4 3 x 1", None, 31), ("867254301", None, 31), ("531408627", "123804765", 30)],
)
def test_known_shortest_lengths(start, goal, length):
    result = idastar(start, goal)
    assert result.length == length
    goal_board = Board.goal(3) if goal is None else Board.parse(goal)
    assert Board.parse(start).apply(result.path) == goal_board


def test_start_equal_to_goal_is_an_empty_path_with_nothing_expanded():
    result = idastar("123456780", "123456780", lexicographic=True)
    assert result.path == "" and result.solved
    assert result.stats.expanded == result.stats.generated == 0
    assert result.stats.thresholds == [0] and result.stats.iterations == 1


def test_unsolvable_pair_is_reported_without_searching():
    result = idastar("123456870", "123456780")
    assert result.status is Status.UNSOLVABLE and result.path is None
    assert result.stats.expanded == 0


# ------------------------------------------------------- lexicographic vs the oracle


def test_lexicographic_paths_equal_the_bfs_oracle_on_300_random_pairs():
    pairs = random_pairs(n_goals=6, per_goal=50, seed=20261130)
    assert len(pairs) == 300
    lengths = set()
    for start, goal in pairs:
        expected = lexsmallest_shortest_path(start, goal)
        result = idastar(text(start), text(goal), lexicographic=True)
        assert result.path == expected, (text(start), text(goal))
        lengths.add(len(expected))
    assert len(lengths) > 15  # the pairs span short and long distances


def test_default_mode_returns_the_same_shortest_paths():
    for start, goal in random_pairs(n_goals=3, per_goal=8, seed=7):
        result = idastar(text(start), text(goal))
        assert result.path == lexsmallest_shortest_path(start, goal)


def test_misplaced_tiles_gives_the_same_lexicographic_paths():
    for start, goal in random_pairs(n_goals=2, per_goal=6, seed=11):
        if distances_to(goal)[start] > 18:
            continue  # keep the weaker heuristic's search short
        result = idastar(text(start), text(goal), "misplaced", lexicographic=True)
        assert result.path == lexsmallest_shortest_path(start, goal)


def test_lexicographic_mode_refuses_an_inadmissible_heuristic():
    doubled = Heuristic(
        "doubled-manhattan", "2 x Manhattan", False, False,
        lambda goal: Evaluator(lambda s: 2 * MANHATTAN.bind(goal)(s), goal.size),
    )  # fmt: skip
    with pytest.raises(EightlabError, match="admissible"):
        idastar("1x2753846", "12345678x", doubled, lexicographic=True)
    assert idastar("1x2753846", "12345678x", doubled).solved


# ------------------------------------------------------------------------- counts


def reference_idastar(start, goal):
    """A plain IDA* on tuples with Manhattan from scratch: (path, expanded, generated, bounds)."""
    home = {t: divmod(p, SIDE) for p, t in enumerate(goal)}

    def h(tiles):
        return sum(
            abs(r - home[t][0]) + abs(c - home[t][1])
            for p, t in enumerate(tiles)
            if t
            for r, c in [divmod(p, SIDE)]
        )

    undo = {"d": "u", "u": "d", "l": "r", "r": "l"}
    counts = {"expanded": 0, "generated": 0}

    def visit(tiles, g, last, bound, path):
        if tiles == goal:
            return path
        counts["expanded"] += 1
        smallest = float("inf")
        for move, child in neighbours(tiles):
            if last and move == undo[last]:
                continue
            counts["generated"] += 1
            f = g + 1 + h(child)
            if f > bound:
                smallest = min(smallest, f)
                continue
            found = visit(child, g + 1, move, bound, path + move)
            if isinstance(found, str):
                return found
            smallest = min(smallest, found)
        return smallest

    bounds = [h(start)]
    while True:
        found = visit(start, 0, None, bounds[-1], "")
        if isinstance(found, str):
            return found, counts["expanded"], counts["generated"], bounds
        bounds.append(found)


def test_counts_and_thresholds_match_a_plain_reference_implementation():
    for start, goal in random_pairs(n_goals=2, per_goal=6, seed=3):
        path, expanded, generated, bounds = reference_idastar(start, goal)
        stats = idastar(text(start), text(goal)).stats
        assert (stats.expanded, stats.generated, stats.thresholds) == (expanded, generated, bounds)
        assert stats.iterations == len(bounds)
        assert stats.duplicates == stats.reopened == 0
        assert stats.max_frontier == len(path) and stats.max_stored == len(path) + 1


def test_manhattan_thresholds_rise_by_two_on_the_3x3_board():
    stats = idastar("8 6 7 2 5 4 3 x 1").stats
    assert stats.thresholds[0] == MANHATTAN("8 6 7 2 5 4 3 x 1")
    assert all(b - a == 2 for a, b in pairwise(stats.thresholds))
    assert stats.thresholds[-1] == 31
    assert stats.expanded > 0 and stats.generated > stats.expanded


def opaque(heuristic):
    """The same h without per-tile costs, so IDA* must call the evaluator."""

    def bind(goal):
        inner = heuristic.bind(goal)
        return Evaluator(inner, goal.size)

    return Heuristic("opaque-" + heuristic.name, "", True, True, bind)


def test_heuristics_without_tile_costs_give_the_same_search():
    for start in ("8 6 7 2 5 4 3 x 1", "1x2753846", "531408627"):
        fast = idastar(start, "123804765" if start == "531408627" else None)
        slow = idastar(start, fast.goal, opaque(MANHATTAN))
        assert slow.path == fast.path
        assert (slow.stats.expanded, slow.stats.generated) == (
            fast.stats.expanded,
            fast.stats.generated,
        )
        assert slow.stats.thresholds == fast.stats.thresholds


def test_observer_sees_every_pass_expansion_and_generation():
    observer = RecordingObserver()
    plain = idastar("531408627", "123804765")
    seen = idastar("531408627", "123804765", observer=observer)
    assert seen.path == plain.path
    kinds = [event[0] for event in observer.events]
    assert kinds.count("iteration") == seen.stats.iterations
    assert kinds.count("expand") == seen.stats.expanded == plain.stats.expanded
    assert kinds.count("generate") == seen.stats.generated == plain.stats.generated
    assert [e[1] for e in observer.events if e[0] == "iteration"] == seen.stats.thresholds
    first = next(e for e in observer.events if e[0] == "expand")
    assert first[1] == Board.parse("531408627") and first[2] == 0
    for _, parent, move, child, g, h in (e for e in observer.events if e[0] == "generate"):
        assert parent.apply(move) == child and g >= 1
        assert h == MANHATTAN(child, Board.parse("123804765"))


# ------------------------------------------------------------------------ budgets


def test_node_budget_stops_the_search_at_that_many_expansions():
    result = idastar("8 6 7 2 5 4 3 x 1", max_nodes=100)
    assert result.status is Status.BUDGET_EXCEEDED and result.path is None
    assert result.stats.expanded == 100
    assert idastar("8 6 7 2 5 4 3 x 1", max_nodes=0).status is Status.BUDGET_EXCEEDED


def test_time_budget_stops_a_search_that_would_run_for_long():
    result = idastar("8 6 7 2 5 4 3 x 1", heuristic="zero", max_seconds=0.05)
    assert result.status is Status.BUDGET_EXCEEDED
    assert result.reason == "time budget"
    assert result.stats.iterations == len(result.stats.thresholds) > 1


# ----------------------------------------------------------- other sizes, registry


def test_4x4_paths_are_as_short_as_astar_finds():
    rng = random.Random(5)
    goal = Board.goal(4)
    for _ in range(5):
        start = goal
        for _ in range(30):
            start = start.apply(rng.choice(start.legal_moves()))
        result = idastar(start, goal)
        assert start.apply(result.path) == goal
        assert result.length == astar(start, goal).length


def test_registered_and_reachable_from_solve_and_the_command_line(capsys):
    spec = ALGORITHMS["idastar"]
    assert spec.informed and spec.optimal and "lexicographic" in spec.options
    assert solve("1x2753846", "12345678x", "idastar", lexicographic=True).path == "ddlururdd"
    assert main(["solve", "1x2753846", "--algorithm", "idastar", "--lexicographic"]) == 0
    assert "path: ddlururdd" in capsys.readouterr().out


# ------------------------------------------------------------- the outer loop
class ScriptedPass:
    """A pass that returns scripted answers and adds ``bound`` expansions per pass."""

    def __init__(self, answers, stop_in=None):
        self.answers, self.stop_in = list(answers), stop_in
        self.expanded = self.generated = self.deepest = 0

    def __call__(self, bound):
        from eightlab.search.budget import NODE_BUDGET, OutOfBudget

        self.expanded += bound
        self.generated += 2 * bound
        self.deepest = max(self.deepest, bound)
        if len(self.answers) == self.stop_in:
            raise OutOfBudget(NODE_BUDGET)
        return self.answers.pop(0)

    def counts(self):
        return self.expanded, self.generated, self.deepest


def test_the_outer_loop_takes_any_pass_and_leaves_a_row_per_pass():
    from eightlab.search.budget import Budget
    from eightlab.search.idastar import iterate
    from eightlab.search.result import SearchStats

    one_pass, stats = ScriptedPass([7, 9, -1]), SearchStats()
    assert iterate(stats, Budget(), 5, False, one_pass, one_pass.counts, lambda: "dr") == "dr"
    assert stats.thresholds == [5, 7, 9] and stats.iterations == 3
    assert [(r["threshold"], r["expanded"], r["generated"]) for r in stats.per_iteration] == [
        (5, 5, 10), (7, 7, 14), (9, 9, 18),
    ]  # fmt: skip
    assert (stats.expanded, stats.generated, stats.max_frontier, stats.max_stored) == (
        21, 42, 9, 10,
    )  # fmt: skip


def test_the_outer_loop_ends_exhausted_or_out_of_budget_with_the_cut_pass_row():
    from eightlab.search.budget import Budget, Exhausted, OutOfBudget
    from eightlab.search.idastar import NO_BOUND, iterate
    from eightlab.search.result import SearchStats

    one_pass, stats = ScriptedPass([6, NO_BOUND]), SearchStats()
    with pytest.raises(Exhausted):
        iterate(stats, Budget(), 4, False, one_pass, one_pass.counts, lambda: "")
    assert stats.thresholds == [4, 6] and len(stats.per_iteration) == 2
    one_pass, stats = ScriptedPass([6, 8], stop_in=1), SearchStats()
    with pytest.raises(OutOfBudget):
        iterate(stats, Budget(), 4, False, one_pass, one_pass.counts, lambda: "")
    assert [r["expanded"] for r in stats.per_iteration] == [4, 6] and stats.expanded == 10
    stats = SearchStats()
    assert iterate(stats, Budget(), 0, True, one_pass, one_pass.counts, lambda: "x") == ""
    assert stats.thresholds == [0] and stats.per_iteration == []
