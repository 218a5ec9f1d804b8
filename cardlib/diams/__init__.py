"""Diam's (Board Game Arena game 21): collect diamonds at the market, secure them in a safe.

``games.get("diams").new(seed)`` starts a game; bots live in ``cardlib.diams.bots``.  The
modules, one job each: ``cards`` (card kinds and piles of counts), ``ruleset`` (every
unsourced number, read from ``ruleset.toml`` or another file), ``rules`` (rule texts and
options), ``moves``, ``deal`` (shuffles, the closing card, scripted tables), ``legal``
(which moves the rules allow, and why), ``scoring``, ``state`` (what a move does), ``view``
(what one seat sees) and ``game`` (the ``Game`` class the registry hands out).
"""

from .game import GAME, Diams
from .moves import Move, move_label, parse_move
from .rules import OPTIONS, RULES, Options
from .ruleset import DEFAULT, Ruleset, RulesetError, load_ruleset
from .scoring import RoundResult
from .state import DiamsState
from .view import DiamsView

__all__ = [
    "DEFAULT", "GAME", "OPTIONS", "RULES", "Diams", "DiamsState", "DiamsView", "Move",
    "Options", "RoundResult", "Ruleset", "RulesetError", "load_ruleset", "move_label",
    "parse_move",
]
