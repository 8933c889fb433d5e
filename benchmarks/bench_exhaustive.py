"""The complete breadth-first search of every board of up to 12 cells: time and memory.

Prints, for each shape, the wall-clock and CPU seconds of :func:`eightlab.puzzle.exhaustive.
layer_counts` (all threads of the process; numba compiled beforehand, from its disk cache)
and the peak resident memory of the process that ran it. Every shape runs in a fresh
child process (``NUMBA_NUM_THREADS`` threads, 2 by default), so the peak is that search's
own. Asserts nothing about speed; checks the counts against the published sequence
(``eightlab/data/oeis_layer_counts.txt``) and prints whether they agree.

``--audit RxC`` times :func:`eightlab.puzzle.exhaustive.manhattan_histogram` instead: the
search, then Manhattan distance against h* on every reachable board (boards whose
Manhattan distance exceeds h*, and the mean of h/h* over the boards other than the goal).

``--heuristic NAME --audit RxC`` times :func:`eightlab.audit` instead (repeatable):
the distance table read from the cache (or searched) and numba's compilation done on a
2x3 board before the clock starts, then the audit of NAME on every board of RxC
(admissible, consistent, mean h/h*), CPU seconds of all threads of the process.

``--write-results`` also writes ``results/exhaustive_search/layers_RxC.csv`` (depth, boards,
published term, equal) and ``farthest_RxC.txt`` for the 12-cell shapes it ran.

Run from the repository root (``nice`` on a shared machine)::

    nice .venv/bin/python benchmarks/bench_exhaustive.py                  # 3x3 and 2x5
    nice .venv/bin/python benchmarks/bench_exhaustive.py --shape 3x4 --shape 2x6 --write-results
    nice .venv/bin/python benchmarks/bench_exhaustive.py --audit 3x4 --write-results
    nice .venv/bin/python benchmarks/bench_exhaustive.py --audit 3x4 --heuristic manhattan
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Which published sequence each shape (blank in the last cell, a corner) is checked against.
SEQUENCE = {
    "2x3": "A090034",
    "2x4": "A090035",
    "3x3": "A089473",
    "2x5": "A090036",
    "3x4": "A090166",
    "2x6": "A090167",
}


def child(shape: str) -> None:
    """Run one search in this process and print its figures as one JSON line."""
    from eightlab.puzzle.exhaustive import layer_counts

    rows, cols = (int(x) for x in shape.split("x"))
    layer_counts((2, 3))  # load the compiled kernels (numba's disk cache) before timing
    layer_counts((3, 3))
    wall, cpu = time.perf_counter(), time.process_time()
    layers = layer_counts((rows, cols))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(
        json.dumps(
            {
                "shape": shape,
                "wall": wall,
                "cpu": cpu,
                "peak_rss": peak,
                "counts": [int(c) for c in layers.counts],
                "farthest": [" ".join(map(str, b.tiles)) for b in layers.farthest],
            }
        )
    )


def audit_child(shape: str) -> None:
    """Time the search and Manhattan's audit against it; print one JSON line."""
    import numpy as np

    from eightlab.puzzle import exhaustive as ex

    rows, cols = (int(x) for x in shape.split("x"))
    ex.manhattan_histogram((2, 3))  # load the compiled kernels before timing
    goal = ex.goal_board((rows, cols))
    n = rows * cols
    wall, cpu = time.perf_counter(), time.process_time()
    dist, counts = ex._search(goal)
    search = (time.perf_counter() - wall, time.process_time() - cpu)
    goal_cell = np.empty(n, dtype=np.int64)
    for p, t in enumerate(goal.tiles):
        goal_cell[t] = p
    wall, cpu = time.perf_counter(), time.process_time()
    h_bound = (n - 1) * (rows + cols - 2) + 1
    hist = ex._manhattan_histogram(dist, n, cols, goal_cell, len(counts), h_bound, 64)
    audit = (time.perf_counter() - wall, time.process_time() - cpu)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    d, h = np.nonzero(hist)
    cells = [[int(a), int(b), int(hist[a, b])] for a, b in zip(d, h, strict=True)]
    print(
        json.dumps(
            {"shape": shape, "search": search, "audit": audit, "peak_rss": peak, "cells": cells}
        )
    )


def heuristic_child(shape: str, name: str) -> None:
    """Time :func:`eightlab.audit` of ``name`` on every board of ``shape``; one JSON line."""
    from eightlab import Board, audit
    from eightlab.puzzle.exhaustive import goal_distances

    rows, cols = (int(x) for x in shape.split("x"))
    audit(name, (2, 3))  # numba's compilation, before the clock
    goal_distances(Board.goal(rows, cols))  # the table: searched once, then from the cache
    wall, cpu = time.perf_counter(), time.process_time()
    found = audit(name, (rows, cols))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    summary = {k: (v.item() if hasattr(v, "item") else v) for k, v in found.summary().items()}
    print(json.dumps({"wall": wall, "cpu": cpu, "peak_rss": peak, **summary}))


