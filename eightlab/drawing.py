"""Pictures of boards, state spaces, search trees and solutions (matplotlib + networkx).

* :func:`draw_board`, :func:`draw_boards`, :func:`draw_path`: boards as grids of square
  tiles with their numbers, the blank left empty.
* :func:`state_space_graph` and :func:`draw_state_space`: the graph of every board
  within a few moves of a goal.
* :func:`search_tree` and :func:`draw_search_tree`: the tree a search built, read from
  the events of a :class:`~eightlab.search.RecordingObserver`, drawn in layers by depth
  with g, h and f under each node and the solution path highlighted.
* :func:`animate_solution` and :func:`animation_html`: a solution played move by move,
  as JavaScript HTML that stays in a saved notebook and its HTML export.

Layouts are computed here from depths (graphviz is not needed). Figures are returned,
never shown or saved; save them with :func:`eightlab.plots.save_figure`.
"""

from __future__ import annotations

import math
from collections import deque

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib import animation
from matplotlib.patches import Rectangle

from eightlab.board import INVERSE, Board, as_board

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
def state_space_graph(goal=None, radius: int = 2) -> nx.Graph:
    """The graph of every board within ``radius`` moves of ``goal``.

    Found by breadth-first search from ``goal``. Every move between two boards of the
    ball is an edge (moves are reversible, so the graph is undirected).

    Parameters
    ----------
    goal : Board or str, optional
        The centre; by default the ordered 3x3 goal ``123456780``.
    radius : int
        Largest number of moves from ``goal``, >= 0.

    Returns
    -------
    networkx.Graph
        Nodes are :class:`Board` with attribute ``depth`` (moves from ``goal``). Each
        edge has ``tail`` (its endpoint nearer the goal) and ``move`` (the blank's move
        from ``tail`` to the other endpoint; the other way it is the inverse move).

    Raises
    ------
    ValueError
        If ``radius`` is negative.
    BoardError
        If ``goal`` is text that is not a board.

    References
    ----------
    .. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
       ed., sec. 3.1-3.2 (state spaces).
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, not {radius}")
    goal = Board.goal() if goal is None else as_board(goal)
    graph = nx.Graph(goal=goal, radius=radius)
    graph.add_node(goal, depth=0)
    frontier = deque([goal])
    while frontier:
        board = frontier.popleft()
        depth = graph.nodes[board]["depth"]
        if depth == radius:
            continue
        for _move, child in board.successors():
            if child not in graph:
                graph.add_node(child, depth=depth + 1)
                frontier.append(child)
    for board in list(graph.nodes):
        for move, child in board.successors():
            if child in graph and not graph.has_edge(board, child):
                d_board, d_child = graph.nodes[board]["depth"], graph.nodes[child]["depth"]
                if d_board <= d_child:
                    graph.add_edge(board, child, tail=board, move=move)
                else:
                    graph.add_edge(board, child, tail=child, move=INVERSE[move])
    return graph


def _layers(depth_of: dict) -> list[list]:
    """Nodes grouped by depth, in insertion order within a depth."""
    layers: dict[int, list] = {}
    for node, depth in depth_of.items():
        layers.setdefault(depth, []).append(node)
    return [layers[d] for d in sorted(layers)]


def _layered_positions(graph: nx.Graph, layers: list[list]) -> dict:
    """Positions by layer (y = -depth), each layer ordered by its neighbours above."""
    pos = {}
    for depth, layer in enumerate(layers):
        if depth:
            above = {n: pos[n][0] for n in layers[depth - 1]}

            def key(node, above=above):
                xs = [above[m] for m in graph.neighbors(node) if m in above]
                return sum(xs) / len(xs) if xs else 0.0

            layer = sorted(layer, key=key)
        width = len(layer)
        for i, node in enumerate(layer):
            pos[node] = (i - (width - 1) / 2, -float(depth))
    return pos


#: Vertical distance between two depths of the layered state-space layout.
GRAPH_LEVEL = 1.3

#: Distance between the rings of the radial layout, in node widths of the layered one.
RING_SPACING = 1.5


def _radial_positions(layered: dict) -> dict:
    """Bend a layered layout into rings: depth d on a circle of radius ~d, each ring
    keeping the layered left-to-right order (so children stay near their parents)."""
    layers: dict[float, list] = {}
    for node, (x, y) in layered.items():
        layers.setdefault(y, []).append((x, node))
    pos = {}
    for y, members in layers.items():
        radius = -RING_SPACING * y
        members.sort(key=lambda item: item[0])
        for i, (_, node) in enumerate(members):
            angle = math.pi / 2 - 2 * math.pi * (i + 0.5) / len(members)
            pos[node] = (radius * math.cos(angle), radius * math.sin(angle))
    return pos


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


def state_space_layout(graph: nx.Graph, layout: str = "layered") -> dict:
    """Node positions for :func:`draw_state_space`.

    Parameters
    ----------
    graph : networkx.Graph
        From :func:`state_space_graph` (nodes carry ``depth``).
    layout : {"layered", "radial", "spring"}
        One row per depth, the goal on top; concentric circles by depth; or a seeded
        force-directed layout.

    Returns
    -------
    dict
        ``{node: (x, y)}``.

    Raises
    ------
    ValueError
        For an unknown layout.
    """
    depth_of = dict(graph.nodes(data="depth"))
    if layout == "layered":
        layered = _layered_positions(graph, _layers(depth_of))
        return {n: (x, GRAPH_LEVEL * y) for n, (x, y) in layered.items()}
    if layout == "radial":
        return _radial_positions(_layered_positions(graph, _layers(depth_of)))
    if layout == "spring":
        return nx.spring_layout(graph, seed=8)
    raise ValueError(f"unknown layout {layout!r}; choose 'layered', 'radial' or 'spring'")


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
    return ax


# ---------------------------------------------------------------- search trees
def search_tree(events, path: str | None = None, iteration: int | None = -1) -> nx.DiGraph:
    """The search tree recorded by a :class:`~eightlab.search.RecordingObserver`.

    Each *generate* event makes a tree node (a search node, not a state: a state
    reached twice appears twice); its parent is the node of the state being expanded.
    The root is the state of the first *expand* event.

    Parameters
    ----------
    events : list of tuple
        ``observer.events``: ``("iteration", threshold)``, ``("expand", state, g, h)``,
        ``("generate", parent, move, child, g, h)``.
    path : str, optional
        A solution (moves of the blank from the root); its nodes get ``on_path=True``.
    iteration : int or None
        For iterative searches (IDA*, IDDFS), which depth-first pass to keep, counted
        like a list index (``-1`` the last); None keeps every event in one tree.
        Ignored when there are no iteration events.

    Returns
    -------
    networkx.DiGraph
        Nodes are ints ``0, 1, ...`` in generation order (``0`` the root) with
        attributes ``board``, ``move`` (from the parent; ``""`` at the root), ``depth``,
        ``g``, ``h``, ``f`` (``g + h``), ``order`` (expansion number from 0, None if
        never expanded) and ``on_path``. Edges go parent -> child with ``move``.
        ``tree.graph["root"]`` is ``0``, ``tree.graph["thresholds"]`` the thresholds
        seen.

    Raises
    ------
    ValueError
        If the events hold no expansion, ``iteration`` names a pass that is not there,
        or a board is expanded that no event generated (a search from both ends).
    """
    events = list(events)
    thresholds = [e[1] for e in events if e[0] == "iteration"]
    if thresholds and iteration is not None:
        starts = [i for i, e in enumerate(events) if e[0] == "iteration"]
        try:
            begin = starts[iteration]
        except IndexError:
            raise ValueError(
                f"iteration {iteration} not recorded; there are {len(starts)}"
            ) from None
        following = [s for s in starts if s > begin]
        events = events[begin + 1 : following[0] if following else len(events)]
    expansions = [e for e in events if e[0] == "expand"]
    if not expansions:
        raise ValueError("the events hold no expansion; record a search with an observer")
    tree = nx.DiGraph(root=0, thresholds=thresholds)
    _, root_board, root_g, root_h = expansions[0]
    tree.add_node(
        0, board=root_board, move="", depth=0, g=root_g, h=root_h, f=root_g + root_h,
        order=None, on_path=False,
    )  # fmt: skip
    latest = {(root_board, root_g): 0}  # (state, g) -> newest tree node of that state
    newest = {root_board: 0}  # state -> newest tree node of that state, any g
    current = 0  # the node being expanded
    order = 0
    for event in events:
        if event[0] == "expand":
            _, board, g, _h = event
            current = latest.get((board, g), newest.get(board))
            if current is None:
                raise ValueError(
                    f"board {board} is expanded but was never generated; search_tree reads "
                    "searches that grow one tree from the start (not bidirectional BFS)"
                )
            if tree.nodes[current]["order"] is None:
                tree.nodes[current]["order"] = order
                order += 1
        elif event[0] == "generate":
            _, parent, move, child, g, h = event
            if parent != tree.nodes[current]["board"]:
                current = newest.get(parent, current)  # a search that did not report it
            node = tree.number_of_nodes()
            tree.add_node(
                node, board=child, move=move, depth=tree.nodes[current]["depth"] + 1,
                g=g, h=h, f=g + h, order=None, on_path=False,
            )  # fmt: skip
            tree.add_edge(current, node, move=move)
            latest[(child, g)] = newest[child] = node
    if path is not None:
        mark_path(tree, path)
    return tree


def mark_path(tree: nx.DiGraph, path: str) -> list[int]:
    """Set ``on_path`` on the tree nodes that follow ``path`` from the root.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`search_tree`.
    path : str
        Moves of the blank from the root.

    Returns
    -------
    list of int
        The nodes of the path that are in the tree, root first (shorter than
        ``len(path) + 1`` when the tree stops early). Where a state was generated twice,
        the newest node is followed.
    """
    for node in tree.nodes:
        tree.nodes[node]["on_path"] = False
    node = tree.graph.get("root", 0)
    tree.nodes[node]["on_path"] = True
    nodes = [node]
    for move in path:
        children = [c for c in tree.successors(node) if tree.edges[node, c]["move"] == move]
        if not children:
            break
        node = children[-1]
        tree.nodes[node]["on_path"] = True
        nodes.append(node)
    return nodes


#: Vertical distance between two depths of a drawn search tree, in node spacings.
TREE_LEVEL = 1.35


def tree_layout(tree: nx.DiGraph) -> dict:
    """A layered layout of a tree: y is minus the depth, leaves spaced evenly left to
    right in generation order, each parent centred over its children.

    Parameters
    ----------
    tree : networkx.DiGraph
        A rooted tree (edges parent -> child), root in ``tree.graph["root"]`` (or 0).

    Returns
    -------
    dict
        ``{node: (x, y)}``, x in leaf widths from 0, y = -depth.
    """
    root = tree.graph.get("root", 0)
    pos: dict = {}
    next_leaf = 0.0
    # iterative post-order, children in generation order
    stack = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        children = sorted(tree.successors(node))
        if not children:
            pos[node] = (next_leaf, -float(depth))
            next_leaf += 1.0
        elif done:
            xs = [pos[c][0] for c in children]
            pos[node] = ((min(xs) + max(xs)) / 2, -float(depth))
        else:
            stack.append((node, depth, True))
            stack.extend((c, depth + 1, False) for c in reversed(children))
    return pos


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


# ------------------------------------------------------------------- animation
def animate_solution(
    board, path: str, interval: int = 600, dpi: int = 80, size: float = 2.0
) -> animation.FuncAnimation:
    """An animation of ``path`` played from ``board``, one frame per board.

    Parameters
    ----------
    board : Board or str
        The start.
    path : str
        Moves of the blank.
    interval : int
        Milliseconds between frames.
    dpi : int
        Resolution of the frames; 72-100 keeps the embedded animation small.
    size : float
        Width and height of the figure, in inches.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``len(path) + 1`` frames; the tile that slid is highlighted and the title shows
        the move number and letter. Its figure is closed so it is not also shown as a
        still image; pass it to :func:`animation_html`.

    Raises
    ------
    IllegalMoveError
        If a move of ``path`` takes the blank off the board.
    """
    board = as_board(board)
    boards, titles, marks = [board], [f"start (0/{len(path)})"], [None]
    for i, move in enumerate(path, start=1):
        marks.append(_moved_tile(boards[-1], move))
        boards.append(boards[-1].apply(move))
        titles.append(f"move {i}/{len(path)}: {move}")
    fig, ax = plt.subplots(figsize=(size, size + 0.25), dpi=dpi)
    fontsize = 0.45 * size * 72 / max(board.rows, board.cols)

    def frame(i):
        ax.clear()
        draw_board(boards[i], ax=ax, highlight=marks[i], fontsize=fontsize)
        ax.set_title(titles[i], fontsize=9)
        return []

    anim = animation.FuncAnimation(
        fig, frame, frames=len(boards), interval=interval, repeat=True, blit=False
    )
    frame(0)
    plt.close(fig)
    return anim


def animation_html(anim: animation.FuncAnimation, default_mode: str = "once"):
    """The animation as JavaScript HTML (:meth:`~matplotlib.animation.Animation.to_jshtml`).

    The frames are embedded as PNG images, so the animation plays in the saved
    notebook and in its HTML export without a kernel.

    Parameters
    ----------
    anim : matplotlib.animation.FuncAnimation
        From :func:`animate_solution`.
    default_mode : {"once", "loop", "reflect"}
        What the player does at the last frame.

    Returns
    -------
    IPython.display.HTML
    """
    from IPython.display import HTML

    return HTML(anim.to_jshtml(default_mode=default_mode))


__all__ = [
    "animate_solution",
    "animation_html",
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
