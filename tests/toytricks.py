"""A toy trick game with a bid, partners and several hands, on the kit's layer
(``cardlib.tricks.HandsState`` / ``HandsGame``): the template of "Adding a game".

24 cards (9 to A in four suits); 2 to 6 seats, partners alternating at 4 and 6.  Hand n is
dealt by seat n, ``24 // players`` cards each (at most 6).  From the dealer's left each
seat once passes or bids more tricks than the bid before; the high bidder's side has a
contract and the bidder leads (all pass: the dealer's left leads).  Follow suit; the
highest card of the suit led wins and leads next.  Each side scores its tricks, or minus
its bid if it took fewer.  After ``deals`` hands (option, 3) the highest total wins.
``from_hands(hands, leader=1)`` starts a scripted scene at the play, without a bid.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.bots import MonteCarloBot, RandomBot
from cardlib.cards import Card
from cardlib.move_text import MoveText
from cardlib.options import Option, OptionsRecord, options_record
from cardlib.protocol import Explanation, Rule, RuleBook, Tally
from cardlib.tricks import (
    CardBits,
    CardMove,
    HandsGame,
    HandsState,
    InternedMove,
    ItemsOf,
    Knowledge,
    Opening,
    SeatView,
    TrickRules,
    ValueMove,
    computed_once,
    deal_hands,
    kit_rules,
    playable_bits,
)

RANKS = (9, 10, 11, 12, 13, 1)
TRICK_RULES = TrickRules(rank_order=RANKS)
DECK = tuple(Card(rank, suit) for suit in "CDHS" for rank in RANKS)
LAYOUT = CardBits(DECK, TRICK_RULES, suits="CDHS")
DECK_BITS = tuple(LAYOUT.bit_of[card] for card in DECK)
SOURCE = "tests/toytricks.py (a toy: the project's own rules)"


class ToyMove(InternedMove):
    __slots__ = ()  # every move exists once (interned): it compares like an int


class Play(CardMove, ToyMove):
    """Play ``card`` to the trick, written as its code (``QS``)."""

    __slots__ = ()


class Bid(ValueMove, ToyMove):
    """Bid ``tricks`` for your side (0 is a pass): written ``bid 2`` (``bid2``) or ``pass``."""

    __slots__ = ("tricks",)
    verb = "bid"

    def __str__(self) -> str:
        return "pass" if self.tricks == 0 else f"bid {self.tricks}"


BIDS = Bid.intern(range(7), first_key=0, what="bid", expected="pass, or bid 1 to 6")
PLAYS = Play.intern(LAYOUT, first_key=8, deck="the toy deck (9 to A)")
plays_of = ItemsOf(LAYOUT, PLAYS)
MOVE_TEXT = MoveText(ToyMove, such_as="'QS' or 'bid 2'", expected="write a card ('QS'), "
                     "'bid 2' or 'pass'", word=Play, alone={"pass": BIDS[0]},
                     verbs={"play": Play, "bid": Bid}, glued=("bid",))

Options = options_record("toy-tricks", (
    Option("deals", 3, "how many hands the game lasts", (1, 2, 3, 4, 5)),
), player_counts=(2, 3, 4, 5, 6), usual_players=4)

RULES = RuleBook([
    Rule("toy.deal", "24 cards, 9 to A in four suits; each hand deals 24 // players cards, "
                     "at most 6, from the dealer's left; hand n is dealt by seat n.", SOURCE),
    Rule("toy.turn", "Only the seat to move plays, and only a card from its own hand.", SOURCE),
    Rule("toy.partners", "At 4 and 6 seats, partners sit alternately and share a score.",
         SOURCE),
    Rule("toy.bid", "From the dealer's left each seat once passes or bids more tricks than "
                    "the bid before, at most a hand's size; the high bidder leads.", SOURCE),
    *kit_rules("trick.lead", "trick.follow-suit", "trick.void", "trick.won.led-suit"),
    Rule("toy.score.made", "Each side scores the tricks it took.", SOURCE),
    Rule("toy.score.failed", "A side that took fewer tricks than its bid scores minus the "
                             "bid instead.", SOURCE),
    Rule("toy.game.end", "After the last hand (option deals) the highest total wins.", SOURCE),
])


def hand_size(players: int) -> int:
    return min(6, len(DECK) // players)


@dataclass(frozen=True)
class HandResult:  # one hand: each side's tricks and score, the contract, the totals
    number: int
    tricks: tuple[int, ...]
    declarer: int | None
    bid: int
    scored: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class ToyView(SeatView):  # what one seat sees: the layer's fields, the bids, the totals
    seat: int
    phase: str
    to_move: int | None
    hand_bits: int
    trick_bits: tuple[int, ...]
    leader: int
    tricks: tuple[Any, ...]
    taken_bits: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    results: tuple[HandResult, ...]
    options: OptionsRecord
    hand_number: int
    bids: tuple[int, ...]
    declarer: int | None
    totals: tuple[int, ...]

    layout = LAYOUT


@dataclass(frozen=True, eq=False, repr=False)
class ToyState(HandsState):
    number: int
    bids: tuple[int, ...]
    """The bids so far this hand, from the dealer's left (0 is a pass)."""
    declarer: int | None

    layout = LAYOUT
    trick_rules = TRICK_RULES

    @property
    def hand_number(self) -> int:
        return self.number

    @classmethod
    def teams_of(cls, options: OptionsRecord) -> tuple[tuple[int, ...], ...]:
        players = options.players
        if players in (4, 6):
            return tuple(tuple(range(side, players, 2)) for side in (0, 1))
        return tuple((seat,) for seat in range(players))

    def side_of(self, seat: int) -> int:
        return next(i for i, team in enumerate(self.teams) if seat in team)

    def scores(self) -> list[float]:  # each seat's side's running total
        return [self.totals[self.side_of(seat)] for seat in range(self.players)]

    def tallies(self) -> tuple[Tally, ...]:
        return tuple(Tally(f"Hand {r.number + 1}", ("", "tricks", "scored", "total"), tuple(
            (" & ".join(f"{{{s}}}" for s in team), str(r.tricks[i]), f"{r.scored[i]:+d}",
             str(r.totals[i])) for i, team in enumerate(self.teams))) for r in self.results)

    def candidate_moves(self) -> list[ToyMove]:  # what a table offers: legal or not
        if self.phase == "bid":
            return list(BIDS[:self.hands[self.turn].bit_count() + 1])
        return [] if self.turn is None else list(plays_of(self.hands[self.turn]))

    def legal_in_order(self) -> tuple[ToyMove, ...]:
        if self.phase == "bid":
            most = self.hands[self.turn].bit_count()
            return (BIDS[0], *BIDS[max(self.bids, default=0) + 1:most + 1])
        return plays_of(self._allowed[0])

    @computed_once
    def _allowed(self) -> tuple[int, str]:
        return playable_bits(self.hands[self.turn or 0], self.trick, TRICK_RULES, LAYOUT)

    def _explain(self, move: Any) -> Explanation:
        move = self.game.parse_move(move)
        if self.phase == "bid":
            if move not in self.legal_in_order():
                return Explanation(False, "toy.bid", f"{move} is no bid here: pass, or bid "
                                   f"more than {max(self.bids, default=0)}, at most "
                                   f"{self.hands[self.turn].bit_count()}")
            return Explanation(True, "toy.bid", "a bid (or a pass), once each")
        if not isinstance(move, Play) or not self.hands[self.turn] >> move.bit & 1:
            return Explanation(False, "toy.turn", f"{move} is no card in the hand to play")
        allowed, rule = self._allowed
        return Explanation(bool(allowed >> move.bit & 1), rule, self.game.rules[rule].text)

    def _next(self, move: ToyMove) -> ToyState:
        if isinstance(move, Bid):
            bids = self.bids + (move.tricks,)
            first = (self.number + 1) % self.players
            if len(bids) < self.players:
                return self.derive(move, {"bids": bids, "turn": (self.turn + 1) % self.players})
            high = max(bids)
            lead = (first + bids.index(high)) % self.players if high else first
            return self.derive(move, {"bids": bids, "phase": "play", "turn": lead,
                                      "leader": lead, "declarer": lead if high else None})
        table, won = self.card_played(move.bit)
        if won is None or not won.hand_over:
            return self.derive(move, table)
        tricks = tuple(sum(table["taken"][s].bit_count() for s in team) // self.players
                       for team in self.teams)
        bid = max(self.bids, default=0)
        side = None if self.declarer is None else self.side_of(self.declarer)
        scored = tuple(-bid if i == side and t < bid else t for i, t in enumerate(tricks))
        totals = tuple(a + b for a, b in zip(self.totals, scored, strict=True))
        result = HandResult(self.number, tricks, self.declarer, bid, scored, totals)
        return self.close_hand(move, result, table)

    def is_last_hand(self, results: tuple[HandResult, ...]) -> bool:
        return results[-1].number + 1 >= self.options.deals

    @classmethod
    def start_of_hand(cls, options: OptionsRecord, seed: int | str, opening: Opening,
                      number: int, results: tuple[HandResult, ...], history: tuple = (), *,
                      dealt: tuple[int, ...] | None = None, leader: int | None = None
                      ) -> ToyState:
        players = options.players
        first = (number + 1) % players
        if dealt is None:
            dealt = deal_hands(DECK_BITS, seed, number, players, hand_size(players),
                               first=first)[0]
        turn = first if leader is None else leader
        return cls.make(options=options, seed=seed, opening=opening, results=results,
                        phase="bid" if leader is None else "play", number=number, bids=(),
                        declarer=None, turn=turn, hands=dealt, trick=(), leader=turn,
                        tricks=(), taken=(0,) * players, history=history)

    def view(self, seat: int) -> ToyView:
        return ToyView(**self.seat_view_fields(seat), hand_number=self.number, bids=self.bids,
                       declarer=self.declarer, totals=self.totals)

    def __repr__(self) -> str:
        return f"<ToyState hand {self.number + 1}, {self.phase}, totals {list(self.totals)}>"

    @classmethod
    def from_view(cls, view: ToyView, hands: Sequence[int]) -> ToyState:
        """The game as ``view``'s seat imagines it, with ``hands`` guessed (no seed)."""
        return cls.imagined(view, hands, phases=("bid", "play"), number=view.hand_number,
                            opening=Opening(view.hand_number, view.totals), bids=view.bids,
                            declarer=view.declarer)


