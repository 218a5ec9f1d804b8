"""Teaching steps for any trick game: a scripted scene, "try a card" and "play it out".

A rule of a trick game is learnt fastest at one moment of a hand: *this* trick, *this*
hand, your turn.  The steps here put the learner there and answer with the engine's own
words, never their own:

* :class:`Scene`: a moment of a hand as data (the hands dealt, the cards played since),
  built by the engine, so a script that broke a rule fails instead of teaching it;
* :class:`TryCard`: click any card of the hand; see ``state.explain`` (verdict, rule id,
  the rule's words) and, for a legal card, what happens to the trick.  Nothing is played;
* :class:`PlayOut`: play on from the scene, your cards by your clicks, or let the bots
  finish the trick or the hand; every move is told with its label and its rule id.

What the steps ask of a trick game, beyond the protocol (Hearts has all three):

* ``game.from_hands(hands, **kwargs)``, the hands given seat 0 first;
* a move that plays a card is written as the card's code (``str(move) == card.code``),
  so its button can look like the card, and the code parses back with ``parse_move``;
* ``state.current_trick`` (a :class:`cardlib.tricks.Trick`: the cards on the table and
  who led) and ``state.tricks`` (the tricks finished in this hand): when their count
  grows a trick was taken, by the next trick's leader; when it drops a new hand began.

What a game supplies, in a :class:`TrickTeaching`: its hand order, its board picture and
its words (seat names, plain words for rule ids, the points a trick carries).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlib import display
from cardlib.bots import Bot, RandomBot
from cardlib.cards import BadCard, Card, parse_card
from cardlib.protocol import Explanation, Game, GameState
from cardlib.svg import BLACK, RED
from cardlib.widgets.base import TeachingWidget, add_classes, swap_class
from cardlib.widgets.narration import Played, play_on

SHRINK = {"width": "auto", "align_self": "flex-start"}
"""A button as wide as its label (a VBox stretches its children otherwise)."""


# --- what a game supplies -------------------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """One scripted moment of a hand: the hands dealt (card codes, seat 0 first), the
    moves played since (their texts, in play order: earlier tricks, then this one), the
    ``start`` keyword arguments of ``game.from_hands`` (options included), and the option
    a learner may switch at this step.

    :meth:`state` replays the script through the engine, so a scene whose script broke a
    rule fails to build instead of teaching a wrong game.
    """

    game: Game
    name: str
    title: str
    hands: tuple[str, ...]
    plays: str = ""
    start: Mapping[str, Any] = field(default_factory=dict, hash=False)
    switch: str | None = None
    """The option offered as a switch beside the position (None: no switch)."""

    def __post_init__(self) -> None:
        if not callable(getattr(self.game, "from_hands", None)):
            raise TypeError(f"scene {self.name!r}: {self.game.name} offers no "
                            "from_hands(hands, ...), which scenes are built with")
        if self.switch is not None and self.switch not in {o.name for o in self.game.options}:
            raise ValueError(f"scene {self.name!r}: {self.game.name} has no option "
                             f"{self.switch!r} to switch")

    def state(self, **changes: Any) -> GameState:
        """The position, with ``changes`` to the ``start`` arguments (options, totals…)."""
        state = self.game.from_hands(self.hands, **{**self.start, **changes})
        for number, text in enumerate(self.plays.split(), start=1):
            try:
                state = state.apply(text)
            except ValueError as exc:
                raise ValueError(f"scene {self.name!r}, move {number} ({text}): {exc}") \
                    from exc
        return state


@dataclass(frozen=True)
class TrickTeaching:
    """What one trick game gives the generic steps (see the module docstring).

    ``hand_order`` is a sort key for a hand's cards, as the game's picture fans them;
    ``board(state, seat, scale)`` draws the position for the steps (default: the picture
    the game's renderer registered, zoomed to ``scale``); ``words`` gives plain words for
    rule ids whose rule text is not enough (or that the rule book lacks); ``seats`` names
    the seats; ``points(state)`` is what each seat has taken in tricks this hand, when
    tricks carry points; ``bot()`` makes the game's rule-of-thumb bot (default: seeded
    random bots); ``scenes`` are the game's scenes by name; ``scale`` is the size of a
    step's board beside the prose.
    """

    game: Game
    hand_order: Callable[[Card], Any]
    board: Callable[[GameState, int, float], str] | None = None
    words: Mapping[str, str] = field(default_factory=dict, hash=False)
    seats: Sequence[str] = ()
    points: Callable[[GameState], Sequence[int]] | None = None
    bot: Callable[[], Bot] | None = None
    scenes: Mapping[str, Scene] = field(default_factory=dict, hash=False)
    scale: float = 1.0

    @property
    def prefix(self) -> str:
        """The start of the steps' CSS names: the game's name (``hearts-try-card``)."""
        return self.game.name

    def seat_name(self, seat: int) -> str:
        return self.seats[seat] if self.seats else f"seat {seat}"

    def rule_words(self, rule: str) -> str:
        """The plain words for ``rule``: the game's own, else the rule text, else none."""
        if rule in self.words:
            return self.words[rule]
        return self.game.rules[rule].text if rule in self.game.rules else ""

    def picture(self, state: GameState, seat: int, scale: float) -> str:
        if self.board is not None:
            return self.board(state, seat, scale)
        view = state.view(seat)
        html = display.html(view) or f"<pre>{escape(str(view))}</pre>"
        return html if scale == 1 else f"<div style='zoom:{scale:g}'>{html}</div>"

    def in_hand_order(self, moves: Sequence[Any]) -> list[Any]:
        """The card moves of ``moves`` in hand order, then any other moves."""
        cards = [m for m in moves if card_of(m) is not None]
        others = [m for m in moves if card_of(m) is None]
        return sorted(cards, key=lambda move: self.hand_order(card_of(move))) + others

    def position(self, position: str | Scene | GameState,
                 options: Mapping[str, Any] | None) -> tuple[Scene | None, GameState]:
        """The scene (None for a bare state) and the state a step starts from."""
        if isinstance(position, GameState):
            if options:
                raise ValueError("options change a scene; a given state keeps its own")
            return None, position
        scene = position if isinstance(position, Scene) else self.scenes.get(position)
        if scene is None:
            raise ValueError(f"unknown scene {position!r}; scenes: {', '.join(self.scenes)}")
        return scene, scene.state(**(options or {}))

    def points_line(self, state: GameState) -> str:
        """``Points taken this hand: North <b>0</b>, …`` (empty without ``points``)."""
        if self.points is None:
            return ""
        taken = self.points(state)
        return "Points taken this hand: " + ", ".join(
            f"{escape(self.seat_name(s))} <b>{p}</b>" for s, p in enumerate(taken))

    def trick_words(self, before: GameState, after: GameState, learner: int) -> str:
        """Who took the trick the move from ``before`` to ``after`` finished, and its
        points: ``West takes the trick, with 13 points in it``."""
        winner = after.current_trick.leader      # the winner of a trick leads the next one
        who = "You take" if winner == learner else f"{self.seat_name(winner)} takes"
        if self.points is None:
            return f"{who} the trick"
        points = self.points(after)[winner] - self.points(before)[winner]
        worth = f"{points} point{'s' if points != 1 else ''}" if points else "no points"
        return f"{who} the trick, with {worth} in it"


