"""Where a blind player's lost games were lost (issue 28 §1: the gap to 99.975 %).

    python benchmarks/blind_gap.py --player margin --lost-in \\
        benchmarks/results/player-margin-1000.jsonl \\
        --out benchmarks/results/blind-gap-margin.jsonl

The player replays each deal it lost (its shipped results file says which; the replay is
the same game, since a player's chance is seeded by its name and the deal) and the exact
search, seeing both decks, judges every decision (:func:`solvers.blind.turns`).  Verdicts
along a game can only go from ``win`` to ``loss``, never back, so a lost game that began
won has exactly one decision that turned a won position lost.  One JSON line per deal
says:

* ``decisions`` (moves made), ``choices`` (those with more than one legal move),
  ``winnable`` (decisions taken in a position still won), ``winnable_choices`` (of those,
  the ones with a choice), ``unknown`` (positions the search left undecided in
  ``--seconds``), ``lost_from_deal`` (the deal itself was lost: no player could win it);
* ``turn``, the decision that turned a won position lost: its step, move and kind
  (``outer``, ``inner``, ``centre``, ``replace``, ``clear``), how many legal moves there
  were, the stage (``black_left``: black cards still to draw; ``hand``; ``diamonds_left``)
  and the moves that would still have won there, with their kinds.  ``None`` when there
  is no clean ``win``-then-``loss`` step (lost from the deal, or an undecided step);
* ``seconds`` and ``cpu_seconds`` of the replay and its judging, and the search's version.

Every lost deal is judged, in a seeded random order (``--sample-seed``), so a run stopped
early has still covered a random sample; ``--sample N`` stops after the first N.  (The
shipped files judge them all: samples of 120 to 260 proved too small to compare players
stage by stage, their shares straying by about 20 deals per 1,000.)  The
file is resumable: a second run skips the deals it already holds.  Prints the tallies.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardlib.blackdiamond import GAME  # noqa: E402
from solvers import blind, policies, search, study  # noqa: E402

KINDS = ("outer", "inner", "centre", "replace", "clear")


def fatal(turns: list[blind.Turn]) -> blind.Turn | None:
    """The decision that turned a won position lost, or None if there is no clean one."""
    for turn in turns:
        if turn.after == "loss":
            return turn if turn.before == "win" else None
    return None


def judge(player: policies.Policy, seed: int, seconds: float = 2.0) -> dict[str, Any]:
    """One deal played by ``player`` and judged decision by decision (see the module
    docstring for the fields)."""
    began, cpu = time.perf_counter(), time.process_time()
    turns = blind.turns(player, seed, seconds)
    row: dict[str, Any] = {
        "seed": seed, "verdict": turns[-1].after if turns else "unknown",
        "decisions": len(turns), "choices": sum(t.choices > 1 for t in turns),
        "winnable": sum(t.before == "win" for t in turns),
        "winnable_choices": sum(t.before == "win" and t.choices > 1 for t in turns),
        "unknown": sum("unknown" in (t.before, t.after) for t in turns),
        "lost_from_deal": bool(turns) and turns[0].before == "loss",
        "turn": None,
    }
    found = fatal(turns)
    if found is not None:
        state = GAME.new(seed)
        for turn in turns[: found.step - 1]:
            state = state.apply(GAME.parse_move(turn.move))
        view = state.view()
        winners = [move for move in state.legal_moves()
                   if search.solve(state.apply(move), time_limit=seconds).verdict == "win"]
        row["turn"] = {"step": found.step, "move": found.move, "kind": found.kind,
                       "choices": found.choices, "black_left": view.black_left,
                       "hand": len(view.hand), "diamonds_left": view.diamonds_left,
                       "winners": [str(m) for m in winners],
                       "winner_kinds": sorted({blind.kind_of(m) for m in winners})}
    row.update(seconds=round(time.perf_counter() - began, 6),
               cpu_seconds=round(time.process_time() - cpu, 6),
               solver_version=search.VERSION)
    return row


def lost_seeds(results: Path) -> list[int]:
    """The deals a player's results file says it lost (or left undecided)."""
    return [row["seed"] for row in study.load(results) if row["verdict"] != "win"]


def sample_of(seeds: list[int], size: int | None, seed_text: str) -> list[int]:
    """A seeded random sample of ``seeds`` in the sampled order (all of them, shuffled the
    same way, when ``size`` is None or too large), so any prefix is a random sample."""
    order = sorted(seeds)
    random.Random(seed_text).shuffle(order)
    return order if size is None else order[:size]


def tally(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The gap file in figures: fatal decisions by kind and by stage, decisions still
    winnable, deals lost from the deal."""
    turns = [row["turn"] for row in rows if row["turn"]]
    by_stage = collections.Counter(min(t["black_left"] // 5 * 5, 20) for t in turns)
    return {
        "deals": len(rows), "fatal": len(turns),
        "lost_from_deal": sum(row["lost_from_deal"] for row in rows),
        "unclear": sum(not row["turn"] and not row["lost_from_deal"] for row in rows),
        "by_kind": {kind: sum(t["kind"] == kind for t in turns) for kind in KINDS},
        "by_stage": dict(sorted(by_stage.items(), reverse=True)),
        "winnable": [row["winnable"] for row in rows],
        "winnable_choices": [row["winnable_choices"] for row in rows],
        "choices": [row["choices"] for row in rows],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="margin", help="a player of solvers.policies/blind")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a whole-number parameter of the player (repeatable)")
    parser.add_argument("--lost-in", type=Path, required=True,
                        help="the player's results file: its lost deals are judged")
    parser.add_argument("--sample", type=int, default=None, help="judge this many of them")
    parser.add_argument("--sample-seed", default="blind-gap")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds the search gets per position")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    params = dict(p.split("=", 1) for p in args.param)
    player = policies.player_class(args.player)(**{k: int(v) for k, v in params.items()})
    seeds = sample_of(lost_seeds(args.lost_in), args.sample, args.sample_seed)
    study.cut_torn_tail(args.out)
    done = {row["seed"] for row in study.read_rows(args.out)}
    with study.LineWriter(args.out) as out:
        for seed in tqdm([s for s in seeds if s not in done], desc=f"gap {args.player}",
                         unit="deal"):
            row = judge(player, seed, args.seconds)
            row.update(player=args.player, params=params)
            out.write(row)
    rows = [row for row in study.load(args.out) if row["seed"] in set(seeds)]
    figures = tally(rows)
    print(f"{args.player}: {figures['deals']} lost deals judged; {figures['lost_from_deal']} "
          f"lost from the deal, {figures['unclear']} with an undecided step, "
          f"{figures['fatal']} with one decision that lost a won game")
    print("  that decision, by kind:", figures["by_kind"])
    print("  by black cards still to draw (5-wide bins, 20 = 20 or more):", figures["by_stage"])
    for what in ("winnable", "winnable_choices", "choices"):
        values = sorted(figures[what])
        if values:
            print(f"  {what} per deal: median {values[len(values) // 2]}, "
                  f"range {values[0]}-{values[-1]}")
    cpu = sum(row["cpu_seconds"] for row in rows)
    print(f"  {cpu / 60:.1f} min of one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
