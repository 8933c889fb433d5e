"""The learned heuristics as registry entries: one binder per variant, on every shape.

A variant bound to a 3x3 goal reads the table of its canonical goal
(:mod:`eightlab.heuristics.learned.heuristic`); bound to a goal of another shape of at
most 12 cells it reads a table by rank trained for that goal
(:mod:`eightlab.heuristics.learned.byrank`, imported only then: numba and the
exhaustive search load when a table by rank is first needed, not when the registry is
read). Each variant is defined on the shapes whose goals reach more boards than its
training sample (:func:`learned_shapes`) and says why it refuses another
(:class:`LearnedHeuristic`).
"""

from __future__ import annotations

from array import array
from functools import cache

import numpy as np

from eightlab.errors import EightlabError
from eightlab.heuristics.base import Evaluator, Heuristic
from eightlab.heuristics.learned import model as learnmodel
from eightlab.heuristics.learned.heuristic import (
    DEFAULT_MODEL,
    DEFAULT_SEED,
    DEFAULT_TRAINING_SIZE,
    VARIANTS,
    _values_by_rank,
    canonical_form,
    learned_table,
    training_mask,
)
from eightlab.puzzle.board import Board
from eightlab.puzzle.ranking import rank


def learned_binder(variant: str, model: str = DEFAULT_MODEL,
                   training_size: int = DEFAULT_TRAINING_SIZE, seed: int = DEFAULT_SEED):  # fmt: skip
    """A binder for one variant (a key of :data:`~eightlab.heuristics.learned.heuristic.VARIANTS`).

    The evaluator's ``data`` holds ``{"delta": ..., "table": LearnedTable}``.

    Parameters
    ----------
    variant : str
        A key of :data:`~eightlab.heuristics.learned.heuristic.VARIANTS`.
    model : str, optional
        The regressor, a name of :data:`eightlab.heuristics.learned.model.MODELS`.
    training_size : int, optional
        Boards in the seeded training sample.
    seed : int, optional
        The sample's and the model's seed.

    Returns
    -------
    callable
        ``bind(goal)``, which returns the variant's
        :class:`~eightlab.heuristics.base.Evaluator` for that goal.

    Raises
    ------
    EightlabError
        For an unknown variant.
    LearnedShapeError
        When bound to a goal of more than 12 cells (no exact table to learn from), of
        more than 9 for ``learned-quantile``, or reaching no more boards than the
        training sample (:func:`eightlab.heuristics.learned.byrank.check_goal`).
    """
    if variant not in VARIANTS:
        raise EightlabError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")

    def bind(goal: Board) -> Evaluator:
        from eightlab.puzzle import statespace

        if (goal.rows, goal.cols) != (3, 3):
            return _bind_by_rank(goal, variant, model, training_size, seed)
        canonical, perm, rename = canonical_form(goal)
        by_rank, delta = _values_by_rank(canonical, variant, model, training_size, seed)
        values = array("b", by_rank.tobytes())
        shifts = [4 * int(q) for q in perm]
        names = [int(t) for t in rename]

        def h(state: int) -> int:
            return values[rank([names[(state >> s) & 15] for s in shifts])]

        def batch(tiles: np.ndarray) -> np.ndarray:
            ranks = statespace.rank_array(rename[np.asarray(tiles)[:, perm]])
            return by_rank[ranks].astype(np.float64)

        table = learned_table(canonical, model, VARIANTS[variant], training_size, seed)
        return Evaluator(h, 9, None, batch, data={"delta": delta, "table": table})

    return bind


def _bind_by_rank(goal: Board, variant: str, model: str, training_size: int,
                  seed: int) -> Evaluator:  # fmt: skip
    """The evaluator of a goal that is not 3x3: a lookup by full-permutation rank."""
    from eightlab.heuristics.learned import byrank
    from eightlab.puzzle.ranking import rank_columns, rank_packed

    table = byrank.rank_table(goal, model, VARIANTS[variant], training_size, seed)
    if variant == "learned-shifted":
        by_rank, delta = byrank.shifted_table(goal, model, training_size, seed)
    else:
        by_rank, delta = table.values, table.delta
    n = goal.size

    def h(state: int) -> int:
        return int(by_rank[rank_packed(state, n)])

    def batch(tiles: np.ndarray) -> np.ndarray:
        return by_rank[rank_columns(np.asarray(tiles).T, n)].astype(np.float64)

    return Evaluator(h, n, None, batch, data={"delta": delta, "table": table,
                                              "by_rank": by_rank})  # fmt: skip


