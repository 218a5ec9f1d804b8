"""A game table for any registered game: the human seat's view, its moves, bots for the rest.

Everything goes through the Game protocol, so the same widget serves all five games:

* the board is ``display.html(state.view(seat))`` (each game registers its picture);
* the move buttons come from ``state.candidate_moves()`` (every card in the hand, say, or
  the legal moves); clicking a move the rules
  refuse shows ``state.explain(move)`` instead of a traceback, and leaves the game as it was.
  A game that can offer a hundred moves says where each goes (``game.move_group``): rows
  by kind, the common ones first, a long row in two steps (:mod:`~cardlib.widgets.move_buttons`);
* bots play every other seat until it is the human's turn again, or until a hand ends:
  then the table shows the hand's tally (``state.tallies()``) and waits for "Next hand";
  at the game's end it names the winners and why (``state.verdict()``), so the table
  re-implements no scoring rule and no tie-break;
* the setup panel (:mod:`~cardlib.widgets.setup`) chooses the next game from the game's
  own declarations: the player count, every option with its doc, the human seats, the
  bots (strongest first) and the seed; "New game" deals it (the same seed gives the same
  deal and the same bots' answers on every machine, so a whole class can play one deal);
  "Undo" goes back to the human's previous decision, and the replay buttons step through
  the game so far without changing it.

For a lesson the table carries presenter controls (drawn by :mod:`cardlib.widgets.presenter`):

* "Large display" makes the board as large as the screen leaves room for, with the moves
  still on the first screen, and the text big, for a projector;
* "Reveal all hands" shows the whole state (``display.html(state)``: every hand face up)
  instead of one seat's view, to explain a trick after it is played;
* the rule panel keeps the rule id and sentence behind the move into the position shown
  and behind the last refusal;
* hot seat: any set of seats can be human (``humans=``, or the panel's seat buttons), bots playing
  the rest.  With two or more human seats the hand of the seat to move stays hidden (a
  curtain on the board, no move buttons) until "Show my hand", and is hidden again when
  the turn passes to another seat.

Tools (a hint, a solver) are buttons added with :meth:`GameTable.add_tool`; they act on
the table only through its public methods (:meth:`~GameTable.play_moves`,
:meth:`~GameTable.mark_move`, :meth:`~GameTable.start`, :meth:`~GameTable.show_step`).
Errors inside callbacks are shown in the message line (see :mod:`cardlib.widgets.base`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from cardlib import display, games
from cardlib.bots import Bot, RandomBot, reseeded
from cardlib.protocol import Explanation, Game, GameState, IllegalMove, names_joined
from cardlib.render.tally import tally_html, verdict_html
from cardlib.widgets.base import TeachingWidget, add_classes
from cardlib.widgets.coach import CoachPanel
from cardlib.widgets.move_buttons import MoveButtons
from cardlib.widgets.narration import Played, play_on, seat_words, seen_text, told
from cardlib.widgets.presenter import LARGE, RulePanel, curtain_html, style_widget
from cardlib.widgets.setup import GIVEN, SetupPanel

Tool = Callable[["GameTable"], str | None]

_AUTO = {"width": "auto"}


class GameTable(TeachingWidget):
    """Play ``game`` from ``seat`` against bots.  See the module docstring.

    ``bots`` maps other seats to bots (default: seeded random bots); when they are all of
    one kind the game lists (:func:`cardlib.games.bots`), the seats not given get that kind
    too, and the setup panel shows it.  ``options`` are passed to ``game.new``.  ``state``
    starts from a given position instead of a new deal.
    ``humans`` are the seats people play (default: ``seat`` alone; two or more is hot-seat
    play); ``seat`` defaults to the lowest of them.  ``board_seat`` draws the board from
    another seat's view while one seat is human.
    """

    def __init__(
        self,
        game: Game,
        *,
        seed: int = 0,
        seat: int | None = None,
        bots: Mapping[int, Bot] | None = None,
        options: Mapping[str, Any] | None = None,
        state: GameState | None = None,
        board_seat: int | None = None,
        humans: Iterable[int] | None = None,
        coach: bool = False,
    ):
        super().__init__("cardlib-table", f"cardlib-table-{game.name}")
        self.game = game
        self.options = dict(options or {})
        first = state if state is not None else game.new(seed=seed, **self.options)
        self.players = first.players
        self._seed: int | str = seed
        if humans is None:
            humans = {0 if seat is None else seat}
        self.humans = self._checked_humans(humans)
        self.seat = min(self.humans) if seat is None else seat
        if self.seat not in self.humans:
            raise ValueError(f"seat {self.seat} is not among the human seats "
                             f"{sorted(self.humans)}")
        # a bot for every seat, human ones too, so a seat the presenter hands over has one;
        # of the kind the table was handed (listed by the game), so the setup panel shows it
        self._bot_kind = self._kind_of(bots or {})
        make = self._maker(self._bot_kind)
        self._bench: dict[int, Bot] = {s: make(f"{seed}:{s}") for s in range(self.players)}
        self._bench.update(bots or {})
        self.bots: dict[int, Bot] = {}
        self._board_seat = board_seat
        self._shown: int | None = None
        """In hot-seat play, the seat whose hand is up (None: hidden)."""
        self.reveal = False

        self.board = add_classes(widgets.HTML(layout=widgets.Layout(min_height="120px")),
                                 "cardlib-board")
        self.moves = add_classes(widgets.Box(layout=widgets.Layout(flex_flow="row wrap")),
                                 "cardlib-moves")
        self._move_buttons = MoveButtons(self, self.moves, self._label, self.try_move)
        self.status = add_classes(widgets.HTML(), "cardlib-status")
        self.rules_panel = RulePanel(game)
        self.hand_button = self.button("Show my hand", self.show_hand, "cardlib-show-hand",
                                       layout={"width": "auto", "display": "none"},
                                       button_style="warning")
        self.tally = add_classes(widgets.HTML(), "cardlib-tally")
        self.next_hand_button = self.button(
            "Next hand", self.next_hand, "cardlib-next-hand",
            layout={"width": "auto", "display": "none"}, button_style="primary",
            tooltip="the hand is over: go on to the next one once the class has read the tally")
        self._paused = False
        """At the end of a hand, waiting for "Next hand" (see :meth:`next_hand`)."""
        self._telling: tuple[str, Played | None, tuple[Played, ...]] | None = None
        """The moves the message line tells (see :meth:`_tell`), and the HTML it said."""
        self._told_html = ""
        self._refused: tuple[int | None, Any, IllegalMove] | None = None
        """The last refusal: the seat that tried, its move and the rules' answer."""

        self.setup = SetupPanel(
            self, game, first.options, seed=seed, humans=self.humans, kinds=games.bots(game),
            bot=self._bot_kind, given=", ".join(sorted({getattr(b, "name", type(b).__name__)
                                                        for b in (bots or {}).values()})),
            seat_names=game.seat_names, on_seat=self._on_seat_toggle, on_new=self._on_new)
        self.seed_box, self.new_button = self.setup.seed, self.setup.new_button
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

        self.large_toggle = self._toggle(
            "Large display", self.set_large, "cardlib-large-toggle",
            tooltip="cards and text big enough for the back of the room")
        self.reveal_toggle = self._toggle(
            "Reveal all hands", self.set_reveal, "cardlib-reveal-toggle",
            tooltip="every hand face up, to explain a trick after it is played")
        presenter = [self.large_toggle]
        if self.players > 1:  # one seat: nothing hidden to reveal
            presenter.append(self.reveal_toggle)
        self.coach_toggle = self._toggle(
            "Coach", self.set_coach, "cardlib-coach-toggle",
            tooltip="what the strongest bot thinks of each move, and a review after each hand")
        self.coach_panel: Any = None
        """The coach drawn under the hand (:mod:`cardlib.widgets.coach`), once turned on."""
        self._coach_factory: Callable[[GameTable], Any] | None = (
            CoachPanel if CoachPanel.available(game) else None)
        if self._coach_factory is not None:  # else nothing to coach with, until a tool
            presenter.append(self.coach_toggle)  # brings a coach (use_coach)
        self.coach_area = add_classes(widgets.VBox(layout=widgets.Layout(display="none")),
                                      "cardlib-coach-area")

        controls = self.setup
        replay = widgets.HBox([self.undo_button, self.first_button, self.back_button,
                               self.step_label, self.next_button, self.last_button])
        # a hand's tally and "Next hand" above the board: with the large display's board
        # as tall as the screen allows, they stay on the first screen
        self.children = [style_widget(), self.status, self.tally, self.next_hand_button,
                         self.board, self.hand_button, self.moves, self.coach_area,
                         self.message,
                         self.rules_panel, self.tools, replay, controls,
                         add_classes(widgets.HBox(presenter), "cardlib-presenter")]
        self._presenter = self.children[-1]

        self._history: list[GameState] = []
        self._new_game_listeners: list[Callable[[GameTable], Any]] = []
        self.step: int = 0
        self._seat_bots()
        self.start(first)
        if coach:
            self.set_coach(True)

    # --- public API (used by notebooks, tools and tests) -------------------------------
    @property
    def state(self) -> GameState:
        """The live game state (the last one, whatever step the replay shows)."""
        return self._history[-1]

    @property
    def positions(self) -> list[GameState]:
        """Every position of the game so far, one per replay step (step 0: the deal)."""
        return list(self._history)

    @property
    def seed(self) -> int | str:
        """The seed of the game on the table (its bots and coach draw from it)."""
        return self._history[0].start_record().get("seed", self._seed)

    @property
    def seat_names(self) -> list[str]:
        """Every seat's name as the board says it."""
        return self._names()

    def label(self, move: Any) -> str:
        """``move`` as its button reads ("Q♠")."""
        return self._label(move)

    def may_see(self, seat: int | None) -> bool:
        """Whether the hand of ``seat`` may be shown now (hot seat: only its owner's)."""
        return self._may_see(seat)

    @property
    def coach_on(self) -> bool:
        return self.coach_toggle.value and self.coach_panel is not None

    def set_coach(self, on: bool) -> None:
        """The coach on or off: under the hand, the strongest bot's estimate for each move
        of the person to move, and a review of their moves when a hand ends."""
        if on and self._coach_factory is None:
            self._set_quietly(self.coach_toggle, False)
            raise ValueError(f"{self.game.title} has no coach: its strongest bot shows no "
                             "estimates")
        self._set_quietly(self.coach_toggle, bool(on))
        if on and self.coach_panel is None:
            self.coach_panel = self._coach_factory(self)
            self.coach_area.children = (self.coach_panel.widget,)
        self.coach_area.layout.display = None if on else "none"
        if on:
            self._refresh_coach()

    def _refresh_coach(self) -> None:
        """Let the coach draw the position shown; a coach that fails says so under the
        hand (kept in ``last_error``) and never stops the table."""
        panel = self.coach_panel
        self.coach_area.children = (panel.widget,)
        try:
            panel.refresh()
        except Exception as exc:  # noqa: BLE001 - shown, as every callback's error is
            self.last_error = exc
            failed = add_classes(widgets.HTML(
                f"<span class='cardlib-coach-error'>The coach could not answer: "
                f"{escape(type(exc).__name__)}: {escape(str(exc))}</span>"),
                "cardlib-coach-error")
            self.coach_area.children = (panel.widget, failed)

    def use_coach(self, factory: Callable[[GameTable], Any]) -> None:
        """Coach with ``factory(table)``'s panel (a game whose coach lives above the
        core, such as Black Diamond's exact search); the switch shows."""
        self._coach_factory = factory
        self.coach_panel = None
        if self.coach_toggle not in self._presenter.children:
            self._presenter.children = (*self._presenter.children, self.coach_toggle)
        if self.coach_toggle.value:
            self.set_coach(True)

    def save(self) -> dict[str, Any]:
        """The game and the coach's reviews, JSON-safe (:meth:`load` takes it back)."""
        record: dict[str, Any] = {"game": self.game.save(self.state)}
        if self.coach_panel is not None:
            record["coach"] = self.coach_panel.record()
        return record

    def load(self, record: Mapping[str, Any]) -> None:
        """Play on from a game :meth:`save` wrote: every position replayed (so back and
        next, and the review's steps, work), the coach's reviews restored."""
        if not isinstance(record, Mapping) or "game" not in record:
            raise ValueError("a saved table is a mapping with a 'game' field (GameTable.save)")
        last = self.game.load(record["game"])
        first = self.game.load({**record["game"], "moves": []})
        positions = [first]
        for move in last.history[len(first.history):]:
            positions.append(positions[-1].apply(move))
        panel = self.coach_panel
        if "coach" in record and self._coach_factory is not None:
            panel = self._coach_factory(self)
            panel.restore(record["coach"])  # a bad review raises here: nothing changed yet
            self.coach_area.children = (panel.widget,)
        self.coach_panel = panel
        self._history = positions
        self._shown = None
        self._paused = self._ends_hand(len(positions) - 1) and not self.state.is_over
        self.rules_panel.clear()
        self._refused = self._telling = None
        self.show_step(None)
        self.say("Loaded.")

    @property
    def seat_toggles(self) -> list[widgets.ToggleButton]:
        """The "Human seats" toggles of the setup panel, one per seat."""
        return self.setup.seat_toggles

    @property
    def hot_seat(self) -> bool:
        """Two or more seats are human: a hand shows only when its owner asks."""
        return len(self.humans) > 1

    @property
    def hand_shown(self) -> int | None:
        """In hot-seat play, the seat whose hand is up now (None: every hand hidden)."""
        return self._shown

    @property
    def shown_state(self) -> GameState:
        """The position the board shows: the live one, or an earlier one stepped back to
        (what a tool, such as a solver, is asked about)."""
        return self._history[self.step]

    def back_to(self, step: int) -> None:
        """Make the position after ``step`` moves the live one: the moves after it go, as
        Undo takes moves back (a tool that plays a line from an earlier position)."""
        last = len(self._history) - 1
        if not (isinstance(step, int) and 0 <= step <= last):
            raise ValueError(f"no position after move {step!r}: the table holds moves 0 to "
                             f"{last}")
        self._history = self._history[: step + 1]
        self._shown = None
        self._paused = False
        self.show_step(None)

    def start_deal(self, state: GameState, name: str) -> None:
        """Play from ``state``, a deal no seed makes (one typed in by hand): the seed box
        says ``name`` ("your deal") instead of the seed of the game before, until a seed
        is dealt again."""
        self.start(state)
        try:
            self.seed_box.value = name
        except traitlets.TraitError:  # a box that holds numbers only: it keeps its number
            pass

    def start(self, state: GameState) -> None:
        """Play from ``state``: bots move until it is a human's turn."""
        answers = play_on(state, self.bots, self._stop, thinking=self._thinking)
        self._history = [state, *(played.after for played in answers)]
        if self.coach_panel is not None:
            self.coach_panel.reset()
        self._shown = None
        self._paused = self._ends_hand(len(self._history) - 1) and not self.state.is_over
        self.rules_panel.clear()
        self._refused = self._telling = None
        self.show_step(None)
        self.say("")

    def try_move(self, move: Any) -> bool:
        """Play ``move`` for the human to move; on refusal show why and keep the state."""
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(move)
        try:
            states, answers = self._answered(state, move)
        except IllegalMove as exc:
            self.say_refused(exc)
            self._refused = (state.to_move, move, exc)
            self._show_refusal()
            return False
        self._add(states)
        self._tell("", Played(state.to_move, move, state.explain(move), state, states[0]),
                   answers)
        return True

    def play_moves(self, moves: Iterable[Any]) -> int:
        """Play a line of ``moves`` for the humans, the bots answering in between, as
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
            if not state.is_over and state.to_move not in self.humans:  # a hand ended
                states += [played.after for played in
                           play_on(state, self.bots, self._humans_turn, thinking=self._thinking)]
                state = states[-1]
        begin = len(self._history) - 1
        self._add(states)
        return begin

    def mark_move(self, move: Any, css: str = "cardlib-marked") -> bool:
        """Point at ``move``'s button (CSS class ``css``, blue), or at the first step it
        lies behind; False if it has none now."""
        text = str(move)
        for button in self.move_buttons:
            if button.move_text == text:
                button.add_class(css)
                button.button_style = "info"
                return True
        for step in self._move_buttons.steps:
            if text in step.step_moves:
                step.add_class(css)
                step.button_style = "info"
                return True
        return False

    def click(self, text: str) -> None:
        """Press the move button whose label or move text is ``text`` (for tests), after
        its first step if it lies behind one."""
        button = self._move_buttons.find(text)
        if button is None:
            labels = [b.description for b in (*self.move_buttons, *self._move_buttons.steps)]
            raise LookupError(f"no move button {text!r}; buttons: {labels}")
        button.click()

    @property
    def move_buttons(self) -> list[widgets.Button]:
        """The move buttons shown now (in every row; none behind an unopened first step)."""
        return self._move_buttons.buttons

    @property
    def move_steps(self) -> list[widgets.Button]:
        """The first-step buttons shown now ("Ben ▸": whose safe to drill), each opening the
        moves behind it (``step_moves``: their texts and labels)."""
        return self._move_buttons.steps

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
        live = self.step == last
        self.board.value = self._board_html(shown)
        self.step_label.value = f"move {self.step} of {last}"
        self.status.value = self._status_html(shown)
        paused = live and self._paused
        self._show_moves(shown if live and not paused and self._may_see(shown.to_move)
                         else None)
        self.hand_button.layout.display = (None if live and not paused
                                           and self._curtained(shown) else "none")
        self.next_hand_button.layout.display = None if paused else "none"
        self.tally.value = self._tally_html(self.step)
        if self._curtained(shown):
            self.hand_button.description = f"Show my hand ({self._name(shown.to_move)})"
        self.undo_button.disabled = not any(
            s.to_move in self.humans for s in self._history[:-1]
        )
        self._show_rule_of_step()
        if self.coach_on:
            self._refresh_coach()

    # --- presenter controls -----------------------------------------------------------
    def set_large(self, on: bool) -> None:
        """Large display on or off: the board as wide as the table, text and buttons big."""
        (self.add_class if on else self.remove_class)(LARGE)
        self._set_quietly(self.large_toggle, on)

    def set_reveal(self, on: bool) -> None:
        """Show every hand face up (the whole state), or each seat's own view again."""
        self.reveal = bool(on)
        self._set_quietly(self.reveal_toggle, self.reveal)
        self.show_step(self.step)
        self._retell()

    def set_humans(self, seats: Iterable[int]) -> None:
        """Let people play ``seats`` and bots the others, from the live position on.

        Refuses (``ValueError``, nothing changed) an empty set or a seat the game does not
        have.  If a bot now has the turn, the bots play on to the next human's turn.
        """
        self.humans = self._checked_humans(seats)
        if self.seat not in self.humans:
            self.seat = min(self.humans)
        self._shown = None
        self._seat_bots()
        self.setup.set_humans(self.humans)
        # at a hand's end the bots wait for "Next hand", whoever plays
        answers = [] if self._paused else play_on(self.state, self.bots, self._stop,
                                                  thinking=self._thinking)
        self._add([played.after for played in answers])
        names = self._names()
        people = names_joined([names[s] for s in sorted(self.humans)])
        machines = names_joined([names[s] for s in sorted(self.bots)]) or "nobody"
        self._tell(f"People play {people}; bots play {machines}.", None, answers)

    def show_hand(self) -> None:
        """Hot seat: turn up the hand of the seat to move (its owner asked)."""
        state = self.state
        if state.is_over or state.to_move not in self.humans:
            raise ValueError(f"no person is to move: {self._name(state.to_move)} has the turn")
        self._shown = state.to_move
        self.show_step(None)
        self._retell()

    @property
    def paused(self) -> bool:
        """A hand has just ended and the table waits for "Next hand" (its tally shows)."""
        return self._paused

    def next_hand(self) -> None:
        """Go on after a hand's end, once the class has read its tally: the bots play the
        next hand until a person's turn (or, should they finish it alone, its end)."""
        if not self._paused:
            raise ValueError("no hand has just ended: there is no tally to move on from")
        self._paused = False
        answers = play_on(self.state, self.bots, self._stop, thinking=self._thinking)
        self._add([played.after for played in answers])
        self._tell("Next hand.", None, answers)

    # --- the game's flow ----------------------------------------------------------------
    def _answered(self, state: GameState, move: Any) -> tuple[list[GameState], list[Played]]:
        """The states after the human's ``move`` and the bots' answers, and the answers
        (nothing is stored: a refusal raises :class:`IllegalMove`)."""
        new = state.apply(move)
        if self._hand_over(state, new):  # the class reads the tally before the bots go on
            return [new], []
        answers = play_on(new, self.bots, self._stop, thinking=self._thinking)
        return [new, *(played.after for played in answers)], answers

    def _humans_turn(self, _played: Sequence[Played], state: GameState) -> bool:
        return state.to_move in self.humans

    def _stop(self, played: Sequence[Played], state: GameState) -> bool:
        """Where the bots stop: a person's turn, or the end of a hand (its tally)."""
        return state.to_move in self.humans or (
            bool(played) and self._hand_over(played[0].before, state))

    @staticmethod
    def _hand_over(before: GameState, after: GameState) -> bool:
        """Whether a hand (or round) ended between ``before`` and ``after``: the game
        counts one more tally."""
        return len(after.tallies()) > len(before.tallies())

    def _ends_hand(self, step: int) -> bool:
        """Whether the move into replay step ``step`` ended a hand."""
        return step > 0 and self._hand_over(self._history[step - 1], self._history[step])

    def _add(self, states: list[GameState]) -> None:
        """Append played ``states`` and show the live one; a hand that was up goes down
        once another seat has the turn."""
        self._history += states
        if states:
            self._paused = self._ends_hand(len(self._history) - 1) and not self.state.is_over
        if self._shown is not None and self.state.to_move != self._shown:
            self._shown = None
        self.show_step(None)

    def _checked_humans(self, seats: Iterable[int], players: int | None = None
                        ) -> frozenset[int]:
        players = self.players if players is None else players
        chosen = frozenset(seats)
        if not chosen:
            raise ValueError("at least one seat must be played by a person "
                             "(with none, the bots would play the whole game alone)")
        for seat in sorted(chosen, key=repr):
            if not (isinstance(seat, int) and 0 <= seat < players):
                raise ValueError(f"seat {seat!r} is not a seat of this {players}-player "
                                 f"game: seats are 0..{players - 1}")
        return chosen

    def _thinking(self, state: GameState, bot: Bot) -> None:
        """Before a bot that searches (``thinks``: the Monte Carlo and sampling bots, a
        fraction of a second to a second a move) chooses, the status line says so: the
        widget's update reaches the page while the kernel is still busy, so a class
        waiting on a bot sees why.  Quick bots say nothing (one message fewer a move)."""
        if getattr(bot, "thinks", False):
            name = self._name(state.to_move, state)
            self.status.value = (f"<span class='cardlib-thinking'>{escape(name)}"
                                 " is thinking…</span>")

    def _kind_of(self, bots: Mapping[int, Bot]) -> str:
        """The game's bot kind all of ``bots`` are (random when none are given), or
        :data:`~cardlib.widgets.setup.GIVEN` for bots of no kind the game lists."""
        names = {getattr(bot, "name", None) for bot in bots.values()} or {"random"}
        listed = {kind.name for kind in games.bots(self.game)}
        return names.pop() if len(names) == 1 and names <= listed else GIVEN

    def _maker(self, kind: str) -> Callable[[int | str], Bot]:
        """How to make a bot of ``kind`` for a seat (a random bot for :data:`GIVEN`)."""
        for listed in games.bots(self.game):
            if listed.name == kind:
                return listed.make
        return RandomBot

    def _seat_bots(self) -> None:
        self.bots = {s: bot for s, bot in self._bench.items() if s not in self.humans}

    def _may_see(self, seat: int | None) -> bool:
        """Whether the hand of ``seat`` may be shown now (its view, its move buttons)."""
        return not self.hot_seat or self.reveal or seat == self._shown

    def _curtained(self, state: GameState) -> bool:
        """Hot seat, a person to move and their hand down: the board is covered."""
        return (not state.is_over and state.to_move in self.humans
                and not self._may_see(state.to_move))

    # --- callbacks --------------------------------------------------------------------
    def _on_new(self) -> None:
        self.new_game()

    def new_game(self) -> None:
        """Deal the game the setup panel sets up ("New game"): its seed, player count and
        options, its human seats and its bots.  A choice the game refuses (a target score
        out of its range) raises, shown in the message line, and the table keeps its game.
        """
        setup = self.setup.chosen()
        seed = setup.seed
        self._seed = seed
        first = self.game.new(seed=seed, players=setup.players, **setup.options)
        players = first.players
        humans = self._checked_humans(setup.humans, players)
        # Every bot that draws chance draws it from the seed dealt (and its seat), as on a
        # table opened on that seed; bots keep no memory, so Undo and stepping back need
        # nothing: one seed and the same clicks give one game (cardlib.bots).  The same
        # kind of bot keeps its settings (a notebook's budget); another kind comes fresh.
        kept = ({s: reseeded(b, f"{seed}:{s}") for s, b in self._bench.items() if s < players}
                if setup.bot == self._bot_kind else {})
        make = self._maker(setup.bot)
        self._bench = {s: kept[s] if s in kept else make(f"{seed}:{s}") for s in range(players)}
        self._bot_kind = setup.bot
        self.options = {"players": players, **setup.options}
        self.players, self.humans = players, humans
        if self.seat not in humans:
            self.seat = min(humans)
        if self._board_seat is not None and self._board_seat >= players:
            self._board_seat = None
        self.setup.dealt(first.options, humans, seed)
        self._seat_bots()
        self.start(first)
        for listener in self._new_game_listeners:
            listener(self)

    def on_new_game(self, listener: Callable[[GameTable], Any]) -> None:
        """Call ``listener(table)`` after each game "New game" deals (a widget around the
        table that describes its seats, say, follows the panel's new count)."""
        self._new_game_listeners.append(listener)

    def _on_undo(self) -> None:
        # Go back to the last position before the latest human move where a human was to
        # move: the bots' replies go with it (and in hot seat, the hand goes down again).
        for index in range(len(self._history) - 2, -1, -1):
            if self._history[index].to_move in self.humans:
                self._history = self._history[: index + 1]
                self._shown = None
                self._paused = False
                self.show_step(None)
                self.say("Undone.")
                return
        self.say("Nothing to undo.")

    def _on_seat_toggle(self, seat: int, human: bool) -> None:
        # the panel puts the toggle back if this refuses
        self.set_humans(self.humans | {seat} if human else self.humans - {seat})

    def _toggle(self, label: str, action: Callable[[bool], Any], *css: str,
                tooltip: str = "", value: bool = False) -> widgets.ToggleButton:
        toggle = widgets.ToggleButton(value=value, description=label, tooltip=tooltip,
                                      layout=dict(_AUTO))
        self.on_change(toggle, action)
        return add_classes(toggle, *css)

    def _set_quietly(self, control: widgets.ValueWidget, value: Any) -> None:
        with self.quietly():
            control.value = value

    # --- drawing ----------------------------------------------------------------------
    def _label(self, move: Any) -> str:
        return self.game.move_label(move)

    def _eyes(self, state: GameState | None = None) -> int | None:
        """The seat whose eyes the table has at ``state`` (default: the live one): the
        human's, in hot seat the seat whose hand is up (None while every hand is down).
        What the table says of a move is what this seat may know of it
        (``move_seen_by``), unless every hand is revealed."""
        return self._viewer(self.state if state is None else state)

    def _name(self, seat: int | None, state: GameState | None = None) -> str:
        """``seat`` as the board names it ("your partner Cristina" to the eyes' partner)."""
        state = self.state if state is None else state
        return seat_words(state, seat, self._eyes(state))

    def _tell(self, head: str, mine: Played | None, answers: Sequence[Played]) -> None:
        """Say ``head``, the person's move ``mine`` with its rule, then the bots'
        ``answers``, each as the table's eyes may see it (a bot's pass names no card); kept,
        so that when the eyes change (a hand shown or hidden, every hand revealed) the same
        moves are told again as the new eyes may see them (:meth:`_retell`)."""
        self._telling = (head, mine, tuple(answers))
        eyes, everything = self._eyes(), self.reveal
        parts = [head] if head else []
        if mine is not None:
            label = seen_text(mine.before, mine.move, eyes, everything)
            why = (mine.why.text if label == self._label(mine.move)
                   else "the card stays hidden from the other seats")
            parts.append(f"Played <b>{escape(label)}</b>. <small>{escape(why)} "
                         f"<code>[{escape(mine.why.rule)}]</code></small>")
            parts += [f"<br><small>↳ {escape(line)}</small>"
                      for line in mine.after.events_seen_by(eyes)]
        lines = told(answers, eyes, everything=everything)
        if lines:  # "Then your partner Cristina: …", a line on its own "Your partner …"
            lines = [lines[0], *(line[:1].upper() + line[1:] for line in lines[1:])]
            parts.append("<br><small>Then " + "<br>".join(escape(line) for line in lines)
                         + "</small>")
        self.say(" ".join(parts).replace(" <br>", "<br>"))
        self._told_html = self.message.value

    def _retell(self) -> None:
        """The eyes changed: tell the moves on the message line again, as they now may
        see them (only while the line still tells them)."""
        if self._telling is not None and self.message.value == self._told_html:
            self._tell(*self._telling)

    def _show_refusal(self) -> None:
        """The rule panel's second line: the last move refused and its rule, its card
        named only to the seat that tried it (or with every hand revealed)."""
        if self._refused is None:
            return
        seat, move, refused = self._refused
        label = (self._label(move) if self.reveal or seat == self._eyes()
                 else f"a move by {self._name(seat)}")
        self.rules_panel.show_refusal(label, refused)

    def _show_moves(self, state: GameState | None) -> None:
        """The buttons of ``state``'s moves (:mod:`cardlib.widgets.move_buttons`: one row,
        or rows by kind when the game groups its moves), or none."""
        if state is None or state.is_over or state.to_move not in self.humans:
            self._move_buttons.clear()
            return
        self._move_buttons.show(state, self.game.seat_names(self.players))

    def _show_rule_of_step(self) -> None:
        """The rule panel's first line: the move into the position shown, and its rule."""
        self._show_refusal()
        if self.step == 0:
            self.rules_panel.no_move()
            return
        before, after = self._history[self.step - 1], self._history[self.step]
        move, eyes = after.history[-1], self._eyes(after)
        label, why = seen_text(before, move, eyes, self.reveal), before.explain(move)
        if label != self._label(move):  # a card the learner may not see: the rule only
            why = Explanation(why.legal, why.rule, "the card stays hidden from the other seats")
        self.rules_panel.show_move(seat_words(before, before.to_move, eyes), label, why)

    def _board_html(self, state: GameState) -> str:
        """The board: the whole state when every hand is revealed; in hot seat the view of
        the seat whose hand is up, or a curtain; else the human's (or ``board_seat``'s)
        view, at the game's end too (Cruce's dead cards stay hidden; the tally and the
        verdict say how it ended).  ``data-cardlib-hand`` says which: ``all``, a seat
        number, or ``none``."""
        seat = self._viewer(state)
        if self.reveal:
            shown, hand = state, "all"
        elif seat is None:
            mover = state.to_move if state.to_move in self.humans else None
            who = None if mover is None else self._name(mover, state)
            return (f"<div data-cardlib-moves='{len(state.history)}' data-cardlib-hand='none'>"
                    f"{curtain_html(who)}</div>")
        else:
            shown, hand = state.view(seat), str(seat)
        html = display.html(shown)
        if html is None:
            html = f"<pre>{escape(repr(shown))}</pre>"
        return (f"<div data-cardlib-moves='{len(state.history)}' data-cardlib-hand='{hand}'>"
                f"{html}</div>")

    def _viewer(self, state: GameState) -> int | None:
        """Whose view the board shows at ``state`` while hands are not revealed; None in
        hot seat when no hand may be up there (another person's turn, or none asked)."""
        if not self.hot_seat:
            return self.seat if self._board_seat is None else self._board_seat
        if self._shown is not None and state.to_move in (self._shown, *self.bots):
            return self._shown
        return None

    def _status_html(self, state: GameState) -> str:
        title = f"<b>{escape(self.game.title)}</b>"
        seed = self._history[0].start_record().get("seed")
        deal = f" <small>· seed {escape(str(seed))}</small>" if seed is not None else ""
        if state.is_over:
            verdict = state.verdict().sentence(self._names())
            return f"{title} — game over. {escape(verdict)}{deal}"
        if self._paused and state is self.state:
            ended = state.tallies()[-1].named(self._names()).title
            return f"{title} — {escape(ended)} is over: press <b>Next hand</b> to go on{deal}"
        mover = state.to_move
        if mover not in self.humans:
            whose = f"{self._name(mover, state)} to move"
        elif not self.hot_seat:
            whose = "your turn"
        elif self._curtained(state):
            whose = f"{self._name(mover, state)} to move: hand hidden until its owner asks"
        else:
            whose = f"{self._name(mover, state)}, your turn"
        return f"{title} — {whose}{deal}"

    def _names(self) -> list[str]:
        """Every seat's name as the board says it (the game's ``seat_names``)."""
        return list(self.game.seat_names(self.players))

    def _tally_html(self, step: int) -> str:
        """Above the board at replay step ``step``: the tally of the hand that move ended,
        and at the game's end who wins and why (the game's own words, the table's names)."""
        state = self._history[step]
        names = self._names()
        parts = []
        if self._ends_hand(step):
            parts.append(tally_html(state.tallies()[-1].named(names)))
        if state.is_over:
            parts.append(verdict_html(state.verdict(), names, state.scores()))
        return "".join(parts)
