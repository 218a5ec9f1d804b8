"""A decision-level test bench for blind Black Diamond players (issue 28 §1).

Whole games are a costly yardstick: a blind player wins about 60 % of them, so 1000 games
(an hour of both cores) resolve about ±3 points, and most of each game's decisions are
ones every sensible move wins.  The games are lost at a few *critical* decisions: the
position is still won (the exact search, seeing both decks, says so) and at least one
legal move loses it.  This bench keeps only those and asks each player to decide them
again, so two players are compared on the decisions that matter, paired:

    python benchmarks/blind_decisions.py collect --first 5001 --games 300 \\
        --out /work/exp/decisions/critical.jsonl
    python benchmarks/blind_decisions.py compare --decisions /work/exp/decisions/critical.jsonl \\
        --cache /work/exp/decisions/choices.jsonl margin margin:late=12 late-short

``collect`` lets :class:`solvers.blind.MarginPlayer` (default parameters) play deals from
seed 5001 on, away from the published seeds 1..1000 so nothing is tuned on them.  While
its position is won, the exact search judges every legal move (``--seconds`` CPU a
search).  A decision with a winning and a losing move and no undecided one is critical;
it is stored with the moves that led to it (JSON), so the state and the player's
:class:`~solvers.policies.Sight` can be rebuilt by replaying from ``GAME.new(seed)``.  The
game stops being followed once the player has lost it (no critical decision can follow).
One JSON line per deal, with its critical decisions in a list; a rerun skips the deals it
holds.

``compare`` re-decides every stored decision with each player spec (``margin``,
``margin:late=12,samples=6``, or a variant class of this file such as ``late-short``).
Chance is seeded by the deal and step alone, the same for every player, so the comparison
is paired; each choice is cached (``--cache``), so adding a player later costs only that
player.  Per player it prints the blunder rate (chosen move loses) with its standard
error, CPU seconds per decision and McNemar's counts against the first player, overall and
by black cards left to draw.

Why a blunder rate predicts games: a won game is lost at its first blunder, so the chance
of losing is about the sum of the blunder chances over the critical decisions a game
meets (``critical_per_game`` in ``collect``'s tally, times the rate).

What it does not see: a blunder is judged by a search that sees the decks, so a move that
keeps the position won for such a player but leaves one hard to play blind counts as good.
The middle stage of :class:`solvers.blind.MarginPlayer` halved the blunders at 12-14 black
cards left, which this reckoning turns into 3 to 7 points more games won; whole games gave
2.8 (its docstring has the counts), at the low end.  ``blind_gap.py``, judging every deal
each player lost on seeds 1..1000, puts the gain where this bench saw it: 25 fewer games
lost with 12-14 cards to draw (152 to 127), and none of them lost later instead (141 to
138 with 10 or fewer).  Still, a lead here is a candidate for whole games, not a result.

What it has ruled out (530 decisions of seeds 5001..5129; "better/worse" are the McNemar
counts against the player named): with 16 or more black cards left, nothing beat the
margin player's 4 samples (9 blunders of 75): 8 samples 9 (2/2), 12 samples 13 (1/5), 3
and 2 samples 10 and 12, a margin of 5 11, 16,383 states a search 10; the middle stage's
settings there 13 (2/6), and at 16 alone 12 (1/4).  With 12-14 left the middle stage (9 of
77) beat 24 deals (13) and a margin of 3 with 16 deals (11); a margin of 1 tied (9).  With
10 or fewer left every player tried blunders 11 times of 378 (more late samples, the ties
broken with a diamond fewer: ``late-short``, 1/1), but one: the middle stage's settings
at 10, 14 (0/3).
Trusting a vote only when it is clear (``slack``) lost everywhere.  So this family of
players sits at a plateau of this yardstick, at every stage.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from stats import mcnemar, paired  # noqa: E402  (benchmarks/ is on sys.path)

from cardlib.blackdiamond import (  # noqa: E402
    GAME,
    BlackDiamondState,
    Move,
    move_from_json,
    move_to_json,
)
from solvers import blind, policies, search, study  # noqa: E402
from solvers.policies import Sight  # noqa: E402

BANDS = (("<=10", 0, 10), ("12-14", 11, 14), (">=16", 15, 99))
"""Black cards left to draw (always even at a decision), in the stages the gap analysis
found: the margin player's late mode (10 or fewer), just before it (where half its lost
games were lost), earlier."""


# --- variants to try (experiments; the shipped player stays in solvers/blind.py) -----------

@dataclass
class LateShortTies(blind.MarginPlayer):
    """The margin player, but in late mode a tie between leading moves (each won every
    deal it was tried in, say) is broken by the same deals with one diamond fewer, before
    falling back on the rules of thumb: the move that needs less of the budget."""

    name: ClassVar[str] = "late-short"

    def late_choice(self, sight: Sight, order: list[Move], rng: random.Random) -> Move:
        votes = dict.fromkeys(order, 0.0)
        deals: list[BlackDiamondState] = []
        for left in range(self.late_samples - 1, -1, -1):
            deals.append(sight.sample(rng))
            for move, won in self.votes(order, deals[-1:]).items():
                votes[move] += won
            if policies.SamplingPlayer.settled(order, votes, left):
                break
        best = max(votes.values())
        tied = [move for move in order if votes[move] == best]
        if len(tied) > 1 and best > 0 and sight.view.diamonds_left > 1:
            short = self.votes(tied, [blind.short_of(deal, 1) for deal in deals])
            return policies.SamplingPlayer.leader(tied, short)
        return policies.SamplingPlayer.leader(order, votes)


@dataclass
class SlackVotes(blind.MarginPlayer):
    """The margin player, but before the late stage every move within ``slack`` votes of
    the most-voted one counts as level with it, and the rules of thumb choose among them:
    a vote decides only when it is clear.  (Without ``race``, which would drop them.)
    Measured worse: with 16 or more black cards left 11 blunders of 75 against 9 (0 better,
    2 worse; 12 samples with a slack of 1 or 2: 12, 0/3); with 12-14 left the middle stage
    with a slack of 1 13 of 77 against 9 (1/5), with 2 15 (1/7).  The votes know better
    than the rules of thumb even when they are close."""

    slack: int = 1
    name: ClassVar[str] = "slack"

    def pick(self, order: list[Move], votes: dict[Move, float]) -> Move:
        best = max(votes.values())
        return next(move for move in order if votes[move] >= best - self.slack)


VARIANTS: dict[str, type] = {"late-short": LateShortTies, "slack": SlackVotes}
"""Experimental players of this bench, by the name a spec gives them."""


def make_player(spec: str) -> policies.Policy:
    """A player from a spec: ``name`` or ``name:param=value,param=value`` (whole numbers),
    the name one of :data:`VARIANTS` or a player of :mod:`solvers.policies` / ``blind``."""
    name, _, text = spec.partition(":")
    params = {k: int(v) for k, v in (p.split("=", 1) for p in text.split(",") if p)}
    cls = VARIANTS.get(name) or policies.player_class(name)
    return cls(**params)


# --- collecting critical decisions ----------------------------------------------------------

def critical_decisions(seed: int, seconds: float = 2.0) -> dict[str, Any]:
    """The margin player plays ``seed`` as :func:`solvers.policies.play` would (same seeded
    chance), the search judging every legal move while the game is still won; one row with
    the deal's critical decisions and what the judging found."""
    player = blind.MarginPlayer()
    began = time.process_time()
    state = GAME.new(seed)
    sight = Sight.start(state.view(), state.options)
    rng = random.Random(f"{player.name}:{seed}")
    status = search.solve(state, time_limit=seconds).verdict
    prefix: list[dict[str, str]] = []
    found: list[dict[str, Any]] = []
    decisions = choices = 0
    player_cpu = 0.0
    while not state.is_over and status != "loss":
        legal = state.legal_moves()
        tick = time.process_time()
        move = player.choose(sight, legal, rng)
        player_cpu += time.process_time() - tick
        decisions += 1
        if len(legal) == 1 and status == "win":
            judged = {move: "win"}  # the only move of a won position wins
        else:
            judged = {m: blind.verdict_of(state.apply(m), seconds) for m in legal}
        choices += len(legal) > 1
        verdicts = set(judged.values())
        if len(legal) > 1 and verdicts == {"win", "loss"}:
            view = state.view()
            found.append({
                "seed": seed, "step": len(prefix) + 1, "prefix": list(prefix),
                "black_left": view.black_left, "diamonds_left": view.diamonds_left,
                "hand": len(view.hand), "choices": len(legal),
                "winners": [move_to_json(m) for m in legal if judged[m] == "win"],
                "losers": [move_to_json(m) for m in legal if judged[m] == "loss"],
                "margin_choice": move_to_json(move), "margin_blunder": judged[move] == "loss",
                "kind": blind.kind_of(move)})
        status = judged[move]
        state = state.apply(move)
        sight = sight.after(move, state.view())
        prefix.append(move_to_json(move))
    return {"seed": seed, "end": "win" if state.outcome == "win" else status,
            "decisions": decisions, "choices": choices, "critical": found,
            "player_cpu": round(player_cpu, 6),
            "cpu_seconds": round(time.process_time() - began, 6),
            "solver_version": search.VERSION}


