"""Korf & Felner's 24-puzzle instances as a batch: one task per instance, resumable.

Each instance is one task of :func:`~eightlab.experiments.cluster.execute_tasks` (here,
on a Dask cluster or through Slurm), with its own budget in nodes and seconds, cut to
what is left of the whole run's. A solved instance is kept (``runs.partial.csv``, and the
finished run a rerun replaces) and not searched again; a stopped one is searched again.
Each run is one *sitting*: every row says which sitting searched it (``sitting``), and the
table :func:`sittings` says when each sitting ran, for how long and what it solved.

References
----------
.. [1] R. E. Korf and A. Felner, "Disjoint pattern database heuristics", *Artificial
   Intelligence* 134(1-2), 2002.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import pandas as pd

from eightlab.errors import EightlabError
from eightlab.experiments.cluster import execute_tasks
from eightlab.experiments.partial import PartialTable, task_key
from eightlab.experiments.reruns import read_table
from eightlab.experiments.runs import WORKER_LOST, warm_up
from eightlab.heuristics import get_heuristic
from eightlab.puzzle.instances import KORF_GOAL_24, korf_felner_24, korf_felner_24_lengths
from eightlab.search import solve

#: The columns of one instance's row, in order (``resumed`` and ``sitting`` follow them in
#: the table).
COLUMNS = ("instance", "heuristic", "h_start", "published_length", "length", "expanded",
           "generated", "iterations", "seconds", "cpu_seconds", "status")  # fmt: skip

#: The integer columns of :data:`COLUMNS`; ``seconds`` and ``cpu_seconds`` are floats.
INTEGERS = ("instance", "h_start", "published_length", "length", "expanded", "generated",
            "iterations")  # fmt: skip

#: Status of an instance not started before the whole run's budget ran out.
NOT_RUN = "not_run"

#: The name of the resumable table in the run's folder.
PARTIAL = "runs.partial.csv"

#: The provenance file of a finished run (as :mod:`eightlab.experiments.folders` names it).
_PROVENANCE = "provenance.json"

#: The columns of the table of sittings (:func:`sittings`), in order.
SITTING_COLUMNS = ("sitting", "started", "wall_seconds", "workers", "searched", "solved",
                   "cpu_seconds")  # fmt: skip


def instance_key(instance: int, heuristic: str) -> str:
    """The task key of Korf & Felner's instance ``instance`` (1-50) searched with
    ``heuristic`` (a registry name): the board and the heuristic, not the budget."""
    return task_key("korf24", instance, str(korf_felner_24()[instance - 1]), heuristic)


def finished_folder(folder) -> Path:
    """The finished run a run writing into ``folder`` replaces: ``eightlab run`` writes
    into ``.tmp-NAME-XXXX`` beside ``NAME``; any other folder is its own."""
    folder = Path(folder).resolve()
    if folder.name.startswith(".tmp-"):
        return folder.with_name(folder.name[len(".tmp-") :].rsplit("-", 1)[0])
    return folder


def solved_rows(folder, heuristic: str) -> dict[str, dict]:
    """The solved rows of the ``runs.csv`` of the run in ``folder`` with ``heuristic``, by
    :func:`instance_key` (empty if there is none); an older table without a ``heuristic``
    column takes the run's from its ``provenance.json``."""
    folder = Path(folder)
    if not (folder / "runs.csv").exists():
        return {}
    old = read_table(folder, "runs")
    if "heuristic" not in old:
        if not (folder / _PROVENANCE).exists():
            return {}
        parameters = json.loads((folder / _PROVENANCE).read_text())["parameters"]
        old["heuristic"] = parameters.get("heuristic")
    same = old.heuristic.map(lambda h: isinstance(h, str) and get_heuristic(h).name == heuristic)
    rows = {}
    for record in old[(old.status == "solved") & same].to_dict("records"):
        row = {c: record.get(c) for c in COLUMNS}
        row.update({c: int(row[c]) for c in INTEGERS}, heuristic=heuristic)
        row["sitting"] = int(record["sitting"]) if pd.notna(record.get("sitting")) else 1
        rows[instance_key(row["instance"], heuristic)] = row
    return rows


