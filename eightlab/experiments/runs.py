"""One run of the experiment grid as one row: the columns, the worker function, the table.

:func:`run_one` runs one search and returns its row (the function the grid's workers
call), :func:`skipped_row` the row of a run not started, :func:`runs_table` the rows as
a typed :class:`pandas.DataFrame`. The grid itself (which runs, in which order, on which
workers) is :func:`eightlab.experiments.grid.run_grid`.
"""

from __future__ import annotations

import contextlib
import json
import math
from dataclasses import fields

import pandas as pd

from eightlab.analysis.summaries import effective_branching_factor
from eightlab.errors import EightlabError
from eightlab.puzzle import statespace
from eightlab.search import ALGORITHMS, solve
from eightlab.search.result import SearchStats

#: The count columns of a run, in :class:`~eightlab.search.result.SearchStats` order (the
#: per-iteration rows of the iterative searches are a table of their own).
STAT_COLUMNS = tuple(
    f.name for f in fields(SearchStats) if f.name not in ("per_iteration", "per_direction")
)

#: The columns of :func:`~eightlab.experiments.grid.run_grid`'s table, in order.
RUN_COLUMNS = (
    "instance",
    "start",
    "goal",
    "optimal_length",
    "algorithm",
    "heuristic",
    "status",
    "reason",
    "length",
    *STAT_COLUMNS,
    "b_star",
    "path",
    "per_iteration",
)

#: The integer and float columns of :data:`RUN_COLUMNS` (the others are text).
INTEGER_COLUMNS = ("instance", "optimal_length", "length") + tuple(
    c for c in STAT_COLUMNS if c not in ("thresholds", "wall_seconds", "cpu_seconds")
)
FLOAT_COLUMNS = ("wall_seconds", "cpu_seconds", "b_star")

#: Status of a run that :func:`~eightlab.experiments.grid.run_grid` did not start
#: (``skip_deeper``).
SKIPPED = "skipped"

#: Status of a run given up after it killed its workers repeatedly (a cluster run).
WORKER_LOST = "worker_lost"


def optimal_lengths(boards, goal) -> list:
    """Exact shortest-path lengths of 3x3 boards to ``goal`` (None for other sizes).

    Parameters
    ----------
    boards : sequence of Board
    goal : Board

    Returns
    -------
    list of int or None
        The distance from :func:`eightlab.puzzle.statespace.distance_table` (None when the
        board cannot reach the goal, or the boards are not 3x3).
    """
    if goal.rows != 3 or goal.cols != 3:
        return [None] * len(boards)
    table = statespace.distance_table(goal)
    lengths = []
    for board in boards:
        distance = int(table[statespace.rank_of(board)])
        lengths.append(distance if distance >= 0 else None)
    return lengths


def run_one(task: tuple) -> dict:
    """Run one search and return its row (the worker function of the grid).

    Parameters
    ----------
    task : tuple
        ``(instance, start, goal, optimal_length, algorithm, heuristic, max_nodes,
        max_seconds, options)`` with the boards as :class:`Board` (picklable, for
        workers) and ``options`` a dict of further keywords for
        :func:`~eightlab.search.solve`.

    Returns
    -------
    dict
        One row with the keys of :data:`RUN_COLUMNS`.
    """
    instance, start, goal, optimal, algorithm, heuristic, max_nodes, max_seconds, options = task
    warm_up(goal, algorithm, heuristic, max_seconds, options)
    result = solve(
        start,
        goal,
        algorithm,
        heuristic or None,
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        **(options or {}),
    )
    row = result.to_row()
    row["heuristic"] = heuristic
    row["instance"] = instance
    row["optimal_length"] = optimal
    depth = optimal if optimal is not None else result.length
    row["b_star"] = (
        effective_branching_factor(result.stats.generated, depth) if result.solved else math.nan
    )
    passes = result.stats.per_iteration
    row["per_iteration"] = json.dumps(passes, separators=(",", ":")) if passes else ""
    return {column: row.get(column) for column in RUN_COLUMNS}


_WARM: set = set()  # (goal, algorithm, heuristic, options) this process has run before


def warm_up(goal, algorithm, heuristic, max_seconds, options) -> None:
    """Once per process and kind of run, a one-node search from a board one move from
    the goal, so that the pattern databases are read and the compiled kernel loaded
    before the timed run (a Dask worker does it on its first task; the seconds are then
    the search's own).

    Not for the bidirectional searches (their backward side binds the heuristic to each
    start, so a warm-up would build tables for a board no run uses), nor for a goal
    without moves. An ``observer`` in ``options`` is left out: it sees the timed run
    only. A table build that outlasts ``max_seconds`` is tried here and again by the
    first run, so that run may take up to twice its budget.
    """
    options = {k: v for k, v in (options or {}).items() if k != "observer"}
    key = (goal, algorithm, heuristic, repr(sorted(options.items())))
    spec = ALGORITHMS.get(algorithm)
    if key in _WARM or spec is None or spec.bidirectional or not goal.legal_moves():
        return
    _WARM.add(key)
    with contextlib.suppress(EightlabError):  # the timed run reports the same error
        solve(goal.move(goal.legal_moves()[0]), goal, algorithm, heuristic or None,
              max_nodes=1, max_seconds=max_seconds, **options)  # fmt: skip


def skipped_row(task: tuple, status: str = SKIPPED) -> dict:
    """The row of a task not run: its instance, boards and names, ``status``, no counts."""
    instance, start, goal, optimal, algorithm, heuristic = task[:6]
    row = dict.fromkeys(RUN_COLUMNS)
    row.update(
        instance=instance,
        start=start,
        goal=goal,
        optimal_length=optimal,
        algorithm=algorithm,
        heuristic=heuristic,
        status=status,
        b_star=math.nan,
    )
    return row


def restored_row(row: dict) -> dict:
    """A row read back from a partial table, as :func:`run_one` returned it."""
    if row.get("path") == "" and row.get("length") is None:
        row["path"] = None
    if row.get("status") == SKIPPED:
        row["thresholds"] = row["per_iteration"] = None
    return row


def runs_table(rows: list[dict]) -> pd.DataFrame:
    """The rows as a table of :data:`RUN_COLUMNS`, lengths and counts nullable integers.

    Parameters
    ----------
    rows : list of dict
        Rows as :func:`run_one` and :func:`skipped_row` return them.

    Returns
    -------
    pandas.DataFrame
        Integer columns of type ``Int64`` (missing when not run), float columns float.
    """
    table = pd.DataFrame(rows, columns=list(RUN_COLUMNS))
    for column in INTEGER_COLUMNS:
        table[column] = table[column].astype("Int64")
    for column in FLOAT_COLUMNS:
        table[column] = table[column].astype(float)
    return table
