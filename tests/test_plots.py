"""The shared chart style of eightlab.viz.plots: what every figure must show a reader.

Whole-number ticks on axes counted in moves, legends clear of the data and saying what
the lines and bands are, no series hidden under another, the colour of the algorithm
and the line and marker of the heuristic, shares capped at 100%. The charts are drawn from small made-up tables.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from eightlab.viz import plots
from eightlab.viz.plots.encoding import INK

DEPTHS = [4, 8, 12, 16, 20, 22]


@pytest.fixture(autouse=True)
def _style_and_close():
    plots.use_style()
    yield
    plt.close("all")


def _summary(series: dict, depths=DEPTHS, metric: str = "max_stored") -> pd.DataFrame:
    """A summary table: ``{(algorithm, heuristic): medians}``, quartiles at +-10%."""
    rows = []
    for (algorithm, heuristic), medians in series.items():
        for depth, median in zip(depths, medians, strict=True):
            rows.append(
                {
                    "algorithm": algorithm,
                    "heuristic": heuristic,
                    "depth": depth,
                    f"{metric}_median": median,
                    f"{metric}_q1": median * 0.9,
                    f"{metric}_q3": median * 1.1,
                }
            )
    return pd.DataFrame(rows)


def _legend_texts(legend) -> list[str]:
    texts = [t.get_text() for t in legend.get_texts()] + [legend.get_title().get_text()]
    return [" ".join(text.split()) for text in texts]  # wrapped lines joined


def _is_whole(values) -> bool:
    values = np.asarray(values, dtype=float)
    return bool(np.all(values == np.round(values)))


# --------------------------------------------------------------------- depth axes
@pytest.mark.parametrize("depths", [DEPTHS, list(range(0, 32)), [3, 5], [10]])
def test_depth_axis_ticks_are_whole_moves(depths):
    table = _summary({("bfs", ""): [10.0 * (d + 1) for d in depths]}, depths=depths)
    fig = plots.plot_by_depth(table, "max_stored", "boards")
    fig.canvas.draw()
    ticks = fig.axes[0].get_xticks()
    assert len(ticks) >= 1 and _is_whole(ticks), ticks


def test_scatter_and_heuristic_charts_have_whole_move_ticks():
    counts = pd.DataFrame(
        {"heuristic": ["a"] * 4, "h_star": [0, 1, 2, 3], "h": [0, 1, 1, 2], "count": [1] * 4}
    )
    for fig in (plots.mean_h_by_distance(counts, admissible={"a"}),
                plots.h_vs_hstar_heatmap(counts)):  # fmt: skip
        fig.canvas.draw()
        ax = fig.axes[0]
        assert _is_whole(ax.get_xticks()), ax.get_xticks()


# ----------------------------------------------------------- series under series
def test_a_series_equal_to_an_earlier_one_is_shifted_open_and_named():
    table = _summary(
        {
            ("bfs", ""): [10, 100, 1000, 1e4, 5e4, 8e4],
            ("bfs-cantor", ""): [10, 100, 1000, 1e4, 5e4, 8e4],
            ("iddfs", ""): [5, 9, 13, 17, 21, 23],
        }
    )
    fig = plots.plot_by_depth(table, "max_stored", "boards")
    ax = fig.axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    bfs, cantor = lines["BFS"], lines["BFS (Cantor table)"]
    np.testing.assert_array_equal(bfs.get_xdata(), DEPTHS)
    shift = np.asarray(cantor.get_xdata()) - np.asarray(DEPTHS)
    assert np.all(shift > 0) and np.allclose(shift, shift[0]) and shift[0] < 2  # < half a gap
    assert mcolors.same_color(cantor.get_markerfacecolor(), "white")
    assert not mcolors.same_color(bfs.get_markerfacecolor(), "white")
    np.testing.assert_array_equal(lines["IDDFS"].get_xdata(), DEPTHS)  # not a copy: in place
    notes = [t for t in _legend_texts(ax.get_legend()) if "same medians as" in t]
    assert len(notes) == 1 and "Cantor" in notes[0] and "BFS" in notes[0]


def test_several_series_under_one_take_turns_with_their_markers():
    path = [3, 5, 7, 9, 11, 13]
    table = _summary(
        {
            ("iddfs", ""): path[:4] + [np.nan, np.nan],  # ran out of budget at depth 20
            ("idastar", "misplaced"): path,
            ("idastar", "manhattan"): path,
            ("idastar", "linear-conflict"): path,
        }
    )
    ax = plots.plot_by_depth(table, "max_stored", "boards").axes[0]
    hidden = [line for line in ax.get_lines() if line.get_label().startswith("IDA*")]
    assert len(hidden) == 3
    assert [line.get_markevery() for line in hidden] == [(0, 3), (1, 3), (2, 3)]
    (note,) = [t for t in _legend_texts(ax.get_legend()) if "same medians as" in t]
    assert "IDDFS" in note and "where both ran" in note


def test_different_series_are_left_in_place():
    table = _summary({("bfs", ""): [1, 2, 3, 4, 5, 6], ("iddfs", ""): [1, 2, 3, 4, 5, 7]})
    ax = plots.plot_by_depth(table, "max_stored", "boards").axes[0]
    for line in ax.get_lines():
        np.testing.assert_array_equal(line.get_xdata(), DEPTHS)
    assert not [t for t in _legend_texts(ax.get_legend()) if "same medians" in t]


# ------------------------------------------------------------------------ legends
def _outside(fig, legend, ax) -> bool:
    fig.canvas.draw()
    box, frame = legend.get_window_extent(), ax.get_window_extent()
    return box.x0 >= frame.x1 or box.y1 <= frame.y0


def test_single_panel_legend_is_outside_and_explains_lines_and_bands():
    table = _summary({("bfs", ""): [1, 2, 3, 4, 5, 6], ("astar", "manhattan"): [1, 1, 2, 2, 3, 3]})
    fig = plots.plot_by_depth(table, "max_stored", "boards")
    ax = fig.axes[0]
    assert _outside(fig, ax.get_legend(), ax)
    texts = " ".join(_legend_texts(ax.get_legend()))
    assert "median" in texts and "interquartile range" in texts
    assert "BFS" in texts and "A* (manhattan)" in texts


def test_figure_legend_gathers_the_panels_once_below_them():
    table = _summary(
        {("bfs", ""): [1, 2, 3, 4, 5, 6], ("bfs-cantor", ""): [1, 2, 3, 4, 5, 6]}, metric="m"
    )
    table = table.assign(t_median=[1, 2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 7])
    table = table.assign(t_q1=table.t_median, t_q3=table.t_median)
    fig, axes = plt.subplots(1, 2, layout="constrained")
    plots.plot_by_depth(table, "m", "boards", ax=axes[0], legend=False)
    plots.plot_by_depth(table, "t", "seconds", ax=axes[1], legend=False)
    legend = plots.figure_legend(fig)
    labels = [t.get_text() for t in legend.get_texts()]
    assert labels[:2] == ["BFS", "BFS (Cantor table)"] and len(labels) == len(set(labels))
    assert any("interquartile range" in label for label in labels)
    assert "median" in legend.get_title().get_text()
    fig.canvas.draw()
    box = legend.get_window_extent()
    assert all(box.y1 <= ax.get_window_extent().y0 for ax in axes)
    # the panel where the two coincide says so; the other has no note
    assert axes[0].get_legend() is not None and axes[1].get_legend() is None


def test_nodes_by_depth_has_one_legend_outside_both_panels():
    table = _summary({("bfs", ""): [1, 2, 3, 4, 5, 6]}, metric="generated")
    expanded = _summary({("bfs", ""): [1, 2, 3, 4, 5, 6]}, metric="expanded")
    fig = plots.nodes_by_depth(table.merge(expanded))
    assert len(fig.legends) == 1
    assert all(_outside(fig, fig.legends[0], ax) for ax in fig.axes)


def test_panels_of_one_algorithm_keep_its_colour_and_tell_heuristics_apart_by_line():
    table = _summary({("astar", h): [1, 2, 3, 4, 5, 6] for h in ("misplaced", "manhattan")})
    table.loc[table.heuristic == "manhattan", "max_stored_median"] += 1
    ax = plots.plot_by_depth(table, "max_stored", "boards", label_by="heuristic").axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"misplaced", "manhattan"}
    for line in lines.values():  # no colour changes meaning: A*'s blue is A*'s
        assert mcolors.to_hex(line.get_color()) == plots.algorithm_color("astar")
    assert lines["misplaced"].get_marker() != lines["manhattan"].get_marker()
    assert lines["misplaced"].get_linestyle() != lines["manhattan"].get_linestyle()


# ---------------------------------------------------------------------- heuristics
HEURISTICS = [
    "zero", "misplaced", "manhattan", "linear-conflict", "max-swap", "pdb", "exact",
    "weighted-manhattan", "manhattan-with-blank", "linear-conflict-pairs", "nilsson",
]  # fmt: skip


def test_eleven_heuristics_get_eleven_markers_in_the_ink_and_inadmissible_ones_are_dashed():
    counts = pd.DataFrame(
        [
            {"heuristic": name, "h_star": d, "h": d * (k + 1) / 6, "count": 1}
            for k, name in enumerate(HEURISTICS)
            for d in range(5)
        ]
    )
    fig = plots.mean_h_by_distance(counts, HEURISTICS)
    ax = fig.axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    colours = {mcolors.to_hex(lines[name].get_color()) for name in HEURISTICS}
    assert colours == {INK}  # heuristics alone: no algorithm's colour
    markers = {lines[name].get_marker() for name in HEURISTICS}
    assert len(markers) == len(HEURISTICS)
    for name in HEURISTICS[:7]:  # claim admissibility: any line but dashed
        assert lines[name].get_linestyle() != "--", name
        assert lines[name].get_marker() == plots.heuristic_marker(name), name
    for name in HEURISTICS[7:]:
        assert lines[name].get_linestyle() == "--", name
    legend = ax.get_legend()
    assert _outside(fig, legend, ax)
    assert "dashed" in legend.get_title().get_text()


def test_overestimate_axis_ends_at_100_percent():
    claims = pd.DataFrame(
        {
            "heuristic": ["manhattan", "nilsson", "blank"],
            "states": [181440] * 3,
            "overestimates": [0, 181432, 4650],
            "claims_admissible": [True, False, False],
        }
    )
    fig = plots.overestimate_bar(claims)
    ax = fig.axes[0]
    assert ax.get_xlim() == (0.0, 100.0)
    texts = [t.get_text() for t in ax.texts]
    assert "99.99% (181,432 boards)" in texts  # not rounded up to 100%
    assert "none" in texts


# --------------------------------------------------------- one palette, three formats
def test_save_figure_writes_png_svg_and_pdf_readable_by_others(tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    written = plots.save_figure(fig, tmp_path / "f", "line")
    assert [p.name for p in written] == ["line.png", "line.svg", "line.pdf"]
    assert written[2].read_bytes()[:5] == b"%PDF-"
    for path in written:
        assert path.stat().st_mode & 0o644 == 0o644
    again = plots.save_figure(fig, tmp_path / "g", "line")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written]
    with pytest.raises(ValueError, match="format"):
        plots.save_figure(fig, tmp_path, "x", formats=("bmp",))


def test_an_algorithm_has_one_colour_in_every_chart():
    a = _summary({("astar", "manhattan"): [1, 2, 3, 4, 5, 6], ("bfs", ""): [2, 3, 4, 5, 6, 7]})
    b = _summary(
        {("idastar", "manhattan"): [1, 2, 3, 4, 5, 7], ("astar", "manhattan"): [1, 2, 3, 4, 5, 6]}
    )
    colours = []
    for table in (a, b):
        ax = plots.plot_by_depth(table, "max_stored", "boards").axes[0]
        lines = {line.get_label(): line for line in ax.get_lines()}
        colours.append(mcolors.to_hex(lines["A* (manhattan)"].get_color()))
    assert colours[0] == colours[1] == plots.algorithm_color("astar")
    assert len({plots.algorithm_color(n) for n in ("bfs", "astar", "idastar", "rbfs")}) == 4
    assert plots.algorithm_color("iddfs-x") == plots.algorithm_color("iddfs")  # a variant


def test_nodes_by_depth_has_one_column_per_family_and_states_its_finding():
    generated = _summary(
        {
            ("bfs", ""): [10, 100, 1e3, 1e4, 5e4, 8e4],
            ("astar", "manhattan"): [5, 9, 20, 50, 90, 200],
            ("idastar", "manhattan"): [5, 9, 21, 55, 95, 230],
        },  # fmt: skip
        metric="generated",
    )
    expanded = generated.rename(columns=lambda c: c.replace("generated", "expanded"))
    fig = plots.nodes_by_depth(generated.merge(expanded))
    panels = [ax for ax in fig.axes if ax.get_visible()]
    assert len(panels) == 6  # 2 rows (generated, expanded) x 3 families
    titles = " ".join(ax.get_title() for ax in panels)
    assert "breadth-first" in titles and "best-first" in titles and "depth-first" in titles
    title = " ".join(fig.get_suptitle().split())
    assert "x fewer nodes than" in title and "A* (manhattan)" in title
    assert len(fig.legends) == 1


def test_branching_factor_shades_the_small_depths_and_says_why():
    table = _summary({("idastar", "manhattan"): [1.0, 1.3, 1.4, 1.4, 1.35, 1.3]}, metric="b_star")
    table["depth"] = [2, 4, 8, 12, 16, 20]
    fig = plots.branching_factor_by_depth(table)
    ax = fig.axes[0]
    spans = [p for p in ax.patches if p.get_x() == pytest.approx(1.5)]
    assert spans and spans[0].get_width() == pytest.approx(3.0)
    caption = " ".join(fig.get_supxlabel().split())
    assert "slightly above 1" in caption and "IDA*" in caption
    # a footnote only for the algorithms of the run: no IDA* sentence without IDA*
    textbook = table.assign(algorithm="iddfs-tree", heuristic="")
    textbook = pd.concat([textbook, table.assign(algorithm="astar", heuristic="manhattan")])
    caption = " ".join(plots.branching_factor_by_depth(textbook).get_supxlabel().split())
    assert "slightly above 1" in caption and "IDA*" not in caption


def test_paired_expansions_counts_the_boards_where_one_needs_fewer_nodes():
    runs = pd.DataFrame(
        [
            {"instance": i, "algorithm": "astar", "heuristic": h, "status": "solved",
             "expanded": n, "optimal_length": 10 + i}
            for i, (a, b) in enumerate([(100, 10), (50, 60), (80, 8), (7, 7)])
            for h, n in (("misplaced", a), ("manhattan", b))
        ]
    )  # fmt: skip
    fig = plots.paired_expansions(runs, "misplaced", "manhattan", algorithm="astar")
    ax = fig.axes[0]
    assert "fewer nodes on 2 of 4 boards" in " ".join(ax.get_title().split())
    assert ax.get_xscale() == ax.get_yscale() == "log"
    with pytest.raises(ValueError, match="both"):
        plots.paired_expansions(runs, "misplaced", "pdb", algorithm="astar")


def test_h_vs_hstar_panels_keep_their_own_y_range_and_explain_the_checkerboard():
    counts = pd.DataFrame(
        {
            "heuristic": ["a", "a", "c", "c", "b", "b"],
            "h_star": [0, 4, 0, 4, 0, 4],
            "h": [0, 2, 0, 4, 0, 9],
            "count": [1, 3, 1, 1, 1, 2],
        }  # fmt: skip
    )
    fig = plots.h_vs_hstar_heatmap(counts, admissible={"a", "c"})
    panels = {ax.get_title().split()[0]: ax for ax in fig.axes if ax.get_title()}
    # the heuristics that never overestimate share 0..max h*; b runs to its own top
    assert panels["a"].get_ylim() == panels["c"].get_ylim() == (-0.5, 4.5)
    assert panels["b"].get_ylim() == (-0.5, 9.5)
    assert "claims nothing" in panels["b"].get_title()
    assert "parity" in fig.get_supxlabel()
    title = " ".join(fig.get_suptitle().split())
    assert title.startswith("2 of 3 heuristics never exceed h*") and title.endswith("b do")
    assert all(mcolors.same_color(ax.title.get_color(), "black") for ax in panels.values())


def test_mean_h_cuts_a_runaway_curve_and_names_it():
    counts = pd.DataFrame(
        [{"heuristic": "manhattan", "h_star": d, "h": d, "count": 1} for d in range(10)]
        + [{"heuristic": "nilsson", "h_star": d, "h": 9 * d, "count": 1} for d in range(10)]
    )
    ax = plots.mean_h_by_distance(counts).axes[0]
    assert ax.get_ylim()[1] < 40
    assert any(t.get_text().startswith("nilsson goes on up to 81") for t in ax.texts)


def test_tutorial_charts():
    distributions = pd.DataFrame({"123456780": [1, 2, 4, 8, 2], "123804765": [1, 4, 8, 3, 0]})
    fig = plots.depth_distribution(distributions)
    assert all(ax.get_yscale() == "log" for ax in fig.axes)
    fig = plots.bfs_layers([1, 2, 4, 8, 16, 20], 3, "123456708")
    assert "goal at depth 3" in fig.axes[0].get_title()
    passes = [{"iteration": k + 1, "threshold": t, "expanded": e, "generated": 2 * e}
              for k, (t, e) in enumerate([(10, 3), (12, 30), (14, 300)])]  # fmt: skip
    fig = plots.iteration_bars(passes)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["10", "12", "14"]
    assert "10.0x" in fig.axes[0].get_title()
    with pytest.raises(ValueError, match="empty"):
        plots.iteration_bars([])
    by_depth = pd.DataFrame({"wrong": [0, 3], "boards": [4, 4]}, index=[8, 16])
    ax = plots.goal_side_errors(by_depth).axes[0]
    assert "3/4" in [t.get_text() for t in ax.texts]


def test_conventions_note_quotes_the_conventions():
    from eightlab.search.result import CONVENTIONS

    note = plots.conventions_note("goal_test").data
    assert CONVENTIONS["goal_test"].replace("*", "\\*") in note
    assert "parent" not in note.split("goal test")[0]


def test_depth_first_panel_caption_is_true_for_the_tree_search():
    from eightlab.viz.plots.search import family_note

    assert "parent never generated" in family_note("depth-first", ["idastar", "iddfs"])
    tree = family_note("depth-first", ["iddfs-tree"])
    assert "never" not in tree and "generated again by IDDFS (tree)" in tree
    assert "never by the others" in family_note("depth-first", ["iddfs-tree", "idastar"])


def test_a_chart_takes_an_algorithms_family_from_its_record():
    from eightlab.search import ALGORITHMS

    for name, spec in ALGORITHMS.items():
        assert plots.family_of(name) == spec.family
    assert plots.family_of("bidirectional-bfs") == "breadth-first"
    assert plots.family_of("astar-variant") == "best-first"  # by its first part
    assert plots.family_of("unheard-of") == "other"


def test_conventions_footnote_keeps_the_stars_of_a_star():
    from eightlab.viz.plots.style import conventions_note

    text = conventions_note("parent").data
    assert "A\\*" in text and "IDA\\*" in text  # escaped: Markdown shows A* and IDA*
    assert "<sup>*</sup>" not in text
