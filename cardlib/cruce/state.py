"""The state of a game of Cruce, and what each move does to it.

A state is one immutable value: the hand in progress (who holds what, the bids, trump, the
stock at two players, the trick on the table, the tricks taken, the marriages announced)
and the game around it (the options, the seed, the hands scored so far).  ``apply`` (from
the shared protocol) checks a move against the legal moves and returns a new state, so a
refused move leaves the old one untouched.

The table (hands, trick, tricks taken) and the step of a card played come from the trick
kit (``cardlib.tricks.TrickState``), follow suit / must trump / must beat from
``cardlib.tricks.playable_bits``; this module decides which of those duties apply (trump
is fixed by the first lead; none while the 2-player stock lasts; beating only with
``must_head``) in one place (``_allowed``), shared by the legal moves and ``explain``, and
adds what Cruce does around the play: the auction, marriages, the stock (drawn from, or
in the 2-player auction form taken by the declarer, who gives 2 cards away), the score.
``CruceState.game`` is set by :mod:`cardlib.cruce.game`, which imports this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cruce.bidding import (
    PASS,
    allowed_bids,
    check_bid,
    declarer_of,
    high_bid,
    next_bidder,
)
from cardlib.cruce.deal import (
    AUCTION_TAKE,
    GIVE_COUNT,
    Deal,
    dealer_of,
    free_tricks,
    seeded_deal,
)
from cardlib.cruce.deck import (
    LAYOUT,
    MARRIAGE,
    PACK_SIZE,
    PARTNER_CARD,
    RANK_ORDER,
    SEAT_NAMES,
    SUITS,
)
from cardlib.cruce.explain import PLAY_RULES, play_reason
from cardlib.cruce.moves import (
    BIDS,
    TRUMP_CHOICES,
    Announce,
    Bid,
    CruceMove,
    Give,
    NameTrump,
    Play,
    announces_of,
    gives_of,
    plays_of,
)
from cardlib.cruce.rules import Options
from cardlib.cruce.scoring import (
    RENEGE_PENALTY,
    HandResult,
    Marriage,
    marriage_value,
    score_hand,
    side_of,
    sides_of,
    winner,
)
from cardlib.cruce.tally import hand_tally, side_points, verdict
from cardlib.cruce.view import CruceView
from cardlib.protocol import Explanation, Tally, Verdict
from cardlib.tricks import (
    HandsState,
    Opening,
    TrickRules,
    computed_once,
    playable_bits,
    replaced,
    winning_bit_index,
)

_TRICK_RULES: dict[tuple[str | None, bool, bool], TrickRules] = {}


def trick_rules_for(trump: str | None, free: bool, must_head: bool) -> TrickRules:
    """The kit's trick rules for one moment of Cruce: follow suit, else trump, else any
    (``must_beat`` with the option must_head); no duty at all while the stock lasts
    (``free``).  One object per combination, built once: the layout is the same for all."""
    key = (trump, free, must_head)
    rules = _TRICK_RULES.get(key)
    if rules is None:
        rules = _TRICK_RULES[key] = TrickRules(
            rank_order=RANK_ORDER, trump=trump, must_follow=not free,
            must_trump=not free, must_beat=must_head and not free)
    return rules


@dataclass(frozen=True, eq=False, repr=False)
class CruceState(HandsState):
    """One moment of a game of Cruce.  Build it with ``GAME.new(seed, players=N)``.

    ``phase`` is ``bid``, ``give`` (only with ``two_player_form='auction'``), ``trump``
    (only with ``trump='declarer-names'``), ``play`` or ``over``.  Card sets are bit sets
    of ``LAYOUT``; the ``view``, ``str`` and ``hand_cards`` show them as cards.  Every
    card of the pack is always in exactly one place: a hand, the trick on the table, the
    cards a seat took, the stock, or (auction form) the dead cards.  The seed, the
    opening, the results (``HandResult``, with the sides' running totals) and the phase
    are the kit's (:class:`~cardlib.tricks.HandsState`).
    """

    options: Options
    deal: Deal
    bids: tuple[int | None, ...]
    """Each seat's bid this hand: None until it has bid, 0 for a pass."""
    declarer: int | None
    """The high bidder (or, everybody passing, the first bidder), who leads first."""
    trump: str | None
    """None until the first lead (or the high bidder names it)."""
    stock: tuple[int, ...]
    """The cards left in the stock, top first (two players only)."""
    drawn: tuple[int, ...]
    """The stock cards each seat has drawn this hand (in the auction form, the 4 the
    declarer took)."""
    given: int
    """Auction form: the cards the declarer has given the other player this hand."""
    dead: int
    """Auction form: the 4 stock cards the declarer did not take, out of the hand and seen
    by nobody (0 otherwise)."""
    marriages: tuple[Marriage, ...]
    reneges: tuple[int, ...]
    """The cards each side has played against a duty this hand (training mode only)."""

    layout = LAYOUT

    # --- the protocol ----------------------------------------------------------------------
    @classmethod
    def teams_of(cls, options: Options) -> tuple[tuple[int, ...], ...]:
        """Partners at four (seats 0 and 2 against 1 and 3), else every seat alone."""
        return sides_of(options)

    @property
    def hand_number(self) -> int:
        return self.deal.number

    def scores(self) -> list[float]:
        """Each seat's running total; partners share their side's total."""
        totals = self.totals
        return [totals[side_of(seat, self.options)] for seat in range(self.players)]

    def verdict(self) -> Verdict:
        """The side with the highest total once the game ends (rule ``cruce.game.end``)."""
        return verdict(self.totals, len(self.results), self.options)

    def tallies(self) -> tuple[Tally, ...]:
        """Each finished hand: points per side against the contract, and the totals."""
        return tuple(hand_tally(result, self.options) for result in self.results)

    @property
    def contract(self) -> int:
        """The high bid (0 while nobody has bid, or when everybody passed)."""
        return high_bid(self.bids)

    @property
    def trick_rules(self) -> TrickRules:  # type: ignore[override]
        """The duties in force now: they depend on trump, the stock and must_head."""
        return trick_rules_for(self.trump, bool(self.stock), self.options.must_head)

    def trick_winner_index(self) -> int:
        """The index of the card winning the trick on the table so far."""
        return winning_bit_index(self.trick, self.trick_rules, LAYOUT)

    def candidate_moves(self) -> list[CruceMove]:
        """What a learner may try: every bid, or every trump, or every card in the hand
        and, when leading, an announcement with each K and Q held, legal or not.

        Announcements are offered only to the leader: a follower's hand stays a row of
        cards (what the generic "try a card" step expects).
        """
        if self.turn is None:
            return []
        if self.phase == "bid":
            return list(BIDS)
        if self.phase == "trump":
            return list(TRUMP_CHOICES)
        hand = self.hands[self.turn]
        if self.phase == "give":
            return list(gives_of(hand))
        if self.trick:
            return list(plays_of(hand))
        royals = 0
        for suit in SUITS:
            royals |= hand & MARRIAGE[suit]
        return [*plays_of(hand), *announces_of(royals)]

    def legal_in_order(self) -> tuple[CruceMove, ...]:
        if self.phase == "bid":
            seat = self.turn
            assert seat is not None
            return tuple(BIDS[b] for b in allowed_bids(self.bids, seat, self.deal.dealer,
                                                        self.options))
        if self.phase == "trump":
            return TRUMP_CHOICES
        if self.phase == "give":
            return gives_of(self.hands[self.turn or 0])
        cards = self.hands[self.turn or 0] if self.options.training else self._allowed[0]
        return plays_of(cards) + announces_of(self._announceable)

    @computed_once
    def _allowed(self) -> tuple[int, str]:
        """The cards the player to move may play now (a bit set), and the deciding rule.

        The one place where Cruce's duties are applied, shared by the legal moves and
        ``explain`` so the two cannot disagree.
        """
        hand = self.hands[self.turn or 0]
        if not self.trick:
            return hand, "cruce.play.lead"
        allowed, rule = playable_bits(hand, self.trick, self.trick_rules, LAYOUT)
        if self.stock:
            return allowed, "cruce.stock.free"
        return allowed, PLAY_RULES[rule]

    @computed_once
    def _announceable(self) -> int:
        """The K and Q the player to move may lead with an announcement: only when leading,
        and only with the partner card in hand (rule ``cruce.marriage.held``)."""
        if self.trick or self.phase != "play":
            return 0
        hand = self.hands[self.turn or 0]
        cards = 0
        for suit in SUITS:
            if hand & MARRIAGE[suit] == MARRIAGE[suit]:
                cards |= MARRIAGE[suit]
        return cards

    # --- explanations ------------------------------------------------------------------------
    def _explain(self, move: Any) -> Explanation:
        if not isinstance(move, CruceMove):
            return Explanation(False, "cruce.turn",
                               f"{move!r} is not a Cruce move: write a card such as 'KH', "
                               "'KH announce', 'bid 2' or 'pass'")
        assert self.turn is not None
        name = SEAT_NAMES[self.turn]
        if self.phase == "bid":
            if not isinstance(move, Bid):
                return Explanation(False, "cruce.bid.once",
                                   f"the auction comes first: {name} bids or passes")
            check = check_bid(move.amount, self.bids, self.turn, self.deal.dealer,
                              self.options)
            return Explanation(check.legal, check.rule, f"{name}: {check.text}")
        if isinstance(move, Bid):
            return Explanation(False, "cruce.bid.once",
                               "every player has bid once: the auction is over")
        if self.phase == "give" or isinstance(move, Give):
            return self._explain_give(move, name)
        if self.phase == "trump":
            if isinstance(move, NameTrump):
                return Explanation(True, "cruce.trump.first-lead",
                                   f"{name} names {move.suit} trump (trump='declarer-names')")
            return Explanation(False, "cruce.trump.first-lead",
                               f"{name} won the auction and first names trump "
                               "(trump='declarer-names'): write 'trump H'")
        if isinstance(move, NameTrump):
            return Explanation(False, "cruce.trump.first-lead",
                               "trump is set by the first lead: nobody names it"
                               if self.options.trump == "first-lead"
                               else f"trump is already {self.trump}")
        return self._explain_card(move, name)

    def _explain_give(self, move: CruceMove, name: str) -> Explanation:
        """The declarer's 2 cards for the other player (rule ``cruce.stock.give``)."""
        if self.options.two_player_form != "auction":
            return Explanation(False, "cruce.stock.give",
                               "cards are given only in the 2-player auction form "
                               "(two_player_form='auction')")
        if self.phase != "give":
            return Explanation(False, "cruce.stock.give",
                               f"{SEAT_NAMES[self.declarer or 0]} has given "
                               f"{GIVE_COUNT} cards already: exactly {GIVE_COUNT} are given")
        other = SEAT_NAMES[1 - (self.turn or 0)]
        if not isinstance(move, Give):
            example = LAYOUT.cards(self.hands[self.turn or 0])[0].code
            return Explanation(False, "cruce.stock.give",
                               f"{name} took {AUCTION_TAKE} stock cards and first gives "
                               f"{GIVE_COUNT} cards to {other}, one at a time: write "
                               f"'give {example}'")
        if not self.hands[self.turn or 0] >> move.bit & 1:
            return Explanation(False, "cruce.stock.give",
                               f"{move.card.code} is not in {name}'s hand: {name} gives "
                               "cards of their own hand")
        count = self.given.bit_count() + 1
        return Explanation(True, "cruce.stock.give",
                           f"{name} gives {move.card.label} to {other} (card {count} of "
                           f"{GIVE_COUNT})")

    def _explain_card(self, move: Play | Announce, name: str) -> Explanation:
        seat = self.turn
        assert seat is not None
        card = move.card
        hand = self.hands[seat]
        if not hand >> move.bit & 1:
            return Explanation(False, "cruce.turn",
                               f"{card.code} is not in {name}'s hand, and it is {name}'s "
                               "turn to play")
        if isinstance(move, Announce):
            return self._explain_announce(move, name)
        allowed, rule = self._allowed
        legal = bool(allowed >> move.bit & 1)
        why = play_reason(rule, self, card, legal, name)
        if not legal and self.options.training:
            return Explanation(True, "cruce.penalty.renege",
                               f"{why}; in training mode the card may be played, and costs "
                               f"{name}'s side {RENEGE_PENALTY} game points [{rule}]")
        return Explanation(legal, rule, why)

    def _explain_announce(self, move: Announce, name: str) -> Explanation:
        card = move.card
        one = 1 << move.bit
        if one not in PARTNER_CARD:
            return Explanation(False, "cruce.marriage.held",
                               f"{card.label} is no K or Q: a marriage is announced with "
                               "the K or Q of the pair")
        if self.trick:
            return Explanation(False, "cruce.marriage.held",
                               f"only the leader announces a marriage; {name} is not "
                               "leading this trick")
        partner = LAYOUT.card_at[PARTNER_CARD[one].bit_length() - 1]
        assert partner is not None
        if not self.hands[self.turn or 0] & PARTNER_CARD[one]:
            return Explanation(False, "cruce.marriage.held",
                               f"{name} does not hold {partner.label}: no marriage in "
                               f"{card.suit} to announce")
        trump = self.trump or card.suit
        points = marriage_value(card.suit, trump)
        first = " (the first lead makes it trump)" if self.trump is None else ""
        return Explanation(True, "cruce.marriage.announce",
                           f"{name} leads {card.label}, shows {partner.label} and announces "
                           f"the marriage: {points}{first}")

    # --- moves -----------------------------------------------------------------------------
    def _next(self, move: CruceMove) -> CruceState:
        if isinstance(move, Bid):
            return self._after_bid(move)
        if isinstance(move, NameTrump):
            return self.derive(move, {"trump": move.suit, "phase": "play"})
        if isinstance(move, Give):
            return self._after_give(move)
        assert isinstance(move, Play | Announce)
        return self._after_card(move)

    def _after_bid(self, move: Bid) -> CruceState:
        seat = self.turn
        assert seat is not None
        bids = replaced(self.bids, seat, move.amount)  # type: ignore[arg-type]
        turn = next_bidder(bids, self.deal.first_bidder)
        if turn is not None:
            return self.derive(move, {"bids": bids, "turn": turn, "leader": turn})
        declarer = declarer_of(bids)
        if declarer is None:
            if self.options.all_pass == "redeal":
                return self._redeal(move, bids)
            declarer = self.deal.first_bidder
        table: dict[str, Any] = {"bids": bids, "turn": declarer, "leader": declarer,
                                 "declarer": declarer, "phase": self._phase_after_give}
        if self.options.two_player_form == "auction":
            table.update(self._take(declarer), phase="give")
        return self.derive(move, table)

    @property
    def _phase_after_give(self) -> str:
        """The phase once the declarer is known (and, in the auction form, has given)."""
        return "trump" if self.options.trump == "declarer-names" else "play"

    def _take(self, declarer: int) -> dict[str, Any]:
        """Auction form: the declarer takes the top 4 stock cards, the other 4 are dead
        (rule ``cruce.stock.auction``)."""
        taken = 0
        for bit in self.stock[:AUCTION_TAKE]:
            taken |= 1 << bit
        dead = 0
        for bit in self.stock[AUCTION_TAKE:]:
            dead |= 1 << bit
        return {"hands": replaced(self.hands, declarer, self.hands[declarer] | taken),
                "drawn": replaced(self.drawn, declarer, taken), "stock": (), "dead": dead}

    def _after_give(self, move: Give) -> CruceState:
        """The declarer gives one card to the other player; after the second, the play (or
        the naming of trump) begins (rule ``cruce.stock.give``)."""
        seat = self.turn
        assert seat is not None
        card = 1 << move.bit
        hands = replaced(self.hands, seat, self.hands[seat] ^ card)
        hands = replaced(hands, 1 - seat, hands[1 - seat] | card)
        given = self.given | card
        phase = self.phase if given.bit_count() < GIVE_COUNT else self._phase_after_give
        return self.derive(move, {"hands": hands, "given": given, "phase": phase})

    def _redeal(self, move: Bid, bids: tuple[int | None, ...]) -> CruceState:
        """Everybody passed and ``all_pass='redeal'``: nothing scores; the next dealer
        deals a new hand."""
        zero = (0,) * len(self.teams)
        result = HandResult(self.deal.number, None, None, PASS, None, zero, zero, zero,
                            self.totals)
        return self.close_hand(move, result, {"bids": bids})

    def _after_card(self, move: Play | Announce) -> CruceState:
        seat = self.turn
        assert seat is not None
        bit = move.bit
        table, won = self.card_played(bit)
        suit = LAYOUT.suit_of_bit[bit]
        trump = self.trump or suit
        table["trump"] = trump
        if isinstance(move, Announce):
            table["marriages"] = self.marriages + (
                Marriage(seat, suit, marriage_value(suit, trump)),)
        if self.options.training and not self._allowed[0] >> bit & 1:
            side = side_of(seat, self.options)
            table["reneges"] = replaced(self.reneges, side, self.reneges[side] + 1)
        if won is None:
            return self.derive(move, table)
        if self.stock:
            table.update(self._draw(table["hands"], won.winner))
        if not won.hand_over:
            return self.derive(move, table)
        return self._close_hand(move, table)

    def _draw(self, hands: tuple[int, ...], winner: int) -> dict[str, Any]:
        """After a trick while the stock lasts: the winner draws the top card, then each
        other seat in turn (rule ``cruce.stock.draw``)."""
        stock = list(self.stock)
        drawn = list(self.drawn)
        new_hands = list(hands)
        players = len(hands)
        for k in range(players):
            seat = (winner + k) % players
            card = 1 << stock.pop(0)
            new_hands[seat] |= card
            drawn[seat] |= card
        return {"hands": tuple(new_hands), "stock": tuple(stock), "drawn": tuple(drawn)}

    def _close_hand(self, move: CruceMove, table: dict[str, Any]) -> CruceState:
        """Score the hand (rules ``cruce.score.*``), then end the game or deal the next
        (the kit's ``close_hand``)."""
        options = self.options
        cards, married = side_points(table["taken"], table.get("marriages", self.marriages),
                                     options)
        points = tuple(c + m for c, m in zip(cards, married, strict=True))
        declarer = self.declarer
        assert declarer is not None
        declaring = side_of(declarer, options)
        reneges = table.get("reneges", self.reneges)
        scored = score_hand(points, declaring, self.contract, options, reneges)
        totals = tuple(t + s for t, s in zip(self.totals, scored, strict=True))
        result = HandResult(self.deal.number, declarer, declaring, self.contract,
                            table["trump"], cards, married, scored, totals, reneges)
        return self.close_hand(move, result, table)

    def is_last_hand(self, results: tuple[HandResult, ...]) -> bool:
        """Rule ``cruce.game.end``: a side reached the target (or the hand limit is
        played out)."""
        return winner(results[-1].totals, len(results), self.options) is not None

    @classmethod
    def start_of_hand(cls, options: Options, seed: int | str, opening: Opening, number: int,
                      results: tuple[HandResult, ...], history: tuple[Any, ...] = (), *,
                      dealt: tuple[int, ...] | None = None,
                      stock: tuple[int, ...] = ()) -> CruceState:
        """The state at the start of hand ``number``: the cards dealt (from the seed, or
        the scripted ``dealt`` hands and ``stock``), the dealer's left to bid."""
        players = options.players
        if dealt is None:
            deal = seeded_deal(seed, number, players)
        else:
            deal = Deal(number, dealer_of(number, players), dealt, stock)
        first = deal.first_bidder
        return cls.make(
            options=options, seed=seed, opening=opening, deal=deal, results=results,
            phase="bid", bids=(None,) * players, declarer=None, trump=None, stock=deal.stock,
            drawn=(0,) * players, given=0, dead=0, marriages=(),
            reneges=(0,) * len(sides_of(options)),
            turn=first, hands=deal.dealt, trick=(),
            leader=first, tricks=(), taken=(0,) * players, history=history,
        )

    # --- what people see -------------------------------------------------------------------
    def view(self, seat: int) -> CruceView:
        """What ``seat`` may see: its own hand and drawn cards, and the public table."""
        return CruceView(
            **self.seat_view_fields(seat), hand_number=self.deal.number,
            dealer=self.deal.dealer, drawn_bits=self.drawn[seat], bids=self.bids,
            declarer=self.declarer, contract=self.contract, trump=self.trump,
            free_tricks=free_tricks(self.deal, self.options), stock_size=len(self.stock),
            marriages=self.marriages, reneges=self.reneges, totals=self.totals,
            given_bits=self.given, dead_size=self.dead.bit_count(),
        )

    def __repr__(self) -> str:
        who = SEAT_NAMES[self.turn] if self.turn is not None else "nobody"
        return (f"<CruceState {self.players} players, hand {self.deal.number + 1}, "
                f"{self.phase}, trump {self.trump}, {who} to move, "
                f"totals {list(self.totals)}>")

    @classmethod
    def from_view(cls, view: CruceView, hands: Sequence[int],
                  stock: Sequence[int] = (), dead: int = 0) -> CruceState:
        """A full state that matches ``view`` with a guess of every hand (bit sets), of
        the stock's order (bit positions, top first) and, in the 2-player auction form, of
        the dead cards (a bit set).

        For search bots: they guess the cards they cannot see and play on from here.  The
        guess must give ``view.seat`` its real hand, and every card must be in exactly one
        place.  The state knows no seed (so the game ends with this hand) and no history.
        """
        if view.phase != "play" or hands[view.seat] != view.hand_bits:
            cls.imagined(view, hands)  # refuses it, saying which (before the stock's checks)
        if len(stock) != view.stock_size:
            raise ValueError(f"the stock holds {view.stock_size} cards, not {len(stock)}")
        if dead.bit_count() != view.dead_size:
            raise ValueError(f"{view.dead_size} cards are dead, not {dead.bit_count()}")
        placed = [*hands, *view.taken_bits, dead, *(1 << b for b in (*view.trick_bits, *stock))]
        everywhere = 0
        for cards in placed:
            everywhere |= cards
        if everywhere != LAYOUT.full or sum(c.bit_count() for c in placed) != PACK_SIZE:
            raise ValueError("the guess does not place every card of the pack exactly once")
        players = view.players
        # The stock as dealt is hidden from the seat; an imagined deal keeps only its size
        # (which says how many tricks are played without duties), and the guessed order of
        # what is left of it.
        dealt_stock = (*(0,) * (view.free_tricks * players - len(stock)), *stock)
        deal = Deal(view.hand_number, view.dealer, tuple(hands), dealt_stock)
        return cls.imagined(
            view, hands, opening=Opening(view.hand_number, view.totals), deal=deal,
            bids=view.bids, declarer=view.declarer, trump=view.trump, stock=tuple(stock),
            drawn=(0,) * players, given=view.given_bits, dead=dead,
            marriages=view.marriages, reneges=view.reneges,
        )
