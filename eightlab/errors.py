"""The exception types of eightlab.

Every error that bad input can cause is an :class:`EightlabError`, a subclass of
:class:`ValueError`, whose message names the problem in one line. The command line
prints that line and exits with status 2.
"""

from __future__ import annotations


class EightlabError(ValueError):
    """Base class of every error eightlab raises for bad input.

    In IPython (JupyterLab, a papermill kernel) it shows as its one line, without a
    traceback: IPython asks an exception for ``_render_traceback_()`` first.
    """

    def _render_traceback_(self) -> list[str]:
        """The lines IPython shows for this error: ``NAME: message``, no frames."""
        return [f"{type(self).__name__}: {self}"]


class BoardError(EightlabError):
    """A board could not be read: wrong length, a duplicated or missing tile, no blank..."""


class GoalMismatchError(EightlabError):
    """A start and a goal that cannot be compared (different sizes or tile sets)."""


class IllegalMoveError(EightlabError):
    """A move that is not a letter u, d, l, r or that takes the blank off the board.

    Parameters
    ----------
    message : str
        What is wrong, said to a person.
    index : int
        Zero-based position of the offending move in the path.

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


#: Most characters of bad input an error message quotes (see :func:`quote`).
QUOTE_LIMIT = 40


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of a bounded prefix of ``value``, for error messages.

    Every message that shows bad input quotes it through this one helper, so a
    5,000,000-character line gives a short one-line message, never a 5 MB one.

    Parameters
    ----------
    value : object
        The input; a ``str`` is shown quoted, anything else by its ``repr``.
    limit : int
        Most characters quoted; a longer value is cut and says how long it was.

    Returns
    -------
    str
        ``'283104765'``, or ``'12345...' (5000000 characters)``; ``1.5`` for a
        float. Newlines and other control characters are escaped, so the result is
        one line.

    Examples
    --------
    >>> quote("283104765")
    "'283104765'"
    >>> quote("1" * 100, limit=5)
    "'11111...' (100 characters)"
    """
    if not isinstance(value, str):
        text = repr(value)
        return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit] + '...'!r} ({len(value)} characters)"
