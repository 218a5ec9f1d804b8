"""Diamonds players: random, a beginner's rules of thumb, and a Monte Carlo searcher.

Every bot decides from ``state.view(state.to_move)`` and ``state.legal_moves()`` only, so
it knows what a person in that seat would know: its own hand and vault, the cards it
passed, the tricks played, the showrooms.  The Monte Carlo bot imagines the hidden hands
in a way that fits what it has seen and plays each of its options out in those deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import cardlib.bots
from cardlib.bots import RANDOM, Bot, BotKind, RandomBot
from cardlib.cards import Card
from cardlib.diamonds.deck import HAND_SIZE, LAYOUT
from cardlib.diamonds.moves import ROBS, Announce, DiamondsMove, Pass, Play
from cardlib.diamonds.state import DiamondsState
from cardlib.diamonds.view import DiamondsView
from cardlib.tricks import Knowledge

__all__ = ["MonteCarloBot", "RandomBot", "RuleOfThumbBot", "action_worth"]

NO_TRICK_CHASE = 5
"""From this many tricks played on, a seat that has taken none tries to keep it so."""


def action_worth(view: DiamondsView, suit: str) -> float:
    """What a ``suit`` action is worth to ``view.seat`` now, in points against the others:
    ♦ puts 2 points in the vault; ♣ takes 1 from a rival (+1 for me, −1 for them); ♥ adds
    1; ♠ turns a showroom point into a vault point (+1), if there is one to turn."""
    if suit == "D":
        return 0.0 if view.supply == 0 else 2.0
    if suit == "C":
        others = [s for s in range(view.players) if s != view.seat and view.showroom[s]]
        return 1.5 if others else 0.0
    if suit == "H":
        return 0.0 if view.supply == 0 else 1.0
    return 1.0 if view.showroom[view.seat] else 0.0


class RuleOfThumbBot:
    """Plays the way a beginner is taught; each rule is a line or two below.

    * As dealer, pass 3 cards with four or more low cards (5 or less), 2 with two or
      three, else 1.  Pass the lowest cards, keeping diamonds (♦ actions are worth most).
    * Lead a card that is sure to win (no higher card of its suit is still out), in the
      suit whose action is worth most to you; else lead your lowest card of the suit whose
      action is worth least.
    * Following suit: when the trick's action is worth something, take it if you are last
      (with the lowest card that wins) or hold a sure winner; otherwise play low.
    * Lose on purpose: after five tricks with none taken, duck every trick you can, for
      the two ♦ actions of a player without a trick.
    * When you cannot follow, throw the suit whose action is worth most to you now.
    * Rob the player with the most points in the showroom.
    """

    name = "rule-of-thumb"

    def choose(self, state: DiamondsState) -> DiamondsMove:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        view = state.view(state.to_move)
        first = legal[0]
        if isinstance(first, Announce):
            return Announce(announce_count(view.hand))
        if isinstance(first, Pass):
            return min(legal, key=lambda move: pass_keep(move.card))
        if isinstance(first, Play):
            return Play(self.card_to_play(view, [move.card for move in legal]))
        victims = [move.seat for move in legal]
        return ROBS[max(victims, key=lambda seat: (view.showroom[seat], -seat))]

    def card_to_play(self, view: DiamondsView, legal: Sequence[Card]) -> Card:
        """The card to play from the ``legal`` ones (the rules in the class docstring)."""
        table = view.trick.cards
        out = unseen(view)
        if not table:
            sure = [c for c in legal if is_sure_winner(c, out)]
            if sure and not chasing_no_tricks(view):
                return max(sure, key=lambda c: (action_worth(view, c.suit), c.rank))
            return min(legal, key=lambda c: (action_worth(view, c.suit), c.rank))
        led = table[0].suit
        if legal[0].suit != led:  # cannot follow: an action at once, so choose its suit
            if chasing_no_tricks(view):
                return max(legal, key=lambda c: (action_worth(view, c.suit), c.rank))
            return max(legal, key=lambda c: (action_worth(view, c.suit), -c.rank))
        best = max(c.rank for c in table if c.suit == led)
        winners = [c for c in legal if c.rank > best]
        losers = [c for c in legal if c.rank < best]
        last = len(table) == view.players - 1
        if chasing_no_tricks(view) or not winners or action_worth(view, led) == 0:
            return max(losers, key=lambda c: c.rank) if losers else min(legal, key=rank_of)
        if last:
            return min(winners, key=rank_of)
        sure = [c for c in winners if is_sure_winner(c, out)]
        if sure:
            return min(sure, key=rank_of)
        return min(legal, key=rank_of)


def rank_of(card: Card) -> int:
    return card.rank


def announce_count(hand: Sequence[Card]) -> int:
    """The dealer's pass: more cards the more low cards (5 or less) there are to shed."""
    low = sum(card.rank <= 5 for card in hand)
    return 3 if low >= 4 else 2 if low >= 2 else 1


