"""Cruce players: random, a player's rules of thumb, and a Monte Carlo searcher.

Every bot decides from ``state.view(state.to_move)`` and ``state.legal_moves()`` only, so
it knows what a person in that seat would know: its own hand (and the stock cards it
drew), the bids, the tricks played, the marriages shown, the scores, and in the 2-player
auction form the 2 cards the declarer gave (never the dead cards).  The Monte Carlo bot
imagines the hidden hands in a way that fits what it has seen, and plays each of its
options out in those imagined deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import cardlib.bots
import cardlib.tricks
from cardlib.bots import RANDOM, Bot, BotKind, RandomBot
from cardlib.cards import SUIT_NAMES, Card
from cardlib.cruce.bidding import must_bid
from cardlib.cruce.deck import (
    LAYOUT,
    MARRIAGE,
    POINTS,
    SUIT_MASK,
    SUITS,
)
from cardlib.cruce.moves import Announce, Bid, CruceMove, Give, NameTrump, Play
from cardlib.cruce.rules import highest_bid
from cardlib.cruce.scoring import marriage_value, promise
from cardlib.cruce.state import CruceState, trick_rules_for
from cardlib.cruce.view import CruceView
from cardlib.tricks import Trick, beats, playable_bits

__all__ = ["Estimate", "Knowledge", "MonteCarloBot", "RandomBot", "RuleOfThumbBot",
           "bid_for", "card_to_give", "cruce_limits", "estimate", "hand_value",
           "imagine_deal", "within_duty"]

PARTNER_SHARE = 20
"""What a partner at four is reckoned to add to a bid: about half a fair share (30)."""
STOCK_SHARE = 25
"""What the four stock cards a player draws at two are reckoned to add (measured: the
rule-of-thumb bidder's hands brought about 40 points more than it counted without them).
The auction form counts the same for the four the declarer takes (not measured)."""


def power(card: Card) -> int:
    """0 for a 9 … 5 for an ace: how high a card is within its suit."""
    return LAYOUT.rules.power(card)


# --- the bid ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Estimate:
    """What a hand is worth to its bidder, and the reasons, line by line."""

    points: int
    trump: str
    """The suit the bidder would make trump with the first lead."""
    reasons: tuple[str, ...]

    @property
    def bid(self) -> int:
        """floor(points / 33): the bid the points support (not yet capped or compared)."""
        return self.points // 33


def estimate(hand: Sequence[Card], players: int, partner: bool,
             auction: bool = False) -> Estimate:
    """How many points a hand should bring its side: the rule-of-thumb bidder's count.

    * an ace takes its own 11 and what the others drop on it (about 4 a player);
    * a ten with its ace, or with two more cards of its suit, takes its own 10;
    * the best marriage is worth 40 (the bidder leads first and makes it trump), the others
      20 each;
    * the trump suit (the best marriage's, else the longest) adds 5 per card beyond two;
    * at four, the partner is reckoned at ``PARTNER_SHARE``; at two, the four cards still
      to come from the stock at ``STOCK_SHARE`` (``auction``: the four the declarer takes
      in the auction form, at the same value).
    """
    by_suit = {suit: [c for c in hand if c.suit == suit] for suit in SUITS}
    married = [s for s in SUITS if {12, 13} <= {c.rank for c in by_suit[s]}]
    trump = max(SUITS, key=lambda s: (s in married, len(by_suit[s]),
                                      sum(POINTS[c.rank] for c in by_suit[s])))
    reasons = []
    points = 0
    aces = [c for c in hand if c.rank == 1]
    if aces:
        each = 11 + 4 * (players - 1)
        points += each * len(aces)
        reasons.append(f"{len(aces)} ace(s) × {each} = {each * len(aces)}")
    tens = [c for c in hand if c.rank == 10 and (any(a.suit == c.suit for a in aces)
                                                 or len(by_suit[c.suit]) >= 3)]
    if tens:
        points += 10 * len(tens)
        reasons.append(f"{len(tens)} guarded ten(s) × 10 = {10 * len(tens)}")
    for suit in married:
        worth = marriage_value(suit, trump)
        points += worth
        reasons.append(f"marriage in {SUIT_NAMES[suit]}: {worth}")
    extra = max(0, len(by_suit[trump]) - 2)
    if extra:
        points += 5 * extra
        reasons.append(f"{len(by_suit[trump])} {SUIT_NAMES[trump]} for trump: +{5 * extra}")
    if partner:
        points += PARTNER_SHARE
        reasons.append(f"a partner: +{PARTNER_SHARE}")
    if players == 2:
        points += STOCK_SHARE
        reasons.append(f"four stock cards to take if the bid is won: +{STOCK_SHARE}"
                       if auction else f"four cards to draw from the stock: +{STOCK_SHARE}")
    return Estimate(points, trump, tuple(reasons))


def bid_for(view: CruceView) -> tuple[int, str]:
    """The rule-of-thumb bid for ``view.seat`` now, and why in one sentence."""
    players = view.players
    partner = view.partner()
    guess = estimate(view.hand, players, partner is not None, _auction(view))
    top = highest_bid(view.options)
    high = max((b for b in view.bids if b is not None), default=0)
    wanted = min(top, guess.bid)
    why = f"the hand counts {guess.points} points ({'; '.join(guess.reasons) or 'nothing'})"
    if partner is not None and view.bids[partner] == high and high > 0:
        alone = estimate(view.hand, players, False).bid
        if alone <= high:
            return 0, f"{why}; the partner holds the bid, so pass"
        wanted = min(top, alone)
    if must_bid(view.bids, view.seat, view.dealer, view.options):
        return max(1, min(wanted, top)), f"{why}; the dealer may not pass"
    if wanted > high:
        return wanted, f"{why}: enough for {wanted} ({promise(wanted)})"
    if wanted == 0:
        return 0, f"{why}: less than 33, so pass"
    return 0, f"{why}: not more than the bid of {high} already made, so pass"


def _auction(view: CruceView) -> bool:
    return view.options.two_player_form == "auction"


# --- the give (2-player auction form) --------------------------------------------------------

def card_to_give(view: CruceView) -> tuple[Card, str]:
    """The card the declarer gives now, and why: the cheapest card (fewest points, then
    lowest) that is not of the suit the hand would make trump and breaks no marriage;
    failing that, the cheapest that breaks no marriage (there is always one: of 11 or 12
    cards at most 8 are kings and queens)."""
    hand = view.hand
    trump = estimate(hand, view.players, False).trump
    married = {s for s in SUITS if view.hand_bits & MARRIAGE[s] == MARRIAGE[s]}
    unmarried = [c for c in hand if not _in_marriage(c, married)] or list(hand)
    side_cards = [c for c in unmarried if c.suit != trump]
    if side_cards:
        card = min(side_cards, key=_cheap)
        return card, (f"{card.label} is the cheapest card that is no {SUIT_NAMES[trump]} "
                      "(the trump to be) and breaks no marriage")
    card = min(unmarried, key=_cheap)
    return card, (f"{card.label} is the cheapest card that breaks no marriage (the others "
                  f"are {SUIT_NAMES[trump]}, the trump to be)")


def _cheap(card: Card) -> tuple[int, int]:
    """Fewest points first, then the lowest card."""
    return POINTS[card.rank], power(card)


def _in_marriage(card: Card, married: set[str]) -> bool:
    return card.suit in married and card.rank in (12, 13)


# --- the play --------------------------------------------------------------------------------

class RuleOfThumbBot:
    """Bids and plays the way a club player would explain it; each rule is a line below.

    * Bid what the hand counts (``estimate``) divided by 33; at four, do not outbid the
      partner unless the hand alone is worth more.
    * In the 2-player auction form, give away the cheapest cards that are not of the suit
      to be made trump and break no marriage (``card_to_give``).
    * The first lead makes trump: lead the best marriage, announcing (worth 40), else the
      best card of the longest suit.
    * Lead a marriage card early, announcing it; else a side ace; else a high trump while
      the others may still hold trumps; else a low card of a long side suit.
    * Following: when the partner holds the trick, give points if the trick is safe, else
      play low; when the trick can be taken, take it if it is worth it (10 points or more)
      or if nobody plays after; otherwise play the cheapest card.
    """

    name = "rule-of-thumb"

    def choose(self, state: CruceState) -> CruceMove:
        view = state.view(state.to_move)
        legal = state.legal_moves()
        if view.phase == "bid":
            return Bid(bid_for(view)[0])
        if view.phase == "trump":
            return NameTrump(estimate(view.hand, view.players, view.partner() is not None
                                      ).trump)
        if view.phase == "give":
            return Give(card_to_give(view)[0])
        return self.card_to_play(view, within_duty(view, legal))

    def card_to_play(self, view: CruceView, legal: Sequence[CruceMove]) -> CruceMove:
        announces = [m for m in legal if isinstance(m, Announce)]
        cards = [m.card for m in legal if isinstance(m, Play)]
        if not view.trick_bits:
            return self._lead(view, cards, announces)
        return Play(self._follow(view, cards))

    def _lead(self, view: CruceView, cards: list[Card],
              announces: list[Announce]) -> CruceMove:
        if announces:  # lead the queen of the best marriage, keeping the king
            trump = view.trump or estimate(view.hand, view.players, False).trump
            best = max(announces, key=lambda m: (m.card.suit == trump, m.card.rank == 12))
            return best
        if view.trump is None:  # the first lead makes trump: the best card of the best suit
            suit = estimate(view.hand, view.players, False).trump
            return Play(max((c for c in cards if c.suit == suit), key=power))
        trump = view.trump
        side_aces = [c for c in cards if c.rank == 1 and c.suit != trump]
        if side_aces:
            return Play(side_aces[0])
        trumps = [c for c in cards if c.suit == trump]
        if trumps and _trumps_out(view) and max(power(c) for c in trumps) >= 4:
            return Play(max(trumps, key=power))
        plain = [c for c in cards if c.suit != trump] or cards
        longest = max(SUITS, key=lambda s: sum(c.suit == s for c in plain))
        return Play(min((c for c in plain if c.suit == longest), key=power))

    def _follow(self, view: CruceView, cards: list[Card]) -> Card:
        trick = view.trick
        rules = trick_rules_for(view.trump, False, False)
        holder_index = cardlib.tricks.winning_index(trick.cards, rules)
        holder = trick.cards[holder_index]
        last = len(trick.cards) == view.players - 1
        partner = view.partner()
        worth = sum(POINTS[c.rank] for c in trick.cards)
        cheapest = min(cards, key=lambda c: (POINTS[c.rank], power(c)))
        if partner is not None and trick.seat_of(holder_index) == partner:
            safe = last or holder.rank == 1 or (view.trump is not None
                                                and holder.suit == view.trump)
            losing = [c for c in cards if not beats(c, holder, rules)] or cards
            if safe:
                return max(losing, key=lambda c: (POINTS[c.rank], -power(c)))
            return min(losing, key=lambda c: (POINTS[c.rank], power(c)))
        winning = [c for c in cards if beats(c, holder, rules)]
        if winning and (last or worth >= 10):
            return min(winning, key=lambda c: (c.suit == view.trump, power(c))) if last \
                else max(winning, key=lambda c: (c.suit != view.trump, power(c)))
        return cheapest


def within_duty(view: CruceView, legal: Sequence[CruceMove]) -> list[CruceMove]:
    """The moves of ``legal`` that keep every duty: all of them, except in training mode,
    where a card against a duty is legal but costs 3 game points (the bot keeps the
    rules)."""
    if not view.options.training or not view.trick_bits:
        return list(legal)
    free = len(view.tricks) < view.free_tricks
    rules = trick_rules_for(view.trump, free, view.options.must_head)
    allowed, _rule = playable_bits(view.hand_bits, view.trick_bits, rules, LAYOUT)
    return [m for m in legal if not isinstance(m, Play) or allowed >> m.bit & 1]


def _trumps_out(view: CruceView) -> bool:
    """Whether another seat may still hold a trump (not all six are seen or in hand)."""
    if view.trump is None:
        return True
    seen = view.hand_bits
    for taken in view.taken_bits:
        seen |= taken
    for bit in view.trick_bits:
        seen |= 1 << bit
    return seen & SUIT_MASK[view.trump] != SUIT_MASK[view.trump]


# --- What one seat knows about the hidden hands -----------------------------------------

class Knowledge(cardlib.tricks.Knowledge):
    """What ``seat`` can infer about the cards it cannot see (see
    ``cardlib.tricks.knowledge``): the cards played, the suits shown out of, the partner
    card of every marriage announced (certain in the announcer's hand until played), and
    Cruce's own inferences (``cruce_limits``).  At two players, the stock cards (or in the
    auction form the dead cards) are the hidden cards no hand holds; there the 2 cards the
    declarer gave are certain in the other player's hand until played."""

    @classmethod
    def of(cls, view: CruceView) -> Knowledge:
        known: dict[int, int] = {}
        for marriage in view.marriages:
            known[marriage.seat] = known.get(marriage.seat, 0) | MARRIAGE[marriage.suit]
        if view.given_bits and view.declarer is not None:
            receiver = 1 - view.declarer
            known[receiver] = known.get(receiver, 0) | view.given_bits
        return cls.gather(view.seat, view.hand_bits, observed_tricks(view), view.hand_sizes,
                          LAYOUT, known=known, limits=cruce_limits(view))


def observed_tricks(view: CruceView) -> list[Trick]:
    """This hand's tricks as evidence of voids: those played while the stock lasted carry
    no duty to follow, so each of their cards counts as a trick of its own (seen, but
    showing no void); in training mode no trick shows a void, since any card may go."""
    tricks = [*view.tricks, view.trick]
    evidence: list[Trick] = []
    for number, trick in enumerate(tricks):
        if number < view.free_tricks or view.options.training:
            evidence += [Trick(seat, (card,), view.players) for seat, card in trick.plays()]
        else:
            evidence.append(trick)
    return evidence


def cruce_limits(view: CruceView) -> list[int]:
    """The cards each seat can still hold by the duties it kept after the stock was gone
    (hands only shrink then): a seat that neither followed suit nor trumped holds no
    trump; with must_head, a seat that followed the suit led without beating the card of
    that suit holding the trick holds none of that suit above it, and a seat that trumped
    under a higher trump holds no trump above that one."""
    limits = [LAYOUT.full] * view.players
    trump = view.trump
    if trump is None or view.options.training:  # training: any card may have gone
        return limits
    rules = trick_rules_for(trump, False, False)
    for number, trick in enumerate((*view.tricks, view.trick)):
        if number < view.free_tricks or not trick.cards:
            continue
        led = trick.cards[0].suit
        for index in range(1, len(trick.cards)):
            card, seat = trick.cards[index], trick.seat_of(index)
            if card.suit not in (led, trump):
                limits[seat] &= ~SUIT_MASK[trump]
            if not view.options.must_head:
                continue
            holder = trick.cards[cardlib.tricks.winning_index(trick.cards[:index], rules)]
            if card.suit == holder.suit and not beats(card, holder, rules) \
                    and card.suit in (led, trump):
                limits[seat] &= ~_above(holder)
    return limits


def _above(card: Card) -> int:
    """The cards of ``card``'s suit that rank above it (bits rise with strength)."""
    return SUIT_MASK[card.suit] & ~((2 << LAYOUT.bit(card)) - 1)


# --- Monte Carlo ---------------------------------------------------------------------------

class MonteCarloBot(cardlib.bots.MonteCarloBot):
    """Tries each legal card in many imagined deals and keeps the best on average.

    The kit's searcher (``cardlib.bots.MonteCarloBot``) with Cruce's hooks: the hidden
    hands (and at two players the stock's order) are guessed from :class:`Knowledge`, each
    card is played and the hand finished by ``policy`` bots (default: rule-of-thumb for
    everyone), and a card's value is what the hand scores for this seat's side against the
    others (game points, then card points to break ties).  Bids and a named trump are left
    to the rule-of-thumb bot.
    """

    def __init__(self, seed: int | str = 0, playouts: int = 200, policy: Bot | None = None):
        super().__init__(imagine_deal, hand_value, policy=policy or RuleOfThumbBot(),
                         seed=seed, playouts=playouts,
                         search_phases=("play",), hand_over_to=RuleOfThumbBot())


def imagine_deal(view: CruceView, rng: random.Random) -> CruceState:
    """A full state that fits what ``view``'s seat knows: the hidden hands guessed, the
    rest of the hidden cards shuffled into the stock, or in the auction form dead."""
    hands = Knowledge.of(view).sample(rng)
    held = 0
    for hand in hands:
        held |= hand
    seen = 0
    for taken in view.taken_bits:
        seen |= taken
    for bit in view.trick_bits:
        seen |= 1 << bit
    rest = LAYOUT.full & ~held & ~seen
    if view.dead_size:
        return CruceState.from_view(view, hands, dead=rest)
    stock = cardlib.tricks.bits_of(rest)
    rng.shuffle(stock)
    return CruceState.from_view(view, hands, stock)


def hand_value(view: CruceView, state: CruceState) -> float:
    """How good the finished hand was for ``view.seat``'s side: its game points minus the
    others' average, plus a hundredth of the same for card and marriage points."""
    result = state.results[-1]
    own = view.side
    others = [s for s in range(len(result.scored)) if s != own]

    def margin(values: Sequence[int]) -> float:
        return values[own] - sum(values[s] for s in others) / len(others)

    return margin(result.scored) + margin(result.points) / 100


BOTS: tuple[BotKind, ...] = (
    BotKind("monte-carlo", "Monte Carlo",
            "bids by the rule of thumb, then imagines the hands it cannot see and plays each card"
            " out in 60 of them; the strongest, a fraction of a second a card",
            lambda seed: MonteCarloBot(seed=seed, playouts=60)),
    BotKind("rule-of-thumb", "rule of thumb",
            "bids what the hand counts, leads marriages early, gives points to a partner's safe "
            "trick; answers at once",
            lambda seed: RuleOfThumbBot()),
    RANDOM,
)
"""The bots a table offers for Cruce, strongest first (:func:`cardlib.games.bots`): the
benchmark in ``benchmarks/cruce.py`` measures the first against the second."""
