"""The Diamonds teaching widgets, driven through their callbacks from Python.

``button.click()`` runs the same handler as a click in the browser, and setting a
control's ``value`` fires the same ``observe`` callback, so these tests exercise the
wiring.  Expected cards, crystals and winners are worked out by hand from the scripted
scenes in ``cardlib/widgets/diamonds.py`` (whose comments list them card by card).
"""

from __future__ import annotations

import re

import pytest

from cardlib.cards import Card
from cardlib.diamonds import Announce, Rob
from cardlib.diamonds.bots import MonteCarloBot, RuleOfThumbBot
from cardlib.diamonds.deck import read_card
from cardlib.widgets import GameTable
from cardlib.widgets.diamonds import (
    GAME,
    SCENES,
    ActionDemo,
    CardOrder,
    MajorityTable,
    PassDemo,
    PlayOut,
    ScoreBoard,
    SetupDemo,
    TrickActions,
    TryCard,
)

ANN, BEN, CAT, DAN = range(4)


def cards(text):
    return {read_card(code) for code in text.split()}


def test_every_scene_is_anns_turn_to_play_but_the_stepped_trick():
    for name, scene in SCENES.items():
        state = scene.state()
        to_move = DAN if name == "moments" else ANN     # Dan took trick 2 and leads trick 3
        assert state.phase == "play" and state.to_move == to_move, name


def test_the_higher_card_of_the_suit_led_wins_and_an_off_suit_card_never_does():
    order = CardOrder()
    assert order.winner == read_card("14D")                  # 11♦ led, 14♦ played
    assert order.choose("11D", "3S") == read_card("11D")     # the 3♠ is off suit
    assert "never wins" in order.result.value
    assert order.choose("15C", "1C") == read_card("15C")
    order.other_box.value = read_card("2D")                  # as a learner picks it
    assert order.winner == read_card("15C")
    with pytest.raises(ValueError, match="choose two"):
        order.choose("7H", "7H")


def test_a_seat_sees_its_own_vault_and_only_the_total_of_the_others():
    setup = SetupDemo(players=4)
    state = setup.state
    assert len(state.results) == 1                          # after one round of play
    picture = setup.picture.value
    assert picture.count("data-vault=") == 1 and picture.count("data-showroom=") == 4
    vault = state.crystals.vault                            # known from the actions seen
    assert f"knows them anyway: Ben {vault[BEN]}, Cat {vault[CAT]}, Dan {vault[DAN]}." \
        in picture
    setup.seen_box.value = None                             # everyone: the end of the game
    assert setup.picture.value.count("data-vault=") == 4
    setup.players_box.value = 6
    assert setup.state.players == 6 and setup.picture.value.count("data-showroom=") == 6
    setup.supply_box.value = True
    assert setup.state.crystals.supply is not None
    assert 'data-supply="None"' not in setup.picture.value


def test_the_pass_as_dealer():
    demo = PassDemo(seed=2)
    assert demo.state.phase == "announce" and demo.state.dealer == ANN
    assert [m.count for m in demo.start.candidate_moves()] == [0, 1, 2, 3]
    assert not demo.announce(0)
    assert "diamonds.pass.count" in demo.message.value and demo.state.phase == "announce"
    demo.counts[2].click()
    # Ben, Cat and Dan (from the dealer's left) have chosen; Ann is last and sees nothing yet
    assert demo.state.to_move == ANN and demo.state.view(ANN).passes_made == (0, 2, 2, 2)
    assert demo.received is None
    hand = demo.state.hand_cards(ANN)
    demo.choose(hand[0])
    assert not demo.pass_cards() and "exactly 2" in demo.message.value
    dan_passed = set(demo.state.view(DAN).passed)
    demo.choose(hand[0], hand[1])
    demo.pass_button.click()
    assert demo.state.phase == "play"
    assert set(demo.received) == dan_passed                 # from the right
    assert {hand[0], hand[1]} <= set(demo.state.hand_cards(BEN))   # to the left


def test_try_a_card_when_following_suit():
    widget = TryCard("follow-suit")          # Cat 10♥, Dan 6♥; Ann holds 3♥ 12♥ 7♠ 14♦ 11♦
    assert set(widget.legal_cards) == cards("3H 12H")
    why = widget.try_card(read_card("7S"))
    assert not why.legal and why.rule == "diamonds.follow-suit"
    why = widget.try_card(read_card("12H"))
    assert why.legal and widget.outcome == "The trick goes on: Ben plays next."


def test_card_buttons_are_numbered_as_the_deck_is():
    widget = TryCard("follow-suit")
    assert [b.description for b in widget.buttons.values()] == [
        "11♦", "14♦", "7♠", "3♥", "12♥"]                        # ♦ ♠ ♥ ♣, low to high
    widget.reveal_button.click()
    assert "3♥, 12♥" in widget.message.value
    demo = PlayOut("no-trick")
    assert [b.description for b in demo.hand_box.children] == ["12♦", "9♠", "5♥", "2♣"]


