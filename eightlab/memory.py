"""The machine's memory: how much this process may still allocate.

Read by the searches' memory budget (:func:`eightlab.search.budget.default_max_stored`)
and by the builders of large tables (pattern databases), which refuse a build that
cannot fit.
"""

from __future__ import annotations

import sys


def _status_bytes(key: str) -> int | None:
    """A ``kB`` field of ``/proc/self/status`` (``VmSize``, ``VmData``) in bytes, or None."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _rlimit_room() -> list[int]:
    """Room left under the address-space and data-segment limits (``ulimit -v``, ``-d``).

    ``RLIMIT_AS`` caps the process's virtual size (``VmSize``), ``RLIMIT_DATA`` its
    private writable mappings (``VmData``); an allocation past either fails with a
    ``MemoryError`` whatever the machine has free.
    """
    try:
        import resource
    except ImportError:  # not Unix
        return []
    room = []
    for limit, used in ((resource.RLIMIT_AS, "VmSize"), (resource.RLIMIT_DATA, "VmData")):
        soft = resource.getrlimit(limit)[0]
        if soft == resource.RLIM_INFINITY:
            continue
        size = _status_bytes(used)
        if size is not None:
            room.append(max(0, soft - size))
    return room


def _cgroup_room() -> list[int]:
    """Room left under a cgroup memory limit (v2 ``memory.max``, else v1)."""
    for limit_file, usage_file in (
        ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
        (
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
            "/sys/fs/cgroup/memory/memory.usage_in_bytes",
        ),
    ):
        try:
            with open(limit_file) as limit, open(usage_file) as current:
                text = limit.read().strip()
                if text == "max" or int(text) >= 1 << 60:  # v1 says "no limit" this way
                    return []
                return [max(0, int(text) - int(current.read().strip()))]
        except (OSError, ValueError):
            continue
    return []


def _dask_worker_room() -> list[int]:
    """Room left under the memory limit of the Dask worker this runs in, if it runs in one.

    A worker's nanny restarts it past 95 % of its ``memory_limit`` (by default the
    machine's memory divided among the workers), so inside a worker that limit, less
    the process's resident size, is what a search may use. Nothing is imported: outside
    a worker ``distributed`` is not loaded, or ``get_worker`` finds no worker.
    """
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return []
    try:
        limit = distributed.get_worker().memory_manager.memory_limit
    except (ValueError, AttributeError):  # not in a worker; an older Dask
        return []
    resident = _status_bytes("VmRSS")
    if not limit or resident is None:
        return []
    return [max(0, int(0.95 * limit) - resident)]


def available_memory() -> int:
    """Bytes of memory this process may still allocate.

    The least of: the kernel's ``MemAvailable``; the room left under a cgroup memory
    limit (v2, or v1); the room left under ``RLIMIT_AS`` (``ulimit -v``: the limit less
    the process's virtual size, which is what that limit counts) and ``RLIMIT_DATA``;
    in a Dask worker, the room left under the worker's memory limit.
    8 GiB when none can be read (not Linux). Read anew at every call, so it follows
    the machine's load and the process's own growth (a notebook kernel, a Dask worker).

    Returns
    -------
    int
        Bytes, the least of the limits that could be read.
    """
    found = _cgroup_room() + _rlimit_room() + _dask_worker_room()
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    found.append(int(line.split()[1]) * 1024)
                    break
    except (OSError, ValueError, IndexError):
        pass
    return min(found) if found else 8 << 30
