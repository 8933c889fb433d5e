"""eightlab's tables beside the published ones: AIMA's fig. 3.29 and Korf 1985's Table 1.

:func:`textbook_published` adds AIMA's printed value, the ratio and the standard error
to a :func:`~eightlab.analysis.summaries.textbook_table`; :func:`tie_breaking_table` re-runs A* on
the same boards under each tie-breaking rule; :func:`korf1985_comparison` sets each
instance's nodes beside Korf's; :func:`korf_summary_published` adds Korf's mean to a
korf100 summary. The sentences of the textbook note are written by
:mod:`eightlab.analysis.textbook_note` from these tables.

References
----------
.. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed.,
   2010, fig. 3.29.
.. [2] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", *Artificial Intelligence* 27(1), 1985, 97-109, Table 1.
"""

from __future__ import annotations

import math

import pandas as pd

from eightlab.analysis.published import (
    AIMA_FIG_3_29,
    AIMA_SOURCE,
    FELNER2004_LOOKUP,
    FELNER2004_MEAN_H,
    FELNER2004_MEAN_NODES,
    FELNER2004_SOURCE,
    KORF1985_SOURCE,
    korf1985_table,
)
from eightlab.errors import EightlabError
from eightlab.search import TIE_BREAKING, run_label, solve
from eightlab.search.result import Status


def _cells(runs, label: str, depth: int):
    """The generated counts of one (search, depth) cell, or None if a run is unsolved."""
    pairs = zip(runs["algorithm"], runs["heuristic"].fillna(""), strict=True)
    labels = [run_label(a, h or None) for a, h in pairs]
    cell = runs[(pd.Series(labels, index=runs.index) == label) & (runs["optimal_length"] == depth)]
    if cell.empty or not (cell["status"] == str(Status.SOLVED)).all():
        return None
    return cell["generated"].astype(float)


def textbook_published(by_depth, runs):
    """A :func:`~eightlab.analysis.summaries.textbook_table` with AIMA's fig. 3.29 beside each cell.

    Parameters
    ----------
    by_depth : pandas.DataFrame
        A :func:`~eightlab.analysis.summaries.textbook_table` of ``runs``.
    runs : pandas.DataFrame
        The runs it was made from (their ``generated`` counts give the standard errors).

    Returns
    -------
    pandas.DataFrame
        ``by_depth`` with, for each search that AIMA's figure shows (IDS as
        ``"IDDFS (tree)"``, ``"A* (misplaced)"``, ``"A* (manhattan)"``) and is in the
        table: ``"<label>: nodes AIMA"`` (the book's mean nodes generated),
        ``"<label>: nodes eightlab/AIMA"`` (the ratio of eightlab's mean to it),
        ``"<label>: nodes se"`` (the standard error of eightlab's mean over its boards,
        sample standard deviation / sqrt(boards)), ``"<label>: nodes z"`` (AIMA's value
        minus eightlab's mean, in those standard errors; nan when every board had the
        same count), ``"<label>: b* AIMA"`` and
        ``"<label>: b* AIMA - eightlab"``; and ``"published source"``, where the
        numbers were printed. Cells the book leaves empty are nan.
    """
    table = by_depth.copy()
    depths = [int(d) for d in table["depth"]]
    shown = [label for label in AIMA_FIG_3_29 if f"{label}: nodes" in table]
    for label in shown:
        book = AIMA_FIG_3_29[label]
        aima = pd.Series([book["nodes"].get(d, math.nan) for d in depths], dtype=float)
        mean = table[f"{label}: nodes"].astype(float).reset_index(drop=True)
        se = []
        for d, m in zip(depths, mean, strict=True):
            cell = _cells(runs, label, d)
            ok = cell is not None and len(cell) > 1 and not math.isnan(m)
            se.append(cell.std(ddof=1) / math.sqrt(len(cell)) if ok else math.nan)
        se = pd.Series(se, dtype=float)
        b_book = pd.Series([book["b*"].get(d, math.nan) for d in depths], dtype=float)
        table[f"{label}: nodes AIMA"] = aima.values
        table[f"{label}: nodes eightlab/AIMA"] = (mean / aima).values
        table[f"{label}: nodes se"] = se.values
        table[f"{label}: nodes z"] = ((aima - mean) / se.where(se > 0)).values  # nan if se = 0
        table[f"{label}: b* AIMA"] = b_book.values
        table[f"{label}: b* AIMA - eightlab"] = (
            b_book - table[f"{label}: b*"].astype(float).reset_index(drop=True)
        ).values
    if shown:
        table["published source"] = AIMA_SOURCE
    return table


