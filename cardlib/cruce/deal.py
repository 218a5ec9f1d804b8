"""How each hand of Cruce begins: who deals, the deal per player count, the 2-player stock.

At two players the stock serves one of two forms (option ``two_player_form``): both
players draw from it after each trick (the default), or in the auction form the declarer
takes its top ``AUCTION_TAKE`` cards, gives ``GIVE_COUNT`` cards away, and the rest of the
stock is dead.  The deal itself is the same.

Every hand's deal follows from the game's seed (``seeded_deal``), or a scripted hand is
given card by card (``checked_deal``, which names the seat and card of any mistake).
``Deal`` holds what stays fixed through a hand; ``Opening`` how the game began, so that a
saved game can be started again the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card, deal, hungarian_deck, parse_cards, shuffled
from cardlib.cruce.deck import LAYOUT, SEAT_NAMES
from cardlib.cruce.rules import Options

HAND_SIZE = {2: 8, 3: 8, 4: 6}
"""Cards dealt to each player, by player count (rule ``cruce.deal``)."""
STOCK_SIZE = {2: 8, 3: 0, 4: 0}
"""Cards left face down as a stock: only at two players."""
AUCTION_TAKE = 4
"""Auction form: the stock cards the declarer takes, from the top (rule
``cruce.stock.auction``); the other 4 are dead."""
GIVE_COUNT = 2
"""Auction form: the cards the declarer then gives the other player (``cruce.stock.give``)."""


@dataclass(frozen=True)
class Deal:
    """What stays fixed for a whole hand: its number, the dealer, the cards dealt."""

    number: int
    """Hands are numbered from 0; the deal passes one seat to the left each hand."""
    dealer: int
    dealt: tuple[int, ...]
    """Each seat's cards as dealt (bit sets)."""
    stock: tuple[int, ...]
    """The stock as dealt, top card first (bit positions); empty at three and four."""

    @property
    def first_bidder(self) -> int:
        """The dealer's left: the first to receive cards, to bid and (all passing) to lead."""
        return (self.dealer + 1) % len(self.dealt)


def free_tricks(deal: Deal, options: Options) -> int:
    """How many of the first tricks are played while the stock lasts, with no duty to
    follow or trump (rule ``cruce.stock.free``): one per card each player draws; none in
    the auction form, where nobody draws."""
    if options.two_player_form == "auction":
        return 0
    return len(deal.stock) // len(deal.dealt)


@dataclass(frozen=True)
class Opening:
    """How the game began, for ``start_record``: a seeded deal, or given hands."""

    hand_number: int = 0
    totals: tuple[int, ...] | None = None
    """The sides' totals before the first hand (None: all 0)."""
    hands: tuple[tuple[str, ...], ...] | None = None
    stock: tuple[str, ...] = ()


def dealer_of(number: int, players: int) -> int:
    """Who deals hand ``number``: the last seat deals the first hand, so seat 0 bids first;
    then the deal passes to the left."""
    return (number + players - 1) % players


def seeded_deal(seed: int | str, number: int, players: int) -> Deal:
    """The deal of hand ``number`` of the game with ``seed``.

    The pack is shuffled with the seed ``"{seed}:hand{number}"`` and dealt one card at a
    time from the dealer's left; at two players the 8 cards left over are the stock, in
    the order they lie (its top card first).
    """
    dealer = dealer_of(number, players)
    order = shuffled(hungarian_deck(), f"{seed}:hand{number}")
    size = HAND_SIZE[players]
    received = deal(order, players, size)
    hands = [0] * players
    for k, cards in enumerate(received):
        hands[(dealer + 1 + k) % players] = LAYOUT.mask(cards)
    stock = tuple(LAYOUT.bit(card) for card in order[players * size:])
    return Deal(number, dealer, tuple(hands), stock)


def checked_deal(hands: Sequence[Iterable[Card | str] | str], stock: Iterable[Card | str] | str,
                 number: int) -> Deal:
    """A scripted deal: ``hands`` seat 0 first, of the size the player count deals, and at
    two players a ``stock`` of 8 (top card first); every card at most once.

    A malformed deal raises ``ValueError`` naming the seat and the bad or doubled card, so
    a scripted hand with a typo fails where the typo is.
    """
    if isinstance(hands, str) or len(hands) not in HAND_SIZE:
        raise ValueError(f"a Cruce deal is 2, 3 or 4 hands, seat 0 first; got {hands!r}")
    players = len(hands)
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"hand_number={number!r}: hands are numbered 0, 1, 2, …")
    seen: dict[Card, str] = {}

    def checked(cards: tuple[Card, ...], owner: str, size: int) -> tuple[Card, ...]:
        if len(cards) != size:
            raise ValueError(f"{owner} has {len(cards)} cards; at {players} players it gets "
                             f"{size}: {' '.join(c.code for c in cards)}")
        for card in cards:
            if card not in LAYOUT.bit_of:
                raise ValueError(f"{owner}: {card.code} is not a card of the 24-card pack "
                                 "(9, 10, J, Q, K, A)")
            if card in seen:
                raise ValueError(f"{card.code} is dealt twice ({seen[card]} and {owner})")
            seen[card] = owner
        return cards

    masks = tuple(LAYOUT.mask(checked(parse_cards(hand), SEAT_NAMES[seat], HAND_SIZE[players]))
                  for seat, hand in enumerate(hands))
    pile = checked(parse_cards(stock), "the stock", STOCK_SIZE[players])
    return Deal(number, dealer_of(number, players), masks,
                tuple(LAYOUT.bit(card) for card in pile))
