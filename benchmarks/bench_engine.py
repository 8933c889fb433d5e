"""Speed of the compiled IDA* (eightlab.search.compiled) against plain C and the Python reference.

Prints figures, asserts none (the machine may be shared; see README.md). Sections:

1. ``rates``: generated nodes per CPU second, medians over instances and runs, of the C
   IDA* (``benchmarks/idastar.c``, built with ``cc -O2`` when a compiler exists, else that
   column is skipped), the compiled engine, a recursive numba variant of the same loop
   (to compare recursion with the engine's explicit stack) and the Python reference
   (on a node budget: it is ~20 times slower). Every engine must report the same counts.
2. ``compile``: seconds of the first run (numba compiles, in a fresh cache folder) and of
   a second process (the kernel is loaded from that cache).
3. ``pdb``: Korf's 100 with an additive pattern database (``--pdb 6-6-3``), compiled, on
   two processes: wall seconds and the sum of CPU seconds.
4. ``korf100``: Korf's 100 with Manhattan, the same way; every length is checked against
   the pattern database's (both heuristics are admissible, so both are optimal).

Run from the repository root::

    .venv/bin/python benchmarks/bench_engine.py                    # rates + compile
    .venv/bin/python benchmarks/bench_engine.py --korf100 --pdb 6-6-3
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from eightlab.heuristics import get_heuristic  # noqa: E402
from eightlab.puzzle.instances import KORF_GOAL, korf100  # noqa: E402
from eightlab.search import solve  # noqa: E402
from eightlab.search.compiled import solve_compiled  # noqa: E402
from eightlab.search.compiled.tables import heuristic_tables, move_tables  # noqa: E402

#: Korf instances (1-based) of the rate section: 1.9e7 and 7.5e7 nodes with Manhattan.
RATE_INSTANCES = (2, 8)


def build_c(folder: Path) -> Path | None:
    """Compile benchmarks/idastar.c with ``cc -O2``; None when there is no compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    exe = folder / "idastar"
    subprocess.run([cc, "-O2", "-o", str(exe), str(ROOT / "benchmarks" / "idastar.c")], check=True)
    return exe


def run_c(exe: Path, boards) -> list[dict]:
    """The C IDA* on 4x4 boards (Korf's goal): length, counts, wall and CPU seconds."""
    text = "4 4\n" + "".join(" ".join(map(str, b.tiles)) + "\n" for b in boards)
    out = subprocess.run([str(exe)], input=text, capture_output=True, text=True, check=True)
    rows = []
    for line in out.stdout.splitlines():
        f = line.split()
        rows.append(
            {"length": int(f[0]), "expanded": int(f[1]), "generated": int(f[2]),
             "wall": float(f[3]), "cpu": float(f[4]), "thresholds": [int(x) for x in f[5:]]}
        )  # fmt: skip
    return rows


@njit(cache=True)
def _recursive(state, goal, targets, count, dh, n, bound, b, back, g, h, counts):
    """The engine's loop written recursively (benchmark only): returns -1 at the goal,
    else the smallest f above the bound; ``counts`` = expanded, generated."""
    counts[0] += 1
    smallest = 1 << 60
    for k in range(count[b]):
        q = targets[b * 4 + k]
        if q == back:
            continue
        counts[1] += 1
        sq = np.uint64(4 * q)
        tile = (state >> sq) & np.uint64(15)
        h1 = h + dh[(b * 4 + k) * n + np.int64(tile)]
        f = g + 1 + h1
        if f > bound:
            if f < smallest:
                smallest = f
            continue
        child = state ^ (tile << sq) ^ (tile << np.uint64(4 * b))
        if child == goal:
            return -1
        t = _recursive(child, goal, targets, count, dh, n, bound, q, b, g + 1, h1, counts)
        if t < 0:
            return -1
        if t < smallest:
            smallest = t
    return smallest


def run_recursive(board) -> dict:
    """IDA* with Manhattan by :func:`_recursive`: counts and CPU seconds."""
    moves = move_tables(4, 4)
    ht = heuristic_tables(get_heuristic("manhattan"), KORF_GOAL)
    targets, dh = moves.targets.ravel(), ht.dh.ravel()
    counts = np.zeros(2, dtype=np.int64)
    h0 = ht.evaluate(board.tiles)
    bound, goal = h0, np.uint64(KORF_GOAL.packed)
    c0 = time.process_time()
    while True:
        t = _recursive(np.uint64(board.packed), goal, targets, moves.count, dh, 16, bound,
                       board.blank, -1, 0, h0, counts)  # fmt: skip
        if t < 0:
            break
        bound = t
    cpu = time.process_time() - c0
    return {"length": bound, "expanded": int(counts[0]), "generated": int(counts[1]), "cpu": cpu}


