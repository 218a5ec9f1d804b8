"""Diam's players: random, a rule-of-thumb player, the same counting cards, and a sampling
player that checks the card counter's moves in imagined tables.

Every bot decides from ``state.view(seat)`` and ``state.legal_moves()`` only, so it knows
what a person in that seat would know: its own hand and safe, the market, the discard
pile, how many cards the others hold.  The card counter (:class:`CountingBot`) weighs a
drilling or a sale by the odds those seen cards leave.  The sampling bot
(:class:`SamplingBot`, the table's first bot and the coach's) starts from the card
counter's move: :func:`determinize` imagines the hidden cards in a way that fits the view,
the counter's best few moves are played out to the end of the round in the same imagined
tables, and the bot changes its move only where one wins more victory chips beyond the
noise of those tables.  In the paired 2-player matches of ``benchmarks/diams.py`` (each deal
played twice, the seats swapped) the card counter beats the rule of thumb by +0.27 ± 0.04
chips a game (300 deals), the sampling bot beats it by +1.20 ± 0.17 (30 deals) and beats
the card counter head to head by +0.56 ± 0.26 (24 deals), at 0.05 s of CPU a move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from cardlib.bots import (
    RANDOM,
    Bot,
    BotKind,
    MonteCarloBot,
    RandomBot,
)

from . import cards as c
from . import moves as m
from .deal import with_closing
from .ruleset import COLLECTION_SIZES, HAND_LIMIT
from .scoring import collection_points
from .state import DiamsState
from .view import DiamsView

__all__ = ["CountingBot", "RandomBot", "RuleOfThumbBot", "SamplingBot", "determinize",
           "drill_odds", "round_chips", "round_over", "sale_odds"]


class RuleOfThumbBot:
    """Plays the way a beginner is told to; each rule is one line below.

    * Draw a card into your hand while you hold fewer than 5; with 5, draw two to the market.
    * Secure as soon as a collection is ready, the selection worth the most points.
    * Otherwise go to the market with the card that brings back the most useful diamonds:
      a sum when one adds up, else all of a colour; useful means matching a digit you hold
      or collect.  A special card is played when it gains more: Secur'express to add to a
      collection, Sleight of hand for a useful card, a sale when the market already shows
      that digit.  Safe drilling is a blind guess, so only at the round's end.
    * Discard the card you need least: a lone low digit before anything you are collecting.
    """

    name = "rule-of-thumb"

    def choose(self, state: DiamsState) -> m.Move:
        view = state.view(state.to_move)
        legal = state.legal_moves()
        if view.phase == "draw":
            return m.draw(to_market=c.size(view.hand) >= HAND_LIMIT)
        if view.phase == "discard":
            return min(legal, key=lambda move: (want(view, move.card), move))
        rate = self.rater(view)
        return max(legal, key=lambda move: (rate(move), move))

    def rater(self, view: DiamsView) -> Callable[[m.Move], float]:
        """How it values a phase-2 move seen from ``view``: the beginner's :func:`gain`."""
        return lambda move: gain(view, move)


def want(view: DiamsView, kind: int) -> float:
    """How much ``view.seat`` wants one more card of ``kind`` (higher: keep or take it)."""
    if not c.is_diamond(kind):
        return 2.5  # a special card is worth a play
    digit = c.digit_of(kind)
    held, kept = c.of_digit(view.hand, digit), c.of_digit(view.safe, digit)
    room = kept < COLLECTION_SIZES[-1]
    worth = view.ruleset.value(digit, COLLECTION_SIZES[0]) / 10
    return held + (2.0 if kept and room else 0.0) - (3.0 if not room else 0.0) + worth \
        + (0.3 if c.is_pure(kind) else 0.0)


def gain(view: DiamsView, move: m.Move) -> float:
    """The rule-of-thumb value of a phase-2 move (see :class:`RuleOfThumbBot`)."""
    verb = move.verb
    if verb in (m.SECURE, m.EXPRESS):
        after = c.merge(view.safe, c.pile_of(move.cards))
        points = collection_points(after, view.ruleset) - collection_points(view.safe,
                                                                            view.ruleset)
        return 100 + points + len(move.cards) - (1 if verb == m.EXPRESS else 0)
    if verb == m.MARKET:
        if move.outcome == "colour":
            matches = c.of_digit(view.market, c.digit_of(move.card))
            return matches * (1 + want(view, move.card))
        if move.outcome == "sum":  # a card taken is worth 1 + want; the one given up
            # counts itself among those held already; and a small edge to sums
            return sum(1 + want(view, k) for k in move.cards) - want(view, move.card) + 0.2
        return -want(view, move.card) - 5
    if verb == m.SLEIGHT:
        return want(view, move.cards[0]) - 1.5
    if verb == m.SALE:
        shown = c.of_digit(view.market, move.digit)
        return shown * (1 + want(view, c.kind_of(move.digit, False))) - 3
    if verb == m.DRILL:
        return 0.5 if view.closing_drawn else -10
    return 0.0


