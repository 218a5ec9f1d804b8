"""Black Diamond's board as a picture: the rhombus of four diamonds and nine piles.

The grid is 5 × 5 cells: the diamonds sit on the rhombus (N top, E right, S bottom,
W left), each outer pile just outside its diamond, each inner pile between its two
diamonds, and the centre pile in the middle — the spec's reconstruction of the source's
missing figure.  Piles show every card, fanned downwards, with ``count/limit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from cardlib import display
from cardlib.blackdiamond.rules import PILE_BY_NAME, PILES, POSITIONS
from cardlib.blackdiamond.state import BlackDiamondState, BlackDiamondView
from cardlib.svg import back_group, card_group, svg_document

CARD_W = 58
CELL_W, CELL_H = 96, 130
# (column, row) of each diamond position and each pile on the 5 × 5 grid
DIAMOND_CELLS = {"N": (2, 1), "E": (3, 2), "S": (2, 3), "W": (1, 2)}
PILE_CELLS = {
    "N": (2, 0), "E": (4, 2), "S": (2, 4), "W": (0, 2),
    "NE": (3, 1), "SE": (3, 3), "SW": (1, 3), "NW": (1, 1), "C": (2, 2),
}
KIND_COLOUR = {"outer": "#e8f0fe", "inner": "#fff4e0", "centre": "#f3e8fd"}


def _slot(name: str, x: float, y: float, cards, highlight: bool | None) -> str:
    pile = PILE_BY_NAME[name]
    fill = KIND_COLOUR[pile.kind]
    stroke = {True: "#1b8a3a", False: "#b00020", None: "#888"}[highlight]
    width = 4 if highlight is not None else 1.5
    parts = [
        f'<rect x="{x + 4}" y="{y + 4}" width="{CELL_W - 8}" height="{CELL_H - 8}" rx="8" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-dasharray="6 4"/>',
        f'<text x="{x + CELL_W / 2}" y="{y + CELL_H - 10}" text-anchor="middle" '
        f'font-family="DejaVu Sans, sans-serif" font-size="13" fill="#333">'
        f"{name} {len(cards)}/{pile.limit}</text>",
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
        parts.append(f'<text x="{col * CELL_W + CELL_W / 2}" y="{row * CELL_H + CELL_H - 10}" '
                     'text-anchor="middle" font-family="DejaVu Sans, sans-serif" '
                     f'font-size="13" font-weight="bold" fill="#c8102e">{pos}</text>')
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
    if view.next_diamond is not None:
        parts.append(_label(side + CARD_W + 10, 300, "drawn"))
        parts.append(card_group(view.next_diamond, side + CARD_W + 10, 310, CARD_W, False,
                                "gold"))
    parts.append(_label(side, 460, f"Placed: {view.placed}/26"))
    if view.outcome:
        colour = "#1b8a3a" if view.outcome == "win" else "#b00020"
        parts.append(f'<text x="{side}" y="490" font-family="DejaVu Sans, sans-serif" '
                     f'font-size="20" font-weight="bold" fill="{colour}">'
                     f"{'WON' if view.outcome == 'win' else 'LOST'}</text>")
    elif view.stuck:
        parts.append(f'<text x="{side}" y="490" font-family="DejaVu Sans, sans-serif" '
                     'font-size="16" font-weight="bold" fill="#a15c00">stuck: replace or '
                     "clear</text>")
    width, height = side + 2 * CARD_W + 30, 5 * CELL_H
    return svg_document(width, height, "".join(parts), "Black Diamond board", scale)


def layout_svg() -> str:
    """The empty layout with each pile's name, kind and limit: the first picture to learn."""
    parts = []
    for pile in PILES:
        col, row = PILE_CELLS[pile.name]
        x, y = col * CELL_W, row * CELL_H
        parts.append(
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL_W - 8}" height="{CELL_H - 8}" rx="8" '
            f'fill="{KIND_COLOUR[pile.kind]}" stroke="#888" stroke-dasharray="6 4"/>'
            f'<text x="{x + CELL_W / 2}" y="{y + 50}" text-anchor="middle" font-size="22" '
            f'font-family="DejaVu Sans, sans-serif" font-weight="bold">{pile.name}</text>'
            f'<text x="{x + CELL_W / 2}" y="{y + 75}" text-anchor="middle" font-size="13" '
            f'font-family="DejaVu Sans, sans-serif">{pile.kind}</text>'
            f'<text x="{x + CELL_W / 2}" y="{y + 95}" text-anchor="middle" font-size="13" '
            f'font-family="DejaVu Sans, sans-serif">limit {pile.limit}</text>'
        )
    for pos, (col, row) in DIAMOND_CELLS.items():
        cx, cy = col * CELL_W + CELL_W / 2, row * CELL_H + CELL_H / 2
        parts.append(
            f'<polygon points="{cx},{cy - 45} {cx + 32},{cy} {cx},{cy + 45} {cx - 32},{cy}" '
            f'fill="#c8102e"/><text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="20" '
            f'font-family="DejaVu Sans, sans-serif" fill="white" font-weight="bold">{pos}</text>'
        )
    return svg_document(5 * CELL_W, 5 * CELL_H, "".join(parts), "Black Diamond layout")


def _label(x: float, y: float, text: str) -> str:
    return (f'<text x="{x}" y="{y}" font-family="DejaVu Sans, sans-serif" font-size="15" '
            f'fill="#222">{escape(text)}</text>')


def view_html(view: BlackDiamondView) -> str:
    return f"<div class='cardlib-bd-board'>{board_svg(view)}</div>"


def state_html(state: BlackDiamondState) -> str:
    return view_html(state.view(0))


display.register(BlackDiamondView, view_html)
display.register(BlackDiamondState, state_html)
