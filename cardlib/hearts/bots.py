"""Hearts players: random, a beginner's rules of thumb, and a Monte Carlo searcher.

Every bot decides from ``state.view(state.to_move)`` (or ``state.glance``, a part of it)
and ``state.legal_moves()`` only, so it knows what a person in that seat would know: its
own hand, the cards it passed, the tricks played, the scores.  The Monte Carlo bot
imagines the hidden hands in a way that fits what it has seen, and plays each of its
options out in those imagined deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import cardlib.bots
import cardlib.tricks
from cardlib.bots import RANDOM, Bot, BotKind, RandomBot
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
from cardlib.tricks import Glance

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
        legal = state.legal_moves()
        if state.phase == "play":  # a glance at the table is all it needs, and quicker
            return Play(self.card_to_play(state.glance(state.to_move),
                                          [move.card for move in legal]))
        view = state.view(state.to_move)
        if view.phase == "pass":
            return max(legal, key=lambda move: pass_danger(move.card))
        return self._moon(view, legal)

    def card_to_play(self, view: HeartsView | Glance, legal: Sequence[Card]) -> Card:
        """The card to play from the ``legal`` ones (the rules in the class docstring),
        reading the seat's hand, the trick on the table and the cards played."""
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


def _queen_gone(view: HeartsView | Glance) -> bool:
    """Whether the Q♠ has been played this hand (or sits in this seat's own hand)."""
    return bool((view.played_bits | view.hand_bits) & QUEEN_OF_SPADES)


# --- What one seat knows about the hidden hands -----------------------------------------

class Knowledge(cardlib.tricks.Knowledge):
    """What ``seat`` can infer about the hands it cannot see (see ``cardlib.tricks.knowledge``):
    the cards played, the voids shown, and the cards this seat passed (certain in the
    receiver's hand until played), plus Hearts' own inferences (``hearts_limits``)."""

    @classmethod
    def of(cls, view: HeartsView) -> Knowledge:
        known = {}
        if view.passed_to is not None and view.received_bits is not None:
            known[view.passed_to] = view.passed_bits
        return cls.gather(view.seat, view.hand_bits, (*view.tricks, view.trick),
                          view.hand_sizes, LAYOUT, known=known, limits=hearts_limits(view))


def hearts_limits(view: HeartsView) -> list[int]:
    """The cards each seat can still hold by Hearts' rules of play: a player who discards a
    heart or the Q♠ on the first trick (when that is forbidden while holding anything
    else) holds only hearts and the Q♠; a player who leads a heart before hearts are
    broken holds only hearts (or hearts and the Q♠, with can_lead_hearts_instead_of_qs)."""
    options = view.options
    limits = [LAYOUT.full] * PLAYERS
    broken = False  # replayed trick by trick, to know when a heart lead told something
    for number, trick in enumerate((*view.tricks, view.trick)):
        cards = trick.cards
        if not cards:
            continue
        lead = cards[0]
        if number > 0 and lead.suit == "H" and not broken and options.must_break_hearts:
            limits[trick.leader] &= HEARTS | QUEEN_OF_SPADES \
                if options.can_lead_hearts_instead_of_qs else HEARTS
        for index, card in enumerate(cards):
            if number == 0 and index and card.suit != lead.suit \
                    and options.no_pts_on_first_trick and LAYOUT.mask([card]) & POINT_CARDS:
                limits[trick.seat_of(index)] &= POINT_CARDS
            if card.suit == "H" or (is_queen(card) and options.qs_breaks_hearts):
                broken = True
    return limits


# --- Monte Carlo ---------------------------------------------------------------------------

class MonteCarloBot(cardlib.bots.MonteCarloBot):
    """Tries each legal card in many imagined deals and keeps the best on average.

    The kit's searcher (``cardlib.bots.MonteCarloBot``) with Hearts' hooks: the hidden
    hands are guessed from :class:`Knowledge`, each card is played and the hand finished by
    ``policy`` bots (default: rule-of-thumb for everyone), and a card's value is the
    average of the others' points minus this seat's (so shooting the moon, or stopping
    one, counts).  Passing and the moon choice are left to the rule-of-thumb bot.  Seeded:
    the same seed and the same game give the same choices.
    """

    def __init__(self, seed: int | str = 0, playouts: int = 200, policy: Bot | None = None):
        super().__init__(imagine_deal, hand_value, policy=policy or RuleOfThumbBot(),
                         horizon=end_of_hand, seed=seed, playouts=playouts,
                         search_phases=("play",), hand_over_to=RuleOfThumbBot())


def imagine_deal(view: HeartsView, rng: random.Random) -> HeartsState:
    """A full state that fits what ``view``'s seat knows, the hidden hands guessed."""
    return HeartsState.from_view(view, Knowledge.of(view).sample(rng))


def end_of_hand(view: HeartsView, state: HeartsState) -> bool:
    """Search to the end of the hand in progress (an imagined state ends the game there)."""
    return state.is_over or state.deal.number != view.hand_number


def hand_value(view: HeartsView, state: HeartsState) -> float:
    """How good the finished hand was for ``view.seat``: the others' average points minus
    its own (higher is better)."""
    points = state.results[-1].points
    own = points[view.seat]
    return (sum(points) - own) / (PLAYERS - 1) - own


BOTS: tuple[BotKind, ...] = (
    BotKind("monte-carlo", "Monte Carlo",
            "imagines the hands it cannot see and plays each card out in 100 of them, the rule of"
            " thumb finishing the hand; the strongest, a fraction of a second a card",
            lambda seed: MonteCarloBot(seed=seed, playouts=100)),
    BotKind("rule-of-thumb", "rule of thumb",
            "plays the way beginners are taught (pass the Q♠ and high spades, duck, dump the Q♠);"
            " answers at once",
            lambda seed: RuleOfThumbBot()),
    RANDOM,
)
"""The bots a table offers for Hearts, strongest first (:func:`cardlib.games.bots`): the
benchmark in ``benchmarks/hearts.py`` measures the first against the second."""
