"""Charts of search experiments: counts by depth faceted by family, boards in pairs.

The charts read the tables of :mod:`eightlab.experiments.grid` (``runs`` of
:func:`~eightlab.experiments.grid.run_grid`, ``summary`` of
:func:`~eightlab.experiments.grid.summary_table`) and draw them with
:func:`~eightlab.viz.plots.lines.plot_by_depth`. Charts that compare counts across
families put each family in its own panel, under the convention that decides its
counts (:data:`eightlab.search.result.CONVENTIONS`: where the goal test is made, whether the
parent is generated again), and state their finding in the title.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from eightlab.search import ALGORITHMS, run_label
from eightlab.search.registry import ALGORITHM_FAMILIES
from eightlab.viz.plots.lines import figure_legend, plot_by_depth
from eightlab.viz.plots.style import (
    current_style,
    figure_size,
    fit_text,
    grow_height,
    small_text,
)

#: What each family's counts mean, under its panel.
FAMILY_NOTES = {
    "breadth-first": "goal test on generation",
    "best-first": "goal test on expansion; parent generated again",
    "depth-first": "goal test on generation (RBFS: on expansion); parent never generated",
    "bidirectional": "both directions' expansions counted together",
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
    if family == "depth-first" and "rbfs" not in set(algorithms):
        note = note.replace(" (RBFS: on expansion)", "")
    return note


def family_of(algorithm: str) -> str:
    """The family of an algorithm (``"best-first"``, ...), from its record in
    :data:`~eightlab.search.registry.ALGORITHMS`.

    A name that is not registered takes the family of its first hyphenated part
    (``"astar-x"`` is best-first), else ``"other"``.
    """
    spec = ALGORITHMS.get(algorithm) or ALGORITHMS.get(str(algorithm).split("-")[0])
    return spec.family if spec is not None else "other"


def _families(summary) -> list[str]:
    order = [*ALGORITHM_FAMILIES, "other"]
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
    rows = ran[ran["depth"] == depth].reset_index(drop=True)
    rows = rows.assign(
        label=[run_label(a, h) for a, h in zip(rows["algorithm"], rows["heuristic"], strict=True)]
    )
    low = rows.loc[rows[column].astype(float).idxmin()]
    high = rows.loc[rows[column].astype(float).idxmax()]
    ratio = float(high[column]) / float(low[column])
    if ratio < 1.05:
        return f"{what}: all searches alike at depth {depth:g}"
    verb = _VERBS.get(metric, "needs {ratio}x less than")
    ratio_text = f"{ratio:,.0f}" if ratio >= 10 else f"{ratio:,.1f}"
    return f"{what}: at depth {depth:g}, {low['label']} {verb.format(ratio=ratio_text)} {high['label']}"


#: How :func:`_finding` says "less" for each metric.
_VERBS = {
    "generated": "generates {ratio}x fewer nodes than",
    "expanded": "expands {ratio}x fewer nodes than",
    "wall_seconds": "takes {ratio}x less time than",
    "max_stored": "holds {ratio}x fewer states than",
}


def _faceted(summary, metrics, ylabels, title_text: str):
    """Panels: one column per family, one row per metric; one legend below them all.

    The colour says the algorithm in every panel, the line style and marker the heuristic.
    """
    families = _families(summary)
    fig, axes = plt.subplots(
        len(metrics), len(families),
        figsize=figure_size("wide", rows=len(metrics)) if len(metrics) > 1 else figure_size("row"),
        sharey="row", squeeze=False, layout="constrained",
    )  # fmt: skip
    panel = fig.get_figwidth() / len(families)
    for r, (metric, ylabel) in enumerate(zip(metrics, ylabels, strict=True)):
        for c, family in enumerate(families):
            ax = axes[r, c]
            rows = summary[[family_of(a) == family for a in summary["algorithm"]]]
            label = fit_text(ylabel, 0.55 * fig.get_figheight() / len(metrics)) if c == 0 else ""
            plot_by_depth(
                rows, metric, label, ax, log=True, legend=False,
            )  # fmt: skip
            if r == 0:
                note = family_note(family, rows["algorithm"])
                title = fit_text(f"{family}\n({note})", 0.95 * panel, small_text())
                ax.set_title(title, fontsize=small_text())
            # the bottom row only, short enough for a panel's width
            ax.set_xlabel(_DEPTH_LABEL if r == len(metrics) - 1 else "")
    figure_legend(fig, list(axes.flat), ncols=_legend_columns(fig))
    fig.suptitle(fit_text(title_text, fig.get_figwidth()))
    return fig


_DEPTH_LABEL = "solution depth d (moves)"


def _legend_columns(fig) -> int:
    """Columns of a legend under ``fig``: as many entries of ~22 characters as fit."""
    return max(1, min(5, int(fig.get_figwidth() * 72 / (0.55 * small_text() * 24))))


def nodes_by_depth(summary, facet: bool = True):
    """Nodes generated and nodes expanded against depth (medians, log scale).

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`~eightlab.experiments.grid.summary_table`.
    facet : bool
        One column of panels per family (breadth-first, best-first, depth-first), whose
        counts follow one convention each (:data:`eightlab.search.result.CONVENTIONS`); False:
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
    fig, axes = plt.subplots(1, 2, figsize=figure_size("wide"), sharey=True, layout="constrained")
    for ax, metric, label in zip(axes, metrics, labels, strict=True):
        plot_by_depth(summary, metric, label, ax, log=True, legend=False)
        ax.set_title(f"nodes {metric}")
    figure_legend(fig, axes, ncols=_legend_columns(fig))
    fig.suptitle(fit_text(title, fig.get_figwidth()))
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


