"""Hearts (Corazones): a whole game of hands, from the deal to the final ranking.

A state is one immutable value: the hand in progress (who holds what, the pass, the trick
on the table, the tricks taken) and the game around it (the options, the seed, the scores
of the hands played so far).  Moves are ``Pass(card)`` (three per player, North first,
one card at a time, as OpenSpiel does it), ``Play(card)``, and, only with the option
``moon='shooter-choice'``, a ``MoonChoice``.

Hands are kept as bit sets (one int per player, one bit per card, see
``cardlib.tricks.CardBits``) because bots and the benchmark ask for legal cards a great
many times; everything shown to a person is converted back to cards.  Follow-suit and
the trick winner come from ``cardlib.tricks``; this module only narrows what it allows
with Hearts' own rules (the 2♣ lead, no points on the first trick, hearts unbroken).

Seats are 0..3 = North, East, South, West, in play order; "left" is the next seat (+1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlib.cards import (
    SUIT_NAMES,
    BadCard,
    Card,
    deal,
    french_deck,
    parse_card,
    parse_cards,
    shuffled,
)
from cardlib.display import Drawable
from cardlib.hearts.rules import OPTIONS, RULES, Variant
from cardlib.protocol import BadMoveText, Explanation, Game, GameState
from cardlib.tricks import (
    CardBits,
    Trick,
    TrickRules,
    bits_of,
    playable_bits,
    winning_bit_index,
)

SEATS = ("North", "East", "South", "West")
PLAYERS = 4
HAND_SIZE = 13

TRICKS = TrickRules()
"""Hearts' trick rules: follow suit, no trumps, 2 low … A high."""

LAYOUT = CardBits(french_deck(), TRICKS, suits="CDHS")
"""Card ↔ bit: clubs, diamonds, hearts, spades, each 2..A, so moves sort suit by suit."""

CLUBS = LAYOUT.suit_mask["C"]
HEARTS = LAYOUT.suit_mask["H"]
QUEEN_OF_SPADES = 1 << LAYOUT.bit_of[parse_card("QS")]
TWO_OF_CLUBS = 1 << LAYOUT.bit_of[parse_card("2C")]
JACK_OF_DIAMONDS = 1 << LAYOUT.bit_of[parse_card("JD")]
POINT_CARDS = HEARTS | QUEEN_OF_SPADES
MOON_POINTS = 26

PASS_ROTATION = (1, 3, 2, 0)
"""Seats to count on from the passer, by hand number mod 4: left, right, across, none."""
DIRECTION_NAMES = {1: "left", 3: "right", 2: "across", 0: "none"}


# --- Moves -------------------------------------------------------------------------------

class HeartsMove:
    """Base of the moves.  Each move exists once (``Play('QS') is Play('QS')``).

    Interning makes a move compare and hash as fast as an int, which matters because the
    protocol sorts legal moves and checks membership on every move of every playout.  The
    constructor looks the move up; it never builds a second copy.
    """

    __slots__ = ("_key",)
    _key: int

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __hash__(self) -> int:
        return self._key

    def __lt__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key < other._key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key <= other._key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key > other._key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, HeartsMove):
            return self._key >= other._key
        return NotImplemented

    @classmethod
    def _make(cls, key: int, **fields: Any) -> Any:
        move = object.__new__(cls)
        object.__setattr__(move, "_key", key)
        for name, value in fields.items():
            object.__setattr__(move, name, value)
        return move


class _CardMove(HeartsMove):
    """A move that names one card: ``card`` for people, ``bit`` for the engine."""

    __slots__ = ("card", "bit")
    card: Card
    bit: int
    _by_bit: ClassVar[tuple[Any, ...]]

    def __new__(cls, card: Card | str) -> Any:
        card = parse_card(card)
        try:
            return cls._by_bit[LAYOUT.bit_of[card]]
        except KeyError:
            raise BadCard(f"{card.code} is not a card of the 52-card deck") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.card.code,))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card.code!r})"


class Pass(_CardMove):
    """Pass ``card`` to the player this hand passes to.  Written ``pass QS``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"pass {self.card.code}"


class Play(_CardMove):
    """Play ``card`` to the trick.  Written as the card code alone: ``QS``."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.card.code


class MoonChoice(HeartsMove):
    """With ``moon='shooter-choice'``: how the shooter's moon scores.

    ``add`` gives each other player +26; ``subtract`` takes 26 off the shooter's own score.
    Written ``moon add`` / ``moon subtract``.
    """

    __slots__ = ("choice",)
    choice: str
    CHOICES: ClassVar[tuple[str, ...]] = ("add", "subtract")
    _by_choice: ClassVar[dict[str, MoonChoice]]

    def __new__(cls, choice: str) -> MoonChoice:
        try:
            return cls._by_choice[choice.strip().lower()]
        except (KeyError, AttributeError):
            raise BadMoveText(f"bad moon choice {choice!r}: choose 'add' (the others +26) "
                              "or 'subtract' (the shooter −26)") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (MoonChoice, (self.choice,))

    def __str__(self) -> str:
        return f"moon {self.choice}"

    def __repr__(self) -> str:
        return f"MoonChoice({self.choice!r})"


