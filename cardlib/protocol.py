"""The one Game protocol that all five games, the widgets, the bots and the solvers share.

It follows OpenSpiel's State API (``legal_moves``, ``apply``, ``is_over``, ``scores``) with
python-chess's ergonomics (moves print and parse as text, states are values).  Two extras
serve the teaching side: ``explain(move)`` says *why* a move is legal or not, citing a rule
id, ``view(seat)`` gives what one player may see, and ``move_seen_by(move, seat)`` what
that player is told of a move (a pass's card only to the passer).  At the end,
``verdict()`` names the winners and why, by the game's own tie-break, and ``tallies()``
says what each finished hand scored, so a table shows both without re-implementing a rule.

A state is an immutable value.  ``apply`` returns a new state and never touches the old
one, so undo is "keep the previous state", a search can branch freely, and a refused move
cannot leave a half-changed game behind.

Games subclass :class:`GameState` and implement the few ``_``-prefixed hooks; everything a
caller uses (checking legality before applying, history, save/load by replay) is written
once here.  A :class:`Game` also says how to start from given hands (``from_hands``, for
scripted scenes) and which options let random players finish (``quick_options``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, runtime_checkable

from cardlib import display
from cardlib.options import Option, OptionsRecord

__all__ = [
    "SEAT_NAMES", "BadMoveText", "Explanation", "Game", "GameState", "IllegalMove", "LoadError",
    "MoveGroup", "Option", "OptionsRecord", "Rule", "RuleBook", "State", "Tally", "Verdict",
    "fill_names", "names_joined",
]


@dataclass(frozen=True)
class Rule:
    """One rule of a game, as data.

    ``id`` is stable (``hearts.lead.hearts-unbroken``) so tests, explanations and notebooks
    can point at it; ``source`` cites the seed paragraph or the spec decision it comes from.
    """

    id: str
    text: str
    source: str = ""


class RuleBook(Mapping[str, Rule]):
    """The rules of one game, by id.  Asking for an unknown id is a programming error."""

    def __init__(self, rules: Sequence[Rule]):
        self._rules = {rule.id: rule for rule in rules}
        if len(self._rules) != len(rules):
            raise ValueError("duplicate rule id in rule book")

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"no rule {rule_id!r}; known: {', '.join(self._rules)}") from None

    def __iter__(self):
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def _repr_html_(self) -> str:
        """The rules as a table, so a notebook can show them with their ids and sources."""
        from html import escape

        rows = "".join(
            f"<tr><td><code>{escape(r.id)}</code></td><td style='text-align:left'>"
            f"{escape(r.text)}</td><td style='text-align:left'><small>{escape(r.source)}"
            "</small></td></tr>"
            for r in self._rules.values()
        )
        return ("<table><tr><th>rule</th><th>what it says</th><th>source</th></tr>"
                f"{rows}</table>")


@dataclass(frozen=True)
class Explanation:
    """Why a move is legal or not: the verdict, the rule id it rests on, and plain words."""

    legal: bool
    rule: str
    text: str

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return f"{'legal' if self.legal else 'illegal'} [{self.rule}]: {self.text}"


def fill_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat written ``{0}``, ``{1}``, … replaced by its name in ``names``.

    A game's engine names no one: the board's names belong to the table that shows them,
    so a verdict or a tally writes seats as these fields and the table fills them in.
    """
    return text.format(*names)


