"""Diam's as pictures: diamond cards, the market, hands and safes, the value table, and the
rule book as a table that shows beside each Cyrillic quote of the seed the English it spells.

A diamond card shows its digit in the digit's colour, a cut-diamond shape and, on a pure
diamond, a magnifying glass (the seed's purity symbol).  The colours are this project's
choice: the seed says each digit has its own colour but not which.  A view draws the other
players' hands and safes face down with their sizes (rule ``diams.hidden``); a whole state
(a teacher's view) draws every card face up.  Fonts, felt and card backs come from
:mod:`cardlib.svg`, so Diam's looks like the other games.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from cardlib import display
from cardlib.diams import cards as c
from cardlib.diams.moves import seat_name
from cardlib.diams.rules import is_cyrillic, seed_english
from cardlib.diams.ruleset import COLLECTION_SIZES, Ruleset
from cardlib.diams.scoring import RoundResult, collection_points
from cardlib.diams.state import DiamsState
from cardlib.diams.view import DiamsView
from cardlib.protocol import RuleBook
from cardlib.svg import (
    BAD,
    BLACK,
    CARD_EDGE,
    CHALK,
    CHALK_SOFT,
    FELT,
    GOLD,
    GREY,
    INK,
    RED,
    TO_PLAY,
    back_group,
    svg_document,
    svg_text,
)

CARD = 50
COLOURS = {
    1: "#8d8d8d", 2: "#8b5a2b", 3: "#e8790c", 4: "#d4b000", 5: "#2e9e3e",
    6: "#0f9d9a", 7: RED, 8: "#2456c9", 9: "#7b2fbf", 10: "#e0489a",
}
"""One colour per digit (ours: the source gives none); the 7, the most valuable, is red."""
SPECIAL_COLOUR = "#263238"


OVERLAP = 0.7
"""The narrowest a card of a row is shown when the next card overlaps it (the other seats'
hands on the board), as a share of its width."""
FAN = 0.3
"""How much of a card shows above the next one in a safe's stack, as a share of its width."""


def _glass(x: float, y: float, r: float, colour: str) -> str:
    """A small magnifying glass: the exceptional-purity symbol (a ring and a handle down to
    the right, 1.3 ``r`` long)."""
    return (f"<g class='diams-pure-mark'><circle cx='{x:.1f}' cy='{y:.1f}' r='{r:.1f}' "
            f"fill='white' stroke='{colour}' stroke-width='{r * 0.35:.1f}'/>"
            f"<line x1='{x + r * 0.7:.1f}' y1='{y + r * 0.7:.1f}' x2='{x + r * 1.3:.1f}' "
            f"y2='{y + r * 1.3:.1f}' stroke='{colour}' stroke-width='{r * 0.45:.1f}' "
            "stroke-linecap='round'/></g>")


