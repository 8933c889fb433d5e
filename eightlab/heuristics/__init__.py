"""Heuristics: estimates h(s) of the number of moves from a state to the goal.

Each :class:`Heuristic` has a registry name, a display label, a description and its
*claims*: whether it is admissible (never overestimates the true distance h*) and
consistent (``h(s) <= 1 + h(s')`` for every move ``s -> s'``, and ``h(goal) = 0``). The
admissibility notebook and ``tests/test_oracle.py`` check every claim against the
exhaustive table of :mod:`eightlab.puzzle.statespace` (see :mod:`eightlab.analysis.admissibility`).
The blank is never counted by the admissible heuristics: it is not a tile, and
counting it can overestimate (one move puts two cells right).

==========================  ==========  ==========  ====================================
name                        admissible  consistent  what it is
==========================  ==========  ==========  ====================================
``zero``                    yes         yes         h = 0 (A* becomes uniform-cost)
``misplaced``               yes         yes         h1, tiles off their goal cell
``manhattan``               yes         yes         h2, sum of grid distances
``linear-conflict``         yes         yes         h2 + 2 per tile that must leave its
                                                    line (Hansson, Mayer & Yung 1992)
``max-swap``                yes         yes         Gaschnig's swaps with the blank
``pdb``                     yes         yes         disjoint additive pattern databases
                                                    (groups of 4 tiles on 3x3, else 3)
``exact``                   yes         yes         h* from the table (3x3 only)
``weighted-manhattan``      no          no          2 x h2
``manhattan-with-blank``    no          no          h2 counting the blank too
``linear-conflict-pairs``   no          no          h2 + 2 per reversed pair
``nilsson``                 no          no          h2 + 3 x sequence score
``pdb-5-5-5``               yes         no          additive databases, one byte per
``pdb-6-6-3``               yes         no          placement, with the reflected
``pdb-7-8``                 yes         no          lookup; 4x4 only; 7-8 is opt-in
``pdb-5-5-5-single`` ...    yes         no          the same, the regular lookup only
``pdb-5-5-5-dual`` ...      yes         no          max(regular, reflected, dual lookup);
                                                    IDA* adds BPMX
``learned``                 no          no          an MLP trained on 20,000 boards'
                                                    exact distances, read from a table
                                                    (up to 12 cells)
``learned-shifted``         yes         no          max(h2, learned - delta), delta
                                                    its largest overestimate (up to
                                                    12 cells)
``learned-quantile``        no          no          boosting for the 5 % quantile
                                                    (up to 9 cells)
``learned-penalty``         no          no          MLP, overestimates weighted 10 x
                                                    (up to 12 cells)
==========================  ==========  ==========  ====================================

Where the code is: :mod:`~eightlab.heuristics.base` (the framework),
:mod:`~eightlab.heuristics.pertile` (per-tile sums), :mod:`~eightlab.heuristics.linear_conflict`
(linear conflict), :mod:`~eightlab.heuristics.maxswap`,
:mod:`~eightlab.heuristics.nilsson`, :mod:`~eightlab.heuristics.exact`, and the pattern
databases in :mod:`~eightlab.heuristics.pdb.additive` (partitions, lookup),
:mod:`~eightlab.heuristics.pdb.small` (the ``pdb`` heuristic's small databases),
:mod:`~eightlab.heuristics.pdb.build` (the BFS) and :mod:`~eightlab.heuristics.pdb.cache`
(the disk cache); the learned heuristics in :mod:`~eightlab.heuristics.learned.heuristic` (tables,
variants, why ``learned-shifted`` is admissible up to 12 cells only),
:mod:`~eightlab.heuristics.learned.byrank` (their tables off 3x3),
:mod:`~eightlab.heuristics.learned.variants` (the registry's entries),
:mod:`~eightlab.heuristics.learned.model` (features, scikit-learn models) and
:mod:`~eightlab.heuristics.learned.cache` (their disk cache).

Why the admissible claims hold for every goal: misplaced, Manhattan, max-swap and
the pattern databases are exact distances in *relaxed* puzzles (a tile may move onto
any cell / any adjacent cell / swap with the blank anywhere / other tiles are
ignored), and the distance in a relaxation whose moves include every real move is
consistent. Linear conflict adds, per line, 2 moves for each tile that must leave
the line, moves Manhattan does not count (Hansson et al. 1992; a tile in its goal row
that leaves it makes two vertical moves Manhattan does not pay for). The claims were
also checked exhaustively on all 181,440 reachable boards for the goals
``123456780`` and ``123804765``: no admissible heuristic overestimates and no move
violates consistency. The 4x4 databases ``pdb-5-5-5`` ... are admissible for the same
reason but not consistent: they keep the minimum over the blank's cell (see
:mod:`eightlab.heuristics.pdb.additive`). The inadmissible contrasts are not consistent for either goal.
Three of them also overestimate on some boards for both goals; ``linear-conflict-pairs``
overestimates for ``123456780`` but *never* for ``123804765`` (there it is admissible
on every board, only inconsistent): a heuristic without a guarantee may still happen to
be admissible for a particular goal.

A heuristic's module is imported when it first binds a goal, and the records of the pattern
databases of :mod:`~eightlab.heuristics.pdb.additive` and of the learned heuristics are made
when :data:`HEURISTICS` is first read: looking up ``manhattan`` loads neither.

A heuristic is bound to a goal with :meth:`Heuristic.bind`, giving an
:class:`Evaluator` that the searches call on packed int states. Heuristics that are a
sum of per-tile costs expose the table ``tile_cost[tile][cell]`` so that searches update
h incrementally when one tile slides (Manhattan changes by +-1 per move). Every
evaluator also evaluates many boards at once (:meth:`Evaluator.evaluate_tiles`, numpy),
which :func:`eightlab.analysis.admissibility.evaluate_all` uses over all ``9!`` boards.

References
----------
.. [1] N. J. Nilsson, *Problem-Solving Methods in Artificial Intelligence*, 1971
   (misplaced tiles, the sequence score).
.. [2] J. Pearl, *Heuristics*, 1984, sec. 3.1 (h1 and h2 on the 8-puzzle).
.. [3] J. Gaschnig, "A problem similarity approach to devising heuristics: first
   results", IJCAI 1979 (max-swap).
.. [4] O. Hansson, A. Mayer and M. Yung, "Criticizing solutions to relaxed models
   yields powerful admissible heuristics", Information Sciences 63(3), 1992 (linear
   conflict).
.. [5] A. Felner, R. E. Korf and S. Hanan, "Additive pattern database heuristics",
   JAIR 22, 2004.
.. [6] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
   ed., sec. 3.6 (heuristic functions, relaxed problems, pattern databases).
"""

