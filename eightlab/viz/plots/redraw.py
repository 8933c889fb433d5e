"""Redraw an experiment's figure from its saved table: ``python -m eightlab plot``.

``plot RUNS.csv --figure NAME --style slides -o FILE.pdf`` reads a table a notebook
saved (``runs.csv``, ``summary.csv``, ``by_depth.csv``, ``h_vs_hstar.csv``, ...), draws the figure
``NAME`` of :data:`FIGURES` with the same function the notebook calls, in the style
asked for, and writes it in the format of the output's extension; nothing is run again
(the g-cost grid computes its board's must-expand pairs again, a second or two).
:data:`FIGURES` holds every figure of the experiment notebooks and README's figure.
``plot --list`` names the figures and the tables they read. The CLI's parser entry
lives in :mod:`eightlab.cli` (importing this module imports matplotlib, which
``solve`` never does); :func:`run` carries the command out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from eightlab.errors import EightlabError, quote


@dataclass(frozen=True)
class Figure:
    """A figure ``plot`` redraws; the parameters are its attributes.

    Attributes
    ----------
    name : str
        The name of the figure (also its file name in ``results/``).
    tables : str
        The saved tables it reads, for ``plot --list``.
    needs : tuple of str
        Columns the table must have.
    draw : str
        How to draw it: the name of a function of this module's ``_DRAW``.
    """

    name: str
    tables: str
    needs: tuple
    draw: str


_RUNS = ("algorithm", "heuristic", "status")
_DEPTH_TABLES = "compare_algorithms runs.csv or summary.csv (also 02, 03 *_runs.csv)"
_KORF = "korf100 runs.csv"
_H_TABLE = "heuristic_admissibility or learned_heuristic h_vs_hstar.csv"
_H_COLUMNS = ("heuristic", "h_star", "h", "count")

#: The figures ``plot`` draws, by name.
FIGURES = {
    f.name: f
    for f in (
        Figure(
            "expanded_by_heuristic", "03_informed_search informed_runs.csv (README's figure)",
            _RUNS + ("optimal_length",), "hero",
        ),
        Figure("nodes_by_depth", _DEPTH_TABLES, _RUNS, "by_depth"),
        Figure("runtime_by_depth", _DEPTH_TABLES, _RUNS, "by_depth"),
        Figure("memory_by_depth", _DEPTH_TABLES, _RUNS, "by_depth"),
        Figure("branching_factor_by_depth", _DEPTH_TABLES, _RUNS, "by_depth"),
        Figure(
            "paired_expansions",
            "compare_algorithms runs.csv (the first two heuristics of A* or IDA*)",
            _RUNS + ("instance", "expanded", "optimal_length"),
            "paired",
        ),
        Figure(
            "means_by_depth", "compare_algorithms by_depth.csv (means, as AIMA's fig. 3.29)",
            ("depth",), "means",
        ),
        Figure("nodes_per_instance", _KORF, ("instance", "heuristic", "generated", "status"),
               "instances"),
        Figure("seconds_vs_nodes", _KORF, ("heuristic", "generated", "seconds", "status"),
               "instances"),
        Figure("h_vs_hstar", _H_TABLE, _H_COLUMNS, "heuristics"),
        Figure("mean_h_by_distance", _H_TABLE, _H_COLUMNS, "heuristics"),
        Figure(
            "overestimates", "heuristic_admissibility claims.csv",
            ("heuristic", "states", "overestimates", "claims_admissible"), "heuristics",
        ),
        Figure(
            "astar_tradeoff", "heuristic_admissibility astar_lengths.csv",
            ("heuristic", "status", "expanded", "length", "optimal_length"), "heuristics",
        ),
        Figure(
            "ratio_to_bound", "bidirectional runs.csv",
            ("algorithm", "bound_heuristic", "depth", "ratio"), "experiment",
        ),
        Figure(
            "g_cost_grid", "bidirectional g_expanded.csv",
            ("start", "heuristic", "algorithm", "direction", "g0"), "experiment",
        ),
        Figure(
            "overestimates_by_distance", "learned_heuristic overestimates_by_distance.csv",
            ("heuristic", "h_star", "share_over", "mean_over", "max_over"), "experiment",
        ),
        Figure(
            "astar_by_depth", "learned_heuristic astar_by_depth.csv",
            ("heuristic", "depth", "expanded", "extra_moves"), "experiment",
        ),
        Figure(
            "fifteen_walks", "learned_heuristic fifteen_walks.csv",
            ("ida_length", "learned", "part"), "experiment",
        ),
    )
}  # fmt: skip

#: Output formats, by file extension.
FORMATS = ("png", "svg", "pdf")


def listing() -> str:
    """The text of ``plot --list``: one figure a line, with the tables it reads.

    Returns
    -------
    str
        The lines, without a final newline.
    """
    width = max(map(len, FIGURES))
    return "\n".join(f"{name:{width}}  {f.tables}" for name, f in FIGURES.items())


def run(args) -> int:
    """Carry out ``plot`` (the CLI's dispatch calls this).

    Parameters
    ----------
    args : argparse.Namespace
        ``table``, ``figure``, ``output``, ``style`` and ``list`` as the command line
        parsed them.

    Returns
    -------
    int
        The exit status, 0.

    Raises
    ------
    EightlabError
        For an unknown figure or style, a table that cannot be read or lacks a column
        the figure needs, or an output whose extension is not png, svg or pdf.
    """
    if args.list:
        print(listing())
        return 0
    if not args.table or not args.figure:
        raise EightlabError("plot needs a table and --figure NAME (plot --list names the figures)")
    if args.figure not in FIGURES:
        raise EightlabError(
            f"unknown figure {quote(args.figure)}; choose from {', '.join(FIGURES)}"
        )
    output = Path(args.output or f"{args.figure}.png")
    extension = output.suffix.lower().lstrip(".")
    if extension not in FORMATS:
        raise EightlabError(
            f"output {quote(str(output))} must end in .png, .svg or .pdf, not {quote(output.suffix)}"
        )
    if not output.parent.is_dir():  # a typo in the path must not make folders anywhere
        raise EightlabError(f"output folder {quote(str(output.parent))} does not exist")
    from eightlab.viz.plots.style import FIGURE_STYLES, use_style

    if args.style not in FIGURE_STYLES:  # named as the user typed it, not as a notebook's
        raise EightlabError(
            f"--style must be one of {', '.join(FIGURE_STYLES)}; got {quote(args.style)}"
        )
    use_style(args.style)
    table = read_table(args.table)
    fig = draw(args.figure, table)
    from eightlab.viz.plots.style import save_figure

    save_figure(fig, output.parent if str(output.parent) else ".", output.stem, (extension,))
    print(output)
    return 0


def read_table(path):
    """A saved table as a DataFrame, with the seconds of its timings file joined back.

    Empty heuristic cells read as ``""``; the seconds of ``NAME.timings.csv`` beside the
    table (:mod:`eightlab.experiments.reruns`) are joined by row.

    Parameters
    ----------
    path : str or pathlib.Path
        The table's CSV file.

    Returns
    -------
    pandas.DataFrame
        The table.

    Raises
    ------
    EightlabError
        If the file cannot be read as CSV.
    """
    import pandas as pd

    from eightlab.experiments.reruns import TIMINGS_SUFFIX

    path = Path(path)
    timings = path.with_name(path.name.removesuffix(".csv") + TIMINGS_SUFFIX)
    try:
        table = pd.read_csv(path)
        if timings.exists() and not path.name.endswith(TIMINGS_SUFFIX):
            table = table.join(pd.read_csv(timings).set_index("row"))  # the seconds, apart
    except (OSError, UnicodeDecodeError, ValueError, pd.errors.ParserError) as error:
        reason = getattr(error, "strerror", None) or str(error).splitlines()[0]
        raise EightlabError(f"cannot read {quote(str(path))} as a table: {reason}") from None
    if "heuristic" in table:
        table["heuristic"] = table["heuristic"].astype(object).fillna("").astype(str)
    if not timings.exists():
        table.attrs["timings"] = timings.name  # named when a column of seconds is missing
    return table


def draw(name: str, table):
    """Draw figure ``name`` of :data:`FIGURES` from ``table``.

    Parameters
    ----------
    name : str
        A key of :data:`FIGURES`.
    table : pandas.DataFrame
        A table as :func:`read_table` reads it.

    Returns
    -------
    matplotlib.figure.Figure
        The figure, not yet saved.

    Raises
    ------
    EightlabError
        If ``table`` lacks a column the figure needs (a column of seconds: named with
        the ``NAME.timings.csv`` file that holds it), or holds nothing it can draw.
    """
    figure = FIGURES[name]
    summary = "generated_median" in table and name.endswith("_by_depth")
    needs = ("algorithm", "heuristic", "depth") if summary else figure.needs
    missing = [c for c in needs if c not in table]
    if missing:
        raise EightlabError(
            f"figure {quote(name)} needs the column(s) {', '.join(missing)}, which the table "
            f"lacks (it reads {figure.tables})"
        )
    try:
        return _DRAW[figure.draw](name, table, summary)
    except KeyError as error:
        raise EightlabError(_missing(name, table, str(error.args[0]))) from None
    except (ValueError, TypeError) as error:
        raise EightlabError(f"cannot draw {quote(name)} from this table: {error}") from None


def _missing(name: str, table, column: str) -> str:
    """The message for a column ``column`` that figure ``name`` needs and ``table`` lacks."""
    from eightlab.experiments.reruns import is_time_column

    message = f"cannot draw {quote(name)}: the table has no column {quote(column)}"
    timings = table.attrs.get("timings")
    if is_time_column(column) and timings:
        message += f"; its seconds are kept in {quote(timings)} beside it, which was not found"
    return message


def _by_depth(name, table, is_summary):
    from eightlab.analysis.summaries import summary_table
    from eightlab.viz import plots

    if is_summary:
        summary = table
    else:
        if "optimal_length" not in table:
            raise KeyError("optimal_length")
        summary = summary_table(table)
    if summary.empty:
        raise ValueError("no run with a known depth")
    if name == "branching_factor_by_depth" and "b_star_median" not in summary:
        raise KeyError("b_star")
    return getattr(plots, name)(summary)


def _paired(name, table, is_summary):
    from eightlab.viz import plots

    for algorithm in ("astar", "idastar"):
        rows = table[table["algorithm"] == algorithm]
        heuristics = [h for h in dict.fromkeys(rows["heuristic"]) if h]
        if len(heuristics) >= 2:
            return plots.paired_expansions(table, heuristics[0], heuristics[1], algorithm)
    raise ValueError("needs A* or IDA* with two heuristics")


def _instances(name, table, is_summary):
    from eightlab.viz import plots

    return getattr(plots, name)(table)


def _heuristics(name, table, is_summary):
    from eightlab.viz import plots

    if name == "h_vs_hstar":
        return plots.h_vs_hstar_heatmap(table)
    if name == "mean_h_by_distance":
        return plots.mean_h_by_distance(table)
    if name == "overestimates":
        table = table.assign(claims_admissible=table["claims_admissible"].astype(str) == "True")
        return plots.overestimate_bar(table)
    if table.empty:
        raise ValueError("no run")
    return plots.inadmissibility_tradeoff(table)


def _hero(name, table, is_summary):
    from eightlab.analysis.summaries import summary_table
    from eightlab.viz import plots

    summary = table if is_summary or "expanded_median" in table else summary_table(table)
    if summary.empty:
        raise ValueError("no run with a known depth")
    return plots.expanded_by_heuristic(summary)


def _experiment(name, table, is_summary):
    from eightlab.viz import plots

    return getattr(plots, name)(table)


def _means(name, table, is_summary):
    from eightlab.viz import plots

    return plots.means_by_depth(table)


_DRAW = {
    "means": _means,
    "by_depth": _by_depth,
    "paired": _paired,
    "instances": _instances,
    "heuristics": _heuristics,
    "hero": _hero,
    "experiment": _experiment,
}
