"""Pattern databases: search speed against plain C, build time and memory, the 24-puzzle.

Prints figures, asserts none (the machine may be shared: the load average is printed).

``rates`` (default): generated nodes per CPU second of eightlab's compiled IDA* with 5-5-5
and 6-6-3 (and 7-8 with ``--include-7-8``) against ``benchmarks/idastar_pdb.c`` (the same
search in C, built with ``cc -O2`` here, reading eightlab's own database files), each
instance run by both in turn, in this one run; every count must agree. Then linear
conflict against Manhattan on the same 4x4 instances, compiled, interleaved the same way.

``--build P``: build partition P in a fresh process and a fresh cache folder (seconds,
table size, peak RSS of the child). ``--korf24 K``: solve Korf & Felner's 24-puzzle
instance K with 6-6-6-6 (built or cached), on one core, against the published length.

Run from the repository root (``nice`` on a shared machine)::

    nice .venv/bin/python benchmarks/bench_pdb.py
    nice .venv/bin/python benchmarks/bench_pdb.py --include-7-8
    nice .venv/bin/python benchmarks/bench_pdb.py --build 6-6-3
    nice .venv/bin/python benchmarks/bench_pdb.py --korf24 1 --korf24 40
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eightlab.heuristics.pdb import additive as pdb  # noqa: E402
from eightlab.heuristics.pdb import cache as pdbcache  # noqa: E402
from eightlab.puzzle.instances import (  # noqa: E402
    KORF_GOAL,
    KORF_GOAL_24,
    korf100,
    korf_felner_24,
    korf_felner_24_lengths,
)
from eightlab.search.compiled import solve_compiled  # noqa: E402

#: Korf's instances (1-based) of the rate section: 1e6 to 1e8 nodes with these databases.
RATE_INSTANCES = (3, 17, 49, 53, 60, 66, 82, 88)
CHILD = """
import sys
from eightlab.puzzle.board import Board
from eightlab.heuristics.pdb.additive import additive_pdb, shape_of
r, c = shape_of(sys.argv[1])
p = additive_pdb(Board(tuple(range(r * c)), r, c), sys.argv[1], progress=False)
print(p.build_seconds, p.nbytes)
"""


def build_c(folder: Path) -> Path | None:
    """Compile benchmarks/idastar_pdb.c with ``cc -O2``; None when there is no compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    exe = folder / "idastar_pdb"
    source = ROOT / "benchmarks" / "idastar_pdb.c"
    subprocess.run([cc, "-O2", "-o", str(exe), str(source)], check=True)
    return exe


def run_c(exe: Path, partition: str, board) -> dict:
    """The C IDA* on one 4x4 board: length, expanded, generated, CPU seconds."""
    databases = pdb.additive_pdb(KORF_GOAL, partition, progress=False)
    text = f"4 4 {len(databases.patterns)}\n"
    text += "".join(f"{len(g)} {' '.join(map(str, g))}\n" for g in databases.patterns)
    text += f"{pdbcache.path_of(KORF_GOAL, partition)}\n{' '.join(map(str, board.tiles))}\n"
    out = subprocess.run([str(exe)], input=text, capture_output=True, text=True, check=True)
    f = out.stdout.split()
    return {"length": int(f[0]), "expanded": int(f[1]), "generated": int(f[2]),
            "cpu": float(f[4])}  # fmt: skip


def run_eightlab(heuristic: str, board, goal=KORF_GOAL) -> dict:
    """The compiled IDA* on one board: length, counts and CPU seconds of the search."""
    c0 = time.process_time()
    result = solve_compiled(board, goal, heuristic)
    cpu = time.process_time() - c0
    s = result.stats
    return {"length": result.length, "expanded": s.expanded, "generated": s.generated,
            "cpu": cpu, "status": str(result.status)}  # fmt: skip


