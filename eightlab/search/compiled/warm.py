"""Loading the compiled passes before a search's clock starts.

The first call of a numba kernel in a process loads its machine code from numba's disk
cache (or compiles it, the first time on a machine), which a search that timed it would
count as its own: as much as a short search itself (``benchmarks/README.md``).
:func:`load_kernels` loads the kernels a heuristic needs, by their
signatures (the types of the arrays :mod:`~eightlab.search.compiled.idastar` passes),
once per process, so a search's seconds are its search's.
"""

from __future__ import annotations

import numpy as np
from numba import typeof

from eightlab.search.compiled.kernel import run_pass
from eightlab.search.compiled.kernel_bpmx import run_pass_bpmx
from eightlab.search.compiled.kernel_pdb import pdb_start, run_pass_pdb
from eightlab.search.compiled.kernel_wide import run_pass_wide

_LOADED: set = set()  # the kernels already loaded in this process


def _signatures(kind: str) -> list:
    """``[(kernel, argument types), ...]`` of the passes of ``kind``."""
    i = np.int64(0)
    v1, v2, v3 = np.zeros(1, np.int64), np.zeros((1, 1), np.int64), np.zeros((1, 1, 1), np.int64)
    table = np.zeros(1, np.uint8)
    table.flags.writeable = False  # the tables are one read-only buffer (pdb.cache.joined)
    lines = np.zeros((1, 1), np.int8)
    args = {
        "packed": [(run_pass, [np.uint64(0), v1, v1, v1, i, v2, v2, v2, lines, v1,
                               np.zeros(1, np.uint64), v1, v1, v1, v1, v1, i])],
        "wide": [(run_pass_wide, [v1, v1, v2, v1, v3, i, v2, v2, v2, v1, v1, v1, v1, v1, v1,
                                  v1, i])],
        "pdb": [(run_pass_pdb, [v1, v1, v1, v2, v1, v1, table, v1, v1, v1, v1, v1, v1, v1, v1,
                                v1, v3, v2, i]),
                (pdb_start, [v1, v1, v2, v1, v1, table, True, v3, v2])],
        "dual": [(run_pass_bpmx, [v1, v1, v1, v2, v1, v1, table, v1, v1, v2, v1, v1, v1, v1,
                                  v1, v1, v1, v1, v1, v1, v3, v2, v1, v1, v1, i, i]),
                 (pdb_start, [v1, v1, v2, v1, v1, table, True, v3, v2])],
    }[kind]  # fmt: skip
    return [(kernel, tuple(typeof(a) for a in types)) for kernel, types in args]


def load_kernels(heuristic: str, size: int) -> None:
    """Load (or compile) the passes for ``heuristic`` (a name) on boards of ``size`` cells.

    Parameters
    ----------
    heuristic : str
        A heuristic the compiled engine runs (``manhattan``, ``pdb-5-5-5-dual``, ...).
    size : int
        Cells of the board (up to 16: packed states; more: the board as tiles).
    """
    if heuristic.startswith("pdb-"):
        kind = "dual" if heuristic.endswith("-dual") else "pdb"
    else:
        kind = "packed" if size <= 16 else "wide"
    if kind in _LOADED:
        return
    for kernel, signature in _signatures(kind):
        kernel.compile(signature)
    _LOADED.add(kind)
