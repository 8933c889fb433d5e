"""The search algorithms, one module per family, and :func:`solve` to call any by name.

Every algorithm takes ``(start, goal=None, ...)`` with boards or their text, the keyword
budgets ``max_nodes``, ``max_seconds`` and ``max_stored`` and an optional ``observer``,
returns a :class:`~eightlab.search.result.SearchResult` and raises the errors that :func:`solve`
documents, once for all. The modules: :mod:`.bfs`,
:mod:`.bidirectional`, :mod:`.iddfs` (dls, iddfs, iddfs-tree), :mod:`.iddfs_h`,
:mod:`.bestfirst` (ucs, greedy, A*, weighted A*), :mod:`.idastar`, :mod:`.rbfs`,
:mod:`.mm` (MM and the naive bidirectional A*), :mod:`.nbs`, :mod:`.gbfhs` (with
:mod:`._sides`, the two directions they share); :mod:`eightlab.search.budget` holds the
budgets, :mod:`eightlab.search.harness` the observers and the run harness these modules share
with the compiled engine (:mod:`eightlab.search.compiled`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eightlab.errors import EightlabError, UnknownNameError
from eightlab.memory import available_memory
from eightlab.puzzle.board import as_board
from eightlab.search.bestfirst import (
    TIE_BREAKING,
    astar_search,
    greedy_best_first_search,
    uniform_cost_search,
    weighted_astar_search,
)
from eightlab.search.bfs import breadth_first_search
from eightlab.search.bidirectional import bidirectional_breadth_first_search
from eightlab.search.budget import Budget, default_max_stored
from eightlab.search.gbfhs import gbfhs_search
from eightlab.search.harness import Observer, RecordingObserver
from eightlab.search.idastar import idastar_search
from eightlab.search.iddfs import (
    depth_limited_search,
    iterative_deepening_search,
    iterative_deepening_tree_search,
)
from eightlab.search.iddfs_h import heuristic_iterative_deepening_search
from eightlab.search.mm import mm_search, naive_bidirectional_astar_search
from eightlab.search.nbs import nbs_search
from eightlab.search.rbfs import recursive_best_first_search
from eightlab.search.result import SearchResult


@dataclass(frozen=True)
class Algorithm:
    """A registered algorithm: what :func:`solve`, the CLI and the notebooks call by name.

    :func:`register` adds one to :data:`ALGORITHMS`, which holds them by name.

    Attributes
    ----------
    name : str
        Registry name (lowercase, hyphenated).
    function : callable
        ``function(start, goal, **options) -> SearchResult``; informed ones take
        ``heuristic`` as their third argument.
    informed : bool
        Whether it uses a heuristic.
    optimal : bool
        Whether it returns a shortest path (with an admissible heuristic if informed).
    description : str
    options : tuple of str
        Names of the algorithm's own keyword options (``"lexicographic"``, ``"weight"``).
    label : str
        Display name in tables and legends (``"A*"``); the registry name when empty.
    bidirectional : bool
        Whether it grows two trees, one from each end (what the explorer cannot draw).
    """

    name: str
    function: Callable[..., SearchResult]
    informed: bool
    optimal: bool
    description: str
    options: tuple = ()
    label: str = ""
    bidirectional: bool = False

    def __post_init__(self):
        if not self.label:
            object.__setattr__(self, "label", self.name)


def _bfs_cantor(start, goal=None, **options):
    return breadth_first_search(start, goal, visited="cantor", **options)


#: Every algorithm by registry name.
ALGORITHMS: dict[str, Algorithm] = {}


def register(algorithm: Algorithm) -> Algorithm:
    """Add an algorithm to :data:`ALGORITHMS` and return it."""
    ALGORITHMS[algorithm.name] = algorithm
    return algorithm


# fmt: off
register(Algorithm("bfs", breadth_first_search, informed=False, optimal=True, description="breadth-first search, hash-set visited table", label="BFS"))
register(Algorithm("bfs-cantor", _bfs_cantor, informed=False, optimal=True, description="breadth-first search, Cantor-rank bytearray visited table", label="BFS (Cantor table)"))
register(Algorithm("bidirectional-bfs", bidirectional_breadth_first_search, informed=False, optimal=True, description="bidirectional breadth-first search, layer by layer", label="bidirectional BFS", bidirectional=True))
register(Algorithm("dls", depth_limited_search, informed=False, optimal=False, description="depth-limited depth-first search (limit = 31 on 3x3 by default); cutoff if no goal within it", options=("limit",), label="DLS"))
register(Algorithm("iddfs", iterative_deepening_search, informed=False, optimal=True, description="iterative deepening depth-first search (limits 0, 1, 2, ...), never undoing the last move", label="IDDFS"))
register(Algorithm("iddfs-tree", iterative_deepening_tree_search, informed=False, optimal=True, description="the textbook's iterative deepening (AIMA): plain tree search, the move back included", label="IDDFS (tree)"))
register(Algorithm("iddfs-h", heuristic_iterative_deepening_search, informed=True, optimal=True, description="iterative deepening pruning g + h > bound, bound += 1 per pass", label="IDDFS (h pruning)"))
register(Algorithm("ucs", uniform_cost_search, informed=False, optimal=True, description="uniform-cost search (f = g)", label="UCS"))
register(Algorithm("greedy", greedy_best_first_search, informed=True, optimal=False, description="greedy best-first search (f = h)", label="greedy"))
register(Algorithm("astar", astar_search, informed=True, optimal=True, description="A* (f = g + h)", options=("tie_breaking",), label="A*"))
register(Algorithm("weighted-astar", weighted_astar_search, informed=True, optimal=False, description="weighted A* (f = g + w*h, w = 2 by default)", options=("weight",), label="weighted A*"))
register(Algorithm("idastar", idastar_search, informed=True, optimal=True, description="IDA* (depth-first passes bounded by f = g + h)", options=("lexicographic",), label="IDA*"))
register(Algorithm("rbfs", recursive_best_first_search, informed=True, optimal=True, description="recursive best-first search (Korf 1993), linear memory", label="RBFS"))
register(Algorithm("mm", mm_search, informed=True, optimal=True, description="MM (Holte et al. 2016): bidirectional, priority max(f, 2g), meets in the middle; optimal with any admissible h (consistency not needed)", label="MM", bidirectional=True))
register(Algorithm("nbs", nbs_search, informed=True, optimal=True, description="NBS (Chen et al. 2017): bidirectional, expands pairs by lb = max(f_F, f_B, g_F + g_B + 1); optimal with any admissible h; its 2x-the-minimum guarantee needs a consistent h", label="NBS", bidirectional=True))
register(Algorithm("gbfhs", gbfhs_search, informed=True, optimal=True, description="GBFHS (Barley et al. 2018): bidirectional, rising f limit split into g limits; optimal with any admissible h (consistency not needed)", label="GBFHS", bidirectional=True))
register(Algorithm("bidirectional-astar-naive", naive_bidirectional_astar_search, informed=True, optimal=False, description="NOT OPTIMAL: two A*s stopped at the first meeting, the classic wrong answer (kept to show it fail)", label="naive bidirectional A* (not optimal)", bidirectional=True))
# fmt: on


def run_label(algorithm: str, heuristic=None) -> str:
    """Display label of an algorithm with its heuristic: ``"A* (manhattan)"``, ``"BFS"``.

    Parameters
    ----------
    algorithm : str
        Registry name; an unknown name is shown as it is.
    heuristic : str, optional
        Registry name of the heuristic; empty, None or NaN (a table's missing value)
        for none.
    """
    spec = ALGORITHMS.get(algorithm)
    name = spec.label if spec is not None else algorithm
    if isinstance(heuristic, str) and heuristic:
        return f"{name} ({heuristic})"
    return name


def get_algorithm(name) -> Algorithm:
    """The algorithm registered as ``name``.

    Parameters
    ----------
    name : str
        Registry name, a key of :data:`ALGORITHMS` (``"astar"``, ``"bfs"``, ...).

    Raises
    ------
    UnknownNameError
        If no algorithm has that name; the message lists the known ones.
    """
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise UnknownNameError(
            f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}"
        ) from None


#: The engines of :func:`solve`.
ENGINES = ("auto", "python", "compiled")


def solve(
    start,
    goal=None,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    *,
    engine: str = "auto",
    **options,
) -> SearchResult:
    """Solve a board with any registered algorithm.

    Parameters
    ----------
    start, goal : Board or str
        The boards; ``goal`` defaults to the tiles in order with the blank last.
    algorithm : str
        Registry name, see :data:`ALGORITHMS`.
    heuristic : str
        Registry name of h for informed algorithms (ignored by uninformed ones).
    engine : {"auto", "python", "compiled"}
        ``"python"``: the readable, instrumented reference (never imports numba).
        ``"compiled"``: the numba IDA* of :mod:`eightlab.search.compiled` (``idastar`` only, same
        counts, no observer). ``"auto"`` (default): compiled for ``idastar`` on boards of
        16 to 25 cells with a heuristic it compiles and no observer, where it is tens
        of times faster; Python everywhere else (on 3x3 a search takes milliseconds and
        importing numba would cost more).
    **options
        Passed on to the algorithm: its own options (:attr:`Algorithm.options`) and
        those every algorithm takes (:data:`COMMON_OPTIONS`), documented here once:

        - ``max_nodes`` (int, optional): most nodes to expand, over all passes,
          re-expansions included;
        - ``max_seconds`` (float, optional): most wall-clock seconds;
        - ``max_stored`` (int, optional): most states held at once (what a search
          holds is said in its Parameters); defaults to :func:`default_max_stored`;
        - ``observer`` (:class:`Observer`, optional): receives the search's events.

        A spent budget ends the search with status ``budget_exceeded`` and the reason
        (``"node budget"``, ``"time budget"``, ``"memory budget"``); see :class:`Budget`.

    Returns
    -------
    SearchResult

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards or boards of different sizes (every search).
    UnknownNameError
        For an unknown algorithm, or an unknown heuristic (every informed search).
    EightlabError
        For an option the algorithm does not take, or a bad value of one (a budget,
        every search), naming it; for an unknown engine, or ``engine="compiled"`` with
        what it does not run.
    """
    spec = get_algorithm(algorithm)
    _check_options(spec, options)
    if engine not in ENGINES:
        raise EightlabError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine != "python" and _wants_compiled(engine, spec, start, heuristic, options):
        from eightlab.search.compiled import solve_compiled  # imports numba: only when asked

        return solve_compiled(start, goal, heuristic, **options)
    if spec.informed:
        return spec.function(start, goal, heuristic, **options)
    return spec.function(start, goal, **options)


#: Keyword options every algorithm takes.
COMMON_OPTIONS = ("max_nodes", "max_seconds", "max_stored", "observer")


def _check_options(spec: Algorithm, options: dict) -> None:
    unknown = sorted(set(options) - set(COMMON_OPTIONS) - set(spec.options))
    if unknown:
        takes = ", ".join(COMMON_OPTIONS + spec.options)
        raise EightlabError(f"{spec.name} takes no option {unknown[0]!r}; it takes {takes}")
    observer = options.get("observer")
    if observer is not None and not isinstance(observer, Observer):
        raise EightlabError(f"observer must be an eightlab.search.Observer, not {observer!r:.40}")
    if "lexicographic" in options and not isinstance(options["lexicographic"], bool):
        raise EightlabError(
            f"lexicographic must be True or False, not {options['lexicographic']!r:.40}"
        )


def _wants_compiled(engine: str, spec: Algorithm, start, heuristic, options: dict) -> bool:
    """Whether :func:`solve` runs the compiled engine (``engine`` is not "python")."""
    if engine == "compiled":
        if spec.name != "idastar":
            raise EightlabError(
                f"the compiled engine runs idastar only, not {spec.name}; use the python engine"
            )
        return True
    if spec.name != "idastar" or options.get("observer") is not None:
        return False
    from eightlab.search.compiled.tables import supports  # no numba in this module

    # the compiled engine takes boards up to 5x5: larger ones fall back to Python
    return 16 <= _cells(start) <= 25 and supports(heuristic)


def _cells(start) -> int:
    """Cells of a start board given in any form (0 when it cannot be read: Python
    then reports the error)."""
    try:
        return as_board(start).size
    except EightlabError:
        return 0


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
