"""Charts of one search on named instances (Korf's 100): nodes per instance, seconds per node.

They read the ``runs`` table of the korf100 notebook (columns ``instance``,
``heuristic``, ``generated``, ``seconds``, ``status``: one IDA* run per instance and
heuristic). The colour says the algorithm (IDA*, or the table's ``algorithm`` column),
the marker and the line style the heuristic (:mod:`eightlab.viz.plots.encoding`).
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from eightlab.search import run_label
from eightlab.viz.plots.encoding import series_style
from eightlab.viz.plots.style import (
    current_style,
    figure_size,
    fit_text,
    integer_ticks,
    legend_outside,
)

#: Instances up to which the x axis names each instance; beyond it shows ranks.
NAMED_INSTANCES = 20


def _algorithm(runs) -> str:
    """The search of the table: its one ``algorithm``, IDA* when it has no such column."""
    algorithms = set(runs["algorithm"]) if "algorithm" in runs else {"idastar"}
    return algorithms.pop() if len(algorithms) == 1 else ""


def _style(runs, name: str) -> dict:
    """The search's colour, ``name``'s line and marker, and the label that says both."""
    algorithm = _algorithm(runs)
    label = run_label(algorithm, name) if algorithm else name
    return {**series_style(algorithm, name), "label": label}


def _solved(runs):
    solved = runs[runs["status"] == "solved"]
    if solved.empty:
        raise ValueError("no solved run to draw")
    return solved


def nodes_per_instance(runs, order_by: str | None = None):
    """Nodes generated on each instance, one line per heuristic, instances sorted.

    Parameters
    ----------
    runs : pandas.DataFrame
        Columns ``instance``, ``heuristic``, ``generated``, ``status``.
    order_by : str, optional
        The heuristic whose nodes order the instances (default: ``manhattan`` when
        present, else the first heuristic).

    Returns
    -------
    matplotlib.figure.Figure
        Log y axis. Up to :data:`NAMED_INSTANCES` instances the x axis names them; more
        are shown by rank (1 = the fewest nodes for ``order_by``), so that labels never
        overlap. The title gives the median ratio of ``order_by``'s nodes to the
        heuristic that needs fewest, over the instances both solved.

    Raises
    ------
    ValueError
        If no run was solved.
    """
    solved = _solved(runs)
    heuristics = list(dict.fromkeys(solved["heuristic"]))
    order_by = order_by or ("manhattan" if "manhattan" in heuristics else heuristics[0])
    nodes = solved.pivot_table(index="instance", columns="heuristic", values="generated")
    nodes = nodes.sort_values(order_by) if order_by in nodes else nodes
    fig, ax = plt.subplots(figsize=figure_size("wide", height=0.42), layout="constrained")
    x = np.arange(1, len(nodes) + 1)
    for h in heuristics:
        ax.plot(x, nodes[h].to_numpy(dtype=float), **_style(runs, h))
    ax.set_yscale("log")
    if len(nodes) <= NAMED_INSTANCES:
        ax.set_xticks(x, [str(i) for i in nodes.index])
        ax.set_xlabel(f"Korf instance (ordered by {order_by}'s nodes)")
    else:
        integer_ticks(ax, "x")
        ax.set_xlim(0, len(nodes) + 1)
        ax.set_xlabel(f"{len(nodes)} Korf instances ranked by {order_by}'s nodes (1 = fewest)")
    ax.set_ylabel("nodes generated (log scale)")
    ax.set_title(fit_text(_nodes_finding(nodes, order_by), fig.get_figwidth() * 0.8))
    legend_outside(ax)
    return fig


def _nodes_finding(nodes, reference: str) -> str:
    others = [h for h in nodes.columns if h != reference]
    if reference not in nodes or not others:
        column = nodes[reference] if reference in nodes else nodes.iloc[:, 0]
        return (
            f"{column.name}: {column.min():,.0f} to {column.max():,.0f} nodes per instance "
            f"over {column.notna().sum()} instances"
        )
    ratios = {h: float(np.nanmedian(nodes[reference] / nodes[h])) for h in others}
    best = max(ratios, key=ratios.get)
    return (
        f"{best} generates a median {ratios[best]:,.0f}x fewer nodes than {reference} per instance"
        if ratios[best] >= 1
        else f"{reference} generates the fewest nodes; {best} a median {1 / ratios[best]:,.1f}x more"
    )


def seconds_vs_nodes(runs):
    """Seconds of each run against its nodes generated, log-log, one colour per heuristic.

    On log-log axes every line of constant cost per node has slope 1; the cost per node
    is its height. Each heuristic's cost (its seconds over its nodes, summed over its
    solved runs) is drawn as a dotted line of slope 1 through its points.

    Parameters
    ----------
    runs : pandas.DataFrame
        Columns ``heuristic``, ``generated``, ``seconds``, ``status``.

    Returns
    -------
    matplotlib.figure.Figure
        The title gives each heuristic's cost per node in nanoseconds and which costs most.

    Raises
    ------
    ValueError
        If no run was solved.
    """
    solved = _solved(runs)
    solved = solved[(solved["generated"] > 0) & (solved["seconds"] > 0)]
    if solved.empty:
        raise ValueError("no solved run with nodes and seconds to draw")
    heuristics = list(dict.fromkeys(solved["heuristic"]))
    width, height = figure_size()
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    cost = {}
    for h in heuristics:
        part = solved[solved["heuristic"] == h]
        style = _style(runs, h)
        nodes, seconds = part["generated"].astype(float), part["seconds"].astype(float)
        ax.scatter(
            nodes, seconds, label=style["label"], color=style["color"], marker=style["marker"]
        )
        cost[h] = float(seconds.sum() / nodes.sum())
        span = np.array([nodes.min() / 2, nodes.max() * 2])
        ax.plot(span, cost[h] * span, linestyle=":", color=style["color"], linewidth=1.2)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("nodes generated (log scale)")
    ax.set_ylabel("seconds (log scale)")
    ax.set_title(
        fit_text(_cost_finding(cost), width * (0.95 if current_style() == "paper" else 0.75))
    )
    legend_outside(ax, title="dotted: the mean\nseconds per node")
    return fig


def _cost_finding(cost: dict) -> str:
    each = ", ".join(f"{h} {1e9 * c:,.0f} ns" for h, c in cost.items())
    if len(cost) < 2:
        return f"seconds per node: {each}"
    dear, cheap = max(cost, key=cost.get), min(cost, key=cost.get)
    return (
        f"seconds per node: {each}; {dear} sits highest ({cost[dear] / cost[cheap]:,.0f}x {cheap})"
    )
