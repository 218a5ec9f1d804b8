"""The table of a trick game as part of its state, and the step every card played takes.

Every trick game keeps the same things on the table: whose turn it is, each seat's hand,
the cards on the table, who led them, the finished tricks and the cards each seat took.
:class:`TrickState` holds them (as bit sets of the game's layout) and does the one step
they all share: a card leaves a hand and joins the trick; when every seat has played, the
trick goes to its winner, who leads the next one.  A game subclasses it, adds its own
fields (scores, phase, options) and decides what the step means for them (Hearts: hearts
broken, the hand scored after the last trick).

States are values, so each move derives a new one.  ``derive`` does that in one place,
and fast: a random playout derives a state per card, and building a frozen dataclass
through its ``__init__`` (or ``dataclasses.replace``) cost about four times as much.
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar, Self

from cardlib.cards import Card
from cardlib.protocol import GameState
from cardlib.tricks.bits import CardBits
from cardlib.tricks.moves import FaceDownMove
from cardlib.tricks.rules import Trick, TrickRules, won_by
from cardlib.tricks.view import Glance


class computed_once:  # noqa: N801 - used like functools.cached_property
    """``functools.cached_property`` without the lock it takes on Python 3.11.

    The lock made the first read of a cached property cost more than computing the legal
    moves.  States are immutable, so computing a value twice (two threads racing) is
    harmless.

    On a :class:`TrickState` the value is kept in the state's memo, a slot outside the
    instance ``__dict__`` that holds the state's value: reading a ``computed_once`` for
    the first time inside ``apply`` is then no change of the state (the protocol tests
    compare ``__dict__`` before and after ``apply``), and ``derive`` carries no stale
    value over.  So a rule check may be a ``@property`` (computed at every read) or a
    ``@computed_once`` (computed at the first), whichever reads better: the tests and
    the derived states see no difference.  On any other class (Diam's state) the value
    lives in the instance ``__dict__``, as ``functools.cached_property`` keeps it.
    """

    def __init__(self, func: Any):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        memo = getattr(instance, "_memo", _NO_MEMO)
        if memo is _NO_MEMO:
            value = instance.__dict__[self.name] = self.func(instance)
            return value
        if memo is None:
            memo = {}
            _set_memo(instance, memo)
        else:
            try:
                return memo[self.name]
            except KeyError:
                pass
        value = memo[self.name] = self.func(instance)
        return value


_NO_MEMO = object()


@dataclass(slots=True)
class TrickWon:
    """A trick just completed: who took it, the rule that decided, and its cards.

    A passing note from :meth:`TrickState.card_played` to the game, never kept in a
    state, so it is not frozen: a frozen dataclass sets each field through
    ``object.__setattr__``, which made building it cost three times as much (13 times a
    hand in every playout).
    """

    winner: int
    rule: str
    """``trick.won.led-suit`` or ``trick.won.trump`` (see :func:`won_by`)."""
    trick: Trick
    hand_over: bool = False
    """True when this trick took the last card of every hand: the hand is played out (a
    game with a stock draws before a hand can run empty, so empty hands mean the end)."""


@dataclass(frozen=True, eq=False, repr=False)
class TrickState(GameState):
    """Base of a trick game's state: the table, as bit sets of the class's ``layout``.

    The hooks a trick game implements, all public names (the fast paths, the cache of
    the legal moves and the step of ``apply`` stay inside the kit):

    * class attributes ``layout`` (its :class:`CardBits`) and ``trick_rules`` (its
      :class:`TrickRules`; a property when they change during a hand, as Cruce's trump);
    * ``legal_in_order()``: the legal moves of the seat to move, in sorted order (the game
      is not over).  The kit caches them per state and answers ``legal_moves()`` and
      ``apply``'s check from that cache: do not override ``legal_moves`` or
      ``_legal_moves``;
    * the protocol's ``_explain(move)``, ``_next(move)``, ``is_over``, ``scores()``,
      ``start_record()`` and, with a pass, ``passes_to(seat)``.

    Inside ``_next`` a game plays a card with ``card_played(bit)`` (the table's changes,
    and the trick won if the card completed one, which says whether the hand is over) and
    makes the next state with ``derive(move, changes)``; a state from nothing (a deal) is
    ``cls.make(**fields)``.  Those are the two ways to make a state: the dataclass
    ``__init__`` works too but costs four times as much, and a subclass must not define
    ``__post_init__`` (``make`` and ``derive`` skip ``__init__``).  A rule check shared by
    the legal moves and ``explain`` may be a ``@property`` or a ``@computed_once``: both
    leave the state's value alone.  The number of seats is ``len(hands)``.
    """

    turn: int | None
    """The seat to move; None when nobody moves (the game is over)."""
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    """The cards on the table, in play order, as bit positions."""
    leader: int
    """The seat that led (or will lead) the trick on the table."""
    tricks: tuple[Trick, ...]
    """The finished tricks of this hand."""
    taken: tuple[int, ...]
    """The cards each seat has taken in tricks this hand."""

    layout: ClassVar[CardBits]
    trick_rules: ClassVar[TrickRules]
    __slots__ = ("_legal", "_memo")

    @property
    def to_move(self) -> int | None:
        return self.turn

    def legal_moves(self) -> list[Any]:
        """Legal moves for ``to_move``, sorted; empty once the game is over.

        Same result as the protocol's version, without its sort: ``legal_in_order``
        gives them in order already (interned card moves sort in bit order), and sorting
        costs a Python-level comparison per card on every move of a playout.
        """
        return list(self._legal_moves())

    def _legal_moves(self) -> tuple[Any, ...]:
        # Cached: a playout asks twice per move (the bot's legal_moves, then apply).  The
        # cache is a slot, outside the instance dict that holds the state's value, so it
        # is never seen as a change of the state and ``derive`` copies no stale value;
        # ``derive``, ``make`` and ``__post_init__`` start it empty (None).  ``turn`` is
        # None exactly when the game is over, and reading a field costs less than calling
        # the ``is_over`` property.
        legal = self._legal
        if legal is None:
            legal = () if self.turn is None else self.legal_in_order()
            _set_legal(self, legal)
        return legal

    def __post_init__(self) -> None:
        _set_legal(self, None)
        _set_memo(self, None)

    def __getstate__(self) -> dict[str, Any]:
        return self.__dict__  # the value, without the caches (a copy computes them again)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        _set_legal(self, None)
        _set_memo(self, None)

    def apply(self, move: Any) -> Self:
        """The protocol's ``apply``, with a shortcut for a legal move object (what a playout
        passes on every card): it goes straight to ``_next``.  Anything else (text, a
        refused move, any move once the game is over) takes the protocol's full path,
        which parses, explains and refuses.

        Moves are interned, so a legal move is one of these very objects: looking for it
        by identity skips ``in``'s equality test, which for a move that is not the one
        sought calls Python-level comparison slots (each several hundred instructions)."""
        for legal in self._legal_moves():
            if legal is move:
                return self._next(move)  # type: ignore[return-value]
        return super().apply(move)  # type: ignore[return-value]

    @abstractmethod
    def legal_in_order(self) -> tuple[Any, ...]:
        """The legal moves of the seat to move, in sorted order (the game is not over).

        The hook a game implements; the kit caches its answer per state."""

    def passes_to(self, seat: int) -> int:
        """The seat that ``seat``'s passed cards go to (a game with a pass says which)."""
        raise NotImplementedError(f"{type(self).__name__} has no pass")

    def card_passed(self, bit: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For a game with a pass (a ``passed`` field: each seat's chosen cards, bit
        sets): the hands and the passed cards once the seat to move puts the card at
        ``bit`` aside to pass.  Nobody receives it yet (see :meth:`exchanged`)."""
        seat = self.turn
        assert seat is not None
        card = 1 << bit
        passed: tuple[int, ...] = self.passed  # type: ignore[attr-defined]
        return (replaced(self.hands, seat, self.hands[seat] ^ card),
                replaced(passed, seat, passed[seat] | card))

    def exchanged(self, hands: tuple[int, ...], passed: tuple[int, ...]) -> tuple[int, ...]:
        """Every hand once the passed cards change hands, all at once: each seat's
        ``passed`` cards join the hand of ``passes_to(seat)``."""
        received = [0] * len(hands)
        for passer, cards in enumerate(passed):
            received[self.passes_to(passer)] |= cards
        return tuple(hand | got for hand, got in zip(hands, received, strict=True))

    def move_seen_by(self, move: Any, observer: int | None) -> str:
        """The protocol's :meth:`~cardlib.protocol.GameState.move_seen_by` for a trick
        game: a pass (a :class:`~cardlib.tricks.FaceDownMove`) names its card to the passer
        alone, and to everyone else reads "pass a card to East"; every other move is
        played face up."""
        if isinstance(move, FaceDownMove) and observer != self.turn and self.turn is not None:
            names = self.game.seat_names(len(self.hands))
            return f"pass a card to {names[self.passes_to(self.turn)]}"
        return self.game.move_label(move)

    @property
    def current_trick(self) -> Trick:
        """The trick on the table, as cards."""
        card_at = self.layout.card_at
        return Trick(self.leader, tuple(card_at[b] for b in self.trick),  # type: ignore[misc]
                     len(self.hands))

    @property
    def played_bits(self) -> int:
        """Every card played this hand, the trick on the table included (public)."""
        played = 0
        for taken in self.taken:
            played |= taken
        for bit in self.trick:
            played |= 1 << bit
        return played

    def glance(self, seat: int) -> Glance:
        """What a quick bot reads of ``seat``'s view in the play (see :class:`Glance`):
        its own hand, the trick on the table and the cards played, without the cost of the
        whole view."""
        return Glance(seat, self.hands[seat], self.current_trick, self.played_bits)

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (the full state: for tests and teaching, not bots)."""
        return self.layout.cards(self.hands[seat])

    def card_played(self, bit: int) -> tuple[dict[str, Any], TrickWon | None]:
        """The table after the seat to move plays the card at ``bit``, as the fields that
        change (for ``derive``), and the trick won if this card completed one.

        The card leaves the hand and joins the trick; the next seat plays.  When every seat
        has played, the trick goes to its winner: its cards join what the winner took, it
        is added to the finished tricks, and the winner leads next.  The trick won's
        ``hand_over`` is True when no hand holds a card any more: the hand is played out,
        and the game scores it (``turn`` still names the winner, who would lead next).
        """
        seat = self.turn
        assert seat is not None
        players = len(self.hands)
        hands = replaced(self.hands, seat, self.hands[seat] ^ 1 << bit)
        trick = self.trick + (bit,)
        if len(trick) < players:
            return {"hands": hands, "trick": trick, "turn": (seat + 1) % players}, None
        index, rule = won_by(trick, self.trick_rules, self.layout)
        winner = (self.leader + index) % players
        cards = 0
        for b in trick:
            cards |= 1 << b
        # The cards, picked in C (a tuple: a complete trick holds two cards or more).
        done = Trick(self.leader, itemgetter(*trick)(self.layout.card_at), players)
        return {
            "hands": hands, "trick": (), "turn": winner, "leader": winner,
            "tricks": self.tricks + (done,),
            "taken": replaced(self.taken, winner, self.taken[winner] | cards),
        }, TrickWon(winner, rule, done, not any(hands))

    @classmethod
    def make(cls, **fields: Any) -> Self:
        """A state from every one of its fields (``history`` included): the way a game
        makes a state from nothing (the start of a hand, a state imagined from a view).

        Like ``cls(**fields)`` but without the frozen dataclass ``__init__``, which sets
        each field through ``object.__setattr__``: a playout starts a hand this way every
        52 cards.  A missing or unknown field is a ``TypeError`` naming it."""
        shape = _SHAPES.get(cls) or _shape_of(cls)
        if fields.keys() != shape.known:
            missing, unknown = shape.known - fields.keys(), fields.keys() - shape.known
            raise TypeError(f"{cls.__name__}: missing field(s) {sorted(missing)}, "
                            f"no field(s) {sorted(unknown)}")
        new = _new_instance(cls)
        shape.set_dict(new, fields)
        _set_legal(new, None)
        _set_memo(new, None)
        return new

    def derive(self, move: Any, changes: dict[str, Any]) -> Self:
        """The state after ``move``: the fields in ``changes`` replaced, every other field
        carried over, and ``move`` appended to the history.  The way a game makes the state
        a move leads to.  Cached values (the legal moves, ``computed_once``) are not
        carried over; an unknown field name is a TypeError.

        The hot path of a playout: ``changes`` is one dict (``card_played``'s table, with
        the game's own changes added), never packed into keyword arguments again."""
        cls = type(self)
        shape = _SHAPES.get(cls) or _shape_of(cls)
        old = self.__dict__
        # One dict built in C (a copy merged with the changes) and handed to a bare
        # instance: about a third cheaper than filling the instance's own dict.
        values = old | changes
        values["history"] = old["history"] + (move,)
        if len(values) != shape.size:  # no such field, or a value cached in the dict
            unknown = changes.keys() - shape.known
            if unknown:
                raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
            for name in values.keys() - shape.known:
                del values[name]
        new = _new_instance(cls)
        shape.set_dict(new, values)
        _set_legal(new, None)
        _set_memo(new, None)
        return new


_new_instance = object.__new__
_set_legal = TrickState._legal.__set__  # type: ignore[attr-defined]
"""``_set_legal(state, moves)``: fills the slot that caches the legal moves (a frozen
dataclass refuses ordinary assignment)."""
_set_memo = TrickState._memo.__set__  # type: ignore[attr-defined]
"""``_set_memo(state, values)``: fills the slot that holds the ``computed_once`` values."""


@dataclass(frozen=True, slots=True)
class _Shape:
    """What ``make`` and ``derive`` need to know of a state class, found once per class."""

    known: frozenset[str]
    """The field names."""
    size: int
    """How many fields (a derived state's ``__dict__`` holds exactly these)."""
    set_dict: Any
    """Gives an instance its ``__dict__`` (the setter of the class's ``__dict__``)."""


_SHAPES: dict[type, _Shape] = {}


def _shape_of(cls: type) -> _Shape:
    names = frozenset(f.name for f in dataclasses.fields(cls))
    holder = next(klass for klass in cls.__mro__ if "__dict__" in vars(klass))
    _SHAPES[cls] = _Shape(names, len(names), vars(holder)["__dict__"].__set__)
    return _SHAPES[cls]


def replaced(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with one item replaced (states never change a tuple in place)."""
    changed = list(values)  # one copy and one tuple: half the cost of two slices
    changed[index] = value
    return tuple(changed)
