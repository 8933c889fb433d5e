"""Build time, memory and size of the 15-puzzle pattern databases (eightlab.heuristics.pdb).

Prints figures, asserts none (the machine may be shared). Each partition is built in a
fresh process and a fresh cache folder, so the figures include loading the compiled
kernel (numba's on-disk cache is kept) and writing the cache file; peak memory is the
child's maximum resident set size. 7-8 is opt-in (``--include-7-8``): several GB and
tens of minutes.

Run from the repository root (``nice`` on a shared machine)::

    nice .venv/bin/python benchmarks/bench_pdb.py
    nice .venv/bin/python benchmarks/bench_pdb.py --include-7-8
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import sys
from eightlab.heuristics.pdb import additive_pdb
from eightlab.instances import KORF_GOAL
pdb = additive_pdb(KORF_GOAL, sys.argv[1], progress=False)
print(pdb.build_seconds, pdb.nbytes)
"""


def build(partition: str) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, EIGHTLAB_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, partition], env=env, check=True,
            capture_output=True, text=True,
        )  # fmt: skip
        wall = time.perf_counter() - started
        build_seconds, nbytes = out.stdout.split()
        on_disk = sum(p.stat().st_size for p in Path(cache).rglob("*.bin"))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # Linux: KiB
    return {
        "partition": partition,
        "build s": float(build_seconds),
        "process s": wall,
        "table MB": int(nbytes) / 1e6,
        "file MB": on_disk / 1e6,
        "peak RSS MB (max so far)": peak / 1e6,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--include-7-8", action="store_true", help="also build 7-8 (opt-in)")
    args = parser.parse_args(argv)
    partitions = ["5-5-5", "6-6-3"] + (["7-8"] if args.include_7_8 else [])
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (shared machine?)")
    for partition in partitions:
        row = build(partition)
        print("  ".join(f"{k}: {v:.1f}" if isinstance(v, float) else f"{k}: {v}"
                        for k, v in row.items()))  # fmt: skip


if __name__ == "__main__":
    main()
