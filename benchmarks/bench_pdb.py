"""Pattern databases: search speed against plain C, build time and memory, the 24-puzzle.

Prints figures, asserts none (the machine may be shared: the load average is printed).

``rates`` (default): generated nodes per CPU second of eightlab's compiled IDA* with 5-5-5
and 6-6-3 (and 7-8 with ``--include-7-8``) against ``benchmarks/idastar_pdb.c`` (the same
search in C, built here with ``cc -O2`` and with ``cc -O2 -march=native``, reading
eightlab's own database files), and against another checkout of eightlab (``--before``,
e.g. ``main``), each instance run by every engine in turn, ``--repeat`` times, in this one
run; medians per instance; every count must agree. ``--rates24 K ...``: the same with
6-6-6-6 on Korf & Felner's 24-puzzle instances. Then the fixed cost of a call, and linear
conflict against Manhattan on the same 4x4 instances.

``--build P``: build partition P in a fresh process and a fresh cache folder (seconds,
table size, peak RSS of the child). ``--korf24 K``: solve Korf & Felner's 24-puzzle
instance K with 6-6-6-6 (built or cached), on one core, against the published length.

Run from the repository root (``nice`` on a shared machine)::

    nice .venv/bin/python benchmarks/bench_pdb.py --before /path/to/main
    nice .venv/bin/python benchmarks/bench_pdb.py --rates24 40 38 25 --before /path/to/main
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


#: The C compilers' options: as the yardstick was built before, and as a C user builds
#: for this machine (``-march=native``: ``popcnt`` for ``__builtin_popcount``).
C_BUILDS = {"C -O2": ["-O2"], "C -O2 -march=native": ["-O2", "-march=native"]}
#: A child process that solves boards with one eightlab tree's compiled IDA*: reads
#: "heuristic|goal|board" lines, prints "length expanded generated cpu_seconds" (the
#: search's own seconds, as the search reports them).
SOLVER = """
import sys
from eightlab.search.compiled import solve_compiled
for line in sys.stdin:
    heuristic, goal, board = line.rstrip("\\n").split("|")
    r = solve_compiled(board, goal, heuristic)
    print(r.length, r.stats.expanded, r.stats.generated, r.stats.cpu_seconds, flush=True)
"""


def build_c(folder: Path) -> dict[str, Path]:
    """benchmarks/idastar_pdb.c built with each of :data:`C_BUILDS` ({} without a compiler)."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return {}
    source = ROOT / "benchmarks" / "idastar_pdb.c"
    built = {}
    for i, (name, flags) in enumerate(C_BUILDS.items()):
        exe = folder / f"idastar_pdb{i}"
        subprocess.run([cc, *flags, "-o", str(exe), str(source)], check=True)
        built[name] = exe
    return built


def run_c(exe: Path, partition: str, board, goal=KORF_GOAL) -> dict:
    """The C IDA* on one board: length, expanded, generated, CPU seconds."""
    databases = pdb.additive_pdb(goal, partition, progress=False)
    text = f"{goal.rows} {goal.cols} {len(databases.patterns)}\n"
    text += "".join(f"{len(g)} {' '.join(map(str, g))}\n" for g in databases.patterns)
    text += f"{pdbcache.path_of(goal, partition)}\n{' '.join(map(str, board.tiles))}\n"
    out = subprocess.run([str(exe)], input=text, capture_output=True, text=True, check=True)
    f = out.stdout.split()
    return {"length": int(f[0]), "expanded": int(f[1]), "generated": int(f[2]),
            "cpu": float(f[4])}  # fmt: skip


class Tree:
    """One eightlab checkout's compiled IDA*, in a child process of its own."""

    def __init__(self, root: Path):
        env = dict(os.environ, PYTHONPATH=str(root))  # and cwd: ``-c`` puts it first on sys.path
        self.process = subprocess.Popen([sys.executable, "-c", SOLVER], env=env, text=True,
                                        cwd=root, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE)  # fmt: skip

    def run(self, heuristic: str, board, goal) -> dict:
        self.process.stdin.write(f"{heuristic}|{goal}|{board}\n")
        self.process.stdin.flush()
        f = self.process.stdout.readline().split()
        return {"length": int(f[0]), "expanded": int(f[1]), "generated": int(f[2]),
                "cpu": float(f[3])}  # fmt: skip

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def run_eightlab(heuristic: str, board, goal=KORF_GOAL) -> dict:
    """The compiled IDA* on one board, in this process: length, counts, CPU seconds."""
    c0 = time.process_time()
    result = solve_compiled(board, goal, heuristic)
    cpu = time.process_time() - c0
    s = result.stats
    return {"length": result.length, "expanded": s.expanded, "generated": s.generated,
            "cpu": cpu, "status": str(result.status)}  # fmt: skip


