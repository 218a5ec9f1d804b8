"""The coach at a game table: a bar chart of the strongest bot's estimate for each move of
the seat to move, and after each hand a review of the moves that cost the most.

The numbers come from :mod:`cardlib.coach` (the bot's own search, from the seat's view
only); this module draws them.  The chart is plain SVG (:mod:`cardlib.svg`'s font and
colours): one row per move, best first, a bar from zero to the mean, a whisker of two
standard errors either side, the playouts, and the bot's choice marked ★.  Each row
carries ``data-move``, ``data-mean``, ``data-error``, ``data-playouts`` and
``data-choice`` so a test can read the chart back.

A table shows it under the hand while its **Coach** switch is on
(:class:`CoachPanel`); another game can bring its own panel (Black Diamond's, in
:mod:`solvers.widgets.coach`) as long as it has the same four methods.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlib.bots import Estimates, game_digest
from cardlib.coach import Advice, Coach, Mistake, can_coach
from cardlib.svg import FONT_FAMILY, GREY, INK, svg_document, svg_text
from cardlib.widgets.base import add_classes

if TYPE_CHECKING:
    from cardlib.widgets.table import GameTable

VALUE_WORDS = {
    "hearts": "the others' average points minus yours, this hand",
    "diamonds": "your points minus the others' average, this round",
    "cruce": "your side's game points minus the others', this hand",
    "diams": "your victory chips this round minus the others' average",
}
"""What each game's strongest bot measures a playout by (its ``value`` hook), in words."""

THRESHOLDS = {"hearts": 1.0, "diamonds": 1.0, "cruce": 0.5, "diams": 0.25}
"""How much a move must cost, in each game's value terms, for the review to list it: a
point a hand in Hearts and Diamonds, half a game point in Cruce (a hand is worth a few),
a quarter of a victory chip in Diam's (between two players a round is one chip won or
lost)."""

GOOD, BAD, CHOSEN = "#1b8a3a", "#c8102e", "#1f5fa8"


def value_words(game: Any) -> str:
    return VALUE_WORDS.get(getattr(game, "name", ""), "the bot's value of the hand for you")


def chart_svg(estimates: Estimates, label: Callable[[Any], str], *, words: str = "",
              played: Any = None) -> str:
    """The estimates as a horizontal bar chart (see the module docstring); ``played``
    marks the move that was played from this position, when stepping back."""
    rows = sorted((e for e in estimates.moves if e.playouts),
                  key=lambda e: (-e.mean, str(e.move)))
    if not rows:
        return ""
    low = min(0.0, *(e.mean - 2 * e.error for e in rows))
    high = max(0.0, *(e.mean + 2 * e.error for e in rows))
    if high - low < 1e-9:
        high = low + 1.0
    names = {e.move: label(e.move) for e in rows}
    # room for the longest label and note (the house font is about 0.6 em a character)
    left = 16 + 0.62 * 14 * max(len(name) for name in names.values())
    right = 16 + 0.62 * 11 * (len("+00.00 ± 00.00 (000 deals) ★ bot's choice ▶ played"))
    row_h, top, span = 26.0, 22.0, 300.0
    width = max(left + span + right, 0.62 * 12 * (len(words) + 80))
    span = width - left - right

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * span

    parts = [svg_text(4, 15, f"Estimate: {words} (bar: the mean of the imagined deals; "
                             "line: two standard errors either side)", 12, fill=GREY)]
    zero = x(0.0)
    parts.append(f'<line x1="{zero:.1f}" y1="{top - 4:.1f}" x2="{zero:.1f}" '
                 f'y2="{top + row_h * len(rows):.1f}" stroke="{GREY}"/>')
    for index, est in enumerate(rows):
        y = top + index * row_h
        chosen = est.move == estimates.choice
        colour = CHOSEN if chosen else (GOOD if est.mean >= 0 else BAD)
        x0, x1 = sorted((zero, x(est.mean)))
        error = est.error if est.error != float("inf") else 0.0
        lo, hi = x(est.mean - 2 * error), x(est.mean + 2 * error)
        name = names[est.move]
        marks = []
        if chosen:
            marks.append("★ bot's choice")
        if played is not None and est.move == played:
            marks.append("▶ played")
        note = f"{est.mean:+.2f} ± {2 * error:.2f} ({est.playouts} deals)"
        parts.append(
            f'<g class="coach-bar" data-move="{escape(str(est.move))}" '
            f'data-label="{escape(name)}" data-mean="{est.mean!r}" data-error="{error!r}" '
            f'data-playouts="{est.playouts}" data-choice="{str(chosen).lower()}">'
            + svg_text(left - 8, y + 17, name, 14, bold=chosen, anchor="end")
            + f'<rect x="{x0:.1f}" y="{y + 5:.1f}" width="{max(x1 - x0, 1.0):.1f}" '
              f'height="{row_h - 10:.1f}" fill="{colour}" opacity="0.8"/>'
            + f'<line x1="{lo:.1f}" y1="{y + 13:.1f}" x2="{hi:.1f}" y2="{y + 13:.1f}" '
              f'stroke="{INK}"/>'
            + svg_text(width - right + 6, y + 17, f"{note} {' '.join(marks)}".strip(), 11,
                       bold=chosen)
            + "</g>")
    height = top + row_h * len(rows) + 6
    title = "The coach's estimate of each move"
    return (f'<div class="cardlib-coach-chart" style="font-family:{FONT_FAMILY}">'
            f"{svg_document(width, height, ''.join(parts), title)}</div>")


