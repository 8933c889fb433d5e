"""The heuristics: their definitions on hand-checked boards, independent re-computations,
and every claim checked on the exhaustive table of the 8-puzzle."""

from __future__ import annotations

import random
import re
from itertools import permutations

import numpy as np
import oracle
import pytest

from eightlab import Board
from eightlab.analysis.admissibility import check_claims, evaluate_all
from eightlab.errors import BoardError, UnknownNameError
from eightlab.heuristics import (
    HEURISTICS,
    Evaluator,
    Heuristic,
    default_patterns,
    get_heuristic,
    pattern_database,
    pdb_binder,
    reversed_pairs,
    tiles_to_leave_line,
)
from eightlab.puzzle.statespace import STATES, board_of, distance_table, exact_distance, rank_of

ORDERED = "123456780"
RING = "123804765"
GOALS = (ORDERED, RING)

NAMES = (
    "zero",
    "misplaced",
    "manhattan",
    "linear-conflict",
    "max-swap",
    "pdb",
    "exact",
    "weighted-manhattan",
    "manhattan-with-blank",
    "linear-conflict-pairs",
    "nilsson",
)
FOURBYFOUR = ("pdb-5-5-5", "pdb-6-6-3", "pdb-7-8", "pdb-5-5-5-rows", "pdb-6-6-3-rows")
FIVEBYFIVE = ("pdb-6-6-6-6",)
SINGLE = ("pdb-5-5-5-single", "pdb-6-6-3-single", "pdb-7-8-single")  # no reflected lookup
DUAL = ("pdb-5-5-5-dual", "pdb-6-6-3-dual", "pdb-7-8-dual", "pdb-6-6-6-6-dual")  # test_dual.py
LEARNED = ("learned", "learned-shifted", "learned-quantile", "learned-penalty")  # test_learned.py
INADMISSIBLE = ("weighted-manhattan", "manhattan-with-blank", "linear-conflict-pairs", "nilsson")


def h(name, board, goal=ORDERED):
    return get_heuristic(name)(board, goal)


def bfs_distances(goal: Board) -> dict[Board, int]:
    return oracle.board_distances(goal)  # tests/oracle.py, independent of eightlab


# ------------------------------------------------------------------ registry
def test_the_registry_holds_every_heuristic_by_its_hyphenated_name():
    assert tuple(HEURISTICS) == NAMES + FOURBYFOUR + FIVEBYFIVE + SINGLE + DUAL + LEARNED
    for name, heuristic in HEURISTICS.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name)
        assert heuristic.name == name and heuristic.description and heuristic.label
        if name not in LEARNED:  # their claims: tests/test_learned.py
            assert heuristic.admissible == (name not in INADMISSIBLE)
    labels = [h.label for h in HEURISTICS.values()]
    assert len(set(labels)) == len(labels)
    with pytest.raises(UnknownNameError, match="linear-conflict"):
        get_heuristic("linear_conflict")


# ------------------------------------ the definitions on small, hand-checked boards
def test_misplaced_does_not_count_the_blank():
    assert h("misplaced", "102345678", "012345678") == 1


def test_manhattan_of_the_reversed_board():
    assert h("manhattan", "087654321") == 20
    assert exact_distance("087654321") == 28


def test_linear_conflict_of_three_tiles_in_one_row():
    assert h("manhattan", "312456780") == 4
    assert h("linear-conflict", "312456780") == 6
    assert exact_distance("312456780") == 16


def test_linear_conflict_counts_tiles_to_remove_not_reversed_pairs():
    # rows 1 and 2 hold 3 2 1 and 6 5 4: three reversed pairs each, but removing two
    # tiles from each row resolves them
    board = "321654780"
    assert h("manhattan", board) == 8
    assert h("linear-conflict", board) == 8 + 2 * 2 + 2 * 2
    assert h("linear-conflict-pairs", board) == 8 + 2 * 3 + 2 * 3
    assert h("linear-conflict", board) <= exact_distance(board)


@pytest.mark.parametrize(
    "slots, leave, pairs",
    [
        ([], 0, 0),
        ([0, 1, 2], 0, 0),
        ([1, 0, -1], 1, 1),
        ([2, 1, 0], 2, 3),
        ([-1, 2, -1, 0], 1, 1),
        ([3, 0, 1, 2], 1, 3),
        ([1, 0, 3, 2], 2, 2),
    ],
)
def test_line_penalty_counts_tiles_to_leave_and_reversed_pairs(slots, leave, pairs):
    assert tiles_to_leave_line(slots) == leave
    assert reversed_pairs(slots) == pairs


