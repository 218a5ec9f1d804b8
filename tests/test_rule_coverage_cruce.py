"""Cruce rules that no other test named, each checked by its effect: the trick's winner and
the rank order over every trick of random hands at 2, 3 and 4 players; the scoring of each
hand (points / 33, a made bid, a failed bid scoring minus) over random hands; partners; the
stock and the auction form, the Schnapsen marriage and the end on scripted deals of
``test_cruce_game.py`` (whose comments work the numbers out by hand)."""

from __future__ import annotations

import random

import pytest
from test_cruce_game import (
    DEAL_2,
    DEAL_3,
    DEAL_4,
    MADE_3,
    NO_TRICK,
    NO_TRICK_PLAY,
    PLAY_4,
    STOCK_2,
    play,
)

from cardlib import games
from cardlib.cards import parse_cards
from cardlib.cruce.deck import LAYOUT, card_points

GAME = games.get("cruce")
ANA, BOGDAN, CRISTINA, DAN = range(4)
RANK_ORDER = (1, 10, 13, 12, 11, 9)
"""cruce.rank-order as the rule states it: A, 10, K, Q, J, 9 (strongest first)."""
FORMS = [(2, {}), (2, {"two_player_form": "auction"}), (3, {}), (4, {}), (4, {"teams": False})]


def mask(codes: str) -> int:
    return LAYOUT.mask(parse_cards(codes))


def random_hands(players: int, seed: int, hands: int = 2, **options):
    """Every state of a random game of ``hands`` hands."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed, players=players, hand_limit=hands, **options)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def strongest(cards, trump):
    """The card that takes a trick, as a player states the rule: the highest trump, else
    the highest card of the suit led, by the rank order."""
    trumps = [c for c in cards if c.suit == trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    return min(pool, key=lambda c: RANK_ORDER.index(c.rank))


@pytest.mark.parametrize(("players", "form"), FORMS)
def test_every_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(players, form):
    """cruce.trick.winner, cruce.rank-order and cruce.play.lead (the winner leads next),
    checked on every trick of random hands but the last of each hand."""
    checked = 0
    for seed in range(4):
        states = random_hands(players, seed, **form)
        for before, after in zip(states, states[1:], strict=False):
            done, now = before.view(0), after.view(0)
            if len(now.tricks) != len(done.tricks) + 1:
                continue
            trick = now.tricks[-1]
            best = strongest(trick.cards, now.trump)
            assert now.leader == trick.seat_of(trick.cards.index(best))
            if not after.is_over:  # the hand goes on: the winner leads
                assert after.to_move == now.leader
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "form"), FORMS)
def test_each_hand_scores_its_points_by_33_and_the_contract(players, form):
    """cruce.score.points (floor(points / 33)), cruce.score.made (a made bid scores all
    its game points) and cruce.score.failed (a failed bid scores minus the bid; the others
    their own points), over random hands."""
    made = failed = 0
    for seed in range(6):
        end = random_hands(players, seed, **form)[-1]
        for result in end.view(0).results:
            if result.declarer is None:
                continue
            earned = [points // 33 for points in result.points]
            side = result.declaring_side
            expected = list(earned)
            if earned[side] >= result.bid:
                made += 1
            else:
                expected[side] = -result.bid
                failed += 1
            assert list(result.scored) == expected, result
    assert failed, "random bids fail: a failed contract must have been scored"
    if players == 2:
        assert made + failed > 0


def test_a_made_bid_scores_all_its_points_unless_only_the_bid_counts():
    """cruce.score.made: Ana bids 2 and takes 160 points: 4 game points, or 2 with
    made_bid='bid'."""
    all_points = play(play(GAME.from_hands(DEAL_3), "bid 2 | pass | pass"), MADE_3)
    only_bid = play(play(GAME.from_hands(DEAL_3, made_bid="bid"), "bid 2 | pass | pass"),
                    MADE_3)
    assert all_points.scores()[ANA] == 160 // 33 == 4
    assert only_bid.scores()[ANA] == 2


def test_partners_pool_their_points_at_four():
    """cruce.teams: at four, Ana and Cristina against Bogdan and Dan share every total; with
    teams=False every seat plays alone."""
    state = play(play(GAME.from_hands(DEAL_4), "bid 5 | pass | pass | pass"), PLAY_4)
    assert state.teams == ((ANA, CRISTINA), (BOGDAN, DAN))
    assert state.scores()[ANA] == state.scores()[CRISTINA] > 0
    assert state.scores()[BOGDAN] == state.scores()[DAN]
    for state in random_hands(4, seed=1):
        scores = state.scores()
        assert scores[ANA] == scores[CRISTINA] and scores[BOGDAN] == scores[DAN]
    alone = GAME.new(seed=1, players=4, teams=False)
    assert alone.teams == ((0,), (1,), (2,), (3,))


def test_at_two_the_trick_winner_draws_first_from_the_stock():
    """cruce.stock.draw: Ana takes the first trick and draws the stock's top card (K♣),
    then Bogdan the next (J♦); the stock shrinks by two."""
    state = play(GAME.from_hands(DEAL_2, STOCK_2), "bid 4 | pass | KH announce")
    assert state.view(BOGDAN).stock_size == 8
    state = state.apply("TS")
    top, second = (mask(code) for code in ("KC", "JD"))
    assert state.view(ANA).hand_bits & top and state.view(BOGDAN).hand_bits & second
    assert state.view(BOGDAN).stock_size == 6


def test_the_auction_form_gives_the_declarer_four_cards_and_kills_four():
    """cruce.stock.auction: after the bidding Ana (the declarer) takes the stock's top four
    cards unseen by Bogdan; the other four are dead, counted for nobody, so the tricks hold
    120 minus their points; nobody draws afterwards."""
    state = play(GAME.from_hands(DEAL_2, STOCK_2, two_player_form="auction"), "bid 2 | pass")
    ana, bogdan = state.view(ANA), state.view(BOGDAN)
    took = mask("KC JD QC 9D")
    assert ana.hand_bits & took == took and ana.hand_sizes == (12, 8)
    assert bogdan.hand_bits == mask(DEAL_2[1]) and bogdan.dead_size == 4
    assert bogdan.stock_size == 0
    rng = random.Random(0)
    while not state.view(0).results:
        state = state.apply(rng.choice(state.legal_moves()))
    result = state.view(0).results[-1]
    dead = mask("AS JC AD 9C")
    assert sum(result.card_points) == 120 - card_points(dead)


@pytest.mark.parametrize(("needs_trick", "marriage"), [(False, 40), (True, 0)])
def test_a_marriage_counts_only_with_a_trick_under_the_schnapsen_rule(needs_trick, marriage):
    """cruce.marriage.needs-trick: Ana announces 40 but takes no trick: it counts only
    without the option."""
    state = play(GAME.from_hands(NO_TRICK, marriage_needs_trick=needs_trick),
                 "bid 1 | pass | pass")
    state = play(state, NO_TRICK_PLAY)
    assert state.view(0).results[-1].marriage_points[ANA] == marriage
    assert (state.scores()[ANA] > 0) == (marriage > 0)


@pytest.mark.parametrize(("target", "totals", "over"), [
    (21, (17, 0, 0), True),      # 17 + 4 = 21: the target reached
    (21, (16, 0, 0), False),     # 20: play on
    (11, (7, 0, 0), True),       # option target=11
    (21, (17, 21, 0), False),    # 21 and 21: a tie for the highest plays on
])
def test_the_game_ends_after_a_hand_that_reaches_the_target(target, totals, over):
    """cruce.game.end: Ana's made bid of 2 scores 4 game points."""
    state = play(GAME.from_hands(DEAL_3, totals=totals, target=target), "bid 2 | pass | pass")
    state = play(state, MADE_3)
    assert state.is_over == over
    if over:
        assert state.verdict().winners == (ANA,)


