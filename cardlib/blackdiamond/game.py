"""Black Diamond as a :class:`~cardlib.protocol.Game`: name, rules, options, start, parse.

The game itself is small: the rules live in :mod:`.rules`, the moves in :mod:`.moves`
and what a move does in :mod:`.state`.  This class ties them to the shared protocol and
knows the three ways a game can start: from a seed, from a pasted deal, and from a board
(a :class:`~.position.Position`), each saved so that ``game.load`` rebuilds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.protocol import Game

from .deal import Deal, deal_from_seed
from .moves import Move, parse_move
from .position import Position
from .rules import RULES, Options
from .state import BlackDiamondState


class BlackDiamond(Game):
    """Black Diamond: place the 26 black cards around four arithmetic diamonds."""

    name = "black-diamond"
    title = "Black Diamond"
    rules = RULES
    Options = Options

    def new(self, seed: int | str = 0, **options: Any) -> BlackDiamondState:
        """The game dealt by ``seed`` (see :func:`.deal.deal_from_seed`)."""
        return self.from_deal(deal_from_seed(seed), seed=seed, **options)

    def from_deal(self, deal: Deal, *, seed: int | str | None = None,
                  **options: Any) -> BlackDiamondState:
        """The game a given deal starts (a pasted deal, or one a solver reports on)."""
        if not isinstance(deal, Deal):
            deal = Deal.from_json(deal)
        return BlackDiamondState.from_position(Position.from_deal(deal),
                                               self.make_options(**options),
                                               deal=deal, seed=seed)

    def from_position(self, position: Position | Mapping[str, Any],
                      **options: Any) -> BlackDiamondState:
        """A game starting at any board: for rule tests, puzzles and small solver checks."""
        if not isinstance(position, Position):
            position = Position.from_json(position)
        return BlackDiamondState.from_position(position, self.make_options(**options))

    def from_start_record(self, start: Mapping[str, Any]) -> BlackDiamondState:
        """Rebuild the start of a saved game: a board, a pasted deal, or a seed."""
        options = dict(start.get("options", {}))
        if "position" in start:
            return self.from_position(start["position"], **options)
        if "deal" in start:
            return self.from_deal(Deal.from_json(start["deal"]), seed=start.get("seed"),
                                  **options)
        return self.new(seed=start["seed"], **options)

    def parse_move(self, text: str) -> Move:
        """Read ``7S>NE``, ``replace N``, ``clear NE`` (forgiving; see :mod:`.moves`)."""
        return parse_move(text)


GAME = BlackDiamond()
"""The one Black Diamond game: what ``games.get("black-diamond")`` returns and every
state's ``game``."""
BlackDiamondState.game = GAME
