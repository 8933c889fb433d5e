"""Does a figure fit a slide? Measured with matplotlib's own text extents.

A figure placed full width on a 16:9 slide of 1920 x 1080 pixels (13.33 x 7.5 in at 144
pixels per inch) fits when it is no taller than the slide at that width, no text is
under :data:`SMALLEST` points at that scale, no two texts overlap (tick labels, axis
labels, titles, the suptitle, legends, notes), and no legend covers a point of data.
The figure is taken as it is saved (its tight bounding box), so no text is cut. :func:`slide_fit_problems` says what fails, in words.

:func:`~eightlab.viz.plots.style.save_figure` runs the check on every figure it saves in
the ``slides`` style when the environment variable ``EIGHTLAB_CHECK_SLIDES`` names a
file (:func:`record_slide_fit`: one JSON line per figure, its name and its problems), so
that a notebook run by the tests in the ``slides`` style has every figure checked at no
extra cost, and the test reads the verdicts.
"""

from __future__ import annotations

import itertools
import json
import os

import numpy as np

#: A 16:9 slide, inches (1920 x 1080 pixels at 144 per inch).
SLIDE = (13.333, 7.5)
#: The smallest text on the slide, points.
SMALLEST = 14.0
#: Pixels two text boxes may share (anti-aliasing at their rims).
SLACK = 1.0
#: The environment variable naming the file where ``save_figure`` records its checks.
CHECK_VARIABLE = "EIGHTLAB_CHECK_SLIDES"


def record_slide_fit(fig, name: str) -> None:
    """Append ``fig``'s :func:`slide_fit_problems` to the file :data:`CHECK_VARIABLE` names.

    One JSON line ``{"figure": name, "problems": [...]}``, written in one ``write`` to a
    file opened for appending (so the lines of one run stay whole); nothing when the
    variable is unset or empty.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure, as saved.
    name : str
        The figure's file name without extension.
    """
    target = os.environ.get(CHECK_VARIABLE, "")
    if not target:
        return
    line = json.dumps({"figure": name, "problems": slide_fit_problems(fig)}) + "\n"
    with open(target, "a", encoding="utf-8") as log:
        log.write(line)


def _drawn_tick_labels(axis):
    """The tick labels matplotlib draws on ``axis`` (not those outside its view)."""
    labels = []
    for tick in axis._update_ticks():  # the ticks of the view, as Axis.draw takes them
        for label in (tick.label1, tick.label2):
            if label.get_visible() and label.get_text():
                labels.append(label)
    return labels


def figure_texts(fig):
    """Every text ``fig`` shows, in drawing order.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    list of tuple
        ``(what, text)``: a word for the text's role (``"title"``, ``"x tick"``,
        ``"legend"``, ...) and the :class:`matplotlib.text.Text`.
    """
    named = {id(getattr(fig, n)): n.strip("_") for n in ("_suptitle", "_supxlabel", "_supylabel")
             if getattr(fig, n, None) is not None}  # fmt: skip
    found = [(named.get(id(t), "figure text"), t) for t in fig.texts]
    legends = list(fig.legends)
    insets = [child for parent in fig.axes for child in parent.child_axes]
    for ax in [*fig.axes, *insets]:  # boards drawn as insets (graphs, trees) too
        if not ax.get_visible():
            continue
        found += [("title", t) for t in (ax.title, ax._left_title, ax._right_title)]
        found += [("x label", ax.xaxis.label), ("y label", ax.yaxis.label)]
        if ax.axison:
            found += [("x tick", t) for t in _drawn_tick_labels(ax.xaxis)]
            found += [("y tick", t) for t in _drawn_tick_labels(ax.yaxis)]
        found += [("note", t) for t in ax.texts]
        if ax.get_legend() is not None:
            legends.append(ax.get_legend())
    for legend in legends:
        found += [("legend", t) for t in [legend.get_title(), *legend.get_texts()]]
    return [(what, t) for what, t in found if t.get_visible() and t.get_text().strip()]


