"""The search algorithms, one module per family, and :func:`solve` to call any by name.

Every algorithm takes ``(start, goal=None, ...)`` with boards or their text, the keyword
budgets ``max_nodes``, ``max_seconds`` and ``max_stored`` and an optional ``observer``,
returns a :class:`~eightlab.search.result.SearchResult` and raises the errors that
:func:`~eightlab.search.registry.solve` documents, once for all. The modules:
:mod:`.bfs`, :mod:`.bidirectional`, :mod:`.iddfs` (dls, iddfs, iddfs-tree), :mod:`.iddfs_h`,
:mod:`.bestfirst` (ucs, greedy, A*, weighted A*), :mod:`.idastar`, :mod:`.rbfs`, :mod:`.mm`
(MM and the naive bidirectional A*), :mod:`.nbs`, :mod:`.gbfhs` (with :mod:`.sides`, the
two directions they share); :mod:`.registry` holds every algorithm's record and
:func:`~eightlab.search.registry.solve`, :mod:`.budget` the budgets, :mod:`.harness` the
observers and the run harness these modules share with the compiled engine
(:mod:`eightlab.search.compiled`). A search module is imported when it is first used.
"""

from __future__ import annotations

from importlib import import_module

from eightlab.search.registry import (
    ALGORITHMS,
    COMMON_OPTIONS,
    ENGINES,
    Algorithm,
    get_algorithm,
    register,
    run_label,
    solve,
)

#: Where each name this package re-exports lives, imported on first use.
_LAZY = {
    "TIE_BREAKING": "bestfirst",
    "astar_search": "bestfirst",
    "greedy_best_first_search": "bestfirst",
    "uniform_cost_search": "bestfirst",
    "weighted_astar_search": "bestfirst",
    "breadth_first_search": "bfs",
    "bidirectional_breadth_first_search": "bidirectional",
    "Budget": "budget",
    "default_max_stored": "budget",
    "gbfhs_search": "gbfhs",
    "Observer": "harness",
    "RecordingObserver": "harness",
    "idastar_search": "idastar",
    "depth_limited_search": "iddfs",
    "iterative_deepening_search": "iddfs",
    "iterative_deepening_tree_search": "iddfs",
    "heuristic_iterative_deepening_search": "iddfs_h",
    "mm_search": "mm",
    "naive_bidirectional_astar_search": "mm",
    "nbs_search": "nbs",
    "recursive_best_first_search": "rbfs",
    "SearchResult": "result",
}


def __getattr__(name):
    if name == "available_memory":
        from eightlab.memory import available_memory

        return available_memory
    if name in _LAZY:
        return getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_LAZY, "available_memory"])


__all__ = [
    "ENGINES",
    "ALGORITHMS",
    "Algorithm",
    "Budget",
    "COMMON_OPTIONS",
    "Observer",
    "RecordingObserver",
    "TIE_BREAKING",
    "astar_search",
    "available_memory",
    "bidirectional_breadth_first_search",
    "breadth_first_search",
    "default_max_stored",
    "depth_limited_search",
    "gbfhs_search",
    "get_algorithm",
    "greedy_best_first_search",
    "heuristic_iterative_deepening_search",
    "idastar_search",
    "iterative_deepening_search",
    "iterative_deepening_tree_search",
    "mm_search",
    "naive_bidirectional_astar_search",
    "nbs_search",
    "recursive_best_first_search",
    "register",
    "run_label",
    "solve",
    "uniform_cost_search",
    "weighted_astar_search",
]
