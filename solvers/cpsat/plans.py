"""A known plan written in the model's variables: for hints, and to test the model.

CP-SAT accepts a *hint*, a suggested value for some variables that it tries first.  A
winning line found some other way (the search solver, a greedy play) written as a hint
lets the model confirm a win without searching for it; the answer stays exact, because a
hint is only a suggestion.

The same translation makes a strong test of the model: a plan the engine accepts must be
a solution of the model.  If fixing the model's choices to a real winning plan made it
infeasible, the model would be stricter than the rules, and its "loss" verdicts could
not be trusted.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlib.blackdiamond import (
    PILE_BY_NAME,
    BlackDiamondState,
    Clear,
    Move,
    Play,
    Replace,
)

from .model import BlackDiamondModel, IntVar


def plan_values(m: BlackDiamondModel, moves: Sequence[Move]) -> dict[IntVar, int]:
    """The values of the model's choice variables (swaps, piles played to, what each
    event is, where each gap ends) that ``moves`` stands for.

    ``moves`` is replayed from the model's start state by the engine (a move it refuses
    raises :class:`~cardlib.protocol.IllegalMove`), which also tells which plays filled
    their pile.  The plan need not be winning: a losing prefix gives a partial hint.
    """
    inst = m.instance
    state: BlackDiamondState = inst.start
    values: dict[IntVar, int] = {}
    j = e = 0
    values[m.gap_start[0]] = 0
    for move in moves:
        if isinstance(move, Play):
            group = inst.groups[inst.group_of[j]]
            if len(group) == 2 and inst.first_of_pair[j]:
                values[m.swap[inst.group_of[j]]] = int(move.card == group[1])
            values[m.gap_end[j]] = e
            values[m.play_to[j][move.pile]] = 1
            fills = len(state.pile(move.pile)) + 1 == PILE_BY_NAME[move.pile].limit
            values[m.fills[j][move.pile]] = int(fills)
            if fills and e < m.events:
                values[m.auto_clear[e][move.pile]] = 1
                e += 1
            j += 1
            if j <= m.plays:
                values[m.gap_start[j]] = e
        elif e < m.events:
            if isinstance(move, Replace):
                values[m.replace[e][move.pos]] = 1
            elif isinstance(move, Clear):
                values[m.clear[e][move.pile]] = 1
            e += 1
        state = state.apply(move)
    return values
