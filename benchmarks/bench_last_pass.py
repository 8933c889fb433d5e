"""Where eightlab's IDA* and Korf & Felner's part: the passes before the last, per instance.

Both searches use the 6-6-6-6 databases with the reflected lookup and count nodes
generated over all passes, so every pass before the last (a complete depth-first
iteration up to its threshold) would generate the same nodes in both if their databases
and pruning agree; the last pass stops at the first solution, which the order of the
moves decides. For each instance this prints eightlab's nodes per pass, the sum of the
passes before the last against Korf & Felner's whole count (if the sum is smaller, the
difference can lie in the last pass alone), and what fraction of a full last pass
eightlab searched (its last pass over the one before, against the growth of the pass
before over the one before it).

Counts, not speed: run from the repository root once the tables are built
(``python -m eightlab pdb build 6-6-6-6``)::

    nice .venv/bin/python benchmarks/bench_last_pass.py 40 38 28 25
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from eightlab.analysis.published import korf_felner24_table  # noqa: E402
from eightlab.puzzle.instances import KORF_GOAL_24, korf_felner_24  # noqa: E402
from eightlab.search import solve  # noqa: E402


def passes(instance: int) -> dict:
    """Instance ``instance`` (1-50) solved with pdb-6-6-6-6: a row of the table."""
    result = solve(korf_felner_24()[instance - 1], KORF_GOAL_24, "idastar", "pdb-6-6-6-6")
    rows = result.stats.per_iteration
    generated = [row["generated"] for row in rows]
    published = pd.DataFrame(korf_felner24_table()).set_index("instance").kf2002_generated
    before_last = sum(generated[:-1])
    growth = generated[-2] / generated[-3]
    print(f"#{instance}: length {result.length}, passes (threshold: generated) "
          + ", ".join(f"{row['threshold']}: {row['generated']:,}" for row in rows), flush=True)  # fmt: skip
    return {"instance": instance, "length": result.length, "eightlab": result.stats.generated,
            "kf2002": int(published[instance]), "before_last": before_last,
            "last": generated[-1], "last_over_previous": generated[-1] / generated[-2],
            "previous_growth": growth}  # fmt: skip


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", nargs="+", type=int, help="Korf & Felner's numbers, 1-50")
    table = pd.DataFrame([passes(k) for k in parser.parse_args(argv).instances])
    table["ratio"] = table.eightlab / table.kf2002
    table["before_last_under_kf2002"] = table.before_last < table.kf2002
    print(table.to_string(index=False, float_format=lambda v: f"{v:.2f}"))


if __name__ == "__main__":
    main()
