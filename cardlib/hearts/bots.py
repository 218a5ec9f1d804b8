"""Hearts players: random, a beginner's rules of thumb, and a Monte Carlo searcher.

Every bot decides from ``state.view(state.to_move)`` (or ``state.glance``, a part of it)
and ``state.legal_moves()`` only, so it knows what a person in that seat would know: its
own hand, the cards it passed, the tricks played, the scores.  The Monte Carlo bot
imagines the hidden hands in a way that fits what it has seen, and plays each of its
options out in those imagined deals.
"""

from __future__ import annotations

import functools
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
from cardlib.hearts.moves import MOON_CHOICES, HeartsMove, MoonChoice, Play
from cardlib.hearts.rules import Options
from cardlib.hearts.scoring import MOON_POINTS, hand_points, moon_points, places
from cardlib.hearts.state import HeartsState, allowed_cards
from cardlib.hearts.view import HeartsView
from cardlib.tricks import Glance, winning_bit_index

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
    """Plays the way beginners are taught; each rule below is a line of :func:`thumb_bit`.

    * Pass the Q♠, A♠ and K♠ first, then the highest hearts, then the highest cards.
    * Lead your lowest card (keep the low cards for later only when you must).
    * Following suit, duck: play the highest card that still loses to the card winning the
      trick.  If every card would win, play high when you are last (the trick is yours
      anyway, so get rid of a high card), low otherwise, and never the Q♠ if you can help it.
    * When you cannot follow, dump the Q♠, then the A♠/K♠ while the Q♠ is still out, then
      your highest heart, then your highest card.

    With ``moon_watch`` (the Monte Carlo bot's playouts; off at the table, where it plays
    the beginner) it also watches for a run at the moon (:func:`moon_runner`: one seat
    has taken every point card so far, at least :data:`MOON_ALERT` hearts' worth):

    * the runner goes on running: lead your highest card, win a trick with your highest
      card when you can, else play your lowest, and discard no point card;
    * the others spoil it: take a trick with points in it that the runner is winning, or
      has still to play to, with your highest card but the Q♠ (unless the runner has
      played and you cannot beat it), and, unable to follow, give the runner no point
      card: discard your highest other card.
    """

    name = "rule-of-thumb"

    def __init__(self, moon_watch: bool = False):
        self.moon_watch = moon_watch
        """Whether to run for the moon, or spoil a run, as the class docstring says."""

    def choose(self, state: HeartsState) -> HeartsMove:
        legal = state.legal_moves()
        if state.phase == "play":  # a glance at the table is all it needs, and quicker
            seen = state.view(state.to_move) if self.moon_watch \
                else state.glance(state.to_move)
            return Play(self.card_to_play(seen, [move.card for move in legal]))
        view = state.view(state.to_move)
        if view.phase == "pass":
            return max(legal, key=lambda move: pass_danger(move.card))
        return moon_pick(view.totals, view.seat, legal)

    def card_to_play(self, view: HeartsView | Glance, legal: Sequence[Card]) -> Card:
        """The card to play from the ``legal`` ones (the rules in the class docstring),
        reading the seat's hand, the trick on the table and the cards played."""
        bit_of = LAYOUT.bit_of
        runner = moon_runner(view.taken_bits) if self.moon_watch else -1
        bit = thumb_bit(view.hand_bits, [bit_of[card] for card in view.trick.cards],
                        view.played_bits, LAYOUT.mask(legal),
                        place_in_trick(runner, view.trick.leader))
        return LAYOUT.card_at[bit]


# --- The rule of thumb on bit sets ------------------------------------------------------
# One implementation of the play rules above, on the seat's bit sets (bit = suit × 13 +
# strength, suits clubs, diamonds, hearts, spades: see ``LAYOUT``), so that the table's bot
# and the Monte Carlo bot's quick playouts (:func:`thumb_points`) play the very same cards.

