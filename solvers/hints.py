"""Hints and "show me a solution" for Black Diamond, answered by the exact solver.

A learner at the game table asks two questions: *can I still win from here, and with
which move?* and *how could this deal be won?*  Both are questions about the whole rest of
the game, so the answers come from :func:`solvers.search.solve`, which decides a position
exactly (it sees both deck orders, as solitaire solvers do: a hint is advice from someone
who has peeked at the decks, and the notebook says so).

The solver can take long on a hard position, so every answer here has a time limit and a
plain third verdict, ``unknown``, instead of a guess.  A move it suggests is the first move
of a line the solver has replayed through the rules engine to a won game, so a hint can
never lead into a loss.

:func:`add_black_diamond_tools` puts both questions on a
:class:`~cardlib.widgets.table.GameTable` as buttons, which act on the table only through
its public methods.  "Hint" marks the suggested move's button (``table.mark_move``).
"Show me a solution" plays the winning line onto the table with ``table.play_moves`` (each
move as a click would play it), so the table's own history holds it: the board then goes
back to where the line starts, ``next ›`` walks it move by move, ``last »`` shows the won
game, and ``Undo`` takes the solution's moves back one at a time if the learner wants to
try on their own from there.
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
    import ipywidgets

    from cardlib.widgets.table import GameTable

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
            text = (f"the solver could not decide within {time_limit:g} s "
                    f"({result.nodes:,} positions explored)")
        super().__init__(text)


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
        return (f"Unknown: the solver could not decide within {self.time_limit:g} s "
                f"({self.nodes:,} positions explored), so there is no hint. A longer time "
                "limit may decide it.")

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        colour = {"win": "#1b8a3a", "loss": "#b00020"}.get(self.verdict, "#a15c00")
        return (f"<div class='bd-hint bd-hint-{self.verdict}' style='color:{colour}'>"
                f"{escape(self.text())}</div>")


def hint(state: BlackDiamondState, *, time_limit: float | None = HINT_SECONDS) -> Hint:
    """Is ``state`` still winnable for its deal, and which move keeps it so?

    Asks the exact solver, which sees both deck orders.  ``time_limit`` in seconds (None:
    no limit); when it runs out the verdict is ``unknown`` and no move is suggested.
    """
    if not isinstance(state, BlackDiamondState):
        raise TypeError(f"hint needs a Black Diamond state, got {type(state).__name__}")
    if state.is_over:
        return Hint(state.outcome or "loss", None, (), None, 0, 0.0, time_limit,
                    state.outcome, state.loss_reason)
    result = solve(state, time_limit=time_limit)
    line = tuple(move_from_json(m) for m in result.moves or ())
    move = line[0] if line else None
    why = state.explain(move) if move is not None else None
    return Hint(result.verdict, move, line, why, result.nodes, result.seconds, time_limit)


def solution_states(
    start: BlackDiamondState | Deal | dict[str, Any],
    *,
    time_limit: float | None = SOLUTION_SECONDS,
    **options: Any,
) -> list[BlackDiamondState]:
    """Every state of a winning line from ``start`` (a state, a deal or its JSON): the
    start first, the won game last, each one the rules engine's own ``apply``.

    Raises :class:`NoSolution` when ``start`` cannot be won or the solver runs out of time.
    ``options`` are the game's variants, only with a deal (a state carries its own).
    """
    state = start_state(start, **options)
    result = solve(state, time_limit=time_limit)
    if result.verdict != "win":
        raise NoSolution(result, time_limit)
    states = [state]
    for move in result.moves or ():
        states.append(states[-1].apply(move_from_json(move)))
    return states


# --- the game table's buttons ---------------------------------------------------------------

def _hint_tool(table: GameTable, time_limit: float | None) -> str:
    advice = hint(table.state, time_limit=time_limit)
    if advice.move is not None:
        table.mark_move(advice.move, "bd-hinted")
    return advice._repr_html_()


def _solution_tool(table: GameTable, time_limit: float | None) -> str:
    state = table.state
    if not isinstance(state, BlackDiamondState):
        raise TypeError("the solution tool is for Black Diamond tables")
    if state.is_over and state.outcome == "win":
        return "The game is won already: use « first and next › to replay it."
    note = ""
    try:
        states = solution_states(state, time_limit=time_limit)
    except NoSolution as exc:
        if exc.verdict == "unknown":
            return ("<span class='bd-solution-unknown'>No solution to show: "
                    f"{escape(str(exc))}.</span>")
        first = state.replay()[0]
        if first == state:
            return ("<span class='bd-solution-loss'>This deal cannot be won: "
                    f"{escape(str(exc))}.</span>")
        try:
            states = solution_states(first, time_limit=time_limit)
        except NoSolution as again:
            return (f"<span class='bd-solution-{again.verdict}'>From here, {escape(str(exc))}; "
                    f"from the start of the deal, {escape(str(again))}.</span>")
        table.start(first)
        note = (f"From your position {escape(str(exc))}, so the table went back to the start "
                "of the deal to show a win from there. ")
    line = states[-1].history[len(states[0].history):]
    begin = table.play_moves(line)
    table.show_step(begin)
    moves = ", ".join(str(m) for m in line)
    return (f"<span class='bd-solution-win'>{note}A winning line of {len(states) - 1} moves "
            f"from move {begin}, played onto the table: the board shows move {begin}; press "
            "<b>next ›</b> to step through it, <b>last »</b> for the won game, and "
            f"<b>Undo</b> to take its moves back.</span><br><small>{escape(moves)}</small>")


def add_black_diamond_tools(
    table: GameTable,
    *,
    hint_seconds: float | None = HINT_SECONDS,
    solution_seconds: float | None = SOLUTION_SECONDS,
) -> tuple[ipywidgets.Button, ipywidgets.Button]:
    """Add "Hint" and "Show me a solution" buttons to a Black Diamond game table.

    Returns the two buttons (CSS classes ``bd-hint-button`` and ``bd-solution-button``).
    """
    if getattr(table.game, "name", None) != "black-diamond":
        raise ValueError(f"these tools are for Black Diamond, not {table.game!r}")
    hint_button = table.add_tool("Hint", lambda t: _hint_tool(t, hint_seconds),
                                 "bd-hint-button")
    solution_button = table.add_tool("Show me a solution",
                                     lambda t: _solution_tool(t, solution_seconds),
                                     "bd-solution-button")
    return hint_button, solution_button
