"""Charts of the bidirectional experiment: work against the least work, and g-cost grids.

They read the tables of the ``bidirectional`` notebook: ``runs`` (one row per search,
board and heuristic, with ``ratio``, the nodes expanded over |VC|, the least number of
expansions of any front-to-end bidirectional search on that board) and ``g_expanded``
(nodes each search expanded at each g, per direction). The must-expand pairs and their
minimum vertex cover come from :func:`eightlab.analysis.mustexpand.must_expand`
(Eckerle, Chen, Sturtevant, Zilles & Holte 2017; the g-cost grid of Sturtevant's hog2
``BidirectionalProblemAnalyzer``).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from eightlab.search import ALGORITHMS, run_label
from eightlab.viz.plots.encoding import series_style
from eightlab.viz.plots.style import figure_size, fit_text, integer_ticks, small_text

_DEPTH_LABEL = "solution depth (moves)"


def _panels(count: int, rows: int = 1, **options):
    """A figure of ``rows`` x ``count`` panels in the style's wide frame."""
    return plt.subplots(
        rows, count, figsize=figure_size("wide", rows=rows), squeeze=False,
        layout="constrained", **options,
    )  # fmt: skip


def _legend_below(fig, handles, labels, ncols=None):
    """One legend under every panel of ``fig``."""
    ncols = ncols or min(len(handles), 4)
    return fig.legend(handles, labels, loc="outside lower center", ncols=ncols)


def _encoding_legend(fig, algorithms, heuristics):
    """A legend under ``fig``: each algorithm's colour, then each heuristic's line and marker."""
    handles = [
        Line2D([], [], color=series_style(a, "")["color"], marker="None") for a in algorithms
    ]
    handles += [Line2D([], [], **series_style("", h)) for h in heuristics]
    labels = [run_label(a, None) for a in algorithms] + list(heuristics)
    return _legend_below(fig, handles, labels, ncols=min(len(labels), 5))


