"""Charts of experiment data in one style, and :func:`save_figure` to write them.

Call :func:`use_style` once (the notebooks do it in their first code cell); every chart
function returns a :class:`matplotlib.figure.Figure` with labelled axes (units in the
labels), a legend, and a log scale where the values span decades. The charts read the
tables of :mod:`eightlab.experiments` (``runs`` of :func:`~eightlab.experiments.run_grid`,
``summary`` of :func:`~eightlab.experiments.summary_table`) and of the admissibility
study (``counts``: columns heuristic, h_star, h, count; ``claims``: one row per
heuristic with states and overestimates).

Search comparisons: :func:`nodes_by_depth`, :func:`runtime_by_depth`,
:func:`branching_factor_by_depth`, :func:`memory_by_depth`, :func:`expanded_vs_length`.
Heuristics: :func:`h_vs_hstar_heatmap`, :func:`overestimate_bar`,
:func:`mean_h_by_distance`, :func:`inadmissibility_tradeoff`.
"""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np

#: Okabe-Ito colours: distinguishable in colour-blind vision and in grey print.
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#000000",
)

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")

LINESTYLES = ("-", "--", "-.", ":")

STYLE = {
    "figure.figsize": (6.4, 4.0),
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "legend.fontsize": 8.5,
    "legend.frameon": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linewidth": 0.6,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.prop_cycle": mpl.cycler(color=PALETTE),
    "lines.linewidth": 1.6,
    "lines.markersize": 5,
    "image.cmap": "viridis",
    "svg.hashsalt": "eightlab",
    "svg.fonttype": "none",
}

#: Display names of the algorithms in legends.
ALGORITHM_LABELS = {
    "bfs": "BFS",
    "bfs-cantor": "BFS (Cantor table)",
    "bidirectional-bfs": "bidirectional BFS",
    "dls": "DLS",
    "iddfs": "IDDFS",
    "iddfs-h": "IDDFS (h pruning)",
    "ucs": "UCS",
    "greedy": "greedy",
    "astar": "A*",
    "weighted-astar": "weighted A*",
    "idastar": "IDA*",
    "rbfs": "RBFS",
}


def _cycle_style(k: int) -> dict:
    """Colour, marker and line style of the k-th line of a chart; unique for k < 32."""
    turn = k // len(PALETTE)
    return {
        "color": PALETTE[k % len(PALETTE)],
        "marker": MARKERS[(k + 3 * turn) % len(MARKERS)],
        "linestyle": LINESTYLES[turn % len(LINESTYLES)],
    }


def use_style() -> None:
    """Apply the eightlab chart style to matplotlib's global settings."""
    mpl.rcParams.update(STYLE)


