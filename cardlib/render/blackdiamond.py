"""Black Diamond's board as a picture: the rhombus of four diamonds and nine piles.

The grid is 5 × 5 cells: the diamonds sit on the rhombus (N top, E right, S bottom,
W left), each outer pile just outside its diamond, each inner pile between its two
diamonds, and the centre pile in the middle — the spec's reconstruction of the source's
missing figure.  Piles show every card, fanned downwards, with ``count/limit``.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardlib import display
from cardlib.blackdiamond.rules import PILE_BY_NAME, PILES, POSITIONS
from cardlib.blackdiamond.state import BlackDiamondState, BlackDiamondView
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


def _label(x: float, y: float, text: str) -> str:
    return svg_text(x, y, text, 15, fill=INK)


def view_html(view: BlackDiamondView) -> str:
    return f"<div class='cardlib-bd-board'>{board_svg(view)}</div>"


def state_html(state: BlackDiamondState) -> str:
    return view_html(state.view(0))


display.register(BlackDiamondView, view_html)
display.register(BlackDiamondState, state_html)
