"""Boards of the sliding-tile puzzle: the immutable Board, its notations, moves of the blank.

A board is a ``rows x cols`` grid holding the tiles ``1 .. rows*cols - 1`` and one
blank, stored row by row as a tuple of ints with ``0`` for the blank. Boards are
immutable and hashable, so they can be set members and dictionary keys.

Moves name the direction the **blank** moves: ``u`` (up), ``d`` (down), ``l`` (left),
``r`` (right). Their lexicographic order ``d < l < r < u`` is the order
:data:`MOVES` lists them in, the order in which the searches try them.

Notations read by :meth:`Board.parse` (the three source problems use the first three):

=============  ========================  =========================================
name           example                   rule
=============  ========================  =========================================
``digits``     ``283104765``             one character per cell, ``0`` the blank
``X``          ``564178X23``             one character per cell, ``X`` the blank
``x``          ``2 3 4 1 5 x 7 6 8``     cells split by whitespace, ``x`` the blank
``grid``       ``1 2 3\\n4 5 6\\n7 8 _``    one line per row, cells split by spaces
=============  ========================  =========================================

Whitespace-separated cells may use ``0``, ``x``, ``X`` or ``_`` for the blank and are
the only way to write boards larger than 3x3 (tiles above 9). Every row of a grid must
hold the same number of cells. An int is read as its decimal digits (papermill's ``-p
goal 123804765`` passes one), see :meth:`Board.parse`.

Reading the text and checking the arguments is :mod:`eightlab.puzzle.notation`'s job; the grid
the blank moves on and the packed encoding are :mod:`eightlab.puzzle.grid`'s (re-exported
here); which boards reach which is :mod:`eightlab.puzzle.solvability`'s.
"""

from __future__ import annotations

from numbers import Integral

from eightlab.errors import BoardError, GoalMismatchError, IllegalMoveError, quote
from eightlab.puzzle.grid import (  # re-exported: the board's names, where callers find them
    DELTAS,
    INVERSE,
    MOVES,
    cell_bits,
    neighbor_table,
    pack,
    unpack,
)
from eightlab.puzzle.notation import (
    NOTATIONS,
    cells_of,
    check_permutation,
    digits_of,
    notation_of,  # re-exported: eightlab.puzzle.board.notation_of is public
    shape_for,
    size_argument,
    tile_of,
    tiles_argument,
)

__all__ = [
    "DELTAS",
    "INVERSE",
    "MOVES",
    "NOTATIONS",
    "Board",
    "as_board",
    "cell_bits",
    "check_pair",
    "goal_or_default",
    "inversions",
    "neighbor_table",
    "notation_of",
    "pack",
    "unpack",
]


