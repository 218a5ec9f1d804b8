"""The toy trick game (tests/toytricks.py): the trick kit makes a whole game at 2 to 6 seats.

Random games and Monte Carlo games at 3 and 6 seats are played to the end with the
invariants checked on every move, and what a seat knows (and the deals it imagines from
it) is checked against the real hands at every seat count.
"""

from __future__ import annotations

import random

import pytest
from toytricks import DECK, GAME, LAYOUT, RANKS, Play, hand_size, knowledge, monte_carlo_bot

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
            assert why.rule == "trick.follow-suit"
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
    assert sum(state.scores()) == len(state.tricks) == hand_size(players)
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
    state = GAME.from_hands(["KH TH", "QH 9C", "JH TC"], leader=1)
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
    assert after.scores() == [1, 0, 0]
    end = after.apply("TH").apply("9C").apply("TC")
    assert end.is_over and end.scores() == [2, 0, 0]
    assert GAME.load(GAME.save(end)).scores() == [2, 0, 0]


@pytest.mark.parametrize("hands, leader, problem", [
    (["KH TH", "QH"], 0, "one size"),
    (["KH TH", "KH 9C"], 0, "KH"),
    (["KH 2C", "QH 9C"], 0, "2C"),
    (["KH"], 0, "players"),
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
    with pytest.raises(BadMoveText, match="2C"):
        GAME.parse_move("2C")


def test_a_view_hides_the_other_hands():
    state = GAME.new(seed=3, players=4)
    view = state.view(2)
    assert view.hand_bits == state.hands[2] and view.hand_sizes == (6, 6, 6, 6)
    rng = random.Random(0)
    twin = GAME.from_hands([[c.code for c in LAYOUT.cards(h)] for h in
                            knowledge(view).sample(rng)], leader=0)
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
