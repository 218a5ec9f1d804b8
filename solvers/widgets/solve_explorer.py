"""A solver explorer for Black Diamond: pick a deal, solve it, watch it work, step through the plan.

The solver notebook compares two ways to decide a deal: the exhaustive search
(:mod:`solvers.search`) and the CP-SAT model (:mod:`solvers.cpsat`).  Numbers in a table
say which is faster; watching a plan being played says what a "plan" *is*.  This widget
does both: choose a seed, or type your own deal as it lies on the table (the deal box of
:mod:`cardlib.widgets.blackdiamond_deal`, with a picture of where each card goes), pick a
method, press *Solve*, watch the progress line (positions searched and time, or CP-SAT's
phase and time) and press *Stop* if it takes too long ("undecided so far", with what was
searched), read the verdict, then step through the winning plan move by move on the board
picture the game table uses, beside the plan as a numbered, copyable list of moves.

The solver runs on a thread of its own (:class:`solvers.progress.Background`), so the
notebook stays responsive and Stop is heard at once.  By default it runs until it decides
or is stopped; a limit, where chosen, counts CPU seconds (a busy machine would make a
wall-clock limit give up on deals the solver decides).

Nothing here decides anything.  The verdict is the solver's, and the states shown are the
engine's own, replayed from the plan with ``apply`` (so a plan that broke a rule could not
even be shown).  For tests, the widget's state is plain Python (``deal``, ``result``,
``verdict``, ``states``, ``step``, ``error``, ``job``) and every action a click can take is
a method (:meth:`SolveExplorer.load_seed`, :meth:`~SolveExplorer.load_deal`,
:meth:`~SolveExplorer.solve` (``wait=False`` returns at once, as the button does),
:meth:`~SolveExplorer.stop`, :meth:`~SolveExplorer.go_to`); every control carries a
``bd-solve-*`` CSS class for browser tests.  A refused deal, and any error inside a
callback, shows in the message line (``bd-solve-error``), from the teaching widgets' base.
"""

from __future__ import annotations

import threading
import time
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import display
from cardlib.blackdiamond import (
    BlackDiamondState,
    Deal,
    DealError,
    deal_from_seed,
    move_from_json,
)
from cardlib.games import get
from cardlib.widgets.base import SeedBox, TeachingWidget, add_classes
from cardlib.widgets.blackdiamond_deal import YOUR_DEAL, DealBox
from solvers.progress import TICK, Background, Progress
from solvers.result import SolveResult
from solvers.widgets.running import RunPanel, plan_html

METHODS: tuple[tuple[str, str], ...] = (("exhaustive search", "search"), ("CP-SAT model", "cpsat"))
"""The two solvers the learner can pick, as (label, method) pairs."""

LIMITS: tuple[tuple[str, float], ...] = (
    ("until decided, or Stop", 0.0), ("10 s of CPU", 10.0), ("30 s of CPU", 30.0),
    ("60 s of CPU", 60.0), ("5 min of CPU", 300.0))
"""The limits offered, as (label, CPU seconds); the first, 0 for no limit, is the default.
(Not None: a dropdown whose value is None shows no choice at all.)"""

_UNSET: Any = object()


def run_solver(method: str, state: BlackDiamondState, deal: Deal, time_limit: float | None,
               progress: Progress | None = None) -> SolveResult:
    """Decide ``deal`` with ``method``; both solvers replay their plans before answering.
    CP-SAT runs on one worker with a fixed seed, so the same deal shows the same plan.
    ``time_limit`` is in CPU seconds (None: none); ``progress`` reports and stops the run
    (see :mod:`solvers.progress`).  Where no ``progress`` is given, the limit is the
    solver's own: the search's CPU time, CP-SAT's wall clock."""
    if method == "search":
        from solvers import search

        if progress is None:
            return search.solve(state, time_limit=time_limit)
        return search.solve(state, progress=progress)
    if method == "cpsat":
        from solvers import cpsat

        if not cpsat.available():  # (a browser: the learner reads why, not a traceback)
            raise cpsat.CpSatUnavailable(cpsat.NEEDS_DESKTOP)
        if progress is None:
            return cpsat.solve(deal, time_limit=time_limit, workers=1)
        return cpsat.solve(deal, workers=1, progress=progress)
    raise ValueError(f"unknown method {method!r}; choose from "
                     f"{', '.join(m for _, m in METHODS)}")


