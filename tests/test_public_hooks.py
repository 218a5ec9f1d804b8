"""The game author's public hooks (issue 30 §2): what the protocol and the trick kit
promise a new game, each checked on the games that use it."""

from __future__ import annotations

import pickle

import pytest

from cardlib import games
from cardlib.options import Option, options_record
from cardlib.protocol import Game

Options = options_record("pickled", (Option("target", 5, "points to win"),),
                         player_counts=(2, 3))
"""A record made without ``module=``: it names this module as its home by itself."""


def test_an_options_record_pickles_without_naming_its_module():
    assert Options.__module__ == __name__
    record = Options(players=3, target=7)
    assert pickle.loads(pickle.dumps(record)) == record


@pytest.mark.parametrize("name", ["hearts", "diamonds", "cruce"])
def test_the_games_records_and_states_pickle(name):
    state = games.get(name).new(seed=2)
    state = state.apply(state.legal_moves()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.options == state.options and again.history == state.history
    assert again.legal_moves() == state.legal_moves()


def test_a_game_without_hands_refuses_from_hands_by_name():
    with pytest.raises(NotImplementedError, match="Black Diamond.*no from_hands"):
        games.get("black-diamond").from_hands([])
    assert type(games.get("hearts")).from_hands is not Game.from_hands


def test_quick_options_default_to_none_and_cruce_declares_its_hand_limit():
    assert dict(games.get("hearts").quick_options) == {}
    assert dict(games.get("cruce").quick_options) == {"hand_limit": 2}
    for name in games.names():  # every declared quick option is an option of the game
        game = games.get(name)
        game.make_options(**game.quick_options)


@pytest.mark.parametrize("name", ["hearts", "diamonds", "cruce"])
def test_the_trick_won_says_when_the_hand_is_over(name):
    """``card_played``'s trick won says ``hand_over`` exactly on the trick that empties
    every hand, the last of the hand."""
    game = games.get(name)
    state = game.new(seed=5, players=game.usual_players)
    seen = []
    while not state.results and not state.is_over:
        if state.phase == "play" and state.to_move is not None:
            move = state.legal_moves()[0]
            bit = getattr(move, "bit", None)
            if bit is not None and state.hands[state.to_move] >> bit & 1:
                _, won = state.card_played(bit)
                if won is not None:
                    seen.append((won.hand_over, not any(state.hands[s] for s in
                                                        range(state.players)
                                                        if s != state.to_move)
                                 and state.hands[state.to_move] == 1 << bit))
        state = state.apply(state.legal_moves()[0])
    assert seen and seen[-1][0] and all(over == empty for over, empty in seen)


@pytest.mark.parametrize(("name", "players"), [("hearts", 4), ("diamonds", 3), ("diamonds", 5)])
def test_passed_cards_change_hands_all_at_once_to_passes_to(name, players):
    """``card_passed`` puts a card aside (nobody holds it) and ``exchanged`` gives every
    seat's passed cards to ``passes_to(seat)`` once all have chosen."""
    state = games.get(name).new(seed=8, players=players)
    if state.phase == "announce":
        state = state.apply(state.legal_moves()[-1])  # Diamonds: the dealer announces 3
    dealt = state.hands
    while state.phase == "pass":
        seat, move = state.to_move, state.legal_moves()[0]
        hands, passed = state.card_passed(move.bit)
        assert hands[seat] == state.hands[seat] & ~(1 << move.bit)
        assert passed[seat] == state.passed[seat] | 1 << move.bit
        before = state
        state = state.apply(move)
    received = [0] * players
    for seat in range(players):
        received[before.passes_to(seat)] |= state.passed[seat]
    assert state.hands == tuple((dealt[s] & ~state.passed[s]) | received[s]
                                for s in range(players))
