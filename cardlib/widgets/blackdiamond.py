"""A placement checker for Black Diamond: pick a black card and the diamonds, see where it fits.

The teaching notebook introduces the placement rules one at a time.  A learner understands
a rule fastest by trying cards against it, so this widget lets them pick a black card
(value and suit), the four diamonds at N, E, S, W and, for suit alternation, the top card
of a pile; every pile of the board picture is then outlined green (the card may go there)
or red (it may not), and a table gives the engine's own words and rule id for each pile.

Nothing here decides a rule.  Every verdict is
:func:`cardlib.blackdiamond.rules.check_placement`, the same function the game engine and
the solver rely on, so what the widget shows cannot drift from how the game is played.

Two choices would describe a board no deck can produce, and the widget keeps the board
real instead of silently checking an impossible one:

* the four diamonds are four different cards of one suit, so picking a value that another
  position already holds makes the two positions *swap* diamonds;
* a black card cannot be in the hand and on a pile at once, so a choice that would put the
  same card in both places is *refused*: the control goes back and the message says why.

For tests, the widget's state is plain Python (``card``, ``diamonds``, ``tops``,
``verdicts``, ``fits``) and :meth:`PlacementChecker.choose` sets any control as a click
would; for browser tests every control carries a ``bd-check-*`` CSS class.  It stands on
the teaching widgets' base (:mod:`cardlib.widgets.base`): an error inside a callback
shows in its message line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

import ipywidgets as widgets

from cardlib.blackdiamond.deal import BLACK_CARDS
from cardlib.blackdiamond.rules import PILE_BY_NAME, PILE_NAMES, POSITIONS, check_placement
from cardlib.blackdiamond.state import BlackDiamondView
from cardlib.cards import Card, parse_card
from cardlib.protocol import Explanation
from cardlib.render.blackdiamond import board_svg
from cardlib.svg import card_svg
from cardlib.widgets.base import TeachingWidget, swap_class

_RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}

VALUE_OPTIONS: list[tuple[str, int]] = [
    (f"{_RANK[v]} ({v})" if v in _RANK else str(v), v) for v in range(1, 14)
]
"""Dropdown entries for a card value: ``A (1)``, ``2`` … ``10``, ``J (11)`` … ``K (13)``:
the learner sees the card's face and the number the arithmetic uses."""

SUIT_OPTIONS: list[tuple[str, str]] = [("♠ spade", "S"), ("♣ club", "C")]

EMPTY = "-"
"""The top-card dropdown's entry for an empty pile."""

TOP_OPTIONS: list[tuple[str, str]] = [("(empty pile)", EMPTY)] + [
    (card.label, card.code) for card in sorted(BLACK_CARDS, key=lambda c: (c.suit, c.rank))
]

SCALE = 0.72
"""The checker's board is drawn smaller than the game table's, to leave room for the
pile-by-pile reasons beside it."""


def _diamond(value: int | str | Card) -> Card:
    """A diamond from a value (``6``) or a code (``"6D"``); anything else is refused."""
    if isinstance(value, bool):
        raise ValueError(f"bad diamond {value!r}: give a value 1..13 or a code like '6D'")
    if isinstance(value, int):
        if not 1 <= value <= 13:
            raise ValueError(f"bad diamond value {value}: diamonds run from A (1) to K (13)")
        return Card(value, "D")
    card = parse_card(value)
    if card.suit != "D" or card.rank > 13:
        raise ValueError(f"bad diamond {value!r}: {card} is not one of the 13 diamonds")
    return card


def _black(value: str | Card) -> Card:
    """A black card from a code (``"QS"``); a red card or a bad code is refused by name."""
    card = parse_card(value)
    if card.suit not in "SC" or card.rank > 13:
        raise ValueError(f"bad black card {value!r}: {card} is not a spade or a club")
    return card


def _twice(card: Card, tops: Mapping[str, Card | None]) -> str | None:
    """Why this board cannot exist, if a card would lie in two places (each card exists
    once); None when every card is in one place."""
    where: dict[Card, list[str]] = {card: ["in your hand"]}
    for name, top in tops.items():
        if top is not None:
            where.setdefault(top, []).append(f"on top of {name}")
    for twice, places in where.items():
        if len(places) > 1:
            return (f"There is only one {twice.label}: it cannot be both "
                    f"{' and '.join(places)}.")
    return None


