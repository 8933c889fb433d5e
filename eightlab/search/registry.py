"""The registered algorithms, each with its facts, and :func:`solve` to call any by name.

An :class:`Algorithm` names the function that runs it, and says what the charts, the replay
and the explorer need to know of it: its family, whether it is depth-first and the order
in which it takes nodes off its frontier. A record imports its search module only when the
search is called, so that reading the registry costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from eightlab.errors import EightlabError, UnknownNameError, quote
from eightlab.puzzle.board import as_board

if TYPE_CHECKING:  # for the annotations only: a search imports it when it runs
    from eightlab.search.result import SearchResult

#: The families of :attr:`Algorithm.family`, in the order charts show them; the counts of
#: a family follow one convention (:data:`eightlab.search.result.CONVENTIONS`).
ALGORITHM_FAMILIES = ("breadth-first", "best-first", "depth-first", "bidirectional")


def first_in_first_out(options: dict):
    """The frontier order of breadth-first search: the node generated first, first."""
    return lambda g, h, seq: (seq,)


def last_in_first_out(options: dict):
    """The frontier order of a depth-first search: the node generated last, first."""
    return lambda g, h, seq: (-seq,)


def best_first(g_weight: float, h_weight: float | None = 1):
    """The frontier order of the best-first search on f = g_weight * g + h_weight * h.

    Parameters
    ----------
    g_weight : float
    h_weight : float or None
        None for the algorithm's ``weight`` option (weighted A*).

    Returns
    -------
    callable
        ``order(options) -> key``: the search's own
        :func:`~eightlab.search.bestfirst.frontier_key` under the options of a run
        (``weight``, ``tie_breaking``).
    """

    def order(options: dict):
        from eightlab.search import bestfirst

        weight = options.get("weight", bestfirst.DEFAULT_WEIGHT) if h_weight is None else h_weight
        tie = options.get("tie_breaking", bestfirst.TIE_BREAKING[0])
        return bestfirst.frontier_key(g_weight, weight, tie)

    return order


@dataclass(frozen=True)
class Algorithm:
    """A registered algorithm: what :func:`solve`, the CLI and the notebooks call by name.

    :func:`register` adds one to :data:`ALGORITHMS`, which holds them by name.

    Attributes
    ----------
    name : str
        Registry name (lowercase, hyphenated).
    target : callable or str
        The search, or ``"module:name"`` where it is (imported when first used); see
        :attr:`function`.
    informed : bool
        Whether it uses a heuristic.
    optimal : bool
        Whether it returns a shortest path (with an admissible heuristic if informed).
    description : str
    family : str
        One of :data:`ALGORITHM_FAMILIES`, the panel of the charts faceted by family.
    options : tuple of str
        Names of the algorithm's own keyword options (``"lexicographic"``, ``"weight"``).
    label : str
        Display name in tables and legends (``"A*"``); the registry name when empty.
    bidirectional : bool
        Whether it grows two trees, one from each end.
    depth_first : bool
        Whether it takes the newest node first and holds only the path with the
        siblings along it (the iterative deepening searches, IDA*).
    order : callable or None
        ``order(options) -> key``: ``key(g, h, seq)`` sorts the frontier in the order the
        search takes it, smallest first, where ``seq`` numbers the nodes in the order they
        are generated; None for a bidirectional search.
    backs_up : bool
        Whether it gives a subtree up and comes back to it later, ordering the subtree's
        root by its backed-up f, the least f below it, in place of g + h (RBFS).
    """

    name: str
    target: Callable[..., SearchResult] | str
    informed: bool
    optimal: bool
    description: str
    family: str
    options: tuple = ()
    label: str = ""
    bidirectional: bool = False
    depth_first: bool = False
    order: Callable | None = None
    backs_up: bool = False

    def __post_init__(self):
        if not self.label:
            object.__setattr__(self, "label", self.name)

    @property
    def function(self) -> Callable[..., SearchResult]:
        """``function(start, goal, **options) -> SearchResult``; informed ones take
        ``heuristic`` as their third argument."""
        target = self.target
        if isinstance(target, str):
            module, _, name = target.partition(":")
            target = getattr(import_module(module), name)
            object.__setattr__(self, "target", target)
        return target

    def frontier_key(self, **options) -> Callable:
        """``key(g, h, seq)`` of :attr:`order` under a run's options.

        Raises
        ------
        EightlabError
            For a bidirectional search, which has two frontiers.
        """
        if self.order is None:
            raise EightlabError(f"{self.name} grows two trees: it has no one frontier order")
        return self.order(options)


#: Every algorithm by registry name.
ALGORITHMS: dict[str, Algorithm] = {}


def register(algorithm: Algorithm) -> Algorithm:
    """Add an algorithm to :data:`ALGORITHMS` and return it."""
    ALGORITHMS[algorithm.name] = algorithm
    return algorithm


def _bfs_cantor(start, goal=None, **options):
    from eightlab.search.bfs import breadth_first_search

    return breadth_first_search(start, goal, visited="cantor", **options)


_S = "eightlab.search."
_DEPTH = {"family": "depth-first", "depth_first": True, "order": last_in_first_out}
_BIDIRECTIONAL = {"family": "bidirectional", "bidirectional": True}
# fmt: off
register(Algorithm("bfs", _S + "bfs:breadth_first_search", informed=False, optimal=True, description="breadth-first search, hash-set visited table", family="breadth-first", label="BFS", order=first_in_first_out))
register(Algorithm("bfs-cantor", _bfs_cantor, informed=False, optimal=True, description="breadth-first search, Cantor-rank bytearray visited table", family="breadth-first", label="BFS (Cantor table)", order=first_in_first_out))
register(Algorithm("bidirectional-bfs", _S + "bidirectional:bidirectional_breadth_first_search", informed=False, optimal=True, description="bidirectional breadth-first search, layer by layer", label="bidirectional BFS", **{**_BIDIRECTIONAL, "family": "breadth-first"}))
register(Algorithm("dls", _S + "iddfs:depth_limited_search", informed=False, optimal=False, description="depth-limited depth-first search (limit = 31 on 3x3 by default); cutoff if no goal within it", options=("limit",), label="DLS", **_DEPTH))
register(Algorithm("iddfs", _S + "iddfs:iterative_deepening_search", informed=False, optimal=True, description="iterative deepening depth-first search (limits 0, 1, 2, ...), never undoing the last move", label="IDDFS", **_DEPTH))
register(Algorithm("iddfs-tree", _S + "iddfs:iterative_deepening_tree_search", informed=False, optimal=True, description="the textbook's iterative deepening (AIMA): plain tree search, the move back included", label="IDDFS (tree)", **_DEPTH))
register(Algorithm("iddfs-h", _S + "iddfs_h:heuristic_iterative_deepening_search", informed=True, optimal=True, description="iterative deepening pruning g + h > bound, bound += 1 per pass", label="IDDFS (h pruning)", **_DEPTH))
register(Algorithm("ucs", _S + "bestfirst:uniform_cost_search", informed=False, optimal=True, description="uniform-cost search (f = g)", family="best-first", label="UCS", order=best_first(1, 0)))
register(Algorithm("greedy", _S + "bestfirst:greedy_best_first_search", informed=True, optimal=False, description="greedy best-first search (f = h)", family="best-first", label="greedy", order=best_first(0, 1)))
register(Algorithm("astar", _S + "bestfirst:astar_search", informed=True, optimal=True, description="A* (f = g + h)", family="best-first", options=("tie_breaking",), label="A*", order=best_first(1, 1)))
register(Algorithm("weighted-astar", _S + "bestfirst:weighted_astar_search", informed=True, optimal=False, description="weighted A* (f = g + w*h, w = 2 by default)", family="best-first", options=("weight",), label="weighted A*", order=best_first(1, None)))
register(Algorithm("idastar", _S + "idastar:idastar_search", informed=True, optimal=True, description="IDA* (depth-first passes bounded by f = g + h)", options=("lexicographic",), label="IDA*", **_DEPTH))
register(Algorithm("rbfs", _S + "rbfs:recursive_best_first_search", informed=True, optimal=True, description="recursive best-first search (Korf 1993), linear memory", family="depth-first", label="RBFS", order=best_first(1, 1), backs_up=True))
register(Algorithm("mm", _S + "mm:mm_search", informed=True, optimal=True, description="MM (Holte et al. 2016): bidirectional, priority max(f, 2g), meets in the middle; optimal with any admissible h (consistency not needed)", label="MM", **_BIDIRECTIONAL))
register(Algorithm("nbs", _S + "nbs:nbs_search", informed=True, optimal=True, description="NBS (Chen et al. 2017): bidirectional, expands pairs by lb = max(f_F, f_B, g_F + g_B + 1); optimal with any admissible h; with a consistent h, at most twice the least work among the pairs below C*", label="NBS", **_BIDIRECTIONAL))
register(Algorithm("gbfhs", _S + "gbfhs:gbfhs_search", informed=True, optimal=True, description="GBFHS (Barley et al. 2018): bidirectional, rising f limit split into g limits; optimal with any admissible h (consistency not needed)", label="GBFHS", **_BIDIRECTIONAL))
register(Algorithm("bidirectional-astar-naive", _S + "mm:naive_bidirectional_astar_search", informed=True, optimal=False, description="NOT OPTIMAL: two A*s stopped at the first meeting, the classic wrong answer (kept to show it fail)", label="naive bidirectional A* (not optimal)", **_BIDIRECTIONAL))
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
    except (KeyError, TypeError):  # TypeError: a list or another unhashable value
        raise UnknownNameError(
            f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}"
        ) from None


#: The engines of :func:`solve`.
ENGINES = ("auto", "python", "compiled")

#: Keyword options every algorithm takes.
COMMON_OPTIONS = ("max_nodes", "max_seconds", "max_stored", "observer")


def solve(
    start,
    goal=None,
    algorithm: str = "astar",
    heuristic: str | None = None,
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
    heuristic : str, optional
        Registry name of h for informed algorithms (default ``"manhattan"``); an
        uninformed algorithm takes none (:func:`check_heuristic`).
    engine : {"auto", "python", "compiled"}
        ``"python"``: the readable, instrumented reference (never imports numba).
        ``"compiled"``: the numba IDA* of :mod:`eightlab.search.compiled` (``idastar`` only,
        same counts, no observer). ``"auto"`` (default): compiled for ``idastar`` on boards
        of 16 to 25 cells with a heuristic it compiles and no observer, where it is many
        times faster; Python everywhere else (on 3x3 a search is quicker than importing
        numba).
    **options
        Passed on to the algorithm: its own options (:attr:`Algorithm.options`) and
        those every algorithm takes (:data:`COMMON_OPTIONS`), documented here once:

        - ``max_nodes`` (int, optional): most nodes to expand, over all passes,
          re-expansions included;
        - ``max_seconds`` (float, optional): most wall-clock seconds;
        - ``max_stored`` (int, optional): most states held at once (what a search
          holds is said in its Parameters); defaults to
          :func:`~eightlab.search.budget.default_max_stored`;
        - ``observer`` (:class:`~eightlab.search.harness.Observer`, optional): receives
          the search's events.

        A spent budget ends the search with status ``budget_exceeded`` and the reason
        (``"node budget"``, ``"time budget"``, ``"memory budget"``); see
        :class:`~eightlab.search.budget.Budget`.

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
        every search), naming it; for a heuristic given to an uninformed algorithm; for
        an unknown engine, or ``engine="compiled"`` with what it does not run.
    """
    spec = get_algorithm(algorithm)
    _check_options(spec, options)
    check_heuristic(spec, heuristic)
    if spec.informed and heuristic is None:
        heuristic = DEFAULT_HEURISTIC
    if engine not in ENGINES:
        raise EightlabError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine != "python" and _wants_compiled(engine, spec, start, heuristic, options):
        from eightlab.search.compiled import solve_compiled  # imports numba: only when asked

        return solve_compiled(start, goal, heuristic, **options)
    if spec.informed:
        return spec.function(start, goal, heuristic, **options)
    return spec.function(start, goal, **options)


#: The heuristic of an informed search when none is named.
DEFAULT_HEURISTIC = "manhattan"


def check_heuristic(spec: Algorithm, heuristic) -> None:
    """Refuse a heuristic given to an uninformed algorithm (``solve`` and the command line).

    Parameters
    ----------
    spec : Algorithm
        The algorithm.
    heuristic : str or Heuristic or None
        The heuristic asked for; None asks for none.

    Raises
    ------
    EightlabError
        When ``spec`` is uninformed and ``heuristic`` is not None: its result would
        not depend on it.
    """
    if heuristic is not None and not spec.informed:
        name = getattr(heuristic, "name", heuristic)
        raise EightlabError(
            f"{spec.name} uses no heuristic (an uninformed search), so it cannot take "
            f"heuristic {quote(name)}; give none"
        )


def _check_options(spec: Algorithm, options: dict) -> None:
    from eightlab.search.harness import Observer

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
