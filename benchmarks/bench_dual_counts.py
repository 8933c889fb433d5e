"""What the dual lookups do inside IDA* with BPMX: children looked at, table reads, prunes.

Counts, not speed. The compiled pass ``run_pass_bpmx`` is copied with counters added
(each addition is a text substitution of the module's source, checked to match) and
swapped in for the real one; the searches are otherwise eightlab's. For each 24-puzzle
instance (6-6-6-6), with max(regular, reflected) and with the dual lookup, it prints the
nodes generated and, per length of the blank's walk home:

* ``looked at``: children that got a dual value (from the tables or shared with the
  parent's walked board);
* ``reads``: dual lookups that read the tables (four groups each, eight with
  ``--reflected-dual``);
* ``pruned``: children whose dual value put f above the threshold.

``--walk W`` sets :data:`~eightlab.heuristics.pdb.additive.DUAL_WALK` (default: the
module's). ``--reflected-dual`` also looks up the dual's mirror image (the dual of the
reflected board) at each dual lookup and keeps the larger value: a variant not in
eightlab, measured here to see what it would prune.

Run from the repository root once the tables are built::

    nice .venv/bin/python benchmarks/bench_dual_counts.py 40 38 44
    nice .venv/bin/python benchmarks/bench_dual_counts.py 40 38 44 --walk 2 --reflected-dual
"""

from __future__ import annotations

import argparse
import inspect
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from eightlab.analysis.published import korf_felner24_table  # noqa: E402
from eightlab.heuristics.pdb import additive  # noqa: E402
from eightlab.puzzle.instances import KORF_GOAL_24, korf_felner_24  # noqa: E402
from eightlab.search.compiled import idastar as compiled_idastar  # noqa: E402
from eightlab.search.compiled import kernel_bpmx, solve_compiled  # noqa: E402

#: counters[3 * walk + i]: children looked at (i = 0), reads (1) and pruned (2) at that walk;
#: counters[SWITCH]: 1 to look up the reflected dual too.
SWITCH = 63

#: (original text, instrumented text) of kernel_bpmx's source.
EDITS = [
    ("@njit(cache=True, nogil=True)", "@njit(nogil=True)"),
    ("dpos, slack, stop_at):", "dpos, slack, counters, mdpos, stop_at):"),
    ("                if raw < 0:  # look up the dual of the child's walked board\n",
     "                counters[3 * walk] += 1\n"
     "                if raw < 0:  # look up the dual of the child's walked board\n"
     "                    counters[3 * walk + 1] += 1\n"),
    ("                    if same:\n                        wraw[U(depth)] = raw\n",
     f"                    if counters[{SWITCH}] == 1:\n"
     "                        for x in range(n):\n"
     "                            mdpos[U(inverse_mirror[x])] = mirror_cell[U(dpos[x])]\n"
     "                        mirror_raw = 0\n"
     "                        for g in range(groups):\n"
     "                            idx = rank_of(mdpos, patterns[g], lengths[g], n)\n"
     "                            mirror_raw += np.int64(table[U(offsets[g] + idx)])\n"
     "                        if mirror_raw > raw:\n"
     "                            raw = mirror_raw\n"
     "                    if same:\n                        wraw[U(depth)] = raw\n"),
    ("                if raw - walk > hc:\n                    hc = raw - walk\n",
     "                if raw - walk > hc:\n                    hc = raw - walk\n"
     "                    if depth + 1 + hc > bound:\n"
     "                        counters[3 * walk + 2] += 1\n"),
]  # fmt: skip


def instrumented(reflected_dual: bool):
    """``(run_pass, counters)``: the counting copy of ``run_pass_bpmx`` and its array."""
    source = inspect.getsource(kernel_bpmx)
    for old, new in EDITS:
        if source.count(old) != 1:
            raise SystemExit(f"kernel_bpmx changed: cannot instrument {old.strip()!r}")
        source = source.replace(old, new)
    module = types.ModuleType("kernel_bpmx_counted")
    exec(compile(source, "kernel_bpmx_counted", "exec"), module.__dict__)
    counters = np.zeros(SWITCH + 1, dtype=np.int64)
    mdpos = np.zeros(KORF_GOAL_24.size, dtype=np.int64)

    def run_pass(*args):
        return module.run_pass_bpmx(*args[:-1], counters, mdpos, args[-1])

    counters[SWITCH] = int(reflected_dual)
    return run_pass, counters


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", type=int, nargs="+", help="Korf & Felner's numbers")
    parser.add_argument("--walk", type=int, default=additive.DUAL_WALK)
    parser.add_argument("--reflected-dual", action="store_true")
    args = parser.parse_args(argv)
    additive.DUAL_WALK = args.walk
    run_pass, counters = instrumented(args.reflected_dual)
    compiled_idastar.run_pass_bpmx = run_pass
    boards = korf_felner_24()
    lengths = {row.instance: row.length for row in korf_felner24_table()}
    print(f"DUAL_WALK {args.walk}" + (", with the reflected dual" if args.reflected_dual else ""))
    totals = np.zeros(2, dtype=np.int64)
    for k in args.instances:
        generated = []
        for suffix in ("", "-dual"):
            counters[:SWITCH] = 0
            r = solve_compiled(boards[k - 1], KORF_GOAL_24, f"pdb-6-6-6-6{suffix}")
            if r.length != lengths[k]:
                raise SystemExit(f"#{k}{suffix}: length {r.length}, published {lengths[k]}")
            generated.append(r.stats.generated)
        totals += generated
        print(f"#{k}: generated {generated[0]:,} -> {generated[1]:,} "
              f"({generated[1] / generated[0]:.3f})")  # fmt: skip
        for walk in range(args.walk + 1):
            looked, reads, pruned = counters[3 * walk : 3 * walk + 3]
            print(f"    walk {walk}: looked at {looked:,}, reads {reads:,}, pruned {pruned:,}")
    print(f"all: generated {totals[0]:,} -> {totals[1]:,} ({totals[1] / totals[0]:.3f})")


if __name__ == "__main__":
    main()
