"""Cruce's moves, and how to write them.

* ``Bid(k)``: bid k (a promise of 33·k points), ``Bid(0)`` is a pass: ``bid 2``, ``pass``;
* ``NameTrump(suit)``: with ``trump='declarer-names'``, the high bidder names trump:
  ``trump H``;
* ``Play(card)``: play a card: ``KH``;
* ``Announce(card)``: lead a K or Q and announce the marriage it makes with its partner
  card: ``KH announce``.  The announcement is part of the lead, one move, so it is in the
  history every seat sees;
* ``Give(card)``: with ``two_player_form='auction'``, the declarer gives one card to the
  other player, twice: ``give KH``.  One card a move, so a hand of cards stays a row of
  buttons and ``explain`` can name the one card it refuses.

Every move is built once, here, when the module loads (interned, see
``cardlib.tricks.moves``), so a move compares and hashes like an int: the protocol sorts
and checks legal moves on every move of every playout.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlib.cards import SUIT_NAMES, SUIT_SYMBOLS, BadCard
from cardlib.cruce.deck import LAYOUT, SUITS
from cardlib.protocol import BadMoveText
from cardlib.tricks import CardMove, InternedMove, ItemsOf

MAX_BID = 6
"""The highest bid any option allows (CruceGame's 6 = 198 points)."""


class CruceMove(InternedMove):
    """Base of Cruce's moves.  Each move exists once (``Play('KH') is Play('KH')``)."""

    __slots__ = ()


class Bid(CruceMove):
    """Bid ``amount`` (0 = pass).  Written ``bid 2`` or ``pass``."""

    __slots__ = ("amount",)
    amount: int
    _by_amount: ClassVar[dict[int, Bid]]

    def __new__(cls, amount: int) -> Bid:
        try:
            return cls._by_amount[amount]
        except (KeyError, TypeError):
            raise BadMoveText(f"bad bid {amount!r}: bid a whole number from 1 to {MAX_BID}, "
                              "or pass") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Bid, (self.amount,))

    def __str__(self) -> str:
        return "pass" if self.amount == 0 else f"bid {self.amount}"

    def __repr__(self) -> str:
        return f"Bid({self.amount})"


class NameTrump(CruceMove):
    """With ``trump='declarer-names'``: the high bidder names trump.  Written ``trump H``."""

    __slots__ = ("suit",)
    suit: str
    _by_suit: ClassVar[dict[str, NameTrump]]

    def __new__(cls, suit: str) -> NameTrump:
        try:
            return cls._by_suit[suit.strip().upper()]
        except (KeyError, AttributeError):
            raise BadMoveText(f"bad trump {suit!r}: name a suit, H, D, S or C") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (NameTrump, (self.suit,))

    def __str__(self) -> str:
        return f"trump {self.suit}"

    def __repr__(self) -> str:
        return f"NameTrump({self.suit!r})"


class Play(CardMove, CruceMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``KH``."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.card.code


class Announce(CardMove, CruceMove):
    """Lead ``card`` (a K or Q) and announce the marriage with its partner card in hand.
    Written ``KH announce``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.card.code} announce"


class Give(CardMove, CruceMove):
    """In the 2-player auction form: the declarer gives ``card`` to the other player.
    Written ``give KH``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"give {self.card.code}"


Bid._by_amount = {amount: Bid._make(amount, amount=amount) for amount in range(MAX_BID + 1)}
BIDS: tuple[Bid, ...] = tuple(Bid._by_amount.values())
NameTrump._by_suit = {suit: NameTrump._make(8 + i, suit=suit) for i, suit in enumerate(SUITS)}
TRUMP_CHOICES: tuple[NameTrump, ...] = tuple(NameTrump._by_suit.values())
PLAYS: tuple[Play, ...] = Play.intern(LAYOUT, first_key=16, deck="the 24-card pack")
ANNOUNCES: tuple[Announce, ...] = Announce.intern(LAYOUT, first_key=48,
                                                  deck="the 24-card pack")
GIVES: tuple[Give, ...] = Give.intern(LAYOUT, first_key=80, deck="the 24-card pack")

plays_of = ItemsOf(LAYOUT, PLAYS).items
"""``plays_of(bits)``: a ``Play`` for each card of a bit set, in sort order."""
announces_of = ItemsOf(LAYOUT, ANNOUNCES).items
"""``announces_of(bits)``: an ``Announce`` for each card of a bit set, in sort order."""
gives_of = ItemsOf(LAYOUT, GIVES).items
"""``gives_of(bits)``: a ``Give`` for each card of a bit set, in sort order."""


def parse_move(text: str) -> CruceMove:
    """``KH`` or ``play KH`` → Play; ``KH announce``, ``announce KH`` or ``KH+`` → Announce;
    ``bid 2`` or ``bid2`` → Bid(2); ``pass`` → Bid(0); ``trump H`` → NameTrump;
    ``give KH`` or ``giveKH`` → Give.  (The one-word forms serve scripts that split moves
    at spaces.)"""
    if isinstance(text, CruceMove):
        return text
    if not isinstance(text, str):
        raise BadMoveText(f"a move is text such as 'KH', 'bid 2' or 'pass', not {text!r}")
    words = text.lower().split()
    try:
        if words == ["pass"]:
            return Bid(0)
        if len(words) == 1 and words[0].endswith("+"):
            return Announce(words[0][:-1])
        if len(words) == 1 and words[0].startswith("bid") and words[0][3:].isdigit():
            return Bid(int(words[0][3:]))
        if len(words) == 1 and words[0].startswith("give") and len(words[0]) > 4:
            return Give(words[0][4:])
        if len(words) == 1:
            return Play(words[0])
        if len(words) == 2:
            verb, other = words
            if verb == "bid" and other.isdigit():
                return Bid(int(other))
            if verb == "play":
                return Play(other)
            if verb == "announce":
                return Announce(other)
            if other == "announce":
                return Announce(verb)
            if verb == "trump":
                return NameTrump(other)
            if verb == "give":
                return Give(other)
    except BadCard as exc:
        raise BadMoveText(f"bad move {text!r}: {exc}") from None
    raise BadMoveText(f"bad move {text!r}: write a card ('KH'), 'KH announce', 'bid 2', "
                      "'pass', 'trump H' or 'give KH'")


def move_label(move: CruceMove) -> str:
    """A short label for a move button: ``K♥``, ``K♥ + marriage``, ``bid 2``, ``pass``,
    ``trump ♥``, ``give K♥``."""
    if isinstance(move, Announce):
        return f"{move.card.label} + marriage"
    if isinstance(move, Give):
        return f"give {move.card.label}"
    if isinstance(move, Play):
        return move.card.label
    if isinstance(move, NameTrump):
        return f"trump {SUIT_SYMBOLS[move.suit]} {SUIT_NAMES[move.suit]}"
    return str(move)
