"""The HTML copy of an executed notebook: one self-contained file that needs no network.

``offline.html.j2`` beside this module extends nbconvert's ``lab`` template without
require.js, MathJax, mermaid, widgets or any script: GIFs are embedded images, stderr
notices sit in a grey box, and the title is the notebook's first heading.
"""

from __future__ import annotations

from pathlib import Path

from eightlab.files import atomic_write

#: The template of the offline copy.
TEMPLATE = Path(__file__).with_name("offline.html.j2")

#: The output type of a live widget (left out of the copy).
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def notebook_title(notebook) -> str | None:
    """The text of the notebook's first Markdown heading, without backticks and escapes."""
    for cell in (c for c in notebook.cells if c.cell_type == "markdown"):
        for line in cell.source.splitlines():
            if line.startswith("#") and line.lstrip("#").startswith(" "):
                text = line.lstrip("#").strip().rstrip("#").strip().replace("`", "")
                for escaped in "\\`*_{}[]()#+-.!":
                    text = text.replace("\\" + escaped, escaped)
                return text or None
    return None


def saved_paths(output) -> bool:
    """Whether an output is only the list of paths a figure was saved to."""
    data = output.get("data", {})
    plain = data.get("text/plain", "")
    plain = ("".join(plain) if isinstance(plain, list) else plain).strip().strip("[]")
    parts = [p.strip() for p in plain.split(",") if p.strip()]
    path = ("PosixPath('", "WindowsPath('", "Path('")
    paths = [p.startswith(path) and p.endswith("')") for p in parts]
    return set(data) == {"text/plain"} and bool(parts) and all(paths)


def offline_notebook(notebook):
    """A copy of ``notebook`` without its widgets' state, titled by its first heading."""
    import copy

    notebook = copy.deepcopy(notebook)
    notebook.metadata.pop("widgets", None)
    title = notebook_title(notebook)
    if title and not notebook.metadata.get("title"):
        notebook.metadata["title"] = title
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if WIDGET_VIEW not in o.get("data", {})]
    return notebook


def export_html(notebook) -> str:
    """The HTML of a notebook node through :data:`TEMPLATE` (no script, nothing remote)."""
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        template_name="lab", template_file=str(TEMPLATE), filters={"saved_paths": saved_paths}
    )
    body, _ = exporter.from_notebook_node(offline_notebook(notebook))
    return body


def write_html(notebook: Path, target: Path) -> Path:
    """Export the executed ``notebook`` as offline HTML to ``target``, atomically."""
    import nbformat

    return atomic_write(target, export_html(nbformat.read(notebook, as_version=4)))
