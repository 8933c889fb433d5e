"""The explorer: an ipywidgets panel where a student picks a board and watches a search.

``eightlab.explore("283164705")`` returns an :class:`Explorer`: a board box (any
notation), "scramble" and "random solvable" buttons, a goal box, one dropdown of every
registered algorithm and one of the heuristics defined on the board's shape, Play /
Step back / Step / To the end / Reset, a speed slider and a timeline slider over the
whole search. Each step replays one expansion of the search (an
:class:`eightlab.viz.replay.Replay` of the real, instrumented search: no copy of its code)
and redraws, as SVG text a browser shows at once (:mod:`eightlab.viz.svg`), the search
tree with g, h and f on every node and the frontier in orange, or, for the uninformed
searches, the frontier spreading over the state space. A bidirectional search shows its
two trees, the backward one in blue growing up from the goal, joined where they meet;
IDA* and the iterative deepening searches list their passes with each threshold. A hint
gives the exact distance to the goal (3x3 boards: :mod:`eightlab.puzzle.statespace`) and
the moves that keep a path optimal. The counts update live; at the end the solution path
is drawn in red.

The panel is testable without a browser: :meth:`Explorer.step`, :meth:`Explorer.back`,
:meth:`Explorer.go_to`, :meth:`Explorer.reset` and :attr:`Explorer.result`. Displayed in
a notebook it also leaves a static copy of its current state, hidden while the live
panel shows, so a saved notebook and its HTML copy show the search instead of a blank
area.
"""

from __future__ import annotations

import base64
import html
import random
import time

import ipywidgets as widgets

from eightlab.errors import EightlabError
from eightlab.heuristics import HEURISTICS, get_heuristic
from eightlab.puzzle.board import as_board, goal_or_default
from eightlab.puzzle.instances import random_solvable_board, random_walk_instance
from eightlab.search import ALGORITHMS, TIE_BREAKING, get_algorithm
from eightlab.viz.replay import Replay, unfit_reason
from eightlab.viz.svg import BACKWARD_COLOR, BACKWARD_FRONTIER, BOX, GraphView, tree_svg
from eightlab.viz.trees import CLOSED_COLOR, FRONTIER_COLOR

#: Trees with more nodes than this are drawn as numbered dots instead of boards.
BOARD_NODES = 90
#: Trees of one direction with more nodes than this are shown in the state-space view
#: (a wider tree is a smear of dots).
TREE_NODES = 400
#: Most expansions a search of the explorer may make (it records every event): enough
#: for IDDFS on the 18-move board of tutorial 02 (98,598 expansions).
MAX_NODES = 150_000
#: Most expansions the timeline slider replays while it is dragged; a longer search
#: is replayed when the slider is let go.
LIVE_SCRUB = 3000

# hides the static copy that follows a live panel (the HTML copy has no live panel), and
# sets the cells of the passes table apart
_STYLE = (
    "<style>.jp-OutputArea-child:has(.eightlab-explorer) ~ "
    ".jp-OutputArea-child:has(.eightlab-snapshot) {display: none;} "
    ".eightlab-explorer td, .eightlab-explorer th {padding: 1px 10px; text-align: right;}"
    "</style>"
)

#: Buttons as wide as their words (the default width cuts "To the end" to "To th...").
_FIT = {"width": "auto", "min_width": "fit-content"}


def _row(*children) -> widgets.HBox:
    """Controls side by side, wrapping onto a new line in a narrow notebook."""
    return widgets.HBox(
        list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center")
    )


def fitting_heuristics(board) -> list[str]:
    """Names of the heuristics defined on ``board``'s shape, in registry order.

    Parameters
    ----------
    board : Board or str

    Returns
    -------
    list of str
        The names of :data:`eightlab.heuristics.HEURISTICS` whose ``applies_to(board)``.
    """
    board = as_board(board)
    return [name for name, h in HEURISTICS.items() if h.applies_to(board)]


