"""Players who do not see the decks: how often does a fair player win Black Diamond?

The exact solver sees both deck orders, so its win rate is the "thoughtful" upper bound.
A player sees the four diamonds, the hand, the piles, how many cards each deck holds, the
top diamond while it may replace one, and what has left the game.  So the player knows
*which* cards each deck still holds, never their order.

A policy gets exactly that: a :class:`Sight`, built only from the game's views
(``state.view()``) and the moves the player made, plus the legal moves, which follow from
the view.  It never receives the state, so it cannot peek.  Three policies:

* :class:`RandomPlayer`, a legal move at random: the floor;
* :class:`HeuristicPlayer`, a few rules of thumb a card player could say aloud;
* :class:`SamplingPlayer`, the Monte Carlo idea of the Hearts bots on a solitaire: deal
  the unseen cards many times in orders consistent with what it has seen, decide every
  move in every sample with the exact search under a small node budget, and play the move
  that wins the most samples.
"""

from __future__ import annotations

import inspect
import math
import random
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol

from cardlib.blackdiamond import (
    BLACK_CARDS,
    DIAMOND_CARDS,
    GAME,
    PILE_BY_NAME,
    PILES,
    POSITIONS,
    BlackDiamondState,
    BlackDiamondView,
    Clear,
    Move,
    Options,
    Play,
    Position,
    Replace,
    can_place,
    move_from_json,
)
from cardlib.cards import Card

from . import search


class SightError(AssertionError):
    """What the player remembers disagrees with what it sees: a bug, never a rule."""


@dataclass(frozen=True)
class Sight:
    """Everything a player may know: the latest view and what earlier views showed.

    ``gone`` holds the cards that left the game (cleared black cards, replaced and
    refilled-over diamonds); ``deck_top`` the diamond shown on top of the deck while the
    player may replace, until it is drawn; ``deck_bottom`` the diamonds known to lie under
    the deck, in order (variant ``replaced_under_deck``); ``replacing`` whether a run of
    replacements is under way (variant ``repeat_replace``).
    """

    view: BlackDiamondView
    options: Options
    gone: frozenset[Card] = frozenset()
    deck_top: tuple[Card, ...] = ()
    deck_bottom: tuple[Card, ...] = ()
    replacing: bool = False

    @classmethod
    def start(cls, view: BlackDiamondView, options: Options) -> Sight:
        return cls(view, options)._with_top(view)

    def visible(self) -> frozenset[Card]:
        """The cards face up now: diamonds, piles, hand."""
        view = self.view
        return frozenset(view.diamonds).union(view.hand, *view.piles.values())

    def after(self, move: Move, view: BlackDiamondView) -> Sight:
        """What the player knows once ``move`` was made and ``view`` is shown."""
        before, now = self.visible(), Sight(view, self.options).visible()
        left = before - now
        bottom = self.deck_bottom
        if isinstance(move, Replace) and self.options.replaced_under_deck:
            under = self.view.diamonds[POSITIONS.index(move.pos)]
            left -= {under}
            bottom += (under,)
        drawn = set(view.diamonds) - set(self.view.diamonds)
        sight = Sight(view, self.options, self.gone | left,
                      tuple(c for c in self.deck_top if c not in drawn),
                      tuple(c for c in bottom if c not in drawn),
                      isinstance(move, Replace) and self.options.repeat_replace)
        return sight._with_top(view)

    def _with_top(self, view: BlackDiamondView) -> Sight:
        shown = view.next_diamond
        if shown is None or shown in self.deck_top or shown in self.deck_bottom:
            return self
        return replace(self, deck_top=(shown,))

    def unseen_black(self) -> tuple[Card, ...]:
        """The black cards still in the black deck, in card order (their order unknown)."""
        known = self.visible() | self.gone
        return tuple(c for c in BLACK_CARDS if c not in known)

    def unseen_diamonds(self) -> tuple[Card, ...]:
        """The diamonds in the deck whose place in it is unknown, in card order."""
        known = self.visible() | self.gone | set(self.deck_top) | set(self.deck_bottom)
        return tuple(c for c in DIAMOND_CARDS if c not in known)

    def sample(self, rng: random.Random) -> BlackDiamondState:
        """A game consistent with everything seen: the unseen cards in a random order."""
        black = list(self.unseen_black())
        middle = list(self.unseen_diamonds())
        view = self.view
        if (len(black) != view.black_left or len(middle) + len(self.deck_top)
                + len(self.deck_bottom) != view.diamonds_left):
            raise SightError(f"memory out of step with the view: {len(black)} unseen black "
                             f"cards for {view.black_left} in the deck, {len(middle)} "
                             f"unseen diamonds for {view.diamonds_left}")
        rng.shuffle(black)
        rng.shuffle(middle)
        position = Position(view.diamonds, self.deck_top + tuple(middle) + self.deck_bottom,
                            view.hand, tuple(black), tuple(view.piles[p.name] for p in PILES))
        state = BlackDiamondState.from_position(position, self.options)
        return replace(state, replacing=True) if self.replacing else state