def sureness(estimates: Estimates) -> str:
    """How sure the bot is, in words: the gap to the runner-up against the standard errors."""
    rows = sorted((e for e in estimates.moves if e.playouts), key=lambda e: -e.mean)
    halved = len({e.playouts for e in rows}) > 1
    each = ("imagined deals for the moves that stayed in; the others were dropped after "
            "fewer, once they fell behind") if halved else "imagined deals a move"
    done = (f"{estimates.done} {each}" if estimates.complete else
            f"stopped at the time budget after {estimates.done} of {estimates.samples} {each}")
    if len(rows) < 2:
        return done
    gap = rows[0].mean - rows[1].mean
    noise = (rows[0].error ** 2 + rows[1].error ** 2) ** 0.5
    if noise == 0 or gap > 2 * noise:
        how = "fairly sure: the best move leads the next by more than twice the noise"
    elif gap > noise:
        how = "leaning: the best move leads the next by more than the noise, not twice"
    else:
        how = "unsure: the best moves are closer than the noise of its imagined deals"
    return f"{how} ({done})"


class CoachWidgets:
    """The parts every coach shows under a table, in this order: its progress line, its
    chart, and the review (a title over one button per listed move).  One layout, so the
    card games' coach and Black Diamond's (which lives with the solvers) look alike, and a
    page or a test finds each part by the same CSS class."""

    def _build_widgets(self, *classes: str) -> None:
        """Make the parts; ``classes`` are added to the panel's own."""
        self.progress = add_classes(widgets.HTML(), "cardlib-coach-progress")
        self.chart = add_classes(widgets.HTML(), "cardlib-coach")
        self.review_title = add_classes(widgets.HTML(), "cardlib-review-title")
        self.review_box = add_classes(widgets.VBox(), "cardlib-review")
        self.widget = add_classes(
            widgets.VBox([self.progress, self.chart, self.review_title, self.review_box]),
            "cardlib-coach-panel", *classes)


