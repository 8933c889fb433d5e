"""Medians against depth, one line per search, the interquartile range as a band.

:func:`plot_by_depth` draws one panel of a :func:`~eightlab.experiments.grid.summary_table`;
:func:`figure_legend` gathers the legends of several panels into one. A series whose
medians equal an earlier one's (BFS with a Cantor table and plain BFS count the same
nodes) is drawn with open markers, shifted a little to the right, and named in a note,
so that no search hides under another. The chart functions of
:mod:`eightlab.viz.plots.search` are built on these two.
"""

from __future__ import annotations

import math
import textwrap
import weakref

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.legend_handler import HandlerTuple
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from eightlab.search import run_label
from eightlab.viz.plots.encoding import HEURISTIC_STYLES, INK, series_style
from eightlab.viz.plots.style import (
    BAND_LABEL,
    MEDIAN_TITLE,
    current_style,
    figure_size,
    fit_text,
    integer_ticks,
    legend_outside,
    small_text,
)


def _series(table, label_by: str = "run"):
    """``(label, style, rows)`` per (algorithm, heuristic), in the table's order.

    The style follows :mod:`eightlab.viz.plots.encoding`: the colour says the
    algorithm, the line style and marker say the heuristic.
    ``label_by="heuristic"`` labels the series by heuristic alone (the algorithm's name
    when it has none), for panels titled by algorithm.
    """
    if label_by not in ("run", "heuristic"):
        raise ValueError(f"label_by must be 'run' or 'heuristic', not {label_by!r}")
    keys = table[["algorithm", "heuristic"]].fillna("").drop_duplicates()
    for algorithm, heuristic in keys.itertuples(index=False):
        rows = table[
            (table["algorithm"] == algorithm) & (table["heuristic"].fillna("") == heuristic)
        ]
        style = series_style(algorithm, heuristic)
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


def _tick_stride(ax, depths) -> int:
    """Every how many depths a tick label fits on ``ax`` in the current style's text."""
    size = FontProperties(size=mpl.rcParams["xtick.labelsize"]).get_size_in_points()
    label = (len(f"{max(depths):g}") + 1.5) * 0.6 * size / 72  # inches per label
    width = ax.get_position().width * ax.figure.get_figwidth()
    return max(1, math.ceil(len(depths) * label / (0.85 * width)))


#: The legend entries :func:`plot_by_depth` drew on each axes, for :func:`figure_legend`.
_LEGENDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: The notes on hidden series of each axes (in the panel in the notebook style; in the
#: figure's legend in the slides and paper styles, where a panel has no room for them).
_NOTES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def whole_decades(ax) -> None:
    """Widen a log y axis with fewer than two powers of ten in view to those around it.

    matplotlib labels the minor ticks (2, 3, 4, 6 x 10^k) of a log axis with fewer than
    two powers of ten in view; they crowd a short panel. With two in view, only those
    are labelled.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Axes whose y axis is already logarithmic.
    """
    low, high = ax.get_ylim()
    if not (0 < low < high < math.inf):
        return
    lowest, highest = math.log10(low), math.log10(high)
    if math.floor(highest) - math.floor(math.nextafter(lowest, -math.inf)) < 2:
        ax.set_ylim(10 ** math.floor(lowest), 10 ** max(math.ceil(highest), math.floor(lowest) + 1))


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
        A :func:`~eightlab.experiments.grid.summary_table` with ``metric_median``,
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
        Log y axis; by default, when the medians span more than two decades. Never
        when no median is positive (every run of ``summary`` out of budget).
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
    alone = ax is None  # the figure is this chart's own: its title may span it
    if alone:
        _, ax = plt.subplots(figsize=figure_size(), layout="constrained")
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
        # a legend of heuristics alone (panels titled by algorithm): in the ink of heuristics
        alone = label_by == "heuristic" and label in HEURISTIC_STYLES
        entry = {**style, "color": INK} if alone else style
        entries.append((Line2D([], [], **entry), label))
        reference = same_as[k]
        if reference is None:
            ax.plot(x, y, label=label, **style)
            ax.fill_between(x, q1, q3, color=style["color"], alpha=0.12, linewidth=0)
        else:
            # one fifth of the way to the next depth; several series hiding under the
            # same one take turns in showing their markers
            group = [i for i, j in enumerate(same_as) if j == reference]
            (line,) = ax.plot(
                x + min(0.2 * spacing, 0.4),  # a fifth of the gap, at most 0.4 moves
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
        wrapped = textwrap.fill(
            text, 24 if current_style() == "paper" else 34, break_on_hyphens=False
        )
        notes.append((tuple(line for line, _ in shifted), wrapped))
    if log is None:
        positive = medians[medians > 0]
        log = len(positive) > 0 and positive.max() / positive.min() > 100
    if log and (medians > 0).any():  # a panel with no positive median has nothing to scale
        ax.set_yscale("log")
        whole_decades(ax)
    ax.set_xlabel("solution depth d (optimal number of moves)")
    if 0 < len(depths) <= 16:
        ax.set_xticks(depths[:: _tick_stride(ax, depths)])  # at the depths measured
    else:
        integer_ticks(ax, "x")
    ax.set_ylabel(ylabel)
    if title:
        # over the axes: the figure's width less the legend beside them (below: paper)
        share = (
            (0.95 if current_style() == "paper" else 0.65)
            if alone
            else 0.8 * ax.get_position().width
        )
        width = ax.figure.get_figwidth() * share
        ax.set_title(fit_text(title, width))
    band = (Patch(facecolor="0.45", alpha=0.25, linewidth=0), BAND_LABEL)
    _LEGENDS[ax] = entries + [band]
    _NOTES[ax] = notes
    if legend:
        handles, labels = zip(*(entries + [band] + notes), strict=True)
        legend_outside(ax, handles, labels, title=MEDIAN_TITLE)
    elif notes and current_style() == "notebook":  # slides, paper: in figure_legend
        handles, labels = zip(*notes, strict=True)
        ax.legend(
            handles,
            labels,
            loc="best",
            handler_map={tuple: HandlerTuple(ndivide=None)},
            fontsize=small_text(),
            frameon=True,
            framealpha=0.9,
            edgecolor="0.8",
        )
    return ax.figure


def figure_legend(fig, axes=None, title: str = MEDIAN_TITLE, ncols: int | None = None):
    """One legend below the panels of ``fig`` for the series of all of them.

    Collects the entries of the panels drawn by :func:`plot_by_depth` (with
    ``legend=False``; a panel's own notes on hidden series stay in it in the notebook
    style, and join this legend in the slides and paper styles) or, for other
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
    if BAND_LABEL in entries:  # the band last, after the series
        entries[BAND_LABEL] = entries.pop(BAND_LABEL)
    if current_style() != "notebook":
        for ax in fig.axes if axes is None else axes:
            for handle, label in _NOTES.get(ax, ()):
                entries.setdefault(label, handle)
    ncols = ncols or max(1, min(len(entries), 5))
    options = {"ncols": ncols, "title": title}
    if isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine):
        options["loc"] = "outside lower center"
    else:
        options.update(loc="upper center", bbox_to_anchor=(0.5, 0.0))
    return fig.legend(list(entries.values()), list(entries.keys()), **options)
