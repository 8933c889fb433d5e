"""The heuristic framework: :class:`Heuristic` (a name, a label, claims, a binder) and
:class:`Evaluator` (a heuristic bound to one goal, evaluated on packed states)."""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from eightlab.errors import BoardError
from eightlab.puzzle.board import Board, as_board, cell_bits, check_pair, pack

_DEADLINE: ContextVar[float | None] = ContextVar("build_deadline", default=None)


class BuildTimeout(TimeoutError):
    """A heuristic's tables were not ready by the deadline of the search that asked.

    Raised while a heuristic is bound (a pattern database built, a model trained) past
    :func:`build_deadline`; the search harness reports it as the time budget, followed
    by a colon and ``detail`` when there is one.
    """

    def __init__(self, detail: str | None = None):
        super().__init__(detail or "deadline passed")
        self.detail = detail


@contextmanager
def build_deadline(deadline: float | None):
    """Within the block, builds stop at ``deadline`` (a :func:`time.perf_counter` time)."""
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def build_deadline_now() -> float | None:
    """The deadline set by the innermost :func:`build_deadline` (None: no deadline)."""
    return _DEADLINE.get()


#: Goals whose evaluators one :class:`Heuristic` keeps (least recently used dropped).
BIND_CACHE_SIZE = 8


class Evaluator:
    """A heuristic bound to one goal, evaluated on packed states.

    Parameters
    ----------
    function : callable
        ``function(state: int) -> float``, h of a packed state.
    size : int
        Number of cells of the board.
    tile_cost : list of list of float, optional
        See the attribute.
    batch : callable, optional
        ``batch(tiles) -> numpy.ndarray``: h of many boards at once, ``tiles`` an int
        array of shape (N, size), one board per row. Without it,
        :meth:`Evaluator.evaluate_tiles` sums ``tile_cost`` or calls ``function`` row
        by row.
    data : object, optional
        The tables behind the evaluator, for code that converts them (the compiled
        engine): the :class:`~eightlab.heuristics.pdb.additive.AdditivePDB` of a pattern
        database, the :class:`~eightlab.heuristics.linear_conflict.LineTables` of
        linear conflict.

    Attributes
    ----------
    tile_cost : list of list of float, or None
        For per-tile heuristics, ``tile_cost[t][p]`` is the cost of tile ``t`` on cell
        ``p`` (row 0 is the blank's, all zeros unless the heuristic counts the blank);
        h is the sum over cells. None for the others.
    """

    __slots__ = ("function", "tile_cost", "size", "bits", "mask", "batch", "data")

    def __init__(self, function, size: int, tile_cost=None, batch=None, data=None):
        self.function = function
        self.tile_cost = tile_cost
        self.size = size
        self.bits = cell_bits(size)
        self.mask = (1 << self.bits) - 1
        self.batch = batch
        self.data = data

    def __call__(self, state: int) -> float:
        return self.function(state)

    def tiles(self, state: int) -> list[int]:
        """The cells of a packed state, row by row."""
        k, m = self.bits, self.mask
        return [(state >> (k * p)) & m for p in range(self.size)]

    def evaluate_tiles(self, tiles) -> np.ndarray:
        """h of many boards at once.

        Parameters
        ----------
        tiles : array_like of int, shape (N, size)
            One board per row, cells row-major, ``0`` the blank.

        Returns
        -------
        numpy.ndarray of float64, shape (N,)
            h of each board, in moves.
        """
        tiles = np.asarray(tiles, dtype=np.int64)
        if self.batch is not None:
            return np.asarray(self.batch(tiles), dtype=np.float64)
        if self.tile_cost is not None:
            cost = np.asarray(self.tile_cost, dtype=np.float64)
            return cost[tiles, np.arange(self.size)].sum(axis=1)
        return np.array([self.function(pack(tuple(row))) for row in tiles.tolist()], float)


def tile_cost_evaluator(tile_cost, size: int) -> Evaluator:
    """An :class:`Evaluator` that sums ``tile_cost[tile][cell]`` over the cells."""
    k = cell_bits(size)
    mask = (1 << k) - 1
    shifts = [(k * p, p) for p in range(size)]

    def h(state: int) -> float:
        return sum(tile_cost[(state >> s) & mask][p] for s, p in shifts)

    return Evaluator(h, size, tile_cost)


class Heuristic:
    """A named heuristic with its claims.

    Parameters
    ----------
    name : str
        Registry name (lowercase, hyphenated).
    description : str
        One line for ``--help`` and tables.
    admissible, consistent : bool
        What the heuristic claims; checked by the admissibility study.
    binder : callable
        ``binder(goal: Board) -> Evaluator``.
    label : str, optional
        Display name for legends and tables (default: the name).
    shapes : set of (int, int), optional
        The board sizes ``(rows, cols)`` it is defined on (None: every size).
    """

    def __init__(
        self,
        name: str,
        description: str,
        admissible: bool,
        consistent: bool,
        binder,
        label: str | None = None,
        shapes=None,
    ):
        self.name = name
        self.description = description
        self.admissible = admissible
        self.consistent = consistent
        self.label = label or name
        self.shapes = None if shapes is None else frozenset(shapes)
        self._binder = binder
        self._cache: OrderedDict[Board, Evaluator] = OrderedDict()

    def applies_to(self, board) -> bool:
        """Whether the heuristic is defined on boards of ``board``'s size."""
        board = as_board(board)
        return self.shapes is None or (board.rows, board.cols) in self.shapes

    def bind(self, goal: Board) -> Evaluator:
        """The evaluator of this heuristic for ``goal``.

        The last :data:`BIND_CACHE_SIZE` goals' evaluators are kept, so a search that
        binds the same goal again pays nothing.

        Raises
        ------
        BoardError
            If the heuristic is not defined on the goal's size (see ``shapes``).
        """
        evaluator = self._cache.get(goal)
        if evaluator is not None:
            self._cache.move_to_end(goal)
            return evaluator
        if not self.applies_to(goal):
            sizes = " or ".join(f"{r}x{c}" for r, c in sorted(self.shapes))
            raise BoardError(
                f"heuristic {self.name!r} is defined on {sizes} boards only; "
                f"goal {goal} is {goal.rows}x{goal.cols}"
            )
        evaluator = self._binder(goal)
        self._cache[goal] = evaluator
        while len(self._cache) > BIND_CACHE_SIZE:
            self._cache.popitem(last=False)
        return evaluator

    def __call__(self, board, goal=None) -> float:
        """h of ``board`` for ``goal`` (default: the ordered goal), on boards or text."""
        board = as_board(board)
        goal = Board.goal(board.rows, board.cols) if goal is None else as_board(goal, board)
        check_pair(board, goal)
        return self.bind(goal)(board.packed)

    def __repr__(self) -> str:
        return f"<Heuristic {self.name}>"
