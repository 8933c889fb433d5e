"""Charts of search experiments: counts by depth faceted by family, boards in pairs.

The charts read the tables of :mod:`eightlab.experiments` (``runs`` of
:func:`~eightlab.experiments.run_grid`, ``summary`` of
:func:`~eightlab.experiments.summary_table`) and draw them with
:func:`~eightlab.plots.lines.plot_by_depth`. Charts that compare counts across
families put each family in its own panel, under the convention that decides its
counts (:data:`eightlab.result.CONVENTIONS`: where the goal test is made, whether the
parent is generated again), and state their finding in the title.
"""

from __future__ import annotations

import textwrap

import matplotlib.pyplot as plt
import numpy as np

from eightlab.plots.lines import figure_legend, plot_by_depth
from eightlab.search import run_label

#: The family of each registered algorithm, for charts faceted by family: the counts of
#: a family follow one convention (:data:`eightlab.result.CONVENTIONS`).
FAMILIES = {
    "bfs": "breadth-first", "bfs-cantor": "breadth-first",
    "bidirectional-bfs": "breadth-first",
    "ucs": "best-first", "greedy": "best-first", "astar": "best-first",
    "weighted-astar": "best-first",
    "dls": "depth-first", "iddfs": "depth-first", "iddfs-h": "depth-first",
    "iddfs-tree": "depth-first", "idastar": "depth-first", "rbfs": "depth-first",
}  # fmt: skip

#: What each family's counts mean, under its panel.
FAMILY_NOTES = {
    "breadth-first": "goal test on generation",
    "best-first": "goal test on expansion; parent generated again",
    "depth-first": "goal test on generation (RBFS: on expansion); parent never generated",
}


def family_note(family: str, algorithms) -> str:
    """The caption of a family's panel, true for the algorithms drawn in it.

    The textbook's tree IDDFS (``iddfs-tree``) is the one depth-first search that does
    generate the parent again, so a panel holding it says so.
    """
    note = FAMILY_NOTES.get(family, "")
    if family == "depth-first" and "iddfs-tree" in set(algorithms):
        others = set(algorithms) - {"iddfs-tree"}
        note = note.replace(
            "parent never generated",
            "parent generated again by IDDFS (tree)" + (", never by the others" if others else ""),
        )
        if "rbfs" not in set(algorithms):
            note = note.replace(" (RBFS: on expansion)", "")
    return note


def family_of(algorithm: str) -> str:
    """The family of an algorithm (``"best-first"``, ...), ``"other"`` if not known."""
    return FAMILIES.get(algorithm, FAMILIES.get(str(algorithm).split("-")[0], "other"))


def _families(summary) -> list[str]:
    order = ["breadth-first", "best-first", "depth-first", "other"]
    present = {family_of(a) for a in summary["algorithm"]}
    return [f for f in order if f in present]


def _finding(summary, metric: str, what: str) -> str:
    """A title stating the gap at the deepest depth where two or more searches ran."""
    column = f"{metric}_median"
    ran = summary[summary[column].astype(float) > 0].dropna(subset=[column])
    if ran.empty:
        return what
    counts = ran.groupby("depth").size()
    shared = counts[counts >= 2]
    if shared.empty:
        return what
    depth = shared.index.max()
    rows = ran[ran["depth"] == depth]
    rows = rows.assign(
        label=[run_label(a, h) for a, h in zip(rows["algorithm"], rows["heuristic"], strict=True)]
    )
    low = rows.loc[rows[column].astype(float).idxmin()]
    high = rows.loc[rows[column].astype(float).idxmax()]
    ratio = float(high[column]) / float(low[column])
    if ratio < 1.05:
        return f"{what}: all searches alike at depth {depth:g}"
    return (
        f"{what}: at depth {depth:g}, {low['label']} needs {ratio:,.0f}x less than {high['label']}"
    )


def _faceted(summary, metrics, ylabels, title: str):
    """Panels: one column per family, one row per metric; one legend below them all."""
    families = _families(summary)
    fig, axes = plt.subplots(
        len(metrics), len(families), figsize=(4.4 * len(families) + 0.6, 3.6 * len(metrics)),
        sharey="row", squeeze=False, layout="constrained",
    )  # fmt: skip
    for r, (metric, ylabel) in enumerate(zip(metrics, ylabels, strict=True)):
        for c, family in enumerate(families):
            ax = axes[r, c]
            rows = summary[[family_of(a) == family for a in summary["algorithm"]]]
            plot_by_depth(rows, metric, ylabel if c == 0 else "", ax, log=True, legend=False)
            if r == 0:
                note = family_note(family, rows["algorithm"])
                ax.set_title(f"{family}\n({note})", fontsize=9.5)
            if r < len(metrics) - 1:
                ax.set_xlabel("")
    figure_legend(fig, list(axes.flat))
    fig.suptitle(title)
    return fig


def nodes_by_depth(summary, facet: bool = True):
    """Nodes generated and nodes expanded against depth (medians, log scale).

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`~eightlab.experiments.summary_table`.
    facet : bool
        One column of panels per family (breadth-first, best-first, depth-first), whose
        counts follow one convention each (:data:`eightlab.result.CONVENTIONS`); False:
        every search on the same two panels.

    Returns
    -------
    matplotlib.figure.Figure
        Rows: nodes generated (top), nodes expanded (bottom), y axes shared per row;
        the title states the largest gap at the deepest depth where several ran.
    """
    title = _finding(summary, "generated", "nodes generated")
    metrics = ("generated", "expanded")
    labels = ("nodes generated (median)", "nodes expanded (median)")
    if facet:
        return _faceted(summary, metrics, labels, title)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), sharey=True, layout="constrained")
    for ax, metric, label in zip(axes, metrics, labels, strict=True):
        plot_by_depth(summary, metric, label, ax, log=True, legend=False)
        ax.set_title(f"nodes {metric}")
    figure_legend(fig, axes)
    fig.suptitle(title)
    return fig


