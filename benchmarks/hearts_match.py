"""Hearts on duplicate deals: one bot against another, the deal's luck taken out.

Run:  nice -n 5 .venv/bin/python benchmarks/hearts_match.py match NAME --hero SIDE
          --baseline SIDE [--deals 300] [--first 0]
          [--format swap|hero-alone|baseline-alone] [--seed 0] [--workers 2]
      nice -n 5 .venv/bin/python benchmarks/hearts_match.py calibrate [--playouts 100]
          [--probe 2000] [--games 2]

A SIDE is ``rule-of-thumb``, ``monte-carlo:PLAYOUTS`` (our ``MonteCarloBot``, rule-of-thumb
playouts, the table's bot at 600) or ``is-mcts:SIMULATIONS`` (OpenSpiel's ``ISMCTSBot`` with
a random-rollout evaluator; ``--uct-c``, ``--rollouts``, ``--final-policy`` set it).  IS-MCTS
plays the cards and passes by the rule of thumb, as our Monte Carlo bot does (see
``SpielPlayer``).  Its default ``uct_c`` of 26 is OpenSpiel's usual 2 for returns in [-1, 1]
scaled to Hearts' returns, 0 to 26; at 2,000 simulations against the rule of thumb (40
deals) 2, 10, 26 and 60 did not differ beyond their noise (26 came out best, +0.9 ± 0.7
over 2).  It chooses the most visited card (``MAX_VISIT_COUNT``) rather than OpenSpiel's
default of drawing one in proportion to the visits.

Every deal is one hand (hand ``d % 4`` of the seed ``hearts-match:d``, so the passes go
left, right, across and nowhere in turn; deals ``--first`` … ``--first + --deals - 1``: a
setting tuned on deals 0–299 is checked on 300 onwards), played more than once with the
bots' seats exchanged: ``swap`` plays the hero in North and South against the baseline in
East and West, then the reverse; ``hero-alone`` seats one hero in each of the four seats
in turn against three baseline players, ``baseline-alone`` one baseline player against
three heroes (the side that costs more CPU sits alone: every seat's cards are played once
by each side either way; in a 50-deal pilot of the Monte Carlo bot against the rule of
thumb, for the same CPU, one against three put the margin 4.2 standard errors from zero
and ``swap`` 2.6, the spread of a deal being 3.4 points against 5.5). A game's margin is
the baseline's average points per player minus the hero's (positive: the hero did better),
a deal's margin the mean over its games, and the match's figure the mean over deals with
its standard error. Deal d is the same in every match, so matches can be compared deal by
deal.

Both engines play every game in lockstep: each move is applied to our ``HeartsState`` and to
OpenSpiel's state (dealt the same cards, pass direction forced to ours, the mapping of
``openspiel_hearts.py``), their legal moves are compared at every step and their points at
the end, so an OpenSpiel bot sees exactly our game.  A move with no alternative is played
without asking either side (our Monte Carlo bot does not search one either), so the CPU time
per decision is measured over real choices.

``match`` writes ``benchmarks/results/hearts-match-NAME.json`` after every deal (the sides'
settings, the command, every deal's points and margin, each side's CPU per decision) and,
run again with the same settings, carries on from the deals the file holds.  ``calibrate``
measures the Monte Carlo bot's CPU per play decision and IS-MCTS's simulations per CPU
second, and prints the simulation count that gives IS-MCTS ten times the Monte Carlo bot's
time.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent))

from openspiel_hearts import openspiel_game, openspiel_id, start_hand  # noqa: E402
from stats import paired, percentile  # noqa: E402  (benchmarks/ is on sys.path)

from cardlib.bots import stable_digest  # noqa: E402
from cardlib.cards import Card, french_deck, shuffled  # noqa: E402
from cardlib.hearts import Hearts  # noqa: E402
from cardlib.hearts.bots import MOON_ALERT, MonteCarloBot, RuleOfThumbBot  # noqa: E402
from cardlib.hearts.deck import PLAYERS, SEATS  # noqa: E402
from cardlib.hearts.moves import HeartsMove  # noqa: E402
from cardlib.hearts.state import HeartsState  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
HEARTS = Hearts()
FORMATS = {
    "swap": ((0, 2), (1, 3)),
    "hero-alone": ((0,), (1,), (2,), (3,)),
    "baseline-alone": ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2)),
}
"""The hero's seats in each game of a deal; the baseline takes the others."""


