"""Benchmark the CP-SAT model against the exact search on Black Diamond seeds 1..N.

    python benchmarks/black_diamond_cpsat.py 200 --time-limit 60 --out cpsat.jsonl

Both solvers decide every deal (each with ``--time-limit`` seconds; CP-SAT on
``--workers`` workers, 1 by default so that it does not crowd a shared machine).  Each line
of ``--out`` holds both verdicts, wall and CPU seconds (``*_s``, ``*_cpu``: on a shared
machine only the CPU seconds compare), the search's positions and version; notebook 05
reads ``benchmarks/results/cpsat-vs-search-200.jsonl``, made by this command.  Prints:
how many deals each decided, how many verdicts agree (a disagreement is listed by seed,
and would be a bug in one of them), the ``unknown`` counts, the time ratio CP-SAT /
search per deal (median and 90th percentile, both solvers timed in this same run), and the
slowest deals of each.  Every CP-SAT plan is replayed through the engine by the solver
itself before it is reported.  Timing is only printed here, never asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from stats import percentile  # noqa: E402  (benchmarks/ is on sys.path)

from cardlib.blackdiamond import deal_from_seed  # noqa: E402
from solvers import cpsat, search  # noqa: E402


def run(seeds: range, time_limit: float, workers: int, out: Path | None) -> list[dict]:
    """Solve every seed with both solvers; one row per seed (also written to ``out``)."""
    rows = []
    sink = out.open("w") if out else None
    for seed in tqdm(seeds, desc="cpsat vs search", unit="deal"):
        deal = deal_from_seed(seed)
        cpu = time.process_time()
        fast = search.solve(deal, time_limit=time_limit)
        search_cpu = time.process_time() - cpu
        cpu = time.process_time()
        model = cpsat.solve(deal, time_limit=time_limit, workers=workers)
        cpsat_cpu = time.process_time() - cpu
        row = {"seed": seed, "search": fast.verdict, "search_s": fast.seconds,
               "search_cpu": round(search_cpu, 6), "search_nodes": fast.nodes,
               "cpsat": model.verdict, "cpsat_s": model.seconds, "cpsat_cpu": round(cpsat_cpu, 6),
               "cpsat_status": model.extra["status"], "cpsat_conflicts": model.extra["conflicts"],
               "cpsat_dtime": model.extra["deterministic_time"],
               "solver_version": search.VERSION, "compiled": search.COMPILED}
        rows.append(row)
        if sink:
            sink.write(json.dumps(row) + "\n")
            sink.flush()
    if sink:
        sink.close()
    return rows


def report(rows: list[dict], time_limit: float) -> None:
    n = len(rows)
    print(f"\n{n} deals, seeds {rows[0]['seed']}..{rows[-1]['seed']}, "
          f"{time_limit:g} s limit each")
    for name in ("search", "cpsat"):
        counts = {v: sum(r[name] == v for r in rows) for v in ("win", "loss", "unknown")}
        unknown = [r["seed"] for r in rows if r[name] == "unknown"]
        decided = n - counts["unknown"]
        print(f"  {name:6}: decided {decided} ({100 * decided / n:.1f} %)  win {counts['win']}"
              f"  loss {counts['loss']}  unknown {counts['unknown']}"
              + (f"  seeds {unknown}" if unknown else ""))
    both = [r for r in rows if "unknown" not in (r["search"], r["cpsat"])]
    differ = [r["seed"] for r in both if r["search"] != r["cpsat"]]
    print(f"  agreement: {len(both) - len(differ)} of the {len(both)} deals both decided"
          + (f"; DISAGREE on seeds {differ}" if differ else ""))
    ratios = [r["cpsat_s"] / max(r["search_s"], 1e-6) for r in both]
    if ratios:
        print("  time ratio cpsat/search (deals both decided): "
              f"median {statistics.median(ratios):.1f}  p90 {percentile(ratios, 90):.1f}")
        faster = [r["seed"] for r in both if r["cpsat_s"] < r["search_s"]]
        print(f"  cpsat faster on {len(faster)} of {len(both)}"
              + (f": seeds {faster}" if faster else ""))
    for name in ("search", "cpsat"):
        times = [r[f"{name}_s"] for r in rows]
        slowest = sorted(rows, key=lambda r: -r[f"{name}_s"])[:5]
        print(f"  {name:6} s: median {statistics.median(times):.3f}  p90 "
              f"{percentile(times, 90):.3f}  max {max(times):.3f}  total {sum(times):.1f};"
              " slowest " + ", ".join(f"{r['seed']} ({r[f'{name}_s']:.1f} s, {r[name]})"
                                      for r in slowest))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="solve seeds 1..N")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="wall seconds per deal for each solver (default 60)")
    parser.add_argument("--workers", type=int, default=1,
                        help="CP-SAT workers (default 1; 0 = every core)")
    parser.add_argument("--out", type=Path, help="write one JSON line per seed here")
    args = parser.parse_args(argv)
    rows = run(range(args.first, args.first + args.n), args.time_limit, args.workers, args.out)
    report(rows, args.time_limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
