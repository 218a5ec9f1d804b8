"""Hearts players: random, a beginner's rules of thumb, and a Monte Carlo searcher.

Every bot decides from ``state.view(state.to_move)`` and ``state.legal_moves()`` only, so
it knows what a person in that seat would know: its own hand, the cards it passed, the
tricks played, the scores.  The Monte Carlo bot imagines the hidden hands in a way that
fits what it has seen, and plays each of its options out in those imagined deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.bots import Bot, RandomBot
from cardlib.cards import Card
from cardlib.hearts.deck import (
    HEARTS,
    LAYOUT,
    PLAYERS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    TRICKS,
)
from cardlib.hearts.moves import HeartsMove, MoonChoice, Play
from cardlib.hearts.scoring import places
from cardlib.hearts.state import HeartsState
from cardlib.hearts.view import HeartsView
from cardlib.tricks import bits_of

__all__ = ["Knowledge", "MonteCarloBot", "RandomBot", "RuleOfThumbBot"]

QUEEN = Card(12, "S")
_STRENGTH = {rank: power for power, rank in enumerate(TRICKS.rank_order)}


def strength(card: Card) -> int:
    """0 for a 2 … 12 for an ace: how high a card is within its suit."""
    return _STRENGTH[card.rank]


def is_queen(card: Card) -> bool:
    """Whether ``card`` is the Q♠ (attribute checks: much faster than ``card == QUEEN``)."""
    return card.rank == 12 and card.suit == "S"


class RuleOfThumbBot:
    """Plays the way beginners are taught; each rule is one line you can read below.

    * Pass the Q♠, A♠ and K♠ first, then the highest hearts, then the highest cards.
    * Lead your lowest card (keep the low cards for later only when you must).
    * Following suit, duck: play the highest card that still loses to the card winning the
      trick.  If every card would win, play high when you are last (the trick is yours
      anyway, so get rid of a high card), low otherwise, and never the Q♠ if you can help it.
    * When you cannot follow, dump the Q♠, then the A♠/K♠ while the Q♠ is still out, then
      your highest heart, then your highest card.
    """

    name = "rule-of-thumb"

    def choose(self, state: HeartsState) -> HeartsMove:
        view = state.view(state.to_move)
        legal = state.legal_moves()
        if view.phase == "pass":
            return max(legal, key=lambda move: pass_danger(move.card))
        if view.phase == "moon":
            return self._moon(view, legal)
        return Play(self.card_to_play(view, [move.card for move in legal]))

    def card_to_play(self, view: HeartsView, legal: Sequence[Card]) -> Card:
        """The card to play from the ``legal`` ones (the rules in the class docstring)."""
        table = view.trick.cards
        if not table:  # leading: low, and not a high spade while the Q♠ is out
            safe = [c for c in legal if not _high_spade(c)] or list(legal)
            return min(safe, key=lambda c: (strength(c), c.suit == "H"))
        led = table[0].suit
        if legal[0].suit != led:  # cannot follow: get rid of danger
            return max(legal, key=lambda c: discard_danger(c, queen_out=not _queen_gone(view)))
        winning = max((c for c in table if c.suit == led), key=strength)
        ducks = [c for c in legal if strength(c) < strength(winning)]
        if ducks:
            return max(ducks, key=strength)
        not_queen = [c for c in legal if not is_queen(c)] or list(legal)
        if len(table) == PLAYERS - 1:
            return max(not_queen, key=strength)
        return min(not_queen, key=strength)

    def _moon(self, view: HeartsView, legal: Sequence[HeartsMove]) -> HeartsMove:
        # Shot the moon: pick the scoring that leaves this seat best placed.
        def place_after(move: HeartsMove) -> tuple[int, int]:
            totals = list(view.totals)
            points = [0 if s == view.seat else 26 for s in range(PLAYERS)]
            if move == MoonChoice("subtract"):
                points = [-26 if s == view.seat else 0 for s in range(PLAYERS)]
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            return places(totals)[view.seat], totals[view.seat]

        return min(legal, key=place_after)


def pass_danger(card: Card) -> int:
    """How keen the rule-of-thumb bot is to pass ``card`` (higher: pass it sooner)."""
    if is_queen(card):
        return 200
    if card.suit == "S" and card.rank in (1, 13):  # A♠, K♠: they catch the Q♠
        return 90 + strength(card)
    if card.suit == "H":
        return 40 + strength(card)
    return strength(card)


def discard_danger(card: Card, queen_out: bool) -> int:
    """How keen the bot is to discard ``card`` when void (higher: sooner)."""
    if is_queen(card):
        return 100
    if queen_out and _high_spade(card):
        return 80 + strength(card)
    if card.suit == "H":
        return 40 + strength(card)
    return strength(card)


def _high_spade(card: Card) -> bool:
    return card.suit == "S" and card.rank in (1, 12, 13)


def _queen_gone(view: HeartsView) -> bool:
    """Whether the Q♠ has been played this hand (or sits in this seat's own hand)."""
    return bool((view.played_bits | view.hand_bits) & QUEEN_OF_SPADES)


# --- What one seat knows about the hidden hands -----------------------------------------

@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` can infer about the hands it cannot see, as bit sets.

    ``possible[s]`` are the cards seat ``s`` may still hold; ``certain[s]`` the cards it
    surely holds (the ones this seat passed it, not yet played); ``sizes[s]`` how many it
    holds.  Inferences: a player who does not follow suit has none of it; a player who
    discards a heart or the Q♠ on the first trick (when that is forbidden while holding
    anything else) holds only hearts and the Q♠; a player who leads a heart before hearts
    are broken holds only hearts.
    """

    seat: int
    possible: tuple[int, ...]
    certain: tuple[int, ...]
    sizes: tuple[int, ...]

    @classmethod
    def of(cls, view: HeartsView) -> Knowledge:
        seat = view.seat
        mine = view.hand_bits
        hidden = LAYOUT.full & ~mine & ~view.played_bits
        possible = [hidden] * PLAYERS
        possible[seat] = mine
        certain = [0] * PLAYERS
        certain[seat] = mine
        if view.passed_to is not None and view.received_bits is not None:
            certain[view.passed_to] = view.passed_bits & hidden
        options = view.options
        broken = False  # replayed trick by trick, to know when a heart lead told something
        for number, trick in enumerate((*view.tricks, view.trick)):
            cards = trick.cards
            if not cards:
                continue
            lead = cards[0]
            if number > 0 and lead.suit == "H" and not broken and options.must_break_hearts:
                # Only a hand of hearts may lead one now (or hearts and the Q♠, by option).
                allowed = HEARTS | QUEEN_OF_SPADES if options.can_lead_hearts_instead_of_qs \
                    else HEARTS
                possible[trick.leader] &= allowed | LAYOUT.mask(cards)
            for index, card in enumerate(cards):
                who = trick.seat_of(index)
                if index and card.suit != lead.suit:
                    possible[who] &= ~LAYOUT.suit_mask[lead.suit]
                    if number == 0 and options.no_pts_on_first_trick \
                            and LAYOUT.mask([card]) & POINT_CARDS:
                        possible[who] &= POINT_CARDS
                if card.suit == "H" or (is_queen(card) and options.qs_breaks_hearts):
                    broken = True
        for s in range(PLAYERS):
            if s != seat:
                possible[s] |= certain[s]
        return cls(seat, tuple(possible), tuple(certain), view.hand_sizes)

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """One guess of every hand (bit sets) that fits all the inferences.

        Cards go one at a time, the most constrained first, each to a seat that may hold it
        with a chance in proportion to the room left there (so, without inferences, every
        deal of the hidden cards is equally likely).  A dead end, which the inferences can
        rarely cause, starts the guess over.
        """
        hands = list(self.certain)
        room = [self.sizes[s] - hands[s].bit_count() for s in range(PLAYERS)]
        room[self.seat] = 0
        free = 0
        for s in range(PLAYERS):
            if s != self.seat:
                free |= self.possible[s]
        for s in range(PLAYERS):
            free &= ~self.certain[s]
        cards = bits_of(free)
        for _attempt in range(200):
            rng.shuffle(cards)
            cards.sort(key=lambda b: sum(room[s] > 0 and self.possible[s] >> b & 1
                                         for s in range(PLAYERS)))
            guess, left = list(hands), list(room)
            for bit in cards:
                seats = [s for s in range(PLAYERS) if left[s] and self.possible[s] >> bit & 1]
                if not seats:
                    break
                s = rng.choices(seats, weights=[left[s] for s in seats])[0]
                guess[s] |= 1 << bit
                left[s] -= 1
            else:
                return tuple(guess)
        raise RuntimeError(f"no deal fits what seat {self.seat} knows: {self}")


# --- Monte Carlo ---------------------------------------------------------------------------

class MonteCarloBot:
    """Tries each legal card in many imagined deals and keeps the best on average.

    For each of ``playouts // len(legal)`` guesses of the hidden hands (see
    :class:`Knowledge`), every legal card is played and the hand is finished by ``policy``
    bots (default: rule-of-thumb for everyone).  A card's value is this seat's points
    minus the average of the others' (so shooting the moon, or stopping one, counts).
    Passing and the moon choice are left to the rule-of-thumb bot.  Seeded: the same seed
    and the same game give the same choices.
    """

    name = "monte-carlo"

    def __init__(self, seed: int | str = 0, playouts: int = 200, policy: Bot | None = None):
        if playouts < 1:
            raise ValueError(f"playouts={playouts!r}: give at least 1")
        self.playouts = playouts
        self._rng = random.Random(seed)
        self._policy = policy or RuleOfThumbBot()
        self._thumb = RuleOfThumbBot()

    def choose(self, state: HeartsState) -> HeartsMove:
        legal = state.legal_moves()
        view = state.view(state.to_move)
        if view.phase != "play":
            return self._thumb.choose(state)
        if len(legal) == 1:
            return legal[0]
        knowledge = Knowledge.of(view)
        value = {move: 0.0 for move in legal}
        for _ in range(max(1, self.playouts // len(legal))):
            world = HeartsState.from_view(view, knowledge.sample(self._rng))
            for move in legal:
                value[move] += self._playout(world.apply(move), view.seat, view.hand_number)
        return min(legal, key=lambda move: (value[move], move))

    def _playout(self, state: HeartsState, seat: int, hand_number: int) -> float:
        while not state.is_over and state.deal.number == hand_number:
            state = state.apply(self._policy.choose(state))
        points = state.results[-1].points
        return points[seat] - (sum(points) - points[seat]) / (PLAYERS - 1)

