"""The compiled IDA* pass (numba): one depth-first pass with an explicit stack, resumable.

This is the hot loop of :mod:`eightlab.engine.idastar`, the compiled copy of the readable
reference :func:`eightlab.search.idastar.idastar`; it counts exactly what the reference
counts (``tests/test_engine.py`` proves it). A pass runs until it finds the goal,
finishes, or has expanded ``stop_at`` nodes in total; then it returns with its stack
intact, and a later call with the same arrays resumes where it stopped. The caller looks
at the clock between such slices: that is how the time budget and Ctrl-C work without a
callback from compiled code.

Two copies of the loop, because one representation does not serve both sizes fast:
:func:`run_pass` (boards of up to 16 cells) keeps each state of the path as a packed
``uint64``, 4 bits per cell, like the reference; :func:`run_pass_wide` (up to 25 cells)
moves tiles in one array and moves them back on the way up. The explicit stack measured
about 10 % slower than numba recursion and keeps the pass resumable (``benchmarks/README.md``).
The passes release the GIL (``nogil``), so threads (a Dask worker's) run them in parallel.

Heuristics (``kind``): 0 a sum of per-tile costs (Manhattan, misplaced tiles, ...),
whose change per move is the table ``dh[blank, k, tile]``; 1 Manhattan plus linear
conflicts (``dh`` plus a recount of the two lines a move changes); 2 additive pattern
databases (the group of the moved tile is ranked again, and its group in the mirror
image when the reflected lookup applies; h is the larger of the two sums).
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


@njit(cache=True, nogil=True)
def run_pass(goal, targets, move_count, dh, kind, line_cells, line_slots, line_of, line_table,
             pos, mpos, group_of, patterns, lengths, offsets, table, mirror_cell,
             inverse_mirror, regs, state, blank, came_from, hs, sums, next_k, smallest,
             stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass on packed states of up to 16 cells.

    ``targets`` and ``dh`` are the move tables raveled (``targets[b * 4 + k]``,
    ``dh[(b * 4 + k) * n + tile]``): numba indexes flat arrays faster.

    The path is held by depth d: ``state[d]`` (packed, uint64), ``blank[d]``,
    ``came_from[d]`` (the blank's previous cell, the move not to undo; -1 at the root),
    ``hs[d]`` (h), ``next_k[d]`` (the next move to try, so the one taken is
    ``next_k[d] - 1``), ``smallest[d]`` (smallest f above the bound in the subtree so far)
    and, for pattern databases, ``sums[d, 0/1, g]`` (group g's entry on the board / its
    mirror image). ``pos``/``mpos`` hold the cell of every tile of the node on top of the
    stack (on the board / in the mirror image). Returns the new ``regs[STATUS]``.
    """
    depth = regs[DEPTH]
    bound = regs[BOUND]
    expanded = regs[EXPANDED]
    generated = regs[GENERATED]
    deepest = regs[DEEPEST]
    mirrored = mirror_cell.shape[0] > 0
    groups = lengths.shape[0]
    n = pos.shape[0]
    m15 = np.uint64(15)
    tails = np.empty(8, np.int64)  # scratch of the line penalty (no allocation per call)
    # the frame of the node on top of the stack lives in locals while the loop runs
    b, back, s, h = blank[depth], came_from[depth], state[depth], hs[depth]
    k, low = next_k[depth], smallest[depth]
    if regs[ENTER]:  # the node on top of the stack is still to be expanded
        if expanded >= stop_at:
            return regs[STATUS]
        expanded += 1
        if depth > deepest:
            deepest = depth
        k, low = 0, NO_BOUND
    regs[ENTER] = 0
    while True:
        if k < move_count[b]:
            q = targets[b * 4 + k]
            k += 1
            if q == back:  # parent-move pruning: generates nothing
                continue
            generated += 1
            sq = np.uint64(4 * q)
            tile = (s >> sq) & m15
            t = np.int64(tile)
            if kind == 0:
                h1 = h + dh[(b * 4 + k - 1) * n + t]
            elif kind == 1:
                h1 = h + dh[(b * 4 + k - 1) * n + t]
                child = s ^ (tile << sq) ^ (tile << np.uint64(4 * b))
                if line_of[b, 0] == line_of[q, 0]:  # along a row: two columns change
                    la, lb = line_of[b, 1], line_of[q, 1]
                else:  # along a column: two rows change
                    la, lb = line_of[b, 0], line_of[q, 0]
                if line_table.shape[0] > 0:  # lines of up to 4 cells: one look-up each
                    h1 += line_table[la, _line_key(child, line_cells, la)]
                    h1 += line_table[lb, _line_key(child, line_cells, lb)]
                    h1 -= line_table[la, _line_key(s, line_cells, la)]
                    h1 -= line_table[lb, _line_key(s, line_cells, lb)]
                else:
                    h1 += _penalty(child, line_cells, line_slots, la, tails)
                    h1 += _penalty(child, line_cells, line_slots, lb, tails)
                    h1 -= _penalty(s, line_cells, line_slots, la, tails)
                    h1 -= _penalty(s, line_cells, line_slots, lb, tails)
            else:
                h1 = _pdb_child(t, b, q, depth, pos, mpos, group_of, patterns,
                                lengths, offsets, table, mirror_cell, inverse_mirror, sums,
                                mirrored, groups)  # fmt: skip
            f = depth + 1 + h1
            if f > bound:
                if f < low:
                    low = f
                continue
            child = s ^ (tile << sq) ^ (tile << np.uint64(4 * b))
            next_k[depth] = k
            if child == goal:  # the goal, tested at generation
                if depth + 1 > deepest:
                    deepest = depth + 1
                regs[STATUS] = FOUND
                depth += 1
                break
            # push the child and expand it
            smallest[depth] = low
            if kind == 2:
                _pdb_descend(t, b, q, depth, pos, mpos, group_of, patterns,
                             lengths, offsets, table, mirror_cell, inverse_mirror, sums,
                             mirrored, groups)  # fmt: skip
            depth += 1
            state[depth], blank[depth], came_from[depth], hs[depth] = child, q, b, h1
            if expanded >= stop_at:  # out of this slice: expand it when resumed
                regs[ENTER] = 1
                break
            expanded += 1
            if depth > deepest:
                deepest = depth
            b, back, s, h, k, low = q, b, child, h1, 0, NO_BOUND
            continue
        # every move of this node is tried: back up
        if depth == 0:
            regs[STATUS] = EXHAUSTED
            regs[NEXT_BOUND] = low
            break
        if kind == 2:  # the tile on the parent's blank cell goes back
            parent_blank = blank[depth - 1]
            t = np.int64((s >> np.uint64(4 * parent_blank)) & m15)
            pos[t] = b
            pos[0] = parent_blank
            if mirrored:
                mpos[inverse_mirror[t]] = mirror_cell[b]
                mpos[inverse_mirror[0]] = mirror_cell[parent_blank]
        f = low
        depth -= 1
        b, back, s, h = blank[depth], came_from[depth], state[depth], hs[depth]
        k, low = next_k[depth], smallest[depth]
        if f < low:
            low = f
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    return regs[STATUS]


