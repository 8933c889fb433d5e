"""One board as a picture (matplotlib): the colours, :func:`draw_board`, :func:`draw_tiles`.

* :func:`draw_board` fills an axes with one board (a square per tile, its number, the
  blank left empty).
* :func:`draw_tiles` draws a board at a position of a bigger picture (a node of a
  search tree) with plain patches, no inset axes (a tree of a hundred nodes draws in
  about a second).
* :func:`moved_tile` names the tile that slides when the blank moves.

:mod:`eightlab.viz.drawing` (strips, state spaces), :mod:`eightlab.viz.trees` (search trees)
and :mod:`eightlab.viz.stepper` (animations) build on it.
"""

from __future__ import annotations

from functools import lru_cache

import matplotlib.pyplot as plt
from matplotlib.collections import PatchCollection, PathCollection
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from eightlab.puzzle.board import Board, as_board

#: Colours of a tile, a highlighted tile, the blank cell, the frame and the numbers.
TILE_COLOR = "#f3e3c3"
HIGHLIGHT_COLOR = "#f4a259"
BLANK_COLOR = "#ffffff"
FRAME_COLOR = "#5b4a3a"
TEXT_COLOR = "#2b2118"
#: Colour of the solution path in search trees.
PATH_COLOR = "#c0392b"


def moved_tile(board: Board, move: str) -> int:
    """The tile that slides when the blank makes ``move`` on ``board``.

    Parameters
    ----------
    board : Board
        The board before the move.
    move : str
        One letter, ``u``, ``d``, ``l`` or ``r``.

    Returns
    -------
    int
        The tile that takes the blank's cell.

    Raises
    ------
    IllegalMoveError
        If the move takes the blank off the board.
    """
    after = board.apply(move)
    return after.tiles[board.blank]


def as_tile_set(highlight) -> frozenset:
    """Tiles to highlight as a set: None, one tile number, or an iterable of them.

    Parameters
    ----------
    highlight : int, iterable of int or None
        The tiles as the caller gives them.

    Returns
    -------
    frozenset of int
        The tiles, empty for None.
    """
    if highlight is None:
        return frozenset()
    if isinstance(highlight, int):
        return frozenset({highlight})
    return frozenset(int(t) for t in highlight)


