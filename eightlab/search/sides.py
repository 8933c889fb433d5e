"""The two directions of a front-to-end bidirectional search, shared by MM, NBS, GBFHS and
the naive bidirectional A*.

A :class:`Side` is one direction: the forward side grows from the start with h bound to
the goal, the backward side grows from the goal with h bound to the *start* (front-to-end
heuristics; moves of the blank are reversible, so both sides use the ordinary
successors). :func:`expand` expands one node of one side and records a cheaper meeting
with the other side in a :class:`Meeting`; :class:`ReadyQueue` is the open list of NBS and
GBFHS (a waiting heap ordered by f, a ready heap ordered by g). :func:`finish` writes the
per-direction counts into :attr:`SearchStats.per_direction`.
"""

from __future__ import annotations

from heapq import heappop, heappush

from eightlab.heuristics import get_heuristic
from eightlab.puzzle.board import INVERSE
from eightlab.search.harness import path_from_parents, run_search
from eightlab.search.result import SearchResult

FORWARD, BACKWARD = 0, 1


class Meeting:
    """The best path found so far through a state reached by both sides.

    ``cost`` is U of the papers (infinity until the sides touch), ``state`` the packed
    state where they meet.
    """

    __slots__ = ("cost", "state")

    def __init__(self):
        self.cost = float("inf")
        self.state = None


class Side:
    """One direction of the search: its g and parent tables, closed set and counts.

    Parameters
    ----------
    name : {"forward", "backward"}
    root, root_blank : int
        The packed state the side grows from and the cell of its blank.
    evaluator : Evaluator
        h towards the other end (bound to the goal for the forward side, to the start
        for the backward side).
    moves : tuple
        :meth:`Problem.informed_moves` of ``evaluator``.
    mask : int
        The packed encoding's cell mask.

    Attributes
    ----------
    g : dict
        Best known cost from the root of every state the side has reached (open and
        closed: a state is open when it is in ``g`` and not in ``closed``).
    parents : dict
        ``state -> (previous state, move)``; the root maps to None.
    g_expanded : list of int
        ``g_expanded[g]`` nodes expanded at cost ``g`` (for the g-cost grid).
    open_count : int
        States on the open list.
    """

    __slots__ = (
        "name", "root", "evaluator", "moves", "mask", "g", "parents", "closed", "expanded",
        "generated", "duplicates", "reopened", "g_expanded", "open_count", "root_h",
    )  # fmt: skip

    def __init__(self, name, root, root_blank, evaluator, moves, mask):
        self.name = name
        self.root = root
        self.evaluator = evaluator
        self.moves = moves
        self.mask = mask
        self.g = {root: 0}
        self.parents = {root: None}
        self.closed = set()
        self.expanded = self.generated = self.duplicates = self.reopened = 0
        self.g_expanded = []
        self.open_count = 1
        self.root_h = evaluator(root)

    def is_open(self, state: int, g: int) -> bool:
        """Whether an open-list entry ``(state, g)`` is current (not stale).

        Parameters
        ----------
        state : int
            The packed state of the entry.
        g : int
            The cost the entry was pushed with.

        Returns
        -------
        bool
            True when ``g`` is still the state's best cost and it is not closed.
        """
        return self.g.get(state) == g and state not in self.closed


def two_sides(problem, forward_h, backward_h) -> tuple[Side, Side]:
    """The forward side (start, h to the goal) and backward side (goal, h to the start).

    Parameters
    ----------
    problem : Problem
        The packed start, goal and move tables.
    forward_h, backward_h : callable
        The heuristic bound to the goal and to the start.

    Returns
    -------
    tuple of (Side, Side)
        The forward and the backward side, each with only its root.
    """
    return (
        Side("forward", problem.start, problem.start_blank, forward_h,
             problem.informed_moves(forward_h), problem.mask),
        Side("backward", problem.goal, problem.goal_blank, backward_h,
             problem.informed_moves(backward_h), problem.mask),
    )  # fmt: skip