def rates(partitions, instances) -> None:
    exe = build_c(Path(tempfile.mkdtemp()))
    boards = [korf100()[k - 1] for k in instances]
    print(f"Korf instances {', '.join(map(str, instances))}; generated nodes per CPU second")
    print("| heuristic | nodes generated (all) | eightlab M/s | C M/s | eightlab / C |")
    print("|---|---:|---:|---:|---:|")
    for partition in partitions:
        heuristic = f"pdb-{partition}"
        run_eightlab(heuristic, boards[0])  # load the tables and the kernel first
        ours, theirs = [], []
        for board in boards:
            a = run_eightlab(heuristic, board)
            ours.append(a)
            if exe is not None:
                b = run_c(exe, partition, board)
                same = (a["length"], a["expanded"], a["generated"])
                if same != (b["length"], b["expanded"], b["generated"]):
                    raise SystemExit(f"counts differ on {board}: {a} against {b}")
                theirs.append(b)
        nodes = sum(r["generated"] for r in ours)
        rate = nodes / sum(r["cpu"] for r in ours) / 1e6
        if theirs:
            c_rate = nodes / sum(r["cpu"] for r in theirs) / 1e6
            print(f"| {heuristic} | {nodes:,} | {rate:.1f} | {c_rate:.1f} | {rate / c_rate:.2f} |")
        else:
            print(f"| {heuristic} | {nodes:,} | {rate:.1f} | (no C compiler) | |")
    calls = []  # what a call costs besides its search: one stopped after one node
    for _ in range(20):
        c0 = time.process_time()
        solve_compiled(boards[0], KORF_GOAL, f"pdb-{partitions[-1]}", max_nodes=1)
        calls.append(time.process_time() - c0)
    print(f"a pdb-{partitions[-1]} search stopped after one node: "
          f"{statistics.median(calls) * 1e3:.2f} ms CPU (median of 20 calls)")  # fmt: skip
    # linear conflict against Manhattan, the same boards (a node budget keeps it short)
    print("\n| heuristic | nodes generated | M/s |\n|---|---:|---:|")
    totals = {"manhattan": [0, 0.0], "linear-conflict": [0, 0.0]}
    for board in boards[:4]:
        for name in totals:
            c0 = time.process_time()
            r = solve_compiled(board, KORF_GOAL, name, max_nodes=30_000_000)
            totals[name][1] += time.process_time() - c0
            totals[name][0] += r.stats.generated
    for name, (nodes, cpu) in totals.items():
        print(f"| {name} | {nodes:,} | {nodes / cpu / 1e6:.1f} |")
    md, lc = (totals[k][0] / totals[k][1] for k in totals)
    print(f"linear conflict / Manhattan, per generated node: {lc / md:.2f}")


def build(partition: str) -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, EIGHTLAB_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        started = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", CHILD, partition], env=env, check=True,
                             capture_output=True, text=True)  # fmt: skip
        wall = time.perf_counter() - started
        seconds, nbytes = out.stdout.split()
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{partition}: built in {float(seconds):.1f} s ({wall:.1f} s with the process, "
          f"{usage.ru_utime + usage.ru_stime:.1f} CPU s), tables {int(nbytes) / 1e6:.1f} MB, "
          f"peak RSS {usage.ru_maxrss / 1e6:.2f} GB")  # fmt: skip


def korf24(number: int) -> None:
    board = korf_felner_24()[number - 1]
    pdb.additive_pdb(KORF_GOAL_24, "6-6-6-6", progress=False)
    r = run_eightlab("pdb-6-6-6-6", board, KORF_GOAL_24)
    published = korf_felner_24_lengths()[number]
    print(f"24-puzzle instance {number}: length {r['length']} (published: {published}), "
          f"{r['expanded']:,} expanded, {r['generated']:,} generated, {r['cpu']:.1f} CPU s, "
          f"{r['generated'] / r['cpu'] / 1e6:.1f} M generated/s")  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--include-7-8", action="store_true", help="also 7-8 (opt-in)")
    parser.add_argument("--instances", type=int, nargs="+", default=list(RATE_INSTANCES))
    parser.add_argument("--build", action="append", default=[], metavar="PARTITION")
    parser.add_argument("--korf24", action="append", type=int, default=[], metavar="K")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (a shared machine)")
    for partition in args.build:
        build(partition)
    for number in args.korf24:
        korf24(number)
    if not args.build and not args.korf24:
        partitions = ["5-5-5", "6-6-3"] + (["7-8"] if args.include_7_8 else [])
        rates(partitions, args.instances)
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
