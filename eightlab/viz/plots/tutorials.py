"""The charts of the tutorials 01-05, one function each, so the notebooks stay thin.

* :func:`depth_distribution` (01): boards at each optimal distance, one panel per goal.
* :func:`bfs_layers` (02): the layers of a breadth-first search from one board.
* :func:`iteration_bars` (03b): nodes per depth-first pass of IDA* or IDDFS, from
  :attr:`eightlab.search.result.SearchStats.per_iteration`.
* :func:`hold_last_frame` (03b): an animated GIF that pauses on its solved board.
* :func:`goal_side_errors` (04): how often a goal-side BFS answers Eight II wrongly.
* :func:`two_paths` (04): two paths from one board, where they part marked.
* :func:`partitions` (05): the tile groups of pattern-database partitions.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from eightlab.viz.plots.style import (
    PALETTE,
    STYLES,
    current_style,
    figure_size,
    fit_text,
    integer_ticks,
    legend_outside,
    small_text,
)


def depth_distribution(distributions):
    """Boards at each optimal distance from a goal, one panel per goal, log y axis.

    Parameters
    ----------
    distributions : pandas.DataFrame
        Index: distance in moves; one column per goal (its name), values: boards at
        that distance (:func:`eightlab.puzzle.statespace.depth_distribution`).

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
            textcoords="offset points", ha="center", fontsize=small_text(),
        )  # fmt: skip
        title = f"goal {column}: {int(counts.sum()):,} boards, hardest {hardest} moves"
        ax.set_title(fit_text(title, 5.5))
        ax.set_xlabel("optimal solution length (moves)")
        integer_ticks(ax, "x")
    axes[0][0].set_ylabel("boards (log scale)")
    first = distributions[columns[0]]
    mean = float((first.index * first).sum() / first.sum())
    near = float(first[np.abs(first.index - mean) <= 4].sum() / first.sum())
    fig.suptitle(fit_text(
        f"{near:.0%} of the boards lie within 4 moves of the mean distance ({mean:.1f}) "
        f"to {columns[0]}; {int(first[first > 0].iloc[-1])} need the most",
        fig.get_figwidth(), plt.rcParams["figure.titlesize"],
    ))  # fmt: skip
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
    reached = layers[: goal_depth + 1].astype(float)
    growth = reached[1:] / np.maximum(reached[:-1], 1)
    rate = f"{np.median(growth):.2f}x per move (median)" if len(growth) else "one layer"
    ax.set_title(f"BFS layers{name}: they grow {rate} up to the goal at depth {goal_depth}")
    legend_outside(ax)
    return fig


