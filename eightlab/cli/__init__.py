"""The command line: ``python -m eightlab solve | run | problem | pdb build|list | plot``.

One module per subcommand (:mod:`.solve`, :mod:`.run`, :mod:`.problem`, :mod:`.pdb`,
:mod:`.plot`), each adding its parser and running it; :mod:`.parsing` holds what they
share. ``pdb`` builds the 15- and 24-puzzle pattern databases ahead of a search; ``plot``
redraws an experiment's figure from its saved table (:mod:`eightlab.viz.plots.redraw`).

Exit status: 0 success, 1 an unsolvable pair (``solve``), a failed check (``solve
--check``, an INVALID database in ``pdb list``) or a failed notebook (``run``), 2 bad
input (a one-line message on standard error), 3 a search that ran out of its budget or,
for ``dls``, found no goal within its depth limit (``cutoff``), or too little memory
(``pdb build``, the table of ``solve --check``), 4 the output (a result, ``--help``, a
usage message) could not be written, 141 the reader of the output went away (``| head``):
no traceback and no "Broken pipe" message, and the status a shell reports for a tool
stopped by SIGPIPE (128 + 13), as ``seq``, ``cat`` or ``grep`` give; a write the pipe
still took ends with the search's own status. Start-up stays light: ``solve`` and
``problem`` import neither pandas, matplotlib nor papermill, and ``solve`` only the
search and the heuristic it runs; ``run`` and ``plot`` import what they need when they
are called.
"""

from __future__ import annotations

import os
import sys

from eightlab.cli import audit, pdb, plot, problem, run, solve
from eightlab.cli.parsing import (
    EXIT_BROKEN_PIPE,
    EXIT_BUDGET,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_STATUSES,
    EXIT_UNSOLVABLE,
    EXIT_USAGE,
    MAX_WEIGHT,
    Parser,
)
from eightlab.cli.problem import PROBLEMS
from eightlab.errors import EightlabError

#: The subcommands in the order ``--help`` lists them, each with its module.
COMMANDS = {"solve": solve, "run": run, "problem": problem, "pdb": pdb, "plot": plot, "audit": audit}  # fmt: skip


def build_parser() -> Parser:
    """The argument parser of ``python -m eightlab``."""
    parser = Parser(
        prog="eightlab",
        description="eightlab: the 8-puzzle (sliding-tile puzzles) and the searches that solve it.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    for module in COMMANDS.values():
        module.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    try:
        args = build_parser().parse_args(argv)
        status = COMMANDS[args.command].run(args)
        sys.stdout.flush()  # a full disk shows here, inside the try, not at exit
        return status
    except SystemExit as done:  # argparse: --help (0) or a usage error (2)
        if done.code is None or isinstance(done.code, int):
            return done.code or EXIT_OK
        return _report(str(done.code), EXIT_USAGE)
    except EightlabError as error:
        return _report(cli_words(str(error)), EXIT_USAGE)
    except MemoryError:  # a search reports its own; this is a database build outside one
        return _report("out of memory; free memory or raise the limit", EXIT_BUDGET)
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, as Unix tools do
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as error:
        _discard_stdout()
        return _report(f"cannot write the output: {error.strerror or error}", EXIT_OUTPUT)
    except KeyboardInterrupt:
        return _report("interrupted", 130, prefix="eightlab: ")


#: The Python API's words in messages, and what a command line says instead.
_CLI_WORDS = (
    ("engine='python'", "--engine python"),
    ("use the python engine", "use --engine python"),
    ("give rows and cols", "give --shape ROWSxCOLS"),
    ("cannot take heuristic", "cannot take --heuristic"),
)


def cli_words(message: str) -> str:
    """``message`` in the command line's words (``--engine python``, not ``engine='python'``)."""
    for api, cli in _CLI_WORDS:
        message = message.replace(api, cli)
    return message


def _report(message: str, status: int, prefix: str = "eightlab: error: ") -> int:
    """Print one line on standard error (if it can be written); return ``status``."""
    try:
        print(prefix + " ".join(message.split()), file=sys.stderr, flush=True)
    except OSError:
        return EXIT_OUTPUT
    return status


def _discard_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail again.

    Only the process's own standard output (not one redirected in-process, as tests do).
    """
    if sys.stdout is not sys.__stdout__:
        return
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


__all__ = [
    "COMMANDS",
    "EXIT_BROKEN_PIPE",
    "EXIT_BUDGET",
    "EXIT_CHECK_FAILED",
    "EXIT_OK",
    "EXIT_OUTPUT",
    "EXIT_STATUSES",
    "EXIT_UNSOLVABLE",
    "EXIT_USAGE",
    "MAX_WEIGHT",
    "PROBLEMS",
    "build_parser",
    "cli_words",
    "main",
]
