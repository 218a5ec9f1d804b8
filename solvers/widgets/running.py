"""What the solver widgets share while a solver runs: a progress line with Stop, and a plan.

Both the solve explorer (notebook 05) and the game table's solver tools (notebook 04) run
a solver on a thread of its own (:class:`solvers.progress.Background`) so that a learner
can watch it and stop it.  :class:`RunPanel` is that part of the page: a progress line
redrawn a few times a second (positions searched and time, or CP-SAT's phase and time) and
a **Stop** button, shown only while a solver runs.  :func:`plan_html` draws a winning line
as a numbered list of moves, one a line, in the text the command line reads back
(``python -m solvers replay DEAL PLAN``), with the move shown on the board picked out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.widgets.base import add_classes
from solvers.progress import Progress

NO_BOUND = "a win-or-loss model has no bound to report: CP-SAT answers when it decides"
"""What the progress line says of CP-SAT's bound: the model has no objective."""


def plan_lines(moves: Sequence[Any]) -> list[str]:
    """The moves as numbered lines, ``" 1. 7S>NE"``: what a learner copies."""
    width = len(str(len(moves)))
    return [f"{number:>{width}}. {move}" for number, move in enumerate(moves, start=1)]


def plan_html(moves: Sequence[Any], current: int | None = None, title: str = "",
              css: str = "bd-plan") -> str:
    """A numbered, copyable list of ``moves`` (a ``<pre>``: selecting it copies the moves
    with their numbers); ``current`` (0-based) is the move shown on the board now, in bold
    on a tint.  Empty when there are no moves."""
    if not moves:
        return ""
    lines = []
    for index, line in enumerate(plan_lines(moves)):
        if index == current:
            lines.append(f"<b data-bd-plan-current='{index + 1}' style='background:#fff3c4'>"
                         f"{escape(line)}</b>")
        else:
            lines.append(escape(line))
    head = f"<div style='font-size:90%;margin-bottom:2px'>{escape(title)}</div>" if title else ""
    body = "\n".join(lines)
    return (f"<div class='{css}' data-bd-plan-moves='{len(moves)}'>{head}"
            "<pre style='margin:0;max-height:22em;overflow:auto;padding:4px 8px;"
            "line-height:1.35;"
            "border:1px solid #ccc;border-radius:4px;background:#fafafa;font-size:90%'>"
            f"{body}</pre><small>select and copy; <code>python -m solvers replay deal.txt "
            "plan.txt</code> replays it</small></div>")


class RunPanel(widgets.HBox):
    """A progress line and a Stop button for a solver running in the background.

    ``start(progress, stop)`` shows them (``stop()`` is what the button does),
    ``tick(progress)`` redraws the line, ``finish()`` hides the button; ``prefix`` names
    the CSS classes (``<prefix>-progress``, ``<prefix>-stop``)."""

    def __init__(self, prefix: str):
        self.line = add_classes(widgets.HTML(), f"{prefix}-progress")
        self.stop_button = add_classes(
            widgets.Button(description="Stop", button_style="danger",
                           tooltip="stop the solver now: it answers 'undecided so far' with "
                           "what it searched", layout={"width": "auto", "display": "none"}),
            f"{prefix}-stop")
        self._stop: Any = None
        self.stop_button.on_click(lambda _button: self._stop and self._stop())
        super().__init__([self.stop_button, self.line],
                         layout=widgets.Layout(align_items="center"))

    def start(self, progress: Progress, stop: Any, what: str) -> None:
        self._stop = stop
        self.stop_button.disabled = False
        self.stop_button.layout.display = None
        self.what = what
        self.tick(progress)

    def tick(self, progress: Progress) -> None:
        """Redraw the progress line (called a few times a second while the solver runs)."""
        bound = f" <small>({NO_BOUND})</small>" if progress.phase == "search" else ""
        limit = ("" if progress.cpu_limit is None
                 else f", stops after {progress.cpu_limit:g} s of CPU")
        self.line.value = (f"<span data-bd-running='1'><i>{escape(self.what)}…</i> "
                           f"{escape(progress.text())}{escape(limit)}{bound}</span>")

    def finish(self, text: str = "") -> None:
        self._stop = None
        self.stop_button.layout.display = "none"
        self.line.value = text


__all__ = ["NO_BOUND", "RunPanel", "plan_html", "plan_lines"]
