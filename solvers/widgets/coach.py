"""The coach at a Black Diamond table: after each legal move, can the game still be won
(the exact search, seeing both decks), and which move the best player who cannot see the
decks would choose; at the game's end, the move that turned a winnable game into a lost one.

Black Diamond is a solitaire with hidden deck orders, so the card games' coach (a Monte
Carlo bot's estimates, :mod:`cardlib.widgets.coach`) has a sharper counterpart here:

* **Winnable after each move.**  Each legal move is played and the position after it is
  solved (:func:`solvers.search.solve`, which sees both deck orders, as the notebook
  says).  Most positions are decided in milliseconds; each solve has ``solve_seconds`` of
  CPU and the whole answer :data:`cardlib.coach.BUDGET` seconds, and a move not decided in
  them says so ("undecided"), never a guess.
* **The blind player's choice.**  :class:`solvers.policies.SamplingPlayer`, the strongest
  player who does not see the decks, chooses from what the player has seen (a
  :class:`~solvers.policies.Sight` rebuilt from the table's views), drawn from a seed of
  the step, so the same game gives the same choice.
* **The review.**  Along one game, winnability only goes one way: a position after a
  winnable one may be lost, never the reverse.  So the move that lost the game is found
  by halving the line (a few solves, not one per move), and is listed with a move that
  would have kept the game winnable; clicking it steps the table back there.

It lives in ``solvers`` because it runs the solver; the table only knows it as a panel
with ``widget``, ``reset``, ``refresh``, ``record`` and ``restore`` (see
:meth:`cardlib.widgets.table.GameTable.use_coach`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlib.blackdiamond import BlackDiamondState, Move, move_from_json
from cardlib.bots import game_digest
from cardlib.coach import BUDGET
from cardlib.widgets.coach import CoachWidgets
from solvers.policies import SamplingPlayer, Sight
from solvers.search import solve

if TYPE_CHECKING:
    from cardlib.widgets.table import GameTable

SOLVE_SECONDS = 0.5
"""CPU seconds the search may take on one position before it is called undecided."""

WORDS = {"win": "still winnable", "loss": "lost", "unknown": "undecided"}


@dataclass(frozen=True)
class MoveVerdict:
    """Whether the position after ``move`` can still be won: ``win``, ``loss`` or
    ``unknown`` (not decided within the time given, or not reached within the budget)."""

    move: Move
    verdict: str


@dataclass(frozen=True)
class BlackDiamondAdvice:
    """The coach's answer at one position."""

    moves: tuple[MoveVerdict, ...]
    blind_choice: Move
    seconds: float

    @property
    def complete(self) -> bool:
        return all(m.verdict != "unknown" for m in self.moves)


@dataclass(frozen=True)
class TurningPoint:
    """The move played at table step ``step`` took a winnable position to a lost one;
    ``keeps`` is a move that would have kept it winnable (the first of a winning line)."""

    step: int
    played: Move
    keeps: Move | None

    def record(self) -> dict[str, Any]:
        return {"step": self.step, "played": str(self.played),
                "keeps": None if self.keeps is None else str(self.keeps)}


class Verdicts:
    """Whether positions can still be won, each solved once (kept by position)."""

    def __init__(self, seconds: float = SOLVE_SECONDS):
        self.seconds = seconds
        self._kept: dict[bytes, tuple[str, Move | None]] = {}

    def of(self, state: BlackDiamondState, seconds: float | None = None
           ) -> tuple[str, Move | None]:
        """``(verdict, a move that keeps it winnable)`` for ``state``."""
        if state.is_over:
            return (state.outcome or "loss"), None
        key = game_digest(state)
        if key not in self._kept or self._kept[key][0] == "unknown":
            limit = self.seconds if seconds is None else min(self.seconds, seconds)
            result = solve(state, time_limit=max(limit, 0.01))
            first = move_from_json(result.moves[0]) if result.verdict == "win" else None
            self._kept[key] = (result.verdict, first)
        return self._kept[key]


def sight_at(positions: Sequence[BlackDiamondState], step: int) -> Sight:
    """What the player has seen by table step ``step`` (from the views alone)."""
    sight = Sight.start(positions[0].view(), positions[0].options)
    for index in range(step):
        sight = sight.after(positions[index + 1].history[-1], positions[index + 1].view())
    return sight


