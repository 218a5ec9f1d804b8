"""Cruce's bots: the rule-of-thumb count and play, what a seat can infer, Monte Carlo games.

The deals are those of ``test_cruce_game`` (worked out there trick by trick).
"""

from __future__ import annotations

import random

import pytest
from test_cruce_game import DEAL_3, DEAL_4, FAILED_3, STOCK_2, auction, conserved, play

from cardlib import games
from cardlib.bots import RandomBot, play_out
from cardlib.cards import parse_cards
from cardlib.cruce import Announce, Bid, Give, Play
from cardlib.cruce.bots import (
    Knowledge,
    MonteCarloBot,
    RuleOfThumbBot,
    bid_for,
    card_to_give,
    cruce_limits,
    estimate,
    imagine_deal,
)
from cardlib.cruce.deck import LAYOUT, SUIT_MASK, bit_of
from cardlib.cruce.state import CruceState

CRUCE = games.get("cruce")
ANA, BOGDAN, CRISTINA, DAN = range(4)
THUMB = RuleOfThumbBot()


# --- the rule-of-thumb count -----------------------------------------------------------------

def test_the_count_of_a_hand():
    """Ana's A♥ 10♥ K♥ Q♥ J♥ 9♥ A♦ 10♦ at three players: two aces at 11 + 4·2 = 19 each
    (38), two tens guarded by their aces (20), the heart marriage as trump (40), six hearts
    for trump (+20): 118 points, a bid of 3."""
    guess = estimate(parse_cards(DEAL_3[0]), 3, partner=False)
    assert guess.trump == "H" and guess.points == 38 + 20 + 40 + 20 and guess.bid == 3
    assert any("marriage in hearts: 40" in r for r in guess.reasons)
    with_partner = estimate(parse_cards(DEAL_3[0]), 4, partner=True)
    assert with_partner.points == 2 * (11 + 12) + 20 + 40 + 20 + 20


def test_the_bidder_bids_the_count_and_minds_its_partner():
    state = CRUCE.from_hands(DEAL_3)
    assert bid_for(state.view(ANA))[0] == 3 and THUMB.choose(state) == Bid(3)
    four = CRUCE.from_hands(DEAL_4)
    bid, why = bid_for(four.view(ANA))
    assert bid >= 1 and "counts" in why
    after = play(four, f"bid {bid} | pass")
    partner_bid, reason = bid_for(after.view(CRISTINA))
    alone = estimate(after.view(CRISTINA).hand, 4, partner=False).bid
    assert partner_bid == (alone if alone > bid else 0)
    if partner_bid == 0:
        assert "partner holds the bid" in reason


def test_the_first_lead_announces_the_best_marriage():
    state = play(CRUCE.from_hands(DEAL_3), "bid 3 | pass | pass")
    move = THUMB.choose(state)
    assert isinstance(move, Announce) and move.card.suit == "H"


def test_a_partner_holding_the_trick_gets_points():
    """Hand 2 (Ana deals, Bogdan bids first and leads 9♠: spades are trump).  Cristina
    takes the lead with A♠, Dan follows; Ana, last and without spades, gives her partner
    her most valuable card, the A♥; an opponent's trick gets her cheapest card."""
    deal = ["AH TH 9D JD 9C JC", "9S KH QH KD QD KC", "AS TS KS QS JH 9H",
            "JS AD TD AC TC QC"]
    state = play(CRUCE.from_hands(deal, hand_number=1), "bid 1 | pass | pass | pass")
    assert THUMB.choose(play(state, "9S | AS | JS")) == Play("AH")
    # Led K♦ (diamonds trump) and Dan's A♦ holding: Ana follows with her cheapest, 9♦
    assert THUMB.choose(play(state, "KD | 9H | AD")) == Play("9D")


# --- what a seat can infer -------------------------------------------------------------------

def test_a_marriage_shown_is_known_and_voids_count():
    state = play(CRUCE.from_hands(DEAL_3), "pass | bid 4 | pass | KD announce | 9C | AD")
    view = state.view(ANA)
    known = Knowledge.of(view)
    assert known.certain[BOGDAN] & bit_of("QD")  # the partner card of his marriage
    assert "D" in known.voids[CRISTINA]  # she did not follow diamonds
    rng = random.Random(3)
    for _ in range(20):
        world = imagine_deal(view, rng)
        assert world.hands[ANA] == view.hand_bits
        assert world.hands[BOGDAN] & bit_of("QD")
        assert not world.hands[CRISTINA] & SUIT_MASK["D"]
        assert [h.bit_count() for h in world.hands] == list(view.hand_sizes)


def test_not_trumping_tells_a_seat_has_no_trump():
    """In the failed-bid hand Cristina discards J♣ on Ana's A♥ (trick 2): hearts and
    diamonds (trump) are both gone from her hand."""
    moves = FAILED_3.strip().splitlines()
    state = play(CRUCE.from_hands(DEAL_3), "pass | bid 4 | pass\n" + "\n".join(moves[:2]))
    limits = cruce_limits(state.view(BOGDAN))
    assert not limits[CRISTINA] & SUIT_MASK["D"]
    assert limits[ANA] == LAYOUT.full  # Ana followed or led every time


def test_must_head_tells_a_seat_holds_nothing_higher():
    start = "bid 5 | pass | pass | pass | KH announce | JH"
    state = play(CRUCE.from_hands(DEAL_4, must_head=True), start)
    limits = cruce_limits(state.view(DAN))
    assert not limits[BOGDAN] & (bit_of("AH") | bit_of("TH"))  # J♥ did not beat K♥
    plain = play(CRUCE.from_hands(DEAL_4), start)
    assert cruce_limits(plain.view(DAN))[BOGDAN] == LAYOUT.full