def card_group(kind: int, x: float, y: float, w: float = CARD, *, mark: bool = False) -> str:
    """One card face at (x, y), ``w`` wide; ``mark`` outlines it in gold."""
    h = w * 1.4
    stroke = GOLD if mark else CARD_EDGE
    stroke_w = w * 0.07 if mark else 1.2
    title = escape(c.name(kind))
    if not c.is_diamond(kind):
        words = c.label(kind).replace("'", "' ").split(" ")
        lines = "".join(svg_text(w / 2, h * 0.42 + i * w * 0.2, word, w * 0.17, bold=True,
                                 anchor="middle", fill=CHALK)
                        for i, word in enumerate(words[:3]))
        return (f"<g transform='translate({x:.1f},{y:.1f})' data-diams-card='{c.code(kind)}'>"
                f"<title>{title}</title><rect x='1' y='1' width='{w - 2:.1f}' "
                f"height='{h - 2:.1f}' rx='{w * 0.09:.1f}' fill='{SPECIAL_COLOUR}' "
                f"stroke='{stroke}' stroke-width='{stroke_w:.1f}'/>"
                f"{svg_text(w / 2, h * 0.22, '★', w * 0.28, anchor='middle', fill=GOLD)}"
                f"{lines}</g>")
    digit, colour = c.digit_of(kind), COLOURS[c.digit_of(kind)]
    cx, cy, r = w / 2, h * 0.56, w * 0.28
    gem = (f"<polygon points='{cx - r:.1f},{cy - r * 0.35:.1f} {cx - r * 0.5:.1f},"
           f"{cy - r * 0.9:.1f} {cx + r * 0.5:.1f},{cy - r * 0.9:.1f} {cx + r:.1f},"
           f"{cy - r * 0.35:.1f} {cx:.1f},{cy + r:.1f}' fill='{colour}' stroke='{BLACK}' "
           "stroke-width='0.8'/>")
    # The purity mark sits in the corner that stays in sight when the card is overlapped:
    # beside the digit, left of OVERLAP and above FAN, so a pure 4 in a fanned hand or under
    # a safe's next card never looks like a plain 4.
    glass = _glass(w * 0.57, w * 0.15, w * 0.09, BLACK) if c.is_pure(kind) else ""
    return (f"<g transform='translate({x:.1f},{y:.1f})' data-diams-card='{c.code(kind)}'>"
            f"<title>{title}</title><rect x='1' y='1' width='{w - 2:.1f}' "
            f"height='{h - 2:.1f}' rx='{w * 0.09:.1f}' fill='white' stroke='{stroke}' "
            f"stroke-width='{stroke_w:.1f}'/>"
            f"<rect x='{w * 0.06:.1f}' y='{h * 0.86:.1f}' width='{w * 0.88:.1f}' "
            f"height='{h * 0.08:.1f}' rx='2' fill='{colour}'/>"
            f"{svg_text(w * 0.1, w * 0.32, str(digit), w * 0.3, bold=True, fill=colour)}"
            f"{gem}{glass}</g>")


def card_svg(kind: int, width: float = 72) -> str:
    """One card as a standalone SVG (for notebooks)."""
    return svg_document(width, width * 1.4, card_group(kind, 0, 0, width), c.name(kind))


def _row(kinds: Sequence[int], x: float, y: float, w: float = CARD, step: float = 0.62,
         marked: frozenset[int] = frozenset()) -> str:
    return "".join(card_group(k, x + i * w * step, y, w, mark=k in marked)
                   for i, k in enumerate(kinds))


def row_svg(kinds: Sequence[int], width: float = CARD, *, overlap: float = 0.0,
            label: str = "") -> str:
    """Cards side by side as a standalone SVG (a hand, a market, a selection)."""
    step = 1 - overlap
    total = width + width * step * max(len(kinds) - 1, 0) if kinds else width * 0.3
    body = _row(kinds, 0, 0, width, step)
    return svg_document(total, width * 1.4, body, label or " ".join(c.code(k) for k in kinds))


def _safe(safe: Sequence[int], x: float, y: float, w: float) -> tuple[str, float]:
    """A safe's collections, one stack per digit fanned downwards; the svg and its width."""
    parts, at = [], x
    for digit in c.DIGITS:
        kinds = [k for k in (c.kind_of(digit, False), c.kind_of(digit, True))
                 for _ in range(safe[k])]
        for i, kind in enumerate(kinds):
            parts.append(card_group(kind, at, y + i * w * FAN, w))
        if kinds:
            at += w * 1.08
    return "".join(parts), at - x


def _tallest(safe: Sequence[int]) -> int:
    return max(c.of_digit(safe, d) for d in c.DIGITS)


def _stack_height(safe: Sequence[int] | None, w: float) -> float:
    """How tall a safe drawn by :func:`_safe` is (one card when it is face down)."""
    return w * 1.4 + max((_tallest(safe) if safe is not None else 1) - 1, 0) * w * FAN


