"""The explorer panel of eightlab.explore, driven without a browser."""

from __future__ import annotations

import base64
import dataclasses
import html
import subprocess
import sys
from xml.etree import ElementTree

import matplotlib

matplotlib.use("Agg")

import ipywidgets
import pytest
from searching import solve  # the heuristic only for informed searches

import eightlab
from eightlab import EightlabError, RecordingObserver
from eightlab.puzzle.board import as_board
from eightlab.puzzle.instances import instances_at_depths
from eightlab.search import TIE_BREAKING
from eightlab.viz.boards import PATH_COLOR
from eightlab.viz.explorer import BOARD_NODES, fitting_heuristics, hint
from eightlab.viz.replay import Replay
from eightlab.viz.svg import (
    BACKWARD_COLOR,
    BACKWARD_FRONTIER,
    BOX,
    MIN_FONT_PX,
    PITCH,
    tree_layout,
)

BOARDS = ["283164705", "152873460", "436718520"]
FIFTEEN_GOAL = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"
FIFTEEN = "1 2 3 4 5 6 7 8 9 10 11 x 13 14 15 12"


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
    ElementTree.fromstring(panel.svg)  # the picture is well-formed SVG
    assert panel.svg in panel.picture.value
    assert PATH_COLOR in panel.svg  # the picture of the last step: the solution in red
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
    """Every algorithm of one frontier, under every tie rule it takes."""
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
            frontier = replay.frontier()  # empty: a pass ended, the next begins at the start
            listed.append(replay.nodes[frontier[0]].board if frontier else replay.result.start)
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


def test_an_unfit_heuristic_is_refused_with_the_reason():
    panel = eightlab.explore("283164705", "123804765", heuristic="pdb-5-5-5")
    assert panel.replay is None and "4x4 boards only" in panel.note.value
    panel.heuristic_menu.value = "manhattan"
    assert panel.replay is not None
    panel.algorithm_menu.value = "bfs"
    assert panel.replay is not None and panel.view_menu.value == "state space"
    assert panel.heuristic_menu.disabled and "uses no heuristic" in panel.note.value


def test_the_menus_offer_every_algorithm_and_the_heuristics_of_the_boards_shape():
    panel = eightlab.explore("283164705", "123804765")
    assert {v for _, v in panel.algorithm_menu.options} == set(eightlab.ALGORITHMS)
    offered = set(panel.heuristic_menu.options)
    assert offered == set(fitting_heuristics("283164705")) and "pdb-5-5-5" not in offered
    assert all(eightlab.HEURISTICS[h].applies_to(panel.replay.result.start) for h in offered)
    panel.goal_box.value = FIFTEEN_GOAL
    panel.board_box.value = FIFTEEN
    assert set(panel.heuristic_menu.options) == set(fitting_heuristics(FIFTEEN))
    assert "pdb-5-5-5" in panel.heuristic_menu.options and panel.replay is not None


def test_scramble_and_random_boards_fill_the_box():
    panel = eightlab.explore("283164705", seed=1)
    panel.scramble(6)
    assert panel.replay is not None and panel.replay.result.length <= 6
    panel.random_board()
    assert panel.replay is not None and panel.replay.result.solved


def test_a_tree_of_sixty_nodes_and_more_is_drawn_as_boards_within_the_box():
    panel = eightlab.explore("152873460", algorithm="ucs")
    panel.view_menu.value = "tree"
    panel.step(40)
    nodes = len(panel.replay.nodes)
    assert 60 <= nodes <= BOARD_NODES
    svg = ElementTree.fromstring(panel.svg)
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert sum(1 for t in texts if t and t.startswith("g=")) == nodes
    assert int(svg.get("width")) <= BOX[0] and int(svg.get("height")) <= BOX[1]
    # too wide to read when fitted: a window of the tree around the node just expanded
    x, y, width, height = map(float, svg.get("viewBox").split())
    places = tree_layout(panel.replay.nodes)
    assert width < PITCH[True][0] * max(px for px, _ in places.values())
    cx = PITCH[True][0] * (1 + places[panel.replay.current][0])
    assert x <= cx <= x + width


SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    ("algorithm", "steps"),
    [("astar", 3), ("astar", 36), ("astar", None), ("idastar", 99), ("nbs", 43), ("mm", None)],
)
def test_every_word_of_a_tree_is_readable_on_screen_and_every_node_has_a_tooltip(algorithm, steps):
    panel = eightlab.explore("641803275", algorithm=algorithm)
    panel.step(steps)
    svg = ElementTree.fromstring(panel.svg)
    scale = float(svg.get("width")) / float(svg.get("viewBox").split()[2])
    sizes = [float(t.get("font-size")) * scale for t in svg.iter(f"{SVG}text")]
    assert min(sizes, default=MIN_FONT_PX) >= MIN_FONT_PX  # a fitted tree of dots: none
    assert sizes or len(panel.replay.nodes) > BOARD_NODES
    tips = [t.text for t in svg.iter(f"{SVG}title")]
    assert len(tips) == len(panel.replay.nodes)
    node = panel.replay.nodes[panel.replay.current]
    assert any(t.startswith(f"node {node.id}, by {node.move}: g={node.g:g}") for t in tips)


def test_the_controls_wrap_and_show_their_whole_words():
    panel = eightlab.explore("641803275")
    rows = [c for c in panel.children if isinstance(c, ipywidgets.HBox)]
    assert len(rows) == 3 and all(r.layout.flex_flow == "row wrap" for r in rows)
    buttons = [w for r in rows for w in r.children if isinstance(w, ipywidgets.Button)]
    assert len(buttons) == 6 and all(b.layout.width == "auto" for b in buttons)


@pytest.mark.parametrize(
    ("algorithm", "order"),
    [("bidirectional-bfs", "by g"), ("mm", "by f"), ("astar", "in the order it is taken")],
)
def test_the_frontier_is_said_to_be_taken_in_the_algorithms_order(algorithm, order):
    panel = eightlab.explore("641803275", algorithm=algorithm)
    panel.step(5)
    assert f"<b>frontier</b> {order}" in panel.frontier_html.value


def test_the_timeline_goes_back_and_forth_over_the_whole_search():
    panel = eightlab.explore("436718520", algorithm="astar")
    total = panel.replay.expansions
    assert panel.timeline.max == total and panel.timeline.value == 0
    panel.step(None)
    assert panel.timeline.value == total
    at_end = (panel.counts_html.value, panel.svg)
    panel.back(1)
    assert panel.replay.k == total - 1 and panel.result is None
    fresh = eightlab.explore("436718520", algorithm="astar")
    fresh.step(total - 1)
    assert (panel.counts_html.value, panel.svg) == (fresh.counts_html.value, fresh.svg)
    panel.timeline.value = 3  # the slider drives the panel
    assert panel.replay.k == 3 and panel.play.value == 3
    panel.timeline.value = total
    assert (panel.counts_html.value, panel.svg) == at_end
    panel.go_to(-5)
    assert panel.replay.k == 0 and panel.timeline.value == 0


def test_idastar_is_shown_pass_by_pass_with_its_thresholds():
    panel = eightlab.explore("641803275", algorithm="idastar")
    stats = panel.replay.result.stats
    rows = panel.replay.pass_rows
    assert [t for t, _ in rows] == stats.thresholds and len(rows) > 1
    assert sum(e for _, e in rows) == stats.expanded
    panel.step(rows[0][1] + 1)  # into the second pass
    assert panel.replay.passes == 2 and f"threshold {rows[1][0]:g}" in panel.note.value
    table = panel.passes_html.value
    assert f"<td>1</td><td>{rows[0][0]:g}</td><td>{rows[0][1]}</td>" in table
    assert f"<td>2</td><td>{rows[1][0]:g}</td><td>1 so far</td>" in table
    assert "<td>3</td>" not in table  # passes to come are not shown
    assert "this pass's tree" in html.unescape(panel.caption.value)


@pytest.mark.parametrize("algorithm", ["idastar", "iddfs"])
def test_the_last_step_of_a_pass_shows_that_pass_whole(algorithm):
    panel = eightlab.explore("641803275", algorithm=algorithm)
    done = 0
    for number, (threshold, expanded) in enumerate(panel.replay.pass_rows, start=1):
        if not expanded:
            continue
        panel.go_to(done + expanded)
        replay = panel.replay
        assert (replay.passes, replay.threshold) == (number, threshold)
        assert sum(n.order is not None for n in replay.nodes.values()) == expanded
        assert f"pass {number} (threshold {threshold:g})" in panel.note.value
        done += expanded


