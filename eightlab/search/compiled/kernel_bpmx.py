"""The compiled IDA* pass with the dual lookup and bidirectional pathmax (numba).

The pass of ``bpmx_pass`` in :mod:`eightlab.search.idastar` (read that one first), for
the ``pdb-*-dual`` heuristics: the loop of
:func:`~eightlab.search.compiled.kernel_pdb.run_pass_pdb` (the same incremental regular
and reflected lookups, the same skip of the reflected one), with h(node) kept per depth
in ``hnode``. Children are tried one by one in move order (lazy BPMX): a child that
max(regular, reflected) does not prune is lifted to h(node) - 1, and gets the dual
lookup (:func:`eightlab.heuristics.pdb.additive.dual_lookup`) when its f is then within
``slack`` of the threshold and its blank near enough home (``route_len[cell] >= 0``);
h(node) rises to h(child) - 1 when a child is looked up and when its subtree is done,
and the node is left as soon as its f exceeds the threshold (Felner et al. 2011).

A child whose blank moves along the route home, or back along it, has its parent's
walked board, so the sum of the dual lookup is kept per depth (``wraw``) and shared:
the same values as a lookup of each child, with fewer reads of the tables. The counts,
thresholds and path are the reference's (``tests/test_dual.py``).
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
from eightlab.search.compiled.kernel_pdb import U

#: Past the last move of a node: its loop backs up.
LEAVE = 4


@njit(cache=True, nogil=True)
def run_pass_bpmx(targets, move_count, group_of, patterns, lengths, offsets, table,
                  mirror_cell, inverse_mirror, routes, route_len, goal_tiles, home, regs,
                  tiles, pos, mpos, blank, came_from, next_k, entries, hsum, hnode, wraw,
                  dpos, slack, stop_at):  # fmt: skip
    """Run (or resume) one IDA* pass with BPMX; returns the new ``regs[STATUS]``.

    ``routes[b, j]``: the j-th cell of the blank's walk home from ``b`` (``route_len[b]``
    cells, -1: no dual lookup); ``goal_tiles[cell]``, ``home[tile]``: the goal;
    ``hnode[d]``: h of the node at depth d as lifted so far; ``wraw[d]``: the sum of
    the dual lookup of its walked board, -1 if not looked up; ``dpos``: scratch;
    ``slack``: :data:`eightlab.search.idastar.DUAL_SLACK`. The other arrays are those of
    :func:`~eightlab.search.compiled.kernel_pdb.run_pass_pdb`.
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
    h = hnode[depth]
    while True:
        if k < move_count[U(b)]:
            q = targets[U(b * 4 + k)]
            k += 1
            if q == back:  # parent-move pruning: generates nothing
                continue
            generated += 1
            t = tiles[U(q)]  # slides from q to b
            grp = group_of[U(t)]
            pos[U(t)] = b
            idx = rank_of(pos, patterns[U(grp)], lengths[U(grp)], n)
            pos[U(t)] = q
            e = np.int64(table[U(offsets[U(grp)] + idx)])
            hr = hsum[U(depth), 0] - entries[U(depth), 0, U(grp)] + e
            f = depth + 1 + hr
            if f > bound and f >= low:  # pruned; the reflection cannot lower the next bound
                continue
            hc, hm, em, mt, mg = hr, 0, 0, 0, 0
            if mirrored:
                mt = inverse_mirror[U(t)]
                mg = group_of[U(mt)]
                mpos[U(mt)] = mirror_cell[U(b)]
                idx = rank_of(mpos, patterns[U(mg)], lengths[U(mg)], n)
                mpos[U(mt)] = mirror_cell[U(q)]
                em = np.int64(table[U(offsets[U(mg)] + idx)])
                hm = hsum[U(depth), 1] - entries[U(depth), 1, U(mg)] + em
                if hm > hc:
                    hc = hm
            f = depth + 1 + hc
            if f > bound:
                if f < low:
                    low = f
                continue
            if hr == 0:  # the goal (every tile is in a group), tested at generation
                next_k[depth] = k
                if depth + 1 > deepest:
                    deepest = depth + 1
                status = FOUND
                depth += 1
                break
            if h - 1 > hc:  # BPMX: the parent lifts the child
                hc = h - 1
            # the child's walked board is its parent's when its blank takes the parent's
            # first step home, or when the parent's cell is the child's first step home
            same = routes[U(b), 0] == q or routes[U(q), 0] == b
            raw = wraw[U(depth)] if same else -1
            walk = route_len[U(q)]
            if walk >= 0 and depth + 1 + hc + slack >= bound:
                if raw < 0:  # look up the dual of the child's walked board
                    for x in range(n):
                        dpos[U(goal_tiles[x])] = home[U(tiles[x])]
                    dpos[U(goal_tiles[U(b)])] = home[U(t)]  # the child's move
                    w = q
                    for j in range(walk):  # the tile on c slides to w
                        c = routes[U(q), j]
                        dpos[U(goal_tiles[U(w)])] = home[U(t if c == b else tiles[U(c)])]
                        w = c
                    dpos[U(goal_tiles[U(w)])] = home[0]
                    raw = 0
                    for g in range(groups):
                        idx = rank_of(dpos, patterns[g], lengths[g], n)
                        raw += np.int64(table[U(offsets[g] + idx)])
                    if same:
                        wraw[U(depth)] = raw
                if raw - walk > hc:
                    hc = raw - walk
            if hc - 1 > h:  # BPMX: the child lifts the parent
                h = hc - 1
                hnode[depth] = h
                if depth + h > bound:  # the node is done
                    if depth + h < low:
                        low = depth + h
                    k = LEAVE
                    continue
            f = depth + 1 + hc
            if f > bound:
                if f < low:
                    low = f
                continue
            next_k[depth] = k
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
            hnode[depth] = hc
            wraw[depth] = raw
            h = hc
            if expanded >= stop_at:  # out of this slice: expand it when resumed
                regs[ENTER] = 1
                break
            expanded += 1
            if depth > deepest:
                deepest = depth
            back, b, k = b, q, 0
            continue
        # every move of this node is tried (or it was left): back up
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
        hc = h
        depth -= 1
        b, back, k = blank[depth], came_from[depth], next_k[depth]
        h = hnode[depth]
        if hc - 1 > h:  # BPMX: the subtree lifts its parent
            h = hc - 1
            hnode[depth] = h
            if depth + h > bound:
                if depth + h < low:
                    low = depth + h
                k = LEAVE
    regs[STATUS] = status
    regs[DEPTH] = depth
    regs[EXPANDED] = expanded
    regs[GENERATED] = generated
    regs[DEEPEST] = deepest
    regs[NEXT_BOUND] = low
    return status