# --- reading a trick game ------------------------------------------------------------------

def card_of(move: Any) -> Card | None:
    """The card ``move`` plays, when it is written as the card's code; None for any other
    move (a pass, a bid, a choice)."""
    text = str(move)
    for numeric in (False, True):      # 15D exists only in the numeric Diamonds deck
        try:
            card = parse_card(text, numeric=numeric)
        except BadCard:
            continue
        if card.code == text:
            return card
    return None


def trick_ended(before: GameState, after: GameState) -> bool:
    """Whether the move from ``before`` to ``after`` finished a trick."""
    return after.is_over or len(after.tricks) != len(before.tricks)


def hand_ended(before: GameState, after: GameState) -> bool:
    """Whether the move from ``before`` to ``after`` finished the hand."""
    return after.is_over or len(after.tricks) < len(before.tricks)


def card_button(card: Card, prefix: str, *css: str, toggle: bool = False) -> widgets.Button:
    """A button that looks like the card's corner: its label in the suit's colour, CSS
    classes ``css`` and ``<prefix>-card-<code>`` (``hearts-card-QS``)."""
    kind = widgets.ToggleButton if toggle else widgets.Button
    button = kind(description=card.label, tooltip=card.name,
                  layout={"width": "auto", "min_width": "46px"})
    button.style.text_color = RED if card.is_red else BLACK
    button.style.font_weight = "bold"
    button.card_code = card.code
    return add_classes(button, *css, f"{prefix}-card-{card.code}")


