"""The compiled IDA* pass (numba): one depth-first pass with an explicit stack, resumable.

The pass of :func:`eightlab.search.idastar.iterate` for the compiled engine, counting
exactly what the readable pass counts. A pass runs until it finds the goal, finishes,
or has expanded ``stop_at`` nodes in total; then it returns with its stack intact, and a
later call with the same arrays resumes where it stopped. The caller looks at the clock
between such slices: that is how the time budget and Ctrl-C work without a callback
from compiled code. The passes release the GIL (``nogil``), so threads (a Dask
worker's) run them in parallel.

Three copies of the loop, because one representation does not serve every case fast
(``benchmarks/README.md``): :func:`run_pass` (boards of up to 16 cells) keeps each state
of the path as a packed ``uint64``, 4 bits per cell;
:func:`~eightlab.search.compiled.kernel_wide.run_pass_wide` (up to 25 cells) moves
tiles in one array and back on the way up;
:func:`~eightlab.search.compiled.kernel_pdb.run_pass_pdb` runs the pattern databases.

Heuristics (``kind``): 0 a sum of per-tile costs (Manhattan, misplaced tiles, ...),
whose change per move is the table ``dh[blank, k, tile]``; 1 Manhattan plus linear
conflicts (``dh`` plus a recount of the two lines a move changes, written out in the
loop: no helper call per child); 2 additive pattern databases.
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
def run_step(tails, run, value):
    """One step of the longest increasing run (patience sorting, as
    :func:`eightlab.heuristics.linear_conflict.longest_increasing_run`): ``value`` replaces
    the first of ``tails[:run]`` that is not below it, or extends them; returns the new
    run length."""
    lo, hi = 0, run
    while lo < hi:
        mid = (lo + hi) >> 1
        if tails[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    tails[lo] = value
    return run + 1 if lo == run else run


@njit(cache=True, nogil=True)
def run_pass(goal, targets, move_count, dh, kind, line_cells, line_slots, line_of, line_table,
             regs, state, blank, came_from, hs, penalties, next_k, stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass on packed states of up to 16 cells.

    ``targets`` and ``dh`` are the move tables raveled (``targets[b * 4 + k]``,
    ``dh[(b * 4 + k) * n + tile]``): numba indexes flat arrays faster.

    The path is held by depth d: ``state[d]`` (packed, uint64), ``blank[d]``,
    ``came_from[d]`` (the blank's previous cell, the move not to undo; -1 at the root),
    ``hs[d]`` (h), ``next_k[d]`` (the next move to try, so the one taken is
    ``next_k[d] - 1``), and for linear conflict ``penalties[d]`` (the conflict part of
    ``hs[d]``). The smallest f above the bound is kept for the whole pass in
    ``regs[NEXT_BOUND]`` (IDA* needs it only at the root). Linear conflict is counted
    only when Manhattan alone does not prune: when ``g + manhattan(child)`` exceeds the
    bound and is no smaller than that smallest f, the penalty (>= 0) changes nothing.
    Returns the new ``regs[STATUS]``.
    """
    depth = regs[DEPTH]
    bound = regs[BOUND]
    expanded = regs[EXPANDED]
    generated = regs[GENERATED]
    deepest = regs[DEEPEST]
    low = regs[NEXT_BOUND]
    n = move_count.shape[0]
    width = line_cells.shape[1]
    tabled = line_table.shape[0] > 0
    m15 = np.uint64(15)
    tails = np.empty(8, np.int64)  # scratch of the line penalty (no allocation per call)
    status = RUNNING
    # the frame of the node on top of the stack lives in locals while the loop runs
    b, back, s, h, k = blank[depth], came_from[depth], state[depth], hs[depth], next_k[depth]
    if regs[ENTER]:  # the node on top of the stack is still to be expanded
        if expanded >= stop_at:
            return regs[STATUS]
        expanded += 1
        if depth > deepest:
            deepest = depth
        k = 0
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
            child = s ^ (tile << sq) ^ (tile << np.uint64(4 * b))
            h1 = h + dh[(b * 4 + k - 1) * n + np.int64(tile)]
            f = depth + 1 + h1
            pen = 0
            if kind == 1:
                pen = penalties[depth]
                f -= pen  # g + manhattan(child), a lower bound of f
            if kind == 1 and (f <= bound or f < low):  # the two lines the move changes
                if line_of[b, 0] == line_of[q, 0]:  # along a row: two columns change
                    la, lb = line_of[b, 1], line_of[q, 1]
                else:  # along a column: two rows change
                    la, lb = line_of[b, 0], line_of[q, 0]
                for side in range(4):
                    line = la if side % 2 == 0 else lb
                    board = child if side < 2 else s
                    if tabled:  # lines of up to 4 cells: one look-up each
                        key = 0
                        for j in range(width):
                            c = line_cells[line, j]
                            if c < 0:
                                break
                            key |= np.int64((board >> np.uint64(4 * c)) & m15) << (4 * j)
                        penalty = np.int64(line_table[line, key])
                    else:  # 2 x (tiles of the line homed in it - longest run in goal order)
                        count, run = 0, 0
                        for j in range(width):
                            c = line_cells[line, j]
                            if c < 0:
                                break
                            slot = line_slots[line, np.int64((board >> np.uint64(4 * c)) & m15)]
                            if slot < 0:
                                continue
                            count += 1
                            run = run_step(tails, run, slot)
                        penalty = 2 * (count - run)
                    pen += penalty if side < 2 else -penalty
                f = depth + 1 + h1 + pen - penalties[depth]
                h1 += pen - penalties[depth]
            if f > bound:
                if f < low:
                    low = f
                continue
            next_k[depth] = k
            if child == goal:  # the goal, tested at generation
                if depth + 1 > deepest:
                    deepest = depth + 1
                status = FOUND
                depth += 1
                break
            # push the child and expand it
            depth += 1
            state[depth], blank[depth], came_from[depth], hs[depth] = child, q, b, h1
            penalties[depth] = pen
            if expanded >= stop_at:  # out of this slice: expand it when resumed
                regs[ENTER] = 1
                break
            expanded += 1
            if depth > deepest:
                deepest = depth
            b, back, s, h, k = q, b, child, h1, 0
            continue
        # every move of this node is tried: back up
        if depth == 0:
            status = EXHAUSTED
            break
        depth -= 1
        b, back, s, h, k = blank[depth], came_from[depth], state[depth], hs[depth], next_k[depth]
    regs[STATUS] = status
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    regs[NEXT_BOUND] = low
    return status