def _intern_moves() -> None:
    size = len(LAYOUT.card_at)
    Pass._by_bit = tuple(Pass._make(b, card=LAYOUT.card_at[b], bit=b) for b in range(size))
    Play._by_bit = tuple(Play._make(64 + b, card=LAYOUT.card_at[b], bit=b)
                         for b in range(size))
    MoonChoice._by_choice = {name: MoonChoice._make(128 + i, choice=name)
                             for i, name in enumerate(MoonChoice.CHOICES)}


_intern_moves()
PASSES: tuple[Pass, ...] = Pass._by_bit
PLAYS: tuple[Play, ...] = Play._by_bit
MOON_CHOICES: tuple[MoonChoice, ...] = tuple(MoonChoice._by_choice.values())


class _ItemsOf:
    """The items (moves of one kind, or cards) for the bits of a bit set, lowest first.

    Looked up suit by suit in tables filled on first use (at most 8192 entries a suit),
    because turning a bit set into moves one bit at a time was the slowest step of a
    random playout.
    """

    def __init__(self, items: Sequence[Any]):
        self._moves = items
        self._suits = [(LAYOUT.width * i, {}) for i in range(len(LAYOUT.suits))]
        self._chunk = (1 << LAYOUT.width) - 1

    def __call__(self, cards: int) -> tuple[Any, ...]:
        result: tuple[Any, ...] = ()
        for shift, table in self._suits:
            chunk = (cards >> shift) & self._chunk
            if chunk:
                moves = table.get(chunk)
                if moves is None:
                    moves = table[chunk] = tuple(self._moves[b] for b in bits_of(chunk << shift))
                result += moves
        return result


plays_of = _ItemsOf(PLAYS)
passes_of = _ItemsOf(PASSES)
cards_of = _ItemsOf(LAYOUT.card_at)
"""``cards_of(bits)``: the cards of a bit set, suit by suit (clubs first), low to high."""


class _computed_once:  # noqa: N801 - used like functools.cached_property
    """``functools.cached_property`` without the lock it takes on Python 3.11.

    The lock made the first read of a cached property cost more than computing the legal
    moves.  States are immutable, so computing a value twice (two threads racing) is
    harmless.
    """

    def __init__(self, func: Any):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


# --- What a hand and a game are made of ----------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """What stays fixed for a whole hand: its number, how it was dealt, where cards pass."""

    number: int
    """Hands are numbered from 0; the pass direction follows ``number % 4``."""
    dealt: tuple[int, ...]
    """Each seat's 13 cards as dealt, before the pass (bit sets)."""
    direction: int
    """Seats from passer to receiver: 1 left, 3 right, 2 across, 0 no pass."""

    @property
    def direction_name(self) -> str:
        return DIRECTION_NAMES[self.direction]

    @property
    def direction_words(self) -> str:
        """``to the left``, ``to the right``, ``across``, or ``nowhere``."""
        return {1: "to the left", 3: "to the right", 2: "across", 0: "nowhere"}[self.direction]


@dataclass(frozen=True)
class HandResult:
    """How one finished hand scored."""

    number: int
    points: tuple[int, ...]
    """What each seat scored in the hand, after the moon and any bonus."""
    moon: int | None
    """The seat that shot the moon, if any."""
    totals: tuple[int, ...]
    """The running totals after this hand."""


@dataclass(frozen=True)
class Opening:
    """How the game began, for ``start_record``: a seeded deal, or given hands."""

    hand_number: int = 0
    totals: tuple[int, ...] = (0, 0, 0, 0)
    hands: tuple[tuple[str, ...], ...] | None = None


def seeded_deal(seed: int | str, number: int) -> tuple[int, ...]:
    """The deal of hand ``number`` of the game with ``seed``, as four bit sets.

    Shuffled with the seed ``"{seed}:hand{number}"`` and dealt one card at a time round
    the table (card k to seat k % 4), the way OpenSpiel deals, so both can share deals.
    """
    hands = deal(shuffled(french_deck(), f"{seed}:hand{number}"), PLAYERS, HAND_SIZE)
    return tuple(LAYOUT.mask(hand) for hand in hands)