@pytest.mark.parametrize("algorithm", ["mm", "nbs", "gbfhs", "bidirectional-astar-naive"])
@pytest.mark.parametrize("board", ["641803275", "152873460", "436718520", "185423706"])
def test_each_expansion_of_a_bidirectional_search_is_put_on_its_side(board, algorithm):
    replay = Replay(board, None, algorithm, "manhattan")
    replay.step(None)
    directions = replay.result.stats.per_direction
    for side, name in enumerate(("forward", "backward")):
        by_g = [0] * len(directions[name]["g_expanded"])
        for node in replay.nodes.values():
            if node.order is not None and node.side == side:
                by_g[node.g] += 1
        assert by_g == directions[name]["g_expanded"]
    assert len(replay.solution_nodes()) == replay.result.length + 1


@pytest.mark.parametrize("algorithm", ["bidirectional-bfs", "mm", "nbs"])
def test_a_bidirectional_search_shows_both_trees_and_where_they_meet(algorithm):
    panel = eightlab.explore("641803275", algorithm=algorithm)
    assert panel.replay is not None and "refused" not in panel.note.value
    panel.step(None)
    assert panel.result.solved and panel.replay.meetings()
    assert BACKWARD_FRONTIER in panel.svg and "stroke-dasharray" in panel.svg  # blue, dashes
    assert (
        "backward" in panel.counts_html.value and "where the two trees meet" in panel.caption.value
    )
    sides = {node.side for node in panel.replay.nodes.values()}
    assert sides == {0, 1}
    panel.view_menu.value = "state space"  # two discs, one per side
    ElementTree.fromstring(panel.svg)
    assert BACKWARD_COLOR in panel.svg and "stroke-dasharray" in panel.svg


def test_the_hint_gives_the_exact_distance_and_the_optimal_moves():
    text = hint(as_board("641803275"), as_board("123456780"))
    assert text.startswith(f"{solve('641803275', None, 'astar', 'manhattan').length} moves")
    board = as_board("152873460")
    distance = solve(board, None, "astar", "manhattan").length
    text = hint(board, as_board("123456780"))
    moves = text.split("optimal next moves: ")[1].split(", ")
    for move in board.legal_moves():
        after = solve(board.apply(move), None, "astar", "manhattan").length
        assert (move in moves) == (after == distance - 1)
    assert "3x3 boards only" in hint(as_board(FIFTEEN), as_board(FIFTEEN_GOAL))
    panel = eightlab.explore("152873460")
    assert f"{distance} moves to the goal" in panel.hint_html.value


def test_the_counts_and_the_caption_name_different_numbers_differently():
    panel = eightlab.explore("641803275", algorithm="iddfs")
    panel.step(5000)
    counts = panel.replay.counts()
    assert f"expanded <b>{counts['expanded']}</b>" in panel.counts_html.value
    caption = panel.caption.value
    assert "expanded" not in caption and "frontier" not in caption  # words of the counts
    assert "drawn" in caption and "closed" in caption and "waiting" in caption


#: The tutorials' boards (their notebook parameters) and the algorithms they offer.
TUTORIAL_RUNS = [
    ((18, 2), ("bfs", "bfs-cantor", "bidirectional-bfs", "iddfs")),
    ((16, 3), ("ucs", "greedy", "astar", "weighted-astar", "idastar", "rbfs")),
]


@pytest.mark.parametrize(("depth_seed", "algorithms"), TUTORIAL_RUNS)
def test_every_tutorial_board_is_watchable_to_the_end(depth_seed, algorithms):
    depth, seed = depth_seed
    board = instances_at_depths([depth], 1, seed=seed)[0]
    for algorithm in algorithms:
        panel = eightlab.explore(board, algorithm=algorithm)
        panel.step(None)
        assert panel.result.solved, algorithm
        ElementTree.fromstring(panel.svg)


def test_the_saved_notebook_gets_a_static_snapshot():
    panel = eightlab.explore("283164705", "123804765")
    panel.step(None)
    bundle = panel._snapshot_bundle()
    assert 'class="eightlab-snapshot"' in bundle["text/html"]
    data = bundle["text/html"].split("data:image/svg+xml;base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode("utf-8") == panel.svg
    assert "solved" in bundle["text/plain"]
