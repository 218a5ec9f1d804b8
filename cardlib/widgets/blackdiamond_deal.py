"""Your own Black Diamond deal: type it as it lies on the table, see where each card goes.

A puzzle-solver who shuffled a real deck wants to play (or solve) *that* deal.  The box
takes the deal as two lines of card codes, ``diamonds: 7D 5D TD …`` and ``black: AC 4C …``
(any case, ``10`` for ``T``; the JSON form is read too), and the picture beside it shows,
as the text is typed, where each card will go: diamonds 1-4 on N, E, S, W, then the
diamond deck top first; black 1-2 the hand, then the black deck top first
(:data:`cardlib.blackdiamond.deal.DEAL_ORDER`).  Pressing the button reads the deal with
:meth:`~cardlib.blackdiamond.Deal.parse`: a deal with mistakes is refused with every
problem listed at once (a missing card, a repeated one, a wrong count, a code that is no
card), and nothing changes until it is right.

:meth:`DealBox.for_table` loads the deal into a :class:`~cardlib.widgets.table.GameTable`
(whose seed box then says "your deal"); the solver explorer of notebook 05 uses the same box.
For tests, ``box.use(text)`` does what typing and the button do, ``box.deal`` is the deal
last used and ``box.problems`` the problems last found; the controls carry ``bd-deal-*``
CSS classes.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlib.blackdiamond.deal import DEAL_ORDER, Deal, DealError, read_text
from cardlib.render.blackdiamond import deal_svg
from cardlib.widgets.base import TeachingWidget, add_classes

if TYPE_CHECKING:
    from cardlib.widgets.table import GameTable

EXAMPLE = ("diamonds: 7D 5D TD KD  QD 2D 8D 4D AD JD 6D 3D 9D\n"
           "black: AC 4C  2C 3C 9S 7C 6C 9C 8C QC 4S 5C KC JC KS JS 2S AS 5S 6S TS 3S QS TC "
           "8S 7S")
"""The box's placeholder: a whole deal (seed 3153's), in the form the box reads."""

YOUR_DEAL = "your deal"
"""What a seed box says while a pasted deal is played."""


def order_html() -> str:
    """What the place of each card means, as a short list under the picture."""
    rows = "".join(f"<li><b>{escape(where)}</b>: {escape(what)}</li>" for where, what in DEAL_ORDER)
    return f"<ul style='margin:2px 0;padding-left:1.2em;font-size:90%'>{rows}</ul>"


class DealBox(TeachingWidget):
    """A text box for a deal, a live picture of where its cards go, and a button that uses
    it: ``on_deal(deal)`` runs with the checked :class:`~cardlib.blackdiamond.Deal`."""

    def __init__(self, on_deal: Callable[[Deal], Any] | None = None, *, text: str = "",
                 label: str = "Play this deal", prefix: str = "bd-deal"):
        super().__init__("bd-deal-box", prefix=prefix)
        self.on_deal = on_deal
        self.deal: Deal | None = None
        self.problems: list[str] = []
        self.text = add_classes(widgets.Textarea(
            value=text, placeholder=EXAMPLE, rows=4,
            layout=widgets.Layout(width="100%", min_width="360px", height="6em")),
            "bd-deal-text")
        self.use_button = self.button(label, self.use, "bd-deal-use", button_style="primary",
                                      layout={"width": "auto"})
        self.picture = add_classes(widgets.HTML(), "bd-deal-picture")
        help_text = widgets.HTML(
            "<small>Type or paste a deal as it lies on the table: a <code>diamonds:</code> "
            "line and a <code>black:</code> line of card codes (<code>7D</code>, "
            "<code>qs</code>, <code>10C</code>), in this order:</small>" + order_html())
        self.children = [widgets.HBox([
            widgets.VBox([help_text, self.text, self.use_button, self.message],
                         layout=widgets.Layout(width="44%")),
            self.picture])]
        self.on_change(self.text, lambda _text: self._draw())
        self._draw()

    @classmethod
    def for_table(cls, table: GameTable, **kwargs: Any) -> DealBox:
        """A box whose button deals the typed deal on ``table`` (a Black Diamond table)."""
        game = table.game
        if getattr(game, "name", None) != "black-diamond":
            raise ValueError(f"a Black Diamond deal cannot be played on {game!r}")

        def play(deal: Deal) -> None:
            state = game.from_deal(deal, **dict(getattr(table, "options", {}) or {}))
            table.start_deal(state, YOUR_DEAL)

        return cls(play, **kwargs)

    def use(self, text: str | None = None) -> Deal | None:
        """Read the box (or ``text``, which goes into the box) and hand the deal on; a deal
        with mistakes lists them all in the message line and returns None."""
        if text is not None:
            with self.quietly():
                self.text.value = text
            self._draw()
        try:
            deal = Deal.parse(self.text.value)
        except DealError as exc:
            self.problems = list(exc.problems)
            items = "".join(f"<li>{escape(p)}</li>" for p in self.problems)
            count = len(self.problems)
            self.say(f"<b>Not a deal yet</b> — {count} problem{'s' if count > 1 else ''}:"
                     f"<ul style='margin:2px 0'>{items}</ul>", "error")
            return None
        self.problems = []
        self.deal = deal
        if self.on_deal is not None:
            self.on_deal(deal)
        self.say("Dealt: <b>your deal</b>.")
        return deal

    def show(self, deal: Deal) -> None:
        """Show ``deal`` in the box and the picture (a deal dealt some other way, by seed),
        without using it."""
        with self.quietly():
            self.text.value = deal.to_text()
        self.problems = []
        self.say("")
        self._draw()

    def _draw(self) -> None:
        """The picture of the text as typed so far (JSON is drawn once it reads whole)."""
        value = self.text.value
        if value.lstrip().startswith("{"):
            try:
                deal = Deal.parse(value)
                diamonds, black = list(deal.diamonds), list(deal.black)
            except DealError:
                diamonds, black = [], []
        else:
            typed = read_text(value)
            diamonds, black = typed.diamonds, typed.black
        placed = sum(card is not None for card in [*diamonds, *black])
        self.picture.value = (f"<div data-bd-deal-cards='{placed}'>"
                              f"{deal_svg(diamonds, black)}</div>")


__all__ = ["EXAMPLE", "YOUR_DEAL", "DealBox", "order_html"]
