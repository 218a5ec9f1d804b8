"""How Diam's scores: collections, the two bonuses, victory chips, and who wins.

Pure functions of piles of counts, kept apart from the state so the engine, the views, the
bots and the notebook's scoring step all count the one same way, and so each rule can be
tested on hand-made safes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import cards as c
from .rules import HAND_BONUS, PURITY_BONUS, PURITY_TIE_BONUS
from .ruleset import Ruleset


@dataclass(frozen=True)
class RoundResult:
    """How one round scored, one entry per seat."""

    number: int
    collections: tuple[int, ...]
    purity: tuple[int, ...]
    """Purity bonus: 5 for the one player with the most pure diamonds in their safe, 2
    each for players tied for the most."""
    hand: tuple[int, ...]
    """Hand bonus: 3 for every player with the largest digit sum in hand."""
    points: tuple[int, ...]
    """Collections and bonuses: what ranks the players for the chips."""
    chips: tuple[int, ...]


def collection_points(safe: Sequence[int], ruleset: Ruleset) -> int:
    """The value of every collection in ``safe`` (rule ``diams.score.collections``)."""
    return sum(ruleset.value(digit, c.of_digit(safe, digit)) for digit in c.DIGITS)


def purity_bonus(safes: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Rule ``diams.score.purity-bonus``: 5 to the one player with the most pure diamonds
    in their safe, 2 to each of several tied for the most, nothing if nobody has one."""
    counts = [c.pure_count(safe) for safe in safes]
    best = max(counts)
    if best == 0:
        return (0,) * len(safes)
    bonus = PURITY_BONUS if counts.count(best) == 1 else PURITY_TIE_BONUS
    return tuple(bonus if n == best else 0 for n in counts)


def hand_bonus(hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Rule ``diams.score.hand-bonus``: 3 to every player whose hand's digit sum is the
    largest ("tie or no tie"), nothing when the largest is 0."""
    sums = [c.digit_sum(hand) for hand in hands]
    best = max(sums)
    return tuple(HAND_BONUS if best and s == best else 0 for s in sums)


def places(points: Sequence[int]) -> tuple[int, ...]:
    """Place of each seat, 1 = best; equal points share the best of their places and the
    next place is skipped (points 9, 12, 9, 3 give places 2, 1, 2, 4)."""
    return tuple(1 + sum(other > p for other in points) for p in points)


def chips_for(points: Sequence[int], ruleset: Ruleset) -> tuple[int, ...]:
    """Victory chips by place (rule ``diams.score.chips``)."""
    return tuple(ruleset.chips[place - 1] for place in places(points))


def score_round(number: int, safes: Sequence[Sequence[int]], hands: Sequence[Sequence[int]],
                ruleset: Ruleset) -> RoundResult:
    """Score the round that ends with these safes and hands."""
    collections = tuple(collection_points(safe, ruleset) for safe in safes)
    purity = purity_bonus(safes)
    hand = hand_bonus(hands)
    points = tuple(a + b + h for a, b, h in zip(collections, purity, hand, strict=True))
    return RoundResult(number, collections, purity, hand, points, chips_for(points, ruleset))


def result_of_points(number: int, points: Sequence[int], ruleset: Ruleset) -> RoundResult:
    """A round known only by its points (an earlier round of a scripted position)."""
    zero = (0,) * len(points)
    return RoundResult(number, tuple(points), zero, zero, tuple(points),
                       chips_for(points, ruleset))


def chip_totals(results: Sequence[RoundResult], players: int) -> tuple[int, ...]:
    totals = [0] * players
    for result in results:
        totals = [t + n for t, n in zip(totals, result.chips, strict=True)]
    return tuple(totals)


def winners(results: Sequence[RoundResult], players: int) -> tuple[tuple[int, ...], str]:
    """The winning seats and why (rule ``diams.game.end``): most chips; on a tie, the tied
    player who alone won round 2; then the higher total of round points; else shared."""
    chips = chip_totals(results, players)
    tied = [s for s in range(players) if chips[s] == max(chips)]
    if len(tied) == 1:
        return (tied[0],), "most victory chips"
    if len(results) >= 2:
        round_two = results[1].points
        top = [s for s in range(players) if round_two[s] == max(round_two)]
        if len(top) == 1 and top[0] in tied:
            return (top[0],), "tied on chips; won round 2"
    totals = [sum(r.points[s] for r in results) for s in range(players)]
    best = max(totals[s] for s in tied)
    ahead = tuple(s for s in tied if totals[s] == best)
    if len(ahead) == 1:
        return ahead, "tied on chips; more round points over the game"
    return ahead, "tied on chips and on round points: a shared win"
