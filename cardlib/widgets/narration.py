"""Bots play on from a position, and every move is kept with what the rules said about it.

The game table lets the bots answer the learner; the trick steps let them finish a trick
or a hand.  Both then *tell* what happened ("West: A♣ [hearts.follow-suit]"), so each
move is kept as a :class:`Played` with its explanation, its seat and the states around it.

The moves are worked out before anything is shown: if a bot fails half-way, the caller
keeps none of them, and the widget stays at a position that really happened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.bots import Bot
from cardlib.protocol import Explanation, GameState

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
            *, limit: int = 10_000) -> list[Played]:
    """Let ``bots`` (by seat) move from ``state`` until ``until(played, position)`` says
    stop or the game is over; the moves, in order.  ``limit`` catches a game that never
    stops (a bug, reported as such)."""
    played: list[Played] = []
    while not state.is_over and not until(played, state):
        if len(played) == limit:
            raise RuntimeError(f"{state.game.name}: the bots played {limit} moves without "
                               "reaching the stop")
        seat = state.to_move
        move = bots[seat].choose(state)
        after = state.apply(move)
        played.append(Played(seat, move, state.explain(move), state, after))
        state = after
    return played


def turn_of(seat: int) -> Until:
    """Stop when it is ``seat``'s turn (the learner's)."""
    return lambda _played, state: state.to_move == seat
