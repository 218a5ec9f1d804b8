"""The toy trick game (tests/toytricks.py): the kit and its layer make a whole game of a
bid, partners and several hands at 2 to 6 seats.

Random games and Monte Carlo games at 3 and 6 seats are played to the end with the
invariants checked on every move; the toy's own rules (deal, bid, partners, scoring, end)
on scripted hands; and what a seat knows (and the deals it imagines from it) against the
real hands at every seat count.
"""

from __future__ import annotations

import random

import pytest
from toytricks import (
    BIDS,
    DECK,
    GAME,
    LAYOUT,
    RANKS,
    Bid,
    Play,
    hand_size,
    knowledge,
    monte_carlo_bot,
)

from cardlib.bots import RandomBot, play_out
from cardlib.cards import parse_card
from cardlib.protocol import BadMoveText, IllegalMove


def strongest_of_led_suit(cards):
    """The card that takes a trick without trumps, by the rule as a player states it."""
    led = cards[0].suit
    return max((c for c in cards if c.suit == led), key=lambda c: RANKS.index(c.rank))


def check_position(state):
    """Invariants of any position before the end."""
    players = state.players
    legal = state.legal_moves()
    assert legal and legal == sorted(legal)
    assert set(legal) <= set(state.candidate_moves())
    for move in state.candidate_moves():
        why = state.explain(move)
        assert why.legal == (move in legal)
        if not why.legal:
            assert why.rule == ("toy.bid" if state.phase == "bid" else "trick.follow-suit")
    if state.phase == "bid":
        return
    # Every dealt card is in exactly one place: a hand, the table, or a trick taken.
    places = [*state.hands, sum(1 << b for b in state.trick), *state.taken]
    assert sum(p.bit_count() for p in places) == hand_size(players) * players
    union = 0
    for cards in places:
        assert union & cards == 0
        union |= cards
    assert state.to_move == (state.leader + len(state.trick)) % players


def check_finished(state):
    players = state.players
    assert state.is_over and state.to_move is None and state.legal_moves() == []
    assert len(state.tallies()) == len(state.results) == state.options.deals
    for result in state.results:
        assert sum(result.tricks) == hand_size(players)
    assert len(state.tricks) == hand_size(players)  # the last hand's tricks
    for trick in state.tricks:
        best = strongest_of_led_suit(trick.cards)
        winner = trick.seat_of(trick.cards.index(best))
        assert state.taken[winner] & LAYOUT.mask(trick.cards) == LAYOUT.mask(trick.cards)
    # Each trick after the first was led by the winner of the one before.
    for before, after in zip(state.tricks, state.tricks[1:], strict=False):
        assert after.leader == before.seat_of(before.cards.index(
            strongest_of_led_suit(before.cards)))


@pytest.mark.parametrize("players", [3, 6])
def test_random_bots_play_to_the_end(players):
    for seed in range(8):
        state = GAME.new(seed=seed, players=players)
        assert [h.bit_count() for h in state.hands] == [hand_size(players)] * players
        bots = {seat: RandomBot(f"{seed}:{seat}") for seat in range(players)}
        while not state.is_over:
            if state.phase == "play":
                check_position(state)
            before = (state.hands, state.trick, state.taken, state.history)
            after = state.apply(bots[state.to_move].choose(state))
            assert (state.hands, state.trick, state.taken, state.history) == before
            assert after.history[:-1] == state.history
            state = after
        check_finished(state)
        again = GAME.load(GAME.save(state))
        assert again.history == state.history and again.taken == state.taken


@pytest.mark.parametrize("players", [3, 6])
def test_the_monte_carlo_bot_plays_to_the_end(players):
    bots = {seat: RandomBot(seat) for seat in range(players)}
    bots[0] = monte_carlo_bot(seed=1, playouts=24)
    state = GAME.new(seed=5, players=players)
    finished = play_out(state, bots)
    check_finished(finished)
    # Seeded: the same bot seed replays the same game.
    bots[0] = monte_carlo_bot(seed=1, playouts=24)
    bots.update({seat: RandomBot(seat) for seat in range(1, players)})
    assert play_out(state, bots).history == finished.history


