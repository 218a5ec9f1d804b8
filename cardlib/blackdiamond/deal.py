"""A Black Diamond deal: the order of the diamonds and the order of the black cards.

A deal is the whole chance of a game, so it is what a solver solves, what a notebook
pastes and what the command line reads and writes.  It has two forms:

* the spec's JSON, ``{"diamonds": [13 codes], "black": [26 codes]}``;
* plain text, typed the way the cards lie on the table (:meth:`Deal.from_text`)::

      diamonds: 7D 5D TD KD  QD 2D 8D 4D AD JD 6D 3D 9D
      black:    AC 4C  2C 3C 9S 7C 6C 9C 8C QC 4S 5C KC JC KS JS 2S AS 5S 6S TS 3S QS TC 8S 7S

The order means (:data:`DEAL_ORDER`): the first four diamonds go to N, E, S, W, the other
nine are the diamond deck, top first; the first two black cards are the hand, the other 24
the black deck, top first, drawn two at a time.

A malformed deal is refused with one :class:`DealError` that lists every problem it found
(``problems``: wrong counts, unknown codes, cards of the wrong suit, repeated and missing
cards, unknown or missing lines), so a user fixes a pasted deal in one go.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardlib.cards import BadCard, Card, codes, parse_card, shuffled, suit_cards

DIAMOND_CARDS: tuple[Card, ...] = suit_cards("D")
"""The 13 diamonds, ace to king."""

BLACK_CARDS: tuple[Card, ...] = suit_cards("S") + suit_cards("C")
"""The 26 spades and clubs, spades first, each ace to king."""


DEAL_ORDER: tuple[tuple[str, str], ...] = (
    ("diamonds 1-4", "the diamonds at N, E, S and W"),
    ("diamonds 5-13", "the diamond deck, top card first"),
    ("black 1-2", "your first hand"),
    ("black 3-26", "the black deck, top card first, drawn two at a time"),
)
"""What the place of a card in a deal means, in the order the deal lists them (the text
form, the JSON form and the deal picture all say it this way)."""

FIELDS = ("diamonds", "black")
"""The two lines of a deal, in order."""

_SYMBOLS = str.maketrans({"♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C",
                          "♢": "D", "♡": "H"})
_VALUE_RANKS = {"1": "A", "11": "J", "12": "Q", "13": "K"}


class DealError(ValueError):
    """A deal that is not exactly the 13 diamonds and the 26 black cards, each once.

    ``problems`` lists every problem found, each a sentence of its own (the message joins
    them), so a widget can show them as a list."""

    def __init__(self, message: str, problems: Sequence[str] = ()):
        super().__init__(message)
        self.problems: tuple[str, ...] = tuple(problems) or (message,)


def _refuse(problems: Sequence[str]) -> DealError:
    return DealError("bad deal: " + "; ".join(problems), problems)


def _read_codes(field: str, items: Any) -> tuple[list[Card], list[str]]:
    """Parse a list of card codes; unknown codes are reported, not raised."""
    if isinstance(items, str) or not isinstance(items, Sequence):
        return [], [f"{field} must be a list of card codes, got {type(items).__name__}"]
    cards, problems = [], []
    for item in items:
        try:
            cards.append(parse_card(item))
        except BadCard:
            problems.append(f"{field}: unknown card code {item!r}")
    return cards, problems


def _check(field: str, cards: Sequence[Card], expected: Sequence[Card], suits: str,
           given: int | None = None) -> list[str]:
    """Problems with one half of a deal: wrong suit, count, repeats, missing cards.
    ``given``: how many codes were typed, readable or not (default: the cards)."""
    problems = []
    wrong = [c for c in cards if c.suit not in suits]
    if wrong:
        problems.append(f"{field}: {', '.join(codes(wrong))} "
                        f"{'is' if len(wrong) == 1 else 'are'} not "
                        f"{'a diamond' if suits == 'D' else 'a spade or club'}")
    count = len(cards) if given is None else given
    if count != len(expected):
        problems.append(f"{field} must hold {len(expected)} cards, got {count}")
    counts = Counter(cards)
    repeated = sorted(c for c, n in counts.items() if n > 1)
    if repeated:
        problems.append(f"{field}: repeated {', '.join(codes(repeated))}")
    missing = [c for c in expected if c not in counts]
    if missing:
        problems.append(f"{field}: missing {', '.join(codes(missing))}")
    return problems


@dataclass(frozen=True)
class Deal:
    """The two orders of a game, validated: 13 diamonds and 26 black cards, each once.

    ``diamonds[0:4]`` go to N, E, S, W and ``diamonds[4:]`` is the diamond deck, top first;
    ``black[0:2]`` is the starting hand and ``black[2:]`` the black deck, top first.
    """

    diamonds: tuple[Card, ...]
    black: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "diamonds", tuple(self.diamonds))
        object.__setattr__(self, "black", tuple(self.black))
        problems = (_check("diamonds", self.diamonds, DIAMOND_CARDS, "D")
                    + _check("black", self.black, BLACK_CARDS, "SC"))
        if problems:
            raise _refuse(problems)

    @classmethod
    def from_json(cls, obj: Any) -> Deal:
        """Read the spec's JSON form; every problem found is named in one DealError."""
        if not isinstance(obj, Mapping):
            raise DealError('bad deal: expected an object {"diamonds": [...], "black": [...]}, '
                            f"got {type(obj).__name__}")
        problems = []
        absent = [key for key in ("diamonds", "black") if key not in obj]
        if absent:
            problems.append(f"missing key(s) {', '.join(absent)}")
        extra = sorted(set(obj) - {"diamonds", "black"})
        if extra:
            problems.append(f"unknown key(s) {', '.join(map(str, extra))}")
        if problems:
            raise _refuse(problems)
        diamonds, bad_d = _read_codes("diamonds", obj["diamonds"])
        black, bad_b = _read_codes("black", obj["black"])
        if bad_d or bad_b:
            raise _refuse(bad_d + bad_b)
        return cls(tuple(diamonds), tuple(black))

    def to_json(self) -> dict[str, list[str]]:
        """The spec's JSON form, canonical codes."""
        return {"diamonds": codes(self.diamonds), "black": codes(self.black)}

    @classmethod
    def from_text(cls, text: str) -> Deal:
        """Read a deal typed as it lies on the table: a ``diamonds:`` line and a ``black:``
        line of card codes, in the order of :data:`DEAL_ORDER` (see :func:`read_text` for
        what is forgiven).  Refused with one :class:`DealError` that names every problem at
        once: a missing or unknown line, a code that is no card (with its place), a card of
        the wrong suit, a wrong count, a repeated card, a missing card."""
        typed = read_text(text)
        if typed.problems:
            raise _refuse(typed.problems)
        return cls(tuple(typed.diamonds), tuple(typed.black))  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> Deal:
        """A deal from pasted text in either form: JSON (it starts with ``{``) or the
        table's text (:meth:`from_text`); every problem is named in one DealError."""
        if text.lstrip().startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise _refuse([f"the text starts with '{{' but is not JSON: {exc.msg} at "
                               f"line {exc.lineno}, column {exc.colno}"]) from None
            return cls.from_json(data)
        return cls.from_text(text)

    def to_text(self) -> str:
        """The text form (:meth:`from_text` reads it back): the four diamonds on the
        table, then the deck; the hand, then the black deck."""
        d, b = codes(self.diamonds), codes(self.black)
        return (f"diamonds: {' '.join(d[:4])}  {' '.join(d[4:])}\n"
                f"black: {' '.join(b[:2])}  {' '.join(b[2:])}\n")