def expand(side, other, state, blank, g, h, meeting, on_open, on_close, observer, problem):
    """Expand ``state`` (cost ``g``, heuristic ``h``) on ``side``.

    Each successor that is new on this side or reached more cheaply gets its g and parent
    and is handed to ``on_open(side, child, blank, g, h)`` (the algorithm's open list);
    a cheaper successor that was open is first withdrawn with ``on_close(side, child,
    old_g)``, one that was closed is reopened. A successor the other side has reached
    gives a path of cost ``g + 1 + other.g[child]``; the cheapest one is kept in
    ``meeting``. Counts go to ``side``.

    Parameters
    ----------
    side, other : Side
        The side that expands, and the opposite one (read only).
    state : int
        The packed state expanded.
    blank : int
        The cell of its blank.
    g, h : int or float
        Its cost from the side's root and its heuristic value.
    meeting : Meeting
        The cheapest path found through both sides, updated here.
    on_open : callable
        ``on_open(side, child, blank, g, h)``: puts a successor on the open list.
    on_close : callable
        ``on_close(side, child, old_g)``: withdraws an open successor reached more
        cheaply (:func:`ignore` for lists with lazy deletion).
    observer : Observer or None
        Receives the expand and generate events.
    problem : Problem
        Turns packed states into boards for the observer.
    """
    side.closed.add(state)
    side.open_count -= 1
    side.expanded += 1
    hist = side.g_expanded
    while len(hist) <= g:
        hist.append(0)
    hist[g] += 1
    if observer is not None:
        observer.on_expand(problem.board(state), g, h)
    mask, g_of, closed, other_g = side.mask, side.g, side.closed, other.g
    g2 = g + 1
    for move, q, sq, sb, dh in side.moves[blank]:
        tile = (state >> sq) & mask
        child = state ^ (tile << sq) ^ (tile << sb)
        side.generated += 1
        old = g_of.get(child)
        if old is not None:
            if old <= g2:
                side.duplicates += 1
                continue
            if child in closed:
                closed.discard(child)
                side.reopened += 1
            else:
                on_close(side, child, old)
                side.open_count -= 1
        g_of[child] = g2
        side.parents[child] = (state, move)
        h2 = h + dh[tile] if dh is not None else side.evaluator(child)
        side.open_count += 1
        on_open(side, child, q, g2, h2)
        if observer is not None:
            observer.on_generate(problem.board(state), move, problem.board(child), g2, h2)
        other_g2 = other_g.get(child)
        if other_g2 is not None and g2 + other_g2 < meeting.cost:
            meeting.cost = g2 + other_g2
            meeting.state = child


def join_path(sides, state: int) -> str:
    """Moves from the start to the goal through ``state``.

    The forward half, then the backward tree's moves read back to the goal, each
    inverted.

    Parameters
    ----------
    sides : tuple of (Side, Side)
        The forward and the backward side, both of which have reached ``state``.
    state : int
        The packed meeting state.

    Returns
    -------
    str
        The path, one letter per move of the blank.
    """
    forward, backward = sides
    moves = []
    parents = backward.parents
    node = state
    while parents[node] is not None:
        node, move = parents[node]
        moves.append(INVERSE[move])
    return path_from_parents(forward.parents, state) + "".join(moves)


def start_stats(stats, termination: str = "") -> dict:
    """The ``per_direction`` record of a bidirectional search, filled in by :func:`finish`.

    Made before the search allocates its tables, so that :func:`finish` (run in a
    ``finally``, also after a ``MemoryError``) only stores numbers into it.

    Parameters
    ----------
    stats : SearchStats
        The search's counts; the record is set as its ``per_direction``.
    termination : str, optional
        The stopping condition, until the search sets the one that fired.

    Returns
    -------
    dict
        ``forward`` and ``backward`` (``expanded``, ``generated``, ``g_expanded``),
        ``meeting``, ``cost`` and ``termination``.
    """
    record = {
        "forward": {"expanded": 0, "generated": 0, "g_expanded": []},
        "backward": {"expanded": 0, "generated": 0, "g_expanded": []},
        "meeting": None,
        "cost": None,
        "termination": termination,
    }
    stats.per_direction = record
    stats.iterations = 1
    return record


