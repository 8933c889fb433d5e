"""The arrays the compiled kernel reads: moves of the blank, and each heuristic as tables.

Every table is converted from the heuristic's own, so the compiled h equals the Python h
on every board: a per-tile sum from its ``tile_cost`` table (the change per move by
:func:`~eightlab.heuristics.pertile.slide_change`), linear conflict from the
:class:`~eightlab.heuristics.linear_conflict.LineTables` its evaluator carries, a
pattern database from the tables of :func:`eightlab.heuristics.pdb.additive.additive_pdb`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from eightlab.errors import EightlabError
from eightlab.heuristics.linear_conflict import tiles_to_leave_line
from eightlab.heuristics.pertile import slide_change
from eightlab.puzzle.board import Board, neighbor_table, pack

#: Heuristics compiled by name besides those that sum per-tile costs.
LINE_CONFLICT = "linear-conflict"
PDB_PREFIX = "pdb-"
#: Names known to be per-tile sums (compiled through their ``tile_cost`` table).
PER_TILE = ("zero", "misplaced", "manhattan", "weighted-manhattan", "manhattan-with-blank")


@dataclass(frozen=True)
class Moves:
    """Moves of the blank: ``targets[b, k]`` is the k-th cell (d, l, r, u order) it can
    go to from cell ``b``, ``count[b]`` how many there are, ``letters[b][k]`` the move."""

    targets: np.ndarray
    count: np.ndarray
    letters: tuple


@cache
def move_tables(rows: int, cols: int) -> Moves:
    """The :class:`Moves` of a ``rows`` x ``cols`` board (from :func:`neighbor_table`)."""
    table = neighbor_table(rows, cols)
    n = rows * cols
    targets = np.full((n, 4), -1, dtype=np.int64)
    count = np.zeros(n, dtype=np.int64)
    letters = []
    for b, row in enumerate(table):
        count[b] = len(row)
        for k, (_, q) in enumerate(row):
            targets[b, k] = q
        letters.append("".join(m for m, _ in row))
    return Moves(targets, count, tuple(letters))


@dataclass(frozen=True)
class HeuristicTables:
    """A heuristic as the kernel's arrays (unused ones are empty).

    Attributes
    ----------
    kind : int
        0 per-tile sum, 1 Manhattan plus linear conflicts, 2 additive pattern databases.
    dh : ndarray, shape (n, 4, n)
        Change of the per-tile sum when the tile on ``targets[b, k]`` slides to ``b``.
    line_cells, line_slots, line_of : ndarray
        Lines (rows, then columns) as cells padded with -1; each tile's goal index in a
        line (-1 if its goal is elsewhere); the row and column line of every cell.
    line_table : ndarray of int8, shape (lines, 16 ** width)
        Packed boards with lines of up to 4 cells: the conflict penalty of every content
        of every line, indexed by the line's 4-bit tiles (the first cell lowest); empty
        otherwise (the kernel then counts it).
    group_of, patterns, lengths, offsets, table : ndarray
        The pattern databases: group of each tile (-1 none), each group's tiles (padded),
        their counts, where each group's table starts in ``table`` (all tables joined).
    mirror_cell, mirror_tile, inverse_mirror : ndarray
        The reflection (empty when the reflected lookup does not apply): in the mirror
        image tile t stands on ``mirror_cell[cell of tile mirror_tile[t]]``;
        ``inverse_mirror[mirror_tile[t]] = t``.
    tile_cost : list of list of int, or None
        The per-tile costs ``dh`` is made of (Manhattan for linear conflict).
    evaluator : callable
        ``evaluator(packed) -> number``: eightlab's own h of a packed board.
    routes, route_len, goal_tiles, home : ndarray, or None
        The dual lookup (None without it): ``routes[b]`` the cells of the blank's walk
        home from ``b`` (:func:`~eightlab.heuristics.pdb.additive.blank_routes`; -1
        after them), ``route_len[b]`` their number (-1 beyond
        :data:`~eightlab.heuristics.pdb.additive.DUAL_WALK`: no dual lookup), the
        goal's tile on each cell and each tile's goal cell.
    """

    kind: int
    dh: np.ndarray
    line_cells: np.ndarray
    line_slots: np.ndarray
    line_of: np.ndarray
    line_table: np.ndarray
    group_of: np.ndarray
    patterns: np.ndarray
    lengths: np.ndarray
    offsets: np.ndarray
    table: np.ndarray
    mirror_cell: np.ndarray
    mirror_tile: np.ndarray
    inverse_mirror: np.ndarray
    tile_cost: list | None
    evaluator: object
    routes: np.ndarray | None = None
    route_len: np.ndarray | None = None
    goal_tiles: np.ndarray | None = None
    home: np.ndarray | None = None

    def evaluate(self, tiles) -> int:
        """h of a board given as its tiles (a tuple), an int: eightlab's own evaluator."""
        return int(self.evaluator(pack(tuple(int(t) for t in tiles))))

    def tile_sum(self, tiles) -> int:
        """The sum of :attr:`HeuristicTables.tile_cost` over a board given as its tiles."""
        return sum(self.tile_cost[t][p] for p, t in enumerate(tiles))


