"""Bots: anything that picks a move from what one seat may see.

A bot never sees more than ``state.view(seat)`` would show a human at that seat, so a
bot cannot cheat by reading other hands; it receives the full state only to call the
protocol (``legal_moves``), which reveals nothing hidden.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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
