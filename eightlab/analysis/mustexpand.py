"""The least work of any front-to-end bidirectional search on one board, computed exactly.

Eckerle, Chen, Sturtevant, Zilles & Holte (ICAPS 2017) showed which *pairs* of states
every admissible front-to-end bidirectional search must touch, and Chen, Holte, Zilles &
Sturtevant (IJCAI 2017) turned them into a lower bound. With ``C*`` the optimal cost,
``g_F(u)`` the distance of u from the start, ``g_B(v)`` the distance of v from the goal,
``f_F = g_F + h_F`` (h towards the goal) and ``f_B = g_B + h_B`` (h towards the start):

    the pair (u, v), u on the forward side and v on the backward side, is a
    *must-expand pair* when ``lb(u, v) = max(f_F(u), f_B(v), g_F(u) + g_B(v) + ε) < C*``,

and any such search expands u forward or v backward. ε is the cost of the cheapest edge,
1 on the sliding-tile puzzles (``epsilon=1``, the papers' convention for algorithms
that know it, as NBS and MM do: a path through u and v has at least one more edge;
``epsilon=0`` gives the bound for algorithms that do not use it). The pairs form a
bipartite graph, the *must-expand graph*; a set of expansions that touches every pair is
a vertex cover, so the size of a minimum vertex cover, |VC|, is the least number of
expansions. By König's theorem it equals the size of a maximum matching.

The edges depend on g alone, so states of one side with the same g have the same
neighbours: :func:`must_expand` groups them by g and finds the cover on the groups (a
maximum flow, the matching of the grouped graph, with networkx), which is exact, and
checks it against the closed form of hog2's ``BidirectionalProblemAnalyzer``: cover the
forward states with ``g_F < t`` and the backward states with ``g_B < C* - ε - t``, for the
best t. :func:`must_expand_graph` builds the graph state by state for small boards, and
:func:`minimum_vertex_cover` covers it by Hopcroft-Karp and König (the tests check both
against a brute-force cover). 3x3 boards use the exhaustive tables of
:mod:`eightlab.puzzle.statespace`; smaller boards a breadth-first search.

References
----------
.. [1] J. Eckerle, J. Chen, N. R. Sturtevant, S. Zilles and R. C. Holte, "Sufficient
   conditions for node expansion in bidirectional heuristic search", ICAPS 2017.
.. [2] J. Chen, R. C. Holte, S. Zilles and N. R. Sturtevant, "Front-to-end bidirectional
   heuristic search with near-optimal node expansions", IJCAI 2017.
.. [3] D. König, "Gráfok és mátrixok", 1931 (minimum vertex cover = maximum matching in
   bipartite graphs).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import networkx as nx
import numpy as np

from eightlab.errors import BoardError, EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.puzzle import statespace
from eightlab.puzzle.board import as_board, check_pair, goal_or_default
from eightlab.puzzle.solvability import is_solvable

#: Most states a board may have for the breadth-first tables of non-3x3 boards.
MAX_STATES = 400_000


@dataclass(frozen=True)
class MustExpand:
    """The must-expand graph of one board, grouped by g, and its minimum vertex cover.

    Made by :func:`must_expand`; the parameters are its attributes.

    Attributes
    ----------
    cost : int
        C*, the optimal number of moves.
    epsilon : int
        The ε of the pair rule.
    forward, backward : numpy.ndarray of int64
        ``forward[g]``: states with ``g_F = g`` and ``f_F < C*`` (the forward side's
        vertices), ``backward[g]`` the same for the backward side.
    cover : int
        |VC|, the size of a minimum vertex cover: the least number of expansions of any
        admissible front-to-end bidirectional search on this board (with a consistent
        heuristic, as the papers assume).
    split : int
        A best t: the cover takes the forward states with ``g_F < t`` and the backward
        states with ``g_B < C* - ε - t``.
    """

    cost: int
    epsilon: int
    forward: np.ndarray
    backward: np.ndarray
    cover: int
    split: int

    @property
    def forward_only(self) -> int:
        """States with ``f_F < C*``: what unidirectional A* must expand forward."""
        return int(self.forward.sum())

    @property
    def backward_only(self) -> int:
        """States with ``f_B < C*``: what A* from the goal to the start must expand."""
        return int(self.backward.sum())

    @property
    def bidirectional_wins(self) -> bool:
        """Whether the cover is smaller than both unidirectional searches' must-expand
        sets (hog2's "bidirectional wins!")."""
        return self.cover < min(self.forward_only, self.backward_only)

    def is_pair(self, g_forward: int, g_backward: int) -> bool:
        """Whether groups ``g_F``, ``g_B`` are joined (``g_F + g_B + ε < C*``).

        Parameters
        ----------
        g_forward, g_backward : int
            The g of a forward group and of a backward group.

        Returns
        -------
        bool
            True when every state of the one forms a must-expand pair with every state
            of the other.
        """
        return g_forward + g_backward + self.epsilon < self.cost


def _pair(start, goal):
    start = as_board(start)
    goal = goal_or_default(goal, start)
    check_pair(start, goal)
    if not is_solvable(start, goal):
        raise EightlabError(f"{start} cannot reach {goal}: no path, no must-expand pairs")
    return start, goal


def side_values(start, goal, heuristic) -> tuple[np.ndarray, np.ndarray, int]:
    """g and h (towards ``goal``) of every state with ``g < C*``, and C*.

    The forward side's values; swap start and goal for the backward side.

    Parameters
    ----------
    start, goal : Board or str
        The pair; ``goal`` None for the default goal of the start's size.
    heuristic : str, optional
        A registered heuristic's name.

    Returns
    -------
    g, h : numpy.ndarray
        One entry per state with ``g < C*``.
    cost : int
        C*, the optimal number of moves.

    Raises
    ------
    EightlabError
        For a pair that cannot reach each other.
    """
    _, g, h, cost = _side_states(start, goal, heuristic)
    return g, h, cost


def _side_states(start, goal, heuristic):
    """``(tiles, g, h, C*)`` for the states with ``g < C*`` from ``start``: their cells
    (an int array, one row per state), distance from ``start`` and h towards ``goal``."""
    start, goal = _pair(start, goal)
    if (start.rows, start.cols) == (3, 3):
        g_all = statespace.distance_table(start).astype(np.int64)
        cost = int(g_all[statespace.rank_of(goal)])
        ranks = np.flatnonzero((g_all >= 0) & (g_all < cost))
        g = g_all[ranks]
        tiles = statespace.permutation_table()[ranks]
    else:
        distance = _bfs(start)
        cost = distance[goal.tiles]
        kept = [(t, d) for t, d in distance.items() if d < cost]
        g = np.array([d for _, d in kept], dtype=np.int64)
        tiles = np.array([t for t, _ in kept], dtype=np.int64).reshape(len(kept), start.size)
    if get_heuristic(heuristic).name == "zero":
        return tiles, g, np.zeros(len(g)), cost
    h = get_heuristic(heuristic).bind(goal).evaluate_tiles(tiles)
    return tiles, g, h, cost


def _bfs(root) -> dict[tuple, int]:
    """Distance from ``root`` of every board it can reach (tiles -> moves)."""
    distance = {root.tiles: 0}
    queue = deque([root])
    while queue:
        board = queue.popleft()
        d = distance[board.tiles] + 1
        for _, child in board.successors():
            if child.tiles not in distance:
                if len(distance) >= MAX_STATES:
                    raise BoardError(
                        f"boards with more than {MAX_STATES} states are too large for "
                        f"the exact must-expand graph ({root.rows}x{root.cols})"
                    )
                distance[child.tiles] = d
                queue.append(child)
    return distance


def must_expand(start, goal=None, heuristic="manhattan", epsilon: int = 1) -> MustExpand:
    """The must-expand graph of ``start -> goal``, grouped by g, with |VC|.

    Parameters
    ----------
    start, goal : Board or str
        A solvable pair; ``goal`` defaults to the tiles in order. 3x3 boards, or boards
        of at most :data:`MAX_STATES` states.
    heuristic : str
        Registry name of an admissible (and, for the bound to hold, consistent)
        heuristic; the forward side uses it towards the goal, the backward side
        towards the start.
    epsilon : {1, 0}
        The cheapest edge's cost in the pair rule (see the module docstring).

    Returns
    -------
    MustExpand

    Raises
    ------
    EightlabError
        For an unsolvable pair, an epsilon other than 0 or 1, or a board too large.
    UnknownNameError
        For an unknown heuristic.
    """
    if epsilon not in (0, 1) or isinstance(epsilon, bool):
        raise EightlabError(f"epsilon must be 0 or 1 (moves cost 1), not {epsilon!r}")
    start, goal = _pair(start, goal)
    g_f, h_f, cost = side_values(start, goal, heuristic)
    g_b, h_b, _ = side_values(goal, start, heuristic)
    forward = np.bincount(g_f[g_f + h_f < cost - 1e-9], minlength=max(cost, 1))
    backward = np.bincount(g_b[g_b + h_b < cost - 1e-9], minlength=max(cost, 1))
    cover, split = threshold_cover(forward, backward, cost, epsilon)
    flow = grouped_cover(forward, backward, cost, epsilon)
    if flow != cover:  # two exact methods; a difference is a bug, never a result
        raise AssertionError(f"cover by flow {flow} != closed form {cover}")
    return MustExpand(cost, epsilon, forward, backward, cover, split)


def threshold_cover(forward, backward, cost: int, epsilon: int) -> tuple[int, int]:
    """Least ``sum(forward[:t]) + sum(backward[:cost - epsilon - t])`` over t.

    Exact because a state's neighbours shrink as its g grows: if the forward state of
    least g left out of a cover has ``g_F = t``, the cover holds every backward state
    with ``g_B < C* - ε - t``.

    Parameters
    ----------
    forward, backward : numpy.ndarray of int64
        States per g on each side (``MustExpand.forward``, ``MustExpand.backward``).
    cost : int
        C*, the optimal number of moves.
    epsilon : int
        The cost of the cheapest edge in the pair rule.

    Returns
    -------
    size : int
        The size of the cover, |VC|.
    t : int
        A best split.
    """
    fsum = np.concatenate([[0], np.cumsum(forward)])
    bsum = np.concatenate([[0], np.cumsum(backward)])
    best = None
    for t in range(len(forward) + 1):
        rest = int(np.clip(cost - epsilon - t, 0, len(backward)))
        size = int(fsum[t] + bsum[rest])
        if best is None or size < best[0]:
            best = (size, t)
    return best


def grouped_cover(forward, backward, cost: int, epsilon: int) -> int:
    """|VC| of the grouped graph as a maximum flow, by networkx.

    By König's theorem the cover's size is the maximum matching of the graph with every
    group blown up to its states, which is this flow.

    Parameters
    ----------
    forward, backward : numpy.ndarray of int64
        States per g on each side (``MustExpand.forward``, ``MustExpand.backward``).
    cost : int
        C*, the optimal number of moves.
    epsilon : int
        The cost of the cheapest edge in the pair rule.

    Returns
    -------
    int
        The size of a minimum vertex cover.
    """
    net = nx.DiGraph()
    for i, n in enumerate(forward):
        if n:
            net.add_edge("source", ("F", i), capacity=int(n))
    for j, n in enumerate(backward):
        if n:
            net.add_edge(("B", j), "sink", capacity=int(n))
    for i, n in enumerate(forward):
        for j, m in enumerate(backward):
            if n and m and i + j + epsilon < cost:
                net.add_edge(("F", i), ("B", j))  # no capacity: unbounded
    if "source" not in net or "sink" not in net:
        return 0
    return int(nx.maximum_flow_value(net, "source", "sink"))


def must_expand_graph(start, goal=None, heuristic="manhattan", epsilon: int = 1) -> nx.Graph:
    """The must-expand graph state by state, for small boards (tests, pictures).

    Parameters
    ----------
    start, goal : Board or str
        The pair; ``goal`` None for the default goal of the start's size.
    heuristic : str, optional
        A registered heuristic's name.
    epsilon : int, optional
        The cost of the cheapest edge in the pair rule.

    Returns
    -------
    networkx.Graph
        Nodes ``("F", tiles)`` and ``("B", tiles)`` (``bipartite`` 0 and 1) for the
        states with ``f_F < C*`` and ``f_B < C*``, with their ``g``; an edge for every
        must-expand pair. The same state can be a node of both sides.
    """
    start, goal = _pair(start, goal)
    graph = nx.Graph()
    sides = []
    for tag, part, (a, b) in (("F", 0, (start, goal)), ("B", 1, (goal, start))):
        tiles, g, h, cost = _side_states(a, b, heuristic)
        keep = np.flatnonzero(g + h < cost - 1e-9)
        nodes = [(tuple(tiles[i].tolist()), int(g[i])) for i in keep]
        graph.add_nodes_from(((tag, t), {"bipartite": part, "g": d}) for t, d in nodes)
        sides.append(nodes)
    graph.graph["cost"] = cost
    for u, gu in sides[0]:
        for v, gv in sides[1]:
            if gu + gv + epsilon < cost:
                graph.add_edge(("F", u), ("B", v))
    return graph


def minimum_vertex_cover(graph: nx.Graph) -> set:
    """A minimum vertex cover of a bipartite graph: Hopcroft-Karp, then König.

    Parameters
    ----------
    graph : networkx.Graph
        Bipartite, its sides marked by the node attribute ``bipartite`` (0 or 1), as
        :func:`must_expand_graph` makes it.

    Returns
    -------
    set
        The cover's nodes; its size is the maximum matching's.

    Notes
    -----
    König's construction: Z is every node reachable from an unmatched node of side 0
    by paths that alternate non-matching and matching edges; the cover is side 0
    outside Z and side 1 inside Z (a breadth-first search, linear in the edges).
    """
    left = {n for n, side in graph.nodes(data="bipartite") if side == 0 and graph.degree(n)}
    edges = graph.subgraph([n for n in graph if graph.degree(n)])
    matching = nx.bipartite.hopcroft_karp_matching(edges, top_nodes=left)
    reached = {u for u in left if u not in matching}
    queue = deque(reached)
    while queue:
        u = queue.popleft()  # a side-0 node: leave by a non-matching edge
        for v in edges[u]:
            if v not in reached and matching.get(u) != v:
                reached.add(v)
                w = matching.get(v)  # and come back by the matching edge
                if w is not None and w not in reached:
                    reached.add(w)
                    queue.append(w)
    return (left - reached) | {v for v in reached if v not in left}