def audit_heuristic(shape: str, name: str, env: dict) -> None:
    out = subprocess.run([sys.executable, __file__, "--heuristic-child", shape, name], env=env,
                         capture_output=True, text=True, check=True)  # fmt: skip
    run = json.loads(out.stdout.strip().splitlines()[-1])
    print(
        f"{shape}: eightlab.audit({name!r}) on {run['boards']:,} boards, {run['edges']:,} moves: "
        f"{run['wall']:.2f} s wall, {run['cpu']:.2f} s CPU; peak RSS {run['peak_rss'] / 1e6:.0f} MB; "
        f"overestimated {run['overestimated']}, inconsistent moves {run['inconsistent_edges']}, "
        f"mean h/h* {run['mean_ratio']:.4f}"
    )


def audit(shape: str, env: dict, write: bool) -> None:
    out = subprocess.run(
        [sys.executable, __file__, "--audit-child", shape],
        env=dict(env, EIGHTLAB_CACHE_DIR=""),
        capture_output=True,
        text=True,
        check=True,
    )
    run = json.loads(out.stdout.strip().splitlines()[-1])
    boards = sum(c for _, _, c in run["cells"])
    over = sum(c for d, h, c in run["cells"] if h > d)
    ratio = sum(c * h / d for d, h, c in run["cells"] if d > 0) / (boards - 1)
    print(f"{shape}: search {run['search'][0]:.2f} s wall, {run['search'][1]:.2f} s CPU")
    print(
        f"{shape}: Manhattan against h* on {boards:,} boards: {run['audit'][0]:.2f} s wall, "
        f"{run['audit'][1]:.2f} s CPU; peak RSS {run['peak_rss'] / 1e6:.0f} MB"
    )
    print(f"{shape}: boards with h > h*: {over}; mean h/h* (goal excluded): {ratio:.4f}")
    if write:
        folder = ROOT / "results" / "exhaustive_search"
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / f"manhattan_{shape}.csv", "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["distance", "manhattan", "boards"])
            out.writerows(run["cells"])


def write_results(run: dict, published: dict) -> None:
    folder = ROOT / "results" / "exhaustive_search"
    folder.mkdir(parents=True, exist_ok=True)
    number = SEQUENCE[run["shape"]]
    terms = published[number]["counts"]
    with open(folder / f"layers_{run['shape']}.csv", "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["depth", "boards", number, "equal"])
        for d, c in enumerate(run["counts"]):
            term = terms[d] if d < len(terms) else ""
            out.writerow([d, c, term, "" if term == "" else str(term == c).lower()])
    with open(folder / f"farthest_{run['shape']}.txt", "w") as f:
        f.write(
            f"# the boards {len(run['counts']) - 1} moves from the goal of the "
            f"{run['shape']} puzzle (tiles row by row, 0 the blank)\n"
        )
        f.writelines(line + "\n" for line in run["farthest"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", action="append", help="RxC, repeatable (default 3x3, 2x5)")
    parser.add_argument("--threads", type=int, default=2, help="numba threads (default 2)")
    parser.add_argument("--write-results", action="store_true")
    parser.add_argument("--audit", action="append", help="RxC: audit Manhattan (repeatable)")
    parser.add_argument(
        "--heuristic",
        action="append",
        help="with --audit: time eightlab.audit of this registry name (repeatable)",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--heuristic-child", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--audit-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    if args.audit_child:
        audit_child(args.audit_child)
        return
    if args.heuristic_child:
        heuristic_child(*args.heuristic_child)
        return
    from eightlab.puzzle.exhaustive import published_layer_counts

    published = published_layer_counts()
    env = dict(os.environ, NUMBA_NUM_THREADS=str(args.threads), PYTHONPATH=str(ROOT))
    searched = dict(env, EIGHTLAB_CACHE_DIR="")  # the searches are timed, not a cache read
    print(f"load average before: {os.getloadavg()[0]:.2f}; numba threads: {args.threads}")
    if args.audit:
        for shape in args.audit:
            for name in args.heuristic or []:
                audit_heuristic(shape, name, env)
            if not args.heuristic:
                audit(shape, env, args.write_results)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return
    print(
        f"{'shape':>5} {'boards':>11} {'radius':>6} {'wall s':>8} {'CPU s':>8} {'peak RSS MB':>11}  published"
    )
    for shape in args.shape or ["3x3", "2x5"]:
        out = subprocess.run(
            [sys.executable, __file__, "--child", shape],
            env=searched,
            capture_output=True,
            text=True,
            check=True,
        )
        run = json.loads(out.stdout.strip().splitlines()[-1])
        number = SEQUENCE.get(shape)
        if number:
            terms = published[number]["counts"]
            agree = run["counts"][: len(terms)] == terms
            whole = "all terms" if published[number]["complete"] else f"first {len(terms)} terms"
            verdict = f"{number}: {whole} {'equal' if agree else 'DIFFER'}"
        else:
            verdict = "(no sequence shipped)"
        print(
            f"{shape:>5} {sum(run['counts']):>11,} {len(run['counts']) - 1:>6} "
            f"{run['wall']:>8.2f} {run['cpu']:>8.2f} {run['peak_rss'] / 1e6:>11.0f}  {verdict}"
        )
        if args.write_results and number:
            write_results(run, published)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
