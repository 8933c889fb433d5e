"""Boards, search trees and searched state spaces as SVG text, for the explorer's live view.

A browser draws SVG at once, so the explorer builds one string per step instead of a
matplotlib figure (tens of milliseconds against seconds). The pictures follow
:mod:`eightlab.viz.trees`: the same colours, boards of one size, ids, g/h/f.

* :func:`board_svg`: one board at a place of a bigger picture.
* :func:`tree_svg`: the nodes of an :class:`eightlab.viz.replay.Replay` in layers by
  depth; a bidirectional search's backward tree grows up from the bottom and the states
  both trees hold are joined by a dashed red line. The picture fits its box; a tree too
  wide to read when fitted is cropped to a window around the node just expanded.
  Resting the pointer on a node shows its id, move, g, h and f (an SVG ``<title>``).
* :class:`GraphView`: the states a search reached as dots on rings by their depth from
  the start (the state-space view); it keeps what does not change from step to step.
"""

from __future__ import annotations

import html

from eightlab.viz.boards import (
    BLANK_COLOR,
    FRAME_COLOR,
    HIGHLIGHT_COLOR,
    PATH_COLOR,
    TEXT_COLOR,
    TILE_COLOR,
)
from eightlab.viz.trees import CLOSED_COLOR, FRONTIER_COLOR, OPEN_COLOR

#: Width and height of the explorer's picture box, in CSS pixels.
BOX = (960, 640)
#: Least scale at which a fitted tree stays readable (boards, then dots); below it the
#: picture is a window around the node just expanded. At 0.8 a board's digits and its
#: g, h, f are 8 px on screen; a tree of dots keeps its shape down to 0.45.
MIN_SCALE = {True: 0.8, False: 0.45}
#: Least size on screen, in pixels, of a dot's id: smaller ids are left out (the
#: node's tooltip still gives it).
MIN_FONT_PX = 7.0
#: Font size of a dot's id, in pixels of the picture.
DOT_FONT = 9
#: Pixels between two leaves, and between two depths, with boards and with dots.
PITCH = {True: (84, 112), False: (26, 52)}
#: Width of a node's board, in pixels.
BOARD_PX = 54
#: Colours of the backward tree (grown from the goal) of a bidirectional search: its
#: expanded nodes, and its frontier.
BACKWARD_COLOR = "#2e86c1"
BACKWARD_FRONTIER = "#aed6f1"
#: A white outline under a label, so that an edge crossing it does not hide it.
_HALO = "paint-order='stroke' stroke='white' stroke-width='3'"
_FONT = "font-family='DejaVu Sans, Arial, sans-serif'"


