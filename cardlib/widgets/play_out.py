"""Play it out: play on from a position of any trick game, and hear every move told.

The learner plays their cards by clicking them (the bots answer), or lets the bots finish
the trick or the whole hand.  Each move is told with its label and the rule id of its
explanation, and each finished trick with who took it, so a learner sees the rules at
work over a whole hand.  A game comes in through its
:class:`~cardlib.widgets.tricks.TrickTeaching`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlib.bots import Bot, RandomBot
from cardlib.cards import Card
from cardlib.protocol import GameState
from cardlib.widgets.base import TeachingWidget, add_classes
from cardlib.widgets.narration import Played, Until, play_on
from cardlib.widgets.tricks import (
    SHRINK,
    Scene,
    TrickTeaching,
    card_button,
    card_of,
    hand_ended,
    playing,
    trick_ended,
)


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
            move = playing(move, self.state.candidate_moves(), self.game)
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if self._over():
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

    def _finish(self, until: Until) -> None:
        if not self._over():
            self._keep(play_on(self.state, self.bots, until))

    def _over(self) -> bool:
        """Whether the hand is over (then say so: nothing more is played)."""
        if self.hand_over:
            self.say("The hand is over: press <b>Start again</b> to replay it.", "illegal")
        return self.hand_over

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
            seen = move.before.move_seen_by(move.move, self.seat)  # a bot's pass: no card
            line = (f"{escape(self._who(move.seat))}: "
                    f"<b>{escape(seen)}</b> "
                    f"<code>[{escape(move.why.rule)}]</code>")
            if hand_ended(move.before, move.after):
                line += " — the hand is over."
            elif trick_ended(move.before, move.after):
                taken = self.teaching.trick_words(move.before, move.after, self.seat)
                line += f" — {escape(taken)}."
            self.told.append(line)
        self.narration.value = self._narration_html()
        if self.message_kind != "error":
            self.say("")

    def _narration_html(self) -> str:
        """The moves told so far, in a framed box with its own line height (a widget's
        28-pixel lines would show a few moves only).  During the hand the box is no taller
        than 14 lines and stays scrolled to the newest move (a column laid out bottom up
        starts at its end); once the hand is over it shows every move, so no line is cut
        off and nothing below it runs into the box."""
        if not self.told:
            return ""
        frame = ("border:1px solid #bbb;border-radius:6px;padding:4px 8px;margin:6px 0 10px;"
                 "line-height:1.5")
        if not self.hand_over:
            frame += (";max-height:21em;overflow-y:auto;display:flex;"
                      "flex-direction:column-reverse")
        return (f"<div class='{self.prefix}-{self.kind}-told' style='{frame}' "
                f"data-{self.prefix}-told='{len(self.told)}'><div>"
                + "<br>".join(self.told) + "</div></div>")

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


__all__ = ["PlayOut"]