def test_a_hand_limit_ends_the_game_whatever_the_totals():
    """cruce.game.end, option hand_limit: after that many hands the highest total wins."""
    state = play(GAME.from_hands(DEAL_3, hand_limit=1), "bid 2 | pass | pass")
    state = play(state, MADE_3)
    assert state.is_over and state.scores() == [4, 0, 0]
    assert state.verdict().winners == (ANA,)


@pytest.mark.parametrize(("players", "each", "stock"), [(4, 6, 0), (3, 8, 0), (2, 8, 8)])
def test_the_deal_and_the_deck(players, each, stock):
    """cruce.deck (24 cards, 9 to A in four suits, 120 points) and cruce.deal (6 each at
    four, 8 each at three, 8 each and a stock of 8 at two; the deal passes left)."""
    states = random_hands(players, seed=players)
    first = states[0]
    views = [first.view(seat) for seat in range(players)]
    assert [v.hand_bits.bit_count() for v in views] == [each] * players
    assert views[0].stock_size == stock
    dealt = sum(v.hand_bits for v in views)
    if players == 4:
        cards_dealt = first.layout.cards(dealt)
        assert {(c.rank, c.suit) for c in cards_dealt} == {
            (rank, suit) for rank in RANK_ORDER for suit in "HDSC"} and len(cards_dealt) == 24
        assert card_points(dealt) == 120
    dealers = []
    for state in states:
        if not state.is_over and state.view(0).dealer not in dealers[-1:]:
            dealers.append(state.view(0).dealer)
    assert dealers == [(dealers[0] + k) % players for k in range(len(dealers))]
    assert len(dealers) == 2
