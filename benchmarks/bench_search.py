"""Speed of the searches: full BFS, A* and IDA* with Manhattan, and the cost of counting.

Prints figures; it is not a test. Every figure is the median of ``--runs`` runs (5 by
default) on a fixed, seeded instance set, so two runs on the same machine compare.
Other programs sharing the machine make the figures noisy: the load average is printed
before and after, and rates are given per wall-clock second and per CPU second of this
process (the CPU rate is less disturbed by other processes).

Usage::

    .venv/bin/python benchmarks/bench_search.py            # about a minute
    .venv/bin/python benchmarks/bench_search.py --runs 9 --instances 200

Sections:

1. Full breadth-first search of the 181,440 boards reachable from ``123456780``:
   :func:`eightlab.search.bfs.breadth_first_search` (pure Python, hash-set and
   Cantor-rank visited tables) to the two boards farthest from the goal,
   ``867254301`` and ``647850321`` (31 moves; the goal test at generation stops it
   on the last layer, after expanding nearly every state), and the numpy layer-by-layer
   BFS of :func:`eightlab.puzzle.statespace.distance_table` when that module is present.
2. A* with Manhattan: expansions per second over the instance set.
3. IDA* with Manhattan: nodes generated per second (the quoted figure), expanded per
   second, and both together.
4. Instrumentation cost: the A* and IDA* hot loops run as shipped and as *stripped
   copies* written below (counters, budget checks and observer checks removed,
   nothing else changed); the overhead is shipped time / stripped time - 1. Two more
   labelled IDA* variants show what was decided against: observer checks inside the
   plain pass, and successors ordered by h.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
from datetime import UTC, datetime
from heapq import heappop, heappush
from pathlib import Path
from time import perf_counter, process_time

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eightlab.heuristics import MANHATTAN  # noqa: E402
from eightlab.puzzle.board import Board  # noqa: E402
from eightlab.puzzle.solvability import is_solvable  # noqa: E402
from eightlab.search.bestfirst import _best_first_core  # noqa: E402
from eightlab.search.bestfirst import astar_search as astar  # noqa: E402
from eightlab.search.bfs import breadth_first_search  # noqa: E402
from eightlab.search.harness import Budget, Problem, path_from_parents  # noqa: E402
from eightlab.search.result import SearchStats  # noqa: E402

_idastar_module = sys.modules["eightlab.search.idastar"]
idastar, successor_table = _idastar_module.idastar_search, _idastar_module.successor_table
_idastar_core = _idastar_module._idastar_core

GOAL = Board.goal(3)
HARDEST = ("867254301", "647850321")  # the two boards 31 moves from 123456780


# ------------------------------------------------------------------ instance set


def instance_set(n: int, seed: int) -> tuple[list[Board], str]:
    """``n`` boards drawn uniformly among those that can reach 123456780, seeded.

    Uses :func:`eightlab.puzzle.instances.uniform_instances` when that module exists, else
    shuffles with :class:`random.Random` and keeps the solvable boards; returns the
    boards and the name of the generator used.
    """
    try:
        from eightlab.puzzle.instances import uniform_instances
    except ImportError:
        rng = random.Random(seed)
        boards = []
        while len(boards) < n:
            tiles = list(range(9))
            rng.shuffle(tiles)
            board = Board(tiles)
            if is_solvable(board, GOAL):
                boards.append(board)
        return boards, "random.Random shuffles"
    return list(uniform_instances(n, seed, GOAL)), "eightlab.puzzle.instances.uniform_instances"


# ------------------------------------------------------------------------ timing


def measure(function, runs: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds of ``function()`` over ``runs`` calls, and its value."""
    walls, cpus, value = [], [], None
    for _ in range(runs):
        w0, c0 = perf_counter(), process_time()
        value = function()
        cpus.append(process_time() - c0)
        walls.append(perf_counter() - w0)
    return statistics.median(walls), statistics.median(cpus), value


def interleaved(functions: dict, runs: int) -> dict:
    """Median wall and CPU seconds of each function, run in turn (A B A B ...)."""
    walls = {k: [] for k in functions}
    cpus = {k: [] for k in functions}
    values = {}
    for _ in range(runs):
        for name, function in functions.items():
            w0, c0 = perf_counter(), process_time()
            values[name] = function()
            cpus[name].append(process_time() - c0)
            walls[name].append(perf_counter() - w0)
    return {
        k: (statistics.median(walls[k]), statistics.median(cpus[k]), values[k]) for k in functions
    }


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:>12,.0f}"


