"""The seats and the deck as Diamonds' engine sees them: one bit per card.

Hands, tricks taken and passes are bit sets (one int per seat, one bit per card, see the
trick kit) because bots ask for the legal cards a great many times; ``cards_of`` turns a
bit set back into cards for people.  The suits are laid out in the order of the end-of-round
actions, ♦ ♥ ♠ ♣, so moves and hands sort that way too.

Seats are numbered 0 .. players-1 in play order; "left" is the next seat (+1), the way the
cards are passed and the deal moves on.
"""

from __future__ import annotations

from cardlib.cards import Card, diamonds_deck, parse_card
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
    """A card of the Diamonds deck from its text, as players number it: ``1D`` .. ``15D``
    (any case).  A letter rank (``AD``, ``JD``: the French deck's way) or a number outside
    1..15 raises ``BadCard`` naming the text.  A ``Card`` is taken by its rank and suit."""
    if isinstance(text, Card):  # any card of rank 1..15: the deck's own, numbered
        card = LAYOUT.card_at[LAYOUT.bit(text)]
        assert card is not None
        return card
    return parse_card(text, numeric=True)


def codes_of(bits: int) -> tuple[str, ...]:
    """The codes of the cards of a bit set, ``1D`` .. ``15D`` (how saved games write them)."""
    return tuple(card.code for card in cards_of(bits))


def labels_of(bits: int) -> str:
    """The cards of a bit set as players read them, space-separated: ``1♦ 11♦ 15♣``."""
    return " ".join(card.label for card in cards_of(bits))


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the next one in play order."""
    return (seat + 1) % players
