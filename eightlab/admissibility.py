"""Exhaustive checks of the heuristics' claims on the whole 8-puzzle state space.

:func:`evaluate_all` computes h for every one of the ``9!`` boards at once (numpy,
through :meth:`eightlab.heuristics.Evaluator.evaluate_tiles`); :func:`check_claims`
compares it with the exact distances of :func:`eightlab.statespace.distance_table`:

* **admissible** means ``h(s) <= h*(s)`` on every board ``s`` that can reach the goal;
* **consistent** means ``h(s) <= 1 + h(s')`` for every move ``s -> s'`` between such
  boards, and ``h(goal) = 0``.

These live in their own module (not :mod:`eightlab.statespace`) because they join the
two halves: the tables and the heuristics. 3x3 only, like the tables.

References
----------
.. [1] J. Pearl, *Heuristics*, 1984, sec. 3.2 (admissibility, monotonicity).
.. [2] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
   ed., sec. 3.5.2-3.5.3.
"""

from __future__ import annotations

import numpy as np

from eightlab import statespace
from eightlab.board import Board, as_board
from eightlab.heuristics import get_heuristic

_TOLERANCE = 1e-9


def _goal_of(goal) -> Board:
    goal = Board.goal(3) if goal is None else as_board(goal)
    statespace.require_3x3(goal, "the exhaustive heuristic checks")
    return goal


def evaluate_all(heuristic, goal=None) -> np.ndarray:
    """h of every 3x3 board, indexed by Cantor rank.

    Parameters
    ----------
    heuristic : str or Heuristic
        Registry name (see :data:`eightlab.heuristics.HEURISTICS`).
    goal : Board or str, optional
        The goal (default: tiles in order, blank last).

    Returns
    -------
    numpy.ndarray of float64, shape (9!,)
        ``h[r]`` for the board of rank ``r`` (see :func:`eightlab.statespace.board_of`),
        in moves; ``nan`` for the 181,440 boards that cannot reach the goal.

    Raises
    ------
    UnknownNameError
        For an unknown heuristic.
    BoardError
        If the goal is not 3x3.
    """
    goal = _goal_of(goal)
    evaluator = get_heuristic(heuristic).bind(goal)
    reachable = np.flatnonzero(statespace.distance_table(goal) >= 0)
    values = np.full(statespace.STATES, np.nan)
    values[reachable] = evaluator.evaluate_tiles(statespace.permutation_table()[reachable])
    return values


def check_claims(heuristic, goal=None) -> dict:
    """Check admissibility and consistency of a heuristic on every reachable board.

    Parameters
    ----------
    heuristic : str or Heuristic
        Registry name (see :data:`eightlab.heuristics.HEURISTICS`).
    goal : Board or str, optional
        The goal (default: tiles in order, blank last).

    Returns
    -------
    dict
        ``overestimates``: number of boards with ``h > h*``;
        ``worst_board``: a :class:`Board` with the largest ``h - h*`` when there are
        overestimates, else None; ``worst_excess``: that largest ``h - h*`` in moves
        (0 for an admissible heuristic, attained at the goal);
        ``inconsistent_edges``: number of moves ``s -> s'`` (each direction counted)
        with ``h(s) > 1 + h(s')``; ``goal_h``: h of the goal;
        ``admissible`` and ``consistent``: what the check found (consistent needs no
        inconsistent edge and ``goal_h == 0``); ``states``: boards checked (181,440).

    Raises
    ------
    UnknownNameError
        For an unknown heuristic.
    BoardError
        If the goal is not 3x3.
    """
    goal = _goal_of(goal)
    h = evaluate_all(heuristic, goal)
    distance = statespace.distance_table(goal)
    reachable = np.flatnonzero(distance >= 0)
    excess = h[reachable] - distance[reachable]
    overestimates = int((excess > _TOLERANCE).sum())
    worst = int(np.argmax(excess))
    worst_excess = float(excess[worst])
    moves = statespace.move_table()[reachable]
    legal = moves >= 0
    parent_h = np.broadcast_to(h[reachable][:, None], moves.shape)[legal]
    child_h = h[moves[legal]]
    inconsistent = int((parent_h > 1 + child_h + _TOLERANCE).sum())
    goal_h = float(h[statespace.rank_of(goal)])
    return {
        "overestimates": overestimates,
        "worst_board": statespace.board_of(reachable[worst]) if overestimates else None,
        "worst_excess": worst_excess,
        "inconsistent_edges": inconsistent,
        "goal_h": goal_h,
        "admissible": overestimates == 0,
        "consistent": inconsistent == 0 and abs(goal_h) <= _TOLERANCE,
        "states": int(reachable.size),
    }
