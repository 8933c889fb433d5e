"""CPU seconds per step of the explorer: ``step()`` plus the redraw, SVG against matplotlib.

Each run steps an :func:`eightlab.explore` panel one expansion at a time (``--steps``
steps, or to the end) and times every ``step(1)`` with the process's CPU clock, which a
loaded machine disturbs less than the wall clock: the new panel builds its picture as
SVG text. The old renderer (the explorer of main before issue 31: the tree with
:func:`eightlab.viz.trees.draw_search_tree`, or the state space with
:func:`eightlab.viz.trees.draw_search_graph`, saved as a PNG at 90 dpi) is timed in the
same process on the same steps, the replay stepped then drawn, as that explorer did.
Prints the median, 90th percentile and largest CPU seconds per step of each, and the
CPU seconds of the last step ("To the end"; the SVG panel goes one step back and
forward again, replaying the whole search).

    PYTHONPATH=$PWD python benchmarks/bench_explorer.py [--steps 50] [--old-steps 50]
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

import matplotlib

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import eightlab  # noqa: E402
from eightlab.puzzle.instances import instances_at_depths  # noqa: E402
from eightlab.viz.explorer import BOARD_NODES, TREE_NODES  # noqa: E402
from eightlab.viz.graphs import tree_layout  # noqa: E402
from eightlab.viz.replay import Replay  # noqa: E402
from eightlab.viz.trees import draw_search_graph, draw_search_tree, layout_figsize  # noqa: E402

#: (label, boards, algorithm, view): issue 31's A* on 10-move boards (eight of them, as
#: one has 10 to 29 expansions), and the tutorials' own boards (02: 18 moves, seed 2;
#: 03: 16 moves, seed 3) with what they offer; ``(depth, count, seed)`` draws the boards.
RUNS = [
    ("A*, eight 10-move boards (seed 0)", (10, 8, 0), "astar", "tree"),
    ("A*, tutorial 03 (16 moves)", (16, 1, 3), "astar", "tree"),
    ("IDA*, tutorial 03 (16 moves)", (16, 1, 3), "idastar", "tree"),
    ("BFS, tutorial 02 (18 moves)", (18, 1, 2), "bfs", "state space"),
    ("NBS, tutorial 02 (18 moves)", (18, 1, 2), "nbs", "tree"),
]


def old_picture(replay: Replay, view: str) -> bytes:
    """The picture of the explorer before issue 31: a matplotlib figure saved as PNG."""
    tree, frontier = replay.tree(), replay.frontier()
    if view == "state space" or tree.number_of_nodes() > TREE_NODES:
        positions, edges = replay.graph_layout()
        figure = Figure(figsize=(7.5, 7.5))
        ax = figure.add_subplot()
        closed = {n.board for n in replay.nodes.values() if n.order is not None}
        waiting = {tree.nodes[n]["board"] for n in frontier}
        current = replay.nodes[replay.current].board if replay.current is not None else None
        path = [tree.nodes[n]["board"] for n in replay.solution_nodes()]
        draw_search_graph(positions, edges, closed, waiting, current, path, ax=ax,
                          goal=replay.result.goal)  # fmt: skip
    else:
        boards = tree.number_of_nodes() <= BOARD_NODES
        figure = Figure(figsize=layout_figsize(tree_layout(tree), boards))
        ax = figure.add_axes((0, 0, 1, 1))
        draw_search_tree(tree, ax=ax, boards=boards, frontier=frontier, current=replay.current)
    buffer = io.BytesIO()
    FigureCanvasAgg(figure)
    figure.savefig(buffer, format="png", dpi=90)
    return buffer.getvalue()


def per_step(step, steps: int) -> list[float]:
    """CPU seconds of each of ``steps`` calls of ``step()``."""
    seconds = []
    for _ in range(steps):
        began = time.process_time()
        if step() is False:
            break
        seconds.append(time.process_time() - began)
    return seconds


def summary(seconds: list[float]) -> str:
    if not seconds:
        return "no step"
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(seconds):.4f} s, p90 {p90:.4f} s, "
            f"max {ordered[-1]:.4f} s over {len(seconds)} steps")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50, help="steps of the SVG panel")
    parser.add_argument("--old-steps", type=int, default=50,
                        help="steps drawn by the old renderer (0: skip it)")  # fmt: skip
    args = parser.parse_args()
    for label, (depth, count, seed), algorithm, view in RUNS:
        new, old, total = [], [], 0
        for board in instances_at_depths([depth], count, seed=seed):
            panel = eightlab.explore(board, algorithm=algorithm)
            panel.view_menu.value = view
            total += panel.replay.expansions

            def new_step(panel=panel):
                if panel.replay.done:
                    return False
                panel.step(1)

            new += per_step(new_step, args.steps)
            panel.step(None)
            began = time.process_time()
            panel.go_to(panel.replay.expansions - 1)
            panel.go_to(panel.replay.expansions)
            last_new = time.process_time() - began
            if panel.replay.bidirectional or not args.old_steps:
                continue
            replay = Replay(board, None, algorithm, "manhattan", max_nodes=panel._max_nodes)

            def old_step(replay=replay, view=view):
                if replay.done:
                    return False
                replay.step(1)
                old_picture(replay, view)

            old += per_step(old_step, args.old_steps)
            replay.step(None)
            began = time.process_time()
            old_picture(replay, view)
            last_old = time.process_time() - began
        print(f"{label} ({total} expansions in all)")
        print(f"  SVG panel: {summary(new)}; back one step and forward to the end: "
              f"{last_new:.4f} s")  # fmt: skip
        if old:
            print(f"  matplotlib PNG (old): {summary(old)}; the last step: {last_old:.4f} s")
        elif panel.replay.bidirectional:
            print("  matplotlib PNG (old): none (the old explorer refused bidirectional searches)")


if __name__ == "__main__":
    main()
