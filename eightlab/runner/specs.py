"""One spec per experiment: each notebook's parameter ranges, board size, pairs, opt-in.

``eightlab run`` checks a plan with :func:`check_values` before any kernel starts, and a
notebook's first cell checks its values again with the same function
(:func:`eightlab.runner.lifecycle.begin`). The types are the notebook's defaults.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from eightlab.errors import EightlabError
from eightlab.runner.parameters import default_value, parse_value

#: The largest exact distance of the 8-puzzle (31 moves, for any goal).
MAX_DEPTH_3X3 = 31


@dataclass(frozen=True)
class Rule:
    """The values a parameter may take, beyond the type of its default.

    ``low`` and ``high`` bound a number or every item of a list (inclusive); ``none``
    allows None (no budget, everything); ``items`` makes it a list, non-empty unless
    ``empty``, of at most ``max_items``; ``choices`` are the allowed strings (of every
    item, for a list);
    ``registry`` (``"algorithms"`` or ``"heuristics"``) asks for registered names (a
    heuristic also defined on the experiment's board size); ``board`` for a board of that
    size (text, or an int as papermill's ``-p goal 123804765`` passes it, with every
    digit); ``depth`` for exact distances, at most the largest distance from the
    notebook's ``goal`` (:func:`largest_distance`); ``address`` for a Dask scheduler
    address or nothing; ``needs`` names of which a list must hold at least one. ``why``
    is said when a value is refused.
    """

    low: float | None = None
    high: float | None = None
    none: bool = False
    items: bool = False
    empty: bool = False
    max_items: int | None = None
    choices: tuple = ()
    registry: str | None = None
    board: bool = False
    depth: bool = False
    address: bool = False
    needs: tuple = ()
    why: str = ""


class Experiment:
    """The spec of one notebook: a :class:`Rule` per parameter (``output_dir`` excepted),
    the ``shape`` of its boards and heuristics, the ``(start, goal)`` ``pairs`` that must
    be distinct and solvable, at most ``pair_moves`` moves apart (3x3 boards; None: any
    distance), and ``opt_in``: run only when named or by a preset, never by ``make results``."""

    def __init__(self, shape=None, pairs=(), opt_in=False, pair_moves=None, **rules: Rule):
        self.shape, self.pairs, self.opt_in, self.rules = shape, tuple(pairs), opt_in, rules
        self.pair_moves = pair_moves


_COUNT = "there would be no instances to run"
_DEPTH_WHY = "no board of the 8-puzzle is farther from its goal"
SEED = Rule(low=0, high=2**32 - 1, why="numpy seeds are 0 to 2**32 - 1")
STYLE = Rule(choices=("notebook", "slides", "paper"))
DEPTH = Rule(low=0, high=MAX_DEPTH_3X3, depth=True, why=_DEPTH_WHY)
DEPTHS = Rule(low=0, high=MAX_DEPTH_3X3, items=True, max_items=32, depth=True, why=_COUNT)
PER_DEPTH = Rule(low=1, high=1000, why=_COUNT)
MAX_NODES = Rule(low=1, none=True, why="a budget; None for no budget")
MAX_SECONDS = Rule(low=1e-3, high=86_400, none=True, why="a budget; None for no budget")
WORKERS = Rule(low=1, high=256, why="worker processes")
SCHEDULER = Rule(address=True, why="a Dask scheduler address such as tcp://host:8786, or empty")
BOARD = Rule(board=True)
ALGORITHMS = Rule(items=True, registry="algorithms", why="nothing would run")
HEURISTICS = Rule(items=True, registry="heuristics", why="nothing would run")
#: The learned heuristics (``eightlab.heuristics.learned.heuristic.VARIANTS``).
LEARNED_VARIANTS = ("learned", "learned-shifted", "learned-quantile", "learned-penalty")
WALK = Rule(low=0, high=200, why="moves of a random walk")
#: The most moves between the boards of 03b's drawn A* search tree (its default pair is 5
#: apart; the tree grows exponentially with the distance).
TREE_MOVES = 10
#: The bidirectional heuristic searches, of which the notebook bidirectional needs one.
BIDIRECTIONAL_SEARCHES = ("mm", "nbs", "gbfhs")
#: Board shapes of at least two rows and columns and at most 12 cells (the exhaustive search).
_SMALL_SHAPES = tuple(f"{r}x{c}" for r in range(2, 7) for c in range(2, 7) if r * c <= 12)


def _numbered(count: int, what: str, empty_runs: str) -> Rule:
    """A list of numbered instances, 1 to ``count``; an empty list runs ``empty_runs``."""
    why = f"{what} are numbered 1 to {count}; an empty list runs {empty_runs}"
    return Rule(low=1, high=count, items=True, empty=True, max_items=count, why=why)


#: The spec of every notebook of ``notebooks/``, by name (a test checks that each
#: parameter a notebook declares has its rule).
SPECS: dict[str, Experiment] = {
    "01_state_space": Experiment(
        figure_style=STYLE, seed=SEED,
        radius=Rule(low=0, high=6, why="the drawn graph grows exponentially with it"),
        parity_sample=Rule(low=1, high=1_000_000, none=True, why="boards sampled"),
        max_hardest_shown=Rule(low=1, high=20, why="boards drawn"),
        bfs_radius=Rule(low=0, high=MAX_DEPTH_3X3, why="no board is farther from the goal"),
    ),
    "02_uninformed_search": Experiment(
        figure_style=STYLE, depths=DEPTHS, per_depth=PER_DEPTH, seed=SEED,
        example_depth=Rule(low=1, high=24, depth=True,
                           why="the worked example is searched for, so it is a move away at least, "
                               "and the tutorial's own depth-limited searches have no budget"),
        max_seconds=MAX_SECONDS,
    ),
    "03_informed_search": Experiment(
        shape=(3, 3), figure_style=STYLE, depths=DEPTHS, per_depth=PER_DEPTH, seed=SEED,
        max_seconds=MAX_SECONDS, heuristics=HEURISTICS, algorithms=ALGORITHMS,
        accuracy_sample=Rule(low=1, high=181_440, why="there are 181,440 boards"),
        choices_depth=DEPTH,
    ),
    "03b_idastar_search_trees": Experiment(
        shape=(3, 3), pairs=[("tree_start", "tree_goal")], figure_style=STYLE, seed=SEED,
        pair_moves=TREE_MOVES,
        threshold_depth=Rule(low=1, high=MAX_DEPTH_3X3, why=_DEPTH_WHY),
        tree_start=BOARD, tree_goal=BOARD, animation_depth=DEPTH,
    ),
    "04_eight_ii": Experiment(
        figure_style=STYLE, depths=DEPTHS, per_depth=PER_DEPTH, seed=SEED,
        n_pairs=Rule(low=1, high=10_000, why=_COUNT),
    ),
    "05_fifteen_puzzle": Experiment(
        shape=(4, 4), figure_style=STYLE, walk_length=WALK, heuristics=HEURISTICS, max_seconds=MAX_SECONDS,
        seed=SEED, n_boards=Rule(low=1, high=100, why="boards each solved with every heuristic"),
        astar_nodes=Rule(low=1, high=2_000_000, why="A*'s node budget in the tutorial, where "
                         "it stores every board it generates, under tracemalloc"),
    ),
    "bidirectional": Experiment(
        shape=(3, 3), figure_style=STYLE, per_depth=PER_DEPTH, seed=SEED,
        heuristics=HEURISTICS, max_seconds=MAX_SECONDS,
        depths=Rule(low=1, high=MAX_DEPTH_3X3, items=True, max_items=32, depth=True,
                    why="at depth 0 the start is the goal: its vertex cover is empty"),
        algorithms=Rule(items=True, registry="algorithms", needs=BIDIRECTIONAL_SEARCHES,
                        why="the g-cost grids compare the bidirectional heuristic searches"),
        grid_depth=Rule(low=1, high=MAX_DEPTH_3X3, why=_DEPTH_WHY),
        korf_instances=_numbered(100, "Korf's instances", "none"),
    ),
    "compare_algorithms": Experiment(
        shape=(3, 3), figure_style=STYLE, sampling=Rule(choices=("depths", "uniform")),
        n_instances=Rule(low=1, high=10_000, why=_COUNT), depths=DEPTHS, per_depth=PER_DEPTH,
        seed=SEED, goal=BOARD, algorithms=ALGORITHMS, heuristics=HEURISTICS,
        max_nodes=MAX_NODES, max_seconds=MAX_SECONDS, workers=WORKERS, scheduler=SCHEDULER,
    ),
    "exhaustive": Experiment(
        opt_in=True, figure_style=STYLE,
        shapes=Rule(items=True, max_items=12, choices=_SMALL_SHAPES, why="shapes of 4 to 12 cells"),
        audit_shape=Rule(choices=_SMALL_SHAPES, why="the exhaustive search covers up to 12 cells"),
        audit_heuristics=Rule(items=True, registry="heuristics", why="nothing would be audited"),
        astar_boards=Rule(low=0, high=1000, why="boards A* solves (0: none)"),
        astar_depth=Rule(low=0, high=80, why="no 12-cell board is farther than 80 moves"),
        seed=SEED,
    ),
    "heuristic_admissibility": Experiment(
        shape=(3, 3), figure_style=STYLE, goal=BOARD, heuristics=HEURISTICS, seed=SEED,
        sample_size=Rule(low=1, high=181_440, none=True, why="there are 181,440 boards"),
        astar_instances=Rule(low=1, high=1000, why=_COUNT),
    ),
    "korf100": Experiment(
        shape=(4, 4), figure_style=STYLE, heuristics=HEURISTICS,
        instances=_numbered(100, "Korf's instances", "all"),
        engine=Rule(choices=("python", "compiled", "auto")), workers=WORKERS,
        scheduler=SCHEDULER, max_seconds=MAX_SECONDS,
        astar_instance=Rule(low=1, high=100, why="Korf's instances are numbered 1 to 100"),
        astar_max_stored=Rule(low=1, high=10**9, why="states held at once"),
    ),
    "korf24": Experiment(
        shape=(5, 5), opt_in=True, figure_style=STYLE, workers=WORKERS, scheduler=SCHEDULER,
        max_seconds=Rule(low=1e-3, high=7 * 86_400, none=True, why="a search's budget, up to a week"),
        max_nodes=MAX_NODES,
        instances=_numbered(50, "Korf & Felner's 24-puzzle instances", "all"),
        heuristic=Rule(registry="heuristics", why="the search needs a heuristic"),
        total_seconds=Rule(low=1, high=7 * 86_400, why="the budget of the whole run"),
    ),
    "learned_heuristic": Experiment(
        shape=(3, 3), figure_style=STYLE, goal=BOARD, seed=SEED, depths=DEPTHS,
        per_depth=PER_DEPTH, max_nodes=MAX_NODES, walk_length=WALK,
        model=Rule(choices=("mlp", "hgb")),
        training_size=Rule(low=100, high=181_000,
                           why="boards of the 181,440 trained on; the others are the test set"),
        variants=Rule(items=True, max_items=4, choices=LEARNED_VARIANTS, registry="heuristics",
                      why="nothing would be audited"),
        fifteen_boards=Rule(low=10, high=2000, why="15-puzzle boards labelled by IDA*"),
    ),
}  # fmt: skip


def spec_of(notebook: str) -> Experiment:
    """The spec of a notebook (an empty one, types only, for a notebook without a spec)."""
    return SPECS.get(notebook) or Experiment()


def check_values(notebook: str, declared: dict, given: dict, typed: dict | None = None) -> dict:
    """Check a notebook's ``given`` parameters alone and together; the values to inject.

    ``declared`` is :func:`~eightlab.runner.parameters.declared_parameters`; a string is
    read as papermill's ``-p`` reads it, ``typed`` holds the text each value was typed as.
    Lists come back read from their text, an int for a float parameter a float, a board
    given as an int of every digit its text. Raises :class:`EightlabError` in one line
    naming the parameter and the notebook."""
    spec, typed = spec_of(notebook), typed or {}
    checked = {}
    for name, value in given.items():
        info = declared.get(name, {})  # a preset's undeclared name goes through unchecked
        if isinstance(value, str) and info.get("type") != "str":
            typed.setdefault(name, value)
            value = parse_value(value, info.get("type"), name)
        checked[name] = check_parameter(notebook, name, value, info, typed.get(name))
    values = {k: default_value(v["default"]) for k, v in declared.items() if k in spec.rules}
    values.update(checked)
    boards = {}
    for name, rule in spec.rules.items():
        value = values.get(name)
        if rule.board and value not in (None, ""):
            boards[name] = _board(notebook, name, value, spec.shape)
            if name in checked:
                checked[name] = boards[name].format("digits") if _is_int(value) else value
        if rule.address and value is not None:
            from eightlab.experiments.cluster import check_address

            address = check_address(value, name, notebook)
            checked.update({name: address} if name in checked else {})
        if rule.registry == "heuristics" and spec.shape and value is not None:
            _check_shapes(notebook, name, [value] if isinstance(value, str) else value, spec.shape)
    if spec.shape == (3, 3) and "goal" in boards:
        _check_depths(notebook, spec, values, boards["goal"])
    for start, goal in spec.pairs:
        from eightlab.puzzle.solvability import is_solvable

        a, b = boards.get(start), boards.get(goal)
        if a is not None and a == b:
            raise EightlabError(
                f"parameters {start!r} and {goal!r} of {notebook} are the same board {a}: "
                "a search from the goal expands nothing, so there is no tree to draw"
            )
        if a is not None and b is not None and not is_solvable(a, b):
            raise EightlabError(
                f"parameters {start!r} and {goal!r} of {notebook}: {b} cannot be reached from {a} "
                "(the pair has the wrong parity); swap two tiles of one of them"
            )
        if a is not None and b is not None and spec.pair_moves is not None:
            _check_pair_moves(notebook, (start, goal), a, b, spec.pair_moves)
    return checked


def check_parameter(notebook: str, name: str, value, declared: dict, text=None):
    """Check one value against the type of its parameter's default, then its :class:`Rule`.

    An int parameter takes an int (not a bool) or a whole float (``-p max_nodes 1e6``,
    returned as its int), a float one a finite number (returned as a float), a bool one
    true or false, a list one a list (of ints or numbers when the default holds only
    such); a string or None default any type. Raises :class:`EightlabError` naming the
    parameter and the notebook."""
    kind, shown = declared.get("type"), repr(text if isinstance(text, str) else value)
    own = spec_of(notebook).rules.get(name)
    rule = own or Rule()

    def refuse(expected: str, hint: str = ""):
        raise EightlabError(
            f"parameter {name!r} of {notebook} expects {expected}, not {shown}{hint}"
        )

    if value is None and (rule.none or (own is None and declared.get("default") in (None, "None"))):
        return None  # a None default without a rule is left to its notebook
    if kind == "int" and isinstance(value, float) and value.is_integer():
        value = int(value)  # papermill reads -p max_nodes 1e6 as a float
    if kind == "int" and not _is_int(value):
        refuse("an int")
    if kind == "float":
        if not _is_number(value) or not math.isfinite(value):
            refuse("a finite number")
        value = float(value)
    if kind == "bool" and not isinstance(value, bool):
        refuse("true or false")
    if kind == "dict" and not isinstance(value, dict):
        refuse("a mapping", f'; write it as YAML, e.g. -p {name} "{{key: value}}"')
    if kind in ("list", "tuple") or rule.items:
        if not isinstance(value, (list, tuple)):
            items = [] if isinstance(value, dict) else str(text or value).replace(",", " ").split()
            example = f"[{', '.join(items)}]" if items else "[...]"
            refuse("a list", f'; write it as a YAML list, e.g. -p {name} "{example}"')
        default = default_value(declared.get("default"))
        if isinstance(default, (list, tuple)) and default:
            if all(_is_int(item) for item in default) and not all(_is_int(v) for v in value):
                refuse("a list of ints")
            if all(_is_number(item) for item in default) and not all(_is_number(v) for v in value):
                refuse("a list of numbers")
    _check_rule(f"parameter {name!r} of {notebook}", value, rule, shown)
    return value


def _check_rule(where: str, value, rule: Rule, shown: str) -> None:
    why = f" ({rule.why})" if rule.why else ""
    if value is None:
        if rule.low is not None or rule.items or rule.choices or rule.board:
            raise EightlabError(f"{where} must not be None")
        return
    if rule.items:
        if not value and not rule.empty:
            raise EightlabError(f"{where} must not be empty{': ' + rule.why if rule.why else ''}")
        if rule.max_items is not None and len(value) > rule.max_items:
            raise EightlabError(f"{where} has {len(value)} items, at most {rule.max_items}{why}")
        twice = next((v for i, v in enumerate(value) if v in list(value)[:i]), None)
        if twice is not None:  # the run would do the same work twice, and count it twice
            raise EightlabError(f"{where} names {twice!r} twice; give each once")
    for number in [v for v in (value if rule.items else [value]) if _is_number(v)]:
        low_ok = rule.low is None or number >= rule.low
        if not (low_ok and (rule.high is None or number <= rule.high)):
            low = _number(rule.low)
            bound = f">= {low}" if rule.high is None else f"from {low} to {_number(rule.high)}"
            # "no instances to run" explains a count too small, not one too large
            reason = why if (not low_ok or rule.why != _COUNT) else ""
            raise EightlabError(f"{where} must be {bound}, not {number}{reason}")
    if rule.choices and rule.items:
        for item in [v for v in value if v not in rule.choices]:
            raise EightlabError(f"{where}: {item!r} is not one of {', '.join(rule.choices)}")
    elif rule.choices and value not in rule.choices:
        raise EightlabError(f"{where} must be one of {', '.join(rule.choices)}, not {shown}")
    if rule.registry:
        _check_names(where, [value] if isinstance(value, str) else value, rule.registry)
    if rule.needs and not set(rule.needs) & set(value):
        raise EightlabError(f"{where} must hold one of {', '.join(rule.needs)} at least{why}")


@cache
def largest_distance(goal) -> int:
    """The most moves any 8-puzzle board needs to reach ``goal`` (a 3x3
    :class:`~eightlab.puzzle.board.Board`), read off its exact distance table
    (:func:`eightlab.puzzle.statespace.distance_table`); cached."""
    from eightlab.puzzle import statespace

    return int(statespace.distance_table(goal).max())


def _check_depths(notebook: str, spec: Experiment, values: dict, goal) -> None:
    """Refuse a depth no board has from ``goal`` (31 moves is the most for some goals only)."""
    for name, rule in spec.rules.items():
        value = values.get(name)
        depths = value if isinstance(value, (list, tuple)) else [value]
        if not rule.depth or value is None:
            continue
        for depth in (d for d in depths if _is_int(d) and d > largest_distance(goal)):
            raise EightlabError(
                f"parameter {name!r} of {notebook}: no board is {depth} moves from the goal "
                f"{goal.format('digits')}; its distances run from 0 to {largest_distance(goal)}"
            )


def _check_pair_moves(notebook: str, names, a, b, limit: int) -> None:
    """Refuse a 3x3 pair more than ``limit`` moves apart (its exact distance)."""
    from eightlab.puzzle import statespace

    moves = statespace.exact_distance(a, b)
    if moves is not None and moves > limit:
        raise EightlabError(
            f"parameters {names[0]!r} and {names[1]!r} of {notebook}: {b} is {moves} moves "
            f"from {a}, at most {limit} (the notebook draws the whole search tree, which "
            "grows exponentially with the distance)"
        )


def _board(notebook: str, name: str, value, shape):
    from eightlab.puzzle.board import as_board

    label = f"parameter {name!r} of {notebook}"
    digits = str(value)
    if _is_int(value) and math.isqrt(len(digits)) ** 2 != len(digits):
        cells = shape[0] * shape[1] if shape else (math.isqrt(len(digits)) + 1) ** 2
        raise EightlabError(
            f"{label} was given as the number {value}, which cannot say whether a leading 0 "
            f"was dropped; give the board as text with papermill's -r: -r {name} "
            + digits.zfill(cells)
        )
    try:  # an int is read as its digits, one lost leading zero restored
        board = as_board(value if _is_int(value) else str(value))
    except EightlabError as error:
        # the notebook's boards have one shape: no other shape can be asked for
        text = str(error).replace(" (give rows and cols for other shapes)", "")
        where = f"; it studies {shape[0]}x{shape[1]} boards" if shape else ""
        raise EightlabError(f"{label}: {text}{where}") from None
    if shape is not None and (board.rows, board.cols) != shape:
        rows, cols = shape
        raise EightlabError(
            f"{label} must be a {rows}x{cols} board (the notebook studies the "
            f"{rows * cols - 1}-puzzle), not the {board.rows}x{board.cols} board {value!s}"
        )
    return board


def _check_shapes(notebook: str, parameter: str, names, shape) -> None:
    from eightlab.heuristics import get_heuristic

    for name in names:
        found = get_heuristic(name)
        if found.shapes is not None and shape not in found.shapes:
            sizes = ", ".join(f"{r}x{c}" for r, c in sorted(found.shapes))
            raise EightlabError(
                f"parameter {parameter!r} of {notebook}: {name} is defined on {sizes} boards "
                f"only, and this notebook's boards are {shape[0]}x{shape[1]}"
            )


def _check_names(where: str, names, registry: str) -> None:
    if registry == "algorithms":
        from eightlab.search import get_algorithm as get
    else:
        from eightlab.heuristics import get_heuristic as get
    for item in names:
        if not isinstance(item, str):
            raise EightlabError(f"{where}: {item!r} is not a name of {registry}")
        try:
            get(item)
        except EightlabError as error:
            raise EightlabError(f"{where}: {error}") from None


def _number(value) -> str:
    """A bound as a person reads it: whole numbers in full (4294967295), others short."""
    return str(value) if _is_int(value) else f"{value:g}"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
