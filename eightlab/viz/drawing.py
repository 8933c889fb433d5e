"""Pictures of boards, strips of boards and state spaces (matplotlib).

* :func:`draw_board`, :func:`draw_boards`, :func:`draw_path`: boards as grids of square
  tiles with their numbers, the blank left empty.
* :func:`draw_state_space`: the graph of :func:`eightlab.viz.graphs.state_space_graph`,
  coloured by distance to the goal, with a colour legend.
* :func:`draw_search_tree` (from :mod:`eightlab.viz.trees`, re-exported): the tree of
  :func:`eightlab.viz.graphs.search_tree` with fixed-size nodes, ids, g, h and f.

The graph builders and layouts live in :mod:`eightlab.viz.graphs` (no matplotlib) and are
re-exported here, one import for a notebook that draws; animations (GIF) and the
step-through are in :mod:`eightlab.viz.stepper`. Figures are returned, never shown or
saved; save them with :func:`eightlab.viz.plots.save_figure`. One board is drawn by
:mod:`eightlab.viz.boards` (re-exported here: :func:`draw_board`, the colours).
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.patches import Patch, Rectangle

from eightlab.puzzle.board import as_board
from eightlab.viz.boards import (  # noqa: F401  (the names notebooks import from here)
    BLANK_COLOR,
    FRAME_COLOR,
    HIGHLIGHT_COLOR,
    PATH_COLOR,
    TEXT_COLOR,
    TILE_COLOR,
    draw_board,
    fit_limits,
    moved_tile,
)
from eightlab.viz.graphs import (  # noqa: F401  (re-exported: one import for a notebook)
    GRAPH_LEVEL,
    RING_SPACING,
    TREE_LEVEL,
    layers_by_depth,
    mark_path,
    search_tree,
    state_space_graph,
    state_space_layout,
    tree_layout,
)
from eightlab.viz.trees import draw_search_tree, frontier_lines, tree_figsize  # noqa: F401


# --------------------------------------------------------------------------- boards
def draw_boards(
    boards, titles=None, ncols: int | None = None, size: float = 1.6, title: str | None = None
):
    """Draw several boards side by side on one figure, in rows of ``ncols``.

    Parameters
    ----------
    boards : sequence of Board or str
        The boards.
    titles : sequence of str, optional
        One title per board; by default each board's digits.
    ncols : int, optional
        Boards per row; by default all on one row (at most 8).
    size : float
        Width and height of each board, in inches.
    title : str, optional
        A title above all the boards.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        If ``boards`` is empty or ``titles`` has a different length.
    """
    boards = [as_board(b) for b in boards]
    if not boards:
        raise ValueError("draw_boards needs at least one board")
    if titles is None:
        titles = [str(b) for b in boards]
    titles = list(titles)
    if len(titles) != len(boards):
        raise ValueError(f"{len(titles)} titles for {len(boards)} boards")
    ncols = min(len(boards), 8) if ncols is None else max(1, ncols)
    fig, axes = _board_grid(len(boards), ncols, size, title)
    for ax, board, label in zip(axes.flat, boards, titles, strict=False):
        draw_board(board, ax=ax, title=label)
    _finish(fig, title)
    return fig


def _board_grid(count: int, ncols: int, size: float, title: str | None):
    """A figure with ``count`` board axes in rows of ``ncols`` (extra axes hidden)."""
    nrows = -(-count // ncols)
    fig, axes = plt.subplots(
        nrows, ncols, figsize=(size * ncols, (size + 0.3) * nrows), squeeze=False
    )
    for ax in axes.flat:
        ax.set_axis_off()
    return fig, axes


def _finish(fig, title: str | None) -> None:
    """Tight layout, then a figure title just above the highest board."""
    fig.tight_layout()
    if title is None:
        return
    renderer = fig.canvas.get_renderer()
    top = max(ax.get_tightbbox(renderer).y1 for ax in fig.axes if ax.patches)
    fig.suptitle(title, y=top / fig.bbox.height + 0.02, va="bottom")


def draw_path(
    board, path: str, ncols: int | None = None, size: float = 1.4, title: str | None = None
):
    """Draw a strip of boards: the start and the board after each move of ``path``.

    Each board after the first is titled with the move that led to it, and the tile
    that slid is highlighted.

    Parameters
    ----------
    board : Board or str
        The start.
    path : str
        Moves of the blank (letters d, l, r, u).
    ncols : int, optional
        Boards per row; by default all on one row.
    size : float
        Width and height of each board, in inches.
    title : str, optional
        A title above the strip.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    IllegalMoveError
        If a move of ``path`` takes the blank off the board.
    """
    board = as_board(board)
    boards, titles, marks = [board], ["start"], [None]
    for i, move in enumerate(path, start=1):
        marks.append(moved_tile(boards[-1], move))
        boards.append(boards[-1].apply(move))
        titles.append(f"{i}: {move}")
    ncols = len(boards) if ncols is None else max(1, ncols)
    fig, axes = _board_grid(len(boards), ncols, size, title)
    for ax, b, label, mark in zip(axes.flat, boards, titles, marks, strict=False):
        draw_board(b, ax=ax, highlight=mark, title=label)
    _finish(fig, title)
    return fig


# ----------------------------------------------------------------- state space
def _node_width(pos: dict, graph: nx.Graph, layout: str) -> float:
    """Width of a node's mini board, in data units, so that neighbours do not overlap."""
    if layout == "layered":
        return 0.62
    layers = layers_by_depth(dict(graph.nodes(data="depth")))
    gaps = [1.0] + [
        2 * math.pi * RING_SPACING * d / len(layer) for d, layer in enumerate(layers) if d
    ]
    if layout == "radial":
        return min(0.62, 0.62 * min(gaps))
    xs = [x for x, _ in pos.values()]
    spread = max(xs) - min(xs)
    return 0.5 * spread / max(4.0, 2 * math.sqrt(len(pos))) if spread else 0.62


