"""One encoding for every eightlab figure: a colour per algorithm, a line per heuristic.

The two tables below are the one place where an algorithm (registry name of
:data:`eightlab.search.ALGORITHMS`) gets its colour and a heuristic (registry name of
:data:`eightlab.heuristics.HEURISTICS`) its line style and marker. The rule every
chart of :mod:`eightlab.viz.plots` follows, so that no colour changes meaning from one
figure (or slide) to the next:

* **the colour says the algorithm**, in every figure, figures of one algorithm
  included (:data:`ALGORITHM_COLORS`): "A* (manhattan)" and "IDA* (manhattan)" differ
  in colour;
* **the line style and the marker say the heuristic** (:data:`HEURISTIC_STYLES`):
  "A* (manhattan)" and "IDA* (manhattan)" share them;
* a figure of **heuristics alone** (no search: h against h*, overestimates) draws every
  heuristic in :data:`INK`, a colour no algorithm has, with its line style and marker.

The display name of an algorithm is its registry label (``"A*"``), that of a heuristic
its registry name (``"manhattan"``); :func:`~eightlab.search.registry.run_label` gives
both and joins them (``"A* (manhattan)"``), in every figure.

Rules the tests check: every registered algorithm has an entry in
:data:`ALGORITHM_COLORS` and no two entries share a colour, nor take :data:`INK` or
:data:`UNKNOWN`'s; every registered heuristic has an entry in :data:`HEURISTIC_STYLES`
and no two share a marker; the heuristics that claim admissibility are drawn solid,
dotted or dash-dotted, those that claim nothing dashed (``"--"``); every figure
``eightlab plot`` draws follows the rule.

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

#: Line style and marker of each heuristic, by registry name; ``""`` is the line of a
#: search without a heuristic.
HEURISTIC_STYLES = {
    "": {"linestyle": "-", "marker": "o"},
    "zero": {"linestyle": ":", "marker": "x"},
    "misplaced": {"linestyle": ":", "marker": "s"},
    "manhattan": {"linestyle": "-", "marker": "^"},
    "linear-conflict": {"linestyle": "-.", "marker": "D"},
    "max-swap": {"linestyle": ":", "marker": "v"},
    "pdb": {"linestyle": "-", "marker": "P"},
    "exact": {"linestyle": "-", "marker": "*"},
    "weighted-manhattan": {"linestyle": "--", "marker": "<"},
    "manhattan-with-blank": {"linestyle": "--", "marker": ">"},
    "linear-conflict-pairs": {"linestyle": "--", "marker": "d"},
    "nilsson": {"linestyle": "--", "marker": "X"},
    "pdb-5-5-5": {"linestyle": "-.", "marker": "p"},
    "pdb-6-6-3": {"linestyle": "-.", "marker": "h"},
    "pdb-7-8": {"linestyle": "-.", "marker": "H"},
    # the regular lookup only: dotted, a star with as many points
    "pdb-5-5-5-single": {"linestyle": ":", "marker": (5, 1, 0)},
    "pdb-6-6-3-single": {"linestyle": ":", "marker": (6, 1, 0)},
    "pdb-7-8-single": {"linestyle": ":", "marker": (8, 1, 0)},
    "pdb-5-5-5-rows": {"linestyle": ":", "marker": "4"},
    "pdb-6-6-3-rows": {"linestyle": ":", "marker": "|"},
    "pdb-6-6-6-6": {"linestyle": "-", "marker": "8"},
    "pdb-5-5-5-dual": {"linestyle": "-.", "marker": (5, 2, 0)},
    "pdb-6-6-3-dual": {"linestyle": "-.", "marker": (6, 2, 0)},
    "pdb-7-8-dual": {"linestyle": "-.", "marker": (8, 2, 0)},
    "pdb-6-6-6-6-dual": {"linestyle": "-", "marker": (4, 1, 0)},
    "learned": {"linestyle": "--", "marker": "3"},
    "learned-shifted": {"linestyle": "-", "marker": "+"},
    "learned-quantile": {"linestyle": "--", "marker": "1"},
    "learned-penalty": {"linestyle": "--", "marker": "2"},
}

#: Colours of the palette that no algorithm has yet (for new entries).
SPARE_COLORS = ("#ddcc77", "#997700")

#: The colour of the lines of a figure of heuristics alone (no algorithm drew them).
INK = "#505050"

#: Style of a name that is in neither table: light grey, so that it shows as unknown.
UNKNOWN = {"linestyle": "-", "marker": "o", "color": "#c8c8c8"}


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
        Colour of a name that is not known (light grey).

    Returns
    -------
    str
        A hex colour from :data:`ALGORITHM_COLORS`.
    """
    known = _known(name, ALGORITHM_COLORS)
    return ALGORITHM_COLORS[known] if known is not None else default


def heuristic_style(name: str) -> dict:
    """Line style and marker of a heuristic in every eightlab figure, in :data:`INK`.

    Parameters
    ----------
    name : str
        Registry name (``"manhattan"``); ``""`` or None for a search without one. A
        variant not in the table (``"pdb-4-4-4-3"``) takes its family's style.

    Returns
    -------
    dict
        ``{"linestyle": ..., "marker": ..., "color": INK}``, a new dict; a figure that
        draws a search replaces the colour by the algorithm's (:func:`series_style`).
        A name that is not known is drawn as :data:`UNKNOWN`.
    """
    known = _known("" if name is None else name, HEURISTIC_STYLES)
    if known is None:
        return dict(UNKNOWN)
    return {**HEURISTIC_STYLES[known], "color": INK}


def heuristic_color(name: str, default: str = UNKNOWN["color"]) -> str:
    """The colour of a heuristic in a figure of heuristics alone: :data:`INK`.

    The colour says the algorithm in eightlab's figures; a heuristic is told by its
    line style and marker (:func:`heuristic_style`).

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
    return INK if known is not None and name else default


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


def series_style(algorithm: str, heuristic: str) -> dict:
    """The style of one line of a search: the algorithm's colour, the heuristic's line.

    Parameters
    ----------
    algorithm : str
        Registry name of the algorithm; empty or None for a line of a heuristic alone
        (drawn in :data:`INK`).
    heuristic : str
        Registry name of the heuristic; empty or None for an uninformed search.

    Returns
    -------
    dict
        ``color``, ``linestyle`` and ``marker`` for :meth:`matplotlib.axes.Axes.plot`.
    """
    style = heuristic_style(heuristic or "")
    if algorithm:
        style["color"] = algorithm_color(algorithm)
    return style
