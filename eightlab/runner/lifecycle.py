"""One notebook run from start to finish, whoever runs it: ``eightlab run`` or papermill.

A :class:`Run` writes into a temporary folder beside its results folder and swaps it in
on success, with ``provenance.json`` and the HTML (the old one kept as ``.previous``);
an unfinished run keeps its ``*.partial.csv`` tables for the next run of its folder.
``eightlab run`` makes one per notebook around papermill; an experiment notebook makes
its own with :func:`begin` after its parameters and ends it with ``run.finish()``. A
kernel that ran papermill's injected-parameters cell (``papermill IN OUT -p ...`` or
``-f presets/NAME.yaml``) does the bookkeeping itself (with ``--inject-paths`` it also
copies the executed notebook and its HTML); under ``eightlab run`` the runner does it;
anywhere else results go to ``results/NAME--interactive`` as written.
"""

from __future__ import annotations

import atexit
import fcntl
import itertools
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

from eightlab.errors import EightlabError
from eightlab.experiments.folders import (
    BATCH_VARIABLE,
    INTERACTIVE_MARK,
    PROVENANCE,
    RUNNER_VARIABLE,
    file_digests,
    foreign_files,
    notebooks_root,
    results_root,
)
from eightlab.files import readable_mode
from eightlab.runner.parameters import OUTPUT_PARAMETER

#: The ending of the resumable partial tables a notebook writes.
PARTIAL_SUFFIX = ".partial.csv"

#: The file that marks a run's temporary folder (JSON: the results folder it becomes);
#: removed when the folder is swapped in.
TEMPORARY_MARK = ".eightlab-temporary"