class ToyTricks(HandsGame):
    name = "toy-tricks"
    title = "Toy tricks"
    rules = RULES
    Options = Options
    State = ToyState
    deck_words = "the toy deck (9 to A)"
    scripted_fields = ("leader",)

    def check_scripted(self, options: OptionsRecord, hands: tuple[int, ...],
                       hand_number: int, fields: dict[str, Any]) -> tuple[dict, dict]:
        """Hands of one size; ``leader``: a scene of the play, without a bid, led by
        that seat."""
        if len({hand.bit_count() for hand in hands}) != 1:
            raise ValueError("every seat plays each trick: give hands of one size, not "
                             f"{[hand.bit_count() for hand in hands]}")
        leader = fields.get("leader")
        if leader is not None and (isinstance(leader, bool) or leader not in range(len(hands))):
            raise ValueError(f"leader={leader!r}: seats are 0..{len(hands) - 1}")
        return ({}, {}) if leader is None else ({"leader": leader}, {"leader": leader})

    def parse_move(self, text: str) -> ToyMove:
        return MOVE_TEXT.read(text)


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
    """The seat's score minus the others' average (higher is better)."""
    won, own = state.scores(), state.scores()[view.seat]
    return own - (sum(won) - own) / (len(won) - 1)


def monte_carlo_bot(seed: int | str = 0, playouts: int = 60) -> MonteCarloBot:
    return MonteCarloBot(imagine, tricks_value, seed=seed, playouts=playouts,
                         search_phases=("play",), hand_over_to=RandomBot(seed))
