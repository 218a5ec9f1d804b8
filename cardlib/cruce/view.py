"""What one Cruce player may know: ``CruceView``, the input of every bot and picture.

A view holds the seat's own hand (and the stock cards it drew) and the public facts: the
bids, the trump, the table, the finished tricks, the marriages announced (shown to all),
the scores; in the 2-player auction form also the 2 cards the declarer gave (both players
know them) and how many cards are dead (never which).  Nothing hidden, so a bot deciding
from it cannot cheat.  Card sets stay bit sets, cheap for bots that look a great many
times, and are shown as cards by properties.
``CruceState.view(seat)`` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardlib.cards import Card
from cardlib.cruce.deck import LAYOUT, SEAT_NAMES, card_points, cards_of
from cardlib.cruce.rules import Options
from cardlib.cruce.scoring import HandResult, Marriage, side_of, sides_of
from cardlib.display import Drawable
from cardlib.tricks import CardBits, SeatView, Trick


@dataclass(frozen=True)
class CruceView(SeatView, Drawable):
    """What one player knows: their hand, the auction, the table and the scores.

    Card sets are bit sets (``*_bits``) shown as cards by the properties of the same name
    without ``_bits``.  Finished tricks are face up (every player saw them played), so who
    took which cards is public; so are the marriages, which are shown when announced.
    """

    seat: int
    phase: str
    """``bid``, ``give`` (the declarer gives 2 cards, in the 2-player auction form),
    ``trump`` (the high bidder names it, with that option), ``play`` or ``over``."""
    to_move: int | None
    hand_number: int
    dealer: int
    hand_bits: int
    drawn_bits: int
    """The stock cards this seat drew this hand (two players only; in the auction form,
    the 4 the declarer took, which only the declarer sees)."""
    bids: tuple[int | None, ...]
    """Each seat's bid, None until it has bid, 0 for a pass."""
    declarer: int | None
    contract: int
    trump: str | None
    trick_bits: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    """This hand's finished tricks."""
    free_tricks: int
    """How many of the first tricks are played while the stock lasts (no duties)."""
    taken_bits: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    marriages: tuple[Marriage, ...]
    reneges: tuple[int, ...]
    """Cards each side played against a duty this hand (training mode: public, as the
    penalty is)."""
    totals: tuple[int, ...]
    """The sides' running totals (see ``sides``)."""
    results: tuple[HandResult, ...]
    options: Options
    given_bits: int = 0
    """Auction form: the cards the declarer gave the other player this hand (both of them
    know these)."""
    dead_size: int = 0
    """Auction form: how many stock cards are dead (out of the hand, seen by nobody)."""

    layout: ClassVar[CardBits] = LAYOUT

    @property
    def given(self) -> tuple[Card, ...]:
        return cards_of(self.given_bits)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return sides_of(self.options)

    @property
    def side(self) -> int:
        """The side this seat plays for."""
        return side_of(self.seat, self.options)

    def partner(self) -> int | None:
        """The partner's seat at four with teams, else None."""
        team = self.sides[self.side]
        return next((s for s in team if s != self.seat), None)

    @property
    def points_taken(self) -> tuple[int, ...]:
        """The card points each side has taken this hand so far."""
        return tuple(sum(card_points(self.taken_bits[s]) for s in side) for side in self.sides)

    @property
    def marriage_points(self) -> tuple[int, ...]:
        """The marriage points each side has announced this hand (before any trick rule)."""
        points = [0] * len(self.sides)
        for marriage in self.marriages:
            points[side_of(marriage.seat, self.options)] += marriage.points
        return tuple(points)

    def __str__(self) -> str:
        return self.text(SEAT_NAMES, f"hand {self.hand_number + 1} ({self.phase}); trump "
                                     f"{self.trump or 'not yet'}; totals {list(self.totals)}")
