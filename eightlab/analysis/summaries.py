"""Tables over a grid's runs: the effective branching factor, medians by depth, ratios, AIMA's table.

:func:`effective_branching_factor` is b* (AIMA sec. 3.6.1); :func:`summary_table`
reduces the runs of :func:`eightlab.experiments.grid.run_grid` to medians and interquartile
ranges by algorithm, heuristic and depth; :func:`median_ratio` compares two searches at
the deepest depth both reached; :func:`textbook_table` is the layout of AIMA 3rd ed.,
fig. 3.29.

References
----------
.. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed.,
   2020, sec. 3.6.1 (the effective branching factor); 3rd ed., 2010, fig. 3.29.
"""

from __future__ import annotations

import json
import math

import pandas as pd

from eightlab.search import run_label
from eightlab.search.result import Status

#: The metrics that :func:`summary_table` summarises.
SUMMARY_METRICS = (
    "length",
    "expanded",
    "generated",
    "max_stored",
    "wall_seconds",
    "cpu_seconds",
    "b_star",
)


def effective_branching_factor(generated, depth, tolerance: float = 1e-10) -> float:
    """The effective branching factor b* of a search (AIMA sec. 3.6.1).

    b* is the branching factor that a uniform tree of depth ``d`` would need to hold
    ``N + 1`` nodes: ``N + 1 = 1 + b* + b*^2 + ... + b*^d``. It is found by bisection
    on ``[0, max(1, N)]``, where ``b + ... + b^d - N`` is increasing.

    Parameters
    ----------
    generated : int
        N, the number of nodes the search generated.
    depth : int
        d, the solution depth (number of moves).
    tolerance : float, optional
        Width of the final bisection interval.

    Returns
    -------
    float
        b*; nan when ``d`` is 0, missing or nan, or ``N`` is missing or nan (an
        unsolved run).

    Examples
    --------
    AIMA's example: A* finds a solution at depth 5 with 52 nodes, so b* is 1.92.

    >>> round(effective_branching_factor(52, 5), 2)
    1.92
    """
    if _missing(generated) or _missing(depth) or depth <= 0 or generated < 0:
        return math.nan
    n, d = float(generated), int(depth)
    lo, hi = 0.0, max(1.0, n)
    while hi - lo > tolerance * max(1.0, hi):
        mid = (lo + hi) / 2
        if _tree_size(mid, d, n) < n:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _tree_size(b: float, d: int, cap: float) -> float:
    """``b + b^2 + ... + b^d``, stopping early once it exceeds ``cap``."""
    total, power = 0.0, 1.0
    for _ in range(d):
        power *= b
        total += power
        if total > cap:
            break
    return total


def summary_table(runs, metrics=SUMMARY_METRICS, require_all_solved: bool = True):
    """Medians and interquartile ranges of the runs by algorithm x heuristic x depth.

    Parameters
    ----------
    runs : pandas.DataFrame
        A table of :func:`run_grid`.
    metrics : sequence of str, optional
        Columns to summarise (default :data:`SUMMARY_METRICS`).
    require_all_solved : bool, optional
        If True (default), a group in which some run was not solved gets nan
        statistics: a median of only the runs that fitted the budget would flatter
        the algorithm. If False, statistics are over the solved runs.

    Returns
    -------
    pandas.DataFrame
        One row per (algorithm, heuristic, depth) where depth is the optimal length,
        the pairs in the order they first appear in ``runs``, each by depth,
        with ``runs`` (number of runs), ``solved`` (number solved) and, for each
        metric ``m``, ``m_median``, ``m_q1``, ``m_q3`` (25th and 75th percentiles)
        and ``m_iqr`` (``m_q3 - m_q1``), in the metric's unit (moves, nodes, seconds).
    """
    keys = ["algorithm", "heuristic", "depth"]
    data = runs.rename(columns={"optimal_length": "depth"})
    data = data[data["depth"].notna()]
    records = []
    for key, group in data.groupby(keys, sort=False, dropna=False):
        solved = group[group["status"] == str(Status.SOLVED)]
        record = dict(zip(keys, key, strict=True))
        record["runs"] = len(group)
        record["solved"] = len(solved)
        complete = len(solved) == len(group) or not require_all_solved
        for metric in metrics:
            values = solved[metric].astype(float).dropna()
            if complete and len(values):
                q1, median, q3 = values.quantile([0.25, 0.5, 0.75]).tolist()
            else:
                q1 = median = q3 = math.nan
            record[f"{metric}_median"] = median
            record[f"{metric}_q1"] = q1
            record[f"{metric}_q3"] = q3
            record[f"{metric}_iqr"] = q3 - q1
        records.append(record)
    columns = keys + ["runs", "solved"]
    columns += [f"{m}_{s}" for m in metrics for s in ("median", "q1", "q3", "iqr")]
    table = pd.DataFrame(records, columns=columns)
    table["depth"] = table["depth"].astype("Int64")
    pairs = list(dict.fromkeys(zip(table["algorithm"], table["heuristic"], strict=True)))
    rank = {pair: k for k, pair in enumerate(pairs)}
    table["_pair"] = [rank[p] for p in zip(table["algorithm"], table["heuristic"], strict=True)]
    table = table.sort_values(["_pair", "depth"], kind="stable").drop(columns="_pair")
    return table.reset_index(drop=True)


