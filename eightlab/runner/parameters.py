"""Notebook parameters: reading them as papermill does, and checking them before a kernel starts.

papermill's ``-p NAME VALUE`` turns ``123804765`` into an int and leaves ``[4, 8]`` a
string; the notebooks pass their list parameters through :func:`as_list` and their
board parameters through :func:`eightlab.puzzle.board.as_board`, so both spellings work.

``eightlab run`` reads ``-p`` values exactly as papermill does (:func:`parse_value`:
``010`` is 10, ``1:30`` stays text), then checks each against the type of the
notebook's default (:func:`check_parameter`) and against its range (:data:`RULES`,
declared here for every parameter of every notebook, by name), so that nothing
explodes or fails inside a kernel with a message that does not name the parameter.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass

from eightlab.errors import EightlabError

# Notebooks import this module from their kernel (as_list): papermill, yaml and the
# registries are imported only by the functions of the runner that need them.

#: The parameter the runner injects into every notebook.
OUTPUT_PARAMETER = "output_dir"

#: The largest exact distance of the 8-puzzle (31 moves, for any goal).
MAX_DEPTH_3X3 = 31


def as_list(value, name: str = "parameter") -> list:
    """A list parameter from a list, a tuple or its text (``"[4, 8]"``, ``"4, 8"``).

    Parameters
    ----------
    value : list, tuple, str or scalar
        What the notebook received. A scalar becomes a one-element list.
    name : str
        The parameter's name, for the error message.

    Returns
    -------
    list

    Raises
    ------
    EightlabError
        If a string is not a Python/YAML-style list literal of numbers and strings, or
        holds a number with a leading zero (``010``: octal in YAML, 10 for papermill).
    """
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str):
        text = value.strip()
        if not text.startswith("["):
            text = f"[{text}]"
        try:
            parsed = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            if re.search(r"(?<![\w.])[-+]?0\d", text):
                raise EightlabError(
                    f"{name}: {value[:80]!r} holds a number with a leading zero, which is "
                    "ambiguous (octal in YAML); write it without the zero"
                ) from None
            try:
                import yaml

                parsed = yaml.safe_load(text)
            except Exception:  # noqa: BLE001 - any parse failure is the same bad input
                parsed = None
        if isinstance(parsed, (list, tuple)):
            return list(parsed)
        raise EightlabError(f"{name} must be a list such as [4, 8], not {value[:80]!r}")
    return [value]


def parse_value(text: str, declared_type: str | None = None, name: str | None = None):
    """A ``-p NAME VALUE`` value, read exactly as papermill's ``-p`` reads it.

    papermill turns ``True``/``False``/``None`` into their values, text that ``int``
    reads into an int (``010`` is 10, ``1_000`` is 1000), text that ``float`` reads
    into a float, and leaves everything else as text (``1:30``, ``[4, 8]``). Then, by
    the type of the notebook's default: a list or dict parameter reads its text as a
    list (:func:`as_list`) or a YAML mapping, a bool one also takes ``true``/``false``,
    and a string one keeps the text as typed (``-p goal 123456780`` stays a string).

    Parameters
    ----------
    text : str
        The value as typed.
    declared_type : str, optional
        The type name of the parameter's default (``"str"``, ``"int"``, ``"list"``...).
    name : str, optional
        The parameter's name, for the message when a list cannot be read.

    Returns
    -------
    object
    """
    if declared_type == "str":
        return text
    label = f"parameter {name!r}" if name else f"parameter {text!r}"
    value = _papermill_value(text)
    if isinstance(value, str):
        if declared_type in ("list", "tuple") and value.lstrip().startswith("["):
            return as_list(value, label)
        if declared_type == "dict":
            import yaml

            try:
                return yaml.safe_load(value)
            except yaml.YAMLError:
                return value
        if declared_type == "bool" and value.lower() in ("true", "false"):
            return value.lower() == "true"
        if declared_type in ("NoneType", None) and value.lstrip().startswith("["):
            try:
                return as_list(value, label)
            except EightlabError:
                return value
    return value


def _papermill_value(text: str):
    """papermill.cli._resolve_type, restated (papermill keeps it private)."""
    if text == "True":
        return True
    if text == "False":
        return False
    if text == "None":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def declared_parameters(path) -> dict[str, dict]:
    """The parameters a notebook declares in its cell tagged ``parameters``.

    Returns
    -------
    dict
        ``name -> {"type": type name, "default": source text, "help": comment}``; the
        type is the one of the default value (``"str"``, ``"int"``, ``"list"``...), or
        papermill's inferred type name when the default is not a literal.
    """
    import papermill

    found = papermill.inspect_notebook(str(path))
    declared = {}
    for name, info in found.items():
        source = info.get("default")
        try:
            kind = type(ast.literal_eval(source)).__name__
        except (ValueError, SyntaxError, TypeError):
            kind = info.get("inferred_type_name")
        declared[name] = {"type": kind, "default": source, "help": info.get("help", "")}
    return declared


def default_value(source):
    """The value of a default's source text (the text itself when it is no literal)."""
    if source is None:
        return None
    try:
        return ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return source


