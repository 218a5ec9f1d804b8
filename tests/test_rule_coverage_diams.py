"""Diam's rules that no other test named, each checked by its effect on a scripted table
(``table`` of ``test_diams_rules.py``: the hands, safes, market and the top of the draw
pile written out) or on a fresh deal."""

from __future__ import annotations

from collections import Counter

import pytest
from test_diams_rules import cards, play, table

from cardlib import games
from cardlib.diams import cards as c

GAME = games.get("diams")
WINDOW = {2: 15, 3: 15, 4: 5, 5: 5}
"""diams.closing.placement as the rule states it: where the closing card may lie."""


def every_card(state) -> Counter:
    """Every card of the game, wherever it lies."""
    counts: Counter = Counter()
    for pile in (*state.hands, *state.safes, state.market, state.discard):
        counts.update(c.kinds_in(pile))
    counts.update(state.pile)
    return counts


def test_the_deck_holds_six_of_each_digit_one_pure_three_specials_and_the_closing_card():
    """diams.deck, with the default ruleset."""
    counts = every_card(GAME.new(seed=4, players=3))
    for digit in range(1, 11):
        assert counts[c.kind_of(digit, False)] == 5 and counts[c.kind_of(digit, True)] == 1
    assert sum(counts[kind] for kind in c.SPECIALS) == 3
    assert counts[c.CLOSING] == 1
    assert sum(counts.values()) == 10 * 6 + 3 + 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_closing_card_lies_among_the_last_cards_of_the_pile(players):
    """diams.closing.placement: among the last 15 (2, 3 players) or 5 (4, 5) cards, and
    the very last with closing='deterministic'."""
    under = {len(s.pile) - 1 - s.pile.index(c.CLOSING)
             for s in (GAME.new(seed=seed, players=players) for seed in range(120))}
    assert max(under) == WINDOW[players] - 1 and min(under) == 0
    last = GAME.new(seed=1, players=players, closing="deterministic")
    assert last.pile[-1] == c.CLOSING


def test_draw_hand_takes_the_top_card_into_the_hand():
    """diams.draw.hand: one card, the top of the pile, into your hand."""
    start = table([["7"], ["1"]], pile=["5", "6", "closing"])
    state = play(start, "draw hand")
    assert cards(state.hands[0]) == "5 7" and len(state.pile) == len(start.pile) - 1


def test_draw_market_lays_two_cards_and_a_special_goes_to_the_hand():
    """diams.draw.market: two cards onto the market; a special card among them goes to
    the hand instead, not replaced."""
    state = play(table([["7"], ["1"]], market=["2"], pile=["5", "6", "closing"]),
                 "draw market")
    assert cards(state.market) == "2 5 6" and cards(state.hands[0]) == "7"
    state = play(table([["7"], ["1"]], pile=["5", "sleight", "6", "closing"]), "draw market")
    assert cards(state.market) == "5" and cards(state.hands[0]) == "7 sleight"


def test_the_closing_card_is_set_aside_and_ends_the_round_with_the_turn():
    """diams.draw.closing and diams.round.end: drawn, it counts as a card drawn and is set
    aside; phase 2 is still played; then the round is scored and every card is shuffled
    again for the next round."""
    start = table([["7", "7", "7"], ["1"]], pile=["closing", "5", "6"])
    drawn = play(start, "draw hand")
    assert cards(drawn.hands[0]) == "7 7 7" and c.CLOSING not in drawn.pile
    assert not drawn.tallies() and drawn.to_move == 0  # phase 2 still to play
    after = play(drawn, "secure 7 7 7")
    assert len(after.tallies()) == 1 and not after.is_over
    assert all(safe == c.EMPTY for safe in after.safes)  # a new deal: safes start empty
    assert every_card(after) == every_card(GAME.new(seed=0, players=2))


def test_market_nothing_leaves_the_card_on_the_market():
    """diams.market.nothing: come back empty-handed; your card stays there."""
    state = play(table([["7", "3"], ["1"]], market=["7"]), "draw hand", "market 3 none")
    assert cards(state.market) == "3 7" and cards(state.hands[0]) == "5 7"


def test_hands_and_safes_are_private_the_market_and_discards_public():
    """diams.hidden: another seat's view does not change with what a hand or a safe holds,
    only with its size; every seat sees the market and the discard pile."""
    a = table([["7", "2"], ["1"]], safes=[["5", "5", "5"], []], market=["3", "9"])
    b = table([["8", "4"], ["1"]], safes=[["6", "6", "6"], []], market=["3", "9"])
    assert a.view(1) == b.view(1) and a.view(0) != b.view(0)
    other = table([["7", "2"], ["1"]], safes=[["5", "5", "5"], []], market=["3", "8"])
    assert other.view(1) != a.view(1), "the market is face up"
    assert cards(a.view(1).market) == "3 9"
