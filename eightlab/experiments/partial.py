"""A resumable table: finished rows appended to a CSV file as they arrive.

Each row carries a ``task`` key (eightlab's version included); a run started again with
the file takes the rows whose key matches one of its tasks and runs only the others.
Values read back as written: ints, floats (``repr``), text; a missing number is empty.
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
    """Rows of a table of ``columns`` appended to ``path`` as they finish; ``integers`` and
    ``floats`` name the columns read back as such."""

    def __init__(self, path, columns, integers=(), floats=()):
        self.path, self.columns, self._handle = Path(path), [KEY, *columns], None
        self.integers, self.floats = set(integers), set(floats)

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
        self._handle.flush()
        for key, row in rows.items():
            self.append(key, row)

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
        kind = int if column in self.integers else float if column in self.floats else None
        return text if kind is None else kind(text) if text else None
