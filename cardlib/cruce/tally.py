"""What a Cruce hand has scored, side by side, and who wins: the texts a table shows.

The scoring rules are in :mod:`cardlib.cruce.scoring`; this module reads their results
(and counts a side's points the one way the engine does, :func:`side_points`), so the tally
a teacher points at at the end of a hand, the "taken so far / needed" line during it and
the verdict at the end say what the engine did.  Seats are written ``{seat}``: the table
fills in the board's names.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardlib.cruce.deck import card_points
from cardlib.cruce.rules import Options
from cardlib.cruce.scoring import (
    RENEGE_PENALTY,
    HandResult,
    Marriage,
    game_points,
    promise,
    side_of,
    sides_of,
    winner,
)
from cardlib.protocol import Tally, Verdict


def side_points(taken: Sequence[int], marriages: Sequence[Marriage],
                options: Options) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The card points each side has taken (``taken``: each seat's cards, bit sets) and the
    marriage points that count for it: all of them, or with ``marriage_needs_trick`` only
    once the side has taken a trick (rule ``cruce.score.points``).  At the end of a hand
    these are what is scored; during it, what each side has so far."""
    sides = sides_of(options)
    cards = tuple(sum(card_points(taken[s]) for s in side) for side in sides)
    took_trick = tuple(any(taken[s] for s in side) for side in sides)
    married = [0] * len(sides)
    for marriage in marriages:
        side = side_of(marriage.seat, options)
        if took_trick[side] or not options.marriage_needs_trick:
            married[side] += marriage.points
    return cards, tuple(married)


def taken_and_needed(taken: Sequence[int], marriages: Sequence[Marriage], declarer: int,
                     contract: int, options: Options) -> tuple[int, int]:
    """During a hand with a contract: the points the declarer's side has so far (cards and
    the marriages that count) and the points its bid promises (33 per game point)."""
    cards, married = side_points(taken, marriages, options)
    side = side_of(declarer, options)
    return cards[side] + married[side], promise(contract)


def side_label(side: tuple[int, ...]) -> str:
    """A side as a table names it: ``{0} & {2}`` for partners, ``{1}`` alone."""
    return " & ".join(f"{{{seat}}}" for seat in side)


@lru_cache(maxsize=1024)  # the table asks again at every bot move: count hands cheaply
def hand_tally(result: HandResult, options: Options) -> Tally:
    """A finished hand side by side: card points, marriages, points, game points (÷ 33),
    what each side scored against the contract and the running totals; then what became
    of the contract (rules ``cruce.score.*``)."""
    sides = sides_of(options)
    title = f"Hand {result.number + 1}"
    if result.declarer is None:
        return Tally(title, ("", "total"),
                     tuple((side_label(side), str(total))
                           for side, total in zip(sides, result.totals, strict=True)),
                     ("Everybody passed: nothing scores, and the next dealer deals again.",))
    rows = tuple(
        (side_label(side), str(cards), str(married), str(cards + married),
         str(game_points(cards + married)), f"{scored:+d}", str(total))
        for side, cards, married, scored, total in zip(
            sides, result.card_points, result.marriage_points, result.scored, result.totals,
            strict=True))
    head = ("", "card points", "marriages", "points", "÷ 33", "scored", "total")
    notes = []
    if result.bid:
        declaring = result.declaring_side
        assert declaring is not None
        who, took = side_label(sides[declaring]), result.points[declaring]
        needed = promise(result.bid)
        if result.made:
            notes.append(f"{{{result.declarer}}} bid {result.bid}: {who} needed {needed} "
                         f"points and took {took}: the contract is made.")
        else:
            others = ("the others score nothing" if options.failed_bid == "seed-literal"
                      else "the others score their own game points")
            notes.append(f"{{{result.declarer}}} bid {result.bid}: {who} needed {needed} "
                         f"points but took only {took}: the contract failed, −{result.bid} "
                         f"for {who}, and {others}.")
    else:
        notes.append("No contract (everybody passed): each side scores its game points.")
    if result.dead_points:
        notes.append(f"{result.dead_points} card points were in the dead cards: nobody "
                     "took them.")
    for side, count in enumerate(result.reneges):
        if count:
            notes.append(f"{side_label(sides[side])} played {count} card"
                         f"{'s' if count > 1 else ''} against a duty: −{RENEGE_PENALTY} "
                         "each.")
    return Tally(title, head, rows, tuple(notes))


def verdict(totals: Sequence[int], hands_played: int, options: Options) -> Verdict:
    """Rule ``cruce.game.end``: the side :func:`~cardlib.cruce.scoring.winner` names, and
    why.  A game that stopped with the highest totals tied (only a position a bot imagined,
    which knows no next deal) is shared by the sides tied for the highest."""
    sides = sides_of(options)
    side = winner(totals, hands_played, options)
    best = max(totals)
    rule = "cruce.game.end"
    if side is None:
        tied = tuple(seat for total, team in zip(totals, sides, strict=True) if total == best
                     for seat in team)
        return Verdict(tied, f"tied on the highest total ({best}): a shared win", rule)
    against = ", ".join(str(t) for t in sorted(
        (t for i, t in enumerate(totals) if i != side), reverse=True))
    if best >= options.target:
        why = f"the highest total at the target of {options.target}: {best} against {against}"
    else:
        why = f"the highest total after {hands_played} hands: {best} against {against}"
    return Verdict(sides[side], why, rule)
