"""The compiled IDA* pass with additive pattern databases (numba), boards up to 5x5.

The pass of :func:`eightlab.search.compiled.kernel.run_pass` (read that one first) for a
pattern-database heuristic: everything the loop needs is a local of this one function
(a helper that takes arrays pays numba's reference counting on each call, see
``benchmarks/README.md``; the rank is inlined), and per generated child

* only the moved tile's group is ranked again, once (the entry is kept for the push);
* the rank is :func:`eightlab.puzzle.ranking_compiled.rank_of` (one ``popcnt`` per tile);
* the indices of the loop are unsigned (:data:`U`), so numba adds no negative-index
  check to them;
* the reflected lookup (Korf & Felner 2002) is made only when the regular one does not
  prune: when ``g + h_regular`` exceeds the threshold and is no smaller than the smallest
  f already cut in this pass, ``max(h_regular, h_reflected)`` cannot change the next
  threshold either, so it is not computed.

The smallest f above the threshold is kept for the whole pass (``regs[NEXT_BOUND]``),
not per node: IDA* needs it only at the root, and the skip above is exact for it, so the
counts, thresholds and path stay the reference's (``tests/test_engine.py``).

The board is ``tiles[cell]`` and ``pos[tile]`` (``mpos``: cells in the mirror image),
changed by each move and back on the way up; ``entries[d, 0 / 1, g]`` is group g's entry
at depth d on the board / in the mirror image, ``hsum[d, 0 / 1]`` their sums. Every tile
belongs to a group, so a child is the goal exactly when its regular sum is 0.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eightlab.puzzle.ranking_compiled import rank_of
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
    RUNNING,
    STATUS,
)

#: An index as unsigned: numba then skips the check for a negative index (Python's
#: ``a[-1]``), which it makes for every signed one.
U = np.uint64


@njit(cache=True, nogil=True)
def run_pass_pdb(targets, move_count, group_of, patterns, lengths, offsets, table,
                 mirror_cell, inverse_mirror, regs, tiles, pos, mpos, blank, came_from,
                 next_k, entries, hsum, stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass; returns the new ``regs[STATUS]``.

    ``targets[b * 4 + k]``: the k-th cell the blank on ``b`` moves to (d, l, r, u);
    ``patterns[g, i]``: group g's i-th tile; ``table[offsets[g] + rank]``: its entry.
    """
    n = tiles.shape[0]
    groups = lengths.shape[0]
    mirrored = mirror_cell.shape[0] > 0
    depth = regs[DEPTH]
    bound = regs[BOUND]
    expanded = regs[EXPANDED]
    generated = regs[GENERATED]
    deepest = regs[DEEPEST]
    low = regs[NEXT_BOUND]
    status = RUNNING
    b, back, k = blank[depth], came_from[depth], next_k[depth]
    if regs[ENTER]:  # the node on top of the stack is still to be expanded
        if expanded >= stop_at:
            return regs[STATUS]
        expanded += 1
        if depth > deepest:
            deepest = depth
        k = 0
    regs[ENTER] = 0
    while True:
        if k < move_count[U(b)]:
            q = targets[U(b * 4 + k)]
            k += 1
            if q == back:  # parent-move pruning: generates nothing
                continue
            generated += 1
            t = tiles[U(q)]  # slides from q to b
            grp = group_of[U(t)]
            # the regular lookup: rank the moved tile's group with the tile on b
            pos[U(t)] = b
            idx = rank_of(pos, patterns[U(grp)], lengths[U(grp)], n)
            pos[U(t)] = q
            e = np.int64(table[U(offsets[U(grp)] + idx)])
            hr = hsum[U(depth), 0] - entries[U(depth), 0, U(grp)] + e
            f = depth + 1 + hr
            if f > bound and f >= low:  # pruned; the reflection cannot lower the next bound
                continue
            hm, em, mt, mg = 0, 0, 0, 0
            if mirrored:
                mt = inverse_mirror[U(t)]
                mg = group_of[U(mt)]
                mpos[U(mt)] = mirror_cell[U(b)]
                idx = rank_of(mpos, patterns[U(mg)], lengths[U(mg)], n)
                mpos[U(mt)] = mirror_cell[U(q)]
                em = np.int64(table[U(offsets[U(mg)] + idx)])
                hm = hsum[U(depth), 1] - entries[U(depth), 1, U(mg)] + em
                if hm > hr:
                    f = depth + 1 + hm
            if f > bound:
                if f < low:
                    low = f
                continue
            next_k[depth] = k
            if hr == 0:  # the goal (every tile is in a group), tested at generation
                if depth + 1 > deepest:
                    deepest = depth + 1
                status = FOUND
                depth += 1
                break
            # push the child: its entries, then the move on the board
            d1 = depth + 1
            for g in range(groups):
                entries[d1, 0, g] = entries[depth, 0, g]
                entries[d1, 1, g] = entries[depth, 1, g]
            entries[d1, 0, grp] = e
            hsum[d1, 0] = hr
            if mirrored:
                entries[d1, 1, mg] = em
                hsum[d1, 1] = hm
                mpos[mt] = mirror_cell[b]
            tiles[b] = t
            tiles[q] = 0
            pos[t] = b
            depth = d1
            blank[depth], came_from[depth] = q, b
            if expanded >= stop_at:  # out of this slice: expand it when resumed
                regs[ENTER] = 1
                break
            expanded += 1
            if depth > deepest:
                deepest = depth
            back, b, k = b, q, 0
            continue
        # every move of this node is tried: back up
        if depth == 0:
            status = EXHAUSTED
            break
        parent_blank = blank[depth - 1]  # the tile there goes back to b
        t = tiles[parent_blank]
        tiles[b] = t
        tiles[parent_blank] = 0
        pos[t] = b
        if mirrored:
            mpos[inverse_mirror[t]] = mirror_cell[b]
        depth -= 1
        b, back, k = blank[depth], came_from[depth], next_k[depth]
    regs[STATUS] = status
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    regs[NEXT_BOUND] = low
    return status


@njit(cache=True)
def pdb_start(pos, mpos, patterns, lengths, offsets, table, mirrored, entries, hsum):
    """Fill ``entries[0]`` and ``hsum[0]`` of the root (board and mirror image)."""
    n = pos.shape[0]
    hsum[0, 0] = 0
    hsum[0, 1] = 0
    for g in range(lengths.shape[0]):
        for side in range(2 if mirrored else 1):
            where = pos if side == 0 else mpos
            idx = rank_of(where, patterns[g], lengths[g], n)
            entries[0, side, g] = table[offsets[g] + idx]
            hsum[0, side] += entries[0, side, g]
