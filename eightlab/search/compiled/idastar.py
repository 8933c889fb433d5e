"""The compiled IDA* (Korf 1985): the reference's loop, with passes run by numba in slices.

:func:`eightlab.search.idastar.iterate` is the outer loop; each pass runs in a compiled
kernel (:mod:`~eightlab.search.compiled.kernel`, ``kernel_wide``, ``kernel_pdb``, and
``kernel_bpmx`` for the dual lookups with bidirectional pathmax) for a
slice of expansions at a time, and between slices the node and time budgets are checked
and Python delivers Ctrl-C (``KeyboardInterrupt``). The counts, thresholds,
per-iteration rows and path are the reference's: the same move order (d, l, r, u),
parent-move pruning and goal test at generation.

References
----------
.. [1] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", Artificial Intelligence 27(1), 1985.
"""

from __future__ import annotations

from time import perf_counter

import numpy as np

from eightlab.errors import EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.search import idastar as reference
from eightlab.search.compiled import kernel
from eightlab.search.compiled.kernel_bpmx import run_pass_bpmx
from eightlab.search.compiled.kernel_pdb import pdb_start, run_pass_pdb
from eightlab.search.compiled.kernel_wide import run_pass_wide
from eightlab.search.compiled.tables import COMPILED, heuristic_tables, move_tables, supports
from eightlab.search.compiled.warm import load_kernels
from eightlab.search.harness import prepare, run_search
from eightlab.search.idastar import NO_BOUND, iterate
from eightlab.search.result import SearchResult

#: Wall-clock seconds one slice of the compiled pass aims at (between budget checks).
SLICE_SECONDS = 0.02
#: Expansions of the first slice; later slices are sized from the measured speed.
FIRST_SLICE = 1 << 14


