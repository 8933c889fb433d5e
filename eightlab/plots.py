"""Charts of experiment data in one style, and :func:`save_figure` to write them.

Call :func:`use_style` once (the notebooks do it in their first code cell); every chart
function returns a :class:`matplotlib.figure.Figure` with labelled axes (units in the
labels), a legend beside the data rather than on it, whole-number ticks on axes counted in
moves, and a log scale where the values span decades. Lines are medians and their bands
the interquartile range, as the legends say; a series whose medians equal an earlier
one's is drawn with open markers, shifted a little to the right, and named in a note, so
that no search hides under another. The charts read the
tables of :mod:`eightlab.experiments` (``runs`` of :func:`~eightlab.experiments.run_grid`,
``summary`` of :func:`~eightlab.experiments.summary_table`) and of the admissibility
study (``counts``: columns heuristic, h_star, h, count; ``claims``: one row per
heuristic with states and overestimates).

Search comparisons: :func:`plot_by_depth` (one panel), :func:`nodes_by_depth`,
:func:`runtime_by_depth`, :func:`branching_factor_by_depth`, :func:`memory_by_depth`,
:func:`expanded_vs_length`. Heuristics: :func:`h_vs_hstar_heatmap`,
:func:`overestimate_bar`, :func:`mean_h_by_distance`, :func:`inadmissibility_tradeoff`.
Helpers for a notebook's own charts: :func:`integer_ticks`, :func:`legend_outside`,
:func:`figure_legend` (one legend for several :func:`plot_by_depth` panels).
"""

from __future__ import annotations

import math
import textwrap
import weakref
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.legend_handler import HandlerTuple
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from eightlab.files import atomic_path
from eightlab.search import run_label  # noqa: F401  (re-exported for notebooks)

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

#: Twelve colours for charts with more series than :data:`PALETTE` tells apart: Okabe-Ito
#: without its yellow (too pale in print), then dark colours of Paul Tol's schemes.
PALETTE_WIDE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#000000",
    "#882255",
    "#999933",
    "#332288",
    "#8C510A",
    "#888888",
)

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "p", "h")

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

#: Legend title of the charts of medians, and the legend entry of their bands.
MEDIAN_TITLE = "median over the boards at each depth"
BAND_LABEL = "interquartile range\n(25th to 75th percentile)"


def _cycle_style(k: int) -> dict:
    """Colour, marker and line style of the k-th line of a chart.

    The first 12 lines differ in colour and in marker; after that the line style
    changes too, so that the style is unique for k < 48.
    """
    turn = k // len(PALETTE_WIDE)
    return {
        "color": PALETTE_WIDE[k % len(PALETTE_WIDE)],
        "marker": MARKERS[(k + 5 * turn) % len(MARKERS)],
        "linestyle": LINESTYLES[turn % len(LINESTYLES)],
    }


def integer_ticks(ax, axis: str = "x") -> None:
    """Put the major ticks of ``axis`` (``"x"``, ``"y"`` or ``"xy"``) on whole numbers.

    For axes counted in moves (depths, lengths, h): never a tick at 7.5 moves.
    """
    for name in axis:
        locator = MaxNLocator(integer=True, steps=[1, 2, 5, 10], min_n_ticks=1)
        getattr(ax, f"{name}axis").set_major_locator(locator)


def legend_outside(ax, handles=None, labels=None, **options):
    """A legend to the right of ``ax``, outside the axes, where it hides no data.

    ``handles`` and ``labels`` as :meth:`matplotlib.axes.Axes.legend` takes them (by
    default the labelled artists of ``ax``); other options are passed on. Saved with
    :func:`save_figure` (tight bounding box), the figure grows to hold the legend.
    """
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    options = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0, **options}
    options.setdefault("handler_map", {tuple: HandlerTuple(ndivide=None)})
    if "title" in options:
        options.setdefault("alignment", "left")
    return ax.legend(handles, labels, **options)


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
        with atomic_path(target) as temporary:
            fig.savefig(temporary, format=extension, bbox_inches="tight", **options)
        written.append(target)
    return written


