"""How Hearts scores: the points in the cards taken, the moon, and the places.

Kept apart from the state so that the state, the views (points taken so far) and the
bots (places) all count points the one same way, and the scoring rules and options
(the J♦ bonus, the avoid-all-tricks bonus, the two ways to score a moon) can be read in
one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardlib.hearts.deck import HEARTS, JACK_OF_DIAMONDS, POINT_CARDS, QUEEN_OF_SPADES
from cardlib.hearts.rules import Options
from cardlib.protocol import Tally, Verdict

MOON_POINTS = 26


@dataclass(frozen=True)
class HandResult:
    """How one finished hand scored."""

    number: int
    points: tuple[int, ...]
    """What each seat scored in the hand, after the moon and any bonus."""
    moon: int | None
    """The seat that shot the moon, if any."""
    totals: tuple[int, ...]
    """The running totals after this hand."""


def hand_points(taken: Sequence[int], options: Options) -> tuple[list[int], int | None]:
    """Each seat's points from the cards it took, before the moon; and the shooter, if any."""
    points = [(t & HEARTS).bit_count() + (13 if t & QUEEN_OF_SPADES else 0) for t in taken]
    shooter = next((s for s, t in enumerate(taken) if t & POINT_CARDS == POINT_CARDS), None)
    if options.jd_bonus:
        points = [p - 10 if t & JACK_OF_DIAMONDS else p for p, t in zip(points, taken, strict=True)]
    if options.avoid_all_tricks_bonus and shooter is None:
        points = [p - 5 if not t else p for p, t in zip(points, taken, strict=True)]
    return points, shooter


def moon_points(points: Sequence[int], shooter: int, choice: str) -> tuple[int, ...]:
    """The hand's points once the moon is scored: the shooter's 26 are cancelled, then
    either every other seat gets +26 (``add``) or the shooter −26 (``subtract``)."""
    result = list(points)
    result[shooter] -= MOON_POINTS
    if choice == "add":
        result = [p if s == shooter else p + MOON_POINTS for s, p in enumerate(result)]
    else:
        result[shooter] -= MOON_POINTS
    return tuple(result)


def places(totals: Sequence[int]) -> list[int]:
    """Place of each seat, 1 = best: fewer points is better and equal totals share a place
    (totals 10, 30, 10, 52 give places 1, 3, 1, 4)."""
    return [1 + sum(other < total for other in totals) for total in totals]


@lru_cache(maxsize=1024)  # the table asks again at every bot move: count hands cheaply
def hand_tally(result: HandResult) -> Tally:
    """What a finished hand scored, seat by seat, and the moon if it was shot: the tally
    the table shows when the hand ends (seats written ``{seat}``)."""
    rows = tuple((f"{{{seat}}}", f"{points:+d}" if points else "0", str(total))
                 for seat, (points, total) in enumerate(zip(result.points, result.totals,
                                                            strict=True)))
    notes = []
    if result.moon is not None:
        shooter = result.moon
        if result.points[shooter] <= -MOON_POINTS:
            notes.append(f"{{{shooter}}} shot the moon (took all {MOON_POINTS} points) and "
                         f"takes {MOON_POINTS} off their own total.")
        else:
            notes.append(f"{{{shooter}}} shot the moon (took all {MOON_POINTS} points): each "
                         f"other player scores {MOON_POINTS}.")
    return Tally(f"Hand {result.number + 1}", ("", "points this hand", "total"), rows,
                 tuple(notes))


def verdict(totals: Sequence[int], options: Options) -> Verdict:
    """Rule ``hearts.game.ranking``: the lowest total wins; equal lowest totals share the
    win (with ``tie_for_first='play-on'`` the game does not end while they are equal)."""
    best = min(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    highest = max(totals)
    went = "passed" if options.end_when == "exceed" else "reached"
    ended = (f" once {{{totals.index(highest)}}} {went} {options.end_score}"
             if highest >= options.end_score else "")
    if len(winners) == 1:
        return Verdict(winners, f"the fewest points ({best}){ended}", "hearts.game.ranking")
    return Verdict(winners, f"tied on the fewest points ({best}){ended}: a shared win",
                   "hearts.game.ranking")
