"""The experiment grid: every instance x algorithm x heuristic, one tidy row per run.

Runs go in this process or on Dask (:mod:`~eightlab.experiments.cluster`), resumable
(:mod:`~eightlab.experiments.partial`); counts are exact wherever they ran, times noisier
on a cluster. :func:`~eightlab.experiments.reruns.save_table` and the summaries are
re-exported for the notebooks.

References
----------
.. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed.,
   2010, fig. 3.29 (the table the ``textbook`` preset reproduces).
"""

from __future__ import annotations

import os
import warnings
from contextlib import suppress
from importlib import metadata

from tqdm import tqdm

from eightlab.analysis.summaries import (  # re-exported for the notebooks
    SUMMARY_METRICS,
    effective_branching_factor,
    iteration_table,
    median_ratio,
    summary_table,
    textbook_table,
)
from eightlab.errors import EightlabError
from eightlab.experiments.cluster import default_workers, execute_tasks
from eightlab.experiments.folders import BATCH_VARIABLE
from eightlab.experiments.partial import PartialTable, task_key
from eightlab.experiments.progress import report
from eightlab.experiments.reruns import save_table
from eightlab.experiments.runs import (  # re-exported for the tests and notebooks
    FLOAT_COLUMNS,
    INTEGER_COLUMNS,
    RUN_COLUMNS,
    SKIPPED,
    STAT_COLUMNS,
    WORKER_LOST,
    optimal_lengths,
    restored_row,
    run_one,
    runs_table,
    skipped_row,
)
from eightlab.heuristics import get_heuristic
from eightlab.puzzle.board import as_board, goal_or_default
from eightlab.search import get_algorithm
from eightlab.search.result import Status

__all__ = ["FLOAT_COLUMNS", "INTEGER_COLUMNS", "RUN_COLUMNS", "SKIPPED", "STAT_COLUMNS",
           "SUMMARY_METRICS", "WORKER_LOST", "effective_branching_factor", "iteration_table",
           "median_ratio", "optimal_lengths", "run_grid", "run_one", "save_table",
           "summary_table", "textbook_table"]  # fmt: skip


def _combinations(algorithms, heuristics) -> list[tuple[str, str]]:
    """(algorithm, heuristic) pairs; uninformed algorithms once with heuristic ``""``."""
    combos = []
    for name in algorithms:
        spec = get_algorithm(name)
        if spec.informed:
            if not heuristics:
                raise EightlabError(f"algorithm {name!r} needs at least one heuristic")
            combos.extend((spec.name, get_heuristic(h).name) for h in heuristics)
        else:
            combos.append((spec.name, ""))
    return combos


def run_grid(instances, algorithms, heuristics, goal=None, max_nodes: int | None = None,
             max_seconds: float | None = None, workers: int = 1, progress: bool = True,
             skip_deeper: bool = False, *, options: dict | None = None,
             scheduler: str | None = None, partial=None):  # fmt: skip
    """Run every algorithm (with every heuristic if informed) on every instance.

    Parameters
    ----------
    instances : sequence of Board or str
        The start boards; a board's position is its ``instance`` id.
    algorithms, heuristics : sequence of str
        Registry names; uninformed algorithms run once, with heuristic ``""``.
    goal : Board or str, optional
        Default: the tiles in order, blank last, of the instances' size.
    max_nodes, max_seconds : optional
        Budgets of each run, in expanded nodes and wall-clock seconds.
    workers : int, optional
        1 runs everything here, one run at a time; more: a Dask ``LocalCluster``
        (:func:`~eightlab.experiments.cluster.execute_tasks`); None: one per CPU core.
    progress : bool, optional
        Show a tqdm bar over the runs (``eightlab run`` shows its own).
    skip_deeper : bool, optional
        Run the instances by increasing optimal length (unknown lengths last), and once
        a run of an (algorithm, heuristic) pair exceeds its budget, give its later runs
        status ``"skipped"`` and no counts, whatever the number of workers.
    options : dict, optional
        Further keywords for every :func:`~eightlab.search.solve` call.
    scheduler : str, optional
        A running Dask scheduler whose workers can import this eightlab.
    partial : str or Path, optional
        A CSV file that makes the run resumable (:mod:`eightlab.experiments.partial`);
        removed when the grid completes, except in a batch run (``eightlab run``,
        papermill), which removes it once its results folder is in place.

    Returns
    -------
    pandas.DataFrame
        One row per instance x (algorithm, heuristic), by instance, then in the order
        given, columns :data:`RUN_COLUMNS`; the counts do not depend on ``workers`` or
        ``scheduler``; ``attrs["execution"]`` says how the runs ran.

    Raises
    ------
    EightlabError
        If there are no instances or algorithms, or the names are a string.
    """
    boards = [as_board(board) for board in instances]
    if not boards:
        raise EightlabError(
            "no instances to run: the list of instances is empty (per_depth and "
            "n_instances must be >= 1, depths must not be empty)"
        )
    for what, names in (("algorithms", algorithms), ("heuristics", heuristics)):
        if isinstance(names, str):  # would be read letter by letter
            raise EightlabError(f"{what} must be a list of names, not the string {names!r}")
    algorithms, heuristics = list(algorithms), list(heuristics)
    if not algorithms:
        raise EightlabError("no algorithms to run: the list of algorithms is empty")
    goal = goal_or_default(goal, boards[0])
    combos = _combinations(algorithms, heuristics)
    optimal = optimal_lengths(boards, goal)
    tasks = [
        (i, board, goal, optimal[i], algorithm, heuristic, max_nodes, max_seconds, options)
        for i, board in enumerate(boards)
        for algorithm, heuristic in combos
    ]
    if skip_deeper:  # by increasing optimal length, unknown lengths last, stable otherwise
        tasks = sorted(tasks, key=lambda t: (t[3] is None, t[3] or 0))
    keyed = [(_task_key(task), task) for task in tasks]
    workers = default_workers() if workers is None else workers
    bar = tqdm(total=len(tasks), desc="runs", disable=not progress, leave=False)
    try:
        rows, execution = _run_tasks(keyed, workers, scheduler or None, skip_deeper, partial, bar)
    finally:
        bar.close()
    if skip_deeper:
        _skip_after_first_exceeded(rows, [task for _, task in keyed])
    order = {combo: k for k, combo in enumerate(combos)}
    rows.sort(key=lambda row: (row["instance"], order[row["algorithm"], row["heuristic"]]))
    table = runs_table(rows)
    table.attrs["execution"] = execution
    return table


