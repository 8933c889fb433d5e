"""Start-up of ``python -m eightlab solve``: whole-process time against importing numpy.

A solve of an 8-puzzle board takes microseconds; what a user waits for is the start-up
(the interpreter, numpy, eightlab's registries). The reference is the same interpreter
running ``python -c "import numpy"``; the two commands alternate in one loop, so load
on the machine hits both alike. Prints both medians and their ratio.

    python benchmarks/bench_startup.py [--repeat 30]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

REFERENCE = [sys.executable, "-c", "import numpy"]
CANDIDATE = [sys.executable, "-m", "eightlab", "solve", "283104765", "--goal", "123804765"]


def wall(command: list[str]) -> float:
    """Seconds from start to exit of ``command`` (its output discarded)."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="runs of each (default 30)")
    repeat = parser.parse_args().repeat
    wall(REFERENCE), wall(CANDIDATE)  # warm the file cache and __pycache__
    reference, candidate = [], []
    for _ in range(repeat):
        reference.append(wall(REFERENCE))
        candidate.append(wall(CANDIDATE))
    ref, cand = statistics.median(reference), statistics.median(candidate)
    print(f"python -c 'import numpy'          median {ref * 1000:7.1f} ms  ({repeat} runs)")
    print(f"python -m eightlab solve (8-puzzle) median {cand * 1000:7.1f} ms  ({repeat} runs)")
    print(f"ratio {cand / ref:.2f}")


if __name__ == "__main__":
    main()
