"""A game table for any registered game: the human seat's view, its moves, bots for the rest.

Everything goes through the Game protocol, so the same widget serves all five games:

* the board is ``display.html(state.view(seat))`` (each game registers its picture);
* the move buttons come from ``state.candidate_moves()`` (every card in the hand, say, or
  the legal moves); clicking a move the rules
  refuse shows ``state.explain(move)`` instead of a traceback, and leaves the game as it was;
* bots play every other seat until it is the human's turn again;
* "New deal" starts over from the seed box, "Undo" goes back to the human's previous
  decision, and the replay buttons step through the game so far without changing it.

Any exception raised inside a callback is shown in the widget's message line, because
a widget callback's traceback would otherwise vanish into the browser console.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import display
from cardlib.bots import Bot, RandomBot
from cardlib.protocol import Game, GameState, IllegalMove

Tool = Callable[["GameTable"], str | None]


def shown_in_widget(method: Callable[..., Any]) -> Callable[..., Any]:
    """Report any exception from a callback in the message line, not as a lost traceback."""

    @functools.wraps(method)
    def wrapper(self: GameTable, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - shown to the user, who can act on it
            self.last_error = exc
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self._say(
                f"<b>Error</b> {escape(type(exc).__name__)}: {escape(str(exc))} "
                f"<small>({escape(where.filename.rsplit('/', 1)[-1])}:{where.lineno})</small>",
                kind="error",
            )
            return None

    return wrapper


class GameTable(widgets.VBox):
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
        self.game = game
        self.seat = seat
        self.options = dict(options or {})
        first = state if state is not None else game.new(seed=seed, **self.options)
        self.bots: dict[int, Bot] = dict(bots) if bots is not None else {
            s: RandomBot(f"{seed}:{s}") for s in range(first.players) if s != seat
        }
        self.last_error: Exception | None = None
        self.message_kind = "info"
        self._board_seat = seat if board_seat is None else board_seat

        self.board = widgets.HTML(layout=widgets.Layout(min_height="120px"))
        self.board.add_class("cardlib-board")
        self.moves = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.moves.add_class("cardlib-moves")
        self.message = widgets.HTML()
        self.message.add_class("cardlib-message")
        self.status = widgets.HTML()
        self.status.add_class("cardlib-status")

        self.seed_box = widgets.IntText(value=seed, description="Seed", layout={"width": "160px"})
        self.new_button = self._button("New deal", self._on_new, "cardlib-new")
        self.undo_button = self._button("Undo", self._on_undo, "cardlib-undo")
        step = self.show_step
        self.first_button = self._button("« first", lambda _: step(0), "cardlib-first")
        self.back_button = self._button("‹ back", lambda _: step(self.step - 1), "cardlib-back")
        self.next_button = self._button("next ›", lambda _: step(self.step + 1), "cardlib-next")
        self.last_button = self._button("last »", lambda _: step(None), "cardlib-last")
        self.step_label = widgets.Label()
        self.step_label.add_class("cardlib-step")
        self.tools = widgets.HBox()

        controls = widgets.HBox([self.seed_box, self.new_button, self.undo_button])
        replay = widgets.HBox([self.first_button, self.back_button, self.step_label,
                               self.next_button, self.last_button])
        super().__init__([self.status, self.board, self.moves, self.message, self.tools,
                          controls, replay])
        self.add_class("cardlib-table")

        self._history: list[GameState] = []
        self.step: int = 0
        self.start(first)

    # --- public API (used by notebooks and tests) -------------------------------------
    @property
    def state(self) -> GameState:
        """The live game state (the last one, whatever step the replay shows)."""
        return self._history[-1]

    def start(self, state: GameState) -> None:
        """Play from ``state``: bots move until it is the human's turn."""
        self._history = [state]
        self._run_bots()
        self.show_step(None)
        self._say("")

    def try_move(self, move: Any) -> bool:
        """Play ``move`` for the human seat; on refusal show why and keep the state."""
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(move)
        try:
            new = state.apply(move)
        except IllegalMove as exc:
            self._say(f"<b>Not allowed</b> — {escape(exc.text)} "
                      f"<code>[{escape(exc.rule)}]</code>", kind="illegal")
            return False
        self._history.append(new)
        answers = self._run_bots()
        self.show_step(None)
        why = state.explain(move)
        then = f"<br><small>Then {escape(', '.join(answers))}.</small>" if answers else ""
        self._say(f"Played <b>{escape(self._label(move))}</b>. "
                  f"<small>{escape(why.text)} <code>[{escape(why.rule)}]</code></small>{then}")
        return True

    def click(self, text: str) -> None:
        """Press the move button whose label or move text is ``text`` (for tests)."""
        for button in self.moves.children:
            if text in (button.description, getattr(button, "move_text", None)):
                button.click()
                return
        labels = [b.description for b in self.moves.children]
        raise LookupError(f"no move button {text!r}; buttons: {labels}")

    def add_tool(self, label: str, tool: Tool, css: str | None = None) -> widgets.Button:
        """A button that runs ``tool(table)`` and shows the HTML it returns (hint, solve…)."""

        @shown_in_widget
        def run(table: GameTable, _button: Any) -> None:
            table._say("<i>working…</i>")
            result = tool(table)
            if result is not None:
                table._say(result)

        button = widgets.Button(description=label)
        button.add_class(css or "cardlib-tool")
        button.on_click(functools.partial(run, self))
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

    def _run_bots(self) -> list[str]:
        """Let the bots move until the human seat is to move or the game is over.

        Returns what they did, as text, so the learner can follow the play.
        """
        state, done = self.state, []
        while not state.is_over and state.to_move != self.seat:
            seat = state.to_move
            move = self.bots[seat].choose(state)
            state = state.apply(move)
            self._history.append(state)
            done.append(f"seat {seat}: {self._label(move)}")
        return done

    # --- callbacks --------------------------------------------------------------------
    @shown_in_widget
    def _on_new(self, _button: Any) -> None:
        seed = int(self.seed_box.value)
        self.bots = {s: type(b)(f"{seed}:{s}") if isinstance(b, RandomBot) else b
                     for s, b in self.bots.items()}
        self.start(self.game.new(seed=seed, **self.options))

    @shown_in_widget
    def _on_undo(self, _button: Any) -> None:
        # Go back to the last position before the human's latest move where it was the
        # human's turn: the bots' replies go with it.
        for index in range(len(self._history) - 2, -1, -1):
            if self._history[index].to_move == self.seat:
                self._history = self._history[: index + 1]
                self.show_step(None)
                self._say("Undone.")
                return
        self._say("Nothing to undo.")

    @shown_in_widget
    def _on_move(self, move: Any, _button: Any) -> None:
        self.try_move(move)

    # --- drawing ----------------------------------------------------------------------
    def _button(self, label: str, callback: Callable[[Any], None], css: str) -> widgets.Button:
        button = widgets.Button(description=label, layout={"width": "auto"})
        button.add_class(css)
        wrapped = shown_in_widget(lambda self_, b: callback(b))
        button.on_click(functools.partial(wrapped, self))
        return button

    def _label(self, move: Any) -> str:
        return self.game.move_label(move)

    def _show_moves(self, state: GameState | None) -> None:
        if state is None or state.is_over or state.to_move != self.seat:
            self.moves.children = ()
            return
        moves = state.candidate_moves()
        legal = set(state.legal_moves())
        buttons = []
        for move in moves:
            ok = move in legal
            button = widgets.Button(
                description=self._label(move),
                tooltip=("legal: " if ok else "try it: ") + str(move),
                button_style="success" if ok else "",
                layout={"width": "auto", "min_width": "48px"},
            )
            button.move_text = str(move)
            button.add_class("cardlib-move")
            button.add_class("cardlib-legal" if ok else "cardlib-illegal")
            button.on_click(functools.partial(self._on_move, move))
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

    def _say(self, html: str, kind: str = "info") -> None:
        self.message_kind = kind
        colour = {"error": "#b00020", "illegal": "#a15c00"}.get(kind, "#1b5e20")
        self.message.value = (
            f"<div class='cardlib-msg-{kind}' style='color:{colour};min-height:1.4em'>"
            f"{html}</div>"
        )