NUMBERED = re.compile(r"(1[0-5]|[1-9])[♠♥♦♣]")
"""A card as a Diamonds player reads it: ``1♦`` .. ``15♣``."""


def test_card_controls_carry_numbered_codes_and_a_card_is_tried_by_its_number():
    widget = TryCard("follow-suit")          # Ann holds 3♥ 12♥ 7♠ 14♦ 11♦
    assert list(widget.buttons) == ["11D", "14D", "7S", "3H", "12H"]
    assert "diamonds-card-12H" in widget.buttons["12H"]._dom_classes
    for tried in ("12h", Card(12, "H"), read_card("12H")):  # the text, any Card of it
        why = widget.try_card(tried)
        assert why.legal and widget.card.code == "12H" and widget.card.label == "12♥"
        assert "data-diamonds-card='12H'" in widget.verdict_box.value
        assert "<b>12♥: ✔ yes</b>" in widget.verdict_box.value
    assert "13♦ is not in Ann's hand" in widget.try_card("13D").text   # a card she lacks
    with pytest.raises(ValueError, match="'QH'.*write '12H'"):
        widget.try_card("QH")
    board = widget.board.value
    assert re.findall(r'data-card="([^"]+)"', board) and not re.search(
        r'data-card="[ATJQK]|>[AJQK]</text>', board)


def test_every_widget_shows_the_cards_as_numbers():
    labels = [label for label, _ in CardOrder().led_box.options]
    assert len(labels) == 60 and all(NUMBERED.fullmatch(label) for label in labels)
    order = CardOrder(led=Card(11, "D"), other="12d")        # a Card, or its number
    assert order.winner.code == "12D" and "12♦</b> takes the trick" in order.result.value
    assert "data-diamonds-winner='12D'" in order.result.value
    demo = PassDemo(seed=2)
    toggles = [t.description for t in demo.toggles.values()]
    assert len(toggles) == 10 and all(NUMBERED.fullmatch(t) for t in toggles)
    assert all(re.fullmatch(r"\d+[SHDC]", code) for code in demo.toggles)
    steps = TrickActions()
    steps.next()
    steps.next()                                             # Ann throws the 11♦
    assert "<b>Ann: 11♦</b>" in steps.picture.value
    table = notebook_table()
    cards = [b.description for b in table.moves.children
             if b.description.startswith("pass ")]
    assert cards and all(NUMBERED.fullmatch(c.removeprefix("pass ")) for c in cards)


def test_a_scene_scripts_its_plays_in_numbered_codes():
    state = SCENES["moments"].state()                        # "... 7S 11S 4S 15S"
    assert [c.code for c in state.tricks[-1].cards] == ["7S", "11S", "4S", "15S"]
    assert GAME.save(state)["moves"][-4:] == ["7S", "11S", "4S", "15S"]


def test_try_a_card_when_void_shows_the_action_each_card_earns():
    widget = TryCard("void")                 # Dan led 5♣; Ann holds 3♥ 14♦ 11♦
    assert set(widget.legal_cards) == cards("3H 14D 11D")
    assert "earns a ♦ action at once" in widget.try_card(read_card("11D")).text
    assert "earns a ♥ action at once" in widget.try_card(read_card("3H")).text
    assert widget.try_card(read_card("3H")).rule == "diamonds.off-suit"


def test_the_four_actions_move_crystals_as_the_rules_say():
    demo = ActionDemo(showroom=(3, 3, 2))
    demo.actions[0].click()                                      # ♦: supply → Ann's vault
    assert (demo.crystals.vault, demo.crystals.showroom) == ((1, 0, 0), (3, 3, 2))
    demo.act("H")                                                # ♥: supply → showroom
    demo.act("S")                                                # ♠: showroom → vault
    assert (demo.crystals.vault, demo.crystals.showroom) == ((2, 0, 0), (3, 3, 2))
    demo.victim_box.value = CAT
    demo.actions[3].click()                                      # ♣: Cat's showroom → Ann's
    assert demo.crystals.showroom == (4, 3, 1) and demo.done.victim == CAT
    assert "before" in demo.picture.value and "after" in demo.picture.value


def test_spade_and_club_with_nothing_to_move_say_why():
    demo = ActionDemo(showroom=(0, 0, 0))
    assert demo.act("S").rule == "diamonds.action.spade-empty"
    assert demo.act("C").rule == "diamonds.action.club-no-victim"
    assert demo.victim_box.layout.display == "none"
    assert "data-diamonds-moved='false'" in demo.picture.value
    demo.showroom_boxes[BEN].value = 2                           # now Ben can be robbed
    assert demo.victim_box.options == ((("Ben", BEN)),)
    assert demo.act("C").moved and demo.crystals.showroom == (1, 1, 0)


