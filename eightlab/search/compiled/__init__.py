"""The compiled engine: IDA* in numba, with exactly the counts of the readable reference.

Reached through ``solve(..., engine="compiled")`` (or ``"auto"`` on 4x4 and larger).
Importing this package does not import numba: :func:`solve_compiled` is loaded on first
use, so :func:`eightlab.search.solve` can ask :func:`supports` without paying for it.
The kernels are compiled on first use and cached on disk in ``__pycache__`` beside them
(numba's ``cache=True``; see ``benchmarks/README.md`` for what the first run costs).
"""

from eightlab.search.compiled.tables import supports

__all__ = ["solve_compiled", "supports"]


def __getattr__(name):
    if name == "solve_compiled":
        from eightlab.search.compiled.idastar import solve_compiled

        return solve_compiled
    raise AttributeError(f"module 'eightlab.search.compiled' has no attribute {name!r}")
