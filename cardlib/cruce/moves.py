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

from cardlib.cards import SUIT_NAMES, SUIT_SYMBOLS
from cardlib.cruce.deck import LAYOUT, SUITS
from cardlib.move_text import MoveText
from cardlib.tricks import CardMove, InternedMove, ItemsOf, ValueMove

MAX_BID = 6
"""The highest bid any option allows (CruceGame's 6 = 198 points)."""


class CruceMove(InternedMove):
    """Base of Cruce's moves.  Each move exists once (``Play('KH') is Play('KH')``)."""

    __slots__ = ()


class Bid(ValueMove, CruceMove):
    """Bid ``amount`` (0 = pass).  Written ``bid 2`` or ``pass``."""

    __slots__ = ("amount",)
    amount: int
    verb = "bid"

    def __str__(self) -> str:
        return "pass" if self.amount == 0 else f"bid {self.amount}"


class NameTrump(ValueMove, CruceMove):
    """With ``trump='declarer-names'``: the high bidder names trump.  Written ``trump H``."""

    __slots__ = ("suit",)
    suit: str
    verb = "trump"


class Play(CardMove, CruceMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``KH``."""

    __slots__ = ()


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
    verb = "give"


BIDS: tuple[Bid, ...] = Bid.intern(
    range(MAX_BID + 1), first_key=0, what="bid",
    expected=f"bid a whole number from 1 to {MAX_BID}, or pass")
TRUMP_CHOICES: tuple[NameTrump, ...] = NameTrump.intern(
    SUITS, first_key=8, what="trump", expected="name a suit, H, D, S or C")
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


MOVE_TEXT = MoveText(
    CruceMove, such_as="'KH', 'bid 2' or 'pass'", lower=True,
    expected="write a card ('KH'), 'KH announce', 'bid 2', 'pass', 'trump H' or 'give KH'",
    word=Play, alone={"pass": BIDS[0]},
    verbs={"play": Play, "announce": Announce, "bid": Bid, "trump": NameTrump, "give": Give},
    after=("announce",), marks={"+": "announce"}, glued=("bid", "give"))
"""How Cruce's moves are written (``cardlib.move_text``)."""


def parse_move(text: str | CruceMove) -> CruceMove:
    """``KH`` or ``play KH`` → Play; ``KH announce``, ``announce KH`` or ``KH+`` → Announce;
    ``bid 2`` or ``bid2`` → Bid(2); ``pass`` → Bid(0); ``trump H`` → NameTrump;
    ``give KH`` or ``giveKH`` → Give.  (The one-word forms serve scripts that split moves
    at spaces.)"""
    return MOVE_TEXT.read(text)


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
