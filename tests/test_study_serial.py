"""Studies where no process (nor thread) can start, as in a browser's Pyodide (issue 26 §3).

:func:`solvers.study.executor` gives the serial :class:`~solvers.study.Inline` there, and
notebook 08's live study, whose thread cannot start either, runs on the caller's thread to
the same report.  Every case is checked against the lines the deals give when solved one
by one, so the serial way is the same study, not a lesser one.
"""

from __future__ import annotations

import concurrent.futures
import re
import sys
import threading
from concurrent.futures import ProcessPoolExecutor

import pytest

from cardlib import games
from cardlib.widgets import GameTable
from solvers import policies, study
from solvers.widgets.study_tools import LiveStudy, PlayerComparison

GAME = games.get("black-diamond")

CAP = 300  # positions per deal: quick, and some deals stay unknown
SEEDS = range(1, 6)


def one_by_one() -> list[tuple[int, str, int]]:
    task = study.SolveTask(max_nodes=CAP)
    return [(row["seed"], row["verdict"], row["nodes"]) for row in map(task, SEEDS)]


def no_pool(*args, **kwargs):
    raise OSError("[Errno 38] Function not implemented")  # what a missing sem_open says


@pytest.mark.parametrize("how", ["flag", "emscripten", "pool fails"])
def test_where_no_process_can_start_a_study_runs_serially_to_the_same_lines(
        how, monkeypatch, tmp_path):
    monkeypatch.delenv(study.NO_PROCESSES, raising=False)
    if how == "flag":
        monkeypatch.setenv(study.NO_PROCESSES, "1")
    elif how == "emscripten":
        monkeypatch.setattr(sys, "platform", "emscripten")
    else:
        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert study.processes_available() is (how == "pool fails")
    with study.executor(workers=2) as pool:
        assert isinstance(pool, study.Inline)
        rows = study.run(SEEDS, tmp_path / "serial.jsonl", pool,
                         study.SolveTask(max_nodes=CAP), progress=False)
    assert [(r["seed"], r["verdict"], r["nodes"]) for r in rows] == one_by_one()
    assert [r["seed"] for r in study.load(tmp_path / "serial.jsonl")] == list(SEEDS)


def test_on_the_desktop_a_study_still_gets_a_process_pool(monkeypatch):
    monkeypatch.delenv(study.NO_PROCESSES, raising=False)
    assert study.processes_available()
    with study.executor(workers=2) as pool:  # (no deal submitted: no process started)
        assert isinstance(pool, ProcessPoolExecutor)


def test_the_serial_executor_runs_each_deal_on_the_calling_thread():
    here = threading.get_ident()
    future = study.Inline().submit(lambda seed: (seed, threading.get_ident()), 7)
    assert future.done() and future.result() == (7, here)


def refuse_threads(self):
    raise RuntimeError("can't start new thread")  # as Pyodide answers


def test_the_live_study_runs_on_the_kernels_thread_where_no_thread_can_start(monkeypatch):
    monkeypatch.setattr(threading.Thread, "start", refuse_threads)
    live = LiveStudy(seeds=SEEDS, max_nodes=CAP)
    shown = []  # what the page is sent while the run works: a line per deal, no Stop
    live.running_ui.line.observe(
        lambda change: shown.append((change["new"], live.running_ui.stop_button.layout.display)),
        "value")
    live.start()  # the button's call: without threads it returns once the study is done
    assert not live.running
    progress = [(line, stop) for line, stop in shown if "solving" in line]
    assert [f"{n} of {len(SEEDS)} deals" in line for n, (line, _) in
            enumerate(progress, start=1)] == [True] * len(SEEDS)
    assert {stop for _, stop in progress} == {"none"}
    assert [(r["seed"], r["verdict"], r["nodes"]) for r in live.rows] == one_by_one()
    assert f"data-deals='{len(SEEDS)}'" in live.result.value
    assert not live.running_ui.run_button.disabled  # ready to run again, Stop hidden
    assert live.running_ui.stop_button.layout.display == "none"
    assert live.message.value == ""  # no error shown


def test_the_players_comparison_runs_on_the_kernels_thread_where_no_thread_can_start(
        monkeypatch):
    table = GameTable(GAME, seed=11)
    for _ in range(3):
        table.try_move(table.state.legal_moves()[0])
    monkeypatch.setattr(threading.Thread, "start", refuse_threads)
    comparison = PlayerComparison(table)
    shown = []
    comparison.running_ui.line.observe(lambda change: shown.append(change["new"]), "value")
    comparison.start()
    assert not comparison.running
    assert comparison.rows == policies.advice(GAME.new(11), table.state.history)
    total = len(comparison.rows)  # each position done moves the line on to the next one
    assert {int(re.search(r"position (\d+) of (\d+)", line).group(1)) for line in shown
            if "comparing" in line} == set(range(2, total + 1))
    assert f"data-positions='{len(comparison.rows)}'" in comparison.result.value
