"""The rule of thumb on bit sets, and the Monte Carlo bot's quick playouts built on it.

``RuleOfThumbBot`` plays by :func:`~cardlib.hearts.bots.thumb_bit`, bit arithmetic that
the quick playouts (:func:`~cardlib.hearts.bots.thumb_points`) share.  Here it is checked
against the rules as the class states them, written plainly on cards (``by_the_book``),
and the quick playouts against the bot playing every seat through the game's own states,
card for card, in positions from many games under several option sets.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cardlib.bots import RandomBot
from cardlib.cards import Card
from cardlib.hearts import Hearts
from cardlib.hearts.bots import (
    MOON_ALERT,
    MonteCarloBot,
    RuleOfThumbBot,
    moon_runner,
    thumb_points,
)
from cardlib.hearts.deck import TRICKS

GAME = Hearts()
OPTION_SETS = [
    {},
    {"qs_breaks_hearts": True, "jd_bonus": True, "moon": "shooter-choice"},
    {"no_pts_on_first_trick": False, "must_break_hearts": False,
     "avoid_all_tricks_bonus": True},
    {"can_lead_any_club": True, "can_lead_hearts_instead_of_qs": True,
     "first_trick_void": "heart-not-queen", "moon": "shooter-choice"},
]
THUMB = RuleOfThumbBot()
WATCH = RuleOfThumbBot(moon_watch=True)


def strength(card: Card) -> int:
    return TRICKS.rank_order.index(card.rank)


def by_the_book(hand: list[Card], table: list[Card], played: list[Card],
                legal: list[Card]) -> tuple[Card, str]:
    """The rule of thumb's card, as its docstring says it, and which rule chose it."""
    queen = Card(12, "S")
    high_spades = [Card(1, "S"), Card(13, "S"), queen]
    if not table:
        safe = [c for c in legal if c not in high_spades] or legal
        low = min(strength(c) for c in safe)
        lows = [c for c in safe if strength(c) == low]
        return next((c for c in lows if c.suit != "H"), lows[0]), "lead low"
    led = table[0].suit
    if all(c.suit != led for c in legal):
        queen_out = queen not in played and queen not in hand
        for rule, cards in (("dump the Q♠", [c for c in legal if c == queen]),
                            ("dump a high spade",
                             [c for c in legal if queen_out and c in high_spades[:2]]),
                            ("dump a heart", [c for c in legal if c.suit == "H"]),
                            ("dump the highest", legal)):
            if cards:
                top = max(strength(c) for c in cards)
                return next(c for c in cards if strength(c) == top), rule
    winning = max((c for c in table if c.suit == led), key=strength)
    ducks = [c for c in legal if strength(c) < strength(winning)]
    if ducks:
        return max(ducks, key=strength), "duck"
    not_queen = [c for c in legal if c != queen] or legal
    if len(table) == 3:
        return max(not_queen, key=strength), "last: play high"
    return min(not_queen, key=strength), "play low"


def runner_by_the_book(taken: list[list[Card]]) -> int:
    """The seat running for the moon as the moon watch's docstring says it (-1: none)."""
    queen = Card(12, "S")
    takers = [seat for seat, cards in enumerate(taken)
              if any(c.suit == "H" or c == queen for c in cards)]
    if len(takers) != 1:
        return -1
    cards = taken[takers[0]]
    worth = sum(c.suit == "H" for c in cards) + 2 * (queen in cards)
    return takers[0] if worth >= MOON_ALERT else -1


def watch_by_the_book(table: list[Card], legal: list[Card],
                      runner: int) -> tuple[Card, str] | None:
    """The moon watch's card, as ``RuleOfThumbBot``'s docstring says it, for a seat playing
    ``len(table)``-th to the trick when the runner plays ``runner``-th (None: the usual
    rules decide)."""
    queen = Card(12, "S")
    order = "CDSH"  # equal strengths: clubs, diamonds, spades, hearts

    def pick(cards: list[Card], high: bool) -> Card:
        best = (max if high else min)(strength(c) for c in cards)
        return min((c for c in cards if strength(c) == best), key=lambda c: order.index(c.suit))

    led = table[0].suit if table else None
    winning = max((c for c in table if c.suit == led), key=strength) if table else None
    beaters = [c for c in legal if c.suit == led and strength(c) > strength(winning)] \
        if table else []
    if runner == len(table):
        if not table:
            return pick(legal, high=True), "run: lead high"
        if legal[0].suit == led:
            if beaters:
                return pick(legal, high=True), "run: win high"
            return pick(legal, high=False), "run: keep the high cards"
        safe = [c for c in legal if c.suit != "H" and c != queen] or legal
        return pick(safe, high=False), "run: discard low"
    if not table:
        return None
    winner = table.index(winning)
    if winner != runner and runner < len(table):  # the runner has played and is beaten
        return None
    if legal[0].suit == led:
        points = led == "H" or any(c.suit == "H" or c == queen for c in table)
        if not points or (runner < len(table) and not beaters):
            return None
        return pick([c for c in legal if c != queen] or legal, high=True), "spoil: take it"
    safe = [c for c in legal if c.suit != "H" and c != queen]
    return (pick(safe, high=True), "spoil: no point to the runner") if safe else None


