"""The placement rules as tables, computed by asking the engine's own rule function.

A constraint solver cannot call Python while it searches, so a rule must become data it
can read: for each pile, the list of (diamond values it touches..., card value) tuples the
rule allows.  Rather than writing the arithmetic a second time (and risking a second,
different rule), every table here is produced by calling
:func:`cardlib.blackdiamond.allowed_values` on every combination of diamond values.  If
the engine's rule changes, the model changes with it.

A pile whose allowed values do not depend on the diamonds at all (the centre, under the
default rules) needs no table: :func:`free_values` says which values it always takes.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from cardlib.blackdiamond import PILES, POSITIONS, Pile, allowed_values

CARD_VALUES: tuple[int, ...] = tuple(range(1, 14))
"""Values a diamond or a black card can have (A=1 ... K=13)."""


def _board(pile: Pile, touching: tuple[int, ...]) -> tuple[int, ...]:
    """Four diamond values N, E, S, W with ``touching`` at the pile's positions; the
    others are filler, since a pile's rule reads only the diamonds it touches."""
    values = dict.fromkeys(POSITIONS, 1)
    values.update(zip(pile.touches, touching, strict=True))
    return tuple(values[pos] for pos in POSITIONS)


@cache
def allowed_by_touching(pile: Pile) -> dict[tuple[int, ...], frozenset[int]]:
    """For every combination of the diamonds ``pile`` touches: the card values allowed.

    13 entries for an outer pile, 169 for an inner one, 28 561 for the centre; computed
    once per process.
    """
    return {touching: allowed_values(pile, _board(pile, touching))
            for touching in product(CARD_VALUES, repeat=len(pile.touches))}


@cache
def free_values(pile: Pile) -> frozenset[int] | None:
    """The values ``pile`` takes whatever the diamonds are, if its rule ignores them;
    ``None`` when the diamonds matter (then the model needs :func:`placement_table`)."""
    sets = set(allowed_by_touching(pile).values())
    return sets.pop() if len(sets) == 1 else None


@cache
def placement_table(pile: Pile) -> tuple[tuple[int, ...], ...]:
    """Tuples ``(*touching diamond values, card value)`` the rule allows on ``pile``:
    the table a play onto ``pile`` must match."""
    return tuple((*touching, v) for touching, values in allowed_by_touching(pile).items()
                 for v in sorted(values))


@cache
def allowing_table(pile: Pile, value: int) -> tuple[tuple[int, ...], ...]:
    """Touching diamond values under which a card of ``value`` may go on ``pile``: the
    table a "this card cannot go there" claim must avoid."""
    return tuple(touching for touching, values in allowed_by_touching(pile).items()
                 if value in values)


def table_sizes() -> dict[str, int]:
    """How many allowed tuples each pile's table holds (shown in the notebook)."""
    return {pile.name: (0 if free_values(pile) is not None else len(placement_table(pile)))
            for pile in PILES}
