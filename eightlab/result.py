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
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum

from eightlab.board import Board


class Status(StrEnum):
    """How a search ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    BUDGET_EXCEEDED = "budget_exceeded"


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
        ``solved``, ``unsolvable`` (by parity, nothing searched) or
        ``budget_exceeded`` (the node or time budget ran out first).
    path : str or None
        Moves of the blank from start to goal when solved, else None.
    stats : SearchStats
    """

    algorithm: str
    heuristic: str | None
    start: Board
    goal: Board
    status: Status
    path: str | None
    stats: SearchStats = field(default_factory=SearchStats)

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
        return {
            "algorithm": self.algorithm,
            "heuristic": self.heuristic or "",
            "start": str(self.start),
            "goal": str(self.goal),
            "status": str(self.status),
            "length": self.length,
            "path": self.path,
            **stats,
        }

    def summary(self) -> str:
        """A few human-readable lines: status, length, path and counts."""
        s = self.stats
        name = self.algorithm + (f" ({self.heuristic})" if self.heuristic else "")
        lines = [f"{name}: {self.status}"]
        if self.solved:
            lines.append(f"length: {self.length}")
            lines.append(f"path: {self.path}")
        lines.append(
            f"expanded: {s.expanded}  generated: {s.generated}  duplicates: {s.duplicates}  "
            f"reopened: {s.reopened}"
        )
        lines.append(f"max frontier: {s.max_frontier}  max stored: {s.max_stored}")
        if s.thresholds:
            lines.append(
                f"iterations: {s.iterations}  thresholds: {' '.join(f'{t:g}' for t in s.thresholds)}"
            )
        lines.append(f"time: {s.wall_seconds:.6f} s wall, {s.cpu_seconds:.6f} s CPU")
        return "\n".join(lines)
