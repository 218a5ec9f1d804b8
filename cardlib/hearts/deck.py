"""The seats and the deck as Hearts' engine sees them: one bit per card.

Hands, tricks taken and passes are kept as bit sets (one int per player, one bit per
card, see ``cardlib.tricks.bits``) because bots and the benchmark ask for legal cards
a great many times; everything shown to a person is converted back to cards with
``cards_of``.  The cards the rules name (the 2♣, the Q♠, the hearts …) are masks here, so
every other module tests them with one ``&``.

Seats are 0..3 = North, East, South, West, in play order; "left" is the next seat (+1).
"""

from __future__ import annotations

from cardlib.cards import french_deck, parse_card
from cardlib.tricks import CardBits, TrickRules

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


cards_of = LAYOUT.cards
"""``cards_of(bits)``: the cards of a bit set, suit by suit (clubs first), low to high."""