def _skip_after_first_exceeded(rows: list[dict], tasks: list) -> None:
    """Make ``skip_deeper`` independent of the number of workers.

    Serially, every run of a pair after its first run out of budget (in task order) is
    skipped. On a cluster some of them may have been started before that run ended;
    their rows are turned into ``skipped`` rows, so the table is the serial one.
    """
    position = {(task[0], task[4], task[5]): k for k, task in enumerate(tasks)}
    first = {}
    for row in rows:
        if row["status"] == str(Status.BUDGET_EXCEEDED):
            pair = (row["algorithm"], row["heuristic"])
            k = position[row["instance"], *pair]
            first[pair] = min(first.get(pair, k), k)
    for j, row in enumerate(rows):
        pair = (row["algorithm"], row["heuristic"])
        k = position[row["instance"], *pair]
        if pair in first and k > first[pair] and row["status"] != SKIPPED:
            rows[j] = skipped_row(tasks[k])


def _task_key(task: tuple) -> str:
    instance, start, goal, _, algorithm, heuristic, max_nodes, max_seconds, options = task
    version = "unknown"  # a checkout that is not installed
    with suppress(metadata.PackageNotFoundError):
        version = metadata.version("eightlab")
    return task_key(
        version,
        instance, str(start), str(goal), algorithm, heuristic, max_nodes, max_seconds,
        sorted((options or {}).items()),
    )  # fmt: skip


def _run_tasks(keyed: list, workers, scheduler, skip_deeper: bool, partial, bar):
    """Run the tasks in order, skipping pairs that ran out; rows and how they ran.

    With ``skip_deeper``, a pair whose run exceeded its budget is not started again:
    the tasks come by increasing depth, so every later task is at least as deep.
    """
    rows, out_of_budget, lost, store, done = [], set(), [], None, {}
    if partial is not None:
        store = PartialTable(partial, RUN_COLUMNS, INTEGER_COLUMNS, FLOAT_COLUMNS)
        done = {key: restored_row(row) for key, row in store.load().items()}
        done = {key: done[key] for key, _ in keyed if key in done}
        store.open(done)

    def record(key, task, row):
        rows.append(row)
        bar.update(1)
        report(len(rows), len(keyed), "runs")
        if row["status"] == str(Status.BUDGET_EXCEEDED):
            out_of_budget.add((row["algorithm"], row["heuristic"]))
        if store is not None and key not in done and row["status"] != WORKER_LOST:
            store.append(key, row)

    def runnable(key, task) -> bool:
        if key in done:
            record(key, task, done[key])
            return False
        if skip_deeper and (task[4], task[5]) in out_of_budget:
            record(key, task, skipped_row(task))
            return False
        return True

    def on_lost(key, task, error):
        lost.append(f"instance {task[0]} {task[4]}{f' ({task[5]})' if task[5] else ''}")
        record(key, task, skipped_row(task, WORKER_LOST))

    try:
        execution = execute_tasks(run_one, keyed, workers=workers, scheduler=scheduler,
                                  runnable=runnable, on_row=record, on_lost=on_lost)  # fmt: skip
    finally:
        if store is not None:
            store.close()
    if store is not None and not lost and not os.environ.get(BATCH_VARIABLE):
        # complete: a later run starts afresh. A batch run's table waits for its results
        # to be swapped in (the run removes it then), so a kill in a later cell resumes.
        store.path.unlink(missing_ok=True)
    if lost:
        warnings.warn(f"{len(lost)} runs killed their workers repeatedly and were given up "
                      f"(status {WORKER_LOST!r}): {', '.join(lost)}", RuntimeWarning, stacklevel=3)  # fmt: skip
    execution.update(resumed_rows=len(done), lost=lost)
    return rows, execution
