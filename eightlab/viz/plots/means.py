"""The AIMA-style table of means (``by_depth.csv``) as a figure: mean nodes and mean b*.

:func:`~eightlab.analysis.summaries.textbook_table` writes one row per depth and, for each search,
the columns ``"LABEL: nodes"`` (mean nodes generated) and ``"LABEL: b*"`` (mean
effective branching factor), LABEL being a display label such as ``"A* (manhattan)"``.
:func:`means_by_depth` draws them, each search in the encoding of
:mod:`eightlab.viz.plots.encoding`.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from eightlab.viz.plots.encoding import series_style
from eightlab.viz.plots.style import figure_size, fit_text, integer_ticks, legend_outside


def names_of(label: str) -> tuple[str, str]:
    """``(algorithm, heuristic)`` registry names of a display label (``"A* (manhattan)"``).

    Parameters
    ----------
    label : str
        A column label of a summary table.

    Returns
    -------
    tuple of (str, str)
        The algorithm's and the heuristic's names; ``(label, "")`` for an unknown label.
    """
    from eightlab.heuristics import HEURISTICS
    from eightlab.search import ALGORITHMS

    by_label = {a.label: a.name for a in ALGORITHMS.values()}
    if label in by_label:
        return by_label[label], ""
    head, _, tail = label.rpartition(" (")
    heuristic = tail.rstrip(")")
    if head in by_label and heuristic in HEURISTICS:
        return by_label[head], heuristic
    return label, ""


def means_by_depth(by_depth):
    """Mean nodes generated (log scale) and mean b* against depth, one line per search.

    Parameters
    ----------
    by_depth : pandas.DataFrame
        A :func:`~eightlab.analysis.summaries.textbook_table`: ``depth`` and, per search,
        ``"LABEL: nodes"`` and ``"LABEL: b*"``; blank cells (a search out of budget at
        that depth) leave gaps.

    Returns
    -------
    matplotlib.figure.Figure
        Two panels; the title gives the ratio of the largest to the smallest mean at
        the deepest depth where two or more searches have one.

    Raises
    ------
    ValueError
        If the table has no ``": nodes"`` column.
    """
    labels = [c[: -len(": nodes")] for c in by_depth.columns if c.endswith(": nodes")]
    if not labels:
        raise ValueError("no column 'LABEL: nodes' (a by_depth.csv of compare_algorithms)")
    depth = by_depth["depth"].astype(float).to_numpy()
    fig, (nodes_ax, b_ax) = plt.subplots(1, 2, figsize=figure_size("row"), layout="constrained")
    for label in labels:
        style = series_style(*names_of(label))
        nodes_ax.plot(depth, by_depth[f"{label}: nodes"].astype(float), label=label, **style)
        if f"{label}: b*" in by_depth:
            b_ax.plot(depth, by_depth[f"{label}: b*"].astype(float), **style)
    nodes_ax.set_yscale("log")
    nodes_ax.set_ylabel("nodes generated\n(mean, log scale)")
    b_ax.set_ylabel("effective branching\nfactor b* (mean)")
    b_ax.axhline(1.0, color="0.5", linewidth=0.8, linestyle=":")
    for ax in (nodes_ax, b_ax):
        ax.set_xlabel("solution depth d (moves)")
        integer_ticks(ax, "x")
    legend_outside(b_ax, *nodes_ax.get_legend_handles_labels(), title="mean over the boards")
    fig.suptitle(fit_text(_finding(by_depth, labels), fig.get_figwidth()))
    return fig


def _finding(by_depth, labels) -> str:
    table = by_depth.set_index("depth")[[f"{label}: nodes" for label in labels]].astype(float)
    shared = table[table.notna().sum(axis=1) >= 2]
    if shared.empty:
        return "mean nodes generated and b* by depth"
    depth = shared.index.max()
    row = shared.loc[depth].dropna()
    low, high = row.idxmin(), row.idxmax()
    ratio = float(row[high] / row[low]) if row[low] > 0 else np.inf
    return (
        f"at depth {depth:g}, {low[: -len(': nodes')]} generates {ratio:,.0f}x fewer nodes "
        f"(mean) than {high[: -len(': nodes')]}"
    )
