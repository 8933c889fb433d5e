"""Executing one planned notebook with papermill, and swapping its results into place.

A run executes into ``results/.tmp-FOLDER-RANDOM/`` (the kernel's working directory,
``output_dir = "."``). Only on success is it swapped in: the previous folder becomes
``results/FOLDER.previous/`` (replacing the one of the run before) and the new one takes
its name. A failed run leaves the previous results untouched and keeps its executed
notebook as ``results/FOLDER.failed.ipynb``.

Nothing is left behind, whatever ends the run: Ctrl-C, SIGTERM and SIGHUP (``timeout``,
a closed terminal) become :class:`Interrupted` in the runner, whose clean-up kills the
kernel's whole process group (the kernel and every process it started: Dask workers,
pools), removes its connection file and the temporary folder. Only SIGKILL can leave a
``.tmp-`` folder; the next run of the same folder removes it.

Resumable: a notebook's grid appends finished rows to ``*.partial.csv`` files in its
folder (:func:`eightlab.experiments.grid.run_grid`'s ``partial``). When a run does not
finish, those files are kept in ``results/FOLDER.partial/`` (or, after SIGKILL, found in
the stale ``.tmp-`` folder) and copied into the next run of the same folder, which
therefore continues where the last one stopped: automatically, no flag needed. The
folder name encodes the parameters (:func:`eightlab.runner.plan.folder_name`) and each
row carries a key of its task, so only rows of identical tasks are reused.

Concurrent runs on one results folder are serialised by an exclusive ``fcntl`` lock on
the results folder itself (:func:`lock_results`): a second run is refused with a message.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from eightlab.errors import EightlabError
from eightlab.experiments.folders import BATCH_VARIABLE, RUNNER_VARIABLE
from eightlab.experiments.progress import PROGRESS_VARIABLE, watch
from eightlab.experiments.reruns import split_timings, steady_notebook
from eightlab.files import readable_mode
from eightlab.runner.html import write_html
from eightlab.runner.provenance import NOTES, provenance, write_provenance

#: The ending of the resumable partial tables a notebook writes.
PARTIAL_SUFFIX = ".partial.csv"


class Interrupted(KeyboardInterrupt):
    """The runner received SIGTERM or SIGHUP (Ctrl-C stays a plain KeyboardInterrupt)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@dataclass
class NotebookRun:
    """The record of one notebook run.

    Attributes
    ----------
    notebook : str
        Notebook name (file name without ``.ipynb``).
    folder : Path
        The results folder of the run (filled only when ``ok``).
    parameters : dict
        The parameters injected, ``output_dir`` included.
    ok : bool
        Whether the notebook ran to the end.
    seconds : float
        Wall-clock duration of the run, in seconds.
    error : str or None
        One line naming the failing cell and the exception, when not ``ok``.
    failed_notebook : Path or None
        Where the executed notebook of a failed run was kept.
    """

    notebook: str
    folder: Path
    parameters: dict = field(default_factory=dict)
    ok: bool = False
    seconds: float = 0.0
    error: str | None = None
    failed_notebook: Path | None = None


