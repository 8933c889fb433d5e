"""``eightlab problem``: answer a source contest problem, standard input to standard output."""

from __future__ import annotations

import sys

from eightlab.cli.parsing import LazyChoices, add_command

#: The contest problems, by name, with what they read and write.
PROBLEMS = {
    "eight-ii": "Eight II: T pairs A, B (X the blank) -> 'Case k: d' and the "
    "lexicographically smallest shortest path (d < l < r < u)",
    "min-moves": "one board of 9 digits (0 the blank) -> the minimum number of moves to 123804765",
    "shortest-path": "one board of 9 cells split by whitespace (x the blank) -> a shortest "
    "path to 12345678x, or 'unsolvable'",
}


def _methods() -> tuple[str, ...]:
    from eightlab.problems.lexicographic import METHODS

    return METHODS


def add_parser(commands) -> None:
    """Add ``problem`` and its options to the subcommands ``commands``."""
    problem = add_command(commands, "problem",
        "answer a source contest problem from standard input",
        "Read a contest problem's input on standard input and write its output "
        "byte for byte.\n\n" + "\n".join(f"  {k:14} {v}" for k, v in PROBLEMS.items()),
    )  # fmt: skip
    problem.add_argument("name", choices=list(PROBLEMS), metavar="NAME", help=", ".join(PROBLEMS))
    problem.add_argument("--method", choices=LazyChoices(_methods), default="table",
                         help="how every problem finds its paths: table (per-blank BFS "
                         "tables, the default) or idastar (IDA* with Manhattan per case)")  # fmt: skip


def run(args) -> int:
    """Answer the problem named in ``args``; returns the exit status."""
    from eightlab.problems import run_problem

    return run_problem(args.name, sys.stdin.buffer, sys.stdout, sys.stderr, method=args.method)
