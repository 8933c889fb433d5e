"""Every figure ``eightlab plot`` draws fits a slide, and speaks the one encoding.

Each figure is drawn from its committed table in ``results/`` in the ``slides`` style and
measured by :func:`eightlab.viz.plots.fit.slide_fit_problems` (matplotlib's own text
extents), as a person sees it placed full width on a 1920 x 1080 slide. The figures the
notebooks draw themselves are measured by the same function when the notebook tests run
them in the ``slides`` style (``EIGHTLAB_CHECK_SLIDES=1``: tests/test_tutorials.py).
The encoding (:mod:`eightlab.viz.plots.encoding`): across all the figures, a legend
entry that names an algorithm has that algorithm's colour, one that names a heuristic
alone has :data:`~eightlab.viz.plots.encoding.INK`, and one that names a heuristic has
its line style and marker.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import pytest
from matplotlib.lines import Line2D

from eightlab.heuristics import HEURISTICS
from eightlab.search import ALGORITHMS
from eightlab.viz import plots
from eightlab.viz.plots.encoding import INK, algorithm_color, heuristic_style
from eightlab.viz.plots.fit import slide_fit_problems
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


#: Pictures whose text cannot reach 14 pt on a slide, and why: exempt from that rule only
#: (they still must not overlap). Every other figure a notebook saves must fit.
PICTURES_TOO_SMALL = {
    "astar_steps": "four snapshots of a search tree stacked for a page; a slide shows a step "
    "at a time (the GIF or the explorer)",
    "state_space_graph": "boards as the nodes of a graph, spaced for the edges' letters: a "
    "board's digits reach 9-10 pt when the graph fills a slide",
    "state_space_radial": "as state_space_graph",
    "astar_search_tree": "one board per node, its labels sized to the board: a tree of "
    "more than a dozen boards cannot carry 14-pt labels at a slide's size",
    "idastar_search_tree": "as astar_search_tree",
    "answer_vs_goal_side": "two strips of one board per move: past 9 boards in a row a "
    "board's digits cannot reach 14 pt at a slide's width",
}


def assert_notebook_figures_fit(log: Path, saved: set[str]) -> None:
    """Every figure of ``saved`` was measured (``EIGHTLAB_CHECK_SLIDES=log``) and fits a
    slide, but for the small text of :data:`PICTURES_TOO_SMALL`."""
    import json

    verdicts = {}  # no log: the run saved no figure
    for line in (log.read_text() if log.exists() else "").splitlines():
        entry = json.loads(line)
        verdicts[entry["figure"]] = entry["problems"]
    assert saved <= set(verdicts), f"not measured: {sorted(saved - set(verdicts))}"
    failing = {}
    for figure, problems in verdicts.items():
        if figure in PICTURES_TOO_SMALL:
            problems = [p for p in problems if " under " not in p.split(",")[0]]
        if problems:
            failing[figure] = problems
    assert not failing, failing


def test_every_figure_of_plot_has_a_committed_table():
    assert set(TABLES) == set(FIGURES)
    for name, path in TABLES.items():
        assert (RESULTS / path).exists(), (name, path)


@pytest.mark.parametrize("name", list(FIGURES))
def test_figure_fits_a_slide(name):
    problems = slide_fit_problems(slides_figure(name))
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
    assert not slide_fit_problems(fig)
    colours = {label: mcolors.to_hex(h.get_color()) for label, h in legend_entries(fig)
               if isinstance(h, Line2D)}  # fmt: skip
    assert colours["BFS (Cantor table)"] == algorithm_color("bfs-cantor")  # not IDDFS's orange
    assert colours["IDDFS"] == algorithm_color("iddfs")


@pytest.mark.parametrize("low, high", [(3e-5, 4.5e-5), (2.5e-5, 5e-4), (1e-4, 1.02e-4)])
def test_a_log_panel_of_less_than_two_decades_labels_only_powers_of_ten(low, high):
    """Times within one or two decades (a fast machine, small depths) leave a log axis
    with at most one power of ten, whose minor ticks matplotlib would label (3 x 10^-5
    over 4 x 10^-5, crowding a short panel): the axis is widened to whole decades."""

    from eightlab.experiments.grid import SUMMARY_METRICS, summary_table

    runs = read_table(RESULTS / "02_uninformed_search/uninformed_runs.csv")
    depth = runs["optimal_length"].astype(float)
    share = (depth - depth.min()) / (depth.max() - depth.min())
    runs["wall_seconds"] = low * (high / low) ** share
    summary = summary_table(runs, metrics=SUMMARY_METRICS + ("max_frontier",))
    fig = plots.panels_by_depth(summary, [("wall_seconds", "seconds (median)", "time")] * 4)
    fig.canvas.draw()
    for ax in fig.axes:
        minor = [t.get_text() for t in ax.get_yticklabels(minor=True) if t.get_text()]
        major = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
        assert not minor, minor
        assert len(major) >= 2, major
    assert not slide_fit_problems(fig)