class TypedDeal(NamedTuple):
    """A deal as typed, read as far as it goes (see :func:`read_text`): the cards of each
    line in their places (None where a code is no card) and every problem found."""

    diamonds: list[Card | None]
    black: list[Card | None]
    problems: list[str]


def read_text(text: str) -> TypedDeal:
    """Read the text form of a deal as far as it goes, for :meth:`Deal.from_text` and for a
    picture that fills in while the deal is typed.

    Forgiving where nothing can be misread: any case (``td``), ``10`` for ``T``, a suit
    symbol for its letter (``10♦``), a value for A, J, Q, K (``1D``, ``12S``); codes apart
    by spaces, commas or ``|``; the colon after a label may be left out; a line without a
    label goes on with the line above it; blank lines and ``#`` comments are skipped.
    """
    if not isinstance(text, str):
        return TypedDeal([], [], [f"a deal as text must be a string, got {type(text).__name__}"])
    problems: list[str] = []
    tokens: dict[str, list[str]] = {name: [] for name in FIELDS}
    lines: dict[str, list[int]] = {}
    field: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        label, colon, rest = line.partition(":")
        first, *after = line.split(None, 1)
        if not colon and first.lower() in FIELDS:  # "black AC 4C ...": no colon
            label, colon, rest = first, ":", after[0] if after else ""
        if colon:
            name = label.strip().lower()
            if name not in FIELDS:
                field = "?"  # its cards are skipped: the label is the problem
                problems.append(f"line {number}: unknown line {label.strip()!r}; a deal has "
                                "a 'diamonds:' line and a 'black:' line")
                continue
            field = name
            lines.setdefault(name, []).append(number)
            line = rest
        if field is None:
            problems.append(f"line {number}: cards before any 'diamonds:' or 'black:' label")
            continue
        if field != "?":
            tokens[field] += [t for t in re.split(r"[\s,;|/]+", line) if t]
    for name in FIELDS:
        if name not in lines:
            problems.append(f"no '{name}:' line")
        elif len(lines[name]) > 1:
            problems.append(f"'{name}:' is given on lines {', '.join(map(str, lines[name]))}; "
                            "give it once")
    found: dict[str, list[Card | None]] = {}
    for name in FIELDS:
        cards: list[Card | None] = []
        for place, token in enumerate(tokens[name], start=1):
            try:
                cards.append(_read_typed(token))
            except BadCard:
                cards.append(None)
                problems.append(f"{name} card {place}: {token!r} is not a card code (write "
                                "the rank then the suit, like 7D, QS or 10C)")
        found[name] = cards
        if name in lines:
            expected = DIAMOND_CARDS if name == "diamonds" else BLACK_CARDS
            problems += _check(name, [c for c in cards if c is not None], expected,
                               "D" if name == "diamonds" else "SC", given=len(cards))
    return TypedDeal(found["diamonds"], found["black"], problems)


def _read_typed(token: str) -> Card:
    """One typed card: a code as :func:`parse_card` reads it, a suit symbol for its letter,
    or a value (1, 11, 12, 13) for A, J, Q, K; anything else raises ``BadCard``."""
    raw = token.translate(_SYMBOLS).upper()
    rank = _VALUE_RANKS.get(raw[:-1])
    return parse_card(rank + raw[-1] if rank else raw)


def deal_from_seed(seed: int | str) -> Deal:
    """The deal for ``seed``: the same everywhere (notebook, command line, tests).

    The scheme, fixed so that saved seeds keep their deals: the diamonds are
    ``shuffled(A..K of diamonds, f"{seed}:diamonds")`` and the black cards are
    ``shuffled(A..K of spades + A..K of clubs, f"{seed}:black")``; two independent
    string-seeded shuffles, so changing one order never changes the other.
    """
    return Deal(shuffled(DIAMOND_CARDS, f"{seed}:diamonds"),
                shuffled(BLACK_CARDS, f"{seed}:black"))