#: Every heuristic compiled by name (besides ``pdb-*``).
COMPILED = (*PER_TILE, LINE_CONFLICT)


def supports(heuristic) -> bool:
    """Whether the compiled engine runs ``heuristic`` (a name or Heuristic) without binding it."""
    name = getattr(heuristic, "name", heuristic)
    return name in PER_TILE or name == LINE_CONFLICT or str(name).startswith(PDB_PREFIX)


def _per_tile_dh(tile_cost, rows: int, cols: int) -> np.ndarray:
    """``dh[b, k, t]``: :func:`slide_change` of every move (``targets[b, k]``) as an array."""
    n = rows * cols
    moves = move_tables(rows, cols)
    dh = np.zeros((n, 4, n), dtype=np.int64)
    for b in range(n):
        for k in range(moves.count[b]):
            dh[b, k] = slide_change(tile_cost, b, int(moves.targets[b, k]))
    return dh


@cache
def _line_tables(line_slots: tuple, width: int) -> np.ndarray:
    """The linear-conflict penalty of every content of every line (see ``line_table``):
    2 x :func:`~eightlab.heuristics.linear_conflict.tiles_to_leave_line` of its slots."""
    contents = np.indices((16,) * width).reshape(width, -1)[::-1].T  # cell j = nibble j
    # each content's slots, coded base width + 1 (slot -1 -> 0): few codes, one count each
    codes = np.zeros(len(contents), dtype=np.int64)
    tables = np.zeros((len(line_slots), len(contents)), dtype=np.int8)
    for i, slots in enumerate(line_slots):
        padded = np.full(16, -1, dtype=np.int64)
        padded[: len(slots)] = slots
        slot = padded[contents]  # (contents, width)
        codes[:] = 0
        for j in range(width):
            codes = codes * (width + 1) + slot[:, j] + 1
        unique, first = np.unique(codes, return_index=True)
        penalty = {
            code: 2 * tiles_to_leave_line(slot[k].tolist())
            for code, k in zip(unique.tolist(), first.tolist(), strict=True)
        }
        tables[i] = np.vectorize(penalty.__getitem__, otypes=[np.int8])(codes)
    return tables


def _empty(*shape, dtype=np.int64) -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


