"""Running independent tasks serially, on Dask's distributed scheduler, or in Slurm jobs.

A worker that dies mid-task is replaced and the task runs elsewhere; a task that killed
:data:`ALLOWED_FAILURES` + 1 workers is reported while the rest finish. No wait is
unbounded: a cluster left with no worker, or a scheduler that stops answering, for
:data:`PATIENCE` seconds ends the grid with one line naming the tasks it lost. A scheduler on
plain TCP runs any task it is sent, so :func:`plain_tcp_warning` names that risk for a
``tcp://`` address off this machine (``tls://`` is the safe way, README).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import shutil
import sys
import tempfile
import time
import uuid
from contextlib import suppress
from importlib.util import find_spec

from eightlab.errors import EightlabError
from eightlab.experiments.folders import BATCH_VARIABLE
from eightlab.experiments.slurm import QUEUE_PATIENCE, SLURM, check_slurm, slurm_cluster

#: Workers a task may kill before it is given up (Dask's ``allowed-failures``) when
#: eightlab starts the cluster; an existing cluster keeps its own setting.
ALLOWED_FAILURES = 2

#: Tasks kept queued per worker thread beyond the running ones (few, so that
#: ``skip_deeper`` can stop a pair early).
QUEUED_PER_THREAD = 1

#: Seconds a grid waits while its cluster has no worker or its scheduler does not answer,
#: before it names the tasks lost and stops (a worker replaced within them is no loss).
PATIENCE = 120.0

#: Seconds between two looks at the cluster while no task finishes; also the longest
#: wait for one answer from the scheduler.
LOOK_EVERY = 5.0

#: Seconds allowed to start, connect to and close a cluster.
CONNECT_SECONDS = 60.0


def default_workers() -> int:
    """Worker processes of a local cluster sized to the machine: one per CPU core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else
               (os.cpu_count() or 1))  # fmt: skip


_ADDRESS = re.compile(
    r"^(tcp|tls|inproc|ucx|ws|wss)://(\[[0-9a-fA-F:]+\]|[A-Za-z0-9_.-]+)(?::(\d+))?$"
)


def check_address(text, name: str = "scheduler", where: str = "") -> str:
    """A Dask scheduler address (``""``, ``tcp://HOST:PORT`` or ``"slurm"``), stripped,
    without connecting; an :class:`EightlabError` naming parameter ``name`` of ``where``
    if it is no such address or its port is not from 1 to 65535."""
    label = f"parameter {name!r}{' of ' + where if where else ''}"
    address = text.strip() if isinstance(text, str) else None
    if address in ("", SLURM):
        return address
    if address is None or (match := _ADDRESS.match(address)) is None:
        raise EightlabError(
            f"{label} expects an address such as tcp://127.0.0.1:8786, or slurm (or "
            f"empty), not {text!r}"
        )
    port = match.group(3)
    if port is not None and not 1 <= int(port) <= 65535:
        raise EightlabError(f"{label}: port {int(port)} of {text!r} is not from 1 to 65535")
    return address


def scheduler_protocol(address: str) -> str:
    """The comm protocol of a Dask address: ``"tls"``, ``"tcp"`` (also for no scheme), ..."""
    scheme, sep, _ = address.partition("://")
    return scheme.lower() if sep else "tcp"


