"""The learned heuristics on a 12-cell goal: one chunk, the whole table, its audit.

``--chunk`` (the default) trains the default models (20,000 boards, seed 0) for the goal of
``--shape`` (3x4: tiles in order, the blank last) and measures, on the first
:data:`~eightlab.heuristics.learned.byrank.CHUNK` ranks that reach it (about a million
boards), the CPU seconds of: the numpy features
(:func:`eightlab.heuristics.learned.model.features` of the unranked boards, ``argsort``
and a one-hot matrix), the compiled features from the ranks
(:func:`~eightlab.heuristics.learned.byrank.rank_features`, checked equal), the MLP's
prediction, and the gradient boosting's (``learned-quantile``), with the whole table's
cost extrapolated from them (boards of the shape over boards of the chunk).

``--build`` builds ``learned`` for that goal in a fresh child process (the disk cache
is read if it holds the table: remove the file to measure a build) and prints the
training's and the prediction's CPU seconds (as the build recorded them in the cache
file's header) and the child's peak resident memory; then ``learned-shifted``'s table in
the same child; then, each in a fresh child, :func:`eightlab.audit` of ``learned`` and
``learned-shifted`` on every board (numba compiled on a 2x3 board before the clock
starts), with its CPU seconds and verdicts. CPU seconds are those of all threads of the
process (:func:`time.process_time`). Asserts nothing about speed.

Run from the repository root (``nice`` on a shared machine)::

    PYTHONPATH=$PWD nice .venv/bin/python benchmarks/bench_learned_shapes.py --chunk
    PYTHONPATH=$PWD nice .venv/bin/python benchmarks/bench_learned_shapes.py --build
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _goal(shape: str):
    from eightlab.puzzle.exhaustive import goal_board

    return goal_board(tuple(int(x) for x in shape.split("x")))


def _cpu(function, *args):
    start = time.process_time()
    out = function(*args)
    return out, time.process_time() - start


def chunk(shape: str) -> None:
    """Time one chunk's features and predictions; print them and the extrapolations."""
    import numpy as np

    from eightlab.analysis.audit import _unrank_many
    from eightlab.heuristics.learned import byrank
    from eightlab.heuristics.learned import model as learnmodel
    from eightlab.heuristics.learned.byrank import rank_features
    from eightlab.heuristics.learned.heuristic import (
        DEFAULT_SEED,
        DEFAULT_TRAINING_SIZE,
        training_indices,
    )
    from eightlab.puzzle.exhaustive import UNSEEN, goal_distances

    goal = _goal(shape)
    n = goal.size
    dist = goal_distances(goal)
    boards = int(byrank._count_reachable(dist))
    ranks = np.flatnonzero(dist[: byrank.CHUNK] != UNSEEN)
    home = byrank._homes(goal)
    sample = byrank._ranks_at(dist, training_indices(boards, DEFAULT_TRAINING_SIZE, DEFAULT_SEED))
    for onehot in (True, False):  # numba compiles (or loads) before the clock
        rank_features(ranks[:10], n, goal.cols, home, onehot)
    tiles = _unrank_many(ranks, n)
    print(f"{shape}: {boards:,} boards; a chunk of {byrank.CHUNK:,} ranks holds {len(ranks):,} "
          f"of them ({boards / len(ranks):.0f} chunks' worth)")  # fmt: skip
    scale = boards / len(ranks)
    for model, loss in (("mlp", "squared"), ("mlp", "quantile")):
        kind = learnmodel.feature_kind(model, loss)
        onehot = kind == "onehot"
        x_train, _ = rank_features(sample, n, goal.cols, home, onehot)
        fitted, train = _cpu(learnmodel.fit, x_train, dist[sample].astype(float), model, loss,
                             DEFAULT_SEED, n)  # fmt: skip
        numpy_x, numpy_s = _cpu(learnmodel.features, tiles, goal, kind)
        (x, _), compiled_s = _cpu(rank_features, ranks, n, goal.cols, home, onehot)
        assert np.array_equal(x, numpy_x)
        del numpy_x
        _, predict_s = _cpu(learnmodel.predict, fitted, x)
        name = learnmodel.hyperparameters(model, loss)["estimator"]
        print(f"  {name} ({loss}): training {train:.1f} CPU s; on the chunk, features "
              f"{numpy_s:.2f} CPU s with numpy, {compiled_s:.2f} compiled; prediction "
              f"{predict_s:.2f} CPU s; the whole table: about "
              f"{scale * (compiled_s + predict_s) / 60:.1f} CPU minutes "
              f"({scale * (numpy_s + predict_s) / 60:.1f} with numpy's features)")  # fmt: skip
        del x


