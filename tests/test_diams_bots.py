"""The card-counting Diam's bot: its odds of a drilling and a sale follow the cards a seat
has seen, and its drills hit where the beginner's blind guess (the last opponent's pure 10)
almost always missed."""

from __future__ import annotations

from cardlib import games
from cardlib.diams import cards as c
from cardlib.diams import moves as m
from cardlib.diams.bots import CountingBot, RuleOfThumbBot, drill_odds, sale_odds, unseen

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
