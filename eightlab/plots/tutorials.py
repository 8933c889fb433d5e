"""The charts of the tutorials 01-04, one function each, so the notebooks stay thin.

* :func:`depth_distribution` (01): boards at each optimal distance, one panel per goal.
* :func:`bfs_layers` (02): the layers of a breadth-first search from one board.
* :func:`iteration_bars` (03): nodes per depth-first pass of IDA* or IDDFS, from
  :attr:`eightlab.result.SearchStats.per_iteration`.
* :func:`goal_side_errors` (04): how often a goal-side BFS answers Eight II wrongly.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from eightlab.plots.style import PALETTE, integer_ticks, legend_outside


def depth_distribution(distributions):
    """Boards at each optimal distance from a goal, one panel per goal, log y axis.

    Parameters
    ----------
    distributions : pandas.DataFrame
        Index: distance in moves; one column per goal (its name), values: boards at
        that distance (:func:`eightlab.statespace.depth_distribution`).

    Returns
    -------
    matplotlib.figure.Figure
        Log scale, so that the rare hardest boards (a handful at 31 moves) show beside
        the tens of thousands in the middle; each panel's title gives the boards and
        the largest distance.
    """
    columns = list(distributions.columns)
    fig, axes = plt.subplots(
        1, len(columns), figsize=(5.5 * len(columns), 3.6), sharey=True, squeeze=False,
        layout="constrained",
    )  # fmt: skip
    for ax, column in zip(axes[0], columns, strict=True):
        counts = distributions[column]
        counts = counts[counts > 0]
        ax.bar(counts.index, counts.to_numpy(), width=0.85, color=PALETTE[0])
        ax.set_yscale("log")
        hardest = int(counts.index.max())
        ax.annotate(
            f"{int(counts[hardest])}", (hardest, counts[hardest]), xytext=(0, 3),
            textcoords="offset points", ha="center", fontsize=8,
        )  # fmt: skip
        ax.set_title(f"goal {column}: {int(counts.sum()):,} boards, hardest {hardest} moves")
        ax.set_xlabel("optimal solution length (moves)")
        integer_ticks(ax, "x")
    axes[0][0].set_ylabel("boards (log scale)")
    fig.suptitle("Most boards lie near the middle distance; the hardest are a handful")
    return fig


def bfs_layers(layers, goal_depth: int, start=None):
    """The layers of a breadth-first search from ``start``: boards first reached per depth.

    Parameters
    ----------
    layers : sequence of int
        Boards first reached at each depth (``statespace.depth_distribution(start)``).
    goal_depth : int
        Depth of the goal: BFS stops in that layer.
    start : Board or str, optional
        For the title.

    Returns
    -------
    matplotlib.figure.Figure
        Bars of every layer (grey) and of those BFS reaches (coloured), the running
        total (black line), the goal's depth (dashed), on a log scale.
    """
    layers = np.asarray(layers)
    depth = np.arange(len(layers))
    fig, ax = plt.subplots(figsize=(7, 3.4))
    ax.bar(depth, layers, width=0.85, color="0.78", label="boards first reached at depth")
    ax.bar(
        depth[: goal_depth + 1], layers[: goal_depth + 1], width=0.85, color=PALETTE[0],
        label="layers BFS reaches before the goal",
    )  # fmt: skip
    ax.plot(depth, np.cumsum(layers), color="k", linewidth=1, label="boards within depth")
    ax.axvline(goal_depth, color=PALETTE[3], linestyle="--", linewidth=1, label="depth of the goal")
    ax.set_yscale("log")
    ax.set_xlabel("depth from the start board (moves)")
    integer_ticks(ax, "x")
    ax.set_ylabel("boards (log scale)")
    name = f" from {start}" if start is not None else ""
    ax.set_title(f"BFS layers{name}: they grow geometrically up to the goal at depth {goal_depth}")
    legend_outside(ax)
    return fig


def iteration_bars(per_iteration, title: str | None = None):
    """Nodes expanded and generated in each depth-first pass of an iterative search.

    Parameters
    ----------
    per_iteration : list of dict or pandas.DataFrame
        :attr:`eightlab.result.SearchStats.per_iteration`: ``iteration``,
        ``threshold``, ``expanded``, ``generated`` of each pass alone.
    title : str, optional
        Default: the growth factor of the expansions from pass to pass.

    Returns
    -------
    matplotlib.figure.Figure
        Bars per threshold, log scale, generated beside expanded.

    Raises
    ------
    ValueError
        If there is no pass.
    """
    import pandas as pd

    rows = pd.DataFrame(
        list(per_iteration) if not isinstance(per_iteration, pd.DataFrame) else per_iteration
    )
    if rows.empty:
        raise ValueError("no pass to draw: per_iteration is empty")
    x = np.arange(len(rows))
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    expanded = rows["expanded"].astype(float).clip(lower=0.8)
    generated = rows["generated"].astype(float).clip(lower=0.8)
    ax.bar(x - 0.2, expanded, width=0.4, color=PALETTE[0], label="expanded")
    ax.bar(x + 0.2, generated, width=0.4, color=PALETTE[1], label="generated")
    ax.set_xticks(x, [f"{t:g}" for t in rows["threshold"]])
    ax.set_yscale("log")
    ax.set_xlabel("threshold of the pass (bound on f = g + h, moves)")
    ax.set_ylabel("nodes in the pass (log scale)")
    if title is None:
        done = rows["expanded"].astype(float)
        ratios = (done[1:].to_numpy() / np.maximum(done[:-1].to_numpy(), 1))[:-1]
        if len(ratios):
            title = f"each pass expands about {np.median(ratios):.1f}x the nodes of the one before"
        else:
            title = f"{len(rows)} pass(es)"
    ax.set_title(title)
    legend_outside(ax, title="nodes in that pass alone")
    return fig


def goal_side_errors(by_depth):
    """Share of boards a goal-side BFS answers wrongly in Eight II, by optimal length.

    Parameters
    ----------
    by_depth : pandas.DataFrame
        Index: optimal length; columns ``wrong`` (boards) and ``boards``.

    Returns
    -------
    matplotlib.figure.Figure
        One bar per length, labelled ``wrong/boards``; the axis ends at 100%.
    """
    share = 100.0 * by_depth["wrong"].astype(float) / by_depth["boards"].astype(float)
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    labels = [f"{d:g}" for d in by_depth.index]
    ax.bar(labels, share, color=PALETTE[3])
    for k, (wrong, boards) in enumerate(zip(by_depth["wrong"], by_depth["boards"], strict=True)):
        ax.annotate(
            f"{int(wrong)}/{int(boards)}", (k, share.iloc[k]), xytext=(0, 3),
            textcoords="offset points", ha="center", fontsize=8,
        )  # fmt: skip
    ax.set_ylim(0, 105)
    ax.set_xlabel("optimal length (moves)")
    ax.set_ylabel("boards answered wrongly (%)")
    ax.set_title("BFS from the goal, read backwards: wrong more often on deeper boards")
    return fig