def positions(games: int = 120):
    """Play positions (and their option set) from seeded games: the rule of thumb passes,
    then random and rule-of-thumb cards to a random depth."""
    for options in OPTION_SETS:
        for seed in range(games):
            rng = random.Random(seed)
            state = GAME.new(seed, **options)
            while state.phase == "pass":
                state = state.apply(THUMB.choose(state))
            mixed = RandomBot(seed)
            for _ in range(rng.randrange(52)):
                if state.phase != "play":
                    break
                state = state.apply((mixed if rng.random() < 0.5 else THUMB).choose(state))
            if state.phase == "play":
                yield options, state


def book_card(state) -> tuple[Card, str]:
    """``by_the_book``'s card for the seat to move at ``state``, read from its view."""
    view = state.view(state.to_move)
    return by_the_book(list(view.hand), list(view.trick.cards),
                       list(state.layout.cards(view.played_bits)),
                       [move.card for move in state.legal_moves()])


def test_the_bit_rules_play_the_card_the_rules_name():
    rules = Counter()
    for _options, state in positions():
        card, rule = book_card(state)
        assert THUMB.choose(state).card == card, (state, rule)
        rules[rule] += 1
    # Every rule was the deciding one somewhere, so each was checked.
    assert set(rules) == {"lead low", "dump the Q♠", "dump a high spade", "dump a heart",
                          "dump the highest", "duck", "last: play high", "play low"}, rules


def watched_positions():
    """Play positions in which one seat runs for the moon: from seeded games in which the
    rule of thumb with the moon watch plays, the seed's first seat taking every trick it
    can while its run lasts (so that runs start often)."""
    for options in OPTION_SETS:
        for seed in range(150):
            state = GAME.new(seed, **options)
            while state.phase == "pass":
                state = state.apply(THUMB.choose(state))
            greedy = seed % 4
            while state.phase == "play":
                if moon_runner(state.taken) >= 0:
                    yield options, state
                if state.to_move == greedy and moon_runner(state.taken) in (-1, greedy):
                    move = max(state.legal_moves(), key=lambda m: strength(m.card))
                else:
                    move = WATCH.choose(state)
                state = state.apply(move)


def test_the_moon_watch_plays_the_card_its_rules_name():
    rules = Counter()
    for _options, state in watched_positions():
        seat = state.to_move
        view = state.view(seat)
        legal = [move.card for move in state.legal_moves()]
        runner = runner_by_the_book([list(state.layout.cards(bits))
                                     for bits in view.taken_bits])
        assert runner == moon_runner(view.taken_bits) >= 0
        watched = watch_by_the_book(list(view.trick.cards), legal,
                                    (runner - view.trick.leader) % 4)
        card, rule = watched or book_card(state)
        assert WATCH.choose(state).card == card, (state, rule)
        rules[rule if watched else "usual"] += 1
    assert set(rules) == {"run: lead high", "run: win high", "run: keep the high cards",
                          "run: discard low", "spoil: take it",
                          "spoil: no point to the runner", "usual"}, rules


@pytest.mark.parametrize("watch", [False, True])
def test_quick_playouts_score_what_the_rule_of_thumb_scores_card_by_card(watch):
    moons = Counter()
    bot = RuleOfThumbBot(moon_watch=watch)
    for options, state in (*positions(), *itertools.islice(watched_positions(), 0, None, 9)):
        hand = state.deal.number
        slow = state
        while slow.phase != "over" and slow.deal.number == hand:
            slow = slow.apply(bot.choose(slow))
        result = next(r for r in slow.results if r.number == hand)
        assert thumb_points(state, watch) == result.points, (options, state)
        if result.moon is not None:
            moons[options.get("moon", "add-to-others")] += 1
    assert moons["add-to-others"] and moons["shooter-choice"], moons  # both moon rules met


@pytest.mark.parametrize("seed", [3, 8])
def test_the_bot_weighs_the_same_with_and_without_the_short_cut(seed):
    state = GAME.new(seed)
    while state.phase == "pass":
        state = state.apply(THUMB.choose(state))
    checked = 0
    while state.phase == "play" and checked < 6:
        if len(state.legal_moves()) > 1:
            quick = MonteCarloBot(seed=seed, playouts=60)
            plain = MonteCarloBot(seed=seed, playouts=60, policy=RuleOfThumbBot(True))
            assert quick.quick and not plain.quick
            assert quick.estimates(state) == plain.estimates(state)
            checked += 1
        state = state.apply(THUMB.choose(state))
    assert checked == 6
