"""Diam's teaching steps: try a move and see what the rules say, before a whole game.

Three small widgets, each built on one scripted table (``game.from_position``):

* :class:`MarketVisit`: pick a card from your hand and see every way you could come back
  from the market with it (all of its colour, each set of cards adding up to its digit,
  or nothing); pick market cards yourself and try them as a sum;
* :class:`SecureChooser`: pick cards from your hand and see at once whether they may go
  into your safe, and which rule says so;
* :class:`MoveTrial`: a row of moves written out (draws, special cards, discards …);
  click one to see the verdict and, when it is legal, the table after it.

Nothing here decides a rule: every verdict is the engine's own ``explain`` (with its rule
id), and every table after a move is the engine's own ``apply``.  Pictures show every card
face up (a teacher's view), so the learner sees what a move took from whom.  For tests,
each widget's state is plain Python (``verdict``, ``outcomes``, ``after``) and methods set
what a click sets; for browser tests each control carries a ``diams-*`` CSS class.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib.diams import cards as c
from cardlib.diams import moves as m
from cardlib.diams.state import DiamsState
from cardlib.protocol import Explanation
from cardlib.render.diams import state_html

__all__ = ["MarketVisit", "MoveTrial", "SecureChooser", "verdict_html"]


def css_code(kind: int) -> str:
    """A card code fit for a CSS class: ``7``, ``7p`` (pure), ``drill``."""
    return c.code(kind).replace("*", "p")


def verdict_html(move: str, why: Explanation) -> str:
    """One verdict: the move, legal or not, the engine's words and its rule id."""
    colour = "#1b8a3a" if why.legal else "#b00020"
    word = "legal" if why.legal else "refused"
    return (f"<div class='diams-verdict' data-diams-legal='{str(why.legal).lower()}' "
            f"style='margin:2px 0'><b style='color:{colour}'>{word}</b> "
            f"<code>{escape(move)}</code>: {escape(why.text)} "
            f"<small><code>[{escape(why.rule)}]</code></small></div>")


