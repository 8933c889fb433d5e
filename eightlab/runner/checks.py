"""Checks of a notebook's parameters together, beyond each one's type and range.

:func:`eightlab.runner.parameters.check_parameter` checks one value at a time; what a
kernel would still reject is checked here, before any kernel starts (``eightlab run``)
or in the notebook's first cell after its parameters (a direct papermill run, through
:func:`eightlab.runner.notebook.begin`):

* every board parameter (``goal``, ``tree_start``...) has the size of the puzzle the
  notebook studies (:data:`SHAPES`), and an int keeps its leading ``0``
  (``-p goal 012345678`` reaches the kernel as the int ``12345678``);
* a start and goal pair (``tree_start``, ``tree_goal``) is solvable;
* every heuristic named is defined on that size (no 4x4 pattern database on the
  8-puzzle, no 8-puzzle distance table on the 15-puzzle);
* a Dask scheduler address has the form ``tcp://HOST:PORT`` with a port from 1 to
  65535 (checked without connecting).
"""

from __future__ import annotations

from eightlab.errors import EightlabError
from eightlab.experiments.cluster import check_address  # noqa: F401  (one of the checks)

#: The board size ``(rows, cols)`` each notebook's boards and heuristics must have.
SHAPES: dict[str, tuple[int, int]] = {
    "compare_algorithms": (3, 3),
    "heuristic_admissibility": (3, 3),
    "03_informed_search": (3, 3),
    "03b_idastar_search_trees": (3, 3),
    "korf100": (4, 4),
    "bidirectional": (3, 3),
    "learned_heuristic": (3, 3),
    "korf24": (5, 5),
}

#: Start and goal parameters that must form a solvable pair: ``(start, goal)``.
PAIRS = (("tree_start", "tree_goal"),)

#: The board parameters (each gets the notebook's size).
BOARDS = ("goal", "tree_start", "tree_goal")


def board_value(value):
    """The text of a board parameter, with the leading ``0`` an int lost restored.

    An int is read as its digits (:func:`eightlab.puzzle.board.as_board` restores one missing
    leading zero); anything else is returned as it is.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        from eightlab.puzzle.board import as_board

        try:
            return as_board(value).format("digits")
        except EightlabError:
            return str(value)
    return value


def check_together(notebook: str, values: dict) -> dict:
    """Check a notebook's parameters together (see the module docstring).

    Parameters
    ----------
    notebook : str
        The notebook's name.
    values : dict
        Every parameter's value (defaults and overrides), each already checked alone.

    Returns
    -------
    dict
        The values to use: board parameters given as ints become their text.

    Raises
    ------
    EightlabError
        Naming the parameter and the notebook.
    """
    values = dict(values)
    shape = SHAPES.get(notebook)
    boards = {}
    for name in BOARDS:
        if name not in values or values[name] in (None, ""):
            continue
        values[name] = board_value(values[name])
        boards[name] = _board(notebook, name, values[name], shape)
    for start, goal in PAIRS:
        if start in boards and goal in boards:
            _check_pair(notebook, start, goal, boards[start], boards[goal])
    if shape is not None and "heuristics" in values and isinstance(values["heuristics"], list):
        _check_heuristics(notebook, values["heuristics"], shape)
    if shape is not None and isinstance(values.get("heuristic"), str):
        _check_heuristics(notebook, [values["heuristic"]], shape, "heuristic")
    if "scheduler" in values and values["scheduler"] is not None:
        values["scheduler"] = check_address(values["scheduler"], "scheduler", notebook)
    return values


def _board(notebook: str, name: str, value, shape):
    from eightlab.puzzle.board import Board

    label = f"parameter {name!r} of {notebook}"
    try:
        board = Board.parse(str(value))
    except EightlabError as error:
        raise EightlabError(f"{label}: {error}") from None
    if shape is not None and (board.rows, board.cols) != shape:
        rows, cols = shape
        raise EightlabError(
            f"{label} must be a {rows}x{cols} board (the notebook studies the "
            f"{rows * cols - 1}-puzzle), not the {board.rows}x{board.cols} board {value!s}"
        )
    return board


def _check_pair(notebook: str, start: str, goal: str, a, b) -> None:
    from eightlab.puzzle.solvability import is_solvable

    if (a.rows, a.cols) != (b.rows, b.cols):
        raise EightlabError(
            f"parameters {start!r} and {goal!r} of {notebook} must have the same size, "
            f"not {a.rows}x{a.cols} and {b.rows}x{b.cols}"
        )
    if not is_solvable(a, b):
        raise EightlabError(
            f"parameters {start!r} and {goal!r} of {notebook}: {b} cannot be reached from {a} "
            "(the pair has the wrong parity); swap two tiles of one of them"
        )


def _check_heuristics(notebook: str, names: list, shape, parameter: str = "heuristics") -> None:
    from eightlab.heuristics import get_heuristic

    rows, cols = shape
    for name in names:
        if not isinstance(name, str):
            continue  # refused by the rule of the parameter
        heuristic = get_heuristic(name)
        if heuristic.shapes is not None and shape not in heuristic.shapes:
            sizes = ", ".join(f"{r}x{c}" for r, c in sorted(heuristic.shapes))
            raise EightlabError(
                f"parameter {parameter!r} of {notebook}: {name} is defined on {sizes} boards "
                f"only, and this notebook's boards are {rows}x{cols}"
            )
