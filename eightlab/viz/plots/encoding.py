"""One encoding for every eightlab figure: a colour per algorithm, a line per heuristic.

The two tables below are the one place where an algorithm (registry name of
:data:`eightlab.search.ALGORITHMS`) gets its colour and a heuristic (registry name of
:data:`eightlab.heuristics.HEURISTICS`) its line style, marker and colour. The rule
every chart of :mod:`eightlab.viz.plots` follows:

* a figure that compares **several algorithms** colours each line by its algorithm
  (:data:`ALGORITHM_COLORS`) and draws it with its heuristic's line style and marker,
  so that "A* (manhattan)" and "IDA* (manhattan)" share a marker and differ in colour,
  and a legend needs one entry per line, never a colour and a style per pair;
* a figure of **one algorithm, or of heuristics alone** (the heuristic panels, the
  15-puzzle runs of IDA*) colours each line by its heuristic
  (:data:`HEURISTIC_STYLES`), and keeps its line style and marker.

Rules the tests check: every registered algorithm has an entry in
:data:`ALGORITHM_COLORS` and no two entries share a colour; every registered
heuristic has an entry in :data:`HEURISTIC_STYLES`, no two share a colour nor a
(line style, marker) pair; the heuristics that claim admissibility are drawn solid,
dotted or dash-dotted, those that claim nothing dashed (``"--"``).

To add an algorithm or a heuristic, add one line here (colours not taken yet:
:data:`SPARE_COLORS`). Colours are Okabe-Ito's (colour-blind safe) first, then Paul
Tol's dark and muted schemes.
"""

from __future__ import annotations

#: The colour of each algorithm, by registry name.
ALGORITHM_COLORS = {
    "bfs": "#000000",  # black
    "bfs-cantor": "#888888",  # grey: BFS with another visited set, the same counts
    "bidirectional-bfs": "#56b4e9",  # sky blue
    "dls": "#999933",  # olive
    "iddfs": "#e69f00",  # orange
    "iddfs-tree": "#8c510a",  # brown
    "iddfs-h": "#cc79a7",  # reddish purple
    "ucs": "#332288",  # indigo
    "greedy": "#009e73",  # bluish green
    "astar": "#0072b2",  # blue
    "weighted-astar": "#44aa99",  # teal
    "idastar": "#d55e00",  # vermillion
    "rbfs": "#882255",  # wine
    # the bidirectional heuristic searches
    "mm": "#117733",  # dark green
    "nbs": "#aa4499",  # purple
    "gbfhs": "#cc6677",  # rose
    "bidirectional-astar-naive": "#88ccee",  # cyan
}

#: Line style, marker and colour of each heuristic, by registry name; ``""`` is the
#: line of a search without a heuristic.
HEURISTIC_STYLES = {
    "": {"linestyle": "-", "marker": "o", "color": "#000000"},
    "zero": {"linestyle": ":", "marker": "x", "color": "#888888"},
    "misplaced": {"linestyle": ":", "marker": "s", "color": "#e69f00"},
    "manhattan": {"linestyle": "-", "marker": "^", "color": "#0072b2"},
    "linear-conflict": {"linestyle": "-.", "marker": "D", "color": "#009e73"},
    "max-swap": {"linestyle": ":", "marker": "v", "color": "#44aa99"},
    "pdb": {"linestyle": "-", "marker": "P", "color": "#aa4499"},
    "exact": {"linestyle": "-", "marker": "*", "color": "#332288"},
    "weighted-manhattan": {"linestyle": "--", "marker": "<", "color": "#56b4e9"},
    "manhattan-with-blank": {"linestyle": "--", "marker": ">", "color": "#cc6677"},
    "linear-conflict-pairs": {"linestyle": "--", "marker": "d", "color": "#999933"},
    "nilsson": {"linestyle": "--", "marker": "X", "color": "#8c510a"},
    "pdb-5-5-5": {"linestyle": "-.", "marker": "p", "color": "#d55e00"},
    "pdb-6-6-3": {"linestyle": "-.", "marker": "h", "color": "#cc79a7"},
    "pdb-7-8": {"linestyle": "-.", "marker": "H", "color": "#882255"},
    # the regular lookup only: the family's tint, dotted, a star with as many points
    "pdb-5-5-5-single": {"linestyle": ":", "marker": (5, 1, 0), "color": "#f4a582"},
    "pdb-6-6-3-single": {"linestyle": ":", "marker": (6, 1, 0), "color": "#e7b9d5"},
    "pdb-7-8-single": {"linestyle": ":", "marker": (8, 1, 0), "color": "#c2a5cf"},
    "pdb-5-5-5-rows": {"linestyle": ":", "marker": "4", "color": "#ddcc77"},
    "pdb-6-6-3-rows": {"linestyle": ":", "marker": "|", "color": "#bbbbbb"},
    "pdb-6-6-6-6": {"linestyle": "-", "marker": "8", "color": "#0077bb"},
    "pdb-5-5-5-dual": {"linestyle": "-.", "marker": (5, 2, 0), "color": "#b35806"},
    "pdb-6-6-3-dual": {"linestyle": "-.", "marker": (6, 2, 0), "color": "#8e0152"},
    "pdb-7-8-dual": {"linestyle": "-.", "marker": (8, 2, 0), "color": "#542788"},
    "pdb-6-6-6-6-dual": {"linestyle": "-", "marker": (4, 1, 0), "color": "#004488"},
    "learned": {"linestyle": "--", "marker": "3", "color": "#117733"},
    "learned-shifted": {"linestyle": "-", "marker": "+", "color": "#ee7733"},
    "learned-quantile": {"linestyle": "--", "marker": "1", "color": "#ee3377"},
    "learned-penalty": {"linestyle": "--", "marker": "2", "color": "#88ccee"},
}