# --- counting the cards: what the odds say of a drilling and a sale --------------------------

def drill_odds(view: DiamsView, seat: int, kind: int,
               hidden: tuple[int, ...] | None = None) -> float:
    """The chance that ``seat``'s safe holds a diamond of ``kind``, from the cards
    ``view.seat`` cannot see (:func:`unseen`).

    A safe holds collections of distinct digits, four cards each on average, so a digit is
    likelier there the more of its copies are unseen: each digit is weighed by the ways to
    make a collection of it from its unseen copies (none with fewer than three), a safe of
    ``n`` cards holds about ``n / 4`` of them, and a collection of that digit holds the
    kind unless every card of it drawn is of the other purity.  It reads no public event
    (a failed drilling, a market visit): an estimate, not a proof.  ``hidden``: those
    unseen cards, when the caller has counted them already (a turn weighs many drillings).
    """
    size = view.safe_sizes[seat]
    hidden = unseen(view) if hidden is None else hidden
    left, digit = hidden[kind], c.digit_of(kind)
    if not size or not left:
        return 0.0
    group = min(size, COLLECTION_SIZES[0])

    def ways(d: int) -> int:
        return math.comb(c.of_digit(hidden, d), group)

    total = sum(ways(d) for d in c.DIGITS)
    if not total:
        return 0.0
    collections = max(1.0, size / 4)
    holds_digit = min(1.0, collections * ways(digit) / total)
    copies = c.of_digit(hidden, digit)
    drawn = min(size, 4, copies)
    return holds_digit * (1 - math.comb(copies - left, drawn) / math.comb(copies, drawn))


def sale_odds(view: DiamsView, seat: int, digit: int,
              hidden: tuple[int, ...] | None = None) -> tuple[float, float]:
    """The chance that ``seat``'s hand holds a diamond of ``digit`` (so a compulsory sale
    on it succeeds), and how many it holds on average, if its cards are any of those
    ``view.seat`` cannot see (``hidden``, counted once by a caller that asks often)."""
    hidden = unseen(view) if hidden is None else hidden
    total, copies, held = c.size(hidden), c.of_digit(hidden, digit), view.hand_sizes[seat]
    if not total or not copies or not held:
        return 0.0, 0.0
    held = min(held, total)
    none = math.comb(total - copies, held) / math.comb(total, held)
    return 1 - none, held * copies / total


def counted_gain(view: DiamsView, move: m.Move,
                 hidden: tuple[int, ...] | None = None) -> float:
    """:func:`gain`, with drillings and sales weighed by the odds (:func:`drill_odds`,
    :func:`sale_odds`) instead of blind guesses.

    A drilling is worth its chance of a hit times the card won and the opponent's
    collection broken (a third of its value, counted like a card), at any time: a drilling
    early breaks a collection while the card drilled can still join one of your own (in the
    paired match this beat waiting for the closing card).  A sale is worth the diamonds it
    brings (those on the market and those the opponent is expected to hold) less those lost
    if they hold none, and the card spent.
    """
    if move.verb == m.DRILL:
        kind = move.cards[0]
        odds = drill_odds(view, move.seat, kind, hidden)
        worth = 1 + want(view, kind) + view.ruleset.value(c.digit_of(kind), 3) / 3
        return odds * worth + 0.5
    if move.verb == m.SALE:
        odds, expected = sale_odds(view, move.seat, move.digit, hidden)
        worth = 1 + want(view, c.kind_of(move.digit, False))
        shown = c.of_digit(view.market, move.digit)
        held = c.of_digit(view.hand, move.digit)
        return (odds * shown + expected - (1 - odds) * held) * worth - 2.0
    return gain(view, move)


class CountingBot(RuleOfThumbBot):
    """The rule of thumb, counting the cards: it drills the diamond most likely to be in
    the opponent's safe, when the odds make it worth more than a market visit, and forces
    a sale when the odds say it pays (:func:`counted_gain`).  Answers at once."""

    name = "card-counting"

    def rater(self, view: DiamsView) -> Callable[[m.Move], float]:
        hidden = unseen(view)  # counted once a turn, not once a drilling
        return lambda move: counted_gain(view, move, hidden)


# --- imagining the hidden cards ------------------------------------------------------------

