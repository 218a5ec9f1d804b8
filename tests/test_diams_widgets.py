"""Diam's teaching widgets and the game table, driven through their callbacks from Python.

Every verdict a widget shows must be the engine's own: each test compares what the widget
holds with ``state.explain`` / ``state.apply`` on the same scene.
"""

from __future__ import annotations

import pytest

from cardlib import games
from cardlib.diams import cards as c
from cardlib.diams.bots import RuleOfThumbBot
from cardlib.diams.scoring import winners
from cardlib.widgets import GameTable
from cardlib.widgets.diams import (
    GameWinner,
    MarketVisit,
    MoveTrial,
    RoundScoring,
    SecureChooser,
)

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
    lines = [row.children[1].value for row in visit.outcome_rows.children]
    assert len(lines) == len(expected) and "diams.market.colour" in lines[0]


def test_each_market_outcome_has_a_button_that_plays_it():
    scene = market_scene()
    visit = MarketVisit(scene)
    visit.choose_card("7")
    labels = [b.description for b in visit.play_buttons]
    assert labels[0] == "take every 7" and labels[-1] == "take nothing"
    assert "take 3 + 4⌕" in labels
    button = visit.play_buttons[labels.index("take 3 + 4⌕")]
    button.click()
    assert visit.after.history == scene.apply("market 7 sum 3 4*").history
    assert c.codes(visit.after.hands[0]) == "2 3 4* 6 9" and button.button_style == "success"
    assert "data-diams-card='4*'" in visit.picture.value
    visit.play_buttons[0].click()  # another outcome, from the same scene
    assert visit.after.history == scene.apply("market 7 colour").history
    assert visit.state is scene
    assert c.of_digit(visit.after.hands[0], 7) == 2 and button.button_style == ""
    visit.choose_card("2")  # another card: its own outcomes and buttons
    assert [b.description for b in visit.play_buttons][0] == "take every 2"


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
    labels = [b.description for b in table.move_buttons]
    assert labels[:2] == ["draw 1 → hand", "draw 2 → market"]
    illegal = [b for b in table.move_buttons if "cardlib-illegal" in b._dom_classes]
    assert illegal, "going to the market before drawing is offered, to be refused"
    illegal[0].click()
    assert "Not allowed" in table.message.value and "diams.turn" in table.message.value
    table.click("draw hand")
    assert table.state.phase == "play"
    legal = [b for b in table.move_buttons if "cardlib-legal" in b._dom_classes]
    if not legal:  # every legal move is a market visit: first the card you go with
        next(b for b in table.move_steps if "cardlib-step-legal" in b._dom_classes).click()
        legal = [b for b in table.move_buttons if "cardlib-legal" in b._dom_classes]
    legal[0].click()
    assert "Played" in table.message.value
    assert table.state.to_move == 0 or table.state.is_over
    assert "Your hand" in table.board.value


ROUNDS = {
    "section 11": {"safes": [["7", "7", "7*"], ["9", "9", "9", "9*"], ["5", "5", "5"]],
                   "hands": [["10"], ["2", "3"], ["9", "1"]]},
    "drilled, nobody pure": {"safes": [["7", "7"], ["5", "5", "5"], ["9", "9", "9"]],
                             "hands": [["drill", "3"], ["4"], ["2", "1"]]},
    "empty hands, tie for 1st": {"safes": [["6", "6", "6"], ["8", "8", "8"], ["2", "2", "2"]],
                                 "hands": [[], ["sleight"], []]},
}


