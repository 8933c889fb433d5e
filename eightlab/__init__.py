"""eightlab: a reproducible study of the 8-puzzle and the searches that solve it.

The public names are re-exported here, each imported when first used (so that the
command line loads only what its command needs)::

    >>> from eightlab import Board, solve
    >>> solve("283104765", "123804765").path
    'uldr'
"""

from importlib import import_module

#: Where each public name lives.
_PUBLIC = {
    "BoardError": "eightlab.errors",
    "EightlabError": "eightlab.errors",
    "GoalMismatchError": "eightlab.errors",
    "IllegalMoveError": "eightlab.errors",
    "UnknownNameError": "eightlab.errors",
    "HEURISTICS": "eightlab.heuristics",
    "Heuristic": "eightlab.heuristics",
    "get_heuristic": "eightlab.heuristics",
    "MOVES": "eightlab.puzzle.board",
    "Board": "eightlab.puzzle.board",
    "is_solvable": "eightlab.puzzle.solvability",
    "audit": "eightlab.analysis.audit",
    "ALGORITHMS": "eightlab.search",
    "Observer": "eightlab.search",
    "RecordingObserver": "eightlab.search",
    "get_algorithm": "eightlab.search",
    "solve": "eightlab.search",
    "SearchResult": "eightlab.search.result",
    "SearchStats": "eightlab.search.result",
    "Status": "eightlab.search.result",
    # ipywidgets and matplotlib: the explorer sits on the top floor, above the rest
    "explore": "eightlab.viz.explorer",
}


def __getattr__(name):
    if name == "__version__":  # said once, in pyproject.toml; importlib.metadata is slow to load
        from importlib import metadata

        try:
            return metadata.version("eightlab")
        except metadata.PackageNotFoundError:  # run from a checkout that is not installed
            return "unknown"
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_PUBLIC])


__all__ = sorted(_PUBLIC)
