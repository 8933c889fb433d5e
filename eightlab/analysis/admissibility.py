"""Exhaustive checks of the heuristics' claims on the whole 8-puzzle state space.

:func:`evaluate_all` computes h for every one of the ``9!`` boards at once (numpy,
through :meth:`eightlab.heuristics.Evaluator.evaluate_tiles`); :func:`check_claims`
compares it with the exact distances of :func:`eightlab.puzzle.statespace.distance_table`:

* **admissible** means ``h(s) <= h*(s)`` on every board ``s`` that can reach the goal;
* **consistent** means ``h(s) <= 1 + h(s')`` for every move ``s -> s'`` between such
  boards, and ``h(goal) = 0``.

These live in their own module (not :mod:`eightlab.puzzle.statespace`) because they join the
two halves: the tables and the heuristics. 3x3 only, like the tables.

References
----------
.. [1] J. Pearl, *Heuristics*, 1984, sec. 3.2 (admissibility, monotonicity).
.. [2] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
   ed., sec. 3.5.2-3.5.3.
"""

from __future__ import annotations

import numpy as np

from eightlab.heuristics import get_heuristic
from eightlab.puzzle import statespace
from eightlab.puzzle.board import Board, as_board

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
        ``h[r]`` for the board of rank ``r`` (see :func:`eightlab.puzzle.statespace.board_of`),
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
    heuristic, goal
        As in :func:`evaluate_all`: the heuristic, and the 3x3 goal (default: tiles in
        order, blank last).

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
    UnknownNameError, BoardError
        As :func:`evaluate_all`.
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


# ------------------------------------------------ tables of the heuristic study


def heuristic_claims(heuristics, goal=None):
    """Each heuristic's claims next to what the exhaustive check finds (3x3 only).

    Parameters
    ----------
    heuristics : sequence of str
        Registry names.
    goal : Board or str, optional
        The goal (default ``123456780``).

    Returns
    -------
    pandas.DataFrame
        One row per heuristic: ``claims_admissible``, ``claims_consistent`` (the
        registry's claims), ``states`` (boards checked), ``overestimates`` (boards with
        h > h*), ``share_overestimated``, ``worst_board`` and ``worst_excess`` (moves;
        empty board and 0 when admissible), ``inconsistent_edges`` (moves s -> s' with
        h(s) > 1 + h(s')), ``found_admissible``, ``found_consistent`` and
        ``claims_hold`` (no claim is contradicted; claiming less than is true is fine).
    """
    import pandas as pd

    goal = Board.goal(3) if goal is None else as_board(goal)
    rows = []
    for name in heuristics:
        spec = get_heuristic(name)
        found = check_claims(spec.name, goal)
        rows.append(
            {
                "heuristic": spec.name,
                "claims_admissible": spec.admissible,
                "claims_consistent": spec.consistent,
                "states": found["states"],
                "overestimates": found["overestimates"],
                "share_overestimated": found["overestimates"] / found["states"],
                "worst_board": "" if found["worst_board"] is None else str(found["worst_board"]),
                "worst_excess": found["worst_excess"],
                "inconsistent_edges": found["inconsistent_edges"],
                "found_admissible": found["admissible"],
                "found_consistent": found["consistent"],
            }
        )
    table = pd.DataFrame(rows)
    table["claims_hold"] = (~table["claims_admissible"] | table["found_admissible"]) & (
        ~table["claims_consistent"] | table["found_consistent"]
    )
    return table


def h_vs_hstar_counts(heuristics, goal=None, sample_size: int | None = None, seed: int = 0):
    """How many boards have each pair (h*, h), per heuristic (3x3 only).

    Parameters
    ----------
    heuristics, goal
        As in :func:`heuristic_claims`.
    sample_size : int, optional
        Count a uniform random sample of this many solvable boards (the same boards
        for every heuristic); None counts all 181,440.
    seed : int, optional
        Seed of the sample.

    Returns
    -------
    pandas.DataFrame
        Columns ``heuristic``, ``h_star`` (exact distance, moves), ``h`` (moves),
        ``count`` (boards), sorted by heuristic (in the given order), h*, h.
    """
    import numpy as np
    import pandas as pd

    goal = Board.goal(3) if goal is None else as_board(goal)
    distance = statespace.distance_table(goal)
    ranks = np.flatnonzero(distance >= 0)
    if sample_size is not None and sample_size < len(ranks):
        rng = np.random.default_rng(seed)
        ranks = np.sort(rng.choice(ranks, size=sample_size, replace=False))
    h_star = distance[ranks].astype(int)
    frames = []
    for name in heuristics:
        spec = get_heuristic(name)
        h = evaluate_all(spec.name, goal)[ranks]
        pairs = pd.DataFrame({"h_star": h_star, "h": h}).value_counts(sort=False)
        frame = pairs.rename("count").reset_index().sort_values(["h_star", "h"])
        frame.insert(0, "heuristic", spec.name)
        frames.append(frame)
    columns = ["heuristic", "h_star", "h", "count"]
    if not frames:
        return pd.DataFrame(columns=columns)
    return pd.concat(frames, ignore_index=True)[columns]


def heuristic_accuracy(counts):
    """How close h comes to h*, per heuristic, from :func:`h_vs_hstar_counts`.

    Parameters
    ----------
    counts : pandas.DataFrame
        Columns ``heuristic``, ``h_star``, ``h`` and ``count``, as
        :func:`h_vs_hstar_counts` makes them.

    Returns
    -------
    pandas.DataFrame
        One row per heuristic: ``states``, ``mean_h`` and ``mean_h_star`` (moves),
        ``mean_ratio`` (mean of h/h* over the boards other than the goal),
        ``share_exact`` (h = h*), ``share_over`` (h > h*) and ``max_excess`` (largest
        h - h*, moves).
    """
    import numpy as np
    import pandas as pd

    rows = []
    for name, group in counts.groupby("heuristic", sort=False):
        n = group["count"].astype(float)
        h, h_star = group["h"].astype(float), group["h_star"].astype(float)
        away = h_star > 0
        rows.append(
            {
                "heuristic": name,
                "states": int(n.sum()),
                "mean_h": float((h * n).sum() / n.sum()),
                "mean_h_star": float((h_star * n).sum() / n.sum()),
                "mean_ratio": float((h[away] / h_star[away] * n[away]).sum() / n[away].sum()),
                "share_exact": float(n[np.isclose(h, h_star)].sum() / n.sum()),
                "share_over": float(n[h > h_star + 1e-9].sum() / n.sum()),
                "max_excess": float((h - h_star).max()),
            }
        )
    return pd.DataFrame(rows)