def test_the_two_moments_of_a_trick_step_by_step():
    demo = TrickActions()
    # After tricks 1 and 2: Ann showroom 4 (her ♥), Dan showroom 2 and vault 1 (his ♠).
    start = demo.state.crystals
    assert (start.vault, start.showroom) == ((0, 0, 0, 1), (4, 3, 3, 2))
    demo.next()                                          # Dan leads 5♣: no action
    assert demo.state.last_done == ()
    demo.next()                                          # Ann 11♦, off suit: ♦ at once
    assert [(d.action.seat, d.action.moment) for d in demo.state.last_done] == [
        (ANN, "off-suit")]
    assert demo.state.crystals.vault == (1, 0, 0, 1)
    demo.next()
    demo.next_button.click()                             # Cat 13♣ takes it: ♣, rob whom?
    assert demo.state.phase == "rob" and demo.state.to_move == CAT
    demo.next()                                          # Cat robs Ann
    assert [(d.action.seat, d.action.moment, d.victim) for d in demo.state.last_done] == [
        (CAT, "trick", ANN)]
    assert demo.state.crystals.showroom == (3, 3, 4, 2)
    demo.next()
    assert demo.message_kind == "illegal" and demo.step == 5
    demo.restart_button.click()
    assert demo.step == 0


def test_the_majority_table_with_ties_and_a_player_without_cards():
    table = MajorityTable()
    # ♦ Ann 6; ♥ Ben 5; ♠ Ann and Ben tie on 3; ♣ Cat 7; Dan took nothing.
    assert table.end.majorities == (ANN, BEN, None, CAT)
    assert [(a.seat, a.suit) for a in table.end.actions] == [
        (ANN, "D"), (BEN, "H"), (CAT, "C"), (DAN, "D"), (DAN, "D")]
    assert "nobody" in table.result.value
    table.boxes[CAT][3].value = 2                        # Ben 2 ♣, Cat 2 ♣: a tie too
    assert table.end.majorities == (ANN, BEN, None, None)
    table.boxes[DAN][0].value = 1                        # Dan took a card: no bonus
    assert table.end.no_tricks == ()
    table.set_counts([(9, 0, 0, 0), (9, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)])
    assert table.message_kind == "illegal" and "15 cards" in table.message.value


def test_scores_and_the_tie_break():
    board = ScoreBoard()                                 # the seed's example
    assert board.crystals.scores() == (47,)
    tie = ScoreBoard(vault=(21, 20, 18), showroom=(5, 7, 10))
    # 47, 47, 46: Ann and Ben tie, Ann has more in the vault
    assert tie.crystals.scores() == (47, 47, 46)
    assert "data-diamonds-winners='0'" in tie.result.value
    assert tie.set_points((20, 20, 1), (7, 7, 1)) == (47, 47, 3)
    assert "data-diamonds-winners='0,1'" in tie.result.value and "share" in tie.result.value


def test_no_trick_scene_played_out():
    demo = PlayOut("no-trick")
    # Ann leads the 2♣ (Cat's 14♣ takes it), then follows low every time: 12♦ under
    # Cat's 15♦, 5♥ under Dan's 13♥, 9♠ under Ben's 10♠.  No trick: two ♦ actions.
    for code in ("2C", "12D", "5H", "9S"):
        assert demo.play(read_card(code))
    assert demo.hand_over and demo.state.is_over
    assert demo.state.results[-1].tricks_won[ANN] == 0
    assert demo.state.results[-1].end.no_tricks == (ANN,)
    assert "no trick: Ann" in demo.result.value


def notebook_table():
    """The table of notebook 02's whole game: Ann against rule-of-thumb bots, seed 7."""
    return GameTable(GAME, seed=7, seat=ANN,
                     bots={seat: RuleOfThumbBot() for seat in (BEN, CAT, DAN)})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_tables_setup_panel_seats_every_count(players):
    table = notebook_table()
    assert table.setup.bots.value == "rule-of-thumb"
    table.setup.players.value = players
    table.new_button.click()
    assert table.state.players == players and set(table.bots) == set(range(1, players))
    assert all(isinstance(bot, RuleOfThumbBot) for bot in table.bots.values())
    legal = [b for b in table.move_buttons if "cardlib-legal" in b._dom_classes]
    legal[0].click()
    assert "Played" in table.message.value


def test_monte_carlo_opponents_can_be_chosen():
    table = notebook_table()
    table.setup.players.value = 3
    table.setup.bots.value = "monte-carlo"
    table.new_button.click()
    assert table.state.players == 3
    assert all(isinstance(bot, MonteCarloBot) for bot in table.bots.values())


def test_the_moves_the_widgets_play_are_the_engines():
    state = SCENES["moments"].state().apply("5C").apply("11D").apply("1C").apply("13C")
    assert state.legal_moves() == [Rob(ANN), Rob(BEN), Rob(DAN)]
    assert PassDemo(seed=2).start.legal_moves() == [Announce(1), Announce(2), Announce(3)]
