"""Hearts' moves: ``Pass(card)``, ``Play(card)`` and ``MoonChoice``, and how to write them.

A move is passed one card at a time (three per player, North first, as OpenSpiel does
it); ``MoonChoice`` exists only with the option ``moon='shooter-choice'``.  Every move is
built once, here, when the module loads (interning), so that a move compares and hashes
as fast as an int: the protocol sorts and checks legal moves on every move of every
playout.  ``plays_of``/``passes_of`` turn a bit set of cards into those moves.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlib.cards import BadCard, Card, parse_card
from cardlib.hearts.deck import LAYOUT, ItemsOf
from cardlib.protocol import BadMoveText


class HeartsMove:
    """Base of the moves.  Each move exists once (``Play('QS') is Play('QS')``).

    Interning makes a move compare and hash as fast as an int, which matters because the
    protocol sorts legal moves and checks membership on every move of every playout.  The
    constructor looks the move up; it never builds a second copy.
    """

    __slots__ = ("_key",)
    _key: int

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __hash__(self) -> int:
        return self._key

    def __lt__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key < other._key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key <= other._key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key > other._key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key >= other._key
        return NotImplemented

    @classmethod
    def _make(cls, key: int, **fields: Any) -> Any:
        move = object.__new__(cls)
        object.__setattr__(move, "_key", key)
        for name, value in fields.items():
            object.__setattr__(move, name, value)
        return move


class _CardMove(HeartsMove):
    """A move that names one card: ``card`` for people, ``bit`` for the engine."""

    __slots__ = ("card", "bit")
    card: Card
    bit: int
    _by_bit: ClassVar[tuple[Any, ...]]

    def __new__(cls, card: Card | str) -> Any:
        card = parse_card(card)
        try:
            return cls._by_bit[LAYOUT.bit_of[card]]
        except KeyError:
            raise BadCard(f"{card.code} is not a card of the 52-card deck") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.card.code,))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card.code!r})"


class Pass(_CardMove):
    """Pass ``card`` to the player this hand passes to.  Written ``pass QS``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"pass {self.card.code}"


class Play(_CardMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``QS``."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.card.code


class MoonChoice(HeartsMove):
    """With ``moon='shooter-choice'``: how the shooter's moon scores.

    ``add`` gives each other player +26; ``subtract`` takes 26 off the shooter's own score.
    Written ``moon add`` / ``moon subtract``.
    """

    __slots__ = ("choice",)
    choice: str
    CHOICES: ClassVar[tuple[str, ...]] = ("add", "subtract")
    _by_choice: ClassVar[dict[str, MoonChoice]]

    def __new__(cls, choice: str) -> MoonChoice:
        try:
            return cls._by_choice[choice.strip().lower()]
        except (KeyError, AttributeError):
            raise BadMoveText(f"bad moon choice {choice!r}: choose 'add' (the others +26) "
                              "or 'subtract' (the shooter −26)") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (MoonChoice, (self.choice,))

    def __str__(self) -> str:
        return f"moon {self.choice}"

    def __repr__(self) -> str:
        return f"MoonChoice({self.choice!r})"


def _intern_moves() -> None:
    size = len(LAYOUT.card_at)
    Pass._by_bit = tuple(Pass._make(b, card=LAYOUT.card_at[b], bit=b) for b in range(size))
    Play._by_bit = tuple(Play._make(64 + b, card=LAYOUT.card_at[b], bit=b)
                         for b in range(size))
    MoonChoice._by_choice = {name: MoonChoice._make(128 + i, choice=name)
                             for i, name in enumerate(MoonChoice.CHOICES)}


_intern_moves()
PASSES: tuple[Pass, ...] = Pass._by_bit
PLAYS: tuple[Play, ...] = Play._by_bit
MOON_CHOICES: tuple[MoonChoice, ...] = tuple(MoonChoice._by_choice.values())

plays_of = ItemsOf(PLAYS)
"""``plays_of(bits)``: a ``Play`` for each card of a bit set, in sort order."""
passes_of = ItemsOf(PASSES)
"""``passes_of(bits)``: a ``Pass`` for each card of a bit set, in sort order."""


def parse_move(text: str) -> HeartsMove:
    """``QS`` or ``play QS`` → Play; ``pass QS`` → Pass; ``moon add`` → MoonChoice."""
    if isinstance(text, HeartsMove):
        return text
    if not isinstance(text, str):
        raise BadMoveText(f"a move is text such as 'QS' or 'pass QS', not {text!r}")
    words = text.split()
    try:
        if len(words) == 1:
            return Play(words[0])
        if len(words) == 2:
            verb = words[0].lower()
            if verb == "play":
                return Play(words[1])
            if verb == "pass":
                return Pass(words[1])
            if verb == "moon":
                return MoonChoice(words[1])
    except BadCard as exc:
        raise BadMoveText(f"bad move {text!r}: {exc}") from None
    raise BadMoveText(f"bad move {text!r}: write a card ('QS'), 'pass QS' or "
                      "'moon add' / 'moon subtract'")


def move_label(move: HeartsMove) -> str:
    """A short label for a move button: ``Q♠``, ``pass Q♠``, ``moon: others +26``."""
    if isinstance(move, Play):
        return move.card.label
    if isinstance(move, Pass):
        return f"pass {move.card.label}"
    if isinstance(move, MoonChoice):
        return "moon: others +26" if move.choice == "add" else "moon: me −26"
    return str(move)
