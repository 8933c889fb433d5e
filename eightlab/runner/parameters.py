"""Notebook parameters read as papermill reads them: declared types, ``-p`` text, lists.

papermill's ``-p NAME VALUE`` turns ``123804765`` into an int and leaves ``[4, 8]`` a
string; ``eightlab run`` reads ``-p`` values exactly so (:func:`parse_value`: ``010`` is
10, ``1:30`` stays text), and the notebooks pass their list parameters through
:func:`as_list`, so both spellings work. What values a parameter takes is its
notebook's spec (:mod:`eightlab.runner.specs`).
"""

from __future__ import annotations

import ast
import re
from contextlib import suppress
from pathlib import Path

from eightlab.errors import EightlabError

#: The parameter the runner injects into every notebook.
OUTPUT_PARAMETER = "output_dir"


def as_list(value, name: str = "parameter") -> list:
    """A list parameter from a list, a tuple, its text (``"[4, 8]"``, ``"4, 8"``) or a
    scalar (a one-element list); ``name`` is the parameter's, for the message.

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
    ``declared_type`` is the type name of the parameter's default, ``name`` its name.
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
    if text in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[text]
    with suppress(ValueError):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


def declared_parameters(path) -> dict[str, dict]:
    """``name -> {"type", "default", "help"}`` of a notebook's cell tagged ``parameters``: the
    type name of the default value, or the annotation's when it is no literal or None
    (``sample_size: int | None = None`` is an int parameter that also takes None).

    Read as papermill's ``inspect_notebook`` reads it (a test checks they agree), without
    importing papermill, so a notebook's first cell stays quick in JupyterLab.
    """
    import json

    cells = json.loads(Path(path).read_text(encoding="utf-8")).get("cells", [])
    tagged = [c for c in cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    source = "".join(tagged[0]["source"]) if tagged else ""
    declared = {}
    for name, annotation, text, comment in _assignments(source):
        try:
            kind = type(ast.literal_eval(text)).__name__
        except (ValueError, SyntaxError, TypeError):
            kind = annotation
        if kind == "NoneType":  # ``x: int | None = None``: the annotation says what else
            kind = _optional_type(annotation) or kind
        declared[name] = {"type": kind, "default": text, "help": comment}
    return declared


def _assignments(source: str) -> list[tuple]:
    """``(name, annotation, default text, help)`` of each top-level assignment of a cell."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found = []
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            target, annotation = node.target, ast.get_source_segment(source, node.annotation)
            if isinstance(node.annotation, ast.Constant):  # ``x: "Optional[int]" = None``
                annotation = str(node.annotation.value)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, annotation = node.targets[0], None
        else:
            continue
        if not isinstance(target, ast.Name):
            continue
        # papermill's flattening: each line of a long default stripped, then joined
        text = "".join(
            part.strip() for part in ast.get_source_segment(source, node.value).splitlines()
        )
        last = lines[node.end_lineno - 1][node.end_col_offset :]
        comment = last.split("#", 1)[1].strip() if "#" in last else ""
        found.append((target.id, annotation, text, comment))
    return found


def _optional_type(annotation) -> str | None:
    """``int`` of ``int``, ``Optional[int]``, ``int | None`` or ``None | int``; else None."""
    if not isinstance(annotation, str):
        return None
    text = annotation.replace(" ", "")
    if text.startswith("Optional[") and text.endswith("]"):
        text = text[len("Optional[") : -1]
    kinds = [k for k in text.split("|") if k not in ("None", "NoneType")]
    simple = ("int", "float", "bool", "str", "list", "dict")
    return kinds[0] if len(kinds) == 1 and kinds[0] in simple else None


def default_value(source):
    """The value of a default's source text (the text itself when it is no literal)."""
    if source is None:
        return None
    try:
        return ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return source
