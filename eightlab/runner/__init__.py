"""The notebook runner behind ``python -m eightlab run`` (``make results``).

This package stays light to import: notebooks import :mod:`eightlab.runner.folders`
from their kernel, and only :mod:`eightlab.runner.run` loads papermill.
"""
