"""Cards, suits, decks and seeded shuffles.

A card is a small immutable value with a canonical code (``QS``, ``TD``, ``AH``).  Every
file format and command line in the project speaks these codes, so parsing is forgiving
(lower case, ``10`` for ``T``) and writing is strict (always the canonical form).  The
Diamonds deck is numbered 1 to 15 with no ace or face cards: its cards are
:class:`NumberedCard`, written ``1D`` .. ``15D`` and shown ``1♦`` .. ``15♦``.

Decks are plain data: a tuple of cards in a fixed, documented order, so that a
seeded shuffle of the same deck gives the same deal in a notebook, on the command line and
in the tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

SUITS = "SHDC"
"""Suit letters in display order: spades, hearts, diamonds, clubs."""

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = frozenset("HD")

# Hungarian (German-suited) pack used for Cruce: the same four suits under other names.
HUNGARIAN_SUIT_NAMES = {"S": "leaves", "H": "hearts", "D": "bells", "C": "acorns"}

RANK_CHARS = "A23456789TJQK"
"""Ranks in value order: A=1 ... K=13 (the order French-deck games count in)."""

FACE_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""What the corner of a French card shows instead of the number."""

RANK_NAMES = {
    1: "ace", 11: "jack", 12: "queen", 13: "king",
    **{v: str(v) for v in range(2, 11)},
}


class BadCard(ValueError):
    """A card code that does not name a card of the deck in use."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card.

    ``rank`` is the card's face value (A=1 ... K=13); ``suit`` is one of ``S H D C``.  The
    ordering (rank, then suit) is only for sorting hands deterministically; each game ranks
    cards with its own rank order.  This class writes ranks the French way (``A``, ``T``,
    ``J``, ``Q``, ``K``); the numbered Diamonds deck uses :class:`NumberedCard`.  Ranks 14
    and 15 are allowed (written as numbers) so that a trick kit's rank order may be laid
    out for any deck, but no French deck holds them.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.suit not in SUITS:
            raise BadCard(f"unknown suit {self.suit!r}: suits are S, H, D, C")
        if not 1 <= self.rank <= 15:
            raise BadCard(f"rank {self.rank} out of range 1..15")

    @property
    def code(self) -> str:
        """Canonical code: ``QS``, ``TD``, ``AH``; ranks above 13 as numbers (``15D``)."""
        if self.rank <= 13:
            return RANK_CHARS[self.rank - 1] + self.suit
        return f"{self.rank}{self.suit}"

    @property
    def value(self) -> int:
        """Face value used by arithmetic games: A=1, J=11, Q=12, K=13."""
        return self.rank

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def rank_label(self) -> str:
        """The rank as the card's corner shows it: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return FACE_LETTERS.get(self.rank, str(self.rank))

    @property
    def label(self) -> str:
        """Short human label with the suit symbol: ``Q♠``, ``10♦``."""
        return self.rank_label + self.symbol

    @property
    def name(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_svg_(self) -> str:
        from cardlib.svg import card_svg

        return card_svg(self)


class NumberedCard(Card):
    """A card of a numbered deck (Diamonds: 1 to 15 in each suit, no ace, no faces),
    written and shown as its number: code ``1D`` .. ``15D``, label ``1♦``, name
    ``1 of diamonds``, and the number on its face in every picture.

    Why a subclass and not a field on :class:`Card`: the French games' cards stay exactly
    what they were (same class, fields, pickles and pictures), and the deck data alone
    decides how a card is written (:func:`diamonds_deck` builds these, so every card the
    Diamonds engine hands out is one).  A card is still its rank and suit: it compares,
    hashes and sorts with any :class:`Card` by those two, so bit layouts and the trick
    kit's rank tables find it whichever class asks.  (Python tries a subclass's
    comparison first, so ``Card(11, "D") == NumberedCard(11, "D")`` either way round.)
    """

    __slots__ = ()

    @property
    def code(self) -> str:
        """The number and the suit: ``1D``, ``10D``, ``15C``."""
        return f"{self.rank}{self.suit}"

    @property
    def rank_label(self) -> str:
        return str(self.rank)

    @property
    def name(self) -> str:
        return f"{self.rank} of {SUIT_NAMES[self.suit]}"

    def __repr__(self) -> str:
        return f"NumberedCard({self.code!r})"

    def _same(self, other: object) -> tuple[int, str] | None:
        return (other.rank, other.suit) if isinstance(other, Card) else None

    def __eq__(self, other: object) -> bool:
        theirs = self._same(other)
        return NotImplemented if theirs is None else (self.rank, self.suit) == theirs

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))  # as Card's, so either finds the other in a dict

    def __lt__(self, other: object) -> bool:
        theirs = self._same(other)
        return NotImplemented if theirs is None else (self.rank, self.suit) < theirs

    def __le__(self, other: object) -> bool:
        theirs = self._same(other)
        return NotImplemented if theirs is None else (self.rank, self.suit) <= theirs

    def __gt__(self, other: object) -> bool:
        theirs = self._same(other)
        return NotImplemented if theirs is None else (self.rank, self.suit) > theirs

    def __ge__(self, other: object) -> bool:
        theirs = self._same(other)
        return NotImplemented if theirs is None else (self.rank, self.suit) >= theirs


