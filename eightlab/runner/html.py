"""The HTML copy of an executed notebook: one self-contained file that needs no network.

nbconvert's ``HTMLExporter`` with the ``lab`` template inlines its styles, but links
require.js, MathJax, the widget manager and mermaid from CDNs. The copy written here
has **no script at all** (the figures are images, the animations GIFs, the formulas
written in HTML), so it reads the same offline, on a web folder or from an e-mail:

* outputs of ``image/gif`` (:func:`eightlab.stepper.gif_image`) become ``<img>``
  tags with the GIF embedded, which nbconvert's templates do not do by themselves;
* live widgets (a slider of :func:`eightlab.stepper.step_through`) and their saved
  state are dropped: without a kernel they show nothing, and the notebook shows the
  same steps as a static figure beside them;
* every ``<script>`` element, and any ``<link>`` to another host, is removed.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

from eightlab.files import atomic_write

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>", flags=re.S | re.I)
_REMOTE_LINK = re.compile(r"<link\b[^>]*\bhref=[\"']?(?:https?:)?//[^>]*>", flags=re.I)


def offline_notebook(notebook):
    """A copy of ``notebook`` ready for a script-free export (see the module docstring)."""
    import copy

    notebook = copy.deepcopy(notebook)
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                continue
            if "image/gif" in data:
                gif = data["image/gif"]
                if isinstance(gif, bytes):
                    gif = base64.b64encode(gif).decode("ascii")
                gif = "".join(gif.split())
                data["text/html"] = f'<img src="data:image/gif;base64,{gif}" alt="animation">'
            kept.append(output)
        cell.outputs = kept
    return notebook


def strip_remote(html: str) -> str:
    """``html`` without any ``<script>`` element and without links to other hosts."""
    return _REMOTE_LINK.sub("", _SCRIPT.sub("", html))


def export_html(notebook) -> str:
    """The HTML of a notebook node, lab template, with no script and no remote resource."""
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab")
    body, _ = exporter.from_notebook_node(offline_notebook(notebook))
    return strip_remote(body)


def write_html(notebook: Path, target: Path) -> Path:
    """Export the executed ``notebook`` as offline HTML to ``target`` (atomically).

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

    return atomic_write(target, export_html(nbformat.read(notebook, as_version=4)))
