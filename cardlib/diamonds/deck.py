"""The seats and the deck as Diamonds' engine sees them: one bit per card.

Hands, tricks taken and passes are bit sets (one int per seat, one bit per card, see the
trick kit) because bots ask for the legal cards a great many times; ``cards_of`` turns a
bit set back into cards for people.  The suits are laid out in the order of the end-of-round
actions, ♦ ♥ ♠ ♣, so moves and hands sort that way too.

Seats are numbered 0 .. players-1 in play order; "left" is the next seat (+1), the way the
cards are passed and the deal moves on.
"""

from __future__ import annotations

from cardlib.cards import BadCard, Card, diamonds_deck, parse_card
from cardlib.tricks import CardBits, TrickRules

SUITS = "DHSC"
"""♦ ♥ ♠ ♣: the order of the end-of-round actions, and of the suits in a hand."""
HAND_SIZE = 10
TRICKS = TrickRules(rank_order=tuple(range(1, 16)))
"""Follow suit, no trumps, 1 low … 15 high."""
LAYOUT = CardBits(diamonds_deck(), TRICKS, suits=SUITS)

ROUNDS = {2: 4, 3: 6, 4: 4, 5: 5, 6: 6}
"""Rounds in a game, by the number of players (rule ``diamonds.rounds``)."""

SEATS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
"""Seat names in play order (the first ``players`` of them are at the table)."""

SUIT_MASKS = tuple(LAYOUT.suit_mask[suit] for suit in SUITS)

cards_of = LAYOUT.cards
"""``cards_of(bits)``: the cards of a bit set, suit by suit (♦ first), low to high."""


def read_card(text: str | Card) -> Card:
    """A card of the Diamonds deck from its text: ``11D`` or ``15C`` as players number
    them, or ``JD`` and ``AD`` as ``Card.code`` writes the 11 and the 1 (the kit writes
    every card move as its ``Card.code``).  A bad text raises ``BadCard`` naming it."""
    if isinstance(text, Card):
        return text
    try:
        return parse_card(text, numeric=True)
    except BadCard as numbered:
        try:
            card = parse_card(text)
        except BadCard:
            raise numbered from None
        return card


def codes_of(bits: int) -> tuple[str, ...]:
    """The ``Card.code`` of each card of a bit set (how saved games write them)."""
    return tuple(card.code for card in cards_of(bits))


def labels_of(bits: int) -> str:
    """The cards of a bit set as players read them, space-separated: ``1♦ 11♦ 15♣``."""
    return " ".join(card_label(card) for card in cards_of(bits))


def card_label(card: Card) -> str:
    """``11♦``: the Diamonds deck is numbered, so no ace, jack, queen or king."""
    return f"{card.rank}{card.symbol}"


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the next one in play order."""
    return (seat + 1) % players