def checked_hands(hands: Sequence[Iterable[Card | str] | str]) -> tuple[int, ...]:
    """Four hands of 13 cards that together are the 52-card deck, as bit sets.

    A malformed deal raises ``ValueError`` naming the seat and the bad, missing or doubled
    cards, so a scripted deal with a typo fails where the typo is.
    """
    if isinstance(hands, str) or len(hands) != PLAYERS:
        raise ValueError(f"a Hearts deal is {PLAYERS} hands (North, East, South, West); "
                         f"got {hands!r}")
    masks: list[int] = []
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand)
        if len(cards) != HAND_SIZE:
            raise ValueError(f"{SEATS[seat]} has {len(cards)} cards; each hand is "
                             f"{HAND_SIZE}: {' '.join(c.code for c in cards)}")
        for card in cards:
            if card in seen:
                raise ValueError(f"{card.code} is dealt twice ({seen[card]} and "
                                 f"{SEATS[seat]})")
            seen[card] = SEATS[seat]
        masks.append(LAYOUT.mask(cards))
    return tuple(masks)


def hand_points(taken: Sequence[int], variant: Variant) -> tuple[list[int], int | None]:
    """Each seat's points from the cards it took, before the moon; and the shooter, if any."""
    points = [(t & HEARTS).bit_count() + (13 if t & QUEEN_OF_SPADES else 0) for t in taken]
    shooter = next((s for s, t in enumerate(taken) if t & POINT_CARDS == POINT_CARDS), None)
    if variant.jd_bonus:
        points = [p - 10 if t & JACK_OF_DIAMONDS else p for p, t in zip(points, taken, strict=True)]
    if variant.avoid_all_tricks_bonus and shooter is None:
        points = [p - 5 if not t else p for p, t in zip(points, taken, strict=True)]
    return points, shooter


def moon_points(points: Sequence[int], shooter: int, choice: str) -> tuple[int, ...]:
    """The hand's points once the moon is scored: the shooter's 26 are cancelled, then
    either every other seat gets +26 (``add``) or the shooter −26 (``subtract``)."""
    result = list(points)
    result[shooter] -= MOON_POINTS
    if choice == "add":
        result = [p if s == shooter else p + MOON_POINTS for s, p in enumerate(result)]
    else:
        result[shooter] -= MOON_POINTS
    return tuple(result)


def places(totals: Sequence[int]) -> list[int]:
    """Place of each seat, 1 = best: fewer points is better and equal totals share a place
    (totals 10, 30, 10, 52 give places 1, 3, 1, 4)."""
    return [1 + sum(other < total for other in totals) for total in totals]


# --- The state -----------------------------------------------------------------------------

