"""What a round of Diam's scored, and who wins: the texts a table shows.

The scoring is :mod:`cardlib.diams.scoring`'s (collections, the two bonuses, chips by
place, and the winners with their tie-break); this module reads its results, so the tally a
teacher points at after a round and the verdict at the end say what the engine did.  Seats
are written ``{seat}``: the table fills in the board's names.  Everything here is public
once the round is scored (the safes are counted in the open).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardlib.protocol import Tally, Verdict

from .rules import HAND_BONUS, PURITY_BONUS
from .scoring import RoundResult, chip_totals, places, winners


def _seats(seats: Sequence[int]) -> str:
    names = [f"{{{seat}}}" for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def round_tally(result: RoundResult, chips_so_far: Sequence[int]) -> Tally:
    """A scored round, seat by seat: collections, purity bonus, hand bonus, the round's
    points, the place they rank (rule ``diams.score.chips``), the chips it earns and the
    chips so far; under it, who earned each bonus and which places were shared."""
    players = len(result.points)
    place = places(result.points)
    rows = tuple(
        (f"{{{seat}}}", str(result.collections[seat]), f"+{result.purity[seat]}",
         f"+{result.hand[seat]}", str(result.points[seat]), _ordinal(place[seat]),
         str(result.chips[seat]), str(chips_so_far[seat]))
        for seat in range(players))
    head = ("", "collections", "purity bonus", "hand bonus", "points", "place", "chips",
            "chips so far")
    notes = []
    pure = [seat for seat in range(players) if result.purity[seat]]
    if len(pure) == 1 and result.purity[pure[0]] == PURITY_BONUS:
        notes.append(f"Purity bonus: {{{pure[0]}}} has the most pure diamonds in the safe "
                     f"(+{PURITY_BONUS}).")
    elif pure:
        notes.append(f"Purity bonus: {_seats(pure)} tie for the most pure diamonds "
                     f"(+{result.purity[pure[0]]} each).")
    in_hand = [seat for seat in range(players) if result.hand[seat]]
    if in_hand:
        notes.append(f"Hand bonus: {_seats(in_hand)} "
                     f"{'has' if len(in_hand) == 1 else 'have'} the largest digit sum in hand "
                     f"(+{HAND_BONUS}{' each' if len(in_hand) > 1 else ''}).")
    for rank in sorted(set(place)):
        shared = [seat for seat in range(players) if place[seat] == rank]
        if len(shared) > 1:
            skipped = (", and the next place is skipped" if any(p > rank for p in place)
                       else "")
            notes.append(f"{_seats(shared)} tie for {_ordinal(rank)} place on "
                         f"{result.points[shared[0]]} points: {result.chips[shared[0]]} "
                         f"chips each{skipped}.")
    return Tally(f"Round {result.number + 1}", head, rows, tuple(notes))


@lru_cache(maxsize=1024)  # the table asks again at every bot move: count hands cheaply
def round_tallies(results: Sequence[RoundResult], players: int) -> tuple[Tally, ...]:
    """The tally of every scored round, in order, with the chips so far after each."""
    return tuple(round_tally(result, chip_totals(results[:i + 1], players))
                 for i, result in enumerate(results))


def verdict(results: Sequence[RoundResult], players: int) -> Verdict:
    """The winners of :func:`~cardlib.diams.scoring.winners` (rule ``diams.game.end``)
    and its reason, with the chips counted: "tied on 10 chips; won round 2"."""
    seats, reason = winners(results, players)
    chips = chip_totals(results, players)
    best = max(chips)
    if reason == "most victory chips":
        reason = f"the most victory chips ({best})"
    else:
        reason = reason.replace("tied on chips", f"tied on chips ({best})", 1)
    return Verdict(seats, reason, "diams.game.end")
