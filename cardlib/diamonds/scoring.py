"""What a round of Diamonds awarded, and who wins the game: the texts a table shows.

The rules themselves live where the engine applies them (the majorities and the no-trick
bonus in :mod:`cardlib.diamonds.round_end`, the scores and the tie-break in
:mod:`cardlib.diamonds.crystals`); this module only reads their results, so the tally a
teacher points at and the verdict under the board say what the engine did.  Seats are
written ``{seat}`` (the table fills in the board's names).
"""

from __future__ import annotations

from functools import lru_cache

from cardlib.cards import SUIT_SYMBOLS
from cardlib.diamonds.crystals import EFFECT_WORDS, Crystals
from cardlib.diamonds.deck import SUITS
from cardlib.diamonds.round_end import RoundResult
from cardlib.protocol import Tally, Verdict


def _seats(seats: tuple[int, ...] | list[int]) -> str:
    names = [f"{{{seat}}}" for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@lru_cache(maxsize=1024)  # the table asks again at every bot move: count hands cheaply
def round_tally(result: RoundResult) -> Tally:
    """The end of a round: the tricks each seat took, its cards of each suit (the most
    marked ★), and the actions they earn: each suit's majority (rule
    ``diamonds.round.majority``; a tie for most gives nobody the action) and two ♦ for a
    seat that took no trick (rule ``diamonds.round.no-tricks``).  Every trick is face up
    once the round is counted, so every seat may see this."""
    end = result.end
    players = len(end.counts)
    earned: list[list[str]] = [[] for _ in range(players)]
    notes = []
    for i, (suit, seat) in enumerate(zip(SUITS, end.majorities, strict=True)):
        symbol = SUIT_SYMBOLS[suit]
        counts = [row[i] for row in end.counts]
        most = max(counts)
        if seat is not None:
            earned[seat].append(symbol)
            notes.append(f"{symbol}: {{{seat}}} took the most ({most}): a {symbol} action "
                         f"({EFFECT_WORDS[suit]}).")
        else:
            tied = [s for s, n in enumerate(counts) if n == most]
            notes.append(f"{symbol}: {_seats(tied)} tie for the most ({most}): nobody takes "
                         f"the {symbol} action.")
    for seat in end.no_tricks:
        earned[seat].append(f"{SUIT_SYMBOLS['D']}{SUIT_SYMBOLS['D']}")
    if end.no_tricks:
        notes.append(f"{_seats(end.no_tricks)} took no trick: two {SUIT_SYMBOLS['D']} "
                     f"actions each.")
    head = ("", "tricks", *(SUIT_SYMBOLS[s] for s in SUITS), "actions earned")
    rows = []
    for seat in range(players):
        cells = [f"{n}★" if end.majorities[i] == seat else str(n)
                 for i, n in enumerate(end.counts[seat])]
        rows.append((f"{{{seat}}}", str(result.tricks_won[seat]), *cells,
                     " ".join(earned[seat]) or "none"))
    return Tally(f"Round {result.number + 1}: the majorities", head, tuple(rows),
                 tuple(notes))


def verdict(crystals: Crystals) -> Verdict:
    """Rule ``diamonds.tie-break``: the highest score (vault ×2 + showroom) wins; among
    the tied, the most points in the vault; still tied, a shared win.  The winners are
    :meth:`Crystals.winners`, the engine's own; this says why."""
    winners = crystals.winners()
    scores = crystals.scores()
    best = scores[winners[0]]
    tied = [seat for seat, score in enumerate(scores) if score == best]
    vault = crystals.vault[winners[0]]
    rule = "diamonds.tie-break"
    if len(tied) == 1:
        return Verdict(winners, f"the highest score, {best} (vault {vault} ×2 + showroom "
                                f"{crystals.showroom[winners[0]]})", rule)
    if len(winners) == 1:
        others = ", ".join(f"{{{s}}}'s {crystals.vault[s]}" for s in tied if s not in winners)
        return Verdict(winners, f"tied on {best} points; more in the vault ({vault} against "
                                f"{others})", rule)
    return Verdict(winners, f"tied on {best} points and on the vault ({vault}): a shared "
                            "win", rule)
