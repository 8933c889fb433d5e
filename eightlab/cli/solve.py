"""``eightlab solve``: one board, its path, its length and the search's counts.

It imports the search module it runs and the heuristic it binds, nothing more (no
pandas, matplotlib, papermill, and no other search or heuristic).
"""

from __future__ import annotations

import math

from eightlab.cli.parsing import (
    EXIT_BUDGET,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    EXIT_STATUSES,
    EXIT_UNSOLVABLE,
    MAX_WEIGHT,
    add_command,
    at_least_one,
    positive_float,
    positive_int,
    shape,
    weight,
)
from eightlab.errors import EightlabError, UnknownNameError, quote


def _epilog() -> str:
    from eightlab.heuristics import HEURISTICS
    from eightlab.search import ALGORITHMS

    algorithms = "\n".join(f"  {a.name:16} {a.description}" for a in ALGORITHMS.values())
    heuristics = "\n".join(f"  {h.name:22} {h.description}" for h in HEURISTICS.values())
    return f"algorithms:\n{algorithms}\n\nheuristics:\n{heuristics}\n\n{EXIT_STATUSES}"


def add_parser(commands) -> None:
    """Add ``solve`` and its options to the subcommands ``commands``."""
    from eightlab.search import ENGINES

    solve = add_command(commands, "solve", "solve one board",
        "Solve one board and print the path (moves of the blank: u d l r), its "
        "length and the search's counts.\n\nBoards: 283104765 (0 = blank), "
        "'2 3 4 1 5 x 7 6 8' (x = blank), 564178X23 (X = blank).",
        epilog=_epilog,
    )  # fmt: skip
    solve.add_argument("start", metavar="START", help="the start board")
    solve.add_argument(
        "--goal", default=None, metavar="GOAL",
        help="the goal board (default: the tiles in order with the blank last, 12345678x)",
    )  # fmt: skip
    solve.add_argument("--algorithm", "-a", default="astar", metavar="NAME",
                       help="search algorithm (default: astar; list below)")  # fmt: skip
    solve.add_argument("--heuristic", default=None, metavar="NAME",
                       help="heuristic of informed searches (default: manhattan; list below, "
                       "with the board sizes each is defined on)")  # fmt: skip
    solve.add_argument("--shape", type=shape, default=None, metavar="ROWSxCOLS",
                       help="the board's rows and columns, for boards that are not square "
                       "('1 2 0' --shape 1x3); default: square")  # fmt: skip
    solve.add_argument("--weight", type=weight, default=None,
                       help=f"w of weighted-astar, 1 to {MAX_WEIGHT:g} (default 2)")  # fmt: skip
    solve.add_argument("--limit", type=positive_int, default=None, metavar="N",
                       help="dls: the depth limit (default: 31 on 3x3; needed on other sizes); "
                       "no goal within it exits 3 (cutoff)")  # fmt: skip
    solve.add_argument("--lexicographic", action="store_true",
                       help="idastar: return the lexicographically smallest shortest path (d<l<r<u)")  # fmt: skip
    solve.add_argument("--max-nodes", type=positive_int, default=None, metavar="N",
                       help="give up after expanding N nodes (exit status 3)")  # fmt: skip
    solve.add_argument("--max-seconds", type=positive_float, default=None, metavar="S",
                       help="give up after S seconds (exit status 3)")  # fmt: skip
    solve.add_argument("--max-stored", type=at_least_one, default=None, metavar="N",
                       help="give up when holding more than N states at once (exit status 3; "
                       "default: derived from the machine's available memory)")  # fmt: skip
    solve.add_argument("--json", action="store_true",
                       help="print the whole result (path, counts, per-iteration rows, times, "
                       "options, counting conventions) as one JSON object")  # fmt: skip
    solve.add_argument("--engine", default="auto", choices=list(ENGINES),
                       help="idastar's engine: compiled (numba; same counts, tens of times "
                       "faster; compiled once, about 5 s, then cached on disk), python (the "
                       "instrumented reference; never imports numba) or auto (the default: "
                       "compiled for idastar on 4x4 and larger boards with a heuristic it "
                       "compiles, python elsewhere, where searches take milliseconds)")  # fmt: skip
    solve.add_argument("--check", action="store_true",
                       help="boards of at most 12 cells: compare the length with the exact "
                       "distance from the table of every board (searched once, then cached; "
                       "large for 3x4 and 2x6); exit 1 if an optimal algorithm returned a "
                       "longer path")  # fmt: skip


