"""How each round of a Diamonds game begins: the dealer and the deal.

Every chance event follows from the game's seed: who deals first (``first_dealer``) and
each round's shuffle (``seeded_deal``, seeded ``"{seed}:round{number}"``), so a game
replays from its seed and its moves.  A scene for a test or a notebook can instead give
the hands card by card (the kit's ``from_hands`` checks them and saves how the game
began).
"""

from __future__ import annotations

import random

from cardlib.cards import diamonds_deck
from cardlib.diamonds.deck import HAND_SIZE, LAYOUT
from cardlib.tricks import deal_hands


def first_dealer(seed: int | str, players: int) -> int:
    """The seat that deals the first round, drawn at random from the game's seed."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"seed {seed!r}: give a whole number or a text")
    return random.Random(f"{seed}:dealer").randrange(players)


DECK_BITS: tuple[int, ...] = tuple(LAYOUT.bit(card) for card in diamonds_deck())
"""The 60 cards in ``diamonds_deck()`` order, as bit positions (what the kit's deal
shuffles)."""


def seeded_deal(seed: int | str, number: int, dealer: int, players: int) -> tuple[int, ...]:
    """The hands of round ``number`` as bit sets, seat 0 first: the 60 cards shuffled with
    the seed ``"{seed}:round{number}"`` and dealt one at a time from the dealer's left,
    10 to each player (the kit's :func:`~cardlib.tricks.deal_hands`); the rest are set
    aside unseen."""
    return deal_hands(DECK_BITS, seed, number, players, HAND_SIZE, first=dealer + 1,
                      word="round")[0]
