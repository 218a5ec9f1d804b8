"""The exact solver at a Black Diamond game table: "Can this position still be won?" and
"Show me a way", from whatever position the table shows, with progress, Stop and the plan.

Both questions are about the position on the board: the live one, or an earlier one the
learner stepped back to with ‹ back.  The solver (:func:`solvers.search.solve`, which sees
both deck orders, as the notebook says) runs on a thread of its own
(:class:`solvers.progress.Background`), so the table stays usable and a progress line shows
the positions searched and the time, with a **Stop** button that ends the search at once
with "undecided so far" and what it searched.  By default there is no time limit: a loss
proof can take a while (seed 3153: about 7 s compiled, 22 s as plain Python), and it runs
until it is decided or stopped; a limit, where given, counts CPU seconds.

* **Can this position still be won?** answers win, loss or undecided; on a win it marks a
  move that keeps the game winnable (when the position shown is the live one) and lists
  the winning line beside the step buttons.
* **Show me a way** plays a winning line onto the table from the position shown (moves
  after it are dropped, as Undo drops them), so the table's own step buttons replay it;
  the line is listed, numbered and copyable, with the move on the board picked out.  If
  that position is lost, it goes back to the start of the deal and shows a way from there.

The tools act on the table through its public methods only (``shown_state``, ``back_to``,
``play_moves``, ``mark_move``, ``start``, ``show_step``, ``say``, ``add_tool``).  For tests
``tools.job.wait()`` waits for the answer; ``tools.plan`` is the listed line.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlib.blackdiamond import BlackDiamondState, move_from_json
from cardlib.blackdiamond.moves import Move
from cardlib.widgets.base import add_classes
from solvers.hints import Hint, hint, undecided
from solvers.progress import Background, Progress
from solvers.result import SolveResult
from solvers.search import solve
from solvers.widgets.coach import add_coach
from solvers.widgets.running import RunPanel, plan_html

if TYPE_CHECKING:
    from cardlib.widgets.table import GameTable

ASK = "Can this position still be won?"
SHOW = "Show me a way"


@dataclass(frozen=True)
class _Way:
    """What "Show me a way" found: from the position asked about, and (when that was lost)
    from the start of the deal."""

    here: SolveResult
    start: BlackDiamondState | None = None
    from_start: SolveResult | None = None


class TableSolver:
    """The two solver buttons, a progress line with Stop, and the plan, on ``table``.

    ``time_limit`` (CPU seconds, None: until decided or stopped) bounds each answer.
    """

    def __init__(self, table: GameTable, *, time_limit: float | None = None):
        if getattr(table.game, "name", None) != "black-diamond":
            raise ValueError(f"these tools are for Black Diamond, not {table.game!r}")
        self.table = table
        self.time_limit = time_limit
        self.job: Background[Any] | None = None
        self.plan: tuple[Move, ...] = ()
        self.plan_start: int | None = None
        """The table step the plan's first move leads away from, when it was played onto
        the table (None: listed only)."""
        self.plan_title = ""
        self.ask_button = table.add_tool(ASK, self._ask_at, "bd-hint-button")
        self.way_button = table.add_tool(SHOW, self._way_at, "bd-solution-button")
        for button, css in ((self.ask_button, "bd-ask-button"),
                            (self.way_button, "bd-way-button")):
            button.add_class(css)
            button.layout.width = "auto"  # the whole question, never cut short
        self.panel = RunPanel("bd-solver")
        self.plan_html = add_classes(widgets.HTML(), "bd-plan-box")
        buttons = [b for b in table.tools.children if b not in (self.ask_button, self.way_button)]
        table.tools.children = (
            *buttons,
            widgets.VBox([widgets.HBox([self.ask_button, self.way_button]), self.panel]),
            self.plan_html)
        table.step_label.observe(lambda _change: self._draw_plan(), names="value")
        add_coach(table)  # the Coach switch: winnable after each move, the blind choice

    # --- the two questions -------------------------------------------------------------
    def _ask_at(self, _table: GameTable) -> None:
        """The button's tool: it returns nothing, since the answer comes from the solver's
        thread (a tool's return value is said at once, and could overwrite an answer that
        came first)."""
        self.ask(wait=False)

    def _way_at(self, _table: GameTable) -> None:
        """The other button's tool; see :meth:`_ask_at`."""
        self.show_way(wait=False)

    def ask(self, *, wait: bool = True) -> TableSolver:
        """"Can this position still be won?" about the position the table shows."""
        state, step, live = self._asked()
        if state.is_over:
            self.table.say(hint(state)._repr_html_())
            return self
        where = self._where(step, live)
        self._run(lambda progress: hint(state, time_limit=self.time_limit, progress=progress),
                  lambda advice: self._answered(advice, state, step, live, where),
                  f"Can the position {where} still be won? Searching", wait,
                  lambda p: Hint("unknown", None, (), None, p.nodes, p.seconds,
                                 self.time_limit, stopped=True))
        return self

    def show_way(self, *, wait: bool = True) -> TableSolver:
        """"Show me a way" from the position the table shows (see the module docstring)."""
        state, step, live = self._asked()
        if state.is_over and state.outcome == "win":
            self.table.say("The game is won already: use « first and next › to replay it.")
            return self
        where = self._where(step, live)

        def work(progress: Progress) -> _Way:
            here = solve(state, time_limit=self.time_limit, progress=progress)
            first = state.replay()[0]
            if here.verdict != "loss" or first == state:
                return _Way(here)
            return _Way(here, first, solve(first, time_limit=self.time_limit,
                                           progress=progress))

        self._run(work, lambda way: self._found_way(way, state, step, where),
                  f"Looking for a way {where}", wait,
                  lambda p: _Way(SolveResult("unknown", None, p.nodes, p.seconds,
                                             {"stopped": True})))
        return self

    def stop(self) -> None:
        """What the Stop button does: the running answer ends as "undecided so far"."""
        if self.job is not None:
            self.job.stop()

    # --- running ----------------------------------------------------------------------
    def _run(self, work: Any, then: Any, what: str, wait: bool, so_far: Any) -> None:
        """Run ``work(progress)`` in the background, then ``then(answer)``; ``so_far``
        builds the answer for a stop the solver is slow to hear (see Background)."""
        if self.job is not None and self.job.running:
            raise RuntimeError("the solver is still working on the last question: wait for "
                               "its answer, or press Stop")
        progress = Progress()  # (the limit is the search's own: see solvers.search)
        if self.time_limit is not None:
            what += f" (for up to {self.time_limit:g} s of CPU)"

        def done(answer: Any) -> None:
            self._idle()
            then(answer)

        def failed(exc: BaseException) -> None:
            self._idle()
            if isinstance(exc, Exception):
                self.table.show_error(exc)

        self.job = Background(work, progress=progress, tick=self.panel.tick, done=done,
                              failed=failed, abandoned=so_far)
        self.ask_button.disabled = self.way_button.disabled = True
        self.panel.start(progress, self.stop, what)
        self.table.say(f"<i>{escape(what)}… press Stop to end it.</i>")
        self.job.start()
        if wait:
            self.job.wait()

    def _idle(self) -> None:
        self.panel.finish()
        self.ask_button.disabled = self.way_button.disabled = False

    # --- answers ----------------------------------------------------------------------
    def _answered(self, advice: Hint, state: BlackDiamondState, step: int, live: bool,
                  where: str) -> None:
        if advice.line:
            self._set_plan(advice.line, None, f"A winning line {where} ({len(advice.line)} "
                           f"moves; not played: '{SHOW}' plays it):")
        moved = self._moved(state, step)
        if advice.move is not None and live and not moved:
            self.table.mark_move(advice.move, "bd-hinted")
        note = f"The position {where}: " if not live else ""
        self.table.say(note + advice._repr_html_())

    def _found_way(self, way: _Way, state: BlackDiamondState, step: int, where: str) -> None:
        here = way.here
        if here.verdict == "unknown":
            self.table.say("<span class='bd-solution-unknown'>No way to show yet: "
                           f"{escape(self._undecided(here))}.</span>")
            return
        if self._moved(state, step):
            self.table.say("The table moved on while the solver was thinking: ask again.")
            return
        note = ""
        if here.verdict == "win":
            line, begin_at = here.moves or [], step
        else:
            lost = (f"no move sequence wins {where} (the solver explored every one of "
                    f"{here.nodes:,} positions)")
            found = way.from_start
            if found is None:
                self.table.say(f"<span class='bd-solution-loss'>This deal cannot be won: "
                               f"{escape(lost)}.</span>")
                return
            if found.verdict != "win":
                why = ("no move sequence wins it either" if found.verdict == "loss"
                       else self._undecided(found))
                self.table.say(f"<span class='bd-solution-{found.verdict}'>From here, "
                               f"{escape(lost)}; from the start of the deal, {escape(why)}."
                               "</span>")
                return
            assert way.start is not None
            self.table.start(way.start)
            line, begin_at = found.moves or [], 0
            note = (f"{lost[0].upper()}{lost[1:]}, so the table went back to the start of "
                    "the deal to show a way from there. ")
        moves = [move_from_json(m) for m in line]
        if self.table.shown_state is not self.table.state:
            self.table.back_to(begin_at)  # the later moves go, as Undo takes them
        begin = self.table.play_moves(moves)
        self._set_plan(moves, begin, f"A way from move {begin} ({len(moves)} moves), played "
                       "onto the table:")
        self.table.show_step(begin)
        self.table.say(
            f"<span class='bd-solution-win'>{escape(note)}A winning line of {len(moves)} "
            f"moves from move {begin}, played onto the table and listed beside it: the board "
            f"shows move {begin}; press <b>next ›</b> to step through it, <b>last »</b> for "
            "the won game, and <b>Undo</b> to take its moves back.</span>")

    def _undecided(self, result: SolveResult) -> str:
        return undecided(result.nodes, self.time_limit, bool(result.extra.get("stopped")))

    # --- the position asked about -------------------------------------------------------
    def _asked(self) -> tuple[BlackDiamondState, int, bool]:
        table = self.table
        state = table.shown_state
        if not isinstance(state, BlackDiamondState):
            raise TypeError("these tools are for Black Diamond tables")
        return state, table.step, state is table.state

    def _where(self, step: int, live: bool) -> str:
        return "from here" if live else f"after move {step} (the position shown)"

    def _moved(self, state: BlackDiamondState, step: int) -> bool:
        """The table no longer shows ``state`` at ``step`` (a move was played meanwhile)."""
        try:
            return self.table.step != step or self.table.shown_state is not state
        except IndexError:
            return True

    # --- the plan ------------------------------------------------------------------------
    def _set_plan(self, moves: Any, start: int | None, title: str) -> None:
        self.plan = tuple(moves)
        self.plan_start = start
        self.plan_title = title
        self._draw_plan()

    def _draw_plan(self) -> None:
        current = None
        if self.plan_start is not None:
            index = self.table.step - self.plan_start - 1
            current = index if 0 <= index < len(self.plan) else None
        self.plan_html.value = plan_html(self.plan, current, self.plan_title)


def add_solver_tools(table: GameTable, *, time_limit: float | None = None) -> TableSolver:
    """Put :class:`TableSolver`'s buttons, progress line and plan on ``table``."""
    return TableSolver(table, time_limit=time_limit)


__all__ = ["ASK", "SHOW", "TableSolver", "add_solver_tools"]