class Policy(Protocol):
    """Chooses a move from what the player knows (never from the state)."""

    name: str

    def choose(self, sight: Sight, legal: Sequence[Move], rng: random.Random) -> Move: ...


@dataclass
class Effort:
    """What a policy spent on one game (the sampling player counts its searches)."""

    searches: int = 0
    nodes: int = 0


# --- the players ---------------------------------------------------------------------------

@dataclass
class RandomPlayer:
    """A legal move at random: how often blind luck wins."""

    name: ClassVar[str] = "random"
    effort: Effort = field(default_factory=Effort)

    def choose(self, sight: Sight, legal: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(legal)


def _fits(card: Card, pile: str, diamonds: Sequence[Card], top: Card | None,
          options: Options) -> bool:
    return can_place(card, pile, diamonds, top, arithmetic_centre=options.arithmetic_centre)


def _room(sight: Sight, diamonds: Sequence[Card], tops: dict[str, Card | None],
          unknown: frozenset[str] = frozenset()) -> int:
    """How many (unseen card, edge pile) pairs fit on this board: the flexibility the
    heuristic keeps.  Piles next to a diamond not yet known (``unknown`` positions) and
    the centre (where almost everything fits) are left out."""
    cards = sight.unseen_black()
    return sum(_fits(card, pile.name, diamonds, tops[pile.name], sight.options)
               for pile in PILES if pile.kind != "centre" and not set(pile.touches) & unknown
               for card in cards)


@dataclass
class HeuristicPlayer:
    """Rules of thumb, in the order they are weighed (the first that differs decides):

    1. never make a play whose clear the diamond deck cannot refill (it loses at once);
    2. keep the other hand card playable, so no diamond is spent on being stuck;
    3. do not fill the centre: its clear spends four diamonds;
    4. play on an outer edge before an inner one, and the centre last, which takes every
       card and so is best kept for cards that fit nowhere else;
    5. keep the piles flexible: leave as many (unseen card, pile) fits open as possible.

    When stuck it looks at the diamond shown on top of the deck and puts it where it
    unblocks the most of the hand, spending as few diamonds as it can; clearing an outer
    pile puts that diamond on its edge just as replacing would, and empties the pile too,
    so it prefers that clear.  It never picks a clear the deck cannot refill.
    """

    name: ClassVar[str] = "heuristic"
    effort: Effort = field(default_factory=Effort)
    # What a rule-of-thumb variant may change (:data:`RULES_OF_THUMB`), declared once; the
    # defaults are the rules above, with which the shipped results were played.
    keep_playable: ClassVar[bool] = True
    """Weigh rule 2 (keep the other hand card playable)."""
    pile_order: ClassVar[tuple[str, ...]] = ("outer", "inner", "centre")
    """Rule 4: the kinds of pile, the preferred first; empty: no preference."""
    keep_room: ClassVar[bool] = True
    """Weigh rule 5 (keep the piles flexible)."""
    stuck_empties: ClassVar[bool] = True
    """Stuck, between ways that spend as many diamonds: empty the fullest pile (a clear),
    or, if False, keep the piles (a replace, else the emptiest pile's clear)."""
    stuck_cost: ClassVar[str] = "diamonds"
    """Stuck: spend the fewest ``diamonds``, or ``waste`` the fewest: a clear's diamonds
    times the share of the pile's limit still empty (those its cards did not earn)."""

    def choose(self, sight: Sight, legal: Sequence[Move], rng: random.Random) -> Move:
        return min(legal, key=lambda move: self.score(sight, move))

    def score(self, sight: Sight, move: Move) -> tuple[float, ...]:
        """Lower is better (see the class docstring for the order of the criteria)."""
        view = sight.view
        tops = {name: cards[-1] if cards else None for name, cards in view.piles.items()}
        if isinstance(move, Play):
            pile = PILE_BY_NAME[move.pile]
            fills = len(view.piles[move.pile]) + 1 == pile.limit
            loses = fills and len(pile.touches) > view.diamonds_left
            changed = frozenset(pile.touches) if fills else frozenset()
            tops[move.pile] = None if fills else move.card
            others = [c for c in view.hand if c != move.card]
            stranded = any(
                not any(_fits(c, p.name, view.diamonds, tops[p.name], sight.options)
                        for p in PILES if not set(p.touches) & changed)
                for c in others)
            kind = self.pile_order.index(pile.kind) if self.pile_order else 0
            centre_fill = fills and pile.kind == "centre"
            room = -_room(sight, view.diamonds, tops, changed) if self.keep_room else 0
            return (loses, stranded and self.keep_playable, centre_fill,
                    kind, room)
        # stuck: replace a diamond or clear a pile
        where = (move.pos,) if isinstance(move, Replace) else PILE_BY_NAME[move.pile].touches
        if len(where) > view.diamonds_left:
            return (True,)
        diamonds = list(view.diamonds)
        unknown = set(where)
        shown = view.next_diamond
        if shown is not None:  # the first position to change gets the diamond shown
            diamonds[POSITIONS.index(where[0])] = shown
            unknown.discard(where[0])
        if isinstance(move, Clear):
            tops[move.pile] = None
        hidden = frozenset(unknown)
        unblocked = sum(any(_fits(c, p.name, diamonds, tops[p.name], sight.options)
                            for p in PILES if not set(p.touches) & hidden)
                        for c in view.hand)
        emptied = len(view.piles[move.pile]) if isinstance(move, Clear) else 0
        cost: float = len(where)
        if self.stuck_cost == "waste" and isinstance(move, Clear):
            limit = PILE_BY_NAME[move.pile].limit
            cost = len(where) * (limit - emptied) / limit
        room = -_room(sight, diamonds, tops, hidden) if self.keep_room else 0
        return (False, -unblocked, cost, -emptied if self.stuck_empties else emptied, room)


@dataclass(frozen=True)
class RuleOfThumb:
    """A rule a person can follow at the table, and the heuristic player that tests it.

    ``advice`` is the rule in a sentence.  If the plain :class:`HeuristicPlayer` follows
    it (``kept``), its variant ``player`` is that player with this one rule dropped (an
    order of preference given up or turned round), so
    the rule's gain is what the plain player wins beyond the variant; if not, the variant
    adds the rule, and the gain is what it wins beyond the plain player.  ``options`` are
    the variant's values of the player's options (declared on :class:`HeuristicPlayer`).
    """

    name: str
    advice: str
    kept: bool
    options: tuple[tuple[str, Any], ...]

    @property
    def player(self) -> str:
        """The variant's name (``without-…`` or ``with-…``), as study lines give it."""
        return f"{'without' if self.kept else 'with'}-{self.name}"


RULES_OF_THUMB: tuple[RuleOfThumb, ...] = (
    RuleOfThumb("keep-playable",
                "Of two cards in hand, place the first so that the second still has a "
                "place: a card with nowhere to go makes you stuck, and being stuck "
                "costs diamonds.", True, (("keep_playable", False),)),
    RuleOfThumb("edges-first",
                "Play on an outer edge if you can, else on an inner edge, and keep the "
                "centre for the cards that fit nowhere else.", True, (("pile_order", ()),)),
    RuleOfThumb("centre-last",
                "Do not reach for the centre first because any card fits there: keep it "
                "for the cards that fit no edge.", True,
                (("pile_order", ("centre", "outer", "inner")),)),
    RuleOfThumb("keep-room",
                "Between plays alike, choose the one that leaves room on the edges for "
                "the most of the black cards still to come (count them: you know which "
                "are left).", True, (("keep_room", False),)),
    RuleOfThumb("clear-over-replace",
                "When stuck, clear the fullest pile rather than replace a diamond: both "
                "spend one diamond, but a clear also empties a pile.", True,
                (("stuck_empties", False),)),
    RuleOfThumb("least-waste",
                "When stuck, clear the pile nearest its limit even if it touches more "
                "diamonds: what it costs is the diamonds its cards have not yet earned.",
                False, (("stuck_cost", "waste"),)),
)
"""The rules of thumb measured in notebook 08 (each against the plain heuristic)."""


def _variant(rule: RuleOfThumb) -> type[HeuristicPlayer]:
    """The heuristic player with ``rule`` dropped (or added): the same class but for the
    options, so everything else it does is the plain player's."""
    verb = "drops" if rule.kept else "adds"
    doc = f"The heuristic player, which {verb} one rule of thumb: {rule.advice}"
    return type(rule.player.title().replace("-", ""), (HeuristicPlayer,),
                {"name": rule.player, "__doc__": doc, **dict(rule.options)})


VARIANTS: dict[str, type[HeuristicPlayer]] = {
    rule.player: _variant(rule) for rule in RULES_OF_THUMB}
"""The rule-of-thumb players by name."""


@dataclass(frozen=True)
class Paired:
    """Two players on the same deals: how many each won, both won, and only one won.

    The deals only one of them won decide which is better; ``p_value`` is the exact
    two-sided sign test on them (the chance of a split at least this uneven if neither
    player were better).
    """

    deals: int
    won: tuple[int, int]
    both: int
    only: tuple[int, int]

    @classmethod
    def of(cls, first: Sequence[dict[str, Any]], second: Sequence[dict[str, Any]]) -> Paired:
        """From two players' study lines; only the deals both played count."""
        wins = [{row["seed"]: row["verdict"] == "win" for row in rows}
                for rows in (first, second)]
        seeds = wins[0].keys() & wins[1].keys()
        a = {seed for seed in seeds if wins[0][seed]}
        b = {seed for seed in seeds if wins[1][seed]}
        return cls(len(seeds), (len(a), len(b)), len(a & b), (len(a - b), len(b - a)))

    @property
    def p_value(self) -> float:
        split = sum(self.only)
        if split == 0:
            return 1.0
        tail = sum(math.comb(split, k) for k in range(min(self.only) + 1)) / 2 ** split
        return min(1.0, 2 * tail)


@dataclass(frozen=True)
class Plan:
    """A sample and the winning line the search found in it, from the current board."""

    state: BlackDiamondState
    line: tuple[Move, ...]

    def after(self, move: Move, view: BlackDiamondView) -> Plan | None:
        """The plan one move on, if it began with ``move`` and the sample still agrees
        with everything the player sees now (nothing drawn that the sample did not
        predict); else None."""
        if not self.line or self.line[0] != move:
            return None
        state = self.state.apply(move)
        return Plan(state, self.line[1:]) if state.view() == view and self.line[1:] else None


@dataclass
class SamplingPlayer:
    """Deal the unseen cards ``samples`` times in orders consistent with what was seen,
    decide each sample with the exact search (``max_nodes`` states at most), and play the
    move that wins the most samples.

    What a decision costs is what limits this player, so it saves searches four ways:

    * A sample is won by the first move of the winning line the search finds in it: one
      search per sample, not one per sample and legal move (about ten times dearer,
      measured).  Another move may win that sample too; the search tries moves best first,
      so its line starts with its favourite winner.
    * A sample whose line began with the move played, and which still agrees with what
      the player sees (most often: the second card of a hand), keeps its line and votes
      again without a search.  Fresh samples make up the rest.
    * Samples stop being dealt once those left could not change the choice, or once one
      was not won: each failed search costs its whole budget, and a decision whose
      samples fail is most likely in a lost game, where the heuristic's move is as good.

    A search that runs out of budget wins nothing: a position that hard to win even with
    the cards known is one to avoid.  Ties, and decisions where no sample was won, follow
    :class:`HeuristicPlayer`.  The search checks its budget every 4096 states and stops
    once past it, so a budget of 4095 stops at 4096 states and a smaller one acts the same.
    """

    samples: int = 2
    max_nodes: int = 4095
    name: ClassVar[str] = "sampling"
    effort: Effort = field(default_factory=Effort)
    plans: list[Plan] = field(default_factory=list)
    """The samples won at the last decision, with their lines (to reuse)."""
    played: Move | None = None

    def choose(self, sight: Sight, legal: Sequence[Move], rng: random.Random) -> Move:
        guide = HeuristicPlayer()
        order = sorted(legal, key=lambda move: guide.score(sight, move))
        kept = [plan for plan in (p.after(self.played, sight.view) for p in self.plans)
                if plan is not None][: self.samples]
        self.plans = kept
        if len(order) > 1:
            votes = dict.fromkeys(order, 0)
            for plan in kept:
                votes[plan.line[0]] += 1
            for left in range(self.samples - len(kept), 0, -1):
                if self.settled(order, votes, left):
                    break
                plan = self.solve(sight.sample(rng))
                if plan is None:
                    break  # the samples are getting lost: one failure a decision is enough
                votes[plan.line[0]] += 1
                self.plans.append(plan)
            order = [self.leader(order, votes)]
        self.played = order[0]
        return self.played

    @staticmethod
    def leader(order: Sequence[Move], votes: dict[Move, float]) -> Move:
        """The move with the most votes; ties go to the earliest in ``order`` (the rules of
        thumb's order, as the players sort their moves)."""
        return min(order, key=lambda move: -votes[move])

    @staticmethod
    def contenders(order: Sequence[Move], votes: dict[Move, float], left: int
                   ) -> list[Move]:
        """The moves of ``order`` (ties: earlier first) that could still be chosen if every
        one of ``left`` samples to come voted for them: the leader, and each rival that
        could catch it."""
        leader = SamplingPlayer.leader(order, votes)
        rank = order.index(leader)
        return [move for index, move in enumerate(order)
                if move == leader or votes[move] + left > votes[leader]
                or (votes[move] + left == votes[leader] and index < rank)]

    @staticmethod
    def settled(order: Sequence[Move], votes: dict[Move, float], left: int) -> bool:
        """Can ``left`` more samples change the choice?  If not, stop: the leader keeps
        its place even if every one of them voted for one rival."""
        return len(SamplingPlayer.contenders(order, votes, left)) == 1

    def solve(self, state: BlackDiamondState) -> Plan | None:
        """The sample with the winning line the search finds in it, or None."""
        result = search.solve(state, max_nodes=self.max_nodes)
        self.effort.searches += 1
        self.effort.nodes += result.nodes
        if result.verdict != "win":
            return None
        return Plan(state, tuple(move_from_json(m) for m in result.moves))


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "sampling": SamplingPlayer,
           **VARIANTS}