def _verdict_html(teaching: TrickTeaching, card: Card, label: str, why: Explanation,
                  extra: str = "") -> str:
    p = teaching.prefix
    colour = "#1b8a3a" if why.legal else "#b00020"
    mark = "✔ yes" if why.legal else "✘ no"
    more = f"<div>{escape(extra)}</div>" if extra else ""
    words = teaching.rule_words(why.rule)
    rule = (f"<div style='color:#444'><small>The rule: {escape(words)}</small></div>"
            if words else "")
    return (
        f"<div data-{p}-card='{card.code}' data-{p}-legal='{str(why.legal).lower()}' "
        f"data-{p}-rule='{escape(why.rule)}' style='color:{colour};font-size:110%'>"
        f"<b>{escape(label)}: {mark}</b> — {escape(why.text)} "
        f"<code>[{escape(why.rule)}]</code></div>{more}{rule}"
    )


# --- try a card ----------------------------------------------------------------------------

class TryCard(TeachingWidget):
    """A position (a scene's name, a :class:`Scene` or a state) with a card to play:
    click a card, see the verdict.

    ``options`` change the scene's game options.  Nothing is played: every card may be
    tried, and the position stays as it is.  For tests, the widget's state is plain
    Python: ``card``, ``move``, ``verdict``, ``after`` (the state after a legal card),
    ``outcome`` (what happens to the trick), ``legal_cards``; CSS classes are
    ``<game>-try-*`` and ``<game>-card-<code>``.
    """

    def __init__(self, teaching: TrickTeaching, position: str | Scene | GameState, *,
                 options: Mapping[str, Any] | None = None, scale: float | None = None):
        self.scene, state = teaching.position(position, options)
        moves = state.candidate_moves()
        if state.to_move is None or not moves or any(card_of(m) is None for m in moves):
            shown = ", ".join(teaching.game.move_label(m) for m in moves[:3])
            raise ValueError("a card is tried during the play, when a card is to be "
                             f"played; the moves here are {shown or 'none'}"
                             f"{'…' if len(moves) > 3 else ''}")
        p = teaching.prefix
        super().__init__(f"{p}-step", f"{p}-try", prefix=p)
        self.teaching, self.game = teaching, teaching.game
        self.options: dict[str, Any] = dict(options or {})
        self.state: GameState = state
        self.seat: int = state.to_move
        self.scale = teaching.scale if scale is None else scale
        self.card: Card | None = None
        self.move: Any = None
        self.verdict: Explanation | None = None
        self.after: GameState | None = None
        """The state after the tried card, when it is legal (for "who takes the trick")."""
        self.outcome = ""
        self.revealed = False

        words = self.scene.title if self.scene else f"{teaching.seat_name(self.seat)} to play"
        title = add_classes(widgets.HTML(f"<b>{escape(words)}</b>"), f"{p}-try-title")
        self.board = add_classes(widgets.HTML(), f"{p}-try-board")
        self.buttons: dict[str, widgets.Button] = {}
        self._cards: dict[str, Card] = {}
        for move in teaching.in_hand_order(moves):
            card = card_of(move)
            button = card_button(card, p, f"{p}-try-card")
            self.on_click(button, functools.partial(self.try_card, card))
            self.buttons[card.code], self._cards[card.code] = button, card
        hand = add_classes(widgets.HBox(list(self.buttons.values()),
                                        layout={"flex_flow": "row wrap"}), f"{p}-try-hand")
        self.verdict_box = add_classes(widgets.HTML("<i>Click a card of your hand.</i>"),
                                       f"{p}-try-verdict")
        self.reveal_button = self.button("Which cards may I play?", self.reveal,
                                         f"{p}-try-reveal", layout=SHRINK)
        rows: list[widgets.Widget] = [title, self.board]
        self.switch: widgets.ToggleButtons | None = None
        if self.scene is not None and self.scene.switch is not None:
            option = next(o for o in self.game.options if o.name == self.scene.switch)
            self.switch = add_classes(widgets.ToggleButtons(
                options=[(str(choice), choice) for choice in option.choices or ()],
                value=getattr(state.options, option.name),
                description=option.name, style={"description_width": "initial"},
                tooltip=option.doc), f"{p}-try-switch")
            self.on_change(self.switch, self.set_option)
            rows.append(self.switch)
        self.children = [*rows, hand, self.verdict_box, self.reveal_button, self.message]
        if self.scene is not None:
            self.add_class(f"{p}-scene-{self.scene.name}")
        self._draw()

    # --- what tests and the notebook use ---------------------------------------------------
    def try_card(self, card: Card | str) -> Explanation:
        """Judge ``card`` in this position, as a click on it does; returns the verdict."""
        if not isinstance(card, Card):
            card = self._cards.get(str(card).strip().upper()) or parse_card(card)
        move = self.game.parse_move(card.code)
        verdict = self.state.explain(move)
        after = self.state.apply(move) if verdict.legal else None
        self.card, self.move, self.verdict, self.after = card, move, verdict, after
        self.outcome = self._what_happens() if after is not None else ""
        for code, button in self.buttons.items():
            button.button_style = "info" if code == card.code else self._style(code)
        p = self.prefix
        swap_class(self.verdict_box, f"{p}-legal" if verdict.legal else f"{p}-illegal",
                   (f"{p}-legal", f"{p}-illegal"))
        self.verdict_box.value = _verdict_html(self.teaching, card,
                                               self.game.move_label(move), verdict,
                                               self.outcome)
        self.say("")
        return verdict

    @property
    def legal_cards(self) -> list[Card]:
        """The cards the rules allow here (what "Which cards may I play?" shows)."""
        return [card for move in self.state.legal_moves()
                if (card := card_of(move)) is not None]

    def reveal(self) -> None:
        """Colour every card green (may be played) or red, as the reveal button does."""
        self.revealed = True
        for code, button in self.buttons.items():
            if code != (self.card.code if self.card else None):
                button.button_style = self._style(code)
        cards = ", ".join(card.label for card in self.legal_cards)
        self.say(f"You may play: <b>{escape(cards)}</b> (green).")

    def set_option(self, value: Any) -> None:
        """Switch the scene's option to ``value``; the last tried card is judged again."""
        if self.scene is None or self.scene.switch is None:
            raise ValueError("this position has no option to switch")
        name = self.scene.switch
        state = self.scene.state(**{**self.options, name: value})  # raises if refused
        self.options[name] = value
        self.state = state
        if self.switch is not None and self.switch.value != value:
            with self.quietly():
                self.switch.value = value
        self._draw()
        if self.card is not None:
            self.try_card(self.card)

    # --- drawing ---------------------------------------------------------------------------
    def _style(self, code: str) -> str:
        if not self.revealed:
            return ""
        return "success" if self._cards[code] in self.legal_cards else "danger"

    def _draw(self) -> None:
        self.board.value = self.teaching.picture(self.state, self.seat, self.scale)
        if self.revealed:
            for code, button in self.buttons.items():
                if self.card is None or code != self.card.code:
                    button.button_style = self._style(code)

    def _what_happens(self) -> str:
        """For a legal card: who takes the trick it completes, with how many points."""
        before, after = self.state, self.after
        assert after is not None
        if hand_ended(before, after):
            return "That is the last card of the hand."
        if not trick_ended(before, after):
            return f"The trick goes on: {self.teaching.seat_name(after.to_move)} plays next."
        return self.teaching.trick_words(before, after, self.seat) + "."


