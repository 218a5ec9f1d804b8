# Two commands do all set-up on a fresh machine: `make lab` and `make test`.
# Both create .venv with the system python3 and install the project from pyproject.toml;
# the install is skipped while pyproject.toml is unchanged since the last one.

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.install-stamp
PORT   ?= 8888
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test install lint clean-venv

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --disable-pip-version-check -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(VENV)/bin/jupyter lab --no-browser --ip=127.0.0.1 --port=$(PORT) \
		--ServerApp.root_dir=notebooks $(ROOT_FLAG)

lint: install
	$(VENV)/bin/ruff check .

test: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/python -m pytest $(PYTEST_ARGS)

clean-venv:
	rm -rf $(VENV)
