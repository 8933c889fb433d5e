"""The lexicographically smallest shortest path between two 8-puzzle boards, from BFS tables.

Renaming the tiles does not change which moves of the blank are legal, so the
answer for ``(A, B)`` is the answer for ``(A', B')``, where ``A'`` is the *canonical*
board with the blank where ``A`` has it (tiles ``1 .. 8`` in reading order) and ``B'``
is ``B`` with the same renaming. Only 9 canonical boards exist: one breadth-first
search from each (built lazily, only those a case needs) answers every pair.

The BFS expands moves in the order d, l, r, u and keeps, for every state, the move
that *first* discovered it. By induction on the depth, the states of a layer leave the
queue in the lexicographic order of their smallest shortest paths, so the first
discovery of a state comes from the parent with the smallest path, by the smallest
move: following the stored moves back from ``B'`` reads the lexicographically smallest
shortest path.

The search must start from ``A``'s side. Lexicographic order is decided by the
*first* moves of a path, while a BFS settles the moves nearest its root first: a BFS
from ``B`` keeps, among equally short paths, the one whose *last* moves it met first.
For ``1X2753846 -> 12345678X`` the two shortest paths are ``ddlururdd`` (the answer)
and ``rdldlurrd``; a BFS from ``12345678X`` moving its blank in d, l, r, u order, read
back and inverted, returns ``rdldlurrd``. Ordering that backward BFS by the letters of
the forward moves does not help either: for ``1234X8765 -> 12345678X`` it returns
``rdlurd``, the answer being ``druldr``. The tests check both counterexamples.

The BFS is layer by layer with numpy on the Cantor ranks of
:func:`eightlab.puzzle.statespace.move_table`: the candidates of the next layer are listed in
(frontier order x move order), ``np.unique(..., return_index=True)`` picks each new
state's first occurrence, i.e. its lexicographically first parent, and the next
frontier keeps that order. A table is a ``uint8`` per Cantor rank: the move (0..3 for
d, l, r, u) that first reached the state, :data:`ROOT` for the canonical board,
:data:`UNREACHED` for the other half of the boards. The tables are kept in the process
and on disk (:mod:`eightlab.problems.tablecache`).

The ``idastar`` method answers each case with ``eightlab.solve(A, B, "idastar",
"manhattan", lexicographic=True)`` instead.

References
----------
.. [1] HDU 3567 "Eight II" (the lexicographically smallest shortest path).
.. [2] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 4th
   ed., sec. 3.4.1 (breadth-first search).
"""

from __future__ import annotations

from numbers import Integral

from eightlab.errors import BoardError, EightlabError, UnknownNameError, quote
from eightlab.problems.tablecache import load_table, save_table
from eightlab.puzzle.board import DELTAS, MOVES, Board, as_board, check_pair
from eightlab.puzzle.ranking import rank
from eightlab.puzzle.solvability import is_solvable
from eightlab.puzzle.statespace import REACHABLE, STATES  # 9! Cantor ranks, 9!/2 reachable

#: Table entry of the canonical board (the BFS root).
ROOT = 4
#: Table entry of a board the BFS cannot reach.
UNREACHED = 255
#: Methods of :func:`lexicographic_shortest_path` and :func:`~eightlab.problems.run_problem`.
METHODS = ("table", "idastar")

# In-process cache: blank cell -> table as bytes (indexing bytes gives ints, fast).
_TABLES: dict[int, bytes] = {}


class UnsolvablePairError(EightlabError):
    """Two boards that no sequence of moves connects (their tile permutation is odd)."""


def check_method(method: str) -> None:
    """Raise :class:`UnknownNameError` unless ``method`` is one of :data:`METHODS`.

    Parameters
    ----------
    method : str
        The method asked for.

    Raises
    ------
    UnknownNameError
        For a name not in :data:`METHODS`.
    """
    if method not in METHODS:
        raise UnknownNameError(
            f"unknown method {quote(method)}; choose one of {', '.join(METHODS)}"
        )


