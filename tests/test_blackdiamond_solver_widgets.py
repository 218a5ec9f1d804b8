"""Your own deal at the table and in the solve explorer; solving from a position reached at
the table; watching the solver and stopping it (issue 27 §1-§2), driven from Python.

The solver runs on a thread of its own, so a click returns at once: these tests wait for
the answer (``job.wait``) or press Stop while it works.  Seed 3153 is the slow loss proof
(about 7 s compiled, 22 CPU s as plain Python), so a solve of it is still running when
Stop is pressed, on any machine.
"""

from __future__ import annotations

import threading
import time

import pytest

from cardlib import games
from cardlib.blackdiamond import deal_from_seed
from cardlib.widgets import GameTable
from cardlib.widgets.blackdiamond_deal import DealBox
from solvers.hints import add_black_diamond_tools, hint
from solvers.progress import Background, Progress
from solvers.widgets.solve_explorer import SolveExplorer

GAME = games.get("black-diamond")
SLOW = deal_from_seed(3153)
"""The one loss of seeds 1..4000; proving it walks about 468,000 positions."""

MISTAKES = """\
diamonds: 7D 5D TD KD QD 2D 8D 4D AD JD 6D 3D 3D
black: AC 4C 2C 3C 9S 7C 6C 9C 8C QC 4S 5C KC JC KS JS 2S AS 5S 6S TS 3S QS TC 8S ZZ 7H
"""


def running(job: Background, seconds: float = 120) -> None:
    """Wait until the solver has reported progress at least once (it is searching)."""
    deadline = time.monotonic() + seconds
    while job.running and job.progress.nodes == 0 and not job.progress.phase:
        assert time.monotonic() < deadline, "the solver never reported progress"
        time.sleep(0.05)


# --- your own deal ---------------------------------------------------------------------------

def test_the_deal_box_names_every_mistake_and_keeps_nothing():
    used = []
    box = DealBox(used.append)
    assert box.use(MISTAKES) is None and used == []
    for words in ("repeated 3D", "missing 9D", "'ZZ' is not a card code",
                  "7H is not a spade or", "black must hold 26 cards, got 27", "missing 7S"):
        assert any(words in problem for problem in box.problems), words
        assert words in box.message.value.replace("&#x27;", "'")
    assert box.message_kind == "error"


def test_the_picture_fills_in_as_the_deal_is_typed():
    box = DealBox()
    assert "data-bd-deal-cards='0'" in box.picture.value
    box.text.value = "diamonds: 7D 5D"          # typing fires the same callback
    assert "data-bd-deal-cards='2'" in box.picture.value
    assert 'data-card="7D"' in box.picture.value
    box.text.value = SLOW.to_text()
    assert "data-bd-deal-cards='39'" in box.picture.value


def test_a_typed_deal_is_played_at_the_table_and_the_seed_box_says_so():
    table = GameTable(GAME, seed=0)
    box = DealBox.for_table(table)
    box.text.value = SLOW.to_text().lower()
    box.use_button.click()
    assert table.state.deal == SLOW and table.state.history == ()
    assert table.seed_box.value == "your deal"
    assert box.message_kind == "info"


def test_the_deal_box_refuses_another_game():
    with pytest.raises(ValueError, match="Black Diamond"):
        DealBox.for_table(GameTable(games.get("hearts"), seed=1))


# --- solving from a position reached at the table ---------------------------------------------

def test_can_it_still_be_won_after_three_moves_of_your_deal():
    table = GameTable(GAME, seed=0)
    tools = add_black_diamond_tools(table)
    DealBox.for_table(table).use(deal_from_seed(7).to_text())
    for _ in range(3):                   # three moves the solver keeps winnable
        table.try_move(hint(table.state, time_limit=None).move)
    assert len(table.state.history) == 3
    tools.ask_button.click()
    assert tools.job.wait(600)
    assert "Still winnable" in table.message.value
    assert tools.plan[0] in table.state.legal_moves()
    assert table.state.apply(tools.plan[0]) is not None


def test_a_position_stepped_back_to_is_the_one_solved():
    table = GameTable(GAME, seed=0)
    tools = add_black_diamond_tools(table)
    for _ in range(3):
        table.try_move(hint(table.state, time_limit=None).move)
    three = table.state
    table.back_button.click()                     # the board shows move 2
    shown = table.shown_state
    assert len(shown.history) == 2 and table.state is three
    tools.ask_button.click()
    assert tools.job.wait(600)
    assert "after move 2" in table.message.value and "Still winnable" in table.message.value
    tools.way_button.click()                      # plays from move 2: move 3 is replaced
    assert tools.job.wait(600)
    assert table.state.outcome == "win" and table.step == 2
    assert table.state.history[:2] == shown.history
    assert tools.plan == table.state.history[2:]
    assert "data-bd-plan-moves" in tools.plan_html.value and " 1. " in tools.plan_html.value


