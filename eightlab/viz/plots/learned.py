"""Charts of the learned-heuristic experiment: overestimates by distance, A*'s work, 15-puzzle walks.

They read the tables of the ``learned_heuristic`` notebook: ``overestimates_by_distance``
(per heuristic and true distance h*: the share of boards with h > h*, the mean and the
largest excess), ``astar_by_depth`` (one A* run per board and heuristic) and
``fifteen_walks`` (15-puzzle boards with their exact distance and the learned h). Figures
of heuristics alone draw them in :data:`~eightlab.viz.plots.encoding.INK`, figures of A*
in A*'s colour, each heuristic with its line style and marker
(:mod:`eightlab.viz.plots.encoding`).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D

from eightlab.viz.plots.encoding import INK, series_style
from eightlab.viz.plots.style import figure_size, integer_ticks, legend_outside

_DISTANCE = "true distance h* (moves)"


def _two_panels():
    return plt.subplots(1, 2, figsize=figure_size("row"), layout="constrained")


def _legend_below(fig, heuristics, extra=()):
    """One legend under ``fig``: each heuristic's line and marker, then ``extra`` entries."""
    handles = [Line2D([], [], **series_style("", h)) for h in heuristics]
    labels = list(heuristics)
    for handle, label in extra:
        handles.append(handle)
        labels.append(label)
    return fig.legend(handles, labels, loc="outside lower center", ncols=min(len(labels), 4))


def overestimates_by_distance(by_distance):
    """How often and by how much each heuristic overestimates, by true distance.

    Parameters
    ----------
    by_distance : pandas.DataFrame
        Columns ``heuristic``, ``h_star``, ``share_over`` (share of the boards at that
        distance with h > h*), ``mean_over`` and ``max_over`` (h - h* where h > h*,
        moves).

    Returns
    -------
    matplotlib.figure.Figure
        Left: boards overestimated (%); right: the largest excess (the heuristic's line)
        and the mean excess (thin, dotted, open markers). One legend below both.
    """
    fig, (left, right) = _two_panels()
    heuristics = list(dict.fromkeys(by_distance["heuristic"]))
    for name in heuristics:
        rows = by_distance[by_distance["heuristic"] == name].sort_values("h_star")
        style = series_style("", name)
        left.plot(rows["h_star"], 100 * rows["share_over"].astype(float), **style)
        right.plot(rows["h_star"], rows["max_over"].astype(float), **style)
        mean = {**style, "linestyle": ":", "linewidth": 1.2, "markerfacecolor": "white"}
        right.plot(rows["h_star"], rows["mean_over"].astype(float), **mean)
    left.set(xlabel=_DISTANCE, ylabel="boards overestimated (%)", title="how often h > h*")
    right.set(xlabel=_DISTANCE, ylabel="h - h* where h > h* (moves)", title="by how much")
    for ax in (left, right):
        integer_ticks(ax, "x")
    integer_ticks(right, "y")
    extra = [
        (Line2D([], [], color=INK), "right: the largest excess"),
        (Line2D([], [], color=INK, linestyle=":", linewidth=1.2), "right: the mean excess"),
    ]
    _legend_below(fig, heuristics, extra)
    return fig


def astar_by_depth(astar):
    """A*'s nodes expanded and extra moves by true distance, one line per heuristic.

    Parameters
    ----------
    astar : pandas.DataFrame
        Columns ``heuristic``, ``depth`` (true distance of the board), ``expanded`` and
        ``extra_moves`` (moves over the shortest path).

    Returns
    -------
    matplotlib.figure.Figure
        Left: median nodes expanded (log scale); right: mean extra moves.
    """
    fig, (left, right) = _two_panels()
    heuristics = list(dict.fromkeys(astar["heuristic"]))
    for name in heuristics:
        by = astar[astar["heuristic"] == name].groupby("depth")
        style = series_style("astar", name)
        expanded = by["expanded"].median()
        extra = by["extra_moves"].mean()
        left.plot(expanded.index, expanded.to_numpy(dtype=float), **style)
        right.plot(extra.index, extra.to_numpy(dtype=float), **style)
    left.set(yscale="log", xlabel=_DISTANCE, ylabel="nodes expanded (median)", title="A*'s work")
    right.set(xlabel=_DISTANCE, ylabel="extra moves over the\nshortest path (mean)",
              title="A*'s path-length excess")  # fmt: skip
    for ax in (left, right):
        integer_ticks(ax, "x")
    handles = [Line2D([], [], **series_style("astar", h)) for h in heuristics]
    fig.legend(handles, [f"A* ({h})" for h in heuristics], loc="outside lower center",
               ncols=min(len(heuristics), 4))  # fmt: skip
    return fig


def fifteen_walks(fifteen, heuristic: str = "learned"):
    """15-puzzle boards: the learned h against the exact distance, training and held out.

    Parameters
    ----------
    fifteen : pandas.DataFrame
        Columns ``ida_length`` (exact distance, by IDA*), ``learned`` (the model's h)
        and ``part`` (``"training"`` or ``"held out"``).
    heuristic : str
        The heuristic whose marker draws the points.

    Returns
    -------
    matplotlib.figure.Figure
        Points above the dashed line h = h* are overestimates.
    """
    fig, ax = plt.subplots(figsize=figure_size(), layout="constrained")
    marker = series_style("", heuristic)["marker"]
    size = 0.6 * float(plt.rcParams["lines.markersize"]) ** 2
    for part, colour in (("training", "#b0b0b0"), ("held out", INK)):
        rows = fifteen[fifteen["part"] == part]
        ax.scatter(rows["ida_length"], rows["learned"], marker=marker, s=size, alpha=0.8,
                   color=colour, label=f"{part} walk boards")  # fmt: skip
    top = float(max(fifteen["ida_length"].max(), fifteen["learned"].max()))
    ax.plot([0, top], [0, top], "--", color="black", linewidth=1.2, label="h = h*")
    ax.set(xlabel="exact distance by IDA* (moves)", ylabel=f"{heuristic} h (moves)",
           title="15-puzzle: the model only on boards with a label")  # fmt: skip
    integer_ticks(ax, "xy")
    legend_outside(ax)
    return fig
