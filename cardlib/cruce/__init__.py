"""Cruce (Crucea): the game the registry loads as ``cardlib.cruce.GAME``.

``GAME.new(seed, players=N)`` starts a game for 2, 3 or 4 players (partners at four);
moves are ``Bid(k)`` (``Bid(0)`` passes), ``Play(card)``, ``Announce(card)`` (a lead that
announces a marriage), with ``trump='declarer-names'`` ``NameTrump(suit)``, and in the
2-player auction form (``two_player_form='auction'``) ``Give(card)``; bots live in
``cardlib.cruce.bots``.

The modules, one job each: ``rules`` (rule texts and options), ``deck`` (the pack as bits,
points, seats), ``moves``, ``deal`` (who deals, deal sizes, the stock), ``bidding`` (the
auction), ``scoring``, ``state`` (what a move does), ``explain`` (the words of
``explain()``), ``view`` (what one seat sees) and ``game`` (the ``Game`` class the
registry hands out).
"""

from cardlib.cruce.deck import SEAT_NAMES
from cardlib.cruce.game import GAME, Cruce
from cardlib.cruce.moves import Announce, Bid, CruceMove, Give, NameTrump, Play
from cardlib.cruce.rules import OPTIONS, RULES, Options
from cardlib.cruce.state import CruceState
from cardlib.cruce.view import CruceView

__all__ = [
    "GAME", "OPTIONS", "RULES", "SEAT_NAMES", "Announce", "Bid", "Cruce", "CruceMove",
    "CruceState", "CruceView", "Give", "NameTrump", "Options", "Play",
]
