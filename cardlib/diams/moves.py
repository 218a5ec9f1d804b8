"""Diam's moves: one small value type, ``Move``, and how moves are written and labelled.

One type for every move keeps sorting and hashing cheap (the protocol sorts legal moves on
every step of every playout) and gives one parser.  ``verb`` says which action it is; the
other fields are filled only where the action needs them.  The text form, which saved games
store and ``parse_move`` reads back:

======================  ==========================================================
``draw hand``           phase 1: one card into your hand
``draw market``         phase 1: two cards onto the market
``market 7 colour``     go to the market with a 7, take every 7 there (yours too)
``market 7* sum 3 4``   go with a pure 7, take a 3 and a 4 (digits adding up to 7)
``market 7 none``       go with a 7, come back empty-handed
``secure 5 5 5* 8``     put these cards from your hand into your safe
``express 8 8``         Secur'express: secure these (a digit already in your safe)
``drill 1 7*``          Safe drilling: take a pure 7 from seat 1's safe
``sleight 7*``          Sleight of hand: take a pure 7 from the market
``sale drill 1 7``      compulsory sale with the Safe drilling card, on seat 1's 7s
``discard 7*``          discard a card down to the hand limit
``pass``                nothing to do in phase 2 (no diamond, no special card)
======================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardlib.move_text import MoveText
from cardlib.protocol import SEAT_NAMES, BadMoveText

from . import cards as c

DRAW_HAND, DRAW_MARKET, MARKET, SECURE = "draw-hand", "draw-market", "market", "secure"
EXPRESS, DRILL, SLEIGHT, SALE = "express", "drill", "sleight", "sale"
DISCARD, PASS = "discard", "pass"
OUTCOMES = ("colour", "sum", "none")
SPECIAL_VERBS = {EXPRESS: c.EXPRESS, DRILL: c.DRILL, SLEIGHT: c.SLEIGHT}
"""The verb of each special card's own power, and the card it spends."""


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """One Diam's move (see the module docstring for every kind and its text).

    ``card`` is the card played, spent or discarded (a kind, -1 if none); ``outcome`` the
    market outcome; ``seat`` the opponent a special card aims at; ``digit`` the digit a sale
    names; ``cards`` the cards secured, taken by a sum, drilled or taken by a sleight, as
    sorted kinds.
    """

    verb: str
    card: int = -1
    outcome: str = ""
    seat: int = -1
    digit: int = 0
    cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        return _FORMS[self.verb][0](self)


def seat_name(seat: int) -> str:
    """A seat as people read it: its name on the board (``Ben``); a number no seat has
    stays a number, so a refusal can name the bad value."""
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


def _codes(kinds: tuple[int, ...]) -> str:
    return " ".join(c.code(k) for k in kinds)


def _labels(kinds: tuple[int, ...]) -> str:
    return " ".join(c.label(k) for k in kinds)


# --- building moves ---------------------------------------------------------------------------

def draw(to_market: bool) -> Move:
    return Move(DRAW_MARKET if to_market else DRAW_HAND)


def market(card: int, outcome: str, taken: tuple[int, ...] = ()) -> Move:
    return Move(MARKET, card, outcome, cards=tuple(sorted(taken)))


def secure(kinds: tuple[int, ...]) -> Move:
    return Move(SECURE, cards=tuple(sorted(kinds)))


def express(kinds: tuple[int, ...]) -> Move:
    return Move(EXPRESS, c.EXPRESS, cards=tuple(sorted(kinds)))


def drill(seat: int, kind: int) -> Move:
    return Move(DRILL, c.DRILL, seat=seat, cards=(kind,))


def sleight(kind: int) -> Move:
    return Move(SLEIGHT, c.SLEIGHT, cards=(kind,))


def sale(card: int, seat: int, digit: int) -> Move:
    return Move(SALE, card, seat=seat, digit=digit)


def discard(card: int) -> Move:
    return Move(DISCARD, card)


PASS_MOVE = Move(PASS)


# --- reading moves ---------------------------------------------------------------------------

def parse_move(text: str | Move) -> Move:
    """The move written as ``text`` (see the module docstring); forgiving about case and
    spaces, and a :class:`BadMoveText` naming what is wrong otherwise."""
    return MOVE_TEXT.read(text)


def _kinds(words: list[str]) -> tuple[int, ...]:
    return tuple(c.parse_kind(w) for w in words)


def _whole(word: str, what: str) -> int:
    if not word.isdigit():
        raise BadMoveText(f"{what} must be a whole number, not {word!r}")
    return int(word)


def _read_draw(rest: list[str]) -> Move:
    if rest == ["hand"]:
        return draw(False)
    if rest == ["market"]:
        return draw(True)
    raise BadMoveText("write 'draw hand' or 'draw market'")