def _series(table, label_by: str = "run"):
    """``(label, style, rows)`` per (algorithm, heuristic), in the table's order.

    The style gives one colour per algorithm and one marker and line style per
    heuristic, so that A* (manhattan) and IDA* (manhattan) share a marker and differ in
    colour, and the three heuristics of A* share its colour. A table of one algorithm
    gives each heuristic its own colour as well. ``label_by="heuristic"`` labels the
    series by heuristic alone (the algorithm's name when it has none), for panels
    titled by algorithm.
    """
    if label_by not in ("run", "heuristic"):
        raise ValueError(f"label_by must be 'run' or 'heuristic', not {label_by!r}")
    keys = table[["algorithm", "heuristic"]].fillna("").drop_duplicates()
    algorithms = list(dict.fromkeys(keys["algorithm"]))
    heuristics = [h for h in dict.fromkeys(keys["heuristic"]) if h]
    for algorithm, heuristic in keys.itertuples(index=False):
        rows = table[
            (table["algorithm"] == algorithm) & (table["heuristic"].fillna("") == heuristic)
        ]
        a = algorithms.index(algorithm)
        h = heuristics.index(heuristic) + 1 if heuristic else 0
        colour = h if len(algorithms) == 1 else a
        style = {
            "color": PALETTE_WIDE[colour % len(PALETTE_WIDE)],
            "marker": MARKERS[h % len(MARKERS)],
            "linestyle": LINESTYLES[h % len(LINESTYLES)],
        }
        if label_by == "heuristic":
            label = heuristic or run_label(algorithm, None)
        else:
            label = run_label(algorithm, heuristic)
        yield label, style, rows


def _same_as(curves) -> list:
    """For each curve, the index of an earlier curve with the same medians, or None.

    Two curves are the same when they have a median at two depths or more in common
    and agree at every depth where both have one (a search that ran out of budget
    earlier still hides the other's line where both ran).
    """
    found = []
    for k, (x, y) in enumerate(curves):
        points = {d: v for d, v in zip(x, y, strict=True) if np.isfinite(v)}
        match = None
        for j in range(k):
            if found[j] is not None:
                continue
            other = {d: v for d, v in zip(*curves[j], strict=True) if np.isfinite(v)}
            common = sorted(points.keys() & other.keys())
            if len(common) >= 2 and np.allclose(
                [points[d] for d in common], [other[d] for d in common], rtol=1e-9, atol=0
            ):
                match = j
                break
        found.append(match)
    return found


