"""The HTML copy of an executed notebook: one self-contained file that needs no network.

nbconvert's ``HTMLExporter`` with the ``lab`` template inlines its styles, but links
require.js, MathJax, the widget manager and mermaid from CDNs. The copy written here
has **no script at all** (the figures are images, the animations GIFs, the formulas
written in HTML), so it reads the same offline, on a web folder or from an e-mail:

* outputs of ``image/gif`` (:func:`eightlab.viz.stepper.gif_image`) become ``<img>``
  tags with the GIF embedded, which nbconvert's templates do not do by themselves;
* live widgets (a slider of :func:`eightlab.viz.stepper.step_through`) and their saved
  state are dropped: without a kernel they show nothing, and the notebook shows the
  same steps as a static figure beside them;
* every ``<script>`` element, and any ``<link>`` to another host, is removed;
* the page's ``<title>`` is the notebook's first Markdown heading (nbconvert would write
  "Notebook" or the file name);
* text a cell printed on stderr that is not an error (a library's notice, a warning)
  is shown in a neutral grey box, not in the pink box of a traceback; results that are
  only a list of saved paths (``[PosixPath('figure.png'), ...]``) are dropped;
* code inside Markdown, cells' and outputs', is set in a monospace font.
"""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from eightlab.files import atomic_write

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>", flags=re.S | re.I)
_REMOTE_LINK = re.compile(r"<link\b[^>]*\bhref=[\"']?(?:https?:)?//[^>]*>", flags=re.I)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", flags=re.M)
_SAVED_PATHS = re.compile(r"^\[?\s*((Posix|Windows)?Path\('[^']*'\),?\s*)+\]?$")

#: Styles added to the page: monospace code in Markdown, a neutral box for stderr notices.
STYLE = """<style>
.jp-RenderedMarkdown code, .jp-RenderedMarkdown pre, .jp-RenderedHTMLCommon pre,
.jp-RenderedHTMLCommon code { font-family: var(--jp-code-font-family, monospace); }
pre.eightlab-stderr { background: #f3f3f3; color: #444; border-left: 3px solid #999;
  padding: 4px 8px; margin: 2px 0; white-space: pre-wrap; font-size: 90%; }
</style>
"""


def notebook_title(notebook) -> str | None:
    """The text of the notebook's first Markdown heading, without backticks and escapes."""
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        found = _HEADING.search(cell.source)
        if found:
            text = re.sub(r"\\([\\`*_{}\[\]()#+\-.!])", r"\1", found.group(1))
            return text.replace("`", "").strip() or None
    return None


def _stderr_note(output):
    """A stream output printed on stderr, as HTML in a neutral box (not an error)."""
    import nbformat

    text = html.escape(output.get("text", ""))
    return nbformat.v4.new_output(
        "display_data",
        data={
            "text/html": f'<pre class="eightlab-stderr" title="printed on stderr">{text}</pre>',
            "text/plain": output.get("text", ""),
        },
    )


def offline_notebook(notebook):
    """A copy of ``notebook`` ready for a script-free export (see the module docstring)."""
    import copy

    notebook = copy.deepcopy(notebook)
    notebook.metadata.pop("widgets", None)
    title = notebook_title(notebook)
    if title and not notebook.metadata.get("title"):
        notebook.metadata["title"] = title
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and output.get("name") == "stderr":
                kept.append(_stderr_note(output))
                continue
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                continue
            plain = data.get("text/plain", "")
            plain = "".join(plain) if isinstance(plain, list) else plain
            if set(data) == {"text/plain"} and _SAVED_PATHS.match(plain.strip()):
                continue  # the paths save_figure returned: a stray result, not content
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
    return strip_remote(body).replace("</head>", STYLE + "</head>", 1)


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
