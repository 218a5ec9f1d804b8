"""The state of a game of Diamonds, and what each move does to it.

A state is one immutable value: the round in progress (hands, the pass, the trick on the
table, the tricks taken), the crystals, the suit actions earned and not yet taken, and the
rounds played so far.  ``apply`` (from the shared protocol) checks a move against the legal
moves and returns a new state, so a refused move leaves the old one untouched.

The table and the step of a card played come from the trick kit (``TrickState``), and so
does follow-suit (``playable_bits``).  What Diamonds adds is when crystals move: a card
played off suit earns its suit's action at once, the trick's winner earns the action of the
suit led, and the end of the round earns the majority actions and the no-trick bonus.
Earned actions queue in ``pending`` and are taken in order by ``_settle``, the one place
they are resolved; a ♣ action with someone to rob stops the queue until its taker chooses
the victim (phase ``rob``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import SUIT_SYMBOLS
from cardlib.diamonds.crystals import ActionDone, Crystals, SuitAction, perform
from cardlib.diamonds.deal import first_dealer, seeded_deal
from cardlib.diamonds.deck import (
    LAYOUT,
    ROUNDS,
    SEATS,
    TRICKS,
    labels_of,
    left_of,
)
from cardlib.diamonds.explain import explain_move
from cardlib.diamonds.moves import (
    ROBS,
    Announce,
    DiamondsMove,
    Pass,
    Play,
    Rob,
    passes_of,
    plays_of,
)
from cardlib.diamonds.round_end import RoundResult, round_end, suit_counts
from cardlib.diamonds.rules import Options
from cardlib.diamonds.scoring import round_tally, verdict
from cardlib.diamonds.view import DiamondsView
from cardlib.protocol import Explanation, Tally, Verdict
from cardlib.tricks import HandsState, Opening, computed_once, playable_bits

END_MOMENTS = ("majority", "no-tricks")
"""The moments of the end-of-round actions: once one is queued, the round is over."""
PASS_COUNTS = (Announce(1), Announce(2), Announce(3))
"""The dealer's legal announcements (rule ``diamonds.pass.count``)."""
OFFERED_COUNTS = (Announce(0), *PASS_COUNTS)
"""What a learner is offered: 0 too, so that the table can show why it is refused."""


