"""The widget kit: the base every teaching widget stands on, and the generic trick steps.

The trick steps are driven here with a game that is not Hearts (the toy trick game of the
protocol tests, given the three things the steps ask of a trick game: ``from_hands``,
``tricks`` and ``current_trick``), so nothing Hearts-specific can hide in them.  Every
expected verdict, trick winner and score is worked out by hand from the toy deal below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import pytest
from toygame import TRICKS, Toy, ToyState

from cardlib import cruce, diamonds, hearts
from cardlib.bots import FirstMoveBot, RandomBot
from cardlib.cards import BadCard, Card, parse_cards
from cardlib.tricks import Trick
from cardlib.widgets.base import TeachingWidget, swap_class
from cardlib.widgets.narration import play_on, turn_of
from cardlib.widgets.play_out import PlayOut
from cardlib.widgets.tricks import Scene, TrickTeaching, card_of
from cardlib.widgets.try_card import TryCard

ANN, BOB = 0, 1


@dataclass(frozen=True, eq=True)
class SceneState(ToyState):
    """The toy game, keeping its finished tricks (what the trick steps read)."""

    tricks: tuple[Trick, ...] = ()

    @property
    def current_trick(self) -> Trick:
        return self.trick

    def _next(self, move: Card) -> SceneState:
        after = super()._next(move)
        taken = () if after.trick.cards else (self.trick.add(move),)
        return SceneState(after.hands, after.trick, after.won, after.seed, after.options,
                          tricks=self.tricks + taken, history=after.history)


class SceneToy(Toy):
    def from_hands(self, hands: Any, **options: Any) -> SceneState:
        chosen = self.make_options(**options)
        return SceneState(tuple(parse_cards(hand) for hand in hands),
                          Trick(chosen.lead, (), 2), options=chosen)


GAME = SceneToy()
SceneState.game = GAME

# Ann holds A♠ Q♥ K♥, Bob K♠ Q♠ A♥ (aces high).  "follow": Ann led the A♠, so Bob must
# follow spades (K♠ or Q♠; the A♥ is refused) and Ann takes the trick whatever he plays.
HANDS = ("AS QH KH", "KS QS AH")
SCENES = {scene.name: scene for scene in (
    Scene(GAME, "follow", "Ann led the ace of spades", HANDS, "AS"),
    Scene(GAME, "lead", "Ann leads", HANDS, switch="lead"),
)}


def hearts_first(card: Card) -> tuple[int, int]:
    """A hand order unlike the cards' sort order: hearts, then spades, high to low."""
    return "HS".index(card.suit), -TRICKS.power(card)


TOY = TrickTeaching(GAME, hearts_first, seats=("Ann", "Bob"), scenes=SCENES,
                    words={"trick.follow-suit": "Follow the suit led when you can."})


def first_bots() -> dict[int, FirstMoveBot]:
    return {ANN: FirstMoveBot(), BOB: FirstMoveBot()}


# --- the base ---------------------------------------------------------------------------------

class Counter(TeachingWidget):
    """A tiny widget on the base: a button that counts, a box whose changes are counted."""

    def __init__(self, fail: bool = False):
        super().__init__("demo-counter", prefix="demo")
        self.count = 0
        self.fail = fail
        self.box = widgets.IntText()
        self.on_change(self.box, self.add)
        self.go = self.button("Go", lambda: self.add(1), "demo-go")
        self.children = [self.box, self.go, self.message]

    def add(self, amount: int) -> None:
        if self.fail:
            raise RuntimeError("counter jammed")
        self.count += amount


def test_a_failing_callback_shows_in_the_message_line():
    widget = Counter(fail=True)
    widget.go.click()                                   # must not raise out of the click
    assert widget.message_kind == "error" and isinstance(widget.last_error, RuntimeError)
    assert "RuntimeError" in widget.message.value and "counter jammed" in widget.message.value
    widget.box.value = 3
    assert "counter jammed" in widget.message.value


def test_controls_set_quietly_do_not_fire_their_actions():
    widget = Counter()
    widget.box.value = 2
    widget.go.click()
    assert widget.count == 3
    with widget.quietly():
        widget.box.value = 10
    assert widget.count == 3
    widget.box.value = 11
    assert widget.count == 14


def test_message_line_names_and_kinds():
    widget = Counter()
    assert {"cardlib-message", "demo-message"} <= set(widget.message._dom_classes)
    assert "demo-counter" in widget._dom_classes
    widget.say("careful", "illegal")
    assert widget.message_kind == "illegal"
    assert "cardlib-msg-illegal demo-msg-illegal" in widget.message.value
    with pytest.raises(KeyError):
        widget.say("?", "shouting")
    widget.reserve_message_line = False
    widget.say("")
    assert widget.message.value == ""


