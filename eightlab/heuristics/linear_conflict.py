"""Linear conflict (Hansson, Mayer & Yung 1992) and its common mistaken variant.

Manhattan distance plus, per row and column, 2 moves for each tile that must leave the
line so that the others can pass each other: the tiles kept must already stand in goal
order, so the fewest to remove is the line's tiles minus their longest increasing run.
Counting 2 per *reversed pair* instead (``linear-conflict-pairs``) overcounts when one
tile blocks several others, and is kept as an inadmissible contrast.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

import numpy as np

from eightlab.heuristics.base import Evaluator
from eightlab.heuristics.pertile import manhattan_cost, per_tile_table
from eightlab.puzzle.board import Board, cell_bits


def board_lines(rows: int, cols: int) -> list[tuple[int, ...]]:
    """The cells of every row, then every column, each in reading order."""
    lines = [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
    lines += [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
    return lines


def longest_increasing_run(values) -> int:
    """Length of the longest strictly increasing subsequence (patience sorting)."""
    tails: list = []
    for v in values:
        i = bisect_left(tails, v)
        if i == len(tails):
            tails.append(v)
        else:
            tails[i] = v
    return len(tails)


def tiles_to_leave_line(slots) -> int:
    """Fewest tiles that must leave a line so the rest stand in goal order.

    Parameters
    ----------
    slots : sequence of int
        For each cell of the line in order, the goal index within the line of the tile
        there, or -1 for the blank or a tile whose goal is in another line.

    Returns
    -------
    int
        The number of line tiles minus the longest run of them already in goal order:
        the tiles kept can slide past each other only if they are in order, so every
        other tile must step out of the line and back (Hansson, Mayer & Yung 1992).
    """
    in_line = [s for s in slots if s >= 0]
    return len(in_line) - longest_increasing_run(in_line)


def reversed_pairs(slots) -> int:
    """Number of pairs of line tiles standing in the reverse of their goal order."""
    in_line = [s for s in slots if s >= 0]
    return sum(1 for i, a in enumerate(in_line) for b in in_line[i + 1 :] if a > b)


@dataclass(frozen=True)
class LineTables:
    """The tables of Manhattan-plus-lines heuristics for one goal.

    Attributes
    ----------
    manhattan : list of list of int
        ``manhattan[t][p]``: tile ``t``'s grid distance from cell ``p`` to its goal cell
        (row 0, the blank's, is zeros).
    lines : list of tuple of int
        The cells of every row, then every column (:func:`board_lines`).
    slots : list of list of int
        ``slots[i][t]``: the goal index of tile ``t`` within line ``i``, -1 if its goal
        is in another line (and for the blank).
    """

    manhattan: list
    lines: list
    slots: list


def line_tables(goal: Board) -> LineTables:
    """The :class:`LineTables` of ``goal``."""
    home = {t: p for p, t in enumerate(goal.tiles)}
    lines = board_lines(goal.rows, goal.cols)
    slots = []
    for line in lines:
        index = {cell: j for j, cell in enumerate(line)}
        slots.append([index.get(home[t], -1) if t else -1 for t in range(goal.size)])
    return LineTables(per_tile_table(goal, manhattan_cost), lines, slots)


def line_conflict_binder(line_penalty, what: str):
    """A binder for Manhattan plus a penalty per line of the board.

    ``line_penalty(slots)`` maps the goal slots of a line's tiles (see
    :func:`tiles_to_leave_line`) to extra moves; the evaluator caches it per line
    content and carries its :class:`LineTables` as ``data``.
    """

    def bind(goal: Board) -> Evaluator:
        n = goal.size
        k = cell_bits(n)
        mask = (1 << k) - 1
        tables = line_tables(goal)
        manhattan, lines, slot_of = tables.manhattan, tables.lines, tables.slots
        line_shifts = [tuple(k * p for p in line) for line in lines]
        caches: list[dict] = [{} for _ in lines]
        cell_shifts = [(k * p, p) for p in range(n)]
        plan = list(zip(line_shifts, slot_of, caches, strict=True))

        def h(state: int) -> int:
            total = 0
            for s, p in cell_shifts:
                total += manhattan[(state >> s) & mask][p]
            for shifts, slots, cache in plan:
                key = tuple([(state >> s) & mask for s in shifts])
                extra = cache.get(key)
                if extra is None:
                    extra = cache[key] = 2 * line_penalty([slots[t] for t in key])
                total += extra
            return total

        def batch(tiles: np.ndarray) -> np.ndarray:
            cost = np.asarray(manhattan, dtype=np.float64)
            total = cost[tiles, np.arange(n)].sum(axis=1)
            for line, slots in zip(lines, slot_of, strict=True):
                # one table over every content of the line, indexed in base n
                width = len(line)
                contents = np.indices((n,) * width).reshape(width, -1).T
                slot_array = np.asarray(slots)[contents]
                table = np.array([2 * line_penalty(row) for row in slot_array.tolist()])
                index = np.zeros(len(tiles), dtype=np.int64)
                for cell in line:
                    index = index * n + tiles[:, cell]
                total += table[index]
            return total

        return Evaluator(h, n, None, batch, data=tables)

    bind.__doc__ = f"Bind {what} to a goal."
    return bind