def median_ratio(summary, metric: str, numerator: str, denominator: str):
    """How many times more ``metric`` one search needed than another, at the deepest depth.

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`summary_table`.
    metric : str
        ``"generated"``, ``"expanded"``, ``"wall_seconds"``...
    numerator, denominator : str
        Searches by their label (:func:`eightlab.search.run_label`: ``"BFS"``,
        ``"A* (manhattan)"``).

    Returns
    -------
    tuple of (int, float) or None
        The deepest depth at which both searches have a median, and the ratio of their
        medians there; None if there is no such depth.
    """
    pairs = zip(summary["algorithm"], summary["heuristic"], strict=True)
    labels = [run_label(algorithm, heuristic) for algorithm, heuristic in pairs]
    wide = summary.assign(search=labels).pivot(
        index="depth", columns="search", values=f"{metric}_median"
    )
    if numerator not in wide or denominator not in wide:
        return None
    both = wide[[numerator, denominator]].astype(float).dropna()
    if both.empty:
        return None
    depth = both.index.max()
    return int(depth), float(both.loc[depth, numerator] / both.loc[depth, denominator])


def textbook_table(runs):
    """Search cost and effective branching factor by depth, as in AIMA 3rd ed. fig. 3.29.

    Parameters
    ----------
    runs : pandas.DataFrame
        A table of :func:`run_grid`.

    Returns
    -------
    pandas.DataFrame
        One row per depth d; for each (algorithm, heuristic) label, the mean number of
        nodes generated (``"<label>: nodes"``) and the mean b* (``"<label>: b*"``)
        over the runs at that depth. A cell is missing (nan) unless every run of that
        pair at that depth was solved within its budget.
    """
    columns = {}
    data = runs[runs["optimal_length"].notna()]
    for (algorithm, heuristic), group in data.groupby(["algorithm", "heuristic"], sort=False):
        label = run_label(algorithm, heuristic)
        nodes, b_star = {}, {}
        for depth, runs_at in group.groupby("optimal_length"):
            complete = (runs_at["status"] == str(Status.SOLVED)).all()
            nodes[depth] = runs_at["generated"].astype(float).mean() if complete else math.nan
            b_star[depth] = runs_at["b_star"].astype(float).mean() if complete else math.nan
        columns[f"{label}: nodes"] = pd.Series(nodes)
        columns[f"{label}: b*"] = pd.Series(b_star)
    table = pd.DataFrame(columns)
    table.index = table.index.astype(int)
    table.index.name = "depth"
    nodes = [c for c in table.columns if c.endswith(": nodes")]
    b_stars = [c for c in table.columns if c.endswith(": b*")]
    return table[nodes + b_stars].reset_index()


#: The columns of :func:`iteration_table`.
ITERATION_COLUMNS = (
    "instance",
    "algorithm",
    "heuristic",
    "iteration",
    "threshold",
    "expanded",
    "generated",
)


def iteration_table(runs):
    """One row per depth-first pass of the iterative searches, as research codes print them.

    Parameters
    ----------
    runs : pandas.DataFrame
        A table of :func:`eightlab.experiments.grid.run_grid` (its ``per_iteration`` column:
        the JSON of :attr:`eightlab.search.result.SearchStats.per_iteration`, empty for the
        searches that are not iterative).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`ITERATION_COLUMNS`: the run (instance, algorithm, heuristic),
        the pass (``iteration``, 1-based), its ``threshold`` (the f bound of IDA*, the
        depth limit of IDDFS) and the nodes ``expanded`` and ``generated`` in that pass
        alone (they add up to the run's totals).
    """
    records = []
    if "per_iteration" in runs:
        for run in runs.itertuples(index=False):
            if not isinstance(run.per_iteration, str) or not run.per_iteration:
                continue
            for passed in json.loads(run.per_iteration):
                records.append(
                    {
                        "instance": run.instance,
                        "algorithm": run.algorithm,
                        "heuristic": run.heuristic,
                        **{k: passed.get(k) for k in ITERATION_COLUMNS[3:]},
                    }
                )
    table = pd.DataFrame(records, columns=list(ITERATION_COLUMNS))
    for column in ("instance", "iteration", "expanded", "generated"):
        table[column] = table[column].astype("Int64")
    return table
