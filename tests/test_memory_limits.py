"""No hang at the memory limit: searches under an address-space limit end cleanly.

Each case runs ``python -m eightlab solve`` in a subprocess under ``RLIMIT_AS`` (what
``ulimit -v`` sets), a little above the process's own size so that a search fills the
rest in a few seconds of CPU, and asserts the exit status with one result and no
traceback, within :data:`CPU_SECONDS` of the child's CPU time. The default memory budget
must stop the search before the limit (:func:`eightlab.memory.available_memory` counts
the room under ``RLIMIT_AS``); with an explicit ``--max-stored`` far above it, the real
``MemoryError`` must end it the same way. No case has a wall-clock budget: on a busy
machine a search gets less of the clock, never more of the memory, so the verdict is the
same at any load.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

HARD_4X4 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"  # 66 moves from KORF_GOAL
KORF_GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
#: CPU seconds a case may use (start, imports, search, result), far above what each needs.
CPU_SECONDS = 60.0
#: Wall-clock seconds after which a case counts as hung (a guard, not a verdict).
HUNG_SECONDS = 600
#: Nodes for the searches that store few states (no memory limit stops them).
MAX_NODES = 2_000_000
MIB = 1 << 20


def _base_size() -> int:
    """Virtual size of a CLI process just before it searches (imports done), in bytes."""
    code = (
        "import eightlab.cli, eightlab.search, eightlab.heuristics\n"
        "print([l for l in open('/proc/self/status') if l.startswith('VmSize')][0].split()[1])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout) * 1024


BASE = _base_size()


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _solve_under(limit: int, *arguments: str) -> tuple[subprocess.CompletedProcess, float]:
    """The CLI's solve under ``RLIMIT_AS`` = ``limit``: its result and its CPU seconds."""

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    command = [sys.executable, "-m", "eightlab", "solve", HARD_4X4, "--goal", KORF_GOAL,
               *arguments]  # fmt: skip
    before = _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, preexec_fn=cap,
                          timeout=HUNG_SECONDS)  # fmt: skip
    return done, _children_cpu() - before


def _assert_clean_end(done, cpu_seconds, statuses=(3,)):
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode in statuses, (done.returncode, done.stdout, done.stderr[-500:])
    assert cpu_seconds <= CPU_SECONDS, cpu_seconds


#: (algorithm, room above the base size in MiB): the searches that store states.
SWEEP = [
    ("astar", 120), ("astar", 200), ("astar", 300),
    ("ucs", 150), ("weighted-astar", 150), ("bfs", 150), ("bidirectional-bfs", 150),
    ("mm", 150), ("nbs", 150), ("gbfhs", 150),
]  # fmt: skip


@pytest.mark.parametrize(("algorithm", "room"), SWEEP)
def test_the_default_memory_budget_stops_a_search_before_the_limit(algorithm, room):
    done, seconds = _solve_under(BASE + room * MIB, "--algorithm", algorithm)
    _assert_clean_end(done, seconds)
    assert "(memory budget)" in done.stdout, done.stdout


@pytest.mark.parametrize(
    ("algorithm", "status"),
    [("greedy", 0), ("rbfs", 3), ("bfs-cantor", 2)],  # a path; the node budget; refused
)
def test_the_other_searches_end_cleanly_under_the_limit(algorithm, status):
    done, seconds = _solve_under(
        BASE + 150 * MIB, "--algorithm", algorithm, "--max-nodes", str(MAX_NODES)
    )
    _assert_clean_end(done, seconds, statuses=(status,))


@pytest.mark.parametrize("algorithm", ["astar", "bfs", "bidirectional-bfs", "mm", "nbs"])
def test_a_real_memory_error_ends_the_search_as_the_memory_budget(algorithm):
    # a memory budget far above the limit: the allocator's MemoryError stops the search
    done, seconds = _solve_under(
        BASE + 150 * MIB, "--algorithm", algorithm, "--max-stored", "1000000000"
    )
    _assert_clean_end(done, seconds)
    assert "(memory budget)" in done.stdout, done.stdout


def test_a_database_too_large_for_the_limit_is_refused_in_one_line(tmp_path):
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (BASE + 1024 * MIB, BASE + 1024 * MIB))

    done = subprocess.run(
        [sys.executable, "-m", "eightlab", "pdb", "build", "7-8"], capture_output=True,
        text=True, preexec_fn=cap, timeout=HUNG_SECONDS, env={**os.environ, "EIGHTLAB_CACHE_DIR": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 3 and "Traceback" not in done.stderr  # memory is a budget
    assert done.stderr.count("\n") == 1 and "GB is available" in done.stderr


def test_a_memory_error_outside_a_search_is_one_line_and_exit_3(monkeypatch, capsys):
    from eightlab import cli
    from eightlab.heuristics.pdb import additive as pdb

    def no_room(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(pdb, "additive_pdb", no_room)
    assert cli.main(["pdb", "build", "5-5-5"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "out of memory" in err


def test_inside_a_dask_worker_the_workers_memory_limit_counts():
    from distributed import Client, LocalCluster

    from eightlab.memory import available_memory

    limit = 400 * MIB
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, memory_limit=limit,
                      dashboard_address=None) as cluster, Client(cluster) as client:  # fmt: skip
        room = client.submit(available_memory, pure=False).result(timeout=HUNG_SECONDS)
    assert 0 < room <= 0.95 * limit
