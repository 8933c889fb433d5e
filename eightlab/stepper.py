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
from matplotlib.patches import Rectangle

from eightlab.board import as_board
from eightlab.drawing import HIGHLIGHT_COLOR, _moved_tile, draw_board, draw_search_tree
from eightlab.files import atomic_path
from eightlab.trees import search_steps


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
        marks.append(_moved_tile(boards[-1], move))
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

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`eightlab.trees.search_tree`.
    k : int
        Expansions done, 0 .. len(steps) - 1 (clipped into that range).
    steps : list of dict, optional
        :func:`eightlab.trees.search_steps` of ``tree`` (computed when omitted).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when omitted.
    boards : bool
        Nodes as small boards (up to ~40 nodes) or as dots.
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
    ax = draw_search_tree(sub, ax=ax, boards=boards, labels="f")
    if step["expanded"] is not None:
        x, y = _node_xy(ax, sub, step["expanded"])
        ax.add_patch(
            Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, facecolor="none",
                      edgecolor=HIGHLIGHT_COLOR, linewidth=3, zorder=5)
        )  # fmt: skip
    lines = [f"after {k} expansion(s); frontier, best first:"]
    for node in step["frontier"][:frontier_shown]:
        data = tree.nodes[node]
        lines.append(f"  {data['board']}  g={data['g']:g} h={data['h']:g} f={data['f']:g}")
    if len(step["frontier"]) > frontier_shown:
        lines.append(f"  ... {len(step['frontier']) - frontier_shown} more")
    ax.text(1.01, 1.0, "\n".join(lines), transform=ax.transAxes, va="top", ha="left",
            family="monospace", fontsize=7)  # fmt: skip
    return ax


def _node_xy(ax, tree, node):
    from eightlab.drawing import TREE_LEVEL
    from eightlab.trees import tree_layout

    x, y = tree_layout(tree)[node]
    return x, TREE_LEVEL * y


def step_snapshots(tree, ks=None, boards: bool = True):
    """Several steps of a search side by side: the static form of :func:`step_through`.

    Parameters
    ----------
    tree : networkx.DiGraph
        From :func:`eightlab.trees.search_tree`.
    ks : sequence of int, optional
        Steps to show; by default four spread over the search (first to last).

    Returns
    -------
    matplotlib.figure.Figure
    """
    steps = search_steps(tree)
    last = len(steps) - 1
    if ks is None:
        ks = sorted({0, max(1, last // 3), max(1, 2 * last // 3), last})
    fig, axes = plt.subplots(len(ks), 1, figsize=(9, 2.9 * len(ks)), squeeze=False)
    for ax, k in zip(axes[:, 0], ks, strict=True):
        draw_step(tree, k, steps, ax=ax, boards=boards)
        ax.set_title(f"step {k} of {last}", fontsize=9, loc="left")
    fig.tight_layout()
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
            fig, ax = plt.subplots(figsize=(8, 3.2))
            draw_step(tree, slider.value, steps, ax=ax, boards=boards)
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
    fig, ax = plt.subplots(figsize=(8, 3.2), dpi=dpi)

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
    "step_snapshots",
    "step_through",
]
