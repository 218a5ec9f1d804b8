"""A game table for any registered game: the human seat's view, its moves, bots for the rest.

Everything goes through the Game protocol, so the same widget serves all five games:

* the board is ``display.html(state.view(seat))`` (each game registers its picture);
* the move buttons come from ``state.candidate_moves()`` (every card in the hand, say, or
  the legal moves); clicking a move the rules
  refuse shows ``state.explain(move)`` instead of a traceback, and leaves the game as it was;
* bots play every other seat until it is the human's turn again;
* "New deal" starts over from the seed box, "Undo" goes back to the human's previous
  decision, and the replay buttons step through the game so far without changing it.

Tools (a hint, a solver) are buttons added with :meth:`GameTable.add_tool`; they act on
the table only through its public methods (:meth:`~GameTable.play_moves`,
:meth:`~GameTable.mark_move`, :meth:`~GameTable.start`, :meth:`~GameTable.show_step`).
Errors inside callbacks are shown in the message line (see :mod:`cardlib.widgets.base`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import display
from cardlib.bots import Bot, RandomBot
from cardlib.protocol import Game, GameState, IllegalMove
from cardlib.widgets.base import TeachingWidget, add_classes
from cardlib.widgets.narration import Played, play_on, turn_of

Tool = Callable[["GameTable"], str | None]

_AUTO = {"width": "auto"}


class GameTable(TeachingWidget):
    """Play ``game`` from ``seat`` against bots.  See the module docstring.

    ``bots`` maps other seats to bots (default: seeded random bots).  ``options`` are
    passed to ``game.new``.  ``state`` starts from a given position instead of a new deal.
    """

    def __init__(
        self,
        game: Game,
        *,
        seed: int = 0,
        seat: int = 0,
        bots: Mapping[int, Bot] | None = None,
        options: Mapping[str, Any] | None = None,
        state: GameState | None = None,
        board_seat: int | None = None,
    ):
        super().__init__("cardlib-table")
        self.game = game
        self.seat = seat
        self.options = dict(options or {})
        first = state if state is not None else game.new(seed=seed, **self.options)
        self.bots: dict[int, Bot] = dict(bots) if bots is not None else {
            s: RandomBot(f"{seed}:{s}") for s in range(first.players) if s != seat
        }
        self._board_seat = seat if board_seat is None else board_seat

        self.board = add_classes(widgets.HTML(layout=widgets.Layout(min_height="120px")),
                                 "cardlib-board")
        self.moves = add_classes(widgets.Box(layout=widgets.Layout(flex_flow="row wrap")),
                                 "cardlib-moves")
        self.status = add_classes(widgets.HTML(), "cardlib-status")

        self.seed_box = widgets.IntText(value=seed, description="Seed", layout={"width": "160px"})
        self.new_button = self.button("New deal", self._on_new, "cardlib-new", layout=_AUTO)
        self.undo_button = self.button("Undo", self._on_undo, "cardlib-undo", layout=_AUTO)
        step = self.show_step
        self.first_button = self.button("« first", lambda: step(0), "cardlib-first",
                                        layout=_AUTO)
        self.back_button = self.button("‹ back", lambda: step(self.step - 1), "cardlib-back",
                                       layout=_AUTO)
        self.next_button = self.button("next ›", lambda: step(self.step + 1), "cardlib-next",
                                       layout=_AUTO)
        self.last_button = self.button("last »", lambda: step(None), "cardlib-last",
                                       layout=_AUTO)
        self.step_label = add_classes(widgets.Label(), "cardlib-step")
        self.tools = widgets.HBox()

        controls = widgets.HBox([self.seed_box, self.new_button, self.undo_button])
        replay = widgets.HBox([self.first_button, self.back_button, self.step_label,
                               self.next_button, self.last_button])
        self.children = [self.status, self.board, self.moves, self.message, self.tools,
                         controls, replay]

        self._history: list[GameState] = []
        self.step: int = 0
        self.start(first)

    # --- public API (used by notebooks, tools and tests) -------------------------------
    @property
    def state(self) -> GameState:
        """The live game state (the last one, whatever step the replay shows)."""
        return self._history[-1]

    def start(self, state: GameState) -> None:
        """Play from ``state``: bots move until it is the human's turn."""
        answers = play_on(state, self.bots, turn_of(self.seat))
        self._history = [state, *(played.after for played in answers)]
        self.show_step(None)
        self.say("")

    def try_move(self, move: Any) -> bool:
        """Play ``move`` for the human seat; on refusal show why and keep the state."""
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(move)
        try:
            states, answers = self._answered(state, move)
        except IllegalMove as exc:
            self.say_refused(exc)
            return False
        self._history += states
        self.show_step(None)
        why = state.explain(move)
        told = ", ".join(f"seat {p.seat}: {self._label(p.move)}" for p in answers)
        then = f"<br><small>Then {escape(told)}.</small>" if answers else ""
        self.say(f"Played <b>{escape(self._label(move))}</b>. "
                 f"<small>{escape(why.text)} <code>[{escape(why.rule)}]</code></small>{then}")
        return True

    def play_moves(self, moves: Iterable[Any]) -> int:
        """Play a line of ``moves`` for the human seat, the bots answering in between, as
        clicks would; returns the replay step where the line starts.

        All or nothing: a move the rules refuse raises :class:`IllegalMove` and the table
        keeps its game.  (The hint and solution tools play the solver's line this way.)
        """
        state, states = self.state, []
        for move in moves:
            if isinstance(move, str):
                move = self.game.parse_move(move)
            more, _answers = self._answered(state, move)
            states += more
            state = states[-1]
        begin = len(self._history) - 1
        self._history += states
        self.show_step(None)
        return begin

    def mark_move(self, move: Any, css: str = "cardlib-marked") -> bool:
        """Point at ``move``'s button (CSS class ``css``, blue); False if it has none now."""
        for button in self.moves.children:
            if button.move_text == str(move):
                button.add_class(css)
                button.button_style = "info"
                return True
        return False

    def click(self, text: str) -> None:
        """Press the move button whose label or move text is ``text`` (for tests)."""
        for button in self.moves.children:
            if text in (button.description, button.move_text):
                button.click()
                return
        labels = [b.description for b in self.moves.children]
        raise LookupError(f"no move button {text!r}; buttons: {labels}")

    def add_tool(self, label: str, tool: Tool, css: str | None = None) -> widgets.Button:
        """A button that runs ``tool(table)`` and shows the HTML it returns (hint, solve…)."""

        def run() -> None:
            self.say("<i>working…</i>")
            result = tool(self)
            if result is not None:
                self.say(result)

        button = self.button(label, run, css or "cardlib-tool")
        self.tools.children = (*self.tools.children, button)
        return button

    def show_step(self, step: int | None) -> None:
        """Show the position after ``step`` moves (None: the live one).  Never changes it."""
        last = len(self._history) - 1
        self.step = last if step is None else max(0, min(step, last))
        shown = self._history[self.step]
        self.board.value = self._board_html(shown)
        self.step_label.value = f"move {self.step} of {last}"
        self.status.value = self._status_html(shown)
        self._show_moves(shown if self.step == last else None)
        self.undo_button.disabled = not any(
            s.to_move == self.seat for s in self._history[:-1]
        )

    def _answered(self, state: GameState, move: Any) -> tuple[list[GameState], list[Played]]:
        """The states after the human's ``move`` and the bots' answers, and the answers
        (nothing is stored: a refusal raises :class:`IllegalMove`)."""
        new = state.apply(move)
        answers = play_on(new, self.bots, turn_of(self.seat))
        return [new, *(played.after for played in answers)], answers

    # --- callbacks --------------------------------------------------------------------
    def _on_new(self) -> None:
        seed = int(self.seed_box.value)
        self.bots = {s: type(b)(f"{seed}:{s}") if isinstance(b, RandomBot) else b
                     for s, b in self.bots.items()}
        self.start(self.game.new(seed=seed, **self.options))

    def _on_undo(self) -> None:
        # Go back to the last position before the human's latest move where it was the
        # human's turn: the bots' replies go with it.
        for index in range(len(self._history) - 2, -1, -1):
            if self._history[index].to_move == self.seat:
                self._history = self._history[: index + 1]
                self.show_step(None)
                self.say("Undone.")
                return
        self.say("Nothing to undo.")

    # --- drawing ----------------------------------------------------------------------
    def _label(self, move: Any) -> str:
        return self.game.move_label(move)

    def _show_moves(self, state: GameState | None) -> None:
        if state is None or state.is_over or state.to_move != self.seat:
            self.moves.children = ()
            return
        legal = set(state.legal_moves())
        buttons = []
        for move in state.candidate_moves():
            ok = move in legal
            button = self.button(
                self._label(move), lambda move=move: self.try_move(move), "cardlib-move",
                "cardlib-legal" if ok else "cardlib-illegal",
                tooltip=("legal: " if ok else "try it: ") + str(move),
                button_style="success" if ok else "",
                layout={"width": "auto", "min_width": "48px"},
            )
            button.move_text = str(move)
            buttons.append(button)
        self.moves.children = tuple(buttons)

    def _board_html(self, state: GameState) -> str:
        view = state.view(self._board_seat) if not state.is_over else state
        html = display.html(view)
        if html is None:
            html = f"<pre>{escape(repr(view))}</pre>"
        return f"<div data-cardlib-moves='{len(state.history)}'>{html}</div>"

    def _status_html(self, state: GameState) -> str:
        if state.is_over:
            scores = ", ".join(f"{s:g}" for s in state.scores())
            return f"<b>{escape(self.game.title)}</b> — game over. Scores: {scores}"
        whose = "your turn" if state.to_move == self.seat else f"seat {state.to_move} to move"
        return f"<b>{escape(self.game.title)}</b> — {whose}"