def draw_board(board, ax=None, highlight=None, title: str | None = None, fontsize=None):
    """Draw a board: a square per tile with its number, the blank cell left empty.

    Parameters
    ----------
    board : Board or str
        The board, in any notation :meth:`Board.parse` reads.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new 2 x 2 inch figure when omitted.
    highlight : int or iterable of int, optional
        Tiles (numbers, not cells) to fill in the highlight colour, e.g. the tile that
        just slid.
    title : str, optional
        Title above the board.
    fontsize : float, optional
        Size of the numbers in points; by default scaled to the axes' size.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on (its figure is ``ax.figure``).

    Raises
    ------
    BoardError
        If ``board`` is text that is not a board.
    """
    board = as_board(board)
    if ax is None:
        _, ax = plt.subplots(figsize=(2, 2))
    rows, cols = board.rows, board.cols
    if fontsize is None:
        bbox = ax.get_window_extent()
        cell_points = min(bbox.width / cols, bbox.height / rows) * 72 / ax.figure.dpi
        fontsize = max(5.0, 0.45 * cell_points)
    draw_tiles(ax, board, cols / 2, rows / 2, cols, highlight=highlight, fontsize=fontsize)
    ax.set_xlim(-0.05, cols + 0.05)
    ax.set_ylim(-0.05, rows + 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title is not None:
        ax.set_title(title, fontsize=9)
    return ax


def draw_tiles(ax, board, x: float, y: float, width: float, highlight=None, fontsize=8.0,
               zorder: float = 3):  # fmt: skip
    """Draw ``board`` centred on ``(x, y)``, ``width`` data units wide, on ``ax``.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Axes with an equal aspect (so the tiles are square).
    board : Board or str
    x, y : float
        Centre, in data units.
    width : float
        Width of the board, in data units (the height follows its rows).
    highlight : int or iterable of int, optional
        Tiles to fill in the highlight colour.
    fontsize : float
        Size of the numbers, in points.
    zorder : float
        Drawing order of the frame; tiles and numbers go just above it.
    """
    board = as_board(board)
    marked = as_tile_set(highlight)
    rows, cols = board.rows, board.cols
    cell = width / cols
    left, bottom = x - width / 2, y - cell * rows / 2
    frame = Rectangle((left, bottom), width, cell * rows, facecolor=BLANK_COLOR,
                      edgecolor=FRAME_COLOR, linewidth=1.5, zorder=zorder)  # fmt: skip
    ax.add_patch(frame)
    for p, tile in enumerate(board.tiles):
        if tile == 0:
            continue
        r, c = divmod(p, cols)
        cx, cy = left + c * cell, bottom + (rows - 1 - r) * cell
        ax.add_patch(
            Rectangle(
                (cx + 0.05 * cell, cy + 0.05 * cell), 0.9 * cell, 0.9 * cell,
                facecolor=HIGHLIGHT_COLOR if tile in marked else TILE_COLOR,
                edgecolor=FRAME_COLOR, linewidth=1, zorder=zorder + 0.1,
            )
        )  # fmt: skip
        ax.text(
            cx + cell / 2, cy + cell / 2, str(tile), ha="center", va="center",
            fontsize=fontsize, color=TEXT_COLOR, fontweight="bold", zorder=zorder + 0.2,
        )  # fmt: skip


@lru_cache(maxsize=64)
def _glyph(text: str) -> Path:
    """The outline of ``text`` in bold, 1 unit high, centred on (0, 0)."""
    path = TextPath((0, 0), text, size=1, prop=FontProperties(weight="bold"))
    box = path.get_extents()
    return path.transformed(Affine2D().translate(-(box.x0 + box.x1) / 2, -(box.y0 + box.y1) / 2))


def tile_artists(boards, width: float, digit_height: float = 0.42, zorder: float = 3):
    """Many boards as two artists (tiles, numbers): fast to draw where there are dozens.

    Parameters
    ----------
    boards : iterable of (board, x, y, highlight)
        Each board with its centre in data units and its highlighted tiles.
    width : float
        Width of each board, in data units.
    digit_height : float
        Height of a number (its glyph), as a fraction of a cell.
    zorder : float
        Drawing order of the tiles; the numbers sit just above them.

    Returns
    -------
    (PatchCollection, PathCollection)
        Add both with ``ax.add_collection``; the frames are not included.
    """
    squares, colours, glyphs = [], [], []
    for board, x, y, highlight in boards:
        board = as_board(board)
        marked = as_tile_set(highlight)
        cell = width / board.cols
        left, bottom = x - width / 2, y - cell * board.rows / 2
        for p, tile in enumerate(board.tiles):
            if tile == 0:
                continue
            r, c = divmod(p, board.cols)
            cx, cy = left + c * cell, bottom + (board.rows - 1 - r) * cell
            squares.append(Rectangle((cx + 0.05 * cell, cy + 0.05 * cell), 0.9 * cell, 0.9 * cell))
            colours.append(HIGHLIGHT_COLOR if tile in marked else TILE_COLOR)
            move = Affine2D().scale(digit_height * cell).translate(cx + cell / 2, cy + cell / 2)
            glyphs.append(_glyph(str(tile)).transformed(move))
    tiles = PatchCollection(squares, facecolors=colours, edgecolors=FRAME_COLOR, linewidths=1,
                            zorder=zorder + 0.1)  # fmt: skip
    numbers = PathCollection(glyphs, facecolors=TEXT_COLOR, edgecolors="none", zorder=zorder + 0.2)
    return tiles, numbers


def fit_limits(ax, pos: dict, margin_x: float, margin_y: float) -> None:
    """Axis limits that hold every position of ``pos`` with the given margins.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The axes whose limits are set.
    pos : dict
        ``node -> (x, y)`` in data units.
    margin_x, margin_y : float
        Room left beyond the outermost positions, in data units.
    """
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    ax.set_xlim(min(xs) - margin_x, max(xs) + margin_x)
    ax.set_ylim(min(ys) - margin_y, max(ys) + margin_y)


__all__ = [
    "BLANK_COLOR",
    "FRAME_COLOR",
    "HIGHLIGHT_COLOR",
    "PATH_COLOR",
    "TEXT_COLOR",
    "TILE_COLOR",
    "as_tile_set",
    "draw_board",
    "draw_tiles",
    "fit_limits",
    "moved_tile",
    "tile_artists",
]
