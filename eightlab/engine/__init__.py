"""The compiled engine: IDA* in numba, with exactly the counts of the readable reference.

Imported only when asked for (``solve(..., engine="compiled")``), so that a search with
the Python engine never imports numba. The kernel is compiled on first use and cached on
disk next to this package (numba's ``cache=True``), so only the first run pays it.
"""

from eightlab.engine.idastar import solve_compiled
from eightlab.engine.tables import supports

__all__ = ["solve_compiled", "supports"]