def blind_choice(positions: Sequence[BlackDiamondState], step: int) -> Move:
    """The move the sampling player, who cannot see the decks, makes at ``step``; seeded
    by the step as :func:`solvers.policies.advice` seeds it."""
    state = positions[step]
    return SamplingPlayer().choose(sight_at(positions, step), state.legal_moves(),
                                   random.Random(f"sampling:{step + 1}"))


def advise(positions: Sequence[BlackDiamondState], step: int, verdicts: Verdicts, *,
           budget: float = BUDGET, progress: Callable[[int, int], Any] | None = None
           ) -> BlackDiamondAdvice:
    """Each legal move's verdict at table step ``step`` and the blind player's choice,
    within ``budget`` seconds (moves past it stay ``unknown``)."""
    began = time.perf_counter()
    state = positions[step]
    legal = state.legal_moves()
    choice = blind_choice(positions, step)  # quick (milliseconds to a few tenths)
    found = []
    for done, move in enumerate(legal):
        if progress is not None:
            progress(done, len(legal))
        left = budget - (time.perf_counter() - began)
        verdict = verdicts.of(state.apply(move), left)[0] if left > 0 else "unknown"
        found.append(MoveVerdict(move, verdict))
    return BlackDiamondAdvice(tuple(found), choice, time.perf_counter() - began)


def turning_point(positions: Sequence[BlackDiamondState], verdicts: Verdicts
                  ) -> TurningPoint | str | None:
    """The move that lost a winnable game (see the module docstring), None when there is
    none (the deal won, or lost from the start), or a sentence saying why it is undecided."""
    last = len(positions) - 1
    end, _ = verdicts.of(positions[last])
    if end == "win":
        return None
    start, _ = verdicts.of(positions[0])
    if start == "loss":
        return None
    if "unknown" in (start, end):
        return "the solver could not decide the start or the end of the game in time"
    low, high = 0, last  # winnable at low, lost at high
    while high - low > 1:
        middle = (low + high) // 2
        verdict, _ = verdicts.of(positions[middle])
        if verdict == "unknown":
            return (f"the solver could not decide the position after move {middle} in time")
        low, high = (middle, high) if verdict == "win" else (low, middle)
    keeps = verdicts.of(positions[low])[1]
    return TurningPoint(low, positions[high].history[-1], keeps)


