"""Diamonds benchmarks: engine speed, and the Monte Carlo bot's strength.

Run:  nice -n 10 .venv/bin/python benchmarks/diamonds.py [--rounds 600] [--games 100]
      [--playouts 40]

1. Random rounds per second at 3 and at 6 players: whole games of seeded random bots
   through the public API (``legal_moves``/``apply``), the dealer's pass, the pass, 10
   tricks and every suit action included.  Timings on a shared machine wander, so each is
   printed as a ratio against Hearts' random hands per second (its deal, pass and 52
   cards) measured in the same run, in alternating rounds.
2. The Monte Carlo bot in one seat against three rule-of-thumb bots over seeded 4-player
   games (its seat rotates from game to game), next to a rule-of-thumb bot in the same
   seat on the same deals as the baseline: points per game, the win share (a shared win
   counts as a fraction) and the paired difference in points with its standard error.
3. How often the end of a round ties (notebook 02, step 7): for every player count, the
   share of suit-rounds in which two or more players tie for the most of a suit (so that
   nobody takes its action), over seeded games of rule-of-thumb and of random players, and
   the exact chance that a whole suit is left out of the deal (a tie on 0).
"""

from __future__ import annotations

import argparse
import statistics
import time

from tqdm import tqdm

from cardlib import games
from cardlib.bots import RandomBot, play_out
from cardlib.diamonds.bots import MonteCarloBot, RuleOfThumbBot
from cardlib.diamonds.stats import majority_ties, missing_suit_odds

DIAMONDS = games.get("diamonds")
HEARTS = games.get("hearts")


def random_rounds(game, players: int, seed: int, at_least: int) -> int:
    """Play seeded random games until at least ``at_least`` rounds (hands) are done."""
    done = 0
    while done < at_least:
        bots = {seat: RandomBot(f"{seed}:{seat}") for seat in range(players)}
        done += len(play_out(game.new(seed=seed, players=players), bots).results)
        seed += 1
    return done


def speed(rounds: int, repeats: int = 4) -> None:
    per_repeat = max(1, rounds // repeats)
    timed = {"hearts 4": [0, 0.0], "diamonds 3": [0, 0.0], "diamonds 6": [0, 0.0]}
    for r in tqdm(range(repeats), desc="speed rounds"):
        for label, count in timed.items():
            name, players = label.split()
            game = HEARTS if name == "hearts" else DIAMONDS
            start = time.perf_counter()
            count[0] += random_rounds(game, int(players), 1000 * r, per_repeat)
            count[1] += time.perf_counter() - start
    rate = {label: done / seconds for label, (done, seconds) in timed.items()}
    print(f"random hands per second, Hearts (4 players): {rate['hearts 4']:,.0f} "
          f"(the baseline)")
    for players in (3, 6):
        label = f"diamonds {players}"
        print(f"random rounds per second, Diamonds at {players} players: {rate[label]:,.0f} "
              f"({timed[label][0]} rounds) = {rate[label] / rate['hearts 4']:.2f} × Hearts")


def strength(games_played: int, playouts: int, seed: int) -> None:
    rows: dict[str, list[tuple[float, float]]] = {"monte-carlo": [],
                                                  "rule-of-thumb (baseline)": []}
    for g in tqdm(range(games_played), desc=f"games (Monte Carlo, {playouts} playouts)"):
        seat = g % 4
        deal = f"{seed}:{g}"
        for label in rows:
            hero = (MonteCarloBot(seed=deal, playouts=playouts) if label == "monte-carlo"
                    else RuleOfThumbBot())
            bots = {s: hero if s == seat else RuleOfThumbBot() for s in range(4)}
            final = play_out(DIAMONDS.new(seed=deal, players=4), bots)
            winners = final.winners()
            share = 1 / len(winners) if seat in winners else 0.0
            rows[label].append((final.scores()[seat], share))
    print(f"\n{games_played} games of 4 rounds at 4 players against three rule-of-thumb bots, "
          "seat rotating; higher points are better")
    print(f"{'player in the seat':<26} {'points/game':>11} {'win share':>10}")
    for label, data in rows.items():
        points, shares = zip(*data, strict=True)
        print(f"{label:<26} {statistics.mean(points):11.2f} {statistics.mean(shares):10.1%}")
    diffs = [mc[0] - base[0] for mc, base in zip(rows["monte-carlo"],
                                                  rows["rule-of-thumb (baseline)"], strict=True)]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    print(f"Monte Carlo minus baseline, same deals: {statistics.mean(diffs):+.2f} points per "
          f"game (standard error {error:.2f})")
    print("(an equal player's win share is about 25%)")


def ties(games_played: int, seed: int) -> None:
    print(f"\nTies for the most of a suit, {games_played} seeded games per player count "
          "(cardlib.diamonds.stats)")
    print(f"{'players':>7} {'rule of thumb':>22} {'random':>22} {'suit left out of the deal':>27}")
    for players in DIAMONDS.player_counts:
        thumb = majority_ties(players, games_played, seed)
        random = majority_ties(players, games_played, seed,
                               bot=lambda s: RandomBot(f"ties:{seed}:{s}"))
        odds = missing_suit_odds(players)
        missing = f"once in {round(1 / odds):,}" if odds else "never"
        print(f"{players:>7} {thumb.share:>8.1%} of {thumb.suit_rounds:>5} "
              f"({thumb.nobody_took} on 0) {random.share:>6.1%} of {random.suit_rounds:>5} "
              f"({random.nobody_took} on 0) {missing:>27}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=600,
                        help="random rounds per engine and player count")
    parser.add_argument("--games", type=int, default=100, help="games for the strength test")
    parser.add_argument("--playouts", type=int, default=40,
                        help="Monte Carlo playouts per decision")
    parser.add_argument("--tie-games", type=int, default=250,
                        help="games per player count for the count of ties")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    speed(args.rounds)
    if args.tie_games:
        ties(args.tie_games, args.seed)
    if args.games:
        strength(args.games, args.playouts, args.seed)


if __name__ == "__main__":
    main()