def _fmt(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def board_svg(board, x: float, y: float, width: float = BOARD_PX, frame=FRAME_COLOR,
              frame_width: float = 1.2, highlight=()) -> str:  # fmt: skip
    """One board as SVG elements, centred on (``x``, ``y``).

    Parameters
    ----------
    board : Board
    x, y : float
        Centre, in pixels.
    width : float
        Side of the board, in pixels.
    frame : str
        Colour of the frame.
    frame_width : float
        Width of the frame, in pixels.
    highlight : collection of int
        Tiles drawn in the highlight colour.

    Returns
    -------
    str
        A ``<g>`` element.
    """
    cell = width / max(board.rows, board.cols)
    left, top = x - cell * board.cols / 2, y - cell * board.rows / 2
    parts = [f"<g><rect x='{left - 2:.1f}' y='{top - 2:.1f}' width='{cell * board.cols + 4:.1f}' "
             f"height='{cell * board.rows + 4:.1f}' fill='white' stroke='{frame}' "
             f"stroke-width='{frame_width}'/>"]  # fmt: skip
    size = 0.6 * cell
    for i, tile in enumerate(board.tiles):
        cx, cy = left + cell * (i % board.cols), top + cell * (i // board.cols)
        colour = BLANK_COLOR if not tile else (HIGHLIGHT_COLOR if tile in highlight else TILE_COLOR)
        parts.append(f"<rect x='{cx + 0.5:.1f}' y='{cy + 0.5:.1f}' width='{cell - 1:.1f}' "
                     f"height='{cell - 1:.1f}' fill='{colour}' stroke='{FRAME_COLOR}' "
                     "stroke-width='0.4'/>")  # fmt: skip
        if tile:
            parts.append(f"<text x='{cx + cell / 2:.1f}' y='{cy + cell / 2 + size * 0.36:.1f}' "
                         f"font-size='{size:.1f}' text-anchor='middle' fill='{TEXT_COLOR}'>"
                         f"{tile}</text>")  # fmt: skip
    parts.append("</g>")
    return "".join(parts)


def tree_layout(nodes: dict) -> dict:
    """Places of the nodes of a replay, in leaf widths and depths.

    Leaves are spaced evenly left to right in generation order and each parent is
    centred over its children (the layout of :func:`eightlab.viz.graphs.tree_layout`,
    read from :class:`~eightlab.viz.replay.Node` objects). A backward tree (side 1)
    goes under the forward one, its root at the bottom, the narrower tree centred
    under (or over) the wider.

    Parameters
    ----------
    nodes : dict
        ``{id: Node}``, the ``nodes`` of an :class:`eightlab.viz.replay.Replay`.

    Returns
    -------
    dict
        ``{id: (x, level)}``: x in leaf widths from 0, level 0 at the top.
    """
    trees = [_one_tree(nodes, root) for root in sorted(n.id for n in nodes.values()
                                                       if n.parent is None)]  # fmt: skip
    if len(trees) == 1:
        return trees[0]
    forward, backward = trees
    widths = [max(x for x, _ in t.values()) for t in trees]
    bottom = 1 + max(y for _, y in forward.values()) + max(y for _, y in backward.values())
    pos = {n: (x + (max(widths) - widths[0]) / 2, y) for n, (x, y) in forward.items()}
    shift = (max(widths) - widths[1]) / 2
    pos.update({n: (x + shift, bottom - y) for n, (x, y) in backward.items()})
    return pos


def _one_tree(nodes: dict, root: int) -> dict:
    pos: dict = {}
    next_leaf = 0.0
    stack = [(root, False)]
    while stack:  # iterative post-order, children in generation order
        node, done = stack.pop()
        here = nodes[node]
        children = [c for c in here.children if c in nodes]
        if not children:
            pos[node] = (next_leaf, here.depth)
            next_leaf += 1.0
        elif done:
            xs = [pos[c][0] for c in children]
            pos[node] = ((min(xs) + max(xs)) / 2, here.depth)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(children))
    return pos


def _viewport(width: float, height: float, focus, boards: bool) -> tuple:
    """The part of the picture shown and its size on screen: all of it, scaled to the
    box, or a window around ``focus`` when fitting would make it unreadable."""
    scale = min(1.0, BOX[0] / width, BOX[1] / height)
    if scale >= MIN_SCALE[boards] or focus is None:
        return (0.0, 0.0, width, height), scale
    scale = MIN_SCALE[boards]
    w, h = min(width, BOX[0] / scale), min(height, BOX[1] / scale)
    x = min(max(0.0, focus[0] - w / 2), width - w)
    y = min(max(0.0, focus[1] - h / 2), height - h)
    return (x, y, w, h), scale


def _svg(view, scale, body: str, label: str) -> str:
    x, y, w, h = view
    return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='{x:.1f} {y:.1f} {w:.1f} {h:.1f}' "
            f"width='{w * scale:.0f}' height='{h * scale:.0f}' {_FONT} role='img' "
            f"aria-label='{html.escape(label)}'>{body}</svg>")  # fmt: skip


