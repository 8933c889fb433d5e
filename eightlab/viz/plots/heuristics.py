"""Charts of heuristics against the true distance h*: joint counts, means, overestimates.

They read the tables of :mod:`eightlab.analysis.admissibility`: ``counts`` of
:func:`~eightlab.analysis.admissibility.h_vs_hstar_counts` (columns heuristic, h_star, h,
count), ``claims`` of :func:`~eightlab.analysis.admissibility.heuristic_claims`, and A* runs of
:func:`~eightlab.experiments.grid.run_grid` for :func:`inadmissibility_tradeoff`.
"""

from __future__ import annotations

import math

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator

from eightlab.viz.plots.encoding import INK, algorithm_color, heuristic_style
from eightlab.viz.plots.style import (
    current_style,
    figure_size,
    fit_text,
    integer_ticks,
    legend_outside,
    small_text,
)


def _claims_admissible(names, admissible=None) -> set:
    """The names that claim admissibility: ``admissible``, or the registry's claims."""
    if admissible is not None:
        return set(admissible)
    from eightlab.heuristics import HEURISTICS

    return {n for n in names if n not in HEURISTICS or HEURISTICS[n].admissible}


def _grid(n: int):
    """A figure with ``n`` panels on rows of at most four; spare panels hidden."""
    cols = max(1, min(n, 4))
    if current_style() == "slides":  # a 16:9 frame: two rows of wider panels
        cols = max(1, min(n, max(4, math.ceil(n / 2))))
    rows = math.ceil(n / cols) if n else 1
    width, height = figure_size("wide", rows=rows)
    fig, axes = plt.subplots(
        rows, cols, figsize=(width, height), layout="constrained", squeeze=False
    )
    axes = axes.ravel()
    for ax in axes[n:]:
        ax.set_visible(False)
    return fig, axes[:n], cols


def h_vs_hstar_heatmap(counts, heuristics=None, admissible=None):
    """Joint distribution of h and the true distance h*, one panel per heuristic.

    Parameters
    ----------
    counts : pandas.DataFrame
        Columns ``heuristic``, ``h_star``, ``h``, ``count`` (states with that pair).
    heuristics : sequence of str, optional
        Which panels, in order (default: every heuristic in ``counts``).
    admissible : collection of str, optional
        The heuristics that claim admissibility (default: the registry's claims).

    Returns
    -------
    matplotlib.figure.Figure
        Colour = number of states (log scale); the dashed line is h = h*: cells above
        it are overestimates. Each panel's y axis reaches its own largest h, at least
        the largest h*: the heuristics that never overestimate share one range (0 to the
        largest h*) and are not squashed by those that run far above it. The title
        counts the heuristics with no state above the line.
    """
    if heuristics is None:
        heuristics = list(dict.fromkeys(counts["heuristic"]))
    claims = _claims_admissible(heuristics, admissible)
    fig, axes, cols = _grid(len(heuristics))
    hstar_max = int(counts["h_star"].max())
    x_edges = np.arange(-0.5, hstar_max + 1.5)
    norm = mpl.colors.LogNorm(vmin=1, vmax=max(2, int(counts["count"].max())))
    image = None
    over = []
    for k, (ax, name) in enumerate(zip(axes, heuristics, strict=True)):
        rows = counts[counts["heuristic"] == name]
        if (rows["h"].astype(float) > rows["h_star"].astype(float)).any():
            over.append(name)
        h_top = max(float(rows["h"].max()) if len(rows) else 0.0, hstar_max)
        y_edges = np.arange(-0.5, math.ceil(h_top) + 1.5)
        grid, _, _ = np.histogram2d(
            rows["h_star"].astype(float),
            rows["h"].astype(float),
            bins=[x_edges, y_edges],
            weights=rows["count"].astype(float),
        )
        grid = np.ma.masked_equal(grid.T, 0)
        image = ax.pcolormesh(x_edges, y_edges, grid, norm=norm, shading="flat", rasterized=True)
        ax.plot([0, hstar_max], [0, hstar_max], "--", color="black", linewidth=1.2)
        ax.set_ylim(y_edges[0], y_edges[-1])
        ax.set_title(_panel_title(name, name in claims, fig, cols), fontsize=small_text())
        for axis in (ax.xaxis, ax.yaxis):
            axis.set_major_locator(MaxNLocator(5, integer=True, steps=[1, 2, 5, 10]))
        if k >= len(heuristics) - cols:
            ax.set_xlabel("h* (moves)")
        if k % cols == 0:
            ax.set_ylabel("h (moves)")
        ax.grid(False)
    if image is not None:
        fig.colorbar(image, ax=list(axes), label="states (log scale)", shrink=0.8)
    width = fig.get_figwidth()
    never = len(heuristics) - len(over)
    title = f"{never} of {len(heuristics)} heuristics never exceed h* (no state above the dashed line h = h*)"
    if over:
        title += f"; {', '.join(over)} do"
    fig.suptitle(fit_text(title, width))
    fig.supxlabel(
        fit_text(
            "Checkerboard (Manhattan, linear conflict, pattern databases): a move changes h* "
            "by 1 and these h by an odd amount, so h and h* always have the same parity and "
            "every other cell stays empty. x: the true distance h*; each y axis reaches its "
            "panel's largest h.",
            width, small_text(),
        ),
        fontsize=small_text(),
    )  # fmt: skip
    return fig