class BlackDiamondCoach(CoachWidgets):
    """The coach panel of a Black Diamond table (see the module docstring)."""

    def __init__(self, table: GameTable, *, budget: float = BUDGET,
                 solve_seconds: float = SOLVE_SECONDS):
        if getattr(table.game, "name", None) != "black-diamond":
            raise ValueError(f"this coach is for Black Diamond, not {table.game!r}")
        self.table, self.budget = table, budget
        self.verdicts = Verdicts(solve_seconds)
        self._build_widgets("bd-coach")
        self.advice: BlackDiamondAdvice | None = None
        self.found: TurningPoint | str | None = None
        self._reviewed: str | None = None

    def reset(self) -> None:
        self.advice, self.found, self._reviewed = None, None, None

    def refresh(self) -> None:
        table = self.table
        positions, step = table.positions, table.step
        state = positions[step]
        if state.is_over:
            self.chart.value = ""
            self.advice = None
            self.show_review()
            return
        self.review_title.value = ""
        self.review_box.children = ()
        self.advice = advise(positions, step, self.verdicts, budget=self.budget,
                             progress=self._progress)
        self.progress.value = f"<small>Coach: answered in {self.advice.seconds:.2f} s.</small>"
        played = positions[step + 1].history[-1] if step + 1 < len(positions) else None
        self.chart.value = self._advice_html(self.advice, played)

    def record(self) -> dict[str, Any]:
        found = self.found
        return {"game": self._reviewed,
                "turning_point": found.record() if isinstance(found, TurningPoint) else found}

    def restore(self, data: Any) -> None:
        data = data or {}
        kept = data.get("turning_point")
        if isinstance(kept, dict):
            try:
                parse = self.table.game.parse_move
                kept = TurningPoint(int(kept["step"]), parse(kept["played"]),
                                    None if kept["keeps"] is None else parse(kept["keeps"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"a saved review the coach did not write: {exc}") from None
        self.found, self._reviewed = kept, data.get("game")

    # --- the review ---------------------------------------------------------------------
    def review(self) -> TurningPoint | str | None:
        """The move that lost the game on the table (computed once per game)."""
        positions = self.table.positions
        key = game_digest(positions[-1]).hex()
        if self._reviewed != key:
            self.progress.value = ("<span class='cardlib-coach-thinking'>Reviewing the game: "
                                   "where did it stop being winnable?…</span>")
            self.found = turning_point(positions, self.verdicts)
            self._reviewed = key
            self.progress.value = ""
        return self.found

    def show_review(self) -> None:
        found = self.review()
        table = self.table
        self.review_box.children = ()
        if found is None:
            won = table.positions[-1].outcome == "win"
            self.review_title.value = (
                "<b>Review:</b> " + ("won: no move lost the game." if won else
                                     "no move lost it: this deal could not be won from the "
                                     "start, even seeing both decks."))
            return
        if isinstance(found, str):
            self.review_title.value = f"<b>Review:</b> undecided: {escape(found)}."
            return
        self.review_title.value = ("<b>Review:</b> the move that turned a winnable game into "
                                   "a lost one; click it to step back there.")
        keeps = ("" if found.keeps is None
                 else f"; {table.label(found.keeps)} would have kept it winnable")
        button = widgets.Button(
            description=f"move {found.step + 1}: {table.label(found.played)} lost the game"
                        f"{keeps}", layout=widgets.Layout(width="auto"))
        button.add_class("cardlib-review-entry")
        button.add_class("bd-turning-point")
        button.on_click(lambda _b: self.table.show_step(found.step))
        self.review_box.children = (button,)

    # --- drawing ------------------------------------------------------------------------
    def _progress(self, done: int, total: int) -> None:
        self.progress.value = (f"<span class='cardlib-coach-thinking'>The coach is solving… "
                               f"{done} of {total} moves</span>")

    def _advice_html(self, advice: BlackDiamondAdvice, played: Move | None) -> str:
        label = self.table.label
        rows = []
        for item in advice.moves:
            chosen = item.move == advice.blind_choice
            marks = (" ★ the blind player's choice" if chosen else "") + (
                " ▶ played" if played is not None and item.move == played else "")
            colour = {"win": "#1b8a3a", "loss": "#c8102e"}.get(item.verdict, "#a15c00")
            sign = {"win": "✓", "loss": "✗"}.get(item.verdict, "?")
            rows.append(
                f"<tr class='bd-coach-move' data-move='{escape(str(item.move))}' "
                f"data-verdict='{item.verdict}' data-choice='{str(chosen).lower()}'>"
                f"<td>{'<b>' if chosen else ''}{escape(label(item.move))}"
                f"{'</b>' if chosen else ''}</td>"
                f"<td style='color:{colour}'>{sign} {WORDS[item.verdict]}</td>"
                f"<td><small>{escape(marks)}</small></td></tr>")
        winners = sum(m.verdict == "win" for m in advice.moves)
        head = (f"After each move, seeing both decks: {winners} of {len(advice.moves)} keep "
                "the game winnable. The best player who cannot see the decks (sampling deck "
                f"orders) would play <b>{escape(label(advice.blind_choice))}</b>.")
        return (f"<div class='cardlib-coach-head'>{head}</div>"
                f"<table class='bd-coach-table'>{''.join(rows)}</table>")


def add_coach(table: GameTable, **settings: Any) -> None:
    """Give a Black Diamond ``table`` this coach behind its **Coach** switch."""
    if getattr(table.game, "name", None) != "black-diamond":
        raise ValueError(f"this coach is for Black Diamond, not {table.game!r}")
    table.use_coach(lambda t: BlackDiamondCoach(t, **settings))


__all__ = ["BlackDiamondAdvice", "BlackDiamondCoach", "MoveVerdict", "TurningPoint",
           "Verdicts", "add_coach", "advise", "blind_choice", "turning_point"]