def tie_breaking_table(runs, heuristic: str = "manhattan", depths=None):
    """A*'s mean nodes generated under each tie-breaking rule, on the boards of ``runs``.

    Parameters
    ----------
    runs : pandas.DataFrame
        A :func:`~eightlab.experiments.grid.run_grid` table holding A* runs with ``heuristic``
        (columns ``start``, ``goal``, ``optimal_length``, ``generated``).
    heuristic : str, optional
        The heuristic of the A* runs re-run (default Manhattan, AIMA's h2).
    depths : sequence of int, optional
        The depths to re-run (default: every depth of those runs).

    Returns
    -------
    pandas.DataFrame
        One row per depth: ``boards`` and, for each rule of
        :data:`eightlab.search.TIE_BREAKING`, the mean nodes generated on the same
        boards (``"larger-g"`` is eightlab's default, larger g then FIFO), and
        ``spread``, the largest mean over the smallest.

    Raises
    ------
    EightlabError
        If the default rule does not reproduce a count of ``runs`` (a different
        eightlab, or runs of another tie-breaking rule).
    """
    part = runs[(runs["algorithm"] == "astar") & (runs["heuristic"] == heuristic)]
    depths = sorted(set(part["optimal_length"].dropna().astype(int))) if depths is None else depths
    records = []
    for depth in depths:
        boards = part[part["optimal_length"] == depth]
        record = {"depth": int(depth), "boards": len(boards)}
        for rule in TIE_BREAKING:
            counts = []
            for start, goal, committed in zip(
                boards["start"], boards["goal"], boards["generated"], strict=True
            ):
                result = solve(
                    str(start), str(goal), "astar", heuristic, engine="python", tie_breaking=rule
                )
                if rule == TIE_BREAKING[0] and result.stats.generated != committed:
                    raise EightlabError(
                        f"A* on {start} generated {result.stats.generated}, not {committed}"
                    )
                counts.append(result.stats.generated)
            record[rule] = sum(counts) / len(counts)
        record["spread"] = max(record[r] for r in TIE_BREAKING) / min(
            record[r] for r in TIE_BREAKING
        )
        records.append(record)
    return pd.DataFrame(records, columns=["depth", "boards", *TIE_BREAKING, "spread"])  # fmt: skip


