"""A notebook's own run: the same checks, lock, folder swap and provenance as ``eightlab run``.

An experiment notebook calls, in the cell right after its parameters and in its last
cell::

    run = eightlab.runner.notebook.begin("compare_algorithms", globals())
    ...
    run.finish()

:func:`begin` checks every parameter as ``eightlab run`` does before a kernel starts
(type, range, and together: :mod:`eightlab.runner.checks`), in one line naming the
parameter, and puts the checked values back (``-p goal 012345678`` keeps its zero,
``-p depths "[4, 8]"`` becomes a list). Then it depends on who started the kernel:

* ``eightlab run`` (which marks the kernel's environment): nothing more; the runner
  locks, swaps and writes the HTML and ``provenance.json`` itself.
* papermill, by hand (``papermill notebooks/X.ipynb out.ipynb -p ...``, found from the
  kernel's parent process): a full run. The results folder (``results/X--interactive``,
  or ``-p output_dir DIR``) is locked with the lock of ``eightlab run`` (a second
  writer is refused with one line), the notebook writes into a temporary folder beside
  it, and :meth:`NotebookRun.finish` writes the HTML of the cells before it (papermill
  saves the output notebook as each cell starts), a copy of that notebook and
  ``provenance.json`` (with papermill's command line and working directory, which
  rerun it), then swaps the folder in atomically (the old one becomes ``.previous``).
  A run that fails keeps its partial tables for the next one, as ``eightlab run`` does.
* anything else (JupyterLab): nothing more; the results go to
  ``results/X--interactive`` as they are written.
"""

from __future__ import annotations

import atexit
import os
import shlex
import shutil
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from eightlab.errors import EightlabError
from eightlab.experiments.folders import (
    BATCH_VARIABLE,
    PROVENANCE,
    RUNNER_VARIABLE,
    notebooks_root,
    results_root,
)
from eightlab.runner.checks import BOARDS, board_value, check_together
from eightlab.runner.parameters import (
    OUTPUT_PARAMETER,
    check_parameter,
    declared_parameters,
    default_value,
    parse_value,
)


def begin(name: str, namespace: dict, notebook=None) -> NotebookRun:
    """Check a notebook's parameters and start its run (see the module docstring).

    Parameters
    ----------
    name : str
        The notebook's name (``"compare_algorithms"``).
    namespace : dict
        The notebook's ``globals()``: its parameters are read from it, and the checked
        values (and, for a papermill run, ``output_dir``) written back.
    notebook : str or Path, optional
        The notebook file (default: ``notebooks/NAME.ipynb`` of the checkout).

    Returns
    -------
    NotebookRun
        Call its :meth:`~NotebookRun.finish` in the last cell.

    Raises
    ------
    EightlabError
        One line naming the parameter whose value does not fit; or, for a papermill
        run, a results folder another run is writing into.
    """
    _short_errors()
    path = Path(notebook) if notebook is not None else notebooks_root() / f"{name}.ipynb"
    declared = declared_parameters(path) if path.exists() else {}
    values = {}
    for key, info in declared.items():
        if key == OUTPUT_PARAMETER or key not in namespace:
            continue
        value = namespace[key]
        if key in BOARDS:  # -p goal 012345678 arrives as the int 12345678
            value = board_value(value)
        text = value if isinstance(value, str) else None
        if isinstance(value, str) and info["type"] not in ("str", None):
            value = parse_value(value, info["type"], key)
        values[key] = check_parameter(name, key, value, info, text)
    values = check_together(name, values)
    namespace.update(values)
    defaults = {k: default_value(v["default"]) for k, v in declared.items()}
    run = NotebookRun(name, path, defaults, values, _mode())
    if run.mode == "papermill":
        os.environ[BATCH_VARIABLE] = "1"  # this kernel's output is kept
        temporary = run.start(namespace.get(OUTPUT_PARAMETER, ""))
        # as under eightlab run: the kernel works in the temporary folder, which the
        # notebook knows as "." (no random name in what it prints)
        os.chdir(temporary)
        namespace[OUTPUT_PARAMETER] = "."
    return run


def _mode() -> str:
    if os.environ.get(RUNNER_VARIABLE):
        return "runner"
    return "papermill" if parent_command() and _is_papermill(parent_command()) else "interactive"


