"""The compiled IDA* (Korf 1985): the reference's passes, run by numba in slices of nodes.

The outer loop is the reference's (:func:`eightlab.search.idastar.idastar`): a pass per
threshold, the first threshold h(start), each next one the smallest f that exceeded the
current one. Each pass runs in the compiled kernel (:func:`eightlab.engine.kernel.run_pass`)
for a slice of expansions at a time; between slices this module looks at the node and
time budgets, and Python delivers Ctrl-C (``KeyboardInterrupt``). The counts, thresholds,
per-iteration rows and path are exactly the reference's: same move order (d, l, r, u),
parent-move pruning, goal test at generation.

References
----------
.. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", Artificial Intelligence 27(1), 1985.
"""

from __future__ import annotations

from time import perf_counter

import numpy as np

from eightlab.engine import kernel
from eightlab.engine.tables import heuristic_tables, move_tables
from eightlab.errors import EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.result import SearchResult
from eightlab.search._common import run_search

#: Wall-clock seconds one slice of the compiled pass aims at (between budget checks).
SLICE_SECONDS = 0.02
#: Expansions of the first slice; later slices are sized from the measured speed.
FIRST_SLICE = 1 << 14


def solve_compiled(
    start,
    goal=None,
    heuristic="manhattan",
    *,
    lexicographic: bool = False,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    observer=None,
) -> SearchResult:
    """IDA* compiled with numba, with the counts of the readable reference.

    Parameters
    ----------
    start, goal : Board or str
        The boards (up to 5x5); ``goal`` defaults to the tiles in order, blank last.
    heuristic : str or Heuristic
        Any heuristic that sums integer per-tile costs (``manhattan``, ``misplaced``,
        ``zero``, ...), ``linear-conflict``, or an additive pattern database
        (``pdb-5-5-5``, ``pdb-6-6-3``, ``pdb-7-8``); see :func:`supports`.
    lexicographic : bool
        As in the reference: the path is the lexicographically smallest shortest one;
        refused with a heuristic that is not admissible.
    max_nodes : int, optional
        Most nodes to expand over all passes (status ``budget_exceeded`` after exactly
        that many expansions, as in the reference).
    max_seconds : float, optional
        Most wall-clock seconds, compilation and table building included; checked
        between slices of about 20 ms.
    observer : None
        The compiled engine has no observers; passing one raises.

    Returns
    -------
    SearchResult
        Algorithm ``idastar``; ``expanded``, ``generated`` (node counts), ``iterations``,
        ``thresholds``, ``per_iteration``, ``max_frontier``, ``max_stored``, seconds.

    Raises
    ------
    EightlabError
        For an observer, a board larger than 5x5, a heuristic the engine does not
        compile, or ``lexicographic`` with an inadmissible heuristic.
    KeyboardInterrupt
        On Ctrl-C, between two slices.
    """
    if observer is not None:
        raise EightlabError("the compiled engine takes no observer; use engine='python'")
    h = get_heuristic(heuristic)
    if lexicographic and not h.admissible:
        raise EightlabError(
            f"lexicographic IDA* needs an admissible heuristic; {h.name!r} is not admissible"
        )

    def core(problem, stats, budget):
        return _compiled_core(problem, stats, budget, h)

    return run_search("idastar", h.name, start, goal, core, max_nodes, max_seconds)


def _compiled_core(problem, stats, budget, h):
    start, goal = problem.start_board, problem.goal_board
    if start.size > 25:
        raise EightlabError(f"the compiled engine takes boards up to 5x5, not {start.rows}x{start.cols}")
    moves = move_tables(start.rows, start.cols)
    ht = heuristic_tables(h, goal)
    tiles = np.array(start.tiles, dtype=np.int64)
    goal_tiles = np.array(goal.tiles, dtype=np.int64)
    pos = np.argsort(tiles).astype(np.int64)  # pos[t]: the cell of tile t
    h0 = ht.evaluate(tiles)
    misplaced0 = int(np.count_nonzero(tiles != goal_tiles))
    regs = np.zeros(kernel.REGS, dtype=np.int64)
    bound, path = h0, None
    expanded = generated = deepest = 0
    slice_size = FIRST_SLICE
    try:
        while True:
            stats.thresholds.append(bound)
            row = {"iteration": len(stats.thresholds), "threshold": bound}
            before = (expanded, generated)
            if misplaced0 == 0:
                path = ""
            else:
                depth = bound + 2  # a node within the bound has g <= bound
                stack = [np.zeros(depth, dtype=np.int64) for _ in range(6)]
                blank, came_from, hs, misplaced, next_k, smallest = stack
                values = np.zeros((depth, 2, max(1, len(ht.lengths))), dtype=np.int64)
                blank[0], came_from[0], hs[0], misplaced[0] = start.blank, -1, h0, misplaced0
                if ht.kind == 2:
                    kernel.pdb_groups(pos, ht.patterns, ht.lengths, ht.offsets, ht.table,
                                      ht.mirror_cell, ht.mirror_tile, values[0])  # fmt: skip
                regs[:] = 0
                regs[kernel.BOUND], regs[kernel.ENTER] = bound, 1
                regs[kernel.EXPANDED], regs[kernel.GENERATED] = expanded, generated
                regs[kernel.DEEPEST] = deepest
                while True:
                    stop_at = expanded + slice_size
                    if budget.max_nodes is not None:
                        stop_at = min(stop_at, budget.max_nodes)
                    t0 = perf_counter()
                    status = kernel.run_pass(
                        tiles, goal_tiles, moves.targets, moves.count, ht.dh, ht.kind,
                        ht.line_cells, ht.line_slots, ht.line_of, pos, ht.group_of,
                        ht.patterns, ht.lengths, ht.offsets, ht.table, ht.mirror_cell,
                        ht.mirror_tile, values, regs, blank, came_from, hs, misplaced,
                        next_k, smallest, stop_at,
                    )  # fmt: skip
                    spent = perf_counter() - t0
                    done = int(regs[kernel.EXPANDED]) - expanded
                    expanded, generated = int(regs[kernel.EXPANDED]), int(regs[kernel.GENERATED])
                    deepest = int(regs[kernel.DEEPEST])
                    if status != kernel.RUNNING:
                        break
                    budget.check(expanded)  # raises OutOfBudget when spent
                    if done > 0 and spent > 0:
                        slice_size = max(1024, int(done * SLICE_SECONDS / spent))
                if status == kernel.FOUND:
                    d = int(regs[kernel.DEPTH])
                    path = "".join(
                        moves.letters[blank[i]][next_k[i] - 1] for i in range(d)
                    )
            row["expanded"] = expanded - before[0]
            row["generated"] = generated - before[1]
            stats.per_iteration.append(row)
            if path is not None:
                return path
            nxt = int(regs[kernel.NEXT_BOUND])
            if nxt >= kernel.NO_BOUND:
                raise AssertionError("IDA* exhausted a solvable problem")
            bound = nxt
    finally:
        if len(stats.per_iteration) < len(stats.thresholds):  # a pass cut by the budget
            stats.per_iteration.append(
                {"iteration": len(stats.thresholds), "threshold": bound,
                 "expanded": expanded - before[0], "generated": generated - before[1]}
            )  # fmt: skip
        stats.expanded, stats.generated = expanded, generated
        stats.max_frontier, stats.max_stored = deepest, deepest + 1
        stats.iterations = len(stats.thresholds)
