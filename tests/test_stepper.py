"""The step-through of a search, its GIFs, and the offline HTML copy of a notebook."""

from __future__ import annotations

import base64
import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from eightlab import RecordingObserver, solve
from eightlab.runner import html
from eightlab.viz import graphs as trees
from eightlab.viz import stepper


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.fixture
def astar_tree():
    observer = RecordingObserver()
    result = solve("283164705", "123804765", "astar", "misplaced", observer=observer)
    return result, trees.search_tree(observer.events, path=result.path)


def test_search_steps_replay_the_expansions_in_order(astar_tree):
    result, tree = astar_tree
    steps = trees.search_steps(tree)
    assert len(steps) == result.stats.expanded + 1
    assert steps[0]["nodes"] == [0] and steps[0]["frontier"] == [0] and steps[0]["expanded"] is None
    assert steps[-1]["nodes"] == list(range(tree.number_of_nodes()))
    for k, step in enumerate(steps[1:], start=1):
        assert tree.nodes[step["expanded"]]["order"] == k - 1
        assert len(step["closed"]) == k
        assert set(step["frontier"]) | set(step["closed"]) == set(step["nodes"])
        # the node expanded next is the best of the frontier before it (A*'s order)
        assert steps[k - 1]["frontier"][0] == step["expanded"]
        fs = [(tree.nodes[n]["f"], -tree.nodes[n]["g"]) for n in step["frontier"]]
        assert fs == sorted(fs)


def test_draw_step_shows_the_tree_so_far_and_the_frontier(astar_tree):
    _, tree = astar_tree
    steps = trees.search_steps(tree)
    ax = stepper.draw_step(tree, 2, steps)
    labels = [t.get_text() for t in ax.texts if t.get_text().startswith("g=")]
    assert len(labels) == len(steps[2]["nodes"])
    listing = [t.get_text() for t in ax.texts if t.get_text().startswith("after 2 expansion")]
    best = steps[2]["frontier"][0]
    # the first entry names the node by the id drawn on the tree, and shows its board
    entry = listing[0].splitlines()[2]
    assert entry.startswith(f"node {best:>3}") and str(tree.nodes[best]["board"]) in entry
    tags = [t.get_text() for t in ax.texts if t.get_text().endswith("next")]
    assert tags == [f"{best}  next"]
    ax = stepper.draw_step(tree, 999, steps, boards=False)  # clipped to the last step
    assert len([t for t in ax.texts if t.get_text().startswith("f=")]) == tree.number_of_nodes()


def test_step_snapshots_and_the_widget(astar_tree):
    _, tree = astar_tree
    fig = stepper.step_snapshots(tree)
    titles = [ax.get_title(loc="left") for ax in fig.axes if ax.get_title(loc="left")]
    last = len(trees.search_steps(tree)) - 1
    assert titles[0] == f"step 0 of {last}" and titles[-1] == f"step {last} of {last}"
    widget = stepper.step_through(tree, boards=False)
    slider = widget.children[0]
    assert slider.min == 0 and slider.max == last
    slider.value = 3  # redraws without error


def test_steps_gif_has_a_frame_per_step(astar_tree, tmp_path):
    from PIL import Image

    _, tree = astar_tree
    gif = stepper.save_steps_gif(tree, tmp_path / "steps.gif", dpi=30, boards=False)
    with Image.open(gif) as image:
        assert image.n_frames == len(trees.search_steps(tree))


# ------------------------------------------------------------------- offline HTML
def _notebook_with_gif_and_widget():
    gif = base64.b64encode(b"GIF89a-not-really").decode()
    cell = new_code_cell("x")
    cell.outputs = [
        new_output("display_data", data={"image/gif": gif, "text/plain": "<Image>"}),
        new_output(
            "display_data",
            data={
                html.WIDGET_VIEW: {"model_id": "abc", "version_major": 2},
                "text/plain": "VBox()",
            },
        ),
        new_output("stream", name="stdout", text="hello\n"),
    ]
    notebook = new_notebook(cells=[new_markdown_cell("# title"), cell])
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return notebook, gif


def test_offline_notebook_drops_widgets():
    notebook, gif = _notebook_with_gif_and_widget()
    offline = html.offline_notebook(notebook)
    assert "widgets" not in offline.metadata and "widgets" in notebook.metadata
    outputs = offline.cells[1].outputs
    assert len(outputs) == 2
    assert outputs[0]["data"]["image/gif"] == gif


def test_exported_html_needs_no_network(tmp_path):
    notebook, gif = _notebook_with_gif_and_widget()
    path = tmp_path / "n.ipynb"
    nbformat.write(notebook, path)
    page = html.write_html(path, tmp_path / "n.html").read_text()
    assert "<script" not in page.lower()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert not re.search(r"""url\(\s*["']?(https?:)?//""", page)  # no remote font or image
    assert f"data:image/gif;base64,{gif}" in page and "hello" in page
