"""An explorer for Black Diamond's inner-pile rule: pick two diamonds and a card, see why.

The notebook on the arithmetic rule walks through its edge cases (an inexact quotient, a
zero difference, a sum above the king ...) with this widget.  All the reasoning lives in
:mod:`solvers.arithmetic`; the widget only reads three choices and shows that module's
answer, so what a reader sees is exactly what the tests check.

Its state is readable from Python (``verdict``, ``allowed``, ``latex``), and every control
carries a ``bd-arith-*`` CSS class so a browser test can find it on the rendered page.  An
error inside a callback shows in its message line (the teaching widgets' base).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlib.widgets.base import TeachingWidget
from solvers.arithmetic import CARD_VALUES, card_name, justifications, latex_explanation

VALUE_OPTIONS: list[tuple[str, int]] = [
    (card_name(v) if card_name(v) == str(v) else f"{card_name(v)} ({v})", v) for v in CARD_VALUES
]
"""Dropdown entries: ``A (1)``, ``2`` … ``10``, ``J (11)``, ``Q (12)``, ``K (13)``."""


class ArithmeticExplorer(TeachingWidget):
    """Two diamond pickers, a card picker, the verdict and its LaTeX reason.

    ``explorer.choose(a=2, b=6, card=12)`` sets the pickers from Python (as a reader's
    clicks would); after any change ``verdict`` is ``"allowed"`` or ``"refused"`` and
    ``latex`` holds the explanation shown.
    """

    reserve_message_line = False     # only an error is ever shown

    def __init__(self, a: int = 2, b: int = 6, card: int = 12):
        super().__init__("bd-arith-explorer", prefix="bd-arith")
        self.diamond_a = widgets.Dropdown(options=VALUE_OPTIONS, value=a,
                                          description="Diamond a")
        self.diamond_b = widgets.Dropdown(options=VALUE_OPTIONS, value=b,
                                          description="Diamond b")
        self.card = widgets.Dropdown(options=VALUE_OPTIONS, value=card,
                                     description="Black card")
        self.verdict_label = widgets.Label(value="")
        self.explanation = widgets.HTMLMath(value="")
        self.allowed_row = widgets.HTML(value="")
        for control, css in (
            (self.diamond_a, "bd-arith-a"),
            (self.diamond_b, "bd-arith-b"),
            (self.card, "bd-arith-card"),
            (self.verdict_label, "bd-arith-verdict"),
            (self.explanation, "bd-arith-explanation"),
            (self.allowed_row, "bd-arith-allowed-values"),
        ):
            control.add_class(css)
        self.verdict = ""
        self.allowed = False
        self.latex = ""
        self.children = [
            widgets.HBox([self.diamond_a, self.diamond_b, self.card]),
            self.verdict_label,
            self.explanation,
            self.allowed_row,
            self.message,
        ]
        for control in (self.diamond_a, self.diamond_b, self.card):
            self.on_change(control, self._on_change)
        self._refresh()

    def choose(self, a: int | None = None, b: int | None = None,
               card: int | None = None) -> ArithmeticExplorer:
        """Set any of the pickers, as a reader would; returns the explorer for chaining.

        A value outside 1..13 is refused by the dropdown itself (a ``TraitError`` naming
        it), and the explorer keeps showing the previous choice.
        """
        for control, value in ((self.diamond_a, a), (self.diamond_b, b), (self.card, card)):
            if value is not None:
                control.value = value
        return self

    def _on_change(self, _value: int) -> None:
        self._refresh()

    def _refresh(self) -> None:
        a, b, v = self.diamond_a.value, self.diamond_b.value, self.card.value
        found = justifications(a, b)
        self.allowed = v in found
        self.verdict = "allowed" if self.allowed else "refused"
        self.latex = latex_explanation(v, a, b)
        self.verdict_label.value = (
            f"{card_name(v)} between {card_name(a)}♦ and {card_name(b)}♦: {self.verdict}"
        )
        for css in ("bd-arith-allowed", "bd-arith-refused"):
            self.verdict_label.remove_class(css)
        self.verdict_label.add_class(f"bd-arith-{self.verdict}")
        self.explanation.value = self.latex
        names = ", ".join(escape(card_name(value)) for value in found)
        self.allowed_row.value = (
            f"<small>Every card allowed between {escape(card_name(a))}♦ and "
            f"{escape(card_name(b))}♦: {names}</small>"
        )
