"""The explorer: an ipywidgets panel where a student picks a board and watches a search.

``eightlab.explore("283164705")`` returns an :class:`Explorer`: a board box (any
notation), "scramble" and "random solvable" buttons, a goal box, one dropdown of every
registered algorithm and one of every heuristic, Play / Step / Reset and a speed
slider. Each step replays one expansion of the search (an
:class:`eightlab.viz.replay.Replay` of the real, instrumented search: no copy of its code)
and redraws the search tree with g, h and f on every node and the frontier on orange
(:func:`eightlab.viz.trees.draw_search_tree`), or, for the uninformed searches, the
frontier spreading over the state space (:func:`eightlab.viz.trees.draw_search_graph`).
The counts update live; at the end the solution path is drawn in red.

The panel is testable without a browser: :meth:`Explorer.step`, :meth:`Explorer.reset`
and :attr:`Explorer.result`. Displayed in a notebook it also leaves a static picture of
its current state, hidden while the live panel shows, so a saved notebook and its HTML
copy show the search instead of a blank area.
"""

from __future__ import annotations

import base64
import html
import io
import random
import time

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from eightlab.errors import EightlabError
from eightlab.heuristics import HEURISTICS, get_heuristic
from eightlab.puzzle.board import as_board, goal_or_default
from eightlab.puzzle.instances import random_solvable_board, random_walk_instance
from eightlab.search import ALGORITHMS, TIE_BREAKING, get_algorithm
from eightlab.viz.graphs import tree_layout
from eightlab.viz.replay import Replay, unfit_reason
from eightlab.viz.trees import draw_search_graph, draw_search_tree, layout_figsize

#: Trees with more nodes than this are drawn as numbered dots instead of boards.
BOARD_NODES = 90
#: Trees with more nodes than this are shown in the state-space view (a wider picture
#: would not fit a browser).
TREE_NODES = 400
#: Most expansions a search of the explorer may make (it records every event).
MAX_NODES = 20_000
#: Resolution of the pictures, dots per inch .
DPI = 90

# hides the static copy that follows a live panel (the HTML copy has no live panel)
_STYLE = (
    "<style>.jp-OutputArea-child:has(.eightlab-explorer) ~ "
    ".jp-OutputArea-child:has(.eightlab-snapshot) {display: none;}</style>"
)


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    FigureCanvasAgg(figure)
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


