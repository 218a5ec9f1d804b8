"""Every pruning rule of the exact search, checked against the engine's brute-force walk.

A rule that cuts a state calls it lost without looking; that is a proof only if the rule
is sound.  Each rule's argument is in its docstring (solvers/search.py); here each is
tested on thousands of small random end games (a few black cards to play, few diamonds
left, random legal piles: the boards where the rules cut most), built like the CP-SAT
model's exactness test builds them.  The reference is a memoised walk over the engine's
``legal_moves``/``apply`` that shares no code with the search.  Black cards are often
drawn grouped by suit, since runs of one suit are what the openings bound is about.
"""

from __future__ import annotations

import random

import pytest
from brute_force import brute_force_wins
from end_games import random_piles
from hard_deals import hard_deal

from cardlib.blackdiamond import PILES, BlackDiamond, BlackDiamondState, Position
from cardlib.blackdiamond.deal import BLACK_CARDS, DIAMOND_CARDS
from solvers import search

GAME = BlackDiamond()


def small_end_game(rng: random.Random, deck_sizes: tuple[int, int] = (0, 3),
                   cards: tuple[int, int] = (2, 7)) -> Position:
    """A random end game: 2-7 black cards to play (grouped by suit half the time), 0-3
    deck diamonds, random piles under their limits with alternating suits from the cards
    left over (other ranges by the arguments)."""
    diamonds = rng.sample(DIAMOND_CARDS, len(DIAMOND_CARDS))
    deck_size = rng.randint(*deck_sizes)
    black = rng.sample(BLACK_CARDS, len(BLACK_CARDS))
    to_play = rng.randint(*cards)
    playing, spare = black[:to_play], black[to_play:]
    if rng.random() < 0.5:
        playing.sort(key=lambda card: card.suit != rng.choice("SC"))
    piles = random_piles(rng, spare)
    return Position(tuple(diamonds[:4]), tuple(diamonds[4:4 + deck_size]),
                    tuple(playing[:2]), tuple(playing[2:]), piles)


def end_games(count: int, seed: int, deck_sizes: tuple[int, int] = (0, 3),
              cards: tuple[int, int] = (2, 7), **options: bool) -> list[BlackDiamondState]:
    rng = random.Random(seed)
    return [GAME.from_position(small_end_game(rng, deck_sizes, cards), **options)
            for _ in range(count)]


def root_of(state: BlackDiamondState) -> tuple[search._Search, search.Board]:
    run = search._Search(state, time_limit=None)
    return run, run.root()


def cuts_only_losses(states) -> int:
    """How many of ``states`` the openings bound cuts, asserting each is a brute-force loss."""
    cut = 0
    for state in states:
        run, root = root_of(state)
        decklen = (root.deck.bit_length() + 3) >> 2
        if run.openings_short(root.diamonds, root.deck, root.piles, root.drawn, root.hand,
                              decklen):
            cut += 1
            assert not brute_force_wins(state), state
    return cut


class FuturesSeen(search._Search):
    """The search, noting whether the one-diamond futures were what cut a state."""

    futures_cut = False

    def one_diamond_slack(self, *args: int) -> int:
        slack = super().one_diamond_slack(*args)
        self.futures_cut = slack < 0
        return slack


def matching_cuts(states) -> tuple[int, int]:
    """How many of ``states`` the matching bound cuts, and how many of those only its
    one-diamond futures cut (the check over all futures at once let them through),
    asserting each is a brute-force loss."""
    cut = by_futures = 0
    for state in states:
        run = FuturesSeen(state, time_limit=None)
        root = run.root()
        decklen = (root.deck.bit_length() + 3) >> 2
        remaining = root.hand.bit_count() + run.n - root.drawn
        if run.room_slack(root.diamonds, root.deck, root.piles, root.drawn, root.hand,
                          remaining, decklen) >= 0:
            continue
        cut += 1
        by_futures += run.futures_cut
        assert not brute_force_wins(state), state
    return cut, by_futures


@pytest.mark.parametrize("seed", range(2))
def test_the_matching_bound_cuts_only_lost_end_games(seed):
    games = end_games(1500, 50 + seed, deck_sizes=(0, 1), cards=(4, 10))
    cut, by_futures = matching_cuts(games)
    assert cut >= 500 and by_futures >= 150  # both checks really fired


@pytest.mark.parametrize("seed", range(3))
def test_the_openings_bound_cuts_only_lost_end_games(seed):
    assert cuts_only_losses(end_games(1000, seed)) >= 20  # the rule really fired


@pytest.mark.parametrize("option", ["stuck_per_card", "replaced_under_deck", "strict_end",
                                    "arithmetic_centre"])
