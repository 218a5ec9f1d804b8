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
face up (a teacher's view), so the learner sees what a move took from whom.  The widgets
stand on the shared :class:`~cardlib.widgets.base.TeachingWidget` (message line, errors
shown in it); a Diam's scene is no trick, so the trick-game steps do not apply.  For tests,
each widget's state is plain Python (``verdict``, ``outcomes``, ``after``) and methods set
what a click sets; for browser tests each control carries a ``diams-*`` CSS class.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from cardlib.diams import cards as c
from cardlib.diams import moves as m
from cardlib.diams.state import DiamsState
from cardlib.protocol import Explanation
from cardlib.render.diams import state_html
from cardlib.widgets.base import TeachingWidget, add_classes

__all__ = ["MarketVisit", "MoveTrial", "SecureChooser", "verdict_html"]

_AUTO = {"width": "auto"}


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


class _Step(TeachingWidget):
    """What every step has: a scripted game in progress, a message line, a picture of the
    table with every card face up."""

    def __init__(self, state: DiamsState, css: str):
        if not isinstance(state, DiamsState) or state.is_over:
            raise ValueError(f"a Diam's step needs a game in progress, got {state!r}")
        super().__init__("diams-step", css, prefix="diams")
        self.state = state
        self.picture = add_classes(widgets.HTML(state_html(state)), "diams-picture")

    def _lay_out(self, controls: Sequence[widgets.Widget]) -> None:
        self.children = [*controls, self.message, self.picture]

    def _toggle(self, label: str, css: str, action: Callable[[], object]) -> widgets.Widget:
        """A card the learner picks and unpicks; ``action`` runs on each change."""
        toggle = add_classes(widgets.ToggleButton(description=label, layout=_AUTO),
                             *css.split())
        self.on_change(toggle, lambda _value: action())
        return toggle

    def _pick(self, toggles: Sequence[widgets.ToggleButton], kinds: Sequence[int],
              codes: Sequence[str], where: str) -> None:
        """Set ``toggles`` (one per card of ``kinds``) to the cards ``codes`` name."""
        with self.quietly():
            for toggle in toggles:
                toggle.value = False
            for kind in (c.parse_kind(code) for code in codes):
                toggle = next((t for t, k in zip(toggles, kinds, strict=True)
                               if k == kind and not t.value), None)
                if toggle is None:
                    raise ValueError(f"{where} holds no more {c.label(kind)} to pick")
                toggle.value = True


class MarketVisit(_Step):
    """Go to the market with a card and see what you could take (see the module docs).

    ``state`` is a game in phase 2 (after the draw).  ``choose_card("7")`` does what a
    click on the hand's 7 does; ``select(["3", "4*"])`` picks market cards and
    ``try_sum()`` asks the engine about taking them; ``go(move)`` plays an outcome.
    """

    def __init__(self, state: DiamsState):
        if state.phase != "play":
            raise ValueError("a market visit happens in phase 2: draw first "
                             f"(the game is in phase {state.phase!r})")
        super().__init__(state, "diams-visit")
        self.card: int | None = None
        self.outcomes: list[tuple[m.Move, Explanation]] = []
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        hand = state.hands[state.turn]
        self.hand_kinds = [k for k in c.DIAMONDS if hand[k]]
        self.hand_buttons = [
            self.button(c.label(k), functools.partial(self.choose_card, k), "diams-visit-card",
                        f"diams-card-{css_code(k)}", layout=_AUTO)
            for k in self.hand_kinds]
        self.market_kinds = c.kinds_in(state.market)
        self.market_buttons = [
            self._toggle(c.label(k), f"diams-visit-market diams-card-{css_code(k)}",
                         lambda: self.say(""))
            for k in self.market_kinds]
        self.try_button = self.button("Try these as a sum", self.try_sum, "diams-visit-try",
                                      layout=_AUTO)
        self.outcome_box = add_classes(widgets.HTML(), "diams-visit-outcomes")
        self.sum_box = add_classes(widgets.HTML(), "diams-visit-sum")
        self._lay_out([
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
        if kind not in self.hand_kinds:
            raise ValueError(f"your hand holds no {c.label(kind)} to take to the market")
        self.card = kind
        order = {"colour": 0, "sum": 1, "none": 2}
        moves = sorted((move for move in self.state.legal_moves()
                        if move.verb == m.MARKET and move.card == kind),
                       key=lambda move: (order[move.outcome], move))
        self.outcomes = [(move, self.state.explain(move)) for move in moves]
        sums = sum(1 for move, _ in self.outcomes if move.outcome == "sum")
        self.outcome_box.value = (
            f"<div>With your <b>{escape(c.label(kind))}</b> you could come back with "
            f"({sums} way{'s' if sums != 1 else ''} to make the sum):</div>"
            + "".join(self._outcome_line(move, why) for move, why in self.outcomes))
        for button, k in zip(self.hand_buttons, self.hand_kinds, strict=True):
            button.button_style = "info" if k == kind else ""
        self.say("")

    @staticmethod
    def _outcome_line(move: m.Move, why: Explanation) -> str:
        taken = {"colour": "all of its colour", "none": "nothing",
                 "sum": "a sum"}[move.outcome]
        return (f"<div class='diams-outcome' data-diams-move='{escape(str(move))}'>"
                f"• <b>{taken}</b>: {escape(why.text)} <small><code>[{why.rule}]</code>"
                "</small></div>")

    def select(self, codes: Sequence[str]) -> None:
        """Pick these market cards (codes, one per copy), as clicks would."""
        self._pick(self.market_buttons, self.market_kinds, codes, "the market")

    @property
    def selected(self) -> tuple[int, ...]:
        return tuple(sorted(k for b, k in zip(self.market_buttons, self.market_kinds,
                                              strict=True) if b.value))

    def try_sum(self) -> Explanation:
        """Ask the engine about taking the picked market cards with the chosen card."""
        if self.card is None:
            raise ValueError("no card chosen: pick the card you go to the market with")
        if not self.selected:
            raise ValueError("no market card picked: pick one or more first")
        move = m.market(self.card, "sum", self.selected)
        self.verdict = self.state.explain(move)
        self.sum_box.value = verdict_html(str(move), self.verdict)
        return self.verdict

    def go(self, move: str | m.Move) -> DiamsState:
        """Play one outcome and show the table after it (the scene itself stays)."""
        self.after = self.state.apply(move)
        self.picture.value = state_html(self.after)
        return self.after


class SecureChooser(_Step):
    """Pick cards from your hand; see whether they may go into your safe, and why.

    ``choose(["5", "5", "5*"])`` picks cards as clicks do; ``verdict`` is the engine's
    explanation of securing them (None while nothing is picked); ``secure()`` plays it
    when it is legal.
    """

    def __init__(self, state: DiamsState):
        if state.phase != "play":
            raise ValueError(f"securing is phase 2: draw first (phase {state.phase!r})")
        super().__init__(state, "diams-secure")
        self.kinds = [k for k in c.kinds_in(state.hands[state.turn]) if c.is_diamond(k)]
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        self.buttons = [self._toggle(c.label(k),
                                     f"diams-secure-card diams-card-{css_code(k)}",
                                     self._judge) for k in self.kinds]
        self.verdict_box = add_classes(widgets.HTML(), "diams-secure-verdict")
        self.secure_button = self.button("Secure them", self.secure, "diams-secure-go",
                                         layout=_AUTO)
        self._lay_out([
            widgets.HTML("<b>Pick the cards to put into your safe:</b>"),
            widgets.HBox(self.buttons, layout={"flex_flow": "row wrap"}),
            self.verdict_box, widgets.HBox([self.secure_button]),
        ])
        self._judge()

    @property
    def move(self) -> m.Move:
        return m.secure(tuple(k for b, k in zip(self.buttons, self.kinds, strict=True)
                              if b.value))

    def choose(self, codes: Sequence[str]) -> Explanation | None:
        """Pick exactly these cards of the hand; the verdict on securing them."""
        self._pick(self.buttons, self.kinds, codes, "your hand")
        return self._judge()

    def _judge(self) -> Explanation | None:
        move = self.move
        self.verdict = self.state.explain(move) if move.cards else None
        self.verdict_box.value = (verdict_html(str(move), self.verdict) if self.verdict
                                  is not None else "<i>no card picked yet</i>")
        self.secure_button.disabled = self.verdict is None or not self.verdict.legal
        return self.verdict

    def secure(self) -> DiamsState | None:
        """Secure the picked cards (only a legal selection; the scene stays)."""
        if self.verdict is None or not self.verdict.legal:
            self.say("Only a legal selection can be secured.", kind="illegal")
            return None
        self.after = self.state.apply(self.move)
        self.picture.value = state_html(self.after)
        self.say("Secured: see the safe below.")
        return self.after


class MoveTrial(_Step):
    """A row of moves, written out; click one to see its verdict and the table after it.

    ``moves`` are move texts (``"drill 1 7*"``), legal or not; ``try_move(text)`` does
    what a click does.  The scene itself never changes: each try starts from it.
    """

    def __init__(self, state: DiamsState, moves: Sequence[str], *, title: str = ""):
        super().__init__(state, "diams-trial")
        game = state.game
        self.moves = [str(game.parse_move(text)) for text in moves]
        self.verdict: Explanation | None = None
        self.after: DiamsState | None = None
        self.buttons = [
            self.button(game.move_label(game.parse_move(text)),
                        functools.partial(self.try_move, text), "diams-trial-move",
                        "diams-move-" + text.replace(" ", "-").replace("*", "p"),
                        layout=_AUTO, tooltip=text)
            for text in self.moves]
        self.verdict_box = add_classes(widgets.HTML(), "diams-trial-verdict")
        head = [widgets.HTML(f"<b>{escape(title)}</b>")] if title else []
        self._lay_out([*head, widgets.HBox(self.buttons, layout={"flex_flow": "row wrap"}),
                       self.verdict_box])

    def try_move(self, text: str) -> Explanation:
        move = self.state.game.parse_move(text)
        self.verdict = self.state.explain(move)
        self.verdict_box.value = verdict_html(str(move), self.verdict)
        if self.verdict.legal:
            self.after = self.state.apply(move)
            news = [line for line in self.after.log if line not in self.state.log]
            self.say("<br>".join(escape(line) for line in news))
            self.picture.value = state_html(self.after)
        else:
            self.after = None
            self.say_refused(self.verdict)
            self.picture.value = state_html(self.state)
        return self.verdict
