"""The grid the blank moves on: the move letters, where each move leads, the packed encoding.

Moves name the direction the **blank** moves: ``u`` (up), ``d`` (down), ``l`` (left),
``r`` (right), tried in the order :data:`MOVES` lists them (``d < l < r < u``, their
lexicographic order). :func:`neighbor_table` says where each move of the blank leads
from every cell of a ``rows x cols`` grid; :func:`pack` writes a board's cells into one
int, the encoding the searches and the compiled engine work on. Nothing here knows
the :class:`~eightlab.puzzle.board.Board` class, which builds on it.
"""

from __future__ import annotations

from functools import cache

#: Moves of the blank in lexicographic order (d < l < r < u).
MOVES = "dlru"

#: Opposite of each move: applying a move and then its inverse restores the board.
INVERSE = {"d": "u", "u": "d", "l": "r", "r": "l"}

#: Row and column change of the blank for each move.
DELTAS = {"d": (1, 0), "l": (0, -1), "r": (0, 1), "u": (-1, 0)}


@cache
def neighbor_table(rows: int, cols: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Legal moves of the blank from every cell.

    Parameters
    ----------
    rows, cols : int
        Size of the board.

    Returns
    -------
    tuple of tuple of (str, int)
        ``table[p]`` lists ``(move, q)`` for every move of a blank on cell ``p``
        (row-major index), ``q`` the cell it moves to, in the order d, l, r, u.
    """
    table = []
    for p in range(rows * cols):
        r, c = divmod(p, cols)
        moves = []
        for move in MOVES:
            dr, dc = DELTAS[move]
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                moves.append((move, (r + dr) * cols + c + dc))
        table.append(tuple(moves))
    return tuple(table)


def cell_bits(size: int) -> int:
    """Bits per cell in the packed integer encoding of a board with ``size`` cells.

    Parameters
    ----------
    size : int
        Cells of the board (``rows * cols``).

    Returns
    -------
    int
        Enough bits for the largest tile, ``size - 1``, and at least 4.
    """
    return max(4, (size - 1).bit_length())


def pack(tiles: tuple[int, ...]) -> int:
    """Pack a tuple of tiles into one int, cell ``p`` in bits ``[p*k, (p+1)*k)``.

    The searches work on this encoding: a move is two shifts and two xors, and ints
    hash fast. ``k`` is :func:`cell_bits` (4 for boards up to 4x4).

    Parameters
    ----------
    tiles : tuple of int
        The cells row by row, ``0`` the blank.

    Returns
    -------
    int
        The packed board.
    """
    k = cell_bits(len(tiles))
    packed = 0
    for p, tile in enumerate(tiles):
        packed |= tile << (k * p)
    return packed


def unpack(packed: int, size: int) -> tuple[int, ...]:
    """Inverse of :func:`pack` for a board of ``size`` cells.

    Parameters
    ----------
    packed : int
        A board packed by :func:`pack`.
    size : int
        Cells of the board.

    Returns
    -------
    tuple of int
        The cells row by row.
    """
    k = cell_bits(size)
    mask = (1 << k) - 1
    return tuple((packed >> (k * p)) & mask for p in range(size))
