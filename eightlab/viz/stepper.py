"""Searches and solutions that move: GIF animations and a step-through of a search.

* :func:`animate_solution` plays a solution move by move; :func:`save_gif` writes it
  as a GIF (matplotlib's pillow writer, through :func:`eightlab.files.atomic_path`)
  and :func:`gif_image` shows a GIF in a notebook as an image: no JavaScript, so it
  plays in JupyterLab (trusted or not), on GitHub, in the offline HTML export and on
  slides.
* :func:`draw_step` draws a search after k expansions: the tree so far (expanded nodes
  outlined, the one just expanded in orange) and the frontier, best first.
  :func:`step_snapshots` puts a few steps side by side (the static figure of saved
  notebooks and HTML), :func:`step_through` is the ipywidgets slider over all steps
  for a live kernel, and :func:`save_steps_gif` the same steps as a GIF.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib import animation

from eightlab.files import atomic_path
from eightlab.puzzle.board import as_board
from eightlab.viz.boards import draw_board, moved_tile
from eightlab.viz.graphs import search_steps, tree_layout
from eightlab.viz.trees import (
    LABEL_SIZE,
    LEVEL,
    UNIT_BOARDS,
    UNIT_DOTS,
    draw_search_tree,
    frontier_lines,
    layout_figsize,
)


def animate_solution(
    board, path: str, interval: int = 600, dpi: int = 80, size: float = 2.0
) -> animation.FuncAnimation:
    """An animation of ``path`` played from ``board``, one frame per board.

    Parameters
    ----------
    board : Board or str
        The start.
    path : str
        Moves of the blank.
    interval : int
        Milliseconds between frames.
    dpi : int
        Resolution of the frames; 72-100 keeps the embedded animation small.
    size : float
        Width and height of the figure, in inches.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``len(path) + 1`` frames; the tile that slid is highlighted and the title shows
        the move number and letter. Its figure is closed so it is not also shown as a
        still image; pass it to :func:`animation_html`.

    Raises
    ------
    IllegalMoveError
        If a move of ``path`` takes the blank off the board.
    """
    board = as_board(board)
    boards, titles, marks = [board], [f"start (0/{len(path)})"], [None]
    for i, move in enumerate(path, start=1):
        marks.append(moved_tile(boards[-1], move))
        boards.append(boards[-1].apply(move))
        titles.append(f"move {i}/{len(path)}: {move}")
    fig, ax = plt.subplots(figsize=(size, size + 0.25), dpi=dpi)
    fontsize = 0.45 * size * 72 / max(board.rows, board.cols)

    def frame(i):
        ax.clear()
        draw_board(boards[i], ax=ax, highlight=marks[i], fontsize=fontsize)
        ax.set_title(titles[i], fontsize=9)
        return []

    anim = animation.FuncAnimation(
        fig, frame, frames=len(boards), interval=interval, repeat=True, blit=False
    )
    frame(0)
    plt.close(fig)
    return anim


def animation_html(anim: animation.FuncAnimation, default_mode: str = "once"):
    """The animation as JavaScript HTML (:meth:`~matplotlib.animation.Animation.to_jshtml`).

    The frames are embedded as PNG images, so the animation plays in the saved
    notebook and in its HTML export without a kernel.

    Parameters
    ----------
    anim : matplotlib.animation.FuncAnimation
        From :func:`animate_solution`.
    default_mode : {"once", "loop", "reflect"}
        What the player does at the last frame.

    Returns
    -------
    IPython.display.HTML
    """
    from IPython.display import HTML

    return HTML(anim.to_jshtml(default_mode=default_mode))


def save_gif(anim: animation.Animation, path, fps: float | None = None, dpi: int | None = None):
    """Write an animation as a GIF file with matplotlib's pillow writer, atomically.

    Parameters
    ----------
    anim : matplotlib.animation.Animation
        From :func:`animate_solution` or :func:`save_steps_gif`.
    path : str or Path
        The ``.gif`` to write (its folder is created if missing).
    fps : float, optional
        Frames per second; by default from the animation's interval.
    dpi : int, optional
        Resolution; by default the figure's.

    Returns
    -------
    Path
        ``path``.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if fps is None:
        fps = 1000.0 / getattr(anim, "_interval", 500)
    with atomic_path(path, suffix=".gif") as temporary:
        anim.save(temporary, writer=animation.PillowWriter(fps=fps), dpi=dpi)
    return path


def gif_image(path):
    """A GIF file as a notebook output: an image, not JavaScript.

    Returns
    -------
    IPython.display.Image
        Shown as ``image/gif``; :func:`eightlab.runner.html.write_html` turns it into an
        ``<img>`` with the GIF embedded, so the HTML export plays it offline too.
    """
    from IPython.display import Image

    return Image(data=Path(path).read_bytes(), format="gif")


