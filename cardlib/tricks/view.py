"""What a trick-taking game's view shows from its bit sets, written once.

A game's view (what one seat may know) keeps its card sets as ints over the deck's layout
(:class:`~cardlib.tricks.bits.CardBits`) and shows them as cards.  These mixins give the
properties that Hearts, Diamonds and Cruce views all need; a view names its ``layout`` and
has the fields the properties read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from cardlib.cards import Card
from cardlib.tricks.bits import CardBits
from cardlib.tricks.rules import Trick


class SeatView:
    """``players``, the seat's ``hand`` and the ``trick`` on the table, for a view
    dataclass that mixes this in.

    The view must name its ``layout`` (a class attribute) and have these fields, by these
    exact names, which :meth:`cardlib.tricks.HandsState.seat_view_fields` fills (a game
    of several hands builds its view as ``View(**state.seat_view_fields(seat), ...)``):

    * ``hand_sizes``: every seat's number of cards, seat 0 first (what the others see of
      a hand; its length is the number of seats);
    * ``hand_bits``: the seat's own hand, a bit set of ``layout``;
    * ``leader``: the seat that led the trick on the table;
    * ``trick_bits``: the trick's cards in play order, as bit positions.

    ``seat_view_fields`` adds ``seat``, ``phase``, ``to_move``, ``tricks`` (this hand's
    finished tricks), ``taken_bits``, ``results`` and ``options``; the renderer's seat
    loop (:func:`cardlib.render.table.seat_hands`) reads ``seat``, ``hand`` and
    ``hand_sizes``, and a Monte Carlo bot's ``Knowledge.gather`` the rest.
    """

    __slots__ = ()
    layout: ClassVar[CardBits]
    hand_sizes: tuple[int, ...]
    """Every seat's number of cards, seat 0 first."""
    hand_bits: int
    """The seat's own hand (a bit set of ``layout``)."""
    leader: int
    """The seat that led the trick on the table."""
    trick_bits: tuple[int, ...]
    """The trick on the table, in play order (bit positions)."""

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.layout.cards(self.hand_bits)

    @property
    def trick(self) -> Trick:
        """The trick on the table."""
        return Trick(self.leader, tuple(self.layout.card_at[b] for b in self.trick_bits),
                     self.players)

    def text(self, names: Sequence[str], head: str) -> str:
        """The view as text: "``Ann``, ``head``", the seat's hand, and the trick on the
        table with who led it (card codes, seats by ``names``)."""
        seat: int = self.seat  # type: ignore[attr-defined]
        lines = [f"{names[seat]}, {head}",
                 f"  hand:  {' '.join(card.code for card in self.hand)}"]
        if self.trick_bits:
            lines.append(f"  table: {' '.join(card.code for card in self.trick.cards)} "
                         f"(led by {names[self.leader]})")
        return "\n".join(lines)


class PassView:
    """For games with a pass: the cards this seat ``passed`` and those it ``received``
    (None until every seat has passed), from ``passed_bits`` and ``received_bits``."""

    __slots__ = ()
    layout: ClassVar[CardBits]
    passed_bits: int
    received_bits: int | None

    @property
    def passed(self) -> tuple[Card, ...]:
        return self.layout.cards(self.passed_bits)

    @property
    def received(self) -> tuple[Card, ...] | None:
        return None if self.received_bits is None else self.layout.cards(self.received_bits)


class Glance(NamedTuple):
    """What a quick bot reads of a seat's view during the play: its own hand, the trick on
    the table and every card played this hand (``TrickState.glance``).

    Every field is one the seat's full view holds too, so a bot that reads it sees nothing
    hidden.  It exists for speed: a Monte Carlo bot's playouts ask a rule-of-thumb bot for
    every card of every imagined hand, and building the whole view (scores, tricks, passes)
    for each was about a third of the cost of a playout.
    """

    seat: int
    hand_bits: int
    """The seat's own hand (a bit set of the game's layout)."""
    trick: Trick
    """The trick on the table."""
    played_bits: int
    """Every card played this hand, the trick on the table included."""