class Explorer(widgets.VBox):
    """The panel of :func:`explore` (an :class:`ipywidgets.VBox`).

    Attributes
    ----------
    replay : Replay or None
        The search being replayed; None while the inputs are refused.
    result : SearchResult or None
        The search's result once the replay reached its end, None before.
    message : str
        What the panel says about the inputs (an error, a refusal, a note).
    """

    def __init__(self, start, goal, algorithm, heuristic, max_nodes=MAX_NODES, seed=None,
                 tie_breaking=TIE_BREAKING[0]):  # fmt: skip
        self._rng = random.Random(seed)
        self._max_nodes = max_nodes
        self.replay: Replay | None = None
        self.message = ""
        self._busy = False
        self.board_box = widgets.Text(description="board", continuous_update=False,
                                      layout=widgets.Layout(width="230px"))  # fmt: skip
        self.goal_box = widgets.Text(description="goal", continuous_update=False,
                                     layout=widgets.Layout(width="230px"))  # fmt: skip
        self.moves = widgets.BoundedIntText(value=10, min=0, max=200, description="moves",
                                            layout=widgets.Layout(width="130px"))  # fmt: skip
        self.scramble_button = widgets.Button(description="scramble k moves")
        self.random_button = widgets.Button(description="random solvable")
        self.algorithm_menu = widgets.Dropdown(
            options=[(f"{a.label} ({a.name})", a.name) for a in ALGORITHMS.values()],
            description="algorithm",
        )
        self.heuristic_menu = widgets.Dropdown(
            options=[(h.name, h.name) for h in HEURISTICS.values()], description="heuristic"
        )
        if tie_breaking not in TIE_BREAKING:
            raise EightlabError(f"unknown tie_breaking {tie_breaking!r:.40}; "
                                f"choose one of {', '.join(TIE_BREAKING)}")  # fmt: skip
        self.tie_menu = widgets.Dropdown(options=list(TIE_BREAKING), value=tie_breaking,
                                         description="ties")  # fmt: skip
        self.view_menu = widgets.ToggleButtons(options=["tree", "state space"], value="tree")
        self.play = widgets.Play(value=0, min=0, max=1, step=1, interval=700,
                                 description="play", show_repeat=False)  # fmt: skip
        self.step_button = widgets.Button(description="Step", icon="step-forward")
        self.end_button = widgets.Button(description="To the end", icon="fast-forward")
        self.reset_button = widgets.Button(description="Reset", icon="undo")
        self.speed = widgets.FloatLogSlider(value=1.5, base=10, min=-0.7, max=1.3, step=0.05,
                                            description="steps/s", readout_format=".1f")  # fmt: skip
        self.note = widgets.HTML()
        self.counts_html = widgets.HTML()
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="none"))
        self.frontier_html = widgets.HTML()
        scroller = widgets.Box([self.picture], layout=widgets.Layout(
            overflow="auto", max_height="660px", width="100%", border="1px solid #ddd"))  # fmt: skip
        super().__init__([
            widgets.HTML(_STYLE),
            widgets.HBox([self.board_box, self.moves, self.scramble_button, self.random_button]),
            widgets.HBox([self.goal_box, self.algorithm_menu, self.heuristic_menu,
                          self.tie_menu]),
            widgets.HBox([self.play, self.step_button, self.end_button, self.reset_button,
                          self.speed, self.view_menu]),
            self.note, self.counts_html, self.frontier_html, scroller,
        ])  # fmt: skip
        self.add_class("eightlab-explorer")
        self._snapshot_id = f"eightlab-explorer-{id(self)}"
        self._displayed = False
        self._png = b""
        # a bad board given to explore() raises; one typed into the box is reported
        start = as_board(start) if start is not None else random_walk_instance(steps=10, rng=0)
        goal = goal_or_default(goal, start)
        get_algorithm(algorithm), get_heuristic(heuristic)
        self._set_inputs(str(start), str(goal), algorithm, heuristic)
        self._load(raise_errors=True)
        for box in (
            self.board_box,
            self.goal_box,
            self.algorithm_menu,
            self.heuristic_menu,
            self.tie_menu,
        ):
            box.observe(self._on_input, names="value")
        self.view_menu.observe(lambda _: self._draw(), names="value")
        self.play.observe(self._on_play, names="value")
        self.speed.observe(self._on_speed, names="value")
        self._on_speed()
        self.step_button.on_click(lambda _: self.step(1))
        self.end_button.on_click(lambda _: self.step(None))
        self.reset_button.on_click(lambda _: self.reset())
        self.scramble_button.on_click(lambda _: self.scramble(self.moves.value))
        self.random_button.on_click(lambda _: self.random_board())

    # ------------------------------------------------------------------ the API
    @property
    def result(self):
        """The :class:`~eightlab.search.result.SearchResult`, once the replay reached the end."""
        if self.replay is None or not self.replay.done:
            return None
        return self.replay.result

    def step(self, n: int | None = 1) -> None:
        """Replay ``n`` more expansions (to the end when None) and redraw once."""
        if self.replay is None:
            return
        self.replay.step(n)
        self._sync_play()
        self._draw()

    def reset(self) -> None:
        """Back to step 0 (the same search)."""
        if self.replay is not None:
            self.replay.reset()
        self._sync_play()
        self._draw()

    def scramble(self, k: int = 10) -> None:
        """A board ``k`` random moves of the blank from the goal (never undoing the last)."""
        goal = self._goal_or_none()
        board = random_walk_instance(goal, steps=int(k), rng=self._rng)
        self.board_box.value = str(board)

    def random_board(self) -> None:
        """A board drawn uniformly among those that reach the goal."""
        self.board_box.value = str(random_solvable_board(self._rng, self._goal_or_none()))

    # ------------------------------------------------------------------ inputs
    def _goal_or_none(self):
        try:
            return as_board(self.goal_box.value)
        except EightlabError:
            return None

    def _set_inputs(self, start, goal, algorithm, heuristic) -> None:
        self._busy = True
        try:
            self.board_box.value, self.goal_box.value = start, goal
            self.algorithm_menu.value = get_algorithm(algorithm).name
            self.heuristic_menu.value = get_heuristic(heuristic).name
        finally:
            self._busy = False

    def _on_input(self, _change=None) -> None:
        if not self._busy:
            self._load()

    def _load(self, raise_errors: bool = False) -> None:
        """Build the replay of the search the inputs ask for, or say why not."""
        algorithm, heuristic = self.algorithm_menu.value, self.heuristic_menu.value
        spec = get_algorithm(algorithm)
        informed = spec.informed
        self.heuristic_menu.disabled = not informed
        self.tie_menu.disabled = "tie_breaking" not in spec.options
        options = {} if self.tie_menu.disabled else {"tie_breaking": self.tie_menu.value}
        self.view_menu.value = "tree" if informed else "state space"
        self.replay = None
        try:
            start = as_board(self.board_box.value)
            goal = as_board(self.goal_box.value) if self.goal_box.value.strip() else None
            reason = unfit_reason(algorithm, heuristic, start, goal)
            if reason is None:
                self.replay = Replay(start, goal, algorithm, heuristic,
                                     max_nodes=self._max_nodes, **options)  # fmt: skip
        except EightlabError as error:
            if raise_errors:
                raise
            reason = str(error)
        notes = []
        if reason is not None:
            self.message = f"refused: {reason}"
        else:
            self.message = ""
            if not informed:
                notes.append(f"{algorithm} uses no heuristic (the h shown is not used)")
            elif not get_heuristic(heuristic).admissible:
                notes.append(f"{heuristic} is not admissible: the path found may be longer")
            if not self.replay.expansions:
                notes.append(f"nothing to expand: {self.replay.result.status}"
                             f" ({self.replay.result.reason or 'the start is the goal'})")  # fmt: skip
        self._message_notes = notes
        self._sync_play()
        self._draw()

    def _sync_play(self) -> None:
        self._busy = True
        try:
            total = self.replay.expansions if self.replay is not None else 0
            self.play.max = max(1, total)
            self.play.value = self.replay.k if self.replay is not None else 0
        finally:
            self._busy = False

    def _on_play(self, change) -> None:
        if self._busy or self.replay is None:
            return
        target = int(change["new"])
        if target < self.replay.k:
            self.replay.reset()
        self.replay.step(target - self.replay.k)
        began = time.perf_counter()
        self._draw()
        # never ask for steps faster than they are drawn: the kernel would fall behind
        spent = int(1000 * (time.perf_counter() - began) * 1.2)
        self.play.interval = max(self._interval, spent)

    def _on_speed(self, _change=None) -> None:
        self.play.interval = int(1000 / self.speed.value)
        self._interval = self.play.interval

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        replay = self.replay
        if replay is None:
            self.note.value = f'<b style="color:#b03a2e">{html.escape(self.message)}</b>'
            self.counts_html.value = self.frontier_html.value = ""
            self._png = b""
            self._show_picture(None)
            return
        spec = get_algorithm(replay.algorithm)
        where = f"step {replay.k} of {replay.expansions}"
        if replay.passes:
            where += f", pass {replay.passes} (bound {replay.threshold:g})"
        status = ""
        if replay.done:
            r = replay.result
            status = f"; {r.status}" + (f": path {r.path or '(empty)'} ({r.length} moves)"
                                        if r.solved else f" ({r.reason})" if r.reason else "")  # fmt: skip
        notes = "; ".join(self._message_notes)
        self.note.value = f"<b>{html.escape(spec.label)}</b> {html.escape(where + status)}" + (
            f'<br><i style="color:#7a5c00">{html.escape(notes)}</i>' if notes else ""
        )
        counts = replay.counts()
        stored = "stored (max)" if replay.done else "stored"
        self.counts_html.value = (
            '<span style="font-size:110%">'
            + " &nbsp; ".join(
                f"{name} <b>{counts[key]}</b>"
                for name, key in (
                    ("expanded", "expanded"),
                    ("generated", "generated"),
                    ("frontier", "frontier"),
                    (stored, "stored"),
                )
            )  # fmt: skip
            + "</span>"
        )
        if not replay.nodes:  # an unsolvable pair, or the start is the goal
            self.frontier_html.value, self._png = "", b""
            self._show_picture(None)
            return
        tree, frontier = replay.tree(), replay.frontier()
        self.frontier_html.value = self._frontier_table(tree, frontier)
        figure = self.figure()
        self._png = _png(figure)
        self._show_picture(figure)
        if self._displayed:
            from IPython.display import update_display

            update_display(self._snapshot_bundle(), raw=True, display_id=self._snapshot_id)

    def _show_picture(self, figure) -> None:
        """Show ``self._png`` at its own size (the box scrolls), or hide the picture."""
        layout = self.picture.layout
        if figure is None:
            layout.display = "none"
            self.picture.value = b""
            return
        width, height = (int(round(v * DPI)) for v in figure.get_size_inches())
        layout.display = None
        layout.width = layout.min_width = f"{width}px"
        layout.height = layout.min_height = f"{height}px"
        self.picture.value = self._png

    def figure(self) -> Figure:
        """The picture of the current step (a matplotlib Figure, not shown)."""
        replay = self.replay
        tree, frontier = replay.tree(), replay.frontier()
        goal = replay.result.goal
        if self.view_menu.value == "state space" or tree.number_of_nodes() > TREE_NODES:
            positions, edges = replay.graph_layout()
            figure = Figure(figsize=(7.5, 7.5))
            ax = figure.add_subplot()
            closed = {n.board for n in replay.nodes.values() if n.order is not None}
            waiting = {tree.nodes[n]["board"] for n in frontier}
            current = replay.nodes[replay.current].board if replay.current is not None else None
            path = [tree.nodes[n]["board"] for n in replay.solution_nodes()]
            ids = {tree.nodes[n]["board"]: str(n) for n in frontier} if len(frontier) <= 40 else {}
            draw_search_graph(positions, edges, closed, waiting, current, path, ax=ax, goal=goal,
                              labels=ids)  # fmt: skip
            title = (f"{len(closed)} states expanded, {len(waiting)} on the frontier; "
                     "rings: moves from the start")  # fmt: skip
            if self.view_menu.value == "tree":
                title = f"the tree has {tree.number_of_nodes()} nodes, too many to draw:\n{title}"
            ax.set_title(title, fontsize=10)
        else:
            boards = tree.number_of_nodes() <= BOARD_NODES
            figure = Figure(figsize=layout_figsize(tree_layout(tree), boards))
            ax = figure.add_axes((0, 0, 1, 1))
            found = replay.done and replay.result.solved
            goal_node = replay.solution_nodes()[-1:] if found else []
            if goal_node and goal_node[0] in frontier:  # the goal first: the search stopped there
                frontier = goal_node + [n for n in frontier if n != goal_node[0]]
            draw_search_tree(tree, ax=ax, boards=boards, frontier=frontier, current=replay.current,
                             next_label="goal" if found else "next")  # fmt: skip
        return figure

    def _frontier_table(self, tree, frontier, shown: int = 24) -> str:
        informed = self.replay is not None and self.replay.informed

        def what(n):
            data = tree.nodes[n]
            if not informed:
                return f"g={data['g']:g}"
            return f"f={data['f']:g} <small>(g={data['g']:g}, h={data['h']:g})</small>"

        chips = " ".join(
            "<span style='display:inline-block;margin:2px 3px;padding:1px 6px;border-radius:4px;"
            "background:#fbe3cc;border:1px solid #f4a259;white-space:nowrap'>"
            f"<b style='background:#f4a259;padding:0 4px;border-radius:3px'>{n}</b> {what(n)}</span>"
            for n in frontier[:shown]
        )
        more = f" ... and {len(frontier) - shown} more" if len(frontier) > shown else ""
        return (
            "<div style='line-height:1.9'><b>frontier</b> in the order it is taken "
            f"(the number is the node's id on the tree): {chips}{more}</div>"
        )

    # ------------------------------------------------------------------ notebooks
    def _snapshot_bundle(self) -> dict:
        picture = base64.b64encode(self._png).decode("ascii")
        caption = html.escape(f"{self.note_text()} (a static copy: run the cell for the panel)")
        return {
            "text/html": f'<div class="eightlab-snapshot"><p>{caption}</p>'
            f"<p>{self.counts_html.value}</p>{self.frontier_html.value}"
            f'<img src="data:image/png;base64,{picture}" alt="the explorer\'s search"></div>',
            "text/plain": repr(self),
        }

    def note_text(self) -> str:
        """The panel's status line as plain text."""
        return html.unescape(
            self.note.value.split("<br>")[0].replace("<b>", "").replace("</b>", "")
        )

    def _ipython_display_(self):
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)
        display(self._snapshot_bundle(), raw=True, display_id=self._snapshot_id)
        self._displayed = True

    def __repr__(self) -> str:
        return f"<eightlab explorer: {self.note_text()}>"


