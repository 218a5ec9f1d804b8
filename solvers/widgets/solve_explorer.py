"""A solver explorer for Black Diamond: pick a deal, solve it, step through the plan.

The solver notebook compares two ways to decide a deal: the exhaustive search
(:mod:`solvers.search`) and the CP-SAT model (:mod:`solvers.cpsat`).  Numbers in a table
say which is faster; watching a plan being played says what a "plan" *is*.  This widget
does both: choose a seed (or paste a deal in the spec's JSON form), pick a method, press
*Solve*, read the verdict and the time, then step through the winning plan move by move
on the board picture the game table uses.

Nothing here decides anything.  The verdict is the solver's, and the states shown are the
engine's own, replayed from the plan with ``apply`` (so a plan that broke a rule could not
even be shown).  For tests, the widget's state is plain Python (``deal``, ``result``,
``verdict``, ``states``, ``step``, ``error``) and every action a click can take is a method
(:meth:`SolveExplorer.load_seed`, :meth:`~SolveExplorer.load_deal`,
:meth:`~SolveExplorer.solve`, :meth:`~SolveExplorer.go_to`); every control carries a
``bd-solve-*`` CSS class for browser tests.  A refused deal, and any error inside a
callback, shows in the message line (``bd-solve-error``), from the teaching widgets' base.
"""

from __future__ import annotations

import json
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
from cardlib.widgets.base import TeachingWidget, add_classes
from solvers.result import SolveResult

METHODS: tuple[tuple[str, str], ...] = (("exhaustive search", "search"), ("CP-SAT model", "cpsat"))
"""The two solvers the learner can pick, as (label, method) pairs."""


def run_solver(method: str, state: BlackDiamondState, deal: Deal,
               time_limit: float) -> SolveResult:
    """Decide ``deal`` with ``method``; both solvers replay their plans before answering.
    CP-SAT runs on one worker with a fixed seed, so the same deal shows the same plan."""
    if method == "search":
        from solvers import search

        return search.solve(state, time_limit=time_limit)
    if method == "cpsat":
        from solvers import cpsat

        return cpsat.solve(deal, time_limit=time_limit, workers=1)
    raise ValueError(f"unknown method {method!r}; choose from "
                     f"{', '.join(m for _, m in METHODS)}")