def _read_market(rest: list[str]) -> Move:
    if len(rest) < 2 or rest[1] not in OUTCOMES:
        raise BadMoveText("write 'market CARD colour', 'market CARD sum CARDS…' or "
                          "'market CARD none'")
    card, outcome, taken = c.parse_kind(rest[0]), rest[1], _kinds(rest[2:])
    if outcome != "sum" and taken:
        raise BadMoveText(f"only a sum names the cards taken, not {outcome!r}")
    if outcome == "sum" and not taken:
        raise BadMoveText("a sum names the market cards it takes: 'market 7 sum 3 4'")
    return market(card, outcome, taken)


def _read_cards(build):
    def read(rest: list[str]) -> Move:
        if not rest:
            raise BadMoveText("name the cards, e.g. '5 5 5*'")
        return build(_kinds(rest))
    return read


def _read_drill(rest: list[str]) -> Move:
    if len(rest) != 2:
        raise BadMoveText("write 'drill SEAT CARD', e.g. 'drill 1 7*'")
    return drill(_whole(rest[0], "the seat"), c.parse_kind(rest[1]))


def _read_sleight(rest: list[str]) -> Move:
    if len(rest) != 1:
        raise BadMoveText("write 'sleight CARD', e.g. 'sleight 7*'")
    return sleight(c.parse_kind(rest[0]))


def _read_sale(rest: list[str]) -> Move:
    if len(rest) != 3:
        raise BadMoveText("write 'sale SPECIAL SEAT DIGIT', e.g. 'sale drill 1 7'")
    return sale(c.parse_kind(rest[0]), _whole(rest[1], "the seat"),
                _whole(rest[2], "the digit"))


def _read_discard(rest: list[str]) -> Move:
    if len(rest) != 1:
        raise BadMoveText("write 'discard CARD', e.g. 'discard 7*'")
    return discard(c.parse_kind(rest[0]))


_READERS = {
    "draw": _read_draw, "market": _read_market, "secure": _read_cards(secure),
    "express": _read_cards(express), "drill": _read_drill, "sleight": _read_sleight,
    "sale": _read_sale, "discard": _read_discard,
}
MOVE_TEXT = MoveText(
    Move, such_as="'draw hand'", lower=True, phrases=_READERS, alone={PASS: PASS_MOVE},
    expected=f"it starts with one of {', '.join(_READERS)}, {PASS}")
"""How Diam's moves are written (``cardlib.move_text``): a verb, then its own words."""


def move_label(move: Move) -> str:
    """A short label for a move button: ``draw 2 → market``, ``7 → market: take all 7s`` …"""
    return _FORMS[move.verb][1](move)


def _market_text(move: Move) -> str:
    taken = f" {_codes(move.cards)}" if move.outcome == "sum" else ""
    return f"market {c.code(move.card)} {move.outcome}{taken}"


def _market_label(move: Move) -> str:
    taken = {"colour": f"all {c.digit_of(move.card)}s", "none": "nothing",
             "sum": " + ".join(c.label(k) for k in move.cards)}[move.outcome]
    return f"{c.label(move.card)} → market: take {taken}"


_FORMS: dict[str, tuple[Callable[[Move], str], Callable[[Move], str]]] = {
    # verb: (the text a save stores and parse_move reads, the label on a button)
    DRAW_HAND: (lambda _: "draw hand", lambda _: "draw 1 → hand"),
    DRAW_MARKET: (lambda _: "draw market", lambda _: "draw 2 → market"),
    MARKET: (_market_text, _market_label),
    SECURE: (lambda mv: f"secure {_codes(mv.cards)}",
             lambda mv: f"secure {_labels(mv.cards)}"),
    EXPRESS: (lambda mv: f"express {_codes(mv.cards)}",
              lambda mv: f"Secur'express: {_labels(mv.cards)}"),
    DRILL: (lambda mv: f"drill {mv.seat} {_codes(mv.cards)}",
            lambda mv: f"drill {seat_name(mv.seat)}: {_labels(mv.cards)}"),
    SLEIGHT: (lambda mv: f"sleight {_codes(mv.cards)}",
              lambda mv: f"Sleight of hand: {_labels(mv.cards)}"),
    SALE: (lambda mv: f"sale {c.code(mv.card)} {mv.seat} {mv.digit}",
           lambda mv: f"sale ({c.label(mv.card)}): {seat_name(mv.seat)}'s {mv.digit}s"),
    DISCARD: (lambda mv: f"discard {c.code(mv.card)}",
              lambda mv: f"discard {c.label(mv.card)}"),
    PASS: (lambda _: "pass", lambda _: "pass"),
}
