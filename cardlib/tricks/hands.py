"""Games of several hands: the layer Hearts, Diamonds and Cruce share, written once.

A game of several hands deals a hand, plays it out trick by trick, scores it, and then
either ends or deals the next hand, until its end test says stop.  Everything around the
rules of one hand is the same in every such game, so it lives here:

* the seeded deal of hand *n*: the deck shuffled with the seed ``"{seed}:hand{n}"`` and
  dealt one card at a time round the table (:func:`deal_hands`);
* scripted hands, checked card by card (:func:`read_hands`: the count of hands, each
  hand's size, cards outside the deck, a card given twice), with a ``hand_number`` and the
  running ``totals`` to start from (:meth:`HandsGame.from_hands`);
* how the game began (:class:`Opening`), saved as the start record and read back by
  :meth:`HandsGame.from_start_record`, so ``game.load`` replays a scripted game too;
* the hands finished so far (``results``, each with its running ``totals``) and the step
  "close this hand, then end the game or deal the next" (:meth:`HandsState.close_hand`);
* what every seat's view holds (:meth:`HandsState.seat_view_fields`) and the state a
  search bot imagines from a view and a guess of the hidden hands
  (:meth:`HandsState.imagined`).

A game supplies only what is its own: how a hand starts (:meth:`HandsState.start_of_hand`,
which deals with :func:`deal_hands` or takes scripted hands), how many cards a hand holds
(:meth:`HandsGame.hand_sizes`), how a hand scores (its code calls ``close_hand`` with the
result) and when the game ends (:meth:`HandsState.is_last_hand`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from cardlib.cards import Card, parse_cards, shuffled
from cardlib.options import OptionsRecord
from cardlib.protocol import Game
from cardlib.tricks.bits import CardBits
from cardlib.tricks.state import TrickState

__all__ = ["HandsGame", "HandsState", "Opening", "deal_hands", "read_hands"]


@dataclass(frozen=True)
class Opening:
    """How a game began, for its start record: dealt from the seed (``hands`` None), or
    from scripted hands."""

    hand_number: int = 0
    """The hand the game started at (hands count from 0)."""
    totals: tuple[int, ...] | None = None
    """The running totals it started from (one per side); None: all 0."""
    hands: tuple[tuple[str, ...], ...] | None = None
    """The scripted hands, as card codes, seat 0 first; None for a seeded game."""
    extra: tuple[tuple[str, Any], ...] = ()
    """The game's own scripted-start fields (Cruce's stock, Diamonds' dealer and
    crystals) as (name, JSON-safe value) pairs, saved beside the hands."""

    def record(self) -> dict[str, Any]:
        """The fields the start record adds to the seed and the options: nothing for a
        seeded game; the hands, the hand number, the totals (when given) and the game's
        own fields for a scripted one."""
        if self.hands is None:
            return {}
        record: dict[str, Any] = {"hands": [list(hand) for hand in self.hands],
                                  "hand_number": self.hand_number}
        if self.totals is not None:
            record["totals"] = list(self.totals)
        for name, value in self.extra:
            record[name] = list(value) if isinstance(value, tuple) else value
        return record


def deal_hands(deck: Sequence[int], seed: int | str, number: int, players: int, size: int,
               *, first: int = 0, word: str = "hand") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seeded deal of hand ``number``: each seat's cards (bit sets, seat 0 first) and
    the cards left over (bit positions, in the order they lie: a stock's top first).

    ``deck`` is the game's deck in its printed order, as bit positions; it is shuffled with
    the seed ``"{seed}:{word}{number}"`` and dealt one card at a time round the table,
    ``size`` to each, the first card to seat ``first`` (the dealer's left).  Shuffling bit
    positions gives the very order shuffling the cards gives (a shuffle moves items by
    position), so every game's deals are the ones it always dealt.
    """
    order = shuffled(deck, f"{seed}:{word}{number}")
    hands = [0] * players
    for k in range(players * size):
        hands[(first + k) % players] |= 1 << order[k]
    return tuple(hands), tuple(order[players * size:])


