"""Diam's players: random, a rule-of-thumb player, the same counting cards, and a sampling
player.

Every bot decides from ``state.view(seat)`` and ``state.legal_moves()`` only, so it knows
what a person in that seat would know: its own hand and safe, the market, the discard
pile, how many cards the others hold.  The card counter (:class:`CountingBot`) weighs a
drilling or a sale by the odds those seen cards leave.  The sampling bot is the shared Monte
Carlo searcher (:class:`cardlib.bots.MonteCarloBot`) with Diam's hooks: :func:`determinize`
imagines the hidden cards in a way that fits the view, and each candidate move is played out
to the end of the round in those imagined tables.  In the paired match of
``benchmarks/diams.py`` the card counter beats the beginner's rule of thumb; the sampling
bot, even with card counters in its playouts, did not.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Sequence

from cardlib.bots import RANDOM, Bot, BotKind, Estimates, MonteCarloBot, RandomBot

from . import cards as c
from . import moves as m
from .deal import with_closing
from .ruleset import COLLECTION_SIZES, HAND_LIMIT
from .scoring import collection_points
from .state import DiamsState
from .view import DiamsView

__all__ = ["CountingBot", "RandomBot", "RuleOfThumbBot", "SamplingBot", "determinize",
           "drill_odds", "round_margin", "round_over", "sale_odds"]


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
        return max(legal, key=lambda move: (self.rate(view, move), move))

    def rate(self, view: DiamsView, move: m.Move) -> float:
        """The value of a phase-2 move: the beginner's :func:`gain`."""
        return gain(view, move)


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

def drill_odds(view: DiamsView, seat: int, kind: int) -> float:
    """The chance that ``seat``'s safe holds a diamond of ``kind``, from the cards
    ``view.seat`` cannot see (:func:`unseen`).

    A safe holds collections of distinct digits, four cards each on average, so a digit is
    likelier there the more of its copies are unseen: each digit is weighed by the ways to
    make a collection of it from its unseen copies (none with fewer than three), a safe of
    ``n`` cards holds about ``n / 4`` of them, and a collection of that digit holds the
    kind unless every card of it drawn is of the other purity.  It reads no public event
    (a failed drilling, a market visit): an estimate, not a proof.
    """
    size = view.safe_sizes[seat]
    hidden = unseen(view)
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


def sale_odds(view: DiamsView, seat: int, digit: int) -> tuple[float, float]:
    """The chance that ``seat``'s hand holds a diamond of ``digit`` (so a compulsory sale
    on it succeeds), and how many it holds on average, if its cards are any of those
    ``view.seat`` cannot see."""
    hidden = unseen(view)
    total, copies, held = c.size(hidden), c.of_digit(hidden, digit), view.hand_sizes[seat]
    if not total or not copies or not held:
        return 0.0, 0.0
    held = min(held, total)
    none = math.comb(total - copies, held) / math.comb(total, held)
    return 1 - none, held * copies / total


def counted_gain(view: DiamsView, move: m.Move) -> float:
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
        odds = drill_odds(view, move.seat, kind)
        worth = 1 + want(view, kind) + view.ruleset.value(c.digit_of(kind), 3) / 3
        return odds * worth + 0.5
    if move.verb == m.SALE:
        odds, expected = sale_odds(view, move.seat, move.digit)
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

    def rate(self, view: DiamsView, move: m.Move) -> float:
        return counted_gain(view, move)


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


# --- the sampling bot: the shared Monte Carlo searcher with Diam's hooks --------------------

def round_over(view: DiamsView, state: DiamsState) -> bool:
    """The horizon of a playout: the end of the round being played."""
    return state.is_over or state.round != view.round


def round_margin(view: DiamsView, state: DiamsState) -> float:
    """What a finished playout is worth to ``view.seat``: its round points minus the best
    other seat's."""
    points = state.results[view.round].points
    return points[view.seat] - max(p for s, p in enumerate(points) if s != view.seat)