def test_a_scripted_scene_follows_suit_and_hands_on_the_lead():
    """trick.follow-suit, trick.won.led-suit and toy.turn on a scene of the play."""
    state = GAME.from_hands(["KH TH", "QH 9C", "JH TC"], leader=1, deals=1)
    assert state.players == 3 and state.to_move == 1
    state = state.apply("QH").apply("JH")
    refused = state.explain("9C")
    assert not refused and refused.rule == "toy.turn"  # seat 0 is to move, not seat 1
    assert state.explain("KH").rule == "trick.follow-suit"
    with pytest.raises(IllegalMove):
        state.apply("AS")
    after = state.apply("KH")  # seat 0 takes the trick and leads the next
    assert after.to_move == after.leader == 0 and after.trick == ()
    assert after.tricks[-1].cards == (parse_card("QH"), parse_card("JH"), parse_card("KH"))
    end = after.apply("TH").apply("9C").apply("TC")
    assert end.is_over and end.scores() == [2, 0, 0]  # toy.score.made: no contract
    assert GAME.load(GAME.save(end)).scores() == [2, 0, 0]


@pytest.mark.parametrize("hands, leader, problem", [
    (["KH TH", "QH"], 0, "one size"),
    (["KH TH", "KH 9C"], 0, "KH"),
    (["KH 2C", "QH 9C"], 0, "2C"),
    (["KH"], 0, "2, 3, 4, 5 or 6 hands"),
    (["KH", "QH"], 2, "leader"),
])
def test_a_bad_scripted_deal_says_what_is_wrong(hands, leader, problem):
    with pytest.raises(ValueError, match=problem):
        GAME.from_hands(hands, leader=leader)


def test_moves_are_interned_and_parse_back():
    for card in DECK:
        move = Play(card)
        assert move is Play(card.code) and GAME.parse_move(str(move)) is move
    assert sorted(Play(c) for c in DECK)[0] is Play("9C")
    for bid in BIDS:
        assert GAME.parse_move(str(bid)) is bid is Bid(bid.tricks)
    assert GAME.parse_move("bid2") is Bid(2) and GAME.parse_move("pass") is Bid(0)
    with pytest.raises(BadMoveText, match="2C"):
        GAME.parse_move("2C")
    with pytest.raises(BadMoveText, match="bid 7"):
        GAME.parse_move("bid 7")


def test_a_view_hides_the_other_hands():
    state = GAME.new(seed=3, players=4)
    view = state.view(2)
    assert view.hand_bits == state.hands[2] and view.hand_sizes == (6, 6, 6, 6)
    rng = random.Random(0)
    twin = GAME.from_hands([[c.code for c in LAYOUT.cards(h)] for h in
                            knowledge(view).sample(rng)], seed=3)
    assert twin.view(2) == view
    with pytest.raises(ValueError, match="seat"):
        state.view(4)


# --- knowledge and the imagined deals ---------------------------------------------------------

def positions(players, seed):
    """Every position of one random game."""
    state = GAME.new(seed=seed, players=players)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state = state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_imagined_deal_fits_what_the_seat_knows(players):
    rng = random.Random(players)
    for state in positions(players, seed=players):
        seat = state.to_move
        know = knowledge(state.view(seat))
        seen = sum(LAYOUT.mask(t.cards) for t in state.tricks) | sum(1 << b for b in state.trick)
        assert know.seen == seen
        for s in range(players):  # what it knows is true of the real hands
            assert state.hands[s] & ~know.possible[s] == 0
            for suit in know.voids[s]:
                assert state.hands[s] & LAYOUT.suit_mask[suit] == 0
        for _ in range(3):
            guess = know.sample(rng)
            assert guess[seat] == state.hands[seat]
            assert [g.bit_count() for g in guess] == [h.bit_count() for h in state.hands]
            union = 0
            for s, cards in enumerate(guess):
                assert union & cards == 0 and cards & seen == 0
                assert cards & ~know.possible[s] == 0
                assert cards & know.certain[s] == know.certain[s]
                for suit in know.voids[s]:
                    assert cards & LAYOUT.suit_mask[suit] == 0
                union |= cards


