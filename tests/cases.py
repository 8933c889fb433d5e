"""The known cases of the source problems, in one place for every test file.

Each case is ``(start, goal, optimal length, path)``: ``path`` is a path that must be
returned exactly, or None when any shortest path will do. The lengths come from the
problems' published samples and from the exhaustive table (``tests/oracle.py`` agrees).
"""

#: (start, goal, optimal length, a path that must be returned exactly or None)
CASES = [
    ("283104765", "123804765", 4, None),
    ("2 3 4 1 5 x 7 6 8", "12345678x", 19, None),
    ("12X453786", "12345678X", 2, "dd"),
    ("564178X23", "7568X4123", 8, None),
    ("283104765", "283104765", 0, ""),
    ("8 6 7 2 5 4 3 x 1", "12345678x", 31, None),
    ("531408627", "123804765", 30, None),
]

#: Longest optimal length an uninformed tree search (dls, iddfs) is run on in tests.
TREE_SEARCH_DEPTH = 19

#: The cases an uninformed tree search can afford (filtered, not skipped).
SHALLOW_CASES = [case for case in CASES if case[2] <= TREE_SEARCH_DEPTH]

#: A hard 4x4 board (Korf 1985's instance 1; 57 moves from ``KORF_GOAL``): no search
#: of eightlab solves it within a fraction of a second, so time budgets must stop it.
HARD_4X4 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
#: The goal of Korf's instances: the blank top-left, tile i in cell i.
KORF_GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
