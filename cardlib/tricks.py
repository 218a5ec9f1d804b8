"""Trick-taking mechanics, written once for Hearts, Diamonds and Cruce.

A trick is led by one seat and followed by the others in seat order.  What a player may
play to it depends on a handful of switches that differ between games:

* ``must_follow``: play a card of the led suit if you hold one (all three games);
* ``must_trump``: if you cannot follow, play a trump if you hold one (Cruce);
* ``must_beat``: if you can, play a card that takes the lead of the trick (Cruce);

and who wins it depends on a rank order (data, low to high) and an optional trump suit.
The games layer their own restrictions on top (Hearts' first trick, hearts unbroken)
by narrowing the set this module returns, never by re-implementing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card

STANDARD_ORDER: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)
"""Ranks low to high with the ace high: 2 < 3 < … < K < A."""


@dataclass(frozen=True)
class TrickRules:
    """The trick-taking switches of one game (see the module docstring)."""

    rank_order: tuple[int, ...] = STANDARD_ORDER
    trump: str | None = None
    must_follow: bool = True
    must_trump: bool = False
    must_beat: bool = False

    def power(self, card: Card) -> int:
        """How strong ``card`` is within its suit (higher wins)."""
        return self._power[card.rank]

    @property
    def _power(self) -> dict[int, int]:
        cached = self.__dict__.get("_power_cache")
        if cached is None:
            cached = {rank: i for i, rank in enumerate(self.rank_order)}
            object.__setattr__(self, "_power_cache", cached)
        return cached


@dataclass(frozen=True, slots=True)
class Trick:
    """The cards played so far to one trick, in play order, and who led it."""

    leader: int
    cards: tuple[Card, ...] = ()
    players: int = 4

    @property
    def led_suit(self) -> str | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == self.players

    @property
    def next_seat(self) -> int:
        """Whose turn it is to play to this trick."""
        return (self.leader + len(self.cards)) % self.players

    def seat_of(self, index: int) -> int:
        """The seat that played the ``index``-th card of the trick."""
        return (self.leader + index) % self.players

    def plays(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs in play order."""
        return [(self.seat_of(i), card) for i, card in enumerate(self.cards)]

    def add(self, card: Card) -> Trick:
        if self.is_complete:
            raise ValueError("the trick is complete")
        return Trick(self.leader, self.cards + (card,), self.players)

    def winner(self, rules: TrickRules) -> int:
        """The seat that takes the trick (also the current leader of an incomplete one)."""
        return self.seat_of(winning_index(self.cards, rules))


def winning_index(cards: Sequence[Card], rules: TrickRules) -> int:
    """Index of the card that holds the trick: the highest trump if any was played,
    otherwise the highest card of the led suit.  Off-suit discards never win."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], cards[0].suit, rules):
            best = i
    return best


def beats(card: Card, holder: Card, led: str, rules: TrickRules) -> bool:
    """Whether ``card`` takes the lead from ``holder`` in a trick led in suit ``led``."""
    if card.suit == holder.suit:
        return rules.power(card) > rules.power(holder)
    if rules.trump is not None and card.suit == rules.trump:
        return True  # holder is not a trump here (same suit handled above)
    return False


@dataclass(frozen=True)
class PlayCheck:
    """Which cards the trick rules allow, and the rule that narrowed them."""

    allowed: tuple[Card, ...]
    rule: str
    text: str


def playable(hand: Iterable[Card], trick: Sequence[Card], rules: TrickRules) -> PlayCheck:
    """The cards of ``hand`` that may go to ``trick`` (the cards played so far).

    The result names the rule that decided, so a game's ``explain`` can cite it:
    ``trick.lead`` (any card leads), ``trick.follow-suit``, ``trick.must-beat``,
    ``trick.must-trump``, or ``trick.void`` (cannot follow, nothing forced).
    """
    hand = tuple(hand)
    if not trick:
        return PlayCheck(hand, "trick.lead", "the leader may lead any card")
    led = trick[0].suit
    holder = trick[winning_index(trick, rules)]
    same = tuple(c for c in hand if c.suit == led)
    if rules.must_follow and same:
        if rules.must_beat:
            higher = tuple(c for c in same if beats(c, holder, led, rules))
            if higher:
                return PlayCheck(higher, "trick.must-beat",
                                 f"you must follow {led} with a card that beats {holder}")
        return PlayCheck(same, "trick.follow-suit", f"you must follow suit ({led})")
    if rules.must_trump and rules.trump is not None and rules.trump != led:
        trumps = tuple(c for c in hand if c.suit == rules.trump)
        if trumps:
            if rules.must_beat:
                higher = tuple(c for c in trumps if beats(c, holder, led, rules))
                if higher:
                    return PlayCheck(higher, "trick.must-beat",
                                     f"void in {led}: you must overtrump {holder}")
            return PlayCheck(trumps, "trick.must-trump",
                             f"void in {led}: you must play a trump ({rules.trump})")
    return PlayCheck(hand, "trick.void", f"void in {led}: any card may be discarded")
