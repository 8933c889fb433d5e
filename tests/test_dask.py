"""The experiment grid on Dask: same counts as serial, lost workers, resuming, a remote cluster.

Each test keeps to a handful of tiny searches; a cluster of two single-threaded worker
processes starts in a few seconds. Every process started here is stopped here.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cloudpickle
import pytest

import eightlab.experiments.grid as experiments
from eightlab.errors import EightlabError
from eightlab.experiments.cluster import check_scheduler, execute_tasks
from eightlab.experiments.grid import run_grid, run_one
from eightlab.puzzle.board import Board

# the functions below are sent to the workers by value (this module is not importable there)
cloudpickle.register_pickle_by_value(sys.modules[__name__])

GOAL = Board.parse("123456780")
BOARDS = ["123456708", "123450786", "120453786", "413726580", "152743086", "123746058"]
COUNTS = ["instance", "algorithm", "heuristic", "status", "length", "expanded", "generated",
          "duplicates", "reopened", "max_frontier", "max_stored", "iterations", "thresholds"]  # fmt: skip


def _grid(**keywords):
    return run_grid(
        BOARDS, ["bfs", "astar", "iddfs"], ["misplaced", "manhattan"], goal=GOAL,
        max_nodes=40, progress=False, skip_deeper=True, **keywords,
    )  # fmt: skip


@pytest.fixture(scope="module")
def serial():
    table = _grid()
    assert "budget_exceeded" in set(table["status"])  # skip_deeper has work to do
    assert table.attrs["execution"]["mode"] == "serial"
    assert table.attrs["execution"]["encrypted"] is None  # no connection at all
    return table


def test_local_cluster_gives_the_serial_counts(serial):
    table = _grid(workers=2)
    assert table.attrs["execution"]["mode"] == "local cluster"
    assert table.attrs["execution"]["workers"] == 2
    assert "sharing this machine" in table.attrs["execution"]["timing"]
    assert table.attrs["execution"]["protocol"] == "tcp"  # on 127.0.0.1 only
    assert table.attrs["execution"]["encrypted"] is False
    assert table[COUNTS].equals(serial[COUNTS])


def _tasks():
    rows = []
    for i, board in enumerate(BOARDS):
        task = (i, Board.parse(board), GOAL, None, "astar", "manhattan", None, None, None)
        rows.append((f"t{i}", task))
    return rows


def _die_once(task):
    """Kill the worker process the first time instance 2 runs (marker file: once)."""
    marker = Path(os.environ["EIGHTLAB_TEST_MARKER"])
    if task[0] == 2 and not marker.exists():
        marker.write_text(str(os.getpid()))
        os._exit(1)
    return run_one(task)


def _always_die(task):
    if task[0] == 3:
        os._exit(1)
    return run_one(task)


def _collect(function, workers=2, scheduler=None, allowed_failures=2):
    rows, lost = {}, []
    execute_tasks(
        function, _tasks(), workers=workers, scheduler=scheduler,
        allowed_failures=allowed_failures,
        on_row=lambda key, task, row: rows.__setitem__(key, row),
        on_lost=lambda key, task, error: lost.append((key, str(error))),
        echo=lambda text: None,
    )  # fmt: skip
    return rows, lost


def _counts(rows):
    return {key: {c: row[c] for c in COUNTS} for key, row in rows.items()}


def test_a_worker_killed_mid_task_is_retried(tmp_path, monkeypatch):
    marker = tmp_path / "died"
    monkeypatch.setenv("EIGHTLAB_TEST_MARKER", str(marker))  # inherited by the workers
    expected, _ = _collect(run_one, workers=1)
    rows, lost = _collect(_die_once)
    assert marker.exists()  # a worker did die
    assert lost == []
    assert _counts(rows) == _counts(expected)


def _close_for_good(task):
    """Close this worker and its nanny the first time instances 1 and 2 run, as a worker
    whose scheduler connection broke on a loaded machine does (nothing restarts it)."""
    from distributed import get_worker

    marker = Path(f"{os.environ['EIGHTLAB_TEST_MARKER']}-{task[0]}")
    if task[0] in (1, 2) and not marker.exists():
        marker.write_text(str(os.getpid()))
        worker = get_worker()
        worker.loop.add_callback(worker.close, reason="worker-handle-scheduler-connection-broken")
        time.sleep(2)
    return run_one(task)


def test_a_local_cluster_starts_again_the_workers_it_lost_for_good(tmp_path, monkeypatch):
    monkeypatch.setenv("EIGHTLAB_TEST_MARKER", str(tmp_path / "closed"))
    expected, _ = _collect(run_one, workers=1)
    rows, lost = {}, []
    execute_tasks(
        _close_for_good, _tasks(), workers=2, patience=300,
        on_row=lambda key, task, row: rows.__setitem__(key, row),
        on_lost=lambda key, task, error: lost.append(key), echo=lambda text: None,
    )  # fmt: skip
    assert len(list(tmp_path.glob("closed-*"))) == 2  # both workers were closed
    assert lost == []
    assert _counts(rows) == _counts(expected)


def test_a_task_that_keeps_killing_workers_is_named_and_the_rest_finishes():
    rows, lost = _collect(_always_die, allowed_failures=1)  # retried once, then given up
    assert [key for key, _ in lost] == ["t3"]
    assert "t3" in lost[0][1]  # KilledWorker names the task's key
    assert sorted(rows) == ["t0", "t1", "t2", "t4", "t5"]


def test_an_interrupted_grid_resumes_without_recomputing(tmp_path, monkeypatch, serial):
    partial = tmp_path / "runs.partial.csv"
    calls = []

    def interrupted(task):
        if len(calls) == 7:
            raise KeyboardInterrupt
        calls.append(task)
        return run_one(task)

    monkeypatch.setattr(experiments, "run_one", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _grid(partial=partial)
    assert len(partial.read_text().splitlines()) >= 1 + 7  # header, the finished rows
    first = len(calls)

    def counted(task):
        calls.append(task)
        return run_one(task)

    monkeypatch.setattr(experiments, "run_one", counted)
    table = _grid(partial=partial)
    ran = len(serial[serial["status"] != "skipped"])
    assert len(calls) - first == ran - first  # nothing finished was run again
    assert table.attrs["execution"]["resumed_rows"] == first
    assert table[COUNTS].equals(serial[COUNTS])
    assert not partial.exists()  # complete: the next run starts afresh


def test_a_partial_table_of_other_parameters_is_not_reused(tmp_path, serial):
    partial = tmp_path / "runs.partial.csv"
    run_grid(BOARDS[:2], ["bfs"], [], goal=GOAL, max_nodes=1000, progress=False, partial=partial)
    table = _grid(partial=partial)
    assert table.attrs["execution"]["resumed_rows"] == 0
    assert table[COUNTS].equals(serial[COUNTS])


@pytest.fixture(autouse=True)
def _scratch_space_in_tmp_path(tmp_path, monkeypatch):
    """The processes started here keep their scratch space (and lock files) in the
    test's folder, not in $TMPDIR/dask-scratch-space."""
    monkeypatch.setenv("DASK_TEMPORARY_DIRECTORY", str(tmp_path / "dask-scratch"))


