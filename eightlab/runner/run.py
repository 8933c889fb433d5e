"""``python -m eightlab run`` (``make results``): every notebook through papermill.

Tutorials (``01_...``) first, then the experiments, each into its own folder of
``results/`` through a :class:`~eightlab.runner.lifecycle.Run`, once every check has
passed. Ctrl-C, SIGTERM and SIGHUP stop the run; the clean-up kills the kernel's process
group (the kernel, Dask workers, pools) and removes its connection file.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import tempfile
import time
from contextlib import contextmanager, suppress
from pathlib import Path

from eightlab.errors import EightlabError
from eightlab.experiments.folders import (
    BATCH_VARIABLE,
    RUNNER_VARIABLE,
    notebooks_root,
    results_root,
)
from eightlab.experiments.progress import PROGRESS_VARIABLE, watch
from eightlab.runner.lifecycle import (
    Interrupted,
    Run,
    check_replaceable,
    lock_results,
    prepare_results,
    signals_deferred,
    signals_interrupt,
)
from eightlab.runner.parameters import default_value
from eightlab.runner.plan import plan_runs
from eightlab.runner.presets import PRESETS
from eightlab.runner.provenance import static_provenance

__all__ = ["PRESETS", "Run", "prepare_results", "run_from_cli", "run_notebooks"]


def run_notebooks(only=None, parameters=None, preset=None, notebooks_dir=None, results_dir=None,
                  progress: bool = True, echo=None) -> list[Run]:  # fmt: skip
    """Execute the planned notebooks with papermill into ``results_dir``; the runs, ended.

    ``only``, ``parameters`` and ``preset`` go to :func:`~eightlab.runner.plan.plan_runs`;
    the folders default to ``notebooks/`` and ``results/`` of the checkout; ``progress``
    shows bars; ``echo`` receives the one-line messages (default: standard error). Raises
    an :class:`EightlabError` before anything runs on a plan or results folder that does
    not check out (one holding files eightlab did not write among them) or a Dask
    scheduler that does not answer or fit, and leaves
    nothing behind on Ctrl-C, SIGTERM or SIGHUP."""
    from tqdm import tqdm

    notebooks_dir = notebooks_root() if notebooks_dir is None else notebooks_dir
    results = Path(results_root() if results_dir is None else results_dir)
    plans = plan_runs(only, dict(parameters or {}), preset, notebooks_dir)
    for plan in plans:  # nothing of the user's is replaced, before any kernel
        check_replaceable(results / plan.folder)
    check_schedulers(plans)
    prepare_results(results)
    context = static_provenance(Path(notebooks_dir), results)
    say = echo or (lambda text: (tqdm.write if progress else print)(text, file=sys.stderr))
    records = []
    with signals_interrupt(), lock_results(results):
        bar = tqdm(plans, desc="notebooks", unit="notebook", disable=not progress)
        for plan in bar:
            bar.set_description(plan.name)
            records.append(run := run_one(plan, results, preset, context, progress=progress))
            say(f"eightlab: {plan.name} done in {run.seconds:.1f} s -> {run.folder}" if run.ok
                else run.error)  # fmt: skip
        bar.close()
    return records


def check_schedulers(plans) -> None:
    """Connect once to each Dask scheduler the plans name (a parameter whose rule takes an
    address), so that one that does not answer or fit is refused in one line before any
    kernel starts (:func:`~eightlab.experiments.cluster.check_scheduler`)."""
    from eightlab.runner.specs import spec_of

    addresses = {
        plan.parameters[name]
        for plan in plans
        for name, rule in spec_of(plan.name).rules.items()
        if rule.address and plan.parameters.get(name)
    }
    if addresses:
        from eightlab.experiments.cluster import check_scheduler

        for address in sorted(addresses):
            check_scheduler(address)


def run_one(plan, results: Path, preset, context: dict, progress: bool = False) -> Run:
    """Execute one :class:`~eightlab.runner.plan.Plan` into ``results`` through a :class:`Run`;
    a failure of the notebook is recorded, a signal raised after the clean-up."""
    import papermill

    parameters = {k: default_value(v["default"]) for k, v in plan.declared.items()}
    run = Run(plan.name, plan.path, results / plan.folder, {**parameters, **plan.parameters},
              plan.parameters, preset=preset, command=plan.command, context=context, lock=False)  # fmt: skip
    # The kernel's own standard error (not the cells'), held back until the run ends:
    # on Ctrl-C the kernel, interrupted and shut down at once, prints a ZMQ traceback.
    kernel_stderr = tempfile.TemporaryFile()
    managers: list = []
    temporary, clock = run.start(), time.perf_counter()
    executed = temporary / f"{plan.name}.ipynb"
    try:
        with _kernel_environment(temporary / ".progress"), watch(temporary / ".progress", progress):
            papermill.execute_notebook(
                str(plan.path), str(executed), parameters=plan.parameters,
                kernel_name="python3", progress_bar=False, cwd=str(temporary),
                # the kernel's start-up warnings (TCP on localhost) are noise here
                extra_arguments=["--IPKernelApp.log_level=ERROR"],
                kernel_manager_class=_kernel_manager_class(kernel_stderr, managers),
            )  # fmt: skip
        run.finish(executed)
    except Exception as error:  # a failing notebook must not stop the others
        run.error = failure_message(plan.name, error)
        run.seconds = time.perf_counter() - clock
        if executed.exists() and _is_json(executed):  # a full disk can truncate it
            run.failed_notebook = results / f"{plan.folder}.failed.ipynb"
            os.replace(executed, run.failed_notebook)
    except KeyboardInterrupt:
        kernel_stderr.close()  # what the interrupted kernel printed is noise
        # papermill's cell task is abandoned; asyncio would print it at exit
        logging.getLogger("asyncio").setLevel(logging.CRITICAL)
        raise
    finally:
        with signals_deferred():  # a second signal must not cut the clean-up short
            _kill_kernels(managers)
            run.abandon()
    _pass_on(kernel_stderr)
    return run


def _is_json(path: Path) -> bool:
    """Whether ``path`` holds one whole JSON document (not one cut short)."""
    import json

    with suppress(OSError, ValueError):
        json.loads(path.read_bytes())
        return True
    return False


def _kernel_manager_class(stderr, managers: list):
    """An AsyncKernelManager whose kernels write their standard error into ``stderr``,
    each appended to ``managers`` so the clean-up reaches its process group."""
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
        with suppress(ProcessLookupError, PermissionError):
            if group:
                os.killpg(group, signal.SIGKILL)
        with suppress(Exception):  # best effort: it was killed
            if (process := getattr(provisioner, "process", None)) is not None:
                process.wait(timeout=5)
        with suppress(Exception):  # best effort
            manager.cleanup_connection_file()


def _pass_on(kernel_stderr) -> None:
    """Write what a kernel printed on its standard error to ours, then close the file."""
    with kernel_stderr:
        kernel_stderr.seek(0)
        text = kernel_stderr.read().decode("utf-8", errors="replace")
    # jupyter_client interrupts a kernel as it shuts it down; that is not an error
    lines = [line for line in text.splitlines() if "KeyboardInterrupt caught in kernel" not in line]
    if "\n".join(lines).strip():
        sys.stderr.write("\n".join(lines) + "\n")


@contextmanager
def _kernel_environment(progress_file: Path):
    """The kernel's environment while it starts: this eightlab first on its PYTHONPATH (the
    notebooks run the runner's code, installed or not), the progress file, the runner's mark."""
    root, before = str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH")
    values = {"PYTHONPATH": os.pathsep.join([root, before]) if before else root,
              PROGRESS_VARIABLE: str(progress_file), RUNNER_VARIABLE: "1", BATCH_VARIABLE: "1"}  # fmt: skip
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            os.environ.pop(key, None) if value is None else os.environ.update({key: value})


def failure_message(name: str, error: BaseException) -> str:
    """``eightlab: notebook NAME failed in cell N: ErrorType: message`` (one line)."""
    from papermill.exceptions import PapermillExecutionError

    if isinstance(error, PapermillExecutionError):
        text = (str(error.evalue).strip().splitlines() or [""])[0]
        return f"eightlab: notebook {name} failed in cell {error.exec_count}: {error.ename}: {text}"
    text = (str(error).strip().splitlines() or [""])[0]
    return f"eightlab: notebook {name} failed: {type(error).__name__}: {text}"


def run_from_cli(args) -> int:
    """``python -m eightlab run``: 0 if every notebook succeeded, 1 if one failed, 128 +
    the signal number after SIGTERM or SIGHUP."""
    parameters = {}
    for name, value in args.parameter or []:
        if name in parameters:
            raise EightlabError(f"parameter {name!r} is given twice")
        parameters[name] = value
    try:
        records = run_notebooks(args.only, parameters, args.preset, args.notebooks, args.results)
    except Interrupted as stop:
        print(f"eightlab: stopped by {stop}", file=sys.stderr)
        return 128 + stop.signum
    if not records:
        print("eightlab: no notebook to run", file=sys.stderr)
        return 0
    failed = [r for r in records if not r.ok]
    if failed:
        print(f"eightlab: {len(failed)} of {len(records)} notebooks failed: "
              + ", ".join(r.notebook for r in failed), file=sys.stderr)  # fmt: skip
        return 1
    return 0
