"""The exhaustive 8-puzzle tables, Cantor ranking, and the seeded instance generators."""

from __future__ import annotations

import random
from collections import Counter
from math import factorial

import numpy as np
import oracle
import pytest

from eightlab import Board, is_solvable, solve
from eightlab.errors import BoardError, EightlabError
from eightlab.puzzle.board import INVERSE, MOVES
from eightlab.puzzle.instances import (
    instances_at_depths,
    random_solvable_board,
    random_walk_instance,
    uniform_instances,
)
from eightlab.puzzle.ranking import (
    lehmer_code,
    rank,
    rank_cells,
    rank_columns,
    unrank,
    unrank_cells,
)
from eightlab.puzzle.statespace import (
    STATES,
    board_of,
    boards_at,
    depth_distribution,
    distance_table,
    exact_distance,
    hardest_boards,
    move_table,
    permutation_table,
    rank_array,
    rank_of,
)

ORDERED = "123456780"
RING = "123804765"


def python_bfs(goal: Board, max_depth: int | None = None) -> dict[Board, int]:
    """Distances from ``goal`` by a plain BFS (tests/oracle.py, an independent oracle)."""
    return oracle.board_distances(goal, max_depth)


# ----------------------------------------------------------------- ranking
@pytest.mark.parametrize("n", range(1, 7))
def test_rank_and_unrank_are_inverse_bijections_on_small_n(n):
    ranks = [rank(unrank(r, n)) for r in range(factorial(n))]
    assert ranks == list(range(factorial(n)))


def test_rank_is_lexicographic_order_and_the_lehmer_code_sums_to_it():
    rng = random.Random(7)
    for _ in range(500):
        perm = list(range(9))
        rng.shuffle(perm)
        code = lehmer_code(perm)
        assert rank(perm) == sum(c * factorial(8 - i) for i, c in enumerate(code))
        assert unrank(rank(perm), 9) == tuple(perm)
    assert rank(range(9)) == 0 and rank(range(8, -1, -1)) == STATES - 1


def test_the_numba_rank_equals_the_python_rank_on_random_placements():
    from eightlab.puzzle.ranking_compiled import rank_of, unrank_into

    rng = random.Random(11)
    for _ in range(500):
        n = rng.randint(1, 64)
        k = rng.randint(1, min(n, 9))
        cells = rng.sample(range(n), k)
        r = rank_cells(cells, n)
        assert rank_of(np.array(cells), np.arange(k), k, n) == r
        out = np.empty(k, dtype=np.int64)
        unrank_into(r, n, out)
        assert tuple(out) == unrank_cells(r, n, k) == tuple(cells)
    rows = np.array([rng.sample(range(16), 5) for _ in range(200)])
    assert rank_columns(rows.T, 16).tolist() == [rank_cells(row, 16) for row in rows.tolist()]


def test_a_whole_board_ranks_as_its_cantor_expansion():
    rng = random.Random(5)
    for _ in range(200):
        perm = rng.sample(range(9), 9)
        assert (
            rank_cells(perm, 9)
            == rank(perm)
            == sum(c * factorial(8 - i) for i, c in enumerate(lehmer_code(perm)))
        )


def test_unrank_rejects_a_rank_out_of_range():
    with pytest.raises(ValueError):
        unrank(STATES, 9)


def test_permutation_table_is_in_rank_order():
    perms = permutation_table()
    assert perms.shape == (STATES, 9)
    assert np.array_equal(rank_array(perms), np.arange(STATES))
    rng = random.Random(3)
    for r in rng.sample(range(STATES), 200):
        assert tuple(perms[r]) == unrank(r, 9)
        assert rank_of(board_of(r)) == r


# -------------------------------------------------------------- move table
def test_move_table_matches_board_moves():
    table = move_table()
    assert table.shape == (STATES, 4) and table.dtype == np.int32
    rng = random.Random(11)
    for r in rng.sample(range(STATES), 2000):
        board = board_of(r)
        legal = board.legal_moves()
        for j, move in enumerate(MOVES):
            if move in legal:
                assert board_of(table[r, j]) == board.apply(move)
            else:
                assert table[r, j] == -1