def tree_svg(replay, boards: bool = True, labels: str = "ghf") -> str:
    """The tree of a replay after its current step, as an ``<svg>`` that fits :data:`BOX`.

    Parameters
    ----------
    replay : Replay
        An :class:`eightlab.viz.replay.Replay`; its nodes, frontier, node just expanded
        and (once done) solution are drawn.
    boards : bool
        Nodes as boards, or as dots (for trees of hundreds) with their id when it
        would be at least :data:`MIN_FONT_PX` on screen.
    labels : str
        Which of ``g``, ``h``, ``f`` to write under each board.

    Returns
    -------
    str
        The ``<svg>`` element; its ``width`` and ``height`` are its size on screen, at
        most :data:`BOX`. A tree that would be drawn below :data:`MIN_SCALE` shows a
        window around the node just expanded instead.
    """
    nodes = replay.nodes
    layout = tree_layout(nodes)
    frontier = replay.frontier()
    waiting = set(frontier)
    first = frontier[0] if frontier and not (replay.done or replay.bidirectional) else None
    on_path = set(replay.solution_nodes())
    pitch, level = PITCH[boards]
    margin = pitch
    pos = {n: (margin + pitch * x, margin * 0.9 + level * y) for n, (x, y) in layout.items()}
    width = 2 * margin + pitch * max(x for x, _ in layout.values())
    height = 2 * margin + level * max(y for _, y in layout.values())
    lines, paths, texts = [], [], []
    for node in nodes.values():
        if node.parent is None:
            continue
        (x0, y0), (x1, y1) = pos[node.parent], pos[node.id]
        colour = PATH_COLOR if node.id in on_path and node.parent in on_path else "#999999"
        stroke = 2.5 if colour == PATH_COLOR else 1.0
        (paths if colour == PATH_COLOR else lines).append(
            f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' "
            f"stroke='{colour}' stroke-width='{stroke}'/>"
        )
        if boards:
            t = 0.54 if y1 > y0 else 0.46  # in the gap between two boards' labels
            texts.append(f"<text x='{x0 + t * (x1 - x0):.1f}' y='{y0 + t * (y1 - y0) + 3:.1f}' "
                         f"font-size='10' text-anchor='middle' fill='#555' {_HALO}>"
                         f"{node.move}</text>")  # fmt: skip
    if replay.bidirectional:  # the states both trees hold: where they meet
        for forward, backward in replay.meetings():
            (x0, y0), (x1, y1) = pos[forward], pos[backward]
            paths.append(
                f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' "
                f"stroke='{PATH_COLOR}' stroke-width='2' stroke-dasharray='5 4'/>"
            )
    half = BOARD_PX / 2 if boards else 9
    focus = pos.get(replay.current) if replay.current is not None else None
    view, scale = _viewport(width, height, focus, boards)
    ids = boards or DOT_FONT * scale >= MIN_FONT_PX
    shapes = []
    for node in nodes.values():
        x, y = pos[node.id]
        expanded = node.order is not None and not node.given_up
        side_colour = BACKWARD_COLOR if node.side else CLOSED_COLOR
        waiting_colour = BACKWARD_FRONTIER if node.side else FRONTIER_COLOR
        frame = PATH_COLOR if node.id in on_path else (side_colour if expanded else OPEN_COLOR)
        if node.id == replay.current:
            frame = FRONTIER_COLOR
        stroke = 3.0 if node.id == replay.current else (2.0 if node.id in on_path else 1.2)
        shapes.append(f"<g>{_tooltip(replay, node)}")
        if boards:
            shapes.append(board_svg(node.board, x, y, BOARD_PX, frame, stroke))
            chip = waiting_colour if node.id in waiting else ("#e6e6e6" if expanded else "white")
            tag = f"{node.id}" + ("  next" if node.id == first else "")
            tag_width = 7 * len(tag) + 6
            shapes.append(f"<rect x='{x - half - 2:.1f}' y='{y - half - 18:.1f}' "
                          f"width='{tag_width}' height='14' rx='3' fill='{chip}' "
                          "stroke='#777' stroke-width='0.6'/>"
                          f"<text x='{x - half + 1:.1f}' y='{y - half - 7:.1f}' font-size='10' "
                          f"font-weight='bold'>{tag}</text>")  # fmt: skip
            if expanded:
                shapes.append(f"<text x='{x + half + 2:.1f}' y='{y - half - 7:.1f}' "
                              "font-size='9' text-anchor='end' fill='#555'>"
                              f"#{node.order}</text>")  # fmt: skip
            parts = {"g": f"g={_fmt(node.g)}", "h": f"h={_fmt(node.h)}",
                     "f": f"f={_fmt(replay.f_of(node))}"}  # fmt: skip
            first_line = " ".join(parts[k] for k in "gh" if k in labels)
            for i, text in enumerate(t for t in (first_line, parts["f"] * ("f" in labels)) if t):
                texts.append(f"<text x='{x:.1f}' y='{y + half + 13 + 12 * i:.1f}' "
                             f"font-size='10' text-anchor='middle' {_HALO}>{text}</text>")  # fmt: skip
        else:
            fill = waiting_colour if node.id in waiting else ("#dddddd" if expanded else "white")
            shapes.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{half}' fill='{fill}' "
                          f"stroke='{frame}' stroke-width='{stroke}'/>")  # fmt: skip
            if ids:
                shapes.append(f"<text x='{x:.1f}' y='{y + 3:.1f}' font-size='{DOT_FONT}' "
                              f"text-anchor='middle'>{node.id}</text>")  # fmt: skip
        shapes.append("</g>")
    body = "".join(lines) + "".join(paths) + "".join(shapes) + "".join(texts)
    return _svg(view, scale, body, f"search tree of {len(nodes)} nodes")