def _panel_title(name: str, claims: bool, fig, cols: int) -> str:
    """A heatmap panel's title: the name, broken at its hyphens to fit the panel."""
    import textwrap

    width = 0.85 * fig.get_figwidth() / cols  # inches, the colorbar's share left out
    columns = max(8, int(width * 72 / (0.6 * small_text())))
    title = "\n".join(textwrap.wrap(name, columns, break_on_hyphens=True))
    return title if claims else f"{title}\n(claims nothing)"


def overestimate_bar(claims):
    """Share of states whose h exceeds the true distance, one bar per heuristic.

    Parameters
    ----------
    claims : pandas.DataFrame
        Columns ``heuristic``, ``states`` (states checked), ``overestimates`` and
        ``claims_admissible`` (the heuristic's claim, bool), as
        :func:`eightlab.analysis.admissibility.heuristic_claims` returns.

    Returns
    -------
    matplotlib.figure.Figure
        Horizontal bars in percent of the boards (the axis ends at 100%), labelled with
        the number of boards, inside the bar when it is long; dark bars (:data:`INK`)
        claim admissibility, light hatched ones claim nothing (no colour of an
        algorithm: this is a figure of heuristics alone).
    """
    count = claims["overestimates"].astype(int)
    share = 100.0 * count / claims["states"].astype(float)
    colors = [INK if claim else _NOTHING for claim in claims["claims_admissible"]]
    width, height = _bar_figure_size(len(claims), 0.75)
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    y = np.arange(len(claims))
    bars = ax.barh(y, share, color=colors)
    for bar, claim in zip(bars, claims["claims_admissible"], strict=True):
        if not claim:
            bar.set_hatch("//")
            bar.set_edgecolor("white")
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
            fontsize=small_text(),
        )
    ax.set_yticks(y, claims["heuristic"])
    ax.invert_yaxis()
    ax.set_xlabel("boards overestimated, h > h* (% of the boards checked)")
    ax.set_xlim(0, 100)
    ax.set_xticks(np.arange(0, 101, 20))
    over = claims[count > 0]
    if over.empty:
        finding = f"none of the {len(claims)} heuristics overestimates on any board"
    else:
        worst = over.loc[share[count > 0].idxmax()]
        finding = (
            f"{len(over)} of {len(claims)} heuristics overestimate; {worst['heuristic']} on the "
            f"most boards ({_percent(float(share[worst.name]))})"
        )
    ax.set_title(
        fit_text(f"{finding}\n(dark: claims admissible; light, hatched: claims nothing)", width)
    )
    ax.grid(axis="y", visible=False)
    return fig


#: The bars of the heuristics that claim nothing in :func:`overestimate_bar`.
_NOTHING = "#a8a8a8"