def player_class(name: str) -> type:
    """The player called ``name``: one of :data:`PLAYERS`, or one of
    :data:`solvers.blind.PLAYERS` (imported here, when asked: it builds on this module)."""
    if name in PLAYERS:
        return PLAYERS[name]
    from . import blind

    if name in blind.PLAYERS:
        return blind.PLAYERS[name]
    raise KeyError(f"no player {name!r} (known: {', '.join([*PLAYERS, *blind.PLAYERS])})")


# --- playing -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Game:
    """One game a policy played: the end, the moves, and what the policy spent."""

    end: BlackDiamondState
    moves: tuple[Move, ...]
    searches: int
    nodes: int


def play(policy: Policy, seed: int, **variants: bool) -> Game:
    """``policy`` plays the deal of ``seed``; its random choices are seeded by the deal
    and the policy's name, so a game replays."""
    state = GAME.new(seed, **variants)
    sight = Sight.start(state.view(), state.options)
    rng = random.Random(f"{policy.name}:{seed}")
    effort = getattr(policy, "effort", None)
    searches_before, nodes_before = (effort.searches, effort.nodes) if effort else (0, 0)
    moves = []
    while not state.is_over:
        move = policy.choose(sight, state.legal_moves(), rng)
        state = state.apply(move)
        sight = sight.after(move, state.view())
        moves.append(move)
    return Game(state, tuple(moves),
                (effort.searches - searches_before) if effort else 0,
                (effort.nodes - nodes_before) if effort else 0)


