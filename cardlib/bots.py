"""Bots: anything that picks a move from what one seat may see.

A bot never sees more than ``state.view(seat)`` would show a human at that seat, so a
bot cannot cheat by reading other hands; it receives the full state only to call the
protocol (``legal_moves``), which reveals nothing hidden.

Besides the simplest players this holds the Monte Carlo searcher every hidden-hand game
shares; each game fills in its hooks (how to imagine the hidden cards, when a playout
stops, what a finished playout is worth).

A bot's answer is a pure function of the game it is shown and its own settings (its seed,
its budget): it keeps no random state from one decision to the next, but draws each
decision's chance afresh from a stable digest (:func:`stable_digest`) of its seed and the
position.  So a table that deals a seed again, undoes a move or steps back gets the very
answers it got before, and a whole class typing one seed sees one game, with every bot.
"""

from __future__ import annotations

import copy
import hashlib
import math
import random
import threading
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any, Protocol

from cardlib.protocol import GameState


class Bot(Protocol):
    """Chooses a move for ``state.to_move``."""

    def choose(self, state: GameState) -> Any: ...


def stable_digest(*parts: Any) -> bytes:
    """A 16-byte digest of ``parts`` that is the same in every run, on every machine.

    Python's ``hash()`` is salted per process for text, and a set of text iterates in a
    different order each run, so neither can seed a bot that a class must see play the same
    way.  This walks the values instead (numbers, text, tuples, lists, sets, mappings,
    enums and dataclasses such as cards, views and options records), sorting what has no
    order, and hashes the result with BLAKE2b.  A value it cannot write down stably (an
    object whose ``repr`` is its memory address) is refused with ``TypeError``.
    """
    out: list[str] = []
    for part in parts:
        _write(part, out)
    return hashlib.blake2b("".join(out).encode(), digest_size=16).digest()


def _write(value: Any, out: list[str]) -> None:
    """Append a stable text of ``value`` to ``out`` (see :func:`stable_digest`)."""
    if value is None or isinstance(value, bool | int | float | str | bytes):
        out.append(repr(value))
        out.append(";")
    elif isinstance(value, tuple | list):
        out.append("(")
        for item in value:
            _write(item, out)
        out.append(")")
    elif is_dataclass(value) and not isinstance(value, type):
        out.append(type(value).__name__)
        out.append("{")
        for field in fields(value):
            out.append(field.name)
            out.append("=")
            _write(getattr(value, field.name), out)
        out.append("}")
    elif isinstance(value, Mapping):
        out.append("{")
        out.extend(sorted(stable_digest(key, item).hex() for key, item in value.items()))
        out.append("}")
    elif isinstance(value, set | frozenset):
        out.append("<")
        out.extend(sorted(stable_digest(item).hex() for item in value))
        out.append(">")
    elif isinstance(value, Enum):
        out.append(f"{type(value).__name__}.{value.name};")
    else:
        text = repr(value)
        if " at 0x" in text:
            raise TypeError(f"{type(value).__name__} has no stable text to seed a bot from "
                            f"(its repr is {text!r}); make it a dataclass or give it a repr")
        out.append(text)
        out.append(";")


def decision_rng(seed: int | str, *position: Any) -> random.Random:
    """The random numbers for one decision of a bot seeded ``seed`` at ``position`` (what it
    may see there): the same position gives the same numbers, whatever came before."""
    return random.Random(int.from_bytes(stable_digest(seed, *position), "big"))


class GameLine:
    """The digest of one game's start and its moves so far, one chained hash per move.

    It remembers the last line of that game it was shown, so a game played forward (or
    taken back, or branched from a position it saw) hashes only the moves it has not seen
    yet.  The answer depends on the start record and the moves' texts alone, never on what
    was asked before: the memory only saves work.
    """

    def __init__(self, start: Any) -> None:
        self.start = start
        self._moves: tuple[Any, ...] = ()
        self._chain: list[bytes] = [stable_digest(start)]

    def digest(self, moves: tuple[Any, ...]) -> bytes:
        """The digest of this game after ``moves`` (a history)."""
        known = _shared_length(moves, self._moves)
        chain = self._chain
        del chain[known + 1:]
        for move in moves[known:]:
            chain.append(hashlib.blake2b(chain[-1] + str(move).encode(),
                                         digest_size=16).digest())
        self._moves = moves
        return chain[-1]


_LINES = threading.local()
_KEPT_LINES = 8
"""How many games' lines each thread remembers (bots of one table, a benchmark's games)."""


