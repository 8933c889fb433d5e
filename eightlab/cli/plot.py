"""``eightlab plot``: redraw an experiment's figure from its saved table, running nothing again.

The figures are those of :mod:`eightlab.viz.plots.redraw`; matplotlib is imported when the
command runs.
"""

from __future__ import annotations


def add_parser(commands) -> None:
    """Add ``plot`` and its options to the subcommands ``commands``."""
    plot = commands.add_parser(
        "plot", help="redraw an experiment's figure from its saved table (plot --list)",
        description="Redraw a figure of the experiment notebooks, or README's, from a saved table "
        "(runs.csv, summary.csv, by_depth.csv, h_vs_hstar.csv, g_expanded.csv, ...) in a style, "
        "running nothing again. plot --list names every figure and the table it reads.",
    )  # fmt: skip
    plot.add_argument("table", nargs="?", metavar="TABLE.csv", help="a table a notebook saved")
    plot.add_argument("--figure", metavar="NAME", help="which figure (plot --list)")
    plot.add_argument("--style", default="notebook", metavar="STYLE",
                      help="notebook (default), slides (16:9, large text) or paper (journal columns)")  # fmt: skip
    plot.add_argument("-o", "--output", metavar="FILE",
                      help="FILE.png, FILE.svg or FILE.pdf (default: NAME.png here)")  # fmt: skip
    plot.add_argument("--list", action="store_true", help="name the figures and their tables")


def run(args) -> int:
    """Redraw the figure ``args`` asks for; returns the exit status."""
    from eightlab.viz.plots.redraw import run as run_plot

    return run_plot(args)
