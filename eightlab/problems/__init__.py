"""The three source problems, answered byte for byte as their judges expect.

One job per module, each importing only the ones after it:

- :mod:`.judges`: the judges' input and output formats, :func:`run_problem` (``python
  -m eightlab problem NAME``);
- :mod:`.lexicographic`: the lexicographically smallest shortest path of a pair,
  :func:`lexicographic_shortest_path`, from the per-blank BFS tables of
  :func:`lexicographic_bfs_table` (or from lexicographic IDA*);
- :mod:`.tablecache`: those tables on disk.
"""

from eightlab.problems.judges import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    MAX_CASES,
    MIN_MOVES_GOAL,
    SHORTEST_PATH_GOAL,
    run_problem,
)
from eightlab.problems.lexicographic import (
    METHODS,
    ROOT,
    UNREACHED,
    UnsolvablePairError,
    canonical_tiles,
    lexicographic_bfs_table,
    lexicographic_shortest_path,
    relabel,
)

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_OK",
    "MAX_CASES",
    "METHODS",
    "MIN_MOVES_GOAL",
    "ROOT",
    "SHORTEST_PATH_GOAL",
    "UNREACHED",
    "UnsolvablePairError",
    "canonical_tiles",
    "lexicographic_bfs_table",
    "lexicographic_shortest_path",
    "relabel",
    "run_problem",
]
