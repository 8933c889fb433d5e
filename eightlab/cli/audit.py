"""``eightlab audit``: a heuristic against the exact distance of every board of a shape."""

from __future__ import annotations

from eightlab.cli.parsing import (
    EXIT_BUDGET,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    add_command,
    at_least_one,
    exit_statuses,
    positive_int,
    shape,
)

#: What ``audit --help`` says about the exit statuses.
EXIT_STATUSES = exit_statuses({
    EXIT_OK: "the heuristic is admissible and consistent on every board of the shape",
    EXIT_CHECK_FAILED: "it overestimates on some board, or changes by more than 1 on some "
    "move (the report says where)",
    EXIT_BUDGET: "too little memory for the exact table",
})  # fmt: skip


def add_parser(commands) -> None:
    """Add ``audit`` and its options to the subcommands ``commands``."""
    audit = add_command(commands, "audit",
        "check a heuristic against the exact distance of every board (up to 12 cells)",
        "Compare a registered heuristic with the exact distance h* of every board of a "
        "shape of at most 12 cells (a complete breadth-first search, cached): whether it "
        "overestimates (admissible) and where, whether it changes by more than 1 per move "
        "(consistent), and its mean h/h*. The 3x4 and 2x6 tables take a byte per "
        "permutation (479 MB) and about a CPU minute to build the first time.",
        epilog=EXIT_STATUSES,
    )  # fmt: skip
    audit.add_argument("heuristic", metavar="HEURISTIC",
                       help="a registry name (manhattan, linear-conflict, pdb, ...)")  # fmt: skip
    audit.add_argument("--shape", type=shape, default=(3, 3), metavar="ROWSxCOLS",
                       help="the board's rows and columns (default 3x3; 3x4, 2x6 ...)")  # fmt: skip
    audit.add_argument("--goal", default=None, metavar="GOAL",
                       help="the goal board (default: tiles in order, the blank last)")  # fmt: skip
    audit.add_argument("--astar", type=positive_int, default=0, metavar="N",
                       help="also run A* on N random boards with h, h* and Manhattan (default 0)")  # fmt: skip
    audit.add_argument("--astar-depth", type=at_least_one, default=20, metavar="D",
                       help="draw those boards among those at most D moves away (default 20)")  # fmt: skip
    audit.add_argument("--table", action="store_true", help="print the counts by h* too")


def run(args) -> int:
    """Audit the heuristic named in ``args``; returns the exit status."""
    from eightlab.analysis.audit import audit

    found = audit(args.heuristic, args.shape, args.goal, astar_boards=args.astar,
                  astar_depth=args.astar_depth)  # fmt: skip
    print(repr(found))
    if args.table:
        print(found.table.to_string(index=False))
    return EXIT_OK if found.admissible and found.consistent else EXIT_CHECK_FAILED