def _host_of(address: str) -> str:
    rest = address.partition("://")[2] if "://" in address else address
    if rest.startswith("["):  # [::1]:8786
        return rest[1:].partition("]")[0]
    return rest.rpartition(":")[0] if ":" in rest else rest


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` and the loopback addresses (127.0.0.0/8, ::1); no DNS lookup."""
    with suppress(ValueError):
        return host.lower() == "localhost" or ipaddress.ip_address(host).is_loopback
    return False


def plain_tcp_warning(address: str) -> str | None:
    """One warning line for a plain-TCP scheduler address off this machine, else None."""
    if scheduler_protocol(address) != "tcp" or is_loopback_host(_host_of(address)):
        return None
    return (
        f"eightlab: warning: {address} is plain TCP: Dask authenticates nobody there, and "
        "anyone who can reach that port can run code on every worker; use tls:// with "
        "certificates (README: Experiments on a cluster) or an SSH tunnel to 127.0.0.1"
    )


#: The Dask settings a client needs for a ``tls://`` scheduler (the key may sit in the
#: certificate's file).
TLS_SETTINGS = ("distributed.comm.tls.ca-file", "distributed.comm.tls.client.cert")


def _speaks_tls(host: str, port: int, timeout: float) -> bool | None:
    """Whether ``host:port`` answers a TLS handshake (certificates unchecked); None if
    it cannot be reached at all."""
    import socket
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        with socket.create_connection((host, port), timeout=timeout) as raw:
            try:
                with context.wrap_socket(raw, server_hostname=host):
                    return True
            except ssl.SSLError as error:  # an alert: TLS, refusing this client
                return "alert" in str(error).lower()
            except OSError:  # closed on a hello it did not understand: no TLS
                return False
    except OSError:
        return None


def check_scheduler(address: str, timeout: float = LOOK_EVERY * 2) -> None:
    """Connect to the scheduler at ``address`` once, for at most ``timeout`` seconds, and
    refuse in one line what does not fit: a ``tls://`` address without this machine's
    certificate settings, a ``tcp://`` address of a TLS scheduler (or the reverse),
    certificates the scheduler refuses, or no answer.

    For ``"slurm"``, :func:`~eightlab.experiments.slurm.check_slurm` instead: no
    connection.

    Parameters
    ----------
    address : str
        The scheduler's address, as for :func:`execute_tasks`.
    timeout : float
        Seconds allowed to connect, in all.

    Raises
    ------
    EightlabError
        Naming the missing setting or the mismatch, before any task is sent.
    """
    if check_address(address) == SLURM:
        check_slurm()
        return
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    import dask
    from distributed import Client  # also loads Dask's settings of distributed.*

    address = check_address(address)
    protocol = scheduler_protocol(address)
    if protocol == "tls":
        missing = [name for name in TLS_SETTINGS if not dask.config.get(name, None)]
        if missing:
            raise EightlabError(
                f"{address} is a TLS scheduler, and this machine's Dask settings lack "
                f"{' and '.join(missing)} (README: Experiments on a cluster)"
            )
        for name in (*TLS_SETTINGS, "distributed.comm.tls.client.key"):
            path = dask.config.get(name, None)
            if path and "\n" not in path and not os.path.isfile(path):
                raise EightlabError(f"Dask setting {name} names {path}, which is no file")

    async def connect():
        client = Client(address, asynchronous=True, timeout=timeout)
        try:
            await client
        finally:  # closed on this loop, also when it never connected
            with suppress(Exception):
                await client.close(timeout=timeout)

    with ThreadPoolExecutor(1) as thread:  # its own event loop, also inside a kernel
        try:
            thread.submit(asyncio.run, connect()).result()
            return
        except (OSError, TimeoutError, TypeError, ValueError, RuntimeError) as error:
            failure = " ".join(str(error).split())[:200] or type(error).__name__
    host, port = _host_of(address), address.rpartition(":")[2]
    speaks_tls = _speaks_tls(host, int(port), timeout) if port.isdigit() else None
    if protocol != "tls" and speaks_tls:
        raise EightlabError(
            f"the scheduler at {address} speaks TLS: use tls:// with this machine's "
            "certificate settings (README: Experiments on a cluster)"
        )
    if protocol == "tls" and speaks_tls is False:
        raise EightlabError(f"the scheduler at {address} does not speak TLS: it is tcp://")
    if protocol == "tls" and speaks_tls:
        raise EightlabError(
            f"the TLS scheduler at {address} and this machine do not accept each other's "
            f"certificates ({' and '.join(TLS_SETTINGS)}: {failure})"
        )
    raise EightlabError(f"no scheduler answered at {address} within {timeout:g} s ({failure})")


def execute_tasks(function, tasks, *, workers: int = 1, scheduler: str | None = None,
                  runnable=None, on_row=None, on_lost=None, echo=None,
                  allowed_failures: int = ALLOWED_FAILURES,
                  patience: float | None = None) -> dict:  # fmt: skip
    """Run ``function(task)`` (a module-level function) for every ``(key, task)`` of
    ``tasks``, in order, and hand each result to ``on_row(key, task, result)``.

    ``workers`` is 1 (everything here) or the size of a local cluster; ``scheduler``
    names an existing one instead, or is ``"slurm"``: ``workers`` Slurm jobs
    (:mod:`eightlab.experiments.slurm`). ``runnable(key, task)`` is asked just before a
    task is submitted (False skips it), ``on_lost(key, task, error)`` receives a task that
    kept killing its workers (``allowed_failures`` on a cluster started here) or that
    came back cancelled, ``echo`` the one-line messages (default: stderr). ``patience``
    is how long, in seconds, the run waits while the cluster has no worker or its
    scheduler does not answer (default :data:`PATIENCE`; for Slurm, whose jobs may wait
    in the queue, :data:`~eightlab.experiments.slurm.QUEUE_PATIENCE`).

    Returns
    -------
    dict
        How the tasks ran, for provenance: ``mode`` (``"serial"``, ``"local cluster"``,
        ``"remote cluster"``, ``"slurm"``), ``workers``, ``threads_per_worker``,
        ``scheduler``, ``timing`` (how the times were measured), ``protocol`` and
        ``encrypted``.

    Raises
    ------
    EightlabError
        If ``scheduler`` is no address (:func:`check_address`), before connecting, or
        one that does not fit (:func:`check_scheduler`); or,
        naming the tasks lost, if the cluster had no worker or its scheduler did not
        answer for ``patience`` seconds (the rows handed to ``on_row`` stay handed).
    """
    if scheduler is not None:  # its form and port, before any wait for a connection
        scheduler = check_address(scheduler) or None
    runnable = runnable or (lambda key, task: True)
    say = echo or (lambda text: print(text, file=sys.stderr))
    if scheduler is None and workers <= 1:
        for key, task in tasks:
            if runnable(key, task):
                on_row(key, task, function(task))
        return {"mode": "serial", "workers": 1, "threads_per_worker": 1, "scheduler": None,
                "timing": "one task at a time in the notebook's process", "protocol": None,
                "encrypted": None}  # fmt: skip
    warning = None if scheduler in (None, SLURM) else plain_tcp_warning(scheduler)
    if warning:
        say(warning)
    if scheduler is not None:
        check_scheduler(scheduler)
    import dask
    from distributed import Client

    slurm = scheduler == SLURM
    if patience is None:
        patience = QUEUE_PATIENCE if slurm else PATIENCE
    cluster = scratch = None
    threads = None
    if scheduler is None or slurm:
        # the workers' scratch space (and its lock files) in a folder removed at the end,
        # so a run leaves nothing in $TMPDIR
        scratch = tempfile.mkdtemp(prefix="eightlab-dask-")
        with dask.config.set(_cluster_settings(scratch, allowed_failures)):
            if slurm:
                cluster, threads = slurm_cluster(workers)
            else:
                cluster = _local_cluster(workers)
    try:
        with Client(
            cluster if cluster is not None else scheduler, timeout=CONNECT_SECONDS
        ) as client:
            info = _describe(client, cluster, slurm and workers, threads)
            if cluster is not None and os.environ.get(BATCH_VARIABLE):
                # a batch run's output: no random ports (they are in provenance.json)
                say(f"eightlab: {info['mode']}, {info['workers']} workers")
            else:
                say(f"eightlab: {info['mode']} at {info['scheduler']}, {info['workers']} "
                    f"workers; dashboard {info['dashboard']}")  # fmt: skip
            repair = _repair(cluster) if cluster is not None and not slurm else None
            _run_on(client, function, tasks, info["threads"], runnable, on_row, on_lost,
                    patience, repair)  # fmt: skip
    finally:
        if cluster is not None:
            with suppress(TimeoutError, OSError):  # its processes (or jobs) end with this one
                cluster.close(timeout=CONNECT_SECONDS)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    info.pop("threads")
    return info


#: Dask's timeouts (to connect, and of a silent connection) on a cluster eightlab starts,
#: raised from Dask's defaults so that a worker on a machine loaded far beyond its cores
#: keeps its scheduler instead of closing.
TIMEOUTS = {"distributed.comm.timeouts.connect": "300s", "distributed.comm.timeouts.tcp": "600s"}


def _cluster_settings(scratch: str, allowed_failures: int) -> dict:
    """Dask's settings of a cluster started here (local, or the scheduler of Slurm jobs)."""
    return {
        "temporary-directory": scratch,
        "distributed.scheduler.allowed-failures": allowed_failures,
        # a worker holds only the task it runs: a dying worker takes no innocent one
        "distributed.scheduler.worker-saturation": 1.0,
        **TIMEOUTS,
    }


def _local_cluster(workers: int):
    """A ``LocalCluster`` of ``workers`` single-threaded processes, each under a nanny
    that starts it again if it dies, and waiting for the scheduler as long as Dask's
    settings allow instead of giving up after a minute."""
    from distributed import LocalCluster

    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        dashboard_address="127.0.0.1:0",  # this machine only
                        silence_logs=logging.ERROR, death_timeout=None)  # fmt: skip


def _repair(cluster):
    """A function that starts again the workers a local cluster lost for good (a nanny
    that closed with its worker when their scheduler connection broke), called when the
    scheduler knows fewer workers than the cluster should have."""

    def repair(known: int) -> None:
        wanted = len(cluster.worker_spec)
        if known < wanted:
            with suppress(RuntimeError, OSError, TimeoutError):
                cluster.scale(wanted)  # starts the spec's workers that are not running

    return repair


def _describe(client, cluster, jobs, threads) -> dict:
    """How the tasks run; ``jobs`` and ``threads`` (in all) of a Slurm cluster, whose
    workers may still wait in the queue."""
    workers = client.scheduler_info().get("workers", {})
    threads = threads or sum(w.get("nthreads", 1) for w in workers.values()) or 1
    dashboard = client.dashboard_link if find_spec("bokeh") else "(install bokeh to serve it)"
    local = cluster is not None and not jobs
    address = client.scheduler.address
    if jobs:
        mode, where, count = "slurm", f"in {jobs} Slurm jobs", jobs
    else:
        mode = "local cluster" if local else "remote cluster"
        where = "sharing this machine" if local else "on the cluster's machines"
        count = len(workers)
    return {"mode": mode, "workers": count,
            "threads_per_worker": 1 if local else [threads // jobs] if jobs else
                                  sorted({w.get("nthreads") for w in workers.values()}),
            "threads": threads, "scheduler": address, "protocol": scheduler_protocol(address),
            "encrypted": scheduler_protocol(address) == "tls", "dashboard": dashboard,
            "timing": f"one task per worker thread; {count} worker processes {where}, "
                      "so times are noisier than a serial run's"}  # fmt: skip


def _look(client) -> int | None:
    """Workers the scheduler knows now, or None if it does not answer within LOOK_EVERY."""
    with suppress(OSError, TimeoutError):
        info = client.sync(client.scheduler.identity, n_workers=-1, callback_timeout=LOOK_EVERY)
        return len(info.get("workers", {}))
    return None


def _run_on(client, function, tasks, threads, runnable, on_row, on_lost, patience,
            repair=None) -> None:  # fmt: skip
    from distributed import as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    run = uuid.uuid4().hex[:8]  # keys unique on a cluster shared by several runs
    pending = iter(tasks)
    by_future = {}
    flow = as_completed()
    limit = threads * (1 + QUEUED_PER_THREAD)

    def top_up():
        while len(by_future) < limit:
            item = next(pending, None)
            if item is None:
                return
            key, task = item
            if runnable(key, task):
                future = client.submit(function, task, key=f"eightlab-{run}-{key}", pure=False)
                by_future[future] = item
                flow.add(future)

    def lose(key, task, error):
        if on_lost is None:
            raise error
        on_lost(key, task, error)

    def wait_patiently(ready, fetching=()):
        """Call ``ready()`` (which blocks briefly) until it is true; every LOOK_EVERY
        seconds, a look at the cluster, and an EightlabError naming the tasks still
        held (and ``fetching``) after ``patience`` seconds of no worker or no answer."""
        looked = time.monotonic()
        stranded = None  # since when the cluster has had no worker or no answer
        while not ready():
            if time.monotonic() - looked < LOOK_EVERY:
                continue
            workers = _look(client)
            looked = time.monotonic()
            if repair is not None and workers is not None:
                repair(workers)
            if workers:
                stranded = None
                continue
            stranded = stranded if stranded is not None else looked
            if looked - stranded >= patience:
                where = client.scheduler.address
                why = (f"the scheduler at {where} has not answered" if workers is None
                       else f"the cluster at {where} has had no worker")  # fmt: skip
                held = [key for key, _ in by_future.values()] + list(fetching)
                raise EightlabError(
                    f"{why} for {patience:g} s; tasks lost with their workers: "
                    f"{', '.join(sorted(map(str, held)))} (finished rows are kept)"
                )

    def finished():
        with flow.thread_condition:
            flow.thread_condition.wait(timeout=0.1)
        return flow.has_ready()

    def fetch(future, key):
        """The result of a finished future, fetched again while its worker is replaced."""
        box = []

        def fetched():
            try:
                box.append(future.result(timeout=LOOK_EVERY))
            except TimeoutError:
                if future.status == "error":  # the task's own TimeoutError
                    raise
                return False
            return True

        wait_patiently(fetched, fetching=[key])
        return box[0]

    top_up()
    try:
        while by_future:
            if not flow.has_ready():
                wait_patiently(finished)
            future = next(flow)
            key, task = by_future.pop(future)
            try:
                result = fetch(future, key)
            except KilledWorker as error:
                lose(key, task, error)
            except FutureCancelledError as error:
                lose(key, task, EightlabError(f"task {key} was lost with its worker ({error})"))
            else:
                on_row(key, task, result)
            future.release()
            top_up()
    finally:
        for future in by_future:
            future.cancel()