class Board:
    """An immutable ``rows x cols`` sliding-tile board.

    Parameters
    ----------
    tiles : sequence of int
        The cells row by row, ``0`` the blank; must hold each of ``0 .. n-1`` once.
    rows, cols : int, optional
        Size of the board. Omitted, the board is square.

    Raises
    ------
    BoardError
        If the cells are not a permutation of ``0 .. n-1`` or do not fit the size.

    Examples
    --------
    >>> b = Board.parse("283104765")
    >>> b.blank, b.legal_moves()
    (4, 'dlru')
    >>> b.apply("u").format("digits")
    '203184765'
    """

    __slots__ = ("tiles", "rows", "cols", "_hash")

    def __init__(self, tiles, rows: int | None = None, cols: int | None = None):
        rows, cols = size_argument(rows, "rows"), size_argument(cols, "cols")
        tiles = tiles_argument(tiles)
        text = " ".join(map(str, tiles))
        rows, cols = shape_for(len(tiles), rows, cols, text)
        check_permutation(tiles, text)
        self._set(tiles, rows, cols)

    def _set(self, tiles: tuple[int, ...], rows: int, cols: int) -> None:
        """Fill the slots of a new board (the one place a Board is built; no checks)."""
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "_hash", hash((rows, cols, tiles)))

    def __setattr__(self, name, value):
        raise AttributeError("Board is immutable")

    # ----------------------------------------------------------------- parsing
    @classmethod
    def parse(cls, text, rows: int | None = None, cols: int | None = None) -> Board:
        """Read a board in any notation of the module docstring, or from an int.

        Parameters
        ----------
        text : str or int or Board
            The board, e.g. ``"283104765"``, ``"2 3 4 1 5 x 7 6 8"``, ``"564178X23"``.
            An int (papermill's ``-p goal 123804765`` passes one) is read as its
            decimal digits, one per cell, ``0`` the blank; only boards up to 3x3 have
            one digit per cell. An int loses a leading ``0``: when exactly one digit is
            missing and no other digit is ``0``, the blank is put back in the first
            cell (``12345678`` is ``012345678``); any other count is refused.
        rows, cols : int, optional
            Size of the board; by default a grid's line count, else square.

        Returns
        -------
        Board

        Raises
        ------
        BoardError
            On a wrong length, rows of different lengths, an unknown character, no
            blank or two blanks, a duplicated or missing tile, or a bad ``rows`` or
            ``cols``; the message names which and quotes at most the first
            :data:`~eightlab.errors.QUOTE_LIMIT` characters of the input.
        """
        if isinstance(text, Board):
            return text
        rows, cols = size_argument(rows, "rows"), size_argument(cols, "cols")
        if isinstance(text, Integral) and not isinstance(text, bool):
            cells = rows * cols if rows is not None and cols is not None else None
            text = digits_of(text, cells)
        if not isinstance(text, str):
            raise BoardError(
                "a board must be given as text, a Board or an int of its digits, "
                f"not {type(text).__name__}"
            )
        if not text.strip():
            raise BoardError("empty board")
        cells, grid_rows = cells_of(text)
        shown = " ".join(text.split()) if grid_rows else text.strip()
        if grid_rows is not None and rows is not None and rows != grid_rows:
            raise BoardError(f"grid {quote(shown)} has {grid_rows} rows, not {rows}")
        if rows is not None and cols is not None and len(cells) != rows * cols:
            shape_for(len(cells), rows, cols, shown)  # raises: wrong count, said first
        tiles = tuple(tile_of(token, i, shown) for i, token in enumerate(cells))
        rows, cols = shape_for(len(tiles), rows or grid_rows, cols, shown)
        blanks = tiles.count(0)
        if blanks == 0:
            raise BoardError(f"board {quote(shown)} has no blank (0, x, X or _)")
        if blanks > 1:
            raise BoardError(f"board {quote(shown)} has {blanks} blanks; it needs exactly one")
        check_permutation(tiles, shown)
        board = object.__new__(cls)
        board._set(tiles, rows, cols)
        return board

    @classmethod
    def goal(cls, rows: int = 3, cols: int | None = None) -> Board:
        """The conventional goal: tiles in order, blank last (``12345678x`` for 3x3).

        Parameters
        ----------
        rows, cols : int
            Size of the board; ``cols`` defaults to ``rows`` (square).

        Raises
        ------
        BoardError
            If a size is not a whole number >= 1.
        """
        rows = size_argument(rows, "rows")
        cols = rows if cols is None else size_argument(cols, "cols")
        n = rows * cols
        return cls(tuple(range(1, n)) + (0,), rows, cols)

    # -------------------------------------------------------------- formatting
    def format(self, notation: str = "digits") -> str:
        """Write the board in a notation: ``digits``, ``X``, ``x`` or ``grid``.

        ``Board.parse(b.format(n)) == b`` for every notation ``n`` of a square board;
        a board that is not square reads back from ``grid`` (the line count gives the
        shape), or with ``rows`` and ``cols`` passed to :meth:`parse`. ``digits`` and
        ``X`` write one character per cell and exist only for boards up to 3x3.

        Parameters
        ----------
        notation : {"digits", "X", "x", "grid"}
            ``digits``: ``123456780``; ``X`` and ``x``: the blank written ``x``, one
            character per cell or tiles separated by spaces; ``grid``: one line per row.

        Returns
        -------
        str
            The board's text in that notation.

        Raises
        ------
        BoardError
            For an unknown notation or a one-character notation of a larger board.
        """
        if notation in ("digits", "X"):
            if len(self.tiles) > 10:
                raise BoardError(
                    f"notation {quote(notation)} needs one character per cell; "
                    f"use 'x' or 'grid' for a {self.rows}x{self.cols} board"
                )
            blank = "0" if notation == "digits" else "X"
            return "".join(str(t) if t else blank for t in self.tiles)
        if notation == "x":
            return " ".join(str(t) if t else "x" for t in self.tiles)
        if notation == "grid":
            width = len(str(len(self.tiles) - 1))
            cells = [(str(t) if t else "_").rjust(width) for t in self.tiles]
            return "\n".join(
                " ".join(cells[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)
            )
        raise BoardError(
            f"unknown notation {quote(notation)}; choose one of {', '.join(NOTATIONS)}"
        )

    def __str__(self) -> str:
        return self.format("digits" if len(self.tiles) <= 10 else "x")

    def __repr__(self) -> str:
        if self.rows != self.cols:  # only a grid says the shape of a board that is not square
            return f"Board.parse({self.format('grid')!r})"
        return f"Board.parse({str(self)!r})"

    def __reduce__(self):
        return (Board, (self.tiles, self.rows, self.cols))

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Board)
            and self.tiles == other.tiles
            and self.rows == other.rows
            and self.cols == other.cols
        )

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Board) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.rows, self.cols, self.tiles) < (other.rows, other.cols, other.tiles)

    # ------------------------------------------------------------------ moves
    @property
    def size(self) -> int:
        """Number of cells, ``rows * cols``."""
        return len(self.tiles)

    @property
    def blank(self) -> int:
        """Row-major index of the blank's cell."""
        return self.tiles.index(0)

    @property
    def packed(self) -> int:
        """The board as one int (see :func:`pack`), the encoding the searches use."""
        return pack(self.tiles)

    def legal_moves(self) -> str:
        """The moves the blank can make, in the order d, l, r, u.

        Returns
        -------
        str
            One letter per legal move, for example ``"dlr"`` with the blank in the top row.
        """
        return "".join(m for m, _ in neighbor_table(self.rows, self.cols)[self.blank])

    def successors(self) -> list[tuple[str, Board]]:
        """Every ``(move, board)`` one move away, in the order d, l, r, u.

        Returns
        -------
        list of (str, Board)
            The move of the blank and the board it leads to, one pair per legal move.
        """
        return [
            (m, self._swap(self.blank, q))
            for m, q in neighbor_table(self.rows, self.cols)[self.blank]
        ]

    def _swap(self, p: int, q: int) -> Board:
        cells = list(self.tiles)
        cells[p], cells[q] = cells[q], cells[p]
        board = object.__new__(Board)
        board._set(tuple(cells), self.rows, self.cols)
        return board

    def move(self, move: str) -> Board:
        """The board after the blank makes one move.

        Parameters
        ----------
        move : str
            One letter, ``u``, ``d``, ``l`` or ``r``: the direction the blank moves.

        Returns
        -------
        Board
            A new board (boards are immutable).

        Raises
        ------
        IllegalMoveError
            If ``move`` is not one of u, d, l, r or takes the blank off the board.
        """
        return self.apply(move)

    def apply(self, path: str) -> Board:
        """The board after the blank makes every move of ``path`` in turn.

        Parameters
        ----------
        path : str
            Moves of the blank, e.g. ``"urrulldr"``; may be empty.

        Returns
        -------
        Board

        Raises
        ------
        IllegalMoveError
            At the first move that is not u, d, l, r or that takes the blank off the
            board; the message and the ``index`` attribute give its position.
        """
        if not isinstance(path, str):
            raise IllegalMoveError(
                f"a path is a string of moves u, d, l, r, not {type(path).__name__}", 0
            )
        board = self
        table = neighbor_table(self.rows, self.cols)
        for i, move in enumerate(path):
            if move not in DELTAS:
                raise IllegalMoveError(
                    f"move {i} of path {quote(path)} is {move!r}, not one of u, d, l, r", i
                )
            blank = board.blank
            for m, q in table[blank]:
                if m == move:
                    board = board._swap(blank, q)
                    break
            else:
                r, c = divmod(blank, self.cols)
                raise IllegalMoveError(
                    f"move {i} of path {quote(path)} ({move!r}) takes the blank off the board "
                    f"from row {r + 1}, column {c + 1}",
                    i,
                )
        return board


