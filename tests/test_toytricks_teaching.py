"""The kit carries a new trick game end to end: the toy trick game (``toytricks``, built only
from the kit) at 3 and at 6 seats plays through the game table by its buttons, is taught by
the try-a-card step from a scripted scene, and is drawn by the shared table picture.

This is the promise of "Ready for five games": a trick game is its rules, its picture (a
few lines building a ``TableScene``) and its words, and nothing else.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from toytricks import GAME, LAYOUT, TRICK_RULES, ToyState, ToyView

from cardlib import display
from cardlib.cards import Card
from cardlib.render.table import TableScene, TableSeat, table_svg
from cardlib.tricks import bits_of
from cardlib.widgets.table import GameTable
from cardlib.widgets.tricks import Scene, TrickTeaching
from cardlib.widgets.try_card import TryCard

NAMES = ("Ana", "Bogdan", "Cristina", "Dan", "Elena", "Florin")


def _cards(bits: int) -> tuple[Card, ...]:
    return tuple(LAYOUT.card_at[b] for b in bits_of(bits))


def toy_scene(view: ToyView, hands: tuple[int, ...] | None = None) -> TableScene:
    """The toy's whole picture: who sits where, tricks won, the trick on the table."""
    trick = view.trick
    seats = tuple(
        TableSeat(NAMES[s], f"{view.taken_bits[s].bit_count() // len(view.hand_sizes)} tricks",
                  view.hand_sizes[s],
                  _cards(hands[s] if hands else view.hand_bits) if hands or s == view.seat
                  else None)
        for s in range(len(view.hand_sizes)))
    return TableScene(seats, viewer=view.seat, trick=tuple(trick.plays()),
                      leader=trick.leader, to_move=view.to_move,
                      info=f"Toy tricks · {len(seats)} players", title="toy table")


display.register(ToyView, lambda view: table_svg(toy_scene(view)))
display.register(ToyState, lambda state: table_svg(toy_scene(state.view(0), state.hands)))

TEACHING = TrickTeaching(GAME, TRICK_RULES.power, seats=NAMES,
                         words={"trick.follow-suit": "Follow the suit led when you can."})

# Three seats: Ana led the 9♣; Bogdan holds a club, so only the club may follow.
THREE = ("9C 9D 9H", "TC AS KH", "JC JD JH")
# Six seats, one card each after the lead: Ana led the A♥; Bogdan is void in hearts.
SIX = ("AH 9S", "TC 9D", "QH KS", "JC JD", "KH QS", "AC AD")


@pytest.mark.parametrize("players", [3, 6])
def test_the_table_plays_the_toy_to_the_end_by_its_buttons(players):
    table = GameTable(GAME, seed=5, options={"players": players})
    assert table.state.players == players
    clicks = 0
    while not table.state.is_over:
        legal = [b for b in table.moves.children if "cardlib-legal" in b._dom_classes]
        assert legal, "the human seat has a move but no legal button"
        legal[0].click()
        clicks += 1
    tricks = GAME.new(seed=5, players=players).hands[0].bit_count()
    assert clicks == tricks, "the human seat plays one card to every trick"
    assert sum(table.state.scores()) == tricks
    board = table.board.value
    assert board.count("<svg") >= 1 and "Toy tricks" in board


@pytest.mark.parametrize("players", [3, 6])
def test_an_illegal_click_shows_the_rule_and_changes_nothing(players):
    for seed in range(40):  # deals until the human seat is offered a card it may not play
        table = GameTable(GAME, seed=seed, options={"players": players})
        while not table.state.is_over:
            state = table.state
            refused = [b for b in table.moves.children if "cardlib-illegal" in b._dom_classes]
            if refused:
                refused[0].click()
                assert "trick.follow-suit" in table.message.value
                assert table.state is state
                return
            [b for b in table.moves.children if "cardlib-legal" in b._dom_classes][0].click()
    pytest.fail("no refused card was ever offered at the table")


def test_try_a_card_at_three_seats():
    scene = Scene(GAME, "three", "Ana led the 9♣", THREE, "9C")
    step = TryCard(TEACHING, scene)
    assert step.try_card("AS").legal is False
    assert step.verdict.rule == "trick.follow-suit"
    assert step.try_card("TC").legal is True
    assert [c.code for c in step.legal_cards] == ["TC"]


def test_try_a_card_at_six_seats_names_who_takes_the_trick():
    scene = Scene(GAME, "six", "Ana led the A♥", SIX, "AH")
    step = TryCard(TEACHING, scene)
    why = step.try_card("9D")  # Bogdan is void in hearts: any card
    assert why.legal and why.rule == "trick.void"
    assert step.try_card("TC").legal


@pytest.mark.parametrize("players", [3, 6])
def test_the_table_picture_draws_every_seat(players):
    state = GAME.new(seed=2, players=players)
    for _ in range(players + 1):  # a full trick and one card of the next
        state = state.apply(state.legal_moves()[0])
    svg = display.html(state.view(1))
    ET.fromstring(svg)  # well-formed
    for name in NAMES[:players]:
        assert name in svg
    hidden = players - 1
    assert svg.count("cardlib-facedown") >= hidden
    assert "leader" in svg and "to play" in svg
