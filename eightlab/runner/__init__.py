"""The notebook runner behind ``python -m eightlab run`` (``make results``).

One job per module: :mod:`~eightlab.runner.parameters` (reading and checking ``-p``
values), :mod:`~eightlab.runner.checks` (the parameters checked together),
:mod:`~eightlab.runner.presets`, :mod:`~eightlab.runner.plan` (which notebooks, folders),
:mod:`~eightlab.runner.execute` (papermill, the kernel, the swap, signals, the lock),
:mod:`~eightlab.runner.provenance`, :mod:`~eightlab.experiments.folders` (where a notebook
writes), :mod:`~eightlab.experiments.cluster` (tasks on Dask), :mod:`~eightlab.experiments.partial`
(resumable tables), :mod:`~eightlab.experiments.progress` (a grid's bar shown by the runner),
:mod:`~eightlab.experiments.reruns` (times apart from counts: what a rerun changes),
:mod:`~eightlab.runner.notebook` (a notebook's own run, for papermill by hand), and
:mod:`~eightlab.runner.run`, the entry point.

This package stays light to import: notebooks import ``folders``, ``parameters``,
``progress`` and ``provenance`` from their kernel; papermill and Dask are loaded only
where a run or a cluster needs them.
"""