def _tooltip(replay, node) -> str:
    """A node's ``<title>``: what a pointer resting on it shows (id, move, g, h, f)."""
    state = (f"expanded #{node.order}" if node.order is not None and not node.given_up
             else "waiting")  # fmt: skip
    move = f", by {node.move}" if node.move else ""
    values = f"g={_fmt(node.g)}"
    if replay.informed:
        values += f", h={_fmt(node.h)}, f={_fmt(replay.f_of(node))}"
    return f"<title>node {node.id}{move}: {values}; {state}</title>"


class GraphView:
    """The state-space view of one replay: states on rings by depth from the start.

    The places (:meth:`eightlab.viz.replay.Replay.graph_layout`) and the background of
    each ring count are computed once; a step only writes the dots that change.

    Parameters
    ----------
    replay : Replay
    radius : float
        Pixels between two rings.
    """

    def __init__(self, replay, radius: float = 14.0):
        positions, edges = replay.graph_layout()
        self.ring = replay.graph_depths()
        self.radius = radius
        self.xy = {s: (radius * x, -radius * y) for s, (x, y) in positions.items()}
        self.edges = sorted(edges, key=lambda e: max(self.ring[e[0]], self.ring[e[1]]))
        self.by_ring = sorted(positions, key=self.ring.get)
        self._backgrounds: dict = {}

    def _rings(self, reach: int) -> tuple[str, float, tuple]:
        """The background (edges and grey dots) of the states within ``reach`` rings, the
        dot size and the part of the picture shown, computed once per ``reach``."""
        if reach not in self._backgrounds:
            xy, ring = self.xy, self.ring
            shown = [s for s in self.by_ring if ring[s] <= reach]
            dot = max(2.5, min(9.0, 1200.0 / max(len(shown), 1) ** 0.75))
            edges = " ".join(f"M{xy[u][0]:.1f} {xy[u][1]:.1f}L{xy[v][0]:.1f} {xy[v][1]:.1f}"
                             for u, v in self.edges if max(ring[u], ring[v]) <= reach)  # fmt: skip
            dots = " ".join(f"M{xy[s][0]:.1f} {xy[s][1]:.1f}h0" for s in shown)
            background = (
                f"<path d='{edges}' stroke='#cccccc' stroke-width='0.6' fill='none'/>"
                f"<path d='{dots}' stroke='#e4e4e4' stroke-width='{dot * 0.7:.1f}' "
                "stroke-linecap='round'/>"
            )
            pad = 0.6 * self.radius + 6
            xs, ys = [xy[s][0] for s in shown], [xy[s][1] for s in shown]
            x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
            height = max(y1 - y0, (x1 - x0) / 2)  # a long strip would shrink the text
            view = (x0, (y0 + y1 - height) / 2, x1 - x0, height)
            self._backgrounds[reach] = (background, dot, view)
        return self._backgrounds[reach]

    def svg(self, groups, current=None, path=(), goal=None, labels=None, pairs=()) -> str:
        """The view after a step, as an ``<svg>`` that fits :data:`BOX`.

        Parameters
        ----------
        groups : sequence of (collection, str)
            States and their colour, drawn in this order: the closed ones first, the
            frontier over them; the first group sets how many rings are shown (one
            beyond its deepest state).
        current : state, optional
            The state just expanded (a red ring).
        path : sequence of state
            The solution, start first (a red line).
        goal : state, optional
            Marked with a red star once drawn in a group.
        labels : dict, optional
            ``{state: text}`` written beside those dots (the frontier's node ids).
        pairs : sequence of (state, state)
            Joined by red dashes (where the two trees of a bidirectional search meet).

        Returns
        -------
        str
        """
        xy = self.xy
        reach = 1 + max((self.ring[s] for s in groups[0][0] if s in xy), default=0)
        background, dot, view = self._rings(reach)
        parts = [background]
        for states, colour in groups:
            d = " ".join(f"M{xy[s][0]:.1f} {xy[s][1]:.1f}h0" for s in states if s in xy)
            parts.append(f"<path d='{d}' stroke='{colour}' stroke-width='{dot:.1f}' "
                         "stroke-linecap='round'/>")  # fmt: skip
        for u, v in pairs:
            if u in xy and v in xy:
                parts.append(f"<line x1='{xy[u][0]:.1f}' y1='{xy[u][1]:.1f}' x2='{xy[v][0]:.1f}' "
                             f"y2='{xy[v][1]:.1f}' stroke='{PATH_COLOR}' stroke-width='1.5' "
                             "stroke-dasharray='4 3'/>")  # fmt: skip
        points = " ".join(f"{xy[s][0]:.1f},{xy[s][1]:.1f}" for s in path if s in xy)
        if points:
            parts.append(f"<polyline points='{points}' stroke='{PATH_COLOR}' stroke-width='2.5' "
                         "fill='none'/>")  # fmt: skip
        if current in xy:
            x, y = xy[current]
            parts.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{dot * 1.3:.1f}' fill='none' "
                         f"stroke='{PATH_COLOR}' stroke-width='2'/>")  # fmt: skip
        if goal in xy and any(goal in states for states, _ in groups):
            x, y = xy[goal]
            parts.append(f"<text x='{x:.1f}' y='{y + 6:.1f}' font-size='{max(16, 3 * dot):.0f}' "
                         f"text-anchor='middle' fill='{PATH_COLOR}'>&#9733;</text>")  # fmt: skip
        for state, text in (labels or {}).items():
            if state in xy:
                x, y = xy[state]
                parts.append(f"<text x='{x + 4:.1f}' y='{y - 3:.1f}' font-size='10' "
                             f"fill='#7a3d00'>{html.escape(text)}</text>")  # fmt: skip
        scale = min(BOX[0] / view[2], BOX[1] / view[3], 2.0)
        return _svg(view, scale, "".join(parts), "the states the search reached")


__all__ = [
    "BACKWARD_COLOR",
    "BACKWARD_FRONTIER",
    "BOX",
    "GraphView",
    "board_svg",
    "tree_layout",
    "tree_svg",
]
