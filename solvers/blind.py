"""A stronger player who does not see the decks: sampled deals solved exactly, with margin.

:class:`solvers.policies.SamplingPlayer` asks the search for one winning line per sampled
deal and votes for its first move.  Seeing a whole sampled deck, though, the search wins
almost every sample whatever the move (the thoughtful game is won 99.975 % of the time),
so early in a game every move gets every vote and the choice falls to the rules of thumb.
That is the weakness of solving sampled deals exactly ("strategy fusion": each sample is
won by a plan that knows its own future).

:class:`MarginPlayer` asks a harder question.  Every legal move is judged in the same
sampled deals (the same deals for every move, so the comparison is fair), with the last
three diamonds of each sampled deck taken away: the diamonds are the game's budget, and
a move that still wins with less of it keeps slack for the orders the player cannot see.
(Seeing the deck, the search still wins about half of the first 30 deals with four
diamonds fewer, and none with six.)  A move scores the samples it wins; when no move
wins any, the player asks again with fewer diamonds taken away, down to none.  Ties
follow :class:`~solvers.policies.HeuristicPlayer`.  The player sees only its
:class:`~solvers.policies.Sight`, never the state, as every player in
:mod:`solvers.policies`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from cardlib.blackdiamond import (
    GAME,
    PILE_BY_NAME,
    BlackDiamondState,
    Move,
    Play,
    Replace,
    move_from_json,
)

from . import search
from .policies import Effort, HeuristicPlayer, Policy, SamplingPlayer, Sight


def short_of(state: BlackDiamondState, diamonds: int) -> BlackDiamondState:
    """``state`` with the last ``diamonds`` cards of its diamond deck taken away: the same
    game with a smaller budget (a sampled deal only; the real game is never touched)."""
    if diamonds <= 0:
        return state
    return replace(state, diamond_deck=state.diamond_deck[:-diamonds])


@dataclass
class MarginPlayer:
    """Judge every legal move in ``samples`` sampled deals, each solved exactly by the
    search (``max_nodes`` states at most a search: a search cut there counts half a win),
    in those deals with the last ``margin`` diamonds of each deck taken away, and play the
    move that wins the most of them.  If no move wins any, ask again with half as many
    diamonds taken away, down to none.  Ties follow the rules of thumb of
    :class:`HeuristicPlayer`, as does a decision no move wins even with the whole deck.

    Near the end (``late`` black cards or fewer left to draw) the deck is short, the
    searches cheap, and the choice is between few orders: there it deals up to
    ``late_samples`` deals with the whole deck, one at a time until the leading move
    cannot be caught.  (On the first deals this player lost with four samples and a
    margin throughout, the losing decision came late, and 32 samples without a margin
    picked a move that still won in four of five.)

    Between the two (``mid`` black cards or fewer left, 0: no such stage) it deals
    ``mid_samples`` deals, takes ``mid_margin`` diamonds away and cuts each search at
    ``mid_nodes`` states.  (On 530 decisions of seeds 5001..5129 where some move kept the
    game won and some lost it, the 77 with 12 or 14 black cards left held 18 of this
    player's 38 losing choices (13 in its own games, with other samples); with 4, 8, 16
    and 32 deals (margin and budget as before) 18, 14, 11 and 10, and with 12 deals, a
    margin of 2 and 2,047 states 9, never where this player had not chosen one (sign test
    p = 0.004), at 0.34 s a decision there against 0.25 s; ``benchmarks/blind_decisions.py``,
    issue 28 §1.  On whole games, seeds 1..1000, ``mid=14`` with those settings won 621
    (95 % interval 59.1-65.1 %) against this player's 593: 117 deals won only with it, 89
    only without (sign test p = 0.06), at 6.93 s of one core a game against 5.73 s
    (``player-margin-mid-1000.jsonl``).  Not clearly stronger, so the default stays off and
    the shipped files replay as made.)

    A sample the search cannot win from the current position (at that handicap) tells no
    move apart and is skipped, and the first move of the line that wins it is a win
    without a search of its own.

    With ``race`` the samples are a race: a move that could not catch the leader even if
    it won every sample still to come is not searched again.  It could not have been
    chosen, so the choice, the deals dealt and so the whole game are the same as without
    it, for fewer searches.  (``benchmarks/margin_race.py``, seeds 1..12 played three ways
    in one process: the same moves every way; 5.26 s of one core a game and 900 searches
    against 5.82 s and 991 as the shipped files were made, 5.46 s with only the replays of
    winning lines skipped.)  What it saved was spent on the late stage: on seeds 1..1000
    the middle-stage player with ``race`` and 32 late samples won 625 (95 % interval
    59.5-65.4 %), 4 more than with 24 (40 deals won only with 32, 36 only with 24, sign
    test p = 0.73), at 7.23 s of one core a game, 1,000 games in 60 min on both cores
    (``player-margin-late32-1000.jsonl``): samples that did not pay.
    """

    samples: int = 4
    max_nodes: int = 4095
    margin: int = 3
    late: int = 10
    late_samples: int = 24
    mid: int = 0
    mid_samples: int = 6
    mid_margin: int = 2
    mid_nodes: int = 2047
    race: bool = False
    name: ClassVar[str] = "margin"
    effort: Effort = field(default_factory=Effort)

    def choose(self, sight: Sight, legal: Sequence[Move], rng: random.Random) -> Move:
        guide = HeuristicPlayer()
        order = sorted(legal, key=lambda move: guide.score(sight, move))
        if len(order) == 1:
            return order[0]
        if sight.view.black_left <= self.late:
            return self.late_choice(sight, order, rng)
        samples, margin, nodes = ((self.mid_samples, self.mid_margin, self.mid_nodes)
                                  if sight.view.black_left <= self.mid
                                  else (self.samples, self.margin, self.max_nodes))
        deals = [sight.sample(rng) for _ in range(samples)]
        for short in self.handicaps(sight.view.diamonds_left, margin):
            votes = self.votes(order, [short_of(deal, short) for deal in deals], nodes)
            best = max(votes.values())
            if best > 0:  # the first handicap some move can still win under decides
                return self.pick(order, votes)
        return order[0]

    def pick(self, order: list[Move], votes: dict[Move, float]) -> Move:
        """The early and middle stages' choice from their votes: the leader (see
        :meth:`SamplingPlayer.leader`); a hook, so a variant of the bench can weigh the
        votes otherwise."""
        return SamplingPlayer.leader(order, votes)

    def late_choice(self, sight: Sight, order: list[Move], rng: random.Random) -> Move:
        """Near the end: up to ``late_samples`` deals with the whole deck, dealt one at a
        time until the leader cannot be caught (ties: the heuristic's order)."""
        votes = dict.fromkeys(order, 0.0)
        for left in range(self.late_samples - 1, -1, -1):
            running = SamplingPlayer.contenders(order, votes, left + 1) if self.race else order
            for move, won in self.votes(running, [sight.sample(rng)]).items():
                votes[move] += won
            if SamplingPlayer.settled(order, votes, left):
                break
        return SamplingPlayer.leader(order, votes)

    def handicaps(self, diamonds_left: int, margin: int | None = None) -> list[int]:
        """The diamonds to take from each sampled deck, hardest first: ``margin`` (the
        player's, unless given), then half as many, down to none; never the whole deck
        (that tells no move apart)."""
        shorts, short = [], self.margin if margin is None else margin
        while short > 0:
            if short < diamonds_left:
                shorts.append(short)
            short //= 2
        return [*shorts, 0]

    def votes(self, moves: Sequence[Move], deals: Sequence[BlackDiamondState],
              max_nodes: int | None = None) -> dict[Move, float]:
        """How many of ``deals`` each move wins (a search cut at the budget, the player's
        ``max_nodes`` unless given: half)."""
        votes = dict.fromkeys(moves, 0.0)
        for done, deal in enumerate(deals):
            running = (SamplingPlayer.contenders(moves, votes, len(deals) - done)
                       if self.race else moves)
            if len(running) == 1:
                break  # the leader cannot be caught: no search changes the choice
            root = self.solve(deal, max_nodes)
            if root.verdict != "win":
                continue
            first = move_from_json(root.moves[0])
            if first in votes:
                votes[first] += 1
            for move in running:
                if move == first:
                    continue
                verdict = self.solve(deal.apply(move), max_nodes, check=False).verdict
                votes[move] += 1.0 if verdict == "win" else 0.5 if verdict == "unknown" else 0
        return votes

    def solve(self, state: BlackDiamondState, max_nodes: int | None = None,
              check: bool = True) -> search.SolveResult:
        """The search's answer (``check=False``: a verdict only this player reads, its
        winning line not replayed; see :func:`solvers.search.solve`)."""
        result = search.solve(state, max_nodes=self.max_nodes if max_nodes is None
                              else max_nodes, check=check)
        self.effort.searches += 1
        self.effort.nodes += result.nodes
        return result


PLAYERS = {"margin": MarginPlayer}
"""The players of this module, by the name a study line gives them."""


# --- where a blind player's game is lost -----------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """One decision of a game, as the exact search judges it with both decks known:
    ``before`` and ``after`` are the search's verdicts on the position before and after
    the move (``win``, ``loss`` or ``unknown`` past ``seconds``); ``kind`` says what the
    move was: a play on an ``outer``, ``inner`` or ``centre`` pile, a ``replace`` or a
    ``clear``; ``choices`` how many legal moves there were."""

    step: int
    move: str
    kind: str
    choices: int
    before: str
    after: str


def kind_of(move: Move) -> str:
    """``outer``, ``inner`` or ``centre`` for a play (the pile's kind), else ``replace``
    or ``clear``."""
    if isinstance(move, Play):
        return PILE_BY_NAME[move.pile].kind
    return "replace" if isinstance(move, Replace) else "clear"


def verdict_of(state: BlackDiamondState, seconds: float = 2.0) -> str:
    """``win``, ``loss`` or ``unknown`` for ``state`` with both decks known: an ended game's
    outcome, else the exact search's verdict (``unknown`` past ``seconds`` of CPU)."""
    if state.is_over:
        return state.outcome
    return search.solve(state, time_limit=seconds).verdict


def turns(player: Policy, seed: int, seconds: float = 2.0) -> list[Turn]:
    """``player`` plays the deal of ``seed`` (as :func:`solvers.policies.play` does, with
    the same seeded chance) and the search, seeing the decks, judges every decision: where
    a won position turned lost is where the game was lost."""
    state = GAME.new(seed)
    sight = Sight.start(state.view(), state.options)
    rng = random.Random(f"{player.name}:{seed}")
    verdict = verdict_of(state, seconds)
    found = []
    while not state.is_over:
        legal = state.legal_moves()
        move = player.choose(sight, legal, rng)
        after = state.apply(move)
        then = verdict_of(after, seconds)
        found.append(Turn(len(found) + 1, str(move), kind_of(move), len(legal), verdict, then))
        state, verdict = after, then
        sight = sight.after(move, state.view())
    return found
