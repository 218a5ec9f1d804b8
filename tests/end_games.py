"""Random small Black Diamond end games for checking the solvers against brute force.

The boards' piles are filled the same way wherever a test builds one, so that each test
module only says what makes its boards hard (which cards are left to play, how many
diamonds), and a board seen in one test's failure reads like the others'.
"""

from __future__ import annotations

import random

from cardlib.blackdiamond import PILES
from cardlib.cards import Card


def random_piles(rng: random.Random, spare: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """Each pile filled under its limit with cards taken from ``spare`` (which loses
    them), suits alternating from a random first suit, as play would leave them."""
    piles = []
    for pile in PILES:
        count = rng.randint(0, pile.limit - 1)
        suit = rng.choice("SC")
        cards = []
        for _ in range(count):
            card = next((c for c in spare if c.suit == suit), None)
            if card is None:
                break
            spare.remove(card)
            cards.append(card)
            suit = "C" if suit == "S" else "S"
        piles.append(tuple(cards))
    return tuple(piles)
