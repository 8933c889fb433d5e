"""Published figures that eightlab's tables are compared with: AIMA's fig. 3.29, Korf 1985.

:data:`AIMA_FIG_3_29` holds the search costs and effective branching factors of
Russell & Norvig's table, as printed; :func:`korf1985_table` reads Korf's Table 1
(per instance: the initial estimate, the optimal length, the nodes IDA* generated) from
the package data file ``eightlab/data/korf1985_table1.txt``, whose header says where the
transcription comes from and how it was checked.

References
----------
.. [1] S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, 3rd ed.,
   2010, fig. 3.29 (also 2nd ed., 2003, fig. 4.8).
.. [2] R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
   search", *Artificial Intelligence* 27(1), 1985, 97-109, Table 1.
"""

from __future__ import annotations

from typing import NamedTuple

from eightlab.errors import EightlabError

#: Where the numbers of :data:`AIMA_FIG_3_29` were printed.
AIMA_SOURCE = "AIMA 3rd ed. (Russell & Norvig 2010), fig. 3.29"

#: AIMA 3rd ed., fig. 3.29, as printed: for each eightlab search label, the mean nodes
#: generated (``"nodes"``) and the mean effective branching factor (``"b*"``) by depth,
#: over 100 random 8-puzzle instances per depth. IDS has no entry beyond d = 12 (the
#: 3rd edition prints none).
AIMA_FIG_3_29 = {
    "IDDFS (tree)": {
        "nodes": {2: 10, 4: 112, 6: 680, 8: 6384, 10: 47127, 12: 3644035},
        "b*": {2: 2.45, 4: 2.87, 6: 2.73, 8: 2.80, 10: 2.79, 12: 2.78},
    },
    "A* (misplaced)": {
        "nodes": {2: 6, 4: 13, 6: 20, 8: 39, 10: 93, 12: 227, 14: 539, 16: 1301,
                  18: 3056, 20: 7276, 22: 18094, 24: 39135},
        "b*": {2: 1.79, 4: 1.48, 6: 1.34, 8: 1.33, 10: 1.38, 12: 1.42, 14: 1.44,
               16: 1.45, 18: 1.46, 20: 1.47, 22: 1.48, 24: 1.48},
    },
    "A* (manhattan)": {
        "nodes": {2: 6, 4: 12, 6: 18, 8: 25, 10: 39, 12: 73, 14: 113, 16: 211,
                  18: 363, 20: 676, 22: 1219, 24: 1641},
        "b*": {2: 1.79, 4: 1.45, 6: 1.30, 8: 1.24, 10: 1.22, 12: 1.24, 14: 1.23,
               16: 1.25, 18: 1.26, 20: 1.27, 22: 1.28, 24: 1.26},
    },
}  # fmt: skip

#: IDS at d = 14 in AIMA's 2nd edition, fig. 4.8 (the 3rd edition leaves the cell empty).
AIMA_2ND_IDS_D14 = 3_473_941

#: IDS at d = 12 on a public slide of AIMA's 2nd edition (the 3rd prints 3,644,035).
AIMA_2ND_SLIDE_IDS_D12 = 364_404

#: Where the rows of :func:`korf1985_table` were printed.
KORF1985_SOURCE = "Korf (1985), Artificial Intelligence 27(1), Table 1"


class Korf1985Row(NamedTuple):
    """One instance of Korf (1985), Table 1."""

    instance: int  #: 1-100, the order of :func:`eightlab.instances.korf100`
    h_start: int  #: the initial estimate (Manhattan distance of the start), moves
    length: int  #: the optimal solution length, moves
    generated: int  #: the total number of nodes IDA* generated, all passes


def korf1985_table() -> list[Korf1985Row]:
    """Korf's Table 1 (1985): per instance, the estimate, the optimal length, the nodes.

    Read from ``eightlab/data/korf1985_table1.txt`` (its header cites the paper and
    says how the transcription was checked; instance 89's estimate, 36, differs from
    eightlab's Manhattan distance of that start, 38, and is kept as transcribed).

    Returns
    -------
    list of Korf1985Row
        100 rows, instance k at index k - 1.

    Raises
    ------
    EightlabError
        If the data file is damaged (not 100 rows of four integers numbered 1-100).
    """
    from importlib.resources import files

    text = files("eightlab.data").joinpath("korf1985_table1.txt").read_text(encoding="ascii")
    rows = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 4 or not all(f.isdigit() for f in fields):
            raise EightlabError(f"korf1985_table1.txt: bad line {line!r:.60}")
        rows.append(Korf1985Row(*map(int, fields)))
    if [row.instance for row in rows] != list(range(1, 101)):
        raise EightlabError("korf1985_table1.txt: expected instances 1 to 100 in order")
    return rows
