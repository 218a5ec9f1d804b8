"""What racing the samples and skipping the line replays save the margin player, like with like.

Run:  .venv/bin/python benchmarks/margin_race.py [--seeds 1..12] [--late-samples 24]

:class:`solvers.blind.MarginPlayer` with its middle stage (the settings of
``player-margin-mid-1000.jsonl``) plays each deal three ways, in one process, one after
the other on the same seed (the order rotating from seed to seed, so neither way always
runs on a warm cache):

* **as made**: every search's winning line replayed by the engine, every move searched in
  every sample, as when the shipped file was made;
* **no replay**: the verdict-only searches skip the replay (``search.solve(check=False)``);
* **race**: that, and a move that can no longer catch the leader is not searched again
  (``race=True``).

Each way is timed with ``time.process_time`` around the whole game, so the ratios compare
the same games on the same machine at the same moment.  The three must play the same moves
(neither change may alter a choice); the script says whether they did.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tqdm import tqdm  # noqa: E402

from cardlib.blackdiamond import BlackDiamondState  # noqa: E402
from solvers import policies, study  # noqa: E402
from solvers.blind import MarginPlayer  # noqa: E402
from solvers.result import SolveResult  # noqa: E402

MIDDLE = dict(mid=14, mid_samples=12, mid_margin=2, mid_nodes=2047)
"""The middle stage of the shipped ``player-margin-mid-1000.jsonl``."""


class AsMade(MarginPlayer):
    """The margin player as the shipped files were made: every winning line replayed."""

    def solve(self, state: BlackDiamondState, max_nodes: int | None = None,
              check: bool = True) -> SolveResult:
        return super().solve(state, max_nodes, check=True)


WAYS = {"as made": lambda late: AsMade(**MIDDLE, late_samples=late),
        "no replay": lambda late: MarginPlayer(**MIDDLE, late_samples=late),
        "race": lambda late: MarginPlayer(**MIDDLE, late_samples=late, race=True)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1..12", type=study.parse_seeds,
                        help="first..last, or a comma list (as the study's)")
    parser.add_argument("--late-samples", type=int, default=24,
                        help="the late stage's samples (the shipped player: 24)")
    args = parser.parse_args()
    names = list(WAYS)
    cpu = dict.fromkeys(names, 0.0)
    searches = dict.fromkeys(names, 0)
    same = 0
    for index, seed in enumerate(tqdm(args.seeds, unit="deal")):
        games = {}
        for name in names[index % len(names):] + names[:index % len(names)]:
            player = WAYS[name](args.late_samples)
            began = time.process_time()
            games[name] = policies.play(player, seed)
            cpu[name] += time.process_time() - began
            searches[name] += games[name].searches
        same += len({game.moves for game in games.values()}) == 1
    deals = len(args.seeds)
    print(f"the margin player with its middle stage {MIDDLE}, {args.late_samples} late "
          f"samples, {deals} deal{'s' * (deals != 1)} from seed {args.seeds[0]}: each played "
          "three ways in this process, timed with time.process_time around each game")
    for name in names:
        print(f"  {name:>9}: {cpu[name] / deals:6.2f} s of one core a game, "
              f"{searches[name] / deals:7.0f} searches, {cpu[name] / cpu['as made']:.3f} "
              "of 'as made'")
    print(f"the same moves all three ways on {same} of {deals} deals")
    return 0 if same == deals else 1


if __name__ == "__main__":
    sys.exit(main())
