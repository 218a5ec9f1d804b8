"""Benchmark the exact Black Diamond solver on seeds 1..N, or on the hard deals.

    python benchmarks/black_diamond.py 1000 --time-limit 10 --out bd.jsonl
    python benchmarks/black_diamond.py 1000 --previous a85dfa4
    python benchmarks/black_diamond.py --losses --previous a85dfa4

Prints the verdicts (win rate, losses, unknowns), the median / 90th percentile / maximum
solve time and node count, and the speed-up of :mod:`solvers.search` over the plain
engine search :mod:`solvers.simple_search`, both measured in this run on the same machine:
the plain search gets ``--simple-budget`` seconds on each of the first ``--simple-deals``
deals, and the ratio is taken on the deals it finished (both must agree on those); then
both decide late positions of those deals (10 cards to go, three random moves off a won
line), where the plain search has to exhaust the lost ones.
Timing is never asserted anywhere; it is only printed, as ratios against that baseline.

``--previous REV`` also runs ``solvers/search.py`` as it was at git revision REV (loaded
by ``benchmarks/previous.py``) on every deal, right before the current one, in this
process: both versions are driven the same way (``solve(deal, time_limit=...)``, one
deal at a time, same machine, same load), and the percentiles of both are printed.

``--losses`` runs the hard set ``benchmarks/hard_deals.json`` (mostly lost deals, see
``benchmarks/make_hard_deals.py``) instead of seeds: per deal, the previous version
(default a85dfa4) then the current one, with verdict, seconds and nodes for both and
their ratios; a verdict that differs from the other version's or from the file's is
reported and fails the run.  ``--plain`` adds a third column: the current search run as
plain Python (``benchmarks/previous.py`` loads its source), so that what Cython's compile
of the search buys (``setup.py``) stands apart from what a change to the search buys.
The deals marked ``held_out`` are left out: they are for measuring a change once it is
done, never for tuning one (issue 28 §3); ``--held-out`` runs them, and only them.

``--player NAME --seeds A..B --out FILE`` lets a player who does not see the decks play
each deal instead (a player of :mod:`solvers.policies` or :mod:`solvers.blind`, with its
parameters as ``--param name=value``), through the same resumable study harness as
``python -m solvers study --player`` (:func:`solvers.study.run`), and prints its win rate
with the Wilson interval and its CPU seconds per game::

    python benchmarks/black_diamond.py --player margin --param samples=4 \
        --seeds 1..1000 --workers 1 --out benchmarks/results/player-margin-1000.jsonl

Every run first says whether the current search is the compiled one.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from previous import load_plain_search, load_search  # noqa: E402
from stats import percentile  # noqa: E402  (benchmarks/ is on sys.path)

from cardlib.blackdiamond import BlackDiamond, deal_from_seed  # noqa: E402
from solvers import positions, search, simple_search  # noqa: E402

HARD_DEALS = Path(__file__).resolve().parent / "hard_deals.json"


def summarise_previous(revision: str, before: list[dict], rows: list[dict]) -> None:
    """Percentiles of the previous version next to the current one (same deals, same run)."""
    for label, which in ((f"at {revision}", before), ("current", rows)):
        times = [r["seconds"] for r in which]
        print(f"  {label:>14}: time s median {statistics.median(times):.3f}  "
              f"p90 {percentile(times, 90):.3f}  max {max(times):.3f}  "
              f"total {sum(times):.1f}")
    changed = [r["seed"] for r, b in zip(rows, before, strict=True)
               if r["verdict"] != b["verdict"]]
    print(f"  verdicts that differ from {revision}: {changed or 'none'}")


def describe_current() -> str:
    """Which form of the current search runs: compiled (``setup.py``) or plain Python."""
    if search.COMPILED:
        return f"current search: compiled by Cython ({Path(search.__file__).name})"
    return "current search: plain Python (not compiled: no C compiler at install?)"


def hard_deals(held_out: bool = False) -> list[dict[str, Any]]:
    """The entries of ``hard_deals.json`` to run: the tuning set, or with ``held_out`` only
    the deals held out of tuning."""
    return [entry for entry in json.loads(HARD_DEALS.read_text())
            if entry.get("held_out", False) == held_out]


def compare_hard(revision: str, time_limit: float, plain: bool, held_out: bool = False) -> int:
    """The hard deals, previous version then current one on each (see the docstring): the
    tuning set, or with ``held_out`` the deals held out of tuning."""
    previous = load_search(revision)
    plain_search = load_plain_search() if plain else None
    hard = hard_deals(held_out)
    print(f"{'held-out' if held_out else 'hard'} deals ({len(hard)}), time limit "
          f"{time_limit:g} s; per deal {revision} "
          f"(plain Python) first, {'then the current source as plain Python, ' if plain else ''}"
          f"then the current search, each as solve(deal, time_limit)")
    print(f"{'deal':22} {'verdict':8} {'before s':>9} "
          f"{'plain s':>8} " * plain + f"{'after s':>8} {'ratio':>6} "
          f"{'before nodes':>13} {'after nodes':>12}")
    bad = 0
    for entry in hard:
        old = previous.solve(entry["deal"], time_limit=time_limit)
        runs = [old]
        if plain_search is not None:
            runs.append(plain_search.solve(entry["deal"], time_limit=time_limit))
        new = search.solve(entry["deal"], time_limit=time_limit)
        runs.append(new)
        flag = ""
        verdicts = {run.verdict for run in runs} | {entry["verdict"]}
        if len(verdicts) > 1:
            flag = f"  VERDICT: file {entry['verdict']}, " + ", ".join(r.verdict for r in runs)
            bad += "unknown" not in verdicts
        if len({run.nodes for run in runs[1:]}) > 1:
            flag += "  NODES differ between plain and compiled"
            bad += 1
        seconds = " ".join(f"{run.seconds:{9 if i == 0 else 8}.2f}" for i, run in enumerate(runs))
        print(f"{entry['name']:22} {new.verdict:8} {seconds} "
              f"{old.seconds / max(new.seconds, 1e-6):5.1f}x {old.nodes:13,} "
              f"{new.nodes:12,}{flag}", flush=True)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, nargs="?", help="solve seeds 1..N")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--time-limit", type=float,
                        help="seconds per deal for the exact search (default 10; "
                             "600 with --losses)")
    parser.add_argument("--simple-deals", type=int, default=20,
                        help="deals the plain search is tried on (default 20; 0: no baseline)")
    parser.add_argument("--simple-budget", type=float, default=2.0,
                        help="seconds the plain search gets per deal (default 2)")
    parser.add_argument("--out", type=Path, help="write one JSON line per seed here")
    parser.add_argument("--previous", metavar="REV",
                        help="also time solvers/search.py at git revision REV on each deal")
    parser.add_argument("--losses", action="store_true",
                        help="run the hard deals (benchmarks/hard_deals.json) instead of "
                             "seeds, against --previous (default a85dfa4)")
    parser.add_argument("--held-out", action="store_true",
                        help="with --losses, run the deals held out of tuning instead")
    parser.add_argument("--plain", action="store_true",
                        help="with --losses, also run the current search as plain Python")
    parser.add_argument("--player", help="a player who does not see the decks plays each "
                        "deal of --seeds (margin, sampling, heuristic, random)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a whole-number parameter of --player (repeatable)")
    parser.add_argument("--seeds", default="1..1000", help="with --player (default 1..1000)")
    parser.add_argument("--workers", type=int, default=1, help="with --player (default 1)")
    args = parser.parse_args(argv)
    print(describe_current())
    if args.player:
        if args.out is None:
            parser.error("--player needs --out (the study file, resumable)")
        return play_study(args.player, parse_params(parser, args.param), args.seeds,
                          args.out, args.workers)
    if args.losses:
        return compare_hard(args.previous or "a85dfa4", args.time_limit or 600.0, args.plain,
                            args.held_out)
    if args.n is None:
        parser.error("give N (seeds 1..N) or --losses")
    args.time_limit = args.time_limit or 10.0
    previous = load_search(args.previous) if args.previous else None

    seeds = range(args.first, args.first + args.n)
    rows = []
    out = args.out.open("w") if args.out else None
    before = []
    for seed in tqdm(seeds, desc="black diamond", unit="deal"):
        if previous is not None:
            old = previous.solve(deal_from_seed(seed), time_limit=args.time_limit)
            before.append({"seed": seed, "verdict": old.verdict, "nodes": old.nodes,
                           "seconds": old.seconds})
        result = search.solve(deal_from_seed(seed), time_limit=args.time_limit)
        row = {"seed": seed, "verdict": result.verdict, "nodes": result.nodes,
               "seconds": result.seconds, "run": result.extra["run"]}
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    if out:
        out.close()

    times = [r["seconds"] for r in rows]
    nodes = [r["nodes"] for r in rows]
    print(f"\nseeds {seeds.start}..{seeds.stop - 1}: {len(rows)} deals, "
          f"time limit {args.time_limit:g} s each")
    for verdict in ("win", "loss", "unknown"):
        which = [r["seed"] for r in rows if r["verdict"] == verdict]
        shown = "" if verdict == "win" or not which else f"  seeds {which}"
        print(f"  {verdict:8} {len(which):5}  ({100 * len(which) / len(rows):.1f} %){shown}")
    print(f"  time  s: median {statistics.median(times):.3f}  "
          f"p90 {percentile(times, 90):.3f}  max {max(times):.3f}  total {sum(times):.1f}")
    print(f"  nodes  : median {statistics.median(nodes):.0f}  "
          f"p90 {percentile(nodes, 90):.0f}  max {max(nodes)}")
    if previous is not None:
        summarise_previous(args.previous, before, rows)
    decided = [r for r in rows if r["verdict"] != "unknown"]
    print(f"  decided within the limit: {len(decided)} of {len(rows)}")
    slowest = sorted(rows, key=lambda r: r["seconds"], reverse=True)[:5]
    print("  slowest: " + ", ".join(f"{r['seed']} ({r['seconds']:.2f} s)" for r in slowest))
    print("  decided by (the run that ended the search):")
    for run, count in collections.Counter(r["run"] for r in decided).most_common():
        print(f"    {count:5}  {run}")

    if not args.simple_deals:  # no baseline asked for (--simple-deals 0)
        return 0
    ratios, fast_total, simple_total = [], 0.0, 0.0
    tried = rows[: args.simple_deals]
    for row in tqdm(tried, desc="plain search", unit="deal"):
        plain = simple_search.solve(deal_from_seed(row["seed"]),
                                    time_limit=args.simple_budget)
        if plain.verdict == "unknown" or row["verdict"] == "unknown":
            continue
        if plain.verdict != row["verdict"]:
            print(f"DISAGREEMENT on seed {row['seed']}: search {row['verdict']}, "
                  f"plain {plain.verdict}")
            return 1
        ratios.append(plain.seconds / max(row["seconds"], 1e-6))
        fast_total += row["seconds"]
        simple_total += plain.seconds
    print(f"\nplain search (budget {args.simple_budget:g} s) finished {len(ratios)} of "
          f"{len(tried)} deals tried")
    if ratios:
        print(f"  speed-up of search over plain search on those: median "
              f"{statistics.median(ratios):.1f}x per deal; summed, plain "
              f"{simple_total:.3f} s vs search {fast_total:.3f} s "
              f"({simple_total / max(fast_total, 1e-6):.2f}x)")
    return compare_late(rows[: args.simple_deals], args.simple_budget)


def parse_params(parser: argparse.ArgumentParser, given: list[str]) -> tuple[tuple[str, int], ...]:
    """``["samples=4", ...]`` as the sorted ``(name, value)`` pairs a study line records."""
    params = {}
    for text in given:
        name, _, value = text.partition("=")
        if not name or not value.lstrip("-").isdigit():
            parser.error(f"--param wants NAME=WHOLE_NUMBER, got {text!r}")
        params[name] = int(value)
    return tuple(sorted(params.items()))


def play_study(player: str, params: tuple[tuple[str, int], ...], seeds_text: str, out: Path,
               workers: int) -> int:
    """A player plays every seed (resumable, as ``python -m solvers study --player``)."""
    from solvers import policies, study

    try:
        policies.player_class(player)(**dict(params))  # a wrong name or parameter, now
    except (KeyError, TypeError) as exc:
        print(f"bad player or parameter: {exc}")
        return 2
    seeds = study.parse_seeds(seeds_text)
    task = policies.PolicyTask(player, params)
    with study.executor(workers) as pool:
        rows = study.run(seeds, out, pool, task, in_flight=study.capacity(pool, workers))
    summary = study.summarize(rows)
    cpu = [row["cpu_seconds"] for row in rows]
    print(f"{player} {dict(params)}: {summary.wins} won of {summary.deals}, "
          f"{100 * summary.rate:.1f} % (95 % interval {100 * summary.low:.1f} - "
          f"{100 * summary.high:.1f} %); CPU s per game: mean {statistics.mean(cpu):.2f}, "
          f"median {statistics.median(cpu):.2f}, max {max(cpu):.2f}; "
          f"{sum(cpu) / 60:.1f} min of one core in all")
    return 0


def late_position(seed: int, moves: list[dict[str, str]], left: int, detour: int = 3):
    """The state with ``left`` black cards to go along a won line, then ``detour`` random
    moves (seeded), which lose the game often enough to need loss proofs."""
    return positions.late_position(BlackDiamond().new(seed), moves, left, detour, seed)


def compare_late(rows: list[dict], budget: float) -> int:
    """Both solvers on late positions (10 cards to go, then three random moves), where the
    plain search must often exhaust a lost position: what the table and bounds buy."""
    ratios, verdicts = [], []
    for row in tqdm(rows, desc="late positions", unit="position"):
        if row["verdict"] != "win":
            continue
        won = search.solve(deal_from_seed(row["seed"]), time_limit=budget)
        if won.verdict != "win":
            continue
        state = late_position(row["seed"], won.moves, 10)
        if state.is_over:
            continue
        plain = simple_search.solve(state, time_limit=budget)
        fast = search.solve(state, time_limit=budget)
        if "unknown" in (plain.verdict, fast.verdict):
            continue
        if plain.verdict != fast.verdict:
            print(f"DISAGREEMENT on a late position of seed {row['seed']}")
            return 1
        verdicts.append(fast.verdict)
        ratios.append(plain.seconds / max(fast.seconds, 1e-6))
    print(f"\nlate positions (10 cards to go, 3 random moves) both decided: {len(ratios)} "
          f"({verdicts.count('win')} wins, {verdicts.count('loss')} losses)")
    if ratios:
        print(f"  speed-up of search over plain search: median "
              f"{statistics.median(ratios):.1f}x, min {min(ratios):.1f}x, "
              f"max {max(ratios):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