from __future__ import annotations

from _thread import allocate_lock  # threading.Lock itself, without importing threading
from importlib import import_module

from eightlab.errors import UnknownNameError
from eightlab.heuristics.base import Evaluator, Heuristic, tile_cost_evaluator
from eightlab.heuristics.pertile import (
    manhattan_cost,
    misplaced_cost,
    per_tile_binder,
    per_tile_table,
    zero_binder,
)

#: Where each name this package re-exports lives, imported on first use.
_LAZY = {
    "exact_binder": "exact",
    "board_lines": "linear_conflict",
    "line_conflict_binder": "linear_conflict",
    "longest_increasing_run": "linear_conflict",
    "reversed_pairs": "linear_conflict",
    "tiles_to_leave_line": "linear_conflict",
    "max_swap_binder": "maxswap",
    "nilsson_binder": "nilsson",
    "perimeter_cells": "nilsson",
    "ALL_PARTITIONS": "pdb.additive",
    "PARTITIONS": "pdb.additive",
    "SINGLE": "pdb.additive",
    "additive_binder": "pdb.additive",
    "shape_of": "pdb.additive",
    "pattern_database": "pdb.build",
    "default_patterns": "pdb.small",
    "default_pdb_binder": "pdb.small",
    "pdb_binder": "pdb.small",
    "learned_heuristics": "learned.variants",
}

#: Every heuristic by registry name, built when first read (the module's ``__getattr__``).
HEURISTICS: dict[str, Heuristic]

__all__ = [
    "HEURISTICS",
    "Evaluator",
    "Heuristic",
    "admissible_heuristics",
    "board_lines",
    "default_patterns",
    "exact_binder",
    "get_heuristic",
    "learned_heuristics",
    "line_conflict_binder",
    "longest_increasing_run",
    "manhattan_cost",
    "max_swap_binder",
    "misplaced_cost",
    "nilsson_binder",
    "pattern_database",
    "pdb_binder",
    "per_tile_binder",
    "per_tile_table",
    "perimeter_cells",
    "register",
    "reversed_pairs",
    "tile_cost_evaluator",
    "tiles_to_leave_line",
]


