"""Trick-taking rules, written once for Hearts, Diamonds and Cruce: what may be played, who wins.

A trick is led by one seat and followed by the others in seat order.  What a player may
play to it depends on a handful of switches that differ between games:

* ``must_follow``: play a card of the led suit if you hold one (all three games);
* ``must_trump``: if you cannot follow, play a trump if you hold one (Cruce);
* ``must_beat``: if you can, play a card that takes the lead of the trick (Cruce);

and who wins it depends on a rank order (data, low to high) and an optional trump suit.
The games layer their own restrictions on top (Hearts' first trick, hearts unbroken)
by narrowing the set this module returns, never by re-implementing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardlib.cards import Card
from cardlib.protocol import Rule
from cardlib.tricks.bits import CardBits

STANDARD_ORDER: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)
"""Ranks low to high with the ace high: 2 < 3 < … < K < A."""

KIT_SOURCE = "cardlib/tricks/rules.py (the trick kit's own wording)"

KIT_RULES: tuple[Rule, ...] = (
    Rule("trick.lead", "The leader may lead any card.", KIT_SOURCE),
    Rule("trick.follow-suit", "Follow the suit led if you can.", KIT_SOURCE),
    Rule("trick.must-trump", "If you cannot follow suit, play a trump if you hold one.",
         KIT_SOURCE),
    Rule("trick.must-beat", "If you can, play a card that takes the lead of the trick "
                            "(a higher card of the suit led, or a higher trump).",
         KIT_SOURCE),
    Rule("trick.void", "If you cannot follow suit (and nothing else is forced), play any "
                       "card.", KIT_SOURCE),
    Rule("trick.won.led-suit", "The highest card of the suit led takes the trick; its "
                               "winner leads the next one.", KIT_SOURCE),
    Rule("trick.won.trump", "A trump takes a trick led in another suit; the highest trump "
                            "wins, and its winner leads the next one.", KIT_SOURCE),
)
"""The kit's rule ids (what :func:`playable_bits` and :func:`won_by` answer) with plain
words.

