"""A Black Diamond game reduced to the numbers a constraint model needs.

The engine keeps cards; the model keeps integers.  This module is the one place that
translates: diamond values at N, E, S, W, the diamond deck's values top first, the piles'
counts and top suits, and the black cards in the order they will be *drawn*, grouped in
the hands they arrive in.  That grouping is the structure the model exploits: the black
order is fixed by the deal, so the k-th play is one of at most two known cards (the two
cards of a hand, in the order the player chooses).

An instance can come from a deal (a whole game) or from any board the engine can start
from (a :class:`~cardlib.blackdiamond.Position`, or a state), which is how the tests pose
small end-games whose answer a brute-force search can check.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlib.blackdiamond import (
    BlackDiamond,
    BlackDiamondState,
    Deal,
    Options,
    Position,
)
from cardlib.cards import Card

SPADE, CLUB = "S", "C"


class UnsupportedVariant(ValueError):
    """The model encodes the spec's default rules only; a variant is refused by name."""


@dataclass(frozen=True)
class Instance:
    """Everything the model reads about one game, as plain values.

    ``groups`` lists the hands in the order they are played: the hand held now, then the
    black deck two cards at a time (the last draw may be a single card).  ``plays`` is the
    same cards flattened, so ``plays[j]`` belongs to ``groups[group_of[j]]``.
    """

    start: BlackDiamondState
    diamonds: tuple[int, ...]            # values at N, E, S, W
    deck: tuple[int, ...]                # diamond deck values, top first
    groups: tuple[tuple[Card, ...], ...]  # hands in play order
    counts: tuple[int, ...]              # cards on each pile (PILES order)
    tops: tuple[str | None, ...]         # suit of each pile's top card, None when empty

    @property
    def plays(self) -> tuple[Card, ...]:
        return tuple(card for group in self.groups for card in group)

    @property
    def group_of(self) -> tuple[int, ...]:
        """For each play index, the hand it belongs to."""
        return tuple(g for g, group in enumerate(self.groups) for _ in group)

    @property
    def first_of_pair(self) -> tuple[bool, ...]:
        """For each play index, whether it is the first play of a two-card hand (the
        moment the whole hand is still held)."""
        flags = []
        for group in self.groups:
            flags += [len(group) == 2, False][: len(group)]
        return tuple(flags)


def game() -> BlackDiamond:
    """The Black Diamond game (the engine's own instance; no pictures needed to solve)."""
    return BlackDiamondState.game


def start_state(source: Deal | Position | BlackDiamondState | dict) -> BlackDiamondState:
    """The engine state a solve starts from: a deal, a board, a state, or their JSON."""
    if isinstance(source, BlackDiamondState):
        return source
    if isinstance(source, Deal):
        return game().from_deal(source)
    if isinstance(source, Position):
        return game().from_position(source)
    if isinstance(source, dict):
        if set(source) == {"diamonds", "black"}:
            return game().from_deal(Deal.from_json(source))
        return game().from_position(Position.from_json(source))
    raise TypeError(f"cannot solve {type(source).__name__}: give a Deal, a Position, a "
                    "BlackDiamondState or their JSON form")


def instance_of(source: Deal | Position | BlackDiamondState | dict) -> Instance:
    """The model's view of ``source`` (see :class:`Instance`)."""
    state = start_state(source)
    if state.options != Options():
        changed = [name for name, on in state.options.as_dict().items() if on]
        raise UnsupportedVariant("the CP-SAT model encodes the default rules only; "
                                 f"variant(s) {', '.join(changed)} are not modelled")
    groups: list[tuple[Card, ...]] = []
    if state.hand:
        groups.append(tuple(state.hand))
    deck = state.black_deck
    groups += [tuple(deck[i:i + 2]) for i in range(0, len(deck), 2)]
    return Instance(
        start=state,
        diamonds=tuple(card.value for card in state.diamonds),
        deck=tuple(card.value for card in state.diamond_deck),
        groups=tuple(groups),
        counts=tuple(len(cards) for cards in state.piles),
        tops=tuple(cards[-1].suit if cards else None for cards in state.piles),
    )

