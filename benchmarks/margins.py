"""Every game's strongest bot against its rule of thumb: the margin, with its standard error.

Run:  nice -n 10 .venv/bin/python benchmarks/margins.py [--game hearts] [--deals 40] [--out F]

At each game's default deal count the whole run takes about 14 minutes of one core: Hearts
4 min, Diamonds 1, Diam's 7, Cruce 2, Black Diamond nothing (it reads files).

Issue 31 asks that in every game the strongest bot (the first of the game's ``BOTS``, the
one the coach uses) beat the rule-of-thumb bot by a margin printed with its standard error.
One harness measures all four card games the same way:

* **Paired deals.**  Each seeded deal is played once per side of the table: the hero (the
  strongest bot) takes each side in turn (``state.teams``: a seat alone, or Cruce's
  partners), rule-of-thumb bots the rest.  So every seat of the deal, its cards and its place
  in the bidding or passing order, is played once by the hero, and the deal's luck cancels.
* **The margin** of one table is the hero side's mean score minus the other seats' mean, in
  the game's own unit, signed so that positive means the hero did better (Hearts' points
  are bad, so there it is the others' points minus the hero's).  A deal's margin is the mean
  over its tables, and the match's margin is the mean over deals with the standard error of
  that mean (``stats.paired``): the deals are independent, the tables of a deal are not.
* **The self-check** runs the rule of thumb against itself through the same harness.  That
  bot draws no chance, so all tables of a deal are one game and every deal's margin must be
  exactly 0 (the arithmetic is done in fractions): a harness that favoured a side or a seat
  would show here.
* **CPU per decision** of each side (``time.process_time`` around each ``choose``), so a
  margin can be read against what it costs; the strongest bots hand some phases (passing,
  bidding) to the rule of thumb, and those decisions count for the hero too.

What a deal is, per game, and why, is in ``MATCHES`` (printed with the results).  Black
Diamond is a solitaire: there the strongest blind player and the rule-of-thumb player
have already played seeds 1..1000 (``benchmarks/results/player-*-1000.jsonl``), and the
paired difference in wins per deal is read from those files, with McNemar's counts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stats import Paired, mcnemar, paired, percentile  # noqa: E402  (benchmarks/ on sys.path)

from cardlib import games  # noqa: E402
from cardlib.bots import Bot, BotKind  # noqa: E402
from cardlib.protocol import GameState  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
RULE_OF_THUMB = "rule-of-thumb"
"""The ``BotKind`` name of every card game's rule-of-thumb bot."""


@dataclass(frozen=True)
class Match:
    """How one game is measured: the table, how much of a game is one deal, and the unit."""

    game: str
    players: int
    unit: str
    deal: str
    """What one deal is, and why (printed with the results)."""
    options: dict[str, Any] = field(default_factory=dict)
    hands: int | None = None
    """Stop after this many hands (the margin is then per hand); None plays the game out."""
    lower_is_better: bool = False
    deals: int = 40
    """The default number of deals (each played once per side)."""


MATCHES: dict[str, Match] = {match.game: match for match in (
    Match("hearts", 4, "points a hand",
          "the first four hands of a seeded game, one of each pass (left, right, across, "
          "none), with the end score raised out of reach so that every table plays all four: "
          "a game to 50 lasts as long as its play decides, so two tables of one seed would "
          "see different hands; the bots read the totals only for the moon choice, which the "
          "default rules do not offer",
          options={"end_score": 10**6}, hands=4, lower_is_better=True, deals=40),
    Match("diamonds", 4, "points a game",
          "a whole game (4 rounds at 4 players): its length is fixed, every round's cards and "
          "dealer follow from the seed, and crystals carry over from round to round",
          deals=20),
    Match("diams", 2, "chips a game",
          "a whole game (three rounds at 2 players): chips are scored once per game, and the "
          "draw pile follows from the seed, so both tables meet the same cards",
          deals=40),
    Match("cruce", 4, "game points a hand",
          "one hand (the bidding and 24 cards, partners opposite): a game to 21 lasts as long "
          "as its play decides, so two tables of one seed would see different later hands; "
          "the bots do not read the totals",
          hands=1, deals=400),
)}


@dataclass
class Side:
    """One side of a match: its kind of bot and the CPU seconds of each of its decisions."""

    kind: BotKind
    seconds: list[float] = field(default_factory=list)
    scores: list[Fraction] = field(default_factory=list)
    """Its seats' mean score at each table it played (in the match's unit, unsigned)."""

    def score(self) -> float:
        return float(sum(self.scores) / len(self.scores)) if self.scores else float("nan")

    def cpu(self) -> str:
        """CPU per decision: median, mean and 95th percentile, in milliseconds."""
        s = self.seconds
        if not s:
            return "no decisions"
        return (f"median {percentile(s, 50) * 1e3:.1f} ms, mean {sum(s) / len(s) * 1e3:.1f} ms, "
                f"95th percentile {percentile(s, 95) * 1e3:.1f} ms ({len(s)} decisions)")


