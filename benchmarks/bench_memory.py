"""Memory per stored state and time-budget overshoot of the searches that store states.

Prints, for A* (Manhattan) on a hard 4x4 board and for BFS on 3x3 boards:

* bytes per state: the growth of the process's peak resident memory (``ru_maxrss``)
  during a search that stops at its memory budget, divided by the states it held
  (``stats.max_stored``); this is what :data:`eightlab.search.budget.BYTES_PER_STATE`
  rounds up. Each measurement runs in a fresh process, so earlier peaks do not hide it.
* the same for the peak virtual size (``VmPeak``), which an address-space limit
  (``ulimit -v``, ``RLIMIT_AS``) counts;
* time overshoot: the wall-clock seconds of the whole ``solve`` call (result assembly
  and freeing the tables included) against its ``max_seconds``.

Run: ``.venv/bin/python benchmarks/bench_memory.py [--states 2000000] [--seconds 20]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HARD_4X4 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
GOAL_4X4 = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

_CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from eightlab.search import ALGORITHMS, solve
algorithm, start, goal, budget = {args!r}
heuristic = "manhattan" if ALGORITHMS[algorithm].informed else None
def vm_peak():
    return int([l for l in open("/proc/self/status") if l.startswith("VmPeak")][0].split()[1])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
virtual = vm_peak()
t0 = time.perf_counter()
result = solve(start, goal or None, algorithm, heuristic, **budget)
total = time.perf_counter() - t0
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"status": str(result.status), "reason": result.reason,
    "stored": result.stats.max_stored, "kib": after - before, "total": total,
    "virtual_kib": vm_peak() - virtual,
    "search": result.stats.wall_seconds}}))
"""


def measure(algorithm, start, goal, budget) -> dict:
    """Run one search in a fresh interpreter and return its figures."""
    code = _CHILD.format(root=str(ROOT), args=(algorithm, start, goal, budget))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=2_000_000, help="memory budget, states")
    parser.add_argument("--seconds", type=float, default=20.0, help="time budget, seconds")
    args = parser.parse_args()

    print(f"memory per stored state (budget {args.states:,} states)")
    for name, (algorithm, start, goal) in {
        "A* manhattan, 4x4": ("astar", HARD_4X4, GOAL_4X4),
        "bidirectional BFS, 4x4": ("bidirectional-bfs", HARD_4X4, GOAL_4X4),
        "BFS (hash), 4x4": ("bfs", HARD_4X4, GOAL_4X4),
    }.items():
        m = measure(algorithm, start, goal, {"max_stored": args.states})
        per = m["kib"] * 1024 / max(1, m["stored"])
        virtual = m["virtual_kib"] * 1024 / max(1, m["stored"])
        print(
            f"  {name:24} {m['status']} ({m['reason']}): {m['stored']:,} states, "
            f"{m['kib'] / 1024:,.0f} MiB peak growth, {per:,.0f} bytes/state resident, "
            f"{virtual:,.0f} bytes/state virtual (what ulimit -v counts)"
        )

    print(f"time budget {args.seconds:g} s (A* manhattan, 4x4, no memory budget reached)")
    m = measure("astar", HARD_4X4, GOAL_4X4, {"max_seconds": args.seconds})
    print(
        f"  {m['status']} ({m['reason']}): search {m['search']:.2f} s, whole solve call "
        f"{m['total']:.2f} s, overshoot {m['total'] - args.seconds:+.2f} s, "
        f"{m['stored']:,} states"
    )


if __name__ == "__main__":
    main()
