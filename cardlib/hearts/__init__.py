"""Hearts (Corazones): the game the registry loads as ``cardlib.hearts.Hearts``.

``Hearts().new(seed)`` starts a game; moves are ``Pass(card)`` and ``Play(card)`` (and,
with ``moon='shooter-choice'``, a ``MoonChoice``); bots live in ``cardlib.hearts.bots``.
"""

from cardlib.hearts.game import (
    SEATS,
    Hearts,
    HeartsMove,
    HeartsState,
    HeartsView,
    MoonChoice,
    Pass,
    Play,
)
from cardlib.hearts.rules import OPTIONS, RULES, Variant

__all__ = [
    "OPTIONS", "RULES", "SEATS", "Hearts", "HeartsMove", "HeartsState", "HeartsView",
    "MoonChoice", "Pass", "Play", "Variant",
]
