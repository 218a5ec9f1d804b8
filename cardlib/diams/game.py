"""Diam's as a :class:`~cardlib.protocol.Game`: name, rules, options, ruleset, start, parse.

The class ties Diam's parts to the shared protocol: the rules and options live in
:mod:`.rules`, the unsourced numbers in the :class:`~.ruleset.Ruleset` (loaded from a TOML
file), the deal in :mod:`.deal`, the moves in :mod:`.moves`, legality in :mod:`.legal` and
what a move does in :mod:`.state`.  A game starts from a seed, or from a scripted position
(:meth:`Diams.from_position`); its saved record holds the ruleset's numbers, so a game
played with another ruleset file loads without that file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardlib.protocol import Game, MoveGroup

from . import cards as c
from . import moves as m
from .deal import seeded_table, table_from_position
from .moves import Move, move_label, parse_move
from .rules import RULES, Options
from .ruleset import Ruleset, load_ruleset
from .scoring import result_of_points
from .state import DiamsState

RulesetSource = Ruleset | str | Path | Mapping[str, Any] | None


class Diams(Game):
    """Diam's, as Board Game Arena's help page (``shared/seeds/002_b79310fa263a0c39.txt``)
    and ``shared/spec/diams.md`` describe it: 2 to 5 players draw, trade at the market and
    secure collections of diamonds; three rounds, victory chips."""

    name = "diams"
    title = "Diam's"
    rules = RULES
    Options = Options

    def new(self, seed: int | str = 0, *, ruleset: RulesetSource = None,
            **options: Any) -> DiamsState:
        """A new game; every shuffle follows from ``seed``.  ``ruleset`` is a
        :class:`Ruleset`, a TOML file path or a mapping (default: the shipped, assumed
        one); a malformed one raises :class:`~.ruleset.RulesetError` naming the entry."""
        chosen = self.make_options(**options)
        rules = load_ruleset(ruleset)
        _check_seed(seed)
        return DiamsState.start(chosen, rules, seed, seeded_table(rules, chosen, seed, 0))

    def from_position(self, position: Mapping[str, Any], *, seed: int | str = 0,
                      ruleset: RulesetSource = None, **options: Any) -> DiamsState:
        """A game whose round ``position["round"]`` (default 0) starts at a scripted table
        (see :func:`.deal.table_from_position`); later rounds are dealt from ``seed``."""
        chosen = self.make_options(**options)
        rules = load_ruleset(ruleset)
        _check_seed(seed)
        table, number, past = table_from_position(position, rules, chosen, seed)
        results = tuple(result_of_points(i, points, rules) for i, points in enumerate(past))
        return DiamsState.start(chosen, rules, seed, table, number, results,
                                opening=_plain(position))

    def from_start_record(self, start: Mapping[str, Any]) -> DiamsState:
        options = start.get("options", {})
        ruleset = Ruleset.from_mapping(start["ruleset"], "start.ruleset") \
            if "ruleset" in start else None
        if "position" in start:
            return self.from_position(start["position"], seed=start["seed"], ruleset=ruleset,
                                      **options)
        return self.new(seed=start["seed"], ruleset=ruleset, **options)

    def parse_move(self, text: str) -> Move:
        """``draw hand``, ``market 7 sum 3 4*``, ``secure 5 5 5*`` … (see :mod:`.moves`)."""
        return parse_move(text)

    def move_label(self, move: Move) -> str:
        """A short label for a move button: ``7 → market: take 3 + 4⌕`` …"""
        return move_label(move)

    def move_group(self, move: Move) -> MoveGroup:
        """A turn of phase 2 can offer over a hundred moves (80 drills at five players), so
        the table groups them by kind, the usual ones first, and reaches a market visit
        in two steps (which card you go with, then what you take) and a drill or a sale
        in two (whose safe or hand, then which diamond)."""
        return _group(move)


_KINDS = {  # verb: (the row's heading, its rank: the moves a turn usually makes first)
    m.DRAW_HAND: ("Draw", 0), m.DRAW_MARKET: ("Draw", 0), m.DISCARD: ("Discard", 0),
    m.SECURE: ("Secure", 0), m.MARKET: ("Market", 1), m.EXPRESS: ("Secur'express", 2),
    m.SLEIGHT: ("Sleight of hand", 3), m.SALE: ("Compulsory sale", 4),
    m.DRILL: ("Safe drilling", 5), m.PASS: ("Pass", 6),
}


def _group(move: Move) -> MoveGroup:
    kind, rank = _KINDS[move.verb]
    if move.verb == m.MARKET:
        taken = {"colour": f"all {c.digit_of(move.card)}s", "none": "nothing",
                 "sum": " + ".join(c.label(k) for k in move.cards)}[move.outcome]
        return MoveGroup(kind, rank, first=f"with {c.label(move.card)}", label=f"take {taken}")
    if move.verb == m.DRILL:
        return MoveGroup(kind, rank, seat=move.seat, label=c.label(move.cards[0]))
    if move.verb == m.SALE:
        return MoveGroup(kind, rank, seat=move.seat,
                         label=f"{move.digit}s, with {c.label(move.card)}")
    return MoveGroup(kind, rank)


def _check_seed(seed: Any) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"seed {seed!r}: give a whole number or a text")


def _plain(position: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON-safe copy of a position (lists, not tuples), for the saved record."""
    def plain(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value
    return plain(position)


GAME = Diams()
"""The one Diam's game: what ``games.get("diams")`` returns and every state's ``game``."""
DiamsState.game = GAME
