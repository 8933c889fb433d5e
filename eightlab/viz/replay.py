"""A recorded search replayed one expansion at a time (no matplotlib, no widgets).

:class:`Replay` runs :func:`eightlab.search.solve` once with a
:class:`~eightlab.search.RecordingObserver` and walks its events forward: after each
:meth:`Replay.step` it knows the tree grown so far (the current pass's, for IDA* and
the iterative deepening searches), the frontier in the order the algorithm takes it,
the node just expanded and the counts. :mod:`eightlab.viz.explorer` draws it.
"""

from __future__ import annotations

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
    orders it by when that is backed up (RBFS), and ``given_up`` whether its search left
    its subtree and may come back to it.
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

    Raises
    ------
    EightlabError
        What :func:`~eightlab.search.solve` raises on bad boards or names; for a
        bidirectional algorithm, which has no one frontier.
    """

    def __init__(self, start, goal=None, algorithm="astar", heuristic="manhattan", **options):
        self.spec = get_algorithm(algorithm)
        self.algorithm = self.spec.name
        self.informed = self.spec.informed
        key = self.spec.frontier_key(**options)
        observer = RecordingObserver()
        heuristic = heuristic if self.informed else None  # an uninformed search takes none
        self.result = solve(start, goal, algorithm, heuristic, observer=observer, **options)
        self.events = observer.events
        self.expand_at = [i for i, e in enumerate(self.events) if e[0] == "expand"]
        self.expansions = len(self.expand_at)
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
        self._latest: dict = {}
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
            self._expand(self.events[self.cursor])
            self.cursor += 1
            self.k += 1
            self._advance()
        return todo

    def _advance(self) -> None:
        """Read the events up to the next expansion (generations, a new pass)."""
        while self.cursor < len(self.events) and self.events[self.cursor][0] != "expand":
            event = self.events[self.cursor]
            if event[0] == "iteration":
                self.threshold, self.passes = event[1], self.passes + 1
                self.nodes, self._latest, self.current = {}, {}, None
            else:
                _, parent, move, child, g, h = event
                self._generate(self._node_of(parent, g), move, child, g, h)
            self.cursor += 1
        if not self.nodes and self.cursor < len(self.events):
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
        return self._latest.get(board, self.current)

    def _generate(self, parent, move, board, g, h) -> None:
        depth = 0 if parent is None else self.nodes[parent].depth + 1
        g = depth if g is None or g < 0 else g  # BFS keeps no costs: g is the depth
        node = Node(self.next_id, board, parent, move, depth, g, h, f=g + h)
        if parent is not None and self.spec.backs_up:  # a child inherits its parent's f
            node.f = max(node.f, self.nodes[parent].f)
        self.nodes[node.id] = node
        self._latest[board] = node.id
        if parent is not None:
            self.nodes[parent].children.append(node.id)
            self.generated += self.reports_every_node
        self.next_id += 1

    def _expand(self, event) -> None:
        _, board, g, _h = event
        node = self._latest.get(board)
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
            waiting = [n for n in waiting if self._latest[n.board] == n.id]
        if self.spec.family == "depth-first":  # the path and the siblings along it
            on_path = set(self.path_nodes()) or {0}
            waiting = [n for n in waiting if n.parent in on_path or n.parent is None]
            if self.threshold is not None and self.spec.depth_first:
                bound = self.threshold
                waiting = [n for n in waiting if (n.g + n.h if self.informed else n.depth) <= bound]
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
            stored = len({n.board for n in self.nodes.values()})
        return {"expanded": self.k, "generated": self.generated,
                "frontier": len(self.frontier()), "stored": stored}  # fmt: skip

    def solution_nodes(self) -> list[int]:
        """The nodes of the result's path in the tree, root first (once done)."""
        if not self.done or not self.result.solved or not self.nodes:
            return []
        node, nodes = min(self.nodes), [min(self.nodes)]
        for move in self.result.path:
            children = [c for c in self.nodes[node].children if self.nodes[c].move == move]
            if not children:
                break
            node = children[-1]
            nodes.append(node)
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

    def graph_layout(self) -> tuple[dict, list]:
        """Places of every state the whole search reaches (computed once; see
        ``_graph_layout``)."""
        if getattr(self, "_graph", None) is None:
            self._graph = self._graph_layout()
        return self._graph

    def _graph_layout(self) -> tuple[dict, list]:
        """Places of every state the whole search reaches, on rings by depth from the start.

        Returns
        -------
        (dict, list)
            ``{state: (x, y)}`` and the ``(parent, child)`` state pairs of first
            discovery (a spanning tree of the states reached).
        """
        graph = nx.DiGraph(root=0)
        ids: dict = {}
        edges = []
        for event in self.events:
            if event[0] == "expand" and not ids:
                ids[event[1]] = 0
                graph.add_node(0)
            elif event[0] == "generate" and event[3] not in ids:
                parent, child = event[1], event[3]
                ids[child] = len(ids)
                graph.add_edge(ids.get(parent, 0), ids[child])
                edges.append((parent, child))
        states = {i: s for s, i in ids.items()}
        layered = tree_layout(graph)
        leaves = 1 + max(x for x, _ in layered.values())
        pos = {}
        for i, (x, y) in layered.items():  # angle from the layout's x: children by parents
            angle = math.pi / 2 - 2 * math.pi * (x + 0.5) / leaves
            pos[states[i]] = (-y * math.cos(angle), -y * math.sin(angle))
        return pos, edges


def unfit_reason(algorithm: str, heuristic: str, start, goal=None) -> str | None:
    """Why the explorer refuses this algorithm with this heuristic on these boards, or None.

    Raises
    ------
    EightlabError
        On an unknown name or a bad board (the message names it).
    """
    spec = get_algorithm(algorithm)
    start = as_board(start)
    goal = goal_or_default(goal, start) if goal is not None else None
    if spec.bidirectional:
        one_side = "astar" if spec.informed else "bfs"
        return (
            f"{spec.name} grows two trees, one from each end; the explorer draws one "
            f"tree from the start: pick {one_side} to see one side"
        )
    h = get_heuristic(heuristic)
    if spec.informed and not h.applies_to(start):
        sizes = " or ".join(f"{r}x{c}" for r, c in sorted(h.shapes))
        return (
            f"the heuristic {h.name} is defined on {sizes} boards only, and this board is "
            f"{start.rows}x{start.cols}"
        )
    return None


__all__ = ["Node", "Replay", "unfit_reason"]
