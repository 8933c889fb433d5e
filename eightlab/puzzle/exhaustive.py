"""Every board of a puzzle of up to 12 cells, by a complete breadth-first search.

:func:`distance_table` runs a breadth-first search from a goal over **all** ``n!``
permutations of an ``rows x cols`` board (``n = rows * cols <= 12``), indexed by their
Cantor rank (:mod:`eightlab.puzzle.ranking`, compiled in
:mod:`eightlab.puzzle.ranking_compiled`). The table holds one byte per board: its exact
distance from the goal, :data:`UNSEEN` (255) for the half of the ranks of the other parity
class, which the search never reaches. Layer ``d + 1`` is found by scanning the table for
the bytes equal to ``d`` (the frontier), making every move of the blank from each of
them, and writing ``d + 1`` into every neighbour still unseen; the search stops at the
first depth whose scan finds no board. The scan is split among the cores (numba
``prange``); why two threads writing the same table cannot lose or miscount a board is
argued in the kernel, ``_expand_layer``. A 3x4 board has ``12! = 479,001,600`` ranks, so
its table takes 479 MB; :func:`distance_table` refuses a shape whose table does not fit in
the memory free (:func:`eightlab.memory.available_memory`).

:func:`layer_counts` reduces the table to what the literature publishes: how many boards
lie at each distance, the radius (the greatest distance) and the boards at the radius.
:func:`reference_layer_counts` is the same search in plain Python over a dictionary, the
readable reference for the tiny shapes the tests compare it on. :func:`manhattan_histogram`
counts the boards by exact distance and Manhattan distance, the admissibility check of
Manhattan on every board of a shape. :func:`check_length` compares the length of a path
found by a search with the exact distance of its start. The published sequences
(Karlemo & Östergård 2000; OEIS) are shipped in ``eightlab/data/oeis_layer_counts.txt``
and read by :func:`published_layer_counts`.

References
----------
.. [1] F. R. W. Karlemo and P. R. J. Östergård, "On sliding block puzzles", Journal of
   Combinatorial Mathematics and Combinatorial Computing 34, 2000, 97-107.
.. [2] A. Reinefeld, "Complete solution of the eight-puzzle and the benefit of node
   ordering in IDA*", IJCAI 1993.
.. [3] R. E. Korf, "Linear-time disk-based implicit graph search", Journal of the ACM
   55(6), 2008 (breadth-first search of a permutation space indexed by rank, the frontier
   found by scanning).
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from math import factorial
from numbers import Integral

import numpy as np
from numba import njit, prange

from eightlab.errors import BoardError, EightlabError, quote
from eightlab.files import cache_directory, read_arrays, write_arrays
from eightlab.memory import available_memory
from eightlab.puzzle.board import Board, neighbor_table
from eightlab.puzzle.ranking import rank, unrank
from eightlab.puzzle.ranking_compiled import rank_of, unrank_into

#: Most cells of a board the search covers (``12!`` ranks, 479 MB at a byte per rank).
MAX_CELLS = 12
#: Value of a board the search has not reached (the other parity class).
UNSEEN = 255
#: Ranks scanned by one task of the parallel loop (a multiple of 8).
CHUNK = 1 << 16
#: Smallest table searched on all cores; smaller ones (8 cells or fewer) run on one thread.
PARALLEL_FROM = factorial(9)
#: Bytes the search needs beyond its table (numba's threads, the interpreter's growth).
OVERHEAD = 64 << 20
#: Slices of the table counted by the threads of :func:`layer_counts`.
PARTS = 64
#: Fewest cells whose tables :func:`goal_distances` keeps in the cache (smaller ones take
#: milliseconds to search).
CACHED_FROM = 10
#: Format of the cached tables; a file of another version is searched again.
CACHE_VERSION = 1


class StateSpaceError(EightlabError):
    """A state space that cannot be searched: too many cells, or too little memory."""


@dataclass(frozen=True)
class Layers:
    """The distance distribution of every board of a shape from one goal.

    Attributes
    ----------
    goal : Board
        The board the distances are measured from.
    counts : numpy.ndarray of int64
        ``counts[d]`` is the number of boards exactly ``d`` moves from the goal.
    farthest : tuple of Board
        The boards at the radius, in rank order.
    """

    goal: Board
    counts: np.ndarray
    farthest: tuple[Board, ...]

    @property
    def radius(self) -> int:
        """The greatest distance of a board from the goal, in moves."""
        return len(self.counts) - 1

    @property
    def reachable(self) -> int:
        """How many boards can reach the goal (``n!/2`` on boards of at least 2x2)."""
        return int(self.counts.sum())


def _shape_of(shape) -> tuple[int, int]:
    try:
        rows, cols = (int(x) for x in shape)
    except (TypeError, ValueError):
        raise StateSpaceError(
            f"a shape is two whole numbers (rows, cols), not {quote(shape)}"
        ) from None
    if rows < 1 or cols < 1:
        raise StateSpaceError(f"a shape has at least one row and one column, not {rows}x{cols}")
    if rows * cols > MAX_CELLS:
        raise StateSpaceError(
            f"the exhaustive search covers boards of at most {MAX_CELLS} cells; "
            f"{rows}x{cols} has {rows * cols} ({rows * cols}! boards)"
        )
    return rows, cols


def goal_board(shape, blank_cell: int | None = None) -> Board:
    """The goal with the tiles in reading order and the blank on ``blank_cell``.

    Parameters
    ----------
    shape : tuple of int
        ``(rows, cols)``, at most :data:`MAX_CELLS` cells.
    blank_cell : int, optional
        Row-major index of the blank's cell; the last cell by default
        (:meth:`Board.goal`).

    Returns
    -------
    Board
        Tiles ``1 .. n-1`` in reading order around the blank.

    Raises
    ------
    StateSpaceError
        If the shape is not a whole number of rows and columns of at most 12 cells.
    BoardError
        If ``blank_cell`` is not a cell of the shape.
    """
    rows, cols = _shape_of(shape)
    n = rows * cols
    blank = n - 1 if blank_cell is None else blank_cell
    if isinstance(blank, bool) or not isinstance(blank, Integral) or not 0 <= blank < n:
        raise BoardError(
            f"blank_cell is a cell 0..{n - 1} of a {rows}x{cols} board, not {quote(blank)}"
        )
    tiles = list(range(1, n))
    tiles.insert(int(blank), 0)
    return Board(tuple(tiles), rows, cols)


def table_bytes(shape) -> int:
    """Memory :func:`distance_table` needs for ``shape``, in bytes (an estimate).

    One byte per permutation of the ``n`` cells (``n!``, rounded up to a multiple of 8),
    plus :data:`OVERHEAD`.

    Parameters
    ----------
    shape : tuple of int
        ``(rows, cols)``.

    Returns
    -------
    int
        Bytes.

    Raises
    ------
    StateSpaceError
        If the shape is not a whole number of rows and columns of at most 12 cells.
    """
    rows, cols = _shape_of(shape)
    return -(-factorial(rows * cols) // 8) * 8 + OVERHEAD


@njit(cache=True, inline="always")
def _expand_ranks(dist, words, depth, n, moves, start, stop):
    """Expand the boards at ``depth`` among ranks ``start .. stop - 1``; return their count.

    ``dist`` is the table (one byte per rank), ``words`` the same memory read 8 bytes
    at a time (to skip runs without a frontier board), ``moves[p]`` the cells the
    blank can move to from cell ``p`` (``-1`` past the last); ``start`` and ``stop``
    are multiples of 8.
    """
    pattern = np.uint64(depth) * np.uint64(0x0101010101010101)
    low = np.uint64(0x0101010101010101)
    high = np.uint64(0x8080808080808080)
    zero = np.uint64(0)
    nxt = np.uint8(depth + 1)
    tiles = np.empty(n, dtype=np.int64)
    items = np.arange(n)
    count = 0
    for w in range(start // 8, stop // 8):
        x = words[w] ^ pattern
        if ((x - low) & ~x & high) == zero:  # no byte of this word equals depth
            continue
        for r in range(8 * w, 8 * w + 8):
            if dist[r] != depth:
                continue
            count += 1
            unrank_into(r, n, tiles)
            blank = 0
            while tiles[blank] != 0:
                blank += 1
            for j in range(moves.shape[1]):
                q = moves[blank, j]
                if q < 0:
                    break
                tiles[blank] = tiles[q]
                tiles[q] = 0
                s = rank_of(tiles, items, n, n)
                if dist[s] == UNSEEN:
                    dist[s] = nxt
                tiles[q] = tiles[blank]
                tiles[blank] = 0
    return count


@njit(cache=True, parallel=True)
def _expand_layer(dist, words, depth, n, moves, chunk):
    """Expand every board at ``depth`` on all cores; return how many there were.

    The ranks are cut in chunks of ``chunk`` (a multiple of 8), scanned in parallel.

    Race-freedom: each chunk of ranks is scanned by one thread, and the count of a
    layer is the number of bytes equal to ``depth`` found by the scans, so every board
    is counted once whatever the writes do. The only writes store ``depth + 1`` into a
    byte that holds :data:`UNSEEN`; a byte therefore changes at most once per pass,
    from 255 to ``depth + 1``, and every writer of it stores the same value, so two
    threads racing on one byte (or a scan reading it meanwhile) see 255 or
    ``depth + 1``, never ``depth``, and leave it at ``depth + 1`` in either order. A
    byte is the smallest store of the machine, so no write touches a neighbour's
    value (which two bits packed per board would not guarantee).
    """
    size = dist.shape[0]
    chunks = (size + chunk - 1) // chunk
    found = np.zeros(chunks, dtype=np.int64)
    for c in prange(chunks):
        found[c] = _expand_ranks(
            dist, words, depth, n, moves, c * chunk, min((c + 1) * chunk, size)
        )
    return found.sum()


@njit(cache=True)
def _expand_layer_serial(dist, words, depth, n, moves):
    """:func:`_expand_layer` on one thread, for tables too small to share out."""
    return _expand_ranks(dist, words, depth, n, moves, 0, dist.shape[0])


@njit(cache=True)
def _ranks_equal(dist, value, count):
    """The first ``count`` ranks whose byte equals ``value``, in increasing order."""
    out = np.empty(count, dtype=np.int64)
    k = 0
    for r in range(dist.shape[0]):
        if dist[r] == value:
            out[k] = r
            k += 1
            if k == count:
                break
    return out[:k]


def _move_array(rows: int, cols: int) -> np.ndarray:
    table = neighbor_table(rows, cols)
    moves = np.full((rows * cols, 4), -1, dtype=np.int64)
    for p, cell_moves in enumerate(table):
        for j, (_, q) in enumerate(cell_moves):
            moves[p, j] = q
    return moves


def _check_memory(rows: int, cols: int) -> None:
    need = table_bytes((rows, cols))
    free = available_memory()
    if need > free:
        raise StateSpaceError(
            f"the {rows}x{cols} state space needs {need / 1e6:,.0f} MB "
            f"(a byte for each of {rows * cols}! boards) but only {free / 1e6:,.0f} MB is free"
        )


def _search(goal: Board) -> tuple[np.ndarray, np.ndarray]:
    rows, cols = goal.rows, goal.cols
    n = rows * cols
    _check_memory(rows, cols)
    size = -(-factorial(n) // 8) * 8
    dist = np.full(size, UNSEEN, dtype=np.uint8)  # padding past n! stays UNSEEN
    words = dist.view(np.uint64)
    dist[rank(goal.tiles)] = 0
    moves = _move_array(rows, cols)
    counts = []
    depth = 0
    while depth < UNSEEN - 1:
        if size < PARALLEL_FROM:
            found = int(_expand_layer_serial(dist, words, depth, n, moves))
        else:
            found = int(_expand_layer(dist, words, depth, n, moves, CHUNK))
        if found == 0:
            break
        counts.append(found)
        depth += 1
    if depth == UNSEEN - 1:  # unreachable for 12 cells (radius 80 at most), kept honest
        raise StateSpaceError(f"a {rows}x{cols} board is more than {UNSEEN - 2} moves away")
    return dist[: factorial(n)], np.array(counts, dtype=np.int64)


def distance_table(shape, blank_cell: int | None = None) -> np.ndarray:
    """Exact distance of every board of ``shape`` to the goal, by a compiled BFS.

    Parameters
    ----------
    shape : tuple of int
        ``(rows, cols)`` with at most :data:`MAX_CELLS` cells (3x4 and 2x6 included).
    blank_cell : int, optional
        The goal's blank cell (:func:`goal_board`); the last cell by default.

    Returns
    -------
    numpy.ndarray of uint8, shape (n!,)
        ``table[r]`` is the least number of moves between the board of Cantor rank
        ``r`` and the goal; :data:`UNSEEN` (255) when the goal cannot be reached. A new
        array at every call (for 3x4, 479 MB).

    Raises
    ------
    StateSpaceError
        If the shape has more than 12 cells or the table does not fit in the memory
        free (:func:`table_bytes` against :func:`eightlab.memory.available_memory`).
    BoardError
        If ``blank_cell`` is not a cell of the shape.

    References
    ----------
    .. [1] R. E. Korf, "Linear-time disk-based implicit graph search", Journal of the
       ACM 55(6), 2008.
    """
    return _search(goal_board(shape, blank_cell))[0]


def cache_path(goal: Board):
    """The cache file of ``goal``'s distance table.

    Parameters
    ----------
    goal : Board
        The goal the distances are measured to.

    Returns
    -------
    pathlib.Path or None
        None when the cache is off (:func:`eightlab.files.cache_directory`) or the board
        is too small to be worth caching (fewer than :data:`CACHED_FROM` cells).
    """
    base = cache_directory()
    if base is None or goal.rows * goal.cols < CACHED_FROM:
        return None
    digest = hashlib.blake2b(bytes(goal.tiles), digest_size=4).hexdigest()
    return (
        base / "exhaustive" / f"distances-v{CACHE_VERSION}-{goal.rows}x{goal.cols}-goal{digest}.bin"
    )


def goal_distances(goal) -> np.ndarray:
    """:func:`distance_table` for any goal board, read from the cache when it is there.

    The table of a board of :data:`CACHED_FROM` cells or more is written to the cache
    folder (``exhaustive/`` in :func:`eightlab.files.cache_directory`, the folder of the
    pattern databases' ``pdb/``) by :func:`eightlab.files.write_arrays` after its search,
    and read back (checked: shape, goal, digest) by the next call; a file that does not
    check out is searched again and replaced. Safe to delete.

    Parameters
    ----------
    goal : Board
        Any board of at most :data:`MAX_CELLS` cells.

    Returns
    -------
    numpy.ndarray of uint8, shape (n!,)
        As :func:`distance_table`; read-only when it comes from the cache.

    Raises
    ------
    StateSpaceError
        If the board has more than 12 cells or its table does not fit in the memory
        free (checked before reading the cache file too).
    """
    _shape_of((goal.rows, goal.cols))
    _check_memory(goal.rows, goal.cols)
    path = cache_path(goal)
    header = {"kind": "exhaustive-distances", "version": CACHE_VERSION,
              "shape": [goal.rows, goal.cols], "goal": list(goal.tiles)}  # fmt: skip
    found = None if path is None else read_arrays(path)
    if found is not None and {k: found[0].get(k) for k in header} == header:
        return found[1][0]
    if path is not None:  # a search of seconds to minutes: say what and where, once
        import sys

        print(
            f"eightlab: searching every board of the {goal.rows}x{goal.cols} goal "
            f"{' '.join(map(str, goal.tiles))} ({factorial(goal.size):,} ranks), once "
            f"(cached in {path})",
            file=sys.stderr,
            flush=True,
        )
    table = _search(goal)[0]
    if path is not None:
        try:
            write_arrays(path, header, [table])
        except OSError:  # a full disk or a read-only cache: the table is still right
            pass
    return table


@dataclass(frozen=True)
class CheckedLength:
    """A path's length against the exact distance of its start from its goal.

    Attributes
    ----------
    length : int
        The path's length, in moves.
    distance : int
        The exact distance, in moves (the least length of a path).
    boards : int
        How many boards the table holds a distance for (those that can reach the goal:
        ``n!/2`` on boards of at least 2x2).
    """

    length: int
    distance: int
    boards: int

    @property
    def excess(self) -> int:
        """Moves of the path above the exact distance (0 for a shortest path)."""
        return self.length - self.distance


def check_length(start, goal, length: int) -> CheckedLength:
    """Compare the length of a path from ``start`` to ``goal`` with the exact distance.

    The distance is read from the complete table of the goal (:func:`goal_distances`,
    searched the first time, then read from the cache on boards of :data:`CACHED_FROM`
    cells or more: a 3x4 table is 479 MB). The table of the last goal checked is kept in
    memory with its count of boards, so checking more paths to the same goal reads and
    counts nothing again.

    Parameters
    ----------
    start, goal : Board
        Boards of the same shape, of at most :data:`MAX_CELLS` cells.
    length : int
        The length of the path found, in moves.

    Returns
    -------
    CheckedLength
        The length, the exact distance and the number of boards in the table.

    Raises
    ------
    StateSpaceError
        If the board has more than 12 cells or the table does not fit in the memory free.
    BoardError
        If the boards differ in shape, or the goal cannot be reached from the start.

    References
    ----------
    .. [1] R. E. Korf, "Linear-time disk-based implicit graph search", Journal of the
       ACM 55(6), 2008.
    """
    if (start.rows, start.cols) != (goal.rows, goal.cols):
        raise BoardError(
            f"the start is {start.rows}x{start.cols} but the goal {goal.rows}x{goal.cols}"
        )
    table, boards = _checked_table(goal)
    distance = int(table[rank(start.tiles)])
    if distance == UNSEEN:
        raise BoardError("the goal cannot be reached from the start: no distance to check")
    return CheckedLength(int(length), distance, boards)


@lru_cache(maxsize=1)
def _checked_table(goal: Board) -> tuple[np.ndarray, int]:
    """:func:`check_length`'s table of ``goal`` (read-only) and the boards it reaches."""
    table = goal_distances(goal)
    table.flags.writeable = False
    return table, int(_byte_counts(table, PARTS)[:UNSEEN].sum())


@njit(cache=True, parallel=True)
def _byte_counts(dist, parts):
    """How many bytes of ``dist`` hold each value 0..255, counted in ``parts`` slices."""
    size = dist.shape[0]
    step = (size + parts - 1) // parts
    counts = np.zeros((parts, 256), dtype=np.int64)
    for part in prange(parts):
        for r in range(part * step, min((part + 1) * step, size)):
            counts[part, dist[r]] += 1
    return counts.sum(axis=0)


def layer_counts(shape, blank_cell: int | None = None) -> Layers:
    """How many boards of ``shape`` lie at each distance from the goal, and the farthest.

    A complete breadth-first search (:func:`distance_table`) from the goal with the
    tiles in reading order and the blank on ``blank_cell``, or its table from the cache
    (:func:`goal_distances`).

    Parameters
    ----------
    shape : tuple of int
        ``(rows, cols)`` with at most :data:`MAX_CELLS` cells.
    blank_cell : int, optional
        The goal's blank cell; the last cell by default.

    Returns
    -------
    Layers
        The counts (summing to ``n!/2`` on boards of at least 2x2), the radius and the
        boards at the radius.

    Raises
    ------
    StateSpaceError
        If the shape has more than 12 cells or its table does not fit in memory.
    BoardError
        If ``blank_cell`` is not a cell of the shape.

    References
    ----------
    .. [1] F. R. W. Karlemo and P. R. J. Östergård, "On sliding block puzzles", Journal
       of Combinatorial Mathematics and Combinatorial Computing 34, 2000, 97-107.
    """
    goal = goal_board(shape, blank_cell)
    dist = goal_distances(goal)
    counts = _byte_counts(dist, PARTS)
    counts = counts[: int(np.flatnonzero(counts[:UNSEEN]).max()) + 1]
    radius = len(counts) - 1
    ranks = _ranks_equal(dist, np.uint8(radius), int(counts[-1]))
    n = goal.rows * goal.cols
    farthest = tuple(Board(unrank(int(r), n), goal.rows, goal.cols) for r in ranks)
    return Layers(goal, counts, farthest)


def reference_layer_counts(shape, blank_cell: int | None = None) -> list[int]:
    """:func:`layer_counts`' counts by a plain-Python BFS over a dictionary of boards.

    The readable reference for tiny shapes (a dictionary entry per board: fine for the
    181,440 boards of 3x3, far too slow and too large for 12 cells).

    Parameters
    ----------
    shape : tuple of int
        ``(rows, cols)``.
    blank_cell : int, optional
        The goal's blank cell; the last cell by default.

    Returns
    -------
    list of int
        ``counts[d]``: the number of boards ``d`` moves from the goal.

    Raises
    ------
    StateSpaceError
        If the shape has more than 12 cells.
    BoardError
        If ``blank_cell`` is not a cell of the shape.
    """
    goal = goal_board(shape, blank_cell)
    moves = neighbor_table(goal.rows, goal.cols)
    distance = {goal.tiles: 0}
    queue = deque([goal.tiles])
    counts = [1]
    while queue:
        tiles = queue.popleft()
        d = distance[tiles] + 1
        blank = tiles.index(0)
        for _, q in moves[blank]:
            nxt = list(tiles)
            nxt[blank], nxt[q] = nxt[q], 0
            nxt = tuple(nxt)
            if nxt not in distance:
                distance[nxt] = d
                if d == len(counts):
                    counts.append(0)
                counts[d] += 1
                queue.append(nxt)
    return counts


def published_layer_counts() -> dict[str, dict]:
    """The published distance distributions shipped in ``eightlab/data``.

    Read from ``eightlab/data/oeis_layer_counts.txt``, whose header cites the sources.

    Returns
    -------
    dict of str to dict
        Keyed by OEIS number (``"A090166"``); each value holds ``shape`` (rows, cols),
        ``blank_cell`` (a corner), ``complete`` (whether every term up to the radius is
        shipped) and ``counts`` (list of int, from distance 0).
    """
    text = files("eightlab.data").joinpath("oeis_layer_counts.txt").read_text(encoding="utf-8")
    table = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, shape, blank, complete, terms = line.split(maxsplit=4)
        rows, cols = (int(x) for x in shape.split("x"))
        table[number] = {
            "shape": (rows, cols),
            "blank_cell": int(blank),
            "complete": complete == "complete",
            "counts": [int(t) for t in terms.split(",")],
        }
    return table


@njit(cache=True, parallel=True)
def _manhattan_histogram(dist, n, cols, goal_cell, depth_bound, h_bound, parts):
    """``hist[d, h]``: boards at distance ``d`` whose Manhattan distance is ``h``.

    The ranks are cut in ``parts`` slices, each counted by one thread into its own
    histogram (no shared writes), then summed.
    """
    size = dist.shape[0]
    hists = np.zeros((parts, depth_bound, h_bound), dtype=np.int64)
    step = (size + parts - 1) // parts
    for part in prange(parts):
        tiles = np.empty(n, dtype=np.int64)
        for r in range(part * step, min((part + 1) * step, size)):
            d = dist[r]
            if d == UNSEEN:
                continue
            unrank_into(r, n, tiles)
            h = 0
            for p in range(n):
                t = tiles[p]
                if t != 0:
                    g = goal_cell[t]
                    h += abs(p // cols - g // cols) + abs(p % cols - g % cols)
            hists[part, d, h] += 1
    return hists.sum(axis=0)


def manhattan_histogram(shape, blank_cell: int | None = None) -> np.ndarray:
    """How Manhattan distance compares with the exact distance on every board of ``shape``.

    A complete search (:func:`distance_table`), then the Manhattan distance of every
    reachable board to the same goal (the sum over the tiles, blank excluded, of the
    rows plus the columns between a tile's cell and its goal cell), counted by pair.

    Parameters
    ----------
    shape : tuple of int
        ``(rows, cols)`` with at most :data:`MAX_CELLS` cells.
    blank_cell : int, optional
        The goal's blank cell; the last cell by default.

    Returns
    -------
    numpy.ndarray of int64, shape (radius + 1, largest Manhattan distance + 1)
        ``hist[d, h]`` is the number of boards ``d`` moves from the goal whose Manhattan
        distance is ``h``. Manhattan is admissible on the shape exactly when every count
        with ``h > d`` is zero.

    Raises
    ------
    StateSpaceError
        If the shape has more than 12 cells or its table does not fit in memory.
    BoardError
        If ``blank_cell`` is not a cell of the shape.
    """
    goal = goal_board(shape, blank_cell)
    dist, counts = _search(goal)
    n = goal.rows * goal.cols
    goal_cell = np.empty(n, dtype=np.int64)
    for p, t in enumerate(goal.tiles):
        goal_cell[t] = p
    h_bound = (n - 1) * (goal.rows + goal.cols - 2) + 1  # every tile at its farthest
    hist = _manhattan_histogram(dist, n, goal.cols, goal_cell, len(counts), h_bound, 64)
    return hist[:, : int(np.flatnonzero(hist.sum(axis=0)).max()) + 1]