@dataclass(frozen=True)
class Rule:
    """The values a parameter may take, beyond the type of its default.

    Attributes
    ----------
    low, high : float, optional
        Bounds (inclusive) of a number, or of every item of a list.
    none : bool
        None is allowed (no budget, everything).
    items : bool
        The value is a non-empty list (of at most ``max_items`` items).
    max_items : int, optional
    choices : tuple of str
        The allowed strings.
    registry : str, optional
        ``"algorithms"`` or ``"heuristics"``: every item must be a registered name.
    board : bool
        The value must be a board (text or an int, as ``-p goal 123804765`` passes).
    why : str
        Said in the message when the value is refused.
    """

    low: float | None = None
    high: float | None = None
    none: bool = False
    items: bool = False
    max_items: int | None = None
    choices: tuple = ()
    registry: str | None = None
    board: bool = False
    empty: bool = False
    why: str = ""


_COUNT = "there would be no instances to run"
_DEPTH = Rule(low=0, high=MAX_DEPTH_3X3, why="no board of the 8-puzzle is farther from its goal")


def _numbered(count: int, what: str, empty_runs: str) -> Rule:
    """The rule of a list of numbered instances (1 to ``count``), at most ``count`` of
    them; an empty list runs ``empty_runs`` ("all" or "none")."""
    return Rule(
        low=1,
        high=count,
        items=True,
        empty=True,
        max_items=count,
        why=f"{what} are numbered 1 to {count}; an empty list runs {empty_runs}",
    )


#: Every parameter of every notebook, by name (the same name means the same thing in
#: every notebook); ``(notebook, name)`` entries override for one notebook. A test
#: checks that every parameter declared in ``notebooks/`` has its rule.
RULES: dict = {
    "seed": Rule(low=0, high=2**32 - 1, why="numpy seeds are 0 to 2**32 - 1"),
    "depths": Rule(low=0, high=MAX_DEPTH_3X3, items=True, max_items=32, why=_COUNT),
    "per_depth": Rule(low=1, high=1000, why=_COUNT),
    "n_instances": Rule(low=1, high=10_000, why=_COUNT),
    "n_pairs": Rule(low=1, high=10_000, why=_COUNT),
    "astar_instances": Rule(low=1, high=1000, why=_COUNT),
    "max_nodes": Rule(low=1, none=True, why="a budget; None for no budget"),
    "max_seconds": Rule(low=1e-3, high=86_400, none=True, why="a budget; None for no budget"),
    "workers": Rule(low=1, high=256, why="worker processes"),
    "scheduler": Rule(why="a Dask scheduler address such as tcp://host:8786, or empty"),
    "sampling": Rule(choices=("depths", "uniform")),
    "figure_style": Rule(choices=("notebook", "slides", "paper")),
    "goal": Rule(board=True),
    "tree_start": Rule(board=True),
    "tree_goal": Rule(board=True),
    "algorithms": Rule(items=True, registry="algorithms", why="nothing would run"),
    "heuristics": Rule(items=True, registry="heuristics", why="nothing would run"),
    "radius": Rule(low=0, high=6, why="the drawn graph grows exponentially with it"),
    "parity_sample": Rule(low=1, high=1_000_000, none=True, why="boards sampled"),
    "max_hardest_shown": Rule(low=1, high=20, why="boards drawn"),
    "example_depth": _DEPTH,
    "threshold_depth": Rule(low=1, high=MAX_DEPTH_3X3, why=_DEPTH.why),
    "animation_depth": Rule(low=0, high=MAX_DEPTH_3X3, why=_DEPTH.why),
    "accuracy_sample": Rule(low=1, high=181_440, why="there are 181,440 boards"),
    "sample_size": Rule(low=1, high=181_440, none=True, why="there are 181,440 boards"),
    "engine": Rule(choices=("python", "compiled", "auto")),
    ("korf100", "instances"): _numbered(100, "Korf's instances", "all"),
    "bfs_radius": Rule(low=0, high=MAX_DEPTH_3X3, why="no board is farther from the goal"),
    "choices_depth": Rule(low=0, high=MAX_DEPTH_3X3, why=_DEPTH.why),
    "walk_length": Rule(low=0, high=200, why="moves of a random walk"),
    "n_boards": Rule(low=1, high=100, why="boards each solved with every heuristic"),
    "astar_nodes": Rule(low=1, high=10_000_000, why="A*'s node budget in the tutorial"),
    "astar_instance": Rule(low=1, high=100, why="Korf's instances are numbered 1 to 100"),
    "astar_max_stored": Rule(low=1, high=10**9, why="states held at once"),
    # notebooks/learned_heuristic.ipynb (issue 23)
    "model": Rule(choices=("mlp", "hgb")),
    "training_size": Rule(
        low=100, high=181_000, why="boards of the 181,440 trained on; the others are the test set"
    ),
    ("learned_heuristic", "variants"): Rule(
        items=True, max_items=4, registry="heuristics", why="nothing would be audited"
    ),
    "fifteen_boards": Rule(low=10, high=2000, why="15-puzzle boards labelled by IDA*"),
    "grid_depth": Rule(low=1, high=MAX_DEPTH_3X3, why=_DEPTH.why),
    ("bidirectional", "korf_instances"): _numbered(100, "Korf's instances", "none"),
    ("korf24", "instances"): _numbered(50, "Korf & Felner's 24-puzzle instances", "all"),
    "heuristic": Rule(registry="heuristics", why="the search needs a heuristic"),
    "total_seconds": Rule(low=1, high=7 * 86_400, why="the budget of the whole run"),
}