def lexicographic_shortest_path(a, b, method: str = "table") -> str:
    """The lexicographically smallest shortest path from board ``a`` to board ``b``.

    Among the paths of minimum length, the smallest in the order ``d < l < r < u``
    (letters naming where the blank moves), as Eight II asks.

    Parameters
    ----------
    a, b : Board or str
        The start and goal boards (3x3), e.g. ``"564178X23"`` and ``"7568X4123"``.
    method : {"table", "idastar"}
        ``"table"``: read the path from the BFS table of ``a``'s blank cell (see the
        module docstring); ``"idastar"``: ``eightlab.solve(a, b, "idastar",
        "manhattan", lexicographic=True)``.

    Returns
    -------
    str
        The moves of the blank; ``""`` when ``a == b``.

    Raises
    ------
    BoardError, GoalMismatchError
        On unreadable boards, boards of different sizes, or (table method) boards
        that are not 3x3.
    UnsolvablePairError
        If ``b`` cannot be reached from ``a``.
    UnknownNameError
        For an unknown method.

    Examples
    --------
    >>> lexicographic_shortest_path("564178X23", "7568X4123")
    'urrulldr'
    """
    check_method(method)
    a = as_board(a)
    b = as_board(b, a)
    check_pair(a, b)
    if not is_solvable(a, b):
        raise UnsolvablePairError(
            f"board {b.format('X')} cannot be reached from board {a.format('X')} "
            "(the tile permutation between them is odd)"
        )
    if method == "idastar":
        return idastar_path(a, b)
    if (a.rows, a.cols) != (3, 3):
        raise BoardError(f"the table method answers 3x3 boards, not {a.rows}x{a.cols}")
    return table_path(a.tiles, b.tiles)


def lexicographic_bfs_table(blank: int) -> bytes:
    """The BFS table of the canonical board with the blank on cell ``blank``.

    Taken from the process's memory, else from the disk cache, else built (and
    written to the disk cache).

    Parameters
    ----------
    blank : int
        Row-major cell of the blank, 0..8.

    Returns
    -------
    bytes, length 9! = 362,880
        Entry ``r`` (a Cantor rank, :mod:`eightlab.puzzle.ranking`) is the move (0..3 for d,
        l, r, u) by which the d, l, r, u-ordered BFS first reached the board of rank
        ``r``; :data:`ROOT` for the canonical board, :data:`UNREACHED` for the 9!/2
        boards of the other parity.

    Raises
    ------
    BoardError
        If ``blank`` is not a cell of a 3x3 board (a :class:`ValueError` too).
    """
    if isinstance(blank, bool) or not isinstance(blank, Integral) or not 0 <= blank < 9:
        raise BoardError(f"blank must be a cell 0..8, not {quote(blank)}")
    blank = int(blank)
    table = _TABLES.get(blank)
    if table is None:
        table = load_table(blank, check_table)
        if table is None:
            table = _build_table(blank)
            save_table(blank, table)
        _TABLES[blank] = table
    return table


def canonical_tiles(blank: int) -> tuple[int, ...]:
    """The tiles 1..8 in reading order with the blank (0) on cell ``blank``.

    Parameters
    ----------
    blank : int
        Row-major cell of the blank, 0..8.

    Returns
    -------
    tuple of int
        The canonical board's cells.
    """
    tiles = list(range(1, 9))
    tiles.insert(blank, 0)
    return tuple(tiles)


def relabel(a_tiles, b_tiles) -> tuple[int, ...]:
    """``b_tiles`` with each tile renamed by its rank in ``a_tiles``' reading order.

    The renaming that turns ``a`` into :func:`canonical_tiles` of its blank; moves of
    the blank commute with it, so a path from ``a`` to ``b`` is a path from the
    canonical board to the relabelled ``b``.

    Parameters
    ----------
    a_tiles, b_tiles : sequence of int
        The cells of the start and of the goal.

    Returns
    -------
    tuple of int
        The cells of ``b`` relabelled.
    """
    name = [0] * len(a_tiles)
    k = 0
    for tile in a_tiles:
        if tile:
            k += 1
            name[tile] = k
    return tuple(name[t] for t in b_tiles)


