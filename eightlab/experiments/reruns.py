"""What a rerun changes: times kept apart from counts, and no timestamps in the notebook.

:func:`save_table` writes a table's columns of seconds (``seconds`` a word of the name)
and machine readings (``memory_budget``) to ``NAME.timings.csv`` (``row``, then those
columns) and the counts to ``NAME.csv``, so a rerun changes only the former;
:func:`read_table` joins them. :func:`steady_notebook` removes clock times and random ids.
"""

from __future__ import annotations

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


def save_table(table, directory, name: str) -> Path:
    """Write ``table`` as ``directory/NAME.csv`` and its times as ``NAME.timings.csv``,
    atomically (the folder created if missing); the path of ``NAME.csv``."""
    folder = Path(directory)
    timed = [column for column in table.columns if is_time_column(str(column))]
    if timed:
        times = table[timed].reset_index(drop=True)
        times.insert(0, "row", range(len(times)))
        atomic_write(folder / f"{name}{TIMINGS_SUFFIX}", lambda p: times.to_csv(p, index=False))
        table = table.drop(columns=timed)
    return atomic_write(folder / f"{name}.csv", lambda path: table.to_csv(path, index=False))


def read_table(folder, name: str):
    """The table ``NAME`` of a results folder, the columns of ``NAME.timings.csv`` (if any)
    joined after those of ``NAME.csv``, as a :class:`pandas.DataFrame`."""
    import pandas as pd

    folder = Path(folder)
    table = pd.read_csv(folder / f"{name}.csv", keep_default_na=False, na_values=[""])
    timings = folder / f"{name}{TIMINGS_SUFFIX}"
    if timings.exists():
        table = table.join(pd.read_csv(timings).set_index("row"))
    return table


def steady_notebook(notebook) -> None:
    """Rewrite an executed ``.ipynb`` without what changes on every run though nothing it
    shows does: the clock times papermill and nbclient write into its metadata, the
    random id of the injected-parameters cell, the random ids of pandas' styled tables
    (numbered in order instead), memory addresses in default reprs (``<Styler at
    0x7f...>``) and the runner's temporary output path."""
    path = Path(notebook)
    try:
        document = json.loads(path.read_text())
    except (OSError, ValueError):
        return
    papermill = _strip(document.get("metadata", {}))
    if ".tmp-" in str(papermill.get("output_path", "")):  # the runner's temporary folder
        papermill.pop("output_path")
    tables: dict[str, str] = {}
    steady = {"text/plain": (_ADDRESS, ">"),
              "text/html": (_STYLER_ID, lambda m: tables.setdefault(m[0], f"T_table{len(tables)}"))}  # fmt: skip
    for number, cell in enumerate(document.get("cells", [])):
        metadata = cell.get("metadata", {})
        _strip(metadata)
        metadata.pop("execution", None)  # nbclient's iopub times
        if "injected-parameters" in metadata.get("tags", []) and cell.get("id"):
            cell["id"] = f"injected-parameters-{number}"
        for data in (output.get("data", {}) for output in cell.get("outputs", [])):
            for kind in set(steady) & set(data):
                text = "".join(data[kind]) if isinstance(data[kind], list) else data[kind]
                if (new := steady[kind][0].sub(steady[kind][1], text)) != text:
                    data[kind] = new
    atomic_write(path, json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


#: The memory address in an object's default repr (``<Styler at 0x7f2cd5a679d0>``).
_ADDRESS = re.compile(r" at 0x[0-9a-f]+>")

#: The id pandas gives a styled table (``T_`` and five random hex digits).
_STYLER_ID = re.compile(r"(?<![\w-])T_[0-9a-f]{5}(?![0-9a-f])")


def _strip(metadata: dict) -> dict:
    """Drop the clock times of ``metadata``'s papermill entry; that entry (or {})."""
    papermill = metadata.get("papermill")
    if not isinstance(papermill, dict):
        return {}
    for key in _CLOCK_KEYS:
        papermill.pop(key, None)
    return papermill
