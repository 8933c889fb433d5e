"""Seeded random problem instances: uniform, at an exact depth, or by random walk.

Every function is deterministic given its seed: the same arguments give the same list
of boards on every run and machine. Which generator each uses:

* :func:`random_solvable_board`, :func:`uniform_instances` and
  :func:`random_walk_instance` use the standard library's :class:`random.Random`
  (``uniform_instances(n, seed)`` makes ``random.Random(seed)``); they work for any
  board size.
* :func:`instances_at_depths` uses numpy's ``numpy.random.default_rng(seed)`` to pick
  Cantor ranks from :mod:`eightlab.puzzle.statespace`; 3x3 only.

Shipped benchmark sets: :func:`korf100`, Korf's 100 random 15-puzzle boards (Korf
1985, Table 1), for the goal :data:`KORF_GOAL`; :func:`korf_felner_24`, Korf & Felner's
50 random 24-puzzle boards (2002), for the goal :data:`KORF_GOAL_24`.

Uniformity of :func:`random_solvable_board`: a uniformly random permutation of the
cells is drawn. If the goal cannot be reached from it, the cells of two fixed tiles
(the first two tiles of the goal in reading order) are exchanged. That exchange flips
the permutation parity without moving the blank, so it maps the unsolvable boards
one-to-one onto the solvable ones (it is its own inverse); each solvable board is
therefore produced by exactly two of the ``n!`` equally likely permutations, itself
and its partner, and all solvable boards are equally likely (probability
``2 / n!``). Rejection sampling would give the same distribution with twice the draws
on average.

References
----------
.. [1] W. W. Johnson and W. E. Story, "Notes on the '15' puzzle", American Journal of
   Mathematics 2(4), 1879 (exactly half of the boards are solvable).
.. [2] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", Artificial Intelligence 27(1), 1985 (Table 1: the 100 instances).
.. [3] R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
   Intelligence 134(1-2), 2002 (the 50 random 24-puzzle instances).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np

from eightlab.errors import EightlabError
from eightlab.puzzle.board import INVERSE, Board, as_board
from eightlab.puzzle.solvability import is_solvable

#: The goal of Korf's 100: the blank in the top-left corner, tile i on cell i.
KORF_GOAL = Board(tuple(range(16)), 4, 4)
#: The goal of Korf & Felner's 24-puzzle instances: the blank top-left, tile i on cell i.
KORF_GOAL_24 = Board(tuple(range(25)), 5, 5)


def korf100() -> list[Board]:
    """Korf's 100 random 15-puzzle instances (Korf 1985, Table 1), for :data:`KORF_GOAL`.

    Read from the package data file ``eightlab/data/korf100.txt`` (cited in its
    header); instance k (1-based, as in the paper) is ``korf100()[k - 1]``.

    Returns
    -------
    list of Board
        100 4x4 boards, each solvable for :data:`KORF_GOAL`.
    """
    return _read_boards("korf100.txt", 4)


def _read_boards(name: str, width: int) -> list[Board]:
    """The boards of package data file ``name``, one a line (``#`` starts a comment line)."""
    from importlib.resources import files

    text = files("eightlab.data").joinpath(name).read_text(encoding="ascii")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return [Board.parse(line, width, width) for line in lines]


def korf_felner_24() -> list[Board]:
    """Korf & Felner's 50 random 24-puzzle instances (2002), for :data:`KORF_GOAL_24`.

    The package data file ``eightlab/data/korf_felner24.txt`` holds them (its header
    cites the paper). Instance k, 1-based as in the paper, is ``korf_felner_24()[k - 1]``.

    Returns
    -------
    list of Board
        50 5x5 boards, each solvable for :data:`KORF_GOAL_24`.

    References
    ----------
    .. [1] R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
       Intelligence 134(1-2), 2002.
    """
    return _read_boards("korf_felner24.txt", 5)


def korf_felner_24_lengths() -> dict[int, int]:
    """Optimal solution lengths of :func:`korf_felner_24`, by instance number (1-50).

    Read from ``eightlab/data/korf_felner24_lengths.txt``, whose header names the
    source: an independent optimal solver's results (instances 1-10 agree with a second
    one), not Korf & Felner's own table.

    Returns
    -------
    dict of int to int
        The optimal number of moves of each instance.

    References
    ----------
    .. [1] R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
       Intelligence 134(1-2), 2002.
    """
    from importlib.resources import files

    text = files("eightlab.data").joinpath("korf_felner24_lengths.txt").read_text("ascii")
    pairs = (line.split() for line in text.splitlines() if line.strip() and line[0] != "#")
    return {int(k): int(v) for k, v in pairs}


def _goal_of(goal, rows: int = 3, cols: int | None = None) -> Board:
    return Board.goal(rows, cols) if goal is None else as_board(goal)


def _rng_of(rng) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if rng is None or isinstance(rng, int):
        return random.Random(rng)
    raise EightlabError(f"rng must be a random.Random or an int seed, not {type(rng).__name__}")


def _refuse_negative(count: int, requirement: str) -> None:
    """Raise ``EightlabError("<requirement> >= 0, not <count>")`` for a negative count."""
    if count < 0:
        raise EightlabError(f"{requirement} >= 0, not {count}")


def random_solvable_board(rng, goal=None) -> Board:
    """A board drawn uniformly from the boards that can reach ``goal``.

    Parameters
    ----------
    rng : random.Random or int
        The generator (an int is used as the seed of a new :class:`random.Random`).
    goal : Board or str, optional
        The goal; tiles in order with the blank last (3x3) by default. Any size.

    Returns
    -------
    Board
        Of the goal's size; see the module docstring for why it is uniform.
    """
    rng = _rng_of(rng)
    goal = _goal_of(goal)
    if goal.rows == 1 or goal.cols == 1:
        # in a single row or column the tiles never change order: only the blank moves,
        # so the solvable boards are the goal's tile sequence with the blank anywhere
        tiles = [t for t in goal.tiles if t]
        tiles.insert(rng.randrange(goal.size), 0)
        return Board(tiles, goal.rows, goal.cols)
    cells = list(goal.tiles)
    rng.shuffle(cells)
    board = Board(cells, goal.rows, goal.cols)
    if not is_solvable(board, goal):
        a, b = [t for t in goal.tiles if t][:2]
        i, j = cells.index(a), cells.index(b)
        cells[i], cells[j] = cells[j], cells[i]
        board = Board(cells, goal.rows, goal.cols)
    return board


def uniform_instances(n: int, seed: int = 0, goal=None) -> list[Board]:
    """``n`` boards drawn independently and uniformly from those that can reach ``goal``.

    Parameters
    ----------
    n : int
        Number of boards.
    seed : int
        Seed of the :class:`random.Random` that draws them.
    goal : Board or str, optional
        The goal; tiles in order with the blank last (3x3) by default. Any size.

    Returns
    -------
    list of Board
        The same list for the same ``(n, seed, goal)``; the first ``m`` boards do not
        depend on ``n`` (a longer list extends a shorter one).

    Raises
    ------
    EightlabError
        If ``n`` is negative.
    """
    _refuse_negative(n, "the number of instances must be")
    rng = random.Random(seed)
    goal = _goal_of(goal)
    return [random_solvable_board(rng, goal) for _ in range(n)]


def instances_at_depths(
    depths: Iterable[int], per_depth: int = 1, seed: int = 0, goal=None
) -> list[Board]:
    """Boards drawn uniformly among those at each exact distance from ``goal`` (3x3).

    Parameters
    ----------
    depths : iterable of int
        Exact distances, in moves (e.g. ``range(32)``).
    per_depth : int
        Boards per depth. They are distinct when the depth has at least that many
        boards; otherwise (depth 31 has 2 boards for ``123456780``) they are drawn
        with replacement, so the list always has ``len(depths) * per_depth`` boards.
    seed : int
        Seed of the ``numpy.random.default_rng`` that draws them.
    goal : Board or str, optional
        A 3x3 goal; tiles in order with the blank last by default.

    Returns
    -------
    list of Board
        Depth by depth in the order given, ``per_depth`` boards each.

    Raises
    ------
    EightlabError
        If ``per_depth`` is negative or a depth has no board at all (beyond the
        maximum distance, e.g. 32 for ``123456780``).
    BoardError
        If the goal is not 3x3 (the exact distances come from the 9! table).
    """
    from eightlab.puzzle import statespace

    _refuse_negative(per_depth, "per_depth must be")
    goal = _goal_of(goal)
    rng = np.random.default_rng(seed)
    boards: list[Board] = []
    for depth in depths:
        ranks = statespace.ranks_at(goal, int(depth))
        if ranks.size == 0:
            top = int(statespace.distance_table(goal).max())
            raise EightlabError(
                f"no board is {depth} moves from {goal}; distances run from 0 to {top}"
            )
        chosen = rng.choice(ranks, size=per_depth, replace=per_depth > ranks.size)
        boards.extend(statespace.board_of(r) for r in chosen)
    return boards


def random_walk_instance(goal=None, steps: int = 20, rng=None) -> Board:
    """The board reached by a random walk of the blank from ``goal``.

    Each step picks uniformly among the legal moves except the one that would undo the
    previous step, so the walk never backtracks at once (it may still revisit boards:
    the exact distance is at most ``steps`` and often less). Any size.

    Parameters
    ----------
    goal : Board or str, optional
        Where the walk starts; tiles in order with the blank last (3x3) by default.
    steps : int
        Number of moves, >= 0.
    rng : random.Random or int, optional
        The generator, or the seed of a new :class:`random.Random` (None: seed 0).

    Returns
    -------
    Board

    Raises
    ------
    EightlabError
        If ``steps`` is negative.
    """
    _refuse_negative(steps, "a random walk needs steps")
    rng = _rng_of(0 if rng is None else rng)
    board = _goal_of(goal)
    previous = None
    for _ in range(steps):
        moves = [m for m in board.legal_moves() if previous is None or m != INVERSE[previous]]
        previous = rng.choice(moves)
        board = board.apply(previous)
    return board
