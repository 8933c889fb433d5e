"""Cantor expansion: a perfect hash of permutations onto ``0 .. n! - 1``.

The Lehmer code of a permutation ``p`` of ``0 .. n-1`` counts, for every position
``i``, the later entries smaller than ``p[i]``; read in the factorial number system it
is the permutation's rank in lexicographic order:

    rank(p) = sum_i  #{j > i : p[j] < p[i]} * (n - 1 - i)!

So ``rank((0, 1, ..., n-1)) == 0`` and ``rank((n-1, ..., 1, 0)) == n! - 1``. A board is a
permutation of its cells (blank = 0), so a ``bytearray(9!)`` indexed by rank is a
visited table with one byte per possible 8-puzzle board: the method of the source
BFS problem, and the index of the exhaustive tables in :mod:`eightlab.puzzle.statespace`.

References
----------
.. [1] D. H. Lehmer, "Teaching combinatorial tricks to a computer", 1960.
.. [2] D. E. Knuth, The Art of Computer Programming, vol. 2, sec. 3.3.2 (factorial
   number system).
"""

from __future__ import annotations

from math import factorial

from eightlab.puzzle.grid import cell_bits

_FACTORIALS = [factorial(i) for i in range(21)]


def rank(perm) -> int:
    """Lexicographic rank of a permutation of ``0 .. n-1`` (its Cantor expansion).

    Parameters
    ----------
    perm : sequence of int, length n
        A permutation of ``0 .. n-1``, e.g. a board's tiles with ``0`` the blank.

    Returns
    -------
    int
        The rank, in ``0 .. n! - 1``.
    """
    n = len(perm)
    r = 0
    for i in range(n - 1):
        pi = perm[i]
        smaller = 0
        for j in range(i + 1, n):
            if perm[j] < pi:
                smaller += 1
        r += smaller * _FACTORIALS[n - 1 - i]
    return r


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
    return rank([(packed >> (k * p)) & mask for p in range(size)])


def unrank(r: int, n: int) -> tuple[int, ...]:
    """The permutation of ``0 .. n-1`` whose :func:`rank` is ``r``.

    Raises
    ------
    ValueError
        If ``r`` is not in ``0 .. n! - 1``.
    """
    if not 0 <= r < _FACTORIALS[n]:
        raise ValueError(f"rank {r} is outside 0..{_FACTORIALS[n] - 1} for n = {n}")
    pool = list(range(n))
    perm = []
    for i in range(n - 1, -1, -1):
        digit, r = divmod(r, _FACTORIALS[i])
        perm.append(pool.pop(digit))
    return tuple(perm)


def lehmer_code(perm) -> tuple[int, ...]:
    """The Lehmer code: for each position, how many later entries are smaller."""
    return tuple(sum(1 for q in perm[i + 1 :] if q < p) for i, p in enumerate(perm))