_DESCRIPTIONS = {
    "learned": "{model} trained on {n} boards' exact distances (least squares), read from "
    "a table; claims nothing (up to 12 cells)",
    "learned-shifted": "max(h2, learned - delta), delta the largest overestimate of learned "
    "over every board of the goal: admissible by exhaustion (up to 12 cells)",
    "learned-quantile": "gradient boosting trained for the 5% quantile of h* on {n} boards: "
    "an under-estimate most of the time, claims nothing (up to 9 cells)",
    "learned-penalty": "{model} refitted with overestimates weighted 10 x on {n} boards; "
    "claims nothing (up to 12 cells)",
}
_LABELS = {
    "learned": "learned ({model})",
    "learned-shifted": "max(h2, learned - delta)",
    "learned-quantile": "learned, 5% quantile",
    "learned-penalty": "learned, overestimates x10",
}


def learned_heuristics(model: str = DEFAULT_MODEL, training_size: int = DEFAULT_TRAINING_SIZE,
                       seed: int = DEFAULT_SEED) -> dict[str, Heuristic]:  # fmt: skip
    """The four learned heuristics for one model, training size and seed.

    Only ``learned-shifted`` claims admissibility (see :mod:`eightlab.heuristics.learned.heuristic`); none
    claims consistency. Nothing is trained until a heuristic is bound to a goal.

    Parameters
    ----------
    model : str, optional
        The regressor, a name of :data:`eightlab.heuristics.learned.model.MODELS`.
    training_size : int, optional
        Boards in the seeded training sample.
    seed : int, optional
        The sample's and the model's seed.

    Returns
    -------
    dict of str to Heuristic
        The four heuristics by registry name, in the order of :data:`~eightlab.heuristics.learned.heuristic.VARIANTS`.

    Raises
    ------
    EightlabError
        For an unknown model, a training size out of range or a bad seed.
    """
    from eightlab.puzzle.statespace import REACHABLE

    learnmodel.check_model(model, "squared")
    training_mask(REACHABLE, training_size, seed)  # refuse a bad size or seed now
    n = f"{int(training_size):,}"
    return {
        name: LearnedHeuristic(
            name,
            _DESCRIPTIONS[name].format(model=model.upper(), n=n),
            name == "learned-shifted",
            False,
            learned_binder(name, model, int(training_size), int(seed)),
            label=_LABELS[name].format(model=model.upper()),
            loss=VARIANTS[name],
            training_size=int(training_size),
        )
        for name in VARIANTS
    }


class LearnedHeuristic(Heuristic):
    """A learned variant: defined on the shapes it can learn every board of.

    Its :attr:`shapes` are those of at most 12 cells (9 for ``learned-quantile``) whose
    goals reach more boards than the training sample (:func:`learned_shapes`), found when
    first asked for; :meth:`bind` refuses another goal in one line that says why
    (:func:`eightlab.heuristics.learned.byrank.check_goal`).

    Parameters
    ----------
    *args, **kwargs
        As :class:`~eightlab.heuristics.Heuristic` (without ``shapes``).
    loss : str
        A key of :data:`~eightlab.heuristics.learned.model.LOSSES`.
    training_size : int
        Boards in the training sample.
    """

    def __init__(self, *args, loss: str, training_size: int, **kwargs):
        self._loss, self._training_size = loss, training_size
        super().__init__(*args, **kwargs)

    @property
    def shapes(self) -> frozenset:
        """The ``(rows, cols)`` the variant is defined on (:func:`learned_shapes`)."""
        return learned_shapes(self._loss, self._training_size)

    @shapes.setter
    def shapes(self, value) -> None:  # Heuristic.__init__ sets None: the property decides
        assert value is None

    def bind(self, goal: Board) -> Evaluator:
        """The evaluator for ``goal``, as :meth:`Heuristic.bind
        <eightlab.heuristics.Heuristic.bind>`.

        Raises
        ------
        LearnedShapeError
            For a goal outside :attr:`shapes`, with the reason.
        """
        if not self.applies_to(goal):
            from eightlab.heuristics.learned.byrank import check_goal

            check_goal(goal, self._loss, self._training_size)
        return super().bind(goal)


@cache
def learned_shapes(loss: str, training_size: int) -> frozenset:
    """The shapes a learned variant trained with ``loss`` on ``training_size`` boards is
    defined on: at most 12 cells (9 for ``quantile``), more boards than the sample.

    Parameters
    ----------
    loss : str
        A key of :data:`~eightlab.heuristics.learned.model.LOSSES`.
    training_size : int
        Boards in the training sample.

    Returns
    -------
    frozenset of (int, int)
        ``(rows, cols)`` pairs.
    """
    from eightlab.heuristics.learned.byrank import QUANTILE_MAX_CELLS, reachable_boards
    from eightlab.puzzle.exhaustive import MAX_CELLS

    most = QUANTILE_MAX_CELLS if loss == "quantile" else MAX_CELLS
    return frozenset((rows, cols) for rows in range(1, most + 1)
                     for cols in range(1, most // rows + 1)
                     if reachable_boards(rows, cols) > training_size)  # fmt: skip