def names_joined(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class Verdict:
    """Who won a finished game and why, in the words of the game's own rule.

    ``winners`` are seats (partners both listed; none when nobody wins, as in a lost
    solitaire); ``reason`` says why, tie-break included ("tied on chips; won round 2"),
    writing any seat it names as ``{seat}`` (see :func:`fill_names`); ``rule`` is the id of
    the rule that decides.  The table reads it from :meth:`GameState.verdict`, so no widget
    re-implements a tie-break.
    """

    winners: tuple[int, ...]
    reason: str
    rule: str = ""

    def sentence(self, names: Sequence[str]) -> str:
        """The verdict for people: "Ann wins: tied on chips; won round 2", "Ana and
        Cristina win: …"; with one player (``names`` of length 1) "Won: …" or "Lost: …"."""
        reason = fill_names(self.reason, names)
        if len(names) == 1:
            return f"{'Won' if self.winners else 'Lost'}: {reason}"
        if not self.winners:
            return f"Nobody wins: {reason}"
        who = names_joined([names[seat] for seat in self.winners])
        return f"{who} win{'s' if len(self.winners) == 1 else ''}: {reason}"


@dataclass(frozen=True)
class Tally:
    """What one finished hand (or round) scored, for a teacher to point at.

    A small table (``head``: the column titles, the first naming the rows; ``rows``: one
    per seat or side, its first cell naming it) and sentences under it (``notes``: the
    moon, a contract made or failed, a majority tied…).  Every text writes seats as
    ``{seat}`` fields (see :func:`fill_names`).  A tally says only what every seat may know
    once the hand is over.
    """

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()

    def named(self, names: Sequence[str]) -> Tally:
        """This tally with the seats' names filled in everywhere."""
        return Tally(fill_names(self.title, names),
                     tuple(fill_names(h, names) for h in self.head),
                     tuple(tuple(fill_names(cell, names) for cell in row) for row in self.rows),
                     tuple(fill_names(n, names) for n in self.notes))


class IllegalMove(ValueError):
    """A move the rules refuse.  Carries the rule id and the explanation text."""

    def __init__(self, rule: str, text: str):
        super().__init__(f"{text} [{rule}]")
        self.rule = rule
        self.text = text


class BadMoveText(ValueError):
    """Text that does not parse as a move of this game."""


class LoadError(ValueError):
    """A saved game that cannot be loaded, naming the field that is wrong (``field``).

    One error for every way a record can be malformed (not a mapping, a field missing or
    of the wrong type, a move that does not parse or that the rules refuse), so a caller
    loading a file catches one thing and shows its message.
    """

    def __init__(self, field: str, problem: str):
        super().__init__(f"cannot load the saved game: {field}: {problem}")
        self.field = field
        self.problem = problem


SEAT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
"""The seats' names in a game that gives none of its own (see :meth:`Game.seat_names`)."""


Move = Hashable
"""A move is any hashable, orderable value whose ``str`` parses back with ``parse_move``."""


@dataclass(frozen=True)
class MoveGroup:
    """Where a move's button goes when a position offers many (see :meth:`Game.move_group`).

    A table shows one row per ``kind`` (its heading), rows in rising ``rank`` so the moves
    a player makes most come first.  A move with a ``first`` choice (or a ``seat``, which
    the table names as the board does) is reached in two steps when its row is long: one
    button per first choice ("Ben", "with 7"), then the moves behind it, labelled
    ``label``.  Diam's drills are "whose safe, then which card".
    """

    kind: str
    """The row's heading, the same for every move of the kind: "Safe drilling"."""
    rank: int = 0
    """Rows in rising rank: the common moves first."""
    first: str = ""
    """The first step's button ("with 7⌕"); empty for a move reached in one step."""
    seat: int | None = None
    """The first step is a seat (whose safe): the table writes its name."""
    label: str = ""
    """The move's button behind the first step (default: the move's label)."""


@runtime_checkable
class State(Protocol):
    """What every game state offers (see the module docstring)."""

    @property
    def to_move(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def history(self) -> tuple[Any, ...]: ...
    @property
    def players(self) -> int: ...
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]: ...
    def legal_moves(self) -> list[Any]: ...
    def candidate_moves(self) -> list[Any]: ...
    def apply(self, move: Any) -> State: ...
    def explain(self, move: Any) -> Explanation: ...
    def scores(self) -> list[float]: ...
    def verdict(self) -> Verdict: ...
    def tallies(self) -> tuple[Tally, ...]: ...
    def view(self, seat: int) -> Any: ...
    def move_seen_by(self, move: Any, observer: int | None) -> str: ...
    def events_seen_by(self, observer: int | None) -> tuple[str, ...]: ...


class Game(ABC):
    """A game: its name, rules, options, and how to start, parse, save and load.

    A game declares its options once, as the typed record ``Options`` made by
    :func:`cardlib.options.options_record` from a list of :class:`Option`; that record also
    says how many players the game allows.  Everything else here is derived from it.  The
    registry (:mod:`cardlib.games`) hands out the one instance that the game's states use.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rules: ClassVar[RuleBook]
    Options: ClassVar[type[OptionsRecord]]
    quick_options: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """Options under which players choosing at random finish a game in reasonable time
    (Cruce: ``{"hand_limit": 2}``, since random bids fail almost every contract and a game
    to 21 then almost never ends).  The generic tests play random games with them; the
    default, none, suits a game that random players always finish."""

    @property
    def options(self) -> tuple[Option, ...]:
        """Every option of the game, ``players`` first (name, default, doc, choices)."""
        return self.Options.declared

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players the game allows, sorted: ``(4,)``, ``(2, 3, 4, 5, 6)``."""
        return self.Options.player_counts

    @property
    def usual_players(self) -> int:
        """The number of players ``new()`` deals for when none is given."""
        return self.options[0].default

    def make_options(self, **given: Any) -> OptionsRecord:
        """The checked options record: defaults filled in, unknown names (``TypeError``)
        and bad values (``ValueError``) refused by name, ``players`` included."""
        return self.Options.from_given(given)

    @abstractmethod
    def new(self, seed: int | str = 0, **options: Any) -> GameState:
        """A fresh game; every chance event of the whole game follows from ``seed``.

        ``players=N`` picks the number of seats among ``player_counts``; the other keyword
        arguments are the game's options.
        """

    def from_hands(self, hands: Sequence[Any], **start: Any) -> GameState:
        """A game that starts from the given ``hands`` (seat 0 first, each a list of cards
        or card codes, or their text), for a scripted scene: ``cardlib.widgets``' ``Scene``
        and ``TryCard`` build their positions with it, and the start record saves them so
        ``load`` replays the game.  ``start`` holds the game's own keywords (the hand
        number, the running totals, a dealer…) and its options.  Bad hands raise
        ``ValueError`` naming the seat and the card.  A game dealt by something other than
        hands (a solitaire's layout) has none: the default refuses, naming the game."""
        raise NotImplementedError(f"{self.title} is not dealt as hands: it has no "
                                  "from_hands")

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """The move written as ``text`` (the inverse of ``str(move)``)."""

    def move_label(self, move: Any) -> str:
        """A short label for a move button (default: the move's text)."""
        return str(move)

    def move_group(self, move: Any) -> MoveGroup | None:
        """Where ``move``'s button goes among many: its kind, and a two-step split (see
        :class:`MoveGroup`).  Default None: one plain row of buttons, enough for a hand of
        cards; a game that can offer a hundred moves (Diam's) says more."""
        return None

    def seat_names(self, players: int) -> tuple[str, ...]:
        """The names people read for the seats of a ``players``-seat game, in seat order.

        The one source of seat names: the game's board draws them, and the table's status
        line, narration, rule panel, tallies and verdicts read them here, so no text says
        "seat 2" where the board says "Cat".  Default: :data:`SEAT_NAMES`; a game whose
        board names its seats otherwise (Hearts' North, East, …) overrides this.
        """
        if players > len(SEAT_NAMES):
            raise ValueError(f"{players} seats: names exist for at most {len(SEAT_NAMES)}")
        return SEAT_NAMES[:players]

    def save(self, state: GameState) -> dict[str, Any]:
        """A JSON-safe record of the game: how it started and the moves played."""
        return {
            "game": self.name,
            "start": state.start_record(),
            "moves": [str(move) for move in state.history],
        }

    def load(self, data: Mapping[str, Any] | str) -> GameState:
        """Rebuild a state by replaying a saved record (a mapping, or its JSON text).

        Anything malformed raises :class:`LoadError` naming the field; nothing half-loaded
        is returned.
        """
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise LoadError("record", f"not valid JSON ({exc.msg} at line {exc.lineno}, "
                                          f"column {exc.colno})") from None
        if not isinstance(data, Mapping):
            raise LoadError("record", f"expected a mapping, got {type(data).__name__}")
        if data.get("game") != self.name:
            raise LoadError("game", f"the record is for {data.get('game')!r}, "
                                    f"not {self.name!r}")
        start = data.get("start")
        if not isinstance(start, Mapping):
            raise LoadError("start", "missing, or not a mapping" if start is None
                            else f"expected a mapping, got {type(start).__name__}")
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise LoadError("moves", "missing" if moves is None
                            else "expected a list of move texts")
        if "options" not in start and len(self.player_counts) > 1:
            raise LoadError("start.options", "missing: without it the number of players "
                                             "is unknown")
        options = start.get("options", {})
        if not isinstance(options, Mapping):
            raise LoadError("start.options", f"expected a mapping, got "
                                             f"{type(options).__name__}")
        try:
            state = self.from_start_record(start)
        except LoadError:
            raise
        except KeyError as exc:
            raise LoadError("start", f"missing field {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise LoadError("start", str(exc)) from None
        for number, text in enumerate(moves, start=1):
            try:
                state = state.apply(self.parse_move(text))
            except ValueError as exc:  # BadMoveText, BadCard, IllegalMove
                raise LoadError(f"moves[{number - 1}]", f"{text!r}: {exc}") from None
        return state

    def from_start_record(self, start: Mapping[str, Any]) -> GameState:
        """The initial state a ``start_record`` describes; default: seed and options."""
        return self.new(seed=start["seed"], **start.get("options", {}))

    def __repr__(self) -> str:
        return f"<game {self.name!r}>"


@dataclass(frozen=True, eq=False)
class GameState(ABC):
    """Base for every game's state: legality checked once, history kept, values immutable.

    Subclasses are frozen dataclasses.  They implement:

    * ``_legal_moves()``: the legal moves, any order (sorted here);
    * ``_explain(move)``: an :class:`Explanation` for any move, legal or not;
    * ``_next(move)``: the next state for a move already known to be legal;
    * ``to_move``, ``is_over``, ``scores()``, ``view(seat)``, ``start_record()``;
    * a field ``options``: the game's options record (which holds ``players``);
    * ``teams`` when seats play in partnerships, ``candidate_moves()`` when a learner
      should be offered moves the rules refuse (every card in the hand, say);
    * ``move_seen_by(move, observer)`` when a move hides something from some seats (a
      pass, a card put into a private safe), ``events_seen_by`` when a move sets off
      more than its label says.

    ``history`` is carried by the subclass as a field so that it stays part of the value.

    A trick game builds on the kit instead, whose hooks are public names:
    :class:`cardlib.tricks.TrickState` (``legal_in_order`` in place of ``_legal_moves``,
    ``card_played``, ``derive``, ``make``) and, for a game of several hands,
    :class:`cardlib.tricks.HandsState` with :class:`cardlib.tricks.HandsGame` (the deal of
    each hand, scripted hands, the start record, closing a hand, the view's common fields).
    """

    game: ClassVar[Game]
    history: tuple[Any, ...] = field(default=(), kw_only=True)

    # --- hooks -------------------------------------------------------------------------
    @abstractmethod
    def _legal_moves(self) -> Sequence[Any]: ...

    @abstractmethod
    def _explain(self, move: Any) -> Explanation: ...

    @abstractmethod
    def _next(self, move: Any) -> GameState: ...

    @property
    @abstractmethod
    def to_move(self) -> int | None: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]: ...

    @abstractmethod
    def start_record(self) -> dict[str, Any]: ...

    def view(self, seat: int) -> Any:
        """What ``seat`` may see.  Default: everything (perfect-information games)."""
        return self

    @property
    def players(self) -> int:
        """How many seats this game is played with (seats are ``0 .. players - 1``)."""
        return self.options.players  # type: ignore[attr-defined]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides, as tuples of seats; default: every seat alone.  ``scores()`` stays
        one entry per seat (partners get their team's score)."""
        return tuple((seat,) for seat in range(self.players))

    def candidate_moves(self) -> list[Any]:
        """The moves to offer a learner, legal or not (``explain`` says why one is refused).
        Default: the legal moves; a card game offers every card of the hand."""
        return self.legal_moves()

    def move_seen_by(self, move: Any, observer: int | None) -> str:
        """What seat ``observer`` is shown of ``move``, made here by the seat to move.

        OpenSpiel's ``action_to_string(player, action)``: the move's label (as on its
        button) with whatever ``observer`` may not know left out, so a table narrating
        the game to one seat's eyes never names a hidden card.  A pass reads "pass Q♠" to
        the passer and "pass a card to East" to everyone else (the receiver picks the
        cards up only when the view shows them, once every seat has passed); a card put
        into a private safe reads "secure 4 cards" to the other seats.  ``observer`` None
        is someone who sees no hand at all (the class, in hot-seat play while every hand
        is down): the public text.  Default: the label, for a move that hides nothing.
        A game with hidden moves overrides this; whatever ``view(observer)`` hides must
        not appear in what it returns (``tests/test_hidden_info.py`` checks every game).
        """
        return self.game.move_label(move)

    def events_seen_by(self, observer: int | None) -> tuple[str, ...]:
        """What the move into this state set off besides itself, one sentence each, as
        ``observer`` may know it, with seats named as :meth:`Game.seat_names` names them
        (Diamonds: the suit actions a trick earned; Diam's: what a draw turned up).  The
        table tells them under the move.  Default: nothing."""
        return ()

    def verdict(self) -> Verdict:
        """Who wins and why, by the game's own rule and tie-break (asked once the game is
        over; before, who would win if it ended now).  Default: the highest of
        ``scores()``, a tie for it shared.  A game whose rules rank otherwise (lowest
        wins, a tie-break) says so by overriding this."""
        scores = self.scores()
        best = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        sides = {side for side in self.teams if side[0] in winners}
        if len(sides) == 1:
            return Verdict(winners, f"the most points ({best:g})")
        return Verdict(winners, f"tied on the most points ({best:g}): a shared win")

    def tallies(self) -> tuple[Tally, ...]:
        """One :class:`Tally` for each hand or round finished so far, in order (default:
        none, for a game of one hand).  The table shows a hand's tally when it ends and
        waits for "Next hand"; it also counts them to see that a hand has just ended."""
        return ()

    # --- the public protocol, written once ----------------------------------------------
    def legal_moves(self) -> list[Any]:
        """Legal moves for ``to_move``, sorted; empty once the game is over."""
        if self.is_over:
            return []
        return sorted(self._legal_moves())

    def explain(self, move: Any) -> Explanation:
        """Why ``move`` (a move, or its text) is legal or not here, citing the rule id.

        Always an :class:`Explanation`, never an exception: text that does not parse is
        refused under ``game.move-text``, naming the text, so a learner who types a move
        sees why it was not understood.  Parsing happens here, once, so a game's
        ``_explain`` only ever sees moves.
        """
        if self.is_over:
            return Explanation(False, "game.over", "the game is over; no move is accepted")
        if isinstance(move, str):
            text = move
            try:
                move = self.game.parse_move(text)
            except ValueError as exc:  # BadMoveText, or BadCard from a card code
                return Explanation(False, "game.move-text",
                                   f"{text!r} is not a {self.game.title} move: {exc}")
        return self._explain(move)

    def apply(self, move: Any) -> GameState:
        """The state after ``move``; :class:`IllegalMove` (state untouched) if refused."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if self.is_over or move not in self._legal_moves():
            why = self.explain(move)
            if why.legal:  # explain and legal_moves disagree: a bug in the game, say so
                raise AssertionError(f"{self.game.name}: explain() calls {move} legal but "
                                     "it is not among legal_moves()")
            raise IllegalMove(why.rule, why.text)
        return self._next(move)

    def replay(self) -> list[GameState]:
        """Every state from the start to this one (for step-through replays)."""
        state = self.game.from_start_record(self.start_record())
        states = [state]
        for move in self.history:
            state = state.apply(move)
            states.append(state)
        return states

    def _repr_html_(self) -> str | None:
        return display.html(self)