def collect(first: int, games: int, out: Path, seconds: float) -> None:
    study.cut_torn_tail(out)
    done = {row["seed"] for row in study.read_rows(out)}
    todo = [seed for seed in range(first, first + games) if seed not in done]
    with study.LineWriter(out) as writer:
        bar = tqdm(todo, desc="critical decisions", unit="deal")
        for seed in bar:
            writer.write(critical_decisions(seed, seconds))
    print_collection(study.read_rows(out))


def print_collection(rows: list[dict[str, Any]]) -> None:
    """How many decisions, from how many deals, and the margin player's record on them."""
    decisions = [d for row in rows for d in row["critical"]]
    blunders = sum(d["margin_blunder"] for d in decisions)
    lost = sum(row["end"] == "loss" for row in rows)
    cpu = sum(row["cpu_seconds"] for row in rows)
    print(f"{len(decisions)} critical decisions from {len(rows)} deals "
          f"({len(decisions) / max(1, len(rows)):.2f} a deal); the margin player lost "
          f"{lost} deals, {blunders} of them at a critical decision; "
          f"{cpu / 60:.1f} CPU min (player {sum(r['player_cpu'] for r in rows) / 60:.1f})")


# --- comparing players on them --------------------------------------------------------------

def rebuild(decision: dict[str, Any]) -> tuple[BlackDiamondState, Sight]:
    """The state and the margin player's sight at a stored decision, by replaying its
    prefix from the deal (the sight sees only what a player would have seen)."""
    state = GAME.new(decision["seed"])
    sight = Sight.start(state.view(), state.options)
    for text in decision["prefix"]:
        move = move_from_json(text)
        state = state.apply(move)
        sight = sight.after(move, state.view())
    return state, sight


