"""What every subcommand's parsing shares: exit statuses, the parser, argument types.

The parser prints a bounded one-line error with exit status 2 and raises on a help or
usage message it cannot write. Text that needs a registry loaded (the list of heuristics,
of presets) is given as a function and computed only when a help message is printed, and
a list of choices as :class:`LazyChoices`, read only when an argument is checked.
"""

from __future__ import annotations

import argparse
import math
import sys
import textwrap

from eightlab.errors import quote

EXIT_OK, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_BUDGET, EXIT_OUTPUT = 0, 1, 2, 3, 4
#: A check that failed (``solve --check``, ``pdb list``) exits as an unsolvable pair does:
#: the command ran, and its answer is no.
EXIT_CHECK_FAILED = EXIT_UNSOLVABLE
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool killed by it
#: What every command's exit statuses 2, 4 and 141 mean.
SHARED_STATUSES = {
    EXIT_USAGE: "bad input (one line on standard error)",
    EXIT_OUTPUT: "the output could not be written",
    EXIT_BROKEN_PIPE: "the reader of the output went away (| head): nothing more is "
    "printed, the status a shell reports for a tool stopped by SIGPIPE",
}


def exit_statuses(own: dict[int, str]) -> str:
    """A command's ``--help`` list of exit statuses: its ``own`` and the shared ones.

    Parameters
    ----------
    own : dict of int to str
        What the command's own statuses (0, 1, 3) mean.

    Returns
    -------
    str
        ``exit status:`` and one entry per status, in increasing order, wrapped to 84
        characters.
    """
    lines = ["exit status:"]
    for status, meaning in sorted({**own, **SHARED_STATUSES}.items()):
        lead = f"  {status}  "
        indent = " " * len(lead)
        lines.append(textwrap.fill(meaning, 84, initial_indent=lead, subsequent_indent=indent,
                                   break_on_hyphens=False))  # fmt: skip
    return "\n".join(lines)


#: What ``solve --help`` says about the exit statuses.
EXIT_STATUSES = exit_statuses({
    EXIT_OK: "solved",
    EXIT_UNSOLVABLE: "unsolvable: the goal cannot be reached from the start; or, with "
    "--check: an optimal algorithm returned a path longer than the exact distance",
    EXIT_BUDGET: "no answer within the limits: a budget exceeded (--max-nodes, "
    "--max-seconds, --max-stored or the default memory budget) or, for dls, no goal "
    "within --limit (cutoff); or too little memory for the table of --check",
})  # fmt: skip

#: Longest usage message printed (argparse quotes whole arguments).
MESSAGE_LIMIT = 300

#: The largest --weight: beyond it f = g + w * h rounds g away (the search is greedy
#: best-first, --algorithm greedy) and, far beyond, overflows to infinity.
MAX_WEIGHT = 1e15


class Parser(argparse.ArgumentParser):
    """argparse with a bounded one-line error message, exit status 2, write errors, and
    help text computed when it is printed.

    argparse ignores an error writing ``--help`` or a usage message; here it raises, so
    :func:`eightlab.cli.main` exits with status 4 (``--help > /dev/full``). A description,
    an epilog or an argument's help given as a function is called when the help is
    formatted.
    """

    def error(self, message):
        """Print ``message`` in one line, shortened if long, and exit with status 2."""
        message = " ".join(message.split())
        if len(message) > MESSAGE_LIMIT:
            message = message[:MESSAGE_LIMIT] + f"... ({len(message)} characters)"
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def format_help(self):
        if callable(self.description):
            self.description = self.description()
        if callable(self.epilog):
            self.epilog = self.epilog()
        for action in self._actions:
            if callable(action.help):
                action.help = action.help()
        return super().format_help()

    def _print_message(self, message, file=None):
        if message:
            file = sys.stderr if file is None else file
            file.write(message)
            file.flush()


class LazyChoices:
    """The choices of an argument, listed by ``names()`` when first needed.

    ``contains(value)``, if given, tells whether a value is one of them without listing
    them all.
    """

    def __init__(self, names, contains=None):
        self._names, self._contains = names, contains

    def __contains__(self, value) -> bool:
        if self._contains is not None:
            return self._contains(value)
        return value in self._names()

    def __iter__(self):
        return iter(self._names())


def add_command(commands, name: str, help: str, description: str, **kw):
    """A subcommand whose description and epilog keep their line breaks."""
    raw = argparse.RawDescriptionHelpFormatter
    return commands.add_parser(name, help=help, formatter_class=raw, description=description, **kw)


def whole_number(text: str, minimum: int = 0) -> int:
    """A whole number >= ``minimum``, also written as a float (``1e6``, ``2.0``).

    Every refusal names the same bound, so ``-5`` and ``0`` of an option whose least
    value is 1 both say ">= 1".
    """
    try:
        value = int(text)
    except ValueError:
        try:
            number = float(text)
        except ValueError:
            number = math.nan
        if not (math.isfinite(number) and number.is_integer()):
            raise argparse.ArgumentTypeError(
                f"{quote(text)} is not a whole number >= {minimum}"
            ) from None
        value = int(number)
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{quote(text)} must be a whole number >= {minimum}")
    return value


def positive_int(text: str) -> int:
    """A whole number >= 0 (:func:`whole_number`)."""
    return whole_number(text, 0)


def at_least_one(text: str) -> int:
    """A whole number >= 1 (:func:`whole_number`)."""
    return whole_number(text, 1)


def positive_float(text: str) -> float:
    """A finite number > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number") from None
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"{quote(text)} must be a finite number > 0")
    return value


def weight(text: str) -> float:
    """A number from 1 to :data:`MAX_WEIGHT`, the w of weighted A*.

    Below 1 weighted A* would trade its bound (a path at most w times the shortest)
    for nothing; above :data:`MAX_WEIGHT`, f = g + w*h loses g to rounding.
    """
    bounds = f"a number from 1 to {MAX_WEIGHT:g}"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not {bounds}") from None
    if not 1 <= value <= MAX_WEIGHT:  # NaN fails too
        greedy = " (a larger w is greedy best-first: --algorithm greedy)" if value > 1 else ""
        raise argparse.ArgumentTypeError(f"{quote(text)} must be {bounds}{greedy}")
    return value


def shape(text: str) -> tuple[int, int]:
    """``ROWSxCOLS`` of at least 2 cells, as ``(rows, cols)``."""
    rows, sep, cols = text.lower().partition("x")
    if not (sep and rows.strip().isdigit() and cols.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not ROWSxCOLS, such as 1x3 or 3x3")
    shape = int(rows), int(cols)
    if min(shape) < 1 or shape[0] * shape[1] < 2:
        raise argparse.ArgumentTypeError(f"{quote(text)} must have at least 2 cells")
    return shape