def is_picture(fig) -> bool:
    """Whether ``fig`` is a picture: every visible axes drawn without axis (boards, trees).

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    bool
    """
    shown = [ax for ax in fig.axes if ax.get_visible()]
    return bool(shown) and not any(ax.axison for ax in shown)


def slide_fit_problems(fig) -> list[str]:
    """What keeps ``fig`` from fitting a 16:9 slide at full width; empty when it fits.

    The figure is taken as :func:`~eightlab.viz.plots.style.save_figure` saves it (its
    tight bounding box and padding), scaled to the slide's width: it must be no taller
    than the slide (a picture, :func:`is_picture`, is scaled to fit the slide instead),
    its smallest text at least :data:`SMALLEST` points, no two texts may
    overlap by more than :data:`SLACK` pixels, and no legend may cover a point of data.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure (drawn here).

    Returns
    -------
    list of str
        One sentence per problem (the first 12 overlaps at most).
    """
    import matplotlib as mpl

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    pad = mpl.rcParams["savefig.pad_inches"]
    box = fig.get_tightbbox(renderer)  # inches: the saved figure
    width, height = box.width + 2 * pad, box.height + 2 * pad
    scale = SLIDE[0] / width  # the figure stretched to the slide's width
    problems = []
    if is_picture(fig):  # placed to fit the slide: its width or its height binds
        scale = min(scale, SLIDE[1] / height)
    elif height * scale > SLIDE[1] + 0.01:
        problems.append(f"{width:.2f} x {height:.2f} in is taller than 16:9 "
                        f"({height * scale:.2f} in at slide width)")  # fmt: skip
    shown = figure_texts(fig)
    small = [(what, t) for what, t in shown if t.get_fontsize() * scale < SMALLEST - 0.05]
    if small:
        what, text = min(small, key=lambda item: item[1].get_fontsize())
        problems.append(f"{len(small)} text(s) under {SMALLEST:g} pt, e.g. {what} "
                        f"{text.get_text()[:40]!r}: {text.get_fontsize() * scale:.1f} pt")  # fmt: skip
    extents = [(what, t, t.get_window_extent(renderer)) for what, t in shown]
    overlaps = []
    for (w1, t1, b1), (w2, t2, b2) in itertools.combinations(extents, 2):
        overlap_x = min(b1.x1, b2.x1) - max(b1.x0, b2.x0)
        overlap_y = min(b1.y1, b2.y1) - max(b1.y0, b2.y0)
        if overlap_x > SLACK and overlap_y > SLACK:
            overlaps.append(f"{w1} {t1.get_text()[:40]!r} overlaps {w2} {t2.get_text()[:40]!r}")
    problems += overlaps[:12] + (
        [f"... {len(overlaps) - 12} more overlaps"] if len(overlaps) > 12 else []
    )
    problems += _legends_on_data(fig, renderer)
    return problems


def _legends_on_data(fig, renderer) -> list[str]:
    """Legends whose box covers a point of a line or of a scatter of the data."""
    problems = []
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for ax in fig.axes:
            points = [line.get_xydata() for line in ax.get_lines() if len(line.get_xydata())]
            points += [c.get_offsets() for c in ax.collections if hasattr(c, "get_offsets")]
            for xy in points:
                xy = np.asarray(xy, dtype=float)
                xy = xy[np.isfinite(xy).all(axis=1)] if xy.ndim == 2 else xy[:0]
                if not len(xy):
                    continue
                view = ax.get_window_extent(renderer)
                shown = ax.transData.transform(xy)
                inside = ((shown[:, 0] >= view.x0) & (shown[:, 0] <= view.x1)
                          & (shown[:, 1] >= view.y0) & (shown[:, 1] <= view.y1))  # fmt: skip
                shown = shown[inside]
                covered = ((shown[:, 0] > box.x0) & (shown[:, 0] < box.x1)
                           & (shown[:, 1] > box.y0) & (shown[:, 1] < box.y1))  # fmt: skip
                if covered.any():
                    problems.append(f"a legend covers {int(covered.sum())} data point(s)")
    return problems
