"""Cruce's rules that need no cards in play: options, the pack, the deal, the auction, scoring.

Each test states one rule of ``shared/spec/cruce.md`` and checks the engine's pieces
against numbers worked out by hand (the CruceGame scoring example of spec §4.7, the deal
sizes of §4.3).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from cardlib.cards import hungarian_deck
from cardlib.cruce.bidding import allowed_bids, check_bid, declarer_of, high_bid, next_bidder
from cardlib.cruce.deal import HAND_SIZE, checked_deal, dealer_of, seeded_deal
from cardlib.cruce.deck import (
    DECK_POINTS,
    FULL,
    LAYOUT,
    MARRIAGE,
    POINTS,
    RANK_ORDER,
    SUITS,
    card_points,
    cards_of,
)
from cardlib.cruce.rules import RULES, Options, highest_bid
from cardlib.cruce.scoring import (
    MOST_MARRIAGE_POINTS,
    HandResult,
    bid_needs,
    marriage_value,
    score_hand,
    sides_of,
    winner,
)


def options(**given):
    return Options.from_given(given)


# --- options --------------------------------------------------------------------------------

def test_player_counts_and_usual_count():
    assert Options.player_counts == (2, 3, 4)
    assert options().players == 4


@pytest.mark.parametrize(("name", "bad"), [
    ("target", 20), ("max_bid", 7), ("max_bid", "six"), ("must_head", 1),
    ("failed_bid", "none"), ("all_pass", "pass"), ("trump", "named"), ("players", 5),
    ("two_player_form", "draw"), ("two_player_form", True),
])
def test_bad_option_values_are_refused_by_name(name, bad):
    with pytest.raises(ValueError) as err:
        options(**{name: bad})
    assert name in str(err.value)


def test_highest_bid_is_four_alone_and_five_for_partners():
    assert highest_bid(options(players=2)) == 4
    assert highest_bid(options(players=3)) == 4
    assert highest_bid(options(players=4)) == 5
    assert highest_bid(options(players=4, teams=False)) == 4
    assert highest_bid(options(players=2, max_bid=6)) == 6


def test_every_option_is_named_in_a_rule():
    texts = " ".join(rule.text for rule in RULES.values())
    for option in Options.declared[1:]:
        assert option.name in texts, f"no rule mentions option {option.name}"


# --- the pack ---------------------------------------------------------------------------------

def test_the_pack_is_24_cards_worth_120_points():
    deck = hungarian_deck()
    assert len(deck) == len(set(deck)) == 24
    assert sum(POINTS[card.rank] for card in deck) == 120 == DECK_POINTS
    assert card_points(FULL) == 120 and len(cards_of(FULL)) == 24


def test_rank_follows_points():
    """A > 10 > K > Q > J > 9, which is the order of their points."""
    assert list(RANK_ORDER) == sorted(POINTS, key=POINTS.get)
    assert [POINTS[r] for r in RANK_ORDER] == [0, 2, 3, 4, 10, 11]


def test_card_points_count_any_set():
    assert card_points(MARRIAGE["H"]) == 7
    assert card_points(LAYOUT.mask([c for c in hungarian_deck() if c.rank == 1])) == 44
    assert card_points(0) == 0


# --- the deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_sizes_and_stock(players):
    deal = seeded_deal(7, 0, players)
    assert [hand.bit_count() for hand in deal.dealt] == [HAND_SIZE[players]] * players
    assert len(deal.stock) == (8 if players == 2 else 0)
    everything = 0
    for hand in deal.dealt:
        assert not everything & hand
        everything |= hand
    for bit in deal.stock:
        assert not everything >> bit & 1
        everything |= 1 << bit
    assert everything == FULL


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_left_and_the_dealers_left_bids_first(players):
    dealers = [dealer_of(n, players) for n in range(players + 1)]
    assert dealers[0] == players - 1
    assert dealers[1:] == [(d + 1) % players for d in dealers[:-1]]
    assert seeded_deal(1, 0, players).first_bidder == 0
    assert seeded_deal(1, 1, players).first_bidder == 1


def test_same_seed_same_deal_and_hands_differ():
    assert seeded_deal("x", 2, 3) == seeded_deal("x", 2, 3)
    assert seeded_deal("x", 2, 3).dealt != seeded_deal("x", 3, 3).dealt


def test_scripted_deals_name_the_mistake():
    good = ["AH TH KH QH JH 9H", "AD TD KD QD JD 9D", "AS TS KS QS JS 9S",
            "AC TC KC QC JC 9C"]
    assert checked_deal(good, "", 0).dealt[0] == LAYOUT.mask(cards_of(0x3F))
    with pytest.raises(ValueError, match="AH is dealt twice"):
        checked_deal([good[0], good[0].replace("9H", "9D").replace("AH", "AH"), *good[2:]],
                     "", 0)
    with pytest.raises(ValueError, match="Bogdan has 5 cards"):
        checked_deal([good[0], "AD TD KD QD JD", *good[2:]], "", 0)
    with pytest.raises(ValueError, match="8S is not a card of the 24-card pack"):
        checked_deal([good[0], "AD TD KD QD JD 8S", *good[2:]], "", 0)
    with pytest.raises(ValueError, match="the stock has 0 cards"):
        checked_deal(["AH TH KH QH JH 9H AD TD", "KD QD JD 9D AS TS KS QS"], "", 0)


# --- the auction ------------------------------------------------------------------------------

def test_bids_rise_strictly_once_each():
    four = options(players=4)
    assert allowed_bids([None] * 4, 0, 3, four) == [0, 1, 2, 3, 4, 5]
    bids = [2, None, None, None]
    assert allowed_bids(bids, 1, 3, four) == [0, 3, 4, 5]
    refused = check_bid(2, bids, 1, 3, four)
    assert not refused.legal and refused.rule == "cruce.bid.higher"
    assert "not higher than the bid of 2" in refused.text
    too_high = check_bid(5, [None] * 3, 0, 2, options(players=3))
    assert not too_high.legal and too_high.rule == "cruce.bid.max"
    assert next_bidder([2, 0, None, None], 0) == 2
    assert next_bidder([2, 0, 3, 0], 0) is None
    assert next_bidder([None, None, 0], 2) == 0
    assert declarer_of([2, 0, 3, 0]) == 2 and high_bid([2, 0, 3, 0]) == 3
    assert declarer_of([0, 0, 0]) is None


def test_the_dealer_may_be_forced_to_bid_one():
    forced = options(players=3, all_pass="dealer-bids-one")
    assert allowed_bids([0, 0, None], 2, 2, forced) == [1, 2, 3, 4]
    assert check_bid(0, [0, 0, None], 2, 2, forced).rule == "cruce.bid.all-pass"
    assert allowed_bids([0, 1, None], 2, 2, forced)[0] == 0  # someone bid: pass is fine
    assert allowed_bids([0, 0, None], 2, 2, options(players=3))[0] == 0


# --- scoring ----------------------------------------------------------------------------------

def test_sides():
    assert sides_of(options(players=4)) == ((0, 2), (1, 3))
    assert sides_of(options(players=4, teams=False)) == ((0,), (1,), (2,), (3,))
    assert sides_of(options(players=2)) == ((0,), (1,))


def test_the_cruce_game_example_of_the_spec():
    """Spec §4.7: at 6-8, side A bids 2 and takes 64 against 56: 4-9; then A bids 2 again
    and takes 102 against 18: 7-9."""
    four = options(players=4)
    totals = [6, 8]
    for points, expected in (((64, 56), [4, 9]), ((102, 18), [7, 9])):
        scored = score_hand(points, 0, 2, four)
        totals = [t + s for t, s in zip(totals, scored, strict=True)]
        assert totals == expected


def test_failed_and_made_bid_options():
    assert score_hand((40, 50, 30), 0, 2, options(players=3)) == (-2, 1, 0)
    assert score_hand((40, 50, 30), 0, 2,
                      options(players=3, failed_bid="seed-literal")) == (-2, 0, 0)
    assert score_hand((100, 20), 1, 2, options(players=2)) == (3, -2)
    assert score_hand((20, 100), 1, 2, options(players=2)) == (0, 3)
    assert score_hand((20, 100), 1, 2, options(players=2, made_bid="bid")) == (0, 2)
    assert score_hand((20, 100), None, 0, options(players=2)) == (0, 3)


def test_hand_result_made():
    result = HandResult(0, 1, 1, 2, "H", (20, 80), (0, 20), (0, 3), (0, 3))
    assert result.points == (20, 100) and result.made is True
    assert HandResult(0, 1, 1, 0, "H", (20, 100), (0, 0), (0, 3), (0, 3)).made is None


def test_the_end_of_the_game():
    plain = options(players=3)
    assert winner((20, 5, 3), 9, plain) is None
    assert winner((21, 5, 3), 9, plain) == 0
    assert winner((22, 23, 3), 9, plain) == 1
    assert winner((22, 22, 3), 9, plain) is None  # tied at the top: another hand
    two = options(players=3, end_rule="lead-by-two")
    assert winner((22, 21, 3), 9, two) is None and winner((23, 21, 3), 9, two) == 0
    assert winner((11, 0, 0), 9, options(players=3, target=11)) == 0
    short = options(players=3, hand_limit=2)
    assert winner((-3, 1, -2), 1, short) is None
    assert winner((-3, 1, -2), 2, short) == 1
    assert winner((-3, 1, 1), 2, short) is None


# --- what a bid asks of the marriages (issue 29 §13) ------------------------------------------

def _best_marriage_sets(short: int) -> tuple[int, bool] | None:
    """By brute force over every trump suit and every set of suits a side may have married:
    the fewest marriages worth ``short`` points, and whether every such set of that size
    holds trump's marriage (None when no set is worth that much)."""
    found: dict[int, set[bool]] = {}
    for trump in SUITS:
        for count in range(len(SUITS) + 1):
            for married in combinations(SUITS, count):
                if sum(marriage_value(suit, trump) for suit in married) >= short:
                    found.setdefault(count, set()).add(trump in married)
    if not found:
        return None
    fewest = min(found)
    return fewest, found[fewest] == {True}