def rule_for(notebook: str, name: str) -> Rule | None:
    """The :class:`Rule` of a notebook's parameter, or None if it has none."""
    return RULES.get((notebook, name), RULES.get(name))


def check_parameter(notebook: str, name: str, value, declared: dict, text=None):
    """Check a value for a notebook's parameter: the type of its default, then its range.

    Parameters
    ----------
    notebook : str
        The notebook's name (for the message).
    name : str
        The parameter.
    value : object
        The value to inject (already parsed by :func:`parse_value`).
    declared : dict
        The parameter's entry of :func:`declared_parameters`: its ``type`` (the type
        name of the default) and ``default`` (source text).
    text : str, optional
        The value as typed on the command line, quoted in the message.

    Returns
    -------
    object
        The value to inject: itself, or a float for an int given to a float parameter.

    Raises
    ------
    EightlabError
        Naming the parameter and the notebook. An int parameter takes an int (not a
        bool), a float one an int or a float, a bool one true or false, a list one a
        list (of ints or numbers when the default holds only such). A string or None
        default takes any type. Then the parameter's :class:`Rule` applies.
    """
    kind = declared.get("type")
    shown = repr(text if isinstance(text, str) else value)
    rule = rule_for(notebook, name) or Rule()

    def refuse(expected: str, hint: str = ""):
        raise EightlabError(
            f"parameter {name!r} of {notebook} expects {expected}, not {shown}{hint}"
        )

    if value is None and rule.none:
        return None
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
            if all(_is_int(item) for item in default):
                if not all(_is_int(item) for item in value):
                    refuse("a list of ints")
            elif all(_is_number(item) for item in default):
                if not all(_is_number(item) for item in value):
                    refuse("a list of numbers")
    _check_rule(notebook, name, value, rule, shown)
    return value


def _check_rule(notebook: str, name: str, value, rule: Rule, shown: str) -> None:
    where = f"parameter {name!r} of {notebook}"
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
        numbers = [item for item in value if _is_number(item)]
    else:
        numbers = [value] if _is_number(value) else []
    for number in numbers:
        low_ok = rule.low is None or number >= rule.low
        high_ok = rule.high is None or number <= rule.high
        if not (low_ok and high_ok):
            bound = f">= {_number(rule.low)}" if rule.high is None else _between(rule)
            # "no instances to run" explains a count too small, not one too large
            reason = why if (not low_ok or rule.why != _COUNT) else ""
            raise EightlabError(f"{where} must be {bound}, not {number}{reason}")
    if rule.choices and value not in rule.choices:
        raise EightlabError(f"{where} must be one of {', '.join(rule.choices)}, not {shown}")
    if rule.registry:
        _check_names(where, [value] if isinstance(value, str) else value, rule.registry)
    if rule.board:
        from eightlab.puzzle.board import as_board

        try:  # an int is read as its digits, one lost leading zero restored
            as_board(value if _is_int(value) else str(value))
        except EightlabError as error:
            raise EightlabError(f"{where}: {error}") from None


def _number(value) -> str:
    """A bound as a person reads it: whole numbers in full (4294967295), others short."""
    return str(value) if _is_int(value) else f"{value:g}"


def _between(rule: Rule) -> str:
    return f"from {_number(rule.low)} to {_number(rule.high)}"


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


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
