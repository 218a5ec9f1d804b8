"""The shared bots of cardlib.bots, above all the Monte Carlo searcher and its hooks.

The searcher is checked on the toy trick game (tests/toytricks.py), whose scenes are small
enough to know the right move by hand.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from toytricks import GAME, ToyState, imagine, knowledge, monte_carlo_bot, tricks_value

from cardlib.bots import (
    FirstMoveBot,
    MonteCarloBot,
    RandomBot,
    halving_rounds,
    play_moves,
    play_out,
)


def never(*args):
    raise AssertionError("the bot should not have searched")


def test_playouts_must_be_positive():
    with pytest.raises(ValueError, match="playouts=0"):
        MonteCarloBot(imagine, tricks_value, playouts=0)


def test_a_forced_move_is_played_without_searching():
    state = GAME.from_hands(["KH TH", "QH 9C", "JH TC"], leader=1).apply("QH")
    # Seat 2 holds one heart: it must play it.
    assert str(MonteCarloBot(never, never).choose(state)) == "JH"


def test_it_keeps_the_card_that_wins_the_trick():
    # Seat 0 plays last to Q♥ J♥.  The K♥ takes the trick and then the lead with the T♥;
    # the T♥ gives the trick (and the lead) away.  In every imagined deal K♥ is at least as
    # good, and in most it is better.
    state = GAME.from_hands(["KH TH", "QH 9C", "JH TC"], leader=1).apply("QH").apply("JH")
    assert monte_carlo_bot(seed=0, playouts=40).choose(state).card.code == "KH"


def test_the_hooks_are_called_with_the_view_and_the_finished_game():
    state = GAME.new(seed=2, players=4)
    calls = {"imagine": 0, "value": 0}

    def counting_imagine(view, rng):
        assert view == state.view(state.to_move)
        calls["imagine"] += 1
        return imagine(view, rng)

    def counting_value(view, end):
        assert end.is_over and view.seat == state.to_move
        calls["value"] += 1
        return tricks_value(view, end)

    legal = state.legal_moves()
    bot = MonteCarloBot(counting_imagine, counting_value, playouts=10)
    assert bot.choose(state) in legal
    samples = max(1, 10 // len(legal))
    assert calls == {"imagine": samples, "value": samples * len(legal)}


def test_halving_rounds_keep_the_better_half_on_equal_shares():
    assert halving_rounds(13, 100) == [(13, 2), (7, 3), (4, 6), (2, 12)]
    assert halving_rounds(4, 100) == [(4, 12), (2, 25)]
    assert halving_rounds(2, 100) == [(2, 50)]
    for moves in range(2, 30):
        plan = halving_rounds(moves, 200)
        assert plan[0][0] == moves and plan[-1][0] == 2
        assert all(later == (earlier + 1) // 2 for (earlier, _), (later, _) in pairwise(plan))
        assert all(deals >= 2 for _, deals in plan)
        assert all(alive * deals <= max(2 * alive, 200 // len(plan)) for alive, deals in plan)


def test_halving_drops_the_worse_moves_and_plays_among_the_rest():
    state = GAME.new(seed=2, players=4)
    legal = state.legal_moves()
    assert len(legal) >= 3
    tried = []

    def value(view, end):
        tried.append(end.history[len(state.history)])
        return tricks_value(view, end)

    bot = MonteCarloBot(imagine, value, playouts=60, halving=True, seed=1)
    estimates = bot.estimates(state)
    plan = halving_rounds(len(legal), 60)
    assert len(tried) == sum(alive * deals for alive, deals in plan)
    assert estimates.samples == estimates.done == sum(deals for _, deals in plan)
    counts = sorted((e.playouts for e in estimates.moves), reverse=True)
    assert counts[:2] == [estimates.samples] * 2  # the last two saw every deal
    assert estimates.of(estimates.choice).playouts == estimates.samples
    assert estimates.choice == bot.choose(state)
    # the finalists share every deal: the choice is the better of them on those deals
    finalists = [e for e in estimates.moves if e.playouts == estimates.samples]
    assert estimates.of(estimates.choice).mean == max(e.mean for e in finalists)


def test_a_horizon_stops_the_playouts_early():
    state = GAME.new(seed=2, players=4)
    ends = []

    def after_one_trick(view, now):
        return len(now.tricks) > len(state.tricks)

    def value(view, end):
        ends.append(end)
        return 0.0

    MonteCarloBot(imagine, value, horizon=after_one_trick, playouts=8).choose(state)
    assert ends and all(len(end.tricks) == 1 and not end.is_over for end in ends)


def test_it_decides_from_its_own_view_only():
    # The same position with the hidden hands dealt differently: the same choice.
    rng = random.Random(3)
    state = play_moves(GAME.new(seed=9, players=3), {s: FirstMoveBot() for s in range(3)}, 4)
    seat = state.to_move
    view = state.view(seat)
    assert len(state.legal_moves()) > 1
    for _ in range(5):
        twin = ToyState.from_view(view, knowledge(view).sample(rng))
        assert twin.view(seat) == view
        assert monte_carlo_bot(seed=4, playouts=30).choose(twin) \
            == monte_carlo_bot(seed=4, playouts=30).choose(state)


def test_play_out_reports_a_game_that_does_not_end():
    state = GAME.new(seed=1, players=2)
    bots = {s: RandomBot(s) for s in range(2)}
    with pytest.raises(RuntimeError, match="no end after 3 moves"):
        play_out(state, bots, max_moves=3)
    assert play_out(state, bots).is_over