def _start(*command):
    return subprocess.Popen(
        [str(Path(sys.executable).with_name("dask")), *command],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip


def _worker(address: str, folder: Path, *options: str):
    """A single-threaded ``dask worker`` whose scratch space is ``folder``."""
    return _start("worker", address, "--local-directory", str(folder), "--nthreads", "1", *options)


def _stop(processes) -> None:
    """Stop every process group started by :func:`_start`: SIGTERM, then SIGKILL after 20 s."""
    for process in processes:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_a_cluster_started_by_hand_through_the_scheduler_parameter(tmp_path, serial):
    address_file = tmp_path / "scheduler.json"
    processes = [
        _start(
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            ":0",
            "--scheduler-file",
            str(address_file),
        )  # fmt: skip
    ]
    try:
        deadline = time.monotonic() + 60
        while not address_file.exists() or not address_file.read_text().strip():
            assert time.monotonic() < deadline and processes[0].poll() is None
            time.sleep(0.2)
        import json

        address = json.loads(address_file.read_text())["address"]
        for _ in range(2):
            processes.append(_worker(address, tmp_path, "--no-dashboard"))
        from distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        table = _grid(scheduler=address)
        assert table.attrs["execution"]["mode"] == "remote cluster"
        assert table.attrs["execution"]["workers"] == 2
        assert table[COUNTS].equals(serial[COUNTS])
    finally:
        _stop(processes)


def _scheduler_by_hand(folder: Path, *options: str) -> tuple[str, list]:
    """A scheduler started as a user would (``dask scheduler``): its address and process."""
    import json

    address_file = folder / "scheduler.json"
    processes = [_start("scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address",
                        ":0", "--scheduler-file", str(address_file), *options)]  # fmt: skip
    deadline = time.monotonic() + 60
    while not address_file.exists() or not address_file.read_text().strip():
        if time.monotonic() > deadline or processes[0].poll() is not None:
            _stop(processes)
            pytest.fail("the scheduler did not start within 60 s")
        time.sleep(0.2)
    return json.loads(address_file.read_text())["address"], processes


def test_a_grid_whose_last_worker_is_lost_ends_in_one_line_naming_the_lost_tasks(
    tmp_path, monkeypatch
):
    # one worker without a nanny: task t3 takes it down and nothing replaces it, so
    # t3 waits for a worker forever unless the grid gives up (here after 5 s)
    from distributed import Client

    # this module, which _always_die comes from, importable by the processes started here
    here = str(Path(__file__).parent)
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
    )
    address, processes = _scheduler_by_hand(tmp_path)
    try:
        processes.append(_worker(address, tmp_path, "--no-nanny", "--no-dashboard"))
        with Client(address, timeout=60) as client:
            client.wait_for_workers(1, timeout=60)
        rows, lost = {}, []
        with pytest.raises(EightlabError) as raised:
            execute_tasks(
                _always_die, _tasks(), scheduler=address, patience=5,
                on_row=lambda key, task, row: rows.__setitem__(key, row),
                on_lost=lambda key, task, error: lost.append(key), echo=lambda text: None,
            )  # fmt: skip
    finally:
        _stop(processes)
    message = str(raised.value)
    assert "\n" not in message and "no worker for 5 s" in message and "t3" in message
    # the rows fetched before the loss are handed over; a finished task whose result
    # went down with the worker is named with the lost ones
    assert set(rows) <= {"t0", "t1", "t2"}
    assert all(key in message for key in {"t0", "t1", "t2"} - set(rows))
    assert lost == []  # all named in the one line


