"""Planning a run: which notebooks, with which parameters, into which results folders.

Every check happens here, before any kernel starts. Each run gets its folder of
``results/``: ``NAME``, ``NAME--PRESET`` or ``NAME--custom-HASH`` (8 hex digits of the
sorted ``-p`` overrides), so a researcher's run never overwrites the default results.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from eightlab.errors import EightlabError, UnknownNameError
from eightlab.runner.parameters import OUTPUT_PARAMETER, declared_parameters
from eightlab.runner.presets import PRESETS
from eightlab.runner.specs import check_values, spec_of


@dataclass
class Plan:
    """One notebook to run: its ``path`` and ``name``, its results ``folder``'s name, the
    ``parameters`` to inject (``output_dir`` included), those it ``declared``
    (:func:`declared_parameters`) and the ``command`` that runs it again, alone."""

    path: Path
    name: str
    folder: str
    parameters: dict
    declared: dict
    command: list = field(default_factory=list)


def discover(notebooks_dir) -> list[Path]:
    """The notebooks of a folder in run order: tutorials (``01_...``) first, then the rest,
    each group by file name.

    Raises
    ------
    EightlabError
        If the folder does not exist or is not a folder.
    """
    folder = Path(notebooks_dir)
    if not folder.exists():
        raise EightlabError(f"notebook folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise EightlabError(f"notebook folder {str(folder)!r} is not a folder")
    paths = [p for p in folder.glob("*.ipynb") if not p.name.startswith(".")]
    return sorted(paths, key=lambda p: (not p.name[:1].isdigit(), p.name))


def override_hash(overrides: dict) -> str:
    """Eight hex digits identifying a set of parameter overrides (order does not matter)."""
    text = json.dumps(sorted(overrides.items()), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def folder_name(notebook: str, preset: str | None, overrides: dict) -> str:
    """The results folder name of a run: ``NAME``, ``NAME--PRESET``, ``NAME--custom-HASH``."""
    name = notebook
    if preset:
        name += f"--{preset}"
    if overrides:
        name += f"--custom-{override_hash(overrides)}"
    return name


def plan_runs(only=None, parameters=None, preset=None, notebooks_dir="notebooks") -> list[Plan]:
    """Decide which notebooks run, with which parameters, into which folders.

    ``only`` names the notebooks (default: all but the opt-in ones); ``parameters`` are
    overrides, string values read as papermill's ``-p`` reads them; ``preset`` names a
    preset of :data:`~eightlab.runner.presets.PRESETS` and selects its notebook. With
    overrides, only the notebooks that declare one of them run. Returns the plans in
    run order.

    Raises
    ------
    UnknownNameError
        For an ``only`` name that is no notebook, or an unknown preset.
    EightlabError
        For a notebook folder without notebooks, ``output_dir`` (``--results`` says where),
        a parameter that none of the selected notebooks declares, or a value that does not fit a parameter's type or range.
    """
    paths = discover(notebooks_dir)
    if not paths:
        raise EightlabError(f"notebook folder {str(notebooks_dir)!r} has no notebooks (*.ipynb)")
    by_name = {p.stem: p for p in paths}
    selected = [p for p in paths if not spec_of(p.stem).opt_in]
    if only:
        wanted = [name.removesuffix(".ipynb") for name in only]
        unknown = [name for name in wanted if name not in by_name]
        if unknown:
            raise UnknownNameError(
                f"unknown notebook {unknown[0]!r}; the notebooks are: "
                f"{', '.join(by_name) or '(none)'}"
            )
        selected = [p for p in paths if p.stem in wanted]
    preset_parameters = {}
    if preset is not None:
        if preset not in PRESETS:
            raise UnknownNameError(
                f"unknown preset {preset!r}; the presets are: "
                + ", ".join(f"{k} ({v[0]})" for k, v in PRESETS.items())
            )
        notebook, preset_parameters = PRESETS[preset]
        if notebook not in by_name:
            raise UnknownNameError(f"preset {preset!r} needs notebook {notebook!r}, not found")
        if only and notebook not in {p.stem for p in selected}:
            raise EightlabError(f"preset {preset!r} runs {notebook!r}, which --only excludes")
        selected = [by_name[notebook]]
    raw = dict(parameters or {})
    if OUTPUT_PARAMETER in raw:
        raise EightlabError(
            f"parameter {OUTPUT_PARAMETER!r} is set by eightlab run (results/NAME...); "
            "give the folder that holds the runs with --results DIR"
        )
    declared = {p.stem: declared_parameters(p) for p in selected}
    known = {name for params in declared.values() for name in params} - {OUTPUT_PARAMETER}
    unknown = [name for name in raw if name not in known]
    if unknown:
        listing = "; ".join(
            f"{nb}: {', '.join(k for k in params if k != OUTPUT_PARAMETER) or '(none)'}"
            for nb, params in declared.items()
        )
        raise EightlabError(
            f"no selected notebook has a parameter {unknown[0]!r} that can be set; "
            f"parameters: {listing}"
        )
    plans = []
    for path in selected:
        params = declared[path.stem]
        overrides = {k: v for k, v in raw.items() if k in params}
        if raw and not overrides:
            continue  # a researcher's -p run: notebooks it does not concern are not run
        typed = {k: v for k, v in overrides.items() if isinstance(v, str)}
        given = check_values(path.stem, params, {**preset_parameters, **overrides}, typed)
        overrides = {k: given[k] for k in overrides}
        command = ["python", "-m", "eightlab", "run", "--only", path.stem]
        command += ["--preset", preset] if preset else []
        command += [part for name in overrides for part in ("-p", name, str(raw[name]))]
        folder = folder_name(path.stem, preset, overrides)
        injected = {**given, OUTPUT_PARAMETER: "."}
        plans.append(Plan(path, path.stem, folder, injected, params, command))
    return plans