def ratio_to_bound(runs, heuristics=None, algorithms=None):
    """Nodes expanded over |VC| against depth, one panel per heuristic of the bound.

    Parameters
    ----------
    runs : pandas.DataFrame
        The ``runs`` table of the bidirectional notebook: ``algorithm``,
        ``bound_heuristic`` (the heuristic of the bound, and of the search when it is
        informed), ``depth`` and ``ratio`` (expanded / |VC|; empty when |VC| = 0).
    heuristics : sequence of str, optional
        The panels, left to right (default: the table's, in order).
    algorithms : sequence of str, optional
        The lines (default: the table's, in order); an uninformed search is drawn in
        the panel of ``zero`` only.

    Returns
    -------
    matplotlib.figure.Figure
        Log y axis, medians over the boards of each depth; the solid line is the least
        work (1), the dotted one twice it.
    """
    heuristics = heuristics or list(dict.fromkeys(runs["bound_heuristic"]))
    algorithms = algorithms or list(dict.fromkeys(runs["algorithm"]))
    runs = runs[runs["ratio"].notna()]
    if runs.empty:
        raise ValueError("no run with a ratio to |VC| (every cover was empty)")
    fig, axes = plt.subplots(
        1, len(heuristics), figsize=figure_size("row"), squeeze=False, sharey=True,
        layout="constrained",
    )  # fmt: skip
    entries = {}
    for k, (ax, h) in enumerate(zip(axes[0], heuristics, strict=True)):
        part = runs[runs["bound_heuristic"] == h]
        for name in algorithms:
            informed = name not in ALGORITHMS or ALGORITHMS[name].informed
            if not informed and h != "zero":
                continue
            series = part[part["algorithm"] == name].groupby("depth")["ratio"].median()
            if len(series):
                style = series_style(name, h if informed else "")
                label = run_label(name, h if informed else None)
                ax.plot(series.index, series.to_numpy(), label=label, **style)
                entries.setdefault(name, None)
        ax.axhline(1, color="black", lw=0.8)
        ax.axhline(2, color="black", lw=0.8, ls=":")
        ax.set_yscale("log")
        ax.set_title(f"h = {h}")
        integer_ticks(ax, "x")
        ax.set_xlabel(_DEPTH_LABEL if k == len(heuristics) // 2 else "")
    axes[0][0].set_ylabel("nodes expanded / |VC|\n(median)")
    _encoding_legend(fig, list(entries), heuristics)
    fig.suptitle(
        fit_text(
            "Work against the least any front-to-end bidirectional search must do "
            "(solid: |VC|; dotted: twice |VC|)",
            fig.get_figwidth(),
        )
    )
    return fig


def g_cost_grid(g_expanded, goal=None, must=None):
    """g-cost grids of one board: the must-expand pairs, and what each search expanded.

    One column per heuristic. Top: the pairs of g-groups (``g_F``, ``g_B``) that are
    must-expand pairs, shaded by the number of state pairs (log), the minimum vertex
    cover's boundary dashed. Bottom: the states of each g that the cover may take
    (grey bars, forward up, backward down) and the nodes each search expanded at each g.

    Parameters
    ----------
    g_expanded : pandas.DataFrame
        The ``g_expanded`` table of the bidirectional notebook: ``start``, ``heuristic``,
        ``algorithm``, ``direction`` (``forward`` or ``backward``) and ``g0``, ``g1``, ...
        (nodes expanded at each g), for one start board.
    goal : Board or str, optional
        The goal (default: the table's ``goal`` column, else the board's default goal).
    must : dict, optional
        :class:`~eightlab.analysis.mustexpand.MustExpand` by heuristic, when already
        computed (default: computed here by :func:`~eightlab.analysis.mustexpand.must_expand`).

    Returns
    -------
    matplotlib.figure.Figure
    """
    from eightlab.analysis.mustexpand import must_expand

    starts = list(dict.fromkeys(g_expanded["start"].astype(str)))
    if len(starts) != 1:
        raise ValueError(f"a g-cost grid draws one board; the table has {len(starts)}")
    start = _board_text(starts[0])
    if goal is None and "goal" in g_expanded:
        goal = _board_text(g_expanded["goal"].iloc[0])
    heuristics = list(dict.fromkeys(g_expanded["heuristic"]))
    must = dict(must or {})
    for h in heuristics:
        if h not in must:
            must[h] = must_expand(start, goal, h)
    columns = sorted(
        (c for c in g_expanded if c[:1] == "g" and c[1:].isdigit()), key=lambda c: int(c[1:])
    )
    fig, axes = _panels(len(heuristics), rows=2, sharex=True)
    algorithms = list(dict.fromkeys(g_expanded["algorithm"]))
    cost = max(m.cost for m in must.values())
    for k, h in enumerate(heuristics):
        top, bottom = axes[0][k], axes[1][k]
        m = must[h]
        c = m.cost
        pairs = np.array(
            [[m.forward[i] * m.backward[j] if m.is_pair(i, j) else 0 for j in range(c)]
             for i in range(c)], dtype=float,
        )  # fmt: skip
        shown = np.where(pairs > 0, np.log10(np.maximum(pairs, 1)), np.nan)
        top.imshow(
            shown, origin="lower", cmap="Blues", aspect="auto",
            extent=(-0.5, c - 0.5, -0.5, c - 0.5),
        )  # fmt: skip
        if m.cover:  # the cover: forward rows below t, backward columns below C* - eps - t
            top.axhline(m.split - 0.5, color="black", ls="--", lw=1.2)
            top.axvline(max(0, c - m.epsilon - m.split) - 0.5, color="black", ls="--", lw=1.2)
        top.set_title(f"h = {h}\nC* = {c}, |VC| = {m.cover:,}", fontsize=small_text())
        top.set_ylim(-0.5, cost - 0.5)
        top.grid(False)
        g = np.arange(c)
        bottom.bar(g, m.forward, color="lightgrey")
        bottom.bar(g, -m.backward, color="lightgrey")
        part = g_expanded[g_expanded["heuristic"] == h]
        for name in algorithms:
            for side, sign in (("forward", 1), ("backward", -1)):
                row = part[(part["algorithm"] == name) & (part["direction"] == side)]
                if row.empty:
                    continue
                counts = row[columns].iloc[0].astype(float).to_numpy()
                last = int(np.flatnonzero(counts)[-1]) + 1 if counts.any() else 0
                bottom.plot(range(last), sign * counts[:last], **series_style(name, h))
        bottom.axhline(0, color="black", lw=0.8)
        bottom.set_yscale("symlog", linthresh=1)
        bottom.yaxis.set_major_locator(_SymlogTicks())
        for ax in (top, bottom):
            integer_ticks(ax, "x")
        integer_ticks(top, "y")
        if k:
            top.set_yticklabels([])
        if k == len(heuristics) // 2:
            top.set_xlabel("g_B (moves from the goal)")
            bottom.set_xlabel("g (moves from the side's root)")
    axes[0][0].set_ylabel("g_F (moves\nfrom the start)")
    axes[1][0].set_ylabel("expanded: forward up,\nbackward down")
    handles = [Line2D([], [], color=series_style(a, "")["color"]) for a in algorithms]
    handles += [Patch(color="lightgrey"), Line2D([], [], color="black", ls="--")]
    labels = [run_label(a, None) for a in algorithms]
    labels += ["states of f < C* (may be in a cover)", "a minimum vertex cover's boundary"]
    _legend_below(fig, handles, labels, ncols=3)
    fig.suptitle(
        fit_text(f"g-cost grids of {start}, {cost} moves from the goal", fig.get_figwidth())
    )
    return fig


def _board_text(value) -> str:
    """A board of a table: 8-puzzle digits read back as a number lose a leading 0."""
    text = str(value)
    return text.zfill(9) if text.isdigit() and len(text) < 9 else text


class _SymlogTicks(plt.matplotlib.ticker.SymmetricalLogLocator):
    """Ticks of a symlog axis at 0 and every other power of ten, so that labels fit."""

    def __init__(self):
        super().__init__(base=10, linthresh=1)

    def tick_values(self, vmin, vmax):
        ticks = super().tick_values(vmin, vmax)
        top = max(abs(vmin), abs(vmax))
        step = 2 if top > 1e3 else 1
        return [t for t in ticks if t == 0 or round(np.log10(abs(t))) % step == 0]
