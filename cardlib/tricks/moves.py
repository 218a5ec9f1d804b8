"""Interned moves: every move of a trick game built once, so it hashes and compares like an int.

The protocol sorts the legal moves and checks a move's membership on every move of every
playout, so a move that compares field by field would be the slowest thing in a bot's
loop.  Here each move exists exactly once (``Play('QS') is Play('QS')``) and carries a
small int ``_key``: hashing and ordering read that int.  A game declares its kinds of
moves in a few lines::

    class HeartsMove(InternedMove):        # the game's own base, for isinstance checks
        __slots__ = ()

    class Play(CardMove, HeartsMove):      # a move that names one card
        __slots__ = ()
        def __str__(self) -> str:
            return self.card.code

    PLAYS = Play.intern(LAYOUT, first_key=64)   # one Play per card, built now

Moves that name no card (Hearts' moon choice) subclass :class:`InternedMove` and build
their few values with ``_make``.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from cardlib.cards import BadCard, Card, parse_card
from cardlib.tricks.bits import CardBits

M = TypeVar("M", bound="CardMove")


class InternedMove:
    """Base of interned moves: immutable, hashed and ordered by ``_key``.

    Keys order moves of different kinds too (Hearts: passes, then plays, then the moon
    choice), so give each kind its own range.  The constructor of a subclass looks the
    move up; it never builds a second copy.
    """

    __slots__ = ("_key",)
    _key: int

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> InternedMove:
        return self  # each move exists once: a copy is the move itself

    def __deepcopy__(self, memo: dict[int, Any]) -> InternedMove:
        return self

    def __hash__(self) -> int:
        return self._key

    def __lt__(self, other: object) -> bool:
        if isinstance(other, InternedMove):
            return self._key < other._key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, InternedMove):
            return self._key <= other._key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, InternedMove):
            return self._key > other._key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, InternedMove):
            return self._key >= other._key
        return NotImplemented

    @classmethod
    def _make(cls, key: int, **fields: Any) -> Any:
        """Build the one copy of a move (only while interning)."""
        move = object.__new__(cls)
        object.__setattr__(move, "_key", key)
        for name, value in fields.items():
            object.__setattr__(move, name, value)
        return move


class CardMove(InternedMove):
    """A move that names one card: ``card`` for people, ``bit`` (its position in the
    game's layout) for the engine.  ``Kind(card)`` accepts a Card or its code."""

    __slots__ = ("card", "bit")
    card: Card
    bit: int
    _by_bit: ClassVar[tuple[Any, ...]]
    _layout: ClassVar[CardBits]
    _deck: ClassVar[str]
    _numeric: ClassVar[bool]

    @classmethod
    def intern(cls: type[M], layout: CardBits, first_key: int, *,
               deck: str = "the deck", numeric: bool = False) -> tuple[M, ...]:
        """Build this kind's move for every card of ``layout``, keyed ``first_key + bit``
        (so moves of a kind sort in bit order), and return them indexed by bit (None where
        the layout has no card).  ``deck`` names the deck in the error for a card outside
        it; ``numeric`` reads codes as the Diamonds deck writes them (``1D`` .. ``15D``)."""
        cls._layout, cls._deck, cls._numeric = layout, deck, numeric
        cls._by_bit = tuple(None if card is None else cls._make(first_key + bit, card=card, bit=bit)
                            for bit, card in enumerate(layout.card_at))
        return cls._by_bit

    def __new__(cls, card: Card | str) -> Any:
        try:  # a Card of the deck, as bots pass it on every move of a playout
            return cls._by_bit[cls._layout.bit_of[card]]  # type: ignore[index]
        except (KeyError, TypeError):
            pass
        card = parse_card(card, numeric=cls._numeric)
        try:
            return cls._by_bit[cls._layout.bit_of[card]]
        except KeyError:
            raise BadCard(f"{card.code} is not a card of {cls._deck}") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.card.code,))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card.code!r})"


class FaceDownMove(CardMove):
    """A card passed face down: only the passer sees it when it goes (the receiver picks
    it up once every seat has passed, when its view shows it).  The kit's states tell
    every other seat only that a card went, and to whom
    (:meth:`cardlib.tricks.TrickState.move_seen_by`)."""

    __slots__ = ()