def finish(stats, record, sides, meeting, max_frontier) -> None:
    """Copy the sides' counts into ``stats`` and its ``per_direction`` record.

    Only stores references and integers (no new tables), so it is safe in a ``finally``
    after a ``MemoryError``; the meeting state stays packed (``meeting`` is turned into
    board text by :func:`describe_meeting` when the search returns normally).

    Parameters
    ----------
    stats : SearchStats
        The search's counts, filled in here.
    record : dict
        The ``per_direction`` record made by :func:`start_stats`.
    sides : tuple of (Side, Side) or None
        The two sides, None when the search stopped before making them.
    meeting : Meeting or None
        The cheapest path found through both sides.
    max_frontier : int
        The largest size of the two open lists together.
    """
    if sides is None:
        return
    forward, backward = sides
    stats.expanded = forward.expanded + backward.expanded
    stats.generated = forward.generated + backward.generated
    stats.duplicates = forward.duplicates + backward.duplicates
    stats.reopened = forward.reopened + backward.reopened
    stats.max_stored = len(forward.g) + len(backward.g)
    stats.max_frontier = max_frontier
    for side in sides:
        row = record[side.name]
        row["expanded"], row["generated"] = side.expanded, side.generated
        row["g_expanded"] = side.g_expanded
    if meeting.state is not None:
        record["cost"] = meeting.cost


def search_sides(problem, stats, budget, forward_h, backward_h, record, loop, new_open=None) -> str:
    """Run ``loop(sides, opens, meeting, frontier)`` on fresh sides and return the path.

    The set-up and finishing MM, NBS and GBFHS share: the two sides, their open lists
    ``opens`` (``new_open(side, root_blank)`` each, a :class:`ReadyQueue` by default)
    and an empty :class:`Meeting` (a start that is the goal ends here), then ``loop``, which expands
    until it stops (it sets ``record["termination"]``) and keeps ``frontier[0]``, the
    largest size of the two open lists together; then the path through the meeting
    state. :func:`finish` runs whatever happens; after a ``MemoryError`` the budget's
    reserve is spent first, to make room for the counts.

    Parameters
    ----------
    problem : Problem
        The packed start, goal and move tables.
    stats : SearchStats
        The search's counts.
    budget : Budget
        The search's budgets.
    forward_h, backward_h : callable
        The heuristic bound to the goal and to the start.
    record : dict
        The ``per_direction`` record of :func:`start_stats`.
    loop : callable
        ``loop(sides, opens, meeting, frontier)``: the algorithm's own expansion loop.
    new_open : callable, optional
        ``new_open(side, root_blank)``: makes one side's open list.

    Returns
    -------
    str
        The path through the meeting state (empty when the start is the goal).
    """
    sides = meeting = None
    frontier = [0]
    try:
        sides = two_sides(problem, forward_h, backward_h)
        meeting = Meeting()
        if problem.start == problem.goal:
            record["termination"] = "start is the goal"
            return ""
        new_open = new_open or ReadyQueue
        opens = (new_open(sides[FORWARD], problem.start_blank),
                 new_open(sides[BACKWARD], problem.goal_blank))  # fmt: skip
        loop(sides, opens, meeting, frontier)
        describe_meeting(problem, record, meeting)
        return join_path(sides, meeting.state)
    except MemoryError:
        budget.spend_reserve()  # room for the counts below (eightlab.search.budget.RESERVE_BYTES)
        raise
    finally:
        finish(stats, record, sides, meeting, frontier[0])


def describe_meeting(problem, record, meeting) -> None:
    """Store the meeting state as board text in the ``per_direction`` record.

    Parameters
    ----------
    problem : Problem
        Turns the packed meeting state into a board.
    record : dict
        The ``per_direction`` record.
    meeting : Meeting
        The cheapest path found through both sides.
    """
    if meeting.state is not None:
        record["meeting"] = str(problem.board(meeting.state))


