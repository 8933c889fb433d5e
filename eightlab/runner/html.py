"""The HTML copy of an executed notebook: one self-contained file that needs no network.

nbconvert's ``lab`` template inlines its styles but links require.js, MathJax, the
widget manager and mermaid from CDNs. ``offline.html.j2`` beside this module extends it
without any of them and without any script, so the copy reads the same offline: GIF
animations (:func:`eightlab.viz.stepper.gif_image`) become embedded images, live
widgets and their state are left out (the notebook shows the same steps as a static
figure), text printed on stderr that is no error shows in a neutral grey box, a result
that is only a list of saved paths is left out, and the page's title is the notebook's
first Markdown heading.
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
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
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
    return (
        set(data) == {"text/plain"}
        and bool(parts)
        and all(p.startswith(path) and p.endswith("')") for p in parts)
    )


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
            cell.outputs = [
                o for o in cell.get("outputs", []) if WIDGET_VIEW not in o.get("data", {})
            ]
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
