"""Pictures of boards, state spaces and search trees (matplotlib).

* :func:`draw_board`, :func:`draw_boards`, :func:`draw_path`: boards as grids of square
  tiles with their numbers, the blank left empty.
* :func:`draw_state_space`: the graph of :func:`eightlab.trees.state_space_graph`,
  coloured by distance to the goal, with a colour legend.
* :func:`draw_search_tree`: the tree of :func:`eightlab.trees.search_tree`, in layers
  by depth, with g, h and f under each node, the expansion order, the frontier, and the
  solution path highlighted.

The graph builders and layouts live in :mod:`eightlab.trees` (no matplotlib) and are
re-exported here for old notebooks; animations (GIF) and the step-through are in
:mod:`eightlab.stepper`. Figures are returned, never shown or saved; save them with
:func:`eightlab.plots.save_figure`. The module runs past 400 lines because its three
kinds of picture share the small-board helpers (``_draw_mini_boards``, ``_fit_limits``);
the builders that need no matplotlib already live in :mod:`eightlab.trees`.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.patches import Patch, Rectangle

from eightlab.board import Board, as_board
from eightlab.trees import (  # noqa: F401  (re-exported for old notebooks)
    GRAPH_LEVEL,
    RING_SPACING,
    TREE_LEVEL,
    _layers,
    mark_path,
    search_tree,
    state_space_graph,
    state_space_layout,
    tree_layout,
)

#: Colours of a tile, a highlighted tile, the blank cell, the frame and the numbers.
TILE_COLOR = "#f3e3c3"
HIGHLIGHT_COLOR = "#f4a259"
BLANK_COLOR = "#ffffff"
FRAME_COLOR = "#5b4a3a"
TEXT_COLOR = "#2b2118"
#: Colour of the solution path in search trees.
PATH_COLOR = "#c0392b"


# --------------------------------------------------------------------------- boards
def _as_tile_set(highlight) -> frozenset:
    if highlight is None:
        return frozenset()
    if isinstance(highlight, int):
        return frozenset({highlight})
    return frozenset(int(t) for t in highlight)


def draw_board(board, ax=None, highlight=None, title: str | None = None, fontsize=None):
    """Draw a board: a square per tile with its number, the blank cell left empty.

    Parameters
    ----------
    board : Board or str
        The board, in any notation :meth:`Board.parse` reads.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new 2 x 2 inch figure when omitted.
    highlight : int or iterable of int, optional
        Tiles (numbers, not cells) to fill in the highlight colour, e.g. the tile that
        just slid.
    title : str, optional
        Title above the board.
    fontsize : float, optional
        Size of the numbers in points; by default scaled to the axes' size.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on (its figure is ``ax.figure``).

    Raises
    ------
    BoardError
        If ``board`` is text that is not a board.
    """
    board = as_board(board)
    if ax is None:
        _, ax = plt.subplots(figsize=(2, 2))
    marked = _as_tile_set(highlight)
    rows, cols = board.rows, board.cols
    if fontsize is None:
        bbox = ax.get_window_extent()
        cell_points = min(bbox.width / cols, bbox.height / rows) * 72 / ax.figure.dpi
        fontsize = max(5.0, 0.45 * cell_points)
    ax.add_patch(
        Rectangle((0, 0), cols, rows, facecolor=BLANK_COLOR, edgecolor=FRAME_COLOR, linewidth=1.5)
    )
    for p, tile in enumerate(board.tiles):
        if tile == 0:
            continue
        r, c = divmod(p, cols)
        y = rows - 1 - r
        color = HIGHLIGHT_COLOR if tile in marked else TILE_COLOR
        ax.add_patch(
            Rectangle(
                (c + 0.05, y + 0.05), 0.9, 0.9, facecolor=color, edgecolor=FRAME_COLOR, linewidth=1
            )
        )
        ax.text(
            c + 0.5, y + 0.5, str(tile), ha="center", va="center",
            fontsize=fontsize, color=TEXT_COLOR, fontweight="bold",
        )  # fmt: skip
    ax.set_xlim(-0.05, cols + 0.05)
    ax.set_ylim(-0.05, rows + 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title is not None:
        ax.set_title(title, fontsize=9)
    return ax


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


def _moved_tile(board: Board, move: str) -> int:
    """The tile that slides when the blank makes ``move`` on ``board``."""
    after = board.apply(move)
    return after.tiles[board.blank]


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
        marks.append(_moved_tile(boards[-1], move))
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
    layers = _layers(dict(graph.nodes(data="depth")))
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


def _fit_limits(ax, pos: dict, margin_x: float, margin_y: float) -> None:
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    ax.set_xlim(min(xs) - margin_x, max(xs) + margin_x)
    ax.set_ylim(min(ys) - margin_y, max(ys) + margin_y)


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
        widest = max(len(layer) for layer in _layers(dict(graph.nodes(data="depth"))))
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
        _fit_limits(ax, pos, width, width)
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


# ---------------------------------------------------------------- search trees
def _fmt(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def draw_search_tree(
    tree: nx.DiGraph, ax=None, path: str | None = None, boards: bool = True, labels: str = "ghf"
):
    """Draw a search tree with a layered layout, g/h/f under each node, the path in red.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`search_tree`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure sized to the tree when omitted.
    path : str, optional
        A solution to highlight (see :func:`mark_path`); by default the ``on_path``
        marks already in the tree.
    boards : bool
        Draw each node as a small board (best up to ~40 nodes); else a dot labelled
        with its expansion order.
    labels : str
        Which of ``g``, ``h``, ``f`` to write under each node (``""`` for none).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Expanded nodes are outlined in black with their expansion number above; nodes
    generated but never expanded are left on the frontier (grey outline).
    """
    if path is not None:
        mark_path(tree, path)
    pos = {n: (x, TREE_LEVEL * y) for n, (x, y) in tree_layout(tree).items()}
    leaves = 1 + max(x for x, _ in pos.values())
    height = -min(y for _, y in pos.values())
    if ax is None:
        _, ax = plt.subplots(figsize=(max(3.0, leaves + 0.4), max(2.0, height + 1.3)))
    on_path = {n for n, v in tree.nodes(data="on_path") if v}
    path_edges = [(u, v) for u, v in tree.edges if u in on_path and v in on_path]
    other_edges = [e for e in tree.edges if e not in set(path_edges)]
    nx.draw_networkx_edges(
        tree, pos, edgelist=other_edges, ax=ax, edge_color="#999999", width=1.0, arrows=False
    )
    nx.draw_networkx_edges(
        tree, pos, edgelist=path_edges, ax=ax, edge_color=PATH_COLOR, width=2.5, arrows=False
    )
    nx.draw_networkx_edge_labels(
        tree, pos, edge_labels={(u, v): m for u, v, m in tree.edges(data="move")}, ax=ax,
        font_size=7, rotate=False, bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"},
    )  # fmt: skip
    width = 0.6
    _fit_limits(ax, pos, 0.6, 0.55)
    for node, (x, y) in pos.items():
        data = tree.nodes[node]
        text = " ".join(f"{k}={_fmt(data[k])}" for k in labels if k in ("g", "h", "f"))
        if text:
            ax.text(
                x, y - width / 2 - 0.09, text, ha="center", va="top", fontsize=7, zorder=4,
                bbox={"boxstyle": "square,pad=0.1", "fc": "white", "ec": "none"},
            )  # fmt: skip
        if data["order"] is not None:
            ax.text(
                x - width / 2 - 0.07, y + width / 2 + 0.05, f"#{data['order']}",
                ha="right", va="bottom", fontsize=7,
            )  # fmt: skip
        if boards:
            edge = (
                PATH_COLOR
                if node in on_path
                else ("black" if data["order"] is not None else "#bbbbbb")
            )
            pad = 0.05
            ax.add_patch(
                Rectangle(
                    (x - width / 2 - pad, y - width / 2 - pad), width + 2 * pad, width + 2 * pad,
                    facecolor="white", edgecolor=edge, linewidth=2 if node in on_path else 1,
                    zorder=2,
                )
            )  # fmt: skip
    if boards:
        _draw_mini_boards(ax, pos, dict(tree.nodes(data="board")), width)
    else:
        colors = [PATH_COLOR if n in on_path else "#cccccc" for n in tree.nodes]
        nx.draw_networkx_nodes(tree, pos, ax=ax, node_color=colors, node_size=160)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def __getattr__(name):
    # the animations moved to eightlab.stepper; old notebooks still find them here
    if name in ("animate_solution", "animation_html", "save_gif", "gif_image"):
        from eightlab import stepper

        return getattr(stepper, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "draw_board",
    "draw_boards",
    "draw_path",
    "draw_search_tree",
    "draw_state_space",
    "mark_path",
    "search_tree",
    "state_space_graph",
    "state_space_layout",
    "tree_layout",
]