# --- the players at the table -----------------------------------------------------------

class Player(Protocol):
    """One seat's player for one game: picks our move, seeing both engines' states (an
    OpenSpiel bot reads OpenSpiel's, ours reads ours; each sees only its seat's view)."""

    def choose(self, ours: HeartsState, theirs: Any) -> HeartsMove: ...


@dataclass
class OurPlayer:
    """A cardlib bot in a seat."""

    bot: Any

    def choose(self, ours: HeartsState, theirs: Any) -> HeartsMove:
        return self.bot.choose(ours)


@dataclass
class SpielPlayer:
    """An OpenSpiel bot in a seat: it steps OpenSpiel's state, and its action (a card id)
    is read back as the one legal move of ours with that card.

    It plays the cards; the passes go to the rule of thumb, as our Monte Carlo bot's do
    (``hand_over_to``), so the two searchers differ in their card play only.  It must:
    OpenSpiel's Hearts crashes (a segmentation fault, in its ``ResampleFromInfostate``)
    when IS-MCTS searches for a player who passes after another has passed."""

    bot: Any
    keep: Any = None
    """What the bot uses but does not own (its evaluator), kept alive here: the bot holds
    it by reference only."""
    passes: Any = field(default_factory=RuleOfThumbBot)

    def choose(self, ours: HeartsState, theirs: Any) -> HeartsMove:
        if ours.phase != "play":
            return self.passes.choose(ours)
        action = self.bot.step(theirs)
        by_id = {openspiel_id(move.card): move for move in ours.legal_moves()}
        if action not in by_id:
            raise RuntimeError(f"OpenSpiel's bot chose {theirs.action_to_string(action)}, "
                               f"not one of our legal moves {sorted(map(str, by_id.values()))}")
        return by_id[action]


@dataclass(frozen=True)
class Side:
    """How one side is driven: its settings (printed and saved) and how to seat it."""

    label: str
    settings: dict[str, Any]
    seat: Callable[[str, int], Player]
    """``seat(key, seat)``: this side's player for one seat of one game, ``key`` naming
    the match seed, the side, the deal and the game (a seeded side draws from it)."""


def rule_of_thumb() -> Side:
    return Side("rule-of-thumb", {"bot": "RuleOfThumbBot", "search": "none"},
                lambda key, seat: OurPlayer(RuleOfThumbBot()))


VARIANTS = {
    "": {},
    "plain": {"halving": False, "touching": False, "queen_doubt": 1.0, "moon_watch": False},
    "no-queen": {"queen_doubt": 1.0},
    "no-moon": {"moon_watch": False},
}
"""Our Monte Carlo bot as the table builds it (``monte-carlo:N``) and as it was before its
improvements (``monte-carlo:N:plain``: playouts shared evenly among all legal cards, the
hidden cards dealt uniformly, no moon watch; ``:no-queen``: without the Q♠ inference;
``:no-moon``: without the moon watch in its playouts), to measure each."""


def monte_carlo(playouts: int, seed: str, variant: str = "") -> Side:
    """Our Monte Carlo bot seeded ``seed`` (it draws each decision's chance from its seed
    and the seat's view, so one bot seed serves every deal), with ``VARIANTS[variant]``."""
    changes = VARIANTS[variant]
    settings = {"bot": "cardlib.hearts.bots.MonteCarloBot", "playouts": playouts,
                "policy": "rule-of-thumb", "passes": "rule-of-thumb", "seed": seed,
                "moon_watch": True, "moon_alert": MOON_ALERT, **changes}
    return Side(f"monte-carlo {playouts}{' ' + variant if variant else ''}", settings,
                lambda key, seat: OurPlayer(MonteCarloBot(seed=seed, playouts=playouts,
                                                          **changes)))