def key_of(decision: dict[str, Any]) -> str:
    return f"{decision['seed']}:{decision['step']}"


def decide(spec: str, decision: dict[str, Any]) -> dict[str, Any]:
    """``spec``'s choice at one stored decision, with its chance seeded by the decision
    alone (the same for every player) and the CPU it took."""
    state, sight = rebuild(decision)
    player = make_player(spec)
    rng = random.Random(f"decision:{key_of(decision)}")
    tick = time.process_time()
    move = player.choose(sight, state.legal_moves(), rng)
    cpu = time.process_time() - tick
    losers = {move_from_json(m) for m in decision["losers"]}
    return {"spec": spec, "key": key_of(decision), "move": move_to_json(move),
            "blunder": move in losers, "cpu": round(cpu, 6)}


def band_of(black_left: int) -> str:
    return next(name for name, low, high in BANDS if low <= black_left <= high)


def stored(path: Path) -> list[dict[str, Any]]:
    """Every critical decision in a ``collect`` file, in deal and step order."""
    rows = sorted(study.read_rows(path), key=lambda row: row["seed"])
    return [d for row in rows for d in row["critical"]]


def choices_of(specs: Sequence[str], decisions: list[dict[str, Any]], cache: Path
               ) -> dict[str, dict[str, dict[str, Any]]]:
    """Each spec's choice at each decision, from the cache or decided now (and cached)."""
    study.cut_torn_tail(cache)
    known: dict[str, dict[str, dict[str, Any]]] = {spec: {} for spec in specs}
    for row in study.read_rows(cache):
        if row["spec"] in known:
            known[row["spec"]][row["key"]] = row
    with study.LineWriter(cache) as writer:
        for spec in specs:
            todo = [d for d in decisions if key_of(d) not in known[spec]]
            for decision in tqdm(todo, desc=spec, unit="decision"):
                row = decide(spec, decision)
                writer.write(row)
                known[spec][row["key"]] = row
    return known


