"""The one result type of every search: :class:`SearchResult` with its :class:`SearchStats`.

Counts follow AIMA (Russell & Norvig, *Artificial Intelligence: A Modern Approach*,
4th ed., sec. 3.3-3.5):

* **expanded**: nodes whose successors were generated (a node taken from the frontier
  and found to be the goal is not counted as expanded; a stale heap entry that is
  skipped is not a node at all).
* **generated**: successor nodes created, duplicates included (the start node is not
  counted).
* **duplicates**: generated nodes discarded because their state was already reached
  by a path at least as cheap (visited set, closed set, or parent-move pruning is
  *not* counted: a pruned move generates nothing).
* **reopened**: closed states put back on the frontier because a cheaper path to them
  was found (only best-first searches with an inconsistent heuristic do this).
* **max_frontier**: the largest size of the frontier (open list, including stale
  entries of a lazy heap; the recursion depth for depth-first searches).
* **max_stored**: the largest number of states held in memory at once (frontier plus
  closed set / visited table entries; the path for depth-first searches).
* **iterations** and **thresholds**: for iterative searches, the number of
  depth-first passes and the bound each one used.
* **per_iteration**: for iterative searches, one row per pass (threshold, expanded,
  generated of that pass alone), as research codes print them.
* **per_direction**: for bidirectional heuristic searches, the counts of each side, the
  g of the nodes each side expanded, the meeting point and the stopping rule that fired.

The conventions that decide these counts, and that differ between families, are
stated once in :data:`CONVENTIONS`; every results folder records them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from numbers import Integral, Real

from eightlab.puzzle.board import Board


class Status(StrEnum):
    """How a search ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    BUDGET_EXCEEDED = "budget_exceeded"
    CUTOFF = "cutoff"  # depth-limited search: no goal within the limit (AIMA's cutoff)


#: The counting conventions that move counts between families, in one place. They are
#: shown beside every table and figure that compares counts across families and saved
#: in the ``conventions`` entry of every results folder's provenance.json.
CONVENTIONS: dict[str, str] = {
    "goal_test": (
        "Breadth-first and the depth-first family (BFS, bidirectional BFS, DLS, IDDFS, "
        "iddfs-tree, iddfs-h, IDA*) test for the goal when a node is generated (a later "
        "sibling of the goal is never generated); best-first searches (UCS, greedy, A*, "
        "weighted A*) and RBFS test when a node is taken from the frontier, so their last "
        "layer is generated but not expanded."
    ),
    "expanded": (
        "A node is expanded when its successors are generated; the goal node itself is "
        "never counted as expanded."
    ),
    "generated": (
        "Every successor created counts as generated, duplicates included; the start "
        "node does not count."
    ),
    "parent": (
        "BFS, bidirectional BFS, A* and the other best-first searches generate the parent "
        "again (counted as a generated duplicate); the depth-first searches (DLS, IDDFS, "
        "iddfs-h, IDA*, RBFS) never generate the move that undoes the previous one; the "
        "textbook tree iterative deepening (iddfs-tree) does generate it, as AIMA's does."
    ),
    "tie_breaking": (
        "Among frontier nodes of equal f, best-first searches take the larger g first, "
        "then the one generated first (FIFO) (A*'s option tie_breaking chooses LIFO, FIFO "
        "or the smaller g instead); RBFS takes the earlier move among siblings "
        "of equal f; depth-first searches follow the move order."
    ),
    "move_order": (
        "Successors are generated with the blank moving d, l, r, u (down, left, right, up)."
    ),
    "effective_branching_factor": (
        "b* solves N = b* + b*^2 + ... + b*^d for N nodes generated and d the optimal "
        "solution length (AIMA 3rd ed., sec. 3.6.1)."
    ),
    "iterations": (
        "Iterative searches (IDDFS, iddfs-tree, iddfs-h, IDA*) add up expanded and "
        "generated over all their depth-first passes; per_iteration gives each pass alone."
    ),
}


@dataclass
class SearchStats:
    """Instrumentation counts of one search run (definitions in the module docstring).

    Attributes
    ----------
    expanded, generated, duplicates, reopened : int
        Node counts.
    max_frontier, max_stored : int
        Peak sizes, in states.
    iterations : int
        Depth-first passes of an iterative search (1 for the others that ran).
    thresholds : list of float
        The bound of each pass of an iterative search.
    per_iteration : list of dict
        One row per pass of an iterative search: ``iteration`` (1-based),
        ``threshold``, and the ``expanded`` and ``generated`` nodes of that pass alone.
    per_direction : dict
        Bidirectional heuristic searches (MM, NBS, GBFHS, naive bidirectional A*):
        ``"forward"`` and ``"backward"`` each map to ``expanded``, ``generated`` and
        ``g_expanded`` (a list: nodes expanded at each g from that side's root);
        ``meeting`` is the board where the returned path joins the two sides,
        ``cost`` its length, ``termination`` the stopping condition that fired; NBS
        adds ``lb_expanded`` (nodes expanded at each lower bound of its pairs). Empty
        for the other searches.
    wall_seconds, cpu_seconds : float
        Elapsed wall-clock and process CPU time of the search, in seconds.
    """

    expanded: int = 0
    generated: int = 0
    duplicates: int = 0
    reopened: int = 0
    max_frontier: int = 0
    max_stored: int = 0
    iterations: int = 0
    thresholds: list = field(default_factory=list)
    per_iteration: list = field(default_factory=list)
    per_direction: dict = field(default_factory=dict)
    wall_seconds: float = 0.0
    cpu_seconds: float = 0.0