def runtime_by_depth(summary, facet: bool = True):
    """Wall-clock time of a run against depth (medians, log scale), one panel per family.

    Parameters and returns as :func:`nodes_by_depth` (one row of panels, seconds).
    """
    title = _finding(summary, "wall_seconds", "runtime")
    label = "wall-clock time per run (s, median)"
    if facet:
        return _faceted(summary, ("wall_seconds",), (label,), title)
    return plot_by_depth(summary, "wall_seconds", label, title=title)


#: The caption of :func:`branching_factor_by_depth` on the shaded small depths.
SMALL_DEPTH_NOTE = (
    "Shaded, d = 2 to 4: b* says little here. IDA* can show b* = 1.00 at d = 2 only "
    "because it tests for the goal when a node is generated and tries the move d first, "
    "which heads for a bottom-right blank; even a perfect heuristic gives b* slightly "
    "above 1 with these counts (the siblings of the path are generated too)."
)


def branching_factor_by_depth(summary):
    """Effective branching factor b* against depth (AIMA 3rd ed., sec. 3.6.1).

    b* solves N = b* + b*^2 + ... + b*^d for N nodes generated; the depths 2 to 4 are
    shaded and a caption under the axes explains why b* is unreliable there.

    Returns
    -------
    matplotlib.figure.Figure
    """
    title = "b*: the better the heuristic, the closer to 1 the search stays"
    fig = plot_by_depth(
        summary, "b_star", "effective branching factor b* (median)", log=False, title=title
    )
    ax = fig.axes[0]
    ax.axhline(1.0, color="0.5", linewidth=0.8, linestyle=":")
    depths = summary["depth"].astype(float)
    if ((depths >= 2) & (depths <= 4)).any():
        ax.axvspan(1.5, 4.5, color="0.85", alpha=0.6, zorder=0, linewidth=0)
        left = max(1.5, float(depths.min()) - 0.5)
        ax.set_xlim(left=min(left, ax.get_xlim()[0]))
    # under the axis label, where it hides nothing (a tight bounding box keeps it)
    ax.annotate(
        textwrap.fill(SMALL_DEPTH_NOTE, 110), xy=(0, 0), xycoords="axes fraction",
        xytext=(0, -42), textcoords="offset points", ha="left", va="top", fontsize=8,
    )  # fmt: skip
    return fig


def memory_by_depth(summary):
    """Peak states held in memory (max_stored) against depth (medians)."""
    return plot_by_depth(
        summary,
        "max_stored",
        "peak states in memory (median)",
        title=_finding(summary, "max_stored", "memory: frontier + closed set, or path"),
    )


def paired_expansions(runs, x, y, algorithm: str | None = None, metric: str = "expanded"):
    """One point per board: the nodes ``y`` needs against the nodes ``x`` needs.

    A paired comparison on the same boards answers what a plot against solution length
    cannot: on how many boards is one heuristic (or algorithm) better, and by how much.
    Points below the diagonal are boards where ``y`` needs fewer nodes.

    Parameters
    ----------
    runs : pandas.DataFrame
        A :func:`~eightlab.experiments.run_grid` table; only boards solved by both are
        drawn.
    x, y : str
        Heuristic names (with ``algorithm``) or algorithm names (without).
    algorithm : str, optional
        Compare two heuristics of this algorithm; None compares two algorithms.
    metric : str
        ``"expanded"`` (default), ``"generated"`` or ``"wall_seconds"``.

    Returns
    -------
    matplotlib.figure.Figure
        Log-log axes, colour = optimal length; the title says on how many boards ``y``
        needs fewer nodes and the median ratio.

    Raises
    ------
    ValueError
        If no board was solved by both.
    """
    solved = runs[runs["status"] == "solved"]
    key = "heuristic" if algorithm is not None else "algorithm"
    if algorithm is not None:
        solved = solved[solved["algorithm"] == algorithm]
    left = solved[solved[key] == x].set_index("instance")
    right = solved[solved[key] == y].set_index("instance")
    both = left[[metric, "optimal_length"]].merge(
        right[[metric]], left_index=True, right_index=True, suffixes=("", "_y")
    )
    if both.empty:
        raise ValueError(f"no board was solved by both {x!r} and {y!r}")
    a = both[metric].astype(float).clip(lower=0.8).to_numpy()
    b = both[f"{metric}_y"].astype(float).clip(lower=0.8).to_numpy()
    fig, ax = plt.subplots(figsize=(5.6, 4.8))
    depth = both["optimal_length"].astype(float).to_numpy()
    points = ax.scatter(a, b, c=depth, s=18, cmap="viridis", alpha=0.85, edgecolors="none")
    low, high = min(a.min(), b.min()) / 1.5, max(a.max(), b.max()) * 1.5
    ax.plot([low, high], [low, high], color="0.4", linewidth=0.9, linestyle="--")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(low, high)
    ax.set_ylim(low, high)
    ax.set_aspect("equal")
    name = (lambda v: f"{run_label(algorithm, v)}") if algorithm else (lambda v: run_label(v))
    ax.set_xlabel(f"nodes {metric} by {name(x)}")
    ax.set_ylabel(f"nodes {metric} by {name(y)}")
    fig.colorbar(points, ax=ax, label="optimal solution length (moves)", shrink=0.8)
    fewer = int((b < a).sum())
    ratio = float(np.median(a / b))
    ax.set_title(
        f"{name(y)} needs fewer nodes on {fewer} of {len(a)} boards\n"
        f"(median {ratio:,.1f}x fewer; below the dashed line = fewer)",
        fontsize=10,
    )
    return fig
