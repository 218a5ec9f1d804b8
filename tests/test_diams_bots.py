"""Diam's bots: the card counter, whose odds of a drilling and a sale follow the cards a seat
has seen (its drills hit where the beginner's blind guess, the last opponent's pure 10,
almost always missed), and the table's first bot, the card counter checked in imagined
tables, whose estimates the coach charts."""

from __future__ import annotations

import math

import pytest

from cardlib import games
from cardlib.bots import reseeded
from cardlib.diams import cards as c
from cardlib.diams import moves as m
from cardlib.diams.bots import (
    CountingBot,
    RuleOfThumbBot,
    SamplingBot,
    drill_odds,
    sale_odds,
    unseen,
)

GAME = games.get("diams")
ALL_BUT_FOURS = [code for d in (2, 3, 5, 6, 7, 8, 10) for code in [str(d)] * 5 + [f"{d}*"]]


def only_fours_unseen():
    """Ann (to play, holding the drill and a 1) has seen every diamond but the 4s: six
    copies are hidden, three of them in Ben's safe."""
    state = GAME.from_position({
        "hands": [["drill", "1"], ["9"]],
        "safes": [[], ["4", "4", "4"]],
        "discard": ALL_BUT_FOURS + ["1"] * 4 + ["1*"] + ["9"] * 4 + ["9*"],
    }, seed=1, players=2)
    return state.apply(m.draw(to_market=False))


def test_a_drill_aims_at_the_only_digit_the_unseen_cards_can_make_and_hits():
    state = only_fours_unseen()
    view = state.view(0)
    hidden = unseen(view)
    assert all(c.of_digit(hidden, d) < 3 for d in c.DIGITS if d != 4)
    odds = {kind: drill_odds(view, 1, kind) for kind in c.DIAMONDS}
    assert all(odds[k] == 0 for k in c.DIAMONDS if c.digit_of(k) != 4), odds
    assert odds[c.kind_of(4, False)] > odds[c.kind_of(4, True)] > 0
    move = CountingBot().choose(state)
    assert move == m.drill(1, c.kind_of(4, False))
    after = state.apply(move)
    assert c.of_digit(after.safes[1], 4) == 2  # it was there: the drilling took it


def test_odds_are_chances_and_a_seat_with_nothing_gives_none():
    state = only_fours_unseen()
    view = state.view(0)
    for seat in (0, 1):
        for kind in c.DIAMONDS:
            assert 0 <= drill_odds(view, seat, kind) <= 1
    assert drill_odds(view, 0, c.kind_of(4, False)) == 0  # Ann's own safe is empty
    assert sale_odds(view, 1, 1) == (0.0, 0.0)  # every 1 is seen: Ben can hold none
    chance, expected = sale_odds(view, 1, 4)  # Ben's one card may be a hidden 4
    assert 0 < chance <= 1 and 0 < expected <= 1


def test_counted_drills_mostly_hit_where_the_rule_of_thumb_mostly_missed():
    """Twenty seeded 2-player games against the rule of thumb: the card counter drills
    often and hits more than half the time."""
    drills = hits = 0
    for g in range(20):
        seat = g % 2
        bots = {seat: CountingBot(), 1 - seat: RuleOfThumbBot()}
        state = GAME.new(seed=f"paired:{g}", players=2)
        while not state.is_over:
            mover = state.to_move
            move = bots[mover].choose(state)
            if mover == seat and move.verb == m.DRILL:
                target = state.safes[move.seat]
                drills += 1
                hits += target[move.cards[0]] > 0
            state = state.apply(move)
    assert drills >= 10 and 2 * hits > drills, (drills, hits)


# --- the table's first bot: the card counter checked in imagined tables ------------------------