WIDTH = LAYOUT.width
SUIT_MASKS = tuple(LAYOUT.suit_mask[suit] for suit in "CDHS")
LEAD_ORDER = tuple(LAYOUT.suit_mask[suit] for suit in "CDSH")
"""Leading the lowest card, equal strengths go to clubs, diamonds, spades, then hearts."""
DISCARD_ORDER = tuple(LAYOUT.suit_mask[suit] for suit in "CDS")
"""Discarding the highest card (no heart left), equal strengths go to clubs, diamonds,
then spades."""
HIGH_SPADES = LAYOUT.mask([Card(1, "S"), Card(13, "S"), QUEEN])
CATCHERS = LAYOUT.mask([Card(1, "S"), Card(13, "S")])
"""The A♠ and K♠: they catch the Q♠ when spades are led."""


def _lowest(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


def _highest(bits: int) -> int:
    return bits.bit_length() - 1


def thumb_bit(hand: int, trick: Sequence[int], played: int, allowed: int,
              runner: int = -1) -> int:
    """The bit of the card the rule of thumb plays (:class:`RuleOfThumbBot`'s rules): from
    ``allowed`` (the legal cards), holding ``hand``, with ``trick`` (bits, in play order)
    on the table and ``played`` (every card played this hand).  ``runner``: where in this
    trick's order (0 = the leader) the seat :func:`moon_runner` names plays, -1 if none."""
    if runner >= 0:
        if runner == len(trick):
            return _shoot_bit(trick, allowed)
        stop = _stop_bit(trick, allowed, runner)
        if stop >= 0:
            return stop
    if not trick:  # leading: low, and not a high spade while the Q♠ is out
        safe = allowed & ~HIGH_SPADES or allowed
        return _pick_across(safe, LEAD_ORDER, lowest=True)
    led = SUIT_MASKS[trick[0] // WIDTH]
    if not allowed & led:  # cannot follow: get rid of danger
        if allowed & QUEEN_OF_SPADES:
            return _highest(QUEEN_OF_SPADES)
        queen_out = not (played | hand) & QUEEN_OF_SPADES
        if queen_out and allowed & CATCHERS:
            return _highest(allowed & CATCHERS)
        if allowed & HEARTS:
            return _highest(allowed & HEARTS)
        return _pick_across(allowed, DISCARD_ORDER, lowest=False)
    winning = trick[winning_bit_index(trick, TRICKS, LAYOUT)]
    ducks = allowed & ((1 << winning) - 1)  # the cards of the suit led below the winner
    if ducks:
        return _highest(ducks)
    not_queen = allowed & ~QUEEN_OF_SPADES or allowed
    if len(trick) == PLAYERS - 1:  # last: the trick is ours anyway, so play high
        return _highest(not_queen)
    return _lowest(not_queen)


def _shoot_bit(trick: Sequence[int], allowed: int) -> int:
    """Running for the moon: lead the highest card, win the trick when possible with the
    highest card, else keep the high cards (play the lowest), and never hand a point
    card to another seat when discarding."""
    if not trick:
        return _pick_across(allowed, LEAD_ORDER, lowest=False)
    led = SUIT_MASKS[trick[0] // WIDTH]
    if allowed & led:
        winning = trick[winning_bit_index(trick, TRICKS, LAYOUT)]
        if allowed >> winning:
            return _highest(allowed)
        return _lowest(allowed)
    return _pick_across(allowed & ~POINT_CARDS or allowed, LEAD_ORDER, lowest=True)


def _stop_bit(trick: Sequence[int], allowed: int, runner: int) -> int:
    """Spoiling another seat's run for the moon, or -1 to play by the usual rules: take a
    trick with points in it that the runner is winning (or has still to play to), with the
    highest card that is not the Q♠, and, unable to follow, give the runner no point."""
    if not trick:
        return -1
    winner_at = winning_bit_index(trick, TRICKS, LAYOUT)
    if winner_at != runner and runner < len(trick):  # the runner has played, and is beaten
        return -1
    led = SUIT_MASKS[trick[0] // WIDTH]
    if allowed & led:
        points = any(1 << bit & POINT_CARDS for bit in trick) or led == HEARTS
        if not points or (runner < len(trick) and not allowed >> trick[winner_at]):
            return -1
        return _highest(allowed & ~QUEEN_OF_SPADES or allowed)
    safe = allowed & ~POINT_CARDS
    return _pick_across(safe, DISCARD_ORDER, lowest=False) if safe else -1


MOON_ALERT = 7
"""How many hearts (the Q♠ counting two) a seat must have taken, with nobody else having
taken a point card, before the moon watch treats it as running for the moon.

Why 7: in 400 hands of the rule of thumb alone, one seat held every point so far at 4 in
65 hands and at 7 in 19, for 5 moons.  The Monte Carlo bot at 140 playouts against
IS-MCTS at 5,000 simulations, one IS-MCTS seat against three, 300 duplicate deals (its
margin in points a hand, then that margin split between the hands in which someone shot
the moon and the rest):

* without the watch: +0.34 ± 0.25 (moons −0.04, the rest +0.38; IS-MCTS shot 17 moons);
* at 4: +0.24 ± 0.24 (moons +0.22, the rest +0.03): the moons were stopped, but the false
  alarms cost as much in the other hands;
* at 7: +0.48 ± 0.24 (moons +0.19, the rest +0.29; IS-MCTS shot 11).

Those were the two values tried, on deals 0–299; the shipped matches are on deals
300–599 (``benchmarks/hearts_match.py --first 300``), which the tuning never saw."""


def moon_runner(taken: Sequence[int]) -> int:
    """The seat running for the moon (-1 if none), from the cards each seat has ``taken``
    this hand: the only seat that has taken point cards, once they are worth
    :data:`MOON_ALERT` hearts (the Q♠ counting two)."""
    takers = [seat for seat, cards in enumerate(taken) if cards & POINT_CARDS]
    if len(takers) != 1:
        return -1
    cards = taken[takers[0]]
    worth = (cards & HEARTS).bit_count() + (2 if cards & QUEEN_OF_SPADES else 0)
    return takers[0] if worth >= MOON_ALERT else -1


def place_in_trick(seat: int, leader: int) -> int:
    """Where ``seat`` plays in the trick ``leader`` leads (0 = the leader); -1 stays -1
    (no seat), as :func:`thumb_bit`'s ``runner`` takes it."""
    return (seat - leader) % PLAYERS if seat >= 0 else -1


def _pick_across(cards: int, suits: Sequence[int], *, lowest: bool) -> int:
    """The lowest (or highest) strength among ``cards`` in ``suits``, equal strengths going
    to the suit named first."""
    best, best_strength = -1, None
    for suit in suits:
        mine = cards & suit
        if mine:
            bit = _lowest(mine) if lowest else _highest(mine)
            power = bit % WIDTH
            if best_strength is None or (power < best_strength if lowest
                                         else power > best_strength):
                best, best_strength = bit, power
    return best


def moon_pick(totals: Sequence[int], seat: int, choices: Sequence[MoonChoice]) -> MoonChoice:
    """Having shot the moon, the scoring of ``choices`` that leaves ``seat`` best placed."""
    took_all = [MOON_POINTS if s == seat else 0 for s in range(PLAYERS)]

    def place_after(move: MoonChoice) -> tuple[int, int]:
        points = moon_points(took_all, seat, move.choice)  # scored by the scoring rules
        after = [t + p for t, p in zip(totals, points, strict=True)]
        return places(after)[seat], after[seat]

    return min(choices, key=place_after)


def thumb_points(state: HeartsState, watch: bool = False) -> tuple[int, ...]:
    """The points of the hand in play at ``state`` once every seat plays the rest of it by
    the rule of thumb: what ``RuleOfThumbBot(moon_watch=watch)`` playing every seat from
    ``state`` to the end of the hand scores, card for card (a test checks), without a
    state per card.

    Why: the Monte Carlo bot's playouts are nearly all its work, and a state per card
    (its legal moves, the glance, the move objects) made a playout six and a half times
    as slow as this (measured on 600 positions).  The rules are still asked where they
    live: the legal cards of :func:`~cardlib.hearts.state.allowed_cards`, the trick's
    winner of :func:`~cardlib.tricks.winning_bit_index`, the points of
    :mod:`~cardlib.hearts.scoring`."""
    hands, trick, taken = list(state.hands), list(state.trick), list(state.taken)
    turn, leader = state.turn, state.leader
    assert turn is not None and state.phase == "play"
    options = state.options
    first, broken = not state.tricks, state.hearts_broken
    breakers = POINT_CARDS if options.qs_breaks_hearts else HEARTS
    played = state.played_bits
    runner = moon_runner(taken) if watch else -1
    while True:
        hand = hands[turn]
        bit = thumb_bit(hand, trick, played, allowed_cards(hand, trick, first, broken,
                                                           options)[0],
                        place_in_trick(runner, leader))
        card = 1 << bit
        hands[turn] = hand ^ card
        played |= card
        if not broken and card & breakers:
            broken = True
        trick.append(bit)
        if len(trick) < PLAYERS:
            turn = (turn + 1) % PLAYERS
            continue
        winner = (leader + winning_bit_index(trick, TRICKS, LAYOUT)) % PLAYERS
        for bit in trick:
            taken[winner] |= 1 << bit
        if not any(hands):
            break
        trick, leader, turn, first = [], winner, winner, False
        if watch:
            runner = moon_runner(taken)
    points, shooter = hand_points(taken, options)
    if shooter is None:
        return tuple(points)
    choice = moon_pick(state.totals, shooter, MOON_CHOICES).choice \
        if options.moon == "shooter-choice" else "add"
    return moon_points(points, shooter, choice)


def pass_danger(card: Card) -> int:
    """How keen the rule-of-thumb bot is to pass ``card`` (higher: pass it sooner)."""
    if is_queen(card):
        return 200
    if card.suit == "S" and card.rank in (1, 13):  # A♠, K♠: they catch the Q♠
        return 90 + strength(card)
    if card.suit == "H":
        return 40 + strength(card)
    return strength(card)


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

QUEEN_DOUBT = 0.25
"""The weight of an imagined deal that gives the Q♠ to a seat, for each safe chance to get
rid of it that the seat let pass (see :func:`queen_chances`): a player with the Q♠ who
could have dropped it on someone else's trick at no risk nearly always does.  A guess, not
fitted: on duplicate deals the inference added +0.35 ± 0.38 points a hand."""

QUEEN_TRIES = 16
"""Imagined deals drawn at most to place the Q♠ as :data:`QUEEN_DOUBT` says; after that,
the last one drawn (the inference is a preference, never a certainty)."""


PLAYOUTS = 600
"""The Monte Carlo budget of the table, the coach and ``MonteCarloBot()``: about 50 ms of
CPU a decision here (45 ms mean, 74 ms at the 95th percentile, ``hearts_match.py
calibrate``), about what 140 took before the playouts skipped the game's states.
It plays no better than 140 playouts (measured before the moon watch, 12 ms: 600 against
140 came out −0.06 ± 0.40 points a hand over 100 duplicate deals; the search is held
back by its rule-of-thumb playouts, not by their number), but the coach's bars get four
times the deals, so their whiskers are about half as long."""


class MonteCarloBot(cardlib.bots.MonteCarloBot):
    """Tries each legal card in many imagined deals and keeps the best on average.

    The kit's searcher (``cardlib.bots.MonteCarloBot``) with Hearts' hooks: the hidden
    hands are guessed from :class:`Knowledge`, each card is played and the hand finished by
    ``policy`` bots (default: rule-of-thumb for everyone), and a card's value is the
    average of the others' points minus this seat's (so shooting the moon, or stopping
    one, counts).  Passing and the moon choice are left to the rule-of-thumb bot.  Seeded:
    the same seed and the same game give the same choices.

    Four habits of good players, each of which can be turned off to measure it: it weighs
    one card of each run of ``touching`` cards (:func:`touching_runs`), spends its playouts
    by sequential ``halving`` (the kit's), reads the Q♠ from the play
    (:func:`imagine_deal`, ``queen_doubt``; 1 turns it off), and, in its playouts, has
    every seat watch for a run at the moon (``moon_watch``: the rule of thumb's, see
    :class:`RuleOfThumbBot`), so that it sees an opponent's run coming and what spoiling
    it is worth.
    """

    def __init__(self, seed: int | str = 0, playouts: int = PLAYOUTS,
                 policy: Bot | None = None,
                 *, halving: bool = True, touching: bool = True,
                 queen_doubt: float = QUEEN_DOUBT, moon_watch: bool = True):
        super().__init__(functools.partial(imagine_deal, queen_doubt=queen_doubt),
                         hand_value, policy=policy or RuleOfThumbBot(moon_watch),
                         horizon=end_of_hand,
                         seed=seed, playouts=playouts, search_phases=("play",),
                         hand_over_to=RuleOfThumbBot(), halving=halving)
        self.touching = touching
        self.moon_watch = moon_watch
        self.quick = policy is None
        """Whether playouts take :func:`thumb_points`' short cut (the rule of thumb plays
        every seat: the default policy)."""

    def play_out(self, view: HeartsView, state: HeartsState) -> float:
        """The kit's playout, by :func:`thumb_points` when the rule of thumb plays every
        seat (the same value, several times quicker)."""
        if self.quick and state.phase == "play":
            return seat_value(thumb_points(state, self.moon_watch), view.seat)
        return super().play_out(view, state)

    def candidates(self, state: HeartsState) -> list[HeartsMove]:
        """The legal cards, one of each run of touching cards (see :func:`touching_runs`)."""
        legal = state.legal_moves()
        if not self.touching or len(legal) < 2:
            return list(legal)
        return touching_runs(state.view(state.to_move), legal)


def touching_runs(view: HeartsView, legal: Sequence[HeartsMove]) -> list[HeartsMove]:
    """``legal`` with only the lowest card of each run of *touching* cards: cards of one
    suit in this hand with no card between them that another player holds or that lies on
    the table, and worth the same points (:func:`card_points`: so the Q♠, and the J♦ when
    it scores, touch nothing).  Such cards win and lose against exactly the same cards, now
    and later, and score alike, so which of them is played changes nothing but the card's
    name; a searcher that weighs each of them wastes its deals on the same move several
    times."""
    parting = LAYOUT.full & ~view.hand_bits & ~view.played_bits | LAYOUT.mask(view.trick.cards)
    kept: list[HeartsMove] = []
    last = None
    for move in sorted(legal, key=lambda m: LAYOUT.bit_of[m.card]):
        bit = LAYOUT.bit_of[move.card]
        if last is None or not _touch(last, bit, parting) \
                or card_points(bit, view.options) != card_points(last, view.options):
            kept.append(move)
        last = bit
    return kept


def _touch(low: int, high: int, parting: int) -> bool:
    """Whether the cards at bits ``low`` < ``high`` are of one suit with no card of
    ``parting`` strictly between them."""
    between = (1 << high) - (2 << low)  # the bits low + 1 … high - 1
    return low // LAYOUT.width == high // LAYOUT.width and not between & parting


def card_points(bit: int, options: Options) -> int:
    """The points a seat scores for taking the card at ``bit`` alone, by the scoring rules
    (:func:`cardlib.hearts.scoring.hand_points`), so that the bot never restates them."""
    return hand_points([1 << bit] + [0] * (PLAYERS - 1), options)[0][0]


def imagine_deal(view: HeartsView, rng: random.Random, *,
                 queen_doubt: float = QUEEN_DOUBT) -> HeartsState:
    """A full state that fits what ``view``'s seat knows, the hidden hands guessed: each
    deal that fits the cards seen is as likely as the next, except that a seat which let
    safe chances to shed the Q♠ go by (:func:`queen_chances`) holds it less often, by
    ``queen_doubt`` a chance (drawn by rejection: a deal that puts the Q♠ there is kept
    with that chance; 1 ignores the chances)."""
    knowledge, chances = _reading(view, queen_doubt < 1)
    hands = knowledge.sample(rng)
    for _ in range(QUEEN_TRIES - 1):
        holder = next((s for s, hand in enumerate(hands) if hand & QUEEN_OF_SPADES), None)
        if holder is None or not chances or rng.random() < queen_doubt ** chances[holder]:
            break
        hands = knowledge.sample(rng)
    return HeartsState.from_view(view, hands)


def _reading(view: HeartsView, with_queen: bool) -> tuple[Knowledge, tuple[int, ...]]:
    """What ``view``'s seat knows of the hidden hands (:class:`Knowledge`) and, if
    ``with_queen``, each seat's :func:`queen_chances` while the Q♠ is hidden (else none).

    The searcher imagines every deal of one decision from the same view, so the last
    answer is kept, for the very same view object (views are immutable): reading it for
    every deal was a seventh of a decision's cost once the playouts got quick (profiled)."""
    last = _LAST_READING[0]  # one read of one tuple: safe if two threads search at once
    if last is not None and last[0] is view and last[1] == with_queen:
        return last[2]
    knowledge = Knowledge.of(view)
    chances = queen_chances(view) if with_queen and queen_hidden(knowledge) else ()
    _LAST_READING[0] = (view, with_queen, (knowledge, chances))
    return knowledge, chances


_LAST_READING: list[tuple[HeartsView, bool, tuple[Knowledge, tuple[int, ...]]] | None] = [None]
"""The last view :func:`_reading` read, its ``with_queen`` and its answer."""


def queen_hidden(knowledge: Knowledge) -> bool:
    """Whether the Q♠ is in a hand this seat cannot see, and not known to be there (the
    seat passed it, or the rules forced it to show)."""
    if any(cards & QUEEN_OF_SPADES for cards in knowledge.certain):
        return False
    holders = [s for s, cards in enumerate(knowledge.possible)
               if cards & QUEEN_OF_SPADES and s != knowledge.seat]
    return len(holders) > 1


def queen_chances(view: HeartsView) -> tuple[int, ...]:
    """For each seat, how many safe chances to shed the Q♠ it let go by this hand while the
    Q♠ was still out: a card other than the Q♠ discarded on a trick it could not follow
    (where points may be played), or a spade other than the Q♠ played to a spade trick the
    A♠ or K♠ was already winning.  These are the moments every player with the Q♠ waits
    for, so passing one up says the Q♠ is probably elsewhere."""
    chances = [0] * PLAYERS
    gone = False
    for number, trick in enumerate((*view.tricks, view.trick)):
        cards = trick.cards
        if not cards:
            continue
        led = cards[0].suit
        for index, card in enumerate(cards):
            if gone:
                return tuple(chances)
            if is_queen(card):
                gone = True
                continue
            if card.suit != led:
                if number or not view.options.no_pts_on_first_trick:
                    chances[trick.seat_of(index)] += 1
            elif led == "S" and _top_spade(cards[:index]) > strength(QUEEN):
                chances[trick.seat_of(index)] += 1
    return tuple(chances)


def _top_spade(cards: Sequence[Card]) -> int:
    """The strength of the highest spade among ``cards`` (-1 without one)."""
    return max((strength(card) for card in cards if card.suit == "S"), default=-1)


def end_of_hand(view: HeartsView, state: HeartsState) -> bool:
    """Search to the end of the hand in progress (an imagined state ends the game there)."""
    return state.is_over or state.deal.number != view.hand_number


def hand_value(view: HeartsView, state: HeartsState) -> float:
    """How good the finished hand was for ``view.seat``: the others' average points minus
    its own (higher is better)."""
    return seat_value(state.results[-1].points, view.seat)


def seat_value(points: Sequence[int], seat: int) -> float:
    """A hand's ``points`` as :func:`hand_value` weighs them for ``seat``."""
    own = points[seat]
    return (sum(points) - own) / (PLAYERS - 1) - own


BOTS: tuple[BotKind, ...] = (
    BotKind("monte-carlo", "Monte Carlo",
            "imagines the hands it cannot see (guessing where the Q♠ is from the play), plays"
            " its cards out in them, the rule of thumb finishing the hand (watching for a run"
            " at the moon), and spends its 600 playouts on the close calls; the strongest, a"
            " fraction of a second a card",
            lambda seed: MonteCarloBot(seed=seed, playouts=PLAYOUTS)),
    BotKind("rule-of-thumb", "rule of thumb",
            "plays the way beginners are taught (pass the Q♠ and high spades, duck, dump the Q♠);"
            " answers at once",
            lambda seed: RuleOfThumbBot()),
    RANDOM,
)
"""The bots a table offers for Hearts, strongest first (:func:`cardlib.games.bots`): the
benchmark in ``benchmarks/hearts.py`` measures the first against the second."""
