"""What a rerun changes: times kept apart from counts, and no timestamps in the notebook.

A rerun of ``make results`` on the same commit finds the same counts, but never the
same seconds. So that ``git status`` shows only what a reader would call changed, a
finished run's folder is tidied before it is swapped in:

* every table ``NAME.csv`` whose columns hold seconds (a column named ``seconds`` or
  with ``seconds`` as a word of its name: ``wall_seconds``, ``mean_seconds``,
  ``seconds_vs_manhattan``), or a reading of the machine (``memory_budget``), keeps its
  other columns, and those go to
  ``NAME.timings.csv``: a column ``row`` (the row of ``NAME.csv``, from 0) and the
  time columns. :func:`read_table` joins the two again;
* the executed notebook loses the start and end times and durations papermill and
  nbclient write into its metadata, and its random ids (:func:`steady_notebook`).

What still changes on a rerun: the ``*.timings.csv`` files, ``provenance.json``
(commit, start, end, duration), and the executed notebook, its HTML and the figures
only where they show times.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from eightlab.files import atomic_write

#: The ending of the tables of seconds split off a table.
TIMINGS_SUFFIX = ".timings.csv"

_TIME_COLUMN = re.compile(r"(^|_)seconds(_|$)")

#: Columns that are no count but a reading of the machine at run time, kept with the
#: times: the default memory budget (from the memory free when the search started).
MACHINE_COLUMNS = ("memory_budget",)

#: Cell and notebook metadata keys that hold clock times.
_CLOCK_KEYS = ("start_time", "end_time", "duration")


def is_time_column(name: str) -> bool:
    """Whether a table's column holds seconds, or a reading of the machine such as the
    default memory budget (:data:`MACHINE_COLUMNS`; see the module docstring)."""
    return bool(_TIME_COLUMN.search(name)) or name in MACHINE_COLUMNS


def split_timings(folder) -> list[Path]:
    """Move the time columns of every ``*.csv`` of ``folder`` to ``*.timings.csv``.

    Parameters
    ----------
    folder : str or Path
        A finished run's folder.

    Returns
    -------
    list of Path
        The timings files written.
    """
    written = []
    for path in sorted(Path(folder).glob("*.csv")):
        if path.name.endswith(TIMINGS_SUFFIX) or path.name.endswith(".partial.csv"):
            continue
        with path.open(newline="") as handle:
            rows = list(csv.reader(handle))
        if not rows:
            continue
        header = rows[0]
        timed = [i for i, name in enumerate(header) if is_time_column(name)]
        if not timed:
            continue
        kept = [i for i in range(len(header)) if i not in timed]
        counts = io.StringIO()
        times = io.StringIO()
        counts_writer = csv.writer(counts, lineterminator="\n")
        times_writer = csv.writer(times, lineterminator="\n")
        counts_writer.writerow([header[i] for i in kept])
        times_writer.writerow(["row", *(header[i] for i in timed)])
        for number, row in enumerate(rows[1:]):
            row = row + [""] * (len(header) - len(row))
            counts_writer.writerow([row[i] for i in kept])
            times_writer.writerow([number, *(row[i] for i in timed)])
        target = path.with_name(path.name[: -len(".csv")] + TIMINGS_SUFFIX)
        atomic_write(target, times.getvalue())
        atomic_write(path, counts.getvalue())
        written.append(target)
    return written


def read_table(folder, name: str):
    """A table of a results folder with its time columns joined back.

    Parameters
    ----------
    folder : str or Path
    name : str
        The table's name (``"runs"`` for ``runs.csv``).

    Returns
    -------
    pandas.DataFrame
        The columns of ``NAME.csv`` followed by those of ``NAME.timings.csv`` (if any).
    """
    import pandas as pd

    folder = Path(folder)
    table = pd.read_csv(folder / f"{name}.csv", keep_default_na=False, na_values=[""])
    timings = folder / f"{name}{TIMINGS_SUFFIX}"
    if timings.exists():
        times = pd.read_csv(timings).set_index("row")
        table = table.join(times)
    return table


def steady_notebook(notebook) -> None:
    """Remove what changes on every run from an executed notebook, though nothing it
    shows does: the clock times papermill and nbclient write into its metadata, the
    random id papermill gives the cell of injected parameters, the random ids of
    pandas' styled tables (numbered in order of appearance instead), memory addresses
    in default reprs (``<Styler at 0x7f...>``) and the runner's temporary output path.

    Parameters
    ----------
    notebook : str or Path
        The ``.ipynb`` file, rewritten in place (atomically) when anything was removed.
    """
    path = Path(notebook)
    try:
        document = json.loads(path.read_text())
    except (OSError, ValueError):
        return
    changed = _strip(document.get("metadata", {}))
    papermill = document.get("metadata", {}).get("papermill", {})
    if ".tmp-" in str(papermill.get("output_path", "")):  # the runner's temporary folder
        papermill.pop("output_path")
        changed = True
    tables: dict[str, str] = {}
    for number, cell in enumerate(document.get("cells", [])):
        metadata = cell.get("metadata", {})
        changed |= _strip(metadata)
        if metadata.pop("execution", None) is not None:  # nbclient's iopub times
            changed = True
        if "injected-parameters" in metadata.get("tags", []) and cell.get("id"):
            cell["id"], changed = f"injected-parameters-{number}", True
        for output in cell.get("outputs", []):
            plain = output.get("data", {}).get("text/plain")
            if plain is not None:
                text = "".join(plain) if isinstance(plain, list) else plain
                steady = _ADDRESS.sub(">", text)
                if steady != text:
                    output["data"]["text/plain"], changed = steady, True
            html = output.get("data", {}).get("text/html")
            if html is not None:
                text = "".join(html) if isinstance(html, list) else html
                steady = _STYLER_ID.sub(lambda m: _table_id(m.group(0), tables), text)
                if steady != text:
                    output["data"]["text/html"], changed = steady, True
    if changed:
        text = json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        atomic_write(path, text)


#: The memory address in an object's default repr (``<Styler at 0x7f2cd5a679d0>``).
_ADDRESS = re.compile(r" at 0x[0-9a-f]+>")

#: The id pandas gives a styled table (``T_`` and five random hex digits).
_STYLER_ID = re.compile(r"(?<![\w-])T_[0-9a-f]{5}(?![0-9a-f])")


def _table_id(found: str, tables: dict) -> str:
    return tables.setdefault(found, f"T_table{len(tables)}")


def _strip(metadata: dict) -> bool:
    papermill = metadata.get("papermill")
    if not isinstance(papermill, dict):
        return False
    removed = [papermill.pop(key) for key in _CLOCK_KEYS if key in papermill]
    return bool(removed)
