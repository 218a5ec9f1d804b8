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
from types import MappingProxyType
from typing import Any

from cardlib.cards import Card
from cardlib.cruce.deal import DECK_WORDS, HAND_SIZE, checked_stock
from cardlib.cruce.deck import SEAT_NAMES, cards_of
from cardlib.cruce.moves import CruceMove, move_label, parse_move
from cardlib.cruce.rules import RULES, Options
from cardlib.cruce.state import CruceState
from cardlib.tricks import HandsGame


class Cruce(HandsGame):
    """Cruce as the seed and ``spec/cruce.md`` describe it: 2, 3 or 4 players (partners at
    four), 24 cards, one bid each, trump from the first lead, marriages, game to 21.

    ``new(seed)`` deals every hand from the seed; ``from_hands(hands, stock, seed=…,
    hand_number=…, totals=…)`` starts from given hands (the kit's
    :class:`~cardlib.tricks.HandsGame`)."""

    name = "cruce"
    title = "Cruce (Crucea)"
    rules = RULES
    Options = Options
    State = CruceState
    deck_words = DECK_WORDS
    scripted_fields = ("stock",)
    quick_options = MappingProxyType({"hand_limit": 2})
    """Random bids fail almost every contract, so every total drifts down and a game to
    21 almost never ends: random players play two hands."""

    def hand_sizes(self, options: Options) -> tuple[int, ...]:
        """Rule ``cruce.deal``: 8 cards each at two and three players, 6 at four."""
        return (HAND_SIZE[options.players],)

    def size_words(self, options: Options) -> str:
        return f"at {options.players} players it gets {HAND_SIZE[options.players]}"

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str],
                   stock: Iterable[Card | str] | str = "", **start: Any) -> CruceState:
        """A game whose hand ``hand_number`` starts with the given ``hands`` (seat 0 first;
        their number is the player count), at two players the ``stock`` (top card first),
        and the sides' running ``totals``; later hands are dealt from ``seed``."""
        return super().from_hands(hands, stock=stock, **start)  # type: ignore[return-value]

    def check_scripted(self, options: Options, hands: tuple[int, ...], hand_number: int,
                       fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The stock: 8 cards at two players, none at three and four, none dealt twice."""
        stock = checked_stock(fields.get("stock", ""), hands)
        codes = tuple(cards_of(1 << bit)[0].code for bit in stock)
        return {"stock": codes}, {"stock": stock}

    def from_start_record(self, start: Mapping[str, Any]) -> CruceState:
        """The start a saved record describes.  Its ``options`` are required: without
        them the defaults would silently deal for four players, another game."""
        return super().from_start_record({**start, "options": dict(start["options"])})  # type: ignore[return-value]

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