def hint(board, goal) -> str:
    """The exact distance of ``board`` to ``goal`` and the moves that keep it optimal.

    Parameters
    ----------
    board, goal : Board

    Returns
    -------
    str
        ``"18 moves to the goal; optimal next moves: l, u"``; for a board other than
        3x3, that no exact table exists for it. The distances are read from
        :func:`eightlab.puzzle.statespace.exact_distance` (a breadth-first search of all
        9!/2 boards, Russell & Norvig, *AIMA*, 4th ed., sec. 3.4.1).
    """
    if (board.rows, board.cols) != (3, 3):
        return f"exact distances are tabled for 3x3 boards only (this one is {board.rows}x{board.cols})"
    from eightlab.puzzle.statespace import exact_distance

    distance = exact_distance(board, goal)
    if distance is None:
        return "the goal cannot be reached from this board"
    if distance == 0:
        return "this is the goal"
    best = [m for m in board.legal_moves() if exact_distance(board.apply(m), goal) == distance - 1]
    moves = "move" if distance == 1 else "moves"
    return f"{distance} {moves} to the goal; optimal next moves: {', '.join(best)}"


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
    svg : str
        The picture of the current step (an ``<svg>`` element; empty when none).
    """

    def __init__(self, start, goal, algorithm, heuristic, max_nodes=MAX_NODES, seed=None,
                 tie_breaking=TIE_BREAKING[0]):  # fmt: skip
        self._rng = random.Random(seed)
        self._max_nodes = max_nodes
        self.replay: Replay | None = None
        self.message = ""
        self.svg = ""
        self._busy = False
        self._graph: GraphView | None = None
        self.board_box = widgets.Text(description="board", continuous_update=False,
                                      layout=widgets.Layout(width="230px"))  # fmt: skip
        self.goal_box = widgets.Text(description="goal", continuous_update=False,
                                     layout=widgets.Layout(width="230px"))  # fmt: skip
        self.moves = widgets.BoundedIntText(value=10, min=0, max=200, description="moves",
                                            layout=widgets.Layout(width="130px"))  # fmt: skip
        self.scramble_button = widgets.Button(description="scramble k moves", layout=_FIT)
        self.random_button = widgets.Button(description="random solvable", layout=_FIT)
        self.algorithm_menu = widgets.Dropdown(
            options=[(f"{a.label} ({a.name})", a.name) for a in ALGORITHMS.values()],
            description="algorithm", layout=widgets.Layout(width="390px"),
        )  # fmt: skip
        self.heuristic_menu = widgets.Dropdown(options=list(HEURISTICS), description="heuristic",
                                               layout=widgets.Layout(width="260px"))  # fmt: skip
        if tie_breaking not in TIE_BREAKING:
            raise EightlabError(f"unknown tie_breaking {tie_breaking!r:.40}; "
                                f"choose one of {', '.join(TIE_BREAKING)}")  # fmt: skip
        self.tie_menu = widgets.Dropdown(options=list(TIE_BREAKING), value=tie_breaking,
                                         description="ties",
                                         layout=widgets.Layout(width="200px"))  # fmt: skip
        self.view_menu = widgets.ToggleButtons(options=["tree", "state space"], value="tree",
                                               style={"button_width": "auto"})  # fmt: skip
        self.play = widgets.Play(value=0, min=0, max=1, step=1, interval=700,
                                 description="play", show_repeat=False)  # fmt: skip
        self.back_button = widgets.Button(description="Step back", icon="step-backward",
                                          layout=_FIT)  # fmt: skip
        self.step_button = widgets.Button(description="Step", icon="step-forward", layout=_FIT)
        self.end_button = widgets.Button(description="To the end", icon="fast-forward",
                                         layout=_FIT)  # fmt: skip
        self.reset_button = widgets.Button(description="Reset", icon="undo", layout=_FIT)
        self.speed = widgets.FloatLogSlider(value=1.5, base=10, min=-0.7, max=1.3, step=0.05,
                                            description="steps/s", readout_format=".1f")  # fmt: skip
        self.timeline = widgets.IntSlider(value=0, min=0, max=1, description="step",
                                          layout=widgets.Layout(width="95%"))  # fmt: skip
        self.note = widgets.HTML()
        self.counts_html = widgets.HTML()
        self.hint_html = widgets.HTML()
        self.passes_html = widgets.HTML()
        self.caption = widgets.HTML()
        self.picture = widgets.HTML(layout=widgets.Layout(
            overflow="auto", max_height=f"{BOX[1] + 20}px", max_width="100%",
            border="1px solid #ddd"))  # fmt: skip
        self.frontier_html = widgets.HTML()
        super().__init__([
            widgets.HTML(_STYLE),
            _row(self.board_box, self.moves, self.scramble_button, self.random_button),
            _row(self.goal_box, self.algorithm_menu, self.heuristic_menu, self.tie_menu),
            _row(self.play, self.back_button, self.step_button, self.end_button,
                 self.reset_button, self.speed, self.view_menu),
            self.timeline, self.note, self.counts_html, self.hint_html, self.passes_html,
            self.caption, self.picture, self.frontier_html,
        ])  # fmt: skip
        self.add_class("eightlab-explorer")
        self._snapshot_id = f"eightlab-explorer-{id(self)}"
        self._displayed = False
        # a bad board given to explore() raises; one typed into the box is reported
        start = as_board(start) if start is not None else random_walk_instance(steps=10, rng=0)
        goal = goal_or_default(goal, start)
        get_algorithm(algorithm), get_heuristic(heuristic)
        self._set_inputs(str(start), str(goal), algorithm, heuristic)
        self._load(raise_errors=True)
        for box in (self.board_box, self.goal_box, self.algorithm_menu, self.heuristic_menu,
                    self.tie_menu):  # fmt: skip
            box.observe(self._on_input, names="value")
        self.view_menu.observe(lambda _: self._draw(), names="value")
        self.play.observe(self._on_play, names="value")
        self.timeline.observe(self._on_timeline, names="value")
        self.speed.observe(self._on_speed, names="value")
        self._on_speed()
        self.back_button.on_click(lambda _: self.back(1))
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

    def back(self, n: int = 1) -> None:
        """Go ``n`` expansions back (the replay starts over and replays up to there)."""
        if self.replay is not None:
            self.go_to(self.replay.k - n)

    def go_to(self, k: int) -> None:
        """Show the search after ``k`` expansions (clipped to 0 .. all of them)."""
        if self.replay is None:
            return
        k = max(0, min(int(k), self.replay.expansions))
        if k < self.replay.k:
            self.replay.reset()
        self.replay.step(k - self.replay.k)
        self._sync_play()
        self._draw()

    def reset(self) -> None:
        """Back to step 0 (the same search)."""
        self.go_to(0)

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

    def _offer_heuristics(self, start) -> None:
        """Only the heuristics defined on the board's shape in the menu (the one chosen
        stays, refused with its reason, when it does not fit)."""
        names = fitting_heuristics(start)
        chosen = self.heuristic_menu.value
        if chosen not in names:
            names.append(chosen)
        if list(self.heuristic_menu.options) != names:
            self._busy = True
            try:
                self.heuristic_menu.options = names
                self.heuristic_menu.value = chosen
            finally:
                self._busy = False

    def _load(self, raise_errors: bool = False) -> None:
        """Build the replay of the search the inputs ask for, or say why not."""
        algorithm, heuristic = self.algorithm_menu.value, self.heuristic_menu.value
        spec = get_algorithm(algorithm)
        informed = spec.informed
        self.heuristic_menu.disabled = not informed
        self.tie_menu.disabled = "tie_breaking" not in spec.options
        options = {} if self.tie_menu.disabled else {"tie_breaking": self.tie_menu.value}
        self.view_menu.value = "tree" if informed or spec.bidirectional else "state space"
        self.replay, self._graph = None, None
        self._hint_start = ""
        try:
            start = as_board(self.board_box.value)
            goal = as_board(self.goal_box.value) if self.goal_box.value.strip() else None
            self._offer_heuristics(start)
            reason = unfit_reason(algorithm, heuristic, start, goal)
            if reason is None:
                self.replay = Replay(start, goal, algorithm, heuristic,
                                     max_nodes=self._max_nodes, **options)  # fmt: skip
                self._hint_start = hint(start, self.replay.result.goal)
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
            k = self.replay.k if self.replay is not None else 0
            self.play.max = self.timeline.max = max(1, total)
            self.play.value = self.timeline.value = k
            self.timeline.continuous_update = total <= LIVE_SCRUB
        finally:
            self._busy = False

    def _on_timeline(self, change) -> None:
        if not self._busy:
            self.go_to(change["new"])

    def _on_play(self, change) -> None:
        if self._busy or self.replay is None:
            return
        began = time.perf_counter()
        self.go_to(change["new"])
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
            for part in (self.counts_html, self.hint_html, self.passes_html, self.caption,
                         self.picture, self.frontier_html):  # fmt: skip
                part.value = ""
            self.svg = ""
            return
        spec = replay.spec
        where = f"step {replay.k} of {replay.expansions}"
        if replay.passes:
            where += f", pass {replay.passes} (threshold {replay.threshold:g})"
        status = ""
        if replay.done:
            r = replay.result
            status = f"; {r.status}" + (f": path {r.path or '(empty)'} ({r.length} moves)"
                                        if r.solved else f" ({r.reason})" if r.reason else "")  # fmt: skip
        notes = "; ".join(self._message_notes)
        self.note.value = f"<b>{html.escape(spec.label)}</b> {html.escape(where + status)}" + (
            f'<br><i style="color:#7a5c00">{html.escape(notes)}</i>' if notes else ""
        )
        self.counts_html.value = self._counts_line()
        self.hint_html.value = self._hint_line()
        self.passes_html.value = self._passes_table()
        if not replay.nodes:  # an unsolvable pair, or the start is the goal
            self.caption.value = self.picture.value = self.frontier_html.value = self.svg = ""
            return
        frontier = replay.frontier()
        self.frontier_html.value = self._frontier_table(frontier)
        caption, self.svg = self.picture_of_step(frontier)
        self.caption.value = f"<i>{html.escape(caption)}</i>"
        self.picture.value = f"<div style='text-align:left'>{self.svg}</div>"
        if self._displayed:
            from IPython.display import update_display

            update_display(self._snapshot_bundle(), raw=True, display_id=self._snapshot_id)

    def _counts_line(self) -> str:
        counts = self.replay.counts()
        stored = "stored (max)" if self.replay.done else "stored"
        text = " &nbsp; ".join(
            f"{name} <b>{counts[key]}</b>"
            for name, key in (("expanded", "expanded"), ("generated", "generated"),
                              ("frontier", "frontier"), (stored, "stored"))
        )  # fmt: skip
        if self.replay.bidirectional:
            sides = [0, 0]
            for node in self.replay.nodes.values():
                sides[node.side] += node.order is not None
            text += (
                f" &nbsp; (forward <b>{sides[0]}</b>, "
                f"<span style='color:{BACKWARD_COLOR}'>backward <b>{sides[1]}</b></span>)"
            )
        return f'<span style="font-size:110%">{text}</span>'

    def _hint_line(self) -> str:
        replay = self.replay
        line = f"<b>hint</b>: start: {html.escape(self._hint_start)}"
        if replay.current is not None and replay.current in replay.nodes:
            node = replay.nodes[replay.current]
            if node.side == 0 and node.id != min(replay.nodes):
                h = f", h={node.h:g}" if replay.informed else ""
                line += (f"; node {node.id} just expanded (g={node.g:g}{h}): "
                         f"{html.escape(hint(node.board, replay.result.goal))}")  # fmt: skip
        return f"<span style='color:#1d5e2f'>{line}</span>"

    def _passes_table(self) -> str:
        """One row per pass begun so far: its threshold and the expansions it made."""
        replay = self.replay
        if not replay.pass_rows or not replay.passes:
            return ""
        what = "bound on f" if replay.informed else "depth limit"
        rows = []
        done = 0
        for i, (threshold, expanded) in enumerate(replay.pass_rows[: replay.passes], start=1):
            current = i == replay.passes
            shown = replay.k - done if current else expanded
            done += expanded
            style = " style='background:#fbe3cc;font-weight:bold'" if current else ""
            rows.append(
                f"<tr{style}><td>{i}</td><td>{threshold:g}</td><td>{shown}"
                f"{' so far' if current and shown < expanded else ''}</td></tr>"
            )
        return (
            "<div style='max-height:9em;overflow-y:auto;display:inline-block'>"
            "<table style='border-collapse:collapse;font-size:90%'><tr><th>pass</th>"
            f"<th>threshold ({what})</th><th>expanded</th></tr>{''.join(rows[::-1])}"
            "</table></div>"
        )

    def picture_of_step(self, frontier=None) -> tuple[str, str]:
        """The caption and the ``<svg>`` of the current step.

        Parameters
        ----------
        frontier : list of int, optional
            :meth:`Replay.frontier`, when already computed.

        Returns
        -------
        (str, str)
            The caption says what is drawn, in words that the counts above it do not
            use for another number ("drawn", "boards closed", "waiting").
        """
        replay = self.replay
        frontier = replay.frontier() if frontier is None else frontier
        nodes = len(replay.nodes)
        this = ("this pass's tree" if replay.passes else
                "the two trees" if replay.bidirectional else "the tree")  # fmt: skip
        if self.view_menu.value == "tree" and nodes <= TREE_NODES:
            closed = sum(n.order is not None and not n.given_up for n in replay.nodes.values())
            caption = (f"drawn: {this}, {nodes} nodes ({closed} closed, {len(frontier)} "
                       "waiting)")  # fmt: skip
            if replay.bidirectional:
                caption += ("; black: the forward tree from the start, blue: the backward "
                            "tree from the goal, red dashes: where the two trees meet")  # fmt: skip
            return caption, tree_svg(replay, boards=nodes <= BOARD_NODES)
        if self._graph is None:
            self._graph = GraphView(replay)
        key, nodes_of = replay.state_key, replay.nodes
        groups = []
        for side, (dark, light) in enumerate(((CLOSED_COLOR, FRONTIER_COLOR),
                                              (BACKWARD_COLOR, BACKWARD_FRONTIER))):  # fmt: skip
            groups.append(({key(n) for n in nodes_of.values() if n.order is not None
                            and n.side == side}, dark))  # fmt: skip
            groups.append(({key(nodes_of[n]) for n in frontier if nodes_of[n].side == side},
                           light))  # fmt: skip
        if not replay.bidirectional:
            groups = groups[:2]
        else:  # the first group sets the rings shown: both sides' closed states
            groups = [(groups[0][0] | groups[2][0], CLOSED_COLOR)] + groups
        current = key(nodes_of[replay.current]) if replay.current is not None else None
        path = [key(nodes_of[n]) for n in replay.solution_nodes()]
        ids = {key(nodes_of[n]): str(n) for n in frontier} if len(frontier) <= 40 else {}
        pairs = [(key(nodes_of[u]), key(nodes_of[v])) for u, v in replay.meetings()]
        goal = (1, replay.result.goal) if replay.bidirectional else replay.result.goal
        closed = len(groups[0][0])
        waiting = sum(
            len(states)
            for states, colour in groups
            if colour in (FRONTIER_COLOR, BACKWARD_FRONTIER)
        )
        caption = (f"drawn: the state space, {closed} distinct boards closed, "
                   f"{waiting} waiting; rings: moves from the start")  # fmt: skip
        if replay.bidirectional:
            caption += (" (left) and from the goal (right, blue); red dashes: where the "
                        "two trees meet")  # fmt: skip
        if self.view_menu.value == "tree":
            has = "have" if replay.bidirectional else "has"
            caption = f"{this} {has} {nodes} nodes, more than {TREE_NODES}: {caption}"
        svg = self._graph.svg(groups, current, path, goal, ids, pairs)
        return caption, svg

    def _frontier_table(self, frontier, shown: int = 24) -> str:
        replay = self.replay

        def what(n):
            node = replay.nodes[n]
            if not replay.informed:
                return f"g={node.g:g}"
            return f"f={replay.f_of(node):g} <small>(g={node.g:g}, h={node.h:g})</small>"

        def colour(n):
            return BACKWARD_COLOR if replay.nodes[n].side else FRONTIER_COLOR

        def fill(n):
            return "#e3f0fa" if replay.nodes[n].side else "#fbe3cc"

        chips = " ".join(
            "<span style='display:inline-block;margin:2px 3px;padding:1px 6px;border-radius:4px;"
            f"background:{fill(n)};border:1px solid {colour(n)};white-space:nowrap'>"
            f"<b style='background:{colour(n)};padding:0 4px;border-radius:3px'>{n}</b> "
            f"{what(n)}</span>"
            for n in frontier[:shown]
        )
        more = f" ... and {len(frontier) - shown} more" if len(frontier) > shown else ""
        if not replay.bidirectional:
            order = "in the order it is taken"
        elif replay.informed:
            order = "by f, then larger g (each side takes from its own)"
        else:
            order = "by g (a whole layer of the smaller side at a time)"
        return (
            f"<div style='line-height:1.9'><b>frontier</b> {order} "
            "(the number is the node's id: on the tree, or where the pointer rests on a node): "
            f"{chips}{more}</div>"
        )

    # ------------------------------------------------------------------ notebooks
    def _snapshot_bundle(self) -> dict:
        """The static copy: the panel's lines and its picture, the SVG as an image (an
        ``<img>`` with a data URI passes the HTML sanitizers of untrusted notebooks)."""
        caption = html.escape(f"{self.note_text()} (a static copy: run the cell for the panel)")
        parts = (self.counts_html, self.hint_html, self.passes_html, self.caption)
        picture = ""
        if self.svg:
            data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
            picture = (f'<img src="data:image/svg+xml;base64,{data}" '
                       'alt="the explorer\'s search">')  # fmt: skip
        return {
            "text/html": f'<div class="eightlab-snapshot"><p>{caption}</p>'
            + "".join(f"<div>{p.value}</div>" for p in parts if p.value)
            + f"<div style='overflow:auto'>{picture}</div>{self.frontier_html.value}</div>",
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
        Registry name (:data:`eightlab.heuristics.HEURISTICS`), for informed algorithms;
        the menu offers those defined on the board's shape.
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
        An :class:`ipywidgets.VBox`: ``step(n=1)``, ``step(None)``, ``back(n=1)``,
        ``go_to(k)``, ``reset()`` and ``result`` drive and read it without a browser.

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


__all__ = [
    "BOARD_NODES",
    "Explorer",
    "explore",
    "fitting_heuristics",
    "hint",
    "unfit_reason",
]  # unfit_reason: from replay