@dataclass
class Result:
    """A match's per-deal margins (exact fractions) and each side's decision times."""

    match: Match
    hero: Side
    field: Side
    margins: list[Fraction] = field(default_factory=list)

    @property
    def summary(self) -> Paired:
        return paired([float(m) for m in self.margins])


def play(start: GameState, bots: dict[int, Bot], sides: dict[int, Side],
         hands: int | None) -> GameState:
    """Play ``start`` until it ends or ``hands`` hands are finished, timing each decision
    in the CPU seconds of its seat's side."""
    state = start
    while not state.is_over and (hands is None or len(state.results) < hands):
        seat = state.to_move
        before = time.process_time()
        move = bots[seat].choose(state)
        sides[seat].seconds.append(time.process_time() - before)
        state = state.apply(move)
    return state


def deal_margin(match: Match, hero: Side, others: Side, deal: int) -> Fraction:
    """One deal's margin: the hero side's mean score minus the other seats', averaged over
    the tables (one per side of the table the hero takes), signed so + is the hero better."""
    game = games.get(match.game)
    start = game.new(seed=f"margins:{deal}", players=match.players, **match.options)
    sign = -1 if match.lower_is_better else 1
    total = Fraction(0)
    for table, heroes in enumerate(start.teams):
        def bot(seat: int, table: int = table, heroes: tuple[int, ...] = heroes) -> Bot:
            kind = hero.kind if seat in heroes else others.kind
            return kind.make(f"margins:{deal}:{table}:{seat}")

        seats = range(match.players)
        end = play(start, {s: bot(s) for s in seats},
                   {s: hero if s in heroes else others for s in seats}, match.hands)
        scores = [Fraction(score) for score in end.scores()]
        rest = [s for s in seats if s not in heroes]
        mine = sum(scores[s] for s in heroes) / len(heroes)
        theirs = sum(scores[s] for s in rest) / len(rest)
        per = len(end.results) if match.hands is not None else 1
        hero.scores.append(mine / per)
        others.scores.append(theirs / per)
        total += sign * (mine - theirs) / per
    return total / len(start.teams)


def kinds(game: str) -> tuple[BotKind, BotKind]:
    """The game's strongest bot (the first it lists, the coach's) and its rule of thumb."""
    listed = games.bots(game)
    thumb = next((kind for kind in listed if kind.name == RULE_OF_THUMB), None)
    if thumb is None:
        raise ValueError(f"{game}: no bot named {RULE_OF_THUMB!r} among "
                         f"{[kind.name for kind in listed]}")
    return listed[0], thumb


def run(match: Match, hero: BotKind, others: BotKind, deals: int,
        progress: Callable[[int], Any] = lambda n: range(n)) -> Result:
    """``hero`` against ``others`` on deals 0..deals-1 of ``match``."""
    result = Result(match, Side(hero), Side(others))
    for deal in progress(deals):
        result.margins.append(deal_margin(match, result.hero, result.field, deal))
    return result


def card_game(name: str, deals: int | None) -> dict[str, Any]:
    """Measure and print one card game: the strongest bot's margin and the self-check."""
    match = MATCHES[name]
    count = deals if deals is not None else match.deals
    strongest, thumb = kinds(name)
    bar = lambda label: lambda n: tqdm(range(n), desc=f"{name}: {label}", leave=False)  # noqa: E731
    main = run(match, strongest, thumb, count, bar(strongest.name))
    check = run(match, thumb, thumb, count, bar("self-check"))
    tables = len(games.get(name).new(seed=0, players=match.players, **match.options).teams)
    print(f"\n{games.get(name).title} at {match.players} players: {count} deals, each played "
          f"{tables} times (the hero taking each side in turn): {2 * count * tables} tables "
          "with the self-check")
    print(f"  a deal: {match.deal}")
    print(f"  unit: {match.unit}" + (", lower is better: signed so + means the first bot "
                                     "did better" if match.lower_is_better else ""))
    for side in (main.hero, main.field):
        print(f"  {side.kind.name}: {side.kind.doc}")
        print(f"    its seats' mean at these tables {side.score():.2f} {match.unit}; CPU per "
              f"decision {side.cpu()}")
    verdict = ("beats it by more than 2 SE" if main.summary.clear()
               else "does NOT beat it by more than 2 SE")
    print(f"  {strongest.name} − {thumb.name}: {main.summary.text()} {match.unit} "
          f"(one SE over {count} deals; {main.summary.ratio:+.1f} SE): {verdict}")
    zero = sum(m == 0 for m in check.margins)
    print(f"  self-check {thumb.name} − {thumb.name}: {check.summary.text()} {match.unit}; "
          f"{zero} of {count} deals exactly 0")
    return {"game": name, "players": match.players, "deals": count, "tables_per_deal": tables,
            "unit": match.unit, "deal": match.deal, "hero": strongest.name,
            "field": thumb.name, "margin": main.summary.mean, "se": main.summary.error,
            "hero_score": main.hero.score(), "field_score": main.field.score(),
            "hero_cpu_ms_median": percentile(main.hero.seconds, 50) * 1e3,
            "field_cpu_ms_median": percentile(main.field.seconds, 50) * 1e3,
            "self_check": check.summary.mean, "self_check_zero_deals": zero}


