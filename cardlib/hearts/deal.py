"""How each hand of a Hearts game begins: the deal and the pass direction.

Every hand's deal follows from the game's seed (``seeded_deal``, the kit's
:func:`~cardlib.tricks.deal_hands`), or a scripted hand is given card by card (the kit's
``from_hands`` checks it).  ``Deal`` holds what stays fixed through a hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlib.cards import french_deck
from cardlib.hearts.deck import HAND_SIZE, LAYOUT, PLAYERS
from cardlib.tricks import deal_hands

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


DECK_BITS: tuple[int, ...] = tuple(LAYOUT.bit_of[card] for card in french_deck())
"""The deck in ``french_deck()`` order, as bit positions.  A shuffle moves items by
position only, so shuffling these with a seed deals the same cards as shuffling the Cards;
it skips building 52 Cards and looking each one up again, which cost more than the shuffle
(every hand of a random playout is dealt)."""


def seeded_deal(seed: int | str, number: int) -> tuple[int, ...]:
    """The deal of hand ``number`` of the game with ``seed``, as four bit sets.

    Shuffled with the seed ``"{seed}:hand{number}"`` and dealt one card at a time round
    the table (card k to seat k % 4), the way OpenSpiel deals, so both can share deals.
    """
    return deal_hands(DECK_BITS, seed, number, PLAYERS, HAND_SIZE)[0]