# ========================================== STRIPPED COPIES (benchmark only) =========
# Copies of the shipped hot loops with the instrumentation removed: no expanded /
# generated / duplicates / reopened / max-frontier / depth counters, no closed set
# (it only serves the reopened count), no budget checks, no observer checks. Everything
# else is as shipped, so the time difference is the cost of counting.


def astar_stripped(problem, evaluator, wg=1, wh=1, reopen=True):
    """STRIPPED COPY of eightlab.search.bestfirst._best_first_core."""
    start, goal, mask = problem.start, problem.goal, problem.mask
    moves = problem.informed_moves(evaluator)
    h0 = evaluator(start)
    g_of = {start: 0}
    parents = {start: None}
    heap = [(wh * h0, 0, 0, start, problem.start_blank, h0)]
    seq = 0
    while heap:
        _, neg_g, _, state, blank, h = heappop(heap)
        g = -neg_g
        if g > g_of[state]:
            continue
        if state == goal:
            return path_from_parents(parents, state)
        g2 = g + 1
        for move, q, sq, sb, dh in moves[blank]:
            tile = (state >> sq) & mask
            child = state ^ (tile << sq) ^ (tile << sb)
            old = g_of.get(child)
            if old is not None and (old <= g2 or not reopen):
                continue
            g_of[child] = g2
            parents[child] = (state, move)
            h2 = h + dh[tile] if dh is not None else evaluator(child)
            seq += 1
            heappush(heap, (wg * g2 + wh * h2, -g2, seq, child, q, h2))
    raise AssertionError("exhausted")


def idastar_stripped(problem, evaluator):
    """STRIPPED COPY of the plain pass of eightlab.search.idastar._idastar_core."""
    goal, mask = problem.goal, problem.mask
    table = successor_table(problem, evaluator)
    inf = float("inf")
    bound = 0
    path = []

    def plain_pass(state, blank, came_from, g, h):
        smallest = inf
        g1 = g + 1
        for q, sq, sb, dh, letter in table[blank][came_from]:
            tile = (state >> sq) & mask
            h1 = h + dh[tile]
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            child = state ^ (tile << sq) ^ (tile << sb)
            if child == goal:
                path.append(letter)
                return -1
            t = plain_pass(child, q, blank, g1, h1)
            if t < 0:
                path.append(letter)
                return -1
            if t < smallest:
                smallest = t
        return smallest

    start = problem.start
    h0 = bound = evaluator(start)
    if start == goal:
        return ""
    while True:
        found = plain_pass(start, problem.start_blank, len(table), 0, h0)
        if found < 0:
            return "".join(reversed(path))
        bound = found


# ============================= DECIDED-AGAINST VARIANTS (benchmark only) ==============


def idastar_observer_checks(problem, evaluator, observer=None):
    """VARIANT: the shipped plain pass plus ``observer is not None`` checks (observer None).

    Measures what a single pass function serving both cases would cost; returns
    (path, expanded, generated).
    """
    goal, mask, board = problem.goal, problem.mask, problem.board
    table = successor_table(problem, evaluator)
    inf = float("inf")
    expanded = generated = deepest = 0
    bound = 0
    path = []
    budget = Budget()
    check_at = budget.first_check()

    def plain_pass(state, blank, came_from, g, h):
        nonlocal expanded, generated, deepest, check_at
        if expanded >= check_at:
            check_at = budget.check(expanded)
        expanded += 1
        if g > deepest:
            deepest = g
        parent = None
        if observer is not None:
            parent = board(state)
            observer.on_expand(parent, g, h)
        smallest = inf
        g1 = g + 1
        for q, sq, sb, dh, letter in table[blank][came_from]:
            generated += 1
            tile = (state >> sq) & mask
            h1 = h + dh[tile]
            if observer is not None:
                child = state ^ (tile << sq) ^ (tile << sb)
                observer.on_generate(parent, letter, board(child), g1, h1)
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            child = state ^ (tile << sq) ^ (tile << sb)
            if child == goal:
                path.append(letter)
                return -1
            t = plain_pass(child, q, blank, g1, h1)
            if t < 0:
                path.append(letter)
                return -1
            if t < smallest:
                smallest = t
        return smallest

    start = problem.start
    h0 = bound = evaluator(start)
    while True:
        found = plain_pass(start, problem.start_blank, len(table), 0, h0)
        if found < 0:
            return "".join(reversed(path)), expanded, generated
        bound = found


