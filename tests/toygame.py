"""A tiny two-player trick game used only by the tests of the generic machinery.

It exists so the protocol base, the bots and the game table can be tested without
depending on any real game's rules: three cards each, follow suit, most tricks wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card, deal, parse_card, parse_cards, shuffled
from cardlib.options import Option, options_record
from cardlib.protocol import Explanation, Game, GameState, Rule, RuleBook
from cardlib.tricks import Trick, TrickRules, kit_rules, playable

DECK = parse_cards("AS KS QS AH KH QH")
TRICKS = TrickRules()


@dataclass(frozen=True, eq=True)
class ToyState(GameState):
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: Trick
    won: tuple[int, int] = (0, 0)
    seed: int = 0
    options: Any = None

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.trick.next_seat

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def _legal_moves(self):
        return playable(self.hands[self.trick.next_seat], self.trick.cards, TRICKS).allowed

    def candidate_moves(self):
        return sorted(self.hands[self.trick.next_seat])

    def _explain(self, move: Any) -> Explanation:
        hand = self.hands[self.trick.next_seat]
        if move not in hand:
            return Explanation(False, "toy.in-hand", f"{move} is not in your hand")
        check = playable(hand, self.trick.cards, TRICKS)
        return Explanation(move in check.allowed, check.rule, check.text)

    def _next(self, move: Card) -> ToyState:
        seat = self.trick.next_seat
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move)
        trick, won = self.trick.add(move), self.won
        if trick.is_complete:
            winner = trick.winner(TRICKS)
            won = tuple(w + (s == winner) for s, w in enumerate(won))
            trick = Trick(winner, (), 2)
        return ToyState(tuple(hands), trick, won, self.seed, self.options,
                        history=self.history + (move,))

    def scores(self) -> list[float]:
        return [float(w) for w in self.won]

    def start_record(self) -> dict:
        return {"seed": self.seed, "options": self.options.as_dict()}


class Toy(Game):
    name = "toy"
    title = "Toy tricks"
    rules = RuleBook([Rule("toy.in-hand", "play a card from your hand"),
                      *kit_rules("trick.lead", "trick.follow-suit", "trick.void")])
    Options = options_record(
        "toy", (Option("lead", 0, "who leads the first trick", (0, 1)),), player_counts=(2,))

    def new(self, seed: int = 0, **options: Any) -> ToyState:
        chosen = self.make_options(**options)
        hands = deal(shuffled(DECK, seed), 2, 3)
        return ToyState(hands, Trick(chosen.lead, (), 2), seed=seed, options=chosen)

    def parse_move(self, text: str) -> Card:
        return parse_card(text)


ToyState.game = Toy()