def is_mcts(simulations: int, seed: str, uct_c: float, rollouts: int,
            final_policy: str) -> Side:
    """OpenSpiel's IS-MCTS with a random-rollout evaluator, seeded per seat and game from
    ``seed`` (its random numbers run on from one decision to the next within a game).

    The seed does not make it reproducible: it walks its tree's children in the order of
    an Abseil hash map, which changes from run to run, and breaks ties between equal UCT
    values in that order (at 50 simulations six bots seeded alike chose two different
    cards in one position).  A match with an IS-MCTS side gives the same deals and
    settings each run, not the same moves; our bots' matches repeat move for move."""
    import pyspiel

    policy = getattr(pyspiel.ISMCTSFinalPolicyType, final_policy)
    settings = {"bot": "pyspiel.ISMCTSBot", "simulations": simulations, "uct_c": uct_c,
                "evaluator": f"RandomRolloutEvaluator(n_rollouts={rollouts})",
                "max_world_samples": "unlimited", "final_policy": final_policy,
                "passes": "rule-of-thumb", "seed": seed}

    def seat(key: str, seat: int) -> Player:
        number = int.from_bytes(stable_digest(seed, key, seat)[:4], "big") >> 1
        evaluator = pyspiel.RandomRolloutEvaluator(rollouts, number)
        return SpielPlayer(pyspiel.ISMCTSBot(number, evaluator, uct_c, simulations, -1,
                                             policy, False, False), keep=evaluator)

    return Side(f"is-mcts {simulations}", settings, seat)


def parse_side(text: str, role: str, args: argparse.Namespace) -> Side:
    """A side from its command-line text (see the module's docstring)."""
    kind, _, budget = text.partition(":")
    seed = f"{args.seed}:{role}"
    if kind == "rule-of-thumb" and not budget:
        return rule_of_thumb()
    budget, _, variant = budget.partition(":")
    if kind in ("monte-carlo", "is-mcts") and budget.isdigit() and int(budget) > 0 \
            and (variant in VARIANTS if kind == "monte-carlo" else not variant):
        if kind == "monte-carlo":
            return monte_carlo(int(budget), seed, variant)
        return is_mcts(int(budget), seed, args.uct_c, args.rollouts, args.final_policy)
    raise SystemExit(f"{role} side {text!r}: give rule-of-thumb, monte-carlo:PLAYOUTS or "
                     "is-mcts:SIMULATIONS (a positive whole number)")


# --- one deal ---------------------------------------------------------------------------

def deal_hands(deal: int) -> tuple[int, list[list[Card]]]:
    """Deal ``deal``'s hand number and its four hands in deal order (card j to seat j % 4)."""
    number = deal % 4
    deck = shuffled(french_deck(), f"hearts-match:{deal}:hand{number}")
    return number, [deck[seat::PLAYERS] for seat in range(PLAYERS)]


@dataclass
class Clock:
    """CPU seconds per decision, one list per side and phase."""

    times: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def note(self, role: str, phase: str, seconds: float) -> None:
        self.times.setdefault(role, {}).setdefault(phase, []).append(seconds)


def play_game(deal: int, players: Sequence[Player], roles: Sequence[str], clock: Clock,
              options: dict[str, Any] | None = None) -> tuple[int, ...]:
    """Play deal ``deal``'s hand with ``players[seat]`` in each seat, both engines in
    lockstep; return each seat's points.  Each decision's CPU time goes to ``clock`` under
    the seat's role (``roles[seat]``)."""
    options = options or {}
    number, hands = deal_hands(deal)
    ours = HEARTS.from_hands(hands, seed=f"hearts-match:{deal}", hand_number=number, **options)
    theirs = start_hand(openspiel_game(options), hands, number,
                        options.get("pass_cards", True))
    while ours.deal.number == number and not ours.is_over:
        legal = ours.legal_moves()
        seat = ours.to_move
        if theirs.current_player() != seat or \
                {openspiel_id(m.card) for m in legal} != set(theirs.legal_actions()):
            raise RuntimeError(f"the engines disagree on deal {deal} after "
                               f"{[str(m) for m in ours.history]}")
        if len(legal) == 1:
            move = legal[0]
        else:
            phase = ours.phase
            start = time.process_time()
            move = players[seat].choose(ours, theirs)
            clock.note(roles[seat], phase, time.process_time() - start)
        theirs.apply_action(openspiel_id(move.card))
        ours = ours.apply(move)
    points = tuple(ours.results[-1].points)
    if not theirs.is_terminal() or [theirs.points(p) for p in range(PLAYERS)] != list(points):
        raise RuntimeError(f"the engines disagree on deal {deal}'s points: ours {points}")
    return points


