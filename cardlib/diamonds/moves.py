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

from cardlib.diamonds.deck import HAND_SIZE, LAYOUT, SEATS
from cardlib.move_text import MoveText
from cardlib.tricks import CardMove, FaceDownMove, InternedMove, ItemsOf, ValueMove

DECK_NAME = "the Diamonds deck (1 to 15 in ♦ ♥ ♠ ♣)"


class DiamondsMove(InternedMove):
    """Base of Diamonds' moves (each exists once: ``Play('7D') is Play('7D')``)."""

    __slots__ = ()


class Announce(ValueMove, DiamondsMove):
    """The dealer announces how many cards everyone passes: written ``announce 2``."""

    __slots__ = ("count",)
    count: int
    verb = "announce"


class Pass(FaceDownMove, DiamondsMove):
    """Pass ``card`` to the left.  Written ``pass 7D``."""

    __slots__ = ()
    verb = "pass"


class Play(CardMove, DiamondsMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``7D``."""

    __slots__ = ()


class Rob(ValueMove, DiamondsMove):
    """The ♣ action's victim: take 1 point from ``seat``'s showroom.  Written ``rob Cat``
    (``Rob(2)`` or ``Rob("Cat")``)."""

    __slots__ = ("seat",)
    seat: int
    verb = "rob"


ANNOUNCES: tuple[Announce, ...] = Announce.intern(
    range(HAND_SIZE + 1), first_key=0, what="pass count",
    expected=f"announce a number of cards, 0 to {HAND_SIZE}")
PASSES: tuple[Pass, ...] = Pass.intern(LAYOUT, first_key=16, deck=DECK_NAME, numeric=True)
PLAYS: tuple[Play, ...] = Play.intern(LAYOUT, first_key=80, deck=DECK_NAME, numeric=True)
ROBS: tuple[Rob, ...] = Rob.intern(
    range(len(SEATS)), first_key=144, words=dict(enumerate(SEATS)), what="victim",
    expected=f"name a seat, one of {', '.join(SEATS)} (or its number, 0 to {len(SEATS) - 1})")

plays_of = ItemsOf(LAYOUT, PLAYS).items
"""``plays_of(bits)``: a ``Play`` for each card of a bit set, in sort order."""
passes_of = ItemsOf(LAYOUT, PASSES).items
"""``passes_of(bits)``: a ``Pass`` for each card of a bit set, in sort order."""


MOVE_TEXT = MoveText(
    DiamondsMove, such_as="'7D', 'pass 7D', 'announce 2' or 'rob Cat'",
    expected="write a card ('7D', '15C'), 'pass 7D', 'announce 2' or 'rob Cat'",
    word=Play, verbs={"play": Play, "pass": Pass, "rob": Rob, "announce": Announce},
    glued=("pass", "rob", "announce"))
"""How Diamonds' moves are written (``cardlib.move_text``)."""


def parse_move(text: str | DiamondsMove) -> DiamondsMove:
    """``7D`` or ``play 7D`` → Play; ``pass 7D`` → Pass; ``announce 2`` → Announce;
    ``rob Cat`` → Rob.  Anything else raises ``BadMoveText`` saying what to write."""
    return MOVE_TEXT.read(text)


def move_label(move: DiamondsMove) -> str:
    """A short label for a move button: ``7♦``, ``pass 7♦``, ``pass 2 cards``, ``rob Cat``."""
    if isinstance(move, Play):
        return move.card.label
    if isinstance(move, Pass):
        return f"pass {move.card.label}"
    if isinstance(move, Announce):
        return f"pass {move.count} card{'s' if move.count != 1 else ''}"
    return str(move)
