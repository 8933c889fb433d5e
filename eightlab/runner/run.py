"""The notebook runner behind ``python -m eightlab run`` (``make results``): the entry point.

Every notebook of ``notebooks/`` is executed with papermill, tutorials (file names
starting with digits, ``01_...``) first, then the experiments, each group sorted by file
name, each into its own folder of ``results/`` with the executed notebook, its HTML,
the tables and figures it wrote, and ``provenance.json``. The jobs are split:

* :mod:`eightlab.runner.parameters`: reading ``-p`` values as papermill does, type and
  range checks;
* :mod:`eightlab.runner.plan`: which notebooks, which parameters, which folders;
  :data:`~eightlab.runner.plan.PRESETS`;
* :mod:`eightlab.runner.execute`: papermill and the kernel, the atomic swap, signals,
  the lock, resuming unfinished runs;
* :mod:`eightlab.runner.provenance`: ``provenance.json``;
* :mod:`eightlab.experiments.folders`: where a notebook writes, whoever runs it.

Nothing runs before every check has passed: the parameters fit their notebooks, the
results folder can be written to, and no other run holds one of its folders.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from eightlab.errors import EightlabError
from eightlab.experiments.folders import notebooks_root, results_root
from eightlab.runner.execute import (
    Interrupted,
    NotebookRun,
    lock_results,
    run_one,
    signals_interrupt,
)
from eightlab.runner.plan import PRESETS, plan_runs
from eightlab.runner.provenance import static_provenance

__all__ = ["PRESETS", "NotebookRun", "prepare_results", "run_from_cli", "run_notebooks"]


def run_notebooks(
    only=None,
    parameters=None,
    preset=None,
    notebooks_dir=None,
    results_dir=None,
    progress: bool = True,
    echo=None,
) -> list[NotebookRun]:
    """Execute notebooks with papermill into ``results_dir`` (see the module docstring).

    Parameters
    ----------
    only : list of str, optional
        Notebook names (without ``.ipynb``) to run; default all.
    parameters : dict or list of (str, str), optional
        Overrides; string values are read as papermill's ``-p`` reads them.
    preset : str, optional
        A name of :data:`~eightlab.runner.plan.PRESETS`; selects its notebook.
    notebooks_dir, results_dir : str or Path, optional
        Default: ``notebooks/`` and ``results/`` of the checkout eightlab is imported
        from, whatever the working directory (of the working directory when eightlab
        is installed without its repository).
    progress : bool, optional
        Show a tqdm bar over the notebooks, and one over the tasks of a notebook's grid.
    echo : callable, optional
        Receives the one-line messages (a finished notebook and its duration, a
        failure); default: written to standard error.

    Returns
    -------
    list of NotebookRun
        One record per notebook run, in run order.

    Raises
    ------
    UnknownNameError, EightlabError
        On an unknown notebook, preset or parameter, a value that does not fit its
        parameter, a results folder that cannot be created or written to, or one that
        another run is writing (nothing is run).
    KeyboardInterrupt
        On Ctrl-C; :class:`~eightlab.runner.execute.Interrupted` on SIGTERM or SIGHUP.
        Either way no temporary folder, file or process is left behind.
    """
    from tqdm import tqdm

    if notebooks_dir is None:
        notebooks_dir = notebooks_root()
    if results_dir is None:
        results_dir = results_root()
    if parameters is not None and not isinstance(parameters, dict):
        parameters = dict(parameters)
    plans = plan_runs(only, parameters, preset, notebooks_dir)
    results = Path(results_dir)
    prepare_results(results)
    context = static_provenance(Path(notebooks_dir), results)
    records = []
    with signals_interrupt(), lock_results(results):
        bar = tqdm(plans, desc="notebooks", unit="notebook", disable=not progress)
        for plan in bar:
            bar.set_description(plan.name)
            record = run_one(plan, results, preset, context, progress=progress)
            records.append(record)
            message = (
                f"eightlab: {plan.name} done in {record.seconds:.1f} s -> {record.folder}"
                if record.ok
                else record.error
            )
            if echo is not None:
                echo(message)
            elif progress:
                tqdm.write(message, file=sys.stderr)
            else:
                print(message, file=sys.stderr)
        bar.close()
    return records


def prepare_results(results) -> None:
    """Create the results folder if needed and check that runs can be written into it.

    Raises
    ------
    EightlabError
        Naming the folder and the reason, if it cannot be created, is not a folder or
        is not writable.
    """
    folder = Path(results)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise EightlabError(f"results folder {str(folder)!r} exists and is not a folder") from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise EightlabError(f"cannot create results folder {str(folder)!r}: {reason}") from None
    try:  # os.access is not enough: root, read-only file systems, ACLs
        os.rmdir(tempfile.mkdtemp(prefix=".tmp-check-", dir=folder))
    except OSError as error:
        reason = error.strerror or str(error)
        raise EightlabError(f"results folder {str(folder)!r} is not writable: {reason}") from None


def run_from_cli(args) -> int:
    """``python -m eightlab run``: run the notebooks; 0 if all succeeded, else 1.

    Parameters
    ----------
    args : argparse.Namespace
        With ``only`` (list or None), ``parameter`` (list of [NAME, VALUE]),
        ``preset``, ``notebooks`` and ``results``.

    Returns
    -------
    int
        0, 1 (a notebook failed), or 128 + the signal number after SIGTERM (143) or
        SIGHUP (129), once everything is cleaned up.

    Raises
    ------
    EightlabError
        On an unknown notebook, preset or parameter (the command line exits with 2).
    KeyboardInterrupt
        On Ctrl-C (the command line exits with 130).
    """
    parameters = {}
    for name, value in args.parameter or []:
        if name in parameters:
            raise EightlabError(f"parameter {name!r} is given twice")
        parameters[name] = value
    try:
        records = run_notebooks(
            only=args.only,
            parameters=parameters,
            preset=args.preset,
            notebooks_dir=args.notebooks,
            results_dir=args.results,
        )
    except Interrupted as stop:
        print(f"eightlab: stopped by {stop}", file=sys.stderr)
        return 128 + stop.signum
    if not records:
        print("eightlab: no notebook to run", file=sys.stderr)
    failed = [r for r in records if not r.ok]
    if failed:
        print(
            f"eightlab: {len(failed)} of {len(records)} notebooks failed: "
            + ", ".join(r.notebook for r in failed),
            file=sys.stderr,
        )
        return 1
    return 0
