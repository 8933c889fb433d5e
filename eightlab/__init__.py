"""eightlab: a reproducible study of the 8-puzzle and the searches that solve it.

The public names are re-exported here::

    >>> from eightlab import Board, solve
    >>> solve("283104765", "123804765").path
    'uldr'
"""

from eightlab.errors import (
    BoardError,
    EightlabError,
    GoalMismatchError,
    IllegalMoveError,
    UnknownNameError,
)
from eightlab.heuristics import HEURISTICS, Heuristic, get_heuristic
from eightlab.puzzle.board import MOVES, Board
from eightlab.puzzle.solvability import is_solvable
from eightlab.search import ALGORITHMS, Observer, RecordingObserver, get_algorithm, solve
from eightlab.search.result import SearchResult, SearchStats, Status


def __getattr__(name):
    if name == "__version__":  # said once, in pyproject.toml; importlib.metadata is slow to load
        from importlib import metadata

        try:
            return metadata.version("eightlab")
        except metadata.PackageNotFoundError:  # run from a checkout that is not installed
            return "unknown"
    # eightlab.viz.explorer imports ipywidgets and matplotlib: only when it is asked for (this
    # package's facade sits on the top floor, above everything it re-exports)
    if name == "explore":
        from eightlab.viz.explorer import explore

        return explore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ALGORITHMS",
    "HEURISTICS",
    "MOVES",
    "Board",
    "BoardError",
    "EightlabError",
    "GoalMismatchError",
    "Heuristic",
    "IllegalMoveError",
    "Observer",
    "RecordingObserver",
    "SearchResult",
    "SearchStats",
    "Status",
    "UnknownNameError",
    "explore",
    "get_algorithm",
    "get_heuristic",
    "is_solvable",
    "solve",
]