def rate_text(blunders: Sequence[bool]) -> str:
    count = len(blunders)
    if not count:
        return "-"
    rate = sum(blunders) / count
    error = math.sqrt(rate * (1 - rate) / count)
    return f"{100 * rate:5.1f} ± {100 * error:4.1f} %"


def versus(blunders: Sequence[bool], base: Sequence[bool]) -> str:
    """McNemar's counts against the base player (``better``: decisions only the base
    blundered) and the paired difference of blunder rates, in points, ± its SE."""
    table = mcnemar([not b for b in blunders], [not b for b in base])
    line = f"better {table.only_a:3d} worse {table.only_b:3d} p={table.p_value:.3f}"
    if len(blunders) > 1:
        diff = paired([100 * (int(a) - int(b)) for a, b in zip(blunders, base, strict=True)])
        line += f"  diff {diff.text(1)} pts"
    return line


def subsets(decisions: list[dict[str, Any]]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    yield "all", decisions
    for name, low, high in BANDS:
        yield name, [d for d in decisions if low <= d["black_left"] <= high]


def report(specs: Sequence[str], decisions: list[dict[str, Any]],
           known: dict[str, dict[str, dict[str, Any]]], per_game: float) -> None:
    """The table: blunder rate ± SE, CPU a decision, McNemar against the first spec."""
    base = specs[0]
    for label, part in subsets(decisions):
        keys = [key_of(d) for d in part]
        print(f"\n[{label}] {len(keys)} decisions")
        played = [d["margin_blunder"] for d in part]
        print(f"  {'(margin as played in its game)':32s} blunders {sum(played):4d}  "
              f"{rate_text(played)}")
        for spec in specs:
            blunders = [known[spec][k]["blunder"] for k in keys]
            cpu = sum(known[spec][k]["cpu"] for k in keys) / max(1, len(keys))
            line = f"  {spec:32s} blunders {sum(blunders):4d}  {rate_text(blunders)}  " \
                   f"cpu {cpu:6.3f} s/decision"
            if spec != base and keys:
                line += "  " + versus(blunders, [known[base][k]["blunder"] for k in keys])
            if label == "all" and keys and per_game:
                line += f"  ~games lost {100 * per_game * sum(blunders) / len(keys):.1f} %"
            print(line)


def compare(specs: Sequence[str], decisions_path: Path, cache: Path,
            limit: int | None, band: str | None = None) -> None:
    rows = study.read_rows(decisions_path)
    decisions = stored(decisions_path)
    if band is not None:  # where players differ: spend the CPU there only
        decisions = [d for d in decisions if band_of(d["black_left"]) == band]
    decisions = decisions[:limit]
    per_game = sum(len(row["critical"]) for row in rows) / max(1, len(rows))
    known = choices_of(specs, decisions, cache)
    if band is not None:
        per_game = 0.0  # the rate of one band does not scale to whole games
    print(f"{len(decisions)} critical decisions; {per_game:.2f} a deal on the margin "
          "player's path (games lost ≈ that × blunder rate)")
    report(specs, decisions, known, per_game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="store the margin player's critical decisions")
    gather.add_argument("--first", type=int, default=5001, help="first seed (not 1..1000)")
    gather.add_argument("--games", type=int, default=100)
    gather.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds the exact search gets per judged move")
    gather.add_argument("--out", type=Path, required=True)
    versus = commands.add_parser("compare", help="re-decide the stored decisions, per player")
    versus.add_argument("specs", nargs="+", help="name or name:param=value,... (first: base)")
    versus.add_argument("--decisions", type=Path, required=True)
    versus.add_argument("--cache", type=Path, required=True)
    versus.add_argument("--limit", type=int, default=None, help="only the first N decisions")
    versus.add_argument("--band", choices=[name for name, _, _ in BANDS], default=None,
                        help="only the decisions with this many black cards left to draw")
    args = parser.parse_args(argv)
    if args.command == "collect":
        if args.first <= 1000:
            parser.error("seeds 1..1000 are the published yardstick: collect elsewhere")
        collect(args.first, args.games, args.out, args.seconds)
    else:
        compare(args.specs, args.decisions, args.cache, args.limit, args.band)
    return 0


if __name__ == "__main__":
    sys.exit(main())