#: The legend entries :func:`plot_by_depth` drew on each axes, for :func:`figure_legend`.
_LEGENDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def plot_by_depth(
    summary,
    metric: str,
    ylabel: str,
    ax=None,
    log: bool | None = None,
    title: str | None = None,
    legend: bool = True,
    label_by: str = "run",
):
    """Median of ``metric`` against depth, one line per search, the IQR as a band.

    A series whose medians equal those of an earlier series (BFS with a Cantor table and
    plain BFS count the same nodes; IDDFS and IDA* hold the same path) would hide under
    it: it is drawn with open markers, shifted right by a fraction of the spacing of the
    depths, and a note names it. The band of such a series is the earlier one's and is
    not drawn twice.

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
    legend : bool
        True: a legend to the right of the axes, with the series, the band and the
        notes on hidden series. False: only the notes, in the emptiest corner of the
        axes; for figures of several panels, which then call :func:`figure_legend`.
    label_by : {"run", "heuristic"}
        Legend labels: ``"A* (manhattan)"``, or ``"manhattan"`` alone for panels titled
        by algorithm.

    Returns
    -------
    matplotlib.figure.Figure
    """
    if ax is None:
        _, ax = plt.subplots()
    medians = summary[f"{metric}_median"].astype(float)
    series = []
    for label, style, rows in _series(summary, label_by):
        rows = rows.sort_values("depth")
        series.append(
            (
                label,
                style,
                rows["depth"].astype(float).to_numpy(),
                rows[f"{metric}_median"].astype(float).to_numpy(),
                rows[f"{metric}_q1"].astype(float).to_numpy(),
                rows[f"{metric}_q3"].astype(float).to_numpy(),
            )
        )
    same_as = _same_as([(x, y) for _, _, x, y, _, _ in series])
    depths = np.unique(summary["depth"].astype(float).dropna())
    spacing = float(np.min(np.diff(depths))) if len(depths) > 1 else 1.0
    entries, hidden = [], {}
    for k, (label, style, x, y, q1, q3) in enumerate(series):
        if np.all(np.isnan(y)):
            label += " (no run within budget)"
        entries.append((Line2D([], [], **style), label))
        reference = same_as[k]
        if reference is None:
            ax.plot(x, y, label=label, **style)
            ax.fill_between(x, q1, q3, color=style["color"], alpha=0.12, linewidth=0)
        else:
            # one fifth of the way to the next depth; several series hiding under the
            # same one take turns in showing their markers
            group = [i for i, j in enumerate(same_as) if j == reference]
            (line,) = ax.plot(
                x + 0.2 * spacing,
                y,
                label=label,
                markerfacecolor="white",
                markeredgewidth=1.2,
                markevery=(group.index(k), len(group)),
                **style,
            )
            hidden.setdefault(reference, []).append((line, label))
    notes = []
    for reference, shifted in hidden.items():
        names = ", ".join(label for _, label in shifted)
        partial = any(
            not np.array_equal(np.isfinite(series[reference][3]), np.isfinite(line.get_ydata()))
            for line, _ in shifted
        )
        text = f"{names}: same medians as {series[reference][0]}"
        text += " where both ran" if partial else ""
        text += " (shifted right, open markers"
        text += ", taking turns)" if len(shifted) > 1 else ")"
        wrapped = textwrap.fill(text, 34, break_on_hyphens=False)
        notes.append((tuple(line for line, _ in shifted), wrapped))
    if log is None:
        positive = medians[medians > 0]
        log = len(positive) > 0 and positive.max() / positive.min() > 100
    if log:
        ax.set_yscale("log")
    ax.set_xlabel("solution depth d (optimal number of moves)")
    if 0 < len(depths) <= 16:
        ax.set_xticks(depths)  # a tick at each depth measured
    else:
        integer_ticks(ax, "x")
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    band = (Patch(facecolor="0.45", alpha=0.25, linewidth=0), BAND_LABEL)
    _LEGENDS[ax] = entries + [band]
    if legend:
        handles, labels = zip(*(entries + [band] + notes), strict=True)
        legend_outside(ax, handles, labels, title=MEDIAN_TITLE)
    elif notes:
        handles, labels = zip(*notes, strict=True)
        ax.legend(
            handles,
            labels,
            loc="best",
            handler_map={tuple: HandlerTuple(ndivide=None)},
            fontsize="small",
            frameon=True,
            framealpha=0.9,
            edgecolor="0.8",
        )
    return ax.figure