def game_margin(points: Sequence[int], hero_seats: Sequence[int]) -> Fraction:
    """The baseline's average points per player minus the hero's, exactly."""
    hero = [points[s] for s in hero_seats]
    baseline = [points[s] for s in range(PLAYERS) if s not in hero_seats]
    return Fraction(sum(baseline), len(baseline)) - Fraction(sum(hero), len(hero))


def play_deal(deal: int, hero: Side, baseline: Side, fmt: str, clock: Clock,
              seed: str = "0") -> dict[str, Any]:
    """Every game of one deal (the format's seatings); the deal's record."""
    games, margin = [], Fraction(0)
    for index, hero_seats in enumerate(FORMATS[fmt]):
        key = f"{seed}:deal{deal}:game{index}"
        players = [(hero if s in hero_seats else baseline).seat(
            f"{key}:{'hero' if s in hero_seats else 'baseline'}", s) for s in range(PLAYERS)]
        roles = ["hero" if s in hero_seats else "baseline" for s in range(PLAYERS)]
        points = play_game(deal, players, roles, clock)
        games.append({"hero_seats": list(hero_seats), "points": list(points)})
        margin += game_margin(points, hero_seats)
    margin /= len(games)
    return {"deal": deal, "hand_number": deal % 4, "games": games, "margin": float(margin)}


# --- the match --------------------------------------------------------------------------

def summary(margins: Sequence[float]) -> tuple[float, float, float]:
    """Mean, standard deviation and standard error of the deals' margins (the standard
    error as every benchmark computes it: ``stats.paired``)."""
    match = paired(margins)
    return match.mean, match.error * math.sqrt(match.count), match.error


def cpu_line(times: dict[str, list[float]]) -> str:
    """Median, 95th percentile and mean CPU per decision, play and pass apart."""
    parts = []
    for phase in ("play", "pass"):
        cpu = times.get(phase, [])
        if cpu:
            parts.append(f"{phase} median {statistics.median(cpu) * 1000:.1f} ms, 95th "
                         f"percentile {percentile(cpu, 95) * 1000:.1f} ms, mean "
                         f"{statistics.fmean(cpu) * 1000:.1f} ms ({len(cpu)} decisions)")
    return "; ".join(parts) or "no decisions"


def result_path(name: str) -> Path:
    return RESULTS / f"hearts-match-{name}.json"


def save(path: Path, record: dict[str, Any]) -> None:
    """Write ``record`` whole, one deal a line, then move it into place (a stopped run
    leaves a good file)."""
    head = json.dumps({k: v for k, v in record.items() if k != "results"}, indent=1)
    deals = ",\n".join(f"  {json.dumps(r)}" for r in record["results"])
    part = path.with_suffix(".part")
    part.write_text(f'{head[:-2]},\n "results": [\n{deals}\n ]\n}}\n')
    os.replace(part, path)


def measured_deal(deal: int, hero: Side, baseline: Side, fmt: str, seed: str
                  ) -> dict[str, Any]:
    """One deal's record (:func:`play_deal`) with its CPU seconds and each side's CPU
    milliseconds per decision."""
    clock = Clock()
    start = time.process_time()
    result = play_deal(deal, hero, baseline, fmt, clock, seed)
    result["cpu_seconds"] = round(time.process_time() - start, 3)
    result["cpu_ms"] = {role: {phase: [round(t * 1000, 1) for t in times]
                               for phase, times in phases.items()}
                        for role, phases in clock.times.items()}
    return result


_WORKER: dict[str, Any] = {}
"""A worker process's sides and settings (its lambdas cannot be sent to it, so each
worker builds its sides from the command line's text)."""