def unseen(view: DiamsView) -> tuple[int, ...]:
    """The cards ``view.seat`` cannot see: the deck without its own hand and safe, the
    market and the discard pile (the closing card is left out)."""
    seen = c.merge(c.merge(view.hand, view.safe), c.merge(view.market, view.discard))
    return c.minus(view.ruleset.deck, seen)


def determinize(view: DiamsView, rng: random.Random) -> DiamsState:
    """One full table that fits ``view``: the hidden cards dealt at random to the other
    hands, the other safes (as collections of one digit each, of the sizes seen) and the
    draw pile, with the closing card still among its last cards if not yet drawn.

    The game state it returns has a fresh seed (later rounds are imagined too) and no
    history.  It ignores what public events hint (a failed drilling, a sale): a
    simplification that only makes the guesses a little less sharp.
    """
    pool = c.kinds_in(unseen(view))
    rng.shuffle(pool)
    safes = [view.safe if seat == view.seat else
             _imagined_safe(pool, view.safe_sizes[seat], rng) for seat in range(view.players)]
    hands = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            size = view.hand_sizes[seat]
            hands.append(c.pile_of(pool[:size]))
            del pool[:size]
    closing = 0 if view.closing_drawn else 1
    if len(pool) != view.pile_size - closing:
        raise ValueError(f"the view does not add up: {len(pool)} hidden cards left for a "
                         f"draw pile of {view.pile_size}")
    pile = tuple(pool) if view.closing_drawn else \
        with_closing(pool, view.players, view.options, rng.randrange(2**32))
    turn = view.seat if view.to_move is None else view.to_move
    return DiamsState(
        options=view.options, ruleset=view.ruleset, seed=rng.randrange(2**32),
        round=view.round, phase=view.phase, turn=turn, hands=tuple(hands),
        safes=tuple(safes), market=view.market, discard=view.discard, pile=pile,
        closing_drawn=view.closing_drawn, results=view.results,
    )


def _imagined_safe(pool: list[int], size: int, rng: random.Random) -> tuple[int, ...]:
    """A safe of ``size`` cards taken from ``pool``: collections of 3 to 5 diamonds of
    distinct digits (or one short group, after a drilling), as the rules allow."""
    for _attempt in range(30):
        groups = _split(size, rng)
        digits = list(c.DIGITS)
        rng.shuffle(digits)
        chosen: list[int] = []
        left = list(pool)
        for group in groups:
            digit = next((d for d in digits
                          if sum(1 for k in left if c.digit_of(k) == d) >= group), None)
            if digit is None:
                break
            digits.remove(digit)
            for _ in range(group):
                kind = next(k for k in left if c.digit_of(k) == digit)
                left.remove(kind)
                chosen.append(kind)
        else:
            pool[:] = left
            return c.pile_of(chosen)
    # No fit (a safe cut by drillings, late in a round, can leave none): any diamonds, so
    # the card count stays right, but never more of a digit than a collection holds.
    taken: list[int] = []
    for kind in [k for k in pool if c.is_diamond(k)]:
        if len(taken) < size and \
                sum(1 for t in taken if c.digit_of(t) == c.digit_of(kind)) < COLLECTION_SIZES[-1]:
            taken.append(kind)
    for kind in taken:
        pool.remove(kind)
    return c.pile_of(taken)


def _split(size: int, rng: random.Random) -> list[int]:
    """Collection sizes adding up to ``size``: parts of 3..5, or one part below 3."""
    if size < COLLECTION_SIZES[0]:
        return [size] if size else []
    parts, left = [], size
    while left:
        options = [n for n in COLLECTION_SIZES
                   if n <= left and (left - n == 0 or left - n >= COLLECTION_SIZES[0])]
        n = rng.choice(options)
        parts.append(n)
        left -= n
    return parts


# --- the sampling bot: the card counter, checked in imagined tables -------------------------

def round_over(view: DiamsView, state: DiamsState) -> bool:
    """The horizon of a playout: the end of the round being played."""
    return state.is_over or state.round != view.round


def round_chips(view: DiamsView, state: DiamsState) -> float:
    """What a finished playout is worth to ``view.seat`` in victory chips, what the game is
    won by: its chips for the round minus the others' average (at 2 players +1 for a round
    won, 0 for a tie, -1 for a round lost)."""
    chips = state.results[view.round].chips
    others = [n for s, n in enumerate(chips) if s != view.seat]
    return chips[view.seat] - sum(others) / len(others)


def shortlist(view: DiamsView, legal: Sequence[m.Move], width: int,
              first: m.Move | None = None) -> list[m.Move]:
    """``first`` (the card counter's own move, if given) and the moves the card counter
    rates best after it, ``width`` in all; both draws in phase 1."""
    if view.phase == "draw":
        ranked, width = list(legal), len(legal)
    elif view.phase == "discard":
        ranked = sorted(legal, key=lambda move: (want(view, move.card), move))
    else:
        rate = CountingBot().rater(view)
        ranked = sorted(legal, key=lambda move: (-rate(move), move))
    if first is not None:
        ranked = [first] + [move for move in ranked if move != first]
    return ranked[:width]


