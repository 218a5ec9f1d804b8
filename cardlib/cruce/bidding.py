"""The auction: one bid each, strictly rising, and what happens when everybody passes.

Plain functions on the bids made so far (one entry per seat, None until that seat has
bid, 0 for a pass), so the state, ``explain`` and the bots share one reading of the rules
(``cruce.bid.*``) and the notebook can show the auction without a game in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlib.cruce.rules import Options, highest_bid
from cardlib.cruce.scoring import promise

PASS = 0


def high_bid(bids: Sequence[int | None]) -> int:
    """The highest bid so far (0 while everybody has passed)."""
    return max((b for b in bids if b is not None), default=PASS)


def must_bid(bids: Sequence[int | None], seat: int, dealer: int, options: Options) -> bool:
    """Whether ``seat`` may not pass: with ``all_pass='dealer-bids-one'``, the dealer after
    everybody else has passed."""
    if options.all_pass != "dealer-bids-one" or seat != dealer:
        return False
    return all(b == PASS for s, b in enumerate(bids) if s != seat)


@dataclass(frozen=True)
class BidCheck:
    """Whether a bid is allowed now, the rule that decided, and the words."""

    legal: bool
    rule: str
    text: str


def check_bid(bid: int, bids: Sequence[int | None], seat: int, dealer: int,
              options: Options) -> BidCheck:
    """Whether ``seat`` may bid ``bid`` (0 = pass) after ``bids``, and why."""
    top = highest_bid(options)
    high = high_bid(bids)
    if bid == PASS:
        if must_bid(bids, seat, dealer, options):
            return BidCheck(False, "cruce.bid.all-pass",
                            "everybody else passed: the dealer must bid at least 1 "
                            "(all_pass='dealer-bids-one')")
        return BidCheck(True, "cruce.bid.higher", "anyone may pass")
    if bid > top:
        return BidCheck(False, "cruce.bid.max",
                        f"the highest bid here is {top} ({promise(top)} points)"
                        + ("" if options.max_bid != "seed" else
                           ": 5 only for partners at four (option max_bid)"))
    if bid <= high:
        return BidCheck(False, "cruce.bid.higher",
                        f"bid {bid} is not higher than the bid of {high} already made: bid "
                        f"{high + 1} or more, or pass" if high < top else
                        f"bid {bid} is not higher than the bid of {high} already made, and "
                        f"{top} is the highest: pass")
    return BidCheck(True, "cruce.bid.once",
                    f"bid {bid}: a promise to take at least {promise(bid)} points")


def allowed_bids(bids: Sequence[int | None], seat: int, dealer: int,
                 options: Options) -> list[int]:
    """Every bid ``seat`` may make now, pass (0) first when it is allowed."""
    return [bid for bid in range(highest_bid(options) + 1)
            if check_bid(bid, bids, seat, dealer, options).legal]


def next_bidder(bids: Sequence[int | None], first: int) -> int | None:
    """The next seat to bid, in turn from ``first``; None once everybody has bid."""
    players = len(bids)
    for k in range(players):
        seat = (first + k) % players
        if bids[seat] is None:
            return seat
    return None


def declarer_of(bids: Sequence[int | None]) -> int | None:
    """The high bidder once everybody has bid; None if everybody passed."""
    high = high_bid(bids)
    if high == PASS:
        return None
    return list(bids).index(high)
