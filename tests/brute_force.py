"""The reference every Black Diamond solver is checked against: a plain memoised walk over
the engine's own ``legal_moves`` and ``apply``, so it shares no code with a model or a
pruning rule and can only be slow, never clever."""

from __future__ import annotations

from functools import cache

from cardlib.blackdiamond import BlackDiamondState


def brute_force_wins(state: BlackDiamondState) -> bool:
    """Whether some sequence of the engine's legal moves wins from ``state``."""

    def key_of(s: BlackDiamondState) -> tuple:
        return (s.diamonds, s.diamond_deck, s.hand, s.black_deck, s.piles, s.outcome)

    states = {key_of(state): state}

    @cache
    def wins(key: tuple) -> bool:
        here = states[key]
        if here.is_over:
            return here.outcome == "win"
        for move in here.legal_moves():
            after = here.apply(move)
            after_key = key_of(after)
            states.setdefault(after_key, after)
            if wins(after_key):
                return True
        return False

    return wins(key_of(state))