def counted_positions(count: int, seed: str = "first-bot"):
    """``count`` positions of one 2-player game (card counters in both seats) where the
    seat to move has a choice, spread over the round's phases."""
    counter = CountingBot()
    state, found = GAME.new(seed=seed, players=2), []
    while len(found) < count and not state.is_over:
        if len(state.legal_moves()) > 1 and len(state.history) % 7 == 0:
            found.append(state)
        state = state.apply(counter.choose(state))
    return found


def first_bot(seed):
    return games.bots(GAME)[0].make(seed)


def test_the_coach_charts_what_the_first_bot_plays():
    """Coach and bot agree: the choice the estimates mark is the move ``choose`` plays, the
    card counter's move is always weighed, and every move is weighed in the same tables."""
    positions = counted_positions(8)
    assert {s.phase for s in positions} >= {"draw", "play"}
    for state in positions:
        bot = first_bot(f"7:{state.to_move}")
        estimates = bot.estimates(state)
        assert estimates.choice == bot.choose(state)
        assert estimates.seat == state.to_move and estimates.complete
        assert estimates.of(CountingBot().choose(state)) is not None
        assert all(e.playouts == estimates.samples for e in estimates.moves)


def test_estimates_are_chips_for_the_round():
    """At 2 players a round is won (+1 chip on the other), tied (0) or lost (-1): every
    imagined table's value lies there, so every mean does."""
    for state in counted_positions(4):
        for estimate in first_bot(3).estimates(state).moves:
            assert -1 <= estimate.mean <= 1


def test_it_leaves_the_counters_move_only_for_one_the_tables_rate_higher():
    """Where the bot plays another move than the card counter, the imagined tables rated it
    higher on average; a bot that must be infinitely sure always plays the counter's move."""
    stubborn = SamplingBot(seed=5, samples=4, width=3, sure=math.inf)
    changed = 0
    for state in counted_positions(12):
        own = CountingBot().choose(state)
        assert stubborn.choose(state) == own
        estimates = SamplingBot(seed=5, samples=4, width=3).estimates(state)
        if estimates.choice != own:
            changed += 1
            assert estimates.of(estimates.choice).mean > estimates.of(own).mean
    # (no bound on ``changed``: at 4 tables it seldom is sure enough)


def test_same_seed_same_moves_and_reseeded_is_made_on_that_seed():
    state = counted_positions(3)[-1]
    made = first_bot("4:1")
    again = reseeded(first_bot("another"), "4:1")
    assert again.estimates(state) == made.estimates(state) == first_bot("4:1").estimates(state)
    assert again.choose(state) == made.choose(state)
    assert (again.samples, again.width, again.sure) == (made.samples, made.width, made.sure)
    other = [first_bot(seed).estimates(state) for seed in ("4:1", "5:1")]
    assert other[0] != other[1]  # the seed draws the imagined tables


def test_a_budget_stops_the_search_with_the_tables_so_far():
    state = counted_positions(2)[-1]
    told = []
    estimates = first_bot(1).estimates(state, progress=lambda done, total: (
        told.append((done, total)), done >= 2)[1])
    assert told == [(1, estimates.samples), (2, estimates.samples)]
    assert estimates.done == 2 and not estimates.complete
    assert estimates.choice in {e.move for e in estimates.moves}


def test_a_move_the_shortlist_leaves_out_is_weighed_when_asked_never_chosen():
    state = next(s for s in counted_positions(20) if s.phase == "play"
                 and len(s.legal_moves()) > first_bot(0).width)
    bot = first_bot(2)
    plain = bot.estimates(state)
    left_out = next(move for move in state.legal_moves() if plain.of(move) is None)
    asked = bot.estimates(state, also=(left_out,))
    assert asked.of(left_out).playouts == plain.samples
    assert asked.choice == plain.choice
    assert [e for e in asked.moves if e.move != left_out] == list(plain.moves)


def test_bad_settings_are_refused_by_name():
    with pytest.raises(ValueError, match="samples=0"):
        SamplingBot(samples=0)
    with pytest.raises(ValueError, match="sure=-1"):
        SamplingBot(sure=-1)
