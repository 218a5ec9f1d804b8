"""Diam's benchmarks: engine speed with random bots, and the rule-of-thumb bot's strength.

Run:  .venv/bin/python benchmarks/diams.py [--games 40] [--strength 60] [--sampling 0]

1. Random-bot games per second at 2 and at 5 players (three rounds each, every move through
   the public API: ``legal_moves`` then ``apply``), measured in alternating rounds with a
   baseline run in the same process: random Hearts hands, the project's reference engine,
   so a busy machine slows both alike and the ratio stays comparable between runs.
2. The rule-of-thumb bot in one seat against random bots at 2 to 5 players (its seat
   rotating over seeded games): its win share next to a fair share of 1/players.  Shared
   wins count as a fraction.
3. Optionally (``--sampling N``), the sampling bot against rule-of-thumb bots at 3 players.
"""

from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from cardlib import games
from cardlib.bots import Bot, RandomBot, play_out
from cardlib.diams.bots import RuleOfThumbBot, SamplingBot

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40,
                        help="random games per player count for the speed test")
    parser.add_argument("--strength", type=int, default=60,
                        help="games per player count for the rule-of-thumb win share")
    parser.add_argument("--sampling", type=int, default=0,
                        help="games of the sampling bot against rule-of-thumb bots (slow)")
    args = parser.parse_args()
    speed(args.games)
    if args.strength:
        strength(args.strength)
    if args.sampling:
        sampling(args.sampling)


if __name__ == "__main__":
    main()
