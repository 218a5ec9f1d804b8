"""How often the end of a round ties: counted, not guessed.

The notebook's claims about ties for the most of a suit (rule ``diamonds.round.majority``)
come from here, so the words can be checked: :func:`majority_ties` plays seeded games
with bots and reads each finished round's majorities as the engine recorded them, and
:func:`missing_suit_odds` works out exactly how often a whole suit is left out of the
deal, the only way a suit can end the round with nobody holding any of it.
``benchmarks/diamonds.py`` prints both for every player count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cardlib.bots import Bot, play_out
from cardlib.diamonds.bots import RuleOfThumbBot
from cardlib.diamonds.deck import HAND_SIZE, LAYOUT, SUIT_MASKS
from cardlib.diamonds.game import GAME

DECK_SIZE = LAYOUT.full.bit_count()
"""Cards in the deck: 60."""
SUIT_SIZE = SUIT_MASKS[0].bit_count()
"""Cards in each suit: 15."""


@dataclass(frozen=True)
class TieCount:
    """The suit-rounds counted (each finished round counts once per suit) and how many of
    them ended with nobody taking the suit's action: ``ties`` for the most with a card or
    more each, ``nobody_took`` when no player took a card of the suit (a tie on 0)."""

    players: int
    rounds: int
    suit_rounds: int
    ties: int
    nobody_took: int

    @property
    def share(self) -> float:
        """The share of suit-rounds that ended in a tie for the most (0 each excluded)."""
        return self.ties / self.suit_rounds if self.suit_rounds else 0.0

    def __str__(self) -> str:
        return (f"{self.players} players, {self.rounds} rounds ({self.suit_rounds} "
                f"suit-rounds): {self.ties} ties for the most of a suit ({self.share:.1%}); "
                f"{self.nobody_took} suit{'s' if self.nobody_took != 1 else ''} nobody took")


def majority_ties(players: int = 4, games_played: int = 25, seed: int = 0,
                  bot: Callable[[int], Bot] | None = None) -> TieCount:
    """Play ``games_played`` seeded games (seeds ``seed``, ``seed + 1``…) with ``bot(seat)``
    in every seat (default: the rule-of-thumb bot) and count, over every round, the suits
    whose end-of-round action nobody took because of a tie."""
    make = bot or (lambda _seat: RuleOfThumbBot())
    rounds = suit_rounds = ties = nobody = 0
    for number in range(seed, seed + games_played):
        bots = {seat: make(seat) for seat in range(players)}
        final = play_out(GAME.new(seed=number, players=players), bots)
        for result in final.results:
            rounds += 1
            for i, winner in enumerate(result.end.majorities):
                suit_rounds += 1
                if winner is None:
                    if max(row[i] for row in result.end.counts):
                        ties += 1
                    else:
                        nobody += 1
    return TieCount(players, rounds, suit_rounds, ties, nobody)


def missing_suit_odds(players: int) -> Fraction:
    """The exact chance that a given suit is left out of a round's deal entirely (10 cards
    a player from the shuffled 60): a suit-round that nobody can take, since every card
    dealt is played and taken and the pass keeps cards in play.  Counted per suit-round,
    like :class:`TieCount`: the chance that *some* suit is missing is about four times as
    high."""
    dealt = HAND_SIZE * players
    return Fraction(comb(DECK_SIZE - SUIT_SIZE, dealt), comb(DECK_SIZE, dealt))


__all__ = ["TieCount", "majority_ties", "missing_suit_odds"]
