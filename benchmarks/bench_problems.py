"""Whole-process time of ``python -m eightlab problem eight-ii < file`` on 200 pairs.

Writes a file of 200 seeded random solvable Eight II pairs in the judge's format, then
times the whole process (interpreter start-up, imports, table building or loading,
answering) with each method, several runs each, and prints the medians:

* ``table, cold cache``: a new, empty cache directory for every run (the per-blank BFS
  tables are built: move table plus up to 9 breadth-first searches);
* ``table, warm cache``: the tables read from a cache directory filled beforehand;
* ``table, no disk cache``: ``EIGHTLAB_CACHE_DIR=""`` (built every run, nothing written);
* ``idastar``: IDA* with Manhattan distance per case;
* ``python -c pass`` and ``python -c "import numpy"`` for the interpreter's own share.

Every run's output is checked to be the same as the first table run's.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_problems.py [--runs 7] [--seed 2026] [--cases 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightlab.puzzle.board import Board  # noqa: E402
from eightlab.puzzle.solvability import is_solvable  # noqa: E402


def random_pairs(n: int, seed: int) -> list[tuple[Board, Board]]:
    """``n`` pairs of uniformly random boards (A, B) with B reachable from A."""
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < n:
        a, b = (Board(rng.sample(range(9), 9)) for _ in range(2))
        if is_solvable(a, b):
            pairs.append((a, b))
    return pairs


def judge_input(pairs) -> str:
    """The pairs in the Eight II input format (T, then A and B with X the blank)."""
    lines = [str(len(pairs))]
    for a, b in pairs:
        lines += [a.format("X"), b.format("X")]
    return "\n".join(lines) + "\n"


def time_process(argv, stdin_path: Path, env: dict) -> tuple[float, bytes]:
    """Wall-clock seconds of one whole process reading ``stdin_path``, and its output."""
    with open(stdin_path, "rb") as stdin:
        started = time.perf_counter()
        run = subprocess.run(argv, stdin=stdin, capture_output=True, env=env, cwd=ROOT)
        elapsed = time.perf_counter() - started
    if run.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{run.stderr.decode()}")
    return elapsed, run.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per variant (default 7)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the pairs")
    parser.add_argument("--cases", type=int, default=200, help="pairs in the file (<= 200)")
    args = parser.parse_args()

    python = sys.executable
    command = [python, "-m", "eightlab", "problem", "eight-ii"]
    base_env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory(prefix="bench-problems-") as scratch:
        scratch = Path(scratch)
        input_file = scratch / "eight-ii.txt"
        input_file.write_text(judge_input(random_pairs(args.cases, args.seed)))
        warm_dir = scratch / "warm-cache"

        def cold_env(run: int) -> dict:
            return dict(base_env, EIGHTLAB_CACHE_DIR=str(scratch / f"cold-{run}"))

        variants = [
            ("python -c pass", [python, "-c", "pass"], lambda run: base_env),
            ("python -c 'import numpy'", [python, "-c", "import numpy"], lambda run: base_env),
            ("table, cold cache", command, cold_env),
            ("table, warm cache", command, lambda run: dict(base_env, EIGHTLAB_CACHE_DIR=str(warm_dir))),
            ("table, no disk cache", command, lambda run: dict(base_env, EIGHTLAB_CACHE_DIR="")),
            ("idastar", [*command, "--method", "idastar"], lambda run: base_env),
        ]  # fmt: skip
        time_process(command, input_file, dict(base_env, EIGHTLAB_CACHE_DIR=str(warm_dir)))
        reference = None
        print(
            f"{args.cases} seeded random solvable pairs (seed {args.seed}), {args.runs} runs each"
        )
        print(f"command: {' '.join(command)} < FILE")
        print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
        for label, argv, env_of in variants:
            times = []
            for run in range(args.runs):
                elapsed, output = time_process(argv, input_file, env_of(run))
                times.append(elapsed)
                if argv[: len(command)] == command:
                    if reference is None:
                        reference = output
                    elif output != reference:
                        raise SystemExit(f"{label}: output differs from the first table run")
            print(
                f"  {label:26} median {statistics.median(times):.3f} s  "
                f"(min {min(times):.3f}, max {max(times):.3f})"
            )
        lines = reference.decode().splitlines()
        moves = [len(line) for line in lines[1::2]]
        print(f"answers: {len(moves)} cases, mean length {statistics.mean(moves):.2f} moves")
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