def test_move_table_moves_are_undone_by_their_inverse():
    table = move_table()
    legal_count = 0
    for j, move in enumerate(MOVES):
        back = MOVES.index(INVERSE[move])
        rows = np.flatnonzero(table[:, j] >= 0)
        legal_count += rows.size
        assert np.array_equal(table[table[rows, j], back], rows)
    # a blank on a corner has 2 moves, on an edge 3, in the centre 4
    assert legal_count == STATES // 9 * (4 * 2 + 4 * 3 + 4)


def test_tables_are_read_only():
    with pytest.raises(ValueError):
        move_table()[0, 0] = 5
    with pytest.raises(ValueError):
        distance_table()[0] = 5


# ---------------------------------------------------------- distance table
@pytest.mark.parametrize("goal", [ORDERED, RING, "012345678", "876543210"])
def test_exactly_half_the_boards_reach_any_goal(goal):
    distance = distance_table(goal)
    assert distance.dtype == np.int8
    assert int((distance >= 0).sum()) == 181_440
    assert depth_distribution(goal).sum() == 181_440
    assert distance[rank_of(goal)] == 0


def test_the_hardest_boards_for_the_ordered_goal_are_31_moves_away():
    assert distance_table(ORDERED).max() == 31
    assert [str(b) for b in hardest_boards(ORDERED)] == ["647850321", "867254301"]
    assert depth_distribution(ORDERED)[31] == 2


def test_the_ring_goal_has_diameter_30():
    assert distance_table(RING).max() == 30
    assert len(depth_distribution(RING)) == 31
    assert Board.parse("531408627") in hardest_boards(RING)


def test_numpy_bfs_agrees_with_a_plain_bfs_near_the_goal():
    goal = Board.parse(RING)
    near = python_bfs(goal, max_depth=12)
    distance = distance_table(goal)
    for board, d in near.items():
        assert distance[rank_of(board)] == d
    counts = Counter(near.values())
    assert [counts[d] for d in range(13)] == list(depth_distribution(goal)[:13])


def test_distance_table_is_solvability_by_parity():
    distance = distance_table(ORDERED)
    rng = random.Random(5)
    for r in rng.sample(range(STATES), 3000):
        assert (distance[r] >= 0) == is_solvable(board_of(r), ORDERED)


def test_boards_at_a_depth_are_that_far_and_one_move_from_the_layer_below():
    goal = Board.parse(ORDERED)
    layer = boards_at(goal, 5)
    assert len(layer) == depth_distribution(goal)[5]
    below = {str(b) for b in boards_at(goal, 4)}
    for board in layer:
        assert exact_distance(board, goal) == 5
        assert any(str(child) in below for _, child in board.successors())
    assert boards_at(goal, 40) == []


@pytest.mark.parametrize(
    "start, goal, distance",
    [
        ("087654321", ORDERED, 28),
        ("312456780", ORDERED, 16),
        ("867254301", ORDERED, 31),
        ("647850321", ORDERED, 31),
        ("812043765", RING, 5),
        ("213456870", ORDERED, 22),
        ("123405786", ORDERED, 2),
        ("123485706", ORDERED, 3),
        ("283104765", RING, 4),
        (ORDERED, ORDERED, 0),
    ],
)
def test_bug_report_distances(start, goal, distance):
    assert exact_distance(start, goal) == distance


def test_an_unsolvable_pair_has_no_distance():
    assert exact_distance("812043765", ORDERED) is None
    assert not is_solvable("812043765", ORDERED)
    assert solve("812043765", ORDERED, "astar").path is None


def lexicographic_by_table(start: Board, goal: Board) -> str:
    """Smallest shortest path in d < l < r < u order, walking down the distance table."""
    distance = distance_table(goal)
    path = ""
    board = start
    while board != goal:
        d = distance[rank_of(board)]
        move, board = next(
            (m, child) for m, child in board.successors() if distance[rank_of(child)] == d - 1
        )
        path += move
    return path