def korf1985_comparison(runs, heuristic: str = "manhattan"):
    """Each instance's nodes generated by eightlab's IDA* beside Korf's (1985, Table 1).

    Parameters
    ----------
    runs : pandas.DataFrame
        A korf100 ``runs.csv`` (``instance`` 1-100, ``heuristic``, ``h_start``,
        ``optimal_length``, ``generated``, ``status``).
    heuristic : str, optional
        The heuristic whose runs are compared (Korf's was Manhattan distance).

    Returns
    -------
    pandas.DataFrame
        One row per solved instance: ``instance``, ``h_start`` and ``korf_h_start``,
        ``length`` and ``korf_length`` (moves), ``generated`` and ``korf_generated``
        (nodes), ``ratio`` (eightlab's over Korf's).
    """
    korf = {row.instance: row for row in korf1985_table()}
    part = runs[(runs["heuristic"] == heuristic) & (runs["status"] == str(Status.SOLVED))]
    records = []
    for run in part.sort_values("instance").itertuples(index=False):
        row = korf[int(run.instance)]
        records.append(
            {
                "instance": int(run.instance),
                "h_start": int(run.h_start),
                "korf_h_start": row.h_start,
                "length": int(run.optimal_length),
                "korf_length": row.length,
                "generated": int(run.generated),
                "korf_generated": row.generated,
                "ratio": int(run.generated) / row.generated,
            }
        )
    columns = ["instance", "h_start", "korf_h_start", "length", "korf_length", "generated",
               "korf_generated", "ratio"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def korf1985_totals(comparison) -> dict:
    """The figures of a :func:`korf1985_comparison`: totals, their ratio, the median ratio.

    Parameters
    ----------
    comparison : pandas.DataFrame
        One row per instance, as :func:`korf1985_comparison` makes it.

    Returns
    -------
    dict
        ``instances``, ``generated`` and ``korf_generated`` (sums, nodes),
        ``ratio_of_totals``, ``median_ratio`` (of the per-instance ratios),
        ``lengths_equal`` and ``h_equal`` (instances where eightlab's optimal length,
        resp. Manhattan distance of the start, equals Korf's), ``h_differ`` (the
        instance numbers where the estimates differ) and ``largest`` (the instance with
        the largest ratio) and ``largest_excess`` (the instance where eightlab generated
        the most nodes more than Korf).
    """
    if comparison.empty:
        raise EightlabError("no solved Manhattan run of Korf's instances to compare")
    largest = comparison.loc[comparison["ratio"].idxmax()]
    excess = comparison["generated"] - comparison["korf_generated"]
    return {
        "instances": len(comparison),
        "generated": int(comparison["generated"].sum()),
        "korf_generated": int(comparison["korf_generated"].sum()),
        "ratio_of_totals": comparison["generated"].sum() / comparison["korf_generated"].sum(),
        "median_ratio": float(comparison["ratio"].median()),
        "lengths_equal": int((comparison["length"] == comparison["korf_length"]).sum()),
        "h_equal": int((comparison["h_start"] == comparison["korf_h_start"]).sum()),
        "h_differ": [int(i) for i in comparison.loc[comparison["h_start"] != comparison["korf_h_start"], "instance"]],
        "largest": int(largest["instance"]),
        "largest_excess": int(comparison.loc[excess.idxmax(), "instance"]),
    }  # fmt: skip


#: The columns :func:`korf_summary_published` adds.
KORF_SUMMARY_COLUMNS = (
    "published_mean_h",
    "published_mean_nodes",
    "nodes_vs_published",
    "median_ratio_vs_published",
    "published_source",
)


def korf_summary_published(summary, runs):
    """A korf100 ``summary.csv`` with the published means beside eightlab's.

    Parameters
    ----------
    summary : pandas.DataFrame
        The summary (``heuristic``, ``instances``, ``mean_nodes``, ...).
    runs : pandas.DataFrame
        The runs it was made from.

    Returns
    -------
    pandas.DataFrame
        ``summary`` with :data:`KORF_SUMMARY_COLUMNS`. For the Manhattan row: Korf's
        mean h of the starts and mean nodes generated over the same instances (those
        every heuristic solved), eightlab's mean over it, the median per-instance ratio
        and the source; the instances are the same boards, so there is no sampling
        error to report. For the 15-puzzle's partitions (``pdb-5-5-5``, ``pdb-6-6-3``,
        ``pdb-7-8`` and their ``-single`` variants): Felner, Korf & Hanan's mean h and
        mean nodes (another instance set, no per-instance ratio) and, in the source,
        which lookup their figure used. nan and "" for the other heuristics.
    """
    table = summary.drop(columns=[c for c in KORF_SUMMARY_COLUMNS if c in summary])
    solved = runs[runs["status"] == str(Status.SOLVED)]
    count = runs["heuristic"].nunique()
    both = solved.groupby("instance").filter(lambda g: g["heuristic"].nunique() == count)
    values = {c: [] for c in KORF_SUMMARY_COLUMNS}
    for row in table.itertuples(index=False):
        if row.heuristic == "manhattan" and not both.empty:
            comparison = korf1985_comparison(both)
            published = comparison["korf_generated"].mean()
            values["published_mean_h"].append(float(comparison["korf_h_start"].mean()))
            values["published_mean_nodes"].append(published)
            values["nodes_vs_published"].append(comparison["generated"].mean() / published)
            values["median_ratio_vs_published"].append(float(comparison["ratio"].median()))
            values["published_source"].append(KORF1985_SOURCE)
        elif row.heuristic in FELNER2004_MEAN_NODES:
            published = FELNER2004_MEAN_NODES[row.heuristic]
            values["published_mean_h"].append(FELNER2004_MEAN_H[row.heuristic])
            values["published_mean_nodes"].append(float(published))
            values["nodes_vs_published"].append(row.mean_nodes / published)
            values["median_ratio_vs_published"].append(math.nan)  # no per-instance table
            lookup = FELNER2004_LOOKUP[row.heuristic]
            values["published_source"].append(f"{FELNER2004_SOURCE}; their lookup: {lookup}")
        else:
            for column in KORF_SUMMARY_COLUMNS[:-1]:
                values[column].append(math.nan)
            values["published_source"].append("")
    for column, value in values.items():
        table[column] = value
    return table
