"""The compiled IDA* pass (numba): one depth-first pass with an explicit stack, resumable.

This is the hot loop of :mod:`eightlab.engine.idastar`, the compiled copy of the readable
reference :func:`eightlab.search.idastar.idastar`; it counts exactly what the reference
counts (tests/test_engine.py proves it). It works on the board as an array of tiles,
changed in place by each move and restored on the way back, so it serves boards up to
5x5 (whose packed form would not fit in 64 bits).

The pass runs until it finds the goal, finishes, or has expanded ``stop_at`` nodes in
total; then it returns with its stack intact, and a later call with the same arrays
resumes where it stopped. The caller looks at the clock between such slices, which is
how the time budget and Ctrl-C work without a callback from compiled code.

Heuristics (``kind``): 0 a sum of per-tile costs (Manhattan, misplaced tiles, ...),
whose change per move is the table ``dh[blank, k, tile]``; 1 Manhattan plus linear
conflicts (``dh`` plus a recount of the two lines a move changes); 2 additive pattern
databases (``dh`` zero; the group of the moved tile is ranked again, and its mirror
image too when the reflected lookup applies).
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: No node exceeded the threshold (the reference's ``inf``).
NO_BOUND = 1 << 60

# Slots of the ``regs`` array, the pass's scalar state between slices.
DEPTH, BOUND, EXPANDED, GENERATED, DEEPEST, ENTER, STATUS, NEXT_BOUND = range(8)
REGS = 8
# Values of regs[STATUS].
RUNNING, FOUND, EXHAUSTED = 0, 1, 2


@njit(cache=True, inline="always")
def _line_penalty(tiles, cells, slots):
    """2 x (tiles of the line whose goal is in it) - longest increasing run of slots."""
    tails = np.empty(cells.shape[0], np.int64)
    count = 0
    run = 0
    for j in range(cells.shape[0]):
        if cells[j] < 0:  # the padding of a shorter line
            break
        s = slots[tiles[cells[j]]]
        if s < 0:
            continue
        count += 1
        lo, hi = 0, run  # first tail >= s (bisect_left)
        while lo < hi:
            mid = (lo + hi) >> 1
            if tails[mid] < s:
                lo = mid + 1
            else:
                hi = mid
        tails[lo] = s
        if lo == run:
            run += 1
    return 2 * (count - run)


@njit(cache=True, inline="always")
def _rank(pos, pattern, n):
    """Dense rank of the cells of ``pattern``'s tiles (the k-permutation of cells)."""
    idx = 0
    k = pattern.shape[0]
    for i in range(k):
        c = pos[pattern[i]]
        smaller = 0
        for j in range(i):
            if pos[pattern[j]] < c:
                smaller += 1
        idx = idx * (n - i) + c - smaller
    return idx


@njit(cache=True)
def pdb_value(pos, patterns, lengths, offsets, table, mirror_cell, mirror_tile, group, mirrored):
    """The table entry of one group, on the board or on its mirror image."""
    n = pos.shape[0]
    k = lengths[group]
    if not mirrored:
        return np.int64(table[offsets[group] + _rank(pos, patterns[group, :k], n)])
    # the mirror image: tile t on cell c becomes tile mirror_tile[t] on mirror_cell[c]
    mpos = np.empty(n, np.int64)
    for t in range(n):
        mpos[mirror_tile[t]] = mirror_cell[pos[t]]
    return np.int64(table[offsets[group] + _rank(mpos, patterns[group, :k], n)])


@njit(cache=True)
def pdb_groups(pos, patterns, lengths, offsets, table, mirror_cell, mirror_tile, values):
    """Fill ``values[0, g]`` (board) and ``values[1, g]`` (mirror) for every group."""
    for g in range(lengths.shape[0]):
        values[0, g] = pdb_value(
            pos, patterns, lengths, offsets, table, mirror_cell, mirror_tile, g, False
        )
        if mirror_cell.shape[0] > 0:
            values[1, g] = pdb_value(
                pos, patterns, lengths, offsets, table, mirror_cell, mirror_tile, g, True
            )


