# The two commands of README.md: `make results` (the main job) and `make test`.
# Both create the virtual environment .venv from requirements.txt on first use.
# `make lab` opens JupyterLab on the tutorials with the project's kernel.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
MIN_PYTHON := 3.11

.PHONY: results test lint docs lab clean-venv git-filters

# A .venv made by a Python that is too old (or left half-built by a failed install)
# is thrown away and made again; a too-old $(PYTHON) stops here with one line.
$(VENV)/.installed: requirements.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < tuple(map(int, "$(MIN_PYTHON)".split("."))))' \
	  || { echo "eightlab needs Python $(MIN_PYTHON) or newer; $(PYTHON) is $$($(PYTHON) -V 2>&1). Try: make PYTHON=python3.12 ..." >&2; exit 1; }
	@if [ -e $(VENV) ] && ! $(PY) -c 'import sys; sys.exit(sys.version_info < tuple(map(int, "$(MIN_PYTHON)".split("."))))' 2>/dev/null; then \
	  echo "removing $(VENV): it was made by a Python older than $(MIN_PYTHON) or is broken"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@# the build backend's own warnings (setuptools' "Editable installation" box) are not
	@# silenced by --quiet; PYTHONWARNINGS reaches the backend's process
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet --no-deps -e .
	$(PY) -m ipykernel install --sys-prefix --name python3 > /dev/null
	touch $@

# Outputs of notebooks/*.ipynb are stripped when git reads them (nbstripout as a git
# filter, scoped by .gitattributes to notebooks/), so saving a tutorial in JupyterLab
# never puts outputs into a commit; results/ keeps its executed notebooks. The kernel
# also writes its language_info (version, lexer...): all of it but the name is dropped
# too, and so are the cells' shown/hidden flags, so a saved notebook reads as the
# committed one. The smudge filter (eightlab/runner/gitfilter.py) writes this Python's
# language_info back into the working copy, so JupyterLab opens a tutorial unmodified.
# git config is set on every make (milliseconds). The tracked notebooks you have not
# changed are rewritten through the smudge filter (and re-added: the same content, the
# index's stat refreshed) only when the smudge filter's setting changes: once per clone
# and .venv. `make lab` gives JupyterLab the post-save hook of the same module, which
# keeps a run and saved, otherwise unchanged tutorial out of `git status`.
NBSTRIPOUT_KEYS := metadata.language_info.codemirror_mode metadata.language_info.file_extension \
  metadata.language_info.mimetype metadata.language_info.nbconvert_exporter \
  metadata.language_info.pygments_lexer metadata.language_info.version cell.metadata.jupyter
NBSTRIPOUT := '$(abspath $(VENV))/bin/python' -m nbstripout --extra-keys '$(strip $(NBSTRIPOUT_KEYS))'
CHECKOUT := $(dir $(abspath $(firstword $(MAKEFILE_LIST))))
NBSMUDGE := '$(abspath $(VENV))/bin/python' '$(CHECKOUT)eightlab/runner/gitfilter.py'

git-filters: $(VENV)/.installed
	-@git config filter.nbstripout.clean "$(NBSTRIPOUT)" 2>/dev/null
	-@git config filter.nbstripout.required true 2>/dev/null
	-@git config diff.ipynb.textconv "$(NBSTRIPOUT) -t" 2>/dev/null
	-@[ "$$(git config filter.nbstripout.smudge 2>/dev/null)" = "$(NBSMUDGE)" ] \
	  || { git ls-files -- 'notebooks/*.ipynb' 2>/dev/null | while read -r f; do \
	  git diff --quiet -- "$$f" 2>/dev/null && git show ":$$f" | $(NBSMUDGE) > "$$f.smudge" \
	  && mv "$$f.smudge" "$$f" && git add -- "$$f"; rm -f "$$f.smudge"; done; \
	  git config filter.nbstripout.smudge "$(NBSMUDGE)" 2>/dev/null; }; true

results: git-filters
	$(PY) -m eightlab run

test: git-filters
	$(PY) -m pytest -n 2

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) tools/lint_prose.py

# The reference built from the docstrings (docs/_build/html). Nitpicky, warnings as
# errors: a cross-reference that does not resolve fails it. The API pages are generated
# afresh each time, so a module that is gone leaves no page behind. Then numpydoc's
# checks of the sections (every parameter documented, a Returns section).
docs: $(VENV)/.installed
	rm -rf docs/api docs/_build
	$(PY) -m sphinx -b html -W -n --keep-going -q docs docs/_build/html
	$(PY) tools/check_docstrings.py

lab: git-filters
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks \
	  --ContentsManager.post_save_hook=eightlab.runner.gitfilter.refresh_index \
	  $$([ "$$(id -u)" = 0 ] && echo --allow-root)

clean-venv:
	rm -rf $(VENV)