class _RedrawnHere(Progress):
    """A solver's progress that redraws the line itself, every :data:`TICK` seconds at
    most, when the solver runs on the kernel's own thread (no thread can start: Pyodide),
    where no ticker runs beside it.  A browser's kernel sends the line while it works."""

    def __init__(self, cpu_limit: float | None, redraw: Any):
        super().__init__(cpu_limit)
        self._redraw = redraw
        self._drawn = time.perf_counter()

    def __call__(self, nodes: int) -> bool:
        stop = super().__call__(nodes)
        now = time.perf_counter()
        if threading.current_thread() is threading.main_thread() and now - self._drawn >= TICK:
            self._drawn = now
            self._redraw(self)
        return stop


class SolveExplorer(TeachingWidget):
    """Seed or your own deal, method, *Solve* with progress and *Stop*, the verdict, and a
    step-through of the plan beside its list of moves.

    ``explorer.load_seed(7).solve("cpsat")`` does what the clicks would (and waits for the
    answer); afterwards ``verdict`` is ``"win"``, ``"loss"`` or ``"unknown"``, ``states``
    holds the replayed game (``states[0]`` is the deal's start), and ``go_to(k)`` shows the
    board after ``k`` moves.  A typed deal with mistakes leaves the previous one in place and
    names every problem in ``error``.  ``time_limit`` is in CPU seconds (None: until decided
    or stopped).
    """

    reserve_message_line = False     # only a refused deal or an error is ever shown

    def __init__(self, seed: int = 1, method: str = "cpsat", time_limit: float | None = None):
        super().__init__("bd-solve-explorer", prefix="bd-solve")
        self.game = get("black-diamond")  # loads the board pictures too
        self.seed_box = add_classes(SeedBox(seed, layout={"width": "180px"}), "bd-solve-seed")
        self.load_seed_button = self.button("Deal this seed",
                                            lambda: self.load_seed(self.seed_box.seed),
                                            "bd-solve-load-seed")
        self.deal_box = DealBox(self._use_deal, label="Use this deal", prefix="bd-solve")
        self.deal_text = add_classes(self.deal_box.text, "bd-solve-deal")
        self.load_deal_button = add_classes(self.deal_box.use_button, "bd-solve-load-deal")
        self.method_picker = add_classes(
            widgets.ToggleButtons(options=list(METHODS), value=method), "bd-solve-method")
        self.time_box = add_classes(widgets.Dropdown(
            options=list(LIMITS), value=0.0, description="Limit",
            layout={"width": "260px"}), "bd-solve-time-limit")
        self._set_limit(time_limit)
        self.solve_button = self.button("Solve", lambda: self.solve(wait=False), "bd-solve-run",
                                        button_style="primary")
        self.run_panel = RunPanel("bd-solve")
        self.stop_button = self.run_panel.stop_button
        self.progress_html = self.run_panel.line
        self.verdict_html = add_classes(widgets.HTML(), "bd-solve-verdict")
        self.error_html = add_classes(self.message, "bd-solve-error")
        self.first_button = self.button("« start", lambda: self.go_to(0), "bd-solve-first")
        self.back_button = self.button("‹ back", lambda: self.go_to(self.step - 1),
                                       "bd-solve-back")
        self.next_button = self.button("next ›", lambda: self.go_to(self.step + 1),
                                       "bd-solve-next")
        self.last_button = self.button("end »", lambda: self.go_to(len(self.states) - 1),
                                       "bd-solve-last")
        self.step_slider = add_classes(
            widgets.IntSlider(value=0, min=0, max=0, description="Move"), "bd-solve-step")
        self.move_html = add_classes(widgets.HTML(), "bd-solve-move")
        self.board_html = add_classes(widgets.HTML(), "bd-solve-board")
        self.plan_html = add_classes(widgets.HTML(layout=widgets.Layout(min_width="12em")),
                                     "bd-solve-plan")
        self.children = [
            widgets.HBox([self.seed_box, self.load_seed_button]),
            self.deal_box,
            widgets.HBox([self.method_picker, self.time_box, self.solve_button]),
            self.run_panel,
            self.error_html,
            self.verdict_html,
            widgets.HBox([self.first_button, self.back_button, self.step_slider,
                          self.next_button, self.last_button]),
            self.move_html,
            widgets.HBox([self.board_html, self.plan_html]),
        ]
        self.on_change(self.step_slider, self._on_slider)
        self.deal: Deal
        self.seed: int | None = None
        self.result: SolveResult | None = None
        self.states: list[BlackDiamondState] = []
        self.step = 0
        self.error = ""
        self.job: Background[SolveResult] | None = None
        self.load_seed(seed)

    # --- what a click does -----------------------------------------------------------------
    @property
    def method(self) -> str:
        return self.method_picker.value

    @property
    def method_label(self) -> str:
        """The chosen method as the picker names it."""
        return dict((m, name) for name, m in METHODS)[self.method]

    @property
    def time_limit(self) -> float | None:
        """The chosen limit in CPU seconds (None: until decided, or Stop)."""
        return self.time_box.value or None

    @property
    def verdict(self) -> str | None:
        """The last solve's verdict, or None before solving this deal."""
        return None if self.result is None else self.result.verdict

    @property
    def running(self) -> bool:
        """A solver is working now (Solve waits; Stop ends it)."""
        return self.job is not None and self.job.running

    @property
    def state(self) -> BlackDiamondState:
        """The board shown now."""
        return self.states[self.step]

    def load_seed(self, seed: int) -> SolveExplorer:
        """Deal ``seed`` (as the *Deal this seed* button does) and show its start."""
        self._idle_or_refuse()
        self.seed_box.value = seed
        deal = deal_from_seed(seed)
        self.deal_box.show(deal)  # the box and its picture: where this seed's cards go
        self._start(deal, seed)
        return self

    def load_deal(self, deal: str | dict[str, Any] | Deal) -> SolveExplorer:
        """Use your own deal: text as it lies on the table, JSON text, its parsed form, or
        a Deal.  One with mistakes is refused with every problem in ``error``, and the
        current deal stays."""
        self._idle_or_refuse()
        try:
            if isinstance(deal, str):
                if self.deal_box.use(deal) is None:
                    return self._refuse("; ".join(self.deal_box.problems), shown=True)
                return self
            if not isinstance(deal, Deal):
                deal = Deal.from_json(deal)
        except DealError as exc:
            return self._refuse(str(exc))
        self._use_deal(deal)
        return self

    def solve(self, method: str | None = None, time_limit: float | None = _UNSET, *,
              wait: bool = True) -> SolveExplorer:
        """Decide the current deal (as *Solve* does) and show the plan's first move.

        The solver runs on a thread of its own, with a progress line and *Stop*;
        ``wait=False`` returns at once (the button), else this waits for the verdict.
        Where no thread can start (Pyodide) it runs here, redrawing the line itself,
        without Stop.
        ``time_limit`` in CPU seconds (None: until decided, or Stop)."""
        if method is not None:
            if method not in dict((m, m) for _, m in METHODS):
                raise ValueError(f"unknown method {method!r}; choose from "
                                 f"{', '.join(m for _, m in METHODS)}")
            self.method_picker.value = method
        if time_limit is not _UNSET:
            self._set_limit(time_limit)
        if self.running:
            raise RuntimeError("the solver is still working: wait for its verdict, or press "
                               "Stop")
        start, deal, method, label = self.states[0], self.deal, self.method, self.method_label
        progress = _RedrawnHere(self.time_limit, self.run_panel.tick)
        before = self.verdict_html.value
        limit = ("until it decides or you press Stop" if self.time_limit is None
                 else f"for up to {self.time_limit:g} s of CPU")
        self.verdict_html.value = (
            f"<i>solving with {escape(label)}, {limit}: a win is usually found in a moment, "
            "while proving a loss walks every line and can take a while…</i>")
        self.solve_button.disabled = True

        def failed(exc: BaseException) -> None:
            self.verdict_html.value = before
            self._idle()
            if isinstance(exc, Exception):
                self.show_error(exc)

        def so_far(progress: Progress) -> SolveResult:  # a stop the solver was slow to hear
            return SolveResult("unknown", None, progress.nodes, progress.seconds,
                               {"method": method, "stopped": True})

        def work(progress: Progress) -> SolveResult:
            if threading.current_thread() is threading.main_thread():  # (Pyodide: no thread)
                self.stop_button.layout.display = "none"  # a click would be read too late
            return run_solver(method, start, deal, progress.cpu_limit, progress)

        self.job = Background(work, progress=progress, tick=self.run_panel.tick,
                              done=lambda result: self._solved(result, start, progress),
                              failed=failed, abandoned=so_far)
        self.run_panel.start(progress, self.stop, f"Solving with {label}")
        self.job.start()
        if wait:
            self.job.wait()
        return self

    def stop(self) -> SolveExplorer:
        """End the running solve now (the *Stop* button): its verdict is "undecided so
        far", with what it searched."""
        if self.job is not None:
            self.job.stop()
        return self

    def go_to(self, step: int) -> SolveExplorer:
        """Show the board after ``step`` moves of the plan (clamped to the plan)."""
        self.step = max(0, min(step, len(self.states) - 1))
        self._draw()
        return self

    # --- drawing -----------------------------------------------------------------------------
    def _use_deal(self, deal: Deal) -> None:
        self._idle_or_refuse()
        self.seed_box.value = YOUR_DEAL
        self._start(deal, None)

    def _idle_or_refuse(self) -> None:
        if self.running:
            raise RuntimeError("the solver is still working on this deal: press Stop first")

    def _set_limit(self, time_limit: float | None) -> None:
        time_limit = float(time_limit or 0)
        values = [value for _, value in self.time_box.options]
        if time_limit not in values:
            self.time_box.options = [*self.time_box.options,
                                     (f"{time_limit:g} s of CPU", time_limit)]
        self.time_box.value = time_limit

    def _start(self, deal: Deal, seed: int | None) -> None:
        self.deal, self.seed = deal, seed
        self.result = None
        self.states = [self.game.from_deal(deal, seed=seed)]
        self.error = ""
        self.say("")
        self.verdict_html.value = "<i>not solved yet: pick a method and press Solve</i>"
        self.go_to(0)

    def _refuse(self, why: str, shown: bool = False) -> SolveExplorer:
        self.error = why
        if not shown:
            self.say(escape(why), "error")
        return self

    def _idle(self) -> None:
        self.run_panel.finish()
        self.solve_button.disabled = False

    def _solved(self, result: SolveResult, start: BlackDiamondState, progress: Progress) -> None:
        states = [start]
        for move in result.moves or []:
            states.append(states[-1].apply(move_from_json(move)))
        self.result, self.states, self.error = result, states, ""
        self._idle()
        self._show_verdict(progress)
        self.go_to(0)

    def _show_verdict(self, progress: Progress | None = None) -> None:
        result = self.result
        assert result is not None
        why = progress.stopped if progress is not None else None
        if result.verdict == "unknown" and why == "stop":
            words = "undecided so far: you pressed Stop"
        elif result.verdict == "unknown" and why == "limit" and progress is not None:
            words = f"undecided: its limit of {progress.cpu_limit:g} s of CPU ran out"
        elif result.verdict == "unknown":
            words = "undecided: the time limit ran out"
        else:
            words = {"win": "won", "loss": "lost: no sequence of moves wins"}[result.verdict]
        if result.extra.get("method") == "search":
            searched = f"{result.nodes:,} positions searched in "
        elif result.verdict == "unknown" and progress is not None and progress.phase:
            searched = f"stopped in its {progress.phase} after "
        else:
            searched = ""
        status = result.extra.get("status")
        detail = f", CP-SAT status {status}" if status else ""
        moves = f", a plan of {len(result.moves)} moves" if result.moves else ""
        cpu = f", {progress.cpu:.1f} s of CPU" if progress is not None else ""
        self.verdict_html.value = (
            f"<b>{escape(self.method_label)}</b>: this deal is <b>{escape(words)}</b>"
            f" ({escape(searched)}{result.seconds:.2f} s{cpu}{escape(detail)}{moves})")
        self.say("")

    def _draw(self) -> None:
        last = len(self.states) - 1
        with self.quietly():
            self.step_slider.max = last
            self.step_slider.value = self.step
        for button, usable in ((self.first_button, self.step > 0),
                               (self.back_button, self.step > 0),
                               (self.next_button, self.step < last),
                               (self.last_button, self.step < last)):
            button.disabled = not usable
        state = self.state
        if self.step == 0:
            self.move_html.value = ("the deal's start" if last == 0
                                    else f"the deal's start; the plan has {last} moves")
        else:
            move = state.history[-1]
            self.move_html.value = (f"move {self.step} of {last}: <b>{escape(str(move))}</b>"
                                    + (f" — {escape(state.outcome)}" if state.outcome else ""))
        self.board_html.value = display.html(state) or f"<pre>{escape(str(state))}</pre>"
        moves = [s.history[-1] for s in self.states[1:]]
        self.plan_html.value = plan_html(moves, self.step - 1 if self.step else None,
                                         f"The plan, {len(moves)} moves:")

    def _on_slider(self, step: int) -> None:
        if step != self.step:
            self.go_to(step)


__all__ = ["LIMITS", "METHODS", "SolveExplorer", "run_solver"]