def game_digest(state: GameState) -> bytes:
    """A stable digest of ``state``'s game so far: its game's name, its start record and
    its moves.  A pure function of those; the lines of the last few games are kept (per
    thread) so that playing a game forward costs one hash per move, even when the bots are
    made afresh for every move."""
    record = getattr(state, "start_record", None)
    start = (getattr(getattr(state, "game", None), "name", None),
             record() if record is not None else None)
    lines: list[GameLine] = _LINES.__dict__.setdefault("lines", [])
    for index, line in enumerate(lines):
        if line.start == start:
            if index:
                lines.insert(0, lines.pop(index))
            break
    else:
        lines.insert(0, GameLine(start))
        del lines[_KEPT_LINES:]
    return lines[0].digest(tuple(getattr(state, "history", ())))


def _shared_length(a: tuple[Any, ...], b: tuple[Any, ...]) -> int:
    """How many first items ``a`` and ``b`` share (a tuple compares in C, item by item
    and by identity first, so the common case of one line grown by a move is quick)."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    low, high = 0, n  # a[:low] == b[:low] and a[:high] != b[:high]
    while high - low > 1:
        middle = (low + high) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle
    return low


class RandomBot:
    """Plays a uniformly random legal move, drawn from its seed and the game so far.

    The draw is a pure function of ``seed``, the game's start record and the moves played
    (:func:`game_digest`), so the same game and the same seed replay move for move, after an
    undo or a new deal of the same seed too.  The record serves only as a source of chance:
    nothing hidden in it can steer the choice, which is uniform among the legal moves.
    """

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self._salt = stable_digest("random", seed)

    def choose(self, state: GameState) -> Any:
        legal = state.legal_moves()
        draw = hashlib.blake2b(self._salt + game_digest(state), digest_size=8).digest()
        return legal[int.from_bytes(draw, "big") % len(legal)]

    def reseeded(self, seed: int | str) -> RandomBot:
        """The same bot drawing its chance from ``seed``."""
        return type(self)(seed)


def reseeded(bot: Bot, seed: int | str) -> Bot:
    """``bot`` with its chance drawn from ``seed``, its other settings kept; a bot that draws
    no chance (it has no ``reseeded`` method) comes back as it is.

    A table deals a new seed this way, so that its bots after "New game" of a seed are the
    bots a table opened on that seed has: one seed, one game.
    """
    renew = getattr(bot, "reseeded", None)
    return bot if renew is None else renew(seed)


class FirstMoveBot:
    """Plays the first legal move in sorted order: the simplest deterministic opponent."""

    name = "first"

    def choose(self, state: GameState) -> Any:
        return state.legal_moves()[0]


def play_moves(
    state: GameState,
    bots: Mapping[int, Bot] | Callable[[int], Bot],
    moves: int,
) -> GameState:
    """Let bots play up to ``moves`` moves from ``state`` (fewer if the game ends first):
    a game part-way through, for tests and solver checks that need one."""
    pick = bots if callable(bots) else bots.__getitem__
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(pick(state.to_move).choose(state))
    return state


def play_out(
    state: GameState,
    bots: Mapping[int, Bot] | Callable[[int], Bot],
    *,
    max_moves: int = 100_000,
) -> GameState:
    """Let bots play every seat from ``state`` to the end; returns the final state.

    ``max_moves`` guards against a game that never ends (a bug, reported as such).
    """
    end = play_moves(state, bots, max_moves)
    if not end.is_over:
        raise RuntimeError(f"{end.game.name}: no end after {max_moves} moves")
    return end


class MonteCarloBot:
    """Tries each legal move in many imagined games and keeps the best on average.

    For each of ``playouts // len(legal)`` samples, ``determinize(view, rng)`` imagines a
    full state that fits what the seat to move sees (its ``view``): the game's hook, which
    deals the hidden cards.  Every legal move is played there and the game is finished by
    ``policy`` bots for every seat until ``horizon(view, state)`` says stop (default: the
    end of the game); ``value(view, state)`` scores that finish for the seat, higher is
    better.  The move with the highest total wins; ties go to the first in sorted order.

    Seeded, and without memory: each decision draws its imagined deals from
    :func:`decision_rng` of ``seed`` and the seat's view, so the same seed and the same view
    give the same choice whatever the bot decided before (and two deals that look alike
    from the seat give the same choice too).

    A game that searches only some of its phases names them in ``search_phases`` (read
    from ``state.phase``: Hearts searches ``"play"``) and gives ``hand_over_to``, the
    quicker bot that decides in every other phase (a bid, a pass, the moon choice: moves
    that its rules of thumb judge well, and that would cost a whole search each).
    Without ``search_phases`` every phase is searched.

    Two hooks let a game weigh fewer moves and choose among them its own way, on the same
    imagined deals: :meth:`candidates` (every legal move, by default; Diam's shortlists a
    turn that offers a hundred) and :meth:`pick` (the highest total, by default).  The
    imagined deals are drawn under the bot's ``name``, so a subclass with its own name has
    its own chance.

    With ``halving`` the budget is spent by sequential halving (:func:`halving_rounds`)
    instead of evenly: every candidate is weighed on a few deals, the worse half dropped,
    the rest weighed on more deals, and so on down to two, which share every deal; the
    choice is the better of those two.  At the same cost the close call gets several times
    the deals.
    """

    name = "monte-carlo"
    thinks = True
    """It searches (a fraction of a second a move): a table says it is thinking."""

    def __init__(
        self,
        determinize: Callable[[Any, random.Random], GameState],
        value: Callable[[Any, GameState], float],
        *,
        policy: Bot | None = None,
        horizon: Callable[[Any, GameState], bool] | None = None,
        seed: int | str = 0,
        playouts: int = 200,
        search_phases: Collection[str] | None = None,
        hand_over_to: Bot | None = None,
        halving: bool = False,
    ):
        if playouts < 1:
            raise ValueError(f"playouts={playouts!r}: give at least 1")
        if (search_phases is None) != (hand_over_to is None):
            raise ValueError("search_phases and hand_over_to go together: the phases this "
                             "bot searches, and the bot that decides in the others")
        self.playouts = playouts
        self.halving = halving
        self.search_phases = None if search_phases is None else frozenset(search_phases)
        self._hand_over_to = hand_over_to
        self.seed = seed
        self.determinize = determinize
        """How the game imagines the hidden cards from a seat's view (``determinize(view,
        rng)`` gives a full state): public so that a coach or a test deals the very worlds
        the bot searches."""
        self._value = value
        self._policy = policy or RandomBot(seed)
        self._horizon = horizon or (lambda view, state: state.is_over)

    def choose(self, state: GameState) -> Any:
        if not self.searches(state):
            return self._hand_over_to.choose(state)
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return self.estimates(state).choice

    def candidates(self, state: GameState) -> list[Any]:
        """The moves this bot weighs at ``state``, its favourite first (a hook): every legal
        move, by default."""
        return list(state.legal_moves())

    def planned(self, moves: Collection[Any]) -> int:
        """Imagined deals per move when weighing ``moves`` (a hook): ``playouts`` shared
        out among them, by default."""
        return max(1, self.playouts // len(moves))

    def pick(self, moves: list[Any], values: dict[Any, list[float]]) -> Any:
        """The move to play among ``moves`` (:meth:`candidates`), given each one's values in
        the same imagined deals (a hook): the highest total, ties to the first in sorted
        order."""
        return min(moves, key=lambda move: (-sum(values[move]), move))

    def searches(self, state: GameState) -> bool:
        """Whether this bot searches at ``state`` (else its ``hand_over_to`` decides)."""
        return self.search_phases is None or state.phase in self.search_phases

    def estimates(
        self,
        state: GameState,
        *,
        also: Collection[Any] = (),
        samples: int | None = None,
        progress: Callable[[int, int], bool | None] | None = None,
    ) -> Estimates:
        """What :meth:`choose` weighs at ``state``, move by move: the mean value of each
        candidate move's playouts (in the game's ``value`` terms), their spread and count,
        and the move it picks.  A coach shows these; they come from the seat's view alone, and
        from the same imagined deals as :meth:`choose` (same seed, same view), so the
        choice is :meth:`choose`'s.  ``also`` adds moves to weigh beside the legal ones
        the bot considers (never chosen: a move a learner played that a shortlist left
        out, and weighed on every deal); ``samples`` sets the deals per move (every move on
        every deal, no halving; default: :meth:`planned`, or the halving plan).
        ``progress(done, total)`` is told after each imagined deal; when it returns True
        the search stops there, with the deals made so far (``complete`` False).  A phase
        this bot does not search raises ``ValueError``.
        """
        if not self.searches(state):
            raise ValueError(f"the {self.name} bot does not search the {state.phase!r} phase: "
                             "its quicker helper decides there")
        moves = self.candidates(state)
        extra = [move for move in also if move not in moves]
        if samples is not None or not self.halving or len(moves) < 3:
            rounds = [(len(moves), samples if samples is not None else self.planned(moves))]
        else:
            rounds = halving_rounds(len(moves), self.playouts)
        planned = sum(deals for _, deals in rounds)
        values: dict[Any, list[float]] = {move: [] for move in moves + extra}
        alive = moves
        worlds = self._worlds(state)
        done, stopped = 0, False
        for number, (keep, deals) in enumerate(rounds):
            if number:  # the better half, by their means over the deals they all shared
                better = sorted(alive, key=lambda move: -sum(values[move]))[:keep]
                alive = [move for move in alive if move in better]
            for _ in range(deals):
                view, world = next(worlds)
                for move in (*alive, *extra):
                    values[move].append(self.play_out(view, world.apply(move)))
                done += 1
                if progress is not None and progress(done, planned) and done < planned:
                    stopped = True
                    break
            if stopped:
                break
        return Estimates(state.to_move, tuple(MoveEstimate.of(move, values[move])
                                              for move in moves + extra),
                         self.pick(alive, values), planned, done)

    def _worlds(self, state: GameState) -> Iterator[tuple[Any, GameState]]:
        """The seat's view and one imagined deal after another, drawn from the seed and
        that view (so the same seed and view give the same deals, in the same order)."""
        view = state.view(state.to_move)
        rng = decision_rng(self.seed, self.name, view)
        while True:
            yield view, self.determinize(view, rng)

    def reseeded(self, seed: int | str) -> MonteCarloBot:
        """The same searcher (hooks, budget, policy, hand-over) drawing its chance from
        ``seed``."""
        twin = copy.copy(self)
        twin.seed = seed
        twin._policy = reseeded(self._policy, seed)
        if self._hand_over_to is not None:
            twin._hand_over_to = reseeded(self._hand_over_to, seed)
        return twin

    def play_out(self, view: Any, state: GameState) -> float:
        """The value for ``view``'s seat of ``state`` played on by the ``policy`` bots to
        the horizon (a hook: a game with a quicker way to play its policy out overrides
        it, and must give the same value)."""
        return self._value(view, self._finish(view, state))

    def _finish(self, view: Any, state: GameState) -> GameState:
        while not self._horizon(view, state):
            state = state.apply(self._policy.choose(state))
        return state


def halving_rounds(moves: int, playouts: int) -> list[tuple[int, int]]:
    """Sequential halving's plan for ``moves`` candidates and ``playouts`` move trials:
    ``(moves still in, imagined deals)`` per round, the better half kept after each round,
    each round given an equal share of the trials.

    Why: sharing the trials out evenly spends most of them on moves a few deals already
    show to be bad (dumping the A♠ under a spade lead); halving spends them where the
    choice is close, so at the same cost the last two moves are compared on several times
    as many deals.  Every round has at least two deals, so that one unlucky deal does not
    throw out the best move.
    """
    rounds = max(1, math.ceil(math.log2(moves)))
    plan = []
    for _ in range(rounds):
        plan.append((moves, max(2, playouts // (rounds * moves))))
        moves = (moves + 1) // 2
    return plan


@dataclass(frozen=True)
class MoveEstimate:
    """What a searcher's imagined deals say of one move: the mean of its playouts' values,
    their spread (standard deviation) and how many there were."""

    move: Any
    mean: float
    spread: float
    playouts: int

    @classmethod
    def of(cls, move: Any, values: list[float]) -> MoveEstimate:
        count = len(values)
        mean = sum(values) / count if count else 0.0
        spread = (math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1))
                  if count > 1 else 0.0)
        return cls(move, mean, spread, count)

    @property
    def error(self) -> float:
        """The standard error of the mean (spread over the root of the playouts)."""
        return self.spread / math.sqrt(self.playouts) if self.playouts else math.inf


@dataclass(frozen=True)
class Estimates:
    """A searcher's estimates at one position (:meth:`MonteCarloBot.estimates`)."""

    seat: int
    moves: tuple[MoveEstimate, ...]
    choice: Any
    """The move the bot plays there (among the moves it considers)."""
    samples: int
    """Imagined deals planned: every move is weighed on each of them, or (with halving)
    the moves still in."""
    done: int
    """Imagined deals made (fewer than planned when stopped early)."""

    @property
    def complete(self) -> bool:
        return self.done >= self.samples

    def of(self, move: Any) -> MoveEstimate | None:
        """The estimate of ``move``, or None if it was not weighed."""
        return next((e for e in self.moves if e.move == move), None)


@dataclass(frozen=True)
class BotKind:
    """One kind of bot a table can seat: the name its bots carry, the words a class reads,
    and how to make one.

    A game lists its kinds strongest first, as ``BOTS`` in its ``bots`` module, ending with
    :data:`RANDOM`; :func:`cardlib.games.bots` reads that list, so a table offers every kind
    a game has in one order, and a new bot is one more line there.  ``make(seed)`` gives a
    fresh bot for one seat (a bot that draws no chance ignores the seed).
    """

    name: str
    """The ``name`` its bots carry (``"monte-carlo"``), so a table can tell which kind it
    was handed."""
    label: str
    """How a person calls it (``"Monte Carlo"``)."""
    doc: str
    """One line: how it plays, and what it costs in time."""
    make: Callable[[int | str], Bot]


RANDOM = BotKind("random", "random", "plays any legal move, drawn at random from the seed",
                 RandomBot)
"""The kind every game has: the weakest, the last in every game's list."""