def _lazy(module: str, make):
    """A binder that imports ``eightlab.heuristics.<module>`` when it first binds a goal.

    ``make(module) -> binder`` builds the real binder from the imported module.
    """
    binder = None

    def bind(goal):
        nonlocal binder
        if binder is None:
            binder = make(import_module(f"{__name__}.{module}"))
        return binder(goal)

    return bind


ZERO = Heuristic("zero", "h = 0: A* becomes uniform-cost search", True, True, zero_binder,
                 label="zero (h = 0)")  # fmt: skip
MISPLACED = Heuristic(
    "misplaced",
    "h1: number of tiles off their goal cell, the blank not counted",
    True,
    True,
    per_tile_binder(misplaced_cost),
    label="misplaced tiles (h1)",
)
MANHATTAN = Heuristic(
    "manhattan",
    "h2: sum of the tiles' grid distances to their goal cells, the blank not counted",
    True,
    True,
    per_tile_binder(manhattan_cost),
    label="Manhattan (h2)",
)
LINEAR_CONFLICT = Heuristic(
    "linear-conflict",
    "h2 + 2 per tile that must leave its goal row/column to let the others pass "
    "(Hansson, Mayer & Yung 1992)",
    True,
    True,
    _lazy(
        "linear_conflict",
        lambda m: m.line_conflict_binder(m.tiles_to_leave_line, "linear conflict"),
    ),
    label="linear conflict",
)
MAX_SWAP = Heuristic(
    "max-swap",
    "Gaschnig: swaps to sort the board when the blank may swap with any tile",
    True,
    True,
    _lazy("maxswap", lambda m: m.max_swap_binder),
    label="max-swap (Gaschnig)",
)
PDB = Heuristic(
    "pdb",
    "disjoint additive pattern databases of goal-adjacent tiles, 4 per group on 3x3, "
    "3 on larger boards (for 4x4 see pdb-5-5-5, pdb-6-6-3, pdb-7-8)",
    True,
    True,
    _lazy("pdb.small", lambda m: m.default_pdb_binder),
    label="pattern databases",
)
EXACT = Heuristic(
    "exact",
    "h*: the exact distance from the exhaustive table (3x3 only)",
    True,
    True,
    _lazy("exact", lambda m: m.exact_binder),
    label="exact (h*)",
    shapes={(3, 3)},
)
WEIGHTED_MANHATTAN = Heuristic(
    "weighted-manhattan",
    "2 x h2 (inadmissible contrast)",
    False,
    False,
    per_tile_binder(manhattan_cost, scale=2),
    label="2 x Manhattan",
)
MANHATTAN_WITH_BLANK = Heuristic(
    "manhattan-with-blank",
    "h2 counting the blank's distance too (inadmissible contrast)",
    False,
    False,
    per_tile_binder(manhattan_cost, count_blank=True),
    label="Manhattan with blank",
)
LINEAR_CONFLICT_PAIRS = Heuristic(
    "linear-conflict-pairs",
    "h2 + 2 per reversed pair in a line, the common mistake (inadmissible contrast)",
    False,
    False,
    _lazy("linear_conflict",
          lambda m: m.line_conflict_binder(m.reversed_pairs, "the pairwise linear conflict")),
    label="linear conflict (pairs)",
)  # fmt: skip
NILSSON = Heuristic(
    "nilsson",
    "Nilsson's h2 + 3 x sequence score (his goal 123804765; other goals: eightlab's generalisation; inadmissible contrast)",
    False,
    False,
    _lazy("nilsson", lambda m: m.nilsson_binder),
    label="Nilsson sequence score",
)

#: The heuristics defined on every board size, by name: what a search looks up without
#: loading the pattern databases' and the learned heuristics' modules.
_CORE: dict[str, Heuristic] = {
    h.name: h
    for h in (
        ZERO,
        MISPLACED,
        MANHATTAN,
        LINEAR_CONFLICT,
        MAX_SWAP,
        PDB,
        EXACT,
        WEIGHTED_MANHATTAN,
        MANHATTAN_WITH_BLANK,
        LINEAR_CONFLICT_PAIRS,
        NILSSON,
    )
}