class ReadyQueue:
    """The open list of one side for NBS and GBFHS: *waiting* by f, *ready* by g.

    A node enters ``waiting`` (a heap on f, then g); :meth:`promote` moves every waiting
    node with ``f <= bound`` to ``ready`` (a heap on g, then f). Entries are checked
    against the side's tables when they surface (lazy deletion), so a node reached more
    cheaply leaves a stale entry behind that is skipped. Chen et al. (2017) describe this
    structure for NBS; hog2's ``NBSQueue`` implements it the same way.

    Parameters
    ----------
    side : Side
        The side whose open list this is.
    blank : int
        The cell of the blank in the side's root.

    References
    ----------
    .. [1] J. Chen, R. C. Holte, S. Zilles and N. R. Sturtevant, "Front-to-end
       bidirectional heuristic search with near-optimal node expansions", IJCAI 2017.
    """

    __slots__ = ("side", "waiting", "ready", "seq")

    def __init__(self, side: Side, blank: int):
        self.side = side
        h = side.root_h
        self.waiting = [(h, 0, 0, side.root, blank, h)]
        self.ready = []
        self.seq = 0

    def push(self, side, child, blank, g, h):
        """Put ``child`` on the waiting heap (the ``on_open`` of :func:`expand`).

        Parameters
        ----------
        side : Side
            The side (the list's own).
        child : int
            The packed state.
        blank : int
            The cell of its blank.
        g, h : int or float
            Its cost from the side's root and its heuristic value.
        """
        self.seq += 1
        heappush(self.waiting, (g + h, g, self.seq, child, blank, h))

    def _clean(self, heap, gi):
        side = self.side
        while heap and not side.is_open(heap[0][3], heap[0][gi]):
            heappop(heap)

    def promote(self, bound) -> None:
        """Move every waiting node with f <= ``bound`` to ready.

        Parameters
        ----------
        bound : float
            The current lower bound on the cost of a path not yet found.
        """
        waiting, ready = self.waiting, self.ready
        self._clean(waiting, 1)
        while waiting and waiting[0][0] <= bound:
            f, g, seq, state, blank, h = heappop(waiting)
            heappush(ready, (g, f, seq, state, blank, h))
            self._clean(waiting, 1)

    def least_f_waiting(self):
        """The least f on the waiting heap.

        Returns
        -------
        float or None
            That f, None when the heap is empty.
        """
        self._clean(self.waiting, 1)
        return self.waiting[0][0] if self.waiting else None

    def least_g_ready(self):
        """The least g on the ready heap.

        Returns
        -------
        int or None
            That g, None when the heap is empty.
        """
        self._clean(self.ready, 0)
        return self.ready[0][0] if self.ready else None

    def pop_ready(self):
        """Take the ready node of least g.

        Returns
        -------
        tuple
            ``(state, blank, g, h)`` of that node.
        """
        self._clean(self.ready, 0)
        g, _, _, state, blank, h = heappop(self.ready)
        return state, blank, g, h

    def expand_next(self, other, meeting, observer, problem) -> None:
        """Take the ready node of least g and expand it (:func:`expand`, this side).

        Parameters
        ----------
        other : Side
            The opposite side.
        meeting : Meeting
            The cheapest path found through both sides.
        observer : Observer or None
            Receives the expand and generate events.
        problem : Problem
            Turns packed states into boards for the observer.
        """
        state, blank, g, h = self.pop_ready()
        expand(self.side, other, state, blank, g, h, meeting, self.push, ignore, observer, problem)

    def __len__(self):
        return len(self.waiting) + len(self.ready)


def ignore(side, child, old_g) -> None:
    """An ``on_close`` for open lists with lazy deletion (nothing to withdraw).

    Parameters
    ----------
    side : Side
        The side.
    child : int
        The packed state reached more cheaply.
    old_g : int or float
        The cost it was open with.
    """


def run_bidirectional(name, core, start, goal, heuristic, budgets, **extra) -> SearchResult:
    """Run a bidirectional core through :func:`~eightlab.search.harness.run_search`.

    The heuristic is bound to the goal (forward) and to the start (backward):
    front-to-end heuristics.

    Parameters
    ----------
    name : str
        The algorithm's registry name.
    core : callable
        ``core(problem, stats, budget, forward_h, backward_h, **extra)``; returns the
        path.
    start, goal, heuristic
        As in :func:`~eightlab.search.solve`.
    budgets : dict
        ``max_nodes``, ``max_seconds``, ``max_stored``.
    **extra
        Passed on to ``core`` (the observer, options of the algorithm).

    Returns
    -------
    SearchResult
        The path found, or why none was, with the counts of both sides.
    """
    h = get_heuristic(heuristic)

    def bound(problem, stats, budget):
        forward_h = h.bind(problem.goal_board)
        backward_h = h.bind(problem.start_board)
        return core(problem, stats, budget, forward_h, backward_h, **extra)

    return run_search(name, h.name, start, goal, bound, None, **(budgets or {}))
