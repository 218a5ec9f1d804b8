"""Bots: anything that picks a move from what one seat may see.

A bot never sees more than ``state.view(seat)`` would show a human at that seat, so a
bot cannot cheat by reading other hands; it receives the full state only to call the
protocol (``legal_moves``), which reveals nothing hidden.

Besides the simplest players this holds the Monte Carlo searcher every hidden-hand game
shares; each game fills in its hooks (how to imagine the hidden cards, when a playout
stops, what a finished playout is worth).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cardlib.protocol import GameState


class Bot(Protocol):
    """Chooses a move for ``state.to_move``."""

    def choose(self, state: GameState) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal move; seeded, so games between bots replay."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Any:
        return self._rng.choice(state.legal_moves())


class FirstMoveBot:
    """Plays the first legal move in sorted order: the simplest deterministic opponent."""

    name = "first"

    def choose(self, state: GameState) -> Any:
        return state.legal_moves()[0]


def play_moves(
    state: GameState,
    bots: Mapping[int, Bot] | Callable[[int], Bot],
    moves: int,
) -> GameState:
    """Let bots play up to ``moves`` moves from ``state`` (fewer if the game ends first):
    a game part-way through, for tests and solver checks that need one."""
    pick = bots if callable(bots) else bots.__getitem__
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(pick(state.to_move).choose(state))
    return state


def play_out(
    state: GameState,
    bots: Mapping[int, Bot] | Callable[[int], Bot],
    *,
    max_moves: int = 100_000,
) -> GameState:
    """Let bots play every seat from ``state`` to the end; returns the final state.

    ``max_moves`` guards against a game that never ends (a bug, reported as such).
    """
    end = play_moves(state, bots, max_moves)
    if not end.is_over:
        raise RuntimeError(f"{end.game.name}: no end after {max_moves} moves")
    return end


class MonteCarloBot:
    """Tries each legal move in many imagined games and keeps the best on average.

    For each of ``playouts // len(legal)`` samples, ``determinize(view, rng)`` imagines a
    full state that fits what the seat to move sees (its ``view``): the game's hook, which
    deals the hidden cards.  Every legal move is played there and the game is finished by
    ``policy`` bots for every seat until ``horizon(view, state)`` says stop (default: the
    end of the game); ``value(view, state)`` scores that finish for the seat, higher is
    better.  The move with the highest total wins; ties go to the first in sorted order.
    Seeded: the same seed and the same game give the same choices.
    """

    name = "monte-carlo"

    def __init__(
        self,
        determinize: Callable[[Any, random.Random], GameState],
        value: Callable[[Any, GameState], float],
        *,
        policy: Bot | None = None,
        horizon: Callable[[Any, GameState], bool] | None = None,
        seed: int | str = 0,
        playouts: int = 200,
    ):
        if playouts < 1:
            raise ValueError(f"playouts={playouts!r}: give at least 1")
        self.playouts = playouts
        self._rng = random.Random(seed)
        self._determinize = determinize
        self._value = value
        self._policy = policy or RandomBot(seed)
        self._horizon = horizon or (lambda view, state: state.is_over)

    def choose(self, state: GameState) -> Any:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        view = state.view(state.to_move)
        total = dict.fromkeys(legal, 0.0)
        for _ in range(max(1, self.playouts // len(legal))):
            world = self._determinize(view, self._rng)
            for move in legal:
                total[move] += self._value(view, self._finish(view, world.apply(move)))
        return min(legal, key=lambda move: (-total[move], move))

    def _finish(self, view: Any, state: GameState) -> GameState:
        while not self._horizon(view, state):
            state = state.apply(self._policy.choose(state))
        return state


@dataclass(frozen=True)
class BotKind:
    """One kind of bot a table can seat: the name its bots carry, the words a class reads,
    and how to make one.

    A game lists its kinds strongest first, as ``BOTS`` in its ``bots`` module, ending with
    :data:`RANDOM`; :func:`cardlib.games.bots` reads that list, so a table offers every kind
    a game has in one order, and a new bot is one more line there.  ``make(seed)`` gives a
    fresh bot for one seat (a bot that draws no chance ignores the seed).
    """

    name: str
    """The ``name`` its bots carry (``"monte-carlo"``), so a table can tell which kind it
    was handed."""
    label: str
    """How a person calls it (``"Monte Carlo"``)."""
    doc: str
    """One line: how it plays, and what it costs in time."""
    make: Callable[[int | str], Bot]


RANDOM = BotKind("random", "random", "plays any legal move, drawn at random from the seed",
                 RandomBot)
"""The kind every game has: the weakest, the last in every game's list."""
