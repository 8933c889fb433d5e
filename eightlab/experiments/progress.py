"""The progress of a long cell, shown by the runner: a bar over a grid's tasks.

The runner names a small file in :data:`PROGRESS_VARIABLE` of the kernel's environment;
:func:`report` (called by :func:`eightlab.experiments.grid.run_grid`) writes ``done
total label`` into it and :func:`watch`, a thread of the runner, shows it as a tqdm bar.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager, suppress
from pathlib import Path

#: The environment variable naming the progress file.
PROGRESS_VARIABLE = "EIGHTLAB_PROGRESS"

#: Seconds between two looks at the progress file.
POLL_SECONDS = 0.5


def report(done: int, total: int, label: str = "tasks") -> None:
    """Tell the runner (if any) that ``done`` of ``total`` tasks have finished."""
    path = os.environ.get(PROGRESS_VARIABLE)
    with suppress(OSError):  # progress is a courtesy: never fail a run for it
        if path:
            Path(path).write_text(f"{int(done)} {int(total)} {label}\n")


def read(path) -> tuple[int, int, str] | None:
    """``(done, total, label)`` from a progress file, or None if there is none yet."""
    with suppress(OSError, ValueError):
        done, total, label = Path(path).read_text().split(maxsplit=2)
        return int(done), int(total), label.strip()
    return None


@contextmanager
def watch(path, enabled: bool = True):
    """Show the progress written to ``path`` as a tqdm bar while the block runs."""
    if not enabled:
        yield
        return
    from tqdm import tqdm

    stop, bars = threading.Event(), []  # the last one is shown

    def follow():
        while not stop.wait(POLL_SECONDS):
            if (found := read(path)) is None:
                continue
            done, total, label = found
            if not bars or bars[-1].total != total or bars[-1].desc != label:
                for bar in bars[-1:]:
                    bar.close()
                bars.append(tqdm(total=total, desc=label, unit="task", leave=False))
            bars[-1].update(done - bars[-1].n)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        for bar in bars[-1:]:
            bar.close()
