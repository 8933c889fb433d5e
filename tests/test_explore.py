"""The explorer panel of eightlab.explore, driven without a browser."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import ipywidgets
import pytest
from searching import solve  # the heuristic only for informed searches

import eightlab
from eightlab import EightlabError, RecordingObserver
from eightlab.search import TIE_BREAKING
from eightlab.viz.replay import Replay

BOARDS = ["283164705", "152873460", "436718520"]


def _counts(result):
    stats = dataclasses.asdict(result.stats)
    return {k: v for k, v in stats.items() if "seconds" not in k}


def test_import_eightlab_does_not_import_the_widgets():
    code = (
        "import sys, eightlab; assert callable(eightlab.explore.__call__); "
        "print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)"
    )
    lazy = "import sys, eightlab; print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", lazy], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[0] == "True"


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "bfs"])
@pytest.mark.parametrize("board", BOARDS)
def test_stepping_to_the_end_gives_solves_result(board, algorithm):
    goal = "123804765" if board == "283164705" else None
    panel = eightlab.explore(board, goal, algorithm=algorithm)
    assert isinstance(panel, ipywidgets.VBox)
    assert panel.result is None and panel.replay.k == 0
    panel.step(1)
    assert panel.replay.k == 1 and panel.result is None
    assert "expanded <b>1</b>" in panel.counts_html.value
    panel.step(None)
    reference = solve(board, goal, algorithm, "manhattan")
    assert panel.result.path == reference.path
    assert _counts(panel.result) == _counts(reference)
    assert f"expanded <b>{reference.stats.expanded}</b>" in panel.counts_html.value
    assert bytes(panel.picture.value).startswith(b"\x89PNG")
    panel.reset()
    assert panel.result is None and panel.replay.k == 0


def test_live_counts_end_on_the_results_counts():
    for algorithm in ("astar", "ucs", "bfs", "idastar", "rbfs", "iddfs"):
        replay = Replay("152873460", None, algorithm, "manhattan")
        replay.step(replay.expansions - 1)
        before = replay.counts()
        replay.step(None)
        after = replay.counts()
        stats = replay.result.stats
        assert after["expanded"] == stats.expanded and after["generated"] == stats.generated
        assert before["expanded"] == stats.expanded - 1
        assert before["generated"] <= stats.generated


def _runs():
    """Every algorithm the explorer draws, under every tie rule it takes."""
    for name, spec in sorted(eightlab.ALGORITHMS.items()):
        if spec.bidirectional:
            continue
        rules = TIE_BREAKING if "tie_breaking" in spec.options else (None,)
        for rule in rules:
            yield pytest.param(name, rule, id=name + (f"-{rule}" if rule else ""))


#: Boards on which the orders differ: ties of f under every rule, RBFS giving up subtrees.
ORDER_BOARDS = [("283164705", "123804765"), ("436718520", None), ("185423706", None),
                ("403521786", None)]  # fmt: skip


@pytest.mark.parametrize(("algorithm", "rule"), list(_runs()))
def test_the_listed_frontier_is_the_order_the_search_expands(algorithm, rule):
    options = {"max_nodes": 300} if rule is None else {"max_nodes": 300, "tie_breaking": rule}
    for board, goal in ORDER_BOARDS:
        observer = RecordingObserver()
        solve(board, goal, algorithm, "manhattan", observer=observer, **options)
        expanded = [event[1] for event in observer.events if event[0] == "expand"]
        replay = Replay(board, goal, algorithm, "manhattan", **options)
        listed = []
        while not replay.done:
            listed.append(replay.nodes[replay.frontier()[0]].board)
            replay.step()
        assert listed == expanded, board
        if replay.result.solved:  # the tree holds the solution, root to goal
            assert len(replay.solution_nodes()) == replay.result.length + 1


def test_the_ties_menu_sets_the_rule_of_the_search_the_panel_lists():
    panel = eightlab.explore("436718520", tie_breaking="lifo")
    assert not panel.tie_menu.disabled and panel.replay.result.options["tie_breaking"] == "lifo"
    observer = RecordingObserver()
    solve("436718520", None, "astar", "manhattan", observer=observer, tie_breaking="lifo")
    expanded = [event[1] for event in observer.events if event[0] == "expand"]
    listed = []
    while not panel.replay.done:
        listed.append(panel.replay.nodes[panel.replay.frontier()[0]].board)
        panel.step(1)
    assert listed == expanded
    panel.tie_menu.value = "fifo"
    assert panel.replay.result.options["tie_breaking"] == "fifo"
    panel.algorithm_menu.value = "idastar"  # a rule of best-first search only
    assert panel.tie_menu.disabled and panel.replay is not None
    with pytest.raises(EightlabError, match="tie_breaking"):
        eightlab.explore("436718520", tie_breaking="random")


def test_a_bad_board_raises_and_a_bad_box_shows_the_message():
    with pytest.raises(EightlabError, match="1234"):
        eightlab.explore("1234")
    panel = eightlab.explore("283164705", "123804765")
    panel.board_box.value = "12x45"
    assert panel.replay is None and panel.result is None
    assert "12x45" in panel.note.value and "refused" in panel.note.value
    panel.step(3)  # refused inputs: stepping does nothing
    panel.board_box.value = "283164705"
    assert panel.replay is not None and "refused" not in panel.note.value


def test_unfit_pairs_are_refused_with_the_reason():
    panel = eightlab.explore("283164705", "123804765")
    panel.heuristic_menu.value = "pdb-5-5-5"
    assert panel.replay is None and "4x4 boards only" in panel.note.value
    panel.heuristic_menu.value = "manhattan"
    panel.algorithm_menu.value = "bidirectional-bfs"
    assert panel.replay is None and "two trees" in panel.note.value
    panel.algorithm_menu.value = "bfs"
    assert panel.replay is not None and panel.view_menu.value == "state space"
    assert panel.heuristic_menu.disabled and "uses no heuristic" in panel.note.value


def test_every_algorithm_and_heuristic_is_offered():
    panel = eightlab.explore("283164705", "123804765")
    assert {v for _, v in panel.algorithm_menu.options} == set(eightlab.ALGORITHMS)
    assert {v for _, v in panel.heuristic_menu.options} == set(eightlab.HEURISTICS)


def test_scramble_and_random_boards_fill_the_box():
    panel = eightlab.explore("283164705", seed=1)
    panel.scramble(6)
    assert panel.replay is not None and panel.replay.result.length <= 6
    panel.random_board()
    assert panel.replay is not None and panel.replay.result.solved


def test_a_tree_of_sixty_nodes_and_more_is_drawn_at_fixed_size():
    panel = eightlab.explore("152873460", algorithm="ucs")
    panel.view_menu.value = "tree"
    panel.step(40)
    tree = panel.replay.tree()
    assert tree.number_of_nodes() >= 60
    figure = panel.figure()
    ax = figure.axes[0]
    labels = [t for t in ax.texts if t.get_text().startswith("g=")]
    assert len(labels) == tree.number_of_nodes()
    # fixed node size: the figure grows with the tree (1.2 in per leaf), it never squeezes
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    boxes = sorted((t.get_window_extent(renderer) for t in labels), key=lambda b: (b.y0, b.x0))
    for a, b in zip(boxes, boxes[1:], strict=False):
        if abs(a.y0 - b.y0) < 1:
            assert a.x1 <= b.x0 + 0.5  # labels on one level never overlap


def test_the_saved_notebook_gets_a_static_snapshot():
    panel = eightlab.explore("283164705", "123804765")
    panel.step(None)
    bundle = panel._snapshot_bundle()
    assert 'class="eightlab-snapshot"' in bundle["text/html"]
    assert "data:image/png;base64," in bundle["text/html"]
    assert "solved" in bundle["text/plain"]
