"""A recorded search replayed one expansion at a time (no matplotlib, no widgets).

:class:`Replay` runs :func:`eightlab.search.solve` once with a
:class:`~eightlab.search.RecordingObserver` and walks its events forward: after each
:meth:`Replay.step` it knows the tree grown so far (the current pass's, for IDA* and
the iterative deepening searches), the frontier in the order the algorithm takes it,
the node just expanded and the counts. A bidirectional search grows two trees, one
from each end: every node carries its side, and :meth:`Replay.meetings` lists the
states both trees hold. :mod:`eightlab.viz.explorer` draws it.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field

import networkx as nx

from eightlab.heuristics import get_heuristic
from eightlab.puzzle.board import Board, as_board, goal_or_default
from eightlab.search import RecordingObserver, get_algorithm, solve
from eightlab.viz.graphs import tree_layout


@dataclass
class Node:
    """A search node of the replayed tree (a state reached twice is two nodes).

    ``order`` is its expansion number (None while it waits), ``f`` the f its search
    orders it by when that is backed up (RBFS), ``given_up`` whether its search left
    its subtree and may come back to it, and ``side`` the tree it is on (0 grows from
    the start, 1 from the goal: bidirectional searches).
    """

    id: int
    board: Board
    parent: int | None
    move: str
    depth: int
    g: float
    h: float
    order: int | None = None
    children: list = field(default_factory=list)
    f: float = 0.0
    given_up: bool = False
    side: int = 0


class Replay:
    """A search by ``algorithm`` from ``start`` to ``goal``, replayed expansion by expansion.

    Parameters
    ----------
    start, goal : Board or str
    algorithm, heuristic : str
        Registry names (the heuristic is ignored by uninformed algorithms).
    **options
        Passed to :func:`~eightlab.search.solve` (budgets, ``weight``, ...).

    Attributes
    ----------
    result : SearchResult
        The whole search's result (known at once: the replay only shows it gradually).
    expansions : int
        Expansions of the whole search (= ``result.stats.expanded``).
    k : int
        Expansions replayed so far.
    pass_rows : list of (float, int)
        One row per pass of an iterative search (IDA*, IDDFS): its threshold (the
        bound on f, or the depth limit) and the expansions it made; empty for a search
        of one pass.

    Raises
    ------
    EightlabError
        What :func:`~eightlab.search.solve` raises on bad boards or names.

    Notes
    -----
    The events of a bidirectional search do not name their side: an expansion is put
    on the side whose tree holds its state unexpanded at its g (and h, when both do;
    then on the side that did not expand last). The test suite checks that this gives each
    side the expansions by g that the search itself counts.
    """

    def __init__(self, start, goal=None, algorithm="astar", heuristic="manhattan", **options):
        self.spec = get_algorithm(algorithm)
        self.algorithm = self.spec.name
        self.informed = self.spec.informed
        self.bidirectional = self.spec.bidirectional
        if self.bidirectional:  # two open lists: listed by f, then larger g
            key = lambda g, h, seq: (g + h, -g, seq)  # noqa: E731
        else:
            key = self.spec.frontier_key(**options)
        observer = RecordingObserver()
        heuristic = heuristic if self.informed else None  # an uninformed search takes none
        self.result = solve(start, goal, algorithm, heuristic, observer=observer, **options)
        self.events = observer.events
        self.expansions = sum(1 for e in self.events if e[0] == "expand")
        self.pass_rows = []
        for event in self.events:
            if event[0] == "iteration":
                self.pass_rows.append([event[1], 0])
            elif event[0] == "expand" and self.pass_rows:
                self.pass_rows[-1][1] += 1
        self.pass_rows = [tuple(row) for row in self.pass_rows]
        generates = sum(1 for e in self.events if e[0] == "generate")
        # graph searches report only the successors they keep (see Observer.on_generate)
        self.reports_every_node = generates == self.result.stats.generated
        # node ids number the nodes as generated; a search that backs f up orders by that f
        if self.spec.backs_up:
            self._key = lambda n: key(n.g, n.f - n.g, n.id)
        else:
            self._key = lambda n: key(n.g, n.h, n.id)
        self.reset()

    # ------------------------------------------------------------------ replaying
    def reset(self) -> None:
        """Back to step 0: only the start on the frontier."""
        self.k = 0
        self.cursor = 0
        self.nodes: dict[int, Node] = {}
        self.next_id = 0
        self.current: int | None = None
        self.threshold = None
        self.passes = 0
        self.generated = 0
        self._latest: tuple[dict, dict] = ({}, {})  # board -> newest node, per side
        self._advance()

    @property
    def done(self) -> bool:
        """Whether every expansion has been replayed."""
        return self.k >= self.expansions

    def step(self, n: int | None = 1) -> int:
        """Replay ``n`` more expansions (all that are left when ``n`` is None).

        Returns
        -------
        int
            Expansions replayed by this call.
        """
        todo = (
            self.expansions - self.k if n is None else max(0, min(int(n), self.expansions - self.k))
        )
        for _ in range(todo):
            self._advance(new_pass=True)
            self._expand(self.events[self.cursor])
            self.cursor += 1
            self.k += 1
            self._advance(new_pass=False)
        return todo

    def _advance(self, new_pass: bool = True) -> None:
        """Read the events up to the next expansion (generations, a new pass); unless
        ``new_pass``, stop before a new pass, so that a pass's last step shows its tree."""
        while self.cursor < len(self.events) and self.events[self.cursor][0] != "expand":
            event = self.events[self.cursor]
            if event[0] == "iteration" and not new_pass and self.current is not None:
                return
            if event[0] == "iteration":
                self.threshold, self.passes = event[1], self.passes + 1
                self.nodes, self._latest, self.current = {}, ({}, {}), None
            else:
                _, parent, move, child, g, h = event
                self._generate(self._node_of(parent, g), move, child, g, h)
            self.cursor += 1
        if not self.nodes and self.cursor < len(self.events):
            if self.bidirectional:  # two roots: h is known once each is expanded
                self._generate(None, "", self.result.start, 0, 0, side=0)
                self._generate(None, "", self.result.goal, 0, 0, side=1)
            else:
                _, board, g, h = self.events[self.cursor]
                self._generate(None, "", board, g, h)

    def _node_of(self, board, g):
        """The node whose successor (at cost ``g``) is generated: the one being expanded,
        or (a depth-first search back from a child) its ancestor holding ``board`` at
        cost ``g - 1`` (a state may recur on the path of a tree search)."""
        node = self.current
        while node is not None:
            here = self.nodes[node]
            if here.board == board and (g is None or g < 0 or here.g == g - 1):
                return node
            node = here.parent
        return self._latest[0].get(board, self.current)

    def _generate(self, parent, move, board, g, h, side=0) -> None:
        depth = 0 if parent is None else self.nodes[parent].depth + 1
        g = depth if g is None or g < 0 else g  # BFS keeps no costs: g is the depth
        if parent is not None:
            side = self.nodes[parent].side
        node = Node(self.next_id, board, parent, move, depth, g, h, f=g + h, side=side)
        if parent is not None and self.spec.backs_up:  # a child inherits its parent's f
            node.f = max(node.f, self.nodes[parent].f)
        self.nodes[node.id] = node
        self._latest[side][board] = node.id
        if parent is not None:
            self.nodes[parent].children.append(node.id)
            self.generated += self.reports_every_node
        self.next_id += 1

    def _expand(self, event) -> None:
        _, board, g, h = event
        node = self._side_of(board, g, h) if self.bidirectional else self._latest[0].get(board)
        if self.spec.backs_up and self.current is not None:
            node = next((n for n in self.frontier() if self.nodes[n].board == board), node)
        if node is None:
            raise ValueError(f"board {board} is expanded but was never generated")
        if self.spec.backs_up:
            self._give_up(self.nodes[node].parent)
        if self.nodes[node].children:  # RBFS comes back to a subtree it forgot
            self._forget(self.nodes[node].children)
            self.nodes[node].children = []
        self.nodes[node].given_up = False
        self.nodes[node].order = self.k
        self.current = node
        if not self.reports_every_node:
            self.generated += len(board.legal_moves())

    def _side_of(self, board, g, h) -> int | None:
        """The node a bidirectional search expands: its state waits on one side at ``g``
        (see the class's Notes)."""
        waiting = []
        for latest in self._latest:
            node = self.nodes.get(latest.get(board, -1))
            if node is not None and node.order is None and (g < 0 or node.g == g):
                waiting.append(node)
        if len(waiting) > 1:
            waiting = [n for n in waiting if n.h == h] or waiting
        if len(waiting) > 1 and self.current is not None:
            side = 1 - self.nodes[self.current].side
            waiting = [n for n in waiting if n.side == side] or waiting
        if waiting:
            waiting[0].h = h  # a root's h is known once it is expanded
            waiting[0].f = waiting[0].g + h
        return waiting[0].id if waiting else None

    def _give_up(self, keep) -> None:
        """Give up the path below node ``keep``, deepest first: each node on it waits
        again, its f backed up to the least f of its children."""
        node = self.current
        while node is not None and node != keep:
            here = self.nodes[node]
            here.f = min((self.nodes[c].f for c in here.children), default=math.inf)
            here.given_up = True
            node = here.parent

    def _forget(self, ids) -> None:
        stack = list(ids)
        while stack:
            gone = self.nodes.pop(stack.pop())
            stack.extend(gone.children)

    # ------------------------------------------------------------------ reading
    def path_nodes(self) -> list[int]:
        """The nodes on the way from the root to the node just expanded."""
        path, node = [], self.current
        while node is not None:
            path.append(node)
            node = self.nodes[node].parent
        return path[::-1]

    def frontier(self) -> list[int]:
        """The nodes waiting to be expanded, in the order the algorithm takes them."""
        waiting = [n for n in self.nodes.values() if n.order is None or n.given_up]
        if not self.reports_every_node:  # a node whose state was reached again more cheaply
            waiting = [n for n in waiting if self._latest[n.side][n.board] == n.id]
        if self.spec.family == "depth-first":  # the path and the siblings along it
            on_path = set(self.path_nodes()) or {0}
            waiting = [n for n in waiting if n.parent in on_path or n.parent is None]
            if self.threshold is not None and self.spec.depth_first:
                bound = self.threshold
                # what a pass expands: f within the bound, or a depth below the limit
                waiting = [n for n in waiting if (n.g + n.h <= bound if self.informed
                                                  else n.depth < bound)]  # fmt: skip
        return [n.id for n in sorted(waiting, key=self._key)]

    def f_of(self, node: Node) -> float:
        """The f the algorithm orders by: g + h (A*, IDA*, RBFS), g + w h, h (greedy), g."""
        if self.spec.family == "best-first":
            return self._key(node)[0]
        return node.g + node.h if self.informed else node.g

    def counts(self) -> dict:
        """Expanded, generated, frontier and stored after the steps replayed so far.

        At the end they are the result's own counts (``max_stored`` for stored).
        """
        if self.done:
            stats = self.result.stats
            return {"expanded": stats.expanded, "generated": stats.generated,
                    "frontier": len(self.frontier()), "stored": stats.max_stored}  # fmt: skip
        if self.reports_every_node:  # depth-first: the current path
            stored = len(self.path_nodes()) or 1
        else:  # graph search: every state reached, frontier and closed
            stored = len(self._latest[0]) + len(self._latest[1])
        return {"expanded": self.k, "generated": self.generated,
                "frontier": len(self.frontier()), "stored": stored}  # fmt: skip

    def meetings(self) -> list[tuple[int, int]]:
        """Where the two trees of a bidirectional search meet: ``(forward node, backward
        node)`` of each state both trees hold."""
        forward, backward = self._latest
        return [(node, backward[board]) for board, node in forward.items() if board in backward]

    def solution_nodes(self) -> list[int]:
        """The nodes of the result's path in the tree, root first (once done); for a
        bidirectional search the forward tree's part, then the backward tree's."""
        if not self.done or not self.result.solved or not self.nodes:
            return []
        if self.bidirectional:
            return self._solution_both_ways()
        node, nodes = min(self.nodes), [min(self.nodes)]
        for move in self.result.path:
            children = [c for c in self.nodes[node].children if self.nodes[c].move == move]
            if not children:
                break
            node = children[-1]
            nodes.append(node)
        return nodes

    def _solution_both_ways(self) -> list[int]:
        boards = [self.result.start]
        for move in self.result.path:
            boards.append(boards[-1].apply(move))
        nodes, length = [], len(boards) - 1
        for i, board in enumerate(boards):
            for side, depth in ((0, i), (1, length - i)):
                node = self.nodes.get(self._latest[side].get(board, -1))
                if node is not None and node.depth == depth:
                    nodes.append(node.id)
                    break
        return nodes

    def tree(self) -> nx.DiGraph:
        """The tree so far as :func:`eightlab.viz.trees.draw_search_tree` reads it."""
        root = min(self.nodes) if self.nodes else 0
        tree = nx.DiGraph(root=root)
        on_path = set(self.solution_nodes())
        for n in self.nodes.values():
            tree.add_node(n.id, board=n.board, move=n.move, depth=n.depth, g=n.g, h=n.h,
                          f=self.f_of(n), order=n.order, on_path=n.id in on_path)  # fmt: skip
            if n.parent is not None:
                tree.add_edge(n.parent, n.id, move=n.move)
        return tree

    def state_key(self, node: Node):
        """What identifies a node's state in :meth:`graph_layout`: its board, or
        ``(side, board)`` for a bidirectional search (a state may be on both trees)."""
        return (node.side, node.board) if self.bidirectional else node.board

    def graph_layout(self) -> tuple[dict, list]:
        """Places of every state the whole search reaches, on rings by depth from the
        start (computed once).

        A bidirectional search's states are on two discs side by side, the forward
        tree's around the start on the left, the backward tree's around the goal on the
        right, keyed by :meth:`state_key`.

        Returns
        -------
        (dict, list)
            ``{state: (x, y)}`` and the ``(parent, child)`` state pairs of first
            discovery (a spanning tree of the states reached); the ring of a state is
            :meth:`graph_depths`.
        """
        if getattr(self, "_graph", None) is None:
            if self.bidirectional:
                self._graph = self._two_discs()
            else:
                self._graph = _radial(self._first_discovery())
        return self._graph[:2]

    def graph_depths(self) -> dict:
        """``{state: depth}`` of the states of :meth:`graph_layout` (moves from its root)."""
        self.graph_layout()
        return self._graph[2]

    def _first_discovery(self) -> tuple[list, list]:
        """The states of the whole search in the order first reached, and the
        ``(parent, child)`` pairs of their first discovery."""
        states, edges, seen = [], [], set()
        for event in self.events:
            if event[0] == "expand" and not states:
                states.append(event[1])
                seen.add(event[1])
            elif event[0] == "generate" and event[3] not in seen:
                states.append(event[3])
                seen.add(event[3])
                edges.append((event[1], event[3]))
        return states, edges

    def _two_discs(self) -> tuple[dict, list, dict]:
        whole = copy.copy(self)  # the same events, replayed to the end on its own
        whole.reset()
        whole.step(None)
        sides = [([], []), ([], [])]
        seen = set()
        for node in sorted(whole.nodes.values(), key=lambda n: n.id):
            key = whole.state_key(node)
            if key in seen:
                continue
            seen.add(key)
            states, edges = sides[node.side]
            states.append(key)
            if node.parent is not None:
                edges.append((whole.state_key(whole.nodes[node.parent]), key))
        pos, edges, depth = {}, [], {}
        discs = [_radial(side) for side in sides]
        radii = [max(d.values(), default=0) + 1 for *_, d in discs]
        for (places, links, depths), shift in zip(discs, (-radii[0], radii[1]), strict=True):
            pos.update({s: (x + shift, y) for s, (x, y) in places.items()})
            edges += links
            depth.update(depths)
        return pos, edges, depth


