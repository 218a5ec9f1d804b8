"""Hints and "show me a solution" for Black Diamond, answered by the exact solver.

A learner at the game table asks two questions: *can I still win from here, and with
which move?* and *how could this deal be won?*  Both are questions about the whole rest of
the game, so the answers come from :func:`solvers.search.solve`, which decides a position
exactly (it sees both deck orders, as solitaire solvers do: a hint is advice from someone
who has peeked at the decks, and the notebook says so).

The solver can take long on a hard position, so every answer here can have a time limit
(CPU seconds) or be stopped (:mod:`solvers.progress`), and then has a plain third verdict,
``unknown``, instead of a guess.  A move it suggests is the first move
of a line the solver has replayed through the rules engine to a won game, so a hint can
never lead into a loss.

:func:`add_black_diamond_tools` puts both questions on a
:class:`~cardlib.widgets.table.GameTable` as buttons ("Can this position still be won?",
which also marks a move that keeps it so, and "Show me a way", which plays a winning line
onto the table), about the position the table shows, with a progress line and a Stop
button while the solver works (:mod:`solvers.widgets.table_tools`).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from cardlib.blackdiamond import BlackDiamondState, Deal, move_from_json
from cardlib.blackdiamond.moves import Move
from cardlib.protocol import Explanation

from .result import SolveResult
from .search import solve, start_state

if TYPE_CHECKING:
    from cardlib.widgets.table import GameTable
    from solvers.widgets.table_tools import TableSolver

    from .search import ProgressCallback

HINT_SECONDS = 3.0
"""Default time limit of a hint: long enough for almost every deal (most are decided in
well under a second), short enough that a button press never feels stuck."""

SOLUTION_SECONDS = 10.0
"""Default time limit of a solution replay, asked for less often than a hint."""


class NoSolution(Exception):
    """No winning line to show: the position is lost (``verdict == "loss"``) or the solver
    ran out of time (``verdict == "unknown"``).  ``result`` is the solver's answer."""

    def __init__(self, result: SolveResult, time_limit: float | None):
        self.verdict = result.verdict
        self.result = result
        if result.verdict == "loss":
            text = (f"no move sequence wins from here (the solver explored every one of "
                    f"{result.nodes:,} positions)")
        else:
            text = undecided(result.nodes, time_limit, bool(result.extra.get("stopped")))
        super().__init__(text)


def undecided(nodes: int, time_limit: float | None, stopped: bool) -> str:
    """Why there is no answer yet: stopped, or the CPU limit ran out; what was searched."""
    if stopped or time_limit is None:
        return f"undecided so far: stopped after {nodes:,} positions searched"
    return (f"the solver could not decide within {time_limit:g} s of CPU "
            f"({nodes:,} positions explored)")


