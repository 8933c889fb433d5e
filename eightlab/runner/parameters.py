"""Reading notebook parameters as papermill passes them.

papermill's ``-p NAME VALUE`` turns ``123804765`` into an int and leaves ``[4, 8]`` a
string; the notebooks pass their list parameters through :func:`as_list` and their
board parameters through :func:`eightlab.board.as_board`, so both spellings work.
"""

from __future__ import annotations

import ast

from eightlab.errors import EightlabError


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
        If a string is not a Python/YAML-style list literal of numbers and strings.
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
            try:
                import yaml

                parsed = yaml.safe_load(text)
            except Exception:  # noqa: BLE001 - any parse failure is the same bad input
                parsed = None
        if isinstance(parsed, (list, tuple)):
            return list(parsed)
        raise EightlabError(f"{name} must be a list such as [4, 8], not {value[:80]!r}")
    return [value]