def test_what_each_bid_needs_is_the_arithmetic_of_120_and_the_marriages():
    """Bid 4 (132) needs a marriage; 5 (165) at least 45 marriage points, two marriages with
    trump's (or three plain); 6 (198) at least 78, three with trump's; 7 (231) never, as a
    side takes at most 120 + 100 = 220."""
    assert MOST_MARRIAGE_POINTS == 100
    expected = {1: (0, 0, False), 2: (0, 0, False), 3: (0, 0, False), 4: (12, 1, False),
                5: (45, 2, True), 6: (78, 3, True), 7: (111, None, False)}
    for bid, (short, fewest, trump) in expected.items():
        needs = bid_needs(bid)
        assert needs.points == 33 * bid and needs.card_points == DECK_POINTS
        assert needs.from_marriages == short and needs.fewest_marriages == fewest, bid
        assert needs.trump_marriage_needed is trump and needs.possible is (bid < 7)
        brute = _best_marriage_sets(short) if short else (0, False)
        assert (needs.fewest_marriages, needs.trump_marriage_needed) == (brute or (None, False))
    assert bid_needs(5).ways == ((2, True), (3, False))
    assert bid_needs(6).ways == ((3, True),)
    assert "two marriages, trump's among them (40 + 20 = 60)" in bid_needs(5).text
    assert "three plain marriages (20 + 20 + 20 = 60)" in bid_needs(5).text
    assert "at least 45 from marriages" in bid_needs(5).text
    assert "three marriages, trump's among them (40 + 20 + 20 = 80)" in bid_needs(6).text
    assert "with at least 118 card points" in bid_needs(6).text
    assert "never made" in bid_needs(7).text and "220" in bid_needs(7).text
    assert "cards alone" in bid_needs(3).text
    # fewer card points in play (the auction form's dead cards): more from marriages
    assert bid_needs(4, card_points=96).from_marriages == 36


def test_the_teams_option_calls_neither_four_player_form_non_standard():
    """Issue 29 §11: the seed plays four each for himself too (its tournament), so the
    option's doc and the players rule cite it and call both forms standard."""
    teams = next(o for o in Options.declared if o.name == "teams")
    assert "non-standard" not in teams.doc and "standard" in teams.doc
    assert "fiecare pentru el" in teams.doc
    players = RULES["cruce.players"]
    assert "each plays for himself" in players.text and "teams=False" in players.text
    for phrase in ("ceilalți trei jucători", "fiecare pentru el", "o pereche de participanți"):
        assert phrase in players.source