#: Colours of the palette that no algorithm has yet (for new entries).
SPARE_COLORS = ("#dddddd",)

#: Style of a name that is in neither table: grey, so that it shows as unknown.
UNKNOWN = {"linestyle": "-", "marker": "o", "color": "#888888"}


def _known(name: str, table: dict) -> str | None:
    """``name``, or the registry entry it is a variant of (``"iddfs-x"`` -> ``"iddfs"``)."""
    name = "" if name is None else str(name)
    if name in table:
        return name
    base = name.rsplit("-", 1)[0] if "-" in name else None
    while base:
        if base in table:
            return base
        base = base.rsplit("-", 1)[0] if "-" in base else None
    return None


def algorithm_color(name: str, default: str = UNKNOWN["color"]) -> str:
    """The colour of an algorithm in every eightlab figure.

    Parameters
    ----------
    name : str
        Registry name (``"astar"``); a variant not in the table (``"astar-x"``) takes
        its family's colour.
    default : str
        Colour of a name that is not known (grey).

    Returns
    -------
    str
        A hex colour from :data:`ALGORITHM_COLORS`.
    """
    known = _known(name, ALGORITHM_COLORS)
    return ALGORITHM_COLORS[known] if known is not None else default


def heuristic_style(name: str) -> dict:
    """Line style, marker and colour of a heuristic in every eightlab figure.

    Parameters
    ----------
    name : str
        Registry name (``"manhattan"``); ``""`` or None for a search without one. A
        variant not in the table (``"pdb-4-4-4-3"``) takes its family's style.

    Returns
    -------
    dict
        ``{"linestyle": ..., "marker": ..., "color": ...}``, a copy (grey for a name
        that is not known).
    """
    known = _known("" if name is None else name, HEURISTIC_STYLES)
    return dict(HEURISTIC_STYLES[known] if known is not None else UNKNOWN)


def heuristic_color(name: str, default: str = UNKNOWN["color"]) -> str:
    """The colour of a heuristic in the figures of one algorithm or of heuristics alone.

    Parameters
    ----------
    name : str
        A heuristic's registry name (or a variant's, read as its family's).
    default : str, optional
        The colour of an unknown or empty name.

    Returns
    -------
    str
        A hex colour.
    """
    known = _known(name, HEURISTIC_STYLES)
    return HEURISTIC_STYLES[known]["color"] if known is not None and name else default


def heuristic_marker(name: str) -> str:
    """The marker of a heuristic in every eightlab figure.

    Parameters
    ----------
    name : str
        A heuristic's registry name (or a variant's, read as its family's).

    Returns
    -------
    str
        A matplotlib marker.
    """
    return heuristic_style(name)["marker"]


def heuristic_linestyle(name: str) -> str:
    """The line style of a heuristic in every eightlab figure.

    Parameters
    ----------
    name : str
        A heuristic's registry name (or a variant's, read as its family's).

    Returns
    -------
    str
        A matplotlib line style.
    """
    return heuristic_style(name)["linestyle"]


def series_style(algorithm: str, heuristic: str, by: str = "algorithm") -> dict:
    """The style of one line: (algorithm, heuristic) under the rule of this module.

    Parameters
    ----------
    algorithm, heuristic : str
        Registry names (``heuristic`` empty or None for an uninformed search).
    by : {"algorithm", "heuristic"}
        What the colour says: the algorithm (figures of several algorithms) or the
        heuristic (figures of one algorithm).

    Returns
    -------
    dict
        ``color``, ``linestyle`` and ``marker`` for :meth:`matplotlib.axes.Axes.plot`.
    """
    if by not in ("algorithm", "heuristic"):
        raise ValueError(f"by must be 'algorithm' or 'heuristic', not {by!r}")
    style = heuristic_style(heuristic or "")
    if by == "algorithm" or not heuristic:
        style["color"] = algorithm_color(algorithm)
    return style