@pytest.mark.parametrize("start, path", [("123405786", "rd"), ("123485706", "urd")])
def test_bug_report_lexicographic_paths(start, path):
    goal = Board.parse(ORDERED)
    assert lexicographic_by_table(Board.parse(start), goal) == path
    assert solve(start, goal, "idastar", "manhattan", lexicographic=True).path == path


def test_idastar_lexicographic_mode_matches_the_table_walk():
    goal = Board.parse(ORDERED)
    for board in uniform_instances(15, 99, goal):
        result = solve(board, goal, "idastar", "pdb", lexicographic=True)
        assert result.path == lexicographic_by_table(board, goal)


@pytest.mark.parametrize(
    "call",
    [
        lambda: distance_table("1230"),
        lambda: rank_of("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"),
        lambda: exact_distance("1230", "1230"),
        lambda: depth_distribution("0123"),
        lambda: board_of(STATES),
    ],
)
def test_boards_other_than_3x3_are_refused(call):
    with pytest.raises(BoardError):
        call()


def test_the_refusal_says_why():
    with pytest.raises(BoardError, match="3x3"):
        distance_table("1230")


# ---------------------------------------------------------------- instances
def test_uniform_instances_are_seeded_and_solvable():
    first = uniform_instances(50, 1)
    assert first == uniform_instances(50, 1)
    assert first != uniform_instances(50, 2)
    assert uniform_instances(20, 1) == first[:20]
    assert all(is_solvable(b, ORDERED) for b in first)


@pytest.mark.parametrize(
    "text, rows, cols",
    [
        ("1230", 2, 2),
        ("0312", 2, 2),
        ("1 2 3 4 5 0", 2, 3),
        (RING, 3, 3),
        ("4 1 2 3 5 6 7 8 9 10 11 0", 3, 4),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", 4, 4),
    ],
)
def test_random_solvable_boards_reach_any_goal_of_any_size(text, rows, cols):
    goal = Board.parse(text, rows, cols)
    boards = uniform_instances(40, 4, goal)
    assert all((b.rows, b.cols) == (goal.rows, goal.cols) for b in boards)
    assert all(is_solvable(b, goal) for b in boards)


def test_random_solvable_board_is_uniform_on_the_2x2_board():
    # 12 solvable boards; 12,000 draws give each about 1,000 (a chi-square test)
    counts = Counter(uniform_instances(12_000, 17, "1230"))
    assert len(counts) == 12
    expected = 1000
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 31.3  # the 0.001 quantile of chi-square with 11 degrees of freedom


def test_random_solvable_board_accepts_a_seed_or_a_generator():
    assert random_solvable_board(8) == random_solvable_board(random.Random(8))
    with pytest.raises(EightlabError):
        random_solvable_board("seed")


def test_instances_at_depths_are_at_those_depths_and_seeded():
    boards = instances_at_depths([0, 3, 17, 31], per_depth=3, seed=2)
    assert [exact_distance(b) for b in boards] == [0] * 3 + [3] * 3 + [17] * 3 + [31] * 3
    assert boards == instances_at_depths([0, 3, 17, 31], per_depth=3, seed=2)
    assert len(set(boards[6:9])) == 3  # distinct where the depth has enough boards
    ring = instances_at_depths(range(31), 1, 0, RING)
    assert [exact_distance(b, RING) for b in ring] == list(range(31))


def test_instances_at_an_impossible_depth_are_refused():
    with pytest.raises(EightlabError, match="0 to 31"):
        instances_at_depths([32])


def test_random_walks_stay_within_their_length():
    goal = Board.parse(RING)
    for steps in (0, 1, 5, 20):
        board = random_walk_instance(goal, steps, random.Random(steps))
        assert exact_distance(board, goal) <= steps
        assert exact_distance(board, goal) % 2 == steps % 2
    assert random_walk_instance(goal, 12, 3) == random_walk_instance(goal, 12, 3)
    assert random_walk_instance("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", 7, 1).size == 16
    with pytest.raises(EightlabError):
        random_walk_instance(goal, -1)


@pytest.mark.parametrize("r", [1.5, "7", True, None])
def test_a_rank_must_be_a_whole_number(r):
    with pytest.raises(BoardError, match="a rank is a whole number"):
        board_of(r)