def iteration_bars(per_iteration, title: str | None = None, subject: str | None = None):
    """Nodes expanded and generated in each depth-first pass of an iterative search.

    Parameters
    ----------
    per_iteration : list of dict or pandas.DataFrame
        :attr:`eightlab.search.result.SearchStats.per_iteration`: ``iteration``,
        ``threshold``, ``expanded``, ``generated`` of each pass alone.
    title : str, optional
        Default: the growth factor of the expansions from pass to pass.
    subject : str, optional
        What searched (e.g. ``"IDA* (manhattan) on 412583076"``), put before the title.

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
    fig, ax = plt.subplots(figsize=figure_size(height=0.53))
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
    if subject:
        title = f"{subject}: {title}"
    ax.set_title(fit_text(title, fig.get_figwidth() * ax.get_position().width))
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
    fig, ax = plt.subplots(figsize=figure_size(height=0.45))
    labels = [f"{d:g}" for d in by_depth.index]
    ax.bar(labels, share, color=PALETTE[3])
    for k, (wrong, boards) in enumerate(zip(by_depth["wrong"], by_depth["boards"], strict=True)):
        ax.annotate(
            f"{int(wrong)}/{int(boards)}", (k, share.iloc[k]), xytext=(0, 3),
            textcoords="offset points", ha="center", fontsize=small_text(),
        )  # fmt: skip
    ax.set_ylim(0, 105)
    ax.set_xlabel("optimal length (moves)")
    ax.set_ylabel("boards answered wrongly (%)")
    wrong, boards = int(by_depth["wrong"].sum()), int(by_depth["boards"].sum())
    deepest = share.index.max()
    ax.set_title(fit_text(
        f"BFS from the goal, read backwards: wrong on {wrong} of {boards} boards, "
        f"{share[deepest]:.0f}% at {deepest:g} moves", fig.get_figwidth() - 1.0,
    ))  # fmt: skip
    return fig


def hold_last_frame(gif, seconds: float = 2.5):
    """Rewrite an animated GIF so that its last frame stays ``seconds`` before it loops.

    Parameters
    ----------
    gif : str or Path
        A GIF written by :func:`eightlab.viz.stepper.save_gif`; rewritten in place
        (atomically).
    seconds : float
        How long the last frame (the solved board) is shown.

    Returns
    -------
    Path
        ``gif``.
    """
    from pathlib import Path

    from PIL import Image, ImageSequence

    from eightlab.files import atomic_path

    gif = Path(gif)
    with Image.open(gif) as image:
        frames = [frame.copy() for frame in ImageSequence.Iterator(image)]
        durations = [frame.info.get("duration", 500) for frame in frames]
        loop = image.info.get("loop", 0)
    durations[-1] = int(round(1000 * seconds))
    with atomic_path(gif, suffix=".gif") as temporary:
        frames[0].save(
            temporary, format="GIF", save_all=True, append_images=frames[1:],
            duration=durations, loop=loop, disposal=1,
        )  # fmt: skip
    return gif


def partitions(partitions_by_name, cols: int = 4, blank_cell: int = 0):
    """The tile groups of pattern-database partitions, one board per partition.

    Parameters
    ----------
    partitions_by_name : dict
        Name -> tuple of groups, each a tuple of tiles (the goal cell of tile t is t,
        as in Korf's goal with the blank on cell 0), e.g.
        :data:`eightlab.heuristics.pdb.additive.PARTITIONS`.
    cols : int
        Width of the board (4 for the 15-puzzle).
    blank_cell : int
        The blank's goal cell: drawn white and labelled "blank", in no group.

    Returns
    -------
    matplotlib.figure.Figure
        Group k has colour ``PALETTE[k]`` in every panel; each cell shows its tile.
    """
    from matplotlib.patches import Patch, Rectangle

    names = list(partitions_by_name)
    if not names:
        raise ValueError("no partition to draw")
    fig, axes = plt.subplots(
        1, len(names), figsize=(2.6 * len(names), 3.1), squeeze=False, layout="constrained"
    )
    largest = 0
    for ax, name in zip(axes[0], names, strict=True):
        groups = partitions_by_name[name]
        largest = max(largest, len(groups))
        group_of = {tile: k for k, group in enumerate(groups) for tile in group}
        for cell in range(cols * cols):
            r, c = divmod(cell, cols)
            y = cols - 1 - r
            if cell == blank_cell:
                ax.add_patch(Rectangle((c, y), 1, 1, facecolor="white", edgecolor="0.3"))
                ax.text(c + 0.5, y + 0.5, "blank", ha="center", va="center", fontsize=small_text(),
                        color="0.3")  # fmt: skip
                continue
            colour = PALETTE[group_of[cell] % len(PALETTE)] if cell in group_of else "0.85"
            ax.add_patch(Rectangle((c, y), 1, 1, facecolor=colour, edgecolor="white", lw=2))
            ax.text(c + 0.5, y + 0.5, str(cell), ha="center", va="center", fontsize=12,
                    color="white" if cell in group_of else "black", fontweight="bold")  # fmt: skip
        ax.set_xlim(0, cols), ax.set_ylim(0, cols)
        ax.set_aspect("equal")
        ax.set_axis_off()
        ax.set_title(f"{name}:\n{' + '.join(str(len(g)) for g in groups)} tiles")
    handles = [
        Patch(color=PALETTE[k % len(PALETTE)], label=f"group {k + 1}") for k in range(largest)
    ]
    fig.legend(handles=handles, loc="outside lower center", ncols=largest, frameon=False)
    return fig


def two_paths(start, first: str, second: str, labels=("first", "second"), size: float = 1.05):
    """Two paths from one board, one strip each, the first move where they differ marked.

    Parameters
    ----------
    start : Board or str
        The common start.
    first, second : str
        Moves of the blank; they may have different lengths.
    labels : pair of str
        The name of each strip (drawn left of it).
    size : float
        Width of each board, in inches.

    Returns
    -------
    matplotlib.figure.Figure
        Each board after the start is titled with its move, the tile that slid is
        highlighted, and the boards after the first differing move are framed (dashed)
        in both strips; the figure title says which move that is.
    """
    from matplotlib.patches import Rectangle

    from eightlab.puzzle.board import as_board
    from eightlab.viz.drawing import draw_board

    start = as_board(start)
    differ = next(
        (k for k, (a, b) in enumerate(zip(first, second, strict=False)) if a != b),
        min(len(first), len(second)),
    )
    width = max(len(first), len(second)) + 1
    fig, axes = plt.subplots(2, width, figsize=(size * width + 1.2, 2 * size + 1.2), squeeze=False)
    for row, (path, label) in enumerate(zip((first, second), labels, strict=True)):
        board = start
        for k in range(width):
            ax = axes[row][k]
            ax.set_axis_off()
            if k > len(path):
                continue
            if k == 0:
                draw_board(board, ax=ax, title="start")
            else:
                move = path[k - 1]
                after = board.apply(move)
                draw_board(after, ax=ax, highlight=board.tiles[after.blank], title=f"{k}: {move}")
                board = after
            if k == differ + 1:
                ax.add_patch(Rectangle(
                    (-0.12, -0.12), start.cols + 0.24, start.rows + 0.24, fill=False,
                    edgecolor="black", linewidth=3, linestyle="--", clip_on=False,
                ))  # fmt: skip
        axes[row][0].text(-0.25, 0.5, label, transform=axes[row][0].transAxes, rotation=90,
                          ha="right", va="center", fontsize=10)  # fmt: skip
    if differ < min(len(first), len(second)):
        common = f", after {differ} moves in common" if differ else ""
        title = (
            f"the paths part at move {differ + 1}: {first[differ]} against {second[differ]}{common}"
        )
    else:
        title = "the paths do not part"
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def state_space(graph, layout: str = "layered", title: str | None = None, scale: float = 1.4):
    """:func:`eightlab.viz.drawing.draw_state_space`, larger, with digits that can be read.

    Parameters
    ----------
    graph : networkx.Graph
        From :func:`eightlab.viz.graphs.state_space_graph`.
    layout : {"layered", "radial", "spring"}
        As for :func:`eightlab.viz.drawing.draw_state_space`.
    title : str, optional
        The axes' title.
    scale : float
        Factor on the figure's size; the tiles' digits and the move letters grow with
        it, and a little more, so that they stay readable at the figure's width.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from eightlab.viz.drawing import draw_state_space

    ax = draw_state_space(graph, layout=layout)
    fig = ax.figure
    width, height = fig.get_size_inches()
    frame = STYLES[current_style()]["max"]  # a slide's frame: the whole picture within it
    if frame:
        scale = min(scale, frame[0] / width, frame[1] / height)
    fig.set_size_inches(width * scale, height * scale)
    for inset in ax.child_axes:
        for text in inset.texts:
            text.set_fontsize(text.get_fontsize() * scale * 1.35)
    for text in ax.texts:  # the move letters on the edges
        text.set_fontsize(max(text.get_fontsize() * scale * 1.2, small_text()))
    legend = ax.get_legend()
    if legend is not None:
        for text in [*legend.get_texts(), legend.get_title()]:
            text.set_fontsize(max(text.get_fontsize() * scale, small_text()))
    if title:
        ax.set_title(title, fontsize=plt.rcParams["axes.titlesize"])
    return fig
