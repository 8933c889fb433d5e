# The two commands of README.md: `make results` (the main job) and `make test`.
# Both create the virtual environment .venv from requirements.txt on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: results test lint clean-venv

$(VENV)/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	$(PY) -m ipykernel install --sys-prefix --name python3 > /dev/null
	touch $@

results: $(VENV)/.installed
	$(PY) -m eightlab run

test: $(VENV)/.installed
	$(PY) -m pytest -n 2

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

clean-venv:
	rm -rf $(VENV)
