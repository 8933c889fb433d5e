"""Charts of eightlab's experiments and tutorials in one style, and :func:`save_figure`.

Call :func:`use_style` once (the notebooks do it in their first code cell); every chart
function returns a :class:`matplotlib.figure.Figure` with labelled axes (units in the
labels), a legend beside the data rather than on it, whole-number ticks on axes counted
in moves, a log scale where the values span decades, and a title that states what the
figure states its finding, computed from the data. Three styles (:func:`use_style`:
``notebook``, ``slides``, ``paper``) set the text, the lines and the figure sizes. One
encoding (:mod:`~eightlab.viz.plots.encoding`): an algorithm has one colour
(:func:`algorithm_color`), a heuristic one line style and marker
(:func:`heuristic_style`), in every figure.

* :mod:`~eightlab.viz.plots.encoding`: the table of colours and line styles by registry name.
* :mod:`~eightlab.viz.plots.fit`: :func:`~eightlab.viz.plots.fit.slide_fit_problems`, whether
  a figure fits a 16:9 slide (its height, 14-pt text, no overlapping text).
* :mod:`~eightlab.viz.plots.style`: the styles, :func:`use_style`, :func:`figure_size`,
  :func:`save_figure` (PNG, SVG and PDF, atomically), :func:`integer_ticks`,
  :func:`legend_outside`, :func:`label_points`.
* :mod:`~eightlab.viz.plots.lines`: :func:`plot_by_depth` (one panel of medians by depth)
  and :func:`figure_legend`.
* :mod:`~eightlab.viz.plots.search`: :func:`nodes_by_depth`, :func:`runtime_by_depth`
  (faceted by family), :func:`branching_factor_by_depth`, :func:`memory_by_depth`,
  :func:`paired_expansions`, :func:`expanded_by_heuristic` (README's figure),
  :func:`panels_by_depth` (several medians, a panel each).
* :mod:`~eightlab.viz.plots.bidirectional`: the bidirectional experiment's
  :func:`~eightlab.viz.plots.bidirectional.ratio_to_bound` and
  :func:`~eightlab.viz.plots.bidirectional.g_cost_grid`.
* :mod:`~eightlab.viz.plots.learned`: the learned-heuristic experiment's figures.
* :mod:`~eightlab.viz.plots.heuristics`: :func:`h_vs_hstar_heatmap`,
  :func:`overestimate_bar`, :func:`mean_h_by_distance`,
  :func:`inadmissibility_tradeoff`.
* :mod:`~eightlab.viz.plots.means`: :func:`means_by_depth` (the AIMA-style table of means).
* :mod:`~eightlab.viz.plots.instances`: :func:`nodes_per_instance`, :func:`seconds_vs_nodes`
  (Korf's 100).
* :mod:`~eightlab.viz.plots.redraw`: the figures that ``python -m eightlab plot`` redraws from
  a saved table.
* :mod:`~eightlab.viz.plots.tutorials`: :func:`depth_distribution`, :func:`bfs_layers`,
  :func:`iteration_bars`, :func:`goal_side_errors`.

:func:`~eightlab.search.registry.run_label`, the label of an algorithm in these charts, is
re-exported here; it lives in :mod:`eightlab.search.registry`.
"""

from eightlab.search import run_label
from eightlab.viz.plots.bidirectional import g_cost_grid, ratio_to_bound
from eightlab.viz.plots.heuristics import (
    h_vs_hstar_heatmap,
    inadmissibility_tradeoff,
    mean_h_by_distance,
    overestimate_bar,
)
from eightlab.viz.plots.instances import nodes_per_instance, seconds_vs_nodes
from eightlab.viz.plots.learned import astar_by_depth, fifteen_walks, overestimates_by_distance
from eightlab.viz.plots.lines import figure_legend, plot_by_depth
from eightlab.viz.plots.means import means_by_depth
from eightlab.viz.plots.search import (
    branching_factor_by_depth,
    expanded_by_heuristic,
    family_of,
    memory_by_depth,
    nodes_by_depth,
    paired_expansions,
    panels_by_depth,
    runtime_by_depth,
)
from eightlab.viz.plots.style import (
    BAND_LABEL,
    FIGURE_STYLES,
    MEDIAN_TITLE,
    PALETTE,
    PALETTE_WIDE,
    STYLE,
    algorithm_color,
    conventions_note,
    current_style,
    figure_size,
    heuristic_color,
    heuristic_linestyle,
    heuristic_marker,
    heuristic_style,
    integer_ticks,
    label_points,
    legend_outside,
    save_figure,
    series_style,
    use_style,
)
from eightlab.viz.plots.tutorials import (
    bfs_layers,
    depth_distribution,
    goal_side_errors,
    iteration_bars,
)

__all__ = [
    "astar_by_depth",
    "fifteen_walks",
    "g_cost_grid",
    "overestimates_by_distance",
    "ratio_to_bound",
    "BAND_LABEL",
    "FIGURE_STYLES",
    "MEDIAN_TITLE",
    "PALETTE",
    "PALETTE_WIDE",
    "STYLE",
    "algorithm_color",
    "bfs_layers",
    "branching_factor_by_depth",
    "depth_distribution",
    "expanded_by_heuristic",
    "family_of",
    "figure_legend",
    "goal_side_errors",
    "h_vs_hstar_heatmap",
    "heuristic_color",
    "heuristic_marker",
    "inadmissibility_tradeoff",
    "integer_ticks",
    "iteration_bars",
    "label_points",
    "legend_outside",
    "mean_h_by_distance",
    "means_by_depth",
    "memory_by_depth",
    "nodes_by_depth",
    "overestimate_bar",
    "paired_expansions",
    "panels_by_depth",
    "plot_by_depth",
    "run_label",
    "runtime_by_depth",
    "conventions_note",
    "current_style",
    "figure_size",
    "heuristic_linestyle",
    "heuristic_style",
    "nodes_per_instance",
    "seconds_vs_nodes",
    "save_figure",
    "series_style",
    "use_style",
]