def _draw_mini_boards(ax, pos: dict, boards: dict, width: float, highlight=None):
    """Draw a small board centred on each position, ``width`` in data units."""
    highlight = highlight or {}
    for node, (x, y) in pos.items():
        inset = ax.inset_axes(
            [x - width / 2, y - width / 2, width, width], transform=ax.transData, zorder=3
        )
        draw_board(boards[node], ax=inset, highlight=highlight.get(node))


def draw_state_space(
    graph: nx.Graph,
    ax=None,
    layout: str = "layered",
    boards: bool = True,
    edge_labels: bool = True,
    cmap: str = "viridis",
):
    """Draw a graph from :func:`state_space_graph`, coloured by distance to the goal.

    Parameters
    ----------
    graph : networkx.Graph
        Nodes are boards with a ``depth`` attribute; edges carry ``move``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure sized to the graph when omitted.
    layout : {"layered", "radial", "spring"}
        See :func:`state_space_layout`.
    boards : bool
        Draw each node as a small board (best up to ~40 nodes); else as a dot coloured
        by depth, labelled with the board's digits.
    edge_labels : bool
        Write the blank's move (from the endpoint nearer the goal) on each edge.
    cmap : str
        Matplotlib colormap of the depths.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        For an unknown layout.
    """
    pos = state_space_layout(graph, layout)
    if ax is None:
        widest = max(len(layer) for layer in layers_by_depth(dict(graph.nodes(data="depth"))))
        depths = 1 + max(d for _, d in graph.nodes(data="depth"))
        if layout == "layered":
            figsize = (max(4.0, widest + 0.5), max(2.5, GRAPH_LEVEL * (depths - 1) + 1.3))
        else:
            side = min(10.0, 1.5 + 1.8 * depths)
            figsize = (side, side)
        _, ax = plt.subplots(figsize=figsize)
    depth = dict(graph.nodes(data="depth"))
    top = max(depth.values()) or 1
    colormap = plt.get_cmap(cmap)
    nx.draw_networkx_edges(graph, pos, ax=ax, edge_color="#999999", width=1.2)
    if edge_labels:
        labels = {(u, v): m for u, v, m in graph.edges(data="move")}
        nx.draw_networkx_edge_labels(
            graph, pos, edge_labels=labels, ax=ax, font_size=7, rotate=False,
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"},
        )  # fmt: skip
    if boards:
        width = _node_width(pos, graph, layout)
        fit_limits(ax, pos, width, width)
        for node, (x, y) in pos.items():
            ring = width * 0.62
            ax.add_patch(
                Rectangle(
                    (x - ring, y - ring), 2 * ring, 2 * ring, zorder=2,
                    facecolor=colormap(depth[node] / top), edgecolor="none", alpha=0.55,
                )
            )  # fmt: skip
        _draw_mini_boards(ax, pos, {n: n for n in graph.nodes}, width)
    else:
        colors = [colormap(depth[n] / top) for n in graph.nodes]
        nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=colors, node_size=260)
        nx.draw_networkx_labels(
            graph, pos, labels={n: str(n) for n in graph.nodes}, ax=ax, font_size=6
        )
    ax.set_axis_off()
    ax.set_aspect("equal")
    handles = [
        Patch(facecolor=colormap(d / top), alpha=0.55 if boards else 1.0, label=f"{d}")
        for d in sorted(set(depth.values()))
    ]
    ax.legend(
        handles=handles, title="moves from\nthe goal", loc="upper left",
        bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=8, title_fontsize=8,
    )  # fmt: skip
    return ax


__all__ = [
    "draw_board",
    "draw_boards",
    "draw_path",
    "draw_search_tree",
    "draw_state_space",
    "frontier_lines",
    "mark_path",
    "search_tree",
    "state_space_graph",
    "state_space_layout",
    "tree_figsize",
    "tree_layout",
]
