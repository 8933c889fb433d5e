"""The compiled IDA* pass with the dual lookup and bidirectional pathmax (numba).

The pass of ``bpmx_pass`` in :mod:`eightlab.search.idastar` (read that one first), for
the ``pdb-*-dual`` heuristics, with an explicit stack: a node is *entered* (expanded)
by generating all its children and looking each up (regular, reflected and dual
lookups; :func:`eightlab.heuristics.pdb.additive.dual_lookup`), which lifts h(node) to
max h(child) - 1; its children are then tried in move order with h(child) lifted to
h(node) - 1, and what a child's subtree returns lifts h(node) again (BPMX, Felner et al.
2011). A node whose lifted f exceeds the threshold is left at once. The counts,
thresholds and path are the reference's (``tests/test_dual.py``).

Per depth d: ``hnode[d]`` the node's h so far, ``child_h[d, k]`` each child's h (-1 for
the move back), ``child_e[d, k, 0 / 1]`` the moved group's regular and reflected entry
of child k; ``entries`` and ``hsum`` as in :mod:`~eightlab.search.compiled.kernel_pdb`.
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


@njit(cache=True, nogil=True)
def run_pass_bpmx(targets, move_count, group_of, patterns, lengths, offsets, table,
                  mirror_cell, inverse_mirror, routes, route_len, goal_tiles, home, regs,
                  tiles, pos, mpos, blank, came_from, next_k, entries, hsum, hnode, child_h,
                  child_e, walked, dpos, stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass with BPMX; returns the new ``regs[STATUS]``.

    ``routes[b, j]``: the j-th cell of the blank's walk home from ``b`` (``route_len[b]``
    cells); ``goal_tiles[cell]``, ``home[tile]``: the goal; ``walked``, ``dpos``: scratch.
    The other arrays are those of :func:`~eightlab.search.compiled.kernel_pdb.run_pass_pdb`.
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
    enter = regs[ENTER] == 1
    leave = False  # the node on top is done: back up
    while True:
        b, back = blank[depth], came_from[depth]
        if enter:  # expand: generate and look up every child
            if expanded >= stop_at:
                regs[ENTER] = 1
                break
            expanded += 1
            if depth > deepest:
                deepest = depth
            h = hnode[depth]
            found = False
            for k in range(move_count[b]):
                q = targets[b * 4 + k]
                if q == back:
                    child_h[depth, k] = -1
                    continue
                generated += 1
                t = tiles[q]  # slides from q to b
                grp = group_of[t]
                pos[t] = b
                e = np.int64(table[offsets[grp] + rank_of(pos, patterns[grp], lengths[grp], n)])
                pos[t] = q
                hr = hsum[depth, 0] - entries[depth, 0, grp] + e
                if hr == 0 and depth + 1 <= bound:  # the goal, within the bound
                    next_k[depth] = k + 1
                    depth += 1
                    if depth > deepest:
                        deepest = depth
                    found = True
                    break
                hc = hr
                child_e[depth, k, 0] = e
                if mirrored:
                    mt = inverse_mirror[t]
                    mg = group_of[mt]
                    mpos[mt] = mirror_cell[b]
                    em = np.int64(table[offsets[mg] + rank_of(mpos, patterns[mg], lengths[mg], n)])
                    mpos[mt] = mirror_cell[q]
                    child_e[depth, k, 1] = em
                    hm = hsum[depth, 1] - entries[depth, 1, mg] + em
                    if hm > hc:
                        hc = hm
                # the dual lookup of the child: walk its blank home, invert, look up
                for c in range(n):
                    walked[c] = tiles[c]
                walked[b] = t
                walked[q] = 0
                w = q
                for j in range(route_len[q]):
                    c = routes[q, j]
                    walked[w] = walked[c]
                    walked[c] = 0
                    w = c
                for x in range(n):
                    dpos[goal_tiles[x]] = home[walked[x]]
                hd = -route_len[q]
                for g in range(groups):
                    hd += table[offsets[g] + rank_of(dpos, patterns[g], lengths[g], n)]
                if hd > hc:
                    hc = hd
                child_h[depth, k] = hc
                if hc - 1 > h:
                    h = hc - 1
            if found:
                status = FOUND
                break
            hnode[depth] = h
            next_k[depth] = 0
            enter = False
            if depth + h > bound:  # a child lifted h(node) past the bound
                if depth + h < low:
                    low = depth + h
                leave = True
        if not leave:  # try the next child within the bound
            h = hnode[depth]
            k = next_k[depth]
            pushed = False
            while k < move_count[b]:
                hc = child_h[depth, k]
                k += 1
                if hc < 0:
                    continue
                if h - 1 > hc:
                    hc = h - 1
                f = depth + 1 + hc
                if f > bound:
                    if f < low:
                        low = f
                    continue
                next_k[depth] = k
                q = targets[b * 4 + k - 1]
                t = tiles[q]
                grp = group_of[t]
                d1 = depth + 1
                for g in range(groups):
                    entries[d1, 0, g] = entries[depth, 0, g]
                    entries[d1, 1, g] = entries[depth, 1, g]
                entries[d1, 0, grp] = child_e[depth, k - 1, 0]
                hsum[d1, 0] = hsum[depth, 0] - entries[depth, 0, grp] + entries[d1, 0, grp]
                if mirrored:
                    mt = inverse_mirror[t]
                    mg = group_of[mt]
                    entries[d1, 1, mg] = child_e[depth, k - 1, 1]
                    hsum[d1, 1] = hsum[depth, 1] - entries[depth, 1, mg] + entries[d1, 1, mg]
                    mpos[mt] = mirror_cell[b]
                tiles[b] = t
                tiles[q] = 0
                pos[t] = b
                depth = d1
                blank[depth], came_from[depth] = q, b
                hnode[depth] = hc
                pushed = True
                break
            if pushed:
                enter = True
                continue
            leave = True
        # back up: the node on top is done; its h lifts its parent's
        leave = False
        if depth == 0:
            status = EXHAUSTED
            break
        hc = hnode[depth]
        parent_blank = blank[depth - 1]  # the tile there goes back to b
        t = tiles[parent_blank]
        tiles[b] = t
        tiles[parent_blank] = 0
        pos[t] = b
        if mirrored:
            mpos[inverse_mirror[t]] = mirror_cell[b]
        depth -= 1
        if hc - 1 > hnode[depth]:
            hnode[depth] = hc - 1
        if depth + hnode[depth] > bound:  # the subtree lifted h(node) past the bound
            if depth + hnode[depth] < low:
                low = depth + hnode[depth]
            leave = True
    if status != RUNNING:
        regs[ENTER] = 0
    regs[STATUS] = status
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    regs[NEXT_BOUND] = low
    return status
