"""Black Diamond: a solitaire of arithmetic placements (issue 3; rules in the spec).

The registry loads :class:`BlackDiamond` from here.  Solvers and notebooks import the
layout, the rule functions, deals, positions and moves from this package too.
"""

from .deal import BLACK_CARDS, DIAMOND_CARDS, Deal, DealError, deal_from_seed
from .game import GAME, BlackDiamond
from .moves import Clear, Move, Play, Replace, move_from_json, move_to_json, parse_move
from .position import Position, PositionError
from .rules import (
    PILE_BY_NAME,
    PILE_NAMES,
    PILES,
    POSITIONS,
    REFILL_ORDER,
    RULES,
    Pile,
    allowed_values,
    arithmetic_values,
    can_place,
    check_placement,
    inner_values,
    placement_rule,
)
from .state import BLACK_TOTAL, BlackDiamondState, BlackDiamondView, Options

__all__ = [
    "BLACK_CARDS", "BLACK_TOTAL", "DIAMOND_CARDS", "GAME", "PILES", "PILE_BY_NAME", "PILE_NAMES",
    "POSITIONS", "REFILL_ORDER", "RULES", "BlackDiamond", "BlackDiamondState",
    "BlackDiamondView", "Clear", "Deal", "DealError", "Move", "Options", "Pile", "Play",
    "Position", "PositionError", "Replace", "allowed_values", "arithmetic_values",
    "can_place", "check_placement", "deal_from_seed", "inner_values", "move_from_json",
    "move_to_json", "parse_move", "placement_rule",
]