def parent_command() -> list[str]:
    """The command line of the process that started this one (empty if unknown)."""
    try:
        raw = Path(f"/proc/{os.getppid()}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode("utf-8", "replace") for part in raw.split(b"\0") if part]


def _is_papermill(command: list[str]) -> bool:
    return any(Path(part).name == "papermill" for part in command[:3])


def _papermill_paths(command: list[str]) -> tuple[str | None, str | None]:
    """The input and output notebooks of a papermill command line."""
    try:
        start = next(i for i, part in enumerate(command) if Path(part).name == "papermill")
        from papermill.cli import papermill as cli

        context = cli.make_context("papermill", list(command[start + 1 :]), resilient_parsing=True)
        return context.params.get("notebook_path"), context.params.get("output_path")
    except Exception:  # noqa: BLE001 - an unusual command line: no copy, no HTML
        return None, None


def _short_errors() -> None:
    """Show an EightlabError raised in a cell as its one line (no traceback)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return

    def one_line(self, kind, value, tb, tb_offset=None):
        line = [f"{kind.__name__}: {value}"]  # shown, and sent to papermill, as the traceback
        self._showtraceback(kind, value, line)
        return line

    shell.set_custom_exc((EightlabError,), one_line)


class NotebookRun:
    """A notebook's run, from :func:`begin` to :meth:`finish`.

    Attributes
    ----------
    name : str
    mode : str
        ``"runner"``, ``"papermill"`` or ``"interactive"`` (see the module docstring).
    folder : Path or None
        The results folder a papermill run replaces when it finishes.
    """

    def __init__(self, name: str, path: Path, defaults: dict, values: dict, mode: str):
        self.name, self.path, self.defaults, self.values, self.mode = (
            name,
            path,
            defaults,
            values,
            mode,
        )
        self.folder: Path | None = None
        self.temporary: Path | None = None
        self._lock = None
        self._started = datetime.now(UTC)
        self._clock = time.perf_counter()
        self._done = False
        self._cwd = os.getcwd()

    def start(self, output_dir: str) -> Path:
        """Lock the results folder and make the temporary folder the notebook writes into."""
        from eightlab.files import readable_mode
        from eightlab.runner.execute import _adopt_partials, lock_results
        from eightlab.runner.run import prepare_results

        final = (
            Path(output_dir).resolve()
            if output_dir
            else results_root() / f"{self.name}--interactive"
        )
        parent = final.parent
        prepare_results(parent)
        self._lock = lock_results(
            parent, "give this one a folder of its own with -p output_dir DIR"
        )
        self._lock.__enter__()  # held until finish() or the kernel's exit
        self.folder = final
        self.temporary = Path(tempfile.mkdtemp(prefix=f".tmp-{final.name}-", dir=parent))
        os.chmod(self.temporary, readable_mode(directory=True))
        _adopt_partials(parent, final.name, self._kept(), self.temporary)
        atexit.register(self._abandon)
        return self.temporary

    def _kept(self) -> Path:
        return self.folder.with_name(f"{self.folder.name}.partial")

    def finish(self) -> Path | None:
        """End the run: HTML, provenance and the folder swap of a papermill run.

        Returns
        -------
        Path or None
            The results folder of a papermill run (None in the other modes).
        """
        if self.mode != "papermill" or self._done:
            return None
        from eightlab.experiments.reruns import steady_notebook
        from eightlab.runner.execute import _finish_folder, signals_deferred, swap_in
        from eightlab.runner.html import write_html
        from eightlab.runner.provenance import (
            NOTES,
            read_notes,
            static_provenance,
            write_provenance,
        )

        command = parent_command()
        cwd = _parent_cwd()
        _, output = _papermill_paths(command)
        copy = self.temporary / f"{self.name}.ipynb"
        if output and output != "-" and "://" not in output:
            source = Path(cwd or ".") / output
            if source.exists():
                shutil.copyfile(source, copy)
                steady_notebook(copy)
                write_html(copy, self.temporary / f"{self.name}.html")
        _finish_folder(self.temporary)
        seconds = time.perf_counter() - self._clock
        record = {
            "notebook": self.path.name,
            "parameters": {**self.defaults, **self.values, OUTPUT_PARAMETER: str(self.folder)},
            "injected": {k: v for k, v in self.values.items() if v != self.defaults.get(k)},
            "preset": None,
            "command": shlex.join(command) if command else None,
            "working_directory": cwd,
            "seed": self.values.get("seed", self.defaults.get("seed")),
            **static_provenance(self.path.parent, self.folder.parent),
            "started": self._started.isoformat(timespec="seconds"),
            "ended": datetime.now(UTC).isoformat(timespec="seconds"),
            "duration_seconds": round(seconds, 3),
        }
        from eightlab.search.result import CONVENTIONS

        record["conventions"] = dict(CONVENTIONS)
        for key, value in read_notes(self.temporary).items():
            record.setdefault(key, value)
        write_provenance(self.temporary, record)
        (self.temporary / NOTES).unlink(missing_ok=True)
        os.chdir(self._cwd)
        with signals_deferred():
            swap_in(self.temporary, self.folder)
            shutil.rmtree(self._kept(), ignore_errors=True)
        self._done = True
        self._release()
        print(f"eightlab: results in {self.folder} ({PROVENANCE}, {self.name}.html)")
        return self.folder

    def _abandon(self) -> None:
        """At the kernel's exit without :meth:`finish`: keep the partial tables, clean up."""
        if self._done or self.temporary is None:
            return
        from eightlab.runner.execute import _keep_partials

        os.chdir(self._cwd)
        if self.temporary.exists():
            _keep_partials(self.temporary, self._kept())
            shutil.rmtree(self.temporary, ignore_errors=True)
        self._release()

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.__exit__(None, None, None)
            self._lock = None


def _parent_cwd() -> str | None:
    try:
        return os.readlink(f"/proc/{os.getppid()}/cwd")
    except OSError:
        return None


__all__ = ["RUNNER_VARIABLE", "NotebookRun", "begin", "parent_command"]