def test_training_mode_reads_no_void_and_no_duty():
    """In training mode any card may go, so not following shows nothing."""
    moves = FAILED_3.strip().splitlines()
    state = play(CRUCE.from_hands(DEAL_3, training=True),
                 "pass | bid 4 | pass\n" + "\n".join(moves[:2]))
    view = state.view(BOGDAN)
    assert Knowledge.of(view).voids == ("", "", "")
    assert cruce_limits(view) == [LAYOUT.full] * 3


def test_no_void_is_read_while_the_stock_lasts():
    deal = ["KH QH AH TH KS QS KD QD", "TS TD AC TC JH 9H JS 9S"]
    state = play(CRUCE.from_hands(deal, STOCK_2), "bid 4 | pass | KH announce | TS")
    view = state.view(ANA)
    assert Knowledge.of(view).voids[BOGDAN] == ""  # 10♠ on K♥ shows nothing
    world = imagine_deal(view, random.Random(0))
    assert len(world.stock) == 6 and world.hands[ANA] == view.hand_bits
    unseen = LAYOUT.full & ~view.hand_bits & ~(view.taken_bits[0] | view.taken_bits[1])
    stock = 0
    for bit in world.stock:
        stock |= 1 << bit
    assert stock | world.hands[BOGDAN] == unseen and not stock & world.hands[BOGDAN]


def test_the_declarer_gives_the_cheapest_cards_and_keeps_trumps_and_marriages():
    """Ana holds all four marriages after taking K♣ J♦ Q♣ 9♦; hearts (four cards, 28
    points) would be trump.  The cards that are no heart and in no marriage: J♦ and 9♦;
    the cheapest first."""
    state = auction("bid 2 | pass")
    card, why = card_to_give(state.view(ANA))
    assert card.code == "9D" and "breaks no marriage" in why and "hearts" in why
    assert THUMB.choose(state) is Give("9D")
    state = state.apply(Give("9D"))
    assert THUMB.choose(state) is Give("JD")
    deal = ["KH QH KS QS KD QD AC TC", "AH TH JH 9H AS TS JS 9S"]
    clubs = play(CRUCE.from_hands(deal, "KC QC JC 9C AD TD JD 9D", two_player_form="auction"),
                 "bid 1 | pass")  # Ana takes K♣ Q♣ J♣ 9♣: four marriages, six clubs
    card, why = card_to_give(clubs.view(ANA))  # nothing but trumps-to-be and marriages
    assert card.code == "9C" and "breaks no marriage" in why and "clubs" in why


def test_auction_form_guesses_keep_the_given_cards_and_leave_four_dead():
    """Ana gave 9♦ and J♦: she knows Bogdan holds them; the dead cards nobody knows, so
    each guess puts four of the hidden cards out of play, and never in her hand."""
    state = auction("bid 2 | pass | give 9D | give JD | KH announce")
    given = bit_of("9D") | bit_of("JD")
    for seat in (ANA, BOGDAN):
        view = state.view(seat)
        known = Knowledge.of(view)
        if seat == ANA:
            assert known.certain[BOGDAN] == given
        rng = random.Random(seat)
        for _ in range(30):
            world = imagine_deal(view, rng)
            assert world.hands[seat] == view.hand_bits and conserved(world)
            assert world.dead.bit_count() == 4 and world.stock == ()
            assert not world.dead & (view.hand_bits | view.given_bits)
            assert world.hands[BOGDAN] & given == given & ~view.taken_bits[ANA]
    with pytest.raises(ValueError, match="4 cards are dead, not 0"):
        CruceState.from_view(state.view(ANA), state.hands)


def test_a_guess_must_keep_the_seats_own_hand():
    state = play(CRUCE.from_hands(DEAL_3), "bid 2 | pass | pass")
    view = state.view(ANA)
    with pytest.raises(ValueError, match="own hand"):
        CruceState.from_view(view, (0, *state.hands[1:]))


# --- bots play whole games from their view only ----------------------------------------------

def test_the_monte_carlo_bot_decides_from_its_view_only():
    """Two deals that look the same from Ana's seat (Bogdan and Cristina swap hands)
    give the same choice."""
    one = play(CRUCE.from_hands(DEAL_3), "bid 2 | pass | pass")
    other = play(CRUCE.from_hands([DEAL_3[0], DEAL_3[2], DEAL_3[1]]), "bid 2 | pass | pass")
    assert one.view(ANA) == other.view(ANA)
    assert MonteCarloBot(seed=1, playouts=40).choose(one) == \
        MonteCarloBot(seed=1, playouts=40).choose(other)


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {}), (4, {}), (2, {"two_player_form": "auction"})])
def test_bots_play_games_to_the_end(players, options):
    def game():
        bots = {0: MonteCarloBot(seed=players, playouts=12), 1: THUMB,
                **{seat: RandomBot(seat) for seat in range(2, players)}}
        return play_out(CRUCE.new(seed=players, players=players, hand_limit=1, **options),
                        bots)

    end = game()
    assert end.is_over and len(end.results) >= 1
    assert game().history == end.history  # seeded: the same game again
    if options:  # the Monte Carlo bot declares, takes and gives, or receives
        assert sum(isinstance(m, Give) for m in end.history) == 2 * len(end.results)
