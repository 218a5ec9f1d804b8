"""Diam's teaching widgets and the game table, driven through their callbacks from Python.

Every verdict a widget shows must be the engine's own: each test compares what the widget
holds with ``state.explain`` / ``state.apply`` on the same scene.
"""

from __future__ import annotations

import pytest

from cardlib import games
from cardlib.diams import cards as c
from cardlib.diams.bots import RuleOfThumbBot
from cardlib.widgets import GameTable
from cardlib.widgets.diams import MarketVisit, MoveTrial, SecureChooser

GAME = games.get("diams")


def market_scene():
    return GAME.from_position({"hands": [["7", "6", "2"], ["1"]],
                               "market": ["3", "4*", "2", "5", "7*", "1"],
                               "pile": ["9"]}).apply("draw hand")


def secure_scene():
    return GAME.from_position({"hands": [["5", "5", "5*", "8", "drill"], ["1"]],
                               "safes": [["9", "9", "9"], []], "pile": ["9*"]}).apply(
        "draw hand")


def test_a_market_visit_lists_every_outcome_the_engine_allows_for_the_card():
    scene = market_scene()
    visit = MarketVisit(scene)
    visit.hand_buttons[[b.description for b in visit.hand_buttons].index("7")].click()
    assert visit.card == c.kind_of(7, False)
    expected = {str(move) for move in scene.legal_moves()
                if move.verb == "market" and move.card == visit.card}
    assert {str(move) for move, _ in visit.outcomes} == expected
    assert "market 7 sum 3 4*" in expected and "market 7 sum 7*" in expected
    assert all(why == scene.explain(move) for move, why in visit.outcomes)
    assert "diams.market.colour" in visit.outcome_box.value


def test_a_sum_tried_in_the_market_visit_gets_the_engine_verdict():
    scene = market_scene()
    visit = MarketVisit(scene)
    with pytest.raises(ValueError, match="no card chosen"):
        visit.try_sum()
    visit.choose_card("7")
    visit.select(["3", "2"])
    why = visit.try_sum()
    assert not why.legal and why.rule == "diams.market.sum"
    assert why == scene.explain("market 7 sum 2 3")
    visit.market_buttons[visit.market_kinds.index(c.kind_of(2, False))].value = False
    visit.select(["3", "4*"])
    visit.try_button.click()
    assert visit.verdict.legal and "data-diams-legal='true'" in visit.sum_box.value
    after = visit.go("market 7 sum 3 4*")
    assert c.codes(after.hands[0]) == "2 3 4* 6 9"
    assert visit.state is scene


def test_the_secure_chooser_shows_the_verdict_of_the_picked_cards():
    scene = secure_scene()
    chooser = SecureChooser(scene)
    assert chooser.verdict is None
    why = chooser.choose(["5", "5", "5*", "9*"])
    assert why.legal and why == scene.explain("secure 5 5 5* 9*")
    assert chooser.choose(["9*"]).rule == "diams.secure.new-collection"
    assert chooser.choose(["5", "5", "8"]).rule == "diams.secure.extend"
    assert chooser.secure_button.disabled
    chooser.choose(["5", "5", "5*"])
    chooser.buttons[chooser.kinds.index(c.kind_of(9, True))].value = True  # a click
    assert str(chooser.move) == "secure 5 5 5* 9*" and chooser.verdict.legal
    chooser.secure_button.click()
    assert c.codes(chooser.after.safes[0]) == "5 5 5* 9 9 9 9*"


def test_a_move_trial_plays_legal_moves_and_refuses_the_others_unchanged():
    scene = GAME.from_position({"hands": [["drill"], ["1"]], "safes": [[], ["7", "7", "7*"]],
                                "pile": ["2"]}).apply("draw hand")
    trial = MoveTrial(scene, ["drill 1 7*", "drill 0 7"])
    trial.buttons[0].click()
    assert trial.verdict.legal
    assert c.codes(trial.after.hands[0]) == c.codes(scene.apply("drill 1 7*").hands[0])
    assert "took it" in trial.message.value
    trial.try_move("drill 0 7")
    assert not trial.verdict.legal and trial.after is None
    assert trial.verdict.rule == "diams.special.drill"


def test_steps_refuse_a_scene_in_the_wrong_phase():
    start = GAME.from_position({"hands": [["7"], ["1"]]})
    with pytest.raises(ValueError, match="phase 2"):
        MarketVisit(start)
    with pytest.raises(ValueError, match="phase 2"):
        SecureChooser(start)


def test_the_game_table_plays_diams_against_bots():
    table = GameTable(GAME, seed=3, options={"players": 3},
                      bots={1: RuleOfThumbBot(), 2: RuleOfThumbBot()})
    assert table.state.to_move == 0 and table.state.phase == "draw"
    labels = [b.description for b in table.moves.children]
    assert labels[:2] == ["draw 1 → hand", "draw 2 → market"]
    illegal = [b for b in table.moves.children if "cardlib-illegal" in b._dom_classes]
    assert illegal, "going to the market before drawing is offered, to be refused"
    illegal[0].click()
    assert "Not allowed" in table.message.value and "diams.turn" in table.message.value
    table.click("draw hand")
    assert table.state.phase == "play"
    legal = [b for b in table.moves.children if "cardlib-legal" in b._dom_classes]
    legal[0].click()
    assert "Played" in table.message.value
    assert table.state.to_move == 0 or table.state.is_over
    assert "Your hand" in table.board.value
