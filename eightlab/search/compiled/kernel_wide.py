"""The compiled IDA* pass for boards of 17 to 25 cells (4x5, 5x5): tiles in an array.

The loop of :func:`eightlab.search.compiled.kernel.run_pass` (read that one first) for
boards whose packed form does not fit in 64 bits: the tiles of the node on top of the
stack are one array, changed by each move and changed back on the way up. Per-tile sums
(``kind`` 0) and Manhattan plus linear conflicts (``kind`` 1); the pattern databases of
every size run in :func:`~eightlab.search.compiled.kernel_pdb.run_pass_pdb`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eightlab.search.compiled.kernel import (
    BOUND,
    DEEPEST,
    DEPTH,
    ENTER,
    EXHAUSTED,
    EXPANDED,
    FOUND,
    GENERATED,
    NEXT_BOUND,
    NO_BOUND,
    STATUS,
    run_step,
)


@njit(cache=True, nogil=True)
def run_pass_wide(tiles, goal, targets, move_count, dh, kind, line_cells, line_slots, line_of,
                  regs, blank, came_from, hs, misplaced, next_k, smallest, stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass on the board ``tiles`` (changed in place).

    Stack arrays as in :func:`~eightlab.search.compiled.kernel.run_pass`, with ``misplaced[d]``
    (cells that differ from the goal, blank included: 0 is the goal) instead of states.
    """
    depth = regs[DEPTH]
    bound = regs[BOUND]
    expanded = regs[EXPANDED]
    generated = regs[GENERATED]
    deepest = regs[DEEPEST]
    enter = regs[ENTER]
    found = False
    tails = np.empty(8, np.int64)  # scratch of the line penalty (no allocation per call)
    while True:
        if enter:
            if expanded >= stop_at:
                break
            expanded += 1
            if depth > deepest:
                deepest = depth
            next_k[depth] = 0
            smallest[depth] = NO_BOUND
            enter = 0
        b = blank[depth]
        back = came_from[depth]
        g1 = depth + 1
        k = next_k[depth]
        descended = False
        while k < move_count[b]:
            q = targets[b, k]
            k += 1
            if q == back:
                continue
            generated += 1
            tile = tiles[q]
            h1 = hs[depth] + dh[b, k - 1, tile]
            if kind == 1:
                if line_of[b, 0] == line_of[q, 0]:
                    la, lb = line_of[b, 1], line_of[q, 1]
                else:
                    la, lb = line_of[b, 0], line_of[q, 0]
                h1 -= _penalty(tiles, line_cells, line_slots, la, tails)
                h1 -= _penalty(tiles, line_cells, line_slots, lb, tails)
                tiles[b] = tile
                tiles[q] = 0
                h1 += _penalty(tiles, line_cells, line_slots, la, tails)
                h1 += _penalty(tiles, line_cells, line_slots, lb, tails)
                tiles[q] = tile
                tiles[b] = 0
            f = g1 + h1
            if f > bound:
                if f < smallest[depth]:
                    smallest[depth] = f
                continue
            tiles[b] = tile
            tiles[q] = 0
            mis = misplaced[depth]
            mis += (goal[b] != tile) - (goal[b] != 0) + (goal[q] != 0) - (goal[q] != tile)
            next_k[depth] = k
            if mis == 0:
                if g1 > deepest:
                    deepest = g1
                found = True
                break
            depth = g1
            blank[depth] = q
            came_from[depth] = b
            hs[depth] = h1
            misplaced[depth] = mis
            enter = 1
            descended = True
            break
        if found:
            regs[STATUS] = FOUND
            depth = g1
            break
        if descended:
            continue
        f = smallest[depth]
        if depth == 0:
            regs[STATUS] = EXHAUSTED
            regs[NEXT_BOUND] = f
            break
        q = blank[depth]
        depth -= 1
        b = blank[depth]
        tiles[q] = tiles[b]
        tiles[b] = 0
        if f < smallest[depth]:
            smallest[depth] = f
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    regs[ENTER] = enter
    return regs[STATUS]


@njit(cache=True, inline="always")
def _penalty(tiles, cells, slots, line, tails):
    """The linear-conflict penalty of one line of ``tiles``: 2 x (its tiles homed in it -
    their longest run in goal order), as in :func:`eightlab.search.compiled.kernel.run_pass`."""
    count = 0
    run = 0
    for j in range(cells.shape[1]):
        c = cells[line, j]
        if c < 0:
            break
        slot = slots[line, tiles[c]]
        if slot < 0:
            continue
        count += 1
        run = run_step(tails, run, slot)
    return 2 * (count - run)
