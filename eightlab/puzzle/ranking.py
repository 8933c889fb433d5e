"""Ranks of k-permutations: a perfect hash of placements onto consecutive integers from 0.

A *placement* puts ``k`` distinct items on ``k`` of ``n`` cells: ``cells[i]`` is the cell
of the i-th item. Its rank reads, for every item in order, the cell's index among the
cells still free, in a mixed-radix number whose i-th digit has base ``n - i``::

    rank = 0
    for i, c in enumerate(cells):
        rank = rank * (n - i) + c - #{j < i : cells[j] < c}

Ranks run through ``0 .. n!/(n-k)! - 1`` in the lexicographic order of the placements.
For ``k = n`` (a whole board, blank = 0, as a permutation of its cells) this is the
Cantor expansion (the Lehmer code read in the factorial number system), so a
``bytearray(9!)`` indexed by rank is a visited table with one byte per 8-puzzle board and
the index of the exhaustive tables of :mod:`eightlab.puzzle.statespace`; for ``k < n`` it
indexes the pattern databases of :mod:`eightlab.heuristics.pdb`. This module is the
readable reference; :mod:`eightlab.puzzle.ranking_compiled` is the same rank in numba.
Both count the earlier cells below ``c`` as the population count of a bit mask of the
cells seen so far; :func:`rank_columns` runs the reference on numpy columns, many
placements at once.

References
----------
.. [1] D. H. Lehmer, "Teaching combinatorial tricks to a computer", 1960.
.. [2] D. E. Knuth, The Art of Computer Programming, vol. 2, sec. 3.3.2 (factorial
   number system).
"""

from __future__ import annotations

from math import perm

import numpy as np

from eightlab.puzzle.grid import cell_bits


def placements(n: int, k: int) -> int:
    """Number of placements of ``k`` distinct items on ``n`` cells: ``n! / (n - k)!``."""
    return perm(n, k)


def rank_cells(cells, n: int, popcount=int.bit_count) -> int:
    """Rank of the placement ``cells`` of ``len(cells)`` items on ``n`` cells.

    Parameters
    ----------
    cells : sequence of int
        Distinct cells in ``0 .. n-1``; ``cells[i]`` is where the i-th item stands.
    n : int
        Number of cells.
    popcount : callable
        The number of set bits of a mask; :func:`rank_columns` passes numpy's, to rank
        many placements at once.

    Returns
    -------
    int
        The rank, in ``0 .. n!/(n-k)! - 1`` with ``k = len(cells)``.
    """
    r = 0
    seen = 0  # the cells of the items before, as a bit mask
    for c in cells:
        r = r * n + c - popcount(seen & ((1 << c) - 1))  # minus the earlier cells below c
        seen |= 1 << c
        n -= 1
    return r


def rank_columns(columns, n: int) -> np.ndarray:
    """:func:`rank_cells` of many placements at once, with numpy.

    Parameters
    ----------
    columns : array_like of int, shape (k, N)
        ``columns[i, j]``: the cell of the i-th item of placement ``j``.
    n : int
        Number of cells (at most 63).

    Returns
    -------
    numpy.ndarray of int64, shape (N,)
    """
    columns = np.asarray(columns, dtype=np.int64)
    return np.asarray(rank_cells(columns, n, np.bitwise_count), dtype=np.int64)


def unrank_cells(r: int, n: int, k: int) -> tuple[int, ...]:
    """The placement of ``k`` items on ``n`` cells whose :func:`rank_cells` is ``r``.

    Raises
    ------
    ValueError
        If ``r`` is not in ``0 .. n!/(n-k)! - 1``.
    """
    if not 0 <= r < placements(n, k):
        raise ValueError(f"rank {r} is outside 0..{placements(n, k) - 1} for n = {n}, k = {k}")
    digits = [0] * k
    for i in range(k - 1, -1, -1):
        r, digits[i] = divmod(r, n - i)
    free = list(range(n))
    return tuple(free.pop(d) for d in digits)


def rank(perm) -> int:
    """Lexicographic rank of a permutation of ``0 .. n-1`` (its Cantor expansion).

    Parameters
    ----------
    perm : sequence of int, length n
        A permutation of ``0 .. n-1``, e.g. a board's tiles with ``0`` the blank.

    Returns
    -------
    int
        The rank, in ``0 .. n! - 1``: :func:`rank_cells` with ``k = n``.
    """
    return rank_cells(perm, len(perm))


def rank_packed(packed: int, size: int) -> int:
    """:func:`rank` of a board in the packed int encoding (:func:`eightlab.puzzle.grid.pack`).

    Parameters
    ----------
    packed : int
        The board's tiles, cell ``p`` in bits ``[p*k, (p+1)*k)`` with ``k`` =
        :func:`eightlab.puzzle.grid.cell_bits` of ``size``.
    size : int
        Number of cells of the board.

    Returns
    -------
    int
        The rank of its tuple of tiles, in ``0 .. size! - 1``.
    """
    k = cell_bits(size)
    mask = (1 << k) - 1
    return rank_cells([(packed >> (k * p)) & mask for p in range(size)], size)


def unrank(r: int, n: int) -> tuple[int, ...]:
    """The permutation of ``0 .. n-1`` whose :func:`rank` is ``r``.

    Raises
    ------
    ValueError
        If ``r`` is not in ``0 .. n! - 1``.
    """
    return unrank_cells(r, n, n)


def lehmer_code(perm) -> tuple[int, ...]:
    """The Lehmer code: for each position, how many later entries are smaller."""
    return tuple(sum(1 for q in perm[i + 1 :] if q < p) for i, p in enumerate(perm))