def test_a_scheduler_that_does_not_fit_is_refused_in_one_line(tmp_path):
    import dask
    import distributed  # noqa: F401 (its settings, before dask.config.set adds to them)

    files = _lab_certificates(tmp_path / "lab")
    address, processes = _scheduler_by_hand(tmp_path)  # plain TCP
    try:
        with dask.config.set(_tls_settings(files)), pytest.raises(EightlabError) as refused:
            check_scheduler(address.replace("tcp://", "tls://"), timeout=5)
        assert "does not speak TLS: it is tcp://" in str(refused.value)
        check_scheduler(address, timeout=30)  # fits: no error
    finally:
        _stop(processes)
    with pytest.raises(EightlabError, match="no scheduler answered at .* within 2 s"):
        check_scheduler(address, timeout=2)  # stopped: nothing answers


def test_a_lost_run_is_named_in_a_warning_and_kept_out_of_the_partial_table(tmp_path, monkeypatch):
    def lose_instance_1(function, tasks, *, runnable, on_row, on_lost, **keywords):
        for key, task in tasks:
            if not runnable(key, task):
                continue
            if task[0] == 1:
                on_lost(key, task, RuntimeError("KilledWorker"))
            else:
                on_row(key, task, function(task))
        return {"mode": "fake"}

    monkeypatch.setattr(experiments, "execute_tasks", lose_instance_1)
    partial = tmp_path / "runs.partial.csv"
    with pytest.warns(RuntimeWarning, match=r"instance 1 astar \(manhattan\)"):
        table = run_grid(BOARDS[:3], ["astar"], ["manhattan"], goal=GOAL, progress=False,
                         partial=partial)  # fmt: skip
    assert list(table["status"]) == ["solved", "worker_lost", "solved"]
    assert table.attrs["execution"]["lost"] == ["instance 1 astar (manhattan)"]
    assert len(partial.read_text().splitlines()) == 1 + 2  # the lost run is tried again


# --- a cluster strangers cannot use (TLS) ---------------------------------------------------


def test_plain_tcp_off_this_machine_is_warned_before_any_connection(monkeypatch):
    from eightlab.experiments import cluster

    for address in ("tcp://10.1.2.3:8786", "192.0.2.7:8786", "tcp://lab-node:8786"):
        line = cluster.plain_tcp_warning(address)
        assert line and "\n" not in line and "tls://" in line and "run code" in line
    for address in ("tls://10.1.2.3:8786", "tcp://127.0.0.1:8786", "tcp://127.8.0.1:1",
                    "localhost:8786", "tcp://[::1]:8786"):  # fmt: skip
        assert cluster.plain_tcp_warning(address) is None

    said = []

    class Refused(Exception):
        pass

    def no_connection(*args, **kwargs):
        raise Refused  # the test ends here: nothing is contacted

    import distributed

    monkeypatch.setattr(distributed, "Client", no_connection)
    with pytest.raises(Refused):
        execute_tasks(len, [("a", "x")], scheduler="tcp://192.0.2.7:8786",
                      on_row=None, echo=said.append)  # fmt: skip
    assert len(said) == 1 and "plain TCP" in said[0]


