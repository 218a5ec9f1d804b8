"""Diamonds rules that no other test named, each checked by its effect: scripted rounds for
the trick and the no-trick bonus, and one random game at each player count for the deal,
the dealer, the number of rounds, the crystals and the final score (read from the seats'
own views, as a player would count them)."""

from __future__ import annotations

import random

import pytest

from cardlib import games

GAME = games.get("diamonds")
ROUNDS = {2: 4, 3: 6, 4: 4, 5: 5, 6: 6}
"""diamonds.rounds, as the rule states it."""


def random_game(players: int, seed: int):
    """Every state of one random game, first to last."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed, players=players)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


@pytest.fixture(scope="module", params=[2, 3, 4, 5, 6])
def game_states(request):
    return request.param, random_game(request.param, seed=request.param)


def round_starts(states):
    """The first state of each round."""
    starts, seen = [], set()
    for state in states:
        number = state.view(0).round
        if number not in seen and not state.is_over:
            seen.add(number)
            starts.append(state)
    return starts


def test_every_round_deals_ten_cards_to_every_seat(game_states):
    """diamonds.deal: 10 cards each, at every player count, in every round."""
    players, states = game_states
    for state in round_starts(states):
        assert state.view(0).hand_sizes == (10,) * players
        for seat in range(players):
            assert state.view(seat).hand_bits.bit_count() == 10


def test_the_deal_passes_to_the_left_and_the_game_lasts_its_rounds(game_states):
    """diamonds.dealer (each round the next seat deals) and diamonds.rounds (4, 6, 4, 5, 6
    rounds at 2 to 6 players): counted as a player would, one tally per round."""
    players, states = game_states
    dealers = [state.view(0).dealer for state in round_starts(states)]
    assert len(dealers) == ROUNDS[players] == len(states[-1].tallies())
    assert all(b == (a + 1) % players for a, b in zip(dealers, dealers[1:], strict=False))


def test_the_first_dealer_is_drawn_from_the_seed():
    """diamonds.dealer: the first dealer is chosen at random from the game's seed."""
    firsts = {GAME.new(seed=seed, players=4).view(0).dealer for seed in range(20)}
    assert len(firsts) > 1
    assert GAME.new(seed=7, players=4).view(0).dealer == GAME.new(seed=7, players=4).view(0).dealer


@pytest.mark.parametrize("players", [2, 4, 6])
def test_everyone_starts_with_three_points_in_the_showroom_and_an_empty_vault(players):
    """diamonds.crystals.setup: the showrooms (open to all) hold 3 each, every vault 0."""
    state = GAME.new(seed=1, players=players)
    for seat in range(players):
        view = state.view(seat)
        assert view.showroom == (3,) * players and view.vault == 0


def test_the_final_score_is_the_vault_twice_and_the_showroom(game_states):
    """diamonds.score and diamonds.tie-break, read from each seat's own view at the end."""
    players, states = game_states
    end = states[-1]
    views = [end.view(seat) for seat in range(players)]
    scores = [2 * views[s].vault + views[s].showroom[s] for s in range(players)]
    assert end.scores() == scores
    best = max(scores)
    tied = [s for s in range(players) if scores[s] == best]
    most_vault = max(views[s].vault for s in tied)
    verdict = end.verdict()
    assert set(verdict.winners) == {s for s in tied if views[s].vault == most_vault}
    assert verdict.rule == "diamonds.tie-break"


def test_ties_on_points_are_broken_by_the_vault():
    """diamonds.tie-break: among random 3-player games, one ends tied on points and the
    seat with more in its vault wins alone."""
    for seed in range(40):
        end = random_game(3, seed)[-1]
        scores = end.scores()
        best = [s for s in range(3) if scores[s] == max(scores)]
        vaults = [end.view(s).vault for s in best]
        if len(best) > 1 and len(set(vaults)) == len(vaults):
            assert end.verdict().winners == (best[vaults.index(max(vaults))],)
            return
    pytest.fail("no random game tied on points with different vaults")


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_leads_next():
    """diamonds.trick.winner: Ben's 9♥ beats Ann's 2♥, and Ben leads; on Ben's 3♠ Ann's
    higher 5♥ is of another suit and takes nothing.  The winner takes the suit action of
    the suit led (♠: a point from showroom to vault)."""
    state = GAME.from_hands(["2H 5H 4C", "9H 3S 6C"], pass_cards=False, dealer=1)
    assert state.to_move == 0
    state = state.apply("2H").apply("9H")
    assert state.to_move == 1
    state = state.apply("3S").apply("5H")
    assert state.to_move == 1, "an off-suit card never takes the trick"
    assert any("Ben ♠ (took the trick)" in event for event in state.events_seen_by(1))


def test_a_seat_that_took_no_trick_takes_two_diamond_actions():
    """diamonds.round.no-tricks: Ann took no trick in the round: two ♦ actions, each a
    point from the supply into her vault; Ben, who took both tricks, gets none."""
    state = GAME.from_hands(["2H 5H", "9H 3S"], pass_cards=False, dealer=1)
    for move in ("2H", "9H", "3S", "5H"):
        state = state.apply(move)
    assert state.view(0).vault == 2
    bonus = [e for e in state.events_seen_by(0) if "took no trick" in e]
    assert len(bonus) == 2 and all(e.startswith("Ann ♦") for e in bonus)
    # When both seats take a trick, nobody gets the bonus.
    shared = GAME.from_hands(["2H 5S", "9H 3S"], pass_cards=False, dealer=1)
    for move in ("2H", "9H", "3S", "5S"):
        shared = shared.apply(move)
    assert not [e for e in shared.events_seen_by(0) if "took no trick" in e]


def test_the_deck_is_sixty_cards_numbered_1_to_15_in_four_suits():
    """diamonds.deck: at six players the whole deck is dealt: 60 different cards, 1 to 15
    in each of ♦ ♥ ♠ ♣."""
    state = GAME.new(seed=3, players=6)
    dealt = [card for seat in range(6)
             for card in state.layout.cards(state.view(seat).hand_bits)]
    assert len(dealt) == len(set(dealt)) == 60
    assert {(card.rank, card.suit) for card in dealt} == {
        (rank, suit) for rank in range(1, 16) for suit in "DHSC"}
