"""Cruce at the table: the 2-6 seat picture of :mod:`cardlib.render.table`, for 2, 3 or 4.

Seen from one seat, the next player to play sits on the viewer's left.  At four, partners
sit opposite and carry the same team mark.  Each seat's line says its side's total, its bid
and the card points it has taken this hand; the line across the top says the hand, the
dealer, the contract, trump and (at two) how many cards the stock holds, or in the auction
form the cards given and how many are out of play.  A view draws the
other hands face down; a whole state (a teacher's view) draws them face up.  Below the
table: the marriages announced (public, so in every view) and the scores hand by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from cardlib import display
from cardlib.cards import SUIT_SYMBOLS, Card
from cardlib.cruce.deal import GIVE_COUNT
from cardlib.cruce.deck import LAYOUT, SEAT_NAMES, card_points, cards_of, suit_words
from cardlib.cruce.scoring import promise, side_of
from cardlib.cruce.state import CruceState
from cardlib.cruce.tally import taken_and_needed
from cardlib.cruce.view import CruceView
from cardlib.render.table import HEIGHT, WIDTH, TableScene, TableSeat, seat_hands
from cardlib.render.table import table_svg as draw_table

W, H = WIDTH, HEIGHT
"""The picture's drawing units (the widgets scale it by these)."""

TURN_WORDS = {"bid": "to bid", "give": f"to give {GIVE_COUNT} cards", "trump": "to name trump",
              "play": "to play"}