class SamplingBot(MonteCarloBot):
    """The card counter, checked in imagined tables: it plays another move only where the
    imagined tables say, beyond their noise, that it wins more chips.

    At each turn the card counter (:class:`CountingBot`) names its move and the ``width``
    it rates best (a turn can offer a hundred moves, most of them blind drillings).
    :func:`determinize` imagines ``samples`` tables that fit what the seat sees; in each,
    every shortlisted move is played and card counters play every seat to the end of the
    round (:func:`round_over`), scored in victory chips (:func:`round_chips`).  Every move
    meets the same imagined tables, so two moves compare table by table.  The bot keeps the
    counter's move unless another wins more on average by more than ``sure`` standard
    errors of that paired difference: a few imagined tables are noisy, and the counter's
    judgement is the better bet when they do not clearly disagree.

    It is the kit's searcher (:class:`cardlib.bots.MonteCarloBot`) with Diam's hooks: the
    shortlist (:meth:`candidates`), ``samples`` tables whatever its length
    (:meth:`planned`) and the counter's move kept unless clearly beaten (:meth:`pick`).
    Seeded, without memory: a decision's imagined tables are drawn from the seed and the
    seat's view (:func:`cardlib.bots.decision_rng`), so the same seed and view give the same
    move, and :meth:`estimates` shows the very tables :meth:`choose` weighs.
    """

    name = "sampling"
    thinks = True
    """It searches (about 0.05 s of CPU a move, 0.1 s at the 95th percentile, in
    ``benchmarks/diams.py``): a table says it is thinking."""

    def __init__(self, seed: int | str = 0, samples: int = 8, width: int = 3,
                 sure: float = 1.0, policy: Bot | None = None,
                 value: Callable[[DiamsView, DiamsState], float] = round_chips):
        if samples < 1 or width < 1:
            raise ValueError(f"samples={samples!r}, width={width!r}: give at least 1 each")
        if not sure >= 0:
            raise ValueError(f"sure={sure!r}: give a number of standard errors, 0 or more")
        super().__init__(determinize, value, policy=policy or CountingBot(),
                         horizon=round_over, seed=seed, playouts=samples)
        self.samples, self.width, self.sure = samples, width, sure

    @property
    def policy(self) -> Bot:
        """The card counter: it names the move kept unless clearly beaten, and plays every
        seat in the imagined tables."""
        return self._policy

    def candidates(self, state: DiamsState) -> list[m.Move]:
        """The card counter's move first, then the moves it rates best (:func:`shortlist`)."""
        view = state.view(state.to_move)
        return shortlist(view, state.legal_moves(), self.width, self.policy.choose(state))

    def planned(self, moves: Sequence[m.Move]) -> int:
        """``samples`` tables, however many moves are weighed."""
        return self.samples

    def pick(self, moves: list[m.Move], values: dict[m.Move, list[float]]) -> m.Move:
        """The counter's move (the first) unless another beats it, table by table, by more
        than ``sure`` standard errors of the difference (the biggest such gain; ties to the
        first)."""
        own = moves[0]
        best, best_gain = own, 0.0
        for move in moves[1:]:
            gaps = [a - b for a, b in zip(values[move], values[own], strict=True)]
            if len(gaps) < 2:
                continue
            gain = sum(gaps) / len(gaps)
            spread = math.sqrt(sum((g - gain) ** 2 for g in gaps) / (len(gaps) - 1))
            if gain > self.sure * spread / math.sqrt(len(gaps)) and gain > best_gain:
                best, best_gain = move, gain
        return best


BOTS: tuple[BotKind, ...] = (
    BotKind("sampling", "sampling",
            "the card counter, checked in imagined tables: plays the counter's 3 best moves out "
            "to the end of the round in the same 8 tables and leaves the counter's move only "
            "for one that wins more chips beyond the tables' noise; about 0.05 s a move",
            lambda seed: SamplingBot(seed=seed)),
    BotKind("rule-of-thumb", "rule of thumb",
            "secures as soon as a collection is ready, trades at the market for useful diamonds, "
            "drills only at the round's end; answers at once",
            lambda seed: RuleOfThumbBot()),
    RANDOM,
)
"""The bots a table offers for Diam's, strongest first (:func:`cardlib.games.bots`): the
benchmark in ``benchmarks/diams.py`` measures the first against the rule of thumb."""
