"""Diamonds: the trick-taking game in which tricks earn suit actions that move crystals.

``games.get("diamonds").new(seed, players=4)`` starts a game; moves are ``Announce(n)``
(the dealer's pass), ``Pass(card)``, ``Play(card)`` and ``Rob(seat)`` (a ♣ action's
victim); bots live in ``cardlib.diamonds.bots``.

The modules, one job each: ``rules`` (rule texts and options), ``deck`` (seats, cards as
bits), ``crystals`` (vaults, showrooms, the supply and the four suit actions),
``round_end`` (majorities and the no-trick bonus), ``moves``, ``deal``, ``state`` (what a
move does), ``explain`` (the words of ``explain()``), ``view`` (what one seat sees),
``game`` (the ``Game`` class the registry hands out) and ``stats`` (how often a round's
end ties, counted for the notebook and the benchmark).
"""

from cardlib.diamonds.crystals import ActionDone, Crystals, SuitAction
from cardlib.diamonds.deck import SEATS
from cardlib.diamonds.game import GAME, Diamonds
from cardlib.diamonds.moves import Announce, DiamondsMove, Pass, Play, Rob
from cardlib.diamonds.rules import OPTIONS, RULES, Options
from cardlib.diamonds.state import DiamondsState
from cardlib.diamonds.view import DiamondsView

__all__ = [
    "GAME", "OPTIONS", "RULES", "SEATS", "ActionDone", "Announce", "Crystals", "Diamonds",
    "DiamondsMove", "DiamondsState", "DiamondsView", "Options", "Pass", "Play", "Rob",
    "SuitAction",
]
