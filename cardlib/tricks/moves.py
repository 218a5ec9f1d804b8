"""Interned moves: every move of a trick game built once, so it hashes and compares like an int.

The protocol sorts the legal moves and checks a move's membership on every move of every
playout, so a move that compares field by field would be the slowest thing in a bot's
loop.  Here each move exists exactly once (``Play('QS') is Play('QS')``) and carries a
small int ``_key``: hashing and ordering read that int.  A game declares its kinds of
moves in a few lines::

    class HeartsMove(InternedMove):        # the game's own base, for isinstance checks
        __slots__ = ()

    class Play(CardMove, HeartsMove):      # a move that names one card: "QS"
        __slots__ = ()

    class Pass(FaceDownMove, HeartsMove):  # "pass QS"
        __slots__ = ()
        verb = "pass"

    PLAYS = Play.intern(LAYOUT, first_key=64)   # one Play per card, built now

A move that names no card but one value of a short list (a bid, a trump suit, a seat,
a count, Hearts' moon choice) subclasses :class:`ValueMove`, naming its one field::

    class Bid(ValueMove, CruceMove):
        __slots__ = ("amount",)                 # the one field: move.amount
        verb = "bid"                            # written "bid 2"

    BIDS = Bid.intern(range(7), first_key=0, what="bid",
                      expected="bid a whole number from 1 to 6, or pass")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, TypeVar

from cardlib.cards import BadCard, Card, parse_card
from cardlib.protocol import BadMoveText
from cardlib.tricks.bits import CardBits

M = TypeVar("M", bound="CardMove")
V = TypeVar("V", bound="ValueMove")


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
    game's layout) for the engine.  ``Kind(card)`` accepts a Card or its code.  It is
    written as the card's code after the kind's ``verb`` (``pass QS``), or as the code
    alone without one (a card played: ``QS``)."""

    __slots__ = ("card", "bit")
    card: Card
    bit: int
    verb: ClassVar[str] = ""
    """The word written before the card's code (``"pass"``); none for a card played."""
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

    def __str__(self) -> str:
        return f"{self.verb} {self.card.code}" if self.verb else self.card.code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card.code!r})"


class FaceDownMove(CardMove):
    """A card passed face down: only the passer sees it when it goes (the receiver picks
    it up once every seat has passed, when its view shows it).  The kit's states tell
    every other seat only that a card went, and to whom
    (:meth:`cardlib.tricks.TrickState.move_seen_by`)."""

    __slots__ = ()


class ValueMove(InternedMove):
    """A move that names one value of a short, fixed list: a bid, a trump suit, a seat,
    a count, a choice.  Each value's move is built once (:meth:`intern`), and
    ``Kind(value)`` looks it up: by the value itself (of its own type: ``Bid(2)``, never
    ``Bid(2.0)`` or ``Bid(True)``) or by its written word in any case and spacing
    (``Bid("2")``, ``NameTrump("h")``, ``Rob("cat")``), which is how a move's text reads
    back.  Anything else is a :class:`BadMoveText` saying what to give instead.

    A subclass names its one field in ``__slots__`` and its ``verb``; it is written
    ``"{verb} {word}"`` (``moon add``, ``rob Cat``) unless it overrides ``__str__``, and
    the class itself reads the word after the verb in a game's
    :class:`cardlib.move_text.MoveText` (``verbs={"bid": Bid}``).
    """

    __slots__ = ()
    verb: ClassVar[str] = ""
    """The word that starts the move's text (``"bid"``)."""
    _field: ClassVar[str]
    _by_value: ClassVar[dict[Any, Any]]
    _by_word: ClassVar[dict[str, Any]]
    _words: ClassVar[dict[Any, str] | None]
    _refusal: ClassVar[tuple[str, str]]

    @classmethod
    def intern(cls: type[V], values: Iterable[Any], first_key: int, *, what: str,
               expected: str, words: Mapping[Any, str] | None = None) -> tuple[V, ...]:
        """Build this kind's move for every value, keyed ``first_key``, ``first_key + 1``
        … in the order given (so they sort in that order), and return them in it.

        ``words`` writes a value for people where its ``str`` would not do (a seat
        number as its name); a value is then read back from that word only.  A refused
        value reads ``bad {what} {value!r}: {expected}``."""
        slots = cls.__dict__.get("__slots__", ())
        slots = (slots,) if isinstance(slots, str) else tuple(slots)
        if len(slots) != 1:
            raise TypeError(f"{cls.__name__} names its one field in __slots__, as "
                            f"__slots__ = (\"amount\",); it has {slots!r}")
        cls._field = slots[0]
        cls._words = None if words is None else dict(words)
        cls._by_value = {value: cls._make(first_key + index, **{cls._field: value})
                         for index, value in enumerate(values)}
        cls._by_word = {move.word.lower(): move for move in cls._by_value.values()}
        cls._refusal = (what, expected)
        return tuple(cls._by_value.values())

    def __new__(cls, value: Any) -> Any:
        try:
            move = cls._by_value[value]
            if type(move.value) is type(value):  # 2 and True are equal keys: refuse True
                return move
        except (KeyError, TypeError):
            pass
        if isinstance(value, str) and value.strip().lower() in cls._by_word:
            return cls._by_word[value.strip().lower()]
        what, expected = cls._refusal
        raise BadMoveText(f"bad {what} {value!r}: {expected}")

    @property
    def value(self) -> Any:
        """The value this move names, whatever the subclass calls its field."""
        return getattr(self, self._field)

    @property
    def word(self) -> str:
        """The value as its text writes it (``"Cat"`` for seat 2 of Diamonds' ``rob``)."""
        return str(self.value) if self._words is None else self._words[self.value]

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.value,))

    def __str__(self) -> str:
        return f"{self.verb} {self.word}"

    def __repr__(self) -> str:
        shown = self.value if self._words is None else self.word
        return f"{type(self).__name__}({shown!r})"
