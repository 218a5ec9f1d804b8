"""Notebook 08's live runs, as buttons: a small study, and the players' advice on a game.

Both take longer than a notebook may spend when it opens (a classroom's Voila gives each
cell a minute, on a machine whose other core is busy), so the notebook shows shipped
results at once and a learner starts a live run with a button.  The run goes on a thread
of its own (:class:`solvers.progress.Background`): the kernel stays free, a line says how
far it has got a few times a second, and **Stop** ends it with what was done so far.
Where no thread can start (a browser's Pyodide) the run is the kernel's own work: the line
is redrawn after each deal or position, and there is no Stop (it could not be heard).

* :class:`LiveStudy` solves seeds 1-200 (by default) with a small budget each, through the
  very :func:`solvers.study.run` the command line uses, and reports the win rate with its
  interval, with and without the unknown deals, and whether it agrees with the shipped
  study on every deal both decided.
* :class:`PlayerComparison` shows, for every position of the game on a
  :class:`~cardlib.widgets.GameTable`, what each player who does not see the decks and the
  solver who does would play there (:func:`solvers.policies.advice_rows`).

CSS classes (``bd-study-*``, ``bd-advice-*``) name the parts for browser tests.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from cardlib.widgets.base import TeachingWidget, add_classes
from solvers import policies, study
from solvers.progress import Background, Progress


def pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def interval_text(summary: study.Summary) -> str:
    """``99.50 % (95 % interval 97.20 % – 99.91 %)``."""
    return f"{pct(summary.rate)} (95 % interval {pct(summary.low)} – {pct(summary.high)})"


class _Running:
    """A Run button, a progress line and a Stop button, shared by the two widgets."""

    def __init__(self, owner: TeachingWidget, prefix: str, label: str, tooltip: str):
        self.run_button = owner.button(label, owner.start, f"{prefix}-run",
                                       button_style="primary", tooltip=tooltip,
                                       layout={"width": "auto"})
        self.stop_button = owner.button("Stop", owner.stop, f"{prefix}-stop",
                                        button_style="danger",
                                        layout={"width": "auto", "display": "none"},
                                        tooltip="stop now: what was done so far is shown")
        self.line = add_classes(widgets.HTML(), f"{prefix}-progress")
        self.row = widgets.HBox([self.run_button, self.stop_button, self.line],
                                layout=widgets.Layout(align_items="center"))

    def begin(self) -> None:
        self.run_button.disabled = True
        self.stop_button.layout.display = None

    def serial(self) -> bool:
        """Called as the run starts: True when it runs on the kernel's own thread, where
        no thread can start (Pyodide).  The page then still gets each progress line (a
        browser's kernel sends while it works), but a Stop click would only be read once
        the run is over, so the button goes."""
        if threading.current_thread() is not threading.main_thread():
            return False
        self.stop_button.layout.display = "none"
        return True

    def end(self) -> None:
        self.run_button.disabled = False
        self.stop_button.layout.display = "none"
        self.line.value = ""


class LiveStudy(TeachingWidget):
    """Run a small study live: ``seeds`` solved with at most ``max_nodes`` positions each.

    ``shipped`` (the shipped study's lines) is what the verdicts are checked against.  The
    run writes its lines to a fresh file, as the command line would, so :attr:`rows` and
    :attr:`summary` hold what it found once it ends (stopped or not).
    """

    def __init__(self, seeds: Sequence[int] = range(1, 201), max_nodes: int = 4095,
                 shipped: Sequence[Mapping[str, Any]] = ()):
        super().__init__("bd-study", prefix="bd-study")
        self.seeds = list(seeds)
        self.max_nodes = max_nodes
        self.shipped = {row["seed"]: row for row in shipped}
        self.rows: list[dict[str, Any]] = []
        self.summary: study.Summary | None = None
        self.stopped = False
        self.job: Background[list[dict[str, Any]]] | None = None
        self._done: list[dict[str, Any]] = []
        self.running_ui = _Running(
            self, "bd-study", f"Run the live study ({len(self.seeds)} deals)",
            f"solve seeds {self.seeds[0]}..{self.seeds[-1]} now, at most "
            f"{max_nodes + 1:,} positions each")
        self.result = add_classes(widgets.HTML(
            "<i>not run yet: press the button (about a minute on a quiet machine)</i>"),
            "bd-study-result")
        self.children = [self.running_ui.row, self.result, self.message]

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def start(self, wait: bool = False) -> LiveStudy:
        """Start the run (the button); ``wait=True`` returns once it has ended."""
        if self.running:
            raise RuntimeError("the study is running: wait for it, or press Stop")
        out = Path(tempfile.mkdtemp(prefix="live-study-")) / "live.jsonl"
        progress = Progress()
        self._done = []
        self.stopped = False
        task = study.SolveTask(max_nodes=self.max_nodes)

        def work(progress: Progress) -> list[dict[str, Any]]:
            serial = self.running_ui.serial()

            def on_line(row: dict[str, Any]) -> None:
                self._done.append(row)
                if serial:  # no ticker beside us: redraw here, after each deal
                    self._tick(progress)

            return study.run(self.seeds, out, study.Inline(), task, progress=False,
                             on_line=on_line, stop=lambda: progress.stopped is not None)

        self.job = Background(work, progress=progress, tick=self._tick, done=self._finish,
                              failed=self._failed, abandoned=lambda _p: list(self._done))
        self.running_ui.begin()
        self.result.value = ""
        self.job.start()
        if wait:
            self.job.wait()
        return self

    def stop(self) -> LiveStudy:
        """End the run now (Stop): the deals solved so far are reported."""
        if self.job is not None and self.running:
            self.stopped = True
            self.job.stop()
        return self

    def _tick(self, progress: Progress) -> None:
        rows = list(self._done)
        tally = {v: sum(r["verdict"] == v for r in rows) for v in ("win", "loss", "unknown")}
        self.running_ui.line.value = (
            f"<span data-bd-running='1'><i>solving…</i> {len(rows)} of {len(self.seeds)} "
            f"deals in {progress.seconds:.0f} s: {tally['win']} won, {tally['loss']} lost, "
            f"{tally['unknown']} unknown</span>")

    def _failed(self, exc: BaseException) -> None:
        self.running_ui.end()
        if isinstance(exc, Exception):
            self.show_error(exc)

    def _finish(self, rows: list[dict[str, Any]]) -> None:
        self.running_ui.end()
        self.rows = sorted(rows, key=lambda row: row["seed"])
        self.summary = study.summarize(self.rows)
        self.result.value = self.report()

    def report(self) -> str:
        """What the run found, as the notebook's text explains it."""
        s = self.summary
        if s is None or not s.deals:
            return "<i>stopped before any deal was solved</i>"
        head = (f"stopped after {s.deals} of {len(self.seeds)} deals: " if self.stopped
                else "")
        decided = s.wins + s.losses
        left_low, left_high = study.wilson(s.wins, decided)
        both = [r for r in self.rows if r["verdict"] != "unknown" and r["seed"] in self.shipped]
        disagree = [r["seed"] for r in both if r["verdict"] != self.shipped[r["seed"]]["verdict"]]
        lines = [
            f"{head}{escape(str(s))}",
            f"{s.unknown} unknown of {s.deals}; win rate among decided deals "
            f"{interval_text(s)}",
            f"if the unknown deals were simply left out, the interval would read "
            f"{pct(left_low)} – {pct(left_high)}",
        ]
        if self.shipped:
            lines.append(f"{len(both)} deals decided here and in the shipped study; "
                         f"disagreements: {', '.join(map(str, disagree)) or 'none'}")
        items = "".join(f"<li>{line}</li>" for line in lines)
        return (f"<ul class='bd-study-report' data-deals='{s.deals}' "
                f"data-unknown='{s.unknown}'>{items}</ul>")


class PlayerComparison(TeachingWidget):
    """What each player, and the solver, would play at every position of ``table``'s game.

    :meth:`compare` works out the table's game now (the notebook calls it once, on a short
    game); the button does the same on a thread of its own, with progress and Stop, for
    the game a learner has played since.
    """

    def __init__(self, table: Any, solver_seconds: float = 2.0):
        super().__init__("bd-advice", prefix="bd-advice")
        self.table = table
        self.solver_seconds = solver_seconds
        self.rows: list[dict[str, str]] = []
        self.stopped = False
        self.job: Background[list[dict[str, str]]] | None = None
        self._done: list[dict[str, str]] = []
        self.running_ui = _Running(
            self, "bd-advice", "Compare the game on the table",
            "for every position of the game above: what each player and the solver would "
            "play")
        self.result = add_classes(widgets.HTML(), "bd-advice-table")
        self.children = [self.running_ui.row, self.result, self.message]

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def _game(self) -> tuple[Any, list[Any]]:
        """The table's game: where it started (a seed, a typed deal or a board, with its
        variants) and the moves played since."""
        state = self.table.state
        return state.game.from_start_record(state.start_record()), list(state.history)

    def compare(self) -> PlayerComparison:
        """Work out the comparison now, on this thread (a short game: a few seconds)."""
        start, moves = self._game()
        self.stopped = False
        self._show(list(policies.advice_rows(start, moves,
                                             solver_seconds=self.solver_seconds)))
        return self

    def start(self, wait: bool = False) -> PlayerComparison:
        """The button: the comparison on a thread of its own, with progress and Stop."""
        if self.running:
            raise RuntimeError("the comparison is running: wait for it, or press Stop")
        start, moves = self._game()
        self._done = []
        self.stopped = False
        total = len(moves) + 1

        def work(progress: Progress) -> list[dict[str, str]]:
            serial = self.running_ui.serial()
            for row in policies.advice_rows(start, moves, solver_seconds=self.solver_seconds):
                self._done.append(row)
                if serial:  # no ticker beside us: redraw here, after each position
                    tick(progress)
                if progress.stopped is not None:
                    break
            return list(self._done)

        def tick(progress: Progress) -> None:
            self.running_ui.line.value = (
                f"<span data-bd-running='1'><i>comparing…</i> position "
                f"{min(len(self._done) + 1, total)} of {total}, {progress.seconds:.0f} s"
                "</span>")

        self.job = Background(work, progress=Progress(), tick=tick, done=self._show,
                              failed=self._failed, abandoned=lambda _p: list(self._done))
        self.running_ui.begin()
        self.job.start()
        if wait:
            self.job.wait()
        return self

    def stop(self) -> PlayerComparison:
        """End the comparison now (Stop): the positions done so far are shown."""
        if self.job is not None and self.running:
            self.stopped = True
            self.job.stop()
        return self

    def _failed(self, exc: BaseException) -> None:
        self.running_ui.end()
        if isinstance(exc, Exception):
            self.show_error(exc)

    def _show(self, rows: list[dict[str, str]]) -> None:
        self.running_ui.end()
        self.rows = rows
        if not rows:
            self.result.value = "<i>nothing to compare yet</i>"
            return
        head = "".join(f"<th>{escape(k)}</th>" for k in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row.values())
                       + "</tr>" for row in rows)
        stopped = ("<p><i>stopped: the positions compared so far</i></p>" if self.stopped
                   else "")
        self.result.value = (f"{stopped}<table data-positions='{len(rows)}'><tr>{head}</tr>"
                             f"{body}</table><small>compared {time.strftime('%H:%M:%S')}"
                             "</small>")


__all__ = ["LiveStudy", "PlayerComparison"]