# --- play it out ---------------------------------------------------------------------------

class PlayOut(TeachingWidget):
    """Play on from a position: your cards by clicking them (the bots answer), or let the
    bots finish the trick or the whole hand; every move is told with its rule id.

    ``bots`` maps seats to bots; the others get the game's rule-of-thumb bot when it has
    one, else seeded random bots (the learner's seat too: it plays when a finish button
    is pressed).  ``states`` holds the play so far (``states[0]`` is the scene), ``played``
    the moves (:class:`~cardlib.widgets.narration.Played`), ``told`` the narration lines.
    CSS classes are ``<game>-<kind>-*`` (kind ``playout``).
    """

    kind: ClassVar[str] = "playout"
    finishing: ClassVar[bool] = True
    """Offer the "Finish the trick" and "Finish the hand" buttons and the narration."""

    def __init__(self, teaching: TrickTeaching, position: str | Scene | GameState, *,
                 bots: Mapping[int, Bot] | None = None,
                 options: Mapping[str, Any] | None = None, seed: int | str = 0,
                 scale: float | None = None):
        self.scene, first = teaching.position(position, options)
        if first.to_move is None:
            raise ValueError(f"{self.scene.name if self.scene else 'the position'}: "
                             "nobody is to move")
        p, k = teaching.prefix, self.kind
        super().__init__(f"{p}-step", f"{p}-{k}", prefix=p)
        self.teaching, self.game = teaching, teaching.game
        self.options: dict[str, Any] = dict(options or {})
        self.seat: int = first.to_move
        self.scale = teaching.scale if scale is None else scale
        self.seed = seed
        self._given_bots = dict(bots or {})
        self.bots = self._fresh_bots(first.players)
        self.states: list[GameState] = [first]
        self.played: list[Played] = []
        self.told: list[str] = []
        self.hand_over = False

        title = add_classes(widgets.HTML(f"<b>{escape(self._title())}</b>"), f"{p}-{k}-title")
        self.board = add_classes(widgets.HTML(), f"{p}-{k}-board")
        self.points_box = add_classes(widgets.HTML(), f"{p}-{k}-points")
        self.hand_box = add_classes(widgets.HBox(layout={"flex_flow": "row wrap"}),
                                    f"{p}-{k}-hand")
        self.result = add_classes(widgets.HTML(), f"{p}-{k}-result")
        self.restart_button = self.button("Start again", self.restart, f"{p}-{k}-restart",
                                          layout=SHRINK)
        self.trick_button = self.button("Finish the trick", self.finish_trick,
                                        f"{p}-{k}-finish-trick", layout=SHRINK)
        self.hand_button = self.button("Finish the hand", self.finish_hand,
                                       f"{p}-{k}-finish-hand", layout=SHRINK)
        self.narration = add_classes(widgets.HTML(), f"{p}-{k}-narration")
        rows = [title, self.board, self.points_box, self.hand_box]
        if self.finishing:
            rows += [widgets.HBox([self.trick_button, self.hand_button]), self.narration]
        self.children = [*rows, self.result, self.restart_button, self.message]
        self._draw()

    # --- what tests and the notebook use ---------------------------------------------------
    @property
    def state(self) -> GameState:
        """The live state (after the hand: the next hand's start, or the game's end)."""
        return self.states[-1]

    def play(self, move: Any) -> bool:
        """Play ``move`` (a move, its text or a card) for the learner, then the bots until
        the learner's next turn.  A move the rules refuse is explained in the message line
        and changes nothing."""
        if isinstance(move, Card):
            move = move.code
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if self.hand_over:
            self.say("The hand is over: press <b>Start again</b> to replay it.", "illegal")
            return False
        state = self.state
        why = state.explain(move)
        if not why.legal:
            self.say_refused(why)
            return False
        after = state.apply(move)
        played = [Played(state.to_move, move, why, state, after)]
        if not hand_ended(state, after):
            played += play_on(after, self.bots, self._learner_or_hand_end)
        self._keep(played)
        return True

    def finish_trick(self) -> None:
        """Let the bots (the learner's seat too) play until the trick is taken."""
        self._finish(lambda done, _state: bool(done) and trick_ended(done[-1].before,
                                                                     done[-1].after))

    def finish_hand(self) -> None:
        """Let the bots (the learner's seat too) play until the hand is over."""
        self._finish(lambda done, _state: bool(done) and hand_ended(done[-1].before,
                                                                    done[-1].after))

    def restart(self) -> None:
        """Back to the start of the scene (fresh bots: the same play again)."""
        self.states = self.states[:1]
        self.played, self.told, self.hand_over = [], [], False
        self.bots = self._fresh_bots(self.states[0].players)
        self._draw()
        self.say("Back to the start.")

    # --- playing ---------------------------------------------------------------------------
    def _fresh_bots(self, players: int) -> dict[int, Bot]:
        make = self.teaching.bot
        return {seat: self._given_bots.get(seat)
                or (make() if make is not None else RandomBot(f"{self.seed}:{seat}"))
                for seat in range(players)}

    def _learner_or_hand_end(self, done: Sequence[Played], state: GameState) -> bool:
        return state.to_move == self.seat or bool(done) and hand_ended(done[-1].before,
                                                                        done[-1].after)

    def _finish(self, until: Callable[[Sequence[Played], GameState], bool]) -> None:
        if self.hand_over:
            self.say("The hand is over: press <b>Start again</b> to replay it.", "illegal")
            return
        self._keep(play_on(self.state, self.bots, until))

    def _keep(self, played: list[Played]) -> None:
        """Keep moves worked out in full (a failing bot left nothing half-played)."""
        self.states += [move.after for move in played]
        self.played += played
        self.hand_over = self.hand_over or any(hand_ended(m.before, m.after) for m in played)
        self._draw()
        self._tell(played)

    # --- telling and drawing -----------------------------------------------------------------
    def _title(self) -> str:
        if self.scene is not None:
            return self.scene.title
        return f"{self.teaching.seat_name(self.seat)} to play"

    def _who(self, seat: int) -> str:
        return "You" if seat == self.seat else self.teaching.seat_name(seat)

    def _tell(self, played: Sequence[Played]) -> None:
        """Narrate each move: who, which card, the rule; and who took each trick."""
        for move in played:
            line = (f"{escape(self._who(move.seat))}: "
                    f"<b>{escape(self.game.move_label(move.move))}</b> "
                    f"<code>[{escape(move.why.rule)}]</code>")
            if hand_ended(move.before, move.after):
                line += " — the hand is over."
            elif trick_ended(move.before, move.after):
                taken = self.teaching.trick_words(move.before, move.after, self.seat)
                line += f" — {escape(taken)}."
            self.told.append(line)
        self.narration.value = ("<div style='max-height:16em;overflow-y:auto'>"
                                + "<br>".join(self.told) + "</div>") if self.told else ""
        if self.message_kind != "error":
            self.say("")

    def _draw(self) -> None:
        over = self.hand_over
        self.board.value = "" if over else self._board_html(self.state)
        self.points_box.value = "" if over else self._points_html(self.state)
        self.hand_box.children = () if over else self._hand_buttons(self.state)
        self.result.value = self._result_html() if over else ""
        self.trick_button.disabled = self.hand_button.disabled = over
        if not self.told:
            self.narration.value = ""

    def _board_html(self, state: GameState) -> str:
        return self.teaching.picture(state, self.seat, self.scale)

    def _points_html(self, state: GameState) -> str:
        line = self.teaching.points_line(state)
        return f"{line}." if line else ""

    def _hand_buttons(self, state: GameState) -> tuple[widgets.Button, ...]:
        if state.to_move != self.seat:
            return ()
        p, k = self.prefix, self.kind
        buttons = []
        for move in self.teaching.in_hand_order(state.candidate_moves()):
            card = card_of(move)
            if card is not None:
                button = card_button(card, p, f"{p}-{k}-card")
            else:
                button = add_classes(widgets.Button(description=self.game.move_label(move),
                                                    layout={"width": "auto"}),
                                     f"{p}-{k}-choice")
            self.on_click(button, functools.partial(self.play, move))
            buttons.append(button)
        return tuple(buttons)

    def _result_html(self) -> str:
        scores = ", ".join(f"{escape(self.teaching.seat_name(seat))} {score:g}"
                           for seat, score in enumerate(self.state.scores()))
        return (f"<div data-{self.prefix}-over='true'><b>The hand is over.</b> "
                f"Scores: {scores}.</div>")


__all__ = ["PlayOut", "SHRINK", "Scene", "TrickTeaching", "TryCard", "card_button", "card_of",
           "hand_ended", "trick_ended"]
