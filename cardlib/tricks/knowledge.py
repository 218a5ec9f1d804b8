"""What one seat knows about the hands it cannot see, from the public record of play.

A player at a trick game keeps track of a few things: which cards have been played (they
are in nobody's hand), who showed out of a suit (did not follow it, so holds none), which
cards it knows to be in some hand (Hearts: the ones it passed; Cruce: a marriage shown) and
how many cards each seat holds.  :class:`Knowledge` gathers those as bit sets, and a game
adds its own inferences as limits (Hearts: a point card discarded on the first trick means
a hand of only point cards).  ``sample`` then deals the hidden cards in a way that fits all
of it, which is how a search bot imagines the game it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Self

from cardlib.tricks.bits import CardBits, bits_of
from cardlib.tricks.rules import Trick


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` can infer about the hands it cannot see, as bit sets.

    ``possible[s]`` are the cards seat ``s`` may still hold; ``certain[s]`` the cards it
    surely holds; ``sizes[s]`` how many it holds; ``voids[s]`` the suits it has shown out
    of (in the layout's suit order); ``seen`` every card played so far.  Hidden cards that
    no seat needs (a deal that leaves cards out) are in no hand.
    """

    seat: int
    possible: tuple[int, ...]
    certain: tuple[int, ...]
    sizes: tuple[int, ...]
    voids: tuple[str, ...]
    seen: int

    @classmethod
    def gather(cls, seat: int, hand: int, tricks: Sequence[Trick], sizes: Sequence[int],
               layout: CardBits, *, known: Mapping[int, int] | None = None,
               limits: Sequence[int] | None = None) -> Self:
        """What ``seat``, holding ``hand``, knows after ``tricks`` (this hand's tricks so
        far, the one on the table included, as cards) when the seats hold ``sizes`` cards.

        ``known[s]`` are cards ``seat`` saw go into seat ``s``'s hand (those not played
        since are certain); ``limits[s]``, the game's own inferences, the cards seat ``s``
        can hold at most.
        """
        players = len(sizes)
        seen = 0
        shown_out = [0] * players  # the suits each seat did not follow, as one mask
        for trick in tricks:
            cards = trick.cards
            if not cards:
                continue
            led = cards[0].suit
            for index, card in enumerate(cards):
                seen |= 1 << layout.bit(card)
                if card.suit != led:
                    shown_out[trick.seat_of(index)] |= layout.suit_mask[led]
        hidden = layout.full & ~hand & ~seen
        known = known or {}
        possible, certain = [], []
        for s in range(players):
            if s == seat:
                possible.append(hand)
                certain.append(hand)
                continue
            sure = known.get(s, 0) & hidden
            limit = layout.full if limits is None else limits[s]
            possible.append(hidden & ~shown_out[s] & limit | sure)
            certain.append(sure)
        voids = tuple("".join(suit for suit in layout.suits if out & layout.suit_mask[suit])
                      for out in shown_out)
        return cls(seat, tuple(possible), tuple(certain), tuple(sizes), voids, seen)

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """One guess of every hand (bit sets) that fits all the inferences.

        Cards go one at a time, the most constrained first, each to a seat that may hold it
        with a chance in proportion to the room left there (so, without inferences, every
        deal of the hidden cards is equally likely; hidden cards beyond the room in the
        hands go to a "nobody" pile the same way).  A dead end, which the inferences can
        rarely cause, starts the guess over.
        """
        players = len(self.sizes)
        hands = list(self.certain)
        possible = list(self.possible)
        room = [self.sizes[s] - hands[s].bit_count() for s in range(players)]
        room[self.seat] = 0
        free = 0
        for s in range(players):
            if s != self.seat:
                free |= possible[s]
        for s in range(players):
            free &= ~self.certain[s]
        cards = bits_of(free)
        spare = len(cards) - sum(room)
        if spare < 0:
            raise RuntimeError(f"seat {self.seat} knows of too few cards to fill the hidden "
                               f"hands: {self}")
        if spare:  # the cards that are in no hand, as one more "seat"
            hands.append(0)
            possible.append(free)
            room.append(spare)
        seats_here = range(len(room))
        for _attempt in range(200):
            rng.shuffle(cards)
            cards.sort(key=lambda b: sum(room[s] > 0 and possible[s] >> b & 1
                                         for s in seats_here))
            guess, left = list(hands), list(room)
            for bit in cards:
                seats = [s for s in seats_here if left[s] and possible[s] >> bit & 1]
                if not seats:
                    break
                s = rng.choices(seats, weights=[left[s] for s in seats])[0]
                guess[s] |= 1 << bit
                left[s] -= 1
            else:
                return tuple(guess[:players])
        raise RuntimeError(f"no deal fits what seat {self.seat} knows: {self}")
