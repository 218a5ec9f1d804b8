"""Diamonds at the table: the shared table picture, plus the crystals every seat holds.

The table (:mod:`cardlib.render.table`) shows the hands and the trick from one seat; each
seat's line says what it shows of its crystals (its showroom, and for the viewer the
vault too) and its tricks.  Beside it, :func:`crystals_svg` draws the supply, every
showroom as crystals and every vault as a locked box: its count for the viewer, "?" for
the others (vaults are secret), every count for a teacher's view or a finished game.  A
move's suit actions are listed with their rule ids (:func:`actions_html`), and the rounds
played with their majorities (:func:`rounds_html`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from cardlib import display
from cardlib.cards import SUIT_SYMBOLS, Card
from cardlib.diamonds.crystals import ActionDone, Crystals
from cardlib.diamonds.deck import SEATS, SUITS, cards_of
from cardlib.diamonds.round_end import RoundEnd, RoundResult
from cardlib.diamonds.state import DiamondsState
from cardlib.diamonds.view import DiamondsView
from cardlib.render.table import TableScene, TableSeat, seat_hands, table_svg
from cardlib.svg import GOLD, GREY, INK, PILE_TINTS, RED, svg_document, svg_text

HAND_SUITS = "DSHC"
"""A hand is fanned ♦ ♠ ♥ ♣, so the colours alternate, each suit low to high."""
TURN_WORDS = {"announce": "to announce", "pass": "to pass", "play": "to play",
              "rob": "to rob"}


def in_hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """♦ ♠ ♥ ♣ (the colours alternate), each from 1 up to 15."""
    return tuple(sorted(cards, key=hand_key))


def hand_key(card: Card) -> tuple[int, int]:
    return HAND_SUITS.index(card.suit), card.rank


def table_scene(view: DiamondsView, hands: Sequence[Sequence[Card]] | None = None
                ) -> TableScene:
    """What the table shows ``view.seat``; ``hands`` (every seat's) turns all face up."""
    won = view.tricks_won()
    seats = []
    for seat, (cards, size) in enumerate(seat_hands(view, hands, in_hand_order)):
        vault = f"vault {view.vault} · " if seat == view.seat else ""
        tricks = f"{won[seat]} trick{'s' if won[seat] != 1 else ''}"
        seats.append(TableSeat(
            name=SEATS[seat], score=f"{vault}showroom {view.showroom[seat]} · {tricks}",
            hand_size=size, cards=cards))
    if view.pass_count:
        passing = f"pass {view.pass_count}"
    else:  # a scene may start a round at the first lead
        passing = "pass not yet announced" if view.phase == "announce" else "no pass"
    supply = "supply unlimited" if view.supply is None else f"supply {view.supply}"
    info = (f"Round {view.round + 1} of {view.rounds} · {SEATS[view.dealer]} deals · "
            f"{passing} · {supply}")
    return TableScene(
        seats=tuple(seats), viewer=view.seat, trick=tuple(view.trick.plays()),
        leader=view.leader if view.phase == "play" else None, to_move=view.to_move,
        turn_label=TURN_WORDS.get(view.phase, "to play"), info=info,
        highlight=frozenset(view.received or ()),
        title=f"Diamonds table seen by {SEATS[view.seat]}",
    )


# --- crystals ----------------------------------------------------------------------------

ROW_H = 30
NAME_W = 70
SHOWROOM_W = 300
VAULT_W = 70
SHOWN = 20
"""Crystals drawn in a showroom before the rest are written as ``+n``."""


def crystals_svg(crystals: Crystals, names: Sequence[str], *, viewer: int | None = None,
                 changed: Iterable[int] = (), title: str = "") -> str:
    """The supply, each seat's showroom (crystals) and vault (a box with its count).

    ``viewer`` set: only that seat's vault count shows, the others read "?" (secret);
    None shows every vault (a teacher's view, or the end of the game).  Seats in
    ``changed`` are outlined in gold (the ones a suit action just touched).
    """
    marked = set(changed)
    top = 26 if title else 4
    width = NAME_W + SHOWROOM_W + VAULT_W + 20
    height = top + 44 + ROW_H * len(names) + 6
    supply = "unlimited" if crystals.supply is None else f"{crystals.supply} points"
    parts = [f'<rect width="{width}" height="{height}" rx="10" fill="{PILE_TINTS[0]}"/>']
    if title:
        parts.append(svg_text(10, 18, title, 14, bold=True, fill=INK))
    parts.append(f'<g class="diamonds-supply" data-supply="{crystals.supply}">'
                 + svg_text(10, top + 16, f"Supply: {supply}", 13, bold=True, fill=INK)
                 + "</g>")
    parts.append(svg_text(NAME_W + 10, top + 36, "showroom (open, ×1)", 12, fill=GREY))
    parts.append(svg_text(NAME_W + SHOWROOM_W + 10, top + 36, "vault (×2)", 12, fill=GREY))
    for seat, name in enumerate(names):
        y = top + 44 + ROW_H * seat
        outline = f' stroke="{GOLD}" stroke-width="3"' if seat in marked else ""
        parts.append(f'<g class="diamonds-crystals-seat" data-seat="{seat}" '
                     f'data-showroom="{crystals.showroom[seat]}"'
                     + (f' data-vault="{crystals.vault[seat]}"'
                        if viewer is None or seat == viewer else "") + ">")
        parts.append(f'<rect x="4" y="{y}" width="{width - 8}" height="{ROW_H - 4}" rx="6" '
                     f'fill="white"{outline}/>')
        parts.append(svg_text(10, y + 18, name, 13, bold=True, fill=INK))
        count = crystals.showroom[seat]
        for k in range(min(count, SHOWN)):
            parts.append(_crystal(NAME_W + 14 + 13 * k, y + 13))
        if count > SHOWN:
            parts.append(svg_text(NAME_W + 14 + 13 * SHOWN, y + 18, f"+{count - SHOWN}", 12,
                                  fill=INK))
        if not count:
            parts.append(svg_text(NAME_W + 10, y + 18, "empty", 12, fill=GREY))
        shown = "?" if viewer is not None and seat != viewer else str(crystals.vault[seat])
        x = NAME_W + SHOWROOM_W + 10
        parts.append(f'<rect x="{x}" y="{y + 3}" width="{VAULT_W - 16}" height="{ROW_H - 10}" '
                     f'rx="4" fill="#37474f"/>')
        parts.append(svg_text(x + (VAULT_W - 16) / 2, y + 18, shown, 13, bold=True,
                              anchor="middle", fill="white"))
        parts.append("</g>")
    return svg_document(width, height, "".join(parts), title or "crystals")


def _crystal(x: float, y: float) -> str:
    """One 1-point crystal: a small red diamond."""
    return (f'<polygon points="{x:.1f},{y - 7:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 7:.1f} '
            f'{x - 5:.1f},{y:.1f}" fill="{RED}" stroke="#7f0000" stroke-width="0.8"/>')


def touched(done: Iterable[ActionDone]) -> set[int]:
    """The seats whose crystals the actions ``done`` moved (the taker, and a ♣ victim)."""
    seats: set[int] = set()
    for action in done:
        if action.moved:
            seats.add(action.action.seat)
            if action.victim is not None:
                seats.add(action.victim)
    return seats


def actions_html(done: Sequence[ActionDone], names: Sequence[str]) -> str:
    """The suit actions of the last move, one line each, with the rule that decided."""
    if not done:
        return ""
    lines = "".join(
        f"<li data-diamonds-moved='{str(action.moved).lower()}'>"
        f"{escape(action.text(names))} <code>[{escape(action.action.earned_by)}]</code></li>"
        for action in done)
    return f"<ul class='diamonds-actions' style='margin:4px 0'>{lines}</ul>"


def round_end_html(end: RoundEnd, names: Sequence[str], *, counts: bool = True) -> str:
    """What the end of a round awarded, as the engine worked it out (``end``): the cards
    of each suit each player took (``counts``; the most in bold), then suit by suit who
    takes its action or who tied for the most, so that nobody does, and the players who
    took no trick, each line with its rule id; last, the actions in the order taken."""
    majority = "<code>[diamonds.round.majority]</code>"
    lines = []
    for i, (suit, seat) in enumerate(zip(SUITS, end.majorities, strict=True)):
        symbol = SUIT_SYMBOLS[suit]
        most = max(row[i] for row in end.counts)
        tied = [names[s] for s, row in enumerate(end.counts) if row[i] == most]
        if seat is not None:
            lines.append(f"<li data-diamonds-suit='{suit}' data-diamonds-gets='{seat}'>"
                         f"{symbol}: <b>{escape(names[seat])}</b> took the most ({most}): "
                         f"a {symbol} action {majority}</li>")
        elif most:
            lines.append(f"<li data-diamonds-suit='{suit}' data-diamonds-gets='none' "
                         f"data-diamonds-tie='{most}'>{symbol}: "
                         f"{escape(' and '.join(tied))} tie for the most ({most} each): "
                         f"<b>nobody</b> gets it {majority}</li>")
        else:
            lines.append(f"<li data-diamonds-suit='{suit}' data-diamonds-gets='none' "
                         f"data-diamonds-tie='0'>{symbol}: nobody took one, a tie on 0: "
                         f"<b>nobody</b> gets it {majority}</li>")
    for seat in end.no_tricks:
        lines.append(f"<li data-diamonds-no-trick='{seat}'><b>{escape(names[seat])}</b> "
                     "took no trick: two ♦ actions <code>[diamonds.round.no-tricks]</code>"
                     "</li>")
    order = ", ".join(f"{names[a.seat]} {SUIT_SYMBOLS[a.suit]}" for a in end.actions)
    table = ""
    if counts:
        cell = "padding:2px 12px;text-align:center"
        head = "".join(f"<th style='{cell}'>{SUIT_SYMBOLS[s]}</th>" for s in SUITS)
        most = [max(row[i] for row in end.counts) for i in range(len(SUITS))]
        rows = "".join(
            f"<tr><td>{escape(names[seat])}</td>" + "".join(
                f"<td style='{cell}'>{f'<b>{n}</b>' if n == most[i] and n else n}</td>"
                for i, n in enumerate(row))
            + "</tr>" for seat, row in enumerate(end.counts))
        table = (f"<table class='diamonds-round-counts' style='margin:4px 0'><tr>"
                 f"<th style='text-align:left'>cards taken</th>{head}</tr>{rows}</table>")
    return (f"{table}<ol class='diamonds-majority-list'>{''.join(lines)}</ol>"
            f"<div>In order: {escape(order) or 'no action'}</div>")


def rounds_html(results: Sequence[RoundResult], names: Sequence[str]) -> str:
    """Each finished round: tricks won, who had each majority, who took no trick."""
    if not results:
        return ""
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = []
    for result in results:
        most = ", ".join(f"{SUIT_SYMBOLS[s]} {names[seat] if seat is not None else 'tie'}"
                         for s, seat in zip(SUITS, result.end.majorities, strict=True))
        none = ", ".join(names[s] for s in result.end.no_tricks) or "nobody"
        rows.append(f"<tr><td>round {result.number + 1}</td>"
                    + "".join(f"<td>{won}</td>" for won in result.tricks_won)
                    + f"<td style='text-align:left'>{escape(most)}; no trick: "
                      f"{escape(none)}</td></tr>")
    return (f"<table class='diamonds-rounds'><tr><th>tricks won</th>{head}"
            f"<th>end of round</th></tr>{''.join(rows)}</table>")


def _crystals_of(view: DiamondsView) -> Crystals:
    """The crystals as ``view``'s seat knows them (other vaults as 0: drawn as "?")."""
    vault = tuple(view.vault if s == view.seat else 0 for s in range(view.players))
    return Crystals(vault, view.showroom, view.supply)


def view_html(view: DiamondsView) -> str:
    crystals = crystals_svg(_crystals_of(view), view.names, viewer=view.seat,
                            changed=touched(view.last_done))
    return (f"<div class='cardlib-diamonds'>{table_svg(table_scene(view))}"
            f"<div style='margin-top:4px'>{crystals}</div>"
            f"{actions_html(view.last_done, view.names)}"
            f"{rounds_html(view.results, view.names)}</div>")


def state_html(state: DiamondsState) -> str:
    """A teacher's view (and the end of the game): every hand and every vault shown."""
    view = state.view(0)
    hands = tuple(cards_of(mask) for mask in state.hands)
    ending = ""
    if state.is_over:
        scores = ", ".join(f"{name} {score:g}" for name, score in
                           zip(state.names, state.scores(), strict=True))
        winners = " and ".join(state.names[s] for s in state.winners())
        ending = (f"<div class='diamonds-final' data-diamonds-winners='"
                  f"{','.join(map(str, state.winners()))}'><b>Final scores</b> (vault ×2 + "
                  f"showroom): {escape(scores)}. <b>{escape(winners)} "
                  f"win{'s' if len(state.winners()) == 1 else ''}.</b></div>")
    crystals = crystals_svg(state.crystals, state.names, changed=touched(state.last_done))
    return (f"<div class='cardlib-diamonds'>{ending}{table_svg(table_scene(view, hands))}"
            f"<div style='margin-top:4px'>{crystals}</div>"
            f"{actions_html(state.last_done, state.names)}"
            f"{rounds_html(state.results, state.names)}</div>")


display.register(DiamondsView, view_html)
display.register(DiamondsState, state_html)