def _bar_figure_size(bars: int, share: float) -> tuple[float, float]:
    """(width, height) of a chart of ``bars`` horizontal bars, inches, in the style's frame.

    A bar gets room for its label in the style's smallest text; on a slide the chart
    takes the slide's width and stays within 16:9, the bars growing thinner if need be.
    """
    row = 2.2 * small_text() / 72  # inches per bar
    width = figure_size("wide")[0]
    if current_style() != "slides":
        width *= share
    height = row * bars + 1.4 * row + 0.9
    if current_style() == "slides":
        height = min(height, width * 9 / 16 - 0.3)
    return width, height


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
        Every heuristic in its own marker and line style (:data:`INK`, the colour of
        heuristics alone); the wide grey line is
        h = h*: a perfect heuristic lies on it, an admissible one on or below it.
    """
    if heuristics is None:
        heuristics = list(dict.fromkeys(counts["heuristic"]))
    admissible = _claims_admissible(heuristics, admissible)
    fig, ax = plt.subplots(figsize=figure_size(), layout="constrained")
    top = int(counts["h_star"].max())
    # under the lines, wide and pale, so that it still shows around one lying on it
    ax.plot([0, top], [0, top], color="0.6", alpha=0.45, linewidth=6, label="h = h* (perfect)")
    clipped = []
    ceiling = 1.35 * top + 1  # a curve far above h = h* is cut here and labelled
    ratios = {}
    for name in heuristics:
        rows = counts[counts["heuristic"] == name]
        weighted = (rows["h"].astype(float) * rows["count"]).groupby(rows["h_star"]).sum()
        mean = weighted / rows.groupby("h_star")["count"].sum()
        far = rows[rows["h_star"] > 0]
        if len(far):
            ratios[name] = float((far["h"].astype(float) * far["count"]).sum()) / float(
                (far["h_star"].astype(float) * far["count"]).sum()
            )
        style = heuristic_style(name)  # eightlab.viz.plots.encoding: the heuristic's line, INK
        if name not in admissible:
            style["linestyle"] = "--"
        elif style["linestyle"] == "--":
            style["linestyle"] = "-"
        ax.plot(mean.index, mean.to_numpy(), label=name, **style)
        if len(mean) and float(mean.max()) > ceiling:
            clipped.append((name, float(mean.max()), style["color"]))
    ax.set_xlabel("true distance h* (moves)")
    integer_ticks(ax, "x")
    ax.set_ylabel("mean h over the states\nat that distance (moves)")
    if clipped:
        ax.set_ylim(0, ceiling)
        step = 1.6 * small_text() / 72 / ax.figure.get_figheight()
        for j, (name, peak, colour) in enumerate(clipped):
            ax.annotate(
                f"{name} goes on up to {peak:.0f} \u2191", (0.02, 0.97 - step * j),
                xycoords="axes fraction", va="top", fontsize=small_text(), color=colour,
            )  # fmt: skip
    ax.set_title(fit_text(_closest(ratios, admissible), figure_size()[0] * 0.7))
    handles, labels = ax.get_legend_handles_labels()
    order = list(range(1, len(handles))) + [0]  # the reference line last
    legend_outside(
        ax,
        [handles[k] for k in order],
        [labels[k] for k in order],
        title="dashed: claims nothing\nthe others: claim admissible",
    )
    return fig


def _closest(ratios: dict, admissible) -> str:
    """A title: the admissible heuristic closest to h*, and those that cross h = h*."""
    inexact = {n: r for n, r in ratios.items() if n in admissible and r < 1 - 1e-12}
    crossing = [n for n, r in ratios.items() if r > 1 + 1e-12]
    if not inexact:
        return "mean h against the true distance h*"
    best = max(inexact, key=inexact.get)
    title = f"closest admissible: {best}, {inexact[best]:.0%} of h* on average"
    if crossing:
        title += f"; on average above h = h*: {', '.join(crossing)}"
    return title


def inadmissibility_tradeoff(runs, heuristics=None):
    """What each heuristic makes A* do: nodes expanded, and extra moves over the optimum.

    Parameters
    ----------
    runs : pandas.DataFrame
        A :func:`~eightlab.experiments.grid.run_grid` table of A* runs; only solved runs
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
    width, height = _bar_figure_size(len(heuristics) + 1, 1.0)
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(width, height), sharey=True, layout="constrained"
    )
    y = np.arange(len(heuristics))
    colour = algorithm_color(
        runs["algorithm"].iloc[0] if "algorithm" in runs and len(runs) else "astar"
    )
    left.barh(y, expanded.clip(lower=0.8), color=colour)
    left.set_xscale("log")
    left.set_xlabel("nodes expanded (median over the boards, log scale)")
    left.set_title("work")
    right.barh(y, extra, color=colour)
    for k, value in enumerate(extra):
        text = "shortest" if value == 0 else f"+{value:.2f}"
        right.annotate(
            text, (value, k), xytext=(4, 0), textcoords="offset points", va="center",
            fontsize=small_text(),
        )  # fmt: skip
    right.set_xlim(0, max(1.0, float(np.nanmax(extra.to_numpy(), initial=0)) * 1.35))
    right.set_xlabel("extra moves over the shortest path (mean)")
    right.set_title("path length")
    left.set_yticks(y, heuristics)
    left.invert_yaxis()
    for ax in (left, right):
        ax.grid(axis="y", visible=False)
    fig.suptitle(fit_text(_tradeoff_finding(expanded, extra), width))
    return fig


def _tradeoff_finding(expanded, extra) -> str:
    """The title of :func:`inadmissibility_tradeoff`: who lengthened paths, who saved nodes."""
    longer = [str(n) for n, v in extra.items() if v > 0]
    fewest = expanded.dropna()
    head = (
        f"A* on the same boards: {len(longer)} of {len(extra)} heuristics gave longer paths"
        if longer
        else f"A* on the same boards: all {len(extra)} heuristics gave shortest paths"
    )
    if len(fewest):
        head += f"; fewest nodes: {fewest.idxmin()} (median {fewest.min():,.0f})"
    return head
