"""``eightlab run``: execute the notebooks into ``results/`` (see :mod:`eightlab.runner`).

papermill, pandas and the runner are imported when the command runs.
"""

from __future__ import annotations


def _preset_help() -> str:
    from eightlab.runner.presets import PRESETS

    return f"a named parameter preset: {', '.join(PRESETS)}"


def add_parser(commands) -> None:
    """Add ``run`` and its options to the subcommands ``commands``."""
    run = commands.add_parser(
        "run",
        help="execute the notebooks into results/",
        description="Execute every notebook of notebooks/ with papermill into results/NAME/ "
        "(executed notebook, HTML, CSV tables, figures, provenance).",
    )
    run.add_argument("--only", action="append", metavar="NAME", default=None,
                     help="run only this notebook (repeatable), by file name without .ipynb")  # fmt: skip
    run.add_argument("-p", "--parameter", nargs=2, action="append", metavar=("NAME", "VALUE"),
                     default=[], help="override a parameter, as papermill -p does; only the "
                     "notebooks that have that parameter run (with --only: those named that "
                     "have it); the results go to results/NAME--custom-HASH (--results DIR "
                     "for another folder)")  # fmt: skip
    run.add_argument("--preset", default=None, metavar="NAME", help=_preset_help)
    run.add_argument("--notebooks", default=None, metavar="DIR",
                     help="default: notebooks/ of the checkout, from any working directory")  # fmt: skip
    run.add_argument("--results", default=None, metavar="DIR",
                     help="default: results/ of the checkout, from any working directory")  # fmt: skip


def run(args) -> int:
    """Run the notebooks ``args`` asks for; returns the exit status."""
    from eightlab.runner.run import run_from_cli

    return run_from_cli(args)