One rule for them: **every rule id a game's explanation cites is in that game's rule
book** (the protocol's ``game.*`` ids aside).  A game either maps each kit id it meets
to a rule of its own, worded for its players and citing its seed (Hearts, Diamonds and
Cruce: ``trick.follow-suit`` becomes ``cruce.play.follow-suit``), or adopts the kit's
rules as they are, by putting them in its book: ``RuleBook([*own, *kit_rules("trick.lead",
"trick.follow-suit", "trick.void")])``.  Either way the table's rule panel finds every id
it is shown, and the generic tests ask the same of every game."""


def kit_rules(*ids: str) -> tuple[Rule, ...]:
    """The kit's rules with these ids (all of them when none is named), to put in a game's
    rule book as they are.  An unknown id is a ``KeyError`` naming the known ones."""
    known = {rule.id: rule for rule in KIT_RULES}
    unknown = [rule_id for rule_id in ids if rule_id not in known]
    if unknown:
        raise KeyError(f"no kit rule {', '.join(unknown)}; known: {', '.join(known)}")
    return tuple(known[rule_id] for rule_id in ids) if ids else KIT_RULES


@dataclass(frozen=True)
class TrickRules:
    """The trick-taking switches of one game (see the module docstring)."""

    rank_order: tuple[int, ...] = STANDARD_ORDER
    trump: str | None = None
    must_follow: bool = True
    must_trump: bool = False
    must_beat: bool = False

    def power(self, card: Card) -> int:
        """How strong ``card`` is within its suit (higher wins)."""
        return self._power[card.rank]

    @property
    def layout(self) -> CardBits:
        """Bit positions for every card these rules can rank (all suits), built once."""
        cached = self.__dict__.get("_layout_cache")
        if cached is None:
            deck = [Card(rank, suit) for suit in "SHDC" for rank in self.rank_order]
            cached = CardBits(deck, self)
            object.__setattr__(self, "_layout_cache", cached)
        return cached

    @property
    def _power(self) -> dict[int, int]:
        cached = self.__dict__.get("_power_cache")
        if cached is None:
            cached = {rank: i for i, rank in enumerate(self.rank_order)}
            object.__setattr__(self, "_power_cache", cached)
        return cached


@dataclass(frozen=True, slots=True)
class Trick:
    """The cards played so far to one trick, in play order, and who led it."""

    leader: int
    cards: tuple[Card, ...] = ()
    players: int = 4

    @property
    def led_suit(self) -> str | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == self.players

    @property
    def next_seat(self) -> int:
        """Whose turn it is to play to this trick."""
        return (self.leader + len(self.cards)) % self.players

    def seat_of(self, index: int) -> int:
        """The seat that played the ``index``-th card of the trick."""
        return (self.leader + index) % self.players

    def plays(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs in play order."""
        return [(self.seat_of(i), card) for i, card in enumerate(self.cards)]

    def add(self, card: Card) -> Trick:
        if self.is_complete:
            raise ValueError("the trick is complete")
        return Trick(self.leader, self.cards + (card,), self.players)

    def winner(self, rules: TrickRules) -> int:
        """The seat that takes the trick (also the current leader of an incomplete one)."""
        return self.seat_of(winning_index(self.cards, rules))


def winning_index(cards: Sequence[Card], rules: TrickRules) -> int:
    """Index of the card that holds the trick: the highest trump if any was played,
    otherwise the highest card of the led suit.  Off-suit discards never win."""
    layout = rules.layout
    return winning_bit_index([layout.bit(card) for card in cards], rules, layout)


def beats(card: Card, holder: Card, rules: TrickRules) -> bool:
    """Whether ``card``, played after ``holder``, takes the lead of the trick from it."""
    return winning_index((holder, card), rules) == 1


@dataclass(frozen=True)
class PlayCheck:
    """Which cards the trick rules allow, and the rule that narrowed them."""

    allowed: tuple[Card, ...]
    rule: str
    text: str


def playable(hand: Iterable[Card], trick: Sequence[Card], rules: TrickRules) -> PlayCheck:
    """The cards of ``hand`` that may go to ``trick`` (the cards played so far).

    The result names the rule that decided, so a game's ``explain`` can cite it:
    ``trick.lead`` (any card leads), ``trick.follow-suit``, ``trick.must-beat``,
    ``trick.must-trump``, or ``trick.void`` (cannot follow, nothing forced).  The rules
    themselves are :func:`playable_bits`; this is the same answer in cards and words.
    """
    hand = tuple(hand)
    layout = rules.layout
    bits = [layout.bit(card) for card in trick]
    allowed, rule = playable_bits(layout.mask(hand), bits, rules, layout)
    kept = tuple(card for card in hand if allowed >> layout.bit_of[card] & 1)
    if not trick:
        return PlayCheck(kept, rule, "the leader may lead any card")
    led = trick[0].suit
    holder = trick[winning_bit_index(bits, rules, layout)]
    text = {
        "trick.must-beat": (f"you must follow {led} with a card that beats {holder}"
                            if kept and kept[0].suit == led
                            else f"void in {led}: you must overtrump {holder}"),
        "trick.follow-suit": f"you must follow suit ({led})",
        "trick.must-trump": f"void in {led}: you must play a trump ({rules.trump})",
        "trick.void": f"void in {led}: any card may be discarded",
    }[rule]
    return PlayCheck(kept, rule, text)


# --- The rules on bit sets ---------------------------------------------------------------
#
# A bot that samples thousands of playouts asks "which cards may I play?" far more often
# than a person does.  With a hand stored as one int (one bit per card, see
# ``cardlib.tricks.bits``) that question is a couple of ``&`` operations instead of a loop
# over Card objects.  So the rules are written once, here, on bit sets; ``playable`` and
# ``winning_index`` above translate cards to bits and back for callers that hold Cards.


def winning_bit_index(trick: Sequence[int], rules: TrickRules, layout: CardBits) -> int:
    """``winning_index`` for a trick given as bit positions of ``layout``."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    suit_of = layout.suit_of_bit
    best = 0
    for i in range(1, len(trick)):
        card, holder = trick[i], trick[best]
        if suit_of[card] == suit_of[holder]:
            if card > holder:  # same suit: a higher bit is a stronger card
                best = i
        elif rules.trump is not None and suit_of[card] == rules.trump:
            best = i
    return best


def won_by(trick: Sequence[int], rules: TrickRules, layout: CardBits) -> tuple[int, str]:
    """The index of the card that takes a (complete) trick, and the id of the rule that
    made it win: ``trick.won.trump`` when a trump took a trick led in another suit, else
    ``trick.won.led-suit`` (the highest card of the suit led)."""
    index = winning_bit_index(trick, rules, layout)
    suit_of = layout.suit_of_bit
    if rules.trump is not None and suit_of[trick[index]] == rules.trump != suit_of[trick[0]]:
        return index, "trick.won.trump"
    return index, "trick.won.led-suit"


def _beating(cards: int, suit: str, holder: int, rules: TrickRules, layout: CardBits) -> int:
    """The cards of ``cards`` (all of ``suit``) that would take the lead from ``holder``."""
    if layout.suit_of_bit[holder] == suit:
        return cards & ~((2 << holder) - 1)
    return cards if rules.trump is not None and suit == rules.trump else 0


def playable_bits(
    hand: int, trick: Sequence[int], rules: TrickRules, layout: CardBits
) -> tuple[int, str]:
    """``playable`` on bit sets: the allowed cards as a mask and the id of the deciding rule.

    The ids are those of :func:`playable`; the words are left to the caller, which knows
    its own game's way of saying them.
    """
    if not trick:
        return hand, "trick.lead"
    led = layout.suit_of_bit[trick[0]]
    same = hand & layout.suit_mask[led]
    if rules.must_follow and same:
        if rules.must_beat:
            holder = trick[winning_bit_index(trick, rules, layout)]
            higher = _beating(same, led, holder, rules, layout)
            if higher:
                return higher, "trick.must-beat"
        return same, "trick.follow-suit"
    if rules.must_trump and rules.trump is not None and rules.trump != led:
        trumps = hand & layout.suit_mask[rules.trump]
        if trumps:
            if rules.must_beat:
                holder = trick[winning_bit_index(trick, rules, layout)]
                higher = _beating(trumps, rules.trump, holder, rules, layout)
                if higher:
                    return higher, "trick.must-beat"
            return trumps, "trick.must-trump"
    return hand, "trick.void"
