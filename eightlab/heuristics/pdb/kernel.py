"""The compiled hot loop of :func:`eightlab.heuristics.pdb.build.build_table` (numba).

Benchmarked fast copy of the readable BFS in :mod:`eightlab.heuristics.pdb.build`; tests
prove equal tables. States are ``placement * n + c`` with ``c`` the smallest cell of the
blank's region, one bit each; cell sets are int64 bit masks (boards up to 62 cells).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from eightlab.puzzle.ranking_compiled import rank_of, unrank_into


def shift_masks(rows: int, cols: int) -> np.ndarray:
    """``[full, not_first_col, not_last_col, cols]``: what :func:`flood` shifts need."""
    n = rows * cols
    full = (1 << n) - 1
    first = sum(1 << (r * cols) for r in range(rows))
    last = sum(1 << (r * cols + cols - 1) for r in range(rows))
    return np.array([full, full & ~first, full & ~last, cols], dtype=np.int64)


@njit(cache=True)
def flood(seed, free, masks):
    """The cells of ``free`` connected to the cells of ``seed`` (bit masks)."""
    full, not_first, not_last, cols = masks[0], masks[1], masks[2], masks[3]
    region = seed
    while True:
        grown = region | (region >> cols) | ((region << cols) & full)
        grown |= ((region << 1) & not_first) | ((region >> 1) & not_last)
        grown &= free
        grown |= seed
        if grown == region:
            return region
        region = grown


@njit(cache=True)
def lowest_cell(mask):
    c = 0
    while (mask >> c) & 1 == 0:
        c += 1
    return c


@njit(cache=True)
def seed(cells, blank, n, masks, visited, layer, table):
    occupied = 0
    for c in cells:
        occupied |= 1 << c
    region = flood(1 << blank, masks[0] & ~occupied, masks)
    p = rank_of(cells, np.arange(cells.shape[0]), cells.shape[0], n)
    s = p * n + lowest_cell(region)
    visited[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    layer[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    table[p] = 0


@njit(cache=True)
def expand(layer, upcoming, visited, table, depth, start, stop, n, k, nbr, masks):
    """Expand the states of ``layer`` in words ``start .. stop - 1``; return how many
    placements got their entry (``depth + 1``)."""
    cells = np.empty(k, dtype=np.int64)
    order = np.arange(k)
    found = 0
    one = np.uint64(1)
    for w in range(start, stop):
        word = layer[w]
        while word != 0:
            bit = 0
            while (word >> np.uint64(bit)) & one == 0:
                bit += 1
            word &= word - one
            s = w * 64 + bit
            p, b = s // n, s % n
            occupied = unrank_into(p, n, cells)
            free = masks[0] & ~occupied
            region = flood(1 << b, free, masks)
            for i in range(k):
                c = cells[i]
                for j in range(4):
                    q = nbr[c, j]
                    if q < 0 or (region >> q) & 1 == 0:
                        continue
                    cells[i] = q  # the tile slides into the blank's region, leaving c
                    moved_free = (free | (1 << c)) & ~(1 << q)
                    child_region = flood(1 << c, moved_free, masks)
                    cp = rank_of(cells, order, k, n)
                    t = cp * n + lowest_cell(child_region)
                    m = one << np.uint64(t & 63)
                    if visited[t >> 6] & m == 0:
                        visited[t >> 6] |= m
                        upcoming[t >> 6] |= m
                        if table[cp] == 255:
                            table[cp] = depth + 1
                            found += 1
                cells[i] = c
    return found


@njit(cache=True)
def derive(source, n, inverse, order, out):
    """``out[rank(cells)] = source[rank(d)]``, ``d[order[i]] = inverse[cells[i]]``."""
    k = order.shape[0]
    cells = np.empty(k, dtype=np.int64)
    d = np.empty(k, dtype=np.int64)
    identity = np.arange(k)
    for idx in range(out.shape[0]):
        unrank_into(idx, n, cells)
        for i in range(k):
            d[order[i]] = inverse[cells[i]]
        out[idx] = source[rank_of(d, identity, k, n)]
