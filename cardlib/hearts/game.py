"""Hearts (Corazones) as a :class:`~cardlib.protocol.Game`: name, rules, options, start, parse.

The class is small: it ties Hearts' parts to the shared protocol and the kit's layer for
games of several hands.  The rules and options
live in :mod:`.rules`, the seats and card bits in :mod:`.deck`, the moves in :mod:`.moves`,
the deals in :mod:`.deal`, the points in :mod:`.scoring`, what a move does in
:mod:`.state` and what a seat sees in :mod:`.view`.  The game knows the two ways a game
starts (from a seed, or from given hands, each saved so that ``game.load`` rebuilds it),
and it sets ``HeartsState.game``, so that states can parse moves and replay themselves;
that is why this module imports the state and never the other way round.
"""

from __future__ import annotations

from typing import Any

from cardlib.hearts.deck import HAND_SIZE, PLAYERS, SEATS
from cardlib.hearts.moves import HeartsMove, move_label, parse_move
from cardlib.hearts.rules import RULES, Options
from cardlib.hearts.state import HeartsState
from cardlib.tricks import HandsGame


class Hearts(HandsGame):
    """Hearts as the seed (``shared/seeds/001_a0490a4590938347.txt``) and
    ``shared/spec/hearts.md`` describe it: four players, 52 cards, pass three, avoid hearts
    and the Q♠, game to 50, lowest total wins.

    ``new(seed)`` deals every hand from the seed; ``from_hands(hands, seed=…,
    hand_number=…, totals=…)`` starts hand ``hand_number`` from four given hands (North
    first, 13 cards each) and running totals, later hands dealt from ``seed`` (the kit's
    :class:`~cardlib.tricks.HandsGame`)."""

    name = "hearts"
    title = "Hearts (Corazones)"
    rules = RULES
    Options = Options
    State = HeartsState
    deck_words = "the 52-card deck"

    def hand_sizes(self, options: Any) -> tuple[int, ...]:
        """Every hand is dealt 13 cards."""
        return (HAND_SIZE,)

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