class Interrupted(KeyboardInterrupt):
    """The runner received SIGTERM or SIGHUP (Ctrl-C stays a plain KeyboardInterrupt)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def signals_interrupt():
    """Turn SIGTERM and SIGHUP into :class:`Interrupted` while the block runs."""
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
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(
        signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    )
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def lock_results(results: Path, elsewhere: str = "give this one another --results folder",
                 shared: bool = False):  # fmt: skip
    """Hold an exclusive (or ``shared``) ``fcntl`` lock on the results folder itself (no
    file) for the block; an :class:`EightlabError` ending with ``elsewhere`` if another
    run holds a lock that excludes it."""
    handle = os.open(results, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            raise EightlabError(
                f"another eightlab run is writing into results folder {str(results)!r}; "
                f"wait for it to finish, or {elsewhere}"
            ) from None
        yield
    finally:
        os.close(handle)  # closing releases the lock


def prepare_results(results) -> None:
    """Create the results folder if needed and check that runs can be written into it (an
    :class:`EightlabError` naming the folder and the reason if not)."""
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


def check_replaceable(folder, working_directory=None) -> None:
    """Refuse, before any kernel work, a results folder a run could not replace safely.

    A run swaps its results in whole: ``folder`` becomes ``folder.previous`` and the
    ``.previous`` of the run before is removed. Both must therefore be new, empty, or
    results folders that hold only what eightlab wrote, unchanged
    (:func:`~eightlab.experiments.folders.foreign_files`),
    and ``folder`` must not hold the working directory (``-p output_dir .``). A new or
    empty ``folder`` is not kept, so its ``.previous`` is left alone and not checked.

    Raises
    ------
    EightlabError
        In one line naming the folder, if it is a file or not writable, holds the working
        directory (suggesting a folder a run may write), or holds anything eightlab did not
        write or a file it wrote that was changed since (naming it).
    """
    folder = Path(folder).resolve()
    here = Path(working_directory or os.getcwd()).resolve()
    if folder == here or folder in here.parents:
        raise EightlabError(
            f"output folder {str(folder)!r} is the working directory or holds it, and a run "
            "replaces its output folder whole; give it a new folder, e.g. -p output_dir "
            + _new_folder(here)
        )
    previous = folder.with_name(folder.name + ".previous")
    checked = [(folder, "output folder")]
    if folder.is_dir() and any(folder.iterdir()):  # only then does a run replace .previous
        checked.append((previous, "folder"))
    for path, role in checked:
        if path.exists() and not path.is_dir():
            raise EightlabError(f"{role} {str(path)!r} exists and is not a folder")
        if path.is_dir() and not os.access(path, os.W_OK):  # renaming it needs write access
            if os.statvfs(path).f_flag & os.ST_RDONLY:  # chmod cannot help there
                raise EightlabError(
                    f"{role} {str(path)!r} is on a read-only file system, and a run replaces "
                    "it; give an output folder on a writable one"
                )
            raise EightlabError(
                f"{role} {str(path)!r} is not writable, and a run replaces it; make it "
                "writable (chmod u+w) or give another output folder"
            )
        foreign = foreign_files(path) if path.is_dir() else []
        more = f" and {len(foreign) - 1} more" if len(foreign) > 1 else ""
        if foreign and foreign[0] in _recorded(path):
            raise EightlabError(
                f"{role} {str(path)!r} holds {foreign[0]!r}{more}, changed since eightlab "
                "wrote it, and a run would replace it; move it away to keep your version "
                "or give a new output folder"
            )
        if foreign:
            raise EightlabError(
                f"{role} {str(path)!r} holds files eightlab did not write ({foreign[0]!r}"
                f"{more}), and a run would replace it; move them away or give a new or "
                "empty output folder"
            )


def _recorded(folder: Path) -> dict:
    """The files a finished run in ``folder`` recorded with their digests (else empty)."""
    try:
        files = json.loads((folder / PROVENANCE).read_text()).get("files")
    except (OSError, ValueError, AttributeError):
        return {}
    return files if isinstance(files, dict) else {}


def _new_folder(here: Path) -> str:
    """The first of ``results``, ``results-2``, ... in ``here`` a run may write into."""
    for number in itertools.count(1):  # a name not taken comes before the names run out
        name = "results" if number == 1 else f"results-{number}"
        with suppress(EightlabError):
            check_replaceable(here / name, here)
            return name


class Run:
    """One notebook run into ``folder``: temporary folder, lock, swap-in, provenance, HTML.

    ``notebook`` is the notebook's name and ``path`` its file; ``parameters`` holds every
    value, defaults included, ``injected`` those given to this run; ``preset``,
    ``command``, ``working_directory`` and ``context``
    (:func:`~eightlab.runner.provenance.static_provenance`) go into its provenance.
    ``lock`` locks the folder (made empty if new), and its parent shared (``eightlab run``
    locks its results folder whole, once for all, and passes False). An
    ``"interactive"`` run, and a kernel's under ``eightlab run``, do no bookkeeping.
    When it ends, ``ok``, ``seconds`` and, for a failure, ``error`` (one line) and
    ``failed_notebook`` (where the executed notebook was kept) say how.
    """

    def __init__(self, notebook, path, folder, parameters, injected, *, preset=None,
                 command=None, working_directory=None, context=None, lock=True, mode="runner"):  # fmt: skip
        self.notebook, self.path, self.folder = notebook, Path(path), Path(folder)
        self.parameters, self.injected, self.mode = parameters, injected, mode
        self.preset, self.command, self.working_directory = preset, command, working_directory
        self.context, self.lock, self._cwd = context, lock, os.getcwd()
        self.temporary = self.executed = self.error = self.failed_notebook = None
        self.ok, self.seconds, self._lock = False, 0.0, ExitStack()

    @property
    def kept(self) -> Path:
        """Where the partial tables of an unfinished run wait for the next one."""
        return self.folder.with_name(f"{self.folder.name}.partial")

    def start(self) -> Path:
        """Lock (if asked), make the temporary folder and adopt earlier partial tables."""
        parent = self.folder.parent
        check_replaceable(self.folder, self._cwd)
        if self.lock:  # until finish/abandon; runs into sibling folders share the parent
            prepare_results(parent)
            elsewhere = "give this one a folder of its own with -p output_dir DIR"
            self._lock.enter_context(lock_results(parent, elsewhere, shared=True))
            if not self.folder.exists():
                self.folder.mkdir(exist_ok=True)
                self._lock.callback(_remove_if_empty, self.folder)
            self._lock.enter_context(lock_results(self.folder, elsewhere))
        self.temporary = Path(tempfile.mkdtemp(prefix=f".tmp-{self.folder.name}-", dir=parent))
        os.chmod(self.temporary, readable_mode(directory=True))  # mkdtemp gives 0700
        mark = {"folder": self.folder.name, "notebook": self.notebook, "pid": os.getpid()}
        (self.temporary / TEMPORARY_MARK).write_text(json.dumps(mark) + "\n")
        _adopt_partials(parent, self.folder.name, self.kept, self.temporary)
        self._started, self._clock = datetime.now(UTC), time.perf_counter()
        return self.temporary

    def finish(self, executed=None) -> Path | None:
        """Write the HTML of ``executed`` (if any), provenance; swap in; the folder or None."""
        if self.mode == "interactive" or self.temporary is None or self.ok:
            return None
        from eightlab.experiments.reruns import steady_notebook
        from eightlab.runner.html import write_html
        from eightlab.runner.provenance import NOTES, record, write_provenance

        executed = executed or self.executed
        if executed is not None and Path(executed).exists():
            copy = self.temporary / f"{self.notebook}.ipynb"
            if Path(executed).resolve() != copy.resolve():
                shutil.copyfile(executed, copy)
            steady_notebook(copy)
            portable_notebook(copy, self.working_directory or self._cwd)
            write_html(copy, self.temporary / f"{self.notebook}.html")
        self.seconds = time.perf_counter() - self._clock
        (self.temporary / ".progress").unlink(missing_ok=True)
        # the finished rows wait beside the folder until the results are in place
        _keep_partials(self.temporary, self.kept)
        for path in self.temporary.glob(f"*{PARTIAL_SUFFIX}"):
            path.unlink()  # empty, or shorter than the one kept
        provenance = record(self, self._started, self.seconds)
        (self.temporary / NOTES).unlink(missing_ok=True)
        (self.temporary / TEMPORARY_MARK).unlink(missing_ok=True)
        provenance["files"] = file_digests(self.temporary)  # what a rerun may replace
        write_provenance(self.temporary, provenance)
        os.chdir(self._cwd)
        with signals_deferred():  # never half swapped
            swap_in(self.temporary, self.folder)
            _remove_partials(self.kept)
            self.folder.with_name(f"{self.folder.name}.failed.ipynb").unlink(missing_ok=True)
        self.ok = True
        self._lock.close()
        if self.mode == "papermill":
            _ignore_interrupts()
            html = (
                f", {self.notebook}.html"
                if (self.folder / f"{self.notebook}.html").exists()
                else ""
            )
            line = f"eightlab: results in {self.folder} ({PROVENANCE}{html})"
            print(line)
            _tell_terminal(line)
        return self.folder

    def abandon(self) -> None:
        """End a run that did not finish: keep its partial tables, remove the rest."""
        if not self.ok and self.temporary is not None:
            os.chdir(self._cwd)
            if self.temporary.exists():
                _keep_partials(self.temporary, self.kept)
                shutil.rmtree(self.temporary, ignore_errors=True)
        self._lock.close()


def begin(name: str, namespace: dict, notebook=None) -> Run:
    """Check a notebook's parameters (``namespace`` is its ``globals()``; the checked values
    are written back) and start its run; ``notebook`` defaults to ``notebooks/NAME.ipynb``.
    Raises :class:`EightlabError` in one line naming a parameter that does not fit or that
    the notebook does not have (papermill only warns), or a results folder another run
    is writing into."""
    from eightlab.runner.parameters import declared_parameters, default_value, parse_value
    from eightlab.runner.specs import check_values

    path = Path(notebook) if notebook is not None else notebooks_root() / f"{name}.ipynb"
    declared = declared_parameters(path) if path.exists() else {}
    # papermill's injected-parameters cell, if this kernel ran one (its own history)
    cell = next((c for c in namespace.get("In", []) if c.startswith("# Parameters\n")), None)
    if declared:  # a notebook not found (an installed eightlab) names none to compare with
        _refuse_unknown(name, declared, _assigned(cell or ""))
    names = [k for k in declared if k != OUTPUT_PARAMETER and k in namespace]
    values = check_values(name, declared, {k: namespace[k] for k in names})
    namespace.update(values)
    parent = None if cell or os.environ.get(RUNNER_VARIABLE) else papermill_parent()
    mode = "papermill" if cell or parent else "interactive"
    mode = "runner" if os.environ.get(RUNNER_VARIABLE) else mode
    output_dir = namespace.get(OUTPUT_PARAMETER, "")
    folder = Path(output_dir).resolve() if output_dir else results_root() / f"{name}--interactive"
    if (folder / PROVENANCE).exists() and folder == Path.cwd().resolve():
        mode = "interactive"  # an executed copy re-executed where it lies: its results stay
    if mode == "interactive" and output_dir and not (folder / PROVENANCE).exists():
        _claim_interactive(folder)
    own = {Path.cwd().resolve(), results_root() / f"{name}--interactive"}
    if (
        mode == "interactive"
        and output_dir
        and (folder / PROVENANCE).exists()
        and folder not in own
    ):
        raise EightlabError(
            f"output folder {str(folder)!r} holds a finished run (provenance.json), which an "
            "interactive run never writes into; give a new or empty output_dir, or replace "
            "that run with eightlab run or papermill"
        )
    if mode == "interactive":
        _unfinish(results_root() / f"{name}--interactive")
    injected = {k: values.get(k, namespace.get(k)) for k in _assigned(cell or "")}
    injected.pop("PAPERMILL_INPUT_PATH", None)
    output = injected.pop("PAPERMILL_OUTPUT_PATH", None) or (parent or {}).get("output")
    parameters = {k: default_value(v["default"]) for k, v in declared.items()}
    parameters.update(values, **{OUTPUT_PARAMETER: str(folder)})
    command = ["papermill", namespace.get("PAPERMILL_INPUT_PATH", str(path)), output or "OUT.ipynb"]
    for key, value in injected.items():
        text = value if isinstance(value, str) else json.dumps(value)
        # -p would read 012345678 as a number: papermill's -r keeps the text
        raw = isinstance(value, str) and not isinstance(parse_value(value), str)
        command += ["-r" if raw else "-p", key, text]
    run = Run(name, path, folder, parameters, injected, command=command, mode=mode,
              working_directory=os.getcwd())  # fmt: skip
    if mode == "papermill":
        os.environ[BATCH_VARIABLE] = "1"  # this kernel's output is kept
        run.executed = Path(output).resolve() if output else None  # from papermill's folder
        # the kernel works in the temporary folder, which the notebook knows as "."
        os.chdir(run.start())
        namespace[OUTPUT_PARAMETER] = "."
        atexit.register(run.abandon)
        _abandon_when_orphaned(run)
        _abandon_when_interrupted(run)
    return run


def papermill_parent() -> dict | None:
    """``{"output": path}`` (the executed notebook, or None) when this kernel's parent
    process is papermill's command line, else None.

    papermill run without ``-p`` injects no parameters cell; its kernel is still its
    child, started with papermill's working directory. JupyterLab's and nbclient's
    kernels have another parent. Read from ``/proc`` (Linux), else from ``ps``.
    """
    parent = os.getppid()
    try:
        command = Path(f"/proc/{parent}/cmdline").read_bytes().decode().split("\0")
        cwd = os.readlink(f"/proc/{parent}/cwd")
    except (OSError, UnicodeDecodeError):
        import shlex
        import subprocess

        try:
            shown = subprocess.run(["ps", "-o", "args=", "-p", str(parent)], timeout=10,
                                   capture_output=True, text=True).stdout  # fmt: skip
            command, cwd = shlex.split(shown), os.getcwd()
        except (OSError, ValueError, subprocess.SubprocessError):
            return None
    names = [Path(part).name for part in command[:3]]
    if "papermill" not in names:
        return None
    arguments = command[names.index("papermill") + 1 :]
    try:
        from papermill.cli import papermill as papermill_command

        context = papermill_command.make_context("papermill", arguments, resilient_parsing=True)
        output = context.params.get("output_path")
    except Exception:  # papermill's own command line, whatever it holds
        output = None
    if not output or output == "-" or "://" in output:
        return {"output": None}
    return {"output": str(Path(cwd, output))}


def _claim_interactive(folder: Path) -> None:
    """Refuse an interactive run's explicit output folder holding files eightlab did not
    write, which it would overwrite (a folder
    :func:`~eightlab.experiments.folders.output_folder` made is eightlab's)."""
    if not folder.is_dir() or (folder / INTERACTIVE_MARK).exists():
        return
    foreign = foreign_files(folder)
    if foreign:
        more = f" and {len(foreign) - 1} more" if len(foreign) > 1 else ""
        raise EightlabError(
            f"output folder {str(folder)!r} holds files eightlab did not write ({foreign[0]!r}"
            f"{more}), and this run would write beside them; give a new or empty output_dir"
        )


def _unfinish(folder: Path) -> None:
    """Turn the finished run in ``folder``, which an interactive run writes into, into an
    interactive run's folder: its ``provenance.json`` would describe another run."""
    if (folder / PROVENANCE).is_file():
        (folder / INTERACTIVE_MARK).touch()
        (folder / PROVENANCE).unlink()


def _refuse_unknown(notebook: str, declared: dict, injected) -> None:
    """Refuse a name papermill injected that the notebook does not declare (papermill only
    warns, and the notebook would run with its defaults)."""
    for key in injected:
        if key not in declared and not key.startswith("PAPERMILL_"):
            names = ", ".join(k for k in declared if k != OUTPUT_PARAMETER) or "(none)"
            raise EightlabError(f"{notebook} has no parameter {key!r}; its parameters: {names}")


def _abandon_when_orphaned(run: Run) -> None:
    """Remove ``run``'s temporary folder (keeping its partial tables) when papermill dies.

    papermill killed (SIGTERM, SIGKILL) leaves its kernel behind, and ipykernel's parent
    poller ends it with ``os._exit``, which runs no atexit function: the poller's
    ``os._exit`` is wrapped so that it abandons the run first.
    """
    try:
        from ipykernel import parentpoller
    except ImportError:
        return
    real = parentpoller.os

    class ExitAfterAbandon:
        def __getattr__(self, name):
            return getattr(real, name)

        @staticmethod
        def _exit(status):
            with suppress(Exception):
                run.abandon()
            real._exit(status)

    parentpoller.os = ExitAfterAbandon()


def _abandon_when_interrupted(run: Run) -> None:
    """Abandon ``run`` when a cell is interrupted, and say where its finished rows wait.

    papermill stopped by Ctrl-C interrupts its kernel (SIGINT) before shutting it down,
    so the running cell raises KeyboardInterrupt; the run is over. The line goes to
    papermill's terminal and is the cell's error; the kernel's own log, which would
    report its replies to a papermill that is gone, is silenced.
    """
    shell = _kernel_shell()
    if getattr(shell, "kernel", None) is None:
        return  # no kernel (IPython in a terminal, a test)

    def interrupted(shell, kind, value, traceback, tb_offset=None):
        run.abandon()
        if run.ok:  # in the last cell, once the results were in place
            line = f"eightlab: interrupted; the results are in {run.folder} all the same"
        elif any(run.kept.glob(f"*{PARTIAL_SUFFIX}")):
            line = (f"eightlab: interrupted; the finished rows are kept in {run.kept}, and the "
                    "same command started again resumes from them")  # fmt: skip
        else:
            line = "eightlab: interrupted before any row was finished; nothing was kept"
        _tell_terminal(line)
        shell.kernel.log.setLevel("CRITICAL")
        return [line]

    shell.set_custom_exc((KeyboardInterrupt,), interrupted)


def _ignore_interrupts() -> None:
    """Leave SIGINT ignored in this kernel from now on: its run is over.

    jupyter_client interrupts a kernel before shutting it down, and the request papermill
    sends after the last cell (``kernel_info``) can still be in hand then; ipykernel
    turns SIGINT into a KeyboardInterrupt while it handles a request (its
    ``pre_handler_hook``) and logs ``KeyboardInterrupt caught in kernel``.
    """
    kernel = getattr(_kernel_shell(), "kernel", None)
    if kernel is not None and hasattr(kernel, "pre_handler_hook"):
        kernel.pre_handler_hook = lambda: None


def _kernel_shell():
    """This process's IPython shell, or None outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def _tell_terminal(line: str) -> None:
    """Print ``line`` on the kernel's own standard error: papermill's terminal, not a cell."""
    terminal = sys.__stderr__
    if terminal is not None:
        with suppress(OSError, ValueError):
            print(line, file=terminal, flush=True)


def portable_notebook(path, working_directory=None) -> None:
    """Rewrite an executed notebook so that a rerun elsewhere changes it only where it shows
    times: papermill's ``input_path`` and ``output_path`` relative to the checkout (or to
    ``working_directory``, else the bare file name), and no widget state (its model ids
    are random, and the offline copies show no live widget)."""
    from eightlab.files import atomic_write
    from eightlab.runner.html import WIDGET_VIEW

    path = Path(path)
    try:
        document = json.loads(path.read_text())
    except (OSError, ValueError):
        return
    document.get("metadata", {}).pop("widgets", None)
    papermill = document.get("metadata", {}).get("papermill", {})
    for key in ("input_path", "output_path"):
        if papermill.get(key):
            papermill[key] = _portable_path(papermill[key], working_directory)
    for cell in document.get("cells", []):
        outputs = cell.get("outputs", [])
        for output in outputs:
            output.get("data", {}).pop(WIDGET_VIEW, None)
        cell_outputs = [o for o in outputs if "data" not in o or o["data"]]
        if len(cell_outputs) != len(outputs):
            cell["outputs"] = cell_outputs
    atomic_write(path, json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def _portable_path(text: str, working_directory=None) -> str:
    """``text`` relative to the checkout or ``working_directory`` holding it, else its name."""
    from eightlab.experiments.folders import repository_root

    where = Path(text)
    for base in (repository_root(), working_directory):
        if base is not None and where.is_absolute():
            with suppress(ValueError):
                return where.resolve().relative_to(Path(base).resolve()).as_posix()
    return where.as_posix() if not where.is_absolute() else where.name


def _assigned(source: str) -> list[str]:
    """The names a cell of plain assignments assigns, in order."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
            if isinstance(t, ast.Name)]  # fmt: skip


