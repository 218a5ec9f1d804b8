"""How each hand of Cruce begins: who deals, the deal per player count, the 2-player stock.

At two players the stock serves one of two forms (option ``two_player_form``): both
players draw from it after each trick (the default), or in the auction form the declarer
takes its top ``AUCTION_TAKE`` cards, gives ``GIVE_COUNT`` cards away, and the rest of the
stock is dead.  The deal itself is the same.

Every hand's deal follows from the game's seed (``seeded_deal``, the kit's
``deal_hands``), or a scripted hand is given card by card (the kit's ``from_hands`` checks
the hands, ``checked_stock`` the stock).  ``Deal`` holds what stays fixed through a hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card, hungarian_deck, parse_cards
from cardlib.cruce.deck import LAYOUT, SEAT_NAMES
from cardlib.cruce.rules import Options
from cardlib.tricks import deal_hands, read_hands

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


def dealer_of(number: int, players: int) -> int:
    """Who deals hand ``number``: the last seat deals the first hand, so seat 0 bids first;
    then the deal passes to the left."""
    return (number + players - 1) % players


DECK_BITS: tuple[int, ...] = tuple(LAYOUT.bit(card) for card in hungarian_deck())
"""The pack in ``hungarian_deck()`` order, as bit positions (what the kit's deal shuffles)."""

DECK_WORDS = "the 24-card pack (9, 10, J, Q, K, A)"


def seeded_deal(seed: int | str, number: int, players: int) -> Deal:
    """The deal of hand ``number`` of the game with ``seed``.

    The pack is shuffled with the seed ``"{seed}:hand{number}"`` and dealt one card at a
    time from the dealer's left (the kit's :func:`~cardlib.tricks.deal_hands`); at two
    players the 8 cards left over are the stock, in the order they lie (its top card
    first).
    """
    dealer = dealer_of(number, players)
    hands, stock = deal_hands(DECK_BITS, seed, number, players, HAND_SIZE[players],
                              first=dealer + 1)
    return Deal(number, dealer, hands, stock)


def checked_stock(stock: Iterable[Card | str] | str, hands: Sequence[int]) -> tuple[int, ...]:
    """A scripted stock (top card first) as bit positions: at two players 8 cards of the
    pack, none in a hand or given twice; none at three and four.  A mistake raises
    ``ValueError`` naming the card."""
    players = len(hands)
    cards = parse_cards(stock)
    if len(cards) != STOCK_SIZE[players]:
        raise ValueError(f"the stock has {len(cards)} cards; at {players} players it gets "
                         f"{STOCK_SIZE[players]}: {' '.join(c.code for c in cards)}")
    dealt = 0
    for hand in hands:
        dealt |= hand
    for card in cards:
        if card not in LAYOUT.bit_of:
            raise ValueError(f"the stock: {card.code} is not a card of {DECK_WORDS}")
        if dealt >> LAYOUT.bit(card) & 1:
            raise ValueError(f"{card.code} is dealt twice (a hand and the stock)")
        dealt |= 1 << LAYOUT.bit(card)
    return tuple(LAYOUT.bit(card) for card in cards)


def checked_deal(hands: Sequence[Iterable[Card | str] | str], stock: Iterable[Card | str] | str,
                 number: int) -> Deal:
    """A scripted deal: ``hands`` seat 0 first, of the size the player count deals, and at
    two players a ``stock`` of 8 (top card first); every card at most once (the kit's
    :func:`~cardlib.tricks.read_hands`, then the stock)."""
    if isinstance(hands, str) or len(hands) not in HAND_SIZE:
        raise ValueError(f"a Cruce deal is 2, 3 or 4 hands, seat 0 first; got {hands!r}")
    players = len(hands)
    size = HAND_SIZE[players]
    masks = read_hands(hands, LAYOUT, SEAT_NAMES, sizes=(size,),
                       size_words=f"at {players} players it gets {size}",
                       deck_words=DECK_WORDS)
    return Deal(number, dealer_of(number, players), masks, checked_stock(stock, masks))
