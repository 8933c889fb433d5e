"""The dual lookup of the additive pattern databases and IDA* with bidirectional pathmax.

Admissibility on every 8-puzzle board, the compiled kernel's counts against the
readable reference (``bpmx_pass`` of :mod:`eightlab.search.idastar`), optimal paths.
No test builds 6-6-3: the 4x4 tests use 5-5-5 (seconds), in a private cache."""

from __future__ import annotations

from collections import deque

import pytest

from eightlab.analysis.published import korf1985_table
from eightlab.heuristics import HEURISTICS, get_heuristic
from eightlab.heuristics.base import Heuristic
from eightlab.heuristics.pdb import additive as pdb
from eightlab.heuristics.pdb.build import reference_table
from eightlab.puzzle.board import Board, neighbor_table
from eightlab.puzzle.instances import KORF_GOAL, korf100, random_walk_instance
from eightlab.search import solve
from eightlab.search.compiled import idastar as compiled_idastar
from eightlab.search.compiled import solve_compiled


@pytest.fixture(scope="module")
def private_pdb_cache(tmp_path_factory):
    """5-5-5 (seconds to build) in a cache of this module's own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        pdb._MEMORY.clear()
        yield
        pdb._MEMORY.clear()


def assert_same(a, b):
    assert a.status == b.status and a.path == b.path
    sa, sb = a.stats, b.stats
    assert (sa.expanded, sa.generated, sa.thresholds) == (sb.expanded, sb.generated, sb.thresholds)
    assert sa.per_iteration == sb.per_iteration


def eight_puzzle_distances() -> dict:
    """Every 8-puzzle board reachable from the goal (blank on cell 0), by BFS: its moves."""
    goal = tuple(range(9))
    table = neighbor_table(3, 3)
    distance, queue = {goal: 0}, deque([goal])
    while queue:
        s = queue.popleft()
        b = s.index(0)
        for _, c in table[b]:
            t = list(s)
            t[b], t[c] = t[c], 0
            t = tuple(t)
            if t not in distance:
                distance[t] = distance[s] + 1
                queue.append(t)
    return distance


def test_the_walked_dual_is_admissible_on_every_eight_puzzle_board(monkeypatch):
    # the figures of the dual lookup in eightlab.heuristics.pdb.additive's docstring
    monkeypatch.setattr(pdb, "DUAL_WALK", 4)  # every walk of the 3x3 board
    goal = Board(tuple(range(9)), 3, 3)
    patterns = [(1, 2, 3, 4), (5, 6, 7, 8)]
    tables = [reference_table(goal, p) for p in patterns]
    databases = pdb.AdditivePDB(goal, "4-4", patterns, tables, None, None)
    distance = eight_puzzle_distances()
    plain_over, worst, walked_over, raised = 0, 0, 0, 0
    for tiles, moves in distance.items():
        inverse = list(tiles)  # without walking the blank home: tile x on cell tiles[x]
        excess = databases._lookup(inverse) - moves
        plain_over += excess > 0
        worst = max(worst, excess)
        assert excess <= 0 or tiles[0] != 0  # with the blank home the plain dual is admissible
        where = [0] * 9
        for c, t in enumerate(tiles):
            where[t] = c
        dual = pdb.dual_lookup(databases, tiles)
        walked_over += dual > moves
        raised += dual > databases._lookup(where)
    assert (len(distance), plain_over, worst) == (181_440, 17_105, 13)
    assert walked_over == 0 and raised > 0


def test_no_dual_lookup_when_the_blank_is_far_from_home(private_pdb_cache):
    databases = pdb.additive_pdb(KORF_GOAL, "5-5-5")
    far = KORF_GOAL.tiles[::-1]  # the blank on the last cell: six moves from home
    assert len(pdb.blank_routes(KORF_GOAL)[far.index(0)]) > pdb.DUAL_WALK
    assert pdb.dual_lookup(databases, far) == 0


def test_blank_routes_walk_home_by_single_moves():
    for goal in (KORF_GOAL, Board.goal(4, 4), Board.goal(5, 5)):
        for b, route in enumerate(pdb.blank_routes(goal)):
            cells = [b, *route]
            assert cells[-1] == goal.blank
            for a, c in zip(cells, cells[1:], strict=False):
                (ar, ac), (cr, cc) = divmod(a, goal.cols), divmod(c, goal.cols)
                assert abs(ar - cr) + abs(ac - cc) == 1


def test_dual_heuristics_are_registered():
    for partition in ("5-5-5", "6-6-3", "7-8", "6-6-6-6"):
        h = HEURISTICS[f"pdb-{partition}-dual"]
        assert h.admissible and not h.consistent


@pytest.mark.parametrize(
    "goal",
    [KORF_GOAL, Board.goal(4, 4), KORF_GOAL.move("r")],
    ids=["korf-goal", "blank-last", "blank-off-the-diagonal"],
)
def test_bpmx_counts_equal_the_reference(private_pdb_cache, goal, monkeypatch):
    monkeypatch.setattr(compiled_idastar, "FIRST_SLICE", 7)  # passes resumed in slices
    plain = get_heuristic("pdb-5-5-5")
    for seed in range(3):
        start = random_walk_instance(goal, 40 + 2 * seed, seed)
        dual = solve_compiled(start, goal, "pdb-5-5-5-dual")
        assert_same(dual, solve(start, goal, "idastar", "pdb-5-5-5-dual", engine="python"))
        assert dual.length == solve_compiled(start, goal, plain).length  # optimal


def test_bpmx_counts_equal_the_reference_with_other_walks_and_slacks(private_pdb_cache,
                                                                    monkeypatch):  # fmt: skip
    from eightlab.search import idastar

    monkeypatch.setattr(compiled_idastar, "FIRST_SLICE", 7)
    for walk, slack in ((0, 0), (4, 2), (6, 100)):
        monkeypatch.setattr(pdb, "DUAL_WALK", walk)
        monkeypatch.setattr(idastar, "DUAL_SLACK", slack)
        start = random_walk_instance(KORF_GOAL, 44, walk)
        assert_same(solve_compiled(start, KORF_GOAL, "pdb-5-5-5-dual"),
                    solve(start, KORF_GOAL, "idastar", "pdb-5-5-5-dual", engine="python"))  # fmt: skip


def test_bpmx_counts_equal_the_reference_on_5x5(private_pdb_cache, monkeypatch):
    """The kernel of the 24-puzzle's 6-6-6-6 dual, on eight 3-tile groups (tiny to build)."""
    goal = Board(tuple(range(25)), 5, 5)
    groups = ((1, 2, 3), (4, 8, 9), (5, 6, 10), (7, 11, 12), (13, 14, 19), (15, 16, 20),
              (17, 21, 22), (18, 23, 24))  # fmt: skip
    monkeypatch.setitem(pdb.ALL_PARTITIONS, "3x8", groups)
    monkeypatch.setitem(pdb.PARTITION_SHAPE, "3x8", (5, 5))
    tiny = Heuristic("pdb-3x8-dual", "eight 3-tile groups, dual", True, False,
                     pdb.additive_binder("3x8", dual=True), shapes={(5, 5)})  # fmt: skip
    for seed in range(3):
        start = random_walk_instance(goal, 30 + 4 * seed, seed)
        assert_same(solve_compiled(start, goal, tiny),
                    solve(start, goal, "idastar", tiny, engine="python"))  # fmt: skip


def test_bpmx_finds_korfs_published_lengths(private_pdb_cache):
    lengths = {row.instance: row.length for row in korf1985_table()}
    for number in (3, 17, 49):  # 1e5 to 1e6 nodes
        result = solve_compiled(korf100()[number - 1], KORF_GOAL, "pdb-5-5-5-dual")
        assert result.length == lengths[number]
