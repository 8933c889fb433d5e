"""The algorithms of the tutorials as a textbook prints them: short, plain, on boards.

Each function is the lesson: a dozen lines that a notebook shows with
``inspect.getsource`` and runs beside the instrumented search of :mod:`eightlab.search`.
They work on :class:`~eightlab.board.Board` objects (``board.successors()`` gives the
moves d, l, r, u with their boards), keep their paths as strings of moves, and count
what AIMA counts in a :class:`Counts`:

* :func:`breadth_first`: a FIFO queue for the frontier, a dict of the boards reached;
  goal test when a board is generated (AIMA 4th ed., Fig. 3.9).
* :func:`depth_limited` and :func:`iterative_deepening`: depth-first search to a limit,
  then to limits 0, 1, 2, ... (AIMA Figs. 3.12-3.13; Korf 1985).
* :func:`best_first`: a priority queue ordered by ``f(g, h)``; uniform-cost search,
  greedy best-first search, A* and weighted A* are one-line choices of ``f``
  (:data:`UCS`, :data:`GREEDY`, :data:`ASTAR`, :func:`weighted`) (AIMA Fig. 3.7).
* :func:`ida_star`: depth-first passes bounded by f = g + h, each next bound the
  smallest f that was cut off (Korf 1985).
* :func:`distances_from`: the distance of every board from a goal, by one BFS (the
  state space of tutorial 01).

:func:`source` returns a function's source as Markdown for a notebook to display.

Their answers and counts equal the instrumented searches' (``tests/test_textbook.py``):
the same move order, the same goal tests, the same tie-breaking (smaller f, then larger
g, then first in); the depth-first ones never undo the previous move, as eightlab's do.
The one difference: :func:`best_first` with :data:`GREEDY` puts a board back on the
frontier when it finds a shorter path to it, which eightlab's greedy search does not.
They have no budgets: run them on small problems.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from heapq import heappop, heappush
from itertools import count

from eightlab.board import INVERSE

#: What :func:`depth_limited` returns when it stopped at its limit (AIMA's *cutoff*).
CUTOFF = "cutoff"


@dataclass
class Counts:
    """Nodes expanded and generated (AIMA's definitions), and one row per pass."""

    expanded: int = 0
    generated: int = 0
    passes: list = field(default_factory=list)


def breadth_first(start, goal, counts=None):
    """Breadth-first search: a shortest path from start to goal, or None."""
    counts = counts if counts is not None else Counts()
    if start == goal:
        return ""
    frontier = deque([start])  # first in, first out: shallowest boards first
    reached = {start: ""}  # every board seen, with the path that reached it
    while frontier:
        board = frontier.popleft()
        counts.expanded += 1
        for move, child in board.successors():
            counts.generated += 1
            if child not in reached:
                reached[child] = reached[board] + move
                if child == goal:  # goal test on generation
                    return reached[child]
                frontier.append(child)
    return None


def depth_limited(board, goal, limit, counts=None, previous=""):
    """A path of at most ``limit`` moves from board to goal, None, or CUTOFF."""
    counts = counts if counts is not None else Counts()
    if board == goal:
        return ""
    if limit == 0:
        return CUTOFF
    counts.expanded += 1
    cut_off = False
    for move, child in board.successors():
        if move == INVERSE.get(previous):
            continue  # never undo the previous move
        counts.generated += 1
        result = depth_limited(child, goal, limit - 1, counts, move)
        if result == CUTOFF:
            cut_off = True
        elif result is not None:
            return move + result
    return CUTOFF if cut_off else None


def iterative_deepening(start, goal, counts=None, max_depth=80):
    """Depth-limited search with limits 0, 1, 2, ...: a shortest path, or None."""
    counts = counts if counts is not None else Counts()
    for limit in range(max_depth + 1):
        before = (counts.expanded, counts.generated)
        result = depth_limited(start, goal, limit, counts)
        counts.passes.append({"threshold": limit, "expanded": counts.expanded - before[0],
                              "generated": counts.generated - before[1]})  # fmt: skip
        if result != CUTOFF:
            return result
    return None


def best_first(start, goal, f, h=lambda board: 0, counts=None):
    """Best-first graph search on f(g, h); goal test when a board leaves the frontier."""
    counts = counts if counts is not None else Counts()
    ties = count()  # among equal f: larger g first, then first in
    frontier = [(f(0, h(start)), 0, next(ties), start, "")]
    best_g = {start: 0}
    while frontier:
        _, minus_g, _, board, path = heappop(frontier)
        if -minus_g > best_g[board]:
            continue  # a stale entry: a shorter path to this board came later
        if board == goal:
            return path
        counts.expanded += 1
        for move, child in board.successors():
            counts.generated += 1
            g = len(path) + 1
            if g < best_g.get(child, math.inf):
                best_g[child] = g
                heappush(frontier, (f(g, h(child)), -g, next(ties), child, path + move))
    return None


#: f of uniform-cost search (Dijkstra): the cost so far.
def UCS(g, h):  # noqa: N802 - named like the algorithm
    return g


#: f of greedy best-first search: the estimate alone.
def GREEDY(g, h):  # noqa: N802
    return h


#: f of A*: cost so far plus estimate.
def ASTAR(g, h):  # noqa: N802
    return g + h


def weighted(w):
    """f of weighted A*, g + w * h: paths at most w times the shortest."""
    return lambda g, h: g + w * h


def ida_star(start, goal, h, counts=None):
    """IDA*: depth-first passes bounded by f = g + h; a shortest path if h is admissible."""
    counts = counts if counts is not None else Counts()
    if start == goal:
        return ""
    bound = h(start)
    while True:
        before = (counts.expanded, counts.generated)
        result = bounded_search(start, goal, 0, bound, h, counts)
        counts.passes.append({"threshold": bound, "expanded": counts.expanded - before[0],
                              "generated": counts.generated - before[1]})  # fmt: skip
        if isinstance(result, str):
            return result
        if result == math.inf:
            return None
        bound = result  # the smallest f that was cut off


def bounded_search(board, goal, g, bound, h, counts, previous=""):
    """A path to goal within f <= bound (a str), or the smallest f above the bound."""
    counts.expanded += 1
    smallest = math.inf
    for move, child in board.successors():
        if move == INVERSE.get(previous):
            continue  # never undo the previous move
        counts.generated += 1
        f = g + 1 + h(child)
        if f > bound:
            smallest = min(smallest, f)
        elif child == goal:
            return move
        else:
            result = bounded_search(child, goal, g + 1, bound, h, counts, move)
            if isinstance(result, str):
                return move + result
            smallest = min(smallest, result)
    return smallest


__all__ = [
    "ASTAR",
    "CUTOFF",
    "GREEDY",
    "UCS",
    "Counts",
    "best_first",
    "bounded_search",
    "breadth_first",
    "depth_limited",
    "distances_from",
    "ida_star",
    "iterative_deepening",
    "source",
    "weighted",
]


def distances_from(goal, radius=None):
    """Every board within ``radius`` moves of goal (all of them if None), by BFS."""
    distance = {goal: 0}
    frontier = deque([goal])
    while frontier:
        board = frontier.popleft()
        if distance[board] == radius:
            continue  # the edge of the ball: do not look further
        for _move, child in board.successors():
            if child not in distance:
                distance[child] = distance[board] + 1
                frontier.append(child)
    return distance


def source(function):
    """The source of ``function`` as a Markdown code block, for a notebook to display.

    Returns
    -------
    IPython.display.Markdown
        Rendered with syntax colours by JupyterLab, GitHub and the HTML export; no
        JavaScript.
    """
    import inspect

    from IPython.display import Markdown

    return Markdown(f"```python\n{inspect.getsource(function).rstrip()}\n```")