def build(shape: str) -> None:
    """Build ``learned`` and ``learned-shifted``'s tables; print one JSON line."""
    from eightlab.heuristics.learned import byrank
    from eightlab.heuristics.learned.heuristic import DEFAULT_SEED, DEFAULT_TRAINING_SIZE

    goal = _goal(shape)
    table, cpu = _cpu(byrank.rank_table, goal, "mlp", "squared", DEFAULT_TRAINING_SIZE,
                      DEFAULT_SEED)  # fmt: skip
    peak_build = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    _, shifted = _cpu(byrank.shifted_table, goal, "mlp", DEFAULT_TRAINING_SIZE, DEFAULT_SEED)
    print(json.dumps({"cached": table.cached, "process_cpu": cpu, "shifted_cpu": shifted,
                      "delta": table.delta, "boards": table.boards,
                      **{f"{k}_s": v for k, v in table.seconds.items()},
                      "peak_kb": peak_build,
                      "peak_with_shifted_kb": resource.getrusage(
                          resource.RUSAGE_SELF).ru_maxrss}))  # fmt: skip


def audit(shape: str, name: str) -> None:
    """Audit one heuristic on every board of ``shape``; print one JSON line."""
    import eightlab
    from eightlab.heuristics import HEURISTICS
    from eightlab.puzzle.exhaustive import goal_distances

    goal = _goal(shape)
    evaluator = HEURISTICS[name].bind(goal)  # the tables, read from the cache
    goal_distances(goal)
    eightlab.audit("manhattan", (2, 3))  # numba's compilation, before the clock
    found, cpu = _cpu(eightlab.audit, name, shape_tuple(shape))
    print(json.dumps({**found.summary(), "cpu_s": cpu, "delta": evaluator.data["delta"]}))


def shape_tuple(shape: str) -> tuple[int, int]:
    return tuple(int(x) for x in shape.split("x"))


def _child(*args: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True,
                         text=True, check=True, cwd=ROOT)  # fmt: skip
    sys.stderr.write(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default="3x4")
    parser.add_argument("--chunk", action="store_true", help="time one chunk (the default)")
    parser.add_argument("--build", action="store_true", help="build the tables, audit them")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        what, *rest = args.child
        {"build": build, "audit": audit}[what](args.shape, *rest)
        return
    if args.chunk or not args.build:
        chunk(args.shape)
    if args.build:
        built = _child("build")
        print(f"{args.shape} learned table ({'read from the cache' if built['cached'] else 'built'}): "
              f"training {built['train_cpu_s']:.1f} CPU s ({built['train_s']:.1f} s wall), "
              f"prediction {built['predict_cpu_s']:.1f} CPU s ({built['predict_s']:.1f} s wall) "
              f"of {built['boards']:,} boards; peak resident memory "
              f"{built['peak_kb'] / 1024:,.0f} MB; learned-shifted's table "
              f"{built['shifted_cpu']:.1f} CPU s more (peak {built['peak_with_shifted_kb'] / 1024:,.0f} MB); "
              f"delta = {built['delta']}")  # fmt: skip
        for name in ("learned", "learned-shifted"):
            found = _child("audit", name)
            verdict = ("admissible" if found["admissible"] else
                       f"NOT admissible: overestimates on {found['overestimated']:,} boards "
                       f"({100 * found['share_overestimated']:.2f} %), by up to "
                       f"{found['max_excess']:g} moves")  # fmt: skip
            steps = ("consistent" if found["consistent"] else
                     f"inconsistent on {found['inconsistent_edges']:,} of {found['edges']:,} moves")  # fmt: skip
            print(f"audit of {name} on all {found['boards']:,} boards ({found['method']}): "
                  f"{found['cpu_s']:.1f} CPU s; {verdict}; {steps}; mean h/h* "
                  f"{found['mean_ratio']:.4f}; delta {found['delta']}")  # fmt: skip


if __name__ == "__main__":
    main()
