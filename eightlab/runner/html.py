"""The HTML copy of an executed notebook, written next to it in its results folder."""

from __future__ import annotations

from pathlib import Path

from eightlab.files import atomic_write


def write_html(notebook: Path, target: Path) -> Path:
    """Export the executed ``notebook`` as HTML to ``target`` (atomically).

    Parameters
    ----------
    notebook : Path
        An executed ``.ipynb``.
    target : Path
        The ``.html`` file to write.

    Returns
    -------
    Path
        ``target``.
    """
    import nbformat
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_notebook_node(nbformat.read(notebook, as_version=4))
    return atomic_write(target, body)
