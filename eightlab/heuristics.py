"""Heuristics: estimates h(s) of the number of moves from a state to the goal.

Each :class:`Heuristic` has a registry name, a description and its *claims*: whether it
is admissible (never overestimates the true distance h*) and consistent
(``h(s) <= 1 + h(s')`` for every move ``s -> s'``, and ``h(goal) = 0``). The
admissibility notebook checks every claim against the exhaustive table. The blank is
never counted by the admissible heuristics: it is not a tile, and counting it can
overestimate (one move puts two cells right).

A heuristic is bound to a goal with :meth:`Heuristic.bind`, giving an
:class:`Evaluator` that the searches call on packed int states. Heuristics that are a
sum of per-tile costs expose the table ``tile_cost[tile][cell]`` so that searches update
h incrementally when one tile slides (Manhattan changes by +-1 per move).

References
----------
.. [1] N. J. Nilsson, *Problem-Solving Methods in Artificial Intelligence*, 1971
   (misplaced tiles, the sequence score).
.. [2] J. Pearl, *Heuristics*, 1984, sec. 3.1 (h1 and h2 on the 8-puzzle).
"""

from __future__ import annotations

from eightlab.board import Board, as_board, cell_bits, check_pair
from eightlab.errors import UnknownNameError


class Evaluator:
    """A heuristic bound to one goal, evaluated on packed states.

    Attributes
    ----------
    tile_cost : list of list of float, or None
        For per-tile heuristics, ``tile_cost[t][p]`` is the cost of tile ``t`` on cell
        ``p`` (row 0 is the blank's, all zeros unless the heuristic counts the blank);
        h is the sum over cells. None for the others.
    """

    __slots__ = ("function", "tile_cost", "size", "bits", "mask")

    def __init__(self, function, size: int, tile_cost=None):
        self.function = function
        self.tile_cost = tile_cost
        self.size = size
        self.bits = cell_bits(size)
        self.mask = (1 << self.bits) - 1

    def __call__(self, state: int) -> float:
        return self.function(state)

    def tiles(self, state: int) -> list[int]:
        """The cells of a packed state, row by row."""
        k, m = self.bits, self.mask
        return [(state >> (k * p)) & m for p in range(self.size)]


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
    """

    def __init__(self, name: str, description: str, admissible: bool, consistent: bool, binder):
        self.name = name
        self.description = description
        self.admissible = admissible
        self.consistent = consistent
        self._binder = binder
        self._cache: dict[Board, Evaluator] = {}

    def bind(self, goal: Board) -> Evaluator:
        """The evaluator of this heuristic for ``goal`` (cached per goal)."""
        evaluator = self._cache.get(goal)
        if evaluator is None:
            evaluator = self._cache[goal] = self._binder(goal)
        return evaluator

    def __call__(self, board, goal=None) -> float:
        """h of ``board`` for ``goal`` (default: the ordered goal), on boards or text."""
        board = as_board(board)
        goal = Board.goal(board.rows, board.cols) if goal is None else as_board(goal, board)
        check_pair(board, goal)
        return self.bind(goal)(board.packed)

    def __repr__(self) -> str:
        return f"<Heuristic {self.name}>"


def per_tile_binder(cost, count_blank: bool = False):
    """A binder for a heuristic that sums ``cost(cell, goal_cell, cols)`` over tiles."""

    def bind(goal: Board) -> Evaluator:
        n, cols = goal.size, goal.cols
        home = {t: p for p, t in enumerate(goal.tiles)}
        table = [
            [cost(p, home[t], cols) if (t or count_blank) else 0 for p in range(n)]
            for t in range(n)
        ]
        return tile_cost_evaluator(table, n)

    return bind


def manhattan_cost(cell: int, home: int, cols: int) -> int:
    """Grid distance between a tile's cell and its goal cell."""
    r1, c1 = divmod(cell, cols)
    r2, c2 = divmod(home, cols)
    return abs(r1 - r2) + abs(c1 - c2)


def misplaced_cost(cell: int, home: int, cols: int) -> int:
    """1 if a tile is off its goal cell, else 0."""
    return int(cell != home)


def _zero_binder(goal: Board) -> Evaluator:
    return tile_cost_evaluator([[0] * goal.size for _ in range(goal.size)], goal.size)


ZERO = Heuristic("zero", "h = 0: A* becomes uniform-cost search", True, True, _zero_binder)
MISPLACED = Heuristic(
    "misplaced",
    "h1: number of tiles off their goal cell, the blank not counted",
    True,
    True,
    per_tile_binder(misplaced_cost),
)
MANHATTAN = Heuristic(
    "manhattan",
    "h2: sum of the tiles' grid distances to their goal cells, the blank not counted",
    True,
    True,
    per_tile_binder(manhattan_cost),
)

#: Every heuristic by registry name.
HEURISTICS: dict[str, Heuristic] = {h.name: h for h in (ZERO, MISPLACED, MANHATTAN)}


def register(heuristic: Heuristic) -> Heuristic:
    """Add a heuristic to :data:`HEURISTICS` and return it."""
    HEURISTICS[heuristic.name] = heuristic
    return heuristic


def get_heuristic(name) -> Heuristic:
    """The heuristic registered as ``name`` (or ``name`` itself if it is one).

    Raises
    ------
    UnknownNameError
        If no heuristic has that name; the message lists the known ones.
    """
    if isinstance(name, Heuristic):
        return name
    try:
        return HEURISTICS[name]
    except KeyError:
        raise UnknownNameError(
            f"unknown heuristic {name!r}; choose one of {', '.join(HEURISTICS)}"
        ) from None