def test_the_openings_bound_holds_under_each_variant(option):
    assert cuts_only_losses(end_games(400, 7, **{option: True})) >= 5


@pytest.mark.parametrize("seed", range(3))
def test_the_search_agrees_with_brute_force_on_end_games(seed):
    verdicts = []
    for state in end_games(700, 100 + seed):
        expected = "win" if brute_force_wins(state) else "loss"
        result = search.solve(state)
        assert result.verdict == expected, state
        verdicts.append(expected)
    assert verdicts.count("win") > 50 and verdicts.count("loss") > 50


def test_the_matching_ceiling_is_never_below_the_matching():
    """The cheap ceiling answers "no" for the matching bound, so it must never be lower
    than the maximum matching (random graphs of values to places with room 0-3)."""
    rng = random.Random(5)
    exact_too = cuts = 0
    for _ in range(5000):
        piles_of = tuple(rng.getrandbits(9) & rng.getrandbits(9) for _ in range(14))
        values = rng.getrandbits(14) & ~1
        room = sum(rng.choice((0, 0, 1, 1, 2, 3)) << (2 * place) for place in range(9))
        matched = search.edge_matching(piles_of, values, room)
        ceiling = search.matching_ceiling(piles_of, values, room)
        assert ceiling >= matched, (piles_of, values, room)
        exact_too += ceiling == matched
        cuts += ceiling < values.bit_count()
    assert exact_too > 2500 and cuts > 1000  # tight often, and it does say no


def test_the_suit_room_counts_the_cards_each_pile_takes_suits_alternating():
    """``suit_room`` adds up a table three piles at a time; here each pile's room is
    counted slot by slot instead: the cards it takes before the one that reaches its limit
    (that one clears it), the suit after its top first, or either suit on an empty pile."""
    rng = random.Random(11)
    run, _ = root_of(end_games(1, 11)[0])
    for _ in range(2000):
        counts = [rng.randint(0, pile.limit - 1) for pile in PILES]
        tops = [rng.randint(0, 1) if count else 0 for count in counts]
        piles = sum((count | top << 3) << (4 * p)
                    for p, (count, top) in enumerate(zip(counts, tops, strict=True)))
        room = [[0] * 9, [0] * 9]
        for p, pile in enumerate(PILES):
            slots = range(pile.limit - 1 - counts[p])
            for suit in (0, 1):
                firsts = (1 - tops[p],) if counts[p] else (0, 1)
                room[suit][p] = max(sum((first + i) % 2 == suit for i in slots)
                                    for first in firsts)
        expected = (sum(room[0][p] << (2 * p) for p in range(8)),
                    sum(room[1][p] << (2 * p) for p in range(8)), room[0][8], room[1][8])
        assert run.suit_room(piles) == expected, (counts, tops)


def test_the_bounds_cut_the_same_states_in_either_order():
    """Which bound runs first is chosen by cost (``_Search.bounds``); the answer must not
    depend on it: the same states cut, the same slack for the others."""
    answers = {True: [], False: []}
    for state in end_games(600, 31, deck_sizes=(0, 2), cards=(4, 10)):
        for first in (True, False):
            run, root = root_of(state)
            run.openings_tried = 0 if first else 10**9  # no cut in a billion: it goes second
            decklen = (root.deck.bit_length() + 3) >> 2
            answers[first].append(run.bounds(root.diamonds, root.deck, root.piles, root.drawn,
                                             root.hand, root.filled, -1, decklen))
    assert answers[True] == answers[False]
    assert 100 < answers[True].count(-1) < 500


@pytest.mark.slow
@pytest.mark.parametrize("name", ["grouped 12, seed 8", "grouped 12, seed 5"])
def test_skipping_the_openings_bound_with_many_diamonds_left_changes_no_verdict(name):
    """With more diamonds left than the matching bound needs, the openings bound is tried on
    every 16th state only where it has rarely cut (``_Search.bounds``).  Skipping a bound
    must change the work, never the verdict: each deal (black cards grouped by suit, where
    the bound cuts most) is decided with the bound judged useless from the start, and as
    usual."""
    entry = hard_deal(name)
    state = search.start_state(entry["deal"])
    usual = search._Search(state, time_limit=None)
    skipping = search._Search(state, time_limit=None)
    skipping.deep_tried = 10**9  # no cut in a billion tries: judged useless
    assert skipping.run() == usual.run() == (entry["verdict"] == "win")
    assert usual.deep_cut > 100  # the bound cuts here, so skipping it
    assert skipping.nodes > usual.nodes  # ... costs work