def test_linear_conflict_ignores_tiles_whose_goal_is_in_another_line():
    # 4 stands before 2 in the top row and 3 before 5 in the middle row, but 4 and 3
    # belong to other rows (and to other columns than where they stand)
    assert h("manhattan", "142356780") == 6
    assert h("linear-conflict", "142356780") == 6
    assert h("linear-conflict-pairs", "142356780") == 6
    # 4 above 1 in the first column, both at home in it: one column conflict
    assert h("linear-conflict", "423156780") == h("manhattan", "423156780") + 2


def test_nilsson_sequence_score_by_hand():
    # goal 123804765, tile 8 slid into the centre: h2 = 1; S = 1 (centre) + 2 (7 is
    # followed by the blank, not 8): h = 1 + 3 * 3
    assert h("nilsson", "123084765", RING) == 10
    # a rotation of the ring keeps every successor: S = 0
    assert h("nilsson", "087654321") == h("manhattan", "087654321")


def test_manhattan_with_blank_counts_the_blank():
    assert h("manhattan-with-blank", "123456708") == 2
    assert h("manhattan", "123456708") == 1
    assert h("weighted-manhattan", "087654321") == 40


def test_exact_is_the_table_distance_and_3x3_only():
    for board in ("867254301", "087654321", "123456780"):
        assert h("exact", board) == exact_distance(board)
    with pytest.raises(BoardError, match="3x3"):
        h("exact", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", Board.goal(4))


# -------------------------------------------------------------------- max-swap
def gaschnig_procedure(board: Board, goal: Board) -> int:
    """Gaschnig's procedure, literally: swap the blank with the tile that belongs on the
    blank's cell, or, with the blank home, with any misplaced tile."""
    cells = list(board.tiles)
    goal_blank = goal.blank
    swaps = 0
    while cells != list(goal.tiles):
        blank = cells.index(0)
        if blank != goal_blank:
            other = cells.index(goal.tiles[blank])
        else:
            other = next(p for p in range(len(cells)) if cells[p] != goal.tiles[p])
        cells[blank], cells[other] = cells[other], cells[blank]
        swaps += 1
    return swaps


def test_max_swap_is_gaschnigs_procedure():
    rng = random.Random(12)
    for rows, cols in ((3, 3), (4, 4), (2, 3)):
        for _ in range(200):
            goal_cells = list(range(rows * cols))
            rng.shuffle(goal_cells)
            cells = list(range(rows * cols))
            rng.shuffle(cells)
            goal, board = Board(goal_cells, rows, cols), Board(cells, rows, cols)
            assert h("max-swap", board, goal) == gaschnig_procedure(board, goal)


def test_max_swap_is_the_exact_distance_of_the_swap_relaxation():
    goal = Board((1, 2, 3, 4, 5, 0), 2, 3)
    relaxed = oracle.distances(goal, step=oracle.swap_neighbours)
    assert len(relaxed) == 720
    for cells in permutations(range(6)):
        assert h("max-swap", Board(cells, 2, 3), goal) == relaxed[cells]


# -------------------------------------------------------------- pattern database
def test_default_patterns_split_the_tiles_by_goal_cell():
    assert default_patterns(Board.parse(ORDERED)) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    assert default_patterns(Board.parse(RING)) == [(1, 2, 3, 8), (4, 7, 6, 5)]
    big = default_patterns(Board.goal(4))
    assert sorted(t for p in big for t in p) == list(range(1, 16))
    assert max(len(p) for p in big) <= 3


def test_a_pattern_of_every_tile_is_the_exact_distance():
    goal = Board((2, 0, 5, 1, 4, 3), 2, 3)
    table = pattern_database(goal, (1, 2, 3, 4, 5))
    whole = pdb_binder(goal, [(1, 2, 3, 4, 5)])
    for board, d in bfs_distances(goal).items():
        where = [board.tiles.index(t) for t in (0, 1, 2, 3, 4, 5)]
        assert table[tuple(where)] == d
        assert whole(board.packed) == d


def test_pattern_databases_add_up_and_stay_below_the_truth():
    goal = Board.parse(ORDERED)
    first, second = (pattern_database(goal, p) for p in default_patterns(goal))
    assert first.shape == (9,) * 5
    reachable = np.count_nonzero(first >= 0)
    assert reachable == 9 * 8 * 7 * 6 * 5  # every placement of the blank and four tiles
    assert first.max() > 0 and second.max() > 0
    for board in board_of_sample(200):
        where = [board.tiles.index(t) for t in range(9)]
        parts = (
            first[tuple(where[t] for t in (0, 1, 2, 3, 4))],
            second[tuple(where[t] for t in (0, 5, 6, 7, 8))],
        )
        assert h("pdb", board) == sum(parts)
        assert h("pdb", board) <= exact_distance(board)
        # each pattern tile still moves at least its Manhattan distance: pdb dominates h2
        assert h("pdb", board) >= h("manhattan", board)


def board_of_sample(n: int, goal=ORDERED, seed: int = 1) -> list[Board]:
    distance = distance_table(goal)
    rng = random.Random(seed)
    boards = []
    while len(boards) < n:
        r = rng.randrange(STATES)
        if distance[r] >= 0:
            boards.append(board_of(r))
    return boards


# ------------------------------------------------------ exhaustive claim checks
@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("name", NAMES)
def test_claims_hold_on_every_reachable_board(name, goal):
    heuristic = HEURISTICS[name]
    found = check_claims(name, goal)
    assert found["states"] == 181_440
    if heuristic.admissible:
        assert found["overestimates"] == 0, found
        assert found["worst_board"] is None and found["worst_excess"] == 0
    if heuristic.consistent:
        assert found["inconsistent_edges"] == 0, found
        assert found["goal_h"] == 0
    assert found["goal_h"] == 0  # every heuristic, even the inadmissible ones


@pytest.mark.parametrize("name", INADMISSIBLE)
def test_inadmissible_heuristics_do_overestimate(name):
    found = check_claims(name, ORDERED)
    assert found["overestimates"] > 0 and found["worst_excess"] > 0
    worst = found["worst_board"]
    assert h(name, worst) - exact_distance(worst) == found["worst_excess"]
    assert not found["consistent"]


@pytest.mark.parametrize("name", INADMISSIBLE)
def test_what_the_module_says_of_the_contrasts_on_the_ring_goal(name):
    # the module docstring: every contrast is inconsistent for both goals; all but
    # linear-conflict-pairs also overestimate for 123804765, which it never does there
    found = check_claims(name, RING)
    assert not found["consistent"] and found["inconsistent_edges"] > 0
    if name == "linear-conflict-pairs":
        assert found["admissible"] and found["overestimates"] == 0
    else:
        assert found["overestimates"] > 0 and not found["admissible"]


def test_the_bound_evaluators_are_cached_for_a_few_goals_only():
    from eightlab.heuristics.base import BIND_CACHE_SIZE

    heuristic = Heuristic("cache-probe", "counts binds", True, True, lambda g: object())
    goals = [Board.goal(2, c) for c in range(2, 4)] + [Board.goal(3, c) for c in range(2, 12)]
    first = heuristic.bind(goals[0])
    assert heuristic.bind(goals[0]) is first
    for goal in goals[1:]:
        heuristic.bind(goal)
    assert len(heuristic._cache) == BIND_CACHE_SIZE
    assert heuristic.bind(goals[0]) is not first  # dropped, then bound again


def test_four_by_four_databases_refuse_other_sizes():
    for name in FOURBYFOUR + SINGLE:
        assert not HEURISTICS[name].applies_to(Board.goal(3))
        with pytest.raises(BoardError, match="4x4"):
            h(name, "123456708")


def _doctored(name, function, batch) -> Heuristic:
    def bind(goal):
        exact = HEURISTICS["exact"].bind(goal)
        return Evaluator(lambda s: function(exact, s), 9, None, lambda t: batch(exact, t))

    return Heuristic(name, "a test heuristic", True, True, bind)


def test_check_claims_catches_an_overestimate():
    # h* + 1 off the goal: overestimates everywhere but at the goal, yet consistent steps
    plus_one = _doctored(
        "plus-one",
        lambda exact, s: exact(s) + 1 if exact(s) else 0,
        lambda exact, t: (e := exact.evaluate_tiles(t)) + (e > 0),
    )
    found = check_claims(plus_one, ORDERED)
    assert found["overestimates"] == 181_439
    assert found["worst_excess"] == 1 and not found["admissible"]
    # the goal's blank is in a corner: two moves lead into the goal, each with 2 > 1 + 0
    assert found["inconsistent_edges"] == 2


def test_check_claims_catches_an_inconsistent_admissible_heuristic():
    # h* where the blank is in the centre, 0 elsewhere: admissible, not consistent
    centre = _doctored(
        "centre-only",
        lambda exact, s: exact(s) if (s >> 16) & 15 == 0 else 0,
        lambda exact, t: exact.evaluate_tiles(t) * (t[:, 4] == 0),
    )
    found = check_claims(centre, ORDERED)
    assert found["admissible"] and found["overestimates"] == 0
    assert found["inconsistent_edges"] > 0 and not found["consistent"]


@pytest.mark.parametrize("goal", [ORDERED, RING, "548127036"])
def test_evaluate_all_agrees_with_the_evaluators(goal):
    goal_board = Board.parse(goal)
    distance = distance_table(goal)
    samples = board_of_sample(150, goal, seed=4)
    for name in NAMES:
        values = evaluate_all(name, goal)
        assert values.shape == (STATES,)
        assert np.isnan(values[distance < 0]).all()
        assert not np.isnan(values[distance >= 0]).any()
        evaluator = HEURISTICS[name].bind(goal_board)
        for board in samples:
            assert values[rank_of(board)] == evaluator(board.packed), (name, board)