def _radial(discovery) -> tuple[dict, list, dict]:
    """States on rings by depth, each parent's children next to each other.

    Parameters
    ----------
    discovery : (list, list)
        The states in the order first reached (the root first) and the ``(parent,
        child)`` pairs of their discovery.

    Returns
    -------
    (dict, list, dict)
        ``{state: (x, y)}`` around (0, 0), the pairs, and ``{state: depth}``.
    """
    states, edges = discovery
    ids = {s: i for i, s in enumerate(states)}
    graph = nx.DiGraph(root=0)
    graph.add_nodes_from(range(len(states)))
    graph.add_edges_from((ids.get(u, 0), ids[v]) for u, v in edges)
    layered = tree_layout(graph)
    leaves = 1 + max(x for x, _ in layered.values())
    pos, depth = {}, {}
    for i, (x, y) in layered.items():  # angle from the layout's x: children by parents
        angle = math.pi / 2 - 2 * math.pi * (x + 0.5) / leaves
        pos[states[i]] = (-y * math.cos(angle), -y * math.sin(angle))
        depth[states[i]] = int(-y)
    return pos, edges, depth


def unfit_reason(algorithm: str, heuristic: str, start, goal=None) -> str | None:
    """Why the explorer refuses this algorithm with this heuristic on these boards, or None.

    Raises
    ------
    EightlabError
        On an unknown name or a bad board (the message names it).
    """
    spec = get_algorithm(algorithm)
    start = as_board(start)
    if goal is not None:
        goal_or_default(goal, start)
    h = get_heuristic(heuristic)
    if spec.informed and not h.applies_to(start):
        sizes = " or ".join(f"{r}x{c}" for r, c in sorted(h.shapes))
        return (
            f"the heuristic {h.name} is defined on {sizes} boards only, and this board is "
            f"{start.rows}x{start.cols}"
        )
    return None


__all__ = ["Node", "Replay", "unfit_reason"]
