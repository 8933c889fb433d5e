"""Start-up of ``python -m eightlab solve``: whole-process time against importing numpy.

A solve of an 8-puzzle board takes microseconds; what a user waits for is the start-up
(the interpreter, numpy, eightlab's registries). The reference is the same interpreter
running ``python -c "import numpy"``; the two commands alternate in one loop, so load
on the machine hits both alike. Prints both medians and their ratio, of the wall-clock
time from start to exit and of the CPU time (user + system) of the process, which a
loaded machine disturbs less. Every command runs in a folder that holds no eightlab (``-m``
puts the working directory first on the path), so ``PYTHONPATH`` says which tree is timed.

    PYTHONPATH=$PWD python benchmarks/bench_startup.py [--repeat 30] [--other TREE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

REFERENCE = [sys.executable, "-c", "import numpy"]
#: Where the commands run: a folder without an eightlab package in it.
NEUTRAL = tempfile.gettempdir()
CANDIDATE = [sys.executable, "-m", "eightlab", "solve", "283104765", "--goal", "123804765"]


def timed(command: list[str], env=None) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run of ``command``."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env, cwd=NEUTRAL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command} exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="runs of each (default 30)")
    parser.add_argument("--other", metavar="TREE", default=None,
                        help="also time the solve of another checkout (PYTHONPATH=TREE), "
                        "in the same loop")  # fmt: skip
    args = parser.parse_args()
    # as a user's installation runs: with the bytecode cached (the warm-up writes it)
    mine = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if mine.get("PYTHONPATH"):  # the trees as the commands, run elsewhere, see them
        paths = mine["PYTHONPATH"].split(os.pathsep)
        mine["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in paths)
    runs = {"python -c 'import numpy'": (REFERENCE, mine), "eightlab solve": (CANDIDATE, mine)}
    if args.other:
        env = {**mine, "PYTHONPATH": os.path.abspath(args.other)}
        runs[f"eightlab solve of {args.other}"] = (CANDIDATE, env)
    times = {name: [] for name in runs}
    for command, env in runs.values():
        timed(command, env)  # warm the file cache and __pycache__
    for _ in range(args.repeat):
        for name, (command, env) in runs.items():
            times[name].append(timed(command, env))
    print(f"medians of {args.repeat} runs each, interleaved")
    for i, what in enumerate(("wall-clock", "CPU")):
        medians = {name: statistics.median(t[i] for t in found) for name, found in times.items()}
        ref = medians["python -c 'import numpy'"]
        for name, median in medians.items():
            print(f"{what:10}  {name:40} {median * 1000:7.1f} ms   ratio {median / ref:.2f}")


if __name__ == "__main__":
    main()
