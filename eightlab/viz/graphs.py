"""Graphs that the pictures draw, built without matplotlib: state spaces and search trees.

* :func:`state_space_graph`: every board within a few moves of a goal (networkx), and
  :func:`state_space_layout` to place it in layers, rings or by force.
* :func:`search_tree`: the tree a search built, read from the events of a
  :class:`~eightlab.search.RecordingObserver`; :func:`mark_path` marks a solution on
  it and :func:`tree_layout` places it in layers by depth.
* :func:`search_steps`: the frontier and the tree after each expansion, for the
  step-through of :mod:`eightlab.viz.stepper`.

:mod:`eightlab.viz.drawing` draws them.
"""

from __future__ import annotations

import math
from collections import deque

import networkx as nx

from eightlab.puzzle.board import INVERSE, Board, as_board


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


def layers_by_depth(depth_of: dict) -> list[list]:
    """Nodes grouped by depth, in insertion order within a depth.

    Parameters
    ----------
    depth_of : dict
        ``node -> depth``.

    Returns
    -------
    list of list
        The nodes of each depth, shallowest first.
    """
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


def radial_positions(layered: dict) -> dict:
    """Bend a layered layout into rings: depth d on a circle of radius ~d.

    Each ring keeps the layered left-to-right order, so children stay near their
    parents.

    Parameters
    ----------
    layered : dict
        ``node -> (x, y)`` of a layered layout, ``y = -depth``.

    Returns
    -------
    dict
        ``node -> (x, y)`` on the rings (:data:`RING_SPACING` apart).
    """
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
        layered = _layered_positions(graph, layers_by_depth(depth_of))
        return {n: (x, GRAPH_LEVEL * y) for n, (x, y) in layered.items()}
    if layout == "radial":
        return radial_positions(_layered_positions(graph, layers_by_depth(depth_of)))
    if layout == "spring":
        return nx.spring_layout(graph, seed=8)
    raise ValueError(f"unknown layout {layout!r}; choose 'layered', 'radial' or 'spring'")


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
        seen, ``tree.graph["before"][k]`` the number of tree nodes when the k-th
        expansion began (for :func:`search_steps`).

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
    tree = nx.DiGraph(root=0, thresholds=thresholds, before=[])
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
                tree.graph["before"].append(tree.number_of_nodes())
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


def search_steps(tree: nx.DiGraph) -> list[dict]:
    """The search of :func:`search_tree` replayed one expansion at a time.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`search_tree`.

    Returns
    -------
    list of dict
        One entry per step k = 0 .. (expansions): ``step`` (k), ``nodes`` (the tree
        nodes generated so far, a sorted list), ``expanded`` (the node expanded at
        this step, None at step 0), ``closed`` (nodes expanded up to and including this
        step) and ``frontier`` (generated nodes not yet expanded, best first: by f,
        then larger g, then generation order, as eightlab's best-first searches take
        them).
    """
    before = list(tree.graph.get("before", []))
    by_order = {o: n for n, o in tree.nodes(data="order") if o is not None}
    total = tree.number_of_nodes()
    steps = []
    for k in range(len(before) + 1):
        # after k expansions: the nodes that existed when expansion k began
        count = before[k] if k < len(before) else total
        nodes = list(range(count))
        closed = [by_order[o] for o in range(k) if o in by_order]
        shut = set(closed)
        frontier = [n for n in nodes if n not in shut]
        frontier.sort(key=lambda n: (tree.nodes[n]["f"], -tree.nodes[n]["g"], n))
        steps.append(
            {
                "step": k,
                "nodes": nodes,
                "expanded": by_order.get(k - 1) if k else None,
                "closed": closed,
                "frontier": frontier,
            }
        )
    return steps
