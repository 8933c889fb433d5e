"""Sphinx configuration of eightlab's reference (``make docs``).

The build is nitpicky and turns warnings into errors (``sphinx-build -W -n``), so a
cross-reference in a docstring that does not resolve fails it.
"""

import os
import sys

sys.path.insert(0, os.path.abspath(".."))


def _write_floors(path):
    """Write the page of the floors, from the top, as pyproject.toml's layers state them."""
    import tomllib

    with open(os.path.join(os.path.dirname(path), "..", "pyproject.toml"), "rb") as handle:
        config = tomllib.load(handle)["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    names = [name.strip() for layer in layers for name in layer.split("|")]
    lines = [
        "The floors",
        "==========",
        "",
        "A module imports only from its own floor or the floors below; ``pyproject.toml``",
        "states the floors as import-linter contracts, and this page follows them, from",
        "the top.",
        "",
        ".. autosummary::",
        "   :toctree: api",
        "   :recursive:",
        "",
        *(f"   eightlab.{name}" for name in names if name != "__main__"),
        "",
    ]
    text = "\n".join(lines)
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


_write_floors(os.path.join(os.path.dirname(os.path.abspath(__file__)), "floors.rst"))

project = "eightlab"
author = "eightlab contributors"
copyright = "eightlab contributors"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
]

templates_path = ["_templates"]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path: list[str] = []

autosummary_generate = True
autosummary_ignore_module_all = True
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autoclass_content = "class"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# numpydoc's own checks of the sections run as tools/check_docstrings.py (make docs).

# Every public name of a module, each documented once: in the module that defines it (a
# name re-exported through ``__all__`` is documented at home, not again). A constant is
# documented, and so can be referred to, when a ``#:`` comment stands above it.
autodoc_default_options = {"undoc-members": True, "ignore-module-all": True}

# A docstring writes the size of the vertex cover as |VC|; it stays that text.
rst_epilog = ".. |VC| replace:: \\|VC\\|"

# numpydoc renders a References section as citations that the text need not cite.
suppress_warnings = ["ref.citation"]

nitpicky = True

# The reference cannot reach other projects' inventories (the build runs offline), so a
# name of a third-party or standard-library package in a signature stays plain text.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(numpy|np|pandas|pd|matplotlib|networkx|nx|sklearn|numba|dask|distributed)(\..*)?",
    ),
    (r"py:.*", r"(ipywidgets|nbformat|nbclient|papermill|joblib|scipy|tqdm)(\..*)?"),
    (r"py:.*", r"(collections|typing|pathlib|os|io|enum|dataclasses|concurrent|subprocess)(\..*)?"),
    (r"py:.*", r"(argparse|datetime|random|threading|multiprocessing|types|abc|re|json)(\..*)?"),
    (r"py:.*", r"(time|tempfile|threadpoolctl)(\..*)?"),
    (r"py:.*", r"t\..*"),  # ``import typing as t`` in an annotation
]


def _canonical(module_name, target):
    """The documented name that ``target`` means inside module ``module_name``, or None.

    A docstring may name what its module imports (``:class:`Board``` in a module that
    imports :class:`~eightlab.puzzle.board.Board`); Python's own lookup in that module's
    namespace says which object it is, and the object says where it is documented.
    """
    import importlib
    import inspect

    try:
        obj = importlib.import_module(module_name)
    except Exception:
        return None
    parts = target.split(".")
    for part in parts:
        parent, obj = obj, getattr(obj, part, _MISSING)
        if obj is _MISSING:
            return None
    if inspect.ismodule(obj):
        return obj.__name__
    home = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if home and qualname and (inspect.isclass(obj) or inspect.isroutine(obj)):
        return f"{home}.{qualname}"
    if inspect.ismodule(parent):  # a constant: the module that assigns it
        return _owner_of(parts[-1], obj)
    return None


_MISSING = object()


def _owner_of(name, obj):
    """The full name of constant ``obj`` in the module of eightlab that assigns it."""
    candidates = [
        m
        for m_name, m in sorted(sys.modules.items())
        if m_name.startswith("eightlab") and m is not None and getattr(m, name, _MISSING) is obj
    ]
    for m in candidates:
        source = getattr(m, "__file__", "") or ""
        try:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
        except OSError:
            continue
        if f"\n{name} =" in text or f"\n{name}:" in text:
            return f"{m.__name__}.{name}"
    return None


def _resolve_imported_name(app, env, node, contnode):
    """Resolve a Python reference through the names its module imports."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip("~.")
    module_name = node.get("py:module")
    if not target:
        return None
    canonical = None
    class_name = node.get("py:class")
    if module_name and class_name:
        canonical = _canonical(module_name, f"{class_name}.{target}")
    # outside any module (the floors' page), a bare name is the package's public name
    canonical = canonical or _canonical(module_name or "eightlab", target)
    if not canonical and target.startswith("eightlab."):  # a full name through a re-export
        parts = target.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            canonical = _canonical(".".join(parts[:cut]), ".".join(parts[cut:]))
            if canonical:
                break
    domain = env.get_domain("py")
    if not canonical:
        # not bound at run time (a name imported for type checking only): the one documented
        # object of that name, as Sphinx's own search for ``.name`` would find it
        matches = [n for n in domain.objects if n.endswith(f".{target}")]
        if len(matches) != 1:
            return None
        canonical = matches[0]
    if canonical == target:
        return None
    return domain.resolve_xref(
        env, node.get("refdoc"), app.builder, node.get("reftype"), canonical, node, contnode
    )


def _skip_builtins(app, what, name, obj, skip, options):
    """Leave out builtins a module imports (``threading.Lock``): they are not its own."""
    import inspect

    return True if inspect.isbuiltin(obj) else None


def _sentence_ends_outside_literals():
    """Let autosummary end a summary's first sentence only outside a ````literal````.

    Its splitter takes any ``". "`` for the end of the first sentence, so a module whose
    first line holds ````0 .. 8```` gets a summary cut inside the literal (and a docutils
    warning); the end of a sentence is a period followed by space with the ````literal````
    marks after it paired.
    """
    import re

    from sphinx.ext import autosummary

    outside = r"(?:(?!``).)*"
    autosummary.periods_re = re.compile(rf"\.(?:\s+)(?={outside}(?:``{outside}``{outside})*$)")


_sentence_ends_outside_literals()


def setup(app):
    app.connect("missing-reference", _resolve_imported_name)
    app.connect("autodoc-skip-member", _skip_builtins)
