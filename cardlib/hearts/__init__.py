"""Hearts (Corazones): the game the registry loads as ``cardlib.hearts.Hearts``.

``Hearts().new(seed)`` starts a game; moves are ``Pass(card)`` and ``Play(card)`` (and,
with ``moon='shooter-choice'``, a ``MoonChoice``); bots live in ``cardlib.hearts.bots``.

The modules, one job each: ``rules`` (rule texts and options), ``deck`` (seats, cards as
bits), ``moves``, ``deal`` (deals and the pass direction), ``scoring``, ``state`` (what a
move does), ``explain`` (the words of ``explain()``), ``view`` (what one seat sees) and
``game`` (the ``Game`` class the registry hands out).
"""

from cardlib.hearts.deck import SEATS
from cardlib.hearts.game import GAME, Hearts
from cardlib.hearts.moves import HeartsMove, MoonChoice, Pass, Play
from cardlib.hearts.rules import OPTIONS, RULES, Options
from cardlib.hearts.state import HeartsState
from cardlib.hearts.view import HeartsView

__all__ = [
    "GAME", "OPTIONS", "RULES", "SEATS", "Hearts", "HeartsMove", "HeartsState", "HeartsView",
    "MoonChoice", "Options", "Pass", "Play",
]
