"""Dask workers as Slurm batch jobs, through dask-jobqueue's ``SLURMCluster``.

``scheduler="slurm"`` (:func:`~eightlab.experiments.cluster.execute_tasks`) starts a Dask
scheduler in this process and submits ``workers`` Slurm jobs, each running Dask worker
processes that connect back to it. What a job asks Slurm for comes from Dask's own
settings ``jobqueue.slurm`` (``~/.config/dask/jobqueue.yaml`` or ``DASK_JOBQUEUE__SLURM__*``
variables: ``queue``, ``account``, ``cores``, ``memory``, ``walltime``, ``interface``,
``job-extra-directives``, ...), with :data:`JOB_DEFAULTS` where they say nothing.

References
----------
.. [1] dask-jobqueue, "SLURMCluster", https://jobqueue.dask.org/ (version 0.9.0).
"""

from __future__ import annotations

import shutil
from importlib.util import find_spec

from eightlab.errors import EightlabError

#: The ``scheduler`` value that sends the tasks to Slurm jobs.
SLURM = "slurm"

#: What each job asks for where Dask's ``jobqueue.slurm`` settings say nothing: one core
#: and one worker process (one task at a time per job), and memory for a 24-puzzle
#: worker (its 6-6-6-6 tables take about 0.5 GB).
JOB_DEFAULTS = {"cores": 1, "processes": 1, "memory": "2GiB"}

#: Seconds a run waits while none of its jobs runs (Slurm may keep them queued for
#: hours), before it names the tasks it holds and stops.
QUEUE_PATIENCE = 24 * 3600.0

#: The Slurm commands dask-jobqueue calls.
COMMANDS = ("sbatch", "squeue", "scancel")


def check_slurm() -> None:
    """Raise an :class:`EightlabError` in one line if this machine cannot submit Slurm
    jobs through dask-jobqueue: the package missing, or a Slurm command not on ``PATH``."""
    if find_spec("dask_jobqueue") is None:
        raise EightlabError(
            "scheduler 'slurm' needs the package dask-jobqueue (requirements.txt): "
            "install it in this environment"
        )
    missing = [command for command in COMMANDS if shutil.which(command) is None]
    if missing:
        raise EightlabError(
            f"scheduler 'slurm' needs Slurm's {', '.join(missing)} on PATH: run eightlab "
            "on a machine that submits Slurm jobs (a login node)"
        )


def job_settings() -> dict:
    """The keywords of ``SLURMCluster`` eightlab sets: :data:`JOB_DEFAULTS` where Dask's
    ``jobqueue.slurm`` settings have no value, a dashboard on this machine's loopback
    unless ``scheduler-options`` name one, and the jobs' output to ``/dev/null`` unless
    ``log-directory`` names a folder (Slurm would write ``slurm-JOB.out`` into the
    working directory, the run's results folder)."""
    import dask
    import dask_jobqueue  # noqa: F401 (adds the jobqueue settings)

    config = dask.config.get("jobqueue.slurm")
    keywords = {key: value for key, value in JOB_DEFAULTS.items() if config.get(key) is None}
    options = dict(config.get("scheduler-options") or {})
    options.setdefault("dashboard_address", "127.0.0.1:0")
    keywords["scheduler_options"] = options
    if not config.get("log-directory"):
        directives = list(config.get("job-extra-directives") or [])
        keywords["job_extra_directives"] = [*directives, "--output=/dev/null"]
    return keywords


def slurm_cluster(jobs: int):
    """A ``SLURMCluster`` that keeps ``jobs`` jobs running (a job that ends, at its
    walltime for instance, is replaced), and the worker threads they hold in all.

    Parameters
    ----------
    jobs : int
        Slurm jobs to keep running.

    Returns
    -------
    tuple
        ``(cluster, threads)``.
    """
    import dask
    from dask_jobqueue import SLURMCluster

    keywords = job_settings()
    cluster = SLURMCluster(**keywords)
    try:
        cluster.adapt(minimum_jobs=jobs, maximum_jobs=jobs)
    except BaseException:
        cluster.close()
        raise
    cores = keywords.get("cores") or dask.config.get("jobqueue.slurm.cores")
    return cluster, jobs * int(cores)
