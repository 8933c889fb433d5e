"""Searches sent to Slurm jobs through dask-jobqueue, on a real single-node Slurm.

The test starts its own Slurm (Debian's ``slurm-wlm`` and ``munge``: ``apt-get install
slurm-wlm munge``) in a temporary folder: its own munge key and socket, a controller and
one compute node ``localnode`` on 127.0.0.1, two cores, on ports nobody else uses. Every
process it starts is stopped, and the folder removed, when it ends; every wait is bounded.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from contextlib import suppress
from pathlib import Path

import pytest

from eightlab.errors import EightlabError
from eightlab.experiments import cluster
from eightlab.experiments.cluster import check_address, check_scheduler
from eightlab.experiments.grid import run_grid
from eightlab.experiments.korf24 import run_instances
from eightlab.puzzle.instances import KORF_GOAL, korf100

ROOT = Path(__file__).resolve().parents[1]
SBIN = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
DAEMONS = {name: shutil.which(name, path=SBIN) for name in ("munged", "slurmctld", "slurmd")}
COUNTS = ["instance", "status", "length", "expanded", "generated", "iterations"]

needs_slurm = pytest.mark.skipif(
    not all(DAEMONS.values()) or shutil.which("sbatch") is None or os.geteuid() != 0,
    reason="needs root and Debian's slurm-wlm and munge (apt-get install slurm-wlm munge): "
    "a single-node Slurm is started for the test",
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _configuration(folder: Path) -> str:
    return f"""\
ClusterName=eightlab-test
SlurmctldHost={socket.gethostname()}(127.0.0.1)
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
AuthType=auth/munge
AuthInfo=socket={folder}/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation={folder}/state
SlurmdSpoolDir={folder}/spool
SlurmctldPidFile={folder}/slurmctld.pid
SlurmdPidFile={folder}/slurmd.pid
SlurmctldLogFile={folder}/slurmctld.log
SlurmdLogFile={folder}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=500
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localnode NodeHostname={socket.gethostname()} NodeAddr=127.0.0.1 CPUs=2 RealMemory=3000 State=UNKNOWN
PartitionName=test Nodes=localnode Default=YES MaxTime=INFINITE State=UP
"""


def _start(*command, folder: Path):
    return subprocess.Popen(
        list(command), cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM to the process group, SIGKILL after 20 s."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=20)


def _ours(folder: Path) -> list[int]:
    """Processes working in ``folder`` (the jobs run there) or holding a file of it open."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            paths = [os.readlink(entry / "cwd")]
            paths += [os.readlink(fd) for fd in (entry / "fd").iterdir()]
        except OSError:
            continue
        if any(path.startswith(str(folder)) for path in paths):
            pids.append(int(entry.name))
    return pids


def _wait_for(what: str, ready, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds:g} s")
        time.sleep(0.5)


def _slurm(*arguments, env) -> str:
    done = subprocess.run(list(arguments), env=env, capture_output=True, text=True, timeout=30)
    return done.stdout


