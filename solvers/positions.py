"""Late positions: small problems cut from whole deals, for checking and timing the solvers.

The spec allows no reduced deck, so a "small" Black Diamond problem is a game already
well under way: follow a known line until about ``left`` black cards remain, then make a
few seeded random moves, which lose the game often enough that loss proofs get exercised.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardlib.blackdiamond import BlackDiamondState, move_from_json
from cardlib.bots import RandomBot, play_moves


def late_position(state: BlackDiamondState, line: Iterable[dict[str, str]], left: int,
                  detour: int = 3, seed: int | str = 0) -> BlackDiamondState:
    """``state`` advanced along ``line`` (moves in JSON form) until at most ``left`` black
    cards remain to place, then ``detour`` random legal moves seeded by ``seed``."""
    for move in line:
        if len(state.hand) + len(state.black_deck) <= left:
            break
        state = state.apply(move_from_json(move))
    bot = RandomBot(seed)
    return play_moves(state, lambda seat: bot, detour)
