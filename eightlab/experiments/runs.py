"""One run of the experiment grid as one row: the columns, the worker function, the table."""

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
RUN_COLUMNS = ("instance", "start", "goal", "optimal_length", "algorithm", "heuristic",
               "status", "reason", "length", *STAT_COLUMNS, "b_star", "path",
               "per_iteration")  # fmt: skip

#: The integer and float columns of :data:`RUN_COLUMNS` (the others are text).
INTEGER_COLUMNS = ("instance", "optimal_length", "length") + tuple(
    c for c in STAT_COLUMNS if c not in ("thresholds", "wall_seconds", "cpu_seconds")
)
FLOAT_COLUMNS = ("wall_seconds", "cpu_seconds", "b_star")

#: Status of a run the grid did not start (``skip_deeper``).
SKIPPED = "skipped"

#: Status of a run given up after it killed its workers repeatedly (a cluster run).
WORKER_LOST = "worker_lost"


def optimal_lengths(boards, goal) -> list:
    """Exact distances of 3x3 boards to ``goal``, from
    :func:`eightlab.puzzle.statespace.distance_table` (None when a board cannot reach
    the goal, and for other sizes)."""
    if goal.rows != 3 or goal.cols != 3:
        return [None] * len(boards)
    table = statespace.distance_table(goal)
    lengths = []
    for board in boards:
        distance = int(table[statespace.rank_of(board)])
        lengths.append(distance if distance >= 0 else None)
    return lengths


def run_one(task: tuple) -> dict:
    """Run one search and return its row of :data:`RUN_COLUMNS` (the grid's worker function).

    ``task`` is ``(instance, start, goal, optimal_length, algorithm, heuristic,
    max_nodes, max_seconds, options)``, the boards as :class:`Board` and ``options``
    further keywords for :func:`~eightlab.search.solve`.
    """
    instance, start, goal, optimal, algorithm, heuristic, max_nodes, max_seconds, options = task
    warm_up(goal, algorithm, heuristic, max_seconds, options)
    result = solve(start, goal, algorithm, heuristic or None, max_nodes=max_nodes,
                   max_seconds=max_seconds, **(options or {}))  # fmt: skip
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
    the goal, so that tables are read and the compiled kernel loaded before the timed run.

    Not for the bidirectional searches (they bind the heuristic to each start) nor for
    a goal without moves; an ``observer`` in ``options`` sees the timed run only.
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
    row.update(instance=instance, start=start, goal=goal, optimal_length=optimal,
               algorithm=algorithm, heuristic=heuristic, status=status, b_star=math.nan)  # fmt: skip
    return row


def restored_row(row: dict) -> dict:
    """A row read back from a partial table, as :func:`run_one` returned it."""
    if row.get("path") == "" and row.get("length") is None:
        row["path"] = None
    if row.get("status") == SKIPPED:
        row["thresholds"] = row["per_iteration"] = None
    return row


def runs_table(rows: list[dict]) -> pd.DataFrame:
    """Rows of :func:`run_one` and :func:`skipped_row` as a table of :data:`RUN_COLUMNS`:
    integer columns of type ``Int64`` (missing when not run), float columns float."""
    table = pd.DataFrame(rows, columns=list(RUN_COLUMNS))
    for column in INTEGER_COLUMNS:
        table[column] = table[column].astype("Int64")
    for column in FLOAT_COLUMNS:
        table[column] = table[column].astype(float)
    return table