@dataclass(frozen=True)
class PolicyTask:
    """One deal played by a named policy, as a study line (for :func:`solvers.study.run`).

    A plain value, so a process pool or a Dask worker can run it; ``params`` go to the
    policy's constructor (``samples``, ``max_nodes`` for the sampling player).
    """

    player: str
    params: tuple[tuple[str, Any], ...] = ()
    variants: tuple[str, ...] = ()

    def signature(self) -> dict[str, Any]:
        """The fields every line of one study shares (a resumed file must match them)."""
        return {"solver": f"player:{self.player}", "params": dict(self.params),
                "options": sorted(self.variants)}

    def __call__(self, seed: int) -> dict[str, Any]:
        policy = player_class(self.player)(**dict(self.params))
        began, cpu = time.perf_counter(), time.process_time()
        game = play(policy, seed, **{name: True for name in self.variants})
        return {"seed": seed, "verdict": game.end.outcome, "placed": game.end.placed,
                "nodes": game.nodes, "searches": game.searches,
                "seconds": round(time.perf_counter() - began, 6),
                "cpu_seconds": round(time.process_time() - cpu, 6), **self.signature()}


def advice(start: BlackDiamondState, moves: Sequence[Move], *, samples: int = 2,
           max_nodes: int = 4095, solver_seconds: float = 2.0) -> list[dict[str, str]]:
    """What each player, and the solver who sees the decks, would play at each position of
    a game: ``start``, then after each of ``moves`` (a learner's game, say).

    One row per position: ``step``, ``played`` (the move the game made there), one column
    per player, and ``solver``: the first move of a winning line, or ``loss`` once no line
    wins any more (``unknown`` if it could not decide in ``solver_seconds`` of CPU).
    """
    return list(advice_rows(start, moves, samples=samples, max_nodes=max_nodes,
                            solver_seconds=solver_seconds))