#: The caption of :func:`branching_factor_by_depth` on the shaded small depths, and
#: the sentences added for the algorithms they are about, when those are in the run.
SMALL_DEPTH_NOTE = (
    "Shaded, d = 2 to 4: b* says little here (a search generates a whole layer of "
    "successors even when it expands one node); even a perfect heuristic gives b* "
    "slightly above 1 with these counts (the siblings of the path are generated too)."
)
SMALL_DEPTH_NOTES = {
    "idastar": "IDA* can show b* = 1.00 at d = 2 only because it tests for the goal when "
    "a node is generated and tries the move d first, which heads for a bottom-right blank.",
}


def small_depth_note(algorithms) -> str:
    """The caption of the shaded depths, with sentences only for the algorithms given."""
    present = set(algorithms)
    return " ".join([SMALL_DEPTH_NOTE] + [t for a, t in SMALL_DEPTH_NOTES.items() if a in present])


def _b_star_finding(summary) -> str:
    """The title of :func:`branching_factor_by_depth`, from the deepest shared depth."""
    column = "b_star_median"
    ran = summary.dropna(subset=[column])
    counts = ran.groupby("depth").size()
    shared = counts[counts >= 2]
    if shared.empty:
        return "effective branching factor b* by depth"
    depth = shared.index.max()
    rows = ran[ran["depth"] == depth].reset_index(drop=True)
    low = rows.loc[rows[column].astype(float).idxmin()]
    high = rows.loc[rows[column].astype(float).idxmax()]
    return (
        f"at depth {depth:g}, b* runs from {float(low[column]):.2f} "
        f"({run_label(low['algorithm'], low['heuristic'])}) to {float(high[column]):.2f} "
        f"({run_label(high['algorithm'], high['heuristic'])}); 1 = straight to the goal"
    )