@pytest.fixture(scope="module")
def slurm():
    """A single-node Slurm of its own: the environment that reaches it (``SLURM_CONF``)."""
    folder = Path(tempfile.mkdtemp(prefix="eightlab-slurm-"))
    processes = []
    env = dict(os.environ, SLURM_CONF=str(folder / "slurm.conf"))
    try:
        for sub in ("state", "spool"):
            (folder / sub).mkdir()
        key = folder / "munge.key"
        key.write_bytes(os.urandom(1024))
        key.chmod(0o400)
        (folder / "slurm.conf").write_text(_configuration(folder))
        processes.append(_start(DAEMONS["munged"], "-F", "--force", "--key-file", str(key),
                                "--socket", str(folder / "munge.socket"),
                                "--pid-file", str(folder / "munged.pid"),
                                "--log-file", str(folder / "munged.log"),
                                "--seed-file", str(folder / "munged.seed"), folder=folder))  # fmt: skip
        _wait_for("munged did not open its socket", (folder / "munge.socket").exists)
        processes.append(_start(DAEMONS["slurmctld"], "-D", "-i", "-f", env["SLURM_CONF"],
                                folder=folder))  # fmt: skip
        processes.append(_start(DAEMONS["slurmd"], "-D", "-N", "localnode", "-f",
                                env["SLURM_CONF"], folder=folder))  # fmt: skip
        _wait_for(
            "the Slurm node did not become idle",
            lambda: "idle" in _slurm("sinfo", "-h", "-o", "%T", env=env),
            seconds=120,
        )  # fmt: skip
        yield env, folder
    finally:
        if len(processes) == 3:  # no job outlives the test
            with suppress(OSError, subprocess.TimeoutExpired, AssertionError):
                subprocess.run(["scancel", "--full", "--partition", "test"], env=env,
                               capture_output=True, timeout=30)  # fmt: skip
                _wait_for("jobs still queued", lambda: not _slurm("squeue", "-h", env=env))
        for process in reversed(processes):
            _stop(process)
        for pid in _ours(folder):  # a job's processes left behind by its daemons
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def on_slurm(slurm, monkeypatch):
    """This test's client reaches the Slurm above; jobs work in its folder, on loopback."""
    import dask

    env, folder = slurm
    monkeypatch.setenv("SLURM_CONF", env["SLURM_CONF"])
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + (os.pathsep + path if path else ""))
    monkeypatch.chdir(folder)  # where the jobs run and write their logs
    monkeypatch.setattr(cluster, "QUEUE_PATIENCE", 180.0)  # a job that never runs: an error
    settings = {"jobqueue.slurm.queue": "test", "jobqueue.slurm.memory": "1GiB",
                "jobqueue.slurm.interface": "lo", "jobqueue.slurm.walltime": "00:20:00",
                "jobqueue.slurm.local-directory": str(folder)}  # fmt: skip
    with dask.config.set(settings):
        yield folder


def test_slurm_is_a_scheduler_value_and_refused_in_one_line_without_slurm(monkeypatch):
    assert check_address(" slurm ") == "slurm"
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(EightlabError, match="needs Slurm's sbatch, squeue, scancel on PATH"):
        check_scheduler("slurm")


@needs_slurm
def test_korf_instances_through_slurm_jobs_give_the_serial_counts(on_slurm, tmp_path):
    """Korf's 15-puzzle instances 94 and 12 solved in two Slurm jobs, and two 24-puzzle
    instances stopped by the same node budget: the counts of the serial run."""
    boards = [korf100()[k - 1] for k in (94, 12)]
    grid = dict(goal=KORF_GOAL, progress=False)
    serial = run_grid(boards, ["idastar"], ["manhattan"], **grid)
    jobs = run_grid(boards, ["idastar"], ["manhattan"], workers=2, scheduler="slurm", **grid)
    assert jobs.attrs["execution"]["mode"] == "slurm"
    assert jobs.attrs["execution"]["workers"] == 2
    assert list(serial.status) == ["solved", "solved"]
    counts = ["instance", "status", "length", "expanded", "generated", "iterations", "path"]
    assert jobs[counts].equals(serial[counts])

    budget = dict(max_nodes=3000, h_start=lambda board: 0, echo=lambda text: None)
    alone = run_instances([38, 40], "manhattan", tmp_path / "serial", **budget)
    sent = run_instances([38, 40], "manhattan", tmp_path / "slurm", workers=2,
                         scheduler="slurm", **budget)  # fmt: skip
    assert list(alone.status) == ["budget_exceeded", "budget_exceeded"]
    assert sent[COUNTS].equals(alone[COUNTS])
    assert sent.attrs["execution"]["mode"] == "slurm"


def test_readme_states_the_job_defaults_and_the_queue_patience():
    from eightlab.experiments import slurm

    readme = " ".join((ROOT / "README.md").read_text().split())
    defaults = slurm.JOB_DEFAULTS
    assert (defaults["cores"], defaults["processes"]) == (1, 1)
    assert f"one core, one worker process and {defaults['memory'][:-3]} GiB" in readme
    assert slurm.QUEUE_PATIENCE == 24 * 3600 and "waited for up to a day" in readme
