"""Pattern databases: the additive 5-5-5, 6-6-3 and 7-8 of the 15-puzzle, 6-6-6-6 of the 24.

(The ``pdb`` heuristic's own small databases are in :mod:`eightlab.heuristics.pdb.small`.)

The tiles are split into disjoint groups; each group's database holds, for every
placement of its tiles, the fewest moves *of those tiles* that bring them home (other
tiles move for free). Every real move moves one tile of one group, so the entries of
the groups add up to an admissible heuristic (Korf & Felner 2002; Felner, Korf & Hanan
2004). A database is built by a breadth-first search over abstract states
(:mod:`eightlab.heuristics.pdb.build`), compressed to one byte per placement (the
minimum over the blank's cell), and cached on disk (:mod:`eightlab.heuristics.pdb.cache`).

The partitions (:data:`PARTITIONS`, :data:`OTHER_PARTITIONS`), as tiles of Korf's goal
(blank top-left, tile i on cell i; the digit is the group of the tile on that cell)::

    5-5-5   .  1  1  2     6-6-3   .  1  1  2     7-8   .  1  1  1
            1  1  2  2             1  1  2  2           1  1  1  1
            1  3  2  2             1  1  2  2           2  2  2  2
            3  3  3  3             3  3  3  2           2  2  2  2

    5-5-5-rows  .  1  1  1   6-6-3-rows  .  3  3  3   6-6-6-6  .  1  2  2  2
                2  2  1  1               1  1  2  2            1  1  2  2  2
                2  2  3  3               1  1  2  2            1  1  1  4  4
                2  3  3  3               1  1  2  2            3  3  3  4  4
                                                               3  3  3  4  4

7-8 and 6-6-6-6 (the 24-puzzle) are the partitions of Korf & Felner (2002). 5-5-5 and
6-6-3 are those of the 15-puzzle solvers that follow Felner, Korf & Hanan (2004) (the
paper's own figure of its tile sets was not at hand): for the goal with the blank last, {1,5,6,9,10,13}, {7,8,11,12,14,15}, {2,3,4} and {1,2,3,4,7},
{5,6,9,10,13}, {8,11,12,14,15}, turned by 180 degrees to Korf's goal (turning them about
the other diagonal instead gives their mirror images, the same heuristic with the
reflected lookup). The tile sets are checked by their counts on Korf's 100 against the
paper's table (``notebooks/korf100``, ``--preset felner2004``; theirs is another random
set): 6-6-3 and 7-8 with the reflected lookup and 7-8 without it generate 0.93 to 1.07
times the paper's mean nodes (6-6-3 with the regular lookup alone: 2.91); 5-5-5 comes to
0.86 times only with the regular lookup alone (0.44 with the reflection), and the table
does not say which lookup its 5-5-5 or 6-6-3 row used. The ``-rows`` partitions split the board by rows, a weaker contrast
(``benchmarks/README.md``). For another goal the same cells are used, turned by
the symmetry of the square that takes the top-left corner to the goal's blank when it
is in a corner (else the blank's cell and cell 0 trade places). Where a symmetry of the
board maps one group's goal cells and blank region onto another's, that group's table
is read off the other's (:func:`eightlab.heuristics.pdb.build.symmetric_source`):
6-6-6-6 builds two of its four.

**Reflected lookup.** Reflecting a board about the main diagonal (cell (r, c) to
(c, r)) and renaming each tile to the goal's tile on the reflected goal cell is a
symmetry of the puzzle that fixes the goal whenever the goal's blank lies on the
diagonal. Then h(reflected board) is admissible too, and h = max of the two lookups
is consistent when both are (Culberson & Schaeffer 1998; Felner et al. 2004).

**Dual lookup.** With the goal's names, a board is a permutation (cell to tile) and
its *dual* is the inverse permutation: tile x of the dual stands on the goal cell of
the tile that stands on x's goal cell. When the blank is on its goal cell, a board and
its dual are equally far from the goal (Zahavi, Felner, Holte & Schaeffer 2006), so
h(dual) is admissible too; with the blank elsewhere it is not (on the 8-puzzle with
databases of tiles 1-4 and 5-8, 17,105 of the 181,440 boards would be overestimated,
by up to 13 moves: ``tests/test_dual.py`` checks them all). :func:`dual_lookup` therefore
first walks the blank home along a fixed route (:func:`blank_routes`: along its row to
the goal blank's column, then along that column), which takes ``r`` moves, and returns
h(dual of that board) - r, a lower bound by the triangle inequality; it makes no lookup
(0) when r exceeds :data:`DUAL_WALK` (the walks measured are in
``benchmarks/README.md``). The dual values are admissible but inconsistent: IDA* gets
their reductions with bidirectional pathmax (``bpmx_pass`` in
:mod:`eightlab.search.idastar`; Felner, Zahavi, Holte, Schaeffer, Sturtevant & Zhang
2011). The ``-dual`` heuristics are max(regular, reflected, dual).

**Admissible, not consistent.** One byte per placement keeps the minimum over the
blank's region (the free cells the blank can reach), and one move can change which
region that minimum is met in: on Korf's goal, the blank moving up on Korf's instance 32,
``14 10 9 4 / 13 6 5 8 / 2 12 7 0 / 1 3 11 15``, takes the 5-5-5 lookup (without the
reflection) from 47 to 44, a drop of 3 in one move. So these heuristics claim
admissibility only; IDA* stays optimal, and A* reopens a few nodes. The ``pdb``
heuristic keeps the blank's cell in its (small) tables and stays consistent. Compressed
pattern databases are a known source of inconsistency (Felner, Zahavi, Holte,
Schaeffer, Sturtevant & Zhang, "Inconsistent heuristics in theory and practice",
Artificial Intelligence 175, 2011).

**Budgets.** A build inside a search honours its deadline:
:func:`~eightlab.heuristics.base.build_deadline` (set by the search harness around every
search) is checked between slices of each BFS layer, and a build past it raises
:class:`~eightlab.heuristics.base.BuildTimeout` (the search reports ``budget_exceeded``;
a partly built database is dropped, and the next search starts again). The overshoot
is one slice, plus, on the first build of a process, the loading of the compiled
kernel (numba reads its on-disk cache; not interruptible). A database already in the
disk cache is read without numba.

References
----------
.. [1] R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
   Intelligence 134(1-2), 2002.
.. [2] A. Felner, R. E. Korf and S. Hanan, "Additive pattern database heuristics",
   JAIR 22, 2004.
.. [3] J. C. Culberson and J. Schaeffer, "Pattern databases", Computational
   Intelligence 14(3), 1998.
.. [4] U. Zahavi, A. Felner, R. Holte and J. Schaeffer, "Dual search in permutation
   state spaces", AAAI 2006.
.. [5] A. Felner, U. Zahavi, R. Holte, J. Schaeffer, N. Sturtevant and Z. Zhang,
   "Inconsistent heuristics in theory and practice", Artificial Intelligence 175, 2011.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from operator import itemgetter
from threading import Lock
from time import perf_counter

import numpy as np

from eightlab.errors import EightlabError
from eightlab.heuristics.base import BuildTimeout, Evaluator, build_deadline_now
from eightlab.heuristics.pdb import cache as pdbcache
from eightlab.heuristics.pdb.build import (
    announce,
    build_table,
    derive_table,
    placements,
    symmetric_source,
)
from eightlab.memory import available_memory
from eightlab.puzzle.board import Board, cell_bits
from eightlab.puzzle.ranking import rank_cells, rank_columns

#: The partitions of the 15-puzzle: Korf & Felner's 7-8, other solvers' 5-5-5 and 6-6-3
#: (the module docstring says how they compare with the paper), as groups of cells of
#: Korf's goal (= its tiles): the blank on cell 0.
PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "5-5-5": ((1, 2, 4, 5, 8), (3, 6, 7, 10, 11), (9, 12, 13, 14, 15)),
    "6-6-3": ((1, 2, 4, 5, 8, 9), (3, 6, 7, 10, 11, 15), (12, 13, 14)),
    "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
}
#: The other partitions: eightlab's first ones of the 15-puzzle, and the 24-puzzle's.
OTHER_PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "5-5-5-rows": ((1, 2, 3, 6, 7), (4, 5, 8, 9, 12), (10, 11, 13, 14, 15)),
    "6-6-3-rows": ((4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3)),
    "6-6-6-6": (
        (1, 5, 6, 10, 11, 12),
        (2, 3, 4, 7, 8, 9),
        (15, 16, 17, 20, 21, 22),
        (13, 14, 18, 19, 23, 24),
    ),
}
#: Every partition by name (each is a heuristic ``pdb-<name>``).
ALL_PARTITIONS = {**PARTITIONS, **OTHER_PARTITIONS}
#: The suffix of a heuristic without the reflected lookup (``pdb-7-8-single``), offered for
#: :data:`PARTITIONS`: Felner, Korf & Hanan's "one lookup" against "max of two".
SINGLE = "-single"
#: The suffix of a heuristic with the dual lookup besides the regular and reflected ones
#: (``pdb-5-5-5-dual``); IDA* runs it with bidirectional pathmax.
DUAL = "-dual"
#: The board of each partition (rows, cols); the others are 4x4.
PARTITION_SHAPE: dict[str, tuple[int, int]] = {"6-6-6-6": (5, 5)}


def shape_of(partition: str) -> tuple[int, int]:
    """``(rows, cols)`` of the board that ``partition`` splits."""
    return PARTITION_SHAPE.get(partition, (4, 4))


_MEMORY: OrderedDict = OrderedDict()  # (goal, partition) -> AdditivePDB, the latest used
_MEMORY_LOCK = Lock()  # threads of one process (korf24's workers) share it
#: Bytes of tables ``_MEMORY`` keeps beyond the latest one (7-8 with the small ones);
#: a heuristic's bound evaluators keep theirs besides
#: (:data:`~eightlab.heuristics.base.BIND_CACHE_SIZE` goals).
MEMORY_BYTES = 2**30


class PatternDatabaseError(EightlabError):
    """A pattern database that cannot be had: unknown partition, wrong size, no memory."""


@dataclass
class AdditivePDB:
    """Disjoint additive pattern databases of one partition for one goal.

    Attributes
    ----------
    goal : Board
    partition : str
        A name of :data:`ALL_PARTITIONS`.
    patterns : list of tuple of int
        The tiles of each group, in the order their placements are ranked.
    tables : list of numpy.ndarray of uint8
        ``tables[g][idx]``: fewest moves of group g's tiles from the placement of rank
        ``idx`` (:func:`eightlab.puzzle.ranking.rank_cells`); views of
        ``joined``, the tables one after the other in one array.
    mirror_cell, mirror_tile : numpy.ndarray of int64, or None
        The reflection about the main diagonal (None when the goal's blank is off the
        diagonal): in the reflected board tile t stands on
        ``mirror_cell[cell of tile mirror_tile[t]]``.
    build_seconds : float
        Seconds the build took (when it was built, possibly in an earlier run).
    dual : bool
        Whether ``h`` includes :func:`dual_lookup` (the maximum of the three lookups).
    """

    goal: Board
    partition: str
    patterns: list[tuple[int, ...]]
    tables: list[np.ndarray]
    mirror_cell: np.ndarray | None
    mirror_tile: np.ndarray | None
    build_seconds: float = 0.0
    dual: bool = False
    joined: np.ndarray | None = field(default=None, init=False, repr=False)
    _plans: list = field(default_factory=list, repr=False)
    _shifts: list = field(default_factory=list, repr=False)
    _mirror: list | None = field(default=None, repr=False)

    def __post_init__(self):
        n = self.goal.size
        self.joined, self.tables = pdbcache.joined(self.tables)
        for pattern, table in zip(self.patterns, self.tables, strict=True):
            # memoryview: indexing gives a Python int without copying the table
            self._plans.append((pattern, itemgetter(*pattern), memoryview(table)))
        self._shifts = [(cell_bits(n) * p, p) for p in range(n)]
        self._mirror = None
        if self.mirror_cell is not None:
            cells, tiles = self.mirror_cell.tolist(), self.mirror_tile.tolist()
            self._mirror = [(t, tiles[t], cells) for t in range(n)]

    @property
    def nbytes(self) -> int:
        """Bytes of the tables (one per placement of each group)."""
        return sum(t.nbytes for t in self.tables)

    def _lookup(self, where) -> int:
        n, total = len(where), 0
        for _, cells_of, table in self._plans:  # cells_of(where): the group's cells
            total += table[rank_cells(cells_of(where), n)]
        return total

    def _where(self, packed: int) -> list[int]:
        mask = (1 << self._shifts[1][0]) - 1
        where = [0] * len(self._shifts)
        for s, p in self._shifts:
            where[(packed >> s) & mask] = p
        return where

    def _without_dual(self, where) -> int:
        value = self._lookup(where)
        if self._mirror is not None:
            mirrored = [cells[where[m]] for _, m, cells in self._mirror]
            value = max(value, self._lookup(mirrored))
        return value

    def h(self, packed: int) -> int:
        """h of a packed state: max(regular, reflected, dual) of the lookups it makes.

        The reflected lookup where the goal's blank is on the diagonal, the dual one for
        ``dual`` (:func:`dual_lookup`).
        """
        where = self._where(packed)
        value = self._without_dual(where)
        if self.dual:
            value = max(value, self._dual(where))
        return value

    def h_without_dual(self, packed: int) -> int:
        """max(regular, reflected) of a packed state: ``h`` without the dual lookup."""
        return self._without_dual(self._where(packed))

    def h_dual(self, packed: int) -> int:
        """:func:`dual_lookup` of a packed state."""
        return self._dual(self._where(packed))

    def _dual(self, where) -> int:
        tiles = [0] * len(where)
        for t, c in enumerate(where):
            tiles[c] = t
        return dual_lookup(self, tiles)

    def evaluate_tiles(self, tiles: np.ndarray) -> np.ndarray:
        """h of many boards, one per row of ``tiles`` (shape (N, size))."""
        where = np.argsort(np.asarray(tiles, dtype=np.int64), axis=1)
        value = self._lookup_many(where)
        if self.mirror_cell is not None:
            mirrored = self.mirror_cell[where[:, self.mirror_tile]]
            value = np.maximum(value, self._lookup_many(mirrored))
        if self.dual:
            duals = [dual_lookup(self, row) for row in np.asarray(tiles).tolist()]
            value = np.maximum(value, np.array(duals, dtype=np.int64))
        return value.astype(np.float64)

    def _lookup_many(self, where: np.ndarray) -> np.ndarray:
        n = where.shape[1]
        total = np.zeros(len(where), dtype=np.int64)
        for pattern, _, view in self._plans:
            total += np.asarray(view)[rank_columns(where[:, list(pattern)].T, n)]
        return total


#: The dual lookup is made only when the blank is at most this many moves from its goal
#: cell (:func:`dual_lookup`; the measurements of walks up to 0, 1, 2, 3, 4 and every walk
#: are in ``benchmarks/README.md``).
DUAL_WALK = 1


def blank_routes(goal: Board) -> list[tuple[int, ...]]:
    """``routes[b]``: the cells the blank visits walking from cell ``b`` to the goal's
    blank cell, along its row to the goal blank's column, then along that column
    (``b`` itself not included; empty for the goal blank's cell)."""
    gr, gc = divmod(goal.blank, goal.cols)
    routes = []
    for b in range(goal.size):
        r, c = divmod(b, goal.cols)
        cells = []
        while c != gc:
            c += 1 if gc > c else -1
            cells.append(r * goal.cols + c)
        while r != gr:
            r += 1 if gr > r else -1
            cells.append(r * goal.cols + c)
        routes.append(tuple(cells))
    return routes


def dual_lookup(pdb: AdditivePDB, tiles) -> int:
    """The dual lookup of a board (``tiles[cell]``): h(dual of the board with its blank
    walked home) minus the moves of that walk, at least 0; 0 when the walk is longer than
    :data:`DUAL_WALK` (module docstring).

    Parameters
    ----------
    pdb : AdditivePDB
    tiles : sequence of int
        The board, the tile on each cell (0 the blank).

    Returns
    -------
    int
        A lower bound on the board's distance to ``pdb.goal`` (moves).
    """
    goal = pdb.goal
    walked = list(tiles)
    b = walked.index(0)
    route = blank_routes(goal)[b]
    if len(route) > DUAL_WALK:
        return 0
    for c in route:  # the tile on c slides to b
        walked[b], walked[c] = walked[c], 0
        b = c
    home = [0] * goal.size
    for cell, t in enumerate(goal.tiles):
        home[t] = cell
    where = [0] * goal.size  # where[t]: tile t's cell in the dual
    for x, t in enumerate(goal.tiles):
        where[t] = home[walked[x]]
    return max(0, pdb._lookup(where) - len(route))


def partition_patterns(goal: Board, partition: str) -> list[tuple[int, ...]]:
    """The tiles of each group of ``partition`` for ``goal`` (4x4, or 5x5 for 6-6-6-6).

    Raises
    ------
    PatternDatabaseError
        For an unknown partition or a goal of another shape.
    """
    if partition not in ALL_PARTITIONS:
        raise PatternDatabaseError(
            f"unknown partition {partition!r}; choose one of {', '.join(ALL_PARTITIONS)}"
        )
    rows, cols = shape_of(partition)
    if (goal.rows, goal.cols) != (rows, cols):
        puzzle = {4: "the 15-puzzle", 5: "the 24-puzzle"}[rows]
        raise PatternDatabaseError(
            f"the {partition} pattern databases are for the {rows}x{cols} board ({puzzle}); "
            f"goal {goal} is {goal.rows}x{goal.cols}"
        )
    side = rows - 1
    r, c = divmod(goal.blank, cols)
    if r in (0, side) and c in (0, side):  # a corner: turn the layout so cell 0 lands there

        def place(cell: int) -> int:
            cr, cc = divmod(cell, cols)
            return (side - cr if r else cr) * cols + (side - cc if c else cc)
    else:

        def place(cell: int) -> int:
            return {goal.blank: 0, 0: goal.blank}.get(cell, cell)

    return [tuple(goal.tiles[place(cell)] for cell in group) for group in ALL_PARTITIONS[partition]]


def mirror_of(goal: Board) -> tuple[np.ndarray, np.ndarray] | tuple[None, None]:
    """``(mirror_cell, mirror_tile)`` of the reflection about the main diagonal, or
    ``(None, None)`` when the board is not square or the goal's blank is off it."""
    if goal.rows != goal.cols:
        return None, None
    n = goal.rows
    mirror_cell = np.array([(p % n) * n + p // n for p in range(goal.size)], dtype=np.int64)
    if mirror_cell[goal.blank] != goal.blank:
        return None, None
    home = np.argsort(np.asarray(goal.tiles))
    mirror_tile = np.asarray(goal.tiles, dtype=np.int64)[mirror_cell[home]]
    return mirror_cell, mirror_tile


def build_bytes(partition: str) -> int:
    """Peak memory of building ``partition``, in bytes (an estimate).

    The largest group's three bitsets (one bit per placement and blank region key,
    ``n`` keys per placement) and its byte table, plus the tables of all groups.
    """
    rows, cols = shape_of(partition)
    n = rows * cols
    sizes = [placements(n, len(g)) for g in ALL_PARTITIONS[partition]]
    return max(3 * (p * n // 8) + p for p in sizes) + sum(sizes)


def available_bytes() -> int:
    """Memory a new allocation may take: :func:`eightlab.memory.available_memory` (the
    least of ``MemAvailable``, the room under a cgroup limit and under ``ulimit -v``)."""
    return available_memory()


def additive_pdb(
    goal: Board, partition: str, *, deadline: float | None = None, progress: bool = True
) -> AdditivePDB:
    """The additive pattern databases of ``partition`` for ``goal``.

    Kept in memory (the latest used, up to :data:`MEMORY_BYTES` of tables), else read
    from the disk cache, else built (with a progress bar on a terminal) and cached.

    Parameters
    ----------
    goal : Board
        A goal of the partition's shape (:func:`shape_of`: 4x4, 5x5 for 6-6-6-6).
    partition : str
        A name of :data:`ALL_PARTITIONS`.
    deadline : float, optional
        A :func:`time.perf_counter` time at which a build stops (default: the one of
        :func:`~eightlab.heuristics.base.build_deadline`, set by the search harness).
    progress : bool
        Show a tqdm bar while building.

    Returns
    -------
    AdditivePDB

    Raises
    ------
    PatternDatabaseError
        Unknown partition, a goal of another shape, or too little memory to build.
    BuildTimeout
        When the deadline passes during a build.
    """
    key = (goal, partition)
    with _MEMORY_LOCK:
        if key in _MEMORY:
            _MEMORY.move_to_end(key)
            return _MEMORY[key]
    patterns = partition_patterns(goal, partition)
    cached = pdbcache.load(goal, partition, patterns)
    if cached is None:
        deadline = build_deadline_now() if deadline is None else deadline
        try:
            with pdbcache.build_lock(goal, partition, deadline):  # another may be building
                cached = pdbcache.load(goal, partition, patterns)
                if cached is None:
                    cached = _build(goal, partition, patterns, deadline, progress)
                    pdbcache.save(goal, partition, patterns, *cached)
        except MemoryError:  # a limit /proc/meminfo does not show (ulimit -v, cgroups)
            raise PatternDatabaseError(
                f"building the {partition} pattern databases ran out of memory (about "
                f"{build_bytes(partition) / 2**30:.1f} GB is needed)"
            ) from None
        except TimeoutError:
            raise BuildTimeout("spent building a pattern database") from None
    tables, seconds = cached
    mirror_cell, mirror_tile = mirror_of(goal)
    pdb = AdditivePDB(goal, partition, patterns, tables, mirror_cell, mirror_tile, seconds)
    with _MEMORY_LOCK:
        _MEMORY[key] = pdb
        while len(_MEMORY) > 1 and sum(p.nbytes for p in _MEMORY.values()) > MEMORY_BYTES:
            _MEMORY.popitem(last=False)
    return pdb


def _build(goal, partition, patterns, deadline, progress):
    need, free = build_bytes(partition), available_bytes()
    if need > 0.8 * free:
        raise PatternDatabaseError(
            f"building the {partition} pattern databases needs about {need / 2**30:.1f} GB "
            f"of memory; only {free / 2**30:.1f} GB is available"
        )
    from tqdm.auto import tqdm

    if progress:
        announce(goal, partition, patterns, pdbcache.path_of(goal, partition))
    total = sum(placements(goal.size, len(p)) for p in patterns)
    bar = tqdm(total=total, desc=f"pdb {partition}", unit="entry", disable=not progress or None)
    started, tables = perf_counter(), []
    try:
        for g, pattern in enumerate(patterns):
            offset = bar.n
            source = symmetric_source(goal, patterns, g)
            if source is not None:  # a symmetry of the board gives it from a built one
                j, inverse, order = source
                tables.append(derive_table(tables[j], goal.size, inverse, order))
                bar.update(offset + len(tables[-1]) - bar.n)
                continue

            def step(done, offset=offset):
                bar.update(offset + done - bar.n)

            tables.append(build_table(goal, pattern, deadline, step))
    finally:
        bar.close()
    return tables, perf_counter() - started


# ------------------------------------------------------------------ heuristics
def single_lookup(pdb: AdditivePDB) -> AdditivePDB:
    """The same tables without the reflected lookup (``h`` = the regular lookup only)."""
    return AdditivePDB(pdb.goal, pdb.partition, pdb.patterns, pdb.tables, None, None,
                       pdb.build_seconds)  # fmt: skip


def with_dual(pdb: AdditivePDB) -> AdditivePDB:
    """The same tables with the dual lookup: ``h`` = max(regular, reflected, dual)."""
    return AdditivePDB(pdb.goal, pdb.partition, pdb.patterns, pdb.tables, pdb.mirror_cell,
                       pdb.mirror_tile, pdb.build_seconds, dual=True)  # fmt: skip


def additive_binder(partition: str, reflected: bool = True, dual: bool = False):
    """A binder for the heuristic ``pdb-<partition>`` (``pdb-<partition>-single`` when
    not ``reflected``, ``pdb-<partition>-dual`` with ``dual``), for goals of its shape."""

    def bind(goal: Board) -> Evaluator:
        pdb = additive_pdb(goal, partition)
        pdb = pdb if reflected else single_lookup(pdb)
        pdb = with_dual(pdb) if dual else pdb
        return Evaluator(pdb.h, goal.size, None, pdb.evaluate_tiles, data=pdb)

    lookup = "" if reflected else ", the regular lookup only"
    lookup = ", with the dual lookup" if dual else lookup
    bind.__doc__ = f"Bind the {partition} additive pattern databases{lookup} to a goal."
    return bind