def advice_rows(start: BlackDiamondState, moves: Sequence[Move], *, samples: int = 2,
                max_nodes: int = 4095, solver_seconds: float = 2.0
                ) -> Iterator[dict[str, str]]:
    """:func:`advice` one position at a time, so that a widget can show how far it has got
    and stop between two positions."""
    state = start
    sight = Sight.start(state.view(), state.options)
    for step, move in enumerate([*moves, None], start=1):
        if state.is_over:
            break
        row = {"step": str(step), "played": "" if move is None else str(move)}
        for policy in (RandomPlayer(), HeuristicPlayer(), SamplingPlayer(samples, max_nodes)):
            rng = random.Random(f"{policy.name}:{step}")
            row[policy.name] = str(policy.choose(sight, state.legal_moves(), rng))
        result = search.solve(state, time_limit=solver_seconds)
        row["solver"] = (str(move_from_json(result.moves[0])) if result.verdict == "win"
                         else result.verdict)
        yield row
        if move is None:
            break
        state = state.apply(move)
        sight = sight.after(move, state.view())


_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def describe(player: type) -> str:
    """A player's docstring as Markdown, for a notebook: Sphinx's cross-references
    (``:class:`HeuristicPlayer```) become plain code, which is how a reader sees them."""
    text = inspect.cleandoc(player.__doc__ or "")
    text = _ROLE.sub(lambda found: f"`{found.group(1).rsplit('.', 1)[-1]}`", text)
    return text.replace("``", "`")
