"""What one Diam's player may know: ``DiamsView``, the input of every bot and picture.

Hands and safes are private (rule ``diams.hidden``): a view holds its own seat's hand and
safe as cards and only the sizes of everyone else's.  The market, the discard pile, the
draw pile's size, the public log of the round and the scores are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlib.display import Drawable

from . import cards as c
from .rules import ROUNDS, Options
from .ruleset import Ruleset
from .scoring import RoundResult, chip_totals


class Standing:
    """Where a game stands, read the same way from a state and from a view: how many
    rounds it has and the victory chips won so far."""

    __slots__ = ()
    options: Options
    results: tuple[RoundResult, ...]

    @property
    def rounds(self) -> int:
        return ROUNDS[self.options.length]

    @property
    def chips(self) -> tuple[int, ...]:
        """Victory chips won so far, one per seat."""
        return chip_totals(self.results, self.options.players)


@dataclass(frozen=True)
class DiamsView(Drawable, Standing):
    """One seat's knowledge (see the module docstring); piles are counts by card kind."""

    seat: int
    round: int
    phase: str
    to_move: int | None
    hand: tuple[int, ...]
    safe: tuple[int, ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    safe_sizes: tuple[int, ...]
    pile_size: int
    """Cards left in the draw pile, the closing card included while it is there."""
    closing_drawn: bool
    results: tuple[RoundResult, ...]
    log: tuple[str, ...]
    """What happened this round, as every player saw it."""
    options: Options
    ruleset: Ruleset

    @property
    def players(self) -> int:
        return self.options.players

    def __str__(self) -> str:
        return (f"seat {self.seat}, round {self.round + 1}/{self.rounds} ({self.phase}); "
                f"hand {c.labels(self.hand)}; safe {c.labels(self.safe)}; "
                f"market {c.labels(self.market)}; chips {list(self.chips)}")
