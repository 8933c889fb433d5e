"""One look for every eightlab figure: three styles, palette, sizes, saving.

:func:`use_style` applies one of :data:`FIGURE_STYLES` (``notebook``, ``slides``,
``paper``); the charts ask :func:`figure_size` and :func:`small_text` for their size
and their smallest text, so they follow it. The colour of each algorithm and the line
of each heuristic come from one table, :mod:`eightlab.viz.plots.encoding`, re-exported here
(:func:`algorithm_color`, :func:`heuristic_style`, ...). :func:`save_figure` writes a
figure as PNG, SVG and PDF through :func:`eightlab.files.atomic_path`, without the
metadata that changes between runs, so a rerun with the same data writes the same bytes;
PDFs embed TrueType (Type 42) fonts, SVGs keep their text as text.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib as mpl
from matplotlib.font_manager import FontProperties
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.legend_handler import HandlerTuple
from matplotlib.ticker import MaxNLocator

from eightlab.errors import EightlabError, quote
from eightlab.files import atomic_path
from eightlab.viz.plots import fit
from eightlab.viz.plots.encoding import (  # noqa: F401  (the encoding, re-exported)
    ALGORITHM_COLORS,
    HEURISTIC_STYLES,
    INK,
    UNKNOWN,
    algorithm_color,
    heuristic_color,
    heuristic_linestyle,
    heuristic_marker,
    heuristic_style,
    series_style,
)

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
    PALETTE[:6]
    + PALETTE[7:]
    + (
        "#882255",
        "#999933",
        "#332288",
        "#8C510A",
        "#888888",
    )
)

#: The settings every style shares: TrueType (Type 42) fonts in PDF and PostScript, which
#: journals' submission checks accept (Type 3 they reject), and text kept as text in SVG.
_COMMON = {
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "legend.frameon": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.prop_cycle": mpl.cycler(color=PALETTE),
    "image.cmap": "viridis",
    "svg.hashsalt": "eightlab",
    "svg.fonttype": "none",
    "savefig.pad_inches": 0.03,
    "pdf.fonttype": 42,
    "ps.fonttype": 42,
}


def _sized(base: float, title: float, small: float, line: float, marker: float) -> dict:
    """The text sizes (points) and line widths of a style."""
    return {
        "font.size": base,
        "axes.titlesize": title,
        "figure.titlesize": title,
        "axes.labelsize": base,
        "xtick.labelsize": small,
        "ytick.labelsize": small,
        "legend.fontsize": small,
        "legend.title_fontsize": small,
        "figure.labelsize": base,
        "grid.linewidth": 0.6 * line / 1.6,
        "axes.linewidth": 0.8 * line / 1.6,
        "lines.linewidth": line,
        "lines.markersize": marker,
        "xtick.major.width": 0.8 * line / 1.6,
        "ytick.major.width": 0.8 * line / 1.6,
    }


#: Each figure style: its matplotlib settings, its figure sizes (inches) and its
#: smallest text (points: notes and captions use it). ``single``: a figure of one panel;
#: ``wide``: a figure of several panels side by side, ``row`` inches tall per row.
#: ``slides``: a 16:9 slide of 13.33 x 7.5 in, every text at least 14 pt when the figure
#: fills the slide; ``paper``: journal columns of 3.5 in (single) and 7 in (double), text
#: 8-9 pt.
STYLES = {
    "notebook": {
        "rc": {**_COMMON, **_sized(10, 11, 9, 1.6, 5), "figure.figsize": (6.4, 4.0)},
        "single": (6.4, 4.0), "wide": 13.0, "row": 3.6, "small": 8.0, "max": None,
    },
    "slides": {
        "rc": {**_COMMON, **_sized(16, 18, 14, 2.6, 8), "figure.figsize": (12.0, 6.75)},
        "single": (12.0, 6.75), "wide": 12.8, "row": 3.4, "small": 14.0, "max": (13.2, 7.4),
    },
    "paper": {
        "rc": {**_COMMON, **_sized(8.5, 9, 8, 1.0, 3.5), "figure.figsize": (3.44, 2.6)},
        "single": (3.44, 2.6), "wide": 6.94, "row": 2.4, "small": 8.0, "max": None,
    },
}  # fmt: skip

#: The settings of the notebook style (what :func:`use_style` applies by default).
STYLE = STYLES["notebook"]["rc"]

#: Legend title of the charts of medians, and the legend entry of their bands.
MEDIAN_TITLE = "median over the boards at each depth"
BAND_LABEL = "interquartile range\n(25th to 75th percentile)"


def integer_ticks(ax, axis: str = "x") -> None:
    """Put the major ticks of ``axis`` (``"x"``, ``"y"`` or ``"xy"``) on whole numbers.

    For axes counted in moves (depths, lengths, h): never a tick at 7.5 moves.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The axes.
    axis : {"x", "y", "xy"}, optional
        Which axes' ticks.
    """
    for name in axis:
        locator = MaxNLocator(integer=True, steps=[1, 2, 5, 10], min_n_ticks=1)
        getattr(ax, f"{name}axis").set_major_locator(locator)


def legend_outside(ax, handles=None, labels=None, **options):
    """A legend beside ``ax``, outside the axes, where it hides no data.

    To the right of the axes; in the ``paper`` style, for a figure with a constrained
    layout, below the figure's axes in two columns instead, so that the figure keeps its
    column's width. ``handles`` and ``labels`` as :meth:`matplotlib.axes.Axes.legend`
    takes them (by default the labelled artists of ``ax``); other options are passed on.
    Saved with :func:`save_figure` (tight bounding box), the figure grows to hold it.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The axes the legend belongs to.
    handles : list of Artist, optional
        The entries' artists.
    labels : list of str, optional
        The entries' labels.
    **options
        Passed on to :meth:`matplotlib.axes.Axes.legend`.

    Returns
    -------
    matplotlib.legend.Legend
        The legend.
    """
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    options.setdefault("handler_map", {tuple: HandlerTuple(ndivide=None)})
    if "title" in options:
        options.setdefault("alignment", "left")
    fig = ax.figure
    if _current["name"] == "paper" and isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine):
        options = {"loc": "outside lower center", "ncols": 2, **options}
        legend = fig.legend(handles, labels, **options)
        # the figure grows by the legend's height, so that the axes keep theirs
        box = legend.get_window_extent(fig.canvas.get_renderer())
        grow_height(fig, box.height / fig.dpi)
        return legend
    options = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0, **options}
    legend = ax.legend(handles, labels, **options)
    if isinstance(fig.get_layout_engine(), ConstrainedLayoutEngine) and len(fig.axes) == 1:
        # a legend taller than the figure would squash the axes to nothing: grow to hold it
        # (with room for a title, the x label and a caption under it)
        height = legend.get_window_extent(fig.canvas.get_renderer()).height / fig.dpi
        if height + 0.6 > fig.get_figheight():
            grow_height(fig, height + 2.4 - fig.get_figheight())
    return legend


#: Where :func:`label_points` tries a label, in order: (dx, dy) in points from the point,
#: and the label's alignment there (right and above first, as matplotlib users expect).
LABEL_PLACES = (((3, 3), "left", "bottom"), ((3, -3), "left", "top"),
                ((-3, 3), "right", "bottom"), ((-3, -3), "right", "top"),
                ((0, 6), "center", "bottom"), ((0, -6), "center", "top"))  # fmt: skip


def label_points(ax, xs, ys, labels, size: float | None = None, marker_points: float = 4.0):
    """Label each point ``(xs[i], ys[i])`` of ``ax`` with ``labels[i]`` where the label
    covers neither another label nor another point's marker.

    Each label takes the first place of :data:`LABEL_PLACES` that is free, or, if none
    is, the one that covers least. Call it once the axes' scales and limits are set (the
    places are found on the figure as it is drawn then).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    xs, ys : sequence of float
        The points, in data coordinates.
    labels : sequence of str
    size : float, optional
        Font size in points (default: the style's smallest text, :func:`small_text`).
    marker_points : float
        Half the width of a marker, in points (a scatter marker of ``s=36`` is 3 points).

    Returns
    -------
    list of matplotlib.text.Annotation
        The labels, in the order given.
    """
    fig = ax.figure
    size = small_text() if size is None else size
    renderer = fig.canvas.get_renderer()
    to_pixels = fig.dpi / 72.0
    centres = ax.transData.transform(list(zip(xs, ys, strict=True))) if len(xs) else []
    half = marker_points * to_pixels
    markers = [(x - half, y - half, x + half, y + half) for x, y in centres]
    taken, annotations = [], []

    def covered(box, own: int) -> float:
        area = 0.0
        for j, other in enumerate(markers + taken):
            if j == own:
                continue
            width = min(box[2], other[2]) - max(box[0], other[0])
            height = min(box[3], other[3]) - max(box[1], other[1])
            area += max(width, 0.0) * max(height, 0.0)
        return area

    for i, (x, y, text) in enumerate(zip(xs, ys, labels, strict=True)):
        best = None
        for offset, ha, va in LABEL_PLACES:
            note = ax.annotate(str(text), (x, y), xytext=offset, textcoords="offset points",
                               fontsize=size, ha=ha, va=va)  # fmt: skip
            extent = note.get_window_extent(renderer)
            cost = covered((extent.x0, extent.y0, extent.x1, extent.y1), i)
            if best is None or cost < best[0]:
                if best is not None:
                    best[1].remove()
                best = (cost, note, (extent.x0, extent.y0, extent.x1, extent.y1))
            else:
                note.remove()
            if cost == 0:
                break
        taken.append(best[2])
        annotations.append(best[1])
    return annotations


#: The figure styles every notebook takes as ``-p figure_style NAME``.
FIGURE_STYLES = tuple(STYLES)

_current = {"name": "notebook"}


def use_style(name: str = "notebook") -> None:
    """Apply an eightlab figure style to matplotlib's global settings.

    Parameters
    ----------
    name : {"notebook", "slides", "paper"}
        ``notebook`` for the screen (10 pt text, 6.4 in wide); ``slides`` for a 16:9
        slide (16-18 pt text, none under 14 pt, thicker lines and larger markers, figures
        up to 12.8 x 7.2 in); ``paper`` for a journal (8-9 pt text, figures 3.5 in wide
        for one column and 7 in for two). Every style writes TrueType (Type 42) fonts
        into PDFs and keeps text as text in SVGs. The charts of :mod:`eightlab.viz.plots`
        ask :func:`figure_size` for their size, so they follow the style.

    Raises
    ------
    EightlabError
        For a name that is not one of :data:`FIGURE_STYLES`.
    """
    if name not in FIGURE_STYLES:
        raise EightlabError(
            f"figure_style must be one of {', '.join(FIGURE_STYLES)}; got {quote(name)}"
        )
    mpl.rcParams.update(STYLES[name]["rc"])
    _current["name"] = name


def current_style() -> str:
    """The name of the style :func:`use_style` applied last.

    Returns
    -------
    str
        A key of :data:`STYLES`; ``"notebook"`` before any call.
    """
    return _current["name"]


def figure_size(kind: str = "single", rows: int = 1, height: float | None = None):
    """The size of a new figure in the current style, in inches (width, height).

    Parameters
    ----------
    kind : {"single", "wide", "row"}
        One panel (a paper's column, 3.5 in), or panels side by side (the page's or the
        slide's width, 7 in in a paper); ``row``: one row of panels side by side, which
        on a slide takes the whole 16:9 frame.
    rows : int
        Rows of panels (``wide`` only): each gets the style's row height; a slide keeps
        the whole figure within its 16:9 frame.
    height : float, optional
        The height as a fraction of the width instead (bar charts whose height grows with
        their bars pass it).

    Returns
    -------
    tuple of float
        ``(width, height)`` in inches.

    Raises
    ------
    ValueError
        For a ``kind`` other than ``"single"``, ``"wide"`` and ``"row"``.
    """
    style = STYLES[_current["name"]]
    if kind == "row":
        kind, rows = "wide", 2 if _current["name"] == "slides" else 1
    if kind == "single":
        width, tall = style["single"]
    elif kind == "wide":
        width, tall = style["wide"], style["row"] * rows + 0.9
    else:
        raise ValueError(f"kind must be 'single' or 'wide', not {kind!r}")
    if height is not None:
        tall = width * height
    if style["max"] is not None:
        tall = min(tall, width * 9 / 16 if kind == "wide" else style["max"][1])
    return (width, tall)


def fit_text(text: str, width: float, size: float | None = None) -> str:
    """``text`` wrapped into lines that fit ``width`` inches at ``size`` points.

    For titles and captions, so that a long finding does not widen the figure past its
    column or its slide (DejaVu Sans: about 0.55 em per character on average).

    Parameters
    ----------
    text : str
        The text; its own line breaks are kept.
    width : float
        Inches (a figure's or an axes' width).
    size : float, optional
        Points; default: the current style's title size.

    Returns
    -------
    str
        The text with line breaks added.
    """
    if size is None:
        size = FontProperties(size=mpl.rcParams["axes.titlesize"]).get_size_in_points()
    columns = max(20, int(width * 72 / (0.6 * size)))
    return "\n".join(
        textwrap.fill(line, columns, break_on_hyphens=False) for line in text.split("\n")
    )


def grow_height(fig, inches: float) -> None:
    """Make ``fig`` taller by ``inches`` (for a caption or a legend), within the style's frame.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure, resized in place.
    inches : float
        The height to add.
    """
    limit = STYLES[_current["name"]]["max"]
    tall = fig.get_figheight() + inches
    if limit:  # a slide: within its height, and 16:9 at the figure's width
        tall = min(tall, limit[1], fig.get_figwidth() * 9 / 16)
    fig.set_figheight(tall)


def small_text() -> float:
    """The smallest text of the current style: notes, captions, cell labels.

    Returns
    -------
    float
        Points.
    """
    return STYLES[_current["name"]]["small"]


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
    Metadata that changes from run to run (creation dates) is left out. In the
    ``slides`` style, with the environment variable ``EIGHTLAB_CHECK_SLIDES`` naming a
    file, the figure's fit to a slide is recorded there
    (:func:`~eightlab.viz.plots.fit.record_slide_fit`).

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
    _settle(fig)
    for extension in formats:
        if extension not in FORMATS:
            raise ValueError(f"unknown figure format {extension!r}; choose from {list(FORMATS)}")
        target = directory / f"{name}.{extension}"
        with atomic_path(target) as temporary:
            fig.savefig(temporary, format=extension, bbox_inches="tight", **FORMATS[extension])
        written.append(target)
    if _current["name"] == "slides":
        fit.record_slide_fit(fig, name)  # when EIGHTLAB_CHECK_SLIDES names a file
    return written


def _settle(fig, draws: int = 6) -> None:
    """Draw ``fig`` until its axes stop moving, so that every save of it is the same.

    A constrained layout settles over the first draws (an equal-aspect axes beside a
    colorbar moves by a hundredth of a point from one draw to the next).
    """
    before = None
    for _ in range(draws):
        fig.draw_without_rendering()
        now = [tuple(ax.get_position().bounds) for ax in fig.axes]
        if now == before:
            return
        before = now


def conventions_note(*names: str):
    """The counting conventions behind a table or figure, as a Markdown footnote.

    Parameters
    ----------
    *names : str
        Keys of :data:`eightlab.search.result.CONVENTIONS` (``"goal_test"``, ``"parent"``,
        ``"tie_breaking"``, ...); all of them when none is given.

    Returns
    -------
    IPython.display.Markdown
    """
    from IPython.display import Markdown

    from eightlab.search.result import CONVENTIONS

    chosen = names or tuple(CONVENTIONS)
    # the conventions name A* and IDA*: escape their stars, or Markdown reads emphasis
    lines = [
        f"<sup>&#42;</sup> *{name.replace('_', ' ')}*: {CONVENTIONS[name].replace('*', chr(92) + '*')}"
        for name in chosen
    ]
    return Markdown("<small>\n\n" + "  \n".join(lines) + "\n\n</small>")
