"""Hearts (Corazones) as a :class:`~cardlib.protocol.Game`: name, rules, options, start, parse.

The class is small: it ties Hearts' parts to the shared protocol.  The rules and options
live in :mod:`.rules`, the seats and card bits in :mod:`.deck`, the moves in :mod:`.moves`,
the deals in :mod:`.deal`, the points in :mod:`.scoring`, what a move does in
:mod:`.state` and what a seat sees in :mod:`.view`.  The game knows the two ways a game
starts (from a seed, or from given hands, each saved so that ``game.load`` rebuilds it),
and it sets ``HeartsState.game``, so that states can parse moves and replay themselves;
that is why this module imports the state and never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardlib.cards import Card
from cardlib.hearts.deal import Opening, checked_hands, seeded_deal
from cardlib.hearts.deck import PLAYERS, SEATS, cards_of
from cardlib.hearts.moves import HeartsMove, move_label, parse_move
from cardlib.hearts.rules import RULES, Options
from cardlib.hearts.state import HeartsState, start_hand
from cardlib.protocol import Game


class Hearts(Game):
    """Hearts as the seed (``shared/seeds/001_a0490a4590938347.txt``) and
    ``shared/spec/hearts.md`` describe it: four players, 52 cards, pass three, avoid hearts
    and the Q♠, game to 50, lowest total wins."""

    name = "hearts"
    title = "Hearts (Corazones)"
    rules = RULES
    Options = Options

    def new(self, seed: int | str = 0, **options: Any) -> HeartsState:
        """A new game; every hand's deal follows from ``seed`` (see ``seeded_deal``)."""
        chosen = self.make_options(**options)
        return start_hand(chosen, seed, Opening(), 0, seeded_deal(seed, 0), ())

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str], *, seed: int | str = 0,
                   hand_number: int = 0, totals: Sequence[int] = (0, 0, 0, 0),
                   **options: Any) -> HeartsState:
        """A game whose hand ``hand_number`` starts with the given ``hands`` (North first)
        and running ``totals``; later hands are dealt from ``seed``.  For scripted deals."""
        chosen = self.make_options(**options)
        masks = checked_hands(hands)
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) \
                or hand_number < 0:
            raise ValueError(f"hand_number={hand_number!r}: hands are numbered 0, 1, 2, …")
        if len(totals) != PLAYERS or not all(isinstance(t, int) for t in totals):
            raise ValueError(f"totals={totals!r}: give four whole numbers, North first")
        opening = Opening(hand_number, tuple(totals),
                          tuple(tuple(c.code for c in cards_of(m)) for m in masks))
        return start_hand(chosen, seed, opening, hand_number, masks, ())

    def from_start_record(self, start: dict[str, Any]) -> HeartsState:
        options = start.get("options", {})
        if "hands" in start:
            return self.from_hands(start["hands"], seed=start["seed"],
                                   hand_number=start.get("hand_number", 0),
                                   totals=tuple(start.get("totals", (0, 0, 0, 0))),
                                   **options)
        return self.new(seed=start["seed"], **options)

    def parse_move(self, text: str) -> HeartsMove:
        """``QS`` or ``play QS`` → Play; ``pass QS`` → Pass; ``moon add`` → MoonChoice."""
        return parse_move(text)

    def move_label(self, move: HeartsMove) -> str:
        """A short label for a move button: ``Q♠``, ``pass Q♠``, ``moon: others +26``."""
        return move_label(move)

    def seat_names(self, players: int = PLAYERS) -> tuple[str, ...]:
        """North, East, South, West: the board's names."""
        return SEATS


GAME = Hearts()
"""The one Hearts game: what ``games.get("hearts")`` returns and every state's ``game``."""
HeartsState.game = GAME
