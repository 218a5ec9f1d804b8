"""A Black Diamond position: a board in the middle of a game, as validated data.

A deal only describes the start.  Tests that check one rule, notebooks that pose a
puzzle ("can you still win from here?") and solver agreement tests on small problems all
need a game that starts later, with cards already on the piles and fewer cards to come.
A :class:`Position` is that board: four diamonds, the diamond deck, the hand, the black
deck and the nine piles.  It is checked like a deal (known codes, right suits, no card
twice, piles under their limits with alternating suits) but may hold fewer cards, because
the cards that left the game are not part of it.

JSON form: ``{"diamonds": [4 codes N,E,S,W], "diamond_deck": [...], "hand": [...],
"black_deck": [...], "piles": {"NE": [bottom ... top], ...}}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import BadCard, Card, codes, parse_card

from .deal import Deal, DealError
from .rules import PILE_BY_NAME, PILE_NAMES, PILES, POSITIONS


class PositionError(DealError):
    """A board that no game of Black Diamond can reach as written (names the problem)."""


def _cards(field: str, items: Any, problems: list[str]) -> tuple[Card, ...]:
    if isinstance(items, str) or not isinstance(items, Sequence):
        problems.append(f"{field} must be a list of card codes")
        return ()
    found = []
    for item in items:
        try:
            found.append(parse_card(item))
        except BadCard:
            problems.append(f"{field}: unknown card code {item!r}")
    return tuple(found)


@dataclass(frozen=True)
class Position:
    """A board: diamonds at N E S W, the diamond deck and black deck (top first), the hand,
    and the nine piles (bottom card first), in :data:`~.rules.PILES` order."""

    diamonds: tuple[Card, ...]
    diamond_deck: tuple[Card, ...]
    hand: tuple[Card, ...]
    black_deck: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        for name in ("diamonds", "diamond_deck", "hand", "black_deck"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        object.__setattr__(self, "piles", tuple(tuple(p) for p in self.piles))
        problems = self.problems()
        if problems:
            raise PositionError("bad position: " + "; ".join(problems))

    def problems(self) -> list[str]:
        """Everything wrong with this board (empty when it is a reachable-looking board)."""
        problems = []
        if len(self.diamonds) != len(POSITIONS):
            problems.append(f"need 4 diamonds (N, E, S, W), got {len(self.diamonds)}")
        if len(self.hand) > 2:
            problems.append(f"the hand holds at most 2 cards, got {len(self.hand)}")
        if not self.hand and self.black_deck:
            problems.append("the hand is empty but the black deck is not (draw first)")
        if len(self.piles) != len(PILES):
            problems.append(f"need the 9 piles {', '.join(PILE_NAMES)}")
        for field, cards, suits in (("diamonds", self.diamonds, "D"),
                                    ("diamond_deck", self.diamond_deck, "D"),
                                    ("hand", self.hand, "SC"),
                                    ("black_deck", self.black_deck, "SC")):
            wrong = [c for c in cards if c.suit not in suits]
            if wrong:
                kind = "diamonds" if suits == "D" else "spades or clubs"
                problems.append(f"{field}: {', '.join(codes(wrong))} must be {kind}")
        for pile, cards in zip(PILES, self.piles, strict=False):
            wrong = [c for c in cards if c.suit not in "SC"]
            if wrong:
                problems.append(f"pile {pile.name}: {', '.join(codes(wrong))} "
                                "must be spades or clubs")
            if len(cards) >= pile.limit:
                problems.append(f"pile {pile.name} holds {len(cards)} cards, but it is "
                                f"cleared at {pile.limit}")
            for below, above in zip(cards, cards[1:], strict=False):
                if below.suit == above.suit:
                    problems.append(f"pile {pile.name}: {above} on {below} (suits alternate)")
        everything = (self.diamonds + self.diamond_deck + self.hand + self.black_deck
                      + tuple(c for pile in self.piles for c in pile))
        repeated = sorted(c for c, n in Counter(everything).items() if n > 1)
        if repeated:
            problems.append(f"repeated {', '.join(codes(repeated))}")
        return problems

    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        """The board a deal starts from."""
        return cls(deal.diamonds[:4], deal.diamonds[4:], deal.black[:2], deal.black[2:],
                   ((),) * len(PILES))

    @classmethod
    def from_json(cls, obj: Any) -> Position:
        """Read the JSON form (see the module docstring); piles not named are empty."""
        if not isinstance(obj, Mapping):
            raise PositionError(f"bad position: expected an object, got {type(obj).__name__}")
        problems: list[str] = []
        keys = {"diamonds", "diamond_deck", "hand", "black_deck", "piles"}
        extra = sorted(map(str, set(obj) - keys))
        if extra:
            problems.append(f"unknown key(s) {', '.join(extra)}")
        if "diamonds" not in obj:
            problems.append("missing key diamonds")
        diamonds = _cards("diamonds", obj.get("diamonds", []), problems)
        deck = _cards("diamond_deck", obj.get("diamond_deck", []), problems)
        hand = _cards("hand", obj.get("hand", []), problems)
        black = _cards("black_deck", obj.get("black_deck", []), problems)
        raw_piles = obj.get("piles", {})
        piles: list[tuple[Card, ...]] = [() for _ in PILES]
        if not isinstance(raw_piles, Mapping):
            problems.append("piles must be an object {PILE: [codes]}")
            raw_piles = {}
        for name, cards in raw_piles.items():
            key = str(name).strip().upper()
            if key not in PILE_BY_NAME:
                problems.append(f"unknown pile {name!r}")
                continue
            piles[PILE_NAMES.index(key)] = _cards(f"pile {key}", cards, problems)
        if problems:
            raise PositionError("bad position: " + "; ".join(problems))
        return cls(diamonds, deck, hand, black, tuple(piles))

    def to_json(self) -> dict[str, Any]:
        """The JSON form, canonical codes; empty piles left out."""
        return {
            "diamonds": codes(self.diamonds),
            "diamond_deck": codes(self.diamond_deck),
            "hand": codes(self.hand),
            "black_deck": codes(self.black_deck),
            "piles": {p.name: codes(c) for p, c in zip(PILES, self.piles, strict=True) if c},
        }