def _start_worker(args: argparse.Namespace) -> None:
    _WORKER.update(hero=parse_side(args.hero, "hero", args),
                   baseline=parse_side(args.baseline, "baseline", args),
                   fmt=args.format, seed=args.seed)


def _worker_deal(deal: int) -> dict[str, Any]:
    return measured_deal(deal, _WORKER["hero"], _WORKER["baseline"], _WORKER["fmt"],
                         _WORKER["seed"])


def run_match(name: str, hero: Side, baseline: Side, deals: int, fmt: str, seed: str,
              command: str, path: Path | None = None, quiet: bool = False, first: int = 0,
              play: Callable[[Iterable[int]], Iterable[dict[str, Any]]] | None = None
              ) -> dict[str, Any]:
    """Play ``deals`` deals (carrying on from the results file when its settings are these);
    return the record written.  ``play`` maps deals to their records in order (default:
    one after another here; ``--workers`` hands them to worker processes)."""
    path = path or result_path(name)
    settings = {"format": fmt, "seatings": [list(s) for s in FORMATS[fmt]], "seed": seed,
                "hero": {"label": hero.label, **hero.settings},
                "baseline": {"label": baseline.label, **baseline.settings},
                "deals": "deal d is hand d % 4 of seed 'hearts-match:d' (options: defaults)",
                "margin": "baseline's average points per player minus the hero's, mean over "
                          "the deal's games"}
    if first:  # deals first … first + deals - 1: fresh deals for a check made after tuning
        settings["first"] = first
    record: dict[str, Any] = {"name": name, "settings": settings, "command": command,
                              "results": []}
    if path.exists():
        old = json.loads(path.read_text())
        if old.get("settings") == settings:
            record["results"] = [r for r in old["results"]
                                 if first <= r["deal"] < first + deals]
    done = {r["deal"] for r in record["results"]}
    todo = [deal for deal in range(first, first + deals) if deal not in done]
    if play is None:
        def play(deals: Iterable[int]) -> Iterator[dict[str, Any]]:
            return (measured_deal(deal, hero, baseline, fmt, seed) for deal in deals)
    for result in play(todo):
        deal = result["deal"]
        record["results"].append(result)
        record["results"].sort(key=lambda r: r["deal"])
        margins = [r["margin"] for r in record["results"]]
        mean, sd, se = summary(margins)
        record["summary"] = {"deals": len(margins), "mean": mean, "sd": sd, "se": se}
        save(path, record)
        if not quiet:
            print(f"  deal {deal}: margin {result['margin']:+.2f}; after {len(margins)} deals "
                  f"{mean:+.3f} ± {se:.3f} ({result['cpu_seconds']:.1f} CPU s)",
                  file=sys.stderr, flush=True)
    report(record)
    return record


def report(record: dict[str, Any]) -> None:
    """Print how each side was driven, its CPU per decision and the margin."""
    settings, results = record["settings"], record["results"]
    print(f"\nHearts match {record['name']!r}: {len(results)} duplicate deals, format "
          f"{settings['format']} (hero's seats per game: {settings['seatings']})")
    print(f"  command: {record['command']}")
    play_means = {}
    for role in ("hero", "baseline"):
        side = settings[role]
        times: dict[str, list[float]] = {}
        for r in results:
            for phase, cpu in r["cpu_ms"].get(role, {}).items():
                times.setdefault(phase, []).extend(t / 1000 for t in cpu)
        driven = ", ".join(f"{k}={v}" for k, v in side.items() if k != "label")
        print(f"  {role}: {side['label']} ({driven})")
        print(f"    CPU per decision: {cpu_line(times)}")
        play_means[role] = statistics.fmean(times["play"]) if times.get("play") else 0.0
    if not results:
        return
    if play_means["hero"] > 0:
        print(f"  baseline's mean CPU per play decision / hero's: "
              f"{play_means['baseline'] / play_means['hero']:.2f}")
    mean, sd, se = summary([r["margin"] for r in results])
    seat_points = [0.0] * PLAYERS
    for r in results:
        for game in r["games"]:
            for s in range(PLAYERS):
                seat_points[s] += game["points"][s]
    games_count = sum(len(r["games"]) for r in results)
    print("  points per hand by seat: " + ", ".join(
        f"{SEATS[s]} {seat_points[s] / games_count:.2f}" for s in range(PLAYERS)))
    print(f"  margin (baseline's points minus hero's, per player and hand): {mean:+.3f} ± "
          f"{se:.3f} (one standard error over {len(results)} deals; SD of a deal {sd:.2f}); "
          f"{'beyond' if abs(mean) > 2 * se else 'within'} two standard errors of zero")


