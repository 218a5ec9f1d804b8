"""The game table's move buttons: one plain row, or rows by kind with two-step choices.

A hand of cards is one row of buttons, and that is what most games offer.  A turn of Diam's
can offer over a hundred moves (80 drills at five players, dozens of market visits), which
as one row buries the two moves a player usually makes under the blind guesses.  A game
that says where each move goes (:meth:`cardlib.protocol.Game.move_group`) gets one row per
kind, the common kinds first, and a long row that the game splits is reached in two steps:
first whose safe (or which card you go with), then which diamond.  Nothing here names a
game.

Each move button carries the CSS classes ``cardlib-move`` and ``cardlib-legal`` or
``cardlib-illegal``; a first-step button ``cardlib-move-step`` (never ``cardlib-legal``:
it plays nothing) and ``cardlib-step-legal`` when a legal move lies behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.protocol import GameState, MoveGroup
from cardlib.widgets.base import TeachingWidget, add_classes

TWO_STEP_OVER = 8
"""A row with more moves than this is reached in two steps where its game splits it; a
short row stays one step (three market visits need no menu)."""

_ROW = {"flex_flow": "row wrap", "align_items": "center", "width": "100%"}


class MoveButtons:
    """The buttons of one position in ``box`` (the table's ``moves``), built by ``owner``'s
    :meth:`~cardlib.widgets.base.TeachingWidget.button` so errors show in its message line;
    ``label(move)`` is a button's words, ``play(move)`` what a click does."""

    def __init__(self, owner: TeachingWidget, box: widgets.Box, label: Callable[[Any], str],
                 play: Callable[[Any], Any]):
        self.owner, self.box, self.label, self.play = owner, box, label, play
        self.buttons: list[widgets.Button] = []
        """The move buttons shown now (behind an unopened first step: not shown)."""
        self.steps: list[widgets.Button] = []
        """The first-step buttons shown now; each has ``step_moves``, the texts behind it."""
        self._state: GameState | None = None
        self._names: Sequence[str] = ()
        self._opened: tuple[str, str] | None = None

    def clear(self) -> None:
        """No moves to offer (a bot's turn, a replay, a hand not shown)."""
        self._state, self._opened = None, None
        self.buttons, self.steps = [], []
        self.box.children = ()

    def show(self, state: GameState, names: Sequence[str]) -> None:
        """The moves ``state`` offers its seat to move (``names``: the seats' names, for a
        first step that is a seat).  A first step opened at this very state stays open."""
        if state is not self._state:
            self._opened = None
        self._state, self._names = state, names
        legal = set(state.legal_moves())
        candidates = state.candidate_moves()
        groups = [state.game.move_group(move) for move in candidates]
        self.steps = []
        if all(group is None for group in groups):
            self.buttons = [self._move_button(move, move in legal) for move in candidates]
            self.box.children = tuple(self.buttons)
            return
        rows: dict[str, list[tuple[Any, MoveGroup]]] = {}
        for move, group in zip(candidates, groups, strict=True):
            group = group or MoveGroup("")
            rows.setdefault(group.kind, []).append((move, group))
        order = sorted(rows, key=lambda kind: rows[kind][0][1].rank)  # stable: first seen
        self.buttons = []
        self.box.children = tuple(self._row(kind, rows[kind], legal) for kind in order)

    def open(self, kind: str, first: str | None) -> None:
        """Open the first step ``first`` of row ``kind`` (None: close it again)."""
        if self._state is None:
            raise ValueError("no moves are offered now")
        self._opened = None if first is None else (kind, first)
        self.show(self._state, self._names)

    def find(self, text: str) -> widgets.Button | None:
        """The move button whose label or move text is ``text``, opening the first step
        it lies behind if need be; None if the position offers no such move."""
        for button in self.buttons:
            if text in (button.description, button.move_text, button.full_label):
                return button
        for step in self.steps:
            if text in step.step_moves:
                step.click()
                return self.find(text)
        return None

    # --- drawing ------------------------------------------------------------------------
    def _row(self, kind: str, members: list[tuple[Any, MoveGroup]],
             legal: set[Any]) -> widgets.Box:
        heading = [add_classes(widgets.HTML(f"<b>{escape(kind)}</b>"), "cardlib-move-kind")] \
            if kind else []
        split = len(members) > TWO_STEP_OVER and any(
            group.first or group.seat is not None for _, group in members)
        if not split:
            shown = [self._move_button(move, move in legal) for move, _ in members]
            self.buttons += shown
            return add_classes(widgets.HBox([*heading, *shown], layout=_ROW),
                               "cardlib-move-row")
        choices: dict[str, list[tuple[Any, MoveGroup]]] = {}
        for move, group in members:
            choices.setdefault(self._first(group), []).append((move, group))
        if self._opened is not None and self._opened[0] == kind \
                and self._opened[1] in choices:
            first = self._opened[1]
            back = self.owner.button(f"‹ {first}", lambda: self.open(kind, None),
                                     "cardlib-move-back", layout={"width": "auto"},
                                     tooltip="back to every choice of this row")
            shown = [self._move_button(move, move in legal, group.label or None)
                     for move, group in choices[first]]
            self.buttons += shown
            row = [*heading, back, *shown]
        else:
            row = [*heading, *(self._step_button(kind, first, moves, legal)
                               for first, moves in choices.items())]
        return add_classes(widgets.HBox(row, layout=_ROW), "cardlib-move-row",
                           "cardlib-move-row-split")

    def _first(self, group: MoveGroup) -> str:
        if group.seat is not None and 0 <= group.seat < len(self._names):
            return self._names[group.seat]
        return group.first or "…"

    def _step_button(self, kind: str, first: str, moves: list[tuple[Any, MoveGroup]],
                     legal: set[Any]) -> widgets.Button:
        ok = any(move in legal for move, _ in moves)
        button = self.owner.button(
            f"{first} ▸", lambda: self.open(kind, first), "cardlib-move-step",
            "cardlib-step-legal" if ok else "cardlib-step-illegal",
            tooltip=f"{kind}: {first}, then choose among {len(moves)}",
            layout={"width": "auto", "min_width": "48px"})
        button.step_moves = {text for move, _ in moves
                             for text in (str(move), self.label(move))}
        self.steps.append(button)
        return button

    def _move_button(self, move: Any, ok: bool, label: str | None = None) -> widgets.Button:
        button = self.owner.button(
            label or self.label(move), lambda: self.play(move), "cardlib-move",
            "cardlib-legal" if ok else "cardlib-illegal",
            tooltip=("legal: " if ok else "try it: ") + str(move),
            button_style="success" if ok else "",
            layout={"width": "auto", "min_width": "48px"},
        )
        button.move_text, button.full_label = str(move), self.label(move)
        return button


__all__ = ["TWO_STEP_OVER", "MoveButtons"]