def figure_legend(fig, axes=None, title: str = MEDIAN_TITLE, ncols: int | None = None):
    """One legend below the panels of ``fig`` for the series of all of them.

    Collects the entries of the panels drawn by :func:`plot_by_depth` (with
    ``legend=False``; a panel's own notes on hidden series stay in it) or, for other
    axes, their labelled artists; each label once, in the order met.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    axes : sequence of matplotlib.axes.Axes, optional
        Default: every axes of ``fig``.
    title : str
        Legend title; by default says that the lines are medians.
    ncols : int, optional
        Columns of the legend (default: up to five).

    Returns
    -------
    matplotlib.legend.Legend
    """
    entries = {}
    for ax in fig.axes if axes is None else axes:
        pairs = _LEGENDS.get(ax) or list(zip(*ax.get_legend_handles_labels(), strict=True))
        for handle, label in pairs:
            entries.setdefault(label, handle)
    ncols = ncols or max(1, min(len(entries), 5))
    options = {"ncols": ncols, "title": title}
    if isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine):
        options["loc"] = "outside lower center"
    else:
        options.update(loc="upper center", bbox_to_anchor=(0.5, 0.0))
    return fig.legend(list(entries.values()), list(entries.keys()), **options)


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
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), sharey=True, layout="constrained")
    for ax, metric in zip(axes, ("generated", "expanded"), strict=True):
        plot_by_depth(summary, metric, f"nodes {metric} (median)", ax, log=True, legend=False)
        ax.set_title(f"nodes {metric}")
    figure_legend(fig, axes)
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
    integer_ticks(ax, "x")
    ax.set_ylabel("nodes expanded (0 drawn at 0.8)")
    ax.set_title("effort against solution length")
    legend_outside(
        ax, markerscale=1.5, title="one point per solved run;\nseries side by side at a length"
    )
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
        integer_ticks(ax, "xy")
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
        :func:`eightlab.admissibility.heuristic_claims` returns.

    Returns
    -------
    matplotlib.figure.Figure
        Horizontal bars in percent of the boards (the axis ends at 100%), labelled with
        the number of boards, inside the bar when it is long; blue names claim
        admissibility, orange ones claim nothing.
    """
    count = claims["overestimates"].astype(int)
    share = 100.0 * count / claims["states"].astype(float)
    colors = [PALETTE[0] if claim else PALETTE[1] for claim in claims["claims_admissible"]]
    fig, ax = plt.subplots(figsize=(7.2, 0.42 * len(claims) + 1.4))
    y = np.arange(len(claims))
    ax.barh(y, share, color=colors)
    for k, (value, n) in enumerate(zip(share, count, strict=True)):
        text = "none" if n == 0 else f"{_percent(value)} ({n:,} boards)"
        inside = value > 60  # at the end of a long bar, inside it, in a colour that shows
        dark = inside and _luminance(colors[k]) < 0.35
        ax.annotate(
            text,
            (value, k),
            xytext=(-4 if inside else 4, 0),
            textcoords="offset points",
            va="center",
            ha="right" if inside else "left",
            color="white" if dark else "black",
        )
    ax.set_yticks(y, claims["heuristic"])
    for label, color in zip(ax.get_yticklabels(), colors, strict=True):
        label.set_color(color)
    ax.invert_yaxis()
    ax.set_xlabel("boards overestimated, h > h* (% of the boards checked)")
    ax.set_xlim(0, 100)
    ax.set_xticks(np.arange(0, 101, 20))
    ax.set_title("who overestimates? (blue: claims admissible; orange: claims nothing)")
    ax.grid(axis="y", visible=False)
    return fig


def _luminance(color) -> float:
    """Relative luminance of a colour (0 black, 1 white; WCAG 2)."""
    channels = np.asarray(mpl.colors.to_rgb(color))
    linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def _percent(value: float) -> str:
    """A share in percent, never rounded up to 100% nor down to 0%."""
    if value >= 1:
        text = f"{value:.1f}%"
        if value < 100 and text == "100.0%":
            text = f"{math.floor(value * 100) / 100:.2f}%"
        return text
    return f"{value:.2g}%"


def mean_h_by_distance(counts, heuristics=None, admissible=None):
    """Mean h over the states at each true distance, one line per heuristic.

    Parameters
    ----------
    counts : pandas.DataFrame
        Columns ``heuristic``, ``h_star``, ``h``, ``count``.
    heuristics : sequence of str, optional
        Which lines, in order (default: every heuristic in ``counts``).
    admissible : collection of str, optional
        The heuristics that claim admissibility, drawn solid; the others are dashed.
        Default: the claims of the registered heuristics (:mod:`eightlab.heuristics`),
        an unregistered name counting as admissible.

    Returns
    -------
    matplotlib.figure.Figure
        Every heuristic in its own colour and marker (up to 12); the wide grey line is
        h = h*: a perfect heuristic lies on it, an admissible one on or below it.
    """
    if heuristics is None:
        heuristics = list(dict.fromkeys(counts["heuristic"]))
    if admissible is None:
        from eightlab.heuristics import HEURISTICS

        admissible = {n for n in heuristics if n not in HEURISTICS or HEURISTICS[n].admissible}
    fig, ax = plt.subplots(figsize=(7.2, 4.6))
    top = int(counts["h_star"].max())
    # under the lines, wide and pale, so that it still shows around one lying on it
    ax.plot([0, top], [0, top], color="0.6", alpha=0.45, linewidth=6, label="h = h* (perfect)")
    for k, name in enumerate(heuristics):
        rows = counts[counts["heuristic"] == name]
        weighted = (rows["h"].astype(float) * rows["count"]).groupby(rows["h_star"]).sum()
        mean = weighted / rows.groupby("h_star")["count"].sum()
        style = _cycle_style(k)
        style["linestyle"] = "-" if name in admissible else "--"
        ax.plot(mean.index, mean.to_numpy(), markersize=3.5, label=name, **style)
    ax.set_xlabel("true distance h* (moves)")
    integer_ticks(ax, "x")
    ax.set_ylabel("mean h over the states at that distance (moves)")
    ax.set_title("how close does h get to h*?")
    handles, labels = ax.get_legend_handles_labels()
    order = list(range(1, len(handles))) + [0]  # the reference line last
    legend_outside(
        ax,
        [handles[k] for k in order],
        [labels[k] for k in order],
        title="solid: claims admissible\ndashed: claims nothing",
    )
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
