"""Black Diamond's board as a picture: the rhombus of four diamonds and nine piles.

The grid is 5 × 5 cells: the diamonds sit on the rhombus (N top, E right, S bottom,
W left), each outer pile just outside its diamond, each inner pile between its two
diamonds, and the centre pile in the middle — the spec's reconstruction of the source's
missing figure.  Piles show every card, fanned downwards, with ``count/limit``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardlib import display
from cardlib.blackdiamond.rules import PILE_BY_NAME, PILES, POSITIONS
from cardlib.blackdiamond.state import BlackDiamondState, BlackDiamondView
from cardlib.cards import Card
from cardlib.svg import (
    BAD,
    CHALK,
    GOOD,
    GREY,
    INK,
    PILE_TINTS,
    RED,
    WARN,
    back_group,
    card_group,
    svg_document,
    svg_text,
)

CARD_W = 58
CELL_W, CELL_H = 96, 130
# (column, row) of each diamond position and each pile on the 5 × 5 grid
DIAMOND_CELLS = {"N": (2, 1), "E": (3, 2), "S": (2, 3), "W": (1, 2)}
PILE_CELLS = {
    "N": (2, 0), "E": (4, 2), "S": (2, 4), "W": (0, 2),
    "NE": (3, 1), "SE": (3, 3), "SW": (1, 3), "NW": (1, 1), "C": (2, 2),
}
KIND_COLOUR = dict(zip(("outer", "inner", "centre"), PILE_TINTS, strict=True))


def _slot(name: str, x: float, y: float, cards, highlight: bool | None) -> str:
    pile = PILE_BY_NAME[name]
    fill = KIND_COLOUR[pile.kind]
    stroke = {True: GOOD, False: BAD, None: GREY}[highlight]
    width = 4 if highlight is not None else 1.5
    parts = [
        f'<rect x="{x + 4}" y="{y + 4}" width="{CELL_W - 8}" height="{CELL_H - 8}" rx="8" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-dasharray="6 4"/>',
        svg_text(x + CELL_W / 2, y + CELL_H - 10, f"{name} {len(cards)}/{pile.limit}", 13,
                 anchor="middle"),
    ]
    step = 14 if len(cards) > 1 else 0
    left = x + (CELL_W - CARD_W) / 2
    for i, card in enumerate(cards):
        parts.append(card_group(card, left, y + 8 + i * step, CARD_W, False, None))
    return "".join(parts)


def board_svg(
    view: BlackDiamondView,
    highlight: Mapping[str, bool] | None = None,
    *,
    side_panel: bool = True,
    scale: float = 1.0,
) -> str:
    """The board: diamonds, piles (``highlight`` outlines piles green/red), hand and decks.

    ``side_panel=False`` draws the rhombus alone (for a rule checker, which is no game);
    ``scale`` resizes the picture without changing its drawing.
    """
    highlight = highlight or {}
    parts = []
    for name, (col, row) in PILE_CELLS.items():
        parts.append(_slot(name, col * CELL_W, row * CELL_H, view.piles.get(name, ()),
                           highlight.get(name)))
    for pos, card in zip(POSITIONS, view.diamonds, strict=True):
        col, row = DIAMOND_CELLS[pos]
        x, y = col * CELL_W + (CELL_W - CARD_W) / 2, row * CELL_H + 12
        parts.append(card_group(card, x, y, CARD_W, False, "gold"))
        parts.append(svg_text(col * CELL_W + CELL_W / 2, row * CELL_H + CELL_H - 10, pos, 13,
                              bold=True, anchor="middle", fill=RED))
    if not side_panel:
        width, height = 5 * CELL_W, 5 * CELL_H
        return svg_document(width, height, "".join(parts), "Black Diamond board", scale)
    side = 5 * CELL_W + 20
    parts.append(_label(side, 20, "Hand"))
    for i, card in enumerate(view.hand):
        parts.append(card_group(card, side + i * (CARD_W + 6), 30, CARD_W, False, None))
    parts.append(_label(side, 160, f"Black deck: {view.black_left}"))
    if view.black_left:
        parts.append(back_group(side, 170, CARD_W, str(view.black_left)))
    parts.append(_label(side, 300, f"Diamond deck: {view.diamonds_left}"))
    if view.diamonds_left:
        parts.append(back_group(side, 310, CARD_W, str(view.diamonds_left)))
    if view.next_diamond is not None:  # the top diamond, which a replace or clear brings
        left = side + CARD_W + 10
        parts.append(card_group(view.next_diamond, left, 310, CARD_W, False, "gold"))
        parts.append(svg_text(left + CARD_W / 2, 310 + CARD_W * 1.4 + 16, "next", 13,
                              anchor="middle", fill=INK))
    parts.append(_label(side, 460, f"Placed: {view.placed}/26"))
    if view.outcome:
        won = view.outcome == "win"
        parts.append(svg_text(side, 490, "WON" if won else "LOST", 20, bold=True,
                              fill=GOOD if won else BAD))
    elif view.stuck:  # two lines: one would run past the picture's edge
        parts.append(svg_text(side, 490, "Stuck:", 16, bold=True, fill=WARN))
        parts.append(svg_text(side, 510, "replace or clear", 15, bold=True, fill=WARN))
    width, height = side + 2 * CARD_W + 50, 5 * CELL_H
    return svg_document(width, height, "".join(parts), "Black Diamond board", scale)


def layout_svg() -> str:
    """The empty layout with each pile's name, kind and limit: the first picture to learn."""
    parts = []
    for pile in PILES:
        col, row = PILE_CELLS[pile.name]
        x, y = col * CELL_W, row * CELL_H
        middle = x + CELL_W / 2
        parts.append(
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL_W - 8}" height="{CELL_H - 8}" rx="8" '
            f'fill="{KIND_COLOUR[pile.kind]}" stroke="{GREY}" stroke-dasharray="6 4"/>'
            + svg_text(middle, y + 50, pile.name, 22, bold=True, anchor="middle")
            + svg_text(middle, y + 75, pile.kind, 13, anchor="middle")
            + svg_text(middle, y + 95, f"limit {pile.limit}", 13, anchor="middle")
        )
    for pos, (col, row) in DIAMOND_CELLS.items():
        cx, cy = col * CELL_W + CELL_W / 2, row * CELL_H + CELL_H / 2
        parts.append(
            f'<polygon points="{cx},{cy - 45} {cx + 32},{cy} {cx},{cy + 45} {cx - 32},{cy}" '
            f'fill="{RED}"/>'
            + svg_text(cx, cy + 7, pos, 20, bold=True, anchor="middle", fill=CHALK)
        )
    return svg_document(5 * CELL_W, 5 * CELL_H, "".join(parts), "Black Diamond layout")


