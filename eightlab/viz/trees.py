"""Search trees and searched state spaces as pictures whose nodes keep one size.

* :func:`draw_search_tree`: the tree of :func:`eightlab.viz.graphs.search_tree` (or of an
  :class:`eightlab.viz.replay.Replay`) in layers by depth; every node is a board of fixed
  size with its id above it and g, h, f under it, so a tree of 60 nodes is as readable
  as one of 6: the figure grows instead (:func:`tree_figsize`), and a notebook or the
  explorer scrolls it. The frontier is highlighted and its entries carry the ids that
  :func:`frontier_lines` lists, the solution path is red.
* :func:`draw_search_graph`: the states a search reached as dots on rings by their
  depth from the start, the closed ones dark, the frontier orange: the frontier
  spreading over the state space, for the uninformed searches.
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.collections import LineCollection
from matplotlib.patches import Circle, Rectangle

from eightlab.viz.boards import HIGHLIGHT_COLOR, PATH_COLOR, tile_artists
from eightlab.viz.graphs import mark_path, tree_layout

#: Inches per layout unit (the distance between two leaves) with boards, and with dots.
UNIT_BOARDS = 1.0
UNIT_DOTS = 0.5
#: Width of a node's board, in layout units.
BOARD_WIDTH = 0.62
#: Vertical distance between two depths, in layout units: room for a node's id above
#: it, its two lines of g, h, f under it and the move on the edge between.
LEVEL = 1.55
#: Size of the ids, g/h/f and move labels, in points.
LABEL_SIZE = 8.0
#: Colours of an expanded node's frame, of a frontier node, of the rest.
CLOSED_COLOR = "#333333"
FRONTIER_COLOR = HIGHLIGHT_COLOR
OPEN_COLOR = "#bbbbbb"


def _fmt(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def tree_figsize(tree: nx.DiGraph, boards: bool = True) -> tuple[float, float]:
    """The (width, height) in inches at which :func:`draw_search_tree` keeps its node size."""
    return layout_figsize(tree_layout(tree), boards)


def layout_figsize(layout: dict, boards: bool = True) -> tuple[float, float]:
    """The (width, height) in inches of a tree laid out as ``layout`` (of
    :func:`~eightlab.viz.graphs.tree_layout`) at the fixed node size."""
    span = [(x, LEVEL * y) for x, y in layout.values()]
    unit = UNIT_BOARDS if boards else UNIT_DOTS
    width = 1.3 + max(x for x, _ in span) - min(x for x, _ in span)
    height = 1.45 + max(y for _, y in span) - min(y for _, y in span)
    return (max(2.5, width * unit), height * unit)


def draw_search_tree(
    tree: nx.DiGraph,
    ax=None,
    path: str | None = None,
    boards: bool = True,
    labels: str = "ghf",
    frontier=None,
    current=None,
    positions: dict | None = None,
    next_label: str = "next",
):
    """Draw a search tree in layers by depth: fixed-size nodes, ids, g/h/f, the path in red.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`eightlab.viz.graphs.search_tree` (nodes carry ``board``, ``g``, ``h``,
        ``f``, ``order``, ``on_path``; edges ``move``).
    ax : matplotlib.axes.Axes, optional
        Where to draw; by default a new figure of :func:`tree_figsize`, which keeps
        every node ``BOARD_WIDTH * UNIT_BOARDS`` inches wide whatever the tree's size.
        An axes of another size scales the tree (and not its text) to fit.
    path : str, optional
        A solution to highlight (see :func:`~eightlab.viz.graphs.mark_path`); by default the
        ``on_path`` marks already in the tree.
    boards : bool
        Nodes as small boards, or as dots with the node id (for trees of hundreds).
    labels : str
        Which of ``g``, ``h``, ``f`` to write under each node (``""`` for none).
    frontier : sequence of int, optional
        Nodes on the frontier, best first: their ids are drawn on orange and the first
        is marked "next". By default the nodes never expanded, none marked "next".
    current : int, optional
        The node just expanded, framed in orange.
    positions : dict, optional
        ``{node: (x, y)}`` from :func:`~eightlab.viz.graphs.tree_layout` of a larger tree
        holding this one (the whole search), so that a node keeps its place from step
        to step; the axes then span all of them. By default the layout of ``tree``.
    next_label : str
        The word beside the first frontier node ("goal" once the search found it).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Each node's id (its generation number, 0 the root) sits above its left corner and
    its expansion number ``#n`` above its right; expanded nodes are framed in black,
    nodes never expanded in grey.
    """
    if path is not None:
        mark_path(tree, path)
    layout = tree_layout(tree) if positions is None else positions
    span = [(x, LEVEL * y) for x, y in layout.values()]
    pos = {n: (layout[n][0], LEVEL * layout[n][1]) for n in tree.nodes}
    if ax is None:
        _, ax = plt.subplots(figsize=layout_figsize(layout, boards))
    following = frontier is not None  # a step of a search: its next node is marked
    if frontier is None:
        frontier = [n for n, o in tree.nodes(data="order") if o is None]
    frontier = list(frontier)
    waiting = set(frontier)
    on_path = {n for n, v in tree.nodes(data="on_path") if v}
    path_edges = [(u, v) for u, v in tree.edges if u in on_path and v in on_path]
    other_edges = [e for e in tree.edges if e not in set(path_edges)]
    for edges, colour, width in ((other_edges, "#999999", 1.0), (path_edges, PATH_COLOR, 2.5)):
        nx.draw_networkx_edges(tree, pos, edgelist=edges, ax=ax, edge_color=colour,
                               width=width, arrows=False)  # fmt: skip
    half = BOARD_WIDTH / 2 if boards else 0.3
    tiles = []  # drawn at the end as two collections: dozens of boards in one go
    for u, v, move in tree.edges(data="move"):
        (x0, y0), (x1, y1) = pos[u], pos[v]
        t = 0.82 / LEVEL  # in the gap under the parent's label, above the child's id
        ax.text(x0 + t * (x1 - x0), y0 + t * (y1 - y0), move, ha="center", va="center",
                fontsize=LABEL_SIZE, color="#555555", zorder=2,
                bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none"})  # fmt: skip
    for node, (x, y) in pos.items():
        data = tree.nodes[node]
        expanded = data["order"] is not None
        frame = PATH_COLOR if node in on_path else (CLOSED_COLOR if expanded else OPEN_COLOR)
        if node == current:
            frame = FRONTIER_COLOR
        lw = 3.0 if node == current else (2.0 if node in on_path else 1.2)
        if boards:
            pad = 0.05
            ax.add_patch(Rectangle((x - half - pad, y - half - pad), 2 * (half + pad),
                                   2 * (half + pad), facecolor="white", edgecolor=frame,
                                   linewidth=lw, zorder=2.5))  # fmt: skip
            tiles.append((data["board"], x, y, None))
        else:
            fill = FRONTIER_COLOR if node in waiting else ("#dddddd" if expanded else "white")
            ax.add_patch(Circle((x, y), half, facecolor=fill, edgecolor=frame, linewidth=lw,
                                zorder=2.5))  # fmt: skip
            ax.text(x, y, str(node), ha="center", va="center", fontsize=LABEL_SIZE - 1,
                    zorder=3)  # fmt: skip
        # g and h on one line, f under them (narrower than a node's pitch); dots: f only
        parts = {k: f"{k}={_fmt(data[k])}" for k in labels if k in ("g", "h", "f")}
        if not boards:
            parts = {k: v for k, v in parts.items() if k == "f"}
        text = "\n".join(
            line
            for line in (" ".join(parts[k] for k in "gh" if k in parts), parts.get("f"))
            if line
        )
        if text:
            ax.text(x, y - half - 0.08, text, ha="center", va="top", fontsize=LABEL_SIZE,
                    zorder=4, bbox={"boxstyle": "square,pad=0.08", "fc": "white",
                                    "ec": "none"})  # fmt: skip
        if boards:
            chip = FRONTIER_COLOR if node in waiting else ("#e6e6e6" if expanded else "white")
            tag = f"{node}" + (
                f"  {next_label}" if following and frontier and node == frontier[0] else ""
            )
            ax.text(x - half - 0.05, y + half + 0.1, tag, ha="left", va="bottom",
                    fontsize=LABEL_SIZE, fontweight="bold", zorder=4,
                    bbox={"boxstyle": "round,pad=0.15", "fc": chip, "ec": "#777777",
                          "lw": 0.6})  # fmt: skip
        if expanded:
            ax.text(x + half + 0.05, y + half + 0.1, f"#{data['order']}", ha="right",
                    va="bottom", fontsize=LABEL_SIZE - 0.5, color="#555555")  # fmt: skip
    if tiles:
        for artist in tile_artists(tiles, BOARD_WIDTH):
            ax.add_collection(artist, autolim=False)
    xs = [x for x, _ in span]
    ys = [y for _, y in pos.values()]  # the depths drawn; the width of the whole layout
    ax.set_xlim(min(xs) - 0.65, max(xs) + 0.65)
    ax.set_ylim(min(ys) - 0.75, max(ys) + 0.7)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def frontier_lines(tree: nx.DiGraph, frontier, shown: int = 10) -> list[str]:
    """The frontier as text lines, best first, each naming its node by the id drawn.

    Returns
    -------
    list of str
        ``"node 12  f=5 g=2 h=3  283164705"`` per entry, at most ``shown``, then
        ``"... k more"``.
    """
    lines = []
    for node in list(frontier)[:shown]:
        data = tree.nodes[node]
        lines.append(
            f"node {node:>3}  f={_fmt(data['f'])} g={_fmt(data['g'])} h={_fmt(data['h'])}"
            f"  {data['board']}"
        )
    if len(frontier) > shown:
        lines.append(f"... {len(frontier) - shown} more")
    return lines


def draw_search_graph(positions: dict, edges, closed, frontier, current=None, path_states=(),
                      ax=None, goal=None, size: float = 6.5, labels=None):  # fmt: skip
    """The states a search reached, as dots on rings by depth from the start.

    Parameters
    ----------
    positions : dict
        ``{state: (x, y)}`` of every state the whole search reaches (so a dot keeps
        its place from step to step), e.g. from :meth:`eightlab.viz.replay.Replay.graph_layout`.
    edges : iterable of (state, state)
        Parent -> child links among the states drawn.
    closed, frontier : iterable of state
        States expanded, and states waiting on the frontier.
    current : state, optional
        The state just expanded (a ring around it).
    path_states : sequence of state
        The solution, start first (drawn in red).
    ax : matplotlib.axes.Axes, optional
    goal : state, optional
        Marked with a star when reached.
    size : float
        Side of a new figure, in inches.
    labels : dict, optional
        ``{state: text}`` written beside those dots (the frontier's node ids).

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(size, size))
    closed, frontier = set(closed), set(frontier)
    drawn = [s for s in positions if s in closed or s in frontier]
    # the states still to come, one ring beyond the frontier (rings are depths)
    reach = max((math.hypot(*positions[s]) for s in drawn), default=0.0) + 1.01
    ghosts = [s for s in positions if s not in closed and s not in frontier
              and math.hypot(*positions[s]) <= reach]  # fmt: skip
    shown = set(drawn) | set(ghosts)
    dot = max(6.0, min(60.0, 9000.0 / max(len(shown), 1)))
    segments = [(positions[u], positions[v]) for u, v in edges if u in shown and v in shown]
    ax.add_collection(LineCollection(segments, colors="#cccccc", linewidths=0.6, zorder=1))
    if ghosts:
        ax.scatter(*zip(*(positions[s] for s in ghosts), strict=True), s=dot * 0.4,
                   color="#e4e4e4", zorder=1.5)  # fmt: skip
    for states, colour, label in (
        (closed, CLOSED_COLOR, "expanded (closed)"),
        (frontier, FRONTIER_COLOR, "frontier"),
    ):
        points = [positions[s] for s in drawn if s in states]
        if points:
            ax.scatter(*zip(*points, strict=True), s=dot, color=colour, zorder=2, label=label)
    if path_states:
        xy = [positions[s] for s in path_states if s in positions]
        ax.plot(*zip(*xy, strict=True), color=PATH_COLOR, linewidth=2.5, zorder=3,
                label="solution")  # fmt: skip
    if current is not None and current in positions:
        ax.scatter(*positions[current], s=dot * 5, facecolors="none", edgecolors=PATH_COLOR,
                   linewidths=2, zorder=4, label="just expanded")  # fmt: skip
    if goal is not None and goal in positions and (goal in closed or goal in frontier):
        ax.scatter(*positions[goal], s=dot * 6, marker="*", color=PATH_COLOR, zorder=5,
                   label="goal")  # fmt: skip
    for state, text in (labels or {}).items():
        if state in positions:
            x, y = positions[state]
            ax.annotate(text, (x, y), xytext=(4, 3), textcoords="offset points",
                        fontsize=LABEL_SIZE, color="#7a3d00", zorder=6)  # fmt: skip
    if shown:
        ax.set_xlim(-reach - 0.5, reach + 0.5)
        ax.set_ylim(-reach - 0.5, reach + 0.5)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.legend(loc="upper left", bbox_to_anchor=(0.0, 1.0), frameon=False, fontsize=LABEL_SIZE + 1)
    return ax


__all__ = [
    "BOARD_WIDTH",
    "LABEL_SIZE",
    "LEVEL",
    "UNIT_BOARDS",
    "UNIT_DOTS",
    "draw_search_graph",
    "draw_search_tree",
    "frontier_lines",
    "layout_figsize",
    "tree_figsize",
]