# ----------------------------------------------------------------- step-through
def draw_step(tree, k: int, steps=None, ax=None, boards: bool = True, frontier_shown: int = 8):
    """A search after ``k`` expansions: its tree so far, and its frontier best first.

    Every node keeps the place it has in the whole tree, so steps drawn one after the
    other show the tree growing in place; the frontier is listed beside it by node id.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`eightlab.viz.graphs.search_tree`.
    k : int
        Expansions done, 0 .. len(steps) - 1 (clipped into that range).
    steps : list of dict, optional
        :func:`eightlab.viz.graphs.search_steps` of ``tree`` (computed when omitted).
    ax : matplotlib.axes.Axes, optional
        Where to draw; by default a new figure of :func:`step_figsize` (fixed node size).
    boards : bool
        Nodes as small boards, or as dots with their id.
    frontier_shown : int
        Frontier entries listed beside the tree.

    Returns
    -------
    matplotlib.axes.Axes
    """
    steps = search_steps(tree) if steps is None else steps
    k = max(0, min(int(k), len(steps) - 1))
    step = steps[k]
    sub = tree.subgraph(step["nodes"]).copy()
    sub.graph.update(tree.graph)
    closed = set(step["closed"])
    for node in sub.nodes:
        sub.nodes[node]["order"] = tree.nodes[node]["order"] if node in closed else None
        sub.nodes[node]["on_path"] = tree.nodes[node]["on_path"] and k == len(steps) - 1
    if ax is None:
        _, ax = plt.subplots(figsize=step_figsize(tree, boards))
    draw_search_tree(sub, ax=ax, boards=boards, labels="ghf", frontier=step["frontier"],
                     current=step["expanded"], positions=tree_layout(tree))  # fmt: skip
    lines = [f"after {k} expansion(s)", "frontier, best first:"]
    lines += frontier_lines(tree, step["frontier"], shown=frontier_shown)
    ax.text(1.01, 1.0, "\n".join(lines), transform=ax.transAxes, va="top", ha="left",
            family="monospace", fontsize=LABEL_SIZE + 0.5)  # fmt: skip
    return ax


def step_figsize(tree, boards: bool = True) -> tuple[float, float]:
    """Inches for :func:`draw_step`: the whole tree at fixed node size, and the list."""
    width, height = layout_figsize(tree_layout(tree), boards)
    return (width + 4.2, max(height, 2.4))


def step_snapshots(tree, ks=None, boards: bool = True):
    """Several steps of a search, one under the other: the static form of :func:`step_through`.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`eightlab.viz.graphs.search_tree`.
    ks : sequence of int, optional
        Steps to show; by default four spread over the search (first to last).
    boards : bool
        Nodes as boards, or as dots.

    Returns
    -------
    matplotlib.figure.Figure
    """
    steps = search_steps(tree)
    last = len(steps) - 1
    if ks is None:
        ks = sorted({0, max(1, last // 3), max(1, 2 * last // 3), last})
    width, _ = step_figsize(tree, boards)
    depths = [1 + max(tree.nodes[n]["depth"] for n in steps[k]["nodes"]) for k in ks]
    unit = UNIT_BOARDS if boards else UNIT_DOTS
    rows = [max(2.2, unit * (LEVEL * (d - 1) + 1.45)) + 0.35 for d in depths]
    fig, axes = plt.subplots(len(ks), 1, figsize=(width, sum(rows)), squeeze=False,
                             gridspec_kw={"height_ratios": rows})  # fmt: skip
    for ax, k in zip(axes[:, 0], ks, strict=True):
        draw_step(tree, k, steps, ax=ax, boards=boards)
        ax.set_title(f"step {k} of {last}", fontsize=LABEL_SIZE + 1.5, loc="left")
    fig.subplots_adjust(left=0.01, right=1 - 4.1 / width, top=1 - 0.3 / sum(rows), bottom=0.01,
                        hspace=0.35 * len(ks) / sum(rows))  # fmt: skip
    return fig


def step_through(tree, boards: bool = True):
    """An ipywidgets slider over the expansions of a search, redrawing :func:`draw_step`.

    In a live kernel (JupyterLab) the slider moves through the search; a saved notebook
    or its HTML export shows no widget, so a notebook shows :func:`step_snapshots`
    beside it.

    Returns
    -------
    ipywidgets.VBox
    """
    import ipywidgets as widgets

    class StepThrough(widgets.VBox):
        # what a saved notebook shows in place of the widget, without a kernel
        def __repr__(self):
            return (
                "[a slider over the expansions: it needs a running kernel; run the cell. "
                "The static figure below shows the same steps.]"
            )

    steps = search_steps(tree)
    out = widgets.Output()
    slider = widgets.IntSlider(value=0, min=0, max=len(steps) - 1, description="expansions")

    def show(change=None):
        with out:
            out.clear_output(wait=True)
            ax = draw_step(tree, slider.value, steps, boards=boards)
            ax.figure.subplots_adjust(left=0.01, right=0.99 - 4.1 / ax.figure.get_figwidth())
            plt.show()

    slider.observe(show, names="value")
    show()
    return StepThrough([slider, out])


def save_steps_gif(tree, path, interval: int = 900, dpi: int = 70, boards: bool = True):
    """Every step of a search as a GIF (one frame per expansion).

    Returns
    -------
    Path
        ``path``.
    """
    steps = search_steps(tree)
    width, height = step_figsize(tree, boards)
    fig, ax = plt.subplots(figsize=(width, height), dpi=dpi)
    fig.subplots_adjust(left=0.01, right=0.99 - 4.1 / width, top=0.92, bottom=0.01)

    def frame(i):
        ax.clear()
        draw_step(tree, i, steps, ax=ax, boards=boards)
        ax.set_title(f"step {i} of {len(steps) - 1}", fontsize=9, loc="left")
        return []

    anim = animation.FuncAnimation(fig, frame, frames=len(steps), interval=interval)
    try:
        return save_gif(anim, path, dpi=dpi)
    finally:
        plt.close(fig)


__all__ = [
    "animate_solution",
    "animation_html",
    "draw_step",
    "gif_image",
    "save_gif",
    "save_steps_gif",
    "step_figsize",
    "step_snapshots",
    "step_through",
]