class SolveExplorer(TeachingWidget):
    """Seed or pasted deal, method, *Solve*, verdict, and a step-through of the plan.

    ``explorer.load_seed(7).solve("cpsat")`` does what the clicks would; afterwards
    ``verdict`` is ``"win"``, ``"loss"`` or ``"unknown"``, ``states`` holds the replayed
    game (``states[0]`` is the deal's start), and ``go_to(k)`` shows the board after ``k``
    moves.  A pasted deal that is not a deal leaves the previous one in place and says
    why in ``error``.
    """

    reserve_message_line = False     # only a refused deal or an error is ever shown

    def __init__(self, seed: int = 1, method: str = "cpsat", time_limit: float = 30.0):
        super().__init__("bd-solve-explorer", prefix="bd-solve")
        self.game = get("black-diamond")  # loads the board pictures too
        self.seed_box = add_classes(widgets.BoundedIntText(value=seed, min=0, max=10**9,
                                                           description="Seed"), "bd-solve-seed")
        self.load_seed_button = self.button("Deal this seed",
                                            lambda: self.load_seed(self.seed_box.value),
                                            "bd-solve-load-seed")
        self.deal_text = add_classes(widgets.Textarea(
            placeholder='{"diamonds": [13 codes], "black": [26 codes]}',
            layout=widgets.Layout(width="60%", height="4em")), "bd-solve-deal")
        self.load_deal_button = self.button("Use pasted deal",
                                            lambda: self.load_deal(self.deal_text.value),
                                            "bd-solve-load-deal")
        self.method_picker = add_classes(
            widgets.ToggleButtons(options=list(METHODS), value=method), "bd-solve-method")
        self.time_box = add_classes(widgets.BoundedFloatText(
            value=time_limit, min=0.1, max=3600, description="Limit (s)"),
            "bd-solve-time-limit")
        self.solve_button = self.button("Solve", self.solve, "bd-solve-run",
                                        button_style="primary")
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
        self.children = [
            widgets.HBox([self.seed_box, self.load_seed_button]),
            widgets.HBox([self.deal_text, self.load_deal_button]),
            widgets.HBox([self.method_picker, self.time_box, self.solve_button]),
            self.error_html,
            self.verdict_html,
            widgets.HBox([self.first_button, self.back_button, self.step_slider,
                          self.next_button, self.last_button]),
            self.move_html,
            self.board_html,
        ]
        self.on_change(self.step_slider, self._on_slider)
        self.deal: Deal
        self.seed: int | None = None
        self.result: SolveResult | None = None
        self.states: list[BlackDiamondState] = []
        self.step = 0
        self.error = ""
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
    def verdict(self) -> str | None:
        """The last solve's verdict, or None before solving this deal."""
        return None if self.result is None else self.result.verdict

    @property
    def state(self) -> BlackDiamondState:
        """The board shown now."""
        return self.states[self.step]

    def load_seed(self, seed: int) -> SolveExplorer:
        """Deal ``seed`` (as the *Deal this seed* button does) and show its start."""
        self.seed_box.value = seed
        self._start(deal_from_seed(seed), seed)
        return self

    def load_deal(self, deal: str | dict[str, Any] | Deal) -> SolveExplorer:
        """Use a pasted deal: JSON text, its parsed form, or a Deal.  A bad one is refused
        with the reason in ``error``, and the current deal stays."""
        try:
            if isinstance(deal, str):
                deal = json.loads(deal)
            if not isinstance(deal, Deal):
                deal = Deal.from_json(deal)
        except json.JSONDecodeError as exc:
            return self._refuse(f"the pasted text is not JSON: {exc.msg} at line "
                                f"{exc.lineno}, column {exc.colno}")
        except DealError as exc:
            return self._refuse(str(exc))
        self._start(deal, None)
        return self

    def solve(self, method: str | None = None, time_limit: float | None = None
              ) -> SolveExplorer:
        """Decide the current deal (as *Solve* does) and show the plan's first move."""
        if method is not None:
            if method not in dict((m, m) for _, m in METHODS):
                raise ValueError(f"unknown method {method!r}; choose from "
                                 f"{', '.join(m for _, m in METHODS)}")
            self.method_picker.value = method
        if time_limit is not None:
            self.time_box.value = time_limit
        start = self.states[0]
        # A win takes a moment, a loss proof seconds: say so while the kernel is busy
        # (the line reaches the browser at once), and take no second click meanwhile.
        before = self.verdict_html.value
        self.verdict_html.value = (
            f"<i>solving with {escape(self.method_label)}, for up to "
            f"{self.time_box.value:g} s: a win is usually found in a moment, while proving a "
            f"loss walks every line and can take several seconds…</i>")
        self.solve_button.disabled = True
        try:
            self.result = run_solver(self.method, start, self.deal, self.time_box.value)
        except BaseException:
            self.verdict_html.value = before
            raise
        finally:
            self.solve_button.disabled = False
        self.states = [start]
        for move in self.result.moves or []:
            self.states.append(self.states[-1].apply(move_from_json(move)))
        self.error = ""
        self._show_verdict()
        self.go_to(0)
        return self

    def go_to(self, step: int) -> SolveExplorer:
        """Show the board after ``step`` moves of the plan (clamped to the plan)."""
        self.step = max(0, min(step, len(self.states) - 1))
        self._draw()
        return self

    # --- drawing -----------------------------------------------------------------------------
    def _start(self, deal: Deal, seed: int | None) -> None:
        self.deal, self.seed = deal, seed
        self.result = None
        self.states = [self.game.from_deal(deal, seed=seed)]
        self.error = ""
        self.say("")
        self.verdict_html.value = "<i>not solved yet: pick a method and press Solve</i>"
        self.go_to(0)

    def _refuse(self, why: str) -> SolveExplorer:
        self.error = why
        self.say(escape(why), "error")
        return self

    def _show_verdict(self) -> None:
        result = self.result
        assert result is not None
        label = self.method_label
        words = {"win": "won", "loss": "lost: no sequence of moves wins",
                 "unknown": "undecided: the time limit ran out"}[result.verdict]
        status = result.extra.get("status")
        detail = f", CP-SAT status {status}" if status else ""
        moves = f", a plan of {len(result.moves)} moves" if result.moves else ""
        self.verdict_html.value = (
            f"<b>{escape(label)}</b>: this deal is <b>{escape(words)}</b>"
            f" ({result.seconds:.2f} s{escape(detail)}{moves})")
        self.say("")

    def _draw(self) -> None:
        last = len(self.states) - 1
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

    def _on_slider(self, step: int) -> None:
        if step != self.step:
            self.go_to(step)