def test_swap_class_keeps_one_state_class():
    box = widgets.HTML()
    swap_class(box, "x-legal", ("x-legal", "x-illegal"))
    swap_class(box, "x-illegal", ("x-legal", "x-illegal"))
    assert "x-illegal" in box._dom_classes and "x-legal" not in box._dom_classes
    swap_class(box, None, ("x-legal", "x-illegal"))
    assert not {"x-legal", "x-illegal"} & set(box._dom_classes)


# --- narration --------------------------------------------------------------------------------

def test_bots_play_on_until_told_to_stop_and_each_move_is_explained():
    start = SCENES["lead"].state()
    played = play_on(start, first_bots(), turn_of(ANN))
    # Ann is to move at the start: nothing to play.
    assert played == []
    played = play_on(start, first_bots(), lambda done, _state: len(done) == 2)
    # FirstMoveBot plays the lowest legal card: Ann the A♠ (rank 1), Bob must follow with
    # the Q♠ (12 before 13).
    assert [str(p.move) for p in played] == ["AS", "QS"]
    assert [p.seat for p in played] == [ANN, BOB]
    assert played[1].why.rule == "trick.follow-suit" and played[1].why.legal
    assert played[0].after is played[1].before


def test_a_game_that_never_stops_is_reported():
    start = SCENES["lead"].state()
    with pytest.raises(RuntimeError, match="2 moves"):
        play_on(start, first_bots(), lambda _done, _state: False, limit=2)


# --- scenes -----------------------------------------------------------------------------------

def test_a_scene_is_built_by_the_engine():
    state = SCENES["follow"].state()
    assert state.to_move == BOB and [c.code for c in state.current_trick.cards] == ["AS"]
    assert SCENES["lead"].state(lead=1).to_move == BOB
    with pytest.raises(ValueError, match=r"move 1 \(AS\).*toy.in-hand"):
        SCENES["follow"].state(lead=1)                   # Bob leads: the A♠ is not his


def test_a_broken_script_fails_naming_the_scene_and_the_move():
    bad = Scene(GAME, "bad", "Bob plays out of suit", HANDS, "AS AH")
    with pytest.raises(ValueError, match=r"scene 'bad', move 2 \(AH\).*follow suit"):
        bad.state()


def test_scene_arguments_are_checked():
    with pytest.raises(ValueError, match="no option 'trumps'"):
        Scene(GAME, "x", "x", HANDS, switch="trumps")
    with pytest.raises(TypeError, match="from_hands"):
        Scene(Toy(), "x", "x", HANDS)


def test_card_of_reads_the_card_a_move_plays_and_never_its_text():
    assert card_of(Card(12, "S")) == Card(12, "S")         # the toy game's moves are cards
    assert card_of(hearts.Play("QS")).code == "QS"
    played = card_of(diamonds.Play("15D"))                  # the numbered Diamonds deck
    assert played is not None and (played.code, played.label) == ("15D", "15♦")
    assert card_of(diamonds.Play("12D")).code == "12D"    # its Card.code once read "QD"
    assert card_of(hearts.Pass("QS")) is None and card_of(diamonds.Pass("1D")) is None
    assert card_of(cruce.Announce("KS")) is None          # names a card, plays more
    assert card_of("QS") is None and card_of("15D") is None   # text is not a move


# --- try a card --------------------------------------------------------------------------------

def test_try_a_card_judges_any_card_without_playing_it():
    widget = TryCard(TOY, "follow")
    before = widget.state
    assert widget.seat == BOB
    assert list(widget.buttons) == ["AH", "KS", "QS"]      # hearts first, high to low
    refused = widget.try_card("AH")
    assert not refused.legal and refused.rule == "trick.follow-suit"
    assert widget.after is None and widget.outcome == ""
    assert "toy-illegal" in widget.verdict_box._dom_classes
    assert "data-toy-legal='false'" in widget.verdict_box.value
    assert "The rule: Follow the suit led when you can." in widget.verdict_box.value
    widget.buttons["KS"].click()
    assert widget.verdict.legal and widget.outcome == "Ann takes the trick."   # A♠ > K♠
    assert widget.state is before and len(before.history) == 1
    assert {c.code for c in widget.legal_cards} == {"KS", "QS"}


def test_reveal_colours_the_hand():
    widget = TryCard(TOY, "follow")
    widget.reveal_button.click()
    styles = {code: button.button_style for code, button in widget.buttons.items()}
    assert styles == {"AH": "danger", "KS": "success", "QS": "success"}
    assert "You may play: <b>Q♠, K♠</b>" in widget.message.value   # the legal moves, sorted