def explore(start=None, goal=None, algorithm: str = "astar", heuristic: str = "manhattan",
            max_nodes: int = MAX_NODES, seed=None, tie_breaking: str = TIE_BREAKING[0],
            ) -> Explorer:  # fmt: skip
    """An interactive panel to watch a search solve a board, step by step (JupyterLab).

    Parameters
    ----------
    start : Board or str, optional
        The board, in any notation eightlab reads; by default one 10 random moves from
        the goal (seed 0).
    goal : Board or str, optional
        By default the tiles in order with the blank last, of the start's size.
    algorithm : str
        Registry name (:data:`eightlab.search.ALGORITHMS`).
    heuristic : str
        Registry name (:data:`eightlab.heuristics.HEURISTICS`), for informed algorithms.
    max_nodes : int
        Node budget of each search (the explorer records every event of it).
    seed : int, optional
        Seeds the "scramble" and "random solvable" buttons.
    tie_breaking : str
        The rule among frontier nodes of equal f of the algorithms that take one
        (:data:`eightlab.search.bestfirst.TIE_BREAKING`); the panel's "ties" menu.

    Returns
    -------
    Explorer
        An :class:`ipywidgets.VBox`: ``step(n=1)``, ``step(None)``, ``reset()`` and
        ``result`` drive and read it without a browser.

    Raises
    ------
    BoardError, GoalMismatchError
        If ``start`` or ``goal`` is not a board, or they differ in size.
    UnknownNameError
        For an unknown algorithm or heuristic.
    EightlabError
        For an unknown ``tie_breaking`` rule.
    """
    return Explorer(start, goal, algorithm, heuristic, max_nodes=max_nodes, seed=seed,
                    tie_breaking=tie_breaking)  # fmt: skip


__all__ = ["BOARD_NODES", "Explorer", "explore", "unfit_reason"]  # unfit_reason: from replay
