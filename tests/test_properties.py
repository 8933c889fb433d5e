"""Property tests over random boards and random goals (Hypothesis)."""

from __future__ import annotations

from collections import deque
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from eightlab import Board, is_solvable
from eightlab.board import INVERSE, NOTATIONS
from eightlab.heuristics import HEURISTICS
from eightlab.statespace import distance_table, exact_distance, rank_of

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)]
ADMISSIBLE = [name for name, h in HEURISTICS.items() if h.admissible]


@st.composite
def boards(draw, shapes=SHAPES):
    rows, cols = draw(st.sampled_from(shapes))
    return Board(draw(st.permutations(range(rows * cols))), rows, cols)


@st.composite
def board_pairs(draw, shapes=SHAPES):
    """A goal and a board of the same shape that can reach it."""
    goal = draw(boards(shapes))
    cells = list(draw(st.permutations(goal.tiles)))
    board = Board(cells, goal.rows, goal.cols)
    if not is_solvable(board, goal):  # exchange two tiles: flips the parity
        a, b = [i for i, t in enumerate(cells) if t][:2]
        cells[a], cells[b] = cells[b], cells[a]
        board = Board(cells, goal.rows, goal.cols)
    return board, goal


@st.composite
def walks(draw, shapes=SHAPES):
    """A board and a random sequence of legal moves from it."""
    board = draw(boards(shapes))
    steps = draw(st.integers(0, 30))
    path, current = "", board
    for _ in range(steps):
        move = draw(st.sampled_from(current.legal_moves()))
        path += move
        current = current.apply(move)
    return board, path


@cache
def small_distances(goal: Board) -> dict[Board, int]:
    """Exact distances to a goal by plain BFS (for boards up to 6 cells)."""
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        for _, child in board.successors():
            if child not in distance:
                distance[child] = distance[board] + 1
                queue.append(child)
    return distance


@given(boards())
def test_parse_and_format_round_trip_in_every_notation(board):
    for notation in NOTATIONS:
        if notation in ("digits", "X") and board.size > 10:
            continue
        assert Board.parse(board.format(notation), board.rows, board.cols) == board
    if board.rows == board.cols:
        assert Board.parse(board.format("x")) == board


@given(walks())
def test_applying_a_path_then_its_inverse_is_the_identity(walk):
    board, path = walk
    back = "".join(INVERSE[m] for m in reversed(path))
    assert board.apply(path).apply(back) == board


@settings(max_examples=30, deadline=None)
@given(boards([(3, 3)]), boards([(3, 3)]))
def test_parity_predicts_reachability_in_the_table(board, goal):
    reachable = distance_table(goal)[rank_of(board)] >= 0
    assert reachable == is_solvable(board, goal)


@given(boards([(2, 2), (2, 3), (3, 2)]), boards([(2, 2), (2, 3), (3, 2)]))
def test_parity_predicts_reachability_by_search_on_small_boards(board, goal):
    if (board.rows, board.cols) == (goal.rows, goal.cols):
        assert (board in small_distances(goal)) == is_solvable(board, goal)


@settings(max_examples=40, deadline=None)
@given(boards([(2, 2), (2, 3), (3, 2), (3, 3), (3, 4)]))
def test_every_heuristic_is_zero_at_the_goal(goal):
    for name, heuristic in HEURISTICS.items():
        if not heuristic.applies_to(goal):  # exact (3x3), pdb-5-5-5 ... (4x4)
            continue
        assert heuristic(goal, goal) == 0, name


@settings(max_examples=30, deadline=None)
@given(board_pairs([(3, 3)]))
def test_admissible_heuristics_never_exceed_the_exact_distance(pair):
    board, goal = pair
    truth = exact_distance(board, goal)
    for name in ADMISSIBLE:
        if HEURISTICS[name].applies_to(goal):
            assert HEURISTICS[name](board, goal) <= truth, name


@settings(max_examples=60, deadline=None)
@given(board_pairs([(2, 2), (2, 3), (3, 2)]))
def test_admissible_heuristics_never_exceed_the_distance_on_small_boards(pair):
    board, goal = pair
    truth = small_distances(goal)[board]
    for name in ADMISSIBLE:
        if HEURISTICS[name].applies_to(goal):
            assert HEURISTICS[name](board, goal) <= truth, name


@settings(max_examples=15, deadline=None)
@given(board_pairs([(3, 3)]))
def test_consistent_heuristics_change_by_at_most_one_per_move(pair):
    board, goal = pair
    for name, heuristic in HEURISTICS.items():
        if heuristic.consistent and heuristic.applies_to(goal):
            here = heuristic(board, goal)
            for _, child in board.successors():
                assert abs(here - heuristic(child, goal)) <= 1, name
