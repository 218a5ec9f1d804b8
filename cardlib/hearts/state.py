"""The state of a game of Hearts, and what each move does to it.

A state is one immutable value: the hand in progress (who holds what, the pass, the trick
on the table, the tricks taken) and the game around it (the options, the seed, the scores
of the hands played so far).  ``apply`` (from the shared protocol) checks a move against
``_legal_moves`` and returns a new state, so a refused move leaves the old one untouched.

The table (hands, trick, tricks taken) and the step of a card played come from the trick
kit (``cardlib.tricks.TrickState``), follow-suit from ``cardlib.tricks.rules``; this module
narrows what they allow with Hearts' own rules (the 2♣ lead, no points on the first trick,
hearts unbroken) in one place (``_allowed_now``), shared by the legal moves and ``explain``,
and adds what Hearts does around the play: the pass, hearts broken, scoring the hand.
Card sets are bit sets of ``cardlib.hearts.deck.LAYOUT`` for speed.  ``HeartsState.game``
is set by :mod:`cardlib.hearts.game`, which imports this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.hearts.deal import PASS_ROTATION, Deal, seeded_deal
from cardlib.hearts.deck import (
    CLUBS,
    HEARTS,
    LAYOUT,
    PLAYERS,
    POINT_CARDS,
    QUEEN_OF_SPADES,
    SEATS,
    TRICKS,
    TWO_OF_CLUBS,
)
from cardlib.hearts.explain import play_reason
from cardlib.hearts.moves import (
    MOON_CHOICES,
    HeartsMove,
    MoonChoice,
    Pass,
    Play,
    passes_of,
    plays_of,
)
from cardlib.hearts.rules import Options
from cardlib.hearts.scoring import (
    HandResult,
    hand_points,
    hand_tally,
    moon_points,
    places,
    verdict,
)
from cardlib.hearts.view import HeartsView
from cardlib.protocol import Explanation, Tally, Verdict
from cardlib.tricks import HandsState, Opening, playable_bits


@dataclass(frozen=True, eq=False, repr=False)
class HeartsState(HandsState):
    """One moment of a game of Hearts.  Build it with ``Hearts().new(seed)``.

    ``phase`` is ``pass``, ``play``, ``moon`` (the shooter chooses, with
    ``moon='shooter-choice'``) or ``over``.  Card sets are bit sets of ``LAYOUT``; the
    ``view``, ``str`` and the properties ending in ``_cards`` show them as cards.  The
    seed, the opening, the results (``HandResult``, with the running totals) and the
    phase are the kit's (:class:`~cardlib.tricks.HandsState`).
    """

    options: Options
    deal: Deal
    passed: tuple[int, ...]
    """What each seat has chosen to pass this hand."""
    hearts_broken: bool

    layout = LAYOUT
    trick_rules = TRICKS

    # --- the protocol ----------------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        return self.deal.number

    def scores(self) -> list[float]:
        """The running totals of the finished hands, by seat.  Lower is better: in Hearts
        points are bad, and the lowest total wins (see ``ranking``)."""
        return list(self.totals)

    def verdict(self) -> Verdict:
        """The lowest total wins, equal lowest totals sharing (rule
        ``hearts.game.ranking``)."""
        return verdict(self.totals, self.options)

    def tallies(self) -> tuple[Tally, ...]:
        """Each finished hand's points, seat by seat, and the moon."""
        return tuple(hand_tally(result) for result in self.results)

    def ranking(self) -> list[int]:
        """Each seat's place by the running totals, 1 = best; equal totals share a place."""
        return places(self.totals)

    def candidate_moves(self) -> list[HeartsMove]:
        """The moves a learner may try at the table: every card in the hand of the player
        to move, legal or not (``explain`` says why a card is refused)."""
        if self.phase == "moon":
            return list(MOON_CHOICES)
        if self.turn is None:
            return []
        moves_of = passes_of if self.phase == "pass" else plays_of
        return list(moves_of(self.hands[self.turn]))

    def legal_in_order(self) -> tuple[HeartsMove, ...]:
        if self.phase == "moon":
            return MOON_CHOICES
        moves_of = passes_of if self.phase == "pass" else plays_of
        return moves_of(self._allowed_now()[0])

    def _allowed_now(self) -> tuple[int, str]:
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
        return allowed_cards(hand, self.trick, not self.tricks, self.hearts_broken,
                             self.options)

    _allowed = property(_allowed_now, doc="``_allowed_now()``, for ``explain`` and tests: "
                        "not cached (the legal moves are), so asking changes nothing.")

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
        return Explanation(legal, rule, play_reason(rule, self, card, legal, name))

    # --- moves -----------------------------------------------------------------------------
    def _next(self, move: HeartsMove) -> HeartsState:
        if isinstance(move, Play):
            return self._after_play(move)
        if isinstance(move, Pass):
            return self._after_pass(move)
        assert isinstance(move, MoonChoice)
        points, shooter = hand_points(self.taken, self.options)
        assert shooter is not None
        return self._close_hand(move, moon_points(points, shooter, move.choice), shooter)

    def _after_pass(self, move: Pass) -> HeartsState:
        seat = self.turn
        assert seat is not None
        hands, passed = self.card_passed(move.bit)
        made = sum(map(int.bit_count, passed))
        turn = seat + 1 if made % 3 == 0 else seat
        if made < 3 * PLAYERS:
            return self.derive(move, {"hands": hands, "passed": passed, "turn": turn,
                                      "leader": turn})
        # Everyone has passed: now the cards change hands, and the 2♣ leads.
        hands = self.exchanged(hands, passed)
        turn = _holder(hands, TWO_OF_CLUBS)
        return self.derive(move, {"phase": "play", "hands": hands, "passed": passed,
                                  "turn": turn, "leader": turn})

    def _after_play(self, move: Play) -> HeartsState:
        table, won = self.card_played(move.bit)
        if not self.hearts_broken:
            breakers = POINT_CARDS if self.options.qs_breaks_hearts else HEARTS
            if breakers >> move.bit & 1:
                table["hearts_broken"] = True
        if won is None or not won.hand_over:
            return self.derive(move, table)
        # The hand is over: score it (the shooter may first have to choose).
        points, shooter = hand_points(table["taken"], self.options)
        if shooter is not None and self.options.moon == "shooter-choice":
            return self.derive(move, table | {"phase": "moon", "turn": shooter})
        if shooter is not None:
            points = list(moon_points(points, shooter, "add"))
        return self._close_hand(move, tuple(points), shooter, table)

    def _close_hand(self, move: HeartsMove, points: Sequence[int], shooter: int | None,
                    table: dict[str, Any] | None = None) -> HeartsState:
        """Add the hand to the totals, then end the game or deal the next hand (the kit's
        ``close_hand``).  ``table`` holds the changes the last card made (none when the
        shooter chose)."""
        totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        result = HandResult(self.deal.number, tuple(points), shooter, totals)
        return self.close_hand(move, result, table or {})

    def is_last_hand(self, results: tuple[HandResult, ...]) -> bool:
        """Rule ``hearts.game.end``: someone reached (or passed) the end score, unless
        equal lowest totals play on (``tie_for_first='play-on'``)."""
        totals, options = results[-1].totals, self.options
        if options.end_when == "reach":
            ended = max(totals) >= options.end_score
        else:
            ended = max(totals) > options.end_score
        return ended and not (options.tie_for_first == "play-on"
                              and totals.count(min(totals)) > 1)

    @classmethod
    def start_of_hand(cls, options: Options, seed: int | str, opening: Opening, number: int,
                      results: tuple[HandResult, ...], history: tuple[Any, ...] = (), *,
                      dealt: tuple[int, ...] | None = None) -> HeartsState:
        """The state at the start of hand ``number``: passing, or the 2♣ about to lead
        (rule ``hearts.pass.rotation``: every fourth hand has no pass)."""
        if dealt is None:
            dealt = seeded_deal(seed, number)
        direction = PASS_ROTATION[number % 4] if options.pass_cards else 0
        turn = 0 if direction else _holder(dealt, TWO_OF_CLUBS)
        return cls.make(
            options=options, seed=seed, opening=opening, deal=Deal(number, dealt, direction),
            results=results, phase="pass" if direction else "play", turn=turn, hands=dealt,
            passed=(0,) * PLAYERS, trick=(), leader=turn, tricks=(), taken=(0,) * PLAYERS,
            hearts_broken=False, history=history,
        )

    # --- what people see -------------------------------------------------------------------
    def passes_to(self, seat: int) -> int:
        """The seat ``seat`` passes to this hand (left, right or across: rule
        ``hearts.pass.rotation``)."""
        return (seat + self.deal.direction) % PLAYERS

    def view(self, seat: int) -> HeartsView:
        """What ``seat`` may see: its own hand, the table, the scores.

        Other hands are hidden, and so are the cards passed to ``seat`` until every player
        has passed (passes are chosen blind).
        """
        fields = self.seat_view_fields(seat)
        direction = self.deal.direction
        received = None
        if direction and self.phase != "pass":
            received = self.passed[(seat - direction) % PLAYERS]
        return HeartsView(
            **fields, hand_number=self.deal.number, direction=direction,
            passed_bits=self.passed[seat], received_bits=received, played_bits=self.played_bits,
            passes_made=tuple(p.bit_count() for p in self.passed),
            hearts_broken=self.hearts_broken, totals=self.totals,
        )

    def __repr__(self) -> str:
        who = SEATS[self.turn] if self.turn is not None else "nobody"
        return (f"<HeartsState hand {self.deal.number + 1}, {self.phase}, "
                f"trick {len(self.tricks) + 1}, {who} to move, totals {list(self.totals)}>")

    @classmethod
    def from_view(cls, view: HeartsView, hands: Sequence[int]) -> HeartsState:
        """A full state that matches ``view`` with a guess of every hand (bit sets).

        For search bots: they sample the cards they cannot see and play on from here.
        The guess must give ``view.seat`` its real hand.  The state knows no seed (so the
        game ends with this hand) and no history.
        """
        return cls.imagined(
            view, hands, opening=Opening(view.hand_number, view.totals),
            deal=Deal(view.hand_number, tuple(hands), view.direction),
            passed=(0,) * PLAYERS, hearts_broken=view.hearts_broken)