def branching_factor_by_depth(summary):
    """Effective branching factor b* against depth (AIMA 3rd ed., sec. 3.6.1).

    b* solves N = b* + b*^2 + ... + b*^d for N nodes generated; the depths 2 to 4 are
    shaded and a caption under the axes explains why b* is unreliable there, with a
    sentence for each algorithm of the run that behaves apart there.

    Returns
    -------
    matplotlib.figure.Figure
        The title gives the lowest and the highest b* at the deepest depth where two or
        more searches have one.
    """
    fig = plot_by_depth(
        summary, "b_star", "effective branching factor b* (median)", log=False,
        title=_b_star_finding(summary),
    )  # fmt: skip
    ax = fig.axes[0]
    ax.axhline(1.0, color="0.5", linewidth=0.8, linestyle=":")
    depths = summary["depth"].astype(float)
    if ((depths >= 2) & (depths <= 4)).any():
        ax.axvspan(1.5, 4.5, color="0.85", alpha=0.6, zorder=0, linewidth=0)
        left = max(1.5, float(depths.min()) - 0.5)
        ax.set_xlim(left=min(left, ax.get_xlim()[0]))
        # under the axes, in the figure's layout, where it hides nothing
        note = small_depth_note(summary["algorithm"])
        caption = fig.supxlabel(
            fit_text(note, fig.get_figwidth(), small_text()),
            x=0.01,
            ha="left",
            fontsize=small_text(),
        )
        # the figure grows by the caption, so that the axes keep their height
        box = caption.get_window_extent(fig.canvas.get_renderer())
        grow_height(fig, box.height / fig.dpi)
    return fig


def memory_by_depth(summary):
    """Peak states held in memory (max_stored) against depth (medians)."""
    return plot_by_depth(
        summary,
        "max_stored",
        "peak states in memory (median)",
        title=_finding(summary, "max_stored", "peak memory"),
    )


