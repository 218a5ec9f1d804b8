"""Crystals and the four suit actions that move them: the heart of Diamonds.

Each player has a **vault** (secret; points there score double) and a **showroom** (open
for all to see); the **supply** is in the middle of the table.  Every suit action moves
exactly one point:

====  ===============================================
 ♦    supply → own vault
 ♥    supply → own showroom
 ♠    own showroom → own vault
 ♣    another player's showroom → own showroom
====  ===============================================

The box's 1- and 5-point crystals are only change (spec §1.3), so points are counted as
plain numbers per zone.  :func:`perform` is the only code that changes them, which is what
makes "crystals are never created or lost except to and from the supply" testable: every
action says what it moved (``moved``) and, when it moved nothing, the rule that says why.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import SUIT_SYMBOLS
from cardlib.tricks import replaced

START_SHOWROOM = 3
"""Points each player sets out in their showroom before the first round."""
BOX_POINTS = 235
"""110 small crystals of 1 point and 25 large ones of 5: the finite supply's size."""

EFFECT_RULES = {"D": "diamonds.action.diamond", "H": "diamonds.action.heart",
                "S": "diamonds.action.spade", "C": "diamonds.action.club"}
EFFECT_WORDS = {"D": "supply → vault", "H": "supply → showroom",
                "S": "showroom → vault", "C": "another showroom → own showroom"}
MOMENT_RULES = {"off-suit": "diamonds.off-suit", "trick": "diamonds.trick.winner",
                "majority": "diamonds.round.majority", "no-tricks": "diamonds.round.no-tricks"}
MOMENT_WORDS = {"off-suit": "could not follow suit", "trick": "took the trick",
                "majority": "took the most cards of the suit",
                "no-tricks": "took no trick this round"}


@dataclass(frozen=True, slots=True)
class Crystals:
    """Points of crystals per seat in vault and showroom, and in the supply.

    ``supply`` is None when the supply is unlimited (the default, rule ``diamonds.supply``).
    """

    vault: tuple[int, ...]
    showroom: tuple[int, ...]
    supply: int | None = None

    @classmethod
    def setup(cls, players: int, finite_supply: bool = False) -> Crystals:
        """Before the first round: 3 points in every showroom, vaults empty."""
        supply = BOX_POINTS - START_SHOWROOM * players if finite_supply else None
        return cls((0,) * players, (START_SHOWROOM,) * players, supply)

    @classmethod
    def given(cls, vault: Sequence[int], showroom: Sequence[int],
              supply: int | None = None) -> Crystals:
        """Crystals as a scene sets them out, checked: whole numbers, none negative, one
        vault and one showroom per seat."""
        for name, values in (("vault", vault), ("showroom", showroom)):
            if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
                raise ValueError(f"{name}={list(values)!r}: give whole numbers, 0 or more")
        if len(vault) != len(showroom):
            raise ValueError(f"{len(vault)} vaults but {len(showroom)} showrooms: give one "
                             "of each per seat")
        if supply is not None and (isinstance(supply, bool) or not isinstance(supply, int)
                                   or supply < 0):
            raise ValueError(f"supply={supply!r}: give a whole number, 0 or more, or None "
                             "for an unlimited supply")
        return cls(tuple(vault), tuple(showroom), supply)

    def score(self, seat: int) -> int:
        """Vault points count double, showroom points once (rule ``diamonds.score``)."""
        return 2 * self.vault[seat] + self.showroom[seat]

    def scores(self) -> tuple[int, ...]:
        return tuple(2 * v + s for v, s in zip(self.vault, self.showroom, strict=True))

    def winners(self) -> tuple[int, ...]:
        """The seats that win: the highest score; among those tied, the most vault points;
        any still tied share the win (rule ``diamonds.tie-break``)."""
        best = max(zip(self.scores(), self.vault, strict=True))
        return tuple(seat for seat, key in enumerate(zip(self.scores(), self.vault,
                                                         strict=True)) if key == best)

    def on_table(self) -> int:
        """Every point in vaults and showrooms (what is not in the supply)."""
        return sum(self.vault) + sum(self.showroom)

    def victims(self, seat: int) -> tuple[int, ...]:
        """Whom ``seat`` may rob with a ♣ action: the others whose showroom is not empty."""
        return tuple(s for s, points in enumerate(self.showroom) if points and s != seat)


