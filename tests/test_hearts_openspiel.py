"""Differential test: our Hearts against OpenSpiel's, hand by hand, move by move.

Both engines get the same deal and the same (seeded, random) moves.  At every step they
must offer the same set of legal cards to the same player, and at the end of each hand
they must give every player the same points.  OpenSpiel plays one hand per episode, so
our games are followed hand by hand: for hand k we force OpenSpiel's pass direction
``[1, 3, 2, 0][k % 4]`` (left, right, across, none) and deal it card j of our shuffled
deck to player j % 4, as ``spec/hearts.md`` §2.4 describes.  The deal is computed here from
the seed, independently of the engine, so the engine's own dealing is checked too.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardlib.cards import Card, french_deck, parse_cards, shuffled
from cardlib.hearts import Hearts, Pass, Play
from cardlib.hearts.deck import LAYOUT

pyspiel = pytest.importorskip("pyspiel")

# The mapping lives beside the match that seats OpenSpiel's bots at our table
# (benchmarks/hearts_match.py); this test is what checks it.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from openspiel_hearts import (  # noqa: E402
    OPENSPIEL_DIRECTION,
    SHARED_OPTIONS,
    openspiel_game,
    openspiel_id,
    start_hand,
)


def test_card_ids_match_openspiel_names():
    # The mapping itself, checked against OpenSpiel's own names for all 52 ids.
    state = pyspiel.load_game("hearts").new_initial_state()
    for action in [1, *range(52)]:  # pass left, then deal: now cards have names
        state.apply_action(action)
    for card in french_deck():
        name = state.action_to_string(0, openspiel_id(card))
        assert name == card.code, (card, name)


def follow_hand(state, theirs, rng: random.Random, seen: Counter):
    """Play one hand in both engines with the same random moves, comparing every step;
    return our state after the hand."""
    k = state.deal.number
    while state.deal.number == k and not state.is_over:
        ours = state.legal_moves()
        assert theirs.current_player() == state.to_move, (k, state.history)
        assert {openspiel_id(m.card) for m in ours} == set(theirs.legal_actions()), (
            k, [str(m) for m in state.history[-8:]], str(state))
        seen[state._allowed[1]] += 1
        move = rng.choice(ours)
        assert isinstance(move, Pass | Play)
        theirs.apply_action(openspiel_id(move.card))
        state = state.apply(move)
    assert theirs.is_terminal()
    result = state.results[-1]
    assert result.number == k
    assert list(result.points) == [theirs.points(p) for p in range(4)], k
    assert list(result.points) == [26 - r for r in theirs.returns()]
    seen["moon"] += result.moon is not None
    return state


def play_hands(options: dict, seeds: range, min_hands: int, rng_seed: int) -> Counter:
    """Play whole seeded games in both engines until ``min_hands`` hands are compared.

    Returns how often each rule decided the legal cards, so a caller can check that the
    corner cases were met and not only the easy ones.
    """
    spiel = openspiel_game(options)
    rng = random.Random(rng_seed)
    seen: Counter = Counter()
    hands = 0
    for seed in seeds:
        state = Hearts().new(seed=seed, end_score=100, **options)
        while not state.is_over:
            k = state.deal.number
            theirs = spiel.new_initial_state()
            theirs.apply_action(OPENSPIEL_DIRECTION[k % 4]
                                if options.get("pass_cards", True) else 0)
            for card in shuffled(french_deck(), f"{seed}:hand{k}"):
                theirs.apply_action(openspiel_id(card))
            state = follow_hand(state, theirs, rng, seen)
            hands += 1
            if hands >= min_hands:
                return seen
    raise AssertionError(f"only {hands} hands in seeds {seeds}")


def deal_with(fixed: dict[int, str], seed: int) -> list[list[Card]]:
    """Hands where seat s holds the cards ``fixed[s]``; the rest shuffled into the gaps."""
    hands = [list(parse_cards(fixed.get(seat, ""))) for seat in range(4)]
    placed = {card for hand in hands for card in hand}
    rest = iter(shuffled([c for c in french_deck() if c not in placed], seed))
    for hand in hands:
        while len(hand) < 13:
            hand.append(next(rest))
    return hands


def follow_scripted_hand(hands, options: dict, rng: random.Random, seen: Counter) -> None:
    """One hand with a scripted deal (hand 4 of the rotation: no pass) in both engines."""
    state = Hearts().from_hands(hands, hand_number=3, **options)
    theirs = start_hand(openspiel_game(options), hands, hand_number=3)
    follow_hand(state, theirs, rng, seen)


@pytest.mark.parametrize("qs_breaks", [False, True])
def test_first_trick_with_only_hearts_and_the_queen_agrees_with_openspiel(qs_breaks):
    # West holds twelve hearts and the Q♠: void in clubs on the first trick, nothing but
    # points.  OpenSpiel then allows any card; so must we (first_trick_void='any').
    seen: Counter = Counter()
    rng = random.Random(3)
    for seed in range(20):
        hands = deal_with({0: "2C", 3: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"}, seed)
        follow_scripted_hand(hands, {"qs_breaks_hearts": qs_breaks}, rng, seen)
    assert seen["hearts.first-trick.only-points"] == 20


@pytest.mark.parametrize("instead", [False, True])
def test_leading_with_only_hearts_and_the_queen_agrees_with_openspiel(instead):
    # South takes the first trick with the A♣ and must lead from the Q♠ and eleven hearts,
    # hearts unbroken: the Q♠ is forced unless can_lead_hearts_instead_of_qs.
    seen: Counter = Counter()
    rng = random.Random(4)
    for seed in range(20):
        hands = deal_with({0: "2C", 2: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"}, seed)
        follow_scripted_hand(hands, {"can_lead_hearts_instead_of_qs": instead}, rng, seen)
    rule = "hearts.lead.queen-or-hearts" if instead else "hearts.lead.hearts-unbroken"
    assert seen[rule] >= 20


def test_default_rules_agree_with_openspiel_on_200_hands():
    seen = play_hands({}, range(1000), min_hands=200, rng_seed=1)
    # The run met the rules it is meant to compare, not only the easy ones.
    for rule in ("hearts.lead.two-of-clubs", "hearts.follow-suit", "hearts.void.any-card",
                 "hearts.first-trick.no-points", "hearts.lead.hearts-unbroken",
                 "hearts.lead.any", "hearts.pass.three-cards"):
        assert seen[rule] > 0, (rule, seen)


def test_queen_of_spades_breaking_hearts_agrees_with_openspiel_default():
    play_hands({"qs_breaks_hearts": True}, range(2000, 3000), min_hands=40, rng_seed=2)


@pytest.mark.parametrize("trial", range(6))
def test_random_shared_options_agree_with_openspiel(trial):
    rng = random.Random(f"options:{trial}")
    options = {name: rng.random() < 0.5 for name in SHARED_OPTIONS}
    options["pass_cards"] = rng.random() < 0.8
    play_hands(options, range(5000 + 100 * trial, 5100 + 100 * trial), min_hands=15,
               rng_seed=trial)


def test_engine_deals_what_the_seed_says():
    # The deal fed to OpenSpiel above is computed independently of the engine: check that
    # the engine's own deal is the same, so the comparison is of the same hands.
    state = Hearts().new(seed=7)
    deck = shuffled(french_deck(), "7:hand0")
    for seat in range(4):
        assert state.hand_cards(seat) == tuple(sorted(deck[seat::4],
                                                      key=lambda c: LAYOUT.bit_of[c]))
