"""Bots play on from a position, every move is kept with what the rules said about it, and
the moves are told as one seat's eyes may see them.

The game table lets the bots answer the learner; the trick steps let them finish a trick
or a hand.  Both then *tell* what happened ("West: A♣ [hearts.follow-suit]"), so each
move is kept as a :class:`Played` with its explanation, its seat and the states around it.

The moves are worked out before anything is shown: if a bot fails half-way, the caller
keeps none of them, and the widget stays at a position that really happened.

Telling (:func:`told`) names seats as the board does (:meth:`Game.seat_names
<cardlib.protocol.Game.seat_names>`, "your partner Cristina" for the observer's partner),
says of each move only what the observer may know (the protocol's ``move_seen_by``: a
bot's pass is "pass a card to East"), folds what repeats ("East: pass 3 cards to South",
"Bogdan, Cristina and Dan: pass") and puts what a move set off (``events_seen_by``:
Diamonds' suit actions) on lines of its own under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.bots import Bot
from cardlib.protocol import Explanation, GameState, names_joined

Until = Callable[[Sequence["Played"], GameState], bool]
"""When to stop: given the moves played so far and the position now."""


@dataclass(frozen=True)
class Played:
    """One move made: who made it, the move, the rules' explanation, before and after."""

    seat: int
    move: Any
    why: Explanation
    before: GameState
    after: GameState


def play_on(state: GameState, bots: Mapping[int, Bot], until: Until,
            *, limit: int = 10_000,
            thinking: Callable[[GameState, Bot], None] | None = None) -> list[Played]:
    """Let ``bots`` (by seat) move from ``state`` until ``until(played, position)`` says
    stop or the game is over; the moves, in order.  ``limit`` catches a game that never
    stops (a bug, reported as such).  ``thinking(position, bot)`` is told before each bot
    chooses, so a table can say who is thinking while a searching bot takes its time."""
    played: list[Played] = []
    while not state.is_over and not until(played, state):
        if len(played) == limit:
            raise RuntimeError(f"{state.game.name}: the bots played {limit} moves without "
                               "reaching the stop")
        seat = state.to_move
        if thinking is not None:
            thinking(state, bots[seat])
        move = bots[seat].choose(state)
        after = state.apply(move)
        played.append(Played(seat, move, state.explain(move), state, after))
        state = after
    return played


def turn_of(seat: int) -> Until:
    """Stop when it is ``seat``'s turn (the learner's)."""
    return lambda _played, state: state.to_move == seat


def seat_words(state: GameState, seat: int | None, observer: int | None = None) -> str:
    """``seat`` as people read it at ``state``'s table: the board's name ("Cat"), "your
    partner Cristina" when it plays on ``observer``'s side, "nobody" for None."""
    if seat is None:
        return "nobody"
    name = state.game.seat_names(state.players)[seat]
    if observer is not None and seat != observer and any(
            seat in side and observer in side for side in state.teams):
        return f"your partner {name}"
    return name


def seen_text(before: GameState, move: Any, observer: int | None, everything: bool) -> str:
    """``move``, made at ``before``, as ``observer`` may see it; whole when ``everything``
    is shown (every hand revealed)."""
    if everything:
        return before.game.move_label(move)
    return before.move_seen_by(move, observer)


def told(played: Sequence[Played], observer: int | None, *,
         everything: bool = False) -> list[str]:
    """The moves ``played`` as lines for ``observer``'s eyes (every hand's, with
    ``everything``): a line per seat that moved ("Ben: draw 1 → hand, secure 4 cards"),
    a move repeated folded ("East: pass 3 cards to South"), seats in a row that did the
    same thing on one line ("Bogdan, Cristina and Dan: pass"), and each thing a move set
    off on a line of its own, right under it."""
    runs: list[_Run] = []
    for step in played:
        text = seen_text(step.before, step.move, observer, everything)
        events = step.after.events_seen_by(observer)
        run = runs[-1] if runs else None
        if run is None or run.seat != step.seat or run.events:
            run = _Run(step.seat, seat_words(step.before, step.seat, observer))
            runs.append(run)
        run.add(text)
        run.events = events
    lines: list[str] = []
    index = 0
    while index < len(runs):
        run, names, end = runs[index], [runs[index].who], index + 1
        while (end < len(runs) and not run.events and runs[end].what() == run.what()
               and runs[end].seat not in {r.seat for r in runs[index:end]}):
            names.append(runs[end].who)
            run = runs[end]
            end += 1
        lines.append(f"{names_joined(names)}: {run.what()}")
        lines += [f"↳ {event}" for event in run.events]
        index = end
    return lines


class _Run:
    """Moves one seat made in a row, each text with how many times in a row it came."""

    def __init__(self, seat: int, who: str):
        self.seat, self.who = seat, who
        self.texts: list[list[Any]] = []
        self.events: tuple[str, ...] = ()

    def add(self, text: str) -> None:
        if self.texts and self.texts[-1][0] == text:
            self.texts[-1][1] += 1
        else:
            self.texts.append([text, 1])

    def what(self) -> str:
        return ", ".join(_times(text, count) for text, count in self.texts)


def _times(text: str, count: int) -> str:
    """``text`` done ``count`` times: "pass a card" three times is "pass 3 cards"."""
    if count == 1:
        return text
    if " a card" in f" {text}":
        return f" {text}".replace(" a card", f" {count} cards", 1).lstrip()
    return f"{text} ×{count}"