DEAL_CARD_W = 30
"""Cards in the deal picture are small: 39 of them sit beside a text box."""


def _deal_slot(x: float, y: float, card: Card | None, label: str, mark: str | None,
               colour: str = INK) -> str:
    """One place of the deal picture: its card (or an empty frame) and its label above."""
    w, h = DEAL_CARD_W, DEAL_CARD_W * 1.4
    if card is None:
        face = (f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{w - 2}" height="{h - 2:.1f}" '
                f'rx="3" fill="none" stroke="{GREY}" stroke-dasharray="3 2"/>')
    else:
        face = card_group(card, x, y, w, False, mark)
    return face + svg_text(x + w / 2, y - 3, label, 10, anchor="middle", fill=colour,
                           bold=colour != INK)


def deal_svg(diamonds: Sequence[Card | None] = (), black: Sequence[Card | None] = ()) -> str:
    """Where each card of a deal goes, in the order the deal lists them (see
    :data:`cardlib.blackdiamond.deal.DEAL_ORDER`): diamonds 1-4 on N, E, S, W, diamonds
    5-13 the diamond deck (top first), black 1-2 the hand, black 3-26 the black deck (top
    first, drawn two at a time).  Each place is numbered; places not given yet (or whose
    code is no card, ``None``) are empty frames, so the picture fills in as a deal is typed.
    """
    w, h = DEAL_CARD_W, DEAL_CARD_W * 1.4
    gap = 4

    def card_at(cards: Sequence[Card | None], i: int) -> Card | None:
        return cards[i] if i < len(cards) else None

    parts = [_label(0, 14, "diamonds")]
    middle = h / 2 + 14
    spots = {"N": (w + 10, 32), "E": (2 * w + 20, 32 + middle), "S": (w + 10, 32 + 2 * middle),
             "W": (0, 32 + middle)}
    for i, pos in enumerate(POSITIONS):
        x, y = spots[pos]
        parts.append(_deal_slot(x, y, card_at(diamonds, i), f"{pos} {i + 1}", "gold", RED))
    left = 3 * w + 20 + 24
    parts.append(svg_text(left, 30, "diamond deck, top first", 11, fill=INK))
    for i in range(4, 13):
        parts.append(_deal_slot(left + (i - 4) * (w + gap), 52, card_at(diamonds, i),
                                str(i + 1), None))
    top = 32 + 2 * middle + h + 34
    parts.append(_label(0, top, "black"))
    parts.append(svg_text(0, top + 16, "hand", 11, fill=INK))
    for i in range(2):
        parts.append(_deal_slot(i * (w + 2), top + 34, card_at(black, i), str(i + 1), None))
    left = 2 * (w + 2) + 16
    parts.append(svg_text(left, top + 16, "black deck, top first, drawn two at a time", 11,
                          fill=INK))
    pair = 2 * w + 2 + 8
    for i in range(2, 26):
        draw, second = divmod(i - 2, 2)
        row, column = divmod(draw, 6)
        x = left + column * pair + second * (w + 2)
        y = top + 34 + row * (h + 18)
        parts.append(_deal_slot(x, y, card_at(black, i), str(i + 1), None))
    width = max(3 * w + 44 + 9 * (w + gap), left + 6 * pair)
    height = top + 34 + 2 * (h + 18)
    return svg_document(width, height, "".join(parts), "where each card of the deal goes")

def _label(x: float, y: float, text: str) -> str:
    return svg_text(x, y, text, 15, fill=INK)


def view_html(view: BlackDiamondView) -> str:
    return f"<div class='cardlib-bd-board'>{board_svg(view)}</div>"


def state_html(state: BlackDiamondState) -> str:
    return view_html(state.view(0))


display.register(BlackDiamondView, view_html)
display.register(BlackDiamondState, state_html)
