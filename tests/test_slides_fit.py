"""Every figure ``eightlab plot`` draws fits a slide, and speaks the one encoding.

Each figure is drawn from its committed table in ``results/`` in the ``slides`` style and
measured with matplotlib's own text extents, as a person sees it placed full width on a
1920 x 1080 (13.33 x 7.5 in) slide: it fits in the slide's height (16:9 or wider), no
text is under 14 pt at that size, no two texts overlap (tick labels, axis labels,
titles, the suptitle, legends, notes), and no legend covers a line or a point of data.
The encoding (:mod:`eightlab.viz.plots.encoding`): across all the figures, a legend
entry that names an algorithm has that algorithm's colour, one that names a heuristic
alone has :data:`~eightlab.viz.plots.encoding.INK`, and one that names a heuristic has
its line style and marker.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.lines import Line2D

from eightlab.heuristics import HEURISTICS
from eightlab.search import ALGORITHMS
from eightlab.viz import plots
from eightlab.viz.plots.encoding import INK, algorithm_color, heuristic_style
from eightlab.viz.plots.redraw import FIGURES, draw, read_table

RESULTS = Path(__file__).resolve().parent.parent / "results"

#: A committed table of each figure of ``plot``.
TABLES = {
    "expanded_by_heuristic": "03_informed_search/informed_runs.csv",
    "nodes_by_depth": "compare_algorithms/summary.csv",
    "runtime_by_depth": "compare_algorithms/summary.csv",
    "memory_by_depth": "compare_algorithms/summary.csv",
    "branching_factor_by_depth": "compare_algorithms/summary.csv",
    "paired_expansions": "compare_algorithms/runs.csv",
    "means_by_depth": "compare_algorithms/by_depth.csv",
    "nodes_per_instance": "korf100/runs.csv",
    "seconds_vs_nodes": "korf100/runs.csv",
    "h_vs_hstar": "heuristic_admissibility/h_vs_hstar.csv",
    "mean_h_by_distance": "heuristic_admissibility/h_vs_hstar.csv",
    "overestimates": "heuristic_admissibility/claims.csv",
    "astar_tradeoff": "heuristic_admissibility/astar_lengths.csv",
    "ratio_to_bound": "bidirectional/runs.csv",
    "g_cost_grid": "bidirectional/g_expanded.csv",
    "overestimates_by_distance": "learned_heuristic/overestimates_by_distance.csv",
    "astar_by_depth": "learned_heuristic/astar_by_depth.csv",
    "fifteen_walks": "learned_heuristic/fifteen_walks.csv",
}

#: A 16:9 slide, inches (1920 x 1080 pixels at 144 per inch), and its smallest text.
SLIDE = (13.333, 7.5)
SMALLEST = 14.0
#: Pixels two text boxes may share (anti-aliasing at their rims).
SLACK = 1.0


@pytest.fixture(autouse=True)
def _slides():
    plots.use_style("slides")
    yield
    plt.close("all")
    plots.use_style("notebook")


def slides_figure(name):
    """Figure ``name`` of ``plot``, drawn from its committed table in the slides style."""
    plots.use_style("slides")
    return draw(name, read_table(RESULTS / TABLES[name]))


def _drawn_tick_labels(axis):
    """The tick labels matplotlib draws on ``axis`` (not those outside its view)."""
    labels = []
    for tick in axis._update_ticks():  # the ticks of the view, as Axis.draw takes them
        for label in (tick.label1, tick.label2):
            if label.get_visible() and label.get_text():
                labels.append(label)
    return labels


def texts(fig):
    """Every text ``fig`` shows: ``(what, Text)``, in drawing order."""
    named = {id(getattr(fig, n)): n.strip("_") for n in ("_suptitle", "_supxlabel", "_supylabel")
             if getattr(fig, n, None) is not None}  # fmt: skip
    found = [(named.get(id(t), "figure text"), t) for t in fig.texts]
    legends = list(fig.legends)
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        found += [("title", t) for t in (ax.title, ax._left_title, ax._right_title)]
        found += [("x label", ax.xaxis.label), ("y label", ax.yaxis.label)]
        found += [("x tick", t) for t in _drawn_tick_labels(ax.xaxis)]
        found += [("y tick", t) for t in _drawn_tick_labels(ax.yaxis)]
        found += [("note", t) for t in ax.texts]
        if ax.get_legend() is not None:
            legends.append(ax.get_legend())
    for legend in legends:
        found += [("legend", t) for t in [legend.get_title(), *legend.get_texts()]]
    return [(what, t) for what, t in found if t.get_visible() and t.get_text().strip()]


def slide_problems(fig) -> list[str]:
    """What keeps ``fig`` from fitting a 16:9 slide at full width; empty when it fits."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    pad = plt.rcParams["savefig.pad_inches"]
    box = fig.get_tightbbox(renderer)  # inches: the saved figure
    width, height = box.width + 2 * pad, box.height + 2 * pad
    scale = SLIDE[0] / width  # the figure stretched to the slide's width
    problems = []
    if height * scale > SLIDE[1] + 0.01:
        problems.append(f"{width:.2f} x {height:.2f} in is taller than 16:9 "
                        f"({height * scale:.2f} in at slide width)")  # fmt: skip
    shown = texts(fig)
    small = min(shown, key=lambda item: item[1].get_fontsize())
    if small[1].get_fontsize() * scale < SMALLEST - 0.05:
        problems.append(f"{small[0]} {small[1].get_text()!r}: "
                        f"{small[1].get_fontsize() * scale:.1f} pt on the slide")  # fmt: skip
    extents = [(what, t, t.get_window_extent(renderer)) for what, t in shown]
    for (w1, t1, b1), (w2, t2, b2) in itertools.combinations(extents, 2):
        overlap_x = min(b1.x1, b2.x1) - max(b1.x0, b2.x0)
        overlap_y = min(b1.y1, b2.y1) - max(b1.y0, b2.y0)
        if overlap_x > SLACK and overlap_y > SLACK:
            problems.append(f"{w1} {t1.get_text()!r} overlaps {w2} {t2.get_text()!r}")
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
                inside_view = ax.get_window_extent(renderer)
                shown = ax.transData.transform(xy)
                keep = (
                    (shown[:, 0] >= inside_view.x0)
                    & (shown[:, 0] <= inside_view.x1)
                    & (shown[:, 1] >= inside_view.y0)
                    & (shown[:, 1] <= inside_view.y1)
                )
                shown = shown[keep]
                covered = (
                    (shown[:, 0] > box.x0)
                    & (shown[:, 0] < box.x1)
                    & (shown[:, 1] > box.y0)
                    & (shown[:, 1] < box.y1)
                )
                if covered.any():
                    problems.append(f"a legend covers {int(covered.sum())} data point(s)")
    return problems


