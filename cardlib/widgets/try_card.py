"""Try a card: a position of any trick game, every card of the hand to click, the verdict.

The learner clicks a card and sees what the engine says about it: ``state.explain`` (yes
or no, the rule id that decides, the rule's words) and, for a legal card, what happens to
the trick (it goes on, or who takes it, with its points).  Nothing is played, so every
card may be tried.  A game comes in through its :class:`~cardlib.widgets.tricks.TrickTeaching`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.cards import Card
from cardlib.protocol import Explanation, GameState
from cardlib.widgets.base import TeachingWidget, add_classes, swap_class
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
        self._moves = tuple(moves)
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
        """Judge ``card`` in this position, as a click on it does; returns the verdict.

        ``card`` is a Card or its code as the game writes it (``QS``; ``12H`` in Diamonds);
        a card not in the hand is judged too (the rules say why it cannot be played)."""
        move = playing(card, self._moves, self.game)
        card = card_of(move)
        assert card is not None
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


__all__ = ["TryCard"]
