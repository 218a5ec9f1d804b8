"""Black Diamond's coach (solvers.widgets.coach): winnable after each move by the exact
search, the blind player's choice, and the move that lost a winnable game."""

import json
import re
from html import unescape

import pytest

from cardlib import games
from cardlib.widgets.table import GameTable
from solvers.hints import add_black_diamond_tools
from solvers.policies import advice as policy_advice
from solvers.search import solve
from solvers.widgets.coach import Verdicts, add_coach, advise, blind_choice, turning_point

GAME = games.get("black-diamond")


def line(seed, pick=-1, moves=200):
    """The positions of ``seed``'s deal played by always taking legal move ``pick``."""
    positions = [GAME.new(seed=seed)]
    while not positions[-1].is_over and len(positions) <= moves:
        positions.append(positions[-1].apply(positions[-1].legal_moves()[pick]))
    return positions


def test_each_moves_verdict_is_the_exact_search_after_it():
    start = GAME.new(seed=2)
    advice = advise([start], 0, Verdicts())
    assert [m.move for m in advice.moves] == start.legal_moves()
    for item in advice.moves:
        assert item.verdict == solve(start.apply(item.move), time_limit=5).verdict


def test_blind_choice_is_the_sampling_players_as_advice_gives_it():
    positions = line(3, moves=4)
    moves = [p.history[-1] for p in positions[1:]]
    rows = policy_advice(positions[0], moves)
    for step in range(len(positions) - 1):
        assert str(blind_choice(positions, step)) == rows[step]["sampling"]


def test_the_turning_point_is_the_move_from_winnable_to_lost():
    positions = line(1)  # the last legal move each time loses seed 1 (checked below)
    assert positions[-1].outcome == "loss"
    verdicts = Verdicts(seconds=5)
    found = turning_point(positions, verdicts)
    assert verdicts.of(positions[found.step])[0] == "win"
    assert verdicts.of(positions[found.step + 1])[0] == "loss"
    assert found.played == positions[found.step + 1].history[-1]
    assert verdicts.of(positions[found.step].apply(found.keeps))[0] == "win"


def rows(html):
    return [(unescape(m), v, c == "true") for m, v, c in re.findall(
        r"data-move='([^']*)' data-verdict='(\w+)' data-choice='(\w+)'", html)]


def test_table_coach_review_and_save():
    table = GameTable(GAME, seed=1)
    add_black_diamond_tools(table)
    # The review's solves run to a verdict here: under the full suite's load, the default
    # half second of CPU a position has left one undecided (then the review says so).
    add_coach(table, solve_seconds=60)
    table.coach_toggle.value = True
    panel = table.coach_panel
    shown = rows(panel.chart.value)
    assert [m for m, _v, _c in shown] == [str(m) for m in table.state.legal_moves()]
    assert [m for m, _v, c in shown if c] == [str(blind_choice(table.positions, 0))]
    assert panel.progress.value.startswith("<small>Coach: answered in")
    while not table.state.is_over:
        table.try_move(table.state.legal_moves()[-1])
    entries = panel.review_box.children
    assert len(entries) == 1 and "lost the game" in entries[0].description
    found = panel.found
    entries[0].click()
    assert table.step == found.step
    assert "▶ played" in panel.chart.value

    record = json.loads(json.dumps(table.save()))
    other = GameTable(GAME, seed=5)
    add_black_diamond_tools(other)
    other.load(record)
    assert other.coach_panel.found == found
    other.set_coach(True)
    assert [b.description for b in other.coach_panel.review_box.children] == \
        [entries[0].description]


def test_a_table_without_the_solver_has_no_coach_switch():
    table = GameTable(GAME, seed=0)
    assert table.coach_toggle not in table.children[-1].children
    with pytest.raises(ValueError, match="no coach"):
        table.set_coach(True)
