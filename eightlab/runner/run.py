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

Nothing runs before every check has passed: the notebook folder holds notebooks, each
override is declared by a selected notebook and fits the type of its default
(:func:`check_parameter`), and the results folder can be created and written to.

The kernel gets this eightlab's folder first on its ``PYTHONPATH``, so the notebooks
run the same code as the runner, installed or not. What the kernel process itself
writes on its standard error (not the cells' output, which goes into the notebook) is
passed on when its notebook ends, and dropped on Ctrl-C.
"""

from __future__ import annotations

import ast
import hashlib
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from eightlab.errors import EightlabError, UnknownNameError
from eightlab.runner.html import write_html

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
    # Korf (1985): IDA* with Manhattan distance on all 100 instances
    "korf1985": ("korf100", {"heuristics": ["manhattan"], "instances": [], "workers": 2}),
    # Felner, Korf & Hanan (2004): additive pattern databases against Manhattan (add the
    # opt-in 7-8 with -p heuristics "[manhattan, pdb-5-5-5, pdb-6-6-3, pdb-7-8]")
    "felner2004": (
        "korf100",
        {"heuristics": ["manhattan", "pdb-5-5-5", "pdb-6-6-3"], "instances": [], "workers": 2},
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
        If the folder does not exist or is not a folder.
    """
    folder = Path(notebooks_dir)
    if not folder.exists():
        raise EightlabError(f"notebook folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise EightlabError(f"notebook folder {str(folder)!r} is not a folder")
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


#: Parameters that count instances, wherever a notebook declares them: below 1 the
#: notebook would have nothing to run and would "succeed" with empty tables.
AT_LEAST_ONE = ("per_depth", "n_instances", "n_pairs", "astar_instances")

#: List parameters that must not be empty, for the same reason.
NOT_EMPTY = ("depths",)

#: Budget parameters, which also take None: no budget.
BUDGETS = ("max_nodes", "max_seconds")

#: (notebook, parameter) -> (smallest, largest or None): the range of an int parameter,
#: or of every item of a list parameter.
RANGES = {
    ("korf100", "instances"): (1, 100),
    ("korf100", "astar_instance"): (1, 100),
    ("korf100", "workers"): (1, None),
    ("korf100", "astar_max_stored"): (1, None),
}


def check_parameter(notebook: str, name: str, value, declared: dict, text=None):
    """Check a value for a notebook's parameter against the type of its default.

    Parameters
    ----------
    notebook : str
        The notebook's name (for the message).
    name : str
        The parameter.
    value : object
        The value to inject (already parsed by :func:`parse_value`).
    declared : dict
        The parameter's entry of :func:`declared_parameters`: its ``type`` (the type
        name of the default) and ``default`` (source text).
    text : str, optional
        The value as typed on the command line, quoted in the message.

    Returns
    -------
    object
        The value to inject: itself, or a float for an int given to a float parameter.

    Raises
    ------
    EightlabError
        An int parameter takes an int (not a bool), a float one an int or a float, a
        bool one true or false, a list one a list (of ints or numbers when the default
        holds only such). A string or None default takes any value, and a budget
        (:data:`BUDGETS`) also takes None. Whatever the type,
        an instance count (:data:`AT_LEAST_ONE`) must be >= 1 and a list of
        :data:`NOT_EMPTY` must not be empty.
    """
    kind = declared.get("type")
    shown = repr(text if isinstance(text, str) else value)
    if name in BUDGETS and value is None:
        return None  # no budget

    def refuse(expected: str, hint: str = ""):
        raise EightlabError(
            f"parameter {name!r} of {notebook} expects {expected}, not {shown}{hint}"
        )

    if kind == "int" and not _is_int(value):
        refuse("an int")
    if kind == "float":
        if not _is_number(value) or not math.isfinite(value):
            refuse("a finite number")
        value = float(value)
    if name in BUDGETS and not value > 0:
        refuse("a number > 0, or None for no budget")
    if kind == "bool" and not isinstance(value, bool):
        refuse("true or false")
    if kind == "dict" and not isinstance(value, dict):
        refuse("a mapping", f'; write it as YAML, e.g. -p {name} "{{key: value}}"')
    if kind in ("list", "tuple"):
        if not isinstance(value, (list, tuple)):
            items = [] if isinstance(value, dict) else str(text or value).replace(",", " ").split()
            example = f"[{', '.join(items)}]" if items else "[...]"
            refuse("a list", f'; write it as a YAML list, e.g. -p {name} "{example}"')
        default = _default_value(declared.get("default"))
        if isinstance(default, (list, tuple)) and default:
            if all(_is_int(item) for item in default):
                if not all(_is_int(item) for item in value):
                    refuse("a list of ints")
            elif all(_is_number(item) for item in default):
                if not all(_is_number(item) for item in value):
                    refuse("a list of numbers")
    if name in AT_LEAST_ONE and _is_int(value) and value < 1:
        raise EightlabError(
            f"parameter {name!r} of {notebook} must be >= 1, not {value}: "
            "there would be no instances to run"
        )
    low, high = RANGES.get((notebook, name), (None, None))
    if low is not None:
        items = value if isinstance(value, (list, tuple)) else [value]
        bad = [v for v in items if _is_int(v) and (v < low or (high is not None and v > high))]
        if bad:
            span = f"{low} to {high}" if high is not None else f">= {low}"
            raise EightlabError(f"parameter {name!r} of {notebook} takes {span}, not {bad[0]}")
    if name in NOT_EMPTY and isinstance(value, (list, tuple)) and not value:
        raise EightlabError(
            f"parameter {name!r} of {notebook} must not be empty: "
            "there would be no instances to run"
        )
    return value


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


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
        For a notebook folder without notebooks, a parameter that none of the selected
        notebooks declares, or a value that does not fit a notebook's parameter
        (:func:`check_parameter`).
    """
    paths = discover(notebooks_dir)
    if not paths:
        raise EightlabError(f"notebook folder {str(notebooks_dir)!r} has no notebooks (*.ipynb)")
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
        for name, value in {**preset_parameters, **overrides}.items():
            if name in params:
                typed = check_parameter(path.stem, name, value, params[name], raw.get(name))
                if name in overrides:
                    overrides[name] = typed
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
        On an unknown notebook, preset or parameter, a value that does not fit its
        parameter, or a results folder that cannot be created or written to (nothing
        is run).
    """
    from tqdm import tqdm

    if parameters is not None and not isinstance(parameters, dict):
        parameters = dict(parameters)
    plans = plan_runs(only, parameters, preset, notebooks_dir)
    results = Path(results_dir)
    prepare_results(results)
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


def _run_one(plan: _Plan, results: Path, preset, context: dict) -> NotebookRun:
    import papermill

    final = results / plan.folder
    temporary = results / f".tmp-{plan.folder}-{uuid.uuid4().hex[:8]}"
    temporary.mkdir()
    executed = temporary / f"{plan.name}.ipynb"
    record = NotebookRun(plan.name, final, dict(plan.parameters))
    # The kernel's own standard error (not the cells'), held back until the run ends:
    # on Ctrl-C the kernel, interrupted and shut down at once, prints a ZMQ traceback.
    kernel_stderr = tempfile.TemporaryFile()
    started, clock = datetime.now(UTC), time.perf_counter()
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
                kernel_manager_class=_kernel_manager_class(kernel_stderr),
            )
        write_html(executed, temporary / f"{plan.name}.html")
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
    except KeyboardInterrupt:
        kernel_stderr.close()  # what the interrupted kernel printed is noise
        raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    _pass_on(kernel_stderr)
    return record


def _kernel_manager_class(stderr):
    """An AsyncKernelManager whose kernels write their standard error into ``stderr``."""
    from jupyter_client.manager import AsyncKernelManager

    class KernelManager(AsyncKernelManager):
        async def start_kernel(self, **kw):
            kw.setdefault("stderr", stderr)
            return await super().start_kernel(**kw)

    return KernelManager


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
def _kernel_can_import_eightlab():
    """Put this eightlab's folder first on the kernel's PYTHONPATH while it starts.

    The kernel runs in the results folder, so without this it would import whatever
    eightlab is installed, or none; with it, the notebooks run the code the runner runs.
    """
    root = str(Path(__file__).resolve().parents[2])
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
    ended = datetime.now(UTC)
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