class PlacementChecker(TeachingWidget):
    """Pick a black card, the diamonds and pile tops; see every pile's verdict and why.

    ``card`` is a code (``"QS"``), ``diamonds`` four values or codes for N, E, S, W,
    ``pile`` the pile whose verdict is shown first (and whose top card the top picker
    edits), ``tops`` the top card of any pile (``{"NE": "4S"}``), ``arithmetic_centre``
    the variant reading of the centre rule.  Bad arguments raise ``ValueError`` naming them.
    """

    reserve_message_line = False     # a note is rare: no empty line between the controls

    def __init__(
        self,
        card: str | Card = "QS",
        diamonds: Sequence[int | str | Card] = (2, 6, 9, 13),
        *,
        pile: str = "NE",
        tops: Mapping[str, str | Card] | None = None,
        arithmetic_centre: bool = False,
    ):
        super().__init__("bd-check", prefix="bd-check")
        self.card: Card = _black(card)
        self.diamonds: tuple[Card, ...] = self._checked_diamonds(diamonds)
        self.tops: dict[str, Card | None] = dict.fromkeys(PILE_NAMES)
        self.tops.update(self._checked_tops(tops or {}))
        twice = _twice(self.card, self.tops)
        if twice:
            raise ValueError(twice)
        self.pile: str = self._checked_pile(pile)
        self.arithmetic_centre = bool(arithmetic_centre)
        self.verdicts: dict[str, Explanation] = {}
        self.note = ""

        self.value_picker = widgets.Dropdown(options=VALUE_OPTIONS, description="Card",
                                             layout={"width": "170px"})
        self.suit_picker = widgets.ToggleButtons(options=SUIT_OPTIONS,
                                                 style={"button_width": "80px"})
        self.diamond_pickers = {
            pos: widgets.Dropdown(options=VALUE_OPTIONS, description=f"{pos} ♦",
                                  layout={"width": "150px"}, style={"description_width": "40px"})
            for pos in POSITIONS
        }
        self.pile_picker = widgets.ToggleButtons(options=list(PILE_NAMES),
                                                 description="Pile",
                                                 style={"button_width": "42px"})
        self.top_picker = widgets.Dropdown(options=TOP_OPTIONS, layout={"width": "250px"},
                                           style={"description_width": "90px"})
        self.arith_box = widgets.Checkbox(description="arithmetic centre (variant)",
                                          indent=False)
        self.board = widgets.HTML()
        self.verdict = widgets.HTML()
        self.table = widgets.HTML()

        controls = [
            (self.value_picker, "bd-check-value"), (self.suit_picker, "bd-check-suit"),
            (self.pile_picker, "bd-check-pile"), (self.top_picker, "bd-check-top"),
            (self.arith_box, "bd-check-arith"), (self.board, "bd-check-board"),
            (self.verdict, "bd-check-verdict"), (self.table, "bd-check-table"),
        ]
        for pos, picker in self.diamond_pickers.items():
            controls.append((picker, f"bd-check-diamond-{pos.lower()}"))
            picker.add_class("bd-check-diamond")
        for control, css in controls:
            control.add_class(css)

        self._set_controls()
        self.on_change(self.value_picker, lambda value: self._on_card(value, self.card.suit))
        self.on_change(self.suit_picker, lambda suit: self._on_card(self.card.value, suit))
        for pos, picker in self.diamond_pickers.items():
            self.on_change(picker, lambda value, pos=pos: self._on_diamond(pos, value))
        self.on_change(self.pile_picker, self._on_pile)
        self.on_change(self.top_picker, self._on_top)
        self.on_change(self.arith_box, self._on_arith)

        self.children = [
            widgets.HBox([self.value_picker, self.suit_picker]),
            widgets.HBox(list(self.diamond_pickers.values())),
            self.pile_picker,
            widgets.HBox([self.top_picker, self.arith_box]),
            self.message,
            self.verdict,
            widgets.HBox([self.board, self.table]),
        ]
        self._refresh()

    # --- what tests and the notebook read -------------------------------------------------
    @property
    def fits(self) -> list[str]:
        """The piles the card may go on now, in board order."""
        return [name for name in PILE_NAMES if self.verdicts[name].legal]

    def choose(
        self,
        *,
        card: str | Card | None = None,
        diamonds: Sequence[int | str | Card] | None = None,
        pile: str | None = None,
        top: str | Card | None = None,
        tops: Mapping[str, str | Card | None] | None = None,
        arithmetic_centre: bool | None = None,
    ) -> PlacementChecker:
        """Set any controls at once, as a learner's clicks would; returns the checker.

        ``top`` is the top card of ``pile`` (``"-"`` empties it); ``tops`` sets several
        piles.  Everything is checked before anything changes: a bad value raises
        ``ValueError`` naming it and the checker keeps showing the previous board.
        """
        new_card = self.card if card is None else _black(card)
        new_diamonds = self.diamonds if diamonds is None else self._checked_diamonds(diamonds)
        new_pile = self.pile if pile is None else self._checked_pile(pile)
        new_tops = dict(self.tops)
        if tops is not None:
            new_tops.update(self._checked_tops(tops))
        if top is not None:
            new_tops.update(self._checked_tops({new_pile: top}))
        twice = _twice(new_card, new_tops)
        if twice:
            raise ValueError(twice)
        self.card, self.diamonds, self.pile, self.tops = new_card, new_diamonds, new_pile, new_tops
        if arithmetic_centre is not None:
            self.arithmetic_centre = bool(arithmetic_centre)
        self.note = ""
        self._set_controls()
        self._refresh()
        return self

    # --- checking arguments (nothing changes until all are good) ---------------------------
    @staticmethod
    def _checked_diamonds(diamonds: Sequence[int | str | Card]) -> tuple[Card, ...]:
        if isinstance(diamonds, str):
            diamonds = diamonds.replace(",", " ").split()
        cards = tuple(_diamond(d) for d in diamonds)
        if len(cards) != len(POSITIONS):
            raise ValueError(f"need four diamonds for N, E, S, W; got {len(cards)}")
        repeated = sorted({c.code for c in cards if cards.count(c) > 1})
        if repeated:
            raise ValueError(f"the four diamonds must differ (one diamond suit): "
                             f"{', '.join(repeated)} appears twice")
        return cards

    @staticmethod
    def _checked_pile(pile: str) -> str:
        name = str(pile).strip().upper()
        if name not in PILE_BY_NAME:
            raise ValueError(f"unknown pile {pile!r}; piles are {', '.join(PILE_NAMES)}")
        return name

    def _checked_tops(self, tops: Mapping[str, str | Card | None]) -> dict[str, Card | None]:
        return {self._checked_pile(pile): None if top in (None, EMPTY, "") else _black(top)
                for pile, top in tops.items()}

    # --- callbacks: a learner's clicks ----------------------------------------------------
    def _on_card(self, value: int, suit: str) -> None:
        card = Card(value, suit)
        twice = _twice(card, self.tops)
        if twice:
            self._refuse(twice + " Change that top card first.")
            return
        self.card = card
        self.note = ""
        self._refresh()

    def _on_diamond(self, pos: str, new: int) -> None:
        diamonds = dict(zip(POSITIONS, self.diamonds, strict=True))
        old = diamonds[pos].value
        self.note = ""
        for other, card in diamonds.items():
            if other != pos and card.value == new:
                diamonds[other] = Card(old, "D")
                self.note = (f"There is only one {Card(new, 'D').label}: it moved from {other} "
                             f"to {pos}, and {Card(old, 'D').label} took its place at {other}.")
        diamonds[pos] = Card(new, "D")
        self.diamonds = tuple(diamonds[p] for p in POSITIONS)
        self._set_controls()
        self._refresh()

    def _on_pile(self, pile: str) -> None:
        self.pile = pile
        self.note = ""
        self._set_controls()
        self._refresh()

    def _on_top(self, code: str) -> None:
        top = None if code == EMPTY else parse_card(code)
        twice = _twice(self.card, {**self.tops, self.pile: top})
        if twice:
            self._refuse(twice)
            return
        self.tops[self.pile] = top
        self.note = ""
        self._refresh()

    def _on_arith(self, on: bool) -> None:
        self.arithmetic_centre = bool(on)
        self.note = ""
        self._refresh()

    def _refuse(self, why: str) -> None:
        """Put the controls back to the checker's board and say why the choice was refused."""
        self._set_controls()
        self.note = why
        self._show_note(refused=True)

    # --- drawing --------------------------------------------------------------------------
    def _set_controls(self) -> None:
        """Make every control show the checker's state (without firing the callbacks)."""
        with self.quietly():
            self.value_picker.value = self.card.value
            self.suit_picker.value = self.card.suit
            for pos, card in zip(POSITIONS, self.diamonds, strict=True):
                self.diamond_pickers[pos].value = card.value
            self.pile_picker.value = self.pile
            top = self.tops[self.pile]
            self.top_picker.value = EMPTY if top is None else top.code
            self.top_picker.description = f"top of {self.pile}"
            self.arith_box.value = self.arithmetic_centre

    def _refresh(self) -> None:
        """Ask the engine's rule function about every pile and redraw the answers."""
        self.verdicts = {
            name: check_placement(self.card, name, self.diamonds, self.tops[name],
                                  arithmetic_centre=self.arithmetic_centre)
            for name in PILE_NAMES
        }
        chosen = self.verdicts[self.pile]
        state = "legal" if chosen.legal else "illegal"
        swap_class(self.verdict, f"bd-check-{state}", ("bd-check-legal", "bd-check-illegal"))
        colour = "#1b8a3a" if chosen.legal else "#b00020"
        self.verdict.value = (
            f"<div data-bd-pile='{self.pile}' data-bd-legal='{str(chosen.legal).lower()}' "
            f"style='color:{colour};font-size:110%;display:flex;align-items:center;gap:10px'>"
            f"{card_svg(self.card, 40)}<span><b>{escape(self.card.label)} on {self.pile}: "
            f"{'yes' if chosen.legal else 'no'}</b> — {escape(chosen.text)} "
            f"<code>[{escape(chosen.rule)}]</code></span></div>"
        )
        highlight = {name: verdict.legal for name, verdict in self.verdicts.items()}
        self.board.value = (
            f"<div data-bd-card='{self.card.code}' data-bd-fits='{' '.join(self.fits)}'>"
            f"{board_svg(self._view(), highlight, side_panel=False, scale=SCALE)}"
            "</div>"
        )
        rows = "".join(
            f"<tr class='bd-check-row-{'legal' if v.legal else 'illegal'}'>"
            f"<td><b>{name}</b></td><td style='color:{'#1b8a3a' if v.legal else '#b00020'}'>"
            f"{'✔' if v.legal else '✘'}</td><td style='text-align:left'>{escape(v.text)}</td>"
            f"<td style='white-space:nowrap'><code>{escape(v.rule)}</code></td></tr>"
            for name, v in self.verdicts.items()
        )
        self.table.value = (f"<table style='font-size:90%'><tr><th>pile</th><th></th>"
                            f"<th>why</th><th>rule</th></tr>{rows}</table>")
        self._show_note(refused=False)

    def _show_note(self, refused: bool) -> None:
        kind = "refused" if refused else "note"
        swap_class(self.message, f"bd-check-{kind}" if self.note else None,
                   ("bd-check-refused", "bd-check-note"))
        self.say(escape(self.note), "illegal" if refused else "note")

    def _view(self) -> BlackDiamondView:
        """A board to draw: the diamonds, and each pile's top card (its only card that
        matters to the rules).  Not a game, so hand, decks and counts are left empty."""
        return BlackDiamondView(
            diamonds=self.diamonds,
            piles={name: (top,) if top is not None else () for name, top in self.tops.items()},
            hand=(self.card,), black_left=0, diamonds_left=0, next_diamond=None,
            stuck=False, placed=0, outcome=None, loss_reason=None,
        )


__all__ = ["PlacementChecker", "VALUE_OPTIONS"]
