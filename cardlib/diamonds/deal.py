"""How each round of a Diamonds game begins: the dealer, the deal, and scripted openings.

Every chance event follows from the game's seed: who deals first (``first_dealer``) and
each round's shuffle (``seeded_deal``, seeded ``"{seed}:round{number}"``), so a game
replays from its seed and its moves.  A scene for a test or a notebook can instead give
the hands card by card (``checked_hands`` names the seat and card of any mistake); the
:class:`Opening` remembers how the game began so a saved game starts again the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card, deal, diamonds_deck, shuffled
from cardlib.diamonds.deck import HAND_SIZE, LAYOUT, SEATS, read_card


@dataclass(frozen=True)
class Opening:
    """How a scripted game began (``None`` fields: as a seeded game begins)."""

    hands: tuple[tuple[str, ...], ...] | None = None
    """The hands given for the first round, as card codes, seat 0 first."""
    dealer: int | None = None
    round: int = 0
    vault: tuple[int, ...] | None = None
    showroom: tuple[int, ...] | None = None
    supply: int | None = None
    pass_cards: bool = True
    """False: the scripted round starts at the first lead, with no pass."""


def first_dealer(seed: int | str, players: int) -> int:
    """The seat that deals the first round, drawn at random from the game's seed."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"seed {seed!r}: give a whole number or a text")
    return random.Random(f"{seed}:dealer").randrange(players)


def seeded_deal(seed: int | str, number: int, dealer: int, players: int) -> tuple[int, ...]:
    """The hands of round ``number`` as bit sets, seat 0 first: the 60 cards shuffled with
    the seed ``"{seed}:round{number}"`` and dealt one at a time from the dealer's left,
    10 to each player; the rest are set aside unseen."""
    dealt = deal(shuffled(diamonds_deck(), f"{seed}:round{number}"), players, HAND_SIZE)
    hands = [0] * players
    for k, cards in enumerate(dealt):
        hands[(dealer + 1 + k) % players] = LAYOUT.mask(cards)
    return tuple(hands)


def checked_hands(hands: Sequence[Iterable[Card | str] | str]) -> tuple[int, ...]:
    """Hands given card by card, as bit sets: 2 to 6 hands of one size, 1 to 10 cards each,
    no card twice.  A mistake raises ``ValueError`` naming the seat and the card."""
    if isinstance(hands, str) or not 2 <= len(hands) <= len(SEATS):
        raise ValueError(f"give 2 to {len(SEATS)} hands, one per seat; got {hands!r}")
    masks: list[int] = []
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(hands):
        cards = [read_card(c) for c in (hand.replace(',', ' ').split()
                                        if isinstance(hand, str) else hand)]
        if not 1 <= len(cards) <= HAND_SIZE:
            raise ValueError(f"{SEATS[seat]} has {len(cards)} cards; a hand has 1 to "
                             f"{HAND_SIZE}")
        for card in cards:
            if card in seen:
                raise ValueError(f"{card.label} is dealt twice ({seen[card]} and "
                                 f"{SEATS[seat]})")
            seen[card] = SEATS[seat]
        masks.append(LAYOUT.mask(cards))
    sizes = {mask.bit_count() for mask in masks}
    if len(sizes) != 1:
        raise ValueError(f"every player plays to each trick: give hands of one size, not "
                         f"{[mask.bit_count() for mask in masks]}")
    return tuple(masks)
