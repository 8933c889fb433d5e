"""The rank of :mod:`eightlab.puzzle.ranking` in numba, for the compiled loops.

The same numbers as :func:`eightlab.puzzle.ranking.rank_cells` and
:func:`~eightlab.puzzle.ranking.unrank_cells` (a test compares them on random
placements). The count of earlier, smaller cells is the population count of a bit mask
of the cells seen so far, so a rank costs one pass over the items; boards of up to 64
cells. :func:`rank_of` and :func:`unrank_into` are inlined into their callers (numba's
``inline="always"``), so a hot loop pays no call and no reference counting of the arrays
it passes.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

_ONE = np.uint64(1)


@intrinsic
def popcount(typingctx, x):
    """The number of set bits of an integer: LLVM's ``ctpop``, one ``popcnt`` instruction
    on a CPU that has it (numba compiles for the host CPU)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return x(x), codegen


@njit(cache=True, inline="always")
def rank_of(where, items, k, n):
    """Rank of the placement ``where[items[0]], ..., where[items[k - 1]]`` on ``n`` cells.

    Parameters
    ----------
    where : ndarray of int
        A cell per item (for a board, ``where[tile]``; for a placement, the cells).
    items : ndarray of int
        The items in the order they are ranked (for a placement, ``0 .. k - 1``).
    k, n : int
        Number of items and of cells (at most 64).

    Returns
    -------
    int
        :func:`eightlab.puzzle.ranking.rank_cells` of those cells.
    """
    r = 0
    seen = np.uint64(0)
    for i in range(k):
        c = np.uint64(where[np.uint64(items[i])])  # unsigned: no negative-index check
        below = popcount(seen & ((_ONE << c) - _ONE))  # the earlier cells below c
        r = r * (n - i) + np.int64(c) - np.int64(below)
        seen |= _ONE << c
    return r


@njit(cache=True, inline="always")
def unrank_into(r, n, cells):
    """Fill ``cells`` (length k) with the placement of rank ``r`` on ``n`` cells.

    Returns
    -------
    int
        The bit mask of the cells taken.
    """
    k = cells.shape[0]
    for i in range(k - 1, -1, -1):
        cells[i] = r % (n - i)
        r //= n - i
    used = 0
    for i in range(k):
        d = cells[i]
        for c in range(n):
            if (used >> c) & 1 == 0:
                if d == 0:
                    cells[i] = c
                    used |= 1 << c
                    break
                d -= 1
    return used
