"""Bidirectional BFS, depth-limited / iterative deepening / g+h-bounded deepening, RBFS.

Known answers of the source problems, agreement with ``bfs`` on seeded random
instances, budgets, observer events, counts, and non-square boards.
"""

import random
import subprocess
import sys

import pytest
from cases import CASES, SHALLOW_CASES
from searching import solve  # the heuristic only for informed searches

from eightlab import Board, RecordingObserver, Status
from eightlab.errors import EightlabError, UnknownNameError
from eightlab.heuristics import MANHATTAN
from eightlab.puzzle.instances import random_walk_instance
from eightlab.search import ALGORITHMS
from eightlab.search.iddfs import DIAMETERS, depth_limited_search

NEW = ["bidirectional-bfs", "dls", "iddfs", "iddfs-tree", "iddfs-h", "rbfs"]
OPTIMAL = ["bidirectional-bfs", "iddfs", "iddfs-h", "rbfs"]
EXPONENTIAL = {"dls", "iddfs"}  # uninformed tree searches: only on shallow instances
# (algorithm, case) pairs: the uninformed tree searches are exponential in the depth
ALGORITHM_CASES = [
    (algorithm, *case)
    for algorithm in OPTIMAL
    for case in (SHALLOW_CASES if algorithm in EXPONENTIAL else CASES)
]
DEEP = "8 6 7 2 5 4 3 x 1"  # 31 moves from 12345678x


def boards(start, goal):
    start_board = Board.parse(start)
    return start_board, Board.parse(goal, start_board.rows, start_board.cols)


def assert_solves(result, start, goal):
    """The result is solved and its path really leads from start to goal."""
    assert result.status is Status.SOLVED
    assert start.apply(result.path) == goal


# ------------------------------------------------------------------ registry


def test_registry_entries():
    for name in NEW:
        assert name in ALGORITHMS
    assert not ALGORITHMS["bidirectional-bfs"].informed
    assert not ALGORITHMS["iddfs"].informed and ALGORITHMS["iddfs"].optimal
    assert not ALGORITHMS["dls"].optimal and ALGORITHMS["dls"].options == ("limit",)
    assert ALGORITHMS["iddfs-h"].informed and ALGORITHMS["iddfs-h"].optimal
    assert ALGORITHMS["rbfs"].informed and ALGORITHMS["rbfs"].optimal


def test_every_record_says_its_family_and_how_it_orders_its_frontier():
    from eightlab.search.registry import ALGORITHM_FAMILIES

    for name, spec in ALGORITHMS.items():
        assert spec.family in ALGORITHM_FAMILIES, name
        assert (spec.order is None) == spec.bidirectional, name
        if spec.depth_first:  # the newest node first
            assert spec.family == "depth-first"
            key = spec.frontier_key()
            assert key(1, 0, 2) < key(1, 0, 1)
    assert [n for n, a in ALGORITHMS.items() if a.backs_up] == ["rbfs"]
    # the weight and the tie rule of a run reach the key
    weighted = ALGORITHMS["weighted-astar"].frontier_key(weight=3)
    assert (
        weighted(1, 2, 5)[0] == 7 and ALGORITHMS["weighted-astar"].frontier_key()(1, 2, 5)[0] == 5
    )
    astar = ALGORITHMS["astar"]
    assert astar.frontier_key()(2, 1, 7) < astar.frontier_key()(1, 2, 3)  # larger g first
    assert astar.frontier_key(tie_breaking="smaller-g")(1, 2, 3) < astar.frontier_key(
        tie_breaking="smaller-g"
    )(2, 1, 7)