def _shown(method: Callable[..., Any]) -> Callable[..., Any]:
    """Show an exception from a callback in the widget's message line (a callback's
    traceback would otherwise vanish into the browser console)."""

    @functools.wraps(method)
    def wrapper(self: _Step, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - shown to the learner
            self.message.value = (f"<b style='color:#b00020'>Error</b> "
                                  f"{escape(type(exc).__name__)}: {escape(str(exc))}")
            return None

    return wrapper


class _Step(widgets.VBox):
    """What every step has: a scripted state in phase 2 or 1, a message line, a picture."""

    css = "diams-step"

    def __init__(self, state: DiamsState, children: Sequence[widgets.Widget]):
        if not isinstance(state, DiamsState) or state.is_over:
            raise ValueError(f"a Diam's step needs a game in progress, got {state!r}")
        self.state = state
        self.message = widgets.HTML()
        self.message.add_class("diams-message")
        self.picture = widgets.HTML(state_html(state))
        self.picture.add_class("diams-picture")
        super().__init__([*children, self.message, self.picture])
        self.add_class("diams-step")
        self.add_class(self.css)

    def _button(self, label: str, css: str, on_click: Callable[[], None],
                toggle: bool = False) -> widgets.Widget:
        if toggle:
            button = widgets.ToggleButton(description=label, layout={"width": "auto"})
            button.observe(lambda _change: _shown(lambda self_: on_click())(self), "value")
        else:
            button = widgets.Button(description=label, layout={"width": "auto"})
            button.on_click(lambda _b: _shown(lambda self_: on_click())(self))
        for name in css.split():
            button.add_class(name)
        return button


class MarketVisit(_Step):
    """Go to the market with a card and see what you could take (see the module docs).

    ``state`` is a game in phase 2 (after the draw).  ``choose_card("7")`` does what a
    click on the hand's 7 does; ``select(["3", "4*"])`` picks market cards and
    ``try_sum()`` asks the engine about taking them; ``go(move)`` plays an outcome.
    """

    css = "diams-visit"

    def __init__(self, state: DiamsState):
        if state.phase != "play":
            raise ValueError("a market visit happens in phase 2: draw first "
                             f"(the game is in phase {state.phase!r})")
        self.card: int | None = None
        self.outcomes: list[tuple[m.Move, Explanation]] = []
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        seat = state.turn
        self.hand_buttons = [
            self._button(c.label(k), f"diams-visit-card diams-card-{css_code(k)}",
                         functools.partial(self.choose_card, k))
            for k in c.DIAMONDS if state.hands[seat][k]]
        self.market_buttons = [
            self._button(c.label(k), f"diams-visit-market diams-card-{css_code(k)}",
                         self._show, toggle=True)
            for k in c.kinds_in(state.market)]
        self.market_kinds = c.kinds_in(state.market)
        self.try_button = self._button("Try these as a sum", "diams-visit-try", self.try_sum)
        self.outcome_box = widgets.HTML()
        self.outcome_box.add_class("diams-visit-outcomes")
        self.sum_box = widgets.HTML()
        self.sum_box.add_class("diams-visit-sum")
        super().__init__(state, [
            widgets.HTML("<b>1. Go to the market with a card from your hand:</b>"),
            widgets.HBox(self.hand_buttons),
            self.outcome_box,
            widgets.HTML("<b>2. Or pick market cards and try them as a sum:</b>"),
            widgets.HBox(self.market_buttons, layout={"flex_flow": "row wrap"}),
            widgets.HBox([self.try_button]), self.sum_box,
        ])

    def choose_card(self, kind: int | str) -> None:
        """Go to the market with ``kind`` (a kind or a code): list every outcome."""
        kind = c.parse_kind(kind) if isinstance(kind, str) else kind
        hand = self.state.hands[self.state.turn]
        if not c.is_diamond(kind) or not hand[kind]:
            raise ValueError(f"your hand holds no {c.label(kind)} to take to the market")
        self.card = kind
        moves = [move for move in self.state.legal_moves()
                 if move.verb == m.MARKET and move.card == kind]
        order = {"colour": 0, "sum": 1, "none": 2}
        moves.sort(key=lambda move: (order[move.outcome], move))
        self.outcomes = [(move, self.state.explain(move)) for move in moves]
        lines = "".join(self._outcome_line(move, why) for move, why in self.outcomes)
        sums = sum(1 for move, _ in self.outcomes if move.outcome == "sum")
        self.outcome_box.value = (
            f"<div>With your <b>{escape(c.label(kind))}</b> you could come back with "
            f"({sums} way{'s' if sums != 1 else ''} to make the sum):</div>{lines}")
        for button, k in zip(self.hand_buttons, [k for k in c.DIAMONDS if hand[k]],
                             strict=True):
            button.button_style = "info" if k == kind else ""
        self._show()

    def _outcome_line(self, move: m.Move, why: Explanation) -> str:
        taken = {"colour": "all of its colour", "none": "nothing",
                 "sum": "a sum"}[move.outcome]
        return (f"<div class='diams-outcome' data-diams-move='{escape(str(move))}'>"
                f"• <b>{taken}</b>: {escape(why.text)} <small><code>[{why.rule}]</code>"
                "</small></div>")

    def select(self, codes: Sequence[str]) -> None:
        """Pick these market cards (codes, each once per copy), as clicks would."""
        wanted = [c.parse_kind(code) for code in codes]
        for button in self.market_buttons:
            button.value = False
        for kind in wanted:
            button = next((b for b, k in zip(self.market_buttons, self.market_kinds,
                                             strict=True) if k == kind and not b.value), None)
            if button is None:
                raise ValueError(f"the market holds no more {c.label(kind)} to pick")
            button.value = True

    @property
    def selected(self) -> tuple[int, ...]:
        return tuple(sorted(k for b, k in zip(self.market_buttons, self.market_kinds,
                                              strict=True) if b.value))

    def try_sum(self) -> Explanation:
        """Ask the engine about taking the picked market cards with the chosen card."""
        if self.card is None:
            self.message.value = "First pick the card you go to the market with."
            raise ValueError("no card chosen: pick one from your hand first")
        if not self.selected:
            self.message.value = "Pick one or more market cards first."
            raise ValueError("no market card picked")
        move = m.market(self.card, "sum", self.selected)
        self.verdict = self.state.explain(move)
        self.sum_box.value = verdict_html(str(move), self.verdict)
        return self.verdict

    def go(self, move: str | m.Move) -> DiamsState:
        """Play one outcome and show the table after it (the scene itself stays)."""
        self.after = self.state.apply(move)
        self.picture.value = state_html(self.after)
        return self.after

    def _show(self) -> None:
        self.message.value = ""


class SecureChooser(_Step):
    """Pick cards from your hand; see whether they may go into your safe, and why.

    ``choose(["5", "5", "5*"])`` picks cards as clicks do; ``verdict`` is the engine's
    explanation of securing them; ``secure()`` plays it when it is legal.
    """

    css = "diams-secure"

    def __init__(self, state: DiamsState):
        if state.phase != "play":
            raise ValueError(f"securing is phase 2: draw first (phase {state.phase!r})")
        self.kinds = [k for k in c.kinds_in(state.hands[state.turn]) if c.is_diamond(k)]
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        self.buttons = [self._button(c.label(k), f"diams-secure-card diams-card-{css_code(k)}",
                                     self._judge, toggle=True) for k in self.kinds]
        self.verdict_box = widgets.HTML()
        self.verdict_box.add_class("diams-secure-verdict")
        self.secure_button = self._button("Secure them", "diams-secure-go", self.secure)
        super().__init__(state, [
            widgets.HTML("<b>Pick the cards to put into your safe:</b>"),
            widgets.HBox(self.buttons, layout={"flex_flow": "row wrap"}),
            self.verdict_box, widgets.HBox([self.secure_button]),
        ])
        self._judge()

    @property
    def move(self) -> m.Move:
        return m.secure(tuple(k for b, k in zip(self.buttons, self.kinds, strict=True)
                              if b.value))

    def choose(self, codes: Sequence[str]) -> Explanation:
        wanted = [c.parse_kind(code) for code in codes]
        self._quiet = True
        for button in self.buttons:
            button.value = False
        for kind in wanted:
            button = next((b for b, k in zip(self.buttons, self.kinds, strict=True)
                           if k == kind and not b.value), None)
            if button is None:
                raise ValueError(f"your hand holds no more {c.label(kind)} to pick")
            button.value = True
        self._quiet = False
        return self._judge()

    def _judge(self) -> Explanation:
        if getattr(self, "_quiet", False):
            return self.verdict  # type: ignore[return-value]
        move = self.move
        if not move.cards:
            self.verdict = None
            self.verdict_box.value = "<i>no card picked yet</i>"
            return None  # type: ignore[return-value]
        self.verdict = self.state.explain(move)
        self.verdict_box.value = verdict_html(str(move), self.verdict)
        self.secure_button.disabled = not self.verdict.legal
        return self.verdict

    def secure(self) -> DiamsState | None:
        if self.verdict is None or not self.verdict.legal:
            self.message.value = "Only a legal selection can be secured."
            return None
        self.after = self.state.apply(self.move)
        self.picture.value = state_html(self.after)
        self.message.value = "Secured: see the safe below."
        return self.after


class MoveTrial(_Step):
    """A row of moves, written out; click one to see its verdict and the table after it.

    ``moves`` are move texts (``"drill 1 7*"``), legal or not; ``try_move(text)`` does
    what a click does.  The scene itself never changes: each try starts from it.
    """

    css = "diams-trial"

    def __init__(self, state: DiamsState, moves: Sequence[str], *, title: str = ""):
        self.moves = [str(state.game.parse_move(text)) for text in moves]
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        self.buttons = [self._button(state.game.move_label(state.game.parse_move(text)),
                                     "diams-trial-move", functools.partial(self.try_move,
                                                                           text))
                        for text in self.moves]
        for button, text in zip(self.buttons, self.moves, strict=True):
            button.tooltip = text
            button.add_class("diams-move-" + text.replace(" ", "-").replace("*", "p"))
        self.verdict_box = widgets.HTML()
        self.verdict_box.add_class("diams-trial-verdict")
        head = [widgets.HTML(f"<b>{escape(title)}</b>")] if title else []
        super().__init__(state, [*head, widgets.HBox(self.buttons,
                                                     layout={"flex_flow": "row wrap"}),
                                 self.verdict_box])

    def try_move(self, text: str) -> Explanation:
        move = self.state.game.parse_move(text)
        self.verdict = self.state.explain(move)
        self.verdict_box.value = verdict_html(str(move), self.verdict)
        if self.verdict.legal:
            self.after = self.state.apply(move)
            news = [line for line in self.after.log if line not in self.state.log]
            self.message.value = "<br>".join(escape(line) for line in news)
            self.picture.value = state_html(self.after)
        else:
            self.after = None
            self.message.value = "Nothing moved: the table is as it was."
            self.picture.value = state_html(self.state)
        return self.verdict