class CoachPanel(CoachWidgets):
    """The coach under a table's hand (see the module docstring): ``refresh`` draws the
    advice for the position shown, or the review at a hand's end."""

    name = "coach"

    def __init__(self, table: GameTable, *, budget: float | None = None,
                 threshold: float | None = None):
        self.table = table
        self.budget, self.threshold = budget, threshold
        self._build_widgets()
        self.coach: Coach | None = None
        self.advice: Advice | None = None
        self.reviews: dict[int, list[Mistake]] = {}
        """The review of each finished hand, by the table step that ended it."""
        self._reviewed: dict[int, str] = {}
        """The digest of the game each review was made for (Undo may replay a step)."""
        self._told = 0.0

    @staticmethod
    def available(game: Any) -> bool:
        return can_coach(game)

    # --- what a table calls -------------------------------------------------------------
    def reset(self) -> None:
        """A new game: forget the advice and reviews of the last one."""
        self.coach = None
        self.advice = None
        self.reviews = {}
        self._reviewed = {}

    def refresh(self) -> None:
        """Draw the coach for the position the table shows."""
        table = self.table
        self._coach()
        step, state = table.step, table.shown_state
        end = self._hand_end(step)
        if end is not None:
            self.chart.value = ""
            self.advice = None
            self.show_review(end)
            return
        self.review_title.value = ""
        self.review_box.children = ()
        if state.is_over or state.to_move not in table.humans or not table.may_see(state.to_move):
            self.chart.value = "<small>The coach advises a person whose turn it is.</small>"
            self.advice = None
            return
        positions = table.positions
        played = positions[step + 1].history[-1] if step + 1 < len(positions) else None
        self.advice = self._advise(state, () if played is None else (played,))
        self.chart.value = self._advice_html(self.advice, played)

    def record(self) -> dict[str, Any]:
        """The reviews, JSON-safe, for the table's save."""
        return {"reviews": {str(end): {"game": self._reviewed[end],
                                       "moves": [m.record() for m in found]}
                            for end, found in self.reviews.items()}}

    def restore(self, data: Any) -> None:
        """Take back the reviews of a saved game."""
        reviews = (data or {}).get("reviews", {})
        if not isinstance(reviews, dict):
            raise ValueError(f"a saved review is a mapping of hands to moves, not {reviews!r}")
        parse = self.table.game.parse_move
        try:
            self.reviews = {int(end): [Mistake.from_record(m, parse) for m in kept["moves"]]
                            for end, kept in reviews.items()}
            self._reviewed = {int(end): str(kept["game"]) for end, kept in reviews.items()}
        except (KeyError, TypeError, ValueError) as exc:
            self.reviews, self._reviewed = {}, {}
            raise ValueError(f"a saved review the coach did not write: {exc}") from None

    # --- the review ---------------------------------------------------------------------
    def review(self, end: int) -> list[Mistake]:
        """The review of the hand the move into table step ``end`` finished (computed once)."""
        table = self.table
        states = table.positions[: end + 1]
        key = game_digest(states[end]).hex()
        if self._reviewed.get(end) != key:
            first = self._hand_start(end)
            coach = self._coach()
            self.reviews[end] = coach.review(states, table.humans, first=first,
                                             progress=self._progress("Reviewing your moves",
                                                                     "moves"))
            self._reviewed[end] = key
            self.progress.value = ""
        return self.reviews[end]

    def show_review(self, end: int) -> None:
        table = self.table
        if table.hot_seat and not table.reveal:
            # its moves name cards a seat held: in hot seat, only for a class shown every hand
            self.review_title.value = ("<b>Review:</b> in hot-seat play the review names the "
                                       "cards each of you held, so it shows with <b>Reveal all "
                                       "hands</b> on.")
            self.review_box.children = ()
            return
        found = self.review(end)
        names = table.seat_names
        threshold = self._coach().threshold
        if not found:
            self.review_title.value = (
                "<b>Review:</b> no move of yours this hand cost more than "
                f"{threshold:g} (and more than its noise) by the coach's estimate.")
            self.review_box.children = ()
            return
        self.review_title.value = (
            f"<b>Review:</b> {len(found)} move{'s' if len(found) != 1 else ''} where the "
            f"coach's best beat yours by more than {threshold:g} and more than its noise "
            f"({escape(value_words(table.game))}), worst first; click one to step back to it.")
        buttons = []
        for mistake in found:
            who = "" if len(table.humans) == 1 else f"{names[mistake.seat]}: "
            text = (f"{who}move {mistake.step + 1}: played {table.label(mistake.played)}, "
                    f"{table.label(mistake.best)} was better by {mistake.cost:.1f} "
                    f"(± {mistake.noise:.1f})")
            button = widgets.Button(description=text, layout=widgets.Layout(width="auto"),
                                    tooltip=f"{mistake.played_value:+.2f} against "
                                            f"{mistake.best_value:+.2f}")
            button.add_class("cardlib-review-entry")
            button.on_click(lambda _b, step=mistake.step: self.table.show_step(step))
            buttons.append(button)
        self.review_box.children = tuple(buttons)

    # --- helpers --------------------------------------------------------------------------
    def _coach(self) -> Coach:
        if self.coach is None:
            kwargs: dict[str, Any] = {}
            if self.budget is not None:
                kwargs["budget"] = self.budget
            threshold = self.threshold
            if threshold is None:
                threshold = THRESHOLDS.get(self.table.game.name)
            if threshold is not None:
                kwargs["threshold"] = threshold
            self.coach = Coach(self.table.game, self.table.seed, **kwargs)
        return self.coach

    def _advise(self, state: Any, also: tuple[Any, ...]) -> Advice:
        """The advice at ``state``; ``also``: the move played there, when stepped back to
        (weighed even if the bot's shortlist leaves it out, as the review weighs it)."""
        self.progress.value = "<span class='cardlib-coach-thinking'>The coach is thinking…</span>"
        return self._coach().advise(state, also=also, progress=self._progress(
            "The coach is thinking", "imagined deals"))

    def _progress(self, what: str, unit: str) -> Callable[[int, int], None]:
        def told(done: int, total: int) -> None:
            now = time.perf_counter()
            if done == 0 or done >= total or now - self._told > 0.1:
                self._told = now
                self.progress.value = (f"<span class='cardlib-coach-thinking'>{escape(what)}… "
                                       f"{done} of {total} {escape(unit)}</span>")
        return told

    def _advice_html(self, advice: Advice, played: Any) -> str:
        table = self.table
        self.progress.value = (f"<small>Coach: answered in {advice.seconds:.2f} s.</small>")
        who = table.seat_names[advice.seat]
        if advice.estimates is None:
            return (f"<div class='cardlib-coach-helper'>The coach for {escape(who)}: here the "
                    "strongest bot follows its rules of thumb (no search), and plays "
                    f"<b>{escape(table.label(advice.helper_move))}</b>.</div>")
        estimates = advice.estimates
        chart = chart_svg(estimates, table.label, words=value_words(table.game), played=played)
        left_out = len(table.shown_state.legal_moves()) - len(estimates.moves)
        note = (f" It weighs only its {len(estimates.moves)} likeliest moves; "
                f"{left_out} others are not drawn." if left_out > 0 else "")
        return (f"<div class='cardlib-coach-head'>The coach for {escape(who)}: the strongest "
                f"bot would play <b>{escape(table.label(estimates.choice))}</b>; "
                f"{escape(sureness(estimates))}.{escape(note)}</div>{chart}")

    def _hand_end(self, step: int) -> int | None:
        """``step`` if the move into it ended a hand (or the game) a person played in."""
        table = self.table
        positions = table.positions
        if step == 0:
            return None
        before, after = positions[step - 1], positions[step]
        if after.is_over or len(after.tallies()) > len(before.tallies()):
            return step
        return None

    def _hand_start(self, end: int) -> int:
        positions = self.table.positions
        hands = len(positions[end - 1].tallies())
        first = end - 1
        while first > 0 and len(positions[first - 1].tallies()) == hands:
            first -= 1
        return first


__all__ = ["THRESHOLDS", "VALUE_WORDS", "CoachPanel", "chart_svg", "sureness", "value_words"]
