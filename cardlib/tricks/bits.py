"""Card sets as bit sets: one deck laid out as bit positions, so that a hand is one int.

Bots sample thousands of playouts, and each asks "which cards may I play?" and "what is in
this hand?" many times.  With one bit per card those questions are a few ``&`` operations
instead of loops over Card objects; the games keep hands, tricks taken and passes as ints
and turn them back into cards (or moves) only to show them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card

if TYPE_CHECKING:
    from cardlib.tricks.rules import TrickRules


class CardBits:
    """One deck laid out as bit positions, so that a set of cards is a single int.

    Each suit gets its own run of ``len(rules.rank_order)`` bits, weakest card lowest.  So
    within a suit a higher bit is a stronger card, and the cards of a suit held in ``hand``
    are ``hand & suit_mask[suit]``.  ``suits`` fixes the order of the runs (and therefore
    how bit-ordered moves sort); cards of ``deck`` only, each exactly once.
    """

    def __init__(self, deck: Iterable[Card], rules: TrickRules, suits: str = "SHDC"):
        width = len(rules.rank_order)
        self.rules = rules
        self.suits = suits
        self.width = width
        card_at: list[Card | None] = [None] * (width * len(suits))
        self.bit_of: dict[Card, int] = {}
        for card in deck:
            if card.suit not in suits or card.rank not in rules.rank_order:
                raise ValueError(f"{card} does not fit suits {suits!r} and the rank order")
            bit = suits.index(card.suit) * width + rules.power(card)
            card_at[bit] = card
            self.bit_of[card] = bit
        self.card_at: tuple[Card | None, ...] = tuple(card_at)
        self.suit_of_bit: tuple[str, ...] = tuple(suits[b // width] for b in range(len(card_at)))
        self.suit_mask: dict[str, int] = {
            suit: sum(1 << self.bit_of[c] for c in self.bit_of if c.suit == suit)
            for suit in suits
        }
        self.full: int = sum(1 << b for b in self.bit_of.values())
        self.cards: ItemsOf = ItemsOf(self, self.card_at)
        """``cards(mask)``: the cards of ``mask``, suit by suit, weakest first."""

    def bit(self, card: Card) -> int:
        """The bit position of ``card`` (a card outside the deck raises ValueError)."""
        try:
            return self.bit_of[card]
        except KeyError:
            raise ValueError(f"{card} is not a card of this deck") from None

    def mask(self, cards: Iterable[Card]) -> int:
        """The bit set of ``cards`` (a card outside the deck raises ValueError naming it)."""
        result = 0
        for card in cards:
            try:
                result |= 1 << self.bit_of[card]
            except KeyError:
                raise ValueError(f"{card} is not a card of this deck") from None
        return result


def bits_of(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


class ItemsOf:
    """The items of a bit set of ``layout``, lowest bit first: one item per bit position
    (the cards themselves, or the interned moves of one kind).

    Looked up suit by suit in a table filled on first use (at most ``2 ** layout.width``
    entries a suit), because turning a bit set into moves one bit at a time was the slowest
    step of a random playout.  Call the view, or keep its bound method ``items``: calling
    a bound method costs less than calling an instance (which Python does not inline), so
    the games' ``plays_of`` are ``ItemsOf(...).items``.
    """

    def __init__(self, layout: CardBits, items: Sequence[Any]):
        self._items = items
        run = (1 << layout.width) - 1
        self._suits = tuple(run << layout.width * i for i in range(len(layout.suits)))
        self._table: dict[int, tuple[Any, ...]] = {}
        """The items of every bit set within one suit seen so far (suits never share a
        bit, so one table serves them all)."""

    def items(self, cards: int) -> tuple[Any, ...]:
        """The items of ``cards``, lowest bit first."""
        table = self._table
        result = table.get(cards)
        if result is not None:  # cards of one suit (following suit, often): one look-up
            return result
        result = ()
        for suit in self._suits:
            chunk = cards & suit
            if chunk:
                items = table.get(chunk)
                if items is None:
                    items = table[chunk] = tuple(self._items[b] for b in bits_of(chunk))
                result += items
                cards ^= chunk
                if not cards:  # no card in the suits above
                    break
        return result

    __call__ = items