def in_hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Hearts, bells (♦), leaves (♠), acorns (♣), the colours alternating, each from the 9
    up to the ace as the tricks rank them."""
    return tuple(sorted(cards, key=hand_order))


def hand_order(card: Card) -> tuple[int, int]:
    """The sort key of :func:`in_hand_order`: suit, then strength within the suit."""
    return LAYOUT.suits.index(card.suit), LAYOUT.rules.power(card)


def bid_words(bid: int | None) -> str:
    """``bid 2``, ``pass``, or empty before the seat has bid."""
    if bid is None:
        return ""
    return "pass" if bid == 0 else f"bid {bid}"


def info_line(view: CruceView) -> str:
    """Hand, dealer, contract, trump and stock (or the cards given and the dead cards of the
    auction form), in one line."""
    parts = [f"Hand {view.hand_number + 1}", f"dealer {SEAT_NAMES[view.dealer]}"]
    if view.declarer is not None:
        if view.contract and view.phase == "play":
            parts.append(contract_progress(view))
        elif view.contract:
            parts.append(f"{SEAT_NAMES[view.declarer]} bid {view.contract} "
                         f"({promise(view.contract)} points)")
        else:
            parts.append(f"all passed: {SEAT_NAMES[view.declarer]} leads, no contract")
    if view.trump is not None:
        parts.append(f"trump {SUIT_SYMBOLS[view.trump]}")
    elif view.phase == "play":
        parts.append("the first card led makes trump")
    if view.stock_size:
        parts.append(f"stock {view.stock_size}")
    if view.given_bits and view.declarer is not None:
        given = " ".join(c.label for c in view.given)
        parts.append(f"{SEAT_NAMES[view.declarer]} gave {given}")
    if view.dead_size:
        parts.append(f"{view.dead_size} cards out of play")
    return " · ".join(parts)


def contract_progress(view: CruceView) -> str:
    """During the play of a contract, the bid and what the declarer's side has taken so
    far (cards and the marriages that count) against what the bid needs: ``Ana bid 2:
    Ana & Cristina took 41 / 66 needed``."""
    assert view.declarer is not None
    taken, needed = taken_and_needed(view.taken_bits, view.marriages, view.declarer,
                                     view.contract, view.options)
    side = view.sides[side_of(view.declarer, view.options)]
    who = " & ".join(SEAT_NAMES[seat] for seat in side) + " " if len(side) > 1 else ""
    return (f"{SEAT_NAMES[view.declarer]} bid {view.contract}: {who}took {taken} / "
            f"{needed} needed")


def table_scene(view: CruceView, hands: tuple[tuple[Card, ...], ...] | None = None
                ) -> TableScene:
    """What the table shows ``view.seat``; ``hands`` (every seat's) turns them face up."""
    taken = [card_points(bits) for bits in view.taken_bits]
    partners = len(view.sides) < view.players
    seats = []
    for seat, (cards, size) in enumerate(seat_hands(view, hands, in_hand_order)):
        side = side_of(seat, view.options)
        words = [f"{view.totals[side]} pts"]
        if view.bids[seat] is not None:
            words.append(bid_words(view.bids[seat]))
        if view.phase == "play":
            words.append(f"took {taken[seat]}")
        seats.append(TableSeat(
            name=SEAT_NAMES[seat], score=" · ".join(words),
            hand_size=size, cards=cards, team=side if partners else None,
        ))
    return TableScene(
        seats=tuple(seats), viewer=view.seat, trick=tuple(view.trick.plays()),
        leader=view.leader if view.phase == "play" else None, to_move=view.to_move,
        turn_label=TURN_WORDS.get(view.phase, "to play"), info=info_line(view),
        title=f"Cruce table seen by {SEAT_NAMES[view.seat]}",
    )


def table_svg(view: CruceView, hands: tuple[tuple[Card, ...], ...] | None = None,
              scale: float = 1.0) -> str:
    """The table seen from ``view.seat``; ``hands`` (every seat's) turns them face up."""
    return draw_table(table_scene(view, hands), scale)


def marriages_html(view: CruceView) -> str:
    """The marriages announced this hand: who, which suit, how many points."""
    if not view.marriages:
        return ""
    items = ", ".join(f"{escape(SEAT_NAMES[m.seat])}: K+Q of {escape(suit_words(m.suit))} "
                      f"= <b>{m.points}</b>" for m in view.marriages)
    return f"<div class='cruce-marriages'>Marriages announced: {items}</div>"


def side_names(view: CruceView) -> list[str]:
    """``Ana & Cristina`` for partners, else the player's name, side by side."""
    return [" & ".join(SEAT_NAMES[s] for s in side) for side in view.sides]


def scores_html(view: CruceView) -> str:
    """The hands so far: points (cards + marriages), game points scored, running totals."""
    names = side_names(view)
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = []
    for r in view.results:
        if r.declarer is None:
            what = "all passed: dealt again"
        elif r.bid:
            made = "made" if r.made else "failed"
            what = f"{escape(SEAT_NAMES[r.declarer])} bid {r.bid}: {made}"
        else:
            what = "no contract"
        cells = "".join(f"<td>{p} → <b>{s:+d}</b></td>"
                        for p, s in zip(r.points, r.scored, strict=True))
        rows.append(f"<tr><td>hand {r.number + 1}: {what}</td>{cells}</tr>")
    total = "".join(f"<td><b>{t}</b></td>" for t in view.totals)
    return (f"<table class='cruce-scores'><tr><th>points → game points</th>{head}</tr>"
            f"{''.join(rows)}<tr><td><b>total</b></td>{total}</tr></table>")


def view_html(view: CruceView) -> str:
    return (f"<div class='cruce-view'>{table_svg(view)}{marriages_html(view)}"
            f"{scores_html(view) if view.results else ''}</div>")


def state_html(state: CruceState) -> str:
    """A teacher's view: every hand face up, seen from seat 0, and the stock at two (or
    the dead cards of the auction form, which no player sees)."""
    view = state.view(0)
    hands = tuple(cards_of(mask) for mask in state.hands)
    stock = ""
    if state.stock:
        codes = " ".join(cards_of(1 << b)[0].label for b in state.stock)
        stock = f"<div class='cruce-stock'>Stock, top first: {escape(codes)}</div>"
    if state.dead:
        codes = " ".join(c.label for c in cards_of(state.dead))
        stock = (f"<div class='cruce-dead'>Out of play, seen by no player: {escape(codes)} "
                 f"({card_points(state.dead)} points)</div>")
    return (f"<div class='cruce-view'>{table_svg(view, hands)}{stock}"
            f"{marriages_html(view)}{scores_html(view) if view.results else ''}</div>")


display.register(CruceView, view_html)
display.register(CruceState, state_html)
