"""Notebooks 05, 06 and 08 as a browser's Python runs them (issue 26 §3).

JupyterLite's Pyodide kernel has no OR-Tools, no matplotlib and no processes.  Here the
same is made true on the desktop: a shim folder first on ``PYTHONPATH`` holds an
``ortools``, a ``matplotlib`` and a ``_multiprocessing`` (which Pyodide leaves out, so
``concurrent.futures.ProcessPoolExecutor`` cannot even be imported) whose import fails,
and a ``sitecustomize`` that refuses to start a process;
:data:`solvers.study.NO_PROCESSES` tells the studies so.  Each notebook then runs top to
bottom on a fresh kernel: no cell may show an error, and 05's CP-SAT cells must each say,
in the one sentence :data:`solvers.cpsat.NEEDS_DESKTOP`, that CP-SAT needs the desktop
install.  (Threads cannot start in Pyodide either, but the kernel needs its own:
``tests/test_study_serial.py`` covers that without a kernel.)
"""

from __future__ import annotations

import json

import nbformat
import pytest
from harness import NOTEBOOKS, run_notebook

from solvers.cpsat import NEEDS_DESKTOP
from solvers.study import NO_PROCESSES

SHIMS = {
    "ortools/__init__.py": 'raise ImportError("no OR-Tools here (a test playing the browser)")\n',
    "matplotlib/__init__.py":
        'raise ImportError("no matplotlib here (a test playing the browser)")\n',
    "_multiprocessing.py":  # as Pyodide, which leaves it out: ProcessPoolExecutor cannot import
        'raise ModuleNotFoundError("no _multiprocessing here (a test playing the browser)")\n',
    "sitecustomize.py": (
        "import multiprocessing.process\n\n\n"
        "def _refuse(self):\n"
        "    raise OSError('no processes here (a test playing the browser)')\n\n\n"
        "multiprocessing.process.BaseProcess.start = _refuse\n"),
}

CPSAT_CELLS = {"5a56ebbc", "cf010088", "213ccc47", "0bf1d36a", "cce069c2"}
"""Notebook 05's cells that run CP-SAT: each says the sentence instead."""

PROBE = """\
import json, multiprocessing
from solvers import study
try:
    import ortools.sat  # noqa: F401
    ortools = True
except ImportError:
    ortools = False
try:
    multiprocessing.Process(target=print).start()
    started = True
except OSError:
    started = False
with study.executor(workers=2) as pool:
    kind = type(pool).__name__
print(json.dumps({"ortools": ortools, "process_started": started, "executor": kind}))
"""
"""A last cell: what the kernel could do (the shim is in force) and which executor a
study gets there."""


@pytest.fixture(scope="module")
def browser_like(tmp_path_factory):
    shim = tmp_path_factory.mktemp("no-desktop")
    for name, text in SHIMS.items():
        (shim / name).parent.mkdir(parents=True, exist_ok=True)
        (shim / name).write_text(text, encoding="utf-8")
    patch = pytest.MonkeyPatch()
    patch.setenv("PYTHONPATH", str(shim))
    patch.setenv(NO_PROCESSES, "1")
    yield shim
    patch.undo()


def outputs(nb) -> list[tuple[str, dict]]:
    return [(cell.get("id", ""), out) for cell in nb.cells if cell.cell_type == "code"
            for out in cell.get("outputs", [])]


def text_of(out: dict) -> str:
    if out.get("output_type") == "stream":
        return out.get("text", "")
    return json.dumps(out.get("data", {}))


@pytest.mark.notebook
@pytest.mark.parametrize("name", ["05-black-diamond-solver", "06-arithmetic-rule",
                                  "08-winnability"])
def test_a_notebook_runs_without_ortools_matplotlib_or_processes(browser_like, name, tmp_path):
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(PROBE))
    (tmp_path / "notebooks").mkdir()  # the copy reads ../benchmarks/results as the notebook
    (tmp_path / "benchmarks").symlink_to(NOTEBOOKS.parent / "benchmarks")
    copy = tmp_path / "notebooks" / f"{name}.ipynb"
    nbformat.write(nb, copy)
    ran = run_notebook(copy, timeout=180)
    found = outputs(ran)
    errors = [out for _, out in found if out.get("output_type") == "error"]
    assert not errors, [f"{e['ename']}: {e['evalue']}" for e in errors]
    stderr = [out["text"] for _, out in found
              if out.get("output_type") == "stream" and out.get("name") == "stderr"]
    assert not stderr, stderr

    # the probe's one line may reach the notebook in more than one stream output (a busy
    # kernel can flush print's text and its newline apart): read the cell's text whole
    probe = json.loads("".join(text_of(out) for out in ran.cells[-1].outputs))
    assert probe == {"ortools": False, "process_started": False, "executor": "Inline"}

    saying = {cell for cell, out in found if NEEDS_DESKTOP in text_of(out)}
    if name.startswith("05"):
        assert saying == CPSAT_CELLS
        for cell, out in found:  # the sentence alone, once, in each of those cells
            if cell in CPSAT_CELLS and NEEDS_DESKTOP in text_of(out):
                assert text_of(out).strip() == NEEDS_DESKTOP
        assert any("chart-layer" in text_of(out) for _, out in found)  # the comparison
    else:
        assert not saying
        assert any('data-chart-layer=\\"' in text_of(out) for _, out in found)


def test_without_ortools_cpsat_is_refused_in_the_one_sentence(monkeypatch):
    from cardlib.blackdiamond import deal_from_seed
    from solvers import cpsat
    from solvers.cpsat import backend
    from solvers.widgets.solve_explorer import run_solver

    with pytest.raises(cpsat.CpSatUnavailable, match="needs the desktop install"):
        backend._Missing().CpModel()  # what cp_model is where OR-Tools cannot be imported
    monkeypatch.setattr(cpsat, "available", lambda: False)
    deal = deal_from_seed(4)
    with pytest.raises(cpsat.CpSatUnavailable) as refused:  # the explorer's CP-SAT button
        run_solver("cpsat", None, deal, None)
    assert str(refused.value) == NEEDS_DESKTOP


def test_the_solve_explorer_redraws_its_own_progress_where_no_thread_can_start(monkeypatch):
    import threading

    from solvers.widgets import solve_explorer

    def refuse(self):
        raise RuntimeError("can't start new thread")  # as Pyodide answers

    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(solve_explorer, "TICK", 0.0)  # a redraw at every report
    explorer = solve_explorer.SolveExplorer(seed=20, method="search")  # a beam's win
    shown = []
    explorer.run_panel.line.observe(
        lambda change: shown.append((change["new"], explorer.stop_button.layout.display)),
        "value")
    explorer.solve(wait=False)  # the button: without threads, back once it is decided
    assert explorer.verdict == "win" and not explorer.running
    searched = [(line, stop) for line, stop in shown if "positions searched" in line]
    assert len(searched) > 2  # the search reports every 1,024 positions: seed 20 needs ~7,500
    assert {stop for _, stop in searched[1:]} == {"none"}  # (the first: before it started)
