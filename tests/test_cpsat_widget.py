"""The solver explorer, driven from Python the way a learner's clicks drive it.

Solve runs the solver on a thread of its own and returns at once (so that Stop can be
pressed); a test clicks, then waits for the answer with ``explorer.job.wait``."""

from __future__ import annotations

import json

import pytest

from cardlib.blackdiamond import deal_from_seed
from solvers.widgets import solve_explorer
from solvers.widgets.solve_explorer import SolveExplorer


@pytest.fixture
def explorer() -> SolveExplorer:
    return SolveExplorer(seed=5, method="search")


def test_a_fresh_explorer_shows_the_deal_unsolved(explorer):
    assert explorer.deal == deal_from_seed(5)
    assert explorer.verdict is None
    assert len(explorer.states) == 1 and explorer.step == 0
    assert "<svg" in explorer.board_html.value
    assert explorer.next_button.disabled and explorer.back_button.disabled


def solved(explorer):
    explorer.solve_button.click()
    assert explorer.job.wait(600), "the solver did not answer"
    return explorer


def test_solve_click_then_step_through_the_plan(explorer):
    solved(explorer)
    result = explorer.result
    assert explorer.verdict == "win"
    assert len(explorer.states) == len(result.moves) + 1
    assert explorer.states[-1].outcome == "win"
    assert "won" in explorer.verdict_html.value
    explorer.next_button.click()
    explorer.next_button.click()
    assert explorer.step == 2 and explorer.step_slider.value == 2
    assert explorer.state is explorer.states[2]
    assert str(explorer.state.history[-1]) in explorer.move_html.value.replace("&gt;", ">")
    explorer.back_button.click()
    assert explorer.step == 1
    explorer.last_button.click()
    assert explorer.step == len(result.moves) and explorer.next_button.disabled
    assert "win" in explorer.move_html.value
    explorer.step_slider.value = 4  # dragging the slider moves the board too
    assert explorer.step == 4 and explorer.state is explorer.states[4]
    explorer.first_button.click()
    assert explorer.step == 0 and explorer.back_button.disabled


def test_cpsat_method_gives_a_replayed_plan():
    explorer = SolveExplorer(seed=2, method="cpsat")
    explorer.solve()
    assert explorer.verdict == "win"
    assert explorer.result.extra["status"] in ("OPTIMAL", "FEASIBLE")
    assert "CP-SAT" in explorer.verdict_html.value
    assert explorer.states[-1].outcome == "win"


def test_cpsat_out_of_time_says_undecided_and_has_no_plan():
    explorer = SolveExplorer(seed=3).solve("cpsat", time_limit=0.1)   # CPU seconds
    assert explorer.verdict == "unknown"
    assert len(explorer.states) == 1
    assert "undecided: its limit of 0.1 s of CPU ran out" in explorer.verdict_html.value


def test_seed_box_and_load_button(explorer):
    explorer.solve()
    explorer.seed_box.value = 11
    explorer.load_seed_button.click()
    assert explorer.deal == deal_from_seed(11) and explorer.seed == 11
    assert explorer.verdict is None and len(explorer.states) == 1


def test_pasted_deal_is_used_and_a_bad_one_refused_by_name(explorer):
    explorer.deal_text.value = json.dumps(deal_from_seed(7).to_json())
    explorer.load_deal_button.click()
    assert explorer.deal == deal_from_seed(7) and explorer.seed is None
    assert explorer.error == ""

    bad = deal_from_seed(8).to_json()
    bad["diamonds"][0] = bad["diamonds"][1]
    explorer.load_deal(bad)
    assert "repeated" in explorer.error and "missing" in explorer.error
    assert explorer.deal == deal_from_seed(7)  # the previous deal stays
    assert "repeated" in explorer.error_html.value

    explorer.load_deal("{not json")
    assert "not JSON" in explorer.error
    assert explorer.seed_box.value == "your deal"
    explorer.load_seed(9)
    assert explorer.error == "" and explorer.error_html.value == ""


def test_an_unknown_method_is_refused(explorer):
    with pytest.raises(ValueError, match="unknown method 'magic'"):
        explorer.solve("magic")


def test_controls_carry_their_css_classes(explorer):
    classes = {css for control in (
        explorer.seed_box, explorer.load_seed_button, explorer.deal_text,
        explorer.load_deal_button, explorer.method_picker, explorer.time_box,
        explorer.solve_button, explorer.verdict_html, explorer.error_html,
        explorer.first_button, explorer.back_button, explorer.next_button,
        explorer.last_button, explorer.step_slider, explorer.move_html, explorer.board_html)
        for css in control._dom_classes}
    assert {"bd-solve-seed", "bd-solve-run", "bd-solve-method", "bd-solve-verdict",
            "bd-solve-next", "bd-solve-board", "bd-solve-deal", "bd-solve-step"} <= classes
    assert "bd-solve-explorer" in explorer._dom_classes


def test_a_failing_solve_shows_in_the_message_line(explorer, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("solver crashed")

    monkeypatch.setattr(solve_explorer, "run_solver", broken)
    solved(explorer)                                 # must not raise out of the click
    assert explorer.message_kind == "error" and isinstance(explorer.last_error, RuntimeError)
    assert "solver crashed" in explorer.error_html.value
    assert explorer.verdict is None and len(explorer.states) == 1
    assert "solving" not in explorer.verdict_html.value  # the busy line is taken back
    assert not explorer.solve_button.disabled


def test_the_verdict_line_says_solving_while_the_solver_runs(explorer, monkeypatch):
    real, seen = solve_explorer.run_solver, []

    def watched(*args, **kwargs):
        seen.append((explorer.verdict_html.value, explorer.solve_button.disabled))
        return real(*args, **kwargs)

    monkeypatch.setattr(solve_explorer, "run_solver", watched)
    explorer.time_box.value = 30.0
    solved(explorer)
    (line, disabled), = seen
    assert "solving with exhaustive search, for up to 30 s of CPU" in line and disabled
    assert "won" in explorer.verdict_html.value and not explorer.solve_button.disabled
    explorer.time_box.value = 0.0                    # the default: no limit
    solved(explorer)
    assert "until it decides or you press Stop" in seen[-1][0]