@dataclass(frozen=True, slots=True)
class SuitAction:
    """A suit action owed to ``seat``: its suit and the moment that earned it
    (``off-suit``, ``trick``, ``majority`` or ``no-tricks``)."""

    seat: int
    suit: str
    moment: str

    @property
    def earned_by(self) -> str:
        """The rule id of the moment that earned the action."""
        return MOMENT_RULES[self.moment]


@dataclass(frozen=True, slots=True)
class ActionDone:
    """A suit action as it was performed: what it moved, from whom, or why nothing."""

    action: SuitAction
    moved: bool
    victim: int | None
    rule: str
    """The rule that decided what happened: the suit's effect when a point moved, else
    the rule that makes it do nothing (empty showroom, nobody to rob, supply empty)."""

    def text(self, names: Sequence[str]) -> str:
        """In words, with seats called by ``names``: ``Ben ♣ (took the trick): 1 point
        from Cat's showroom into Ben's``."""
        action = self.action
        who = names[action.seat]
        head = f"{who} {SUIT_SYMBOLS[action.suit]} ({MOMENT_WORDS[action.moment]}): "
        if self.moved:
            victim = names[self.victim] if self.victim is not None else ""
            return head + MOVED_WORDS[action.suit].format(who=who, victim=victim)
        return head + NOTHING_WORDS[self.rule] + f" [{self.rule}]"


MOVED_WORDS = {
    "D": "1 point from the supply into {who}'s vault",
    "H": "1 point from the supply into {who}'s showroom",
    "S": "1 point from {who}'s showroom into {who}'s vault",
    "C": "1 point from {victim}'s showroom into {who}'s",
}


NOTHING_WORDS = {
    "diamonds.action.spade-empty": "nothing moves: the showroom is empty",
    "diamonds.action.club-no-victim": "nothing moves: every other showroom is empty",
    "diamonds.supply": "nothing moves: the supply is empty",
}


def perform(crystals: Crystals, action: SuitAction, victim: int | None = None
            ) -> tuple[Crystals, ActionDone]:
    """The crystals after ``action``, and what it did.

    A ♣ action needs ``victim`` whenever there is anyone to rob (the actor chooses, so the
    state asks for it as a move first); with nobody to rob, or a ♠ with an empty showroom,
    or a ♦/♥ from an empty finite supply, nothing moves and the result names the rule.
    """
    seat, suit = action.seat, action.suit
    vault, showroom, supply = crystals.vault, crystals.showroom, crystals.supply
    if suit in "DH":
        if supply == 0:
            return crystals, ActionDone(action, False, None, "diamonds.supply")
        supply = None if supply is None else supply - 1
        if suit == "D":
            vault = _plus(vault, seat, 1)
        else:
            showroom = _plus(showroom, seat, 1)
    elif suit == "S":
        if not showroom[seat]:
            return crystals, ActionDone(action, False, None, "diamonds.action.spade-empty")
        showroom = _plus(showroom, seat, -1)
        vault = _plus(vault, seat, 1)
    else:
        options = crystals.victims(seat)
        if not options:
            return crystals, ActionDone(action, False, None, "diamonds.action.club-no-victim")
        if victim not in options:
            raise ValueError(f"seat {seat} cannot rob {victim!r}: the ♣ action robs one of "
                             f"{list(options)}")
        showroom = _plus(_plus(showroom, victim, -1), seat, 1)
    return Crystals(vault, showroom, supply), ActionDone(action, True, victim,
                                                         EFFECT_RULES[suit])


def _plus(values: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    return replaced(values, seat, values[seat] + change)


def replay(start: Crystals, done: Iterable[ActionDone]) -> Crystals:
    """The crystals after the actions ``done``, worked out again from ``start``.

    This is what a player who watched every action knows.  A vault is behind a screen,
    but every point that enters one moves by a suit action all the players see (a ♦ from
    the supply, a ♠ from the showroom) and nothing ever leaves a vault, so replaying the
    actions seen from the open set-up gives every vault exactly: the screen tests memory,
    it hides nothing from a player who keeps count.
    """
    crystals = start
    for action in done:
        if action.moved:
            crystals, _ = perform(crystals, action.action, action.victim)
    return crystals
