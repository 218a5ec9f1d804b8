"""Hearts' moves: ``Pass(card)``, ``Play(card)`` and ``MoonChoice``, and how to write them.

A move is passed one card at a time (three per player, North first, as OpenSpiel does
it); ``MoonChoice`` exists only with the option ``moon='shooter-choice'``.  Every move is
built once, here, when the module loads (interned with ``cardlib.tricks.moves``), so that
a move compares and hashes as fast as an int: the protocol sorts and checks legal moves on
every move of every playout.  ``plays_of``/``passes_of`` turn a bit set of cards into
those moves.
"""

from __future__ import annotations

from typing import ClassVar

from cardlib.hearts.deck import LAYOUT
from cardlib.move_text import MoveText
from cardlib.tricks import CardMove, FaceDownMove, InternedMove, ItemsOf, ValueMove


class HeartsMove(InternedMove):
    """Base of Hearts' moves.  Each move exists once (``Play('QS') is Play('QS')``), built
    here when the module loads, so it hashes and compares like an int (see
    ``cardlib.tricks.moves``)."""

    __slots__ = ()


class Pass(FaceDownMove, HeartsMove):
    """Pass ``card`` to the player this hand passes to.  Written ``pass QS``."""

    __slots__ = ()
    verb = "pass"


class Play(CardMove, HeartsMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``QS``."""

    __slots__ = ()


class MoonChoice(ValueMove, HeartsMove):
    """With ``moon='shooter-choice'``: how the shooter's moon scores.

    ``add`` gives each other player +26; ``subtract`` takes 26 off the shooter's own score.
    Written ``moon add`` / ``moon subtract``.
    """

    __slots__ = ("choice",)
    choice: str
    verb = "moon"
    CHOICES: ClassVar[tuple[str, ...]] = ("add", "subtract")


PASSES: tuple[Pass, ...] = Pass.intern(LAYOUT, first_key=0, deck="the 52-card deck")
PLAYS: tuple[Play, ...] = Play.intern(LAYOUT, first_key=64, deck="the 52-card deck")
MOON_CHOICES: tuple[MoonChoice, ...] = MoonChoice.intern(
    MoonChoice.CHOICES, first_key=128, what="moon choice",
    expected="choose 'add' (the others +26) or 'subtract' (the shooter −26)")

plays_of = ItemsOf(LAYOUT, PLAYS).items
"""``plays_of(bits)``: a ``Play`` for each card of a bit set, in sort order."""
passes_of = ItemsOf(LAYOUT, PASSES).items
"""``passes_of(bits)``: a ``Pass`` for each card of a bit set, in sort order."""


MOVE_TEXT = MoveText(
    HeartsMove, such_as="'QS' or 'pass QS'",
    expected="write a card ('QS'), 'pass QS' or 'moon add' / 'moon subtract'",
    word=Play, verbs={"play": Play, "pass": Pass, "moon": MoonChoice}, glued=("pass", "moon"))
"""How Hearts' moves are written (``cardlib.move_text``)."""


def parse_move(text: str | HeartsMove) -> HeartsMove:
    """``QS`` or ``play QS`` → Play; ``pass QS`` → Pass; ``moon add`` → MoonChoice."""
    return MOVE_TEXT.read(text)


def move_label(move: HeartsMove) -> str:
    """A short label for a move button: ``Q♠``, ``pass Q♠``, ``moon: others +26``."""
    if isinstance(move, Play):
        return move.card.label
    if isinstance(move, Pass):
        return f"pass {move.card.label}"
    if isinstance(move, MoonChoice):
        return "moon: others +26" if move.choice == "add" else "moon: me −26"
    return str(move)
