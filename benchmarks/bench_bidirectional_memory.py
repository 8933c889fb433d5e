"""Memory per stored state of the bidirectional heuristic searches, against A*.

For A*, MM, NBS and GBFHS (Manhattan) on Korf's instance 1 of the 15-puzzle, each in a
fresh process stopped by its memory budget (``--states`` states held in both sides'
tables): the growth of peak resident memory (``ru_maxrss``) divided by the states held.
This is the figure :data:`eightlab.search.budget.BYTES_PER_STATE` (400 bytes, measured on A*)
must stay above for the default memory budget to hold for the new searches.

Run: ``.venv/bin/python benchmarks/bench_bidirectional_memory.py [--states 1000000]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import json, resource, sys
sys.path.insert(0, {root!r})
from eightlab import solve
from eightlab.puzzle.instances import korf100
algorithm, states = {args!r}
goal = " ".join(map(str, range(16)))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
result = solve(korf100()[0], goal, algorithm, "manhattan", max_stored=states)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"reason": result.reason, "stored": result.stats.max_stored,
                   "kib": after - before, "seconds": result.stats.wall_seconds}}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=1_000_000)
    args = parser.parse_args()
    for algorithm in ("astar", "mm", "nbs", "gbfhs"):
        code = _CHILD.format(root=str(ROOT), args=(algorithm, args.states))
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        row = json.loads(run.stdout)
        per_state = row["kib"] * 1024 / row["stored"]
        print(f"{algorithm:6} {row['reason']}: {row['stored']:,} states, "
              f"{per_state:.0f} bytes per state, {row['seconds']:.1f} s")  # fmt: skip


if __name__ == "__main__":
    main()