def rates(instances, runs: int, python_nodes: int) -> None:
    boards = korf100()
    chosen = [boards[i - 1] for i in instances]
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_c(Path(tmp))
        print(f"C compiler: {'cc -O2' if exe else 'none found, C column skipped'}")
        solve_compiled(chosen[0], KORF_GOAL, max_nodes=10)  # load the kernels
        run_recursive(korf100()[11])  # compile the recursive variant (instance 12: small)
        per = {"C": [], "compiled": [], "recursive": [], "python": []}
        for run in range(runs):
            for number, board in zip(instances, chosen, strict=True):
                r = solve_compiled(board, KORF_GOAL, "manhattan")
                s = r.stats
                per["compiled"].append(s.generated / s.cpu_seconds)
                rec = run_recursive(board)
                assert (rec["expanded"], rec["generated"]) == (s.expanded, s.generated)
                per["recursive"].append(rec["generated"] / rec["cpu"])
                if exe is not None:
                    c = run_c(exe, [board])[0]
                    assert (c["expanded"], c["generated"]) == (s.expanded, s.generated), number
                    assert c["thresholds"] == s.thresholds
                    per["C"].append(c["generated"] / c["cpu"])
                if run == 0:
                    p = solve(board, KORF_GOAL, "idastar", engine="python", max_nodes=python_nodes)
                    per["python"].append(p.stats.generated / p.stats.cpu_seconds)
                    print(f"  instance {number}: length {r.length}, {s.generated:,} generated")
    print(f"\nrates (generated nodes per CPU second, medians of {runs} runs x "
          f"{len(instances)} instances; Python on a budget of {python_nodes:,} expansions):")  # fmt: skip
    median = {k: statistics.median(v) for k, v in per.items() if v}
    for name, value in median.items():
        print(f"  {name:10} {value / 1e6:8.1f} M/s")
    if "C" in median:
        print(f"  compiled / C          {median['compiled'] / median['C']:.2f}")
    print(f"  recursive / compiled  {median['recursive'] / median['compiled']:.2f}")
    print(f"  compiled / python     {median['compiled'] / median['python']:.1f}")


def compile_time() -> None:
    code = (
        "import time; t = time.perf_counter(); "
        "from eightlab.search.compiled import solve_compiled; "
        "r = solve_compiled('283104765', '123804765'); "
        "r = solve_compiled('283104765', '123804765', 'linear-conflict'); "
        "print(time.perf_counter() - t)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "NUMBA_CACHE_DIR": tmp}
        seconds = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                                 capture_output=True, text=True, check=True)  # fmt: skip
            seconds.append(float(out.stdout))
    print(f"\ncompile: first run (import, compile, solve) {seconds[0]:.1f} s; "
          f"second process (cached kernel) {seconds[1]:.2f} s")  # fmt: skip


def _solve_one(args):
    number, heuristic = args
    board = korf100()[number - 1]
    r = solve_compiled(board, KORF_GOAL, heuristic)
    s = r.stats
    return number, r.length, s.generated, s.wall_seconds, s.cpu_seconds


def korf_run(heuristic: str, workers: int, lengths: dict | None) -> dict:
    """All 100 instances with ``heuristic`` on ``workers`` processes; lengths by number.

    Prints one line per instance as it finishes (so a long run shows its progress), then
    the wall seconds of the whole run and the sum of the searches' CPU seconds: on a
    loaded machine, CPU seconds / workers is what the run would take with the cores free.
    """
    solve_compiled(korf100()[11], KORF_GOAL, heuristic)  # build/load tables once, here
    t0 = time.perf_counter()
    found, total, cpu, longest = {}, 0, 0.0, 0.0
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(_solve_one, (n, heuristic)) for n in range(1, 101)]
        for future in as_completed(futures):
            number, length, generated, wall, seconds = future.result()
            found[number] = length
            total += generated
            cpu += seconds
            longest = max(longest, seconds)
            print(f"  {heuristic} #{number}: length {length}, {generated:,} generated, "
                  f"{wall:.2f} s wall, {seconds:.2f} s CPU", flush=True)  # fmt: skip
    wall = time.perf_counter() - t0
    agree = "" if lengths is None else (
        "; every length equals the other heuristic's" if all(found[n] == lengths[n] for n in found)
        else f"; LENGTHS DIFFER on {[n for n in found if found[n] != lengths[n]]}"
    )  # fmt: skip
    print(f"\nKorf's 100 with {heuristic}, compiled, {workers} processes: {wall:.1f} s wall; "
          f"CPU {cpu:.1f} s in all (/ {workers} = {cpu / workers:.1f} s; longest search "
          f"{longest:.1f} s); {total:,} nodes generated; "
          f"{sum(1 for v in found.values() if v is not None)} solved{agree}", flush=True)  # fmt: skip
    return found


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of the rate section")
    parser.add_argument("--instances", type=int, nargs="+", default=list(RATE_INSTANCES),
                        help="Korf instance numbers of the rate section")  # fmt: skip
    parser.add_argument("--python-nodes", type=int, default=300_000)
    parser.add_argument("--skip-rates", action="store_true")
    parser.add_argument("--korf100", action="store_true", help="all 100 with Manhattan")
    parser.add_argument("--pdb", default=None, metavar="PARTITION", help="e.g. 6-6-3")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.skip_rates:
        rates(args.instances, args.runs, args.python_nodes)
        compile_time()
    lengths = None
    if args.pdb:  # the fast one first
        lengths = korf_run(f"pdb-{args.pdb}", args.workers, None)
    if args.korf100:
        korf_run("manhattan", args.workers, lengths)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
