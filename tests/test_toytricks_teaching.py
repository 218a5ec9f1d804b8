"""The kit carries a new trick game end to end: the toy trick game (``toytricks``: a bid,
partners and several hands on the kit's layer) at 3 and at 6 seats plays through the game
table by its buttons, is taught by a Scene and the try-a-card step, and is drawn by the
shared table picture.

This is the promise of "Adding a game": a trick game is its rules, its picture (a few
lines building a ``TableScene`` with the kit's seat loop) and its words, and nothing else.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from toytricks import GAME, TRICK_RULES, ToyState, ToyView

from cardlib import display
from cardlib.render.table import TableScene, TableSeat, seat_hands, table_svg
from cardlib.widgets.table import GameTable
from cardlib.widgets.tricks import Scene, TrickTeaching
from cardlib.widgets.try_card import TryCard


def toy_scene(view: ToyView, hands=None) -> TableScene:
    """The toy's whole picture: who sits where, the side's total, the trick on the table."""
    names = GAME.seat_names(view.players)
    totals = [view.totals[next(i for i, team in enumerate(GAME.State.teams_of(view.options))
                               if seat in team)] for seat in range(view.players)]
    seats = tuple(TableSeat(names[seat], f"{totals[seat]} points", size, cards)
                  for seat, (cards, size) in enumerate(seat_hands(view, hands)))
    bid = max(view.bids, default=0)
    contract = f" · {names[view.declarer]} bid {bid}" if view.declarer is not None else ""
    return TableScene(seats, viewer=view.seat, trick=tuple(view.trick.plays()),
                      leader=view.leader, to_move=view.to_move,
                      info=f"Toy tricks · {len(seats)} players{contract}", title="toy table")


display.register(ToyView, lambda view: table_svg(toy_scene(view)))
display.register(ToyState, lambda state: table_svg(toy_scene(
    state.view(0), [state.hand_cards(seat) for seat in range(state.players)])))

TEACHING = TrickTeaching(GAME, TRICK_RULES.power,
                         words={"trick.follow-suit": "Follow the suit led when you can."})

# Three seats, a scene of the play: Ann led the 9♣; Ben holds a club, so only it may follow.
THREE = ("9C 9D 9H", "TC AS KH", "JC JD JH")
# Six seats, one card each after the lead: Ann led the A♥; Ben is void in hearts.
SIX = ("AH 9S", "TC 9D", "QH KS", "JC JD", "KH QS", "AC AD")


def legal_buttons(table):
    return [b for b in table.moves.children if "cardlib-legal" in b._dom_classes]


@pytest.mark.parametrize("players", [3, 6])
def test_the_table_plays_the_toy_to_the_end_by_its_buttons(players):
    """Bids, cards and "Next hand" after each hand's tally, to the game's end."""
    table = GameTable(GAME, seed=5, options={"players": players})
    assert table.state.players == players
    tallies = 0
    while not table.state.is_over:
        if table.paused:
            tallies += 1
            assert "Hand" in table.tally.value
            table.next_hand_button.click()
            continue
        legal = legal_buttons(table)
        assert legal, "the human seat has a move but no legal button"
        legal[0].click()
    assert tallies == GAME.Options.from_given({}).deals - 1  # the last hand ends the game
    assert len(table.state.tallies()) == 3
    board = table.board.value
    assert board.count("<svg") >= 1 and "Toy tricks" in board


@pytest.mark.parametrize("players", [3, 6])
def test_an_illegal_click_shows_the_rule_and_changes_nothing(players):
    for seed in range(40):  # deals until the human seat is offered a card it may not play
        table = GameTable(GAME, seed=seed, options={"players": players})
        while not table.state.is_over and not table.paused:
            state = table.state
            refused = [b for b in table.moves.children if "cardlib-illegal" in b._dom_classes]
            if refused and state.phase == "play":
                refused[0].click()
                assert "trick.follow-suit" in table.message.value
                assert table.state is state
                return
            legal_buttons(table)[0].click()
    pytest.fail("no refused card was ever offered at the table")


def test_try_a_card_at_three_seats():
    scene = Scene(GAME, "three", "Ann led the 9♣", THREE, "9C", start={"leader": 0})
    step = TryCard(TEACHING, scene)
    assert step.try_card("AS").legal is False
    assert step.verdict.rule == "trick.follow-suit"
    assert step.try_card("TC").legal is True
    assert [c.code for c in step.legal_cards] == ["TC"]


def test_try_a_card_at_six_seats_names_who_takes_the_trick():
    scene = Scene(GAME, "six", "Ann led the A♥", SIX, "AH", start={"leader": 0})
    step = TryCard(TEACHING, scene)
    why = step.try_card("9D")  # Ben is void in hearts: any card
    assert why.legal and why.rule == "trick.void"
    assert step.try_card("TC").legal


def test_a_scene_scripts_the_bidding_in_one_word_forms():
    """A scene from the deal: the bids written glued (``bid2``) as a script splits moves
    at spaces; the contract's bidder leads."""
    hands = ("9C TC JC", "9D TD JD", "9H TH JH")
    state = Scene(GAME, "bids", "Ben bids 2", hands, "bid2 pass pass").state()
    assert state.phase == "play" and state.declarer == state.to_move == 1


@pytest.mark.parametrize("players", [3, 6])
def test_the_table_picture_draws_every_seat(players):
    state = GAME.new(seed=2, players=players)
    for _ in range(2 * players + 1):  # the bids, a full trick and one card of the next
        state = state.apply(state.legal_moves()[0])
    svg = display.html(state.view(1))
    ET.fromstring(svg)  # well-formed
    for name in GAME.seat_names(players):
        assert name in svg
    assert svg.count("cardlib-facedown") >= players - 1
    assert "leader" in svg and "to play" in svg
