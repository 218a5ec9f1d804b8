"""Black Diamond as a :class:`~cardlib.protocol.Game`: name, rules, options, start, parse.

The game itself is small: the rules live in :mod:`.rules`, the moves in :mod:`.moves`
and what a move does in :mod:`.state`.  This class ties them to the shared protocol and
knows the three ways a game can start: from a seed, from a pasted deal, and from a board
(a :class:`~.position.Position`), each saved so that ``game.load`` rebuilds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.protocol import Game, Option

from .deal import Deal, deal_from_seed
from .moves import Move, parse_move
from .position import Position
from .rules import RULES
from .state import BlackDiamondState, Options


class BlackDiamond(Game):
    """Black Diamond: place the 26 black cards around four arithmetic diamonds."""

    name = "black-diamond"
    title = "Black Diamond"
    players = 1
    rules = RULES
    options = (
        Option("arithmetic_centre", False,
               "A centre card must equal a value built from one to four diamonds with "
               "+ - * / (the source's introduction), instead of any card.", (False, True)),
        Option("stuck_per_card", False,
               "You may replace or clear as soon as one card in your hand cannot be "
               "placed, instead of only when neither can.", (False, True)),
        Option("replaced_under_deck", False,
               "A replaced diamond goes under the diamond deck instead of leaving the "
               "game.", (False, True)),
        Option("strict_end", False,
               "An empty diamond deck when the last black card is placed is a loss.",
               (False, True)),
        Option("repeat_replace", False,
               "Once stuck, you may go on replacing diamonds while the diamond deck holds "
               "cards, even after a new diamond lets you play (the source's 'se puede "
               "repetir siempre que queden cartas en el mazo' read literally).", (False, True)),
    )

    def game_options(self, **options: Any) -> Options:
        """Checked options (unknown names and non-bool values refused by name)."""
        return Options(**self.check_options(options))

    def new(self, seed: int | str = 0, **options: Any) -> BlackDiamondState:
        """The game dealt by ``seed`` (see :func:`.deal.deal_from_seed`)."""
        return self.from_deal(deal_from_seed(seed), seed=seed, **options)

    def from_deal(self, deal: Deal, *, seed: int | str | None = None,
                  **options: Any) -> BlackDiamondState:
        """The game a given deal starts (a pasted deal, or one a solver reports on)."""
        if not isinstance(deal, Deal):
            deal = Deal.from_json(deal)
        return BlackDiamondState.from_position(Position.from_deal(deal),
                                               self.game_options(**options),
                                               deal=deal, seed=seed)

    def from_position(self, position: Position | Mapping[str, Any],
                      **options: Any) -> BlackDiamondState:
        """A game starting at any board: for rule tests, puzzles and small solver checks."""
        if not isinstance(position, Position):
            position = Position.from_json(position)
        return BlackDiamondState.from_position(position, self.game_options(**options))

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


BlackDiamondState.game = BlackDiamond()