@dataclass
class SearchResult:
    """What a search returns.

    Attributes
    ----------
    algorithm : str
        Registry name of the algorithm (``"astar"``, ``"bfs"``, ...).
    heuristic : str or None
        Registry name of the heuristic, None for uninformed searches.
    start, goal : Board
    status : Status
        ``solved``; ``unsolvable`` (by parity, nothing searched, or the search
        exhausted every state it could reach); ``cutoff`` (a depth-limited search found
        no goal within its limit); ``budget_exceeded`` (a node, time or memory budget
        ran out first).
    path : str or None
        Moves of the blank from start to goal when solved, else None.
    stats : SearchStats
    reason : str or None
        Why a search ended without a path: ``"node budget"``, ``"time budget"``,
        ``"memory budget"`` (budget_exceeded), ``"depth limit"`` (cutoff), ``"parity"``
        or ``"search space exhausted"`` (unsolvable); None when solved.
    options : dict
        The algorithm's own options (``limit``, ``weight``, ``lexicographic``, ...) and
        the budgets it ran with (``max_nodes``, ``max_seconds``, ``max_stored``).
    """

    algorithm: str
    heuristic: str | None
    start: Board
    goal: Board
    status: Status
    path: str | None
    stats: SearchStats = field(default_factory=SearchStats)
    reason: str | None = None
    options: dict = field(default_factory=dict)

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @property
    def length(self) -> int | None:
        """Number of moves of the path, None when not solved."""
        return None if self.path is None else len(self.path)

    def to_row(self) -> dict:
        """A flat dict for a tidy table: one column per field and count."""
        stats = asdict(self.stats)
        stats["thresholds"] = " ".join(f"{t:g}" for t in self.stats.thresholds)
        del stats["per_iteration"]
        directions = stats.pop("per_direction")
        if directions:
            for side in ("forward", "backward"):
                stats[f"expanded_{side}"] = directions[side]["expanded"]
                stats[f"generated_{side}"] = directions[side]["generated"]
            stats["meeting"] = directions["meeting"] or ""
            stats["termination"] = directions["termination"]
        return {
            "algorithm": self.algorithm,
            "heuristic": self.heuristic or "",
            "start": str(self.start),
            "goal": str(self.goal),
            "status": str(self.status),
            "reason": self.reason or "",
            "length": self.length,
            "path": self.path,
            **stats,
        }

    def iteration_rows(self) -> list[dict]:
        """One flat row per depth-first pass, for a tidy per-iteration table.

        Returns
        -------
        list of dict
            ``algorithm``, ``heuristic``, ``start``, ``goal``, then ``iteration``,
            ``threshold``, ``expanded`` and ``generated`` of that pass alone (from
            :attr:`SearchStats.per_iteration`); empty for searches that are not
            iterative.
        """
        key = {
            "algorithm": self.algorithm,
            "heuristic": self.heuristic or "",
            "start": str(self.start),
            "goal": str(self.goal),
        }
        return [{**key, **row} for row in self.stats.per_iteration]

    def to_dict(self) -> dict:
        """The whole result as plain JSON types (for ``json.dumps``).

        Returns
        -------
        dict
            ``algorithm``, ``heuristic``, ``start``, ``goal`` (board text), ``status``,
            ``reason``, ``path``, ``length``, ``stats`` (every count of
            :class:`SearchStats`, the thresholds, the ``per_iteration`` rows and the
            times in seconds), ``options`` (the algorithm's options and budgets) and
            ``conventions`` (:data:`CONVENTIONS`).
        """
        return {
            "algorithm": self.algorithm,
            "heuristic": self.heuristic,
            "start": str(self.start),
            "goal": str(self.goal),
            "status": str(self.status),
            "reason": self.reason,
            "path": self.path,
            "length": self.length,
            "stats": _plain(asdict(self.stats)),
            "options": _plain(self.options),
            "conventions": dict(CONVENTIONS),
        }

    def summary(self) -> str:
        """A few human-readable lines: status, length, path and counts."""
        s = self.stats
        name = self.algorithm + (f" ({self.heuristic})" if self.heuristic else "")
        lines = [f"{name}: {self.status}" + (f" ({self.reason})" if self.reason else "")]
        if self.solved:
            lines.append(f"length: {self.length}")
            lines.append(f"path: {self.path}")
        lines.append(
            f"expanded: {s.expanded}  generated: {s.generated}  duplicates: {s.duplicates}  "
            f"reopened: {s.reopened}"
        )
        lines.append(f"max frontier: {s.max_frontier}  max stored: {s.max_stored}")
        for side in ("forward", "backward") if s.per_direction else ():
            counts = s.per_direction[side]
            lines.append(f"{side}: expanded {counts['expanded']}  generated {counts['generated']}")
        if s.per_direction.get("meeting"):
            lines.append(
                f"meeting: {s.per_direction['meeting']}  stopped: {s.per_direction['termination']}"
            )
        if s.thresholds:
            lines.append(
                f"iterations: {s.iterations}  thresholds: {' '.join(f'{t:g}' for t in s.thresholds)}"
            )
        lines.append(f"time: {s.wall_seconds:.6f} s wall, {s.cpu_seconds:.6f} s CPU")
        return "\n".join(lines)


def _plain(value):
    """``value`` with numpy scalars, tuples and enums turned into plain JSON types."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, bool)) or value is None:
        return str(value) if isinstance(value, StrEnum) else value
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, Real):
        return float(value)
    return str(value)