def run(args) -> int:
    """Solve the board of ``args`` and print the result; returns the exit status."""
    from eightlab.puzzle.board import Board, goal_or_default, notation_of
    from eightlab.search import ALGORITHMS, solve
    from eightlab.search.registry import DEFAULT_HEURISTIC, check_heuristic
    from eightlab.search.result import Status

    spec = ALGORITHMS.get(args.algorithm)
    if spec is None:
        raise UnknownNameError(_unknown("algorithm", args.algorithm, list(ALGORITHMS)))
    options = {}
    if args.max_nodes is not None:
        options["max_nodes"] = args.max_nodes
    if args.max_seconds is not None:
        options["max_seconds"] = args.max_seconds
    if args.max_stored is not None:
        options["max_stored"] = args.max_stored
    for flag, name, value in (
        ("--weight", "weight", args.weight),
        ("--limit", "limit", args.limit),
        ("--lexicographic", "lexicographic", args.lexicographic or None),
    ):
        if value is None:
            continue
        if name not in spec.options:
            users = [a.name for a in _algorithms_with(name)]
            raise EightlabError(f"{flag} applies only to --algorithm {' or '.join(users)}")
        options[name] = value
    check_heuristic(spec, args.heuristic)
    start = Board.parse(args.start, *(args.shape or (None, None)))
    if args.check:
        _refuse_check(start, args.json)
    heuristic = _heuristic(args.heuristic or DEFAULT_HEURISTIC, start) if spec.informed else None
    goal = goal_or_default(args.goal, start)
    name = heuristic.name if heuristic is not None else None
    result = solve(start, goal, spec.name, name, engine=args.engine, **options)
    status = {"solved": EXIT_OK, "unsolvable": EXIT_UNSOLVABLE}.get(str(result.status), EXIT_BUDGET)
    if args.json:
        import json

        print(json.dumps(result.to_dict()))
        return status
    notation = notation_of(args.start)
    notation = "x" if notation == "grid" or start.size > 10 else notation
    shown = [result.start.format(notation), result.goal.format(notation)]
    if notation == "X" and "X" not in args.start:  # 1x2753846: the blank as typed
        shown = [text.replace("X", "x") for text in shown]
    print(f"start: {shown[0]}  goal: {shown[1]}")
    print(result.summary())
    # weighted A* with w <= 1 and an admissible h is A* (or better informed): optimal
    optimal = spec.optimal or options.get("weight", math.inf) <= 1
    if result.solved and not (optimal and (heuristic is None or heuristic.admissible)):
        why = "is not optimal" if not optimal else f"with {heuristic.name} (inadmissible)"
        print(f"note: {spec.name} {why}: the path need not be a shortest one")
    if result.status == Status.UNSOLVABLE and args.goal is None:
        hint = _blank_first_hint(start)
        if hint:
            print(hint)
    if result.status == Status.CUTOFF:
        limit = "" if args.limit is None else f" {args.limit}"
        print(f"cutoff: no goal within the depth limit{limit} (a deeper --limit may find one)")
    if args.check and result.solved:
        return _check(result, spec.name, optimal and (heuristic is None or heuristic.admissible))
    return status


def _refuse_check(start, json: bool) -> None:
    """Refuse ``--check`` on a board the exact table does not cover, or with ``--json``."""
    from eightlab.puzzle.exhaustive import MAX_CELLS

    if start.size > MAX_CELLS:
        raise EightlabError(
            f"--check needs the exact table, which covers boards of at most {MAX_CELLS} "
            f"cells; this {start.rows}x{start.cols} board has {start.size}"
        )
    if json:
        raise EightlabError("--check prints a line of text; it does not combine with --json")


def _check(result, algorithm: str, claims_optimal: bool) -> int:
    """Print the solution's length against the exact distance; 1 if a claim is broken."""
    import sys

    from eightlab.puzzle.exhaustive import StateSpaceError, check_length

    try:
        checked = check_length(result.start, result.goal, result.length)
    except StateSpaceError as error:  # too little memory for the table: a budget, as for pdb
        print(f"eightlab: error: --check: {error}", file=sys.stderr)
        return EXIT_BUDGET
    table = f"the exact distance from the table of all {checked.boards:,} boards"
    if checked.excess == 0:
        print(f"optimal: {_moves(checked.length)}, {table}")
        return EXIT_OK
    if checked.excess > 0 and not claims_optimal:
        print(f"check: {_moves(checked.excess)} above the optimum of {checked.distance}, {table}")
        return EXIT_OK
    print(
        f"eightlab: check failed: {algorithm} returned {_moves(checked.length)} but "
        f"{table} is {checked.distance}",
        file=sys.stderr,
    )
    return EXIT_CHECK_FAILED


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"


def _heuristic(name: str, board):
    """The heuristic named ``name``; an unknown name is refused naming those defined
    on ``board``'s size."""
    from eightlab.heuristics import get_heuristic

    try:
        return get_heuristic(name)
    except UnknownNameError:
        from eightlab.heuristics import HEURISTICS  # the whole registry: only now

        fits = [h.name for h in HEURISTICS.values() if h.applies_to(board)]
        raise UnknownNameError(
            _unknown("heuristic", name, fits, f" on {board.rows}x{board.cols} boards")
        ) from None


def _unknown(kind: str, name: str, names: list[str], where: str = "") -> str:
    """The message for an unknown name: the name shortened, every valid name in full."""
    return (
        f"unknown {kind} {quote(name)}; the {kind}s{where}: {', '.join(names)} "
        f"(described in: eightlab solve --help)"
    )


def _blank_first_hint(start) -> str:
    """The line naming the blank-first goal when it, not the default goal, is reachable.

    The default goal puts the blank last; Korf's 100 (and many papers) use the goal
    ``0 1 2 ... 15`` with the blank first, for which half of the 4x4 boards that are
    unsolvable for the default goal are solvable.
    """
    from eightlab.puzzle.board import Board
    from eightlab.puzzle.solvability import is_solvable

    blank_first = Board(tuple(range(start.size)), start.rows, start.cols)
    if not is_solvable(start, blank_first):
        return ""
    whose = "Korf's goal, blank first" if (start.rows, start.cols) == (4, 4) else "blank first"
    goal = " ".join(str(t) for t in range(start.size))
    return f"with --goal '{goal}' ({whose}) it is solvable"


def _algorithms_with(option: str):
    from eightlab.search import ALGORITHMS

    return [a for a in ALGORITHMS.values() if option in a.options]
