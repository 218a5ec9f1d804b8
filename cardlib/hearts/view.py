"""What one Hearts player may know: ``HeartsView``, the input of every bot and picture.

A view holds the seat's own hand and the public facts (the table, the finished tricks,
who took what, the scores) and nothing hidden, so a bot deciding from it cannot cheat.
Card sets stay bit sets, cheap for bots that look a great many times, and are shown as
cards by properties.  ``HeartsState.view(seat)`` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardlib.cards import Card
from cardlib.display import Drawable
from cardlib.hearts.deal import DIRECTION_NAMES
from cardlib.hearts.deck import LAYOUT, PLAYERS, SEATS, cards_of
from cardlib.hearts.rules import Options
from cardlib.hearts.scoring import HandResult, hand_points
from cardlib.tricks import CardBits, PassView, SeatView, Trick


@dataclass(frozen=True)
class HeartsView(SeatView, PassView, Drawable):
    """What one player knows: their hand, the table and the scores, nothing hidden.

    Card sets are kept as bit sets (``*_bits``, cheap to build for bots that look a great
    many times) and shown as cards by the properties of the same name without ``_bits``.
    Only this seat's own cards and public facts are here: finished tricks are face up
    (every player saw them played), so who took which cards is public too.
    """

    seat: int
    phase: str
    to_move: int | None
    hand_number: int
    direction: int
    """Seats from passer to receiver this hand: 1 left, 3 right, 2 across, 0 no pass."""
    hand_bits: int
    passed_bits: int
    """The cards this seat chose to pass."""
    received_bits: int | None
    """The cards passed to this seat; None until every player has passed (or no pass)."""
    played_bits: int
    """Every card played this hand, the trick on the table included."""
    trick_bits: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    """This hand's finished tricks."""
    taken_bits: tuple[int, ...]
    passes_made: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    hearts_broken: bool
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    options: Options

    layout: ClassVar[CardBits] = LAYOUT

    @property
    def played(self) -> tuple[Card, ...]:
        return cards_of(self.played_bits)

    @property
    def points_taken(self) -> tuple[int, ...]:
        """The points in the tricks each seat has taken this hand, before any moon."""
        return tuple(hand_points(self.taken_bits, self.options)[0])

    @property
    def pass_direction(self) -> str:
        """``left``, ``right``, ``across`` or ``none``."""
        return DIRECTION_NAMES[self.direction]

    @property
    def passed_to(self) -> int | None:
        """The seat this seat's passed cards went to (None when there is no pass)."""
        return (self.seat + self.direction) % PLAYERS if self.direction else None

    def __str__(self) -> str:
        return self.text(SEATS, f"hand {self.hand_number + 1} ({self.phase}); "
                                f"totals {list(self.totals)}")