@njit(cache=True)
def run_pass(tiles, goal, targets, move_count, dh, kind, line_cells, line_slots, line_of,
             pos, group_of, patterns, lengths, offsets, table, mirror_cell, mirror_tile,
             group_values, regs, blank, came_from, hs, misplaced, next_k, smallest,
             stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass until the goal, the end of the pass, or ``stop_at``.

    Arrays indexed by depth d hold the path: ``blank[d]`` (blank's cell), ``came_from[d]``
    (its previous cell, the move not to undo; -1 at the root), ``hs[d]`` and
    ``misplaced[d]`` (h, and cells differing from the goal, blank included: 0 is the
    goal), ``next_k[d]`` (the next move to try; the one taken is ``next_k[d] - 1``) and
    ``smallest[d]`` (smallest f above the bound in the subtree so far).
    ``group_values[d]`` holds the pattern-database entries of each group (kind 2).
    """
    depth = regs[DEPTH]
    bound = regs[BOUND]
    expanded = regs[EXPANDED]
    generated = regs[GENERATED]
    deepest = regs[DEEPEST]
    enter = regs[ENTER]
    mirrored = mirror_cell.shape[0] > 0
    groups = lengths.shape[0]
    while True:
        if enter:  # expand the node on top of the stack
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
        h = hs[depth]
        g1 = depth + 1
        k = next_k[depth]
        descended = False
        while k < move_count[b]:
            q = targets[b, k]
            k += 1
            if q == back:  # parent-move pruning: generates nothing
                continue
            generated += 1
            tile = tiles[q]
            h1 = h + dh[b, k - 1, tile]
            if kind == 1:
                if line_of[b, 0] == line_of[q, 0]:  # along a row: the columns change
                    la, lb = line_of[b, 1], line_of[q, 1]
                else:  # along a column: the rows change
                    la, lb = line_of[b, 0], line_of[q, 0]
                h1 -= _line_penalty(tiles, line_cells[la], line_slots[la])
                h1 -= _line_penalty(tiles, line_cells[lb], line_slots[lb])
                tiles[b] = tile
                tiles[q] = 0
                h1 += _line_penalty(tiles, line_cells[la], line_slots[la])
                h1 += _line_penalty(tiles, line_cells[lb], line_slots[lb])
                tiles[q] = tile
                tiles[b] = 0
            elif kind == 2:
                grp = group_of[tile]
                if grp >= 0:
                    pos[tile] = b
                    pos[0] = q
                    a0 = pdb_value(pos, patterns, lengths, offsets, table, mirror_cell,
                                   mirror_tile, grp, False)  # fmt: skip
                    total = a0 - group_values[depth, 0, grp]
                    if mirrored:
                        total2 = 0
                        total1 = 0
                        for gg in range(groups):
                            total1 += group_values[depth, 0, gg]
                            total2 += group_values[depth, 1, gg]
                        a1 = pdb_value(pos, patterns, lengths, offsets, table, mirror_cell,
                                       mirror_tile, group_of[mirror_tile[tile]], True)  # fmt: skip
                        total1 += total
                        total2 += a1 - group_values[depth, 1, group_of[mirror_tile[tile]]]
                        h1 = total1 if total1 > total2 else total2
                    else:
                        h1 = h + total
                    pos[tile] = q
                    pos[0] = b
            f = g1 + h1
            if f > bound:
                if f < smallest[depth]:
                    smallest[depth] = f
                continue
            # the child is within the bound: make the move
            tiles[b] = tile
            tiles[q] = 0
            mis = misplaced[depth]
            mis += (goal[b] != tile) - (goal[b] != 0) + (goal[q] != 0) - (goal[q] != tile)
            next_k[depth] = k
            if kind == 2:
                pos[tile] = b
                pos[0] = q
                for gg in range(groups):
                    group_values[g1, 0, gg] = group_values[depth, 0, gg]
                    group_values[g1, 1, gg] = group_values[depth, 1, gg]
                grp = group_of[tile]
                if grp >= 0:
                    group_values[g1, 0, grp] = pdb_value(pos, patterns, lengths, offsets, table,
                                                         mirror_cell, mirror_tile, grp, False)  # fmt: skip
                    if mirrored:
                        mg = group_of[mirror_tile[tile]]
                        group_values[g1, 1, mg] = pdb_value(pos, patterns, lengths, offsets,
                                                            table, mirror_cell, mirror_tile, mg,
                                                            True)  # fmt: skip
            if mis == 0:  # the goal, tested at generation
                if g1 > deepest:
                    deepest = g1
                regs[STATUS] = FOUND
                depth = g1
                break
            depth = g1
            blank[depth] = q
            came_from[depth] = b
            hs[depth] = h1
            misplaced[depth] = mis
            enter = 1
            descended = True
            break
        if regs[STATUS] == FOUND:
            break
        if descended:
            continue
        # every move of this node is tried: back up
        t = smallest[depth]
        if depth == 0:
            regs[STATUS] = EXHAUSTED
            regs[NEXT_BOUND] = t
            break
        q = blank[depth]
        depth -= 1
        b = blank[depth]
        tile = tiles[b]
        tiles[q] = tile
        tiles[b] = 0
        if kind == 2:
            pos[tile] = q
            pos[0] = b
        if t < smallest[depth]:
            smallest[depth] = t
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    regs[ENTER] = enter
    return regs[STATUS]