def parse_card(text: str | Card, *, numeric: bool = False) -> Card:
    """Read a card code such as ``QS``, ``qs``, ``10D``, ``TD`` or ``AH``.

    ``numeric=True`` reads the numbered Diamonds deck instead: ``1D`` .. ``15D`` give a
    :class:`NumberedCard` (``1D`` is the 1, not an ace), and a letter rank (A, T, J, Q, K)
    is refused, naming the number it would stand for.  A bad code raises :class:`BadCard`
    naming it.  A :class:`Card` is returned as it is.
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise BadCard(f"card code must be text, got {text!r}")
    raw = text.strip().upper()
    if len(raw) < 2:
        example = "'7D' or '15D'" if numeric else "'QS' or '10D'"
        raise BadCard(f"bad card code {text!r}: expected rank then suit, like {example}")
    rank_part, suit = raw[:-1], raw[-1]
    if suit not in SUITS:
        raise BadCard(f"bad card code {text!r}: unknown suit {suit!r} (use S, H, D or C)")
    if numeric:
        return NumberedCard(_number(text, rank_part, suit), suit)
    if rank_part.isdigit():
        rank = int(rank_part)
        if not 2 <= rank <= 10:
            raise BadCard(f"bad card code {text!r}: rank {rank_part!r} is not a card rank")
    elif len(rank_part) == 1 and rank_part in RANK_CHARS:
        rank = RANK_CHARS.index(rank_part) + 1
    else:
        raise BadCard(f"bad card code {text!r}: unknown rank {rank_part!r}")
    return Card(rank, suit)


def _number(text: str, rank_part: str, suit: str) -> int:
    """The rank of a numbered-deck code, 1 to 15; anything else raises ``BadCard``."""
    if rank_part.isdigit():
        rank = int(rank_part)
        if 1 <= rank <= 15:
            return rank
        raise BadCard(f"bad card code {text!r}: rank {rank} is outside the numbered deck's "
                      "1 to 15")
    if len(rank_part) == 1 and rank_part in RANK_CHARS:
        number = RANK_CHARS.index(rank_part) + 1
        raise BadCard(f"bad card code {text!r}: the numbered deck (1 to 15) has no "
                      f"{rank_part!r}; for the {number} write '{number}{suit}'")
    raise BadCard(f"bad card code {text!r}: unknown rank {rank_part!r} (the numbered deck "
                  "runs from 1 to 15)")


def parse_cards(text: str | Iterable[str | Card], *, numeric: bool = False) -> tuple[Card, ...]:
    """Read several codes, from a list or a space/comma separated string."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(item, numeric=numeric) for item in items)


def codes(cards: Iterable[Card]) -> list[str]:
    """The canonical codes of ``cards``, for JSON and messages."""
    return [card.code for card in cards]


# --- Decks -------------------------------------------------------------------------------

def french_deck() -> tuple[Card, ...]:
    """The 52-card French deck, suit by suit (S, H, D, C), ace to king."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def suit_cards(suit: str, ranks: Iterable[int] = range(1, 14)) -> tuple[Card, ...]:
    """The cards of one suit, in the order of ``ranks``."""
    return tuple(Card(rank, suit) for rank in ranks)


def hungarian_deck() -> tuple[Card, ...]:
    """Cruce's 24-card pack: 9, 10, J, Q, K, A in each of the four suits."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in (9, 10, 11, 12, 13, 1))


def diamonds_deck() -> tuple[NumberedCard, ...]:
    """The Diamonds game's 60 cards: four suits of 1..15, numbered cards (``1D`` .. ``15D``,
    shown ``1♦`` .. ``15♦``)."""
    return tuple(NumberedCard(rank, suit) for suit in SUITS for rank in range(1, 16))


DECKS = {
    "french52": french_deck,
    "hungarian24": hungarian_deck,
    "diamonds60": diamonds_deck,
}

T = TypeVar("T")


def shuffled(items: Sequence[T], seed: int | str) -> tuple[T, ...]:
    """A seeded shuffle: the same ``items`` and ``seed`` give the same order everywhere.

    Uses Python's Mersenne Twister through :class:`random.Random`, whose output for a given
    integer or string seed is stable across platforms and Python versions (string seeds are
    hashed with SHA-512, not with the per-process ``hash``).
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        # random.Random(None) would shuffle differently on every run; a float or a bool
        # is almost surely a mistake.  Refuse them so a deal always replays.
        raise ValueError(f"seed {seed!r}: give a whole number or a text")
    order = list(items)
    random.Random(seed).shuffle(order)
    return tuple(order)


def deal(cards: Sequence[T], hands: int, size: int) -> tuple[tuple[T, ...], ...]:
    """Deal ``size`` cards to each of ``hands`` players one at a time, round the table.

    Card k goes to hand k % hands, which is how cards are dealt at a real table (and how
    OpenSpiel deals Hearts, so the differential test can share deals).
    """
    if hands * size > len(cards):
        raise ValueError(f"cannot deal {hands}×{size} cards from {len(cards)}")
    dealt = cards[:hands * size]
    return tuple(tuple(dealt[h::hands]) for h in range(hands))  # every hands-th card from h