def _adopt_partials(results: Path, folder: str, kept: Path, temporary: Path) -> None:
    """Copy the partial tables of an unfinished run of ``folder`` into ``temporary``.

    From ``FOLDER.partial/`` and from stale ``.tmp-FOLDER-*`` folders (left by SIGKILL;
    this run holds the lock, so none is running), which are then removed.
    """
    for stale in (p for p in results.iterdir() if p != temporary and p.is_dir()):
        if temporary_of(stale) != folder:
            continue  # no run's, or another folder's
        _keep_partials(stale, kept)
        shutil.rmtree(stale, ignore_errors=True)
    if kept.is_dir():
        for path in kept.glob(f"*{PARTIAL_SUFFIX}"):
            shutil.copy2(path, temporary / path.name)


def temporary_of(folder: Path) -> str | None:
    """The name of the results folder whose run left the temporary ``folder`` (by its
    :data:`TEMPORARY_MARK`), or None for a folder that is no run's temporary one."""
    try:
        mark = json.loads((folder / TEMPORARY_MARK).read_text())
    except (OSError, ValueError):
        return None
    return mark.get("folder") if isinstance(mark, dict) else None


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


def _remove_if_empty(folder: Path) -> None:
    """Remove ``folder`` if it is an empty folder (made by a run that did not finish)."""
    with suppress(OSError):
        folder.rmdir()


def _remove_partials(kept: Path) -> None:
    """Remove the partial tables kept in ``kept``, then ``kept`` if nothing else is in it."""
    for path in kept.glob(f"*{PARTIAL_SUFFIX}"):
        path.unlink(missing_ok=True)
    with suppress(OSError):  # something else is in it
        kept.rmdir()


def swap_in(temporary: Path, final: Path) -> None:
    """Rename ``temporary`` to ``final``, keeping the old ``final`` as ``.previous``.

    An empty ``final`` is removed instead; the old ``.previous`` is removed only if it is
    empty or a results folder eightlab wrote (:func:`check_replaceable` refused the others
    before the run). Raises :class:`EightlabError` if either holds anything else.
    """
    check_replaceable(final, temporary)
    previous = final.with_name(final.name + ".previous")
    if final.is_dir() and not any(final.iterdir()):
        final.rmdir()
    if final.exists():
        if previous.is_dir() and not any(previous.iterdir()):
            previous.rmdir()
        elif previous.exists():
            shutil.rmtree(previous)
        os.replace(final, previous)
    os.replace(temporary, final)