def test_the_lead_goes_on_and_the_switch_judges_again():
    widget = TryCard(TOY, "lead")
    assert widget.try_card("AS").legal
    assert widget.outcome == "The trick goes on: Bob plays next."
    # trick.lead has no words of the game's: the book's text (the kit's rule) shows
    assert f"The rule: {Toy.rules['trick.lead'].text}" in widget.verdict_box.value
    widget.switch.value = 1                                # Bob leads: A♠ is not his card
    assert widget.card.code == "AS" and widget.verdict.rule == "toy.in-hand"
    assert "The rule: play a card from your hand" in widget.verdict_box.value


def test_css_names_follow_the_game():
    widget = TryCard(TOY, "follow")
    assert {"toy-step", "toy-try", "toy-scene-follow"} <= set(widget._dom_classes)
    assert {"toy-try-card", "toy-card-AH"} <= set(widget.buttons["AH"]._dom_classes)
    assert "<pre>" in widget.board.value                   # no picture registered: text


def test_bad_positions_and_cards_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown scene 'nope'; scenes: follow, lead"):
        TryCard(TOY, "nope")
    with pytest.raises(ValueError, match="a given state keeps its own"):
        TryCard(TOY, SCENES["lead"].state(), options={"lead": 1})
    over = play_on(SCENES["lead"].state(), first_bots(), lambda _d, _s: False)[-1].after
    with pytest.raises(ValueError, match="during the play"):
        TryCard(TOY, over)
    widget = TryCard(TOY, "follow")
    with pytest.raises(BadCard):
        widget.try_card("ZZ")
    assert widget.card is None
    with pytest.raises(ValueError, match="no option to switch"):
        widget.set_option(1)


# --- play it out ------------------------------------------------------------------------------

def test_finish_the_trick_then_the_hand_narrated():
    widget = PlayOut(TOY, "follow", bots=first_bots())
    widget.finish_trick()
    # Bob's bot plays the Q♠ (lowest legal) under Ann's A♠: Ann takes the trick.  (The
    # toy game labels a move by its text.)
    assert widget.told == ["You: <b>QS</b> <code>[trick.follow-suit]</code> — Ann takes the "
                           "trick."]
    assert widget.state.to_move == ANN and not widget.hand_over
    widget.finish_hand()
    # Ann leads Q♥ (lowest), Bob must follow with A♥ and takes it; Bob leads K♠, Ann
    # throws K♥ (void in spades): Bob again.  Tricks: Ann 1, Bob 2.
    assert [str(p.move) for p in widget.played] == ["QS", "QH", "AH", "KS", "KH"]
    assert widget.told[2].endswith("— You take the trick.")
    assert widget.told[-1].endswith("— the hand is over.")
    assert widget.hand_over and widget.hand_box.children == ()
    assert "Scores: Ann 1, Bob 2." in widget.result.value
    assert widget.trick_button.disabled and widget.hand_button.disabled
    assert not widget.play("KH") and "hand is over" in widget.message.value


def test_playing_a_card_lets_the_bots_answer_and_a_refusal_changes_nothing():
    widget = PlayOut(TOY, "follow", bots=first_bots())
    assert [b.card_code for b in widget.hand_box.children] == ["AH", "KS", "QS"]
    assert not widget.play("AH")
    assert len(widget.states) == 1 and widget.message_kind == "illegal"
    assert "trick.follow-suit" in widget.message.value
    next(b for b in widget.hand_box.children if b.card_code == "KS").click()
    # Ann takes the trick and leads her lowest card, the Q♥; Bob is to move again.
    assert [str(p.move) for p in widget.played] == ["KS", "QH"]
    assert widget.told[1] == "Ann: <b>QH</b> <code>[trick.lead]</code>"
    assert widget.state.to_move == BOB
    assert [b.card_code for b in widget.hand_box.children] == ["AH", "QS"]


def test_start_again_replays_the_same_random_bots():
    widget = PlayOut(TOY, "lead", seed=4)
    assert isinstance(widget.bots[BOB], RandomBot)
    widget.finish_hand()
    first = [str(p.move) for p in widget.played]
    assert len(first) == 6
    widget.restart_button.click()
    assert len(widget.states) == 1 and widget.told == [] and not widget.hand_over
    widget.hand_button.click()
    assert [str(p.move) for p in widget.played] == first


def test_a_failing_bot_leaves_nothing_half_played():
    class Broken:
        def choose(self, state):
            raise RuntimeError("bot fell over")

    widget = PlayOut(TOY, "follow", bots={ANN: Broken(), BOB: FirstMoveBot()})
    next(b for b in widget.hand_box.children if b.card_code == "KS").click()
    # Bob's K♠ is legal; then Ann's bot must lead the next trick, and fails
    assert widget.message_kind == "error" and "bot fell over" in widget.message.value
    assert len(widget.states) == 1 and widget.played == []