def as_board(value, like: Board | None = None) -> Board:
    """Coerce a :class:`Board`, its text or an int to a Board, sized like ``like``.

    Parameters
    ----------
    value : Board or str or int
        The board; text in any notation of :meth:`Board.parse`, an int as its decimal
        digits (one leading ``0`` restored when exactly one digit is missing, as
        ``-p goal 012345678`` reaches a notebook as the int ``12345678``).
    like : Board, optional
        A board whose size ``value`` must have (the start, when ``value`` is a goal).

    Returns
    -------
    Board
        ``value`` itself when it is already a Board, else the board its text reads as.

    Raises
    ------
    BoardError
        If ``value`` cannot be read.
    GoalMismatchError
        If ``value`` reads as a board of another size than ``like``.
    """
    if isinstance(value, Board):
        return value
    if like is None:
        return Board.parse(value)
    try:
        return Board.parse(value, like.rows, like.cols)
    except BoardError as error:
        try:
            other = Board.parse(value)
        except BoardError:
            raise error from None
        raise GoalMismatchError(
            f"start {like} is {like.rows}x{like.cols} but goal {other} is {other.rows}x{other.cols}"
        ) from None


def goal_or_default(
    goal, like: Board | None = None, rows: int = 3, cols: int | None = None
) -> Board:
    """The goal board: ``goal`` coerced with :func:`as_board`, or the default goal.

    The default goal is :meth:`Board.goal` (tiles in order, blank last) of ``like``'s
    size when ``like`` is given, else of ``rows`` x ``cols`` (3x3 unless told).

    Parameters
    ----------
    goal : Board, str, int, sequence of int or None
        The goal in any form :func:`as_board` reads; None for the default goal.
    like : Board, optional
        The start: the goal is read at its size, and the default goal has its size.
    rows, cols : int, optional
        The size of the default goal when ``like`` is not given (``cols`` defaults to
        ``rows``).

    Returns
    -------
    Board
        The goal.
    """
    if goal is not None:
        return as_board(goal, like)
    if like is not None:
        return Board.goal(like.rows, like.cols)
    return Board.goal(rows, cols)


def check_pair(start: Board, goal: Board) -> None:
    """Raise :class:`GoalMismatchError` unless ``start`` and ``goal`` have the same size.

    Parameters
    ----------
    start, goal : Board
        The pair a search is asked to connect.

    Raises
    ------
    GoalMismatchError
        If the two boards differ in rows or columns.
    """
    if (start.rows, start.cols) != (goal.rows, goal.cols):
        raise GoalMismatchError(
            f"start {start} is {start.rows}x{start.cols} but goal {goal} is {goal.rows}x{goal.cols}"
        )


def inversions(tiles) -> int:
    """Number of pairs of tiles (blank excluded) that stand in the wrong order.

    Parameters
    ----------
    tiles : sequence of int
        The cells row by row, ``0`` the blank.

    Returns
    -------
    int
        The pairs ``i < j`` of non-blank cells with ``tiles[i] > tiles[j]``; its parity
        is the permutation's (Johnson & Story 1879).
    """
    seq = [t for t in tiles if t]
    return sum(1 for i, a in enumerate(seq) for b in seq[i + 1 :] if a > b)