def test_every_figure_of_plot_has_a_committed_table():
    assert set(TABLES) == set(FIGURES)
    for name, path in TABLES.items():
        assert (RESULTS / path).exists(), (name, path)


@pytest.mark.parametrize("name", list(FIGURES))
def test_figure_fits_a_slide(name):
    problems = slide_problems(slides_figure(name))
    assert not problems, f"{name}: " + "; ".join(problems[:6])


# ------------------------------------------------------------------------ encoding
def _named(label: str) -> tuple[str | None, str | None]:
    """``(algorithm, heuristic)`` a legend label names (None where it names none)."""
    by_label = {spec.label: name for name, spec in ALGORITHMS.items()}
    label = label.strip()
    if label in by_label:
        return by_label[label], None
    if label in HEURISTICS:
        return None, label
    head, _, tail = label.rpartition(" (")
    if head in by_label and tail.rstrip(")") in HEURISTICS:
        return by_label[head], tail.rstrip(")")
    return None, None


def legend_entries(fig):
    """``(label, handle)`` of every legend of ``fig``."""
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    for legend in legends:
        for handle, text in zip(legend.legend_handles, legend.get_texts(), strict=True):
            yield text.get_text(), handle


def test_every_figure_speaks_the_one_encoding():
    colours = {}  # colour -> the names it stood for, across every figure
    for name in FIGURES:
        fig = slides_figure(name)
        for label, handle in legend_entries(fig):
            algorithm, heuristic = _named(label)
            if not isinstance(handle, Line2D) or (algorithm, heuristic) == (None, None):
                continue
            colour = mcolors.to_hex(handle.get_color())
            expected = algorithm_color(algorithm) if algorithm else INK
            assert colour == expected, f"{name}: {label!r} in {colour}, not {expected}"
            colours.setdefault(colour, set()).add(algorithm or "a heuristic alone")
            if heuristic and handle.get_marker() not in (None, "None", ""):
                style = heuristic_style(heuristic)
                assert handle.get_marker() == style["marker"], (name, label)
                assert handle.get_linestyle() == style["linestyle"], (name, label)
        plt.close(fig)
    assert all(len(names) == 1 for names in colours.values()), colours
    assert len(colours) > 5  # the figures do name algorithms and heuristics


def test_no_algorithm_takes_the_ink_of_heuristics():
    assert INK not in {algorithm_color(name) for name in ALGORITHMS}


# ------------------------------------------------------------------- one copy of each
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _figure_cells():
    """``(notebook, figure, source)`` of every cell that saves a figure of plot (in the
    notebook whose results folder holds the figure's table)."""
    import json
    import re

    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            source = "".join(cell["source"])
            for name in re.findall(r"save_figure\(\s*fig,\s*out,\s*\"(\w+)\"", source):
                if name in FIGURES and TABLES[name].startswith(path.stem + "/"):
                    yield path.name, name, source


def test_a_notebook_draws_a_figure_of_plot_with_the_function_plot_calls():
    cells = list(_figure_cells())
    drawn = {name for _, name, _ in cells}
    assert {"expanded_by_heuristic", "ratio_to_bound", "g_cost_grid"} <= drawn
    assert {"overestimates_by_distance", "astar_by_depth", "fifteen_walks"} <= drawn
    for notebook, name, source in cells:  # no second copy of the drawing in the cell
        assert "subplots(" not in source and ".plot(" not in source, (notebook, name)


def test_tutorial_02s_panels_fit_a_slide_and_keep_bfs_cantor_grey():
    from eightlab.experiments.grid import SUMMARY_METRICS, summary_table

    runs = read_table(RESULTS / "02_uninformed_search/uninformed_runs.csv")
    summary = summary_table(runs, metrics=SUMMARY_METRICS + ("max_frontier",))
    panels = [
        ("expanded", "nodes expanded (median)", "work"),
        ("max_frontier", "largest frontier (median; path length for IDDFS)", "frontier"),
        ("max_stored", "boards held in memory at once (median)", "memory"),
        ("wall_seconds", "wall-clock seconds (median)", "time"),
    ]
    fig = plots.panels_by_depth(summary, panels)
    assert not slide_problems(fig)
    colours = {label: mcolors.to_hex(h.get_color()) for label, h in legend_entries(fig)
               if isinstance(h, Line2D)}  # fmt: skip
    assert colours["BFS (Cantor table)"] == algorithm_color("bfs-cantor")  # not IDDFS's orange
    assert colours["IDDFS"] == algorithm_color("iddfs")