def rates(partitions, instances, before: Path | None, repeat: int, goal=KORF_GOAL) -> None:
    """Generated nodes per CPU second of each engine, the medians of ``repeat`` runs of
    each instance, every engine run on an instance in turn; the counts must agree."""
    c_builds = build_c(Path(tempfile.mkdtemp()))
    trees = {"eightlab": Tree(ROOT)}
    if before is not None:
        trees["eightlab before"] = Tree(before)
    boards = [(korf100() if goal == KORF_GOAL else korf_felner_24())[k - 1] for k in instances]
    engines = [*trees, *c_builds]
    print(f"instances {', '.join(map(str, instances))}; generated nodes per CPU second "
          f"(medians of {repeat} runs)")  # fmt: skip
    print(f"| heuristic | nodes generated | {' | '.join(f'{e} M/s' for e in engines)} | "
          f"{' | '.join(f'eightlab / {c}' for c in c_builds)} |")  # fmt: skip
    print("|---|---:|" + "---:|" * (len(engines) + len(c_builds)))
    for partition in partitions:
        heuristic = f"pdb-{partition}"
        for tree in trees.values():
            tree.run(heuristic, boards[0], goal)  # load the tables and the kernel first
        seconds = dict.fromkeys(engines, 0.0)
        nodes = 0
        for board in boards:
            runs = {e: [] for e in engines}
            for _ in range(repeat):
                for name, tree in trees.items():
                    runs[name].append(tree.run(heuristic, board, goal))
                for name, exe in c_builds.items():
                    runs[name].append(run_c(exe, partition, board, goal))
            counts = {
                (r["length"], r["expanded"], r["generated"]) for v in runs.values() for r in v
            }
            if len(counts) != 1:
                raise SystemExit(f"counts differ on {board}: {runs}")
            nodes += runs["eightlab"][0]["generated"]
            for name, v in runs.items():
                seconds[name] += statistics.median(r["cpu"] for r in v)
        rate = {e: nodes / seconds[e] / 1e6 for e in engines}
        cells = " | ".join(f"{rate[e]:.1f}" for e in engines)
        ratios = " | ".join(f"{rate['eightlab'] / rate[c]:.2f}" for c in c_builds)
        print(f"| {heuristic} | {nodes:,} | {cells} | {ratios} |", flush=True)
    for tree in trees.values():
        tree.close()


def fixed_cost(partition: str, before: Path | None) -> None:
    """What a call costs besides its search: one stopped after one node, and the first
    call of a fresh process (per checkout) against Korf's instance 18 with Manhattan."""
    board = korf100()[RATE_INSTANCES[0] - 1]
    calls = []
    for _ in range(20):
        c0 = time.process_time()
        solve_compiled(board, KORF_GOAL, f"pdb-{partition}", max_nodes=1)
        calls.append(time.process_time() - c0)
    print(f"a pdb-{partition} search stopped after one node: "
          f"{statistics.median(calls) * 1e3:.2f} ms CPU (median of 20 calls)")  # fmt: skip
    code = ("from eightlab.search.compiled import solve_compiled\n"
            "from eightlab.puzzle.instances import korf100, KORF_GOAL\n"
            "for n in (1, None, None):\n"
            "    r = solve_compiled(korf100()[17], KORF_GOAL, 'manhattan', max_nodes=n)\n"
            "    print(r.stats.generated, r.stats.cpu_seconds)\n")  # fmt: skip
    for name, root in {"eightlab": ROOT, "eightlab before": before}.items():
        if root is None:
            continue
        env = dict(os.environ, PYTHONPATH=str(root))
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True,
                             text=True, check=True).stdout.split()  # fmt: skip
        print(f"{name}: a fresh process's first search (Korf's instance 18, Manhattan, stopped "
              f"after one node) {float(out[1]):.3f} CPU s of search; then the whole search "
              f"({int(out[2]):,} generated) {float(out[3]):.2f} and {float(out[5]):.2f}")  # fmt: skip


def conflicts(instances) -> None:
    """Linear conflict against Manhattan on the same boards (a node budget keeps it short)."""
    boards = [korf100()[k - 1] for k in instances]
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
    parser.add_argument(
        "--rates24",
        type=int,
        nargs="+",
        default=[],
        metavar="K",
        help="6-6-6-6 rates on Korf & Felner's 24-puzzle instances K",
    )
    parser.add_argument("--before", type=Path, help="another checkout, run beside this one")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", action="append", default=[], metavar="PARTITION")
    parser.add_argument("--korf24", action="append", type=int, default=[], metavar="K")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (a shared machine)")
    for partition in args.build:
        build(partition)
    for number in args.korf24:
        korf24(number)
    if args.rates24:
        rates(["6-6-6-6"], args.rates24, args.before, args.repeat, KORF_GOAL_24)
    elif not args.build and not args.korf24:
        partitions = ["5-5-5", "6-6-3"] + (["7-8"] if args.include_7_8 else [])
        rates(partitions, args.instances, args.before, args.repeat)
        fixed_cost(partitions[-1], args.before)
        conflicts(args.instances)
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