@dataclass(frozen=True, eq=False, repr=False)
class DiamondsState(HandsState):
    """One moment of a game of Diamonds.  Build it with ``games.get("diamonds").new(seed)``.

    ``phase`` is ``announce`` (the dealer chooses how many cards to pass), ``pass``,
    ``play``, ``rob`` (a ♣ action waits for its victim) or ``over``.  Card sets are bit
    sets of ``LAYOUT``; ``view`` and ``str`` show them as cards.  The seed, the opening,
    the results (``RoundResult``) and the phase are the kit's
    (:class:`~cardlib.tricks.HandsState`): a round is a hand.
    """

    options: Options
    round: int
    dealer: int
    pass_count: int
    passed: tuple[int, ...]
    """What each seat has chosen to pass this round."""
    crystals: Crystals
    pending: tuple[SuitAction, ...]
    """Actions earned and not yet taken, in the order they are taken."""
    round_over: bool
    """The tenth trick is done and the end-of-round actions are queued."""
    last_done: tuple[ActionDone, ...]
    """The actions the last move set off (the notebook shows crystals move with these)."""

    layout = LAYOUT
    trick_rules = TRICKS

    # --- the protocol ----------------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        """The round being played, from 0."""
        return self.round

    def scores(self) -> list[float]:
        """Each seat's points as they stand: vault ×2 plus showroom (rule
        ``diamonds.score``); at the end, the final scores."""
        return list(self.crystals.scores())

    def winners(self) -> tuple[int, ...]:
        """The seats that win (or would, if the game ended now), tie-break by the vault."""
        return self.crystals.winners()

    def verdict(self) -> Verdict:
        """The winners of :meth:`winners` and why (rule ``diamonds.tie-break``)."""
        return verdict(self.crystals)

    def tallies(self) -> tuple[Tally, ...]:
        """Each finished round's majorities and no-trick bonus."""
        return tuple(round_tally(result) for result in self.results)

    @property
    def rounds(self) -> int:
        return ROUNDS[self.players]

    @property
    def names(self) -> tuple[str, ...]:
        return SEATS[:self.players]

    def candidate_moves(self) -> list[DiamondsMove]:
        """The moves a learner may try: every card in the hand of the player to move,
        every other seat as a ♣ victim, every pass count from 0 to 3 (``explain`` says why
        one is refused)."""
        if self.turn is None:
            return []
        if self.phase == "announce":
            return list(OFFERED_COUNTS)
        if self.phase == "rob":
            return [ROBS[seat] for seat in range(self.players) if seat != self.turn]
        moves_of = passes_of if self.phase == "pass" else plays_of
        return list(moves_of(self.hands[self.turn]))

    def legal_in_order(self) -> tuple[DiamondsMove, ...]:
        phase = self.phase
        if phase == "play":
            return plays_of(self._allowed[0])
        if phase == "pass":
            return passes_of(self.hands[self.turn])  # type: ignore[index]
        if phase == "rob":
            return tuple(ROBS[seat] for seat in self.crystals.victims(self.turn))  # type: ignore[arg-type]
        return PASS_COUNTS

    @computed_once
    def _allowed(self) -> tuple[int, str]:
        """The cards the player to move may play (a bit set) and the kit's deciding rule
        (``trick.lead``, ``trick.follow-suit`` or ``trick.void``); shared by the legal
        moves and ``explain``, so the two cannot disagree."""
        return playable_bits(self.hands[self.turn or 0], self.trick, TRICKS, LAYOUT)

    def _explain(self, move: Any) -> Explanation:
        return explain_move(self, move)

    # --- moves -----------------------------------------------------------------------------
    def _next(self, move: DiamondsMove) -> DiamondsState:
        if isinstance(move, Play):
            return self._after_play(move)
        if isinstance(move, Pass):
            return self._after_pass(move)
        if isinstance(move, Rob):
            crystals, done = perform(self.crystals, self.pending[0], move.seat)
            return self._settle(move, {}, self.pending[1:], crystals, [done])
        assert isinstance(move, Announce)
        turn = left_of(self.dealer, self.players)
        return self.derive(move, {"phase": "pass", "pass_count": move.count, "turn": turn,
                                  "last_done": ()})

    def _after_pass(self, move: Pass) -> DiamondsState:
        seat = self.turn
        assert seat is not None
        hands, passed = self.card_passed(move.bit)
        if passed[seat].bit_count() < self.pass_count:
            return self.derive(move, {"hands": hands, "passed": passed, "last_done": ()})
        players = self.players
        if seat != self.dealer:  # the next seat to the left chooses its cards
            return self.derive(move, {"hands": hands, "passed": passed,
                                      "turn": left_of(seat, players), "last_done": ()})
        # Everyone has chosen: now the cards change hands, and the dealer's left leads.
        hands = self.exchanged(hands, passed)
        lead = left_of(self.dealer, players)
        return self.derive(move, {"phase": "play", "hands": hands, "passed": passed,
                                  "turn": lead, "leader": lead, "last_done": ()})

    def _after_play(self, move: Play) -> DiamondsState:
        seat = self.turn
        assert seat is not None
        table, won = self.card_played(move.bit)
        earned: tuple[SuitAction, ...] = ()
        suit_of = LAYOUT.suit_of_bit
        if self.trick and suit_of[move.bit] != suit_of[self.trick[0]]:
            earned = (SuitAction(seat, suit_of[move.bit], "off-suit"),)
        if won is not None:
            earned += (SuitAction(won.winner, won.trick.cards[0].suit, "trick"),)
        if not earned:
            return self.derive(move, table | {"last_done": ()})
        return self._settle(move, table, earned, self.crystals, [])

    def _settle(self, move: DiamondsMove, table: dict[str, Any],
                pending: tuple[SuitAction, ...], crystals: Crystals,
                done: list[ActionDone]) -> DiamondsState:
        """Take the ``pending`` actions in order, then carry on: the next card, the
        end-of-round actions after the tenth trick, or the next round.

        ``table`` holds the changes the move made to the table.  A ♣ action with someone
        to rob stops here: its taker chooses the victim with the next move.
        """
        round_over = self.round_over
        hands = table.get("hands", self.hands)
        while True:
            while pending:
                action = pending[0]
                if action.suit == "C" and crystals.victims(action.seat):
                    return self.derive(move, table | {
                        "phase": "rob", "turn": action.seat, "crystals": crystals,
                        "pending": pending, "round_over": round_over,
                        "last_done": tuple(done)})
                crystals, did = perform(crystals, action)
                done.append(did)
                pending = pending[1:]
            if round_over or any(hands):
                break
            # The tenth trick is done: the end-of-round actions, in their order.
            taken = table.get("taken", self.taken)
            pending = round_end(suit_counts(taken), self.dealer).actions
            round_over = True
        if round_over:
            return self._close_round(move, table, crystals, tuple(done))
        trick = table.get("trick", self.trick)
        leader = table.get("leader", self.leader)
        return self.derive(move, table | {
            "phase": "play", "turn": (leader + len(trick)) % self.players,
            "crystals": crystals, "pending": (), "last_done": tuple(done)})

    def _close_round(self, move: DiamondsMove, table: dict[str, Any], crystals: Crystals,
                     done: tuple[ActionDone, ...]) -> DiamondsState:
        """Record the round, then end the game or deal the next round."""
        taken = table.get("taken", self.taken)
        players = self.players
        won = tuple(cards.bit_count() // players for cards in taken)  # a trick: a card each
        end = round_end(suit_counts(taken), self.dealer)
        result = RoundResult(self.round, self.dealer, self.pass_count, won, end)
        return self.close_hand(move, result, table | {
            "crystals": crystals, "pending": (), "round_over": True, "last_done": done},
            dealer=left_of(self.dealer, self.players), crystals=crystals, last_done=done)

    def is_last_hand(self, results: tuple[RoundResult, ...]) -> bool:
        """Rule ``diamonds.rounds``: the game is a fixed number of rounds, by the number
        of players."""
        return self.round + 1 >= self.rounds

    @classmethod
    def start_of_hand(cls, options: Options, seed: int | str, opening: Opening, number: int,
                      results: tuple[RoundResult, ...], history: tuple[Any, ...] = (), *,
                      dealt: tuple[int, ...] | None = None, dealer: int | None = None,
                      crystals: Crystals | None = None, pass_cards: bool = True,
                      last_done: tuple[ActionDone, ...] = ()) -> DiamondsState:
        """The state at the start of round ``number``: the dealer to announce the pass (or,
        with ``pass_cards=False``, a scripted round, the dealer's left to lead).  The
        first dealer is drawn from the seed, then the deal passes left; the crystals start
        as set out before the first round, then carry over."""
        players = options.players
        if dealer is None:
            dealer = first_dealer(seed, players)
        if crystals is None:
            crystals = Crystals.setup(players, options.finite_supply)
        hands = seeded_deal(seed, number, dealer, players) if dealt is None else dealt
        lead = left_of(dealer, players)
        return cls.make(
            options=options, seed=seed, opening=opening, round=number, dealer=dealer,
            phase="announce" if pass_cards else "play", pass_count=0,
            passed=(0,) * players, crystals=crystals, pending=(), round_over=False,
            last_done=last_done, results=results, turn=dealer if pass_cards else lead,
            hands=hands, trick=(), leader=lead, tricks=(), taken=(0,) * players,
            history=history,
        )

    # --- what people see -------------------------------------------------------------------
    def passes_to(self, seat: int) -> int:
        """Cards are passed to the left (rule ``diamonds.pass.cards``)."""
        return left_of(seat, self.players)

    def events_seen_by(self, observer: int | None) -> tuple[str, ...]:
        """The suit actions the last move set off (a trick won, a card off suit, the end
        of a round), each in words with its rule: every seat sees them taken."""
        return tuple(done.text(self.names) for done in self.last_done)

    def view(self, seat: int) -> DiamondsView:
        """What ``seat`` may see: its own hand and vault and the public table.

        Other hands and vaults are hidden (only the vaults' total shows), and so are the
        cards passed to ``seat`` until every seat has chosen its own.
        """
        fields = self.seat_view_fields(seat)
        exchanged = self.phase != "announce" and self.phase != "pass" and self.pass_count
        received = self.passed[seat - 1] if exchanged else None
        vaults = self.crystals.vault
        return DiamondsView(
            **fields, round=self.round, dealer=self.dealer, pass_count=self.pass_count,
            passed_bits=self.passed[seat], received_bits=received,
            passes_made=tuple(p.bit_count() for p in self.passed),
            showroom=self.crystals.showroom, vault=vaults[seat],
            hidden=sum(vaults) - vaults[seat], supply=self.crystals.supply,
            pending=self.pending, last_done=self.last_done,
        )

    @classmethod
    def from_view(cls, view: DiamondsView, hands: Sequence[int]) -> DiamondsState:
        """A full state that matches ``view`` with a guess of every hand (bit sets).

        For search bots, during the play or a ♣ choice.  The other vaults are unknown but
        for their total, so it is shared out evenly: a seat's own choices never change
        another's vault, so the guess cannot sway them.  The state knows no seed (the game
        ends with this round) and no history.
        """
        others = [s for s in range(view.players) if s != view.seat]
        share, extra = divmod(view.hidden, len(others))
        vault = [0] * view.players
        vault[view.seat] = view.vault
        for k, s in enumerate(others):
            vault[s] = share + (k < extra)
        return cls.imagined(
            view, hands, phases=("play", "rob"), opening=Opening(), round=view.round,
            dealer=view.dealer, pass_count=view.pass_count, passed=(0,) * view.players,
            crystals=Crystals(tuple(vault), view.showroom, view.supply),
            pending=view.pending, round_over=any(a.moment in END_MOMENTS for a in view.pending),
            last_done=(),
        )

    def __repr__(self) -> str:
        if self.turn is None:
            return f"<DiamondsState over after {self.rounds} rounds, scores {self.scores()}>"
        return (f"<DiamondsState round {self.round + 1}/{self.rounds}, {self.phase}, "
                f"trick {len(self.tricks) + 1}, {SEATS[self.turn]} to move, "
                f"scores {self.scores()}>")

    def __str__(self) -> str:
        lines = [repr(self)]
        crystals = self.crystals
        for seat in range(self.players):
            cards = labels_of(self.hands[seat])
            lines.append(f"  {SEATS[seat]:<4} vault {crystals.vault[seat]:>2} showroom "
                         f"{crystals.showroom[seat]:>2} | {cards}")
        if self.trick:
            lines.append(f"  table: {' '.join(c.label for c in self.current_trick.cards)} "
                         f"(led by {SEATS[self.leader]})")
        for action in self.pending[:1]:
            lines.append(f"  waiting: {SEATS[action.seat]} chooses whom to rob "
                         f"({SUIT_SYMBOLS[action.suit]} action)")
        return "\n".join(lines)