# --- watching it work, stopping it -------------------------------------------------------------

def test_stop_during_a_long_proof_at_the_table_says_undecided_so_far():
    table = GameTable(GAME, state=GAME.from_deal(SLOW))
    tools = add_black_diamond_tools(table)
    tools.ask_button.click()
    assert tools.job.running and tools.ask_button.disabled
    running(tools.job)
    time.sleep(0.6)                      # a few redraws of the progress line
    assert "positions searched" in tools.panel.line.value
    assert tools.panel.stop_button.layout.display != "none"
    tools.panel.stop_button.click()
    assert tools.job.wait(30)
    assert "Undecided so far" in table.message.value
    assert "positions searched" in table.message.value
    assert not tools.ask_button.disabled and tools.panel.stop_button.layout.display == "none"
    assert table.state.history == ()     # nothing played


def test_the_explorer_shows_progress_and_stops():
    explorer = SolveExplorer(seed=3153, method="search")
    assert explorer.time_limit is None   # until decided, or Stop
    explorer.solve(wait=False)
    assert explorer.running and explorer.solve_button.disabled
    running(explorer.job)
    time.sleep(0.6)
    assert "positions searched" in explorer.progress_html.value
    explorer.stop_button.click()
    assert explorer.job.wait(30)
    assert explorer.verdict == "unknown" and explorer.result.extra["stopped"]
    assert "undecided so far: you pressed Stop" in explorer.verdict_html.value
    assert "positions searched" in explorer.verdict_html.value
    assert not explorer.solve_button.disabled and len(explorer.states) == 1


def test_the_explorer_stops_cpsat_too():
    explorer = SolveExplorer(seed=3153, method="cpsat")
    explorer.solve(wait=False)
    running(explorer.job)
    assert explorer.job.progress.phase   # CP-SAT tells its phase, not positions
    explorer.stop()
    assert explorer.job.wait(60)
    assert explorer.verdict == "unknown"
    assert "undecided so far" in explorer.verdict_html.value


def test_a_limit_counts_cpu_seconds():
    explorer = SolveExplorer(seed=3153, method="search")
    explorer.solve(time_limit=0.3)
    assert explorer.verdict == "unknown"
    assert "limit of 0.3 s of CPU ran out" in explorer.verdict_html.value
    progress = explorer.job.progress
    assert progress.stopped == "limit" and 0.3 <= progress.cpu < 30


def test_progress_stops_a_search_at_once_when_asked():
    from solvers import search

    progress = Progress()
    progress.stop()
    result = search.solve(SLOW, progress=progress)
    assert result.verdict == "unknown" and result.extra["stopped"]
    assert result.nodes <= search.CHECK_EVERY


def test_the_explorer_takes_your_deal_as_text():
    explorer = SolveExplorer(seed=5, method="search")
    explorer.load_deal(deal_from_seed(7).to_text())
    assert explorer.deal == deal_from_seed(7) and explorer.seed is None
    assert explorer.seed_box.value == "your deal"
    explorer.load_deal(MISTAKES)
    assert explorer.deal == deal_from_seed(7)      # kept
    assert "repeated 3D" in explorer.error and "'ZZ' is not a card code" in explorer.error
    explorer.solve()
    assert explorer.verdict == "win"
    assert "data-bd-plan-moves" in explorer.plan_html.value
    explorer.go_to(3)
    assert "data-bd-plan-current='3'" in explorer.plan_html.value
    explorer.seed_box.value = 11
    explorer.load_seed_button.click()
    assert explorer.deal == deal_from_seed(11) and explorer.seed_box.value == "11"


def test_a_solver_slow_to_hear_stop_is_answered_for():
    # On a machine whose cores are all taken, the next report can be long in coming: the
    # run answers with what was searched so far, and the solver's late answer is dropped.
    answers = []
    release = threading.Event()

    def work(progress):
        progress.nodes = 2048
        release.wait(60)                 # a solver that does not report
        return "its own answer"

    job = Background(work, progress=Progress(), tick=lambda _p: None, done=answers.append,
                     failed=answers.append, abandoned=lambda p: f"so far {p.nodes}")
    job.start()
    job.stop()
    assert job.wait(30) and answers == ["so far 2048"]
    release.set()
    job._thread.join(30)
    assert answers == ["so far 2048"]


def test_the_explorer_box_shows_the_seed_dealt():
    explorer = SolveExplorer(seed=5, method="search")
    assert explorer.time_box.label == "until decided, or Stop"   # a choice shown, not blank
    explorer.load_seed(7)
    assert explorer.deal_text.value == deal_from_seed(7).to_text()
    assert "data-bd-deal-cards='39'" in explorer.deal_box.picture.value