def allowed_cards(hand: int, trick: Sequence[int], first_trick: bool, hearts_broken: bool,
                  options: Options) -> tuple[int, str]:
    """The cards of ``hand`` (a bit set) that may be played to ``trick`` (bits on the table),
    and the deciding rule: Hearts' restrictions on play, in one place.

    A function of plain values rather than a state's method so that the legal moves,
    ``explain`` and the Monte Carlo bot's quick playouts (``cardlib.hearts.bots``) all ask
    the same rules, and the playouts need no state per card."""
    if trick:
        allowed, rule = playable_bits(hand, trick, TRICKS, LAYOUT)
        if rule == "trick.follow-suit":
            return allowed, "hearts.follow-suit"
        if not first_trick or not options.no_pts_on_first_trick:
            return hand, "hearts.void.any-card"
        safe = hand & ~POINT_CARDS
        if safe:
            return safe, "hearts.first-trick.no-points"
        if options.first_trick_void == "heart-not-queen" and hand & HEARTS:
            return hand & HEARTS, "hearts.first-trick.only-points"
        return hand, "hearts.first-trick.only-points"
    if first_trick:  # the opening lead of the hand
        if options.can_lead_any_club:
            return hand & CLUBS, "hearts.lead.two-of-clubs"
        return TWO_OF_CLUBS, "hearts.lead.two-of-clubs"
    if hearts_broken or not options.must_break_hearts:
        return hand, "hearts.lead.any"
    others = hand & ~HEARTS
    if not others:
        return hand, "hearts.lead.only-hearts"
    if others == QUEEN_OF_SPADES and options.can_lead_hearts_instead_of_qs:
        return hand, "hearts.lead.queen-or-hearts"
    return others, "hearts.lead.hearts-unbroken"


def _holder(hands: Sequence[int], card: int) -> int:
    return next(seat for seat, hand in enumerate(hands) if hand & card)
