"""Notebook 08's live runs as buttons (solvers/widgets/study_tools.py), driven from Python:
the run goes on a thread of its own, Stop ends it with what was done, and the answers are
those of the functions the command line uses."""

from __future__ import annotations

import time

import pytest

from cardlib import games
from cardlib.widgets import GameTable
from solvers import policies, study
from solvers.widgets.study_tools import LiveStudy, PlayerComparison

GAME = games.get("black-diamond")
CAP = 300  # positions per deal: quick, and some deals stay unknown


def test_the_live_study_reports_what_study_run_finds(tmp_path):
    seeds = range(1, 9)
    expected = study.run(seeds, tmp_path / "cli.jsonl", study.Inline(),
                         study.SolveTask(max_nodes=CAP), progress=False)
    flip = next(row["seed"] for row in expected if row["verdict"] == "win")
    shipped = [{**row, "verdict": "loss"} if row["seed"] == flip else row for row in expected]
    live = LiveStudy(seeds=seeds, max_nodes=CAP, shipped=shipped)
    assert not live.running and "not run yet" in live.result.value
    live.start(wait=True)
    assert [(r["seed"], r["verdict"], r["nodes"]) for r in live.rows] == [
        (r["seed"], r["verdict"], r["nodes"]) for r in expected]
    assert (live.summary.wins, live.summary.losses, live.summary.unknown) == tuple(
        sum(r["verdict"] == v for r in expected) for v in ("win", "loss", "unknown"))
    report = live.result.value
    assert f"data-deals='{len(seeds)}'" in report
    assert "if the unknown deals were simply left out" in report
    assert f"disagreements: {flip}<" in report  # a made-up shipped loss is caught
    assert not live.running_ui.run_button.disabled
    assert live.running_ui.stop_button.layout.display == "none"


def test_stop_ends_the_live_study_with_the_deals_solved_so_far():
    live = LiveStudy(seeds=range(1, 2001), max_nodes=4095)
    live.start()
    assert live.running and live.running_ui.run_button.disabled
    with pytest.raises(RuntimeError, match="running"):
        live.start()
    deadline = time.monotonic() + 120
    while not live._done and time.monotonic() < deadline:
        time.sleep(0.05)
    live.running_ui.stop_button.click()
    assert live.job.wait(30), "Stop did not end the run"
    assert live.stopped and 0 < live.summary.deals < 2000
    assert f"stopped after {live.summary.deals} of 2000 deals" in live.result.value


def test_the_comparison_shows_what_advice_says_for_the_game_on_the_table():
    table = GameTable(GAME, seed=11)
    for _ in range(3):
        table.try_move(table.state.legal_moves()[0])
    comparison = PlayerComparison(table).compare()
    start = GAME.new(11)
    assert comparison.rows == policies.advice(start, table.state.history)
    assert f"data-positions='{len(comparison.rows)}'" in comparison.result.value
    table.try_move(table.state.legal_moves()[0])  # the learner plays on; the button redoes it
    comparison.running_ui.run_button.click()
    assert comparison.job.wait(120)
    assert comparison.rows == policies.advice(start, table.state.history)
    assert [row["played"] for row in comparison.rows][:4] == [
        str(move) for move in table.state.history]


def test_stop_ends_the_comparison_with_the_positions_done():
    table = GameTable(GAME, seed=11)
    for _ in range(12):
        if table.state.is_over:
            break
        table.try_move(table.state.legal_moves()[0])
    comparison = PlayerComparison(table)
    comparison.start()
    deadline = time.monotonic() + 120
    while not comparison._done and time.monotonic() < deadline:
        time.sleep(0.05)
    comparison.stop()
    assert comparison.job.wait(30)
    assert comparison.stopped and 0 < len(comparison.rows) <= len(table.state.history) + 1
    assert "stopped" in comparison.result.value


def test_a_players_description_reads_as_markdown_not_sphinx():
    for player in (policies.RandomPlayer, policies.HeuristicPlayer, policies.SamplingPlayer):
        text = policies.describe(player)
        assert ":class:" not in text and ":func:" not in text and "``" not in text, text
    assert "follow `HeuristicPlayer`" in " ".join(policies.describe(policies.SamplingPlayer)
                                                  .split())
    assert ":class:`HeuristicPlayer`" in policies.SamplingPlayer.__doc__  # what it mends