def test_search_modules_are_imported_when_first_called():
    code = (
        "import sys, eightlab; eightlab.solve('283104765', '123804765'); "
        "print(sorted(m for m in sys.modules if m.startswith('eightlab.search.')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    loaded = run.stdout.strip().splitlines()[-1]
    assert "eightlab.search.bestfirst" in loaded
    for other in ("idastar", "rbfs", "mm", "nbs", "gbfhs", "iddfs", "compiled"):
        assert f"eightlab.search.{other}" not in loaded


# -------------------------------------------------------------- known cases


@pytest.mark.parametrize("algorithm, start, goal, length, path", ALGORITHM_CASES)
def test_source_cases_have_their_optimal_length(algorithm, start, goal, length, path):
    result = solve(start, goal, algorithm, "manhattan")
    assert result.algorithm == algorithm
    assert result.length == length
    assert_solves(result, *boards(start, goal))
    if path is not None:
        assert result.path == path


@pytest.mark.parametrize("start, goal, length, path", SHALLOW_CASES)
def test_depth_limited_search_at_the_optimal_depth(start, goal, length, path):
    result = solve(start, goal, "dls", limit=length)
    assert result.length == length  # no shorter path exists, and none longer is allowed
    assert_solves(result, *boards(start, goal))
    if length:
        cut = solve(start, goal, "dls", limit=length - 1)
        assert cut.status is Status.CUTOFF and cut.path is None
        assert cut.reason == "depth limit"


@pytest.mark.parametrize("start, goal", [("283104765", "123804765"), ("564178X23", "7568X4123")])
def test_depth_limited_search_default_limit_is_the_diameter(start, goal):
    result = depth_limited_search(start, goal)
    assert result.stats.thresholds == [31] == [DIAMETERS[3, 3]]
    assert_solves(result, *boards(start, goal))
    assert result.length <= 31
    assert (result.length - solve(start, goal, "bfs").length) % 2 == 0  # parity of the blank


@pytest.mark.parametrize("algorithm", NEW)
def test_unsolvable_pair_is_reported_not_searched(algorithm):
    result = solve("1 2 3 4 5 6 8 7 x", "12345678x", algorithm)
    assert result.status is Status.UNSOLVABLE
    assert result.path is None and result.stats.expanded == 0


def test_default_goal():
    for algorithm in OPTIMAL:
        assert solve("1234567x8", None, algorithm).path == "r"
    dls = solve("1234567x8", None, "dls")  # the first goal in move order d, l, r, u
    assert_solves(dls, Board.parse("1234567x8"), Board.goal())
    assert dls.path == "lurd" * 6 + "r"


# --------------------------------------------------- agreement with BFS


def test_optimal_lengths_agree_with_bfs_on_random_instances():
    rng = random.Random(20240611)
    goal = Board.goal()
    checked = 0
    for _ in range(100):
        start = random_walk_instance(goal, 24, rng)
        expected = solve(start, goal, "bfs").length
        for algorithm in ("bidirectional-bfs", "iddfs-h", "rbfs"):
            result = solve(start, goal, algorithm, "manhattan")
            assert result.length == expected, (algorithm, str(start))
            assert_solves(result, start, goal)
            checked += 1
    assert checked == 300


def test_iddfs_agrees_with_bfs_on_random_walks_of_12_moves():
    rng = random.Random(7)
    goal = Board.parse("123804765")
    for _ in range(60):
        start = random_walk_instance(goal, 12, rng)
        expected = solve(start, goal, "bfs").length
        result = solve(start, goal, "iddfs")
        assert result.length == expected, str(start)
        assert_solves(result, start, goal)
        dls = solve(start, goal, "dls", limit=expected + 2)
        assert_solves(dls, start, goal)
        assert dls.length in (expected, expected + 2)


@pytest.mark.parametrize("heuristic", ["misplaced", "zero"])
def test_informed_families_are_optimal_with_weaker_heuristics(heuristic):
    rng = random.Random(11)
    goal = Board.goal()
    for _ in range(10):
        start = random_walk_instance(goal, 14, rng)
        expected = solve(start, goal, "bfs").length
        for algorithm in ("iddfs-h", "rbfs"):
            result = solve(start, goal, algorithm, heuristic)
            assert result.length == expected, (algorithm, str(start))
            assert_solves(result, start, goal)


# --------------------------------------------------------- non-square boards


@pytest.mark.parametrize("rows, cols", [(2, 3), (3, 2)])
def test_non_square_boards(rows, cols):
    rng = random.Random(rows * 10 + cols)
    goal = Board.goal(rows, cols)
    starts = [random_walk_instance(goal, 30, rng) for _ in range(12)]
    for start in starts:
        expected = solve(start, goal, "bfs").length
        for algorithm in OPTIMAL:
            result = solve(start, goal, algorithm, "manhattan")
            assert result.length == expected, (algorithm, str(start))
            assert_solves(result, start, goal)
        dls = solve(start, goal, "dls")  # default limit: the 2x3 diameter, 21
        assert dls.stats.thresholds == [21]
        assert_solves(dls, start, goal)
    unsolvable = Board((2, 1, 3, 4, 5, 0), rows, cols)
    assert solve(unsolvable, goal, "bidirectional-bfs").status is Status.UNSOLVABLE


@pytest.mark.parametrize(
    "rows, cols, tiles", [(2, 3, (4, 5, 0, 1, 2, 3)), (3, 2, (2, 1, 4, 3, 0, 5))]
)
def test_hardest_non_square_board_by_every_family(rows, cols, tiles):
    goal = Board.goal(rows, cols)
    start = Board(tiles, rows, cols)
    assert solve(start, goal, "bfs").length == 21 == DIAMETERS[rows, cols]
    for algorithm in OPTIMAL + ["dls"]:
        result = solve(start, goal, algorithm, "manhattan")
        assert result.length == 21, algorithm
        assert_solves(result, start, goal)


# ------------------------------------------------------------------ budgets


@pytest.mark.parametrize("algorithm", NEW)
def test_node_budget(algorithm):
    result = solve(DEEP, None, algorithm, "manhattan", max_nodes=100)
    assert result.status is Status.BUDGET_EXCEEDED and result.path is None
    assert result.stats.expanded <= 100
    assert result.reason == "node budget"


@pytest.mark.parametrize("algorithm", NEW)
def test_time_budget(algorithm):
    if algorithm == "bidirectional-bfs":
        # it solves the 31-move 8-puzzle in about 0.01 s; give it a 15-puzzle instead
        goal = Board.goal(4)
        start = random_walk_instance(goal, 80, random.Random(3))
    else:
        start, goal = boards(DEEP, "12345678x")
    result = solve(start, goal, algorithm, "zero", max_seconds=0.05)
    assert result.status is Status.BUDGET_EXCEEDED and result.path is None
    assert result.reason == "time budget"  # a 31-move search needs far more than 0.05 s
    assert result.stats.expanded > 0


def test_bad_options():
    with pytest.raises(EightlabError, match="limit"):
        solve("283104765", "123804765", "dls", limit=-1)
    with pytest.raises(EightlabError, match="4x4"):
        solve(Board.goal(4).apply("ul"), Board.goal(4), "dls")
    with pytest.raises(UnknownNameError):
        solve("283104765", "123804765", "rbfs", "no-such-heuristic")
    with pytest.raises(UnknownNameError):
        solve("283104765", "123804765", "iddfs-h", "no-such-heuristic")


def test_deep_recursion_is_guarded_and_the_limit_restored():
    limit = sys.getrecursionlimit()
    start, goal = Board.goal(4).apply("ul"), Board.goal(4)
    result = depth_limited_search(start, goal, limit + 500, max_nodes=limit + 600)
    assert result.status is Status.BUDGET_EXCEEDED
    assert result.stats.max_frontier == limit + 500  # it went that deep and came back
    assert sys.getrecursionlimit() == limit


# ------------------------------------------------------------------ counts


def test_bidirectional_counts_and_savings():
    both = solve(DEEP, None, "bidirectional-bfs")
    one = solve(DEEP, None, "bfs")
    s = both.stats
    assert s.iterations == 1 and s.reopened == 0
    assert s.generated > s.duplicates > 0
    assert s.max_stored == 2 + s.generated - s.duplicates  # both roots plus every new state
    assert s.expanded * 5 < one.stats.expanded


def test_iddfs_counts():
    result = solve("2 3 4 1 5 x 7 6 8", "12345678x", "iddfs")
    s = result.stats
    assert s.iterations == 20 and s.thresholds == list(range(20))
    assert s.max_frontier == 19 and s.max_stored == 20
    assert s.duplicates == 0 and s.reopened == 0
    # every pass re-expands the previous ones: more than the last pass alone
    last = solve("2 3 4 1 5 x 7 6 8", "12345678x", "dls", limit=19)
    assert s.expanded > last.stats.expanded
    assert s.generated >= s.expanded


def test_iddfs_h_bound_grows_by_one_and_every_second_pass_repeats():
    start, goal = boards(DEEP, "12345678x")
    h0 = MANHATTAN(start, goal)
    observer = RecordingObserver()
    result = solve(start, goal, "iddfs-h", "manhattan", observer=observer)
    assert result.length == 31
    assert result.stats.thresholds == list(range(h0, 32))
    assert result.stats.iterations == 32 - h0
    # with Manhattan every f has the parity of h(start): a pass with bound h0 + 2k + 1
    # admits exactly the nodes of the pass before it
    per_pass = []
    for event in observer.events:
        if event[0] == "iteration":
            per_pass.append([])
        elif event[0] == "expand":
            per_pass[-1].append((event[1], event[2]))
    assert len(per_pass) == result.stats.iterations
    for k in range(1, len(per_pass) - 1):
        if k % 2:
            assert per_pass[k] == per_pass[k - 1]
        else:
            assert len(per_pass[k]) > len(per_pass[k - 1])
    assert sum(map(len, per_pass)) == result.stats.expanded
    assert result.stats.max_frontier == 31


def test_iddfs_h_takes_more_passes_than_idastar():
    deepening = solve(DEEP, None, "iddfs-h", "manhattan")
    ida = solve(DEEP, None, "idastar", "manhattan")
    assert ida.length == deepening.length == 31
    assert set(ida.stats.thresholds) < set(deepening.stats.thresholds)
    assert deepening.stats.expanded > ida.stats.expanded


def test_rbfs_counts_are_linear_memory():
    result = solve("531408627", "123804765", "rbfs", "manhattan")
    s = result.stats
    assert s.reopened == 0 and s.duplicates == 0
    assert s.max_frontier >= 30
    assert s.max_stored <= 1 + 3 * s.max_frontier  # at most 3 children per level
    astar = solve("531408627", "123804765", "astar", "manhattan")
    assert s.max_stored < astar.stats.max_stored
    assert s.generated >= s.expanded


def test_rbfs_re_expands_forgotten_subtrees():
    observer = RecordingObserver()
    result = solve("2 3 4 1 5 x 7 6 8", "12345678x", "rbfs", "misplaced", observer=observer)
    assert result.length == 19
    states = [e[1] for e in observer.events if e[0] == "expand"]
    assert len(states) == result.stats.expanded
    assert len(states) > 2 * len(set(states))  # forgotten subtrees are searched again
    assert result.stats.reopened == 0


# ----------------------------------------------------------------- observer


@pytest.mark.parametrize("algorithm", NEW)
def test_observer_events_match_the_counts(algorithm):
    start, goal = boards("564178X23", "7568X4123")
    observer = RecordingObserver()
    options = {"limit": 10} if algorithm == "dls" else {}
    result = solve(start, goal, algorithm, "manhattan", observer=observer, **options)
    assert_solves(result, start, goal)
    kinds = [e[0] for e in observer.events]
    expands = [e for e in observer.events if e[0] == "expand"]
    generates = [e for e in observer.events if e[0] == "generate"]
    assert len(expands) == result.stats.expanded
    if algorithm == "bidirectional-bfs":
        # only newly reached states are reported, like bfs
        assert len(generates) == result.stats.generated - result.stats.duplicates
        assert "iteration" not in kinds
    else:
        assert len(generates) == result.stats.generated
        iterations = [e[1] for e in observer.events if e[0] == "iteration"]
        if algorithm != "rbfs":
            assert iterations == result.stats.thresholds
    assert expands[0][1] in (start, goal)
    for _, parent, move, child, _, _ in generates:
        assert parent.apply(move) == child
    if algorithm == "iddfs":
        assert [e[1] for e in observer.events if e[0] == "iteration"] == list(range(9))


# ------------------------------------------------- iddfs-tree (AIMA's tree search)


def tree_layer_sizes(rows, cols, blank, depth):
    """Nodes at each depth 0..depth of the plain tree of move sequences (no pruning),
    counted from the board's geometry alone: a blank on a cell has one move per
    neighbouring cell, so layer d + 1 sums the neighbour counts over layer d."""

    def neighbours(cell):
        r, c = divmod(cell, cols)
        steps = [(r + 1, c), (r, c - 1), (r, c + 1), (r - 1, c)]
        return [i * cols + j for i, j in steps if 0 <= i < rows and 0 <= j < cols]

    layer, sizes = {blank: 1}, [1]
    for _ in range(depth):
        nxt = {}
        for cell, n in layer.items():
            for q in neighbours(cell):
                nxt[q] = nxt.get(q, 0) + n
        layer = nxt
        sizes.append(sum(nxt.values()))
    return sizes


@pytest.mark.parametrize(
    "start, goal",
    [
        (DEEP, "12345678x"),  # 31 moves: no goal at the depths checked
        ("x12345678", "12345678x"),  # blank in a corner
        ("1234x5678", "x12345678"),  # blank in the centre
        ("4 5 x\n1 2 3", "1 2 3\n4 5 x"),  # 2x3, 21 moves apart
        ("15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 x", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
    ],
)
def test_iddfs_tree_counts_equal_a_brute_force_tree_count(start, goal):
    start_board, goal_board = boards(start, goal)
    result = solve(start_board, goal_board, "iddfs-tree", max_nodes=20_000)
    rows = result.stats.per_iteration
    complete = rows[:-1] if result.status is Status.BUDGET_EXCEEDED else rows
    assert len(complete) >= 6
    sizes = tree_layer_sizes(start_board.rows, start_board.cols, start_board.blank, len(rows))
    for row in complete:
        limit = row["threshold"]
        assert row["expanded"] == sum(sizes[:limit]), row  # depths 0 .. limit-1
        assert row["generated"] == sum(sizes[1 : limit + 1]), row  # depths 1 .. limit


def test_iddfs_tree_is_registered_beside_iddfs_and_says_how_they_differ():
    tree, pruned = ALGORITHMS["iddfs-tree"], ALGORITHMS["iddfs"]
    assert not tree.informed and tree.optimal
    assert "tree" in tree.description and "move back" in tree.description
    assert "undoing the last move" in pruned.description
    assert "iterative_deepening_tree_search" in (pruned.function.__doc__ or "")
    assert "pruned" in (tree.function.__doc__ or "")


def test_iddfs_tree_finds_shortest_paths_where_its_budget_allows():
    for start, goal, length in [("283104765", "123804765", 4), ("12X453786", "12345678X", 2)]:
        result = solve(start, goal, "iddfs-tree")
        assert result.length == length and result.solved
        assert_solves(result, *boards(start, goal))