def table_path(a_tiles: tuple[int, ...], b_tiles: tuple[int, ...]) -> str:
    """Read the path back from the BFS table of ``a``'s blank (3x3, pair known solvable).

    Parameters
    ----------
    a_tiles, b_tiles : tuple of int
        The cells of the start and of the goal.

    Returns
    -------
    str
        The lexicographically smallest shortest path.

    Raises
    ------
    UnsolvablePairError
        If the table does not reach ``b`` after all.
    """
    table = lexicographic_bfs_table(a_tiles.index(0))
    cells = list(relabel(a_tiles, b_tiles))
    blank = cells.index(0)
    moves = []
    code = table[rank(cells)]
    while code != ROOT:
        if code == UNREACHED:
            raise UnsolvablePairError("the pair is not solvable")
        moves.append(MOVES[code])
        dr, dc = DELTAS[MOVES[code]]
        parent = blank - (3 * dr + dc)  # undo the move: step back against it
        cells[blank], cells[parent] = cells[parent], 0
        blank = parent
        code = table[rank(cells)]
    return "".join(reversed(moves))


def idastar_path(a: Board, b: Board) -> str:
    """The path of lexicographic IDA* with Manhattan distance (pair known solvable).

    Parameters
    ----------
    a, b : Board
        The start and the goal.

    Returns
    -------
    str
        The lexicographically smallest shortest path.

    Raises
    ------
    EightlabError
        If IDA* does not solve the pair.
    """
    from eightlab.search import solve

    result = solve(a, b, "idastar", "manhattan", lexicographic=True)
    if not result.solved:
        raise EightlabError(f"IDA* did not solve {a} -> {b}: {result.status}")
    return result.path


def _build_table(blank: int) -> bytes:
    """Layer-by-layer BFS from the canonical board, moves in d, l, r, u order."""
    import numpy as np

    from eightlab.puzzle import statespace

    successors = statespace.move_table()
    root_tiles = canonical_tiles(blank)
    root = rank(root_tiles)
    if statespace.rank_of(Board(root_tiles)) != root:
        raise RuntimeError(
            "eightlab.puzzle.statespace and eightlab.puzzle.ranking disagree on Cantor ranks"
        )
    table = np.full(STATES, UNREACHED, dtype=np.uint8)
    table[root] = ROOT
    move_codes = np.arange(len(MOVES), dtype=np.uint8)
    frontier = np.array([root], dtype=np.int64)
    while frontier.size:
        # Candidates in (frontier order x move order): the first occurrence of a state
        # is its lexicographically first discovery.
        candidates = successors[frontier].ravel()
        codes = np.tile(move_codes, frontier.size)
        legal = candidates >= 0
        candidates, codes = candidates[legal], codes[legal]
        new = table[candidates] == UNREACHED
        candidates, codes = candidates[new], codes[new]
        _, first = np.unique(candidates, return_index=True)
        first.sort()
        frontier = candidates[first]
        table[frontier] = codes[first]
    data = table.tobytes()
    check_table(blank, data)
    return data


def check_table(blank: int, data: bytes) -> None:
    """Raise :class:`ValueError` unless ``data`` is a whole table of ``blank``'s board.

    Checks the length, the root on the canonical board, a single root and exactly
    9!/2 boards reached.

    Parameters
    ----------
    blank : int
        Row-major cell of the blank of the table's canonical board.
    data : bytes
        The table, as built or read from the disk cache.

    Raises
    ------
    ValueError
        Naming the first check that fails.
    """
    if len(data) != STATES:
        raise ValueError(f"table has {len(data)} entries, not {STATES}")
    if data[rank(canonical_tiles(blank))] != ROOT:
        raise ValueError("the canonical board is not the root")
    if data.count(UNREACHED) != STATES - REACHABLE:
        raise ValueError(f"table does not reach exactly {REACHABLE} boards")
    if data.count(ROOT) != 1:
        raise ValueError("table has more than one root")