@dataclass(frozen=True, eq=False, repr=False)
class HeartsState(GameState):
    """One moment of a game of Hearts.  Build it with ``Hearts().new(seed)``.

    ``phase`` is ``pass``, ``play``, ``moon`` (the shooter chooses, with
    ``moon='shooter-choice'``) or ``over``.  Card sets are bit sets of ``LAYOUT``; the
    ``view``, ``str`` and the properties ending in ``_cards`` show them as cards.
    """

    variant: Variant
    seed: int | str | None
    """None for a state a bot imagined: it knows no later deal, so the game ends with
    this hand."""
    opening: Opening
    deal: Deal
    results: tuple[HandResult, ...]
    """The hands finished so far, in order, with the running totals."""
    phase: str
    turn: int | None
    hands: tuple[int, ...]
    passed: tuple[int, ...]
    """What each seat has chosen to pass this hand."""
    trick: tuple[int, ...]
    """The cards on the table, in play order, as bit positions."""
    leader: int
    tricks: tuple[Trick, ...]
    """The finished tricks of this hand."""
    taken: tuple[int, ...]
    """The cards each seat has taken in tricks this hand."""
    hearts_broken: bool

    # --- the protocol ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        """The running totals of the finished hands, by seat.  Lower is better: in Hearts
        points are bad, and the lowest total wins (see ``ranking``)."""
        return list(self.totals)

    def ranking(self) -> list[int]:
        """Each seat's place by the running totals, 1 = best; equal totals share a place."""
        return places(self.totals)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.results[-1].totals if self.results else self.opening.totals

    def start_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seed": self.seed, "options": self.variant.as_dict()}
        if self.opening.hands is not None:
            record["hands"] = [list(hand) for hand in self.opening.hands]
            record["hand_number"] = self.opening.hand_number
            record["totals"] = list(self.opening.totals)
        return record

    def candidate_moves(self) -> list[HeartsMove]:
        """The moves a learner may try at the table: every card in the hand of the player
        to move, legal or not (``explain`` says why a card is refused)."""
        if self.phase == "moon":
            return list(MOON_CHOICES)
        if self.turn is None:
            return []
        moves_of = passes_of if self.phase == "pass" else plays_of
        return list(moves_of(self.hands[self.turn]))

    def legal_moves(self) -> list[HeartsMove]:
        """Legal moves for ``to_move``, sorted; empty once the game is over.

        Same result as the protocol's version, without its sort: the cached moves are
        already in order (bit order is sort order), and sorting costs a Python-level
        comparison per card on every move of a playout.
        """
        return list(self._legal)

    def _legal_moves(self) -> Sequence[HeartsMove]:
        return self._legal

    @_computed_once
    def _legal(self) -> tuple[HeartsMove, ...]:
        # Cached: the protocol asks twice per move (the bot's legal_moves, then apply).
        if self.phase == "moon":
            return MOON_CHOICES
        if self.turn is None:
            return ()
        moves_of = passes_of if self.phase == "pass" else plays_of
        return moves_of(self._allowed[0])

    @_computed_once
    def _allowed(self) -> tuple[int, str]:
        """The cards the player to move may use now (a bit set), and the deciding rule.

        The one place where Hearts' restrictions are applied, shared by the legal moves
        and ``explain`` so the two cannot disagree.
        """
        seat = self.turn
        if seat is None or self.phase == "moon":
            return 0, "hearts.score.moon"
        hand = self.hands[seat]
        if self.phase == "pass":
            return hand, "hearts.pass.three-cards"
        variant = self.variant
        if self.trick:
            allowed, rule = playable_bits(hand, self.trick, TRICKS, LAYOUT)
            if rule == "trick.follow-suit":
                return allowed, "hearts.follow-suit"
            if self.tricks or not variant.no_pts_on_first_trick:
                return hand, "hearts.void.any-card"
            safe = hand & ~POINT_CARDS
            if safe:
                return safe, "hearts.first-trick.no-points"
            if variant.first_trick_void == "heart-not-queen" and hand & HEARTS:
                return hand & HEARTS, "hearts.first-trick.only-points"
            return hand, "hearts.first-trick.only-points"
        if not self.tricks:  # the opening lead of the hand
            if variant.can_lead_any_club:
                return hand & CLUBS, "hearts.lead.two-of-clubs"
            return TWO_OF_CLUBS, "hearts.lead.two-of-clubs"
        if self.hearts_broken or not variant.must_break_hearts:
            return hand, "hearts.lead.any"
        others = hand & ~HEARTS
        if not others:
            return hand, "hearts.lead.only-hearts"
        if others == QUEEN_OF_SPADES and variant.can_lead_hearts_instead_of_qs:
            return hand, "hearts.lead.queen-or-hearts"
        return others, "hearts.lead.hearts-unbroken"

    # --- explanations ------------------------------------------------------------------------
    def _explain(self, move: Any) -> Explanation:
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if not isinstance(move, HeartsMove):
            return Explanation(False, "hearts.turn",
                               f"{move!r} is not a Hearts move: write a card such as 'QS', "
                               "or 'pass QS' while passing")
        name = SEATS[self.turn] if self.turn is not None else ""
        if self.phase == "moon":
            if isinstance(move, MoonChoice):
                gain = ("every other player scores +26" if move.choice == "add"
                        else f"{name} scores −26")
                return Explanation(True, "hearts.score.moon",
                                   f"{name} shot the moon and chooses: {gain}")
            return Explanation(False, "hearts.score.moon",
                               f"{name} shot the moon and first chooses how it scores: "
                               "'moon add' or 'moon subtract'")
        if isinstance(move, MoonChoice):
            return Explanation(False, "hearts.score.moon",
                               "nobody has shot the moon: there is nothing to choose")
        if self.phase == "pass":
            return self._explain_pass(move, name)
        if isinstance(move, Pass):
            if self.deal.direction == 0:
                return Explanation(False, "hearts.pass.rotation",
                                   "no cards are passed in this hand (every fourth hand is "
                                   "played without a pass): play a card")
            return Explanation(False, "hearts.pass.three-cards",
                               "the pass is over: play a card")
        return self._explain_play(move, name)

    def _explain_pass(self, move: HeartsMove, name: str) -> Explanation:
        assert self.turn is not None
        still = 3 - self.passed[self.turn].bit_count()
        if not isinstance(move, Pass):
            return Explanation(False, "hearts.pass.three-cards",
                               f"cards are passed before the first lead: {name} still has "
                               f"{still} card{'s' if still > 1 else ''} to pass "
                               f"{self.deal.direction_words} (write 'pass {move}')")
        if not self.hands[self.turn] >> move.bit & 1:
            return Explanation(False, "hearts.turn",
                               f"{move.card.code} is not in {name}'s hand, and it is "
                               f"{name}'s turn to pass")
        to = SEATS[(self.turn + self.deal.direction) % PLAYERS]
        return Explanation(True, "hearts.pass.three-cards",
                           f"{name} passes {move.card.label} {self.deal.direction_words}, to "
                           f"{to} ({still - 1} more to pass)")

    def _explain_play(self, move: HeartsMove, name: str) -> Explanation:
        assert self.turn is not None and isinstance(move, Play)
        card = move.card
        if not self.hands[self.turn] >> move.bit & 1:
            return Explanation(False, "hearts.turn",
                               f"{card.code} is not in {name}'s hand, and it is {name}'s "
                               "turn to play")
        allowed, rule = self._allowed
        legal = bool(allowed >> move.bit & 1)
        return Explanation(legal, rule, _WHY[rule](self, card, legal, name))

    # --- moves -----------------------------------------------------------------------------
    def _next(self, move: HeartsMove) -> HeartsState:
        history = self.history + (move,)
        if isinstance(move, Play):
            return self._after_play(move.bit, history)
        if isinstance(move, Pass):
            return self._after_pass(move.bit, history)
        assert isinstance(move, MoonChoice)
        points, shooter = hand_points(self.taken, self.variant)
        assert shooter is not None
        return self._close_hand(moon_points(points, shooter, move.choice), shooter, history)

    def _after_pass(self, bit: int, history: tuple[Any, ...]) -> HeartsState:
        seat = self.turn
        assert seat is not None
        card = 1 << bit
        hands = _with(self.hands, seat, self.hands[seat] ^ card)
        passed = _with(self.passed, seat, self.passed[seat] | card)
        made = sum(p.bit_count() for p in passed)
        turn = seat + 1 if made % 3 == 0 else seat
        phase = "pass"
        if made == 3 * PLAYERS:  # everyone has passed: now the cards change hands
            received = [0] * PLAYERS
            for passer, cards in enumerate(passed):
                received[(passer + self.deal.direction) % PLAYERS] = cards
            hands = tuple(h | r for h, r in zip(hands, received, strict=True))
            turn = _holder(hands, TWO_OF_CLUBS)
            phase = "play"
        return HeartsState(
            variant=self.variant, seed=self.seed, opening=self.opening, deal=self.deal,
            results=self.results, phase=phase, turn=turn, hands=hands, passed=passed,
            trick=(), leader=turn, tricks=(), taken=self.taken, hearts_broken=False,
            history=history,
        )

    def _after_play(self, bit: int, history: tuple[Any, ...]) -> HeartsState:
        seat = self.turn
        assert seat is not None
        card = 1 << bit
        hands = _with(self.hands, seat, self.hands[seat] ^ card)
        breakers = POINT_CARDS if self.variant.qs_breaks_hearts else HEARTS
        broken = self.hearts_broken or bool(card & breakers)
        trick = self.trick + (bit,)
        if len(trick) < PLAYERS:
            return HeartsState(
                variant=self.variant, seed=self.seed, opening=self.opening, deal=self.deal,
                results=self.results, phase="play", turn=(seat + 1) % PLAYERS, hands=hands,
                passed=self.passed, trick=trick, leader=self.leader, tricks=self.tricks,
                taken=self.taken, hearts_broken=broken, history=history,
            )
        winner = (self.leader + winning_bit_index(trick, TRICKS, LAYOUT)) % PLAYERS
        won = 0
        for b in trick:
            won |= 1 << b
        taken = _with(self.taken, winner, self.taken[winner] | won)
        tricks = self.tricks + (Trick(self.leader, tuple(LAYOUT.card_at[b] for b in trick)),)
        if len(tricks) < HAND_SIZE:
            return HeartsState(
                variant=self.variant, seed=self.seed, opening=self.opening, deal=self.deal,
                results=self.results, phase="play", turn=winner, hands=hands,
                passed=self.passed, trick=(), leader=winner, tricks=tricks, taken=taken,
                hearts_broken=broken, history=history,
            )
        # The hand is over: score it (the shooter may first have to choose).
        points, shooter = hand_points(taken, self.variant)
        if shooter is not None and self.variant.moon == "shooter-choice":
            return HeartsState(
                variant=self.variant, seed=self.seed, opening=self.opening, deal=self.deal,
                results=self.results, phase="moon", turn=shooter, hands=hands,
                passed=self.passed, trick=(), leader=winner, tricks=tricks, taken=taken,
                hearts_broken=broken, history=history,
            )
        if shooter is not None:
            points = list(moon_points(points, shooter, "add"))
        final = self._replace_table(tricks=tricks, taken=taken, leader=winner)
        return final._close_hand(tuple(points), shooter, history)

    def _replace_table(self, **changes: Any) -> HeartsState:
        return dataclasses.replace(self, **changes)

    def _close_hand(self, points: Sequence[int], shooter: int | None,
                    history: tuple[Any, ...]) -> HeartsState:
        """Add the hand to the totals, then end the game or deal the next hand."""
        totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        results = self.results + (HandResult(self.deal.number, tuple(points), shooter, totals),)
        variant = self.variant
        if variant.end_when == "reach":
            ended = max(totals) >= variant.end_score
        else:
            ended = max(totals) > variant.end_score
        if ended and variant.tie_for_first == "play-on" and totals.count(min(totals)) > 1:
            ended = False
        if ended or self.seed is None:
            return self._replace_table(results=results, phase="over", turn=None,
                                       hands=(0,) * PLAYERS, trick=(), history=history)
        number = self.deal.number + 1
        return start_hand(variant, self.seed, self.opening, number,
                          seeded_deal(self.seed, number), results, history)

    # --- what people see -------------------------------------------------------------------
    def view(self, seat: int) -> HeartsView:
        """What ``seat`` may see: its own hand, the table, the scores.

        Other hands are hidden, and so are the cards passed to ``seat`` until every player
        has passed (passes are chosen blind).
        """
        if seat not in range(PLAYERS):
            raise ValueError(f"no seat {seat!r}: seats are 0..3 (North, East, South, West)")
        direction = self.deal.direction
        received = None
        if direction and self.phase != "pass":
            received = self.passed[(seat - direction) % PLAYERS]
        played = 0
        for taken in self.taken:
            played |= taken
        for bit in self.trick:
            played |= 1 << bit
        return HeartsView(
            seat=seat, phase=self.phase, to_move=self.turn, hand_number=self.deal.number,
            direction=direction, hand_bits=self.hands[seat], passed_bits=self.passed[seat],
            received_bits=received, played_bits=played, trick_bits=self.trick,
            leader=self.leader, tricks=self.tricks, taken_bits=self.taken,
            passes_made=tuple(p.bit_count() for p in self.passed),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            hearts_broken=self.hearts_broken, totals=self.totals, results=self.results,
            variant=self.variant,
        )

    @property
    def current_trick(self) -> Trick:
        """The trick on the table, as cards."""
        return Trick(self.leader, tuple(LAYOUT.card_at[b] for b in self.trick))

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (the full state: for tests and teaching, not bots)."""
        return cards_of(self.hands[seat])

    def __repr__(self) -> str:
        who = SEATS[self.turn] if self.turn is not None else "nobody"
        return (f"<HeartsState hand {self.deal.number + 1}, {self.phase}, "
                f"trick {len(self.tricks) + 1}, {who} to move, totals {list(self.totals)}>")

    def __str__(self) -> str:
        lines = [repr(self)]
        for seat in range(PLAYERS):
            cards = " ".join(c.code for c in self.hand_cards(seat))
            lines.append(f"  {SEATS[seat]:<5} {cards}")
        if self.trick:
            lines.append(f"  table: {' '.join(c.code for c in self.current_trick.cards)} "
                         f"(led by {SEATS[self.leader]})")
        return "\n".join(lines)

    @classmethod
    def from_view(cls, view: HeartsView, hands: Sequence[int]) -> HeartsState:
        """A full state that matches ``view`` with a guess of every hand (bit sets).

        For search bots: they sample the cards they cannot see and play on from here.
        The guess must give ``view.seat`` its real hand.  The state knows no seed (so the
        game ends with this hand) and no history.
        """
        if view.phase != "play":
            raise ValueError(f"a search state starts during the play, not the {view.phase}")
        if hands[view.seat] != view.hand_bits:
            raise ValueError(f"the guess changes {SEATS[view.seat]}'s own hand")
        return cls(
            variant=view.variant, seed=None, results=view.results,
            opening=Opening(view.hand_number, view.totals),
            deal=Deal(view.hand_number, tuple(hands), view.direction), phase="play",
            turn=view.to_move, hands=tuple(hands), passed=(0,) * PLAYERS,
            trick=view.trick_bits, leader=view.leader, tricks=view.tricks,
            taken=view.taken_bits, hearts_broken=view.hearts_broken,
        )


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with one item replaced (states never change a tuple in place)."""
    return values[:index] + (value,) + values[index + 1:]


