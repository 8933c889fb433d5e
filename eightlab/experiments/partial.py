"""A resumable table: finished rows appended to a CSV file as they arrive.

:func:`eightlab.experiments.grid.run_grid` (``partial=PATH``) appends every finished row
to ``PATH`` at once, with a ``task`` column holding a key of its task (eightlab's version
included). A run started again with the file takes the rows whose key matches one of its
tasks and runs only the others, so an interrupted run loses at most the rows that were
running. Values read back as they were written: integers, floats (``repr``, exact),
text; a missing number is an empty field (a missing text reads back as empty text).
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
from pathlib import Path

from eightlab.files import readable_mode

#: The column holding each row's task key.
KEY = "task"


def task_key(*parts) -> str:
    """A key of a task (16 hex digits) from JSON-serialisable parts."""
    text = json.dumps([str(p) if not isinstance(p, (int, float, type(None))) else p
                       for p in parts], sort_keys=True, default=str)  # fmt: skip
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class PartialTable:
    """Rows of a table appended to ``path`` as they are finished.

    Parameters
    ----------
    path : str or Path
        The CSV file (created with its header if missing or if its header differs).
    columns : sequence of str
        The table's columns, in order.
    integers, floats : collection of str
        Columns read back as int or float (the others as text).
    """

    def __init__(self, path, columns, integers=(), floats=()):
        self.path = Path(path)
        self.columns = [KEY, *columns]
        self.integers = set(integers)
        self.floats = set(floats)
        self._handle = None

    def load(self) -> dict[str, dict]:
        """The finished rows, ``task key -> row`` (empty if the file is missing or foreign)."""
        try:
            with self.path.open(newline="") as handle:
                reader = csv.reader(handle)
                if next(reader, None) != self.columns:
                    return {}
                rows = {}
                for fields in reader:
                    if len(fields) != len(self.columns):
                        continue  # a line cut short by a lost machine
                    record = dict(zip(self.columns, fields, strict=True))
                    rows[record.pop(KEY)] = {k: self._read(k, v) for k, v in record.items()}
                return rows
        except OSError:
            return {}

    def open(self, rows: dict[str, dict]) -> None:
        """Start appending; rewrite the file with ``rows`` first (drops cut or foreign lines)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._handle = self.path.open("w", newline="")
        self.path.chmod(readable_mode())
        self._writer = csv.writer(self._handle)
        self._writer.writerow(self.columns)
        for key, row in rows.items():
            self._writer.writerow([key, *(self._text(row.get(c)) for c in self.columns[1:])])
        self._handle.flush()

    def append(self, key: str, row: dict) -> None:
        """Write one finished row at once."""
        self._writer.writerow([key, *(self._text(row.get(c)) for c in self.columns[1:])])
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    @staticmethod
    def _text(value) -> str:
        if value is None:
            return ""
        if isinstance(value, float):
            return "nan" if math.isnan(value) else repr(value)
        return str(value)

    def _read(self, column: str, text: str):
        if column in self.integers:
            return int(text) if text else None
        if column in self.floats:
            return float(text) if text else None
        return text
