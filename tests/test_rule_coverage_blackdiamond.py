"""Black Diamond rules that no other test named, each checked by its effect on a dealt or a
hand-built board (``board`` of ``test_blackdiamond_game.py``)."""

from __future__ import annotations

import pytest
from test_blackdiamond_game import HIGH, board

from cardlib import games
from cardlib.blackdiamond import Clear, Play, Replace
from cardlib.cards import codes, parse_card

GAME = games.get("black-diamond")
LIMITS = {"N": 3, "E": 3, "S": 3, "W": 3, "NE": 4, "SE": 4, "SW": 4, "NW": 4, "C": 5}
"""black-diamond.layout as the rule states it."""


@pytest.mark.parametrize("seed", [0, 1, 77])
def test_a_deal_lays_out_every_card_once(seed):
    """black-diamond.deal: 13 diamonds (4 on the table, 9 in the deck) and 26 black cards
    (2 in hand, 24 in the deck), each exactly once."""
    state = GAME.new(seed)
    diamonds = [*state.diamonds, *state.diamond_deck]
    black = [*state.hand, *state.black_deck]
    assert len(state.diamonds) == 4 and len(state.hand) == 2
    assert sorted(codes(diamonds)) == sorted(f"{r}D" for r in "A23456789TJQK")
    assert len(set(black)) == 26 and {c.suit for c in black} == {"S", "C"}


def test_nine_piles_each_cleared_at_its_limit():
    """black-diamond.layout (nine piles, limits 3, 4, 5) and black-diamond.limit (a pile
    that reaches its limit is cleared, its diamonds refilled N, E, S, W from the deck)."""
    state = GAME.new(1)
    assert {name: len(state.pile(name)) for name in LIMITS} == dict.fromkeys(LIMITS, 0)
    # The centre takes any card, alternating suits: four cards, then the fifth clears it.
    full = board(HIGH, "AD 2D 3D 4D 5D", "6S 9C", "8S 8C", piles={"C": "AS AC 2S 2C"})
    assert len(full.pile("C")) == LIMITS["C"] - 1
    after = full.apply("6S>C")
    assert after.pile("C") == ()
    assert codes(after.diamonds) == ["AD", "2D", "3D", "4D"]
    # An inner pile clears at 4: N and E (the diamonds it touches) are refilled, in order.
    inner = board(HIGH, "AD 2D 3D", "KC 9C", "9S 8C", piles={"NE": "AS AC KS"})
    after = inner.apply("KC>NE")
    assert after.pile("NE") == ()
    assert codes(after.diamonds) == ["AD", "2D", "JD", "TD"]
    assert codes(after.diamond_deck) == ["3D"]


def test_moves_are_plays_replaces_and_clears_written_as_text():
    """black-diamond.moves: CARD>PILE, 'replace POS', 'clear PILE', and the JSON form."""
    assert GAME.parse_move("7S>NE") == Play(parse_card("7S"), "NE")
    assert GAME.parse_move("replace N") == Replace("N")
    assert GAME.parse_move("clear C") == Clear("C")
    state = GAME.new(3)
    for move in state.legal_moves():
        assert GAME.parse_move(str(move)) == move


def test_stuck_per_card_allows_a_replace_while_the_other_card_fits():
    """black-diamond.stuck-per-card: 5S fits nowhere but 2C fits the centre: only the
    variant lets the player replace a diamond now."""
    layout = (HIGH, "AD 2D", "5S 2C", "6C 8C")
    plain = board(*layout, piles={"C": "2S"})
    per_card = board(*layout, piles={"C": "2S"}, stuck_per_card=True)
    assert Replace("N") not in plain.legal_moves()
    assert Replace("N") in per_card.legal_moves()
    assert Play(parse_card("2C"), "C") in per_card.legal_moves()