def read_hands(hands: Sequence[Iterable[Card | str] | str], layout: CardBits,
               names: Sequence[str], *, sizes: Iterable[int], size_words: str,
               deck_words: str, read: Any = parse_cards) -> tuple[int, ...]:
    """Hands given card by card (seat 0 first), as bit sets of ``layout``.

    Each hand holds one of ``sizes`` cards (else "Ben has 5 cards; ``size_words``"), every
    card is in the deck (else "8S is not a card of ``deck_words``"), none is given twice
    (else "AH is dealt twice (Ann and Cat)"), and all hands are of one size, since every
    seat plays to each trick.  ``read`` turns one hand's text (or cards) into cards.  A
    mistake raises ``ValueError`` naming the seat and the card, so a scripted deal with a
    typo fails where the typo is.
    """
    allowed = set(sizes)
    masks: list[int] = []
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(hands):
        name = names[seat]
        cards = tuple(read(hand))
        if len(cards) not in allowed:
            raise ValueError(f"{name} has {len(cards)} cards; {size_words}: "
                             f"{' '.join(card.code for card in cards)}")
        for card in cards:
            if card not in layout.bit_of:
                raise ValueError(f"{name}: {card.code} is not a card of {deck_words}")
            if card in seen:
                raise ValueError(f"{card.code} is dealt twice ({seen[card]} and {name})")
            seen[card] = name
        masks.append(layout.mask(cards))
    if len({mask.bit_count() for mask in masks}) > 1:
        raise ValueError(f"every player plays to each trick: give hands of one size, not "
                         f"{[mask.bit_count() for mask in masks]}")
    return tuple(masks)


