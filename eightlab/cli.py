"""The command line: ``python -m eightlab solve | run | problem | pdb build|list | plot``.
``pdb`` builds the 15- and 24-puzzle pattern databases ahead of a search; ``plot`` redraws
an experiment's figure from its saved table (:mod:`eightlab.viz.plots.redraw`).

Exit status: 0 success, 1 an unsolvable pair (``solve``) or a failed notebook
(``run``), 2 bad input (a one-line message on standard error), 3 a search that ran out
of its budget or, for ``dls``, found no goal within its depth limit (``cutoff``), 4 the
output (a result, ``--help``, a usage message) could not be written, 141 the reader of
the output went away (``| head``). Start-up stays light: ``solve`` and ``problem`` import neither pandas,
matplotlib nor papermill; ``run`` and ``plot`` import them when they are called.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

from eightlab.errors import EightlabError, quote

EXIT_OK, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_BUDGET, EXIT_OUTPUT = 0, 1, 2, 3, 4
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool killed by it
#: What ``solve --help`` says about the exit statuses.
EXIT_STATUSES = (
    "exit status:\n"
    "  0  solved\n"
    "  1  unsolvable (the goal cannot be reached from the start)\n"
    "  2  bad input (one line on standard error)\n"
    "  3  no answer within the limits: a budget exceeded (--max-nodes, --max-seconds,\n"
    "     --max-stored or the default memory budget) or, for dls, no goal within --limit\n"
    "     (cutoff)\n"
    "  4  the output could not be written"
)
#: Longest usage message printed (argparse quotes whole arguments).
_MESSAGE_LIMIT = 300

PROBLEMS = {
    "eight-ii": "Eight II: T pairs A, B (X the blank) -> 'Case k: d' and the "
    "lexicographically smallest shortest path (d < l < r < u)",
    "min-moves": "one board of 9 digits (0 the blank) -> the minimum number of moves to 123804765",
    "shortest-path": "one board of 9 cells split by whitespace (x the blank) -> a shortest "
    "path to 12345678x, or 'unsolvable'",
}


class _Parser(argparse.ArgumentParser):
    """argparse with a bounded one-line error message, exit status 2, and write errors.

    argparse ignores an error writing ``--help`` or a usage message; here it raises, so
    :func:`main` exits with status 4 (``--help > /dev/full``).
    """

    def error(self, message):
        message = " ".join(message.split())
        if len(message) > _MESSAGE_LIMIT:
            message = message[:_MESSAGE_LIMIT] + f"... ({len(message)} characters)"
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def _print_message(self, message, file=None):
        if message:
            file = sys.stderr if file is None else file
            file.write(message)
            file.flush()


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{quote(text)} must be >= 0")
    return value


def _at_least_one(text: str) -> int:
    value = _positive_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{quote(text)} must be >= 1")
    return value


#: The largest --weight: beyond it f = g + w * h rounds g away (the search is greedy
#: best-first, --algorithm greedy) and, far beyond, overflows to infinity.
MAX_WEIGHT = 1e15


def _weight(text: str) -> float:
    value = _positive_float(text)
    if value > MAX_WEIGHT:
        raise argparse.ArgumentTypeError(
            f"{quote(text)} must be at most {MAX_WEIGHT:g}: with a larger w, f = g + w*h "
            "loses g to rounding (that is greedy best-first: --algorithm greedy)"
        )
    return value


def _shape(text: str) -> tuple[int, int]:
    rows, sep, cols = text.lower().partition("x")
    if not (sep and rows.strip().isdigit() and cols.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not ROWSxCOLS, such as 1x3 or 3x3")
    shape = int(rows), int(cols)
    if min(shape) < 1 or shape[0] * shape[1] < 2:
        raise argparse.ArgumentTypeError(f"{quote(text)} must have at least 2 cells")
    return shape


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"{quote(text)} must be a finite number > 0")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m eightlab``."""
    from eightlab.heuristics import HEURISTICS
    from eightlab.runner.presets import PRESETS
    from eightlab.search import ALGORITHMS

    parser = _Parser(
        prog="eightlab",
        description="eightlab: the 8-puzzle (sliding-tile puzzles) and the searches that solve it.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    algorithms = "\n".join(f"  {a.name:16} {a.description}" for a in ALGORITHMS.values())
    heuristics = "\n".join(f"  {h.name:22} {h.description}" for h in HEURISTICS.values())
    solve = _add_command(commands, "solve", "solve one board",
        "Solve one board and print the path (moves of the blank: u d l r), its "
        "length and the search's counts.\n\nBoards: 283104765 (0 = blank), "
        "'2 3 4 1 5 x 7 6 8' (x = blank), 564178X23 (X = blank).",
        epilog=f"algorithms:\n{algorithms}\n\nheuristics:\n{heuristics}\n\n{EXIT_STATUSES}",
    )  # fmt: skip
    solve.add_argument("start", metavar="START", help="the start board")
    solve.add_argument(
        "--goal", default=None, metavar="GOAL",
        help="the goal board (default: the tiles in order with the blank last, 12345678x)",
    )  # fmt: skip
    solve.add_argument("--algorithm", "-a", default="astar", choices=list(ALGORITHMS), metavar="NAME",
                       help="search algorithm (default: astar; list below)")  # fmt: skip
    solve.add_argument("--heuristic", default=None, choices=list(HEURISTICS), metavar="NAME",
                       help="heuristic of informed searches (default: manhattan; list below)")  # fmt: skip
    solve.add_argument("--shape", type=_shape, default=None, metavar="ROWSxCOLS",
                       help="the board's rows and columns, for boards that are not square "
                       "('1 2 0' --shape 1x3); default: square")  # fmt: skip
    solve.add_argument("--weight", type=_weight, default=None,
                       help=f"w of weighted-astar, 1 to {MAX_WEIGHT:g} (default 2)")  # fmt: skip
    solve.add_argument("--limit", type=_positive_int, default=None, metavar="N",
                       help="dls: the depth limit (default: 31 on 3x3; needed on other sizes); "
                       "no goal within it exits 3 (cutoff)")  # fmt: skip
    solve.add_argument("--lexicographic", action="store_true",
                       help="idastar: return the lexicographically smallest shortest path (d<l<r<u)")  # fmt: skip
    solve.add_argument("--max-nodes", type=_positive_int, default=None, metavar="N",
                       help="give up after expanding N nodes (exit status 3)")  # fmt: skip
    solve.add_argument("--max-seconds", type=_positive_float, default=None, metavar="S",
                       help="give up after S seconds (exit status 3)")  # fmt: skip
    solve.add_argument("--max-stored", type=_at_least_one, default=None, metavar="N",
                       help="give up when holding more than N states at once (exit status 3; "
                       "default: derived from the machine's available memory)")  # fmt: skip
    solve.add_argument("--json", action="store_true",
                       help="print the whole result (path, counts, per-iteration rows, times, "
                       "options, counting conventions) as one JSON object")  # fmt: skip
    solve.add_argument("--engine", default="auto", choices=["auto", "python", "compiled"],
                       help="idastar's engine: compiled (numba; same counts, tens of times "
                       "faster; compiled once, about 5 s, then cached on disk), python (the "
                       "instrumented reference; never imports numba) or auto (the default: "
                       "compiled for idastar on 4x4 and larger boards with a heuristic it "
                       "compiles, python elsewhere, where searches take milliseconds)")  # fmt: skip

    run = commands.add_parser(
        "run",
        help="execute the notebooks into results/",
        description="Execute every notebook of notebooks/ with papermill into results/NAME/ "
        "(executed notebook, HTML, CSV tables, figures, provenance).",
    )
    run.add_argument("--only", action="append", metavar="NAME", default=None,
                     help="run only this notebook (repeatable), by file name without .ipynb")  # fmt: skip
    run.add_argument("-p", "--parameter", nargs=2, action="append", metavar=("NAME", "VALUE"),
                     default=[], help="override a parameter, as papermill -p does")  # fmt: skip
    run.add_argument("--preset", default=None, metavar="NAME",
                     help=f"a named parameter preset: {', '.join(PRESETS)}")  # fmt: skip
    run.add_argument("--notebooks", default=None, metavar="DIR",
                     help="default: notebooks/ of the checkout, from any working directory")  # fmt: skip
    run.add_argument("--results", default=None, metavar="DIR",
                     help="default: results/ of the checkout, from any working directory")  # fmt: skip

    problem = _add_command(commands, "problem",
        "answer a source contest problem from standard input",
        "Read a contest problem's input on standard input and write its output "
        "byte for byte.\n\n" + "\n".join(f"  {k:14} {v}" for k, v in PROBLEMS.items()),
    )  # fmt: skip
    problem.add_argument("name", choices=list(PROBLEMS), metavar="NAME", help=", ".join(PROBLEMS))
    problem.add_argument("--method", choices=["table", "idastar"], default="table",
                         help="answer from per-blank BFS tables (default) or IDA* per case")  # fmt: skip

    pdb = _add_command(commands, "pdb", "build or list the 15- and 24-puzzle pattern databases",
        "Build the additive pattern databases of the 15- and 24-puzzle ahead of a search, "
        "or list those in the cache.\n\n" + _pdb_cache_text(),
    )  # fmt: skip
    pdb_commands = pdb.add_subparsers(dest="pdb_command", metavar="ACTION", parser_class=_Parser)
    pdb_commands.required = True
    build = pdb_commands.add_parser("build", help="build (or check) one partition's databases")
    build.add_argument("partition", metavar="PARTITION",
                       choices=["5-5-5", "6-6-3", "7-8", "5-5-5-rows", "6-6-3-rows", "6-6-6-6"],
                       help="5-5-5 (~1 s), 6-6-3 (~30 s), 7-8 (opt-in: ~0.6 GB on disk, GBs to "
                       "build), 5-5-5-rows, 6-6-3-rows (eightlab's first partitions), or "
                       "6-6-6-6 (the 24-puzzle: ~0.5 GB on disk, minutes and ~2 GB to build)")  # fmt: skip
    build.add_argument("--goal", default=None, metavar="GOAL",
                       help="a 4x4 goal, 5x5 for 6-6-6-6 (default: Korf's, the blank "
                       "top-left and tile i on cell i)")  # fmt: skip
    pdb_commands.add_parser("list", help="list the cached databases: size, build time, where")

    plot = commands.add_parser(
        "plot", help="redraw an experiment's figure from its saved table (plot --list)",
        description="Redraw a figure of the experiment notebooks from a saved table (runs.csv, "
        "summary.csv, by_depth.csv, h_vs_hstar.csv, claims.csv, astar_lengths.csv) in a style, running "
        "nothing again. plot --list names the figures and the tables they read.",
    )  # fmt: skip
    plot.add_argument("table", nargs="?", metavar="TABLE.csv", help="a table a notebook saved")
    plot.add_argument("--figure", metavar="NAME", help="which figure (plot --list)")
    plot.add_argument("--style", default="notebook", metavar="STYLE",
                      help="notebook (default), slides (16:9, large text) or paper (journal columns)")  # fmt: skip
    plot.add_argument("-o", "--output", metavar="FILE",
                      help="FILE.png, FILE.svg or FILE.pdf (default: NAME.png here)")  # fmt: skip
    plot.add_argument("--list", action="store_true", help="name the figures and their tables")
    return parser


def _add_command(commands, name: str, help: str, description: str, **kw):
    """A subcommand whose description and epilog keep their line breaks."""
    raw = argparse.RawDescriptionHelpFormatter
    return commands.add_parser(name, help=help, formatter_class=raw, description=description, **kw)


def _pdb_cache_text() -> str:
    return (
        "Cache: $EIGHTLAB_CACHE_DIR/pdb, else $XDG_CACHE_HOME/eightlab/pdb, else "
        "~/.cache/eightlab/pdb (EIGHTLAB_CACHE_DIR='' turns it off); files are safe to delete."
    )


def _pdb(args) -> int:
    from eightlab.heuristics.pdb import additive as pdb
    from eightlab.heuristics.pdb import cache as pdbcache

    if args.pdb_command == "list":
        rows = pdbcache.listing()
        if not rows:
            where = pdbcache.directory()
            print("the cache is off (EIGHTLAB_CACHE_DIR is empty)" if where is None
                  else f"no pattern databases cached in {where}")  # fmt: skip
        for row in rows:
            if not row["valid"]:
                print(f"INVALID {row['path']}: {row['problem']} (safe to delete)")
                continue
            print(
                f"{row['partition']:7} {row['shape']}  {row['bytes'] / 1e6:9.1f} MB  "
                f"built in {row['seconds']:7.1f} s  goal {row['goal']}  {row['path']}"
            )
        return EXIT_OK
    from eightlab.puzzle.board import Board

    rows, cols = pdb.shape_of(args.partition)
    if args.goal is None:
        goal = Board(tuple(range(rows * cols)), rows, cols)  # Korf's goal
    else:
        goal = Board.parse(args.goal, rows, cols)
    databases = pdb.additive_pdb(goal, args.partition)
    where = pdbcache.path_of(goal, args.partition)
    print(
        f"pdb {args.partition}: {databases.nbytes / 1e6:.1f} MB, built in "
        f"{databases.build_seconds:.1f} s, groups "
        f"{' | '.join(' '.join(map(str, p)) for p in databases.patterns)}; "
        f"{'cached in ' + str(where) if where and where.exists() else 'not cached'}"
    )
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    try:
        args = build_parser().parse_args(argv)
        status = _command(args)
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


def _command(args) -> int:
    if args.command == "solve":
        return _solve(args)
    if args.command == "run":
        from eightlab.runner.run import run_from_cli

        return run_from_cli(args)
    if args.command == "problem":
        from eightlab.problems import run_problem

        return run_problem(args.name, sys.stdin.buffer, sys.stdout, sys.stderr, method=args.method)
    if args.command == "pdb":
        return _pdb(args)
    if args.command == "plot":
        from eightlab.viz.plots.redraw import run as run_plot

        return run_plot(args)
    raise AssertionError(args.command)


#: The Python API's words in messages, and what a command line says instead.
_CLI_WORDS = (
    ("engine='python'", "--engine python"),
    ("use the python engine", "use --engine python"),
    ("give rows and cols", "give --shape ROWSxCOLS"),
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


def _solve(args) -> int:
    from eightlab.heuristics import get_heuristic
    from eightlab.puzzle.board import Board, goal_or_default, notation_of
    from eightlab.search import get_algorithm, solve
    from eightlab.search.result import Status

    spec = get_algorithm(args.algorithm)
    options = {}
    if args.max_nodes is not None:
        options["max_nodes"] = args.max_nodes
    if args.max_seconds is not None:
        options["max_seconds"] = args.max_seconds
    if args.max_stored is not None:
        options["max_stored"] = args.max_stored
    if args.weight is not None and args.weight < 1:
        raise EightlabError(f"--weight must be >= 1, not {args.weight:g}")
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
    if args.heuristic is not None and not spec.informed:
        raise EightlabError(f"--heuristic does not apply to --algorithm {spec.name} (uninformed)")
    heuristic = get_heuristic(args.heuristic or "manhattan")
    start = Board.parse(args.start, *(args.shape or (None, None)))
    goal = goal_or_default(args.goal, start)
    result = solve(start, goal, spec.name, heuristic.name, engine=args.engine, **options)
    status = {"solved": EXIT_OK, "unsolvable": EXIT_UNSOLVABLE}.get(str(result.status), EXIT_BUDGET)
    if args.json:
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
    if result.solved and not (optimal and (heuristic.admissible or not spec.informed)):
        why = "is not optimal" if not optimal else f"with {heuristic.name} (inadmissible)"
        print(f"note: {spec.name} {why}: the path need not be a shortest one")
    if result.status == Status.UNSOLVABLE and args.goal is None:
        hint = _blank_first_hint(start)
        if hint:
            print(hint)
    if result.status == Status.CUTOFF:
        limit = "" if args.limit is None else f" {args.limit}"
        print(f"cutoff: no goal within the depth limit{limit} (a deeper --limit may find one)")
    return status


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
