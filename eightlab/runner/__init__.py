"""The notebook runner behind ``python -m eightlab run`` (``make results``).

:mod:`~eightlab.runner.specs` (each notebook's parameters: ranges, board size, pairs,
opt-in), :mod:`~eightlab.runner.parameters` (reading values as papermill does),
:mod:`~eightlab.runner.presets` (the YAML files of ``presets/``),
:mod:`~eightlab.runner.plan` (which notebooks, folders), :mod:`~eightlab.runner.lifecycle`
(one run: lock, temporary folder, swap-in, provenance, HTML; also a notebook's own run
under papermill), :mod:`~eightlab.runner.provenance`, :mod:`~eightlab.runner.html`
(the offline copy), :mod:`~eightlab.runner.run` (papermill and the kernel, the entry
point) and :mod:`~eightlab.runner.gitfilter`.

Light to import: a notebook's kernel imports ``lifecycle``, ``parameters`` and
``provenance``; papermill is loaded only where a run needs it.
"""