def table_svg(view: DiamsView, hands: Sequence[Sequence[int]] | None = None,
              safes: Sequence[Sequence[int]] | None = None) -> str:
    """The table seen from ``view.seat``: the others along the top (hand and safe face
    down, with their sizes), the market, then this seat's safe and hand.  ``hands`` and
    ``safes`` (every seat's) turn the others' cards face up, for a teacher's view."""
    width, me, small = 900, view.seat, CARD * 0.62
    turn = ("game over" if view.to_move is None
            else f"{seat_name(view.to_move)} to move ({view.phase})")
    closing = " · closing card drawn: last turn" if view.closing_drawn else ""
    parts = [svg_text(16, 26, f"Diam's · round {view.round + 1} of {view.rounds} · {turn}",
                      16, bold=True, fill=CHALK),
             svg_text(16, 46, f"ruleset: {view.ruleset.label} · draw pile {view.pile_size} · "
                              f"discard pile {c.size(view.discard)}{closing}", 12,
                      fill=CHALK_SOFT)]
    y = 62.0
    for seat in range(view.players):
        if seat == me:
            continue
        hand = hands[seat] if hands else None
        safe = safes[seat] if safes else None
        up = seat == view.to_move
        parts.append(svg_text(16, y + 16, f"{seat_name(seat)} · {view.chips[seat]} chips", 14,
                              bold=up, fill=TO_PLAY if up else CHALK))
        if hand is not None:
            parts.append(_row(c.kinds_in(hand), 170, y, small, OVERLAP))
        else:
            parts.extend(back_group(170 + i * small * 0.45, y, small)
                         for i in range(view.hand_sizes[seat]))
        parts.append(svg_text(170, y + small * 1.4 + 12, f"hand {view.hand_sizes[seat]}", 11,
                              fill=CHALK_SOFT))
        parts.append(svg_text(420, y + 16, f"safe {view.safe_sizes[seat]}", 11,
                              fill=CHALK_SOFT))
        if safe is not None:
            parts.append(_safe(safe, 470, y, small)[0])
        elif view.safe_sizes[seat]:
            parts.append(back_group(470, y, small, str(view.safe_sizes[seat])))
        y += _stack_height(safe, small) + 28
    parts.append(svg_text(16, y + 16, "Market (face up)", 15, bold=True, fill=CHALK))
    market, per_line = c.kinds_in(view.market), 16
    y += 24
    for line in range(0, len(market), per_line):
        parts.append(_row(market[line:line + per_line], 16, y, CARD, 1.04))
        y += CARD * 1.4 + 8
    if not market:
        parts.append(svg_text(16, y + 14, "empty", 13, fill=CHALK_SOFT))
        y += 24
    up = view.to_move == me
    colour = TO_PLAY if up else CHALK
    y += 24
    parts.append(svg_text(16, y, f"Your safe ({seat_name(me)} · {view.chips[me]} chips · "
                                 f"{collection_points(view.safe, view.ruleset)} points in "
                                 "collections)", 15, bold=up, fill=colour))
    drawn, _ = _safe(view.safe, 16, y + 10, CARD)
    parts.append(drawn or svg_text(16, y + 30, "empty", 13, fill=CHALK_SOFT))
    y += 10 + (_stack_height(view.safe, CARD) if drawn else 30) + 24
    parts.append(svg_text(16, y, f"Your hand ({c.size(view.hand)} of 5)", 15, bold=up,
                          fill=colour))
    parts.append(_row(c.kinds_in(view.hand), 16, y + 10, CARD * 1.2, 1.04))
    y += 10 + CARD * 1.2 * 1.4 + 16
    body = f"<rect width='{width}' height='{y:.0f}' rx='16' fill='{FELT}'/>" + "".join(parts)
    return svg_document(width, y, body, f"Diam's table seen by {seat_name(me)}")


def value_table_svg(ruleset: Ruleset, width: float = 560) -> str:
    """The collection values as a picture: one row per digit, the most valuable (the 7)
    at the top, each with bars for 3, 4 and 5 diamonds; marked when the numbers are
    assumed."""
    order = sorted(c.DIGITS, key=lambda d: (-ruleset.values[d - 1][-1], d))
    top = max(max(row) for row in ruleset.values) or 1
    row_h, left, bar_w = 34, 96, width - 150
    height = 56 + row_h * len(order) + (22 if ruleset.assumed else 0)
    parts = [f"<rect width='{width}' height='{height}' rx='12' fill='white' "
             f"stroke='{GREY}'/>",
             svg_text(16, 24, "Collection values: points for 3 / 4 / 5 diamonds", 15,
                   bold=True, fill=INK)]
    shades = ("55", "99", "ff")
    for i, digit in enumerate(order):
        y = 40 + i * row_h
        parts.append(card_group(c.kind_of(digit, False), 16, y, 22))
        parts.append(svg_text(48, y + 20, f"{digit}", 15, bold=True,
                           fill=COLOURS[digit]))
        for j, (cards, points) in enumerate(zip(COLLECTION_SIZES, ruleset.values[digit - 1],
                                                strict=True)):
            w = bar_w * points / top
            parts.append(f"<rect x='{left}' y='{y + 2 + j * 10}' width='{w:.1f}' height='9' "
                         f"fill='{COLOURS[digit]}{shades[j]}'/>")
            parts.append(svg_text(left + w + 4, y + 10 + j * 10, f"{cards}: {points}", 9,
                               fill=INK))
    if ruleset.assumed:
        parts.append(svg_text(16, height - 12, f"ASSUMED numbers ({ruleset.name}): the real "
                                            "table is not public", 12, bold=True,
                           fill=BAD))
    return svg_document(width, height, "".join(parts),
                        f"collection values, {ruleset.label}")


