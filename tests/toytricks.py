"""A toy trick game for 2 to 6 seats, built only from the trick kit (``cardlib.tricks``).

It stands in for Diamonds and Cruce in the tests: if the kit's pieces (bit sets, interned
moves, the table and its trick step, knowledge and the Monte Carlo bot) make this game in
a page, at any number of seats, they will make those.  The rules: 24 cards (9, 10, J, Q,
K, A in four suits); each seat is dealt ``24 // players`` cards, at most 6, and the rest
stay out unseen; seat 0 leads the first trick; follow suit if you can; the highest card of
the suit led wins and its winner leads next; when the hands are played out, most tricks
wins.  ``from_hands(hands, leader=0)`` starts a scripted scene (seat 0's hand first).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.bots import MonteCarloBot
from cardlib.cards import BadCard, Card, deal, parse_cards, shuffled
from cardlib.options import OptionsRecord, options_record
from cardlib.protocol import BadMoveText, Explanation, Game, Rule, RuleBook
from cardlib.tricks import (
    CardBits,
    CardMove,
    InternedMove,
    ItemsOf,
    Knowledge,
    Trick,
    TrickRules,
    TrickState,
    computed_once,
    playable_bits,
)

RANKS = (9, 10, 11, 12, 13, 1)
TRICK_RULES = TrickRules(rank_order=RANKS)
DECK = tuple(Card(rank, suit) for suit in "CDHS" for rank in RANKS)
LAYOUT = CardBits(DECK, TRICK_RULES, suits="CDHS")


class ToyMove(InternedMove):
    __slots__ = ()


class Play(CardMove, ToyMove):
    """Play ``card`` to the trick, written as its code (``QS``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.card.code


PLAYS = Play.intern(LAYOUT, first_key=0, deck="the toy deck (9 to A)")
plays_of = ItemsOf(LAYOUT, PLAYS)

Options = options_record("toy-tricks", (), player_counts=(2, 3, 4, 5, 6), usual_players=3,
                         module=__name__)

RULES = RuleBook([
    Rule("toy.deal", "24 cards, 9 to A in four suits; each seat gets 24 // players cards, "
                     "at most 6; the rest stay out unseen."),
    Rule("toy.turn", "Only the seat to move plays, and only a card from its own hand."),
    Rule("trick.lead", "The leader may lead any card."),
    Rule("trick.follow-suit", "Follow the suit led if you can."),
    Rule("trick.void", "If you cannot follow suit, play any card."),
    Rule("trick.won.led-suit", "The highest card of the suit led takes the trick; its "
                               "winner leads the next one."),
    Rule("toy.most-tricks", "When the hands are played out, most tricks wins."),
])

WORDS = {"trick.lead": "the leader may lead any card",
         "trick.follow-suit": "follow the suit led",
         "trick.void": "cannot follow suit: any card may be played"}


def hand_size(players: int) -> int:
    return min(6, len(DECK) // players)


@dataclass(frozen=True)
class ToyView:
    """What one seat sees: its own hand, the table, the tricks; only sizes of the others."""

    seat: int
    to_move: int | None
    hand_bits: int
    trick_bits: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    taken_bits: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    options: OptionsRecord

    @property
    def trick(self) -> Trick:
        return Trick(self.leader, tuple(LAYOUT.card_at[b] for b in self.trick_bits),
                     len(self.hand_sizes))


@dataclass(frozen=True, eq=False, repr=False)
class ToyState(TrickState):
    options: OptionsRecord
    seed: int | str | None
    scripted: tuple[tuple[str, ...], ...] | None
    """The hands ``from_hands`` was given (for the start record), else None."""
    first_leader: int

    layout = LAYOUT
    trick_rules = TRICK_RULES

    @property
    def is_over(self) -> bool:
        return self.turn is None

    def scores(self) -> list[float]:
        """Tricks won by each seat."""
        return [taken.bit_count() // self.players for taken in self.taken]

    def start_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seed": self.seed, "options": self.options.as_dict()}
        if self.scripted is not None:
            record.update(hands=[list(hand) for hand in self.scripted],
                          leader=self.first_leader)
        return record

    def candidate_moves(self) -> list[Play]:
        return [] if self.turn is None else list(plays_of(self.hands[self.turn]))

    def legal_in_order(self) -> tuple[Play, ...]:
        return plays_of(self._allowed[0])

    @computed_once
    def _allowed(self) -> tuple[int, str]:
        return playable_bits(self.hands[self.turn or 0], self.trick, TRICK_RULES, LAYOUT)

    def _explain(self, move: Any) -> Explanation:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if not isinstance(move, Play):
            return Explanation(False, "toy.turn", f"{move!r} is not a card to play")
        if not self.hands[self.turn or 0] >> move.bit & 1:
            return Explanation(False, "toy.turn",
                               f"{move} is not in the hand of seat {self.turn}")
        allowed, rule = self._allowed
        return Explanation(bool(allowed >> move.bit & 1), rule, WORDS[rule])

    def _next(self, move: Play) -> ToyState:
        table, won = self.card_played(move.bit)
        if won is not None and not any(table["hands"]):
            table["turn"] = None  # the hands are played out
        return self.derive(move, table)

    def view(self, seat: int) -> ToyView:
        if seat not in range(self.players):
            raise ValueError(f"no seat {seat!r}: seats are 0..{self.players - 1}")
        return ToyView(seat, self.turn, self.hands[seat], self.trick, self.leader,
                       self.tricks, self.taken, tuple(h.bit_count() for h in self.hands),
                       self.options)

    @classmethod
    def from_view(cls, view: ToyView, hands: Sequence[int]) -> ToyState:
        """The game as ``view``'s seat imagines it, with ``hands`` guessed (no seed)."""
        if hands[view.seat] != view.hand_bits:
            raise ValueError("the guess changes the seat's own hand")
        return cls(turn=view.to_move, hands=tuple(hands), trick=view.trick_bits,
                   leader=view.leader, tricks=view.tricks, taken=view.taken_bits,
                   options=view.options, seed=None, scripted=None, first_leader=view.leader)


class ToyTricks(Game):
    name = "toy-tricks"
    title = "Toy tricks (2 to 6 seats)"
    rules = RULES
    Options = Options

    def new(self, seed: int | str = 0, **options: Any) -> ToyState:
        chosen = self.make_options(**options)
        hands = deal(shuffled(DECK, seed), chosen.players, hand_size(chosen.players))
        return _start(chosen, seed, tuple(LAYOUT.mask(h) for h in hands), 0, None)

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str], leader: int = 0,
                   **options: Any) -> ToyState:
        """A scripted deal: ``hands`` seat 0 first, all the same size, cards of the deck
        at most once each; ``leader`` leads the first trick."""
        players = options.pop("players", len(hands))
        if players != len(hands):
            raise ValueError(f"players={players} but {len(hands)} hands given")
        chosen = self.make_options(players=players, **options)
        if leader not in range(players):
            raise ValueError(f"leader={leader!r}: seats are 0..{players - 1}")
        cards = [parse_cards(hand) for hand in hands]
        if len({len(hand) for hand in cards}) != 1:
            raise ValueError(f"every seat plays each trick: give hands of one size, not "
                             f"{[len(hand) for hand in cards]}")
        seen: set[Card] = set()
        for seat, hand in enumerate(cards):
            for card in hand:
                if card not in LAYOUT.bit_of or card in seen:
                    raise ValueError(f"seat {seat}: {card} is not in the deck, or dealt twice")
                seen.add(card)
        masks = tuple(LAYOUT.mask(hand) for hand in cards)
        scripted = tuple(tuple(c.code for c in hand) for hand in cards)
        return _start(chosen, 0, masks, leader, scripted)

    def from_start_record(self, start: Any) -> ToyState:
        options = start.get("options", {})
        if "hands" in start:
            return self.from_hands(start["hands"], start.get("leader", 0), **options)
        return self.new(start["seed"], **options)

    def parse_move(self, text: str) -> Play:
        if isinstance(text, Play):
            return text
        try:
            return Play(text)
        except BadCard as exc:
            raise BadMoveText(f"bad move {text!r}: {exc}") from None


def _start(options: OptionsRecord, seed: int | str, hands: tuple[int, ...], leader: int,
           scripted: tuple[tuple[str, ...], ...] | None) -> ToyState:
    return ToyState(turn=leader, hands=hands, trick=(), leader=leader, tricks=(),
                    taken=(0,) * len(hands), options=options, seed=seed, scripted=scripted,
                    first_leader=leader)


GAME = ToyTricks()
ToyState.game = GAME


# --- the Monte Carlo bot, with the toy's hooks ------------------------------------------------

def knowledge(view: ToyView) -> Knowledge:
    """What the seat knows: cards seen, voids shown, hand sizes (no game inferences)."""
    return Knowledge.gather(view.seat, view.hand_bits, (*view.tricks, view.trick),
                            view.hand_sizes, LAYOUT)


def imagine(view: ToyView, rng: random.Random) -> ToyState:
    return ToyState.from_view(view, knowledge(view).sample(rng))


def tricks_value(view: ToyView, state: ToyState) -> float:
    """The seat's tricks minus the others' average (higher is better)."""
    won = state.scores()
    own = won[view.seat]
    return own - (sum(won) - own) / (len(won) - 1)


def monte_carlo_bot(seed: int | str = 0, playouts: int = 60) -> MonteCarloBot:
    return MonteCarloBot(imagine, tricks_value, seed=seed, playouts=playouts)