def _openssl(*arguments, cwd):
    subprocess.run(["openssl", *arguments], cwd=cwd, check=True, capture_output=True)


def _lab_certificates(folder: Path, name: str = "lab") -> dict:
    """A CA and one certificate it signs, made as README's recipe makes them."""
    folder.mkdir(parents=True, exist_ok=True)
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             f"/CN={name} CA", "-keyout", "ca.key", "-out", "ca.pem", cwd=folder)  # fmt: skip
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name} node",
             "-keyout", "node.key", "-out", "node.csr", cwd=folder)  # fmt: skip
    _openssl("x509", "-req", "-in", "node.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-out", "node.pem", cwd=folder)  # fmt: skip
    return {name: str(folder / name) for name in ("ca.pem", "node.pem", "node.key")}


def _tls_settings(files: dict) -> dict:
    return {
        "distributed.comm.require-encryption": True,
        "distributed.comm.tls.ca-file": files["ca.pem"],
        "distributed.comm.tls.client.cert": files["node.pem"],
        "distributed.comm.tls.client.key": files["node.key"],
    }


def _connect(address: str, settings: dict) -> None:
    """Connect a client to ``address`` with the Dask settings ``settings``, on its own loop."""
    import asyncio

    import dask
    from distributed import Client

    async def connect():
        with dask.config.set(settings):
            async with Client(address, asynchronous=True, timeout=5):
                pass

    asyncio.run(connect())


def test_a_tls_cluster_runs_the_grid_and_refuses_a_client_without_certificates(tmp_path, serial):
    import json

    import dask
    from distributed import Client

    files = _lab_certificates(tmp_path / "lab")
    tls = ["--tls-ca-file", files["ca.pem"], "--tls-cert", files["node.pem"],
           "--tls-key", files["node.key"]]  # fmt: skip
    address_file = tmp_path / "scheduler.json"
    processes = [
        _start("scheduler", "--protocol", "tls", "--host", "127.0.0.1", "--port", "0",
               "--dashboard-address", ":0", "--scheduler-file", str(address_file), *tls)
    ]  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not address_file.exists() or not address_file.read_text().strip():
            assert time.monotonic() < deadline and processes[0].poll() is None
            time.sleep(0.2)
        address = json.loads(address_file.read_text())["address"]
        assert address.startswith("tls://127.0.0.1:")
        processes.append(_worker(address, tmp_path, "--no-dashboard", *tls))
        with dask.config.set(_tls_settings(files)):
            with Client(address, timeout=60) as client:
                client.wait_for_workers(1, timeout=60)
            table = _grid(scheduler=address)
        execution = table.attrs["execution"]
        assert execution["mode"] == "remote cluster"
        assert execution["protocol"] == "tls" and execution["encrypted"] is True
        assert table[COUNTS].equals(serial[COUNTS])

        # no certificates: refused; certificates of another CA: refused. Each refused
        # client connects on its own event loop (asynchronous), so no half-stopped
        # client loop thread of one attempt is met by the next.
        no_certificates = {"distributed.comm.tls.ca-file": None,
                           "distributed.comm.tls.client.cert": None,
                           "distributed.comm.tls.client.key": None}  # fmt: skip
        with pytest.raises((TypeError, OSError)):  # Dask's two ways of refusing it
            _connect(address, no_certificates)
        stranger = _lab_certificates(tmp_path / "stranger", name="stranger")
        with pytest.raises(OSError):
            _connect(address, _tls_settings(stranger))

        # the same refusals from eightlab: one line each, naming what does not fit
        def refusal(address, settings):
            with dask.config.set(settings), pytest.raises(EightlabError) as refused:
                check_scheduler(address, timeout=5)
            assert "\n" not in str(refused.value)
            return str(refused.value)

        assert "lack distributed.comm.tls.ca-file and distributed.comm.tls.client.cert" in (
            refusal(address, no_certificates)
        )
        plain = address.replace("tls://", "tcp://")
        assert "speaks TLS: use tls://" in refusal(plain, _tls_settings(files))
        assert "speaks TLS: use tls://" in refusal(plain, no_certificates)
        assert "do not accept each other's certificates" in refusal(
            address, _tls_settings(stranger)
        )
        with dask.config.set(_tls_settings(files)):
            check_scheduler(address, timeout=30)  # fits: no error
    finally:
        _stop(processes)
