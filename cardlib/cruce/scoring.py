"""How Cruce scores: points per side, game points (divide by 33), bids made or failed, the end.

Kept apart from the state so that the state, the views (points so far), the bots (what a
bid needs) and the notebook all count the one same way, and the scoring options (what a
failed or a made bid scores, marriages that need a trick, the target and how the game
ends) can be read in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.cruce.deck import DECK_POINTS, SUITS
from cardlib.cruce.rules import Options, partnered

RENEGE_PENALTY = 3
"""Game points a side loses for each card played against a duty, in training mode (rule
``cruce.penalty.renege``)."""

POINTS_PER_GAME_POINT = 33
"""Bid k promises 33·k points; a side scores one game point per 33 (rule
``cruce.score.points``)."""
MARRIAGE_POINTS = 20
TRUMP_MARRIAGE_POINTS = 40


def sides_of(options: Options) -> tuple[tuple[int, ...], ...]:
    """The sides as tuples of seats: partners opposite at four (0 and 2 against 1 and 3),
    else every seat alone."""
    players = options.players
    if partnered(options):
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))


def side_of(seat: int, options: Options) -> int:
    """The side ``seat`` plays for (its index in ``sides_of``)."""
    return seat % 2 if partnered(options) else seat


def game_points(points: int) -> int:
    """floor(points / 33): 65 points are 1 game point, 66 are 2."""
    return points // POINTS_PER_GAME_POINT


def promise(bid: int) -> int:
    """The points bid ``bid`` promises: 33·bid (rule ``cruce.bid.once``)."""
    return POINTS_PER_GAME_POINT * bid


def marriage_value(suit: str, trump: str | None) -> int:
    """20 for a marriage, 40 in trumps (rule ``cruce.marriage.announce``)."""
    return TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS


# --- What a bid asks: the arithmetic of 33, 120 and the marriages ----------------------------

MOST_MARRIAGE_POINTS = TRUMP_MARRIAGE_POINTS + (len(SUITS) - 1) * MARRIAGE_POINTS
"""100: all four marriages, and one of them is always trump's (trump is one of the four
suits), so 40 + 20 + 20 + 20."""

_COUNT_WORDS = ("no", "one", "two", "three", "four")


def marriages_worth(count: int, trump: bool) -> int | None:
    """What ``count`` marriages of one side are worth, the trump marriage among them or not;
    None for a set no side can announce (four without trump's, or "the trump one" among
    none)."""
    if not 0 <= count <= len(SUITS) or (trump and count == 0) or \
            (not trump and count == len(SUITS)):
        return None
    if trump:
        return TRUMP_MARRIAGE_POINTS + MARRIAGE_POINTS * (count - 1)
    return MARRIAGE_POINTS * count


@dataclass(frozen=True)
class BidNeeds:
    """What bid ``bid`` asks of a side, from the arithmetic alone: it promises
    ``points`` = 33·bid (rule ``cruce.bid.once``); the tricks hold at most ``card_points``;
    whatever the cards cannot give must come from marriages (20, or 40 in trumps).

    ``ways`` are the smallest sets of marriages that make up the shortfall, each as (how
    many marriages, whether trump's is among them), fewest first: empty when the cards
    alone can make the bid, and also empty, with ``possible`` False, when even all four
    marriages cannot.  The notebook prints :attr:`text`, so its words are this arithmetic.
    """

    bid: int
    points: int
    card_points: int
    from_marriages: int
    """The marriage points needed even when the side takes every card point."""
    ways: tuple[tuple[int, bool], ...]

    @property
    def possible(self) -> bool:
        """Whether any side could ever make the bid (cards and marriages together)."""
        return self.from_marriages <= MOST_MARRIAGE_POINTS

    @property
    def fewest_marriages(self) -> int | None:
        """The fewest marriages that can make the bid (0: none needed; None: never)."""
        if not self.possible:
            return None
        return self.ways[0][0] if self.ways else 0

    @property
    def trump_marriage_needed(self) -> bool:
        """Whether the fewest marriages that make the bid must include trump's."""
        return bool(self.ways) and all(trump for count, trump in self.ways
                                       if count == self.ways[0][0])

    @property
    def text(self) -> str:
        """The arithmetic in words, one line: what the bid needs, and why."""
        head = f"bid {self.bid} = {self.points} points"
        if not self.from_marriages:
            return (f"{head}: the cards alone can make it ({self.points} of the "
                    f"{self.card_points} card points)")
        short = (f"{head}: {self.from_marriages} more than the {self.card_points} card "
                 "points")
        if not self.possible:
            most = self.card_points + MOST_MARRIAGE_POINTS
            return (f"{short}, and all four marriages give only {MOST_MARRIAGE_POINTS}: "
                    f"never made (a side takes at most {self.card_points} + "
                    f"{MOST_MARRIAGE_POINTS} = {most})")
        ways = "; or ".join(f"{_marriages_words(count, trump)} with at least "
                           f"{self.points - (marriages_worth(count, trump) or 0)} card points"
                           for count, trump in self.ways)
        return f"{short}, so at least {self.from_marriages} from marriages: {ways}"


def _marriages_words(count: int, trump: bool) -> str:
    """``two marriages, trump's among them (40 + 20 = 60)``."""
    values = [TRUMP_MARRIAGE_POINTS] * trump + [MARRIAGE_POINTS] * (count - trump)
    sums = " + ".join(map(str, values))
    if count > 1:
        sums += f" = {sum(values)}"
    if count == 1:
        what = "the trump marriage" if trump else "one plain marriage"
    else:
        what = (f"{_COUNT_WORDS[count]} marriages, trump's among them" if trump
                else f"{_COUNT_WORDS[count]} plain marriages")
    return f"{what} ({sums})"


def bid_needs(bid: int, card_points: int = DECK_POINTS) -> BidNeeds:
    """What bid ``bid`` needs when the tricks hold ``card_points`` (the deck's 120; less in
    the 2-player auction form, whose dead cards nobody takes).

    For each kind of set (with the trump marriage, or plain marriages only) the fewest
    marriages that cover the shortfall; the kinds that need the fewest come first, and a
    kind that needs more is kept as the other way to do it.
    """
    points = promise(bid)
    short = max(0, points - card_points)
    ways: list[tuple[int, bool]] = []
    if short:
        for trump in (True, False):
            worth = {n: marriages_worth(n, trump) for n in range(len(SUITS) + 1)}
            count = next((n for n, w in worth.items() if w is not None and w >= short), None)
            if count is not None:
                ways.append((count, trump))
        ways.sort(key=lambda way: way[0])
    return BidNeeds(bid, points, card_points, short, tuple(ways))


@dataclass(frozen=True)
class Marriage:
    """A marriage announced this hand: who, in which suit, for how many points."""

    seat: int
    suit: str
    points: int


@dataclass(frozen=True)
class HandResult:
    """How one finished hand scored, side by side (see ``sides_of``)."""

    number: int
    declarer: int | None
    """The high bidder's seat (None when everybody passed and the hand was dealt again)."""
    declaring_side: int | None
    bid: int
    """The contract: 0 when everybody passed (no contract)."""
    trump: str | None
    card_points: tuple[int, ...]
    """The card points each side took."""
    marriage_points: tuple[int, ...]
    """The marriage points that counted for each side."""
    scored: tuple[int, ...]
    """The game points each side scored in this hand (negative for a failed bid)."""
    totals: tuple[int, ...]
    """The running totals after this hand."""
    reneges: tuple[int, ...] = ()
    """The cards each side played against a duty (training mode), counted in ``scored``."""

    @property
    def points(self) -> tuple[int, ...]:
        """Card points plus marriages, side by side: what is divided by 33."""
        return tuple(c + m for c, m in zip(self.card_points, self.marriage_points, strict=True))

    @property
    def dead_points(self) -> int:
        """The card points nobody took: those of the dead cards in the 2-player auction
        form (rule ``cruce.stock.auction``), else 0."""
        if self.declarer is None:  # dealt again: no card was played
            return 0
        return DECK_POINTS - sum(self.card_points)

    @property
    def made(self) -> bool | None:
        """Whether the contract was made; None when there was none."""
        if self.declaring_side is None or self.bid == 0:
            return None
        return game_points(self.points[self.declaring_side]) >= self.bid


def score_hand(points: Sequence[int], declaring_side: int | None, bid: int,
               options: Options, reneges: Sequence[int] = ()) -> tuple[int, ...]:
    """The game points each side scores for a hand in which the sides took ``points``
    (cards and marriages that count), ``declaring_side`` having bid ``bid``.

    Every side scores floor(points / 33).  The declaring side, if it fell short of its bid,
    scores minus the bid instead; then the others score as usual, or nothing with
    ``failed_bid='seed-literal'``.  A side that made its bid scores all its game points, or
    exactly the bid with ``made_bid='bid'``.  In training mode each card a side played
    against a duty (``reneges``) then costs it 3.
    """
    scored = [game_points(p) for p in points]
    if declaring_side is not None and bid > 0:
        if scored[declaring_side] < bid:
            if options.failed_bid == "seed-literal":
                scored = [0] * len(points)
            scored[declaring_side] = -bid
        elif options.made_bid == "bid":
            scored[declaring_side] = bid
    for side, count in enumerate(reneges):
        scored[side] -= RENEGE_PENALTY * count
    return tuple(scored)


def winner(totals: Sequence[int], hands_played: int, options: Options) -> int | None:
    """The side that has won once a hand ends with ``totals``, or None to play on.

    Nobody wins before a total reaches the target (or ``hand_limit`` hands are played).
    Then the highest total wins; a tie for the highest plays another hand, and with
    ``end_rule='lead-by-two'`` so does a lead of less than 2 (rule ``cruce.game.end``).
    """
    best = max(totals)
    limit = options.hand_limit
    if best < options.target and not (limit and hands_played >= limit):
        return None
    ranked = sorted(totals, reverse=True)
    margin = ranked[0] - ranked[1]
    if margin == 0 or (options.end_rule == "lead-by-two" and margin < 2):
        return None
    return list(totals).index(best)
