"""The exception types of eightlab.

Every error that bad input can cause is an :class:`EightlabError`, a subclass of
:class:`ValueError`, whose message names the problem in one line. The command line
prints that line and exits with status 2.
"""

from __future__ import annotations


class EightlabError(ValueError):
    """Base class of every error eightlab raises for bad input."""


class BoardError(EightlabError):
    """A board could not be read: wrong length, a duplicated or missing tile, no blank..."""


class GoalMismatchError(EightlabError):
    """A start and a goal that cannot be compared (different sizes or tile sets)."""


class IllegalMoveError(EightlabError):
    """A move that is not a letter u, d, l, r or that takes the blank off the board.

    Attributes
    ----------
    index : int
        Zero-based position of the offending move in the path.
    """

    def __init__(self, message: str, index: int):
        super().__init__(message)
        self.index = index


class UnknownNameError(EightlabError):
    """An algorithm, heuristic, preset or notebook name that eightlab does not know."""