@njit(cache=True, inline="always")
def _line_key(s, cells, line):
    """The tiles of one line of packed state ``s``, 4 bits each, the first cell lowest."""
    key = 0
    for j in range(cells.shape[1]):
        c = cells[line, j]
        if c < 0:
            break
        key |= np.int64((s >> np.uint64(4 * c)) & np.uint64(15)) << (4 * j)
    return key


@njit(cache=True, inline="always")
def _penalty(s, cells, slots, line, tails):
    """Linear conflict of one line of packed state ``s``: 2 x (its tiles whose goal is in
    the line - the longest run of them in goal order), as ``tiles_to_leave_line``."""
    count = 0
    run = 0
    for j in range(cells.shape[1]):
        c = cells[line, j]
        if c < 0:  # the padding of a shorter line
            break
        slot = slots[line, np.int64((s >> np.uint64(4 * c)) & np.uint64(15))]
        if slot < 0:
            continue
        count += 1
        lo, hi = 0, run  # first tail >= slot (bisect_left)
        while lo < hi:
            mid = (lo + hi) >> 1
            if tails[mid] < slot:
                lo = mid + 1
            else:
                hi = mid
        tails[lo] = slot
        if lo == run:
            run += 1
    return 2 * (count - run)


@njit(cache=True, inline="always")
def rank(pos, patterns, lengths, g, n):
    """Dense rank of the cells of group ``g``'s tiles: the k-permutation of cells."""
    idx = 0
    for i in range(lengths[g]):
        c = pos[patterns[g, i]]
        smaller = 0
        for j in range(i):
            if pos[patterns[g, j]] < c:
                smaller += 1
        idx = idx * (n - i) + c - smaller
    return idx