BLIND_PLAYERS = ("margin", "sampling8", "sampling", "heuristic", "random")
"""The shipped blind players' result files, ``player-<name>-1000.jsonl``."""
BLIND_STRONGEST, BLIND_THUMB = "margin", "heuristic"


def blind_games(name: str) -> dict[int, dict[str, Any]]:
    """Seed -> its line, for the shipped 1000-deal study of blind player ``name``."""
    from solvers.study import load

    return {row["seed"]: row for row in load(RESULTS / f"player-{name}-1000.jsonl")}


def blind_wins(name: str) -> dict[int, bool]:
    """Seed -> won, for the shipped 1000-deal study of blind player ``name``."""
    return {seed: row["verdict"] == "win" for seed, row in blind_games(name).items()}


def black_diamond() -> dict[str, Any]:
    """The strongest shipped blind player against the rule-of-thumb player on the same
    seeds, read from the shipped files (no play)."""
    print("\nBlack Diamond (solitaire): players who do not see the decks, seeds 1..1000 from "
          "benchmarks/results/player-*-1000.jsonl; a deal is one seed, one whole game")
    for name in BLIND_PLAYERS:
        rows = blind_games(name).values()
        won = sum(row["verdict"] == "win" for row in rows)
        cpu = sum(row["cpu_seconds"] for row in rows) / len(rows)
        print(f"  {name:<10} {won:>4} won of {len(rows)}; {cpu:.2f} s of CPU a game")
    best, thumb = blind_wins(BLIND_STRONGEST), blind_wins(BLIND_THUMB)
    if set(best) != set(thumb):
        raise ValueError(f"the {BLIND_STRONGEST} and {BLIND_THUMB} files cover different "
                         "seeds: no pairing")
    seeds = sorted(best)
    a, b = [best[s] for s in seeds], [thumb[s] for s in seeds]
    diff = paired([float(x) - float(y) for x, y in zip(a, b, strict=True)])
    table = mcnemar(a, b)
    verdict = "beats it by more than 2 SE" if diff.clear() else "does NOT beat it by more than 2 SE"
    print(f"  {BLIND_STRONGEST} − {BLIND_THUMB}: {diff.text(3)} wins a deal (paired, one SE "
          f"over {len(seeds)} seeds; {diff.ratio:+.1f} SE): {verdict}")
    print(f"  McNemar: both won {table.both}, only {BLIND_STRONGEST} {table.only_a}, only "
          f"{BLIND_THUMB} {table.only_b}, neither {table.neither}; exact two-sided "
          f"p = {table.p_value:.2g}")
    return {"game": "black-diamond", "deals": len(seeds), "hero": BLIND_STRONGEST,
            "field": BLIND_THUMB, "margin": diff.mean, "se": diff.error,
            "mcnemar": vars(table) | {"p": table.p_value}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=[*MATCHES, "black-diamond"],
                        help="a game to measure (repeatable); default: all five")
    parser.add_argument("--deals", type=int, default=None,
                        help="deals per card game (default: each game's own, in MATCHES)")
    parser.add_argument("--out", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args()
    if args.deals is not None and args.deals < 2:
        parser.error(f"--deals {args.deals}: a standard error needs at least 2 deals")
    chosen = args.game or [*MATCHES, "black-diamond"]
    figures = [black_diamond() if name == "black-diamond" else card_game(name, args.deals)
               for name in chosen]
    if args.out:
        args.out.write_text(json.dumps({"command": " ".join(sys.argv), "games": figures},
                                       indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
