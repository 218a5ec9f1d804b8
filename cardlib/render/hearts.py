"""Hearts at the table: your hand at the bottom, the other three around, the trick between.

Seen from one seat, the player to the left (the next to play, "left" in passing) sits on
the left of the picture, across at the top, right on the right, as at a real table.  A
view draws the other hands face down; a whole state (a teacher's view) draws them face up.
"""

from __future__ import annotations

from html import escape

from cardlib import display
from cardlib.cards import Card
from cardlib.hearts.deck import PLAYERS, SEATS, cards_of
from cardlib.hearts.state import HeartsState
from cardlib.hearts.view import HeartsView
from cardlib.svg import back_group, card_group, svg_document

W, H = 860, 600
CARD = 56
FONT = "font-family='DejaVu Sans, sans-serif'"


def _by_suit(cards) -> list[Card]:
    order = {"C": 0, "D": 1, "S": 2, "H": 3}
    ace_high = {1: 14}
    return sorted(cards, key=lambda c: (order[c.suit], ace_high.get(c.rank, c.rank)))


def _fan(cards, x: float, y: float, face_up: bool, width: float = CARD, step: float = 0.42,
         marked: frozenset = frozenset()) -> str:
    parts = []
    for i, card in enumerate(cards):
        cx = x + i * width * step
        if face_up:
            parts.append(card_group(card, cx, y, width, False, "gold" if card in marked else None))
        else:
            parts.append(back_group(cx, y, width))
    return "".join(parts)


def _text(x: float, y: float, text: str, size: int = 15, weight: str = "normal",
          anchor: str = "start", colour: str = "#222") -> str:
    return (f"<text x='{x}' y='{y}' {FONT} font-size='{size}' font-weight='{weight}' "
            f"text-anchor='{anchor}' fill='{colour}'>{escape(text)}</text>")


def table_svg(view: HeartsView, hands: tuple[tuple[Card, ...], ...] | None = None) -> str:
    """The table seen from ``view.seat``; ``hands`` (all four) turns every hand face up."""
    me = view.seat
    around = {"bottom": me, "left": (me + 1) % PLAYERS, "top": (me + 2) % PLAYERS,
              "right": (me + 3) % PLAYERS}
    parts = [f"<rect width='{W}' height='{H}' rx='18' fill='#0b6e3a'/>"]
    received = frozenset(view.received or ())
    for place, seat in around.items():
        cards = _by_suit(hands[seat]) if hands else None
        if seat == me:
            mine = cards or _by_suit(view.hand)
            big = CARD * 1.15
            x = (W - big * (1 + 0.5 * (len(mine) - 1))) / 2 if mine else W / 2
            parts.append(_fan(mine, x, H - big * 1.4 - 14, True, big, 0.5, marked=received))
            parts.append(_label(seat, view, W / 2, H - big * 1.4 - 24, "middle"))
            continue
        size = len(cards) if cards else view.hand_sizes[seat]
        fan = cards if cards else [None] * size
        small = CARD * 0.75
        if place == "top":
            x = (W - small * (1 + 0.42 * max(size - 1, 0))) / 2
            parts.append(_fan(fan, x, 14, bool(cards), small))
            parts.append(_label(seat, view, W / 2, small * 1.4 + 34, "middle"))
        else:
            x = 16 if place == "left" else W - 16 - small * (1 + 0.3 * 6)
            for row in range(0, max(size, 1), 7):
                parts.append(_fan(fan[row:row + 7], x, 150 + (row // 7) * small * 1.1,
                                  bool(cards), small, 0.3))
            if place == "left":
                parts.append(_label(seat, view, 16, 138, "start"))
            else:
                parts.append(_label(seat, view, W - 16, 138, "end"))
    # the trick in the middle, each card in front of the seat that played it
    spots = {"bottom": (W / 2 - CARD / 2, 310), "top": (W / 2 - CARD / 2, 160),
             "left": (W / 2 - CARD * 1.9, 235), "right": (W / 2 + CARD * 0.9, 235)}
    where = {seat: place for place, seat in around.items()}
    trick = view.trick
    for seat, card in trick.plays():
        x, y = spots[where[seat]]
        parts.append(card_group(card, x, y, CARD, False, None))
    info = (f"Hand {view.hand_number + 1} · pass {view.pass_direction} · hearts "
            f"{'broken' if view.hearts_broken else 'not broken'}")
    parts.append(_text(16, 26, info, 13, colour="#e8f5e9"))
    return svg_document(W, H, "".join(parts), f"Hearts table seen by {SEATS[me]}")


def _label(seat: int, view: HeartsView, x: float, y: float, anchor: str) -> str:
    taken = view.points_taken[seat]
    text = f"{SEATS[seat]} · {view.totals[seat]} pts (+{taken} this hand)"
    weight = "bold" if seat == view.to_move else "normal"
    colour = "#ffeb3b" if seat == view.to_move else "white"
    return _text(x, y, text, 15, weight, anchor, colour)


def scores_html(view: HeartsView) -> str:
    """Running totals, hand by hand."""
    head = "".join(f"<th>{s}</th>" for s in SEATS)
    rows = "".join(
        f"<tr><td>hand {r.number + 1}{' 🌙' if r.moon is not None else ''}</td>"
        + "".join(f"<td>{p}</td>" for p in r.points) + "</tr>"
        for r in view.results
    )
    total = "".join(f"<td><b>{t}</b></td>" for t in view.totals)
    return (f"<table class='cardlib-hearts-scores'><tr><th></th>{head}</tr>{rows}"
            f"<tr><td><b>total</b></td>{total}</tr></table>")


def view_html(view: HeartsView) -> str:
    extra = ""
    if view.passed:
        got = ", ".join(c.label for c in view.received) if view.received else "not yet seen"
        extra = (f"<div>You passed {', '.join(c.label for c in view.passed)}; "
                 f"you received: {escape(got)}</div>")
    return (f"<div class='cardlib-hearts'>{table_svg(view)}{extra}"
            f"{scores_html(view) if view.results else ''}</div>")


def state_html(state: HeartsState) -> str:
    """A teacher's view: every hand face up, seen from North."""
    view = state.view(0)
    hands = tuple(cards_of(mask) for mask in state.hands)
    return (f"<div class='cardlib-hearts'>{table_svg(view, hands)}"
            f"{scores_html(view) if view.results else ''}</div>")


display.register(HeartsView, view_html)
display.register(HeartsState, state_html)