def scores_html(results: Sequence[RoundResult], players: int) -> str:
    """Each round's collections, bonuses, points and chips."""
    head = "".join(f"<th>{seat_name(s)}</th>" for s in range(players))
    rows = []
    for r in results:
        cells = "".join(
            f"<td title='collections {r.collections[s]}, purity +{r.purity[s]}, hand "
            f"+{r.hand[s]}'>{r.collections[s]}+{r.purity[s]}+{r.hand[s]} = "
            f"<b>{r.points[s]}</b> → {r.chips[s]}◆</td>" for s in range(players))
        rows.append(f"<tr><td>round {r.number + 1}</td>{cells}</tr>")
    totals = [sum(r.chips[s] for r in results) for s in range(players)]
    total = "".join(f"<td><b>{t}◆</b></td>" for t in totals)
    return (f"<table class='diams-scores'><tr><th></th>{head}</tr>{''.join(rows)}"
            f"<tr><td>chips</td>{total}</tr></table>"
            "<small>collections + purity bonus + hand bonus = points → victory chips</small>")


_QUOTE = re.compile(r"(?<!\w)'(.+?)'(?!\w)")
"""A quoted phrase in a rule's source, as ``tests/test_rule_sources.py`` reads them."""
_DECISION = re.compile(r"project decision(?:, spec A\d+(?:, A\d+)*| beyond the spec)?")


def _source_html(source: str) -> str:
    """A rule's source with the English beside each quote of the Cyrillic seed; the
    Cyrillic stays, as it is what the source check compares with the seed file."""
    parts, at = [], 0
    for quote in _QUOTE.finditer(source):
        parts.append(escape(source[at:quote.end()]))
        if is_cyrillic(quote[1]):
            parts.append(f" <span class='diams-english'>(reads: “<i>"
                         f"{escape(seed_english(quote[1]))}</i>”)</span>")
        at = quote.end()
    parts.append(escape(source[at:]))
    return "".join(parts)


def rules_html(rules: RuleBook) -> str:
    """The rule book as a table a class can read: each rule's words with every "project
    decision" mark in bold (so a decision never reads as the seed's), and its source with
    the English that each Cyrillic quote of the seed spells shown beside it."""
    rows = "".join(
        f"<tr data-diams-rule='{escape(rule.id)}'><td><code>{escape(rule.id)}</code></td>"
        "<td style='text-align:left'>"
        + _DECISION.sub(lambda m: f"<b class='diams-decision'>{m[0]}</b>", escape(rule.text))
        + f"</td><td style='text-align:left'><small>{_source_html(rule.source)}</small></td>"
        "</tr>"
        for rule in rules.values())
    return ("<table class='diams-rules'><tr><th>rule</th><th>what it says</th>"
            f"<th>source (the seed's Cyrillic, and the English it spells)</th></tr>{rows}"
            "</table>")


def _log_html(log: Sequence[str], last: int = 6) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in log[-last:])
    return f"<ul class='diams-log' style='margin:4px 0'>{items}</ul>"


def view_html(view: DiamsView) -> str:
    scores = scores_html(view.results, view.players) if view.results else ""
    return f"<div class='diams-table'>{table_svg(view)}{_log_html(view.log)}{scores}</div>"


def state_html(state: DiamsState) -> str:
    """A teacher's view: every hand and safe face up, seen from seat 0."""
    view = state.view(0)
    scores = scores_html(state.results, state.players) if state.results else ""
    return (f"<div class='diams-table'>{table_svg(view, state.hands, state.safes)}"
            f"{_log_html(state.log)}{scores}</div>")


display.register(DiamsView, view_html)
display.register(DiamsState, state_html)