def idastar_h_ordered(problem, evaluator):
    """VARIANT: successors within the bound tried in increasing h (ties: d, l, r, u).

    Returns (path, expanded, generated) to compare the work with the shipped order.
    """
    goal, mask = problem.goal, problem.mask
    table = successor_table(problem, evaluator)
    inf = float("inf")
    expanded = generated = 0
    bound = 0
    path = []

    def ordered_pass(state, blank, came_from, g, h):
        nonlocal expanded, generated
        expanded += 1
        smallest = inf
        g1 = g + 1
        within = []
        for i, (q, sq, sb, dh, letter) in enumerate(table[blank][came_from]):
            generated += 1
            tile = (state >> sq) & mask
            h1 = h + dh[tile]
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            within.append((h1, i, state ^ (tile << sq) ^ (tile << sb), q, letter))
        within.sort()
        for h1, _, child, q, letter in within:
            if child == goal:
                path.append(letter)
                return -1
            t = ordered_pass(child, q, blank, g1, h1)
            if t < 0:
                path.append(letter)
                return -1
            if t < smallest:
                smallest = t
        return smallest

    start = problem.start
    h0 = bound = evaluator(start)
    while True:
        found = ordered_pass(start, problem.start_blank, len(table), 0, h0)
        if found < 0:
            return "".join(reversed(path)), expanded, generated
        bound = found


# ---------------------------------------------------------------------- sections


def section_full_bfs(runs: int) -> None:
    print("\n1. Full breadth-first search of the 181,440 boards (goal 123456780)")
    print(
        f"   {'search':34} {'expanded':>9} {'reached':>9} {'median s':>9} {'CPU s':>7} "
        f"{'expanded/s':>12}"
    )
    for visited in ("hash", "cantor"):
        for start in HARDEST:
            wall, cpu, result = measure(
                lambda s=start, v=visited: breadth_first_search(s, GOAL, visited=v), runs
            )
            assert result.length == 31, result
            e, reached = result.stats.expanded, result.stats.max_stored
            label = f"bfs visited={visited} {start}"
            print(f"   {label:34} {e:>9,} {reached:>9,} {wall:>9.3f} {cpu:>7.3f} {rate(e, wall)}")
    try:
        from eightlab.puzzle.statespace import distance_table, move_table
    except ImportError:
        print("   numpy BFS: eightlab.puzzle.statespace not available")
        return
    w0 = perf_counter()
    move_table()
    built = perf_counter() - w0
    print(f"   numpy move_table() of 9! x 4 ranks, built once: {built:.3f} s")
    rng = random.Random(1)
    goals = []
    for _ in range(runs):  # a new goal per run: distance_table caches per goal
        tiles = list(range(9))
        rng.shuffle(tiles)
        goals.append(Board(tiles))
    walls = []
    for goal in goals:
        w0 = perf_counter()
        table = distance_table(goal)
        walls.append(perf_counter() - w0)
        assert int((table >= 0).sum()) == 181_440
    wall = statistics.median(walls)
    print(
        f"   numpy distance_table(goal), {runs} new goals: median {wall:.4f} s "
        f"= {181_440 / wall:,.0f} states/s"
    )


def section_astar(problems, evaluator, boards, runs: int) -> dict:
    print(f"\n2. A* with Manhattan on {len(boards)} seeded uniform random boards")

    def run_public():
        return [astar(b, GOAL) for b in boards]

    wall, cpu, results = measure(run_public, runs)
    expanded = sum(r.stats.expanded for r in results)
    lengths = [r.length for r in results]
    print(
        f"   astar(): {expanded:,} expanded, mean length {statistics.mean(lengths):.2f}, "
        f"median {wall:.3f} s wall ({cpu:.3f} s CPU)"
    )
    print(f"   A* expansions per second:{rate(expanded, wall)} wall {rate(expanded, cpu)} CPU")
    return {"expanded": expanded, "wall": wall}