@njit(cache=True)
def pdb_start(pos, mpos, patterns, lengths, offsets, table, mirrored, values):
    """Fill ``values[0, g]`` (board) and ``values[1, g]`` (mirror image) for each group."""
    n = pos.shape[0]
    for g in range(lengths.shape[0]):
        values[0, g] = table[offsets[g] + rank(pos, patterns, lengths, g, n)]
        if mirrored:
            values[1, g] = table[offsets[g] + rank(mpos, patterns, lengths, g, n)]


@njit(cache=True, inline="always")
def _pdb_child(t, b, q, depth, pos, mpos, group_of, patterns, lengths, offsets,
               table, mirror_cell, inverse_mirror, sums, mirrored, groups):  # fmt: skip
    """h of the child where tile ``t`` slides from ``q`` to ``b`` (pos left unchanged)."""
    n = pos.shape[0]
    total = 0
    for g in range(groups):
        total += sums[depth, 0, g]
    grp = group_of[t]
    if grp >= 0:
        pos[t] = b
        total += table[offsets[grp] + rank(pos, patterns, lengths, grp, n)] - sums[depth, 0, grp]
        pos[t] = q
    if not mirrored:
        return total
    other = 0
    for g in range(groups):
        other += sums[depth, 1, g]
    mt = inverse_mirror[t]
    mg = group_of[mt]
    if mg >= 0:
        mpos[mt] = mirror_cell[b]
        other += table[offsets[mg] + rank(mpos, patterns, lengths, mg, n)] - sums[depth, 1, mg]
        mpos[mt] = mirror_cell[q]
    return total if total > other else other


@njit(cache=True, inline="always")
def _pdb_descend(t, b, q, depth, pos, mpos, group_of, patterns, lengths, offsets,
                 table, mirror_cell, inverse_mirror, sums, mirrored, groups):  # fmt: skip
    """Move tile ``t`` from ``q`` to ``b`` in pos/mpos and fill the child's group entries."""
    n = pos.shape[0]
    g1 = depth + 1
    for g in range(groups):
        sums[g1, 0, g] = sums[depth, 0, g]
        sums[g1, 1, g] = sums[depth, 1, g]
    pos[t] = b
    pos[0] = q
    grp = group_of[t]
    if grp >= 0:
        sums[g1, 0, grp] = table[offsets[grp] + rank(pos, patterns, lengths, grp, n)]
    if mirrored:
        mt = inverse_mirror[t]
        mpos[mt] = mirror_cell[b]
        mpos[inverse_mirror[0]] = mirror_cell[q]
        mg = group_of[mt]
        if mg >= 0:
            sums[g1, 1, mg] = table[offsets[mg] + rank(mpos, patterns, lengths, mg, n)]
