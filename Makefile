# Two commands do all set-up on a fresh machine: `make lab` and `make test`.
# Both create .venv with the system python3 and install the exact versions pinned (with
# hashes) in requirements.lock, then the project itself, which compiles the exact Black
# Diamond search (setup.py); the install is skipped while neither the lock, pyproject.toml
# nor the search's source has changed since the last one.
# `make lock` remakes the lock from pyproject.toml, the one list of dependencies.
# `make lite` builds the course as a static JupyterLite site in build/lite/ (tools/lite/).

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.install-stamp
LOCK   := requirements.lock
PIP    := $(PY) -m pip install --disable-pip-version-check -q
PORT   ?= 8888
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test install lint lock lite classroom clean-venv

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml setup.py solvers/search.py solvers/search.pxd $(LOCK) | $(PY)
	$(PIP) --require-hashes -r $(LOCK)
	$(PIP) --no-deps --no-build-isolation -e .
	touch $(STAMP)

install: $(STAMP)

lab: install
	$(VENV)/bin/jupyter lab --no-browser --ip=127.0.0.1 --port=$(PORT) \
		--ServerApp.root_dir=notebooks $(ROOT_FLAG)

# Every notebook as a Voila app (code hidden, widgets live) on 127.0.0.1; PORT= picks the port.
classroom: install
	$(PY) tools/classroom.py --port $(PORT)

# The lock is for Python 3.11 on every platform (--universal), with every file's hash; the
# dev extra holds every other extra (desktop, lite). Then the JupyterLite site's own pins:
# its wheels for Pyodide's Python (tools/lite/wheels.lock) and the npm Pyodide's integrity.
lock: install
	$(VENV)/bin/uv pip compile pyproject.toml --extra dev --generate-hashes --universal \
		--python-version 3.11 --no-header -q -o $(LOCK)
	$(PY) tools/lite/build.py lock

# The whole course as a static site (build/lite/): serve it with
# `python -m http.server -d build/lite`. Rebuilt only when its inputs changed.
lite: install
	$(PY) tools/lite/build.py

lint: install
	$(VENV)/bin/ruff check .

test: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/python -m pytest $(PYTEST_ARGS)

clean-venv:
	rm -rf $(VENV)