@contextmanager
def signals_interrupt():
    """Turn SIGTERM and SIGHUP into :class:`Interrupted` while the block runs.

    Only in the main thread (elsewhere Python cannot install handlers: no change).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise Interrupted(signum)

    previous = {s: signal.signal(s, handler) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


@contextmanager
def signals_deferred():
    """Hold Ctrl-C, SIGTERM and SIGHUP back while the block runs; they arrive after it."""
    deferred = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, deferred)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def lock_results(results: Path, elsewhere: str = "give this one another --results folder"):
    """Hold an exclusive ``fcntl`` lock on the results folder itself for the block.

    ``elsewhere`` ends the refusal: how this run can write somewhere else.

    Runs on one results folder are serialised: they share ``.previous`` folders,
    failed notebooks and partial tables. Locking the folder creates no file.

    Raises
    ------
    EightlabError
        If another ``eightlab run`` holds it (nothing is run).
    """
    handle = os.open(results, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise EightlabError(
                f"another eightlab run is writing into results folder {str(results)!r}; "
                f"wait for it to finish, or {elsewhere}"
            ) from None
        yield
    finally:
        os.close(handle)  # closing releases the lock


def run_one(plan, results: Path, preset, context: dict, progress: bool = False) -> NotebookRun:
    """Execute one :class:`~eightlab.runner.plan.Plan` into ``results`` (see the module).

    Returns
    -------
    NotebookRun
        Failures of the notebook are recorded, not raised.

    Raises
    ------
    KeyboardInterrupt
        On Ctrl-C, or :class:`Interrupted` on SIGTERM/SIGHUP, after the clean-up.
    """
    import papermill

    final = results / plan.folder
    kept = results / f"{plan.folder}.partial"
    temporary = Path(tempfile.mkdtemp(prefix=f".tmp-{plan.folder}-", dir=results))
    os.chmod(temporary, readable_mode(directory=True))  # mkdtemp gives 0700
    _adopt_partials(results, plan.folder, kept, temporary)
    executed = temporary / f"{plan.name}.ipynb"
    record = NotebookRun(plan.name, final, dict(plan.parameters))
    # The kernel's own standard error (not the cells'), held back until the run ends:
    # on Ctrl-C the kernel, interrupted and shut down at once, prints a ZMQ traceback.
    kernel_stderr = tempfile.TemporaryFile()
    managers: list = []
    started, clock = datetime.now(UTC), time.perf_counter()
    progress_file = temporary / ".progress"
    try:
        with _kernel_environment(progress_file), watch(progress_file, enabled=progress):
            papermill.execute_notebook(
                str(plan.path),
                str(executed),
                parameters=plan.parameters,
                kernel_name="python3",
                progress_bar=False,
                cwd=str(temporary),
                # the kernel's start-up warnings (TCP on localhost) are noise here
                extra_arguments=["--IPKernelApp.log_level=ERROR"],
                kernel_manager_class=_kernel_manager_class(kernel_stderr, managers),
            )
        steady_notebook(executed)
        write_html(executed, temporary / f"{plan.name}.html")
        record.seconds = time.perf_counter() - clock
        _finish_folder(temporary)
        write_provenance(
            temporary, provenance(plan, preset, context, started, record.seconds, temporary)
        )
        (temporary / NOTES).unlink(missing_ok=True)
        with signals_deferred():  # never half swapped
            swap_in(temporary, final)
            shutil.rmtree(kept, ignore_errors=True)
            (results / f"{plan.folder}.failed.ipynb").unlink(missing_ok=True)
        record.ok = True
    except Exception as error:  # a failing notebook must not stop the others
        record.seconds = time.perf_counter() - clock
        record.error = failure_message(plan.name, error)
        if executed.exists() and _is_json(executed):  # a full disk can truncate it
            record.failed_notebook = results / f"{plan.folder}.failed.ipynb"
            os.replace(executed, record.failed_notebook)
    except KeyboardInterrupt:
        kernel_stderr.close()  # what the interrupted kernel printed is noise
        # papermill's cell task is abandoned; asyncio would print it at exit
        logging.getLogger("asyncio").setLevel(logging.CRITICAL)
        raise
    finally:
        with signals_deferred():  # a second signal must not cut the clean-up short
            _kill_kernels(managers)
            if temporary.exists():
                _keep_partials(temporary, kept)
                shutil.rmtree(temporary, ignore_errors=True)
    _pass_on(kernel_stderr)
    return record


def _is_json(path: Path) -> bool:
    """Whether ``path`` holds one whole JSON document (not one cut short)."""
    import json

    try:
        json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return True


def _finish_folder(folder: Path) -> None:
    """Drop the run's bookkeeping (progress, partial tables) from a finished folder, and
    keep its times apart from its counts (:mod:`eightlab.experiments.reruns`)."""
    (folder / ".progress").unlink(missing_ok=True)
    for path in folder.glob(f"*{PARTIAL_SUFFIX}"):
        path.unlink()
    split_timings(folder)


def _adopt_partials(results: Path, folder: str, kept: Path, temporary: Path) -> None:
    """Copy the partial tables of an unfinished run of ``folder`` into ``temporary``.

    From ``results/FOLDER.partial/`` and from stale ``.tmp-FOLDER-*`` folders (left by
    a run killed with SIGKILL; this run holds the folder's lock, so none is running),
    which are then removed.
    """
    for stale in results.glob(f".tmp-{folder}-*"):
        if stale == temporary or not stale.is_dir():
            continue
        if "-" in stale.name[len(f".tmp-{folder}-") :]:
            continue  # another folder whose name starts like this one (mkdtemp adds no -)
        _keep_partials(stale, kept)
        shutil.rmtree(stale, ignore_errors=True)
    if kept.is_dir():
        for path in kept.glob(f"*{PARTIAL_SUFFIX}"):
            shutil.copy2(path, temporary / path.name)


def _keep_partials(folder: Path, kept: Path) -> None:
    """Move the partial tables of ``folder`` into ``kept`` (if there are any)."""
    partials = [p for p in folder.glob(f"*{PARTIAL_SUFFIX}") if p.stat().st_size]
    if not partials:
        return
    kept.mkdir(exist_ok=True)
    os.chmod(kept, readable_mode(directory=True))
    for path in partials:
        target = kept / path.name
        if target.exists() and target.stat().st_size > path.stat().st_size:
            continue  # the kept one has more rows (it was copied in and extended)
        os.replace(path, target)


def _kernel_manager_class(stderr, managers: list):
    """An AsyncKernelManager whose kernels write their standard error into ``stderr``.

    Every manager is appended to ``managers``, so the clean-up can reach the kernel's
    process group whatever happened to papermill.
    """
    from jupyter_client.manager import AsyncKernelManager

    class KernelManager(AsyncKernelManager):
        async def start_kernel(self, **kw):
            kw.setdefault("stderr", stderr)
            managers.append(self)
            return await super().start_kernel(**kw)

    return KernelManager


def _kill_kernels(managers: list) -> None:
    """Kill each kernel's process group (kernel, Dask workers...) and its connection file.

    jupyter_client starts every kernel in a new session, so its process group holds the
    kernel and every process it started that did not leave the group.
    """
    for manager in managers:
        provisioner = getattr(manager, "provisioner", None)
        group = getattr(provisioner, "pgid", None) or getattr(provisioner, "pid", None)
        if group:
            try:
                os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        process = getattr(provisioner, "process", None)
        if process is not None:
            try:
                process.wait(timeout=5)
            except Exception:  # noqa: BLE001, S110 - best effort: it was killed
                pass
        try:
            manager.cleanup_connection_file()
        except Exception:  # noqa: BLE001, S110 - best effort
            pass


def _pass_on(kernel_stderr) -> None:
    """Write what a kernel printed on its standard error to ours, then close the file."""
    with kernel_stderr:
        kernel_stderr.seek(0)
        text = kernel_stderr.read().decode("utf-8", errors="replace")
    # jupyter_client interrupts a kernel as it shuts it down; that is not an error
    lines = [line for line in text.splitlines() if "KeyboardInterrupt caught in kernel" not in line]
    text = "\n".join(lines)
    if text.strip():
        sys.stderr.write(text + "\n")


@contextmanager
def _kernel_environment(progress_file: Path):
    """The kernel's environment while it starts: this eightlab first on its PYTHONPATH
    (so the notebooks run the runner's code, installed or not) and where to report the
    grid's progress."""
    root = str(Path(__file__).resolve().parents[2])
    names = ("PYTHONPATH", PROGRESS_VARIABLE, RUNNER_VARIABLE, BATCH_VARIABLE)
    saved = {key: os.environ.get(key) for key in names}
    before = saved["PYTHONPATH"]
    os.environ["PYTHONPATH"] = root if not before else os.pathsep.join([root, before])
    os.environ[PROGRESS_VARIABLE] = str(progress_file)
    os.environ[RUNNER_VARIABLE] = "1"  # the notebook's begin() leaves the bookkeeping to us
    os.environ[BATCH_VARIABLE] = "1"
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def failure_message(name: str, error: BaseException) -> str:
    """``eightlab: notebook NAME failed in cell N: ErrorType: message`` (one line)."""
    from papermill.exceptions import PapermillExecutionError

    if isinstance(error, PapermillExecutionError):
        text = (str(error.evalue).strip().splitlines() or [""])[0]
        return f"eightlab: notebook {name} failed in cell {error.exec_count}: {error.ename}: {text}"
    text = (str(error).strip().splitlines() or [""])[0]
    return f"eightlab: notebook {name} failed: {type(error).__name__}: {text}"


def swap_in(temporary: Path, final: Path) -> None:
    """Rename ``temporary`` to ``final``, keeping the old ``final`` as ``.previous``."""
    previous = final.with_name(final.name + ".previous")
    if final.exists():
        if previous.exists():
            shutil.rmtree(previous)
        os.replace(final, previous)
    os.replace(temporary, final)