# --- calibration ------------------------------------------------------------------------

def calibrate(playouts: int, probe: int, games: int, args: argparse.Namespace) -> None:
    """The Monte Carlo bot's CPU per play decision at ``playouts`` (against the rule of
    thumb, as in the match) and IS-MCTS's simulations per CPU second at ``probe``
    simulations; prints the simulations for ten times the Monte Carlo bot's time."""
    clock = Clock()
    mc = monte_carlo(playouts, f"{args.seed}:calibrate")
    for deal in range(games):
        play_deal(1_000_000 + deal, mc, rule_of_thumb(), "swap", clock, "calibrate")
    mc_times = clock.times["hero"]
    mc_mean = statistics.fmean(mc_times["play"])
    print(f"monte-carlo {playouts}: {cpu_line(mc_times)}")
    clock = Clock()
    spiel = is_mcts(probe, f"{args.seed}:calibrate", args.uct_c, args.rollouts,
                    args.final_policy)
    for deal in range(games):
        play_deal(1_000_000 + deal, spiel, rule_of_thumb(), "swap", clock, "calibrate")
    rate = probe / statistics.fmean(clock.times["hero"]["play"])
    print(f"is-mcts {probe}: {cpu_line(clock.times['hero'])}; {rate:,.0f} simulations per "
          "CPU second over its play decisions (its passes are the rule of thumb's)")
    print(f"ten times the Monte Carlo bot's mean CPU per play decision ({mc_mean * 1000:.1f} "
          f"ms): is-mcts:{round(10 * mc_mean * rate)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("match", "calibrate"))
    parser.add_argument("name", nargs="?", help="the match's name (its results file)")
    parser.add_argument("--hero", default="monte-carlo:100")
    parser.add_argument("--baseline", default="rule-of-thumb")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0,
                        help="match: the first deal's number (fresh deals for a check)")
    parser.add_argument("--format", choices=sorted(FORMATS), default="swap")
    parser.add_argument("--seed", default="0", help="the bots' seed (the deals never change)")
    parser.add_argument("--uct-c", type=float, default=26.0)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--final-policy", default="MAX_VISIT_COUNT",
                        choices=("MAX_VISIT_COUNT", "NORMALIZED_VISIT_COUNT", "MAX_VALUE"))
    parser.add_argument("--playouts", type=int, default=100, help="calibrate: Monte Carlo's")
    parser.add_argument("--probe", type=int, default=2000, help="calibrate: IS-MCTS's")
    parser.add_argument("--games", type=int, default=2, help="calibrate: deals per bot")
    parser.add_argument("--workers", type=int, default=1,
                        help="match: processes playing deals side by side (CPU per decision "
                             "is each process's own)")
    args = parser.parse_args(argv)
    if args.command == "calibrate":
        calibrate(args.playouts, args.probe, args.games, args)
        return
    if not args.name:
        parser.error("match needs a NAME (results go to hearts-match-NAME.json)")
    hero = parse_side(args.hero, "hero", args)
    baseline = parse_side(args.baseline, "baseline", args)
    command = "nice -n 5 .venv/bin/python benchmarks/hearts_match.py " + shlex.join(
        sys.argv[1:] if argv is None else list(argv))
    if args.workers < 2:
        run_match(args.name, hero, baseline, args.deals, args.format, args.seed, command,
                  first=args.first)
        return
    with ProcessPoolExecutor(args.workers, initializer=_start_worker,
                             initargs=(args,)) as pool:
        run_match(args.name, hero, baseline, args.deals, args.format, args.seed, command,
                  play=lambda deals: pool.map(_worker_deal, deals), first=args.first)


if __name__ == "__main__":
    main()
