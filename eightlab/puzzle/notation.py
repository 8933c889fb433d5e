"""Reading a board's text and checking a board's arguments, with messages that say why.

The helpers :class:`eightlab.puzzle.board.Board` builds on: which notation a text is written
in (:func:`notation_of`), its cell tokens (:func:`cells_of`, refusing ragged grids),
each token's tile (:func:`tile_of`), the shape (:func:`shape_for`), an int's digits
(:func:`digits_of`), and the checks of ``tiles``, ``rows`` and ``cols``. Every error is
a :class:`~eightlab.errors.BoardError` naming the argument or the cell, quoting at most
a short prefix of the input (:func:`eightlab.errors.quote`).
"""

from __future__ import annotations

import math
from numbers import Integral

from eightlab.errors import BoardError, quote

#: Tokens that stand for the blank in a board's text.
BLANK_TOKENS = frozenset({"0", "x", "X", "_"})
#: Notations :meth:`eightlab.puzzle.board.Board.format` writes.
NOTATIONS = ("digits", "X", "x", "grid")


def size_argument(value, name: str) -> int | None:
    """``rows`` or ``cols`` checked: None, or a whole number >= 1 (not a bool).

    Parameters
    ----------
    value : int or None
        The argument as the caller gave it.
    name : str
        Its name, ``"rows"`` or ``"cols"``, for the message.

    Returns
    -------
    int or None
        ``value`` as an int, or None.

    Raises
    ------
    BoardError
        For anything else (a bool, a float, a number below 1).
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise BoardError(f"{name} must be a whole number >= 1, not {quote(value)}")
    if value < 1:
        raise BoardError(f"{name} must be a whole number >= 1, not {value}")
    return int(value)


def _cells(n: int) -> str:
    return f"{n} cell" if n == 1 else f"{n} cells"


def shape_for(n: int, rows: int | None, cols: int | None, text: str) -> tuple[int, int]:
    """The ``(rows, cols)`` of a board of ``n`` cells: as given, derived, or square.

    One of ``rows`` and ``cols`` gives the other when it divides ``n``; neither gives a
    square board.

    Parameters
    ----------
    n : int
        Cells of the board.
    rows, cols : int or None
        The shape asked for, in full, in part or not at all.
    text : str
        The board's text, quoted in a message.

    Returns
    -------
    tuple of (int, int)
        ``(rows, cols)`` with ``rows * cols == n``.

    Raises
    ------
    BoardError
        When the cells do not fill the shape asked for, or no square holds them.
    """
    if rows is not None and cols is None and n % rows == 0:
        cols = n // rows
    elif cols is not None and rows is None and n % cols == 0:
        rows = n // cols
    if rows is not None and cols is not None:
        if rows * cols != n:
            raise BoardError(
                f"board {quote(text)} has {_cells(n)}; a {rows}x{cols} board needs {rows * cols}"
            )
        return rows, cols
    if rows is not None or cols is not None:
        given = f"{rows} rows" if rows is not None else f"{cols} columns"
        raise BoardError(f"board {quote(text)} has {_cells(n)}, which do not fill {given}")
    side = math.isqrt(n)
    if side < 2 or side * side != n:
        raise BoardError(
            f"board {quote(text)} has {_cells(n)}; a square board needs 4, 9 (the 8-puzzle), 16, "
            "... cells (give rows and cols for other shapes)"
        )
    return side, side


def cells_of(text: str) -> tuple[list[str], int | None]:
    """Split a board's text into cell tokens; the row count when it is a grid.

    Parameters
    ----------
    text : str
        A board in any notation: one line of digits or characters, one line of
        whitespace-separated cells, or a grid of lines.

    Returns
    -------
    cells : list of str
        One token per cell, row by row.
    rows : int or None
        The number of lines of a grid, None for a one-line text.

    Raises
    ------
    BoardError
        For a grid whose rows hold different numbers of cells, in either spelling
        (``1 2 3 / 4 5 / 6 7 0 8`` or ``123 / 456 / 78``).
    """
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) > 1:
        rows = [words if len(words) > 1 else list(words[0]) for words in lines]
        lengths = sorted({len(row) for row in rows})
        if len(lengths) > 1:
            raise BoardError(
                f"grid {quote(' / '.join(' '.join(w) for w in lines))} has rows of different "
                f"lengths ({', '.join(map(str, lengths))} cells); every row needs the same"
            )
        return [cell for row in rows for cell in row], len(rows)
    if len(lines) == 1 and len(lines[0]) > 1:
        return lines[0], None
    return list(text.strip()), None


def tile_of(token: str, position: int, text: str) -> int:
    """The tile a cell's token stands for: its number, or 0 for a blank token.

    Parameters
    ----------
    token : str
        One cell of the text, as :func:`cells_of` splits it.
    position : int
        Zero-based cell number, for the message.
    text : str
        The board's text, quoted in a message.

    Returns
    -------
    int
        The tile, ``0`` for any of :data:`BLANK_TOKENS`.

    Raises
    ------
    BoardError
        For a token that is neither a tile number nor a blank.
    """
    if token in BLANK_TOKENS:
        return 0
    if token.isdigit() and token.isascii():
        if len(token) > 9:
            raise BoardError(f"cell {position + 1} of board {quote(text)} is a number too large")
        return int(token)
    if len(token) > 1:
        raise BoardError(
            f"cell {position + 1} of board {quote(text)} is {quote(token)}; cells split by "
            "whitespace must each be one tile number, or x, X, 0 or _ for the blank"
        )
    raise BoardError(
        f"unknown character {token!r} at cell {position + 1} of board {quote(text)} "
        "(tiles are digits; the blank is 0, x, X or _)"
    )


def tiles_argument(tiles) -> tuple[int, ...]:
    """The ``tiles`` of :class:`Board` checked: whole numbers (not bools, not floats).

    Parameters
    ----------
    tiles : iterable of int
        The cells row by row, as given to :class:`Board`.

    Returns
    -------
    tuple of int
        The tiles as Python ints.

    Raises
    ------
    BoardError
        For a string, an empty sequence or a cell that is not a whole number.
    """
    if isinstance(tiles, str | bytes) or not hasattr(tiles, "__iter__"):
        raise BoardError(
            f"tiles must be a sequence of whole numbers, not {type(tiles).__name__} "
            "(use Board.parse to read a board's text)"
        )
    tiles = tuple(tiles)
    if not tiles:
        raise BoardError("tiles is empty; a board needs at least one cell (the blank)")
    if all(type(t) is int for t in tiles):  # the usual case, checked fast
        return tiles
    for i, t in enumerate(tiles):
        if isinstance(t, bool) or not isinstance(t, Integral):
            raise BoardError(f"tiles[{i}] must be a whole number, not {quote(t)}")
    return tuple(int(t) for t in tiles)


def digits_of(value, cells: int | None) -> str:
    """The text of a board given as an int: its decimal digits, one per cell.

    A board whose first cell is the blank loses its leading ``0`` as an int
    (``012345678`` becomes ``12345678``): exactly one missing digit, with no ``0``
    among the others, is restored. Anything else that does not have one digit per cell
    is refused rather than guessed.

    Parameters
    ----------
    value : int
        The board as a number, for example ``123456780``.
    cells : int or None
        Cells of the board when its shape is known, else None (4 or 9 cells).

    Returns
    -------
    str
        One digit per cell.

    Raises
    ------
    BoardError
        For a board of more than 10 cells, a negative number or one of too many digits.
    """
    if cells is not None and cells > 10:
        raise BoardError(
            f"a {cells}-cell board cannot be a number: only boards up to 3x3 have one digit "
            "per cell; write larger boards as text with cells split by spaces"
        )
    if value < 0 or value >= 10**10:
        shown = value if value < 0 else f"a number of {len(str(int(value)))} digits"
        raise BoardError(f"a board given as a number needs one digit per cell, not {shown}")
    digits = str(int(value))
    wanted = cells
    if wanted is None:  # square: 4 or 9 cells
        wanted = next((n for n in (4, 9) if n - 1 <= len(digits) <= n), None)
    if wanted is not None and len(digits) == wanted - 1 and "0" not in digits:
        return "0" + digits  # the blank in the first cell, dropped by int()
    return digits


def check_permutation(tiles: tuple[int, ...], text: str) -> None:
    """Check that ``tiles`` holds each of ``0 .. n-1`` exactly once.

    Parameters
    ----------
    tiles : tuple of int
        The cells of a board of ``n`` cells.
    text : str
        The board's text, quoted in a message.

    Raises
    ------
    BoardError
        Naming the first fault found: a tile out of range, no blank or several, a tile
        twice, a tile missing.
    """
    n = len(tiles)
    seen = [0] * n
    for t in tiles:
        if not 0 <= t < n:
            raise BoardError(f"tile {t} in board {quote(text)} is out of range 1..{n - 1}")
        seen[t] += 1
    if seen[0] != 1:
        raise BoardError(
            f"board {quote(text)} has {'no blank' if seen[0] == 0 else f'{seen[0]} blanks'}; "
            "it needs exactly one"
        )
    for t in range(1, n):
        if seen[t] > 1:
            raise BoardError(f"tile {t} appears {seen[t]} times in board {quote(text)}")
    missing = [t for t in range(1, n) if not seen[t]]
    if missing:
        raise BoardError(f"tile {missing[0]} is missing from board {quote(text)}")


def notation_of(text: str) -> str:
    """The notation a board's text is written in, to write other boards the same way.

    Parameters
    ----------
    text : str
        A board's text.

    Returns
    -------
    str
        ``"grid"`` for several lines, ``"x"`` for whitespace-separated cells, ``"X"``
        for one character per cell with a letter for the blank, else ``"digits"``.
    """
    stripped = text.strip()
    if "\n" in stripped:
        return "grid"
    if any(ch.isspace() for ch in stripped):
        return "x"
    if "x" in stripped or "X" in stripped:
        return "X"
    return "digits"
