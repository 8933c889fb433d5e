"""One search of eightlab for test tables that mix informed and uninformed algorithms."""

import eightlab
from eightlab.search import ALGORITHMS


def solve(start, goal=None, algorithm="astar", heuristic=None, **options):
    """:func:`eightlab.solve` with ``heuristic`` passed to informed algorithms only (an
    uninformed one refuses any), so one table of cases can name one heuristic for all."""
    informed = ALGORITHMS[algorithm].informed
    return eightlab.solve(start, goal, algorithm, heuristic if informed else None, **options)