def save_figure(fig, directory, name: str) -> list[Path]:
    """Write ``fig`` as ``directory/name.png`` (150 dpi) and ``directory/name.svg``.

    Each file is written to a temporary file in ``directory`` and renamed into place,
    so a reader never sees half a file. Metadata that changes from run to run (the
    creation date) is left out.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    directory : str or Path
        Created if missing.
    name : str
        File name without extension.

    Returns
    -------
    list of Path
        The PNG and the SVG written.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for extension, options in (
        ("png", {"dpi": 150, "metadata": {"Software": None}}),
        ("svg", {"metadata": {"Date": None}}),
    ):
        target = directory / f"{name}.{extension}"
        handle, temporary = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=directory)
        os.close(handle)
        try:
            fig.savefig(temporary, format=extension, bbox_inches="tight", **options)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        written.append(target)
    return written


def run_label(algorithm: str, heuristic) -> str:
    """Legend label of an algorithm with its heuristic: ``"A* (manhattan)"``, ``"BFS"``."""
    name = ALGORITHM_LABELS.get(algorithm, algorithm)
    if isinstance(heuristic, str) and heuristic:
        return f"{name} ({heuristic})"
    return name


def _series(table):
    """``(label, style, rows)`` per (algorithm, heuristic), in the table's order.

    The style gives one colour per algorithm and one marker and line style per
    heuristic, so that A* (manhattan) and IDA* (manhattan) share a marker and differ in
    colour, and the three heuristics of A* share its colour.
    """
    keys = table[["algorithm", "heuristic"]].fillna("").drop_duplicates()
    algorithms = list(dict.fromkeys(keys["algorithm"]))
    heuristics = [h for h in dict.fromkeys(keys["heuristic"]) if h]
    for algorithm, heuristic in keys.itertuples(index=False):
        rows = table[
            (table["algorithm"] == algorithm) & (table["heuristic"].fillna("") == heuristic)
        ]
        a = algorithms.index(algorithm)
        h = heuristics.index(heuristic) + 1 if heuristic else 0
        style = {
            "color": PALETTE[a % len(PALETTE)],
            "marker": MARKERS[h % len(MARKERS)],
            "linestyle": LINESTYLES[h % len(LINESTYLES)],
        }
        yield run_label(algorithm, heuristic), style, rows


def plot_by_depth(
    summary,
    metric: str,
    ylabel: str,
    ax=None,
    log: bool | None = None,
    title: str | None = None,
):
    """Median of ``metric`` against depth, one line per algorithm, IQR as a band.

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`~eightlab.experiments.summary_table` with ``metric_median``,
        ``metric_q1`` and ``metric_q3`` columns; nan medians (unsolved or skipped
        groups) leave gaps.
    metric : str
        ``"generated"``, ``"expanded"``, ``"wall_seconds"``, ``"max_stored"``,
        ``"b_star"``...
    ylabel : str
        Axis label, with its unit.
    ax : matplotlib.axes.Axes, optional
        Where to draw (default: a new figure).
    log : bool, optional
        Log y axis; by default, when the medians span more than two decades.
    title : str, optional

    Returns
    -------
    matplotlib.figure.Figure
    """
    if ax is None:
        _, ax = plt.subplots()
    medians = summary[f"{metric}_median"].astype(float)
    for label, style, rows in _series(summary):
        rows = rows.sort_values("depth")
        x = rows["depth"].astype(float).to_numpy()
        y = rows[f"{metric}_median"].astype(float).to_numpy()
        if np.all(np.isnan(y)):
            label += " (no run within budget)"
        ax.plot(x, y, label=label, **style)
        ax.fill_between(
            x,
            rows[f"{metric}_q1"].astype(float).to_numpy(),
            rows[f"{metric}_q3"].astype(float).to_numpy(),
            color=style["color"],
            alpha=0.12,
            linewidth=0,
        )
    if log is None:
        positive = medians[medians > 0]
        log = len(positive) > 0 and positive.max() / positive.min() > 100
    if log:
        ax.set_yscale("log")
    ax.set_xlabel("solution depth d (optimal number of moves)")
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.legend()
    return ax.figure


def nodes_by_depth(summary):
    """Nodes generated and nodes expanded against depth (medians, log scale).

    Parameters
    ----------
    summary : pandas.DataFrame
        A :func:`~eightlab.experiments.summary_table`.

    Returns
    -------
    matplotlib.figure.Figure
        Two panels sharing the y axis: generated (left) and expanded (right).
    """
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
    plot_by_depth(summary, "generated", "nodes generated (median)", axes[0], log=True)
    plot_by_depth(summary, "expanded", "nodes expanded (median)", axes[1], log=True)
    axes[0].set_title("nodes generated")
    axes[1].set_title("nodes expanded")
    axes[1].get_legend().remove()
    return fig


def runtime_by_depth(summary):
    """Wall-clock time of a run against depth (medians, log scale when it spans decades)."""
    return plot_by_depth(
        summary, "wall_seconds", "wall-clock time per run (s, median)", title="runtime"
    )


def branching_factor_by_depth(summary):
    """Effective branching factor b* against depth (AIMA sec. 3.6.1)."""
    fig = plot_by_depth(
        summary, "b_star", "effective branching factor b* (median)", log=False, title="b*"
    )
    fig.axes[0].axhline(1.0, color="0.5", linewidth=0.8, linestyle=":")
    return fig


def memory_by_depth(summary):
    """Peak states held in memory (max_stored) against depth (medians)."""
    return plot_by_depth(
        summary,
        "max_stored",
        "peak states in memory (median)",
        title="memory: frontier + closed set, or path",
    )


def expanded_vs_length(runs):
    """Nodes expanded against the length of the solution found, one point per run.

    The series are shifted sideways by up to 0.3 moves so that they do not hide one
    another at the same length.

    Parameters
    ----------
    runs : pandas.DataFrame
        A :func:`~eightlab.experiments.run_grid` table; only solved runs are drawn.

    Returns
    -------
    matplotlib.figure.Figure
    """
    fig, ax = plt.subplots()
    solved = runs[runs["status"] == "solved"]
    series = list(_series(solved))
    for k, (label, style, rows) in enumerate(series):
        dodge = 0.6 * ((k + 0.5) / len(series) - 0.5)  # side by side within +-0.3 moves
        ax.scatter(
            rows["length"].astype(float) + dodge,
            rows["expanded"].astype(float).clip(lower=0.8),
            s=14,
            alpha=0.6,
            marker=style["marker"],
            color=style["color"],
            label=label,
        )
    ax.set_yscale("log")
    ax.set_xlabel("length of the solution found (moves)")
    ax.set_ylabel("nodes expanded (0 drawn at 0.8)")
    ax.set_title("effort against solution length")
    ax.legend(markerscale=1.5)
    return fig


def _grid(n: int, width: float = 3.2, height: float = 2.9):
    """A figure with ``n`` panels on rows of at most four; spare panels hidden."""
    cols = max(1, min(n, 4))
    rows = math.ceil(n / cols) if n else 1
    fig, axes = plt.subplots(
        rows, cols, figsize=(width * cols, height * rows), layout="constrained", squeeze=False
    )
    axes = axes.ravel()
    for ax in axes[n:]:
        ax.set_visible(False)
    return fig, axes[:n], cols


def h_vs_hstar_heatmap(counts, heuristics=None):
    """Joint distribution of h and the true distance h*, one panel per heuristic.

    Parameters
    ----------
    counts : pandas.DataFrame
        Columns ``heuristic``, ``h_star``, ``h``, ``count`` (states with that pair).
    heuristics : sequence of str, optional
        Which panels, in order (default: every heuristic in ``counts``).

    Returns
    -------
    matplotlib.figure.Figure
        Colour = number of states (log scale); the dashed line is h = h*: cells above
        it are overestimates.
    """
    if heuristics is None:
        heuristics = list(dict.fromkeys(counts["heuristic"]))
    fig, axes, cols = _grid(len(heuristics))
    hstar_max = int(counts["h_star"].max())
    x_edges = np.arange(-0.5, hstar_max + 1.5)
    norm = mpl.colors.LogNorm(vmin=1, vmax=max(2, int(counts["count"].max())))
    image = None
    for k, (ax, name) in enumerate(zip(axes, heuristics, strict=True)):
        rows = counts[counts["heuristic"] == name]
        h_max = max(float(rows["h"].max()), hstar_max)
        y_edges = np.arange(-0.5, math.ceil(h_max) + 1.5)
        grid, _, _ = np.histogram2d(
            rows["h_star"].astype(float),
            rows["h"].astype(float),
            bins=[x_edges, y_edges],
            weights=rows["count"].astype(float),
        )
        grid = np.ma.masked_equal(grid.T, 0)
        image = ax.pcolormesh(x_edges, y_edges, grid, norm=norm, shading="flat", rasterized=True)
        ax.plot([0, hstar_max], [0, hstar_max], "--", color="#D55E00", linewidth=1.2)
        ax.set_title(name)
        if k >= len(heuristics) - cols:
            ax.set_xlabel("true distance h* (moves)")
        if k % cols == 0:
            ax.set_ylabel("h (moves)")
        ax.grid(False)
    if image is not None:
        fig.colorbar(image, ax=list(axes), label="states (log scale)", shrink=0.8)
    fig.suptitle("h against the true distance h*; above the dashed line h = h* is an overestimate")
    return fig


def overestimate_bar(claims):
    """Share of states whose h exceeds the true distance, one bar per heuristic.

    Parameters
    ----------
    claims : pandas.DataFrame
        Columns ``heuristic``, ``states`` (states checked), ``overestimates`` and
        ``claims_admissible`` (the heuristic's claim, bool), as
        :func:`eightlab.experiments.heuristic_claims` returns.

    Returns
    -------
    matplotlib.figure.Figure
        Horizontal bars in percent, labelled with the number of boards; blue names
        claim admissibility, orange ones claim nothing.
    """
    count = claims["overestimates"].astype(int)
    share = 100.0 * count / claims["states"].astype(float)
    colors = [PALETTE[0] if claim else PALETTE[1] for claim in claims["claims_admissible"]]
    fig, ax = plt.subplots(figsize=(7.2, 0.42 * len(claims) + 1.4))
    y = np.arange(len(claims))
    ax.barh(y, share, color=colors)
    for k, (value, n) in enumerate(zip(share, count, strict=True)):
        percent = f"{value:.1f}%" if value >= 1 else f"{value:.2g}%"
        text = "none" if n == 0 else f"{percent} ({n:,} boards)"
        ax.annotate(text, (value, k), xytext=(4, 0), textcoords="offset points", va="center")
    ax.set_yticks(y, claims["heuristic"])
    for label, color in zip(ax.get_yticklabels(), colors, strict=True):
        label.set_color(color)
    ax.invert_yaxis()
    ax.set_xlabel("boards overestimated, h > h* (% of the boards checked)")
    ax.set_xlim(0, max(10.0, float(share.max()) * 1.45))
    ax.set_title("who overestimates? (blue: claims admissible; orange: claims nothing)")
    ax.grid(axis="y", visible=False)
    return fig


def mean_h_by_distance(counts, heuristics=None):
    """Mean h over the states at each true distance, one line per heuristic.

    Parameters
    ----------
    counts : pandas.DataFrame
        Columns ``heuristic``, ``h_star``, ``h``, ``count``.
    heuristics : sequence of str, optional
        Which lines, in order (default: every heuristic in ``counts``).

    Returns
    -------
    matplotlib.figure.Figure
        The dashed line is h = h*: a perfect heuristic lies on it, an admissible one
        on or below it.
    """
    if heuristics is None:
        heuristics = list(dict.fromkeys(counts["heuristic"]))
    fig, ax = plt.subplots(figsize=(7.2, 4.6))
    for k, name in enumerate(heuristics):
        rows = counts[counts["heuristic"] == name]
        weighted = (rows["h"].astype(float) * rows["count"]).groupby(rows["h_star"]).sum()
        mean = weighted / rows.groupby("h_star")["count"].sum()
        ax.plot(mean.index, mean.to_numpy(), markersize=3.5, label=name, **_cycle_style(k))
    top = int(counts["h_star"].max())
    ax.plot([0, top], [0, top], "--", color="0.4", linewidth=1, label="h = h*")
    ax.set_xlabel("true distance h* (moves)")
    ax.set_ylabel("mean h over the states at that distance (moves)")
    ax.set_title("how close does h get to h*?")
    ax.legend(ncols=2)
    return fig


def inadmissibility_tradeoff(runs, heuristics=None):
    """What each heuristic makes A* do: nodes expanded, and extra moves over the optimum.

    Parameters
    ----------
    runs : pandas.DataFrame
        A :func:`~eightlab.experiments.run_grid` table of A* runs; only solved runs
        with a known optimal length are used.
    heuristics : sequence of str, optional
        Rows, top to bottom (default: the heuristics in ``runs``, in order).

    Returns
    -------
    matplotlib.figure.Figure
        Two panels sharing the rows: the median nodes expanded (log scale) and the mean
        number of moves by which the path found is longer than the shortest one.
    """
    solved = runs[(runs["status"] == "solved") & runs["optimal_length"].notna()]
    if heuristics is None:
        heuristics = list(dict.fromkeys(solved["heuristic"]))
    groups = solved.groupby("heuristic")
    expanded = groups["expanded"].median().reindex(heuristics).astype(float)
    extra = (solved["length"] - solved["optimal_length"]).astype(float)
    extra = extra.groupby(solved["heuristic"]).mean().reindex(heuristics)
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(9.6, 0.42 * len(heuristics) + 1.5), sharey=True, layout="constrained"
    )
    y = np.arange(len(heuristics))
    left.barh(y, expanded.clip(lower=0.8), color=PALETTE[0])
    left.set_xscale("log")
    left.set_xlabel("nodes expanded (median over the boards, log scale)")
    left.set_title("work")
    right.barh(y, extra, color=PALETTE[1])
    for k, value in enumerate(extra):
        text = "shortest" if value == 0 else f"+{value:.2f}"
        right.annotate(text, (value, k), xytext=(4, 0), textcoords="offset points", va="center")
    right.set_xlim(0, max(1.0, float(np.nanmax(extra.to_numpy(), initial=0)) * 1.35))
    right.set_xlabel("extra moves over the shortest path (mean)")
    right.set_title("path length")
    left.set_yticks(y, heuristics)
    left.invert_yaxis()
    for ax in (left, right):
        ax.grid(axis="y", visible=False)
    fig.suptitle("A* with each heuristic on the same boards")
    return fig
