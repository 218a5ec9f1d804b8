"""Diam's benchmarks: engine speed with random bots, and the bots' strength in chips.

Run:  nice -n 10 .venv/bin/python benchmarks/diams.py [--games 40] [--strength 60]
      [--sampling 0] [--paired 50] [--counting 150] [--head-to-head 0]

The paired match of the table's first bot (the sampling bot) takes about 12 s of CPU a
deal (50 deals: 10 minutes); the card counter's a few hundredths of a second.

1. Random-bot games per second at 2 and at 5 players (three rounds each, every move through
   the public API: ``legal_moves`` then ``apply``), measured in alternating rounds with a
   baseline run in the same process: random Hearts hands, the project's reference engine,
   so a busy machine slows both alike and the ratio stays comparable between runs.
2. The rule-of-thumb bot in one seat against random bots at 2 to 5 players (its seat
   rotating over seeded games): its win share next to a fair share of 1/players.  Shared
   wins count as a fraction.
3. Optionally (``--sampling N``), the sampling bot against rule-of-thumb bots at 3 players.
4. The paired match (``--paired N``, default 50 deals): the table's first bot (``BOTS[0]``)
   against the rule-of-thumb bot at 2 players, each seeded deal played twice with the seats
   swapped, so the deal's luck cancels.  It prints chips per game for each side, their paired
   difference with its standard error (over deals), the win share, how each side is driven
   and the CPU time per decision (median and 95th percentile).  The same match follows for
   the card counter (``--counting N``, default 150 deals), the rule of thumb that weighs
   drillings and sales by the odds, which answers at once.
5. Optionally (``--head-to-head N``), the same match of the table's first bot against the
   card counter, the bot it starts from: whether its search adds anything.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))

import stats  # noqa: E402  (benchmarks/ is on sys.path)
from stats import percentile  # noqa: E402

from cardlib import games  # noqa: E402
from cardlib.bots import Bot, BotKind, RandomBot, play_out  # noqa: E402
from cardlib.diams.bots import BOTS, CountingBot, RuleOfThumbBot, SamplingBot  # noqa: E402

DIAMS = games.get("diams")
HEARTS = games.get("hearts")


def random_games(players: int, seed: int, count: int) -> int:
    """Play ``count`` random games of Diam's; return the number of moves made."""
    moves = 0
    for g in range(count):
        bots = {s: RandomBot(f"{seed}:{g}:{s}") for s in range(players)}
        moves += len(play_out(DIAMS.new(seed=f"{seed}:{g}", players=players), bots).history)
    return moves


def random_hearts_hands(seed: int, count: int) -> int:
    """Play random Hearts games until ``count`` hands are done (the baseline)."""
    done = 0
    while done < count:
        bots = {s: RandomBot(f"{seed}:{s}") for s in range(4)}
        done += len(play_out(HEARTS.new(seed=seed), bots).results)
        seed += 1
    return done


