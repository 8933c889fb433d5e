"""The four tutorial notebooks run top to bottom; eightlab.viz.drawing draws what it should.

The notebooks are executed with papermill on tiny parameters into ``tmp_path`` (the
figures they save land there); the drawing tests check the pictures' contents against
boards and searches computed here, not against hard-coded numbers. The committed form of
a notebook is read as git would commit it (the index, after the nbstripout filter), so
a notebook saved with outputs in JupyterLab does not fail the suite.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from pathlib import Path

import matplotlib.collections
import matplotlib.colors
import matplotlib.pyplot as plt
import nbformat
import networkx as nx
import numpy as np
import oracle
import pytest
from searching import solve  # the heuristic only for informed searches

from eightlab import Board, RecordingObserver
from eightlab.errors import BoardError, IllegalMoveError
from eightlab.puzzle import statespace
from eightlab.viz import drawing

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

# name -> (tiny parameters, figures it must save, tables it must save)
TUTORIALS = {
    "01_state_space": (
        {"radius": 2, "parity_sample": 3000, "max_hardest_shown": 2, "bfs_radius": 8},
        [
            "notations",
            "moves",
            "state_space_graph",
            "state_space_radial",
            "depth_distribution",
            "hardest_boards",
            "hardest_boards_spiral",
        ],
        [],
    ),
    "02_uninformed_search": (
        {"depths": [2, 4], "per_depth": 2, "example_depth": 6, "max_seconds": 10.0},
        ["example_board", "bfs_layers", "uninformed_by_depth"],
        ["uninformed_runs"],
    ),
    "03_informed_search": (
        {
            "depths": [4, 6],
            "per_depth": 2,
            "accuracy_sample": 40,
            "choices_depth": 8,
            "max_seconds": 10.0,
        },
        ["expanded_by_heuristic"],
        ["informed_runs"],
    ),
    "03b_idastar_search_trees": (
        {"threshold_depth": 8, "animation_depth": 3},
        [
            "idastar_thresholds",
            "astar_search_tree",
            "astar_steps",
            "idastar_search_tree",
            "solution_path",
        ],
        [],
    ),
    "04_eight_ii": (
        {"depths": [4, 8], "per_depth": 2, "n_pairs": 4},
        ["answer_vs_goal_side", "goal_side_errors"],
        [],
    ),
}

#: Every tutorial, in reading order: those above and 05, which tests/test_pdb.py runs.
ALL_TUTORIALS = [*TUTORIALS, "05_fifteen_puzzle"]

#: The tutorials that write their algorithms in code cells tagged ``textbook``.
WITH_TEXTBOOK_CELLS = ["01_state_space", "02_uninformed_search", "03_informed_search",
                       "03b_idastar_search_trees"]  # fmt: skip


# ------------------------------------------------ notebooks as committed and run
def committed_notebook(path: Path):
    """The notebook as git would commit it: the staged blob (outputs stripped by the
    nbstripout filter of .gitattributes) when the file is tracked, else the file."""
    try:
        blob = subprocess.run(
            ["git", "show", f":{path.relative_to(ROOT).as_posix()}"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return nbformat.read(path, as_version=4)
    return nbformat.reads(blob, as_version=4)


def _declares(source: str, parameter: str) -> bool:
    """``parameter`` is assigned at the start of a line, with or without a type."""
    return re.search(rf"^{parameter}\s*(:[^=\n]*)?=", source, flags=re.M) is not None


def test_every_tutorial_of_the_folder_is_listed_here():
    found = sorted(p.stem for p in NOTEBOOKS.glob("[0-9]*.ipynb"))
    assert found == sorted(ALL_TUTORIALS)


@pytest.mark.parametrize("name", ALL_TUTORIALS)
def test_tutorial_is_committed_clean(name):
    notebook = committed_notebook(NOTEBOOKS / f"{name}.ipynb")
    nbformat.validate(notebook)
    # the kernelspec JupyterLab writes when it starts the kernel, so that opening a
    # tutorial does not change its metadata (and mark it modified)
    from jupyter_client.kernelspec import get_kernel_spec

    spec = get_kernel_spec("python3")
    assert notebook.metadata["kernelspec"] == {
        "name": "python3", "display_name": spec.display_name, "language": spec.language
    }  # fmt: skip
    assert notebook.metadata["language_info"] == {"name": "python"}
    assert "widgets" not in notebook.metadata
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.outputs == [] and cell.execution_count is None for cell in code)
    tagged = [cell for cell in code if "parameters" in cell.metadata.get("tags", [])]
    assert len(tagged) == 1
    assert re.search(r'^output_dir: str = ""', tagged[0].source, flags=re.M)
    for parameter in TUTORIALS.get(name, ({},))[0]:
        assert _declares(tagged[0].source, parameter), parameter
    # every parameter has a type annotation and a comment, for papermill --help-notebook
    for line in tagged[0].source.splitlines():
        if line.strip():
            assert re.match(r"^\w+: [^=]+ = .+  # \S", line), line
            assert line.count("=") == 1, f"papermill cannot read a second '=': {line}"
    # the notebook sends its figures to output_folder, never to a path of its own
    assert any(f'output_folder("{name}", output_dir)' in cell.source for cell in code), (
        "no out = output_folder(...) cell"
    )


@pytest.mark.parametrize("name", WITH_TEXTBOOK_CELLS)
def test_tutorial_writes_its_algorithms_in_textbook_cells(name):
    notebook = committed_notebook(NOTEBOOKS / f"{name}.ipynb")
    code = [c for c in notebook.cells if c.cell_type == "code"]
    textbook = [c for c in code if "textbook" in c.metadata.get("tags", [])]
    assert textbook
    for cell in textbook:  # their wording: tools/lint_prose.py
        assert re.search(r"^def \w+\(", cell.source, flags=re.M)
    assert not any("textbook.source(" in c.source or "import textbook" in c.source for c in code)


@pytest.fixture
def kernel_environment(monkeypatch, tmp_path):
    """The kernel imports eightlab from this checkout and keeps its caches in tmp."""
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + (os.pathsep + path if path else ""))
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", "")
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))


def _stream_text(notebook) -> str:
    return "".join(
        output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "stream" and output.get("name") == "stdout"
    )


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_tutorial_runs_and_saves_its_figures(name, tmp_path, kernel_environment, monkeypatch):
    """In the ``slides`` style, every figure measured as it is saved (tests/test_slides_fit.py)."""
    import papermill
    from test_slides_fit import assert_notebook_figures_fit

    parameters, figures, tables = TUTORIALS[name]
    output_dir = tmp_path / "out"
    executed = tmp_path / f"{name}.ipynb"
    monkeypatch.setenv("EIGHTLAB_CHECK_SLIDES", str(tmp_path / "slides.jsonl"))
    papermill.execute_notebook(
        str(NOTEBOOKS / f"{name}.ipynb"),
        str(executed),
        parameters={"output_dir": str(output_dir), "figure_style": "slides", **parameters},
        kernel_name="python3",
        progress_bar=False,
        cwd=str(tmp_path),
        execution_timeout=600,  # a cell that never answers fails the test, not the suite
    )
    notebook = nbformat.read(executed, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.execution_count is not None for cell in code)
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    for figure in figures:
        for extension in ("png", "svg"):
            path = output_dir / f"{figure}.{extension}"
            assert path.is_file() and path.stat().st_size > 0, path
    for table in tables:
        assert (output_dir / f"{table}.csv").is_file()
    saved = {p.stem for p in output_dir.glob("*.png")}
    assert saved == set(figures), "a figure is saved that the test does not know of, or none"
    assert_notebook_figures_fit(tmp_path / "slides.jsonl", saved)
    # every self-check the chapter prints ("...: True") came out true
    checks = re.findall(r"^.*: (True|False)\s*$", _stream_text(notebook), flags=re.M)
    assert checks and "False" not in checks
    if name == "03b_idastar_search_trees":
        # the animation is a GIF shown as an image: no JavaScript anywhere
        gifs = [o for c in code for o in c.outputs if "image/gif" in o.get("data", {})]
        assert gifs and (output_dir / "solution.gif").read_bytes()[:6] == b"GIF89a"
        from PIL import Image, ImageSequence

        with Image.open(output_dir / "solution.gif") as image:
            durations = [frame.info["duration"] for frame in ImageSequence.Iterator(image)]
        assert durations[-1] > max(durations[:-1])  # it holds the solved board
        assert not [
            o
            for c in code
            for o in c.outputs
            if "<script" in o.get("data", {}).get("text/html", "")
        ]
    # the offline HTML copy: no script, no resource from another host
    from eightlab.runner.html import write_html

    page = write_html(executed, tmp_path / f"{name}.html").read_text()
    assert "<script" not in page.lower()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    heading = re.match(r"# (.+)", notebook.cells[0].source).group(1)
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    assert html.unescape(title) == heading.replace("`", "")
    assert "noqa" not in page and "PosixPath(" not in page
    if name == "03b_idastar_search_trees":
        assert "data:image/gif;base64," in page


# ----------------------------------------------- drawing boards, paths and spaces
def _ball(goal: Board, radius: int) -> dict:
    """Distances of every board within ``radius`` moves of ``goal`` (tests/oracle.py)."""
    return oracle.board_distances(goal, radius)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.mark.parametrize("goal", ["123456780", "123804765"])
@pytest.mark.parametrize("radius", [0, 1, 2, 3, 4])
def test_state_space_graph_holds_the_ball_around_the_goal(goal, radius):
    goal = Board.parse(goal)
    graph = drawing.state_space_graph(goal, radius)
    expected = _ball(goal, radius)
    assert dict(graph.nodes(data="depth")) == expected
    # the same counts from the exhaustive table
    counts = statespace.depth_distribution(goal)
    assert graph.number_of_nodes() == int(np.sum(counts[: radius + 1]))
    pairs = {frozenset((b, c)) for b in expected for _, c in b.successors() if c in expected}
    assert {frozenset(e) for e in graph.edges} == pairs
    for u, v, data in graph.edges(data=True):
        other = v if data["tail"] == u else u
        assert data["tail"] in (u, v)
        assert data["tail"].apply(data["move"]) == other
        assert graph.nodes[data["tail"]]["depth"] <= graph.nodes[other]["depth"]


def test_state_space_graph_small_radii_match_bfs_counts():
    goal = Board.goal()
    sizes = [drawing.state_space_graph(goal, r).number_of_nodes() for r in range(4)]
    assert sizes == [len(_ball(goal, r)) for r in range(4)]
    assert nx.is_tree(drawing.state_space_graph(goal, 3))


def test_state_space_graph_rejects_a_negative_radius():
    with pytest.raises(ValueError, match="radius"):
        drawing.state_space_graph(None, -1)


@pytest.mark.parametrize("layout", ["layered", "radial", "spring"])
def test_draw_state_space_draws_one_board_per_node(layout):
    lone = drawing.draw_state_space(drawing.state_space_graph(None, 0), layout=layout)
    assert len(lone.child_axes) == 1
    graph = drawing.state_space_graph("123804765", 1)
    ax = drawing.draw_state_space(graph, layout=layout)
    assert len(ax.child_axes) == graph.number_of_nodes()
    ax = drawing.draw_state_space(graph, layout=layout, boards=False)
    assert not ax.child_axes
    positions = drawing.state_space_layout(graph, layout)
    assert set(positions) == set(graph.nodes)
    assert len({tuple(np.round(p, 6)) for p in positions.values()}) == len(positions)


def test_draw_state_space_rejects_an_unknown_layout():
    with pytest.raises(ValueError, match="layout"):
        drawing.draw_state_space(drawing.state_space_graph(None, 1), layout="circular")


def _tile_texts(ax) -> list[str]:
    return sorted(t.get_text() for t in ax.texts)


def test_draw_board_draws_the_tiles_and_leaves_the_blank_empty():
    board = Board.parse("283104765")
    ax = drawing.draw_board(board, highlight=8)
    assert _tile_texts(ax) == sorted(str(t) for t in board.tiles if t)
    positions = {t.get_text(): t.get_position() for t in ax.texts}
    # tile t sits in the cell where the board holds it (row 0 drawn on top)
    for p, tile in enumerate(board.tiles):
        if tile:
            r, c = divmod(p, board.cols)
            assert positions[str(tile)] == (c + 0.5, board.rows - 1 - r + 0.5)
    colours = [matplotlib.colors.to_hex(p.get_facecolor()) for p in ax.patches[1:]]
    assert colours.count(drawing.HIGHLIGHT_COLOR) == 1
    assert len(colours) == 8


def test_draw_board_rejects_a_bad_board():
    with pytest.raises(BoardError):
        drawing.draw_board("12345678")


def test_draw_boards_draws_each_board_with_its_title():
    boards = ["123456780", "283104765", "876543210"]
    fig = drawing.draw_boards(boards, titles=["a", "b", "c"], ncols=2, title="three")
    drawn = [ax for ax in fig.axes if ax.patches]
    assert [ax.get_title() for ax in drawn] == ["a", "b", "c"]
    assert fig.get_suptitle() == "three"
    with pytest.raises(ValueError):
        drawing.draw_boards([])
    with pytest.raises(ValueError):
        drawing.draw_boards(boards, titles=["a"])


def test_draw_path_highlights_the_tile_that_slides():
    start, path = Board.parse("283164705"), "uuldr"
    fig = drawing.draw_path(start, path)
    drawn = [ax for ax in fig.axes if ax.patches]
    assert len(drawn) == len(path) + 1
    board = start
    for ax, move in zip(drawn[1:], path, strict=True):
        after = board.apply(move)
        moved = board.tiles[after.blank]
        assert ax.get_title().endswith(move)
        highlighted = [
            t.get_text()
            for t, patch in zip(ax.texts, ax.patches[1:], strict=True)
            if matplotlib.colors.to_hex(patch.get_facecolor()) == drawing.HIGHLIGHT_COLOR
        ]
        assert highlighted == [str(moved)]
        board = after
    with pytest.raises(IllegalMoveError):
        drawing.draw_path("123456780", "r")


def _astar_events(start="283164705", goal="123804765", heuristic="misplaced"):
    observer = RecordingObserver()
    result = solve(start, goal, "astar", heuristic, observer=observer)
    return result, observer.events


def test_search_tree_of_astar_matches_its_events():
    result, events = _astar_events()
    tree = drawing.search_tree(events, path=result.path)
    generated = sum(1 for e in events if e[0] == "generate")
    expanded = sum(1 for e in events if e[0] == "expand")
    assert tree.number_of_nodes() == 1 + generated
    assert nx.is_arborescence(tree)
    orders = sorted(o for _, o in tree.nodes(data="order") if o is not None)
    assert orders == list(range(expanded))
    for parent, child, move in tree.edges(data="move"):
        assert tree.nodes[parent]["board"].apply(move) == tree.nodes[child]["board"]
        assert tree.nodes[child]["depth"] == tree.nodes[parent]["depth"] + 1
    for _, data in tree.nodes(data=True):
        assert data["f"] == data["g"] + data["h"]
        assert data["g"] == data["depth"]  # unit move costs
    on_path = [n for n, v in tree.nodes(data="on_path") if v]
    assert len(on_path) == result.length + 1
    boards = {tree.nodes[n]["board"] for n in on_path}
    start = Board.parse("283164705")
    assert boards == {start.apply(result.path[:i]) for i in range(result.length + 1)}


def test_search_tree_keeps_one_idastar_pass():
    observer = RecordingObserver()
    result = solve("283164705", "123804765", "idastar", "misplaced", observer=observer)
    assert len(result.stats.thresholds) > 1  # several passes, or the test shows nothing
    last = drawing.search_tree(observer.events, path=result.path)
    first = drawing.search_tree(observer.events, iteration=0)
    everything = drawing.search_tree(observer.events, iteration=None)
    assert last.graph["thresholds"] == list(result.stats.thresholds)
    assert all(
        d["f"] <= result.stats.thresholds[-1]
        for _, d in last.nodes(data=True)
        if d["order"] is not None
    )
    assert first.number_of_nodes() < everything.number_of_nodes()
    assert last.number_of_nodes() < everything.number_of_nodes()
    assert sum(v for _, v in last.nodes(data="on_path")) == result.length + 1
    with pytest.raises(ValueError, match="iteration"):
        drawing.search_tree(observer.events, iteration=len(result.stats.thresholds))
    with pytest.raises(ValueError, match="no expansion"):
        drawing.search_tree([])


def test_tree_layout_centres_parents_over_their_children():
    _, events = _astar_events("283164705", "123804765", "zero")  # uniform cost: a bushy tree
    tree = drawing.search_tree(events)
    assert tree.number_of_nodes() > 30
    pos = drawing.tree_layout(tree)
    leaves = [n for n in tree if tree.out_degree(n) == 0]
    assert len({pos[n][0] for n in leaves}) == len(leaves)
    for node in tree:
        assert pos[node][1] == -tree.nodes[node]["depth"]
        children = list(tree.successors(node))
        if children:
            xs = [pos[c][0] for c in children]
            assert pos[node][0] == pytest.approx((min(xs) + max(xs)) / 2)


def test_draw_search_tree_draws_every_node():
    result, events = _astar_events()
    tree = drawing.search_tree(events)
    ax = drawing.draw_search_tree(tree, path=result.path)
    # every node's board: its eight numbers are drawn as one collection of glyphs
    numbers = [c for c in ax.collections if isinstance(c, matplotlib.collections.PathCollection)]
    assert sum(len(c.get_paths()) for c in numbers) == 8 * tree.number_of_nodes()
    labels = [t.get_text() for t in ax.texts if t.get_text().startswith("g=")]
    assert len(labels) == tree.number_of_nodes()
    assert sum(v for _, v in tree.nodes(data="on_path")) == result.length + 1


def test_animation_is_a_gif_with_one_frame_per_board(tmp_path):
    from PIL import Image

    from eightlab.viz import stepper

    start, path = "283164705", "uuldr"
    anim = stepper.animate_solution(start, path, dpi=40)
    gif = stepper.save_gif(anim, tmp_path / "a" / "solution.gif")
    with Image.open(gif) as image:
        assert image.format == "GIF" and image.n_frames == len(path) + 1
    assert gif.stat().st_mode & 0o044 == 0o044  # readable by others
    shown = stepper.gif_image(gif)
    assert shown.format == "gif" and shown.data == gif.read_bytes()


@pytest.mark.parametrize("algorithm", ["bfs", "iddfs", "rbfs", "greedy"])
def test_search_tree_reads_every_one_directional_search(algorithm):
    observer = RecordingObserver()
    result = solve("283164705", "123804765", algorithm, "manhattan", observer=observer)
    tree = drawing.search_tree(observer.events, path=result.path)
    assert nx.is_arborescence(tree)
    assert sum(v for _, v in tree.nodes(data="on_path")) == result.length + 1


def test_search_tree_refuses_a_search_from_both_ends():
    observer = RecordingObserver()
    solve("283164705", "123804765", "bidirectional-bfs", observer=observer)
    with pytest.raises(ValueError, match="never generated"):
        drawing.search_tree(observer.events)