def sittings(folder) -> pd.DataFrame:
    """The sittings of the finished run in ``folder``: one row each, columns
    :data:`SITTING_COLUMNS` (empty if ``folder`` holds no run).

    ``started`` is the UTC time the sitting's searches began (ISO 8601), ``wall_seconds``
    how long they took in all, ``searched`` how many instances it searched, ``solved`` the
    instances it solved (numbers separated by spaces, in the order run) and
    ``cpu_seconds`` the CPU time of its searches. A run written before sittings were
    recorded counts as one sitting, read off its ``provenance.json`` (whose
    ``duration_seconds``, the whole notebook's, stands for ``wall_seconds``) and
    ``runs.csv``.
    """
    folder = Path(folder)
    if (folder / "sittings.csv").exists():
        table = read_table(folder, "sittings")[list(SITTING_COLUMNS)]
        # one instance reads back as a number, none as NaN
        table["solved"] = [str(v) if isinstance(v, str) else "" if pd.isna(v) else str(int(v))
                           for v in table.solved]  # fmt: skip
        return table
    if not (folder / "runs.csv").exists() or not (folder / _PROVENANCE).exists():
        return pd.DataFrame(columns=SITTING_COLUMNS)
    provenance = json.loads((folder / _PROVENANCE).read_text())
    runs = read_table(folder, "runs")
    if "resumed" in runs:
        runs = runs[~runs.resumed.astype(bool)]
    row = _sitting_row(1, provenance.get("started"), provenance.get("duration_seconds"),
                       provenance.get("parameters", {}).get("workers"), runs)  # fmt: skip
    return pd.DataFrame([row], columns=SITTING_COLUMNS)


def _sitting_row(number: int, started, wall_seconds, workers, searched: pd.DataFrame) -> dict:
    """One row of :func:`sittings` for the rows ``searched`` in that sitting."""
    searched = searched[~searched.status.isin([NOT_RUN, WORKER_LOST])]
    solved = searched[searched.status == "solved"].instance
    return {"sitting": number, "started": started, "wall_seconds": wall_seconds,
            "workers": workers, "searched": len(searched),
            "solved": " ".join(str(int(k)) for k in solved),
            "cpu_seconds": float(searched.cpu_seconds.sum())}  # fmt: skip


def search_instance(task: tuple) -> dict:
    """Search one instance with IDA\\* and return its row of :data:`COLUMNS` (the worker
    function of :func:`run_instances`, run wherever the task is sent).

    ``task`` is ``(instance, start, heuristic, h_start, published_length, max_seconds,
    max_nodes, deadline)``; ``deadline`` is the whole run's end in seconds since the epoch
    (:func:`time.time`). The tables are loaded and the kernel compiled first
    (:func:`~eightlab.experiments.runs.warm_up`); the search gets ``max_seconds``, cut
    to what is then left before ``deadline``, and ``max_nodes`` nodes expanded. An instance
    with nothing left has status :data:`NOT_RUN` and no counts.
    """
    _, start, heuristic, _, _, max_seconds, max_nodes, deadline = task
    row = _unsearched(task, NOT_RUN)
    if deadline - time.time() > 0:
        warm_up(KORF_GOAL_24, "idastar", heuristic, max_seconds, None)
    left = deadline - time.time()
    if left <= 0:
        return row
    seconds = min(math.inf if max_seconds is None else max_seconds, left)
    seconds = None if math.isinf(seconds) else seconds  # no budget
    result = solve(start, KORF_GOAL_24, "idastar", heuristic, max_seconds=seconds,
                   max_nodes=max_nodes)  # fmt: skip
    s = result.stats
    row.update(status=str(result.status), length=result.length if result.solved else None,
               expanded=s.expanded, generated=s.generated, iterations=s.iterations,
               seconds=s.wall_seconds, cpu_seconds=s.cpu_seconds)  # fmt: skip
    return row


def _unsearched(task: tuple, status: str) -> dict:
    """The row of a task without counts: its instance, heuristic, h and length, ``status``."""
    instance, _, heuristic, h_start, published_length = task[:5]
    row = dict.fromkeys(COLUMNS)
    row.update(instance=instance, heuristic=heuristic, h_start=h_start,
               published_length=published_length, status=status)  # fmt: skip
    return row


