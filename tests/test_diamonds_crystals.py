"""Diamonds' crystals, suit actions, end-of-round majorities and scoring, without any play.

Each expected value is worked out by hand from the rules (spec/diamonds.md §1.4 to §1.8):
the four effects, the actions that do nothing and the rule they name, the order and the
ties of the end-of-round actions, the tie-break and the seed's worked example.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib.diamonds.crystals import BOX_POINTS, Crystals, SuitAction, perform
from cardlib.diamonds.deck import SEATS
from cardlib.diamonds.round_end import majority, round_end


def act(crystals, seat, suit, victim=None, moment="trick"):
    return perform(crystals, SuitAction(seat, suit, moment), victim)


def test_setup_puts_three_in_every_showroom_and_counts_the_finite_supply():
    assert Crystals.setup(4) == Crystals((0, 0, 0, 0), (3, 3, 3, 3), None)
    assert Crystals.setup(6, finite_supply=True).supply == BOX_POINTS - 18 == 217


def test_each_suit_moves_one_point_where_the_rules_say():
    start = Crystals.given(vault=(2, 0, 1), showroom=(1, 4, 0), supply=10)
    after, done = act(start, 0, "D")
    assert (after.vault, after.showroom, after.supply) == ((3, 0, 1), (1, 4, 0), 9)
    assert done.moved and done.rule == "diamonds.action.diamond"
    after, done = act(start, 2, "H")
    assert (after.vault, after.showroom, after.supply) == ((2, 0, 1), (1, 4, 1), 9)
    assert done.rule == "diamonds.action.heart"
    after, done = act(start, 1, "S")
    assert (after.vault, after.showroom, after.supply) == ((2, 1, 1), (1, 3, 0), 10)
    assert done.rule == "diamonds.action.spade"
    after, done = act(start, 0, "C", victim=1)
    assert (after.vault, after.showroom, after.supply) == ((2, 0, 1), (2, 3, 0), 10)
    assert done.victim == 1 and done.rule == "diamonds.action.club"


def test_spade_with_an_empty_showroom_does_nothing_and_says_why():
    start = Crystals.given(vault=(5, 0), showroom=(0, 3))
    after, done = act(start, 0, "S")
    assert after == start and not done.moved
    assert done.rule == "diamonds.action.spade-empty"
    assert "showroom is empty" in done.text(SEATS)


def test_club_offers_only_other_seats_with_showroom_points():
    crystals = Crystals.given(vault=(0, 0, 0, 0), showroom=(2, 0, 1, 3))
    assert crystals.victims(0) == (2, 3)
    assert crystals.victims(3) == (0, 2)
    with pytest.raises(ValueError, match=r"cannot rob 1"):   # Ben's showroom is empty
        act(crystals, 0, "C", victim=1)
    with pytest.raises(ValueError, match=r"cannot rob 0"):   # never your own showroom
        act(crystals, 0, "C", victim=0)


def test_club_with_nobody_to_rob_does_nothing_and_says_why():
    start = Crystals.given(vault=(0, 7, 1), showroom=(4, 0, 0))
    after, done = act(start, 0, "C")
    assert after == start and not done.moved
    assert done.rule == "diamonds.action.club-no-victim"
    assert "every other showroom is empty" in done.text(SEATS)


def test_an_empty_finite_supply_gives_nothing():
    start = Crystals.given(vault=(0, 0), showroom=(3, 3), supply=0)
    for suit in "DH":
        after, done = act(start, 1, suit)
        assert after == start and done.rule == "diamonds.supply"


def test_the_unlimited_supply_never_runs_out():
    crystals = Crystals.setup(2)
    for _ in range(300):
        crystals, done = act(crystals, 0, "D")
        assert done.moved
    assert crystals.vault == (300, 0) and crystals.supply is None


@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from("DHSC"), st.integers(0, 3)),
                max_size=80),
       st.booleans())
def test_actions_keep_every_point_and_never_go_negative(steps, finite):
    crystals = Crystals.setup(4, finite_supply=finite)
    drawn = 0
    for seat, suit, pick in steps:
        victims = crystals.victims(seat)
        victim = victims[pick % len(victims)] if suit == "C" and victims else None
        crystals, done = act(crystals, seat, suit, victim)
        drawn += done.moved and suit in "DH"
        assert min(crystals.vault + crystals.showroom) >= 0
    assert crystals.on_table() == 12 + drawn
    if finite:
        assert crystals.on_table() + crystals.supply == BOX_POINTS


def test_action_words_name_the_seat_the_suit_and_the_moment():
    start = Crystals.given(vault=(0, 0, 0), showroom=(3, 3, 3))
    _, done = act(start, 1, "C", victim=2, moment="off-suit")
    assert done.text(SEATS) == ("Ben ♣ (could not follow suit): 1 point from Cat's "
                                "showroom into Ben's")
    _, done = act(start, 0, "D", moment="no-tricks")
    assert done.text(SEATS) == ("Ann ♦ (took no trick this round): 1 point from the supply "
                                "into Ann's vault")


def test_bad_crystals_are_refused_by_name():
    with pytest.raises(ValueError, match="vault"):
        Crystals.given(vault=(-1, 0), showroom=(3, 3))
    with pytest.raises(ValueError, match="one of each per seat"):
        Crystals.given(vault=(0, 0, 0), showroom=(3, 3))
    with pytest.raises(ValueError, match="supply"):
        Crystals.given(vault=(0, 0), showroom=(3, 3), supply=-2)


# --- the end of a round --------------------------------------------------------------------

def test_majority_is_the_one_seat_with_most_and_a_tie_gives_nobody():
    assert majority([3, 5, 1]) == 1
    assert majority([4, 4, 1]) is None
    assert majority([0, 0, 0]) is None        # a suit nobody took: everyone ties on 0
    assert majority([0, 1, 0]) == 1


def test_round_end_actions_come_in_suit_order_then_the_no_trick_bonus():
    # counts[seat] = (♦, ♥, ♠, ♣) taken.  Ann: most ♣; Ben and Cat tie on ♦; Ben most ♥;
    # nobody took a ♠; Dan took nothing at all.
    counts = [(1, 0, 0, 6), (4, 3, 0, 1), (4, 1, 0, 0), (0, 0, 0, 0)]
    end = round_end(counts, dealer=0)
    assert end.majorities == (None, 1, None, 0)
    assert end.no_tricks == (3,)
    assert [(a.seat, a.suit, a.moment) for a in end.actions] == [
        (1, "H", "majority"), (0, "C", "majority"), (3, "D", "no-tricks"),
        (3, "D", "no-tricks")]


def test_no_trick_bonus_goes_round_from_the_dealers_left():
    counts = [(0, 0, 0, 0), (5, 5, 5, 5), (0, 0, 0, 0)]
    assert round_end(counts, dealer=0).no_tricks == (2, 0)
    assert round_end(counts, dealer=2).no_tricks == (0, 2)


# --- scoring ---------------------------------------------------------------------------------

def test_the_seeds_worked_example_scores_47():
    # "21 puntos … en su bóveda y 5 … en su sala de exposición. Su puntuación final es de 47"
    crystals = Crystals.given(vault=(21, 0), showroom=(5, 0))
    assert crystals.score(0) == 47 == 2 * 21 + 5


def test_tie_break_by_vault_then_shared():
    # Ann 2*10+4 = 24, Ben 2*11+2 = 24, Cat 2*9+5 = 23: Ann and Ben tie, Ben's vault wins.
    assert Crystals.given(vault=(10, 11, 9), showroom=(4, 2, 5)).winners() == (1,)
    # Same score and same vault: the win is shared.
    assert Crystals.given(vault=(10, 10, 9), showroom=(4, 4, 5)).winners() == (0, 1)
    assert Crystals.given(vault=(0, 12), showroom=(30, 0)).winners() == (0,)
