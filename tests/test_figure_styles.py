"""The three figure styles, the one encoding, and ``python -m eightlab plot``.

Every registered algorithm has its own colour and every heuristic its own line; PDFs
embed TrueType (Type 42) fonts, never Type 3; the same data give the same bytes; the
slides style keeps every text at 14 pt or more on a 16:9 slide and the paper style
keeps a figure within its column; ``plot`` redraws the experiments' figures from a saved
table in every style and answers bad input with one line and exit status 2.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import re

import matplotlib.pyplot as plt
import pandas as pd
import pytest
from matplotlib.text import Text
from PIL import Image

from eightlab.cli import main
from eightlab.experiments.grid import run_grid
from eightlab.heuristics import HEURISTICS
from eightlab.search import ALGORITHMS
from eightlab.viz import plots
from eightlab.viz.plots.encoding import ALGORITHM_COLORS, HEURISTIC_STYLES, INK
from eightlab.viz.plots.redraw import FIGURES

STYLES = ("notebook", "slides", "paper")


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")
    plots.use_style("notebook")


# ------------------------------------------------------------------------ encoding
def test_every_registered_algorithm_has_its_own_colour():
    missing = [name for name in ALGORITHMS if name not in ALGORITHM_COLORS]
    assert not missing, f"add these to eightlab/viz/plots/encoding.py ALGORITHM_COLORS: {missing}"
    colours = [ALGORITHM_COLORS[name].lower() for name in ALGORITHMS]
    assert len(set(colours)) == len(colours)
    assert all(plots.algorithm_color(name) == ALGORITHM_COLORS[name] for name in ALGORITHMS)


def test_every_registered_heuristic_has_its_own_line_and_marker_in_the_ink():
    missing = [name for name in HEURISTICS if name not in HEURISTIC_STYLES]
    assert not missing, f"add these to eightlab/viz/plots/encoding.py HEURISTIC_STYLES: {missing}"
    lines = [(HEURISTIC_STYLES[n]["linestyle"], HEURISTIC_STYLES[n]["marker"]) for n in HEURISTICS]
    assert len(set(lines)) == len(lines)
    assert len({m for _, m in lines}) == len(lines)  # the marker alone tells them apart
    # the colour says the algorithm: a heuristic alone is drawn in the ink no algorithm has
    assert {plots.heuristic_style(n)["color"] for n in HEURISTICS} == {INK}
    assert INK not in ALGORITHM_COLORS.values()
    for name, heuristic in HEURISTICS.items():  # dashed = claims nothing
        assert (plots.heuristic_linestyle(name) == "--") == (not heuristic.admissible), name


def test_a_colour_means_the_algorithm_in_every_panel_of_a_figure():
    rows = [
        {"algorithm": a, "heuristic": h, "depth": d, **{f"{m}_{s}": 10.0 * d + k
                                                       for m in ("generated", "expanded")
                                                       for s in ("median", "q1", "q3")}}
        for k, (a, h) in enumerate([("bfs", ""), ("astar", "misplaced"), ("astar", "manhattan")])
        for d in (2, 4, 6)
    ]  # fmt: skip
    fig = plots.nodes_by_depth(pd.DataFrame(rows))
    best_first = [ax for ax in fig.axes if "best-first" in ax.get_title()]
    colours = {line.get_color() for line in best_first[0].get_lines()}
    assert colours == {plots.algorithm_color("astar")}  # not the heuristics' colours
    markers = {line.get_marker() for line in best_first[0].get_lines()}
    assert markers == {plots.heuristic_marker("misplaced"), plots.heuristic_marker("manhattan")}


# ------------------------------------------------------------------ files and fonts
def _figure(style):
    plots.use_style(style)
    fig, ax = plt.subplots(figsize=plots.figure_size(), layout="constrained")
    ax.plot([1, 2, 3], [1, 4, 9], label="A* (manhattan)", **plots.heuristic_style("manhattan"))
    ax.set_title("h* and b\u2265 1: text with $d^2$ math")
    plots.legend_outside(ax)
    return fig


@pytest.mark.parametrize("style", STYLES)
def test_pdfs_embed_truetype_fonts_and_svgs_keep_text(style, tmp_path):
    pdf, svg = tmp_path / "f.pdf", tmp_path / "f.svg"
    written = plots.save_figure(_figure(style), tmp_path, "f", ("pdf", "svg"))
    assert written == [pdf, svg]
    data = pdf.read_bytes()
    assert b"/Type3" not in data and b"/FontFile2" in data  # TrueType, embedded
    assert "A* (manhattan)" in svg.read_text()  # text, not paths


@pytest.mark.parametrize("style", STYLES)
def test_the_same_data_give_the_same_bytes(style, tmp_path):
    fig = _figure(style)
    first = plots.save_figure(fig, tmp_path / "a", "f")
    again = plots.save_figure(fig, tmp_path / "c", "f")  # the same figure, saved again
    second = plots.save_figure(_figure(style), tmp_path / "b", "f")  # drawn again
    assert [p.suffix for p in first] == [".png", ".svg", ".pdf"]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in again]


def test_an_unknown_style_is_refused_by_name():
    with pytest.raises(plots.style.EightlabError, match="figure_style must be one of"):
        plots.use_style("poster")


# ------------------------------------------------------------------------ plot command
@pytest.fixture(scope="module")
def runs_csv(tmp_path_factory):
    """A small runs.csv of compare_algorithms: 4 boards, 3 searches, 2 heuristics."""
    boards = ["123456708", "123405786", "123745086", "120453786"]
    runs = run_grid(boards, ["bfs", "astar", "idastar"], ["misplaced", "manhattan"], progress=False)
    runs["optimal_length"] = runs["length"]
    path = tmp_path_factory.mktemp("runs") / "runs.csv"
    runs.to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def korf_csv(tmp_path_factory):
    rows = [
        {"instance": i, "heuristic": h, "generated": n * f, "seconds": n * f * c,
         "status": "solved"}
        for i, n in enumerate([1e5, 3e6, 2e7, 8e5] * 10, start=1)
        for h, f, c in (("manhattan", 1.0, 3e-8), ("pdb-5-5-5", 0.01, 8e-7))
    ]  # fmt: skip
    path = tmp_path_factory.mktemp("korf") / "runs.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


def _text_sizes(fig):
    return [t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def test_plot_list_names_every_figure(capsys):
    assert main(["plot", "--list"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines()] == list(FIGURES)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize(
    "figure",
    ["nodes_by_depth", "memory_by_depth", "branching_factor_by_depth", "paired_expansions"],
)
def test_plot_redraws_a_figure_of_a_runs_table_in_each_style(
    figure, style, runs_csv, tmp_path, capsys
):
    target = tmp_path / f"{figure}.png"
    assert (
        main(["plot", str(runs_csv), "--figure", figure, "--style", style, "-o", str(target)]) == 0
    )
    assert capsys.readouterr().out.strip() == str(target)
    image = Image.open(target)
    width, height = (pixels / 150 for pixels in image.size)
    if style == "slides":  # fits a 13.33 x 7.5 in slide unscaled: the text stays >= 14 pt
        assert width <= 13.33 and height <= 7.5, (width, height)
    if style == "paper":  # within a double column
        assert width <= 7.0, width


@pytest.mark.parametrize("style", STYLES)
def test_figure_text_is_large_enough_for_the_style(style, runs_csv, korf_csv):
    from eightlab.viz.plots.redraw import draw, read_table

    plots.use_style(style)
    smallest = {"notebook": 8, "slides": 14, "paper": 8}[style]
    for name, table in [
        ("nodes_by_depth", runs_csv), ("branching_factor_by_depth", runs_csv),
        ("nodes_per_instance", korf_csv), ("seconds_vs_nodes", korf_csv),
    ]:  # fmt: skip
        fig = draw(name, read_table(table))
        assert min(_text_sizes(fig)) >= smallest, name
        if style == "paper" and name in ("branching_factor_by_depth", "seconds_vs_nodes"):
            fig.canvas.draw()
            box = fig.get_tightbbox()
            assert box.width <= 3.5, (name, box.width)  # one column


def test_korf_figures_state_their_findings(korf_csv):
    from eightlab.viz.plots.redraw import draw, read_table

    runs = read_table(korf_csv)
    title = " ".join(draw("seconds_vs_nodes", runs).axes[0].get_title().split())
    assert "manhattan 30 ns" in title and "pdb-5-5-5 800 ns" in title
    assert "pdb-5-5-5 sits highest (27x manhattan)" in title
    ax = draw("nodes_per_instance", runs).axes[0]
    assert "a median 100x fewer nodes than manhattan" in " ".join(ax.get_title().split())
    assert "ranked" in ax.get_xlabel()  # 40 instances: ranks, not 40 overlapping labels
    assert len(ax.get_xticks()) < 15


def _fails(capsys, *argv) -> str:
    assert main(["plot", *map(str, argv)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_bad_plot_input_is_one_line_and_exit_2(runs_csv, korf_csv, tmp_path, capsys):
    out = tmp_path / "x.png"
    assert "unknown figure" in _fails(capsys, runs_csv, "--figure", "pie", "-o", out)
    err = _fails(capsys, korf_csv, "--figure", "h_vs_hstar", "-o", out)
    assert re.search(r"needs the column\(s\) h_star, h, count", err)
    assert "cannot read" in _fails(capsys, tmp_path / "absent.csv", "--figure", "h_vs_hstar")
    garbage = tmp_path / "garbage.csv"
    garbage.write_bytes(b"\xff\xfe\x00\x81" * 50)
    assert "cannot read" in _fails(capsys, garbage, "--figure", "nodes_by_depth", "-o", out)
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert "cannot read" in _fails(capsys, empty, "--figure", "nodes_by_depth", "-o", out)
    refusal = _fails(capsys, runs_csv, "--figure", "nodes_by_depth", "--style", "x")
    assert "--style" in refusal and "figure_style" not in refusal  # the option typed
    assert ".pdf" in _fails(
        capsys, runs_csv, "--figure", "nodes_by_depth", "-o", tmp_path / "x.gif"
    )
    assert "needs a table" in _fails(capsys, "--figure", "nodes_by_depth")
    alone = tmp_path / "alone.csv"  # a runs table without its NAME.timings.csv beside it
    pd.read_csv(runs_csv).drop(columns=["wall_seconds", "cpu_seconds"]).to_csv(alone, index=False)
    refusal = _fails(capsys, alone, "--figure", "runtime_by_depth", "-o", out)
    assert "'wall_seconds'" in refusal and "'alone.timings.csv'" in refusal
    assert not out.exists()


def test_plot_draws_the_table_of_means_with_the_encoding(runs_csv, tmp_path, capsys):
    from eightlab.analysis.summaries import textbook_table
    from eightlab.viz.plots.means import names_of
    from eightlab.viz.plots.redraw import draw, read_table

    by_depth = tmp_path / "by_depth.csv"
    textbook_table(read_table(runs_csv)).to_csv(by_depth, index=False)
    assert (
        main(["plot", str(by_depth), "--figure", "means_by_depth", "-o", str(tmp_path / "m.svg")])
        == 0
    )
    assert names_of("A* (manhattan)") == ("astar", "manhattan")
    assert names_of("BFS (Cantor table)") == ("bfs-cantor", "")
    fig = draw("means_by_depth", read_table(by_depth))
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    assert lines["IDA* (manhattan)"].get_color() == plots.algorithm_color("idastar")
    assert lines["IDA* (manhattan)"].get_marker() == plots.heuristic_marker("manhattan")
    assert "fewer nodes (mean) than" in " ".join(fig.get_suptitle().split())


def test_plot_refuses_an_output_folder_that_does_not_exist(tmp_path, capsys):
    from eightlab.cli import main

    missing = tmp_path / "no" / "such" / "folder" / "x.png"
    assert (
        main(["plot", "--figure", "nodes_by_depth", "-o", str(missing), str(tmp_path / "runs.csv")])
        == 2
    )
    assert "does not exist" in capsys.readouterr().err and not (tmp_path / "no").exists()
