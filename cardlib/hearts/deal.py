"""How each hand of a Hearts game begins: the deal, the pass direction, the opening.

Every hand's deal follows from the game's seed (``seeded_deal``), or a scripted hand is
given card by card (``checked_hands``, which names the seat and card of any mistake).
``Deal`` holds what stays fixed through a hand, and ``Opening`` how the game began, so a
saved game can be started again the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card, deal, french_deck, parse_cards, shuffled
from cardlib.hearts.deck import HAND_SIZE, LAYOUT, PLAYERS, SEATS

PASS_ROTATION = (1, 3, 2, 0)
"""Seats to count on from the passer, by hand number mod 4: left, right, across, none."""
DIRECTION_NAMES = {1: "left", 3: "right", 2: "across", 0: "none"}


@dataclass(frozen=True)
class Deal:
    """What stays fixed for a whole hand: its number, how it was dealt, where cards pass."""

    number: int
    """Hands are numbered from 0; the pass direction follows ``number % 4``."""
    dealt: tuple[int, ...]
    """Each seat's 13 cards as dealt, before the pass (bit sets)."""
    direction: int
    """Seats from passer to receiver: 1 left, 3 right, 2 across, 0 no pass."""

    @property
    def direction_name(self) -> str:
        return DIRECTION_NAMES[self.direction]

    @property
    def direction_words(self) -> str:
        """``to the left``, ``to the right``, ``across``, or ``nowhere``."""
        return {1: "to the left", 3: "to the right", 2: "across", 0: "nowhere"}[self.direction]


@dataclass(frozen=True)
class Opening:
    """How the game began, for ``start_record``: a seeded deal, or given hands."""

    hand_number: int = 0
    totals: tuple[int, ...] = (0, 0, 0, 0)
    hands: tuple[tuple[str, ...], ...] | None = None


DECK_BITS: tuple[int, ...] = tuple(LAYOUT.bit_of[card] for card in french_deck())
"""The deck in ``french_deck()`` order, as bit positions.  A shuffle moves items by
position only, so shuffling these with a seed deals the same cards as shuffling the Cards;
it skips building 52 Cards and looking each one up again, which cost more than the shuffle
(every hand of a random playout is dealt)."""


CARD_BITS: tuple[int, ...] = tuple(1 << bit for bit in range(len(LAYOUT.card_at)))
"""The one-card bit set of each bit position: a hand's bit set is the sum of its cards'
(a table look-up mapped in C costs less than shifting in a Python loop)."""


def seeded_deal(seed: int | str, number: int) -> tuple[int, ...]:
    """The deal of hand ``number`` of the game with ``seed``, as four bit sets.

    Shuffled with the seed ``"{seed}:hand{number}"`` and dealt one card at a time round
    the table (card k to seat k % 4), the way OpenSpiel deals, so both can share deals.
    """
    hands = deal(shuffled(DECK_BITS, f"{seed}:hand{number}"), PLAYERS, HAND_SIZE)
    return tuple([sum(map(CARD_BITS.__getitem__, hand)) for hand in hands])


def checked_hands(hands: Sequence[Iterable[Card | str] | str]) -> tuple[int, ...]:
    """Four hands of 13 cards that together are the 52-card deck, as bit sets.

    A malformed deal raises ``ValueError`` naming the seat and the bad, missing or doubled
    cards, so a scripted deal with a typo fails where the typo is.
    """
    if isinstance(hands, str) or len(hands) != PLAYERS:
        raise ValueError(f"a Hearts deal is {PLAYERS} hands (North, East, South, West); "
                         f"got {hands!r}")
    masks: list[int] = []
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand)
        if len(cards) != HAND_SIZE:
            raise ValueError(f"{SEATS[seat]} has {len(cards)} cards; each hand is "
                             f"{HAND_SIZE}: {' '.join(c.code for c in cards)}")
        for card in cards:
            if card in seen:
                raise ValueError(f"{card.code} is dealt twice ({seen[card]} and "
                                 f"{SEATS[seat]})")
            seen[card] = SEATS[seat]
        masks.append(LAYOUT.mask(cards))
    return tuple(masks)
