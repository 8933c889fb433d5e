"""The judges' formats of the three source problems: their input read, their output byte for byte.

``python -m eightlab problem NAME`` reads a problem's input on standard input and
writes its output on standard output (:func:`run_problem`):

``eight-ii``
    Eight II: a line with ``T`` (``0 <= T <= 200``), then ``T`` pairs of lines ``A``
    and ``B``, 9 characters each with ``X`` the blank. For case ``k`` (from 1) print
    ``Case k: d`` and, on the next line, the move string from ``A`` to ``B``: of
    minimum length ``d`` and, among those, the lexicographically smallest (``d < l <
    r < u``, letters naming where the blank moves). ``A == B`` prints ``Case k: 0``
    and an empty line. The pairs ``12X453786``/``12345678X`` and
    ``564178X23``/``7568X4123`` give ``Case 1: 2``, ``dd``, ``Case 2: 8``,
    ``urrulldr``.
``min-moves``
    One line of 9 digits, ``0`` the blank: print the minimum number of moves to
    ``123804765`` (``283104765`` gives 4). The goal itself gives 0 and ``531408627``
    gives 30 (a published solution prints 2 for the first and crashes on the second).
``shortest-path``
    The 9 cells on one line split by any whitespace, ``x`` the blank (``2  3  4  1  5
    x  7  6  8``): print a shortest path to ``12345678x`` (eightlab prints the
    lexicographically smallest one) or the word ``unsolvable``.

``min-moves`` and ``shortest-path`` answer every non-empty line of their input, one
board per line, as the multi-case versions of those problems expect. The input is UTF-8
text; a byte-order mark at its start is skipped. Malformed input (bytes that are not
UTF-8, a wrong ``T``, a board of the wrong length, a duplicated tile, an Eight II pair
that is not solvable) gets one line on standard error naming the case and the problem,
quoting at most a short prefix of the bad input, and exit status 2; the cases before it
are still answered.

The paths come from :mod:`eightlab.problems.lexicographic` (the ``table`` method, or
``idastar``).

References
----------
.. [1] HDU 3567 "Eight II"; HDU 1043 / POJ 1077 "Eight"; Luogu P1379 (minimum moves
   to ``123804765``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from eightlab.errors import BoardError, UnknownNameError, quote
from eightlab.problems.lexicographic import check_method, idastar_path, table_path
from eightlab.puzzle.board import Board, goal_or_default
from eightlab.puzzle.solvability import is_solvable

#: Most cases of an Eight II input.
MAX_CASES = 200
#: Goal of ``min-moves``.
MIN_MOVES_GOAL = Board.parse("123804765")
#: Goal of ``shortest-path``: the default goal, tiles in order with the blank last.
SHORTEST_PATH_GOAL = goal_or_default(None)
#: Exit statuses of :func:`run_problem`.
EXIT_OK, EXIT_BAD_INPUT = 0, 2


class _CaseError(Exception):
    """Bad input in one case of a problem; the message names the case and the problem."""


def run_problem(name: str, stdin, stdout, stderr, method: str = "table") -> int:
    """Answer a source problem: read its input, write its output byte for byte.

    Parameters
    ----------
    name : {"eight-ii", "min-moves", "shortest-path"}
        The problem (see the module docstring).
    stdin : text or binary stream
        Where the input is read; bytes are decoded as UTF-8 (``sys.stdin.buffer``,
        whatever the locale). A leading byte-order mark is skipped.
    stdout, stderr : text streams
        Where the answers and errors are written.
    method : {"table", "idastar"}
        How the paths are found, see
        :func:`~eightlab.problems.lexicographic.lexicographic_shortest_path`.

    Returns
    -------
    int
        Exit status: 0 every case answered; 2 malformed input (one line on ``stderr``
        naming the case and the problem, after the earlier cases' answers).

    Raises
    ------
    UnknownNameError
        For an unknown problem or method.
    """
    solver = _PROBLEMS.get(name)
    if solver is None:
        raise UnknownNameError(
            f"unknown problem {quote(name)}; choose one of {', '.join(_PROBLEMS)}"
        )
    check_method(method)
    try:
        for line in solver(_read_text(stdin), method):
            stdout.write(line + "\n")
    except _CaseError as error:
        stdout.flush()
        message = " ".join(str(error).split())
        stderr.write(f"eightlab: {name}: {message}\n")
        stderr.flush()
        return EXIT_BAD_INPUT
    stdout.flush()
    return EXIT_OK


def _read_text(stdin) -> str:
    """The whole input as text: bytes decoded as UTF-8, a byte-order mark skipped."""
    data = stdin.read()
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _CaseError(
                f"the input is not UTF-8 text (byte {data[error.start]:#04x} at offset "
                f"{error.start})"
            ) from None
    return data.removeprefix("\ufeff")


# ----------------------------------------------------------------- the problems
def _eight_ii(text: str, method: str) -> Iterator[str]:
    lines = _numbered_lines(text)
    if not lines:
        raise _CaseError("empty input; expected a line with T, then T pairs of boards A and B")
    number, first = lines[0]
    try:
        cases = int(first)
    except ValueError:
        raise _CaseError(
            f"line {number}: T must be the number of cases, a whole number, not {quote(first)}"
        ) from None
    if not 0 <= cases <= MAX_CASES:
        raise _CaseError(f"line {number}: T = {cases} is outside 0..{MAX_CASES}")
    rest = iter(lines[1:])
    for k in range(1, cases + 1):
        a = _next_board(rest, k, "A", cases)
        b = _next_board(rest, k, "B", cases)
        if not is_solvable(a, b):
            raise _CaseError(
                f"case {k}: B {b.format('X')} cannot be reached from A {a.format('X')} "
                "(the tile permutation between them is odd)"
            )
        path = _path(a, b, method)
        yield f"Case {k}: {len(path)}"
        yield path
    extra = next(rest, None)
    if extra is not None:
        raise _CaseError(
            f"T = {cases} but the input goes on after case {cases} (line {extra[0]}: {quote(extra[1])})"
        )


def _min_moves(text: str, method: str) -> Iterator[str]:
    goal = MIN_MOVES_GOAL
    for k, (number, line) in enumerate(_require_lines(text, "one line of 9 digits"), 1):
        board = _board(line, f"case {k} (line {number})")
        if not is_solvable(board, goal):
            raise _CaseError(
                f"case {k} (line {number}): board {board.format('digits')} cannot reach "
                f"{goal.format('digits')} (the tile permutation between them is odd)"
            )
        yield str(len(_path(board, goal, method)))


def _shortest_path(text: str, method: str) -> Iterator[str]:
    goal = SHORTEST_PATH_GOAL
    for k, (number, line) in enumerate(_require_lines(text, "one line of 9 cells"), 1):
        board = _board(line, f"case {k} (line {number})")
        yield _path(board, goal, method) if is_solvable(board, goal) else "unsolvable"


_PROBLEMS: dict[str, Callable[[str, str], Iterator[str]]] = {
    "eight-ii": _eight_ii,
    "min-moves": _min_moves,
    "shortest-path": _shortest_path,
}


def _numbered_lines(text: str) -> list[tuple[int, str]]:
    """The non-empty lines, stripped, with their 1-based line numbers."""
    return [(i, line.strip()) for i, line in enumerate(text.splitlines(), 1) if line.strip()]


def _require_lines(text: str, expected: str) -> list[tuple[int, str]]:
    lines = _numbered_lines(text)
    if not lines:
        raise _CaseError(f"empty input; expected {expected}")
    return lines


def _next_board(lines: Iterator[tuple[int, str]], k: int, which: str, cases: int) -> Board:
    item = next(lines, None)
    if item is None:
        raise _CaseError(
            f"case {k}: the input ends before board {which} (T = {cases} but only "
            f"{k - 1} complete case{'' if k == 2 else 's'})"
        )
    number, line = item
    return _board(line, f"case {k}: board {which} (line {number})")


def _board(line: str, where: str) -> Board:
    try:
        return Board.parse(line, 3, 3)
    except BoardError as error:
        raise _CaseError(f"{where}: {error}") from None


def _path(a: Board, b: Board, method: str) -> str:
    if method == "idastar":
        return idastar_path(a, b)
    return table_path(a.tiles, b.tiles)
