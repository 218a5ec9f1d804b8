"""Diamonds' bots: the rules of thumb in scripted positions, and the Monte Carlo searcher.

Each position's expected choice follows from the bot's written rules (see the docstring of
``RuleOfThumbBot``), worked out in the comments.  The searcher is checked for what it may
know (only the view), for the deals it imagines, and for playing whole games.
"""

from __future__ import annotations

import random

import pytest

from cardlib import games
from cardlib.bots import play_out
from cardlib.cards import parse_cards
from cardlib.diamonds import Play, Rob
from cardlib.diamonds.bots import (
    MonteCarloBot,
    RuleOfThumbBot,
    action_worth,
    announce_count,
    imagine_deal,
    knowledge,
)
from cardlib.diamonds.deck import LAYOUT

GAME = games.get("diamonds")
ANN, BEN, CAT, DAN = range(4)
THUMB = RuleOfThumbBot()


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


def void_in_hearts(**options):
    # Ann leads 9♥; Ben has no heart and chooses which suit's action to earn.
    start = GAME.from_hands(["9H 10H 11H", "2C 3D 4S", "5H 6H 7H"], dealer=CAT,
                            pass_cards=False, **options)
    return start.apply("9H")


def test_void_throws_the_suit_whose_action_is_worth_most():
    state = void_in_hearts()
    view = state.view(BEN)
    assert [action_worth(view, s) for s in "DHSC"] == [2.0, 1.0, 1.0, 1.5]
    assert THUMB.choose(state) == Play("3D")          # ♦: 2 points into the vault


def test_with_the_supply_empty_the_club_is_worth_most():
    state = void_in_hearts(finite_supply=True, supply=0)
    assert THUMB.choose(state) == Play("2C")          # ♦ and ♥ would draw nothing


def test_last_to_play_takes_a_worthwhile_trick_with_the_lowest_winner():
    # Ann 9♦, Ben 5♦; Cat, last, holds 4♦ 10♦ 14♦: the ♦ action is worth 2, so take the
    # trick, with the 10♦ (the 14♦ is kept for later).
    state = GAME.from_hands(["9D 1S 2H", "5D 2S 3H", "4D 10D 14D"], dealer=CAT,
                            pass_cards=False)
    assert THUMB.choose(play(state, "9D", "5D")) == Play("10D")


def test_after_five_tricks_without_one_it_loses_on_purpose():
    # Ann takes five ♦ tricks; Cat has taken none.  Trick 6: Ann 4♥, Ben 5♥, and Cat, last,
    # could win with 9♥ but ducks with 1♥ for the two ♦ actions of a player without a trick.
    state = GAME.from_hands(["15D 14D 13D 12D 11D 3H 4H", "1D 2D 3D 4D 5D 5H 6H",
                             "6D 7D 8D 9D 10D 1H 9H"], dealer=CAT, pass_cards=False)
    for ann, ben, cat in zip(("15D", "14D", "13D", "12D", "11D"), "1D 2D 3D 4D 5D".split(),
                             "6D 7D 8D 9D 10D".split(), strict=True):
        state = play(state, ann, ben, cat)
    state = play(state, "4H", "5H")
    assert state.to_move == CAT and not state.taken[CAT]
    assert THUMB.choose(state) == Play("1H")


def test_it_robs_the_biggest_showroom():
    state = GAME.from_hands(["9H", "2C", "3H", "4H"], dealer=DAN, showroom=(3, 0, 5, 2),
                            pass_cards=False)
    state = play(state, "9H", "2C")
    assert state.phase == "rob" and THUMB.choose(state) == Rob(CAT)


def test_the_dealer_passes_more_cards_the_more_low_cards_it_holds():
    assert announce_count(parse_cards("1D 2D 3H 5S 9C 10C", numeric=True)) == 3
    assert announce_count(parse_cards("1D 2D 9H 10S", numeric=True)) == 2
    assert announce_count(parse_cards("7D 12D 9H 10S", numeric=True)) == 1


def test_bots_see_only_the_view():
    # Cat's hidden cards differ; Ben's view, and so both bots' choices, are the same.
    a = GAME.from_hands(["9H 10H 11H", "2C 3D 4S", "5H 6H 7H"], dealer=CAT, pass_cards=False)
    b = GAME.from_hands(["9H 10H 11H", "2C 3D 4S", "5S 6S 7S"], dealer=CAT, pass_cards=False)
    a, b = a.apply("9H"), b.apply("9H")
    assert a.view(BEN) == b.view(BEN)
    assert THUMB.choose(a) == THUMB.choose(b)
    assert MonteCarloBot(seed=1, playouts=12).choose(a) == \
        MonteCarloBot(seed=1, playouts=12).choose(b)


# --- the Monte Carlo bot ------------------------------------------------------------------------

def test_imagined_deals_fit_what_the_seat_knows():
    state = GAME.new(seed=11, players=5).apply("announce 2")
    while state.phase == "pass":
        state = state.apply(state.legal_moves()[0])
    rng = random.Random(0)
    while len(state.tricks) < 4:
        state = state.apply(rng.choice(state.legal_moves()))
    seat = state.to_move
    view = state.view(seat)
    known = knowledge(view)
    passed_on = view.passed_bits & ~(known.seen)
    for _ in range(30):
        world = imagine_deal(view, rng)
        assert world.hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
        assert world.hands[view.passed_to] & passed_on == passed_on
        for other, voids in enumerate(known.voids):
            for suit in voids:
                assert not world.hands[other] & LAYOUT.suit_mask[suit]
        assert world.crystals.showroom == state.crystals.showroom
        assert world.crystals.vault[seat] == state.crystals.vault[seat]
        assert sum(world.crystals.vault) == sum(state.crystals.vault)
        assert world.legal_moves() == state.legal_moves()


def test_the_searcher_chooses_a_victim_too():
    state = GAME.from_hands(["9H 1D", "2C 3C", "3H 5D", "4H 6D"], dealer=DAN,
                            showroom=(3, 0, 5, 2), pass_cards=False)
    state = play(state, "9H", "2C")
    choice = MonteCarloBot(seed=0, playouts=12).choose(state)
    assert choice in state.legal_moves() and isinstance(choice, Rob)


def test_the_searcher_is_seeded():
    state = GAME.new(seed=4, players=3)
    state = play_out_to_play(state)
    first = MonteCarloBot(seed=7, playouts=20).choose(state)
    assert all(MonteCarloBot(seed=7, playouts=20).choose(state) == first for _ in range(2))


def play_out_to_play(state):
    while state.phase != "play":
        state = state.apply(THUMB.choose(state))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 6])
def test_a_searcher_plays_whole_games_among_rule_of_thumb_bots(players):
    bots = {seat: RuleOfThumbBot() for seat in range(players)}
    bots[1] = MonteCarloBot(seed=players, playouts=4)
    end = play_out(GAME.new(seed=players, players=players), bots)
    assert end.is_over and len(end.results) == GAME.new(players=players).rounds