def solve_compiled(
    start, goal=None, heuristic="manhattan", *, lexicographic=False, observer=None, **budgets
) -> SearchResult:
    """IDA* compiled with numba, with the counts of the readable reference.

    Parameters
    ----------
    start, goal : Board or str
        The boards (up to 5x5); ``goal`` defaults to the tiles in order, blank last.
    heuristic : str or Heuristic
        Any heuristic that sums integer per-tile costs (``manhattan``, ``misplaced``,
        ``zero``, ...), ``linear-conflict``, or an additive pattern database
        (``pdb-5-5-5``, ``pdb-6-6-3``, ``pdb-7-8`` on 4x4, ``pdb-6-6-6-6`` on 5x5); see
        :func:`supports`.
    lexicographic : bool
        As in the reference: the path is the lexicographically smallest shortest one;
        refused with a heuristic that is not admissible.
    **budgets
        As in :func:`eightlab.search.solve`, with the reference's counts:
        ``budget_exceeded`` after exactly ``max_nodes`` expansions; ``max_seconds``
        covers table building and is checked between slices of
        :data:`SLICE_SECONDS` each; a pass whose threshold would exceed ``max_stored`` is not started.
        The kernels are loaded (compiled, the first time on a machine) before the clock
        starts (:func:`~eightlab.search.compiled.warm.load_kernels`), so neither the
        budget nor the seconds count them.
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
    if not supports(h):
        raise EightlabError(
            f"the compiled engine does not run heuristic {h.name!r}; it runs "
            f"{', '.join(COMPILED)} and the pdb-* databases; use engine='python'"
        )
    if lexicographic and not h.admissible:
        raise EightlabError(
            f"lexicographic IDA* needs an admissible heuristic; {h.name!r} is not admissible"
        )

    def core(problem, stats, budget):
        return _compiled_core(problem, stats, budget, h)

    load_kernels(h.name, prepare(start, goal)[0].size)  # before the search's clock

    options = {"lexicographic": bool(lexicographic), "engine": "compiled"}
    return run_search("idastar", h.name, start, goal, core, options, **budgets)


def _compiled_core(problem, stats, budget, h):
    """IDA* on the problem with the compiled passes of :class:`_Passes`."""
    start, goal = problem.start_board, problem.goal_board
    if start.size > 25:
        raise EightlabError(
            f"the compiled engine takes boards up to 5x5, not {start.rows}x{start.cols}"
        )
    ht = heuristic_tables(h, goal)
    h0 = ht.evaluate(start.tiles)
    passes = _Passes(start, goal, ht, h0, budget)
    return iterate(stats, budget, h0, start == goal, passes.run, passes.counts, passes.path)


class _Passes:
    """The arrays of the kernel's passes, set up per threshold and resumed per slice."""

    def __init__(self, start, goal, ht, h0: int, budget):
        self.start, self.goal, self.ht, self.h0, self.budget = start, goal, ht, h0, budget
        self.moves = move_tables(start.rows, start.cols)
        self.packed = start.size <= 16
        self.regs = np.zeros(kernel.REGS, dtype=np.int64)
        self.expanded = self.generated = self.deepest = 0
        self.slice_size = FIRST_SLICE

    def counts(self) -> tuple[int, int, int]:
        """Expanded, generated (totals over the passes) and the deepest g reached."""
        return self.expanded, self.generated, self.deepest

    def run(self, bound: int) -> float:
        """One pass with threshold ``bound``, in slices of about :data:`SLICE_SECONDS`.

        Returns -1 when it reached the goal, else the smallest f above ``bound``
        (:data:`~eightlab.search.idastar.NO_BOUND` when none exceeded it). Between
        slices the node and time budgets are checked (raising ``OutOfBudget``) and
        Python delivers Ctrl-C.
        """
        regs = self._begin(bound)
        budget = self.budget
        while True:
            stop_at = self.expanded + self.slice_size
            if budget.max_nodes is not None:
                stop_at = min(stop_at, budget.max_nodes)
            t0 = perf_counter()
            status = self.resume(stop_at)
            spent = perf_counter() - t0
            done = int(regs[kernel.EXPANDED]) - self.expanded
            self.expanded, self.generated = int(regs[kernel.EXPANDED]), int(regs[kernel.GENERATED])
            self.deepest = int(regs[kernel.DEEPEST])
            if status != kernel.RUNNING:
                break
            budget.check(self.expanded)
            if done > 0 and spent > 0:
                self.slice_size = max(1024, int(done * SLICE_SECONDS / spent))
        if status == kernel.FOUND:
            return -1
        smallest = int(regs[kernel.NEXT_BOUND])
        return NO_BOUND if smallest >= kernel.NO_BOUND else smallest

    def _begin(self, bound: int) -> np.ndarray:
        """Set up a pass with threshold ``bound``; the counts continue from the totals."""
        start, ht = self.start, self.ht
        depth = bound + 2  # a node within the bound has g <= bound
        self.blank = np.zeros(depth, dtype=np.int64)
        self.came_from = np.zeros(depth, dtype=np.int64)
        self.hs = np.zeros(depth, dtype=np.int64)
        self.next_k = np.zeros(depth, dtype=np.int64)
        self.smallest = np.zeros(depth, dtype=np.int64)
        self.blank[0], self.came_from[0], self.hs[0] = start.blank, -1, self.h0
        if ht.kind == 2:  # pattern databases: the board as tiles and cells, any size
            self.tiles = np.array(start.tiles, dtype=np.int64)
            self.pos = np.argsort(self.tiles).astype(np.int64)
            self.mpos = np.zeros_like(self.pos)
            mirrored = ht.mirror_cell.shape[0] > 0
            if mirrored:
                self.mpos[:] = ht.mirror_cell[self.pos[ht.mirror_tile]]
            self.entries = np.zeros((depth, 2, len(ht.lengths)), dtype=np.int64)
            self.hsum = np.zeros((depth, 2), dtype=np.int64)
            pdb_start(self.pos, self.mpos, ht.patterns, ht.lengths, ht.offsets, ht.table,
                      mirrored, self.entries, self.hsum)  # fmt: skip
            if ht.routes is not None:  # the dual lookup, with BPMX
                self.hnode = np.zeros(depth, dtype=np.int64)
                self.hnode[0] = self.h0
                self.wraw = np.full(depth, -1, dtype=np.int64)
                self.dpos = np.zeros_like(self.tiles)
        elif self.packed:
            self.state = np.zeros(depth, dtype=np.uint64)
            self.state[0] = start.packed
            self.penalties = np.zeros(depth, dtype=np.int64)
            if ht.kind == 1:  # the conflict part of h(start)
                self.penalties[0] = self.h0 - ht.tile_sum(start.tiles)
        else:
            self.tiles = np.array(start.tiles, dtype=np.int64)
            self.goal_tiles = np.array(self.goal.tiles, dtype=np.int64)
            self.misplaced = np.zeros(depth, dtype=np.int64)
            self.misplaced[0] = np.count_nonzero(self.tiles != self.goal_tiles)
        regs = self.regs
        regs[:] = 0
        regs[kernel.BOUND], regs[kernel.ENTER] = bound, 1
        regs[kernel.EXPANDED], regs[kernel.GENERATED] = self.expanded, self.generated
        regs[kernel.DEEPEST], regs[kernel.NEXT_BOUND] = self.deepest, kernel.NO_BOUND
        return regs

    def resume(self, stop_at: int) -> int:
        """Run the pass until ``stop_at`` expansions in all; return the kernel's status."""
        ht, m = self.ht, self.moves
        if ht.kind == 2 and ht.routes is not None:
            return run_pass_bpmx(
                m.targets.ravel(), m.count, ht.group_of, ht.patterns, ht.lengths, ht.offsets,
                ht.table, ht.mirror_cell, ht.inverse_mirror, ht.routes, ht.route_len,
                ht.goal_tiles, ht.home, self.regs, self.tiles, self.pos, self.mpos, self.blank,
                self.came_from, self.next_k, self.entries, self.hsum, self.hnode, self.wraw,
                self.dpos, reference.DUAL_SLACK, stop_at,
            )  # fmt: skip
        if ht.kind == 2:
            return run_pass_pdb(
                m.targets.ravel(), m.count, ht.group_of, ht.patterns, ht.lengths, ht.offsets,
                ht.table, ht.mirror_cell, ht.inverse_mirror, self.regs, self.tiles, self.pos,
                self.mpos, self.blank, self.came_from, self.next_k, self.entries, self.hsum,
                stop_at,
            )  # fmt: skip
        if self.packed:
            return kernel.run_pass(
                np.uint64(self.goal.packed), m.targets.ravel(), m.count, ht.dh.ravel(), ht.kind,
                ht.line_cells, ht.line_slots, ht.line_of, ht.line_table, self.regs, self.state,
                self.blank, self.came_from, self.hs, self.penalties, self.next_k, stop_at,
            )  # fmt: skip
        return run_pass_wide(
            self.tiles, self.goal_tiles, m.targets, m.count, ht.dh, ht.kind, ht.line_cells,
            ht.line_slots, ht.line_of, self.regs, self.blank, self.came_from, self.hs,
            self.misplaced, self.next_k, self.smallest, stop_at,
        )  # fmt: skip

    def path(self) -> str:
        """The moves of the path found (the stack from the root to the goal's parent)."""
        letters = self.moves.letters
        d = int(self.regs[kernel.DEPTH])
        return "".join(letters[self.blank[i]][self.next_k[i] - 1] for i in range(d))