def shortlist(view: DiamsView, legal: Sequence[m.Move], width: int) -> list[m.Move]:
    """The ``width`` moves the rule of thumb rates best (both draws in phase 1)."""
    if view.phase == "draw":
        return list(legal)
    if view.phase == "discard":
        return sorted(legal, key=lambda move: (want(view, move.card), move))[:width]
    return sorted(legal, key=lambda move: (-gain(view, move), move))[:width]


class _Offered:
    """A state seen through a shortlist: the searcher tries only these moves."""

    def __init__(self, state: DiamsState, moves: list[m.Move]):
        self._state, self._moves = state, moves
        self.to_move = state.to_move

    def legal_moves(self) -> list[m.Move]:
        return list(self._moves)

    def view(self, seat: int) -> DiamsView:
        return self._state.view(seat)


class SamplingBot:
    """Tries its best few moves in imagined tables and keeps the best on average.

    The shared :class:`cardlib.bots.MonteCarloBot` with Diam's hooks: :func:`determinize`
    imagines the hidden cards, the rule-of-thumb bot plays every seat to the end of the
    round (:func:`round_over`), and :func:`round_margin` scores it.  Only the ``width``
    moves the rule of thumb rates best are tried (a turn can offer a hundred, most of them
    blind drillings), each in ``samples`` imagined tables.  Seeded, without memory: the
    same seed and the same view give the same choice (see the shared searcher).
    """

    name = "sampling"
    thinks = True
    """It searches (a few hundredths of a second a move, about 0.1 s at the 95th percentile
    in ``benchmarks/diams.py``): a table says it is thinking."""

    def __init__(self, seed: int | str = 0, samples: int = 6, width: int = 4,
                 policy: Bot | None = None):
        if samples < 1 or width < 1:
            raise ValueError(f"samples={samples!r}, width={width!r}: give at least 1 each")
        self.samples, self.width = samples, width
        self._search = MonteCarloBot(determinize, round_margin, horizon=round_over,
                                     policy=policy or RuleOfThumbBot(), seed=seed,
                                     playouts=samples * width)

    def choose(self, state: DiamsState) -> m.Move:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        moves = shortlist(state.view(state.to_move), legal, self.width)
        # as many imagined tables per move whatever the shortlist's length
        self._search.playouts = self.samples * len(moves)
        return self._search.choose(_Offered(state, moves))

    @property
    def determinize(self) -> Callable[..., DiamsState]:
        """How it imagines the hidden cards from a view (its searcher's, see
        :attr:`cardlib.bots.MonteCarloBot.determinize`)."""
        return self._search.determinize

    def searches(self, state: DiamsState) -> bool:
        """It searches every phase (a coach asks)."""
        return True

    def estimates(self, state: DiamsState, *, also: Sequence[m.Move] = (),
                  progress: Callable[[int, int], bool | None] | None = None) -> Estimates:
        """What :meth:`choose` weighs: its shortlist's moves (and ``also``, moves to weigh
        beside them), each in ``samples`` imagined tables; see
        :meth:`cardlib.bots.MonteCarloBot.estimates`."""
        moves = shortlist(state.view(state.to_move), state.legal_moves(), self.width)
        return self._search.estimates(_Offered(state, moves), also=also, samples=self.samples,
                                      progress=progress)

    def reseeded(self, seed: int | str) -> SamplingBot:
        """The same bot (samples, width, policy) drawing its chance from ``seed``."""
        twin = copy.copy(self)
        twin._search = self._search.reseeded(seed)
        return twin


BOTS: tuple[BotKind, ...] = (
    BotKind("sampling", "sampling",
            "imagines the cards it cannot see and plays its 4 best moves out to the end of the "
            "round in 6 tables each; about 0.04 s a move",
            lambda seed: SamplingBot(seed=seed)),
    BotKind("rule-of-thumb", "rule of thumb",
            "secures as soon as a collection is ready, trades at the market for useful diamonds, "
            "drills only at the round's end; answers at once",
            lambda seed: RuleOfThumbBot()),
    RANDOM,
)
"""The bots a table offers for Diam's, strongest first (:func:`cardlib.games.bots`): the
benchmark in ``benchmarks/diams.py`` measures the first against the second."""
