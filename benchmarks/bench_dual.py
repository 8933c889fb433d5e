"""Dual lookups with BPMX against max(regular, reflected): nodes and CPU seconds per instance.

Each instance is solved by eightlab's compiled IDA* twice in turn, with ``pdb-P`` (the
regular and reflected lookups) and with ``pdb-P-dual`` (also the dual lookup, with
bidirectional pathmax), on Korf's 15-puzzles (``--korf15``, 1-based numbers; 6-6-3 by
default) and on Korf & Felner's 24-puzzles (``--korf24``, 6-6-6-6; default the easiest
by the published counts). Both searches must find the published length. The table is
written after each instance to ``--out`` (default ``results/korf24-dual/dual.csv``:
beside ``results/korf24``, not in it, as a run of the korf24 notebook refuses to replace
a folder holding files it did not write) and summed up on the screen.

``--sittings REG DUAL`` sets the rows of two runs of the korf24 notebook side by side
instead of searching (their ``runs.csv`` and CPU seconds; the presets ``easiest20`` and
``easiest20-dual``). ``--settings`` solves each ``--korf24`` instance with the dual
variant once per ``WALK:SLACK`` (:data:`~eightlab.heuristics.pdb.additive.DUAL_WALK`,
:data:`~eightlab.search.idastar.DUAL_SLACK`) and with the reflected lookup before and
after them (how much the same search's CPU seconds drift), and prints the rows and the
totals; walk ``off`` runs the dual variant's pass with no dual lookup (the cost of its
loop alone). What the dual lookups prune is counted by ``bench_dual_counts.py``.

Run from the repository root (``nice`` on a shared machine)::

    nice .venv/bin/python benchmarks/bench_dual.py --korf15 1-100 --korf24 40 38 28 25
    nice .venv/bin/python benchmarks/bench_dual.py --korf15 1-100 --korf24 \\
        --sittings results/korf24--easiest20 results/korf24--easiest20-dual
    nice .venv/bin/python benchmarks/bench_dual.py --korf24 40 25 44 --settings off:0 1:0 2:0 2:1
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from eightlab.analysis.published import korf1985_table, korf_felner24_table  # noqa: E402
from eightlab.experiments.reruns import read_table  # noqa: E402
from eightlab.files import atomic_write  # noqa: E402
from eightlab.heuristics.pdb import additive  # noqa: E402
from eightlab.puzzle.instances import (  # noqa: E402
    KORF_GOAL,
    KORF_GOAL_24,
    korf100,
    korf_felner_24,
)
from eightlab.search import idastar  # noqa: E402
from eightlab.search.compiled import solve_compiled  # noqa: E402

#: The two heuristics compared, as suffixes of ``pdb-P``.
VARIANTS = {"reflected": "", "dual": "-dual"}


def numbers(text: str) -> list[int]:
    """``"1-5"`` -> [1, ..., 5]; ``"7"`` -> [7]."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def ratio(a: float, b: float) -> float:
    """a / b, NaN when b is 0 (a search too short for the clock)."""
    return a / b if b else float("nan")


def compare(puzzle: str, number: int, board, goal, partition: str, published: int,
            max_seconds: float, echo: bool = True) -> dict:  # fmt: skip
    """One instance with both heuristics: a row of the table (printed with ``echo``)."""
    row = {"puzzle": puzzle, "instance": number, "partition": partition,
           "published_length": published}  # fmt: skip
    for name, suffix in VARIANTS.items():
        r = solve_compiled(board, goal, f"pdb-{partition}{suffix}", max_seconds=max_seconds)
        solved = str(r.status) == "solved"
        if solved and r.length != published:
            raise SystemExit(f"{puzzle} #{number} {name}: length {r.length}, published {published}")
        row.update({f"{name}_status": str(r.status), f"{name}_expanded": r.stats.expanded,
                    f"{name}_generated": r.stats.generated,
                    f"{name}_cpu_seconds": round(r.stats.cpu_seconds, 3)})  # fmt: skip
    row["generated_ratio"] = row["dual_generated"] / row["reflected_generated"]
    row["cpu_ratio"] = ratio(row["dual_cpu_seconds"], row["reflected_cpu_seconds"])
    if echo:
        print(f"{puzzle} #{number}: generated {row['reflected_generated']:,} -> "
              f"{row['dual_generated']:,} ({row['generated_ratio']:.2f}), CPU s "
              f"{row['reflected_cpu_seconds']:.2f} -> {row['dual_cpu_seconds']:.2f}",
              flush=True)  # fmt: skip
    return row


def beside(reflected_folder: Path, dual_folder: Path) -> list[dict]:
    """The rows of two korf24 runs (``pdb-6-6-6-6`` and ``pdb-6-6-6-6-dual``) side by side,
    in the first run's order, as :func:`compare` makes them. A run is a results folder or
    the CSV file of a stopped one (its ``runs.partial.csv``)."""
    folders = {"reflected": reflected_folder, "dual": dual_folder}
    runs = {
        name: (pd.read_csv(path) if path.is_file() else read_table(path, "runs")).set_index(
            "instance"
        )
        for name, path in folders.items()
    }
    rows = []
    for k in runs["reflected"].index:
        if k not in runs["dual"].index:
            continue
        row = {"puzzle": "24-puzzle", "instance": int(k), "partition": "6-6-6-6",
               "published_length": int(runs["reflected"].published_length[k])}  # fmt: skip
        for name, table in runs.items():
            row.update({f"{name}_status": table.status[k],
                        f"{name}_expanded": int(table.expanded[k]),
                        f"{name}_generated": int(table.generated[k]),
                        f"{name}_cpu_seconds": round(float(table.cpu_seconds[k]), 3)})  # fmt: skip
        row["generated_ratio"] = row["dual_generated"] / row["reflected_generated"]
        row["cpu_ratio"] = ratio(row["dual_cpu_seconds"], row["reflected_cpu_seconds"])
        rows.append(row)
    return rows