@dataclass(frozen=True, eq=False, repr=False)
class HandsState(TrickState):
    """Base of the state of a trick game played over several hands.

    Adds to :class:`TrickState` what every such game keeps: its ``options``, the ``seed``
    every later deal follows from (None for a state a search bot imagined: it knows no
    later deal, so its game ends with this hand), the ``opening`` (how the game began),
    the ``results`` of the hands finished so far and the ``phase`` (``"over"`` once the
    game is).  A game subclasses it, adds its own fields and implements the hooks below.

    Hooks a game implements (besides :class:`TrickState`'s):

    * ``hand_number`` (property): which hand this is, from 0;
    * ``start_of_hand(options, seed, opening, number, results, history, *, dealt, **carry)``
      (classmethod): the state at the start of hand ``number``;
    * ``is_last_hand(results)``: the end test, asked when a hand closes;
    * ``teams_of(options)`` (classmethod) when seats play in partnerships.
    """

    options: OptionsRecord
    seed: int | str | None
    """None for a state a bot imagined: it knows no later deal, so the game ends with
    this hand."""
    opening: Opening
    results: tuple[Any, ...]
    """The hands finished so far, in order (a game with running totals gives each result
    a ``totals`` field: the totals after it)."""
    phase: str
    """The game's phase of the hand (``"play"``, a game's own ``"pass"`` or ``"bid"``…);
    ``"over"`` once the game has ended."""

    # --- what a game supplies -------------------------------------------------------------
    @property
    @abstractmethod
    def hand_number(self) -> int:
        """Which hand is being played, counting from 0."""

    @classmethod
    @abstractmethod
    def start_of_hand(cls, options: Any, seed: int | str, opening: Opening, number: int,
                      results: tuple[Any, ...], history: tuple[Any, ...] = (), *,
                      dealt: tuple[int, ...] | None = None, **carry: Any) -> Self:
        """The state at the start of hand ``number``, before its first move.

        ``dealt`` None: deal it from ``seed`` (with :func:`deal_hands`); else the
        scripted hands, as bit sets, seat 0 first.  ``carry`` holds what the game's own
        :meth:`close_hand` call carries into the next hand (Diamonds' crystals), and the
        game's own scripted fields (:attr:`HandsGame.scripted_fields`) for a scripted
        start.  Make the state with ``cls.make(...)``.
        """

    @abstractmethod
    def is_last_hand(self, results: tuple[Any, ...]) -> bool:
        """The end test: whether the game ends once the hand being closed is scored
        (``results`` ends with its result)."""

    @classmethod
    def teams_of(cls, options: Any) -> tuple[tuple[int, ...], ...]:
        """The sides under ``options``, as tuples of seats (default: every seat alone);
        a game with partners says who sits with whom.  ``teams`` reads it."""
        return tuple((seat,) for seat in range(options.players))

    # --- written once ---------------------------------------------------------------------
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.teams_of(self.options)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals, one per side of ``teams``: after the last finished hand,
        else as the game started."""
        if self.results:
            return self.results[-1].totals
        return self.opening.totals or (0,) * len(self.teams)

    def start_record(self) -> dict[str, Any]:
        """The seed and the options, and for a scripted game its hands (see
        :meth:`Opening.record`)."""
        record: dict[str, Any] = {"seed": self.seed, "options": self.options.as_dict()}
        record.update(self.opening.record())
        return record

    def close_hand(self, move: Any, result: Any, changes: Mapping[str, Any],
                   **carry: Any) -> Self:
        """The state after ``move`` closed the hand that scored ``result``.

        ``changes`` are the fields the move changed (``card_played``'s table and the
        game's own).  The result joins ``results``; then the game ends (phase
        ``"over"``, nobody to move) if ``is_last_hand`` says so or the state knows no seed,
        else hand ``hand_number + 1`` is dealt from the seed, with ``carry`` passed to
        ``start_of_hand``.
        """
        results = self.results + (result,)
        if self.seed is None or self.is_last_hand(results):
            return self.derive(move, {**changes, "results": results, "phase": "over",
                                      "turn": None})
        return type(self).start_of_hand(self.options, self.seed, self.opening,
                                        self.hand_number + 1, results,
                                        self.history + (move,), **carry)

    def __str__(self) -> str:
        """The ``repr``, then every seat's hand face up (this is the full state: for tests
        and a teacher, never a bot) and the trick on the table, seats by name."""
        names = self.game.seat_names(self.players)
        width = max(len(name) for name in self.game.seat_names(max(self.game.player_counts)))
        lines = [repr(self)]
        for seat in range(self.players):
            cards = " ".join(card.code for card in self.hand_cards(seat))
            lines.append(f"  {names[seat]:<{width}} {cards}")
        if self.trick:
            lines.append(f"  table: {' '.join(c.code for c in self.current_trick.cards)} "
                         f"(led by {names[self.leader]})")
        return "\n".join(lines)

    def check_seat(self, seat: int) -> None:
        """Refuse a seat that is not at the table, naming the seats."""
        if isinstance(seat, bool) or seat not in range(self.players):
            names = ", ".join(self.game.seat_names(self.players))
            raise ValueError(f"no seat {seat!r}: seats are 0..{self.players - 1} ({names})")

    def seat_view_fields(self, seat: int) -> dict[str, Any]:
        """The fields every seat's view holds, checked seat first: ``seat``, ``phase``,
        ``to_move``, its own ``hand_bits``, the table (``trick_bits``, ``leader``,
        ``tricks``, ``taken_bits``), every hand's size (``hand_sizes``: seen, never the
        cards), ``results`` and ``options``.  A game's ``view`` adds its own::

            return HeartsView(**self.seat_view_fields(seat), hearts_broken=..., ...)
        """
        self.check_seat(seat)
        return {"seat": seat, "phase": self.phase, "to_move": self.turn,
                "hand_bits": self.hands[seat], "trick_bits": self.trick,
                "leader": self.leader, "tricks": self.tricks, "taken_bits": self.taken,
                "hand_sizes": tuple(hand.bit_count() for hand in self.hands),
                "results": self.results, "options": self.options}

    @classmethod
    def imagined(cls, view: Any, hands: Sequence[int], *, phases: Sequence[str] = ("play",),
                 **fields: Any) -> Self:
        """The state a search bot imagines from ``view`` (see :meth:`seat_view_fields`)
        and a guess of every hand (bit sets): the view's table, ``hands`` and the game's
        own ``fields``; no seed (its game ends with this hand) and no history.

        Refused (``ValueError``) outside ``phases``, or when the guess changes the seat's
        own hand.  A game's ``from_view`` calls it with what only it knows.
        """
        if view.phase not in phases:
            raise ValueError(f"a search state starts during the play, not the {view.phase}")
        if hands[view.seat] != view.hand_bits:
            name = cls.game.seat_names(len(hands))[view.seat]
            raise ValueError(f"the guess changes {name}'s own hand")
        table = {"options": view.options, "seed": None, "results": view.results,
                 "phase": view.phase, "turn": view.to_move, "hands": tuple(hands),
                 "trick": view.trick_bits, "leader": view.leader, "tricks": view.tricks,
                 "taken": view.taken_bits, "history": ()}
        return cls.make(**table | fields)


class HandsGame(Game):
    """A :class:`~cardlib.protocol.Game` of several hands, on a :class:`HandsState`.

    ``new`` and ``from_hands`` (scripted hands, checked) and ``from_start_record`` are
    written here.  A game sets ``State`` (its state class, whose ``game`` this is) and
    ``deck_words`` (how an error names its deck), says its hand sizes (:meth:`hand_sizes`;
    :meth:`read_cards` if its cards are written otherwise) and, if a scripted start takes
    more than hands, hand number and totals, declares those fields
    (:attr:`scripted_fields`) and checks them (:meth:`check_scripted`).
    """

    State: ClassVar[type[HandsState]]
    deck_words: ClassVar[str] = "the deck"
    keeps_totals: ClassVar[bool] = True
    """Whether results carry running totals (one per side) that a scripted start may give;
    a game that scores otherwise (Diamonds' crystals) says False and refuses ``totals``."""
    scripted_fields: ClassVar[tuple[str, ...]] = ()
    """The game's own keyword arguments of ``from_hands`` (Cruce's ``stock``), saved in
    the start record under the same names."""

    def hand_sizes(self, options: Any) -> tuple[int, ...]:
        """The sizes a scripted hand may have under ``options`` (default: any, 1 to the
        deck); a game deals a fixed number and says so."""
        return tuple(range(1, len(self.State.layout.card_at) + 1))

    def size_words(self, options: Any) -> str:
        """What the error for a hand of the wrong size says after "Ben has 5 cards; "."""
        sizes = self.hand_sizes(options)
        if len(sizes) == 1:
            return f"each hand is {sizes[0]}"
        return f"a hand has {sizes[0]} to {sizes[-1]}"

    def read_cards(self, hand: Iterable[Card | str] | str) -> tuple[Card, ...]:
        """One scripted hand's cards, from its text ("QS 2C", "Q♠ 10♣") or a list of
        cards or codes (default: :func:`~cardlib.cards.parse_cards`; Diamonds reads its
        numbered ranks, 1 to 15)."""
        return parse_cards(hand)

    def check_scripted(self, options: Any, hands: tuple[int, ...], hand_number: int,
                       fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The game's own scripted fields checked: what to save (JSON-safe values, by
        name) and what to pass to ``start_of_hand`` (by keyword).  Default: no fields."""
        return {}, {}

    def new(self, seed: int | str = 0, **options: Any) -> HandsState:
        """A new game; every hand's deal follows from ``seed``."""
        chosen = self.make_options(**options)
        return self.State.start_of_hand(chosen, seed, Opening(), 0, ())

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str], *,
                   seed: int | str = 0, hand_number: int = 0,
                   totals: Sequence[int] | None = None, **given: Any) -> HandsState:
        """A game whose hand ``hand_number`` starts with the given ``hands`` (seat 0
        first; their number is the player count) and the sides' running ``totals``; later
        hands are dealt from ``seed``.  The game's own ``scripted_fields`` and its options
        are keyword arguments too.  Bad input raises ``ValueError`` naming it."""
        fields = {name: given.pop(name) for name in self.scripted_fields if name in given}
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise ValueError(f"give the hands as a list, one per seat, seat 0 first; "
                             f"got {hands!r}")
        counts = self.player_counts
        if len(hands) not in counts:
            words = (str(counts[0]) if len(counts) == 1
                     else f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}")
            raise ValueError(f"a {self.title} deal is {words} hands, one per seat, seat 0 "
                             f"first; got {len(hands)}")
        players = given.pop("players", len(hands))
        if players != len(hands):
            raise ValueError(f"players={players} but {len(hands)} hands were given")
        chosen = self.make_options(players=players, **given)
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) \
                or hand_number < 0:
            raise ValueError(f"hand_number={hand_number!r}: hands are numbered 0, 1, 2, …")
        masks = read_hands(hands, self.State.layout, self.seat_names(players),
                           sizes=self.hand_sizes(chosen), size_words=self.size_words(chosen),
                           deck_words=self.deck_words, read=self.read_cards)
        sides = len(self.State.teams_of(chosen))
        if totals is not None and not self.keeps_totals:
            raise ValueError(f"totals={totals!r}: {self.title} keeps no running totals")
        if totals is not None:
            if isinstance(totals, str) or len(totals) != sides \
                    or not all(type(t) is int for t in totals):
                raise ValueError(f"totals={totals!r}: give {sides} whole numbers, one per "
                                 f"{'side' if sides < players else 'seat'}, in seat order")
            totals = tuple(totals)
        saved, carry = self.check_scripted(chosen, masks, hand_number, fields)
        codes = tuple(tuple(card.code for card in self.State.layout.cards(mask))
                      for mask in masks)
        opening = Opening(hand_number, totals, codes, tuple(saved.items()))
        return self.State.start_of_hand(chosen, seed, opening, hand_number, (),
                                        dealt=masks, **carry)

    def from_start_record(self, start: Mapping[str, Any]) -> HandsState:
        """The start a saved record describes: ``new`` from the seed, or ``from_hands``
        with the saved hands and fields."""
        options = dict(start.get("options", {}))
        if "hands" in start:
            fields = {name: start[name] for name in self.scripted_fields if name in start}
            return self.from_hands(start["hands"], seed=start["seed"],
                                   hand_number=start.get("hand_number", 0),
                                   totals=start.get("totals"), **fields, **options)
        if start.get("totals") is not None:
            raise ValueError("totals are saved only with scripted hands")
        return self.new(seed=start["seed"], **options)
