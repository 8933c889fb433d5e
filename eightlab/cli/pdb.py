"""``eightlab pdb build|list``: the 15- and 24-puzzle's pattern databases, ahead of a search."""

from __future__ import annotations

import argparse
import sys

from eightlab.cli.parsing import (
    EXIT_BUDGET,
    EXIT_CHECK_FAILED,
    EXIT_OK,
    LazyChoices,
    Parser,
    add_command,
    exit_statuses,
)

#: Where the databases are cached, as ``pdb --help`` says.
CACHE_TEXT = (
    "Cache: $EIGHTLAB_CACHE_DIR/pdb, else $XDG_CACHE_HOME/eightlab/pdb, else "
    "~/.cache/eightlab/pdb (EIGHTLAB_CACHE_DIR='' turns it off); files are safe to delete."
)
#: What ``pdb --help`` says about the exit statuses.
EXIT_STATUSES = exit_statuses({
    EXIT_OK: "built or read (build); every cached database is valid (list)",
    EXIT_CHECK_FAILED: "list found an INVALID database (the line names its file, safe to "
    "delete)",
    EXIT_BUDGET: "not enough memory to build (build)",
})  # fmt: skip


def _partitions() -> list[str]:
    from eightlab.heuristics.pdb.additive import ALL_PARTITIONS

    return list(ALL_PARTITIONS)


def _build_description() -> str:
    """``pdb build --help``'s text: each partition's size, computed from its groups.

    No build time is given here: it depends on the machine; benchmarks/README.md
    holds the timings.
    """
    from eightlab.heuristics.pdb.additive import ALL_PARTITIONS, build_bytes, shape_of
    from eightlab.puzzle.ranking import placements

    lines = []
    for name, groups in ALL_PARTITIONS.items():
        rows, cols = shape_of(name)
        disk = sum(placements(rows * cols, len(g)) for g in groups)  # one byte an entry
        lines.append(f"  {name:11} {rows}x{cols}  {disk / 1e6:7.1f} MB on disk, "
                     f"{build_bytes(name) / 1e6:7.1f} MB of memory to build")  # fmt: skip
    return (
        "Build one partition's additive pattern databases (or read them if cached).\n\n"
        + "\n".join(lines)
        + "\n\nBuild times depend on the machine; measured ones are in benchmarks/README.md."
    )


def add_parser(commands) -> None:
    """Add ``pdb`` and its actions to the subcommands ``commands``."""
    pdb = add_command(commands, "pdb", "build or list the 15- and 24-puzzle pattern databases",
        "Build the additive pattern databases of the 15- and 24-puzzle ahead of a search, "
        "or list those in the cache.\n\n" + CACHE_TEXT, epilog=EXIT_STATUSES,
    )  # fmt: skip
    actions = pdb.add_subparsers(dest="pdb_command", metavar="ACTION", parser_class=Parser)
    actions.required = True
    build = actions.add_parser("build", help="build (or check) one partition's databases",
                               description=_build_description,
                               formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    build.add_argument("partition", metavar="PARTITION",
                       choices=LazyChoices(_partitions),
                       help=lambda: "one of " + ", ".join(_partitions()))  # fmt: skip
    build.add_argument("--goal", default=None, metavar="GOAL",
                       help="a 4x4 goal, 5x5 for 6-6-6-6 (default: Korf's, the blank "
                       "top-left and tile i on cell i)")  # fmt: skip
    listing = ("list the cached databases: size, build time, where; each file's checksum is "
               f"verified (it reads every file whole); exit status {EXIT_CHECK_FAILED} if one "
               "is INVALID")  # fmt: skip
    actions.add_parser("list", help=listing, description=listing[0].upper() + listing[1:] + ".")


def run(args) -> int:
    """Build one partition's databases or list the cache; returns the exit status."""
    from eightlab.files import read_arrays
    from eightlab.heuristics.pdb import additive as pdb
    from eightlab.heuristics.pdb import cache as pdbcache

    if args.pdb_command == "list":
        rows = pdbcache.listing()
        if not rows:
            where = pdbcache.directory()
            print("the cache is off (EIGHTLAB_CACHE_DIR is empty)" if where is None
                  else f"no pattern databases cached in {where}")  # fmt: skip
        status = EXIT_OK
        for row in rows:
            if row["valid"] and read_arrays(row["path"]) is None:  # reads it whole
                row["valid"], row["problem"] = False, "its checksum does not match its contents"
            if not row["valid"]:
                print(f"INVALID {row['path']}: {row['problem']} (safe to delete)")
                status = EXIT_CHECK_FAILED
                continue
            print(
                f"{row['partition']:7} {row['shape']}  {row['bytes'] / 1e6:9.1f} MB  "
                f"built in {row['seconds']:7.1f} s  goal {row['goal']}  {row['path']}"
            )
        return status
    from eightlab.puzzle.board import Board

    rows, cols = pdb.shape_of(args.partition)
    if args.goal is None:
        goal = Board(tuple(range(rows * cols)), rows, cols)  # Korf's goal
    else:
        goal = Board.parse(args.goal, rows, cols)
    try:
        databases = pdb.additive_pdb(goal, args.partition)
    except pdb.PatternDatabaseError as error:
        if "memory" not in str(error):
            raise
        # too little memory is a budget, as for the searches: status 3, not bad input
        print(f"eightlab: error: {error}", file=sys.stderr)
        return EXIT_BUDGET
    where = pdbcache.path_of(goal, args.partition)
    print(
        f"pdb {args.partition}: {databases.nbytes / 1e6:.1f} MB, built in "
        f"{databases.build_seconds:.1f} s, groups "
        f"{' | '.join(' '.join(map(str, p)) for p in databases.patterns)}; "
        f"{'cached in ' + str(where) if where and where.is_file() else 'not cached'}"
    )
    return EXIT_OK
