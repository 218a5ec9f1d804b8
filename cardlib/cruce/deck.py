"""The 24-card pack as Cruce's engine sees it: one bit per card, points per card, seats.

Hands, tricks taken and the stock are bit sets (one int, one bit per card) because bots
ask for legal cards a great many times; everything shown to a person is turned back into
cards with ``cards_of``.  The cards the rules name (the K and Q of each suit, a suit) are
masks here, so other modules test them with one ``&``.

The pack is the Hungarian (German-suited) one; the project draws it with the French suit
symbols it maps to (``cardlib.cards.HUNGARIAN_SUIT_NAMES`` names them) and the Romanian
names beside them, so a player with either kind of pack can follow.
"""

from __future__ import annotations

from cardlib.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    hungarian_deck,
    parse_card,
)
from cardlib.tricks import CardBits, TrickRules

RANK_ORDER = (9, 11, 12, 13, 10, 1)
"""Ranks low to high: 9, J, Q, K, 10, A. Trick rank follows the card points."""

POINTS = {9: 0, 11: 2, 12: 3, 13: 4, 10: 10, 1: 11}
"""Card points by rank (rule ``cruce.deck``)."""

SUITS = "HDSC"
"""The suits in the order hands are sorted and bits laid out: hearts, bells, leaves,
acorns (the colours alternate: red, yellow, green, brown)."""

ROMANIAN_SUIT_NAMES = {"H": "Roșu", "D": "Dubă", "S": "Verde", "C": "Ghindă"}
"""What a Romanian table calls each suit (spec §4.2)."""

ROMANIAN_RANK_NAMES = {9: "Nouar", 10: "Zecar", 11: "Doiar", 12: "Treiar", 13: "Pătrar",
                       1: "As"}
"""What a Romanian table calls each card: the J, Q and K are named after their points."""

HUNGARIAN_RANK_NAMES = {9: "IX", 10: "X", 11: "Unter", 12: "Ober", 13: "König", 1: "Ace"}

PLAIN_TRICKS = TrickRules(rank_order=RANK_ORDER)
"""The rank order alone (no trump, follow suit): what the layout is built from."""

LAYOUT = CardBits(hungarian_deck(), PLAIN_TRICKS, suits=SUITS)
"""Card ↔ bit: hearts, bells, leaves, acorns, each 9 … A low to high, so moves sort suit
by suit and, within a suit, by strength."""

cards_of = LAYOUT.cards
"""``cards_of(bits)``: the cards of a bit set, suit by suit, weakest first."""

FULL = LAYOUT.full
PACK_SIZE = FULL.bit_count()
"""24 cards."""
SUIT_MASK = LAYOUT.suit_mask
WIDTH = LAYOUT.width


def bit_of(code: str) -> int:
    """The one-bit mask of a card given by its code (``KH``)."""
    return 1 << LAYOUT.bit(parse_card(code))


KINGS = {suit: 1 << LAYOUT.bit(Card(13, suit)) for suit in SUITS}
QUEENS = {suit: 1 << LAYOUT.bit(Card(12, suit)) for suit in SUITS}
MARRIAGE = {suit: KINGS[suit] | QUEENS[suit] for suit in SUITS}
"""The K and Q of each suit: a marriage when one hand holds both."""
PARTNER_CARD = {**{KINGS[s]: QUEENS[s] for s in SUITS}, **{QUEENS[s]: KINGS[s] for s in SUITS}}
"""The other card of the marriage, for a K or a Q (as one-bit masks)."""

_POINTS_OF_CHUNK = tuple(
    sum(POINTS[RANK_ORDER[i]] for i in range(WIDTH) if chunk >> i & 1)
    for chunk in range(1 << WIDTH)
)


def card_points(cards: int) -> int:
    """The card points in a bit set of cards (a whole suit at a time, by table)."""
    total = 0
    while cards:
        total += _POINTS_OF_CHUNK[cards & ((1 << WIDTH) - 1)]
        cards >>= WIDTH
    return total


DECK_POINTS = card_points(FULL)
"""All the card points in the pack: 120."""

SEAT_NAMES = ("Ana", "Bogdan", "Cristina", "Dan")
"""The players, in play order (clockwise). At four, Ana and Cristina are partners against
Bogdan and Dan."""


def suit_words(suit: str) -> str:
    """``hearts ♥ (Roșu)``: the French name and symbol with the Romanian name, for text."""
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]} ({ROMANIAN_SUIT_NAMES[suit]})"