def run_instances(instances, heuristic: str, folder, *, max_seconds: float | None = None,
                  max_nodes: int | None = None, total_seconds: float | None = None,
                  workers: int = 1, scheduler: str | None = None, finished=None,
                  h_start=None, echo=None) -> pd.DataFrame:  # fmt: skip
    """Search Korf & Felner's 24-puzzle instances with IDA\\*, one task per instance,
    resuming from the solved rows of earlier runs.

    Parameters
    ----------
    instances : sequence of int
        Instance numbers 1-50, in the order to run them (a repeated one runs once).
    heuristic : str
        A registry name (a 5x5 heuristic such as ``"pdb-6-6-6-6"`` or ``"manhattan"``).
    folder : str or Path
        The run's folder: its ``runs.partial.csv`` gets every finished row at once, and
        the solved rows already there are not searched again.
    max_seconds, max_nodes : optional
        Budget of each search, in wall-clock seconds and nodes expanded; None: no budget.
    total_seconds : float, optional
        Budget of the whole run, in wall-clock seconds from this call: an instance not
        started by then has status :data:`NOT_RUN`, and a search started before gets at
        most what is left. None: no budget.
    workers : int, optional
        1 searches here, one instance at a time; more: a Dask ``LocalCluster`` of that
        many worker processes, or that many Slurm jobs with ``scheduler="slurm"``.
    scheduler : str, optional
        A Dask scheduler's address, or ``"slurm"``
        (:func:`~eightlab.experiments.cluster.execute_tasks`).
    finished : str or Path, optional
        A finished run of the same experiment (default: :func:`finished_folder` of
        ``folder``) whose solved rows with this heuristic are taken too.
    h_start : callable, optional
        ``h_start(board)``, the heuristic's value of a start board (default: the
        heuristic bound to the goal here, which loads its tables in this process).
    echo : callable, optional
        Receives the cluster's one-line messages (default: stderr).

    Returns
    -------
    pandas.DataFrame
        One row per instance, in the order given, columns :data:`COLUMNS` and
        ``resumed`` (True for a row taken from an earlier run, whose seconds are that
        run's) and ``sitting`` (the number of the sitting that searched it, this one's
        for the rest); counts of type ``Int64``; ``attrs["execution"]`` says how the
        tasks ran and ``attrs["sittings"]`` is :func:`sittings` with this one added.

    Raises
    ------
    EightlabError
        If an instance number is not 1-50, or a budget is not positive.
    """
    instances = list(dict.fromkeys(int(k) for k in instances))  # each once, in order
    if not all(1 <= k <= 50 for k in instances):
        raise EightlabError(f"Korf & Felner's instances are numbered 1-50, not {instances}")
    for label, value in (("max_seconds", max_seconds), ("max_nodes", max_nodes),
                         ("total_seconds", total_seconds)):  # fmt: skip
        if value is not None and not value > 0:
            raise EightlabError(f"{label} must be > 0 (or None: no budget), not {value!r}")
    name = get_heuristic(heuristic).name
    folder = Path(folder)
    boards, published = korf_felner_24(), korf_felner_24_lengths()
    if h_start is None:
        bound = get_heuristic(name).bind(KORF_GOAL_24)

        def h_start(board):
            return bound(board.packed)

    store = PartialTable(folder / PARTIAL, COLUMNS, integers=INTEGERS,
                         floats=("seconds", "cpu_seconds"))  # fmt: skip
    finished = finished_folder(folder) if finished is None else finished
    before = sittings(finished)
    sitting = len(before) + 1
    started, clock = pd.Timestamp.now(tz="UTC").isoformat(timespec="seconds"), time.perf_counter()
    earlier = solved_rows(finished, name)
    earlier.update({key: row for key, row in store.load().items() if row["status"] == "solved"})
    deadline = time.time() + (total_seconds if total_seconds is not None else float("inf"))
    tasks = [(instance_key(k, name), (k, boards[k - 1], name, int(h_start(boards[k - 1])),
                                      published[k], max_seconds, max_nodes, deadline))
             for k in instances]  # fmt: skip
    rows = {}

    def record(key, task, row, resumed=False):
        rows[task[0]] = dict(row, resumed=resumed, sitting=row.get("sitting") or sitting)
        if not resumed and row["status"] not in (NOT_RUN, WORKER_LOST):
            store.append(key, row)

    def runnable(key, task) -> bool:
        if key in earlier:
            record(key, task, earlier[key], resumed=True)
            return False
        if time.time() < deadline:
            return True
        record(key, task, _unsearched(task, NOT_RUN))  # the whole run's budget is spent
        return False

    def lost(key, task, error):  # it killed its workers again and again
        record(key, task, _unsearched(task, WORKER_LOST))

    store.open(earlier)  # every solved row stays for a later run, of these instances or not
    try:
        execution = execute_tasks(search_instance, tasks, workers=workers, scheduler=scheduler,
                                  runnable=runnable, on_row=record, on_lost=lost, echo=echo)  # fmt: skip
    finally:
        store.close()
    table = pd.DataFrame([rows[k] for k in instances], columns=[*COLUMNS, "resumed", "sitting"])
    for column in INTEGERS:
        table[column] = table[column].astype("Int64")
    table["resumed"] = table["resumed"].astype(bool)
    table["sitting"] = table["sitting"].astype(int)
    execution["resumed_rows"] = int(table["resumed"].sum())
    table.attrs["execution"] = execution
    now = _sitting_row(sitting, started, time.perf_counter() - clock, workers,
                       table[table.sitting == sitting])  # fmt: skip
    table.attrs["sittings"] = pd.DataFrame(
        [*before.to_dict("records"), now], columns=SITTING_COLUMNS
    )
    return table
