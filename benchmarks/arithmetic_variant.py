"""Does the arithmetic centre make Black Diamond harder?  Win rates over seeds 1..N.

The notebook solves a handful of deals in seconds; this runs the exact solver on more
deals, with and without the "arithmetic centre" variant, and prints the verdicts, the win
rates over decided deals, and the solve time of the variant as a ratio to the default
measured in the same run (never absolute timings to compare across machines).

    .venv/bin/python benchmarks/arithmetic_variant.py --seeds 40 --time-limit 8
"""

from __future__ import annotations

import argparse
import time

from solvers.arithmetic import (
    centre_comparison,
    compare_win_rates,
    fraction_dependence,
    inner_statistics,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="solve seeds 1..N (default 40)")
    parser.add_argument("--time-limit", type=float, default=8.0,
                        help="seconds per solve before a deal counts as undecided (default 8)")
    args = parser.parse_args()

    inner = inner_statistics(distinct_only=True)
    print(f"inner piles: {inner['mean']:.2f} values per pair of distinct diamonds on average "
          f"(min {inner['min']}, max {inner['max']}, {inner['pairs']} ordered pairs)")
    print(centre_comparison().summary())
    for reading, tally in fraction_dependence().items():
        print(f"fractional steps, reading '{reading}': {tally['boards_changed']} of "
              f"{tally['boards']} boards gain {tally['values_gained']} values "
              f"(first: {tally['example']})")

    began = time.perf_counter()
    result = compare_win_rates(range(1, args.seeds + 1), time_limit=args.time_limit)
    print(f"\nseeds 1..{args.seeds}, exact solver, {args.time_limit} s per solve "
          f"({time.perf_counter() - began:.0f} s wall)")
    print(result.summary())
    print("per seed (default, variant):")
    for seed, pair in result.verdicts.items():
        print(f"  {seed:4d}: {pair[0]:8s} {pair[1]}")


if __name__ == "__main__":
    main()
