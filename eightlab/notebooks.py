"""The notebook runner behind ``python -m eightlab run`` (``make results``).

Every notebook of ``notebooks/`` is executed with papermill, tutorials (file names
starting with digits, ``01_...``) first, then the experiments, each group sorted by file
name. Each run gets one folder of ``results/``:

* ``results/NAME/`` for a run with the notebook's own parameters,
* ``results/NAME--PRESET/`` for ``--preset PRESET``,
* ``results/NAME--custom-HASH/`` for ``-p`` overrides (HASH: 8 hex digits of the sorted
  overrides), so that a researcher's run never overwrites the default results.

The folder holds the executed ``NAME.ipynb``, its ``NAME.html``, the CSV tables and
PNG + SVG figures the notebook wrote into its ``output_dir`` parameter, and
``provenance.json`` (every parameter the run used, defaults included, and the ones
injected; versions, git commit, machine, times).

A run executes into ``results/.tmp-NAME-RANDOM/`` (the kernel's working directory,
``output_dir = "."``). Only on success is it swapped in: the previous folder becomes
``results/NAME.previous/`` (replacing the one of the run before) and the new one takes
its name. A failed run leaves the previous results untouched and keeps its executed
notebook as ``results/NAME.failed.ipynb`` for debugging.

The kernel gets this eightlab's folder first on its ``PYTHONPATH``, so the notebooks
run the same code as the runner, installed or not.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from eightlab.errors import EightlabError, UnknownNameError

#: Named parameter sets: ``name -> (notebook, parameters)``.
PRESETS: dict[str, tuple[str, dict]] = {
    "textbook": (
        "compare_algorithms",
        {
            "sampling": "depths",
            "depths": list(range(2, 25, 2)),
            "per_depth": 100,
            "seed": 1,
            "algorithms": ["iddfs", "astar"],
            "heuristics": ["misplaced", "manhattan"],
            "max_nodes": 1_000_000,
            "max_seconds": 30,
        },
    ),
}

#: The distributions whose versions provenance.json records.
PACKAGES = ("eightlab", "numpy", "pandas", "matplotlib", "networkx", "papermill")

#: The parameter the runner injects into every notebook.
OUTPUT_PARAMETER = "output_dir"


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


def discover(notebooks_dir) -> list[Path]:
    """The notebooks of a folder in run order: tutorials (``01_...``) first, then the rest.

    Parameters
    ----------
    notebooks_dir : str or Path

    Returns
    -------
    list of Path
        Sorted by file name within each group.

    Raises
    ------
    EightlabError
        If the folder does not exist.
    """
    folder = Path(notebooks_dir)
    if not folder.is_dir():
        raise EightlabError(f"notebook folder {str(folder)!r} does not exist")
    paths = [p for p in folder.glob("*.ipynb") if not p.name.startswith(".")]
    return sorted(paths, key=lambda p: (not p.name[:1].isdigit(), p.name))


def parse_value(text: str, declared_type: str | None = None):
    """A ``-p NAME VALUE`` value, read as papermill's command line reads it.

    Parameters
    ----------
    text : str
        The value as typed.
    declared_type : str, optional
        papermill's inferred type of the parameter's default (``"str"``, ``"int"``...).
        A parameter whose default is a string keeps the text as it is, so that
        ``-p goal 123456780`` stays a string.

    Returns
    -------
    object
        ``None`` for ``None``/``null``; ints, floats, booleans, lists and mappings as
        YAML reads them (``[2, 4, 6]``, ``True``); otherwise the text.
    """
    import yaml

    if declared_type == "str":
        return text
    if text in ("None", "none", "null", "~"):
        return None
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    if isinstance(value, str) and declared_type == "float":
        try:
            return float(text)
        except ValueError:
            return value
    return text if value is None else value


def declared_parameters(path) -> dict[str, dict]:
    """The parameters a notebook declares in its cell tagged ``parameters``.

    Returns
    -------
    dict
        ``name -> {"type": type name, "default": source text}``; the type is the one of
        the default value (``"str"``, ``"int"``, ``"list"``...), or papermill's
        inferred type name when the default is not a literal.
    """
    import papermill

    found = papermill.inspect_notebook(str(path))
    declared = {}
    for name, info in found.items():
        source = info.get("default")
        try:
            kind = type(ast.literal_eval(source)).__name__
        except (ValueError, SyntaxError, TypeError):
            kind = info.get("inferred_type_name")
        declared[name] = {"type": kind, "default": source}
    return declared


def _default_value(source):
    if source is None:
        return None
    try:
        return ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return source


def override_hash(overrides: dict) -> str:
    """Eight hex digits identifying a set of parameter overrides (order does not matter)."""
    text = json.dumps(sorted(overrides.items()), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def folder_name(notebook: str, preset: str | None, overrides: dict) -> str:
    """The results folder name of a run: ``NAME``, ``NAME--PRESET``, ``NAME--custom-HASH``."""
    name = notebook
    if preset:
        name += f"--{preset}"
    if overrides:
        name += f"--custom-{override_hash(overrides)}"
    return name


@dataclass
class _Plan:
    path: Path
    name: str
    folder: str
    parameters: dict
    declared: dict


def plan_runs(only=None, parameters=None, preset=None, notebooks_dir="notebooks") -> list[_Plan]:
    """Decide which notebooks run, with which parameters, into which folders.

    Parameters are those of :func:`run_notebooks`. With overrides, only the notebooks
    that declare at least one of them run (each gets the overrides it declares).

    Returns
    -------
    list of _Plan
        Per notebook to run, in run order: its path, name, results folder name, the
        parameters to inject (``output_dir`` included) and the parameters it declares.

    Raises
    ------
    UnknownNameError
        For an ``only`` name that is no notebook, or an unknown preset.
    EightlabError
        For a parameter that none of the selected notebooks declares.
    """
    paths = discover(notebooks_dir)
    by_name = {p.stem: p for p in paths}
    selected = paths
    if only:
        wanted = [name.removesuffix(".ipynb") for name in only]
        unknown = [name for name in wanted if name not in by_name]
        if unknown:
            raise UnknownNameError(
                f"unknown notebook {unknown[0]!r}; the notebooks are: "
                f"{', '.join(by_name) or '(none)'}"
            )
        selected = [p for p in paths if p.stem in wanted]
    preset_parameters = {}
    if preset is not None:
        if preset not in PRESETS:
            raise UnknownNameError(
                f"unknown preset {preset!r}; the presets are: "
                + ", ".join(f"{k} ({v[0]})" for k, v in PRESETS.items())
            )
        notebook, preset_parameters = PRESETS[preset]
        if notebook not in by_name:
            raise UnknownNameError(f"preset {preset!r} needs notebook {notebook!r}, not found")
        if only and notebook not in {p.stem for p in selected}:
            raise EightlabError(f"preset {preset!r} runs {notebook!r}, which --only excludes")
        selected = [by_name[notebook]]
    raw = dict(parameters or {})
    declared = {p.stem: declared_parameters(p) for p in selected}
    unknown = [
        name
        for name in raw
        if name == OUTPUT_PARAMETER or not any(name in params for params in declared.values())
    ]
    if unknown:
        listing = "; ".join(
            f"{nb}: {', '.join(k for k in params if k != OUTPUT_PARAMETER) or '(none)'}"
            for nb, params in declared.items()
        )
        raise EightlabError(
            f"no selected notebook has a parameter {unknown[0]!r} that can be set; "
            f"parameters: {listing}"
        )
    plans = []
    for path in selected:
        params = declared[path.stem]
        overrides = {
            k: v if not isinstance(v, str) else parse_value(v, params[k]["type"])
            for k, v in raw.items()
            if k in params
        }
        if raw and not overrides:
            continue  # a researcher's -p run: notebooks it does not concern are not run
        injected = {**preset_parameters, **overrides, OUTPUT_PARAMETER: "."}
        plans.append(
            _Plan(path, path.stem, folder_name(path.stem, preset, overrides), injected, params)
        )
    return plans


def run_notebooks(
    only=None,
    parameters=None,
    preset=None,
    notebooks_dir="notebooks",
    results_dir="results",
    progress: bool = True,
    echo=None,
) -> list[NotebookRun]:
    """Execute notebooks with papermill into ``results_dir`` (see the module docstring).

    Parameters
    ----------
    only : list of str, optional
        Notebook names (without ``.ipynb``) to run; default all.
    parameters : dict or list of (str, str), optional
        Overrides; string values are parsed like papermill's ``-p`` (:func:`parse_value`).
    preset : str, optional
        A name of :data:`PRESETS`; selects its notebook.
    notebooks_dir, results_dir : str or Path
    progress : bool, optional
        Show a tqdm bar over the notebooks.
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
        On an unknown notebook, preset or parameter (nothing is run).
    """
    from tqdm import tqdm

    if parameters is not None and not isinstance(parameters, dict):
        parameters = dict(parameters)
    plans = plan_runs(only, parameters, preset, notebooks_dir)
    results = Path(results_dir)
    results.mkdir(parents=True, exist_ok=True)
    context = _static_provenance(Path(notebooks_dir), results)
    records = []
    bar = tqdm(plans, desc="notebooks", unit="notebook", disable=not progress)
    for plan in bar:
        bar.set_description(plan.name)
        record = _run_one(plan, results, preset, context)
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


def _run_one(plan: _Plan, results: Path, preset, context: dict) -> NotebookRun:
    import papermill

    final = results / plan.folder
    temporary = results / f".tmp-{plan.folder}-{uuid.uuid4().hex[:8]}"
    temporary.mkdir()
    executed = temporary / f"{plan.name}.ipynb"
    record = NotebookRun(plan.name, final, dict(plan.parameters))
    started, clock = datetime.now(timezone.utc), time.perf_counter()
    try:
        with _kernel_can_import_eightlab():
            papermill.execute_notebook(
                str(plan.path),
                str(executed),
                parameters=plan.parameters,
                kernel_name="python3",
                progress_bar=False,
                cwd=str(temporary),
                # the kernel's start-up warnings (TCP on localhost) are noise here
                extra_arguments=["--IPKernelApp.log_level=ERROR"],
            )
        _write_html(executed, temporary / f"{plan.name}.html")
        record.seconds = time.perf_counter() - clock
        provenance = _provenance(plan, preset, context, started, record.seconds)
        (temporary / "provenance.json").write_text(json.dumps(provenance, indent=2) + "\n")
        _swap_in(temporary, final)
        (results / f"{plan.folder}.failed.ipynb").unlink(missing_ok=True)
        record.ok = True
    except Exception as error:  # a failing notebook must not stop the others
        record.seconds = time.perf_counter() - clock
        record.error = failure_message(plan.name, error)
        if executed.exists():
            record.failed_notebook = results / f"{plan.folder}.failed.ipynb"
            os.replace(executed, record.failed_notebook)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return record


@contextmanager
def _kernel_can_import_eightlab():
    """Put this eightlab's folder first on the kernel's PYTHONPATH while it starts.

    The kernel runs in the results folder, so without this it would import whatever
    eightlab is installed, or none; with it, the notebooks run the code the runner runs.
    """
    root = str(Path(__file__).resolve().parent.parent)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = root if not before else os.pathsep.join([root, before])
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


def failure_message(name: str, error: BaseException) -> str:
    """``eightlab: notebook NAME failed in cell N: ErrorType: message`` (one line)."""
    from papermill.exceptions import PapermillExecutionError

    if isinstance(error, PapermillExecutionError):
        text = (str(error.evalue).strip().splitlines() or [""])[0]
        return f"eightlab: notebook {name} failed in cell {error.exec_count}: {error.ename}: {text}"
    text = (str(error).strip().splitlines() or [""])[0]
    return f"eightlab: notebook {name} failed: {type(error).__name__}: {text}"


def _write_html(notebook: Path, target: Path) -> None:
    import nbformat
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_notebook_node(nbformat.read(notebook, as_version=4))
    target.write_text(body, encoding="utf-8")


def _swap_in(temporary: Path, final: Path) -> None:
    """Rename ``temporary`` to ``final``, keeping the old ``final`` as ``.previous``."""
    previous = final.with_name(final.name + ".previous")
    if final.exists():
        if previous.exists():
            shutil.rmtree(previous)
        os.replace(final, previous)
    os.replace(temporary, final)


def _git(folder: Path, *args) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_state(folder, exclude=None) -> dict:
    """The git commit of ``folder`` and whether its tree differs from it.

    Parameters
    ----------
    folder : str or Path
        Any folder inside the working tree.
    exclude : str or Path, optional
        A folder left out of the dirty check (the results being written).

    Returns
    -------
    dict
        ``{"commit": str or None, "dirty": bool or None}``; None outside git.
    """
    folder = Path(folder).resolve()
    commit = _git(folder, "rev-parse", "HEAD")
    if commit is None:
        return {"commit": None, "dirty": None}
    pathspec = ["."]
    top = _git(folder, "rev-parse", "--show-toplevel")
    if exclude is not None and top:
        try:
            relative = Path(exclude).resolve().relative_to(Path(top.strip()))
            pathspec.append(f":(exclude){relative.as_posix()}")
        except ValueError:
            pass
    status = _git(Path(top.strip()) if top else folder, "status", "--porcelain", "--", *pathspec)
    return {"commit": commit.strip(), "dirty": None if status is None else bool(status.strip())}


def _versions() -> dict:
    from importlib import metadata

    import eightlab

    versions = {}
    for package in PACKAGES:
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    if versions["eightlab"] is None:  # run from a checkout that is not installed
        versions["eightlab"] = eightlab.__version__
    return versions


def _static_provenance(notebooks_dir: Path, results: Path) -> dict:
    """What is the same for every notebook of one invocation (read before any run)."""
    return {
        "versions": _versions(),
        "python": platform.python_version(),
        "git": git_state(notebooks_dir, exclude=results),
        "machine": {
            "platform": platform.platform(),
            "machine": platform.machine(),
            "processor": platform.processor() or None,
            "cpu_count": os.cpu_count(),
        },
    }


def _provenance(plan: _Plan, preset, context: dict, started: datetime, seconds: float) -> dict:
    effective = {k: _default_value(v["default"]) for k, v in plan.declared.items()}
    effective.update(plan.parameters)
    ended = datetime.now(timezone.utc)
    return {
        "notebook": plan.path.name,
        "parameters": effective,
        "injected": plan.parameters,
        "preset": preset,
        "seed": effective.get("seed"),
        "versions": context["versions"],
        "python": context["python"],
        "git": context["git"],
        "machine": context["machine"],
        "started": started.isoformat(timespec="seconds"),
        "ended": ended.isoformat(timespec="seconds"),
        "duration_seconds": round(seconds, 3),
    }


def run_from_cli(args) -> int:
    """``python -m eightlab run``: run the notebooks; 0 if all succeeded, else 1.

    Parameters
    ----------
    args : argparse.Namespace
        With ``only`` (list or None), ``parameter`` (list of [NAME, VALUE]),
        ``preset``, ``notebooks`` and ``results``.

    Raises
    ------
    EightlabError
        On an unknown notebook, preset or parameter (the command line exits with 2).
    """
    parameters = {}
    for name, value in args.parameter or []:
        if name in parameters:
            raise EightlabError(f"parameter {name!r} is given twice")
        parameters[name] = value
    records = run_notebooks(
        only=args.only,
        parameters=parameters,
        preset=args.preset,
        notebooks_dir=args.notebooks,
        results_dir=args.results,
    )
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
