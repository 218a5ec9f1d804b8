"""The coach: what the game's strongest bot thinks of each move a seat could make, and
what the moves a learner played cost by that measure.

A coach is a bot's search made visible.  At a position where a person is to move, the
game's strongest bot (:func:`cardlib.games.bots` lists it first) weighs every candidate
move in imagined deals that fit what that seat may see (the bot's ``estimates``: its
``view`` only, never the hidden hands) and the coach hands back those estimates: each
move's mean value for the hand, its spread, its playouts, and the move the bot plays.
The bot is seeded from the table's seed and the seat, as a bot in that seat would be, so
the same deal and the same moves give the same advice on every machine.

Long work never blocks a class for ever: each answer has a time budget (seconds of wall
time, :data:`BUDGET`); a search that would run past it stops with the deals made so far
and says so (``complete`` False).  At the default budget the bots finish well inside it,
so the advice is the bot's own, deal for deal.

The review (:func:`review`) looks back over a hand: each move a person played where the
coach's best estimate beat the move played by more than a threshold, with that cost,
worst first.  Nothing here imports a game: any game whose strongest bot offers
``estimates`` can be coached.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib import games
from cardlib.bots import Bot, Estimates, game_digest
from cardlib.protocol import GameState

BUDGET = 2.0
"""Seconds of wall time an answer may take before the search stops with what it has."""

THRESHOLD = 1.0
"""How much (in the game's value terms) the best move must beat the one played for the
review to list it.  It must also beat it by more than the noise of the imagined deals
(the standard error of the difference): a gap the coach is not sure of is no lesson."""

Progress = Callable[[int, int], Any]
"""Told ``(done, total)`` while the coach works (a progress line)."""


@dataclass(frozen=True)
class Advice:
    """What the coach says at one position: the strongest bot's ``estimates`` where it
    searches, else ``helper_move``, the move its quicker helper plays there (a bid, a
    pass: rules of thumb, no estimates)."""

    seat: int
    estimates: Estimates | None
    helper_move: Any
    seconds: float

    @property
    def choice(self) -> Any:
        """The move the strongest bot plays here."""
        return self.helper_move if self.estimates is None else self.estimates.choice


@dataclass(frozen=True)
class Mistake:
    """One move the review lists: at table step ``step`` (the position before it), ``seat``
    played ``played`` where the coach rated ``best`` higher by ``cost``."""

    step: int
    seat: int
    played: Any
    best: Any
    cost: float
    played_value: float
    best_value: float
    noise: float = 0.0
    """The standard error of ``cost`` (from both moves' playouts)."""

    def record(self) -> dict[str, Any]:
        """JSON-safe (moves as their text)."""
        return {"step": self.step, "seat": self.seat, "played": str(self.played),
                "best": str(self.best), "cost": self.cost,
                "played_value": self.played_value, "best_value": self.best_value,
                "noise": self.noise}

    @classmethod
    def from_record(cls, data: Mapping[str, Any], parse: Callable[[str], Any]) -> Mistake:
        try:
            return cls(int(data["step"]), int(data["seat"]), parse(data["played"]),
                       parse(data["best"]), float(data["cost"]), float(data["played_value"]),
                       float(data["best_value"]), float(data.get("noise", 0.0)))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a review entry {dict(data)!r} is not one the coach wrote: "
                             f"{exc}") from None


def strongest(game: Any, seed: int | str, seat: int) -> Bot:
    """The game's strongest bot for ``seat``, seeded as a table dealt ``seed`` seats it."""
    return games.bots(game)[0].make(f"{seed}:{seat}")


def can_coach(game: Any) -> bool:
    """Whether ``game``'s strongest bot can show its estimates."""
    return hasattr(strongest(game, 0, 0), "estimates")


class Coach:
    """Advice from ``game``'s strongest bot, seeded from ``seed``, within ``budget``
    seconds an answer.  Answers are kept (by position), so stepping back and forth or
    reviewing a hand asks the bot once per position."""

    def __init__(self, game: Any, seed: int | str, *, budget: float = BUDGET,
                 threshold: float = THRESHOLD):
        if not budget > 0:
            raise ValueError(f"budget={budget!r}: a coach needs some time to think (seconds)")
        if not can_coach(game):
            raise ValueError(f"{game.name}: its strongest bot shows no estimates to coach with")
        self.game, self.seed, self.budget, self.threshold = game, seed, budget, threshold
        self._bots: dict[int, Bot] = {}
        self._kept: dict[tuple[bytes, tuple[str, ...]], Advice] = {}

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = strongest(self.game, self.seed, seat)
        return self._bots[seat]

    def advise(self, state: GameState, *, also: Iterable[Any] = (),
               progress: Progress | None = None) -> Advice:
        """The advice for the seat to move at ``state`` (see :class:`Advice`); ``also``:
        moves to weigh beside those the bot considers."""
        if state.is_over:
            raise ValueError("the game is over: no move to advise on")
        also = tuple(also)
        digest = game_digest(state)
        key = (digest, tuple(sorted(map(str, also))))
        if key in self._kept:
            return self._kept[key]
        plain = self._kept.get((digest, ()))
        if plain is not None and (plain.estimates is None
                                  or all(plain.estimates.of(move) for move in also)):
            return plain  # it weighed those moves already (the same deals, the same numbers)
        seat = state.to_move
        bot = self.bot(seat)
        began = time.perf_counter()
        searches = getattr(bot, "searches", lambda _state: True)(state)
        if not searches:
            advice = Advice(seat, None, bot.choose(state), time.perf_counter() - began)
        else:
            def told(done: int, total: int) -> bool:
                if progress is not None:
                    progress(done, total)
                return time.perf_counter() - began > self.budget

            estimates = bot.estimates(state, also=also, progress=told)
            advice = Advice(seat, estimates, None, time.perf_counter() - began)
        self._kept[key] = advice
        return advice

    def review(self, states: Sequence[GameState], seats: Iterable[int], *,
               first: int = 0, progress: Progress | None = None) -> list[Mistake]:
        """The moves ``seats`` played between table steps ``first`` and the end of
        ``states`` (a table's positions, one per step) that the coach rates below its best
        by more than ``threshold`` and by more than the noise of its imagined deals,
        worst first.  Positions with one legal move, or where
        the bot does not search, are passed over."""
        seats = set(seats)
        asked = [step for step in range(first, len(states) - 1)
                 if states[step].to_move in seats and len(states[step].legal_moves()) > 1]
        found = []
        for done, step in enumerate(asked):
            if progress is not None:
                progress(done, len(asked))
            before = states[step]
            played = states[step + 1].history[-1]
            advice = self.advise(before, also=(played,))
            if advice.estimates is None:
                continue
            mine, best = advice.estimates.of(played), _best(advice.estimates)
            if mine is None or best is None or mine.playouts == 0:
                continue
            cost = best.mean - mine.mean
            noise = (best.error ** 2 + mine.error ** 2) ** 0.5
            if cost > self.threshold and cost > noise:
                found.append(Mistake(step, before.to_move, played, best.move, cost,
                                     mine.mean, best.mean, noise))
        if progress is not None:
            progress(len(asked), len(asked))
        return sorted(found, key=lambda m: (-m.cost, m.step))


def _best(estimates: Estimates) -> Any:
    """The estimate with the highest mean (the bot's choice among equals)."""
    weighed = [e for e in estimates.moves if e.playouts]
    if not weighed:
        return None
    top = max(e.mean for e in weighed)
    chosen = estimates.of(estimates.choice)
    if chosen is not None and chosen.mean == top:
        return chosen
    return next(e for e in weighed if e.mean == top)


__all__ = ["BUDGET", "THRESHOLD", "Advice", "Coach", "Mistake", "can_coach", "strongest"]