def heuristic_tables(heuristic, goal: Board) -> HeuristicTables:
    """The kernel's arrays for ``heuristic`` bound to ``goal``.

    Raises
    ------
    EightlabError
        If the heuristic is not compiled (neither an integer per-tile sum, nor linear
        conflict, nor an additive pattern database).
    """
    name = heuristic.name
    n, rows, cols = goal.size, goal.rows, goal.cols
    empty = {
        "line_cells": _empty(0, 0), "line_slots": _empty(0, 0), "line_of": _empty(n, 2),
        "group_of": np.full(n, -1, dtype=np.int64), "patterns": _empty(0, 0),
        "lengths": _empty(0), "offsets": _empty(0), "table": _empty(1, dtype=np.uint8),
        "mirror_cell": _empty(0), "mirror_tile": _empty(0), "inverse_mirror": _empty(0),
        "line_table": _empty(0, 0, dtype=np.int8),
    }  # fmt: skip
    if name == LINE_CONFLICT:
        evaluator = heuristic.bind(goal)
        lines = evaluator.data  # the heuristic's own LineTables
        width = max(rows, cols)
        line_cells = np.full((len(lines.lines), width), -1, dtype=np.int64)
        line_of = np.zeros((n, 2), dtype=np.int64)
        for i, line in enumerate(lines.lines):
            line_cells[i, : len(line)] = line
            line_of[list(line), 0 if i < rows else 1] = i  # rows come first, then columns
        line_slots = np.array(lines.slots, dtype=np.int64)
        empty.update(line_cells=line_cells, line_slots=line_slots, line_of=line_of)
        if n <= 16 and width <= 4:
            empty["line_table"] = _line_tables(tuple(map(tuple, lines.slots)), width)
        dh = _per_tile_dh(lines.manhattan, rows, cols)
        return HeuristicTables(1, dh, **empty, tile_cost=lines.manhattan, evaluator=evaluator)
    if name.startswith(PDB_PREFIX):
        return _pdb_tables(name[len(PDB_PREFIX) :], goal, empty)
    evaluator = heuristic.bind(goal)
    cost = evaluator.tile_cost
    if cost is None or any(float(v) != int(v) for row in cost for v in row):
        raise EightlabError(
            f"the compiled engine does not run heuristic {name!r} (it runs integer per-tile "
            f"sums such as manhattan, linear-conflict and the pdb-* databases); "
            f"use engine='python'"
        )
    cost = [[int(v) for v in row] for row in cost]
    dh = _per_tile_dh(cost, rows, cols)
    return HeuristicTables(0, dh, **empty, tile_cost=cost, evaluator=evaluator)


def _pdb_tables(partition: str, goal: Board, arrays: dict) -> HeuristicTables:
    """The additive pattern databases of ``partition`` as the kernel's arrays (without
    the mirror arrays for ``<partition>-single``: the kernel then looks up once)."""
    from eightlab.heuristics.pdb.additive import (
        DUAL,
        DUAL_WALK,
        SINGLE,
        additive_pdb,
        blank_routes,
        single_lookup,
        with_dual,
    )

    single, dual = partition.endswith(SINGLE), partition.endswith(DUAL)
    if single:
        partition = partition[: -len(SINGLE)]
    if dual:
        partition = partition[: -len(DUAL)]
    pdb = additive_pdb(goal, partition)
    pdb = single_lookup(pdb) if single else pdb
    pdb = with_dual(pdb) if dual else pdb
    if sum(len(p) for p in pdb.patterns) != goal.size - 1:  # the kernel's goal test
        raise EightlabError(f"the {partition} groups do not cover every tile")
    n = goal.size
    width = max(len(p) for p in pdb.patterns)
    patterns = np.zeros((len(pdb.patterns), width), dtype=np.int64)
    group_of = np.full(n, -1, dtype=np.int64)
    for g, pattern in enumerate(pdb.patterns):
        patterns[g, : len(pattern)] = pattern
        group_of[list(pattern)] = g
    lengths = np.array([len(p) for p in pdb.patterns], dtype=np.int64)
    sizes = [len(t) for t in pdb.tables]
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    # pdb.joined: the tables themselves, one buffer (no copy per search or per process)
    arrays = {**arrays, "patterns": patterns, "group_of": group_of, "lengths": lengths,
              "offsets": offsets, "table": pdb.joined}  # fmt: skip
    if pdb.mirror_cell is not None:
        mirror_tile = np.asarray(pdb.mirror_tile, dtype=np.int64)
        arrays["mirror_cell"] = np.asarray(pdb.mirror_cell, dtype=np.int64)
        arrays["mirror_tile"] = mirror_tile
        arrays["inverse_mirror"] = np.argsort(mirror_tile).astype(np.int64)
    if dual:
        routes = blank_routes(goal)
        arrays["route_len"] = np.array([len(r) for r in routes], dtype=np.int64)
        arrays["routes"] = np.full((n, max(1, max(arrays["route_len"]))), -1, dtype=np.int64)
        for b, route in enumerate(routes):
            arrays["routes"][b, : len(route)] = route
        arrays["route_len"][arrays["route_len"] > DUAL_WALK] = -1  # no dual lookup there
        arrays["goal_tiles"] = np.array(goal.tiles, dtype=np.int64)
        arrays["home"] = np.argsort(arrays["goal_tiles"]).astype(np.int64)
    dh = np.zeros((goal.size, 4, goal.size), dtype=np.int64)
    return HeuristicTables(2, dh, **arrays, tile_cost=None, evaluator=pdb.h)