def speed(games_per_count: int, rounds: int = 4) -> None:
    per_round = max(1, games_per_count // rounds)
    timing = {2: [0.0, 0, 0], 5: [0.0, 0, 0], "hearts": [0.0, 0, 0]}
    for r in tqdm(range(rounds), desc="speed rounds"):
        for players in (2, 5):
            start = time.perf_counter()
            moves = random_games(players, 1000 * r, per_round)
            timing[players][0] += time.perf_counter() - start
            timing[players][1] += per_round
            timing[players][2] += moves
        start = time.perf_counter()
        timing["hearts"][1] += random_hearts_hands(1000 * r, per_round * 4)
        timing["hearts"][0] += time.perf_counter() - start
    hearts = timing["hearts"][1] / timing["hearts"][0]
    print(f"baseline: random Hearts hands per second {hearts:,.1f}")
    for players in (2, 5):
        seconds, count, moves = timing[players]
        rate = count / seconds
        print(f"{players} players: {rate:,.2f} random games per second ({count} games, "
              f"{moves / count:.0f} moves a game, {moves / seconds:,.0f} moves per second); "
              f"games / Hearts hands = {rate / hearts:.3f}")


def win_share(hero: type[Bot] | Bot, players: int, games_count: int,
              others=lambda g, s: RandomBot(f"{g}:{s}"), desc: str = "") -> float:
    """The share of seeded games ``hero`` wins from a rotating seat (shared wins split)."""
    won = 0.0
    for g in tqdm(range(games_count), desc=desc or f"{players} players", leave=False):
        seat = g % players
        bots = {s: (hero if not isinstance(hero, type) else hero()) if s == seat
                else others(g, s) for s in range(players)}
        winners, _ = play_out(DIAMS.new(seed=f"strength:{g}", players=players), bots).winners()
        won += (seat in winners) / len(winners)
    return won / games_count


def strength(games_count: int) -> None:
    print(f"\nrule-of-thumb bot in one seat against random bots, {games_count} seeded games "
          "per count, seat rotating")
    print(f"{'players':>7} {'win share':>10} {'fair share':>11} {'ratio':>6}")
    for players in (2, 3, 4, 5):
        share = win_share(RuleOfThumbBot, players, games_count)
        print(f"{players:>7} {share:>10.0%} {1 / players:>11.0%} {share * players:>6.2f}")


def sampling(games_count: int) -> None:
    players = 3
    share = win_share(SamplingBot(seed=0), players, games_count,
                      others=lambda g, s: RuleOfThumbBot(), desc="sampling bot")
    print(f"\nsampling bot against two rule-of-thumb bots, {games_count} games: win share "
          f"{share:.0%} (fair share {1 / players:.0%})")


COUNTING = BotKind("card-counting", "card counting",
                   "the rule of thumb, drilling the diamond the unseen cards make likeliest in "
                   "the opponent's safe and selling when the odds say a sale pays; answers at "
                   "once", lambda seed: CountingBot())
"""The card counter, measured on its own (a table does not offer it yet)."""


class Timed:
    """A bot that notes the CPU time of each of its decisions."""

    def __init__(self, bot: Bot, times: list[float]):
        self.bot, self.times = bot, times
        self.name = getattr(bot, "name", type(bot).__name__)

    def choose(self, state):
        start = time.process_time()
        move = self.bot.choose(state)
        self.times.append(time.process_time() - start)
        return move


RULE_OF_THUMB = next(k for k in BOTS if k.name == "rule-of-thumb")


def paired(deals: int, strongest: BotKind = BOTS[0], other: BotKind = RULE_OF_THUMB) -> None:
    """``strongest`` against ``other`` on paired 2-player deals (see item 4)."""
    sides: dict[str, list[int]] = {strongest.name: [], other.name: []}
    times: dict[str, list[float]] = {name: [] for name in sides}
    margins, won = [], 0.0
    for d in tqdm(range(deals), desc="paired deals", leave=False):
        margin = 0.0
        for hero_seat in (0, 1):
            bots = {hero_seat: Timed(strongest.make(f"paired:{d}:{hero_seat}"),
                                     times[strongest.name]),
                    1 - hero_seat: Timed(other.make(f"paired:{d}:{1 - hero_seat}"),
                                         times[other.name])}
            end = play_out(DIAMS.new(seed=f"paired:{d}", players=2), bots)
            chips = end.chips
            sides[strongest.name].append(chips[hero_seat])
            sides[other.name].append(chips[1 - hero_seat])
            margin += chips[hero_seat] - chips[1 - hero_seat]
            winners, _ = end.winners()
            won += (hero_seat in winners) / len(winners)
        margins.append(margin / 2)
    games_played = 2 * deals
    margin = stats.paired(margins)
    print(f"\npaired match at 2 players: {deals} deals, each played twice with the seats "
          f"swapped ({games_played} games)")
    for kind in (strongest, other):
        cpu = times[kind.name]
        print(f"  {kind.name}: {kind.doc}")
        print(f"    chips per game {statistics.mean(sides[kind.name]):.2f}; CPU per decision "
              f"median {statistics.median(cpu) * 1000:.1f} ms, 95th percentile "
              f"{percentile(cpu, 95) * 1000:.1f} ms, max {max(cpu) * 1000:.0f} ms "
              f"({len(cpu)} decisions, {sum(cpu):.0f} s in all)")
    print(f"  {strongest.name} minus {other.name}: {margin.text()} chips per game "
          f"(one standard error over deals); "
          f"{strongest.name} wins {won / games_played:.0%} of games (shared wins split)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40,
                        help="random games per player count for the speed test")
    parser.add_argument("--strength", type=int, default=60,
                        help="games per player count for the rule-of-thumb win share")
    parser.add_argument("--sampling", type=int, default=0,
                        help="games of the sampling bot against rule-of-thumb bots (slow)")
    parser.add_argument("--paired", type=int, default=50,
                        help="deals of the paired match, strongest bot against rule of thumb "
                             "(each played twice)")
    parser.add_argument("--counting", type=int, default=150,
                        help="deals of the same match for the card-counting rule of thumb")
    parser.add_argument("--head-to-head", type=int, default=0,
                        help="deals of the table's first bot against the card counter")
    args = parser.parse_args()
    if args.paired:
        paired(args.paired)
    if args.counting:
        paired(args.counting, COUNTING)
    if args.head_to_head:
        paired(args.head_to_head, BOTS[0], COUNTING)
    if args.games:
        speed(args.games)
    if args.strength:
        strength(args.strength)
    if args.sampling:
        sampling(args.sampling)


if __name__ == "__main__":
    main()
