"""The end of a round: who took the most of each suit, who took no trick, and what it earns.

After the tenth trick everyone counts the cards of each suit in the tricks they took
(discards included: a card belongs to whoever took the trick).  In the fixed order ♦ ♥ ♠ ♣
the one player with the most cards of a suit takes that suit's action; a tie for most,
0 each included, gives nobody anything.  Then everyone who took no trick takes two ♦
actions.  These are pure functions of the cards taken, so the notebook's "who took what"
table and the engine use the very same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.diamonds.crystals import SuitAction
from cardlib.diamonds.deck import SUIT_MASKS, SUITS


def suit_counts(taken: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """``counts[s][i]``: how many cards of suit ``SUITS[i]`` seat ``s`` took (bit sets in)."""
    return tuple(tuple((cards & mask).bit_count() for mask in SUIT_MASKS) for cards in taken)


def majority(counts: Sequence[int]) -> int | None:
    """The one seat with the most of a suit (``counts`` by seat), or None on a tie for most."""
    most = max(counts)
    leaders = [seat for seat, count in enumerate(counts) if count == most]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True)
class RoundEnd:
    """What the end of a round awards: the majority in each suit (None where tied) and the
    seats that took no trick, with the actions that follow in the order they are taken."""

    counts: tuple[tuple[int, ...], ...]
    """``counts[seat][i]``: cards of suit ``SUITS[i]`` the seat took."""
    majorities: tuple[int | None, ...]
    """For ♦ ♥ ♠ ♣ in turn: the seat with the most, or None when tied for most."""
    no_tricks: tuple[int, ...]
    """Seats that took no trick, from the dealer's left round the table."""

    @property
    def actions(self) -> tuple[SuitAction, ...]:
        """The majority actions ♦ ♥ ♠ ♣, then two ♦ actions for each seat without a trick."""
        won = tuple(SuitAction(seat, suit, "majority")
                    for suit, seat in zip(SUITS, self.majorities, strict=True) if seat is not None)
        bonus = tuple(SuitAction(seat, "D", "no-tricks") for seat in self.no_tricks
                      for _ in range(2))
        return won + bonus


def round_end(counts: Sequence[Sequence[int]], dealer: int) -> RoundEnd:
    """What the end of the round awards, from ``counts[seat][i]``, the cards of suit
    ``SUITS[i]`` each seat took (see :func:`suit_counts`).  A seat that took no card took
    no trick: every trick holds a card from each player."""
    counts = tuple(tuple(row) for row in counts)
    majorities = tuple(majority([row[i] for row in counts]) for i in range(len(SUITS)))
    players = len(counts)
    order = [(dealer + 1 + k) % players for k in range(players)]
    return RoundEnd(counts, majorities, tuple(s for s in order if not any(counts[s])))


@dataclass(frozen=True)
class RoundResult:
    """How one finished round went: its dealer and pass, tricks won, and what the end of
    the round awarded."""

    number: int
    dealer: int
    pass_count: int
    tricks_won: tuple[int, ...]
    end: RoundEnd
