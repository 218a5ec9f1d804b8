"""What one Diamonds player may know: ``DiamondsView``, the input of every bot and picture.

A view holds the seat's own hand and vault and the public facts: the table, the finished
tricks (taken face down, but every player saw them played), the showrooms, the supply, the
actions just taken.  Other vaults are behind screens (rule ``diamonds.crystals.setup``):
the view shows only their total, ``hidden``.  That hides less than it seems: the actions
in ``last_done`` are public and nothing leaves a vault, so a seat that keeps count of them
knows every vault (``crystals.replay``); with a finite supply, counting the supply and the
showrooms gives the total too.  What is truly hidden is cards: the other hands, the cards
set aside, the passes between other seats.  The cards passed to this seat
appear only once every seat has chosen its own (the pass is simultaneous).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardlib.diamonds.crystals import ActionDone, SuitAction
from cardlib.diamonds.deck import LAYOUT, ROUNDS, SEATS, labels_of
from cardlib.diamonds.round_end import RoundResult
from cardlib.diamonds.rules import Options
from cardlib.display import Drawable
from cardlib.tricks import CardBits, PassView, SeatView, Trick


@dataclass(frozen=True)
class DiamondsView(SeatView, PassView, Drawable):
    """What one player knows (see the module docstring).  Card sets are bit sets
    (``*_bits``) and shown as cards by the properties of the same name without ``_bits``."""

    seat: int
    phase: str
    """``announce`` (the dealer chooses the pass), ``pass``, ``play``, ``rob`` (a ♣
    action's victim is chosen) or ``over``."""
    to_move: int | None
    round: int
    dealer: int
    pass_count: int
    """Cards each player passes this round; 0 until the dealer announces."""
    hand_bits: int
    passed_bits: int
    """The cards this seat chose to pass."""
    received_bits: int | None
    """The cards passed to this seat; None until every seat has chosen its own."""
    trick_bits: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    """This round's finished tricks."""
    taken_bits: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    passes_made: tuple[int, ...]
    showroom: tuple[int, ...]
    """Every showroom: public."""
    vault: int
    """This seat's own vault."""
    hidden: int
    """The points in all the other vaults together."""
    supply: int | None
    """Points left in a finite supply; None when it is unlimited."""
    pending: tuple[SuitAction, ...]
    """Actions earned and not yet taken (the first waits for its ♣ victim)."""
    last_done: tuple[ActionDone, ...]
    """The suit actions the last move set off, in the order taken."""
    results: tuple[RoundResult, ...]
    options: Options

    layout: ClassVar[CardBits] = LAYOUT

    @property
    def rounds(self) -> int:
        return ROUNDS[self.players]

    @property
    def names(self) -> tuple[str, ...]:
        return SEATS[:self.players]

    @property
    def passed_to(self) -> int:
        return (self.seat + 1) % self.players

    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won this round (each trick holds one card per seat)."""
        return tuple(cards.bit_count() // self.players for cards in self.taken_bits)

    def own_score(self) -> int:
        """This seat's points as they stand: the vault counts double."""
        return 2 * self.vault + self.showroom[self.seat]

    def __str__(self) -> str:
        lines = [f"{SEATS[self.seat]}, round {self.round + 1} of {self.rounds} ({self.phase}); "
                 f"vault {self.vault}, showrooms {list(self.showroom)}",
                 f"  hand:  {labels_of(self.hand_bits)}"]
        if self.trick_bits:
            lines.append(f"  table: {labels_of(sum(1 << b for b in self.trick_bits))} "
                         f"(led by {SEATS[self.leader]})")
        return "\n".join(lines)