def _additive() -> tuple[Heuristic, ...]:
    """The 15- and 24-puzzle's pattern databases, one heuristic per partition and lookup."""
    from eightlab.heuristics.pdb.additive import (
        ALL_PARTITIONS,
        DUAL,
        PARTITIONS,
        SINGLE,
        additive_binder,
        shape_of,
    )

    return (
        tuple(
            Heuristic(
                f"pdb-{partition}",
                f"{partition} additive pattern databases with the reflected lookup, "
                f"{'x'.join(map(str, shape_of(partition)))} only "
                "(Korf & Felner 2002; Felner, Korf & Hanan 2004; admissible, not consistent)"
                + (
                    "; opt-in: 0.6 GB, 14 CPU minutes and 3.8 GB to build"
                    if partition == "7-8"
                    else ""
                )
                + (
                    "; opt-in: ~0.5 GB, minutes and ~2 GB to build"
                    if partition == "6-6-6-6"
                    else ""
                ),
                True,
                False,  # the minimum over the blank's region: see eightlab.heuristics.pdb.additive
                additive_binder(partition),
                label=f"PDB {partition}",
                shapes={shape_of(partition)},
            )
            for partition in ALL_PARTITIONS
        )
        + tuple(
            Heuristic(
                f"pdb-{partition}{SINGLE}",
                f"{partition} additive pattern databases, the regular lookup only (no reflection: "
                "Felner, Korf & Hanan's one lookup against max of two), 4x4 only"
                + ("; opt-in like pdb-7-8" if partition == "7-8" else ""),
                True,
                False,
                additive_binder(partition, reflected=False),
                label=f"PDB {partition}, one lookup",
                shapes={shape_of(partition)},
            )
            for partition in PARTITIONS
        )
        + tuple(
            Heuristic(
                f"pdb-{partition}{DUAL}",
                f"{partition} additive pattern databases, max of the regular, reflected and dual "
                "lookups (Zahavi et al. 2006; IDA* adds bidirectional pathmax, Felner et al. 2011), "
                f"{'x'.join(map(str, shape_of(partition)))} only",
                True,
                False,
                additive_binder(partition, dual=True),
                label=f"PDB {partition}, dual",
                shapes={shape_of(partition)},
            )
            for partition in (*PARTITIONS, "6-6-6-6")
        )
    )


def _learned() -> tuple[Heuristic, ...]:
    """The learned heuristics (up to 12 cells; trained when first bound, then cached on disk)."""
    from eightlab.heuristics.learned.variants import learned_heuristics

    return tuple(learned_heuristics().values())


_BUILDING = allocate_lock()  # threads of one process (korf24's workers) look heuristics up at once


def _registry() -> dict[str, Heuristic]:
    """:data:`HEURISTICS`, built when first asked for."""
    registry = globals().get("HEURISTICS")
    if registry is None:
        with _BUILDING:
            registry = globals().get("HEURISTICS")
            if registry is None:
                additive, learned = _additive(), _learned()
                registry = {h.name: h for h in (*_CORE.values(), *additive, *learned)}
                globals().update(HEURISTICS=registry, ADDITIVE=additive, LEARNED=learned)
    return registry


def __getattr__(name):
    # HEURISTICS: every heuristic by registry name; ADDITIVE, LEARNED: the pattern
    # databases' and the learned heuristics (see _additive, _learned)
    if name in ("HEURISTICS", "ADDITIVE", "LEARNED"):
        _registry()
        return globals()[name]
    if name in _LAZY:
        return getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_LAZY, "HEURISTICS", "ADDITIVE", "LEARNED"])


def register(heuristic: Heuristic) -> Heuristic:
    """Add a heuristic to :data:`HEURISTICS` and return it."""
    _registry()[heuristic.name] = heuristic
    return heuristic


def get_heuristic(name) -> Heuristic:
    """The heuristic registered as ``name`` (or ``name`` itself if it is one).

    Raises
    ------
    UnknownNameError
        If no heuristic has that name; the message lists the known ones.
    """
    if isinstance(name, Heuristic):
        return name
    try:
        if "HEURISTICS" not in globals() and name in _CORE:
            return _CORE[name]
        return _registry()[name]
    except (KeyError, TypeError):
        raise UnknownNameError(
            f"unknown heuristic {name!r}; choose one of {', '.join(_registry())}"
        ) from None


def admissible_heuristics(board=None) -> list[str]:
    """Names of the registered heuristics that claim to be admissible (and, given a
    ``board``, are defined on its size)."""
    return [
        name
        for name, h in _registry().items()
        if h.admissible and (board is None or h.applies_to(board))
    ]