def _holder(hands: Sequence[int], card: int) -> int:
    return next(seat for seat, hand in enumerate(hands) if hand & card)


def start_hand(variant: Variant, seed: int | str, opening: Opening, number: int,
               dealt: tuple[int, ...], results: tuple[HandResult, ...],
               history: tuple[Any, ...] = ()) -> HeartsState:
    """The state at the start of hand ``number``: passing, or the 2♣ about to lead."""
    direction = PASS_ROTATION[number % 4] if variant.pass_cards else 0
    turn = 0 if direction else _holder(dealt, TWO_OF_CLUBS)
    return HeartsState(
        variant=variant, seed=seed, opening=opening, deal=Deal(number, dealt, direction),
        results=results, phase="pass" if direction else "play", turn=turn, hands=dealt,
        passed=(0,) * PLAYERS, trick=(), leader=turn, tricks=(), taken=(0,) * PLAYERS,
        hearts_broken=False, history=history,
    )


# --- The words of explain(), one function per rule id ------------------------------------------

def _suit_name(state: HeartsState) -> str:
    return SUIT_NAMES[LAYOUT.suit_of_bit[state.trick[0]]]


def _why_two_of_clubs(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if state.variant.can_lead_any_club:
        return (f"{card.label} opens the hand (can_lead_any_club: any club may)" if legal
                else "the first trick of every hand is opened with a club "
                     "(can_lead_any_club)")
    return ("the 2♣ opens the first trick of every hand" if legal
            else f"the 2♣ opens the first trick of every hand: {name} must lead it")


def _why_follow(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    suit = _suit_name(state)
    return (f"{card.label} follows suit ({suit})" if legal
            else f"{name} holds {suit} and must follow suit")


def _why_void(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    return f"{name} has no {_suit_name(state)}: any card may be played"


def _why_no_points(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if legal:
        return (f"{name} has no {_suit_name(state)}: {card.label} may be discarded "
                "(no points on the first trick)")
    return (f"no points on the first trick: {name} has other cards, so no heart and not "
            "the Q♠")


def _why_only_points(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if state.variant.first_trick_void == "heart-not-queen":
        return (f"{name} has only hearts and the Q♠: a heart may be played" if legal
                else f"{name} has only hearts and the Q♠: on the first trick a heart, not "
                     "the Q♠ (first_trick_void='heart-not-queen')")
    return f"{name} has only hearts and the Q♠: any of them may go on the first trick"


def _why_unbroken(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if legal:
        return f"hearts are not broken, and {card.label} is not a heart: it may lead"
    if state.hands[state.turn or 0] & ~HEARTS == QUEEN_OF_SPADES:
        return ("hearts are not broken yet, and the Q♠ is the only other card: it must "
                "lead (option can_lead_hearts_instead_of_qs allows a heart)")
    return "hearts are not broken yet: lead another suit"


def _why_only_hearts(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    return f"{name} holds only hearts: a heart may lead although hearts are not broken"


def _why_queen_or_hearts(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    return ("hearts are not broken but the Q♠ is the only other card: any card may lead "
            "(can_lead_hearts_instead_of_qs)")


def _why_any_lead(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if not state.variant.must_break_hearts:
        return "any card may lead (must_break_hearts=False)"
    return "hearts are broken: any card may lead"


_WHY = {
    "hearts.lead.two-of-clubs": _why_two_of_clubs,
    "hearts.follow-suit": _why_follow,
    "hearts.void.any-card": _why_void,
    "hearts.first-trick.no-points": _why_no_points,
    "hearts.first-trick.only-points": _why_only_points,
    "hearts.lead.hearts-unbroken": _why_unbroken,
    "hearts.lead.only-hearts": _why_only_hearts,
    "hearts.lead.queen-or-hearts": _why_queen_or_hearts,
    "hearts.lead.any": _why_any_lead,
}


# --- What one seat sees ------------------------------------------------------------------------

@dataclass(frozen=True)
class HeartsView(Drawable):
    """What one player knows: their hand, the table and the scores, nothing hidden.

    Card sets are kept as bit sets (``*_bits``, cheap to build for bots that look a great
    many times) and shown as cards by the properties of the same name without ``_bits``.
    Only this seat's own cards and public facts are here: finished tricks are face up
    (every player saw them played), so who took which cards is public too.
    """

    seat: int
    phase: str
    to_move: int | None
    hand_number: int
    direction: int
    """Seats from passer to receiver this hand: 1 left, 3 right, 2 across, 0 no pass."""
    hand_bits: int
    passed_bits: int
    """The cards this seat chose to pass."""
    received_bits: int | None
    """The cards passed to this seat; None until every player has passed (or no pass)."""
    played_bits: int
    """Every card played this hand, the trick on the table included."""
    trick_bits: tuple[int, ...]
    leader: int
    tricks: tuple[Trick, ...]
    """This hand's finished tricks."""
    taken_bits: tuple[int, ...]
    passes_made: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    hearts_broken: bool
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    variant: Variant

    @property
    def hand(self) -> tuple[Card, ...]:
        return cards_of(self.hand_bits)

    @property
    def passed(self) -> tuple[Card, ...]:
        return cards_of(self.passed_bits)

    @property
    def received(self) -> tuple[Card, ...] | None:
        return None if self.received_bits is None else cards_of(self.received_bits)

    @property
    def played(self) -> tuple[Card, ...]:
        return cards_of(self.played_bits)

    @property
    def trick(self) -> Trick:
        """The trick on the table."""
        return Trick(self.leader, tuple(LAYOUT.card_at[b] for b in self.trick_bits))

    @property
    def points_taken(self) -> tuple[int, ...]:
        """The points in the tricks each seat has taken this hand, before any moon."""
        return tuple(hand_points(self.taken_bits, self.variant)[0])

    @property
    def pass_direction(self) -> str:
        """``left``, ``right``, ``across`` or ``none``."""
        return DIRECTION_NAMES[self.direction]

    @property
    def passed_to(self) -> int | None:
        """The seat this seat's passed cards went to (None when there is no pass)."""
        return (self.seat + self.direction) % PLAYERS if self.direction else None

    def __str__(self) -> str:
        lines = [f"{SEATS[self.seat]}, hand {self.hand_number + 1} ({self.phase}); "
                 f"totals {list(self.totals)}",
                 f"  hand:  {' '.join(c.code for c in self.hand)}"]
        if self.trick_bits:
            lines.append(f"  table: {' '.join(c.code for c in self.trick.cards)} "
                         f"(led by {SEATS[self.leader]})")
        return "\n".join(lines)


# --- The game ----------------------------------------------------------------------------------

class Hearts(Game):
    """Hearts as the seed and ``spec/hearts.md`` describe it: four players, 52 cards,
    pass three, avoid hearts and the Q♠, game to 50, lowest total wins."""

    name = "hearts"
    title = "Hearts (Corazones)"
    players = PLAYERS
    rules = RULES
    options = OPTIONS

    def variant(self, **options: Any) -> Variant:
        """The checked options (unknown names and bad values raise, naming them)."""
        return Variant(**self.check_options(options))

    def new(self, seed: int | str = 0, **options: Any) -> HeartsState:
        """A new game; every hand's deal follows from ``seed`` (see ``seeded_deal``)."""
        variant = self.variant(**options)
        return start_hand(variant, seed, Opening(), 0, seeded_deal(seed, 0), ())

    def from_hands(self, hands: Sequence[Iterable[Card | str] | str], *, seed: int | str = 0,
                   hand_number: int = 0, totals: Sequence[int] = (0, 0, 0, 0),
                   **options: Any) -> HeartsState:
        """A game whose hand ``hand_number`` starts with the given ``hands`` (North first)
        and running ``totals``; later hands are dealt from ``seed``.  For scripted deals."""
        variant = self.variant(**options)
        masks = checked_hands(hands)
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) \
                or hand_number < 0:
            raise ValueError(f"hand_number={hand_number!r}: hands are numbered 0, 1, 2, …")
        if len(totals) != PLAYERS or not all(isinstance(t, int) for t in totals):
            raise ValueError(f"totals={totals!r}: give four whole numbers, North first")
        opening = Opening(hand_number, tuple(totals),
                          tuple(tuple(c.code for c in cards_of(m)) for m in masks))
        return start_hand(variant, seed, opening, hand_number, masks, ())

    def from_start_record(self, start: dict[str, Any]) -> HeartsState:
        options = start.get("options", {})
        if "hands" in start:
            return self.from_hands(start["hands"], seed=start["seed"],
                                   hand_number=start.get("hand_number", 0),
                                   totals=tuple(start.get("totals", (0, 0, 0, 0))),
                                   **options)
        return self.new(seed=start["seed"], **options)

    def parse_move(self, text: str) -> HeartsMove:
        """``QS`` or ``play QS`` → Play; ``pass QS`` → Pass; ``moon add`` → MoonChoice."""
        if isinstance(text, HeartsMove):
            return text
        if not isinstance(text, str):
            raise BadMoveText(f"a move is text such as 'QS' or 'pass QS', not {text!r}")
        words = text.split()
        try:
            if len(words) == 1:
                return Play(words[0])
            if len(words) == 2:
                verb = words[0].lower()
                if verb == "play":
                    return Play(words[1])
                if verb == "pass":
                    return Pass(words[1])
                if verb == "moon":
                    return MoonChoice(words[1])
        except BadCard as exc:
            raise BadMoveText(f"bad move {text!r}: {exc}") from None
        raise BadMoveText(f"bad move {text!r}: write a card ('QS'), 'pass QS' or "
                          "'moon add' / 'moon subtract'")

    def move_label(self, move: HeartsMove) -> str:
        """A short label for a move button: ``Q♠``, ``pass Q♠``, ``moon: others +26``."""
        if isinstance(move, Play):
            return move.card.label
        if isinstance(move, Pass):
            return f"pass {move.card.label}"
        if isinstance(move, MoonChoice):
            return "moon: others +26" if move.choice == "add" else "moon: me −26"
        return str(move)


HeartsState.game = Hearts()
