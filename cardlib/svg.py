"""Card faces as SVG, sized for a classroom projector.

Plain SVG strings (no images, no fonts to fetch) so a card draws the same in JupyterLab,
in Voila, in a static HTML export and offline.  Every picture of every game is built from
:func:`card_svg` and :func:`card_back_svg`, so all five games look alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from cardlib.cards import Card

FONT_FAMILY = "DejaVu Sans, Arial, sans-serif"
"""The one font of every picture: DejaVu Sans has the suit symbols and ships with most Linux
Jupyter images; Arial and the generic family stand in where it is missing."""

# The palette, in one place so every game's pictures match.
RED = "#c8102e"
"""Hearts and diamonds."""
BLACK = "#1a1a1a"
"""Spades and clubs."""
FELT = "#0b6e3a"
"""The table cloth behind a trick game."""
CARD_EDGE = "#555"
BACK = "#23408e"
BACK_LINE = "#9fb3e6"
GOLD = "#f2b600"
"""The outline of a marked card (just received, a diamond in place)."""
INK = "#222"
"""Text on a light ground (pile labels, side panels)."""
GREY = "#888"
"""Outlines that carry no meaning (an unmarked pile)."""
CHALK = "white"
"""Text on the felt."""
CHALK_SOFT = "#e8f5e9"
"""Secondary text on the felt (the info line)."""
TO_PLAY = "#ffeb3b"
"""The seat whose turn it is."""
LEADER = "#90caf9"
"""The seat that led (or leads) the trick on the table."""
GOOD = "#1b8a3a"
"""Allowed, won."""
BAD = "#b00020"
"""Refused, lost."""
WARN = "#a15c00"
"""Stuck: a choice to make, not an error."""
PILE_TINTS = ("#e8f0fe", "#fff4e0", "#f3e8fd")
"""Pale grounds that tell kinds of pile apart (Black Diamond's outer, inner, centre)."""
TEAM_COLOURS = ("#ff8a65", "#ce93d8", "#80deea", "#c5e1a5", "#fff59d", "#f48fb1")
"""One colour per team (up to six teams, one per seat), light enough to read dark text on."""

def svg_text(x: float, y: float, words: str, size: float = 15, *, bold: bool = False,
             anchor: str = "start", fill: str = INK) -> str:
    """A line of text at baseline ``y`` in the house font; ``words`` are escaped here."""
    weight = ' font-weight="bold"' if bold else ""
    align = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}"{align} font-family="{FONT_FAMILY}" '
            f'font-size="{size:.1f}"{weight} fill="{fill}">{escape(words)}</text>')


def card_group(card: Card, x: float, y: float, w: float, dim: bool, mark: str | None,
               foot: bool = True) -> str:
    """One face-up card with its top-left corner at (x, y); ``mark`` outlines it in gold.

    ``foot=False`` leaves out the index in the bottom corner, for a card that the next
    card of a row overlaps: half hidden, a "10" there would read as a "1"."""
    h = w * 1.4
    colour = RED if card.is_red else BLACK
    corner = w * 0.26
    big = w * 0.55
    opacity = ' opacity="0.45"' if dim else ""
    stroke = GOLD if mark else CARD_EDGE
    stroke_w = w * 0.06 if mark else 1.2
    marked = ' data-marked="true"' if mark else ""
    label = card.rank_label  # as the card's deck writes it: Q, or 12 in the numbered deck
    return (
        f'<g class="cardlib-face" data-card="{card.code}"{marked} '
        f'transform="translate({x:.1f},{y:.1f})"{opacity}>'
        f"<title>{escape(card.name)} ({card.code})</title>"
        f'<rect x="1" y="1" width="{w - 2:.1f}" height="{h - 2:.1f}" rx="{w * 0.09:.1f}" '
        f'fill="white" stroke="{stroke}" stroke-width="{stroke_w:.1f}"/>'
        + svg_text(w * 0.08, corner * 1.05, label, corner, bold=True, fill=colour)
        + svg_text(w * 0.08, corner * 2.05, card.symbol, corner, fill=colour)
        + svg_text(w * 0.5, h * 0.5 + big * 0.35, card.symbol, big, anchor="middle",
                   fill=colour)
        + (svg_text(w * 0.92, h - w * 0.08, label, corner, bold=True, anchor="end",
                    fill=colour) if foot else "")
        + "</g>"
    )


def back_group(x: float, y: float, w: float, text: str = "") -> str:
    """One face-down card with its top-left corner at (x, y), ``text`` written on it."""
    h = w * 1.4
    label = (svg_text(w / 2, h / 2 + w * 0.1, text, w * 0.28, bold=True, anchor="middle",
                      fill=CHALK) if text else "")
    return (
        f'<g class="cardlib-facedown" transform="translate({x:.1f},{y:.1f})">'
        f'<rect x="1" y="1" width="{w - 2:.1f}" height="{h - 2:.1f}" rx="{w * 0.09:.1f}" '
        f'fill="{BACK}" stroke="{CARD_EDGE}" stroke-width="1.2"/>'
        f'<rect x="{w * 0.1:.1f}" y="{w * 0.1:.1f}" width="{w * 0.8:.1f}" '
        f'height="{h - w * 0.2:.1f}" rx="{w * 0.06:.1f}" fill="none" stroke="{BACK_LINE}" '
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
    """Cards side by side (``None`` draws a face-down card); ``overlap`` in 0..0.8 fans them,
    and then only the last card shows its bottom index (the next card covers the others')."""
    dimmed, marked = set(dim), set(mark)
    step = width * (1 - overlap) if cards else 0
    total = width + step * max(len(cards) - 1, 0) if cards else width * 0.2
    parts = []
    for i, card in enumerate(cards):
        if card is None:
            parts.append(back_group(i * step, 0, width))
        else:
            covered = overlap > 0 and i < len(cards) - 1
            parts.append(card_group(card, i * step, 0, width, card in dimmed,
                                    "gold" if card in marked else None, foot=not covered))
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
