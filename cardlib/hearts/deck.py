"""The seats and the deck as Hearts' engine sees them: one bit per card.

Hands, tricks taken and passes are kept as bit sets (one int per player, one bit per
card, see ``cardlib.tricks.CardBits``) because bots and the benchmark ask for legal cards
a great many times; everything shown to a person is converted back to cards with
``cards_of``.  The cards the rules name (the 2♣, the Q♠, the hearts …) are masks here, so
every other module tests them with one ``&``.

Seats are 0..3 = North, East, South, West, in play order; "left" is the next seat (+1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import french_deck, parse_card
from cardlib.tricks import CardBits, TrickRules, bits_of

SEATS = ("North", "East", "South", "West")
PLAYERS = 4
HAND_SIZE = 13

TRICKS = TrickRules()
"""Hearts' trick rules: follow suit, no trumps, 2 low … A high."""

LAYOUT = CardBits(french_deck(), TRICKS, suits="CDHS")
"""Card ↔ bit: clubs, diamonds, hearts, spades, each 2..A, so moves sort suit by suit."""

CLUBS = LAYOUT.suit_mask["C"]
HEARTS = LAYOUT.suit_mask["H"]
QUEEN_OF_SPADES = 1 << LAYOUT.bit_of[parse_card("QS")]
TWO_OF_CLUBS = 1 << LAYOUT.bit_of[parse_card("2C")]
JACK_OF_DIAMONDS = 1 << LAYOUT.bit_of[parse_card("JD")]
POINT_CARDS = HEARTS | QUEEN_OF_SPADES


class ItemsOf:
    """The items (moves of one kind, or cards) for the bits of a bit set, lowest first.

    Looked up suit by suit in tables filled on first use (at most 8192 entries a suit),
    because turning a bit set into moves one bit at a time was the slowest step of a
    random playout.
    """

    def __init__(self, items: Sequence[Any]):
        self._moves = items
        self._suits = [(LAYOUT.width * i, {}) for i in range(len(LAYOUT.suits))]
        self._chunk = (1 << LAYOUT.width) - 1

    def __call__(self, cards: int) -> tuple[Any, ...]:
        result: tuple[Any, ...] = ()
        for shift, table in self._suits:
            chunk = (cards >> shift) & self._chunk
            if chunk:
                moves = table.get(chunk)
                if moves is None:
                    moves = table[chunk] = tuple(self._moves[b] for b in bits_of(chunk << shift))
                result += moves
        return result


cards_of = ItemsOf(LAYOUT.card_at)
"""``cards_of(bits)``: the cards of a bit set, suit by suit (clubs first), low to high."""