@dataclass(frozen=True)
class Hint:
    """The solver's advice for one position.

    ``verdict`` is ``win`` (still winnable: ``move`` keeps it so, ``line`` is a whole
    winning line from here), ``loss`` (no sequence of moves wins any more) or ``unknown``
    (the time limit ran out first: no advice, rather than a guess).  ``why`` is the rules
    engine's explanation of ``move``.  A finished game gets ``win`` or ``loss`` and no move.
    """

    verdict: str
    move: Move | None
    line: tuple[Move, ...]
    why: Explanation | None
    nodes: int
    seconds: float
    time_limit: float | None
    outcome: str | None = None
    loss_reason: str | None = None
    stopped: bool = False
    """The search was stopped (a Stop button) before it decided."""

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the solver could not tell in time."""
        return {"win": True, "loss": False}.get(self.verdict)

    def text(self) -> str:
        """The advice in plain words, as the Hint button shows it."""
        if self.outcome == "win":
            return "The game is won: every black card is placed."
        if self.outcome == "loss":
            return f"The game is lost: {self.loss_reason}."
        if self.verdict == "win":
            assert self.move is not None and self.why is not None
            return (f"Still winnable. A move that keeps it so: {self.move} — {self.why.text} "
                    f"[{self.why.rule}]. (A winning line of {len(self.line)} moves starts "
                    "with it.)")
        if self.verdict == "loss":
            return ("No win any more: the solver tried every sequence of moves from here "
                    f"({self.nodes:,} positions) and none wins. Undo to an earlier position "
                    "and ask again.")
        if self.stopped or self.time_limit is None:
            return (f"Undecided so far: stopped after {self.nodes:,} positions searched "
                    f"in {self.seconds:.1f} s, so there is no hint. Ask again and let it run "
                    "longer to decide it.")
        return (f"Unknown: the solver could not decide within {self.time_limit:g} s of CPU "
                f"({self.nodes:,} positions explored), so there is no hint. A longer time "
                "limit may decide it.")

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        colour = {"win": "#1b8a3a", "loss": "#b00020"}.get(self.verdict, "#a15c00")
        return (f"<div class='bd-hint bd-hint-{self.verdict}' style='color:{colour}'>"
                f"{escape(self.text())}</div>")


def _watched(progress: ProgressCallback | None) -> dict[str, Any]:
    """``progress`` as a keyword for the search, where one is given."""
    return {} if progress is None else {"progress": progress}


def hint(state: BlackDiamondState, *, time_limit: float | None = HINT_SECONDS,
         progress: ProgressCallback | None = None) -> Hint:
    """Is ``state`` still winnable for its deal, and which move keeps it so?

    Asks the exact solver, which sees both deck orders.  ``time_limit`` in CPU seconds
    (None: no limit); when it runs out, or ``progress`` stops the search (see
    :mod:`solvers.progress`), the verdict is ``unknown`` and no move is suggested.
    """
    if not isinstance(state, BlackDiamondState):
        raise TypeError(f"hint needs a Black Diamond state, got {type(state).__name__}")
    if state.is_over:
        return Hint(state.outcome or "loss", None, (), None, 0, 0.0, time_limit,
                    state.outcome, state.loss_reason)
    result = solve(state, time_limit=time_limit, **_watched(progress))
    line = tuple(move_from_json(m) for m in result.moves or ())
    move = line[0] if line else None
    why = state.explain(move) if move is not None else None
    return Hint(result.verdict, move, line, why, result.nodes, result.seconds, time_limit,
                stopped=bool(result.extra.get("stopped")))


def solution_states(
    start: BlackDiamondState | Deal | dict[str, Any],
    *,
    time_limit: float | None = SOLUTION_SECONDS,
    progress: ProgressCallback | None = None,
    **options: Any,
) -> list[BlackDiamondState]:
    """Every state of a winning line from ``start`` (a state, a deal or its JSON): the
    start first, the won game last, each one the rules engine's own ``apply``.

    Raises :class:`NoSolution` when ``start`` cannot be won or the solver runs out of time.
    ``options`` are the game's variants, only with a deal (a state carries its own).
    """
    state = start_state(start, **options)
    result = solve(state, time_limit=time_limit, **_watched(progress))
    if result.verdict != "win":
        raise NoSolution(result, time_limit)
    states = [state]
    for move in result.moves or ():
        states.append(states[-1].apply(move_from_json(move)))
    return states


# --- the game table's buttons ---------------------------------------------------------------

def add_black_diamond_tools(table: GameTable, *, time_limit: float | None = None
                            ) -> TableSolver:
    """Add "Can this position still be won?" and "Show me a way" to a Black Diamond game
    table, with a progress line, Stop, and the plan beside the step buttons (see
    :class:`solvers.widgets.table_tools.TableSolver`; its buttons carry the CSS classes
    ``bd-hint-button`` and ``bd-solution-button``).  ``time_limit`` in CPU seconds; the
    default, None, runs each answer until it is decided or stopped."""
    from solvers.widgets.table_tools import TableSolver

    return TableSolver(table, time_limit=time_limit)