def settings(instances: list[int], pairs: list[str]) -> None:
    """Print the nodes and CPU seconds of each ``WALK:SLACK`` against the reflected
    lookup's, per instance (all settings of an instance in turn, in the order given, the
    reflected lookup before and after them) and in total."""
    boards, lengths = korf_felner_24(), {r.instance: r.length for r in korf_felner24_table()}
    runs = [("reflected", None), *[(p, parse_setting(p)) for p in pairs], ("reflected again", None)]
    default = additive.DUAL_WALK, idastar.DUAL_SLACK
    totals = {name: [0, 0.0] for name, _ in runs}
    try:
        rows(instances, boards, lengths, runs, default, totals)
    finally:
        additive.DUAL_WALK, idastar.DUAL_SLACK = default
    base_generated, base_seconds = totals["reflected"]
    for name, (generated, seconds) in totals.items():
        print(f"{name:>16}: generated {generated:,} ({generated / base_generated:.3f}), "
              f"CPU s {seconds:.1f} ({seconds / base_seconds:.3f})")  # fmt: skip


def parse_setting(text: str) -> tuple[int, int]:
    """``"WALK:SLACK"`` -> (walk, slack); walk ``off`` is -1 (no dual lookup)."""
    walk, _, slack = text.partition(":")
    try:
        return (-1 if walk == "off" else int(walk)), int(slack)
    except ValueError:
        raise SystemExit(f"--settings: {text!r} is not WALK:SLACK (WALK a number or off)") from None


def rows(instances, boards, lengths, runs, default, totals) -> None:
    """Solve each instance with each run's setting in turn; print a line per instance."""
    for k in instances:
        cells = []
        for name, setting in runs:
            additive.DUAL_WALK, idastar.DUAL_SLACK = setting or default
            heuristic = "pdb-6-6-6-6" + ("-dual" if setting else "")
            r = solve_compiled(boards[k - 1], KORF_GOAL_24, heuristic)
            if r.length != lengths[k]:
                raise SystemExit(f"24-puzzle #{k} {name}: length {r.length}")
            totals[name][0] += r.stats.generated
            totals[name][1] += r.stats.cpu_seconds
            cells.append(f"{name} {r.stats.generated:,} {r.stats.cpu_seconds:.1f} s")
        print(f"#{k}: " + "; ".join(cells), flush=True)


def summary(table: pd.DataFrame) -> None:
    both = table[(table.reflected_status == "solved") & (table.dual_status == "solved")]
    for puzzle, rows in both.groupby("puzzle", sort=False):
        fewer = (rows.dual_generated < rows.reflected_generated).mean()
        print(f"{puzzle}: {len(rows)} solved by both; dual+BPMX generated fewer nodes on "
              f"{fewer:.0%}; total generated {rows.reflected_generated.sum():,} -> "
              f"{rows.dual_generated.sum():,} ({rows.dual_generated.sum() / rows.reflected_generated.sum():.2f}); "
              f"total CPU s {rows.reflected_cpu_seconds.sum():.1f} -> "
              f"{rows.dual_cpu_seconds.sum():.1f}")  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--korf15", nargs="*", default=[], metavar="N or N-M")
    parser.add_argument("--partition15", default="6-6-3")
    parser.add_argument("--korf24", type=int, nargs="*", default=[40, 38, 28, 25])
    parser.add_argument("--max-seconds", type=float, default=600.0, help="per search")
    parser.add_argument("--sittings", type=Path, nargs=2, metavar=("REG", "DUAL"))
    parser.add_argument("--settings", nargs="+", metavar="WALK:SLACK")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "korf24-dual" / "dual.csv")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (a shared machine)")
    lengths15 = {row.instance: row.length for row in korf1985_table()}
    lengths24 = {row.instance: row.length for row in korf_felner24_table()}
    rows = []

    def add(row):  # the table is written again after each instance: a stopped run keeps them
        rows.append(row)
        atomic_write(args.out, lambda path: pd.DataFrame(rows).to_csv(path, index=False))

    # an untimed first comparison per puzzle: a process's first searches of the 24-puzzle
    # take more CPU seconds than the same searches later
    if args.korf15:
        compare("15-puzzle", 1, korf100()[0], KORF_GOAL, args.partition15, lengths15[1],
                args.max_seconds, echo=False)  # fmt: skip
    if args.settings:
        compare("24-puzzle", 40, korf_felner_24()[39], KORF_GOAL_24, "6-6-6-6", lengths24[40],
                args.max_seconds, echo=False)  # fmt: skip
        return settings(args.korf24, args.settings)
    if args.korf24:
        compare("24-puzzle", 40, korf_felner_24()[39], KORF_GOAL_24, "6-6-6-6", lengths24[40],
                args.max_seconds, echo=False)  # fmt: skip
    for text in args.korf15:
        for k in numbers(text):
            add(compare("15-puzzle", k, korf100()[k - 1], KORF_GOAL, args.partition15,
                        lengths15[k], args.max_seconds))  # fmt: skip
    for row in beside(*args.sittings) if args.sittings else []:
        add(row)
    for k in args.korf24:
        add(compare("24-puzzle", k, korf_felner_24()[k - 1], KORF_GOAL_24, "6-6-6-6",
                    lengths24[k], args.max_seconds))  # fmt: skip
    summary(pd.DataFrame(rows))
    print(f"wrote {args.out}; load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
