"""Card faces as SVG, sized for a classroom projector.

Plain SVG strings (no images, no fonts to fetch) so a card draws the same in JupyterLab,
in Voila, in a static HTML export and offline.  Every picture of every game is built from
:func:`card_svg` and :func:`card_back_svg`, so all five games look alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from cardlib.cards import Card

RED = "#c8102e"
BLACK = "#1a1a1a"
FELT = "#0b6e3a"

_RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_label(card: Card) -> str:
    return _RANK_LABEL.get(card.rank, str(card.rank))


def card_group(card: Card, x: float, y: float, w: float, dim: bool, mark: str | None) -> str:
    h = w * 1.4
    colour = RED if card.is_red else BLACK
    corner = w * 0.26
    big = w * 0.55
    opacity = ' opacity="0.45"' if dim else ""
    stroke = "#f2b600" if mark else "#555"
    stroke_w = w * 0.06 if mark else 1.2
    label = rank_label(card)
    return (
        f'<g transform="translate({x:.1f},{y:.1f})"{opacity}>'
        f"<title>{escape(card.name)} ({card.code})</title>"
        f'<rect x="1" y="1" width="{w - 2:.1f}" height="{h - 2:.1f}" rx="{w * 0.09:.1f}" '
        f'fill="white" stroke="{stroke}" stroke-width="{stroke_w:.1f}"/>'
        f'<text x="{w * 0.08:.1f}" y="{corner * 1.05:.1f}" font-family="DejaVu Sans, Arial, '
        f'sans-serif" font-weight="bold" font-size="{corner:.1f}" fill="{colour}">{label}</text>'
        f'<text x="{w * 0.08:.1f}" y="{corner * 2.05:.1f}" font-family="DejaVu Sans, Arial, '
        f'sans-serif" font-size="{corner:.1f}" fill="{colour}">{card.symbol}</text>'
        f'<text x="{w * 0.5:.1f}" y="{h * 0.5 + big * 0.35:.1f}" text-anchor="middle" '
        f'font-family="DejaVu Sans, Arial, sans-serif" font-size="{big:.1f}" '
        f'fill="{colour}">{card.symbol}</text>'
        f'<text x="{w * 0.92:.1f}" y="{h - w * 0.08:.1f}" text-anchor="end" '
        f'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
        f'font-size="{corner:.1f}" fill="{colour}">{label}</text>'
        "</g>"
    )


def back_group(x: float, y: float, w: float, text: str = "") -> str:
    h = w * 1.4
    label = (
        f'<text x="{w / 2:.1f}" y="{h / 2 + w * 0.1:.1f}" text-anchor="middle" '
        f'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
        f'font-size="{w * 0.28:.1f}" fill="white">{escape(text)}</text>'
        if text else ""
    )
    return (
        f'<g transform="translate({x:.1f},{y:.1f})">'
        f'<rect x="1" y="1" width="{w - 2:.1f}" height="{h - 2:.1f}" rx="{w * 0.09:.1f}" '
        f'fill="#23408e" stroke="#555" stroke-width="1.2"/>'
        f'<rect x="{w * 0.1:.1f}" y="{w * 0.1:.1f}" width="{w * 0.8:.1f}" '
        f'height="{h - w * 0.2:.1f}" rx="{w * 0.06:.1f}" fill="none" stroke="#9fb3e6" '
        f'stroke-width="1.5" stroke-dasharray="4 3"/>{label}</g>'
    )


def svg_document(width: float, height: float, body: str, label: str, scale: float = 1.0) -> str:
    """A standalone SVG of ``width`` × ``height`` drawing units, shown ``scale`` times as big."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" '
        f'height="{height * scale:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" role="img" aria-label="{escape(label)}">'
        f"{body}</svg>"
    )


def card_svg(card: Card, width: float = 72, *, dim: bool = False, mark: str | None = None) -> str:
    """One card face.  ``dim`` greys it out (not playable); ``mark`` outlines it in gold."""
    return svg_document(width, width * 1.4, card_group(card, 0, 0, width, dim, mark), card.name)


def card_back_svg(width: float = 72, text: str = "") -> str:
    """A face-down card, optionally with a count written on it."""
    return svg_document(width, width * 1.4, back_group(0, 0, width, text), "face-down card")


def row_svg(
    cards: Sequence[Card | None],
    width: float = 72,
    *,
    overlap: float = 0.0,
    dim: Iterable[Card] = (),
    mark: Iterable[Card] = (),
) -> str:
    """Cards side by side (``None`` draws a face-down card); ``overlap`` in 0..0.8 fans them."""
    dimmed, marked = set(dim), set(mark)
    step = width * (1 - overlap) if cards else 0
    total = width + step * max(len(cards) - 1, 0) if cards else width * 0.2
    parts = []
    for i, card in enumerate(cards):
        if card is None:
            parts.append(back_group(i * step, 0, width))
        else:
            parts.append(card_group(card, i * step, 0, width, card in dimmed,
                                    "gold" if card in marked else None))
    label = " ".join(c.code if c else "??" for c in cards) or "no cards"
    return svg_document(total, width * 1.4, "".join(parts), label)


def hand_html(cards: Sequence[Card], width: float = 64, title: str = "") -> str:
    """A labelled hand for notebooks: a title over a fanned row."""
    head = f"<div style='font-weight:bold;margin:2px 0'>{escape(title)}</div>" if title else ""
    return f"<div class='cardlib-hand'>{head}{row_svg(cards, width, overlap=0.35)}</div>"


class Cards(tuple):
    """A tuple of cards that draws itself in Jupyter (for hands, tricks and piles)."""

    def _repr_svg_(self) -> str:
        return row_svg(list(self), overlap=0.3 if len(self) > 6 else 0.0)
