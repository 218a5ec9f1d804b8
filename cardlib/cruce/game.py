"""Cruce (Crucea) as a :class:`~cardlib.protocol.Game`: name, rules, options, start, parse.

The class ties Cruce's parts to the shared protocol.  The rules and options live in
:mod:`.rules`, the pack in :mod:`.deck`, the moves in :mod:`.moves`, the deals in
:mod:`.deal`, the auction in :mod:`.bidding`, the points in :mod:`.scoring`, what a move
does in :mod:`.state` and what a seat sees in :mod:`.view`.  The game knows the two ways a
game starts (from a seed, or from given hands, each saved so that ``game.load`` rebuilds
it), and it sets ``CruceState.game``, so that states can parse moves and replay
themselves; that is why this module imports the state and never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardlib.cards import Card
from cardlib.cruce.deal import Opening, checked_deal, seeded_deal
from cardlib.cruce.deck import SEAT_NAMES, cards_of
from cardlib.cruce.moves import CruceMove, move_label, parse_move
from cardlib.cruce.rules import RULES, Options
from cardlib.cruce.scoring import sides_of
from cardlib.cruce.state import CruceState, start_hand
from cardlib.protocol import Game


class Cruce(Game):
    """Cruce as the seed and ``spec/cruce.md`` describe it: 2, 3 or 4 players (partners at
    four), 24 cards, one bid each, trump from the first lead, marriages, game to 21."""

    name = "cruce"
    title = "Cruce (Crucea)"
    rules = RULES
    Options = Options

    def new(self, seed: int | str = 0, **options: Any) -> CruceState:
        """A new game; every hand's deal follows from ``seed`` (see ``seeded_deal``)."""
        chosen = self.make_options(**options)
        return start_hand(chosen, seed, Opening(), seeded_deal(seed, 0, chosen.players), ())

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str],
                   stock: Iterable[Card | str] | str = "", *, seed: int | str = 0,
                   hand_number: int = 0, totals: Sequence[int] | None = None,
                   **options: Any) -> CruceState:
        """A game whose hand ``hand_number`` starts with the given ``hands`` (seat 0 first;
        their number is the player count), at two players the ``stock`` (top card first),
        and the sides' running ``totals``; later hands are dealt from ``seed``."""
        players = options.pop("players", len(hands))
        if players != len(hands):
            raise ValueError(f"players={players} but {len(hands)} hands were given")
        chosen = self.make_options(players=players, **options)
        deal = checked_deal(hands, stock, hand_number)
        sides = len(sides_of(chosen))
        if totals is not None:
            if len(totals) != sides or not all(type(t) is int for t in totals):
                raise ValueError(f"totals={totals!r}: give {sides} whole numbers, one per "
                                 "side")
            totals = tuple(totals)
        opening = Opening(hand_number, totals,
                          tuple(tuple(c.code for c in cards_of(m)) for m in deal.dealt),
                          tuple(cards_of(1 << b)[0].code for b in deal.stock))
        return start_hand(chosen, seed, opening, deal, ())

    def from_start_record(self, start: Mapping[str, Any]) -> CruceState:
        """The start a saved record describes.  Its ``options`` are required: without
        them the defaults would silently deal for four players, another game."""
        options = dict(start["options"])
        totals = start.get("totals")
        if "hands" in start:
            return self.from_hands(start["hands"], start.get("stock", ""), seed=start["seed"],
                                   hand_number=start.get("hand_number", 0), totals=totals,
                                   **options)
        if totals is not None:
            raise ValueError("totals are saved only with scripted hands")
        return self.new(seed=start["seed"], **options)

    def parse_move(self, text: str) -> CruceMove:
        """``KH`` → Play; ``KH announce`` → Announce; ``bid 2``, ``pass`` → Bid;
        ``trump H`` → NameTrump."""
        return parse_move(text)

    def move_label(self, move: CruceMove) -> str:
        """A short label for a move button: ``K♥``, ``K♥ + marriage``, ``bid 2``."""
        return move_label(move)

    def seat_names(self, players: int) -> tuple[str, ...]:
        """Ana, Bogdan, Cristina, Dan: the board's names."""
        return SEAT_NAMES[:players]


GAME = Cruce()
"""The one Cruce game: what ``games.get("cruce")`` returns and every state's ``game``."""
CruceState.game = GAME