def paired_expansions(runs, x, y, algorithm: str | None = None, metric: str = "expanded"):
    """One point per board: the nodes ``y`` needs against the nodes ``x`` needs.

    A paired comparison on the same boards answers what a plot against solution length
    cannot: on how many boards is one heuristic (or algorithm) better, and by how much.
    Points below the diagonal are boards where ``y`` needs fewer nodes.

    Parameters
    ----------
    runs : pandas.DataFrame
        A :func:`~eightlab.experiments.grid.run_grid` table; only boards solved by both are
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
    width, height = figure_size()
    if current_style() != "slides":  # about square; on a slide, 16:9 with square axes
        width = min(width, 1.2 * height)
        height = max(height, 0.9 * width)
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    depth = both["optimal_length"].astype(float).to_numpy()
    size = 0.75 * float(plt.rcParams["lines.markersize"]) ** 2  # points^2, with the style
    points = ax.scatter(a, b, c=depth, s=size, cmap="viridis", alpha=0.85, edgecolors="none")
    low, high = min(a.min(), b.min()) / 1.5, max(a.max(), b.max()) * 1.5
    ax.plot([low, high], [low, high], color="0.4", linewidth=0.9, linestyle="--")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(low, high)
    ax.set_ylim(low, high)
    if current_style() != "slides":  # a slide's axes are wider: the diagonal still joins
        ax.set_aspect("equal")  # the corners, as both axes share their limits
    name = (lambda v: f"{run_label(algorithm, v)}") if algorithm else (lambda v: run_label(v))
    ax.set_xlabel(f"nodes {metric} by {name(x)}")
    ax.set_ylabel(f"nodes {metric} by {name(y)}")
    fig.colorbar(points, ax=ax, label="optimal solution length (moves)", shrink=0.8)
    fewer = int((b < a).sum())
    ratio = float(np.median(a / b))
    ax.set_title(
        fit_text(
            f"{name(y)} needs fewer nodes on {fewer} of {len(a)} boards\n"
            f"(median {ratio:,.1f}x fewer; below the dashed line = fewer)",
            0.85 * width if current_style() == "slides" else width,
        )
    )
    return fig


def expanded_by_heuristic(summary, algorithms=None):
    """Nodes expanded against depth, one panel per algorithm, one line per heuristic.

    README's figure (tutorial 03): what a better heuristic saves each algorithm. The
    panels share their y axis (log scale), so that the algorithms compare too; the
    colour says the algorithm, the line style and marker the heuristic
    (:mod:`eightlab.viz.plots.encoding`).

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`~eightlab.analysis.summaries.summary_table` (``expanded_median``,
        ``_q1``, ``_q3`` and ``runs``, the boards of each depth).
    algorithms : sequence of str, optional
        The panels, left to right (default: the table's algorithms, in order).

    Returns
    -------
    matplotlib.figure.Figure
        The title gives, at the deepest depth, how many times fewer nodes the first
        algorithm expands with its best heuristic than with its worst (medians).
    """
    if algorithms is None:
        algorithms = list(dict.fromkeys(summary["algorithm"]))
    fig, axes = plt.subplots(
        1, len(algorithms), figsize=figure_size("row"), sharey=True, squeeze=False,
        layout="constrained",
    )  # fmt: skip
    for k, (ax, algorithm) in enumerate(zip(axes[0], algorithms, strict=True)):
        plot_by_depth(
            summary[summary["algorithm"] == algorithm], "expanded",
            "nodes expanded (median)" if k == 0 else "", ax=ax, log=True, legend=False,
            label_by="heuristic",
        )  # fmt: skip
        ax.set_title(run_label(algorithm, None))
        ax.set_xlabel(_DEPTH_LABEL if k == len(algorithms) // 2 else "")
    figure_legend(
        fig, list(axes.flat), title="heuristic (lines: median over the boards at each depth)",
        ncols=_legend_columns(fig),
    )  # fmt: skip
    title = _heuristic_finding(summary, algorithms[0])
    if title:
        fig.suptitle(fit_text(title, fig.get_figwidth()))
    return fig


def _heuristic_finding(summary, algorithm: str) -> str:
    """How many times fewer nodes ``algorithm`` expands with its best heuristic, deepest."""
    deepest = summary[
        (summary["depth"] == summary["depth"].max()) & (summary["algorithm"] == algorithm)
    ]
    medians = deepest.set_index("heuristic")["expanded_median"].astype(float).dropna()
    if len(medians) < 2 or medians.max() < 1.5 * medians.min():
        return ""
    boards = int(deepest["runs"].max()) if "runs" in deepest else None
    per = f" (medians of {boards} boards per depth)" if boards else ""
    return (
        f"At {summary['depth'].max():g} moves, {run_label(algorithm, None)} expands "
        f"{medians.max() / medians.min():,.0f}x fewer nodes with {medians.idxmin()} than with "
        f"{medians.idxmax()}{per}"
    )


def _label_size() -> float:
    """Points of the axis labels in the current style."""
    from matplotlib.font_manager import FontProperties

    return FontProperties(size=plt.rcParams["axes.labelsize"]).get_size_in_points()


def panels_by_depth(summary, panels, ncols: int = 2):
    """Several medians against depth, one panel each (log scale), one legend below them.

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`~eightlab.analysis.summaries.summary_table`.
    panels : sequence of (str, str, str)
        ``(metric, y label with its unit, panel title)`` per panel, in reading order.
    ncols : int
        Panels per row.

    Returns
    -------
    matplotlib.figure.Figure
        The depth axis is labelled under the bottom row only; the y labels are wrapped
        to their panel's height.
    """
    rows = -(-len(panels) // ncols)
    fig, axes = plt.subplots(
        rows, ncols, figsize=figure_size("wide", rows=rows), squeeze=False, layout="constrained"
    )
    height = fig.get_figheight() / rows
    for k, (ax, (metric, label, title)) in enumerate(zip(axes.flat, panels, strict=False)):
        plot_by_depth(
            summary, metric, fit_text(label, 0.7 * height, _label_size()), ax=ax, log=True,
            title=title, legend=False,
        )  # fmt: skip
        if k < len(panels) - ncols:
            ax.set_xlabel("")
        else:
            ax.set_xlabel(_DEPTH_LABEL)
    for ax in axes.flat[len(panels) :]:
        ax.set_visible(False)
    figure_legend(fig, [ax for ax in axes.flat if ax.get_visible()], ncols=_legend_columns(fig))
    return fig