def pass_keep(card: Card) -> tuple[bool, int]:
    """How keen the bot is to keep ``card`` (lower: passed sooner): diamonds last, then
    by rank."""
    return card.suit == "D", card.rank


def unseen(view: DiamondsView) -> int:
    """The cards ``view.seat`` has not seen: not in its hand, not played this round."""
    seen = view.hand_bits
    for taken in view.taken_bits:
        seen |= taken
    for bit in view.trick_bits:
        seen |= 1 << bit
    return LAYOUT.full & ~seen


def is_sure_winner(card: Card, out: int) -> bool:
    """Whether no higher card of ``card``'s suit is among the unseen ones ``out``."""
    higher = LAYOUT.suit_mask[card.suit] & ~((2 << LAYOUT.bit_of[card]) - 1)
    return not out & higher


def chasing_no_tricks(view: DiamondsView) -> bool:
    """Whether the seat, trickless after ``NO_TRICK_CHASE`` tricks, plays to stay so."""
    return len(view.tricks) >= NO_TRICK_CHASE and not view.taken_bits[view.seat] \
        and len(view.tricks) < HAND_SIZE


# --- Monte Carlo ---------------------------------------------------------------------------

class MonteCarloBot(cardlib.bots.MonteCarloBot):
    """Tries each legal card (or ♣ victim) in many imagined deals and keeps the best.

    The kit's searcher (``cardlib.bots.MonteCarloBot``) with Diamonds' hooks: the hidden
    hands are guessed from what the seat knows (``imagine_deal``), each option is played
    and the round finished by ``policy`` bots (default: rule-of-thumb for everyone), and
    an option's value is the seat's points minus the others' average at the end of the
    round.  The pass is left to the rule-of-thumb bot.  Seeded: the same seed and the same
    game give the same choices.
    """

    def __init__(self, seed: int | str = 0, playouts: int = 60, policy: Bot | None = None):
        super().__init__(imagine_deal, round_value, policy=policy or RuleOfThumbBot(),
                         seed=seed, playouts=playouts,
                         search_phases=("play", "rob"), hand_over_to=RuleOfThumbBot())


def knowledge(view: DiamondsView) -> Knowledge:
    """What the seat knows of the hidden hands: the cards played, the suits each seat has
    shown out of, and the cards it passed (in its left neighbour's hand until played)."""
    known = {view.passed_to: view.passed_bits} if view.received_bits is not None else {}
    return Knowledge.gather(view.seat, view.hand_bits, (*view.tricks, view.trick),
                            view.hand_sizes, LAYOUT, known=known)


def imagine_deal(view: DiamondsView, rng: random.Random) -> DiamondsState:
    """A full state that fits what ``view``'s seat knows, the hidden hands guessed (it ends
    with this round: an imagined state knows no later deal)."""
    return DiamondsState.from_view(view, knowledge(view).sample(rng))


def round_value(view: DiamondsView, state: DiamondsState) -> float:
    """How good the finished round was for ``view.seat``: its points minus the others'
    average."""
    scores = state.scores()
    own = scores[view.seat]
    return own - (sum(scores) - own) / (len(scores) - 1)


BOTS: tuple[BotKind, ...] = (
    BotKind("monte-carlo", "Monte Carlo",
            "imagines the hands it cannot see and plays each card out in 40 of them to the end of"
            " the round; the strongest, a fraction of a second a card",
            lambda seed: MonteCarloBot(seed=seed, playouts=40)),
    BotKind("rule-of-thumb", "rule of thumb",
            "weighs what each suit action is worth now, ducks for the no-trick bonus, robs the "
            "biggest showroom; answers at once",
            lambda seed: RuleOfThumbBot()),
    RANDOM,
)
"""The bots a table offers for Diamonds, strongest first (:func:`cardlib.games.bots`): the
benchmark in ``benchmarks/diamonds.py`` measures the first against the second."""
