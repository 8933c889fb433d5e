"""One look for every eightlab figure: palette, colours by name, matplotlib style, saving.

Every chart of :mod:`eightlab.plots` and every picture of :mod:`eightlab.drawing` takes
its colours from here, so an algorithm (A*, IDA*, ...) and a heuristic (manhattan, ...)
have the same colour in every figure of every notebook: :func:`algorithm_color` and
:func:`heuristic_color`. :func:`save_figure` writes a figure as PNG, SVG and PDF
through :func:`eightlab.files.atomic_path`, without the metadata that changes between
runs, so a rerun with the same data writes the same bytes.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib as mpl
from matplotlib.legend_handler import HandlerTuple
from matplotlib.ticker import MaxNLocator

from eightlab.errors import EightlabError, quote
from eightlab.files import atomic_path

#: Okabe-Ito colours: distinguishable in colour-blind vision and in grey print.
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#000000",
)

#: Twelve colours for charts with more series than :data:`PALETTE` tells apart: Okabe-Ito
#: without its yellow (too pale in print), then dark colours of Paul Tol's schemes.
PALETTE_WIDE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#D55E00",
    "#CC79A7",
    "#56B4E9",
    "#000000",
    "#882255",
    "#999933",
    "#332288",
    "#8C510A",
    "#888888",
)

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "p", "h")

LINESTYLES = ("-", "--", "-.", ":")

STYLE = {
    "figure.figsize": (6.4, 4.0),
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "legend.fontsize": 8.5,
    "legend.frameon": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linewidth": 0.6,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.prop_cycle": mpl.cycler(color=PALETTE),
    "lines.linewidth": 1.6,
    "lines.markersize": 5,
    "image.cmap": "viridis",
    "svg.hashsalt": "eightlab",
    "svg.fonttype": "none",
}

#: Legend title of the charts of medians, and the legend entry of their bands.
MEDIAN_TITLE = "median over the boards at each depth"
BAND_LABEL = "interquartile range\n(25th to 75th percentile)"


def _cycle_style(k: int) -> dict:
    """Colour, marker and line style of the k-th line of a chart.

    The first 12 lines differ in colour and in marker; after that the line style
    changes too, so that the style is unique for k < 48.
    """
    turn = k // len(PALETTE_WIDE)
    return {
        "color": PALETTE_WIDE[k % len(PALETTE_WIDE)],
        "marker": MARKERS[(k + 5 * turn) % len(MARKERS)],
        "linestyle": LINESTYLES[turn % len(LINESTYLES)],
    }


def integer_ticks(ax, axis: str = "x") -> None:
    """Put the major ticks of ``axis`` (``"x"``, ``"y"`` or ``"xy"``) on whole numbers.

    For axes counted in moves (depths, lengths, h): never a tick at 7.5 moves.
    """
    for name in axis:
        locator = MaxNLocator(integer=True, steps=[1, 2, 5, 10], min_n_ticks=1)
        getattr(ax, f"{name}axis").set_major_locator(locator)


def legend_outside(ax, handles=None, labels=None, **options):
    """A legend to the right of ``ax``, outside the axes, where it hides no data.

    ``handles`` and ``labels`` as :meth:`matplotlib.axes.Axes.legend` takes them (by
    default the labelled artists of ``ax``); other options are passed on. Saved with
    :func:`save_figure` (tight bounding box), the figure grows to hold the legend.
    """
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    options = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0, **options}
    options.setdefault("handler_map", {tuple: HandlerTuple(ndivide=None)})
    if "title" in options:
        options.setdefault("alignment", "left")
    return ax.legend(handles, labels, **options)


#: The figure styles every notebook takes as ``-p figure_style NAME``.
FIGURE_STYLES = ("notebook", "slides", "paper")


def use_style(name: str = "notebook") -> None:
    """Apply an eightlab figure style to matplotlib's global settings.

    Parameters
    ----------
    name : {"notebook", "slides", "paper"}
        ``notebook`` for the screen; ``slides`` and ``paper`` are being built (issue 18)
        and draw as ``notebook`` until then.

    Raises
    ------
    EightlabError
        For a name that is not one of :data:`FIGURE_STYLES`.
    """
    if name not in FIGURE_STYLES:
        raise EightlabError(
            f"figure_style must be one of {', '.join(FIGURE_STYLES)}; got {quote(name)}"
        )
    mpl.rcParams.update(STYLE)


#: The registered algorithms in registry order, each with its colour (12 colours for 12
#: algorithms; an unregistered name falls back to grey).
_ALGORITHM_ORDER = (
    "bfs", "bfs-cantor", "bidirectional-bfs", "dls", "iddfs", "iddfs-h",
    "ucs", "greedy", "astar", "weighted-astar", "idastar", "rbfs",
)  # fmt: skip
#: The registered heuristics in registry order, each with its colour and marker.
_HEURISTIC_ORDER = (
    "misplaced", "manhattan", "linear-conflict", "pdb", "max-swap", "exact", "zero",
    "weighted-manhattan", "manhattan-with-blank", "linear-conflict-pairs", "nilsson",
)  # fmt: skip


def algorithm_color(name: str, default: str = "#888888") -> str:
    """The colour of an algorithm (registry name) in every eightlab figure.

    Parameters
    ----------
    name : str
        Registry name (``"astar"``); the textbook, tree and compiled variants of a
        family (``"iddfs-tree"``, ...) take their family's colour.
    default : str
        Colour of a name that is not known.
    """
    if name not in _ALGORITHM_ORDER:
        base = name.split("-")[0]
        name = base if base in _ALGORITHM_ORDER else name
    if name in _ALGORITHM_ORDER:
        return PALETTE_WIDE[_ALGORITHM_ORDER.index(name) % len(PALETTE_WIDE)]
    return default


def heuristic_color(name: str, default: str = "#888888") -> str:
    """The colour of a heuristic (registry name) in every eightlab figure.

    The three 4x4 pattern databases (``pdb-5-5-5``, ``pdb-6-6-3``, ``pdb-7-8``) take
    the colour of ``pdb`` and differ by marker.
    """
    if name in _HEURISTIC_ORDER:
        return PALETTE_WIDE[_HEURISTIC_ORDER.index(name) % len(PALETTE_WIDE)]
    if name.startswith("pdb"):
        return heuristic_color("pdb")
    return default


def heuristic_marker(name: str) -> str:
    """The marker of a heuristic in every eightlab figure (unknown names: a circle)."""
    if name in _HEURISTIC_ORDER:
        return MARKERS[(_HEURISTIC_ORDER.index(name) + 1) % len(MARKERS)]
    if name.startswith("pdb-"):
        return {"pdb-5-5-5": "<", "pdb-6-6-3": ">", "pdb-7-8": "p"}.get(name, "h")
    return MARKERS[0]


#: File formats :func:`save_figure` writes, with their savefig options: PNG for notebooks
#: and the web, SVG for editing, PDF for papers and slides. No creation dates, so that
#: a rerun writes the same bytes.
FORMATS = {
    "png": {"dpi": 150, "metadata": {"Software": None}},
    "svg": {"metadata": {"Date": None}},
    "pdf": {"metadata": {"CreationDate": None, "ModDate": None, "Producer": None}},
}


def save_figure(fig, directory, name: str, formats=("png", "svg", "pdf")) -> list[Path]:
    """Write ``fig`` as ``directory/name.png`` (150 dpi), ``.svg`` and ``.pdf``.

    Each file goes through :func:`eightlab.files.atomic_path` (a temporary file renamed
    into place, mode 0644 under the usual umask), so a reader never sees half a file.
    Metadata that changes from run to run (creation dates) is left out.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    directory : str or Path
        Created if missing.
    name : str
        File name without extension.
    formats : sequence of str
        Any of ``"png"``, ``"svg"``, ``"pdf"``.

    Returns
    -------
    list of Path
        The files written, in the order of ``formats``.

    Raises
    ------
    ValueError
        For an unknown format.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for extension in formats:
        if extension not in FORMATS:
            raise ValueError(f"unknown figure format {extension!r}; choose from {list(FORMATS)}")
        target = directory / f"{name}.{extension}"
        with atomic_path(target) as temporary:
            fig.savefig(temporary, format=extension, bbox_inches="tight", **FORMATS[extension])
        written.append(target)
    return written


def conventions_note(*names: str):
    """The counting conventions behind a table or figure, as a Markdown footnote.

    Parameters
    ----------
    *names : str
        Keys of :data:`eightlab.result.CONVENTIONS` (``"goal_test"``, ``"parent"``,
        ``"tie_breaking"``, ...); all of them when none is given.

    Returns
    -------
    IPython.display.Markdown
    """
    from IPython.display import Markdown

    from eightlab.result import CONVENTIONS

    chosen = names or tuple(CONVENTIONS)
    # the conventions name A* and IDA*: escape their stars, or Markdown reads emphasis
    lines = [
        f"<sup>&#42;</sup> *{name.replace('_', ' ')}*: {CONVENTIONS[name].replace('*', chr(92) + '*')}"
        for name in chosen
    ]
    return Markdown("<small>\n\n" + "  \n".join(lines) + "\n\n</small>")