def test_a_seat_that_does_not_follow_shows_a_void():
    state = GAME.from_hands(["AS KS", "QS 9D", "9H TH"], leader=0).apply("AS").apply("QS")
    state = state.apply("9H")  # seat 2 has no spade
    know = knowledge(state.view(0))
    assert know.voids == ("", "", "S")
    assert know.possible[2] & LAYOUT.suit_mask["S"] == 0
    assert know.possible[1] & LAYOUT.suit_mask["S"]  # seat 1 followed: it may hold spades


# --- the toy's own rules: deal, bid, partners, score, end -------------------------------------

def test_each_hand_is_dealt_from_the_dealers_left():
    """toy.deal: 24 // players cards each, at most 6; hand n is dealt by seat n, so seat
    n + 1 bids first; later hands are new deals from the seed."""
    state = GAME.new(seed=1, players=5)
    assert [h.bit_count() for h in state.hands] == [4] * 5 and state.to_move == 1
    first = state.hands
    while state.view(0).hand_number == 0:
        state = state.apply(state.legal_moves()[0])
    assert state.to_move == 2 and state.hands != first


def test_bids_rise_once_round_the_table_and_the_high_bidder_leads():
    """toy.bid: pass or bid more than the bid before, at most a hand's size."""
    state = GAME.from_hands(["9C TC JC", "9D TD JD", "9H TH JH"], seed=0)
    assert state.phase == "bid" and state.to_move == 1
    assert state.legal_moves() == [Bid(0), Bid(1), Bid(2), Bid(3)]
    state = state.apply("bid 2")
    refused = state.explain("bid 2")
    assert not refused and refused.rule == "toy.bid"
    assert state.explain("9H").rule == "toy.bid"  # no card during the bidding
    state = state.apply("pass").apply("pass")
    assert state.phase == "play" and state.declarer == state.to_move == state.leader == 1


def test_partners_share_a_score_at_four_and_six():
    """toy.partners: seats alternate into two sides at 4 and 6 seats."""
    assert GAME.new(players=4).teams == ((0, 2), (1, 3))
    assert GAME.new(players=6).teams == ((0, 2, 4), (1, 3, 5))
    assert GAME.new(players=5).teams == tuple((s,) for s in range(5))
    end = play_out(GAME.new(seed=2, players=4), {s: RandomBot(s) for s in range(4)})
    scores = end.scores()
    assert scores[0] == scores[2] and scores[1] == scores[3]


# Ben bids 2 and takes one trick: Ann's A♣ and A♦ win the first two, Ben's A♥ the last.
CONTRACT = ["AC AD 9H", "9C 9D AH", "TC TD TH"]


@pytest.mark.parametrize(("bid", "scored"), [("bid 1", [2, 1, 0]), ("bid 2", [2, -2, 0])])
def test_a_failed_contract_scores_minus_the_bid(bid, scored):
    """toy.score.made and toy.score.failed: Ben takes one trick; bidding 1 he scores it,
    bidding 2 he scores −2; the others score their tricks either way."""
    state = GAME.from_hands(CONTRACT, deals=1).apply(bid).apply("pass").apply("pass")
    assert state.to_move == 1  # Ben leads; Ann takes both minor aces
    for move in ("9C", "TC", "AC", "AD", "9D", "TD", "9H", "AH", "TH"):
        state = state.apply(move)
    assert state.is_over and state.view(0).results[-1].tricks == (2, 1, 0)
    assert state.scores() == scored


def test_the_game_lasts_its_deals_and_the_highest_total_wins():
    """toy.game.end: option deals hands, then the highest total wins."""
    for deals in (1, 2):
        end = play_out(GAME.new(seed=4, players=3, deals=deals),
                       {s: RandomBot(s) for s in range(3)})
        assert len(end.tallies()) == deals and end.is_over
        best = max(end.scores())
        assert set(end.verdict().winners) == {s for s in range(3) if end.scores()[s] == best}