def section_idastar(boards, runs: int) -> None:
    print(f"\n3. IDA* with Manhattan on the same {len(boards)} boards, then the hardest two")
    for label, group in (
        ("random set", boards),
        ("hardest two", [Board.parse(h) for h in HARDEST]),
    ):
        wall, cpu, results = measure(lambda g=group: [idastar(b, GOAL) for b in g], runs)
        e = sum(r.stats.expanded for r in results)
        g = sum(r.stats.generated for r in results)
        print(f"   {label}: {e:,} expanded, {g:,} generated, median {wall:.3f} s ({cpu:.3f} CPU)")
        print(f"     generated per second:           {rate(g, wall)} wall {rate(g, cpu)} CPU")
        print(f"     expanded per second:            {rate(e, wall)} wall {rate(e, cpu)} CPU")
        print(
            f"     generated + expanded per second:{rate(g + e, wall)} wall {rate(g + e, cpu)} CPU"
        )


def section_overhead(problems, evaluator, runs: int) -> None:
    print("\n4. Cost of instrumentation (shipped loop vs stripped copy; same instance set)")

    def astar_shipped():
        return [
            _best_first_core(p, SearchStats(), Budget(), evaluator, 1, 1, True, None)
            for p in problems
        ]

    def astar_bare():
        return [astar_stripped(p, evaluator) for p in problems]

    def ida_shipped():
        return [_idastar_core(p, SearchStats(), Budget(), evaluator, None) for p in problems]

    def ida_bare():
        return [idastar_stripped(p, evaluator) for p in problems]

    def ida_checks():
        return [idastar_observer_checks(p, evaluator)[0] for p in problems]

    timings = interleaved(
        {
            "astar shipped": astar_shipped,
            "astar stripped": astar_bare,
            "idastar shipped": ida_shipped,
            "idastar stripped": ida_bare,
            "idastar + observer checks": ida_checks,
        },
        runs,
    )
    assert timings["astar shipped"][2] == timings["astar stripped"][2]
    assert timings["idastar shipped"][2] == timings["idastar stripped"][2]
    assert timings["idastar shipped"][2] == timings["idastar + observer checks"][2]
    print(f"   {'loop':28} {'median s':>9} {'CPU s':>7} {'vs stripped (wall, CPU)':>26}")
    for family in ("astar", "idastar"):
        base_wall, base_cpu, _ = timings[f"{family} stripped"]
        for name, (wall, cpu, _) in timings.items():
            if name.split()[0] != family:
                continue
            change = ""
            if not name.endswith("stripped"):
                change = (
                    f"{100 * (wall / base_wall - 1):+12.1f}% {100 * (cpu / base_cpu - 1):+8.1f}%"
                )
            print(f"   {name:28} {wall:>9.3f} {cpu:>7.3f} {change}")

    def ordered():
        return [idastar_h_ordered(p, evaluator) for p in problems]

    def shipped_counts():
        out = []
        for p in problems:
            stats = SearchStats()
            _idastar_core(p, stats, Budget(), evaluator, None)
            out.append((stats.expanded, stats.generated))
        return out

    timed = interleaved({"d,l,r,u (shipped)": shipped_counts, "ordered by h": ordered}, runs)
    shipped_e = sum(e for e, _ in timed["d,l,r,u (shipped)"][2])
    ordered_e = sum(e for _, e, _ in timed["ordered by h"][2])
    print("   IDA* successor order:")
    for name, count in (("d,l,r,u (shipped)", shipped_e), ("ordered by h", ordered_e)):
        wall, cpu, _ = timed[name]
        print(f"     {name:20} {count:>9,} expanded  median {wall:.3f} s ({cpu:.3f} CPU)")
    (w0, c0, _), (w1, c1, _) = timed["d,l,r,u (shipped)"], timed["ordered by h"]
    print(
        f"     ordered by h vs shipped: {100 * (ordered_e / shipped_e - 1):+.1f}% expanded, "
        f"{100 * (w1 / w0 - 1):+.1f}% wall, {100 * (c1 / c0 - 1):+.1f}% CPU"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--instances", type=int, default=100, help="random boards")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the instance set")
    args = parser.parse_args(argv)

    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"eightlab search benchmarks, {now}")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"runs per figure: {args.runs} (medians); instance set: {args.instances} boards, "
          f"seed {args.seed}")  # fmt: skip

    boards, generator = instance_set(args.instances, args.seed)
    print(f"instances from {generator}; mean exact length measured below by A*")
    problems = [Problem.of(b, GOAL) for b in boards]
    evaluator = MANHATTAN.bind(GOAL)

    section_full_bfs(args.runs)
    section_astar(problems, evaluator, boards, args.runs)
    section_idastar(boards, args.runs)
    section_overhead(problems, evaluator, args.runs)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
