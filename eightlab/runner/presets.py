"""Named parameter sets: ``presets/NAME.yaml``, as papermill's ``-f`` takes them.

The first line names the notebook (``# notebook: compare_algorithms``); ``eightlab run
--preset NAME`` reads the same file. Names are listed without importing yaml.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from eightlab.experiments.folders import repository_root

_NOTEBOOK = re.compile(r"#\s*notebook:\s*(\S+)")


def presets_root() -> Path:
    """``presets/`` of the checkout, or of the working directory when there is none."""
    root = repository_root()
    return (root if root is not None else Path.cwd()) / "presets"


class Presets(Mapping):
    """``name -> (notebook, parameters)`` for every ``presets/*.yaml`` file."""

    def __init__(self, folder=None):
        self.folder = Path(folder) if folder is not None else presets_root()

    def _paths(self) -> dict[str, Path]:
        return {p.stem: p for p in sorted(self.folder.glob("*.yaml"))}

    def __iter__(self):
        return iter(self._paths())

    def __len__(self) -> int:
        return len(self._paths())

    def __getitem__(self, name: str) -> tuple[str, dict]:
        import yaml

        text = self._paths()[name].read_text()
        found = _NOTEBOOK.match(text)
        return (found.group(1) if found else ""), (yaml.safe_load(text) or {})


#: Every preset of ``presets/``.
PRESETS = Presets()
