"""The Hearts teaching widgets, driven through their callbacks from Python.

``button.click()`` runs the same handler as a click in the browser, and setting a
control's ``value`` fires the same ``observe`` callback, so these tests exercise the
wiring.  Every expected verdict, trick winner and score is worked out by hand from the
scripted deals in ``cardlib/widgets/hearts.py`` (whose comments list them card by card)
and the rules; the comments here show the reasoning.  None is read back from the engine.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib.cards import BadCard, parse_cards
from cardlib.protocol import IllegalMove
from cardlib.tricks import TrickRules
from cardlib.widgets.hearts import (
    MOON_FINISH,
    SCENES,
    GameEndDemo,
    MoonDemo,
    PassingDemo,
    PlayOut,
    TryCard,
    rotation_svg,
)

NORTH, EAST, SOUTH, WEST = range(4)


def codes(text: str) -> set[str]:
    return {card.code for card in parse_cards(text)}


def legal_codes(widget: TryCard) -> set[str]:
    return {card.code for card in widget.legal_cards}


# --- the scenes themselves ---------------------------------------------------------------------

def test_every_scene_is_a_south_decision_during_the_play():
    for name, scene in SCENES.items():
        state = scene.state()
        assert state.phase == "play" and state.to_move == SOUTH, name
        assert state.deal.direction == 0, name        # hand 4 of the rotation: no pass


def test_the_story_goes_as_its_comments_say():
    state = SCENES["void"].state()                    # after tricks 1-4 and North 3♣, East 6♣
    winners = [trick.winner(TrickRules()) for trick in state.tricks]
    # trick 1: A♣ (West) over 2♣ 5♣ and South's 4♦ discard; trick 2: K♠ (West) over 3♠
    # 9♠ Q♠; trick 3: K♦ (South) over 5♦ 8♦ 6♦; trick 4: 10♦ (North) over 2♦ 3♦ 7♦.
    assert winners == [WEST, WEST, SOUTH, NORTH]
    # only the Q♠ has been taken (by West); no heart has been played
    assert state.view(SOUTH).points_taken == (0, 0, 0, 13)
    assert not state.hearts_broken


# --- try a card ----------------------------------------------------------------------------

def test_two_of_clubs_opens_and_the_option_lets_any_club_open():
    widget = TryCard("two-of-clubs")
    assert widget.try_card("2C").legal
    assert widget.verdict.rule == "hearts.lead.two-of-clubs"
    three = widget.try_card("3C")
    assert not three.legal and three.rule == "hearts.lead.two-of-clubs"
    widget.switch.value = True                        # can_lead_any_club
    assert widget.card.code == "3C" and widget.verdict.legal   # judged again at once
    assert legal_codes(widget) == codes("2C 3C 4C 7C 8C")      # South's clubs
    assert not widget.try_card("8D").legal


def test_no_points_on_the_first_trick():
    widget = TryCard("first-trick")
    # South: 2D 4D JD KD 2S QS AS 3H 6H 9H TH QH AH, no club; North led 2♣, East 5♣.
    assert legal_codes(widget) == codes("2D 4D JD KD 2S AS")
    for code in ("QS", "AH", "3H"):
        verdict = widget.try_card(code)
        assert not verdict.legal and verdict.rule == "hearts.first-trick.no-points"
        assert "hearts-illegal" in widget.verdict_box._dom_classes
        assert f"data-hearts-card='{code}'" in widget.verdict_box.value
    assert widget.try_card("KD").legal
    assert "hearts-legal" in widget.verdict_box._dom_classes
    assert widget.outcome == "The trick goes on: West plays next."


def test_only_hearts_and_the_queen_on_the_first_trick_and_its_option():
    widget = TryCard("first-trick-only-points")
    hand = codes("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert legal_codes(widget) == hand                # default 'any'
    assert widget.try_card("QS").rule == "hearts.first-trick.only-points"
    widget.set_option("heart-not-queen")
    assert widget.switch.value == "heart-not-queen"
    assert not widget.verdict.legal                   # the Q♠ judged again: refused
    assert legal_codes(widget) == hand - {"QS"}


def test_follow_suit_and_who_takes_the_trick():
    widget = TryCard("follow-suit")
    # Trick 3: West 5♦, North 8♦, East 6♦.  South has 2♦ J♦ K♦ left (4♦ went on trick 1).
    assert legal_codes(widget) == codes("2D JD KD")
    refused = widget.try_card("AS")
    assert not refused.legal and refused.rule == "hearts.follow-suit"
    assert widget.after is None and widget.outcome == ""
    widget.try_card("2D")
    assert widget.outcome == "North takes the trick, with no points in it."   # the 8♦
    widget.try_card("JD")
    assert widget.outcome == "You take the trick, with no points in it."


def test_taking_a_trick_with_the_queen_in_it():
    widget = TryCard("take-trick")
    # Trick 2: West K♠, North 3♠, East 9♠; South holds 2♠ Q♠ A♠.
    expected = {
        "2S": "West takes the trick, with no points in it.",
        "QS": "West takes the trick, with 13 points in it.",     # the queen under the king
        "AS": "You take the trick, with no points in it.",
    }
    for code, words in expected.items():
        assert widget.try_card(code).rule == "hearts.follow-suit"
        assert widget.outcome == words
        assert widget.after.leader == {"2S": WEST, "QS": WEST, "AS": SOUTH}[code]


def test_leading_hearts_waits_until_they_are_broken_and_the_queen_option():
    widget = TryCard("lead-unbroken")
    # The Q♠ fell on trick 2, but no heart has been played: by default not broken.
    assert "data-hearts-broken='false'" in widget.board.value
    assert legal_codes(widget) == codes("2D JD 2S AS")
    verdict = widget.try_card("AH")
    assert not verdict.legal and verdict.rule == "hearts.lead.hearts-unbroken"
    widget.switch.value = True                        # qs_breaks_hearts
    assert "data-hearts-broken='true'" in widget.board.value
    assert widget.verdict.legal and widget.verdict.rule == "hearts.lead.any"
    widget.switch.value = False
    assert not widget.verdict.legal


def test_a_leader_holding_only_hearts_may_lead_one():
    widget = TryCard("lead-only-hearts")
    # South took tricks 1 and 2 with the A♣ and A♦; nobody else played a heart.
    assert "data-hearts-broken='false'" in widget.board.value
    assert set(widget.buttons) == codes("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")
    assert legal_codes(widget) == set(widget.buttons)  # every heart, although unbroken
    for code in ("2H", "QH"):
        verdict = widget.try_card(code)
        assert verdict.legal and verdict.rule == "hearts.lead.only-hearts"
    assert widget.outcome == "The trick goes on: West plays next."
    assert widget.switch is None


def test_the_queen_is_forced_out_and_the_option_lets_a_heart_lead_instead():
    widget = TryCard("lead-queen-forced")
    # Same two tricks; South holds the Q♠ and 2♥ ... J♥, hearts unbroken.
    assert legal_codes(widget) == {"QS"}
    refused = widget.try_card("2H")
    assert not refused.legal and refused.rule == "hearts.lead.hearts-unbroken"
    assert "it must lead" in refused.text              # the queen, the only other card
    assert widget.try_card("QS").legal
    widget.try_card("2H")
    widget.switch.value = True                         # can_lead_hearts_instead_of_qs
    assert widget.card.code == "2H" and widget.verdict.legal   # judged again at once
    assert widget.verdict.rule == "hearts.lead.queen-or-hearts"
    assert legal_codes(widget) == set(widget.buttons)
    widget.switch.value = False
    assert legal_codes(widget) == {"QS"} and not widget.verdict.legal


def test_a_heart_may_be_thrown_when_void_before_hearts_are_broken():
    widget = TryCard("void")
    # North led 3♣, East 6♣; South has no club: anything goes, hearts included.
    verdict = widget.try_card("AH")
    assert verdict.legal and verdict.rule == "hearts.void.any-card"
    assert legal_codes(widget) == codes("JD 2S AS 3H 6H 9H TH QH AH")


def test_clicking_a_card_button_and_the_reveal_button():
    widget = TryCard("take-trick")
    assert set(widget.buttons) == codes("2S QS AS 2D JD KD 3H 6H 9H TH QH AH")
    widget.buttons["AH"].click()
    assert widget.card.code == "AH" and not widget.verdict.legal
    assert "hearts.follow-suit" in widget.verdict_box.value
    assert all(b.button_style == "" for code, b in widget.buttons.items() if code != "AH")
    widget.reveal_button.click()
    styles = {code: b.button_style for code, b in widget.buttons.items()}
    assert styles["AH"] == "info"                     # the card being tried
    assert {c for c, s in styles.items() if s == "success"} == codes("2S QS AS")
    assert "2♠, Q♠, A♠" in widget.message.value


def test_trying_cards_never_changes_the_position():
    widget = TryCard("first-trick")
    before = widget.state
    for code in widget.buttons:
        widget.buttons[code].click()
    assert widget.state is before and len(before.history) == 2


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(n for n in SCENES if n != "moon")), data=st.data())
def test_the_verdict_shown_is_the_rules_verdict_for_any_card(name, data):
    widget = TryCard(name)
    code = data.draw(st.sampled_from(sorted(widget.buttons)))
    widget.buttons[code].click()
    legal = code in {str(move) for move in widget.state.legal_moves()}
    assert widget.verdict.legal == legal
    assert f"data-hearts-legal='{str(legal).lower()}'" in widget.verdict_box.value
    assert f"[{widget.verdict.rule}]" in widget.verdict_box.value
    assert (widget.after is not None) == legal


def test_any_position_during_the_play_can_be_tried():
    state = SCENES["void"].state().apply("AH")       # South throws a heart; West to play
    widget = TryCard(state)
    assert widget.seat == WEST and widget.switch is None
    assert "West to play" in widget.children[0].value
    # West was dealt J♣ Q♣ K♣ A♣ and played only the A♣ (trick 1): it must follow clubs.
    assert legal_codes(widget) == codes("JC QC KC")
    assert widget.try_card("AD").rule == "hearts.follow-suit"
    widget.try_card("KC")                             # over North's 3♣ and East's 6♣
    assert widget.outcome == "You take the trick, with 1 point in it."   # South threw the A♥


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown scene 'nope'"):
        TryCard("nope")
    with pytest.raises(ValueError, match="no option to switch"):
        TryCard("void").set_option(True)
    with pytest.raises(ValueError, match="during the play"):
        TryCard(PassingDemo(1).state)                 # hand 1 starts with the pass
    widget = TryCard("void")
    with pytest.raises(BadCard):
        widget.try_card("ZZ")
    assert widget.card is None


def test_an_error_in_a_callback_is_shown_in_the_widget():
    widget = TryCard("void")

    class Broken:
        def explain(self, move):
            raise RuntimeError("the engine broke")

    widget.state = Broken()
    widget.buttons["AH"].click()                      # must not raise out of the click
    assert widget.message_kind == "error"
    assert "RuntimeError" in widget.message.value and "the engine broke" in widget.message.value
    assert isinstance(widget.last_error, RuntimeError)


# --- play it out -----------------------------------------------------------------------------

def test_your_card_ends_the_trick_and_the_bots_play_on_to_your_turn():
    widget = PlayOut("take-trick")
    # Trick 2: West K♠, North 3♠, East 9♠; South drops the Q♠ under the king.
    assert widget.play("QS")
    assert widget.told[0] == ("You: <b>Q♠</b> <code>[hearts.follow-suit]</code> — West takes "
                              "the trick, with 13 points in it.")
    # West leads trick 3, North and East follow; then it is South's turn again.
    assert [move.seat for move in widget.played] == [SOUTH, WEST, NORTH, EAST]
    assert [line.split(":")[0] for line in widget.told[1:]] == ["West", "North", "East"]
    assert widget.state.to_move == SOUTH and len(widget.state.current_trick.cards) == 3
    assert {b.card_code for b in widget.hand_box.children} == codes(
        "2S AS 2D JD KD 3H 6H 9H TH QH AH")              # South's hand less the Q♠


def test_the_bots_finish_the_hand_told_move_by_move():
    widget = PlayOut("void")
    widget.finish_hand()
    # Four tricks and two cards were played before the scene: 52 - 18 = 34 cards left.
    assert len(widget.played) == len(widget.told) == 34
    assert widget.told[-1].endswith("— the hand is over.")
    assert sum("takes the trick" in line or "take the trick" in line
               for line in widget.told) == 8                 # tricks 5 to 12; 13 ends the hand
    assert widget.hand_over and "The hand is over." in widget.result.value
    # a hand's points add up to 26, or to 78 when someone shoots the moon
    assert sum(widget.state.scores()) in (26, 78)
    assert {"hearts-step", "hearts-playout"} <= set(widget._dom_classes)


# --- passing ---------------------------------------------------------------------------------

# South passes left to West (the next seat), right to East, across to North; and so
# receives from East, West and North.  Hand 4 has no pass; hand 5 starts again.
RECEIVER = {1: WEST, 2: EAST, 3: NORTH, 4: None}
SENDER = {1: EAST, 2: WEST, 3: NORTH, 4: None}


def test_passing_three_cards_round_the_rotation():
    demo = PassingDemo(seed=1)
    three = [card.code for card in demo.dealt[SOUTH][:3]]
    for hand, direction in zip((1, 2, 3, 4), ("left", "right", "across", "none"),
                               strict=True):
        demo.choose(*three, hand=hand)
        assert demo.direction == direction
        assert demo.receiver == RECEIVER[hand] and demo.sender == SENDER[hand]
    assert demo.verdict.rule == "hearts.pass.rotation" and not demo.verdict.legal
    assert "no pass" in demo.result.value and demo.received == ()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), hand=st.integers(1, 8), data=st.data())
def test_the_cards_go_where_the_rotation_says_and_three_come_back(seed, hand, data):
    demo = PassingDemo(seed=seed)
    mine = demo.dealt[SOUTH]
    chosen = data.draw(st.lists(st.sampled_from(mine), min_size=3, max_size=3, unique=True))
    demo.choose(*chosen, hand=hand)
    receiver = RECEIVER[(hand - 1) % 4 + 1]
    assert demo.receiver == receiver
    if receiver is None:
        assert demo.state.phase == "play" and demo.received == ()
        return
    after = set(demo.state.hand_cards(SOUTH))
    assert len(demo.received) == 3 and not set(demo.received) & set(mine)
    assert after == (set(mine) - set(chosen)) | set(demo.received)
    assert set(chosen) <= set(demo.state.hand_cards(receiver))
    assert demo.state.phase == "play"


def test_toggling_cards_and_the_hand_picker():
    demo = PassingDemo(seed=3)
    toggles = list(demo.toggles.values())
    toggles[0].value = True
    toggles[1].value = True
    assert "Choose 1 more card" in demo.result.value and demo.receiver is None
    toggles[2].value = True
    assert demo.receiver == WEST and "data-hearts-receiver='West'" in demo.result.value
    toggles[3].value = True                           # a fourth card: refused, toggled back
    assert toggles[3].value is False and len(demo.chosen) == 3
    assert demo.message_kind == "illegal" and "exactly three" in demo.message.value
    demo.hand_picker.value = 3
    assert demo.receiver == NORTH and demo.direction == "across"
    toggles[0].value = False
    assert len(demo.chosen) == 2 and demo.receiver is None


def test_bad_passing_choices_change_nothing():
    demo = PassingDemo(seed=1)
    mine = [card.code for card in demo.dealt[SOUTH]]
    demo.choose(*mine[:3])
    before = (demo.chosen, demo.hand, demo.receiver, demo.result.value)
    stranger = next(c for c in ("2C", "3C", "4C", "5C") if c not in mine)
    for args, kwargs, words in [((stranger, *mine[:2]), {}, f"not in South's hand: {stranger}"),
                                (tuple(mine[:4]), {}, "up to three"),
                                ((mine[0], mine[0]), {}, "different"),
                                (tuple(mine[:3]), {"hand": 0}, "numbered 1")]:
        with pytest.raises(ValueError, match=words):
            demo.choose(*args, **kwargs)
        assert (demo.chosen, demo.hand, demo.receiver, demo.result.value) == before


def test_rotation_picture_draws_one_arrow_per_passer():
    assert rotation_svg({0: 1, 1: 2, 2: 3, 3: 0}).count("<line") == 4
    assert "no pass" in rotation_svg({}) and "<line" not in rotation_svg({})


# --- the moon --------------------------------------------------------------------------------

def test_the_moon_scene_starts_with_every_point_but_four_hearts_taken():
    demo = MoonDemo()
    view = demo.state.view(SOUTH)
    # South took 9 hearts and the Q♠ in tricks 1-10: 9 + 13 = 22 points.
    assert view.points_taken == (0, 0, 22, 0)
    assert {c.code for c in demo.state.hand_cards(SOUTH)} == codes("AH KH 3H")
    assert {b.card_code for b in demo.hand_box.children} == codes("AH KH 3H")
    assert "4 still out" in demo.points_box.value


@pytest.mark.parametrize("line", [("AH", "KH", "3H"), ("KH", "3H", "AH"), ("AH", "3H", "KH")])
def test_high_hearts_first_shoot_the_moon(line):
    # The A♥ or K♥ led first forces West's only heart, the 5♥, under it; then nobody
    # else holds a heart, so South takes all 13 and the Q♠: the others score 26 each.
    demo = MoonDemo()
    for code in line:
        assert demo.play(code)
    assert demo.outcome == "moon" and demo.moon == SOUTH
    assert demo.points == (26, 26, 0, 26)
    assert "hearts.score.moon" in demo.result.value
    assert "hearts-moon-success" in demo.result.value


def test_the_three_first_loses_the_moon():
    # West must follow the 3♥ with the 5♥ and takes the trick (2 points), then leads its
    # two diamonds, which nobody else holds, and takes South's A♥ and K♥ as discards.
    demo = MoonDemo()
    for code in ("3H", "AH", "KH"):
        assert demo.play(code)
    assert demo.outcome == "no moon" and demo.moon is None
    assert demo.points == (0, 0, 22, 4)
    assert "hearts.score.points" in demo.result.value


def test_moon_buttons_refusals_and_restart():
    demo = MoonDemo()
    start = demo.state
    assert not demo.play("2C")                         # not South's card
    assert demo.state is start and demo.message_kind == "illegal"
    assert "hearts.turn" in demo.message.value
    for code in ("AH", "KH", "3H"):
        button = next(b for b in demo.hand_box.children if b.card_code == code)
        button.click()
    assert demo.outcome == "moon" and demo.hand_box.children == ()
    assert not demo.play("AH") and "Start again" in demo.message.value
    demo.restart_button.click()
    assert demo.state is start and demo.outcome is None and len(demo.hand_box.children) == 3


def test_the_shooter_may_choose_with_the_option():
    demo = MoonDemo(options={"moon": "shooter-choice"})
    for code in ("AH", "KH", "3H"):
        demo.play(code)
    assert demo.state.phase == "moon" and not demo.hand_over
    labels = [b.description for b in demo.hand_box.children]
    assert labels == ["moon: others +26", "moon: me −26"]
    demo.hand_box.children[1].click()
    assert demo.points == (0, 0, -26, 0)


def test_a_failing_bot_leaves_the_moon_hand_as_it_was():
    class Broken:
        def choose(self, state):
            raise RuntimeError("bot fell over")

    demo = MoonDemo(bots={NORTH: Broken(), EAST: Broken(), WEST: Broken()})
    start = demo.state
    button = next(b for b in demo.hand_box.children if b.card_code == "AH")
    button.click()
    assert demo.message_kind == "error" and "bot fell over" in demo.message.value
    assert demo.state is start and demo.played == []


# --- the end of the game ---------------------------------------------------------------------

def test_the_game_ends_when_a_total_reaches_50_and_ties_share_a_place():
    # South shoots the moon: North, East, West +26.  24, 10, 30, 24 -> 50, 36, 30, 50.
    demo = GameEndDemo((24, 10, 30, 24))
    assert demo.totals == (50, 36, 30, 50)
    assert demo.over and demo.places == [3, 2, 1, 3]  # North and West share third
    assert "3rd= North, West" in demo.result.value
    demo.end_when.value = "exceed"                    # 50 does not go above 50
    assert not demo.over and "goes on" in demo.result.value
    demo.end_when.value = "reach"
    demo.end_score.value = 100
    assert not demo.over


def test_a_shared_lowest_total_ends_the_game_or_plays_on():
    # 30, 4, 30, 4 -> 56, 30, 30, 30: East, South and West share the lowest total.
    demo = GameEndDemo((30, 4, 30, 4))
    assert demo.over and demo.places == [4, 1, 1, 1]
    demo.tie_for_first.value = "play-on"
    assert not demo.over


def test_editing_a_total_box_replays_the_hand():
    demo = GameEndDemo((24, 10, 30, 24))
    demo.total_boxes[NORTH].value = 20                # 20 + 26 = 46: nobody at 50 now
    assert demo.totals == (46, 36, 30, 50) and demo.over   # West still reaches 50
    demo.total_boxes[WEST].value = 0
    assert demo.totals == (46, 36, 30, 26) and not demo.over


def test_bad_end_choices_change_nothing():
    demo = GameEndDemo()
    before = (demo.totals_before, dict(demo.options), demo.result.value)
    with pytest.raises(ValueError, match="four whole numbers"):
        demo.choose(totals=(1, 2, 3))
    with pytest.raises(ValueError, match="end_when"):
        demo.choose(end_when="soon")
    with pytest.raises(ValueError, match="not end_at"):
        demo.choose(end_at=50)
    with pytest.raises(ValueError, match="not moon"):     # the scripted hand needs it
        demo.choose(moon="shooter-choice")
    with pytest.raises(ValueError, match="end_score"):
        demo.choose(end_score=0)
    assert (demo.totals_before, dict(demo.options), demo.result.value) == before


def test_the_moon_finish_is_legal_and_shoots_the_moon():
    # GameEndDemo's hand: the scene, then the last three tricks of MOON_FINISH.
    state = SCENES["moon"].state()
    for text in " ".join(MOON_FINISH).split():
        state = state.apply(text)
    assert state.results[-1].moon == SOUTH
    with pytest.raises(IllegalMove):
        SCENES["moon"].state().apply("5H")            # West's card, not South's
