"""Hearts at the table: the four-seat picture of :mod:`cardlib.render.table`.

Seen from one seat, the player to the left (the next to play, "left" in passing) sits on
the left of the picture, across at the top, right on the right, as at a real table.  A
view draws the other hands face down; a whole state (a teacher's view) draws them face up.
The cards just received in the pass are outlined in gold.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from cardlib import display
from cardlib.cards import Card
from cardlib.hearts.deck import SEATS, TRICKS, cards_of
from cardlib.hearts.state import HeartsState
from cardlib.hearts.view import HeartsView
from cardlib.render.table import HEIGHT, WIDTH, TableScene, TableSeat, seat_hands
from cardlib.render.table import table_svg as draw_table

W, H = WIDTH, HEIGHT
"""The picture's drawing units (the widgets scale it by these)."""


def in_hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Clubs, diamonds, spades, hearts (the colours alternate), each low to high as the
    tricks rank them (ace high)."""
    return tuple(sorted(cards, key=lambda card: ("CDSH".index(card.suit), TRICKS.power(card))))


def table_scene(view: HeartsView, hands: tuple[tuple[Card, ...], ...] | None = None
                ) -> TableScene:
    """What the table shows ``view.seat``; ``hands`` (all four) turns every hand face up."""
    seats = [TableSeat(name=SEATS[seat],
                       score=f"{view.totals[seat]} pts (+{view.points_taken[seat]} this hand)",
                       hand_size=size, cards=cards)
             for seat, (cards, size) in enumerate(seat_hands(view, hands, in_hand_order))]
    info = (f"Hand {view.hand_number + 1} · pass {view.pass_direction} · hearts "
            f"{'broken' if view.hearts_broken else 'not broken'}")
    return TableScene(
        seats=tuple(seats), viewer=view.seat, trick=tuple(view.trick.plays()),
        # while cards are passed nobody leads yet
        leader=view.leader if view.phase == "play" else None,
        to_move=view.to_move, turn_label="to pass" if view.phase == "pass" else "to play",
        info=info, highlight=frozenset(view.received or ()),
        title=f"Hearts table seen by {SEATS[view.seat]}",
    )


def table_svg(view: HeartsView, hands: tuple[tuple[Card, ...], ...] | None = None) -> str:
    """The table seen from ``view.seat``; ``hands`` (all four) turns every hand face up."""
    return draw_table(table_scene(view, hands))


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
