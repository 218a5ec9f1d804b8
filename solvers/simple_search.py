"""A deliberately plain Black Diamond solver: depth-first search over the engine's states.

It exists to be obviously right, so the fast solver (:mod:`solvers.search`) can be
checked against it: no transposition table, no pruning, no move ordering beyond the
engine's sorted ``legal_moves()``, no state of its own.  Every move it tries goes through
``state.apply``, so its verdicts rest on the rules engine alone.

That makes it exponentially slow on a whole deal; it is meant for small problems: games
that start late, from a :class:`~cardlib.blackdiamond.Position` or from a state after a
prefix of moves, with a handful of black cards left.  (The spec admits no reduced deck,
so "small" means "late".)

The only bookkeeping is the current path: with the ``replaced_under_deck`` variant,
replacing can bring back a board seen before, and a plain DFS would loop; a board already
on the path is skipped, which loses nothing (any win through it has a shorter version).
"""

from __future__ import annotations

import time
from typing import Any

from cardlib.blackdiamond import BlackDiamondState, Deal, move_to_json

from .clock import cpu_clock
from .result import SolveResult
from .search import SearchTimeout, check_win, start_state


def _board(state: BlackDiamondState) -> tuple[Any, ...]:
    return (state.diamonds, state.diamond_deck, state.hand, state.black_deck, state.piles)


def solve(
    start: Deal | BlackDiamondState | dict[str, Any],
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    **options: Any,
) -> SolveResult:
    """Decide ``start`` by trying every legal move sequence (see the module docstring).

    ``unknown`` when ``time_limit`` CPU seconds (as for the exact search, see
    :mod:`solvers.clock`) or ``max_nodes`` states run out first.
    """
    state = start_state(start, **options)
    began = time.perf_counter()
    deadline = None if time_limit is None else cpu_clock() + time_limit
    nodes = 0
    on_path: set[tuple[Any, ...]] = set()
    line: list[Any] = []

    def wins(current: BlackDiamondState) -> bool:
        nonlocal nodes
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise SearchTimeout
        if deadline is not None and not nodes & 255 and cpu_clock() > deadline:
            raise SearchTimeout
        if current.is_over:
            return current.outcome == "win"
        board = _board(current)
        if board in on_path:
            return False
        on_path.add(board)
        try:
            for move in current.legal_moves():
                line.append(move)
                if wins(current.apply(move)):
                    return True
                line.pop()
            return False
        finally:
            on_path.discard(board)

    try:
        verdict = "win" if wins(state) else "loss"
    except SearchTimeout:
        verdict = "unknown"
    seconds = time.perf_counter() - began
    moves = None
    if verdict == "win":
        check_win(state, line)
        moves = [move_to_json(m) for m in line]
    return SolveResult(verdict, moves, nodes, seconds, {"method": "simple"})
