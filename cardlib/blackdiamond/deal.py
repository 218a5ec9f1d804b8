"""A Black Diamond deal: the order of the diamonds and the order of the black cards.

A deal is the whole chance of a game, so it is what a solver solves, what a notebook
pastes and what the command line reads and writes.  Its JSON form is the spec's:
``{"diamonds": [13 codes], "black": [26 codes]}``.  A malformed deal is refused with one
:class:`DealError` that lists every problem it found (wrong counts, unknown codes, cards of
the wrong suit, repeated and missing cards), so a user fixes a pasted deal in one go.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import BadCard, Card, codes, parse_card, shuffled, suit_cards

DIAMOND_CARDS: tuple[Card, ...] = suit_cards("D")
"""The 13 diamonds, ace to king."""

BLACK_CARDS: tuple[Card, ...] = suit_cards("S") + suit_cards("C")
"""The 26 spades and clubs, spades first, each ace to king."""


class DealError(ValueError):
    """A deal that is not exactly the 13 diamonds and the 26 black cards, each once."""


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


def _check(field: str, cards: Sequence[Card], expected: Sequence[Card], suits: str) -> list[str]:
    """Problems with one half of a deal: wrong suit, count, repeats, missing cards."""
    problems = []
    wrong = [c for c in cards if c.suit not in suits]
    if wrong:
        problems.append(f"{field}: {', '.join(codes(wrong))} "
                        f"{'is' if len(wrong) == 1 else 'are'} not "
                        f"{'a diamond' if suits == 'D' else 'a spade or club'}")
    if len(cards) != len(expected):
        problems.append(f"{field} must hold {len(expected)} cards, got {len(cards)}")
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
            raise DealError("bad deal: " + "; ".join(problems))

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
            raise DealError("bad deal: " + "; ".join(problems))
        diamonds, bad_d = _read_codes("diamonds", obj["diamonds"])
        black, bad_b = _read_codes("black", obj["black"])
        if bad_d or bad_b:
            raise DealError("bad deal: " + "; ".join(bad_d + bad_b))
        return cls(tuple(diamonds), tuple(black))

    def to_json(self) -> dict[str, list[str]]:
        """The spec's JSON form, canonical codes."""
        return {"diamonds": codes(self.diamonds), "black": codes(self.black)}


def deal_from_seed(seed: int | str) -> Deal:
    """The deal for ``seed``: the same everywhere (notebook, command line, tests).

    The scheme, fixed so that saved seeds keep their deals: the diamonds are
    ``shuffled(A..K of diamonds, f"{seed}:diamonds")`` and the black cards are
    ``shuffled(A..K of spades + A..K of clubs, f"{seed}:black")``; two independent
    string-seeded shuffles, so changing one order never changes the other.
    """
    return Deal(shuffled(DIAMOND_CARDS, f"{seed}:diamonds"),
                shuffled(BLACK_CARDS, f"{seed}:black"))