def test_round_scoring_counts_as_the_engine_does_one_click_at_a_time():
    scoring = RoundScoring(ROUNDS)
    # the first scene is the end of a real round: the engine's own result for it
    played = GAME.from_position({"hands": [["10", "4"], ["2", "3"], ["9", "1"]],
                                 "safes": ROUNDS["section 11"]["safes"],
                                 "pile": ["closing"]}, players=3, length="quick")
    played = played.apply("draw hand").apply("market 4 none")
    assert played.is_over and scoring.result == played.results[0]
    assert scoring.step == 0 and "<th>collections" not in scoring.table.value
    scoring.step_buttons[0].click()
    assert "<th>collections" in scoring.table.value and "purity" not in scoring.table.value
    assert "diams.score.collections" in scoring.steps_box.value
    scoring.step_buttons[2].click()  # straight to the hand bonus: the steps before it too
    assert scoring.step == 3 and "diams.score.purity-bonus" in scoring.steps_box.value
    assert "tie for the most: +2 each" in scoring.steps_box.value
    scoring.step_buttons[3].click()
    assert "<th>chips" in scoring.table.value and "diams.score.chips" in scoring.steps_box.value
    assert "spec A28" in scoring.steps_box.value and "Scored." in scoring.message.value
    names = scoring.names
    assert f"{names[0]} 14 points → 4 chips" in scoring.message.value


@pytest.mark.parametrize(("scene", "says"), [
    ("drilled, nobody pure", ["two 7s worth 0 (cut below three: project decision, spec A21)",
                              "nobody scores the purity bonus (project decision, spec A25)",
                              "special card counting 0: project decision, spec A15"]),
    ("empty hands, tie for 1st", ["nobody scores the hand bonus (project decision, spec A27)",
                                  "the next place is skipped (project decision, spec A30)"]),
])
def test_round_scoring_scenes_teach_the_decisions_of_the_spec(scene, says):
    scoring = RoundScoring(ROUNDS)
    scoring.scene_buttons[list(ROUNDS).index(scene)].click()
    assert scoring.scene == scene and scoring.step == 0
    scoring.step_buttons[-1].click()
    for words in says:
        assert words in scoring.steps_box.value, words
    if scene == "empty hands, tie for 1st":
        assert scoring.result.chips == (4, 4, 2)


def test_round_scoring_refuses_a_bad_scene_by_name():
    with pytest.raises(ValueError, match="scene 'odd'"):
        RoundScoring({"odd": {"safes": [["7"]], "hands": [[], []]}})
    with pytest.raises(ValueError, match="scene 'typo'"):
        RoundScoring({"typo": {"safes": [["77"], []], "hands": [[], []]}})


GAMES = {
    "most chips": [[12, 8, 5], [10, 9, 4], [7, 11, 6]],
    "round 2 decides": [[9, 5, 1], [1, 9, 5], [9, 5, 1]],
    "then round points": [[16, 14, 5, 13], [9, 2, 11, 12], [11, 19, 15, 2]],
    "quick game, shared": [[8, 8, 3]],
}


def test_game_winner_names_the_winner_and_the_tie_break_for_each_scene():
    winner = GameWinner(GAMES)
    for i, rounds in enumerate(GAMES.values()):
        winner.scene_buttons[i].click()
        assert winner.points == tuple(map(tuple, rounds))
        seats, _ = winners(winner.results, len(rounds[0]))
        assert winner.verdict.winners == seats and winner.verdict.rule == "diams.game.end"
        assert "diams.game.end" in winner.message.value and "chips" in winner.table.value
    expected = {"most chips": "most victory chips", "round 2 decides": "won round 2",
                "then round points": "more round points", "quick game, shared": "shared"}
    for name, words in expected.items():
        winner.choose_scene(name)
        assert words in winner.message.value, (name, winner.message.value)


def test_game_winner_judges_points_typed_into_the_grid():
    winner = GameWinner(GAMES)
    winner.scene_buttons[1].click()  # round 2 decides: Ben
    assert winner.verdict.winners == (1,)
    winner.inputs[1][0].value = 10  # Ann now wins round 2 too
    assert winner.verdict is None and "Who wins?" in winner.message.value
    winner.judge_button.click()
    assert winner.verdict.winners == (0,) and "most victory chips" in winner.message.value
    assert [r.chips for r in winner.results][1] == (4, 3, 2)
