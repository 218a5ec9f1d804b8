"""The state of a Diam's game and what each move does to it.

A state is an immutable value: where every card is (hands, safes, market, discard pile,
draw pile, as piles of counts), whose turn and which phase, the finished rounds, and how the
game began (for saving).  ``apply`` (from the shared protocol) checks a move against
``legal_moves`` first, so :meth:`DiamsState._next` only ever sees legal moves; it works on
a mutable copy (:class:`_Turn`) and freezes the result into a new state.

A turn runs through three phases: ``draw`` (phase 1), ``play`` (phase 2 or a special card)
and, only when the hand holds more than 5 cards, ``discard``.  The turn in which the
closing card was drawn ends the round; the last round ends the game (``over``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from cardlib.protocol import Explanation, GameState, Tally, Verdict
from cardlib.tricks import computed_once

from . import cards as c
from . import legal
from . import moves as m
from .deal import Table, seeded_table
from .rules import Options
from .ruleset import HAND_LIMIT, Ruleset
from .scoring import RoundResult, score_round, winners
from .tally import round_tallies, verdict
from .view import DiamsView, Standing

if TYPE_CHECKING:
    from .game import Diams

@dataclass(frozen=True, eq=False)
class DiamsState(GameState, Standing):
    """One moment of a game of Diam's (see the module docstring)."""

    game: ClassVar[Diams]

    options: Options
    ruleset: Ruleset
    seed: int | str
    round: int
    phase: str
    turn: int
    hands: tuple[tuple[int, ...], ...]
    safes: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    pile: tuple[int, ...]
    """The draw pile, top first; the closing card is in it until drawn."""
    closing_drawn: bool = False
    results: tuple[RoundResult, ...] = ()
    log: tuple[str, ...] = ()
    """This round's public events, oldest first."""
    news: tuple[str, ...] = ()
    """What the move into this state set off that its label does not say (what a draw
    turned up, whether a drilling found its card, the round scored): public, told by
    :meth:`events_seen_by`."""
    opening: Mapping[str, Any] | None = None
    """The scripted position the game started from, if any (for ``start_record``)."""
    history: tuple[Any, ...] = field(default=(), kw_only=True)

    @classmethod
    def start(cls, options: Options, ruleset: Ruleset, seed: int | str, table: Table,
              round_number: int = 0, results: tuple[RoundResult, ...] = (),
              opening: Mapping[str, Any] | None = None,
              history: tuple[Any, ...] = (), log: tuple[str, ...] = (),
              news: tuple[str, ...] = ()) -> DiamsState:
        """The state at the start of a round laid out as ``table``; ``log`` carries what
        ended the round before, ``news`` what the last move of that round set off."""
        begins = f"round {round_number + 1} begins; {m.seat_name(table.to_move)} starts"
        return cls(options=options, ruleset=ruleset, seed=seed, round=round_number,
                   phase="draw", turn=table.to_move, hands=table.hands, safes=table.safes,
                   market=table.market, discard=table.discard, pile=table.pile,
                   closing_drawn=table.closing_drawn, results=results,
                   log=log + (begins,), news=news + (begins,),
                   opening=opening, history=history)

    # --- the protocol's hooks --------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        """Victory chips per seat (the tie-break is in :meth:`winners`)."""
        return [float(n) for n in self.chips]

    def winners(self) -> tuple[tuple[int, ...], str]:
        """The winning seats of a finished game and the reason (rule ``diams.game.end``)."""
        return winners(self.results, self.players)

    def verdict(self) -> Verdict:
        """:meth:`winners` and why, chips counted (rule ``diams.game.end``)."""
        return verdict(self.results, self.players)

    def tallies(self) -> tuple[Tally, ...]:
        """Each scored round: collections, bonuses, points, place and chips."""
        return round_tallies(self.results, self.players)

    def start_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seed": self.seed, "options": self.options.as_dict(),
                                  "ruleset": self.ruleset.as_dict()}
        if self.opening is not None:
            record["position"] = dict(self.opening)
        return record

    def legal_moves(self) -> list[m.Move]:
        """Legal moves for the seat to move, sorted; empty once the game is over."""
        return list(self._legal[0])

    def _legal_moves(self) -> frozenset[m.Move]:
        return self._legal[1]

    @computed_once
    def _legal(self) -> tuple[tuple[m.Move, ...], frozenset[m.Move]]:
        """The legal moves, sorted and as a set, computed once per state: the protocol asks
        twice per move (the bot's ``legal_moves``, then ``apply``'s check)."""
        moves = () if self.is_over else tuple(sorted(legal.legal_moves(self)))
        return moves, frozenset(moves)

    def _explain(self, move: Any) -> Explanation:
        return legal.explain(self, move)

    def candidate_moves(self) -> list[m.Move]:
        """The legal moves, and a few a learner may try and see refused: going to the market
        before drawing, and securing a pair of a digit the safe does not hold."""
        if self.is_over:
            return []
        moves = self.legal_moves()
        hand, safe = self.hands[self.turn], self.safes[self.turn]
        if self.phase == "draw":
            moves += [m.market(k, "colour") for k in c.DIAMONDS if hand[k]]
        elif self.phase == "play":
            for digit in c.DIGITS:
                n = c.of_digit(hand, digit)
                if 0 < n < 3 and not c.of_digit(safe, digit):
                    moves.append(m.secure(tuple(k for k in c.kinds_in(hand)
                                                if c.digit_of(k) == digit)))
        return moves

    def view(self, seat: int) -> DiamsView:
        """What ``seat`` may see (rule ``diams.hidden``)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r}: seats are 0..{self.players - 1}")
        return DiamsView(
            seat=seat, round=self.round, phase=self.phase, to_move=self.to_move,
            hand=self.hands[seat], safe=self.safes[seat], market=self.market,
            discard=self.discard, hand_sizes=tuple(c.size(h) for h in self.hands),
            safe_sizes=tuple(c.size(s) for s in self.safes), pile_size=len(self.pile),
            closing_drawn=self.closing_drawn, results=self.results, log=self.log,
            options=self.options, ruleset=self.ruleset,
        )

    def move_seen_by(self, move: Any, observer: int | None) -> str:
        """What ``observer`` is told of ``move`` (rule ``diams.hidden``): cards put into a
        safe, by a secure or a Secur'express, are named to the seat that moves and counted
        to the others ("secure 4 cards"); every other move is made in the open."""
        if observer == self.turn or move.verb not in (m.SECURE, m.EXPRESS):
            return self.game.move_label(move)
        count = f"{len(move.cards)} card{'s' if len(move.cards) != 1 else ''}"
        return f"secure {count}" if move.verb == m.SECURE else f"Secur'express: {count}"

    def events_seen_by(self, observer: int | None) -> tuple[str, ...]:
        """What the last move set off that its label does not say, from the public log:
        what a draw turned up, what a market visit took, whether a drilling or a sale
        found its cards, the round scored (the same for every seat)."""
        return self.news

    # --- what a move does ------------------------------------------------------------------
    def _next(self, move: m.Move) -> DiamsState:
        turn = _Turn(self)
        turn.play(move)
        return turn.finish(self, move)

    def __repr__(self) -> str:
        who = "nobody" if self.is_over else m.seat_name(self.turn)
        return (f"<DiamsState round {self.round + 1}/{self.rounds}, {self.phase}, {who} to "
                f"move, chips {list(self.chips)}>")

    def __str__(self) -> str:
        lines = [repr(self), f"  market: {c.labels(self.market)}"]
        for seat in range(self.players):
            lines.append(f"  {m.seat_name(seat)}: hand {c.labels(self.hands[seat])}; "
                         f"safe {c.labels(self.safes[seat])}")
        lines.append(f"  draw pile: {len(self.pile)} cards; discard: {c.labels(self.discard)}")
        return "\n".join(lines)


class _Turn:
    """A mutable copy of the table while one move is carried out."""

    def __init__(self, state: DiamsState):
        self.seat = state.turn
        self.hands = [list(h) for h in state.hands]
        self.safes = [list(s) for s in state.safes]
        self.market = list(state.market)
        self.discard = list(state.discard)
        self.pile = list(state.pile)
        self.closing_drawn = state.closing_drawn
        self.options = state.options
        self.phase = state.phase
        self.events: list[str] = []
        self.news: list[str] = []

    @property
    def hand(self) -> list[int]:
        return self.hands[self.seat]

    def say(self, text: str, *, news: bool = True) -> None:
        """Log ``text`` about the seat moving; ``news=False`` when it only restates the
        move as every seat is told it (see :meth:`DiamsState.events_seen_by`)."""
        line = f"{m.seat_name(self.seat)} {text}"
        self.events.append(line)
        if news:
            self.news.append(line)

    def take(self, source: list[int], kinds: tuple[int, ...] | list[int],
             dest: list[int]) -> None:
        for kind in kinds:
            source[kind] -= 1
            dest[kind] += 1

    def spend(self, special: int) -> None:
        """A special card is discarded after use, whatever its power did."""
        self.take(self.hand, (special,), self.discard)

    def play(self, move: m.Move) -> None:
        getattr(self, "_" + move.verb.replace("-", "_"))(move)

    # phase 1 ---------------------------------------------------------------------------------
    def _draw_one(self) -> int | None:
        """The top card of the draw pile; the closing card is set aside (None)."""
        if not self.pile:
            return None
        kind = self.pile.pop(0)
        if kind == c.CLOSING:
            self.closing_drawn = True
            self.say("drew the closing card: the round ends with this turn")
            return None
        return kind

    def _draw_hand(self, move: m.Move) -> None:
        kind = self._draw_one()
        if kind is not None:
            self.hand[kind] += 1
            self.say("drew a card into their hand", news=False)
        self.phase = "play"

    def _draw_market(self, move: m.Move) -> None:
        """Two cards, told in the order they come off the pile (a diamond drawn first is
        named before a special card or the closing card drawn second); two diamonds in a
        row are one line."""
        shown: list[str] = []

        def tell_shown() -> None:
            if shown:
                self.say(f"drew {' and '.join(shown)} onto the market")
                shown.clear()

        for _ in range(2):
            if self.pile and self.pile[0] == c.CLOSING:
                tell_shown()  # _draw_one tells the closing card at once
            kind = self._draw_one()
            if kind is None:
                continue
            if c.is_diamond(kind):
                self.market[kind] += 1
                shown.append(c.label(kind))
            else:
                tell_shown()
                self.hand[kind] += 1
                self.say(f"drew {c.name(kind)}, which goes to their hand")
        tell_shown()
        self.phase = "play"

    # phase 2 ---------------------------------------------------------------------------------
    def _market(self, move: m.Move) -> None:
        card, digit = move.card, c.digit_of(move.card)
        self.take(self.hand, (card,), self.market)
        if move.outcome == "colour":
            taken = [k for k in (card - card % 2, card - card % 2 + 1)
                     for _ in range(self.market[k])]
            self.take(self.market, taken, self.hand)
            self.say(f"went to the market with {c.name(card)} and took every {digit}: "
                     f"{' '.join(c.label(k) for k in taken)}")
        elif move.outcome == "sum":
            self.take(self.market, move.cards, self.hand)
            self.say(f"went to the market with {c.name(card)} and took "
                     f"{' + '.join(c.label(k) for k in move.cards)}", news=False)
        else:
            self.say(f"went to the market with {c.name(card)} and came back empty-handed",
                     news=False)

    def _secure(self, move: m.Move) -> None:
        self.take(self.hand, move.cards, self.safes[self.seat])
        self.say(f"secured {len(move.cards)} cards in their safe", news=False)

    def _express(self, move: m.Move) -> None:
        self.spend(c.EXPRESS)
        self.take(self.hand, move.cards, self.safes[self.seat])
        self.say(f"played Secur'express and secured {len(move.cards)} cards", news=False)

    def _drill(self, move: m.Move) -> None:
        self.spend(c.DRILL)
        kind, target = move.cards[0], self.safes[move.seat]
        if target[kind]:
            self.take(target, (kind,), self.hand)
            self.say(f"drilled {m.seat_name(move.seat)}'s safe for {c.name(kind)} and took it")
        else:
            self.say(f"drilled {m.seat_name(move.seat)}'s safe for {c.name(kind)}: the drilling "
                     "failed")

    def _sleight(self, move: m.Move) -> None:
        self.spend(c.SLEIGHT)
        self.take(self.market, move.cards, self.hand)
        self.say(f"played Sleight of hand and took {c.name(move.cards[0])} from the market",
                 news=False)

    def _sale(self, move: m.Move) -> None:
        self.spend(move.card)
        digit = move.digit
        kinds = (c.kind_of(digit, False), c.kind_of(digit, True))
        theirs = [k for k in kinds for _ in range(self.hands[move.seat][k])]
        if theirs:
            self.take(self.hands[move.seat], theirs, self.market)
            taken = [k for k in kinds for _ in range(self.market[k])]
            self.take(self.market, taken, self.hand)
            self.say(f"forced a sale of {m.seat_name(move.seat)}'s {digit}s ({len(theirs)}) and "
                     f"took every {digit} on the market: {len(taken)} cards")
        else:
            mine = [k for k in kinds for _ in range(self.hand[k])]
            lost_to = self.market if self.options.failed_sale_to == "market" \
                else self.discard
            self.take(self.hand, mine, lost_to)
            self.say(f"forced a sale of {m.seat_name(move.seat)}'s {digit}s, but they had none: "
                     f"{len(mine)} of their own {digit}s went to the "
                     f"{self.options.failed_sale_to}")

    def _pass(self, move: m.Move) -> None:
        self.say("had nothing to play", news=False)

    def _discard(self, move: m.Move) -> None:
        to_market = self.options.discard_to == "market" and c.is_diamond(move.card)
        self.take(self.hand, (move.card,), self.market if to_market else self.discard)
        self.say(f"discarded {c.name(move.card)}{' onto the market' if to_market else ''}",
                 news=False)

    # the end of the move -------------------------------------------------------------------------
    def finish(self, before: DiamsState, move: m.Move) -> DiamsState:
        """Freeze the table into the next state: the same turn, the next seat, the next
        round or the end of the game."""
        history = before.history + (move,)
        log = before.log + tuple(self.events)
        if move.verb not in (m.DRAW_HAND, m.DRAW_MARKET):
            self.phase = "discard" if sum(self.hand) > HAND_LIMIT else "end"
        hands = tuple(tuple(h) for h in self.hands)
        safes = tuple(tuple(s) for s in self.safes)
        turn = before.turn
        if self.phase == "end":
            if self.closing_drawn:
                return _end_round(before, self, hands, safes, history, log)
            turn, self.phase = (turn + 1) % before.players, "draw"
        return DiamsState(
            options=before.options, ruleset=before.ruleset, seed=before.seed,
            round=before.round, phase=self.phase, turn=turn, hands=hands, safes=safes,
            market=tuple(self.market), discard=tuple(self.discard), pile=tuple(self.pile),
            closing_drawn=self.closing_drawn, results=before.results, log=log,
            news=tuple(self.news), opening=before.opening, history=history,
        )


def _end_round(before: DiamsState, turn: _Turn, hands: tuple[tuple[int, ...], ...],
               safes: tuple[tuple[int, ...], ...], history: tuple[Any, ...],
               log: tuple[str, ...]) -> DiamsState:
    """Score the round (rule ``diams.round.end``); deal the next one or end the game."""
    result = score_round(before.round, safes, hands, before.ruleset)
    results = before.results + (result,)
    number = before.round + 1
    scored = f"round {number} is scored: " + "; ".join(
        f"{m.seat_name(seat)} {points} points, {chips} chips"
        for seat, (points, chips) in enumerate(zip(result.points, result.chips, strict=True)))
    news = (*turn.news, scored)
    if number < before.rounds:
        table = seeded_table(before.ruleset, before.options, before.seed, number)
        return DiamsState.start(before.options, before.ruleset, before.seed, table, number,
                                results, before.opening, history, (scored,), news)
    return DiamsState(
        options=before.options, ruleset=before.ruleset, seed=before.seed, round=before.round,
        phase="over", turn=before.turn, hands=hands, safes=safes,
        market=tuple(turn.market), discard=tuple(turn.discard), pile=tuple(turn.pile),
        closing_drawn=True, results=results, log=log + (scored,), news=news,
        opening=before.opening, history=history,
    )
