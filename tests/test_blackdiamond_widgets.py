"""Black Diamond's placement checker, play steps and the table's Hint / solution tools, driven
from Python.

Setting a control's ``value`` fires the same ``observe`` callback a browser change does,
and ``button.click()`` runs the same handler as a click, so these tests exercise the
widgets' wiring.  Expected verdicts are worked out by hand from the rules (the comments
show the arithmetic), from the source's own example, or from the independent sympy
derivation in :mod:`solvers.arithmetic`; never read back from the function under test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import games
from cardlib.blackdiamond import BlackDiamond, Play, deal_from_seed
from cardlib.cards import Card
from cardlib.widgets import GameTable, blackdiamond, blackdiamond_steps
from cardlib.widgets.blackdiamond import PlacementChecker
from cardlib.widgets.blackdiamond_steps import SCENES, BoardScene, MoveStep
from solvers import hints
from solvers.arithmetic import centre_values
from solvers.hints import NoSolution, add_black_diamond_tools, hint, solution_states
from solvers.result import SolveResult

GAME = games.get("black-diamond")

# Diamonds K Q J 10 at N E S W, an empty diamond deck.  What may go where (by hand):
#   outer N 13, E 12, S 11, W 10;  NE (13,12): 13, 12, 1;  SE (12,11): 12, 11, 1;
#   SW (11,10): 11, 10, 1;  NW (13,10): 13, 10, 3;  C: anything.  Every sum and product
#   is above 13 and no quotient is exact, so a 5 fits only the centre and a 3 only C, NW.
HIGH = ["KD", "QD", "JD", "TD"]


def end_position(hand, centre):
    """The last cards of a game: nothing left to draw, no diamond left to refill with."""
    return GAME.from_position({"diamonds": HIGH, "diamond_deck": [], "hand": hand,
                               "black_deck": [], "piles": {"C": centre}})


# --- the placement checker ---------------------------------------------------------------------

def test_the_sources_example_between_a_2_and_a_6():
    # "entre un 2 y un 6 ... un 8 (2+6), un 4 (6-2), una Q (2×6=12) o un 3 (6÷2=3),
    # además de un 2 o un 6": N=2, E=6, so the inner pile NE.
    checker = PlacementChecker("QS", (2, 6, 9, 13), pile="NE")
    fits_ne = {v for v in range(1, 14)
               if "NE" in checker.choose(card=Card(v, "S")).fits}
    assert fits_ne == {8, 4, 12, 3, 2, 6}


def test_every_pile_is_judged_and_drawn():
    # 2♠ with N=2 E=6 S=9 W=K: outer N (=2); NE (2,6 holds 2); SE (6,9): 6, 9, 3 -> no;
    # SW (9,13): 9, 13, 4 -> no; NW (2,13): 2, 13, 11 -> yes; centre always.
    checker = PlacementChecker("2S", (2, 6, 9, 13))
    assert checker.fits == ["N", "NE", "NW", "C"]
    assert set(checker.verdicts) == {"N", "E", "S", "W", "NE", "SE", "SW", "NW", "C"}
    assert checker.verdicts["E"].rule == "black-diamond.place.outer"
    assert checker.verdicts["SE"].rule == "black-diamond.place.inner"
    assert checker.verdicts["C"].rule == "black-diamond.place.centre"
    board = checker.board.value
    assert "data-bd-fits='N NE NW C'" in board
    assert board.count('stroke="#1b8a3a"') == 4 and board.count('stroke="#b00020"') == 5
    assert checker.table.value.count("bd-check-row-legal") == 4


def test_picking_a_value_and_a_suit_updates_the_verdicts():
    checker = PlacementChecker("QS", (2, 6, 9, 13), pile="N")
    assert not checker.verdicts["N"].legal
    assert "bd-check-illegal" in checker.verdict._dom_classes
    checker.value_picker.value = 2           # the diamond at N is a 2
    assert checker.card == Card(2, "S") and checker.verdicts["N"].legal
    assert "bd-check-legal" in checker.verdict._dom_classes
    assert "black-diamond.place.outer" in checker.verdict.value
    checker.suit_picker.value = "C"
    assert checker.card == Card(2, "C") and checker.verdicts["N"].legal


def test_suit_alternation_through_the_top_picker():
    checker = PlacementChecker("QS", (2, 6, 9, 13), pile="NE")
    assert checker.verdicts["NE"].legal
    checker.top_picker.value = "4S"          # a spade on top: Q♠ may not follow it
    assert checker.tops["NE"] == Card(4, "S")
    assert not checker.verdicts["NE"].legal
    assert checker.verdicts["NE"].rule == "black-diamond.place.alternate"
    checker.suit_picker.value = "C"          # Q♣ on 4♠: suits alternate
    assert checker.verdicts["NE"].legal
    checker.pile_picker.value = "C"          # the top picker now edits the centre
    assert checker.top_picker.value == "-" and checker.top_picker.description == "top of C"
    checker.top_picker.value = "KC"
    assert not checker.verdicts["C"].legal and checker.tops["NE"] == Card(4, "S")


def test_a_repeated_diamond_swaps_places_instead_of_making_an_impossible_board():
    checker = PlacementChecker("QS", (2, 6, 9, 13))
    checker.diamond_pickers["N"].value = 6   # E holds the only 6♦
    assert [c.code for c in checker.diamonds] == ["6D", "2D", "9D", "KD"]
    assert checker.diamond_pickers["E"].value == 2
    assert "moved from E to N" in checker.note
    assert "bd-check-note" in checker.message._dom_classes


def test_one_card_in_two_places_is_refused_and_the_control_goes_back():
    checker = PlacementChecker("QS", (2, 6, 9, 13), pile="NE")
    checker.top_picker.value = "QS"          # the card being checked
    assert checker.top_picker.value == "-" and checker.tops["NE"] is None
    assert "only one Q♠" in checker.note
    assert "bd-check-refused" in checker.message._dom_classes
    checker.top_picker.value = "5C"
    checker.value_picker.value = 5
    checker.suit_picker.value = "C"          # 5♣ lies on NE already
    assert checker.card == Card(5, "S") and checker.suit_picker.value == "S"
    assert "on top of NE" in checker.note


def test_a_failure_in_a_callback_shows_in_the_message_line(monkeypatch):
    checker = PlacementChecker("QS", (2, 6, 9, 13))
    assert checker.message.value == ""              # no empty line while all is well

    def broken(*_args, **_kwargs):
        raise RuntimeError("rule function broke")

    monkeypatch.setattr(blackdiamond, "check_placement", broken)
    checker.value_picker.value = 5                  # must not raise out of the change
    assert checker.message_kind == "error" and "rule function broke" in checker.message.value
    assert isinstance(checker.last_error, RuntimeError)


@pytest.mark.parametrize("kwargs, words", [
    ({"card": "QD"}, "not a spade or a club"),
    ({"card": "ZZ"}, "ZZ"),
    ({"diamonds": (2, 6, 9)}, "four diamonds"),
    ({"diamonds": (2, 2, 9, 13)}, "2D appears twice"),
    ({"diamonds": (2, 6, 9, 14)}, "14"),
    ({"diamonds": ("2D", "6S", "9D", "KD")}, "6S is not one of the 13 diamonds"),
    ({"pile": "X"}, "unknown pile 'X'"),
    ({"top": "QS"}, "only one Q♠"),
    ({"tops": {"N": "4S", "S": "4S"}}, "only one 4♠"),
])
def test_bad_choices_raise_and_leave_the_checker_as_it_was(kwargs, words):
    checker = PlacementChecker("QS", (2, 6, 9, 13), pile="NE")
    before = (checker.card, checker.diamonds, checker.pile, dict(checker.tops),
              checker.verdicts, checker.board.value)
    with pytest.raises(ValueError, match=words):
        checker.choose(**kwargs)
    assert before == (checker.card, checker.diamonds, checker.pile, dict(checker.tops),
                      checker.verdicts, checker.board.value)


def test_arithmetic_centre_checkbox_follows_the_sympy_derivation():
    # Diamonds A, 10, J, Q: the sympy derivation finds no way to build 4 or 7.
    board = (1, 10, 11, 12)
    built = centre_values(board)
    assert {4, 7} & built == set()           # the case is worth showing
    checker = PlacementChecker("4S", board)
    assert checker.verdicts["C"].legal       # the default centre takes any card
    checker.arith_box.value = True
    for value in range(1, 14):
        checker.choose(card=Card(value, "S"))
        assert checker.verdicts["C"].legal == (value in built), value
        assert checker.verdicts["C"].rule == "black-diamond.place.centre-arithmetic"


@settings(max_examples=40, deadline=None)
@given(value=st.integers(1, 13), suit=st.sampled_from("SC"),
       diamonds=st.lists(st.integers(1, 13), min_size=4, max_size=4, unique=True))
def test_outer_piles_take_exactly_their_diamond_and_the_centre_takes_anything(
        value, suit, diamonds):
    checker = PlacementChecker(Card(value, suit), diamonds)
    for pos, d in zip("NESW", diamonds, strict=True):
        assert checker.verdicts[pos].legal == (value == d)
    assert checker.verdicts["C"].legal
    a, b = diamonds[0], diamonds[1]          # NE touches N and E
    made = {a, b, a + b, abs(a - b), a * b}
    made |= {a // b} if a % b == 0 else set()
    made |= {b // a} if b % a == 0 else set()
    assert checker.verdicts["NE"].legal == (value in made)


# --- the play steps (notebook steps 3 and 8-10) ------------------------------------------------

BOARD = BlackDiamond()
# Step 8: N=2 E=6 S=9 W=K; NE holds 4♠ 3♣ 2♠ (3 of its 4).  8♣ fits NE (2 + 6 = 8, a club
# on a spade) and fills it: NE is cleared, N takes the 5♦ and then E the A♦ (N, E, S, W).
FULL_PILE = {"diamonds": ["2D", "6D", "9D", "KD"], "diamond_deck": ["5D", "AD", "7D"],
             "hand": ["8C", "JS"], "black_deck": ["5S", "TC"],
             "piles": {"NE": ["4S", "3C", "2S"]}}
# Step 9, on HIGH (see the top of this file): 5♠ and 7♠ fit no edge and C has a spade on top.
STUCK = {"diamonds": HIGH, "diamond_deck": ["2D", "3D", "4D", "5D", "6D"],
         "hand": ["5S", "7S"], "black_deck": ["8C", "9C"], "piles": {"C": ["4C", "AS"]}}
NOT_STUCK = {**STUCK, "hand": ["5S", "3S"]}          # the 3♠ fits NW (13 - 10)
# Step 10: stuck with 5♠ 2♠, the last two cards, and only the 2♦ left in the diamond deck.
LAST_DIAMOND = {"diamonds": HIGH, "diamond_deck": ["2D"], "hand": ["5S", "2S"],
                "black_deck": [], "piles": {"C": ["4C", "AS"]}}


def green(step: MoveStep) -> set[str]:
    return {text for text, b in step.buttons.items() if b.button_style == "success"}


def test_the_scenes_are_the_positions_the_notebook_describes():
    assert MoveStep("full-pile").state == BOARD.from_position(FULL_PILE)
    assert MoveStep("stuck").state == BOARD.from_position(STUCK)
    assert MoveStep("not-stuck").state == BOARD.from_position(NOT_STUCK)
    assert MoveStep("end-game").state == end_position(["5S", "3C"], ["2C", "3S", "4C"])
    assert MoveStep("last-diamond").state == BOARD.from_position(LAST_DIAMOND)
    assert MoveStep("deal").state == BOARD.new(seed=0)
    for name in SCENES:
        assert f"bd-scene-{name}" in MoveStep(name)._dom_classes


def test_a_full_pile_is_cleared_and_refilled_n_then_e():
    step = MoveStep(BOARD.from_position(FULL_PILE))
    assert step.buttons["8C>NE"].button_style == "success"
    assert "clears it and will refill N, E" in step.buttons["8C>NE"].tooltip
    assert step.play("8C>NE")
    after = step.state
    assert after.pile("NE") == () and after.hand == (Card(11, "S"),)
    assert [c.code for c in after.diamonds] == ["5D", "AD", "9D", "KD"]
    assert [c.code for c in after.diamond_deck] == ["7D"]
    assert [(r.pos, r.old.code, r.new.code) for r in step.refilled] == [
        ("N", "2D", "5D"), ("E", "6D", "AD")]
    assert step.verdict.legal and step.verdict.rule == "black-diamond.place.inner"
    assert "bd-step-legal" in step.verdict_box._dom_classes
    board = step.board.value
    assert "data-bd-refilled='N E'" in board and "data-bd-diamonds='5D AD 9D KD'" in board
    assert ">1</text>" in board and ">2</text>" in board and ">3</text>" not in board
    happened = step.happened.value
    assert happened.index("N ← 5♦") < happened.index("E ← A♦")
    assert "reached its limit 4" in happened and step.drawn == ()
    step.back_button.click()                          # the board before: NE still full
    assert step.state == BOARD.from_position(FULL_PILE) and step.refilled == []
    assert "data-bd-refilled=''" in step.board.value


def test_a_refused_move_is_explained_and_changes_nothing():
    step = MoveStep(BOARD.from_position(FULL_PILE))
    start = step.state
    step.buttons["JS>NE"].click()          # between 2 and 6 a J (11) cannot be made
    assert step.state is start and len(step.states) == 1
    assert not step.verdict.legal and step.verdict.rule == "black-diamond.place.inner"
    assert "bd-step-illegal" in step.verdict_box._dom_classes
    assert "data-bd-legal='false'" in step.verdict_box.value
    step.buttons["replace N"].click()      # not stuck: the 8♣ fits
    assert step.verdict.rule == "black-diamond.stuck" and step.state is start


def test_dealing_one_card_then_the_second_then_drawing_two():
    step = MoveStep("deal")
    deal = deal_from_seed(0)
    # Seed 0 deals 8♦ 6♦ K♦ 7♦ to N E S W and 10♣ A♠ to the hand (the deal scheme is
    # fixed, so that saved seeds keep their deals).
    assert [c.code for c in deal.diamonds[:4]] == ["8D", "6D", "KD", "7D"]
    assert {c.code for c in step.state.hand} == {"TC", "AS"}
    assert step.decks.value == ""                     # a fresh deal keeps its decks hidden
    # A♠ (1): NW (8, 7) makes 8 - 7 = 1, and C takes anything; 10♣: nothing but C.
    assert green(step) == {"AS>NW", "AS>C", "TC>C"}
    step.play("AS>NW")
    assert step.state.hand == (Card(10, "C"),) and len(step.state.black_deck) == 24
    assert step.drawn == ()
    step.play("TC>C")
    assert step.drawn == deal.black[2:4] == step.state.hand
    assert len(step.state.black_deck) == 22
    assert "you draw" in step.happened.value and "black-diamond.hand" in step.happened.value
    step.seed_box.value = 5
    step.deal_button.click()
    assert step.state == BOARD.new(seed=5) and step.seed == 5 and len(step.states) == 1


def test_stuck_replace_frees_a_card_and_clear_refills_all_four():
    step = MoveStep("stuck")
    plays = {text for text in step.buttons if ">" in text}
    assert green(step) == {"replace N", "replace E", "replace S", "replace W", "clear C"}
    assert len(plays) == 18 and not plays & green(step)
    step.buttons["replace N"].click()                 # N = 2: 5♠ fits NW, 10 / 2 = 5
    assert step.state.diamond("N") == Card(2, "D") and not step.state.stuck
    assert green(step) == {"5S>NW"}       # not C (a spade on top); the 7♠ still nowhere
    assert "the K♦ leaves the game" in step.happened.value and step.refilled == []
    step.buttons["replace E"].click()
    assert step.verdict.rule == "black-diamond.stuck" and len(step.states) == 2
    step.restart_button.click()
    step.buttons["clear C"].click()
    assert step.state.pile("C") == () and [c.code for c in step.state.diamond_deck] == ["6D"]
    assert [(r.pos, r.new.code) for r in step.refilled] == [
        ("N", "2D"), ("E", "3D"), ("S", "4D"), ("W", "5D")]
    assert all(f">{n}</text>" in step.board.value for n in "1234")
    assert "black-diamond.clear" in step.happened.value


def test_not_stuck_refuses_the_ways_out_until_the_per_card_reading():
    step = MoveStep("not-stuck", switch="stuck_per_card")
    step.play("replace N")
    assert not step.verdict.legal and step.verdict.rule == "black-diamond.stuck"
    assert green(step) == {"3S>NW"}       # not C (a spade on top); the 5♠ nowhere
    step.switch.value = True                           # the 5♠ alone fits nowhere
    assert step.options == {"stuck_per_card": True}
    assert {"replace N", "clear C"} <= green(step)
    assert step.play("replace N") and step.state.diamond("N") == Card(2, "D")


def test_replaced_under_deck_switch_replays_the_moves():
    step = MoveStep("stuck", switch="replaced_under_deck", options={"replaced_under_deck": True})
    step.play("replace N")
    assert [c.code for c in step.state.diamond_deck] == ["3D", "4D", "5D", "6D", "KD"]
    assert "goes under the diamond deck" in step.happened.value
    step.switch.value = False
    assert [c.code for c in step.state.diamond_deck] == ["3D", "4D", "5D", "6D"]
    assert len(step.states) == 2 and "played again" in step.message.value


def test_repeat_replace_switch_stops_where_the_default_refuses():
    step = MoveStep("stuck", switch="repeat_replace", options={"repeat_replace": True})
    step.play("replace N")                             # N = 2: the 5♠ fits NW
    assert step.play("replace E")                      # still replacing (the variant)
    assert step.verdict.rule == "black-diamond.replace-repeat"
    step.switch.value = False
    assert len(step.states) == 2 and step.state.diamond("E") == Card(12, "D")
    assert "replace E" in step.message.value and "black-diamond.stuck" in step.message.value
    assert step.message_kind == "illegal"


def test_the_end_game_won_in_two_clicks_or_lost_on_the_refill():
    step = MoveStep("end-game")
    assert green(step) == {"5S>C", "3C>NW"}            # a club may not go on the 4♣
    step.play("5S>C")
    assert green(step) == {"3C>C", "3C>NW"}
    step.play("3C>NW")
    assert step.state.outcome == "win" and step.state.end_rule == "black-diamond.end.win"
    assert step.buttons == {} and "data-bd-outcome='win'" in step.outcome_box.value
    step.back()
    step.play("3C>C")                                 # fills C: four diamonds, none left
    assert step.state.end_rule == "black-diamond.end.refill"
    assert [(r.pos, r.new) for r in step.refilled] == [(p, None) for p in "NESW"]
    assert step.board.value.count(">✘</text>") == 4
    assert "data-bd-outcome='loss'" in step.outcome_box.value


def test_strict_end_switch_turns_the_win_into_a_loss():
    step = MoveStep("end-game", switch="strict_end")
    step.play("5S>C")
    step.play("3C>NW")
    assert step.state.outcome == "win"
    step.switch.value = True
    assert len(step.states) == 3 and step.state.end_rule == "black-diamond.end.strict"


def test_the_last_diamond_wins_loses_stuck_or_loses_the_refill():
    step = MoveStep(BOARD.from_position(LAST_DIAMOND))
    assert step.state.stuck and "data-bd-stuck='true'" in step.board.value
    # N = 2: 5♠ on NW (10 / 2), then 2♠ on N (= 2): won in three clicks.
    for move in ("replace N", "5S>NW", "2S>N"):
        assert step.play(move), move
    assert step.state.outcome == "win"
    step.restart()
    # E = 2: the 2♠ fits E, but 5♠ then fits nowhere (K 2 J 10) and the deck is empty.
    step.play("replace E")
    step.play("2S>E")
    assert step.state.end_rule == "black-diamond.end.stuck"
    step.restart()
    step.play("clear C")                              # four diamonds needed, one left
    assert step.state.end_rule == "black-diamond.end.refill"
    assert [(r.pos, r.new) for r in step.refilled] == [
        ("N", Card(2, "D")), ("E", None), ("S", None), ("W", None)]


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(SCENES)), data=st.data())
def test_the_buttons_are_the_candidate_moves_green_when_legal(name, data):
    step = MoveStep(name)
    for _ in range(3):
        state = step.state
        assert set(step.buttons) == {str(m) for m in state.candidate_moves()}
        assert green(step) == {str(m) for m in state.legal_moves()}
        if not step.buttons:
            break
        text = data.draw(st.sampled_from(sorted(step.buttons)))
        step.buttons[text].click()
        legal = text in {str(m) for m in state.legal_moves()}
        assert (step.state is not state) == legal
        assert step.verdict == state.explain(GAME.parse_move(text))


def test_a_failure_in_a_step_callback_shows_in_the_message_line(monkeypatch):
    step = MoveStep("full-pile")

    def broken(*_args):
        raise RuntimeError("refill reading broke")

    monkeypatch.setattr(blackdiamond_steps, "refills", broken)
    step.buttons["8C>NE"].click()                     # must not raise out of the click
    assert step.message_kind == "error" and "refill reading broke" in step.message.value


@pytest.mark.parametrize("make, words", [
    (lambda: MoveStep("nope"), "unknown scene 'nope'"),
    (lambda: MoveStep("stuck", switch="colour"), "no option 'colour'"),
    (lambda: MoveStep(GAME.new(seed=1), options={"strict_end": True}), "keeps its own"),
    (lambda: MoveStep("stuck").deal(3), "fixed board"),
    (lambda: MoveStep("deal").deal("three"), "whole number"),
    (lambda: MoveStep("stuck").set_option(True), "no option to switch"),
    (lambda: BoardScene("x", "x", FULL_PILE, seed=1), "one of them"),
    (lambda: MoveStep("stuck", options={"colour": 1}), "colour"),
])
def test_bad_step_arguments_are_refused_by_name(make, words):
    with pytest.raises((ValueError, TypeError), match=words):
        make()


# --- hints ------------------------------------------------------------------------------------

def test_hint_on_a_fresh_deal_keeps_it_winnable():
    state = GAME.new(seed=0)
    advice = hint(state, time_limit=None)
    assert advice.verdict == "win" and advice.winnable
    assert advice.move in state.legal_moves()
    assert advice.why.legal and advice.why.rule.startswith("black-diamond.")
    after = state.apply(advice.move)
    assert hint(after, time_limit=None).verdict == "win"  # the move really keeps it winnable
    assert "Still winnable" in str(advice) and str(advice.move) in str(advice)


def test_hint_sees_a_lost_position_and_a_won_one():
    # 5♠ and 3♣ to place; C holds 2♣ 3♠ 4♣ (limit 5).  At first 5♠ fits only C and 3♣
    # only NW (a club may not go on 4♣), and either order wins.  Once 5♠ is on C, 3♣ may
    # go on C too, but that fills it, and refilling four diamonds from an empty deck loses.
    start = end_position(["5S", "3C"], ["2C", "3S", "4C"])
    assert sorted(map(str, start.legal_moves())) == ["3C>NW", "5S>C"]
    first = hint(start, time_limit=None)
    assert first.verdict == "win" and first.move in start.legal_moves()
    halfway = start.apply("5S>C")
    assert sorted(map(str, halfway.legal_moves())) == ["3C>C", "3C>NW"]
    advice = hint(halfway, time_limit=None)
    assert advice.verdict == "win" and advice.move == Play(Card(3, "C"), "NW")
    lost = halfway.apply("3C>C")
    assert lost.outcome == "loss"
    over = hint(lost, time_limit=None)
    assert "lost" in over.text() and over.move is None
    assert hint(halfway.apply("3C>NW"), time_limit=None).text().startswith("The game is won")


def test_hint_proves_a_loss_before_the_game_ends():
    # 5♠ then 6♣ fit only the centre, which two more cards fill: the refill fails.
    state = end_position(["5S", "6C"], ["2C", "3S", "4C"])
    assert not state.is_over
    advice = hint(state, time_limit=None)
    assert advice.verdict == "loss" and advice.winnable is False and advice.move is None
    assert "No win any more" in advice.text()


@pytest.fixture
def out_of_time(monkeypatch):
    """The solver as it answers on a position too hard for its time limit.  (Which deals
    are hard changes as the solver improves, so the tests do not rely on one.)"""
    asked = []

    def solve(start, *, time_limit=None, **options):
        asked.append(time_limit)
        return SolveResult("unknown", None, 4096, time_limit or 0.0)

    monkeypatch.setattr(hints, "solve", solve)
    return asked


def test_hint_says_unknown_when_time_runs_out(out_of_time):
    advice = hint(GAME.new(seed=0), time_limit=0.25)
    assert out_of_time == [0.25]
    assert advice.verdict == "unknown" and advice.winnable is None and advice.move is None
    assert advice.text().startswith("Unknown") and "0.25 s" in advice.text()
    with pytest.raises(NoSolution) as unknown:
        solution_states(GAME.new(seed=0), time_limit=0.25)
    assert unknown.value.verdict == "unknown"


def test_solution_states_walk_a_deal_to_a_win():
    deal = GAME.new(seed=0).deal
    states = solution_states(deal.to_json(), time_limit=None)
    assert states[0] == GAME.from_deal(deal)
    assert states[-1].outcome == "win" and states[-1].placed == 26
    for before, after in zip(states, states[1:], strict=False):
        assert before.apply(after.history[-1]) == after
    with pytest.raises(NoSolution) as lost:
        solution_states(end_position(["5S", "6C"], ["2C", "3S", "4C"]), time_limit=None)
    assert lost.value.verdict == "loss"


# --- the game table's tools -------------------------------------------------------------------
# The tools run the solver on a thread of their own (so that Stop can be heard); a click
# returns at once, and ``tools.job.wait()`` waits for the answer as a learner would.

def answered(tools, button):
    button.click()
    assert tools.job is not None and tools.job.wait(600), "the solver did not answer"
    return tools.table.message.value


def test_hint_button_marks_the_move_and_explains_it():
    table = GameTable(GAME, seed=0)
    tools = add_black_diamond_tools(table)
    assert tools.ask_button.description == "Can this position still be won?"
    assert "Still winnable" in answered(tools, tools.ask_button)
    marked = [b.move_text for b in table.moves.children if "bd-hinted" in b._dom_classes]
    assert len(marked) == 1
    assert GAME.parse_move(marked[0]) in table.state.legal_moves()
    assert tools.plan and str(tools.plan[0]) == marked[0]   # the line is listed too
    table.click(marked[0])
    assert str(table.state.history[-1]) == marked[0]


def test_solution_button_plays_the_line_for_the_step_buttons():
    table = GameTable(GAME, seed=0)
    tools = add_black_diamond_tools(table)
    assert tools.way_button.description == "Show me a way"
    own = hint(table.state, time_limit=None).move
    table.click(str(own))                       # one move of our own first
    assert "winning line" in answered(tools, tools.way_button)
    assert table.state.outcome == "win"
    assert table.step == 1                      # the board shows where the line starts
    assert table.state.history[0] == own        # our move stays; the line follows it
    moves = len(table.state.history)
    assert tools.plan == tuple(table.state.history[1:])
    table.next_button.click()
    assert table.step == 2
    assert "data-bd-plan-current='1'" in tools.plan_html.value  # the move shown, picked out
    table.last_button.click()
    assert table.step == moves
    table.undo_button.click()                   # the solution's moves come back off
    assert len(table.state.history) == moves - 1


def test_a_question_answered_at_once_keeps_its_answer_in_the_message_line():
    """The buttons' answers come from the solver (on a thread, or at once for a finished
    game); the button itself says nothing after it, which once wrote the tools object over
    an answer that had come first (a race CI lost on a fast proof)."""
    table = GameTable(GAME, state=end_position(["5S", "3C"], ["2C", "3S", "4C"]))
    tools = add_black_diamond_tools(table)
    table.click("5S>C")
    table.click("3C>C")
    assert table.state.is_over
    tools.ask_button.click()                    # a finished game: answered at once
    message = table.message.value
    assert "TableSolver" not in message and "lost" in message.lower()


def test_solution_button_after_a_loss_goes_back_to_the_start():
    table = GameTable(GAME, state=end_position(["5S", "3C"], ["2C", "3S", "4C"]))
    tools = add_black_diamond_tools(table)
    table.click("5S>C")
    table.click("3C>C")
    assert table.state.outcome == "loss"
    assert "went back to the start" in answered(tools, tools.way_button)
    assert sorted(str(m) for m in table.state.history) == ["3C>NW", "5S>C"]
    assert table.state.outcome == "win" and table.step == 0


def test_solution_button_reports_undecided_and_leaves_the_game():
    table = GameTable(GAME, state=GAME.from_deal(deal_from_seed(3153)))  # a slow loss proof
    tools = add_black_diamond_tools(table, time_limit=0.2)               # CPU seconds
    before = table.state
    assert "could not decide within 0.2 s of CPU" in answered(tools, tools.way_button)
    assert table.state is before and table.message_kind == "info"
    assert not tools.way_button.disabled and not tools.ask_button.disabled


def test_tools_refuse_another_game():
    with pytest.raises(ValueError, match="Black Diamond"):
        add_black_diamond_tools(GameTable(games.get("hearts"), seed=1))
