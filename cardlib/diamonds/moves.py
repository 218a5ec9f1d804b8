"""Diamonds' moves, and how they are written.

* ``Announce(n)``: the dealer announces how many cards everyone passes (``announce 2``);
  counts 0 to 10 exist as moves so that ``explain`` can say why 0 or 4 is refused.
* ``Pass(card)``: pass a card to the left (``pass 7D``), one card a move.
* ``Play(card)``: play a card to the trick, written as its code alone (``7D``, ``11C``).
* ``Rob(seat)``: the ♣ action's victim, chosen by the seat taking it (``rob Cat``).

Cards are the numbered cards of the Diamonds deck, read and written as players number
them (``1D`` .. ``15D``: the 1 is the lowest card, not an ace); labels for people are
``1♦`` .. ``15♦``.  A letter rank (``AD``, ``JD``) is refused, naming the number meant.

Every move is built once, when the module loads (interned with the trick kit), so it
hashes and compares like an int: bots compare moves on every card of every playout.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlib.cards import BadCard
from cardlib.diamonds.deck import HAND_SIZE, LAYOUT, SEATS
from cardlib.protocol import BadMoveText
from cardlib.tricks import CardMove, FaceDownMove, InternedMove, ItemsOf

DECK_NAME = "the Diamonds deck (1 to 15 in ♦ ♥ ♠ ♣)"


class DiamondsMove(InternedMove):
    """Base of Diamonds' moves (each exists once: ``Play('7D') is Play('7D')``)."""

    __slots__ = ()


class Announce(DiamondsMove):
    """The dealer announces how many cards everyone passes: written ``announce 2``."""

    __slots__ = ("count",)
    count: int
    _by_count: ClassVar[tuple[Announce, ...]]

    def __new__(cls, count: int) -> Announce:
        if isinstance(count, bool) or not isinstance(count, int) \
                or count not in range(len(cls._by_count)):
            raise BadMoveText(f"bad pass count {count!r}: announce a number of cards, "
                              f"0 to {HAND_SIZE}")
        return cls._by_count[count]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Announce, (self.count,))

    def __str__(self) -> str:
        return f"announce {self.count}"

    def __repr__(self) -> str:
        return f"Announce({self.count})"


class Pass(FaceDownMove, DiamondsMove):
    """Pass ``card`` to the left.  Written ``pass 7D``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"pass {self.card.code}"


class Play(CardMove, DiamondsMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``7D``."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.card.code


class Rob(DiamondsMove):
    """The ♣ action's victim: take 1 point from ``seat``'s showroom.  Written ``rob Cat``."""

    __slots__ = ("seat",)
    seat: int
    _by_seat: ClassVar[tuple[Rob, ...]]

    def __new__(cls, seat: int | str) -> Rob:
        if isinstance(seat, str):
            names = [name.lower() for name in SEATS]
            if seat.strip().lower() not in names:
                raise BadMoveText(f"bad victim {seat!r}: name a seat, one of "
                                  f"{', '.join(SEATS)}")
            seat = names.index(seat.strip().lower())
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(len(SEATS)):
            raise BadMoveText(f"bad victim {seat!r}: seats are 0 to {len(SEATS) - 1}")
        return cls._by_seat[seat]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rob, (self.seat,))

    def __str__(self) -> str:
        return f"rob {SEATS[self.seat]}"

    def __repr__(self) -> str:
        return f"Rob({SEATS[self.seat]!r})"


Announce._by_count = tuple(Announce._make(k, count=k) for k in range(HAND_SIZE + 1))
PASSES: tuple[Pass, ...] = Pass.intern(LAYOUT, first_key=16, deck=DECK_NAME, numeric=True)
PLAYS: tuple[Play, ...] = Play.intern(LAYOUT, first_key=80, deck=DECK_NAME, numeric=True)
Rob._by_seat = tuple(Rob._make(144 + seat, seat=seat) for seat in range(len(SEATS)))
ROBS = Rob._by_seat

plays_of = ItemsOf(LAYOUT, PLAYS).items
"""``plays_of(bits)``: a ``Play`` for each card of a bit set, in sort order."""
passes_of = ItemsOf(LAYOUT, PASSES).items
"""``passes_of(bits)``: a ``Pass`` for each card of a bit set, in sort order."""


def parse_move(text: str | DiamondsMove) -> DiamondsMove:
    """``7D`` or ``play 7D`` → Play; ``pass 7D`` → Pass; ``announce 2`` → Announce;
    ``rob Cat`` → Rob.  Anything else raises ``BadMoveText`` saying what to write."""
    if isinstance(text, DiamondsMove):
        return text
    if not isinstance(text, str):
        raise BadMoveText(f"a move is text such as '7D', 'pass 7D', 'announce 2' or "
                          f"'rob Cat', not {text!r}")
    words = text.split()
    try:
        if len(words) == 1:
            return Play(words[0])
        if len(words) == 2:
            verb, what = words[0].lower(), words[1]
            if verb == "play":
                return Play(what)
            if verb == "pass":
                return Pass(what)
            if verb == "rob":
                return Rob(what)
            if verb == "announce" and what.isdigit():
                return Announce(int(what))
    except BadCard as exc:
        raise BadMoveText(f"bad move {text!r}: {exc}") from None
    raise BadMoveText(f"bad move {text!r}: write a card ('7D', '15C'), 'pass 7D', "
                      "'announce 2' or 'rob Cat'")


def move_label(move: DiamondsMove) -> str:
    """A short label for a move button: ``7♦``, ``pass 7♦``, ``pass 2 cards``, ``rob Cat``."""
    if isinstance(move, Play):
        return move.card.label
    if isinstance(move, Pass):
        return f"pass {move.card.label}"
    if isinstance(move, Announce):
        return f"pass {move.count} card{'s' if move.count != 1 else ''}"
    return str(move)
