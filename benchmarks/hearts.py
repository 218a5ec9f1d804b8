"""Hearts benchmarks: engine speed against OpenSpiel, and the Monte Carlo bot's strength.

Run:  .venv/bin/python benchmarks/hearts.py [--hands 3000] [--rounds 7] [--games 40]
      [--playouts 100] [--profile]

1. Random hands per second, our engine and OpenSpiel's (C++ through its Python API),
   both driven by the same lean loop: at every step one ``random.choice`` (one seeded
   ``random.Random`` per engine) over the legal moves and one apply, nothing else.  A
   hand is a deal, the pass and 52 cards.  OpenSpiel deals through chance nodes, and
   they are driven the same way (``legal_actions()``, not ``chance_outcomes()``, whose
   probability pairs cost more than the choice: every Hearts chance outcome is equally
   likely, so the hands are just as random); our engine deals inside ``apply`` from a
   seed.  Rounds alternate between the engines, so a busy machine slows both alike;
   each rate is the median over the rounds, timed in CPU seconds of this process.
   ``--profile`` prints where our loop spends its time (for the engine's owner).
2. The Monte Carlo bot in one seat against three rule-of-thumb bots over seeded games to
   50 (its seat rotates from game to game), next to a rule-of-thumb bot in the same seat
   on the same deals as the baseline: average points per hand, win rate, average place.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from tqdm import tqdm

from cardlib.bots import play_out
from cardlib.hearts import Hearts
from cardlib.hearts.bots import MonteCarloBot, RuleOfThumbBot


def our_random_hands(seed: int, hands: int) -> int:
    """Random games of our Hearts (to 50 points) until at least ``hands`` hands are done;
    returns the count.  Each step: one choice over ``legal_moves()``, one ``apply``."""
    game = Hearts()
    rng = random.Random(seed)
    done = 0
    while done < hands:
        state = game.new(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        done += len(state.results)
        seed += 1
    return done


def openspiel_random_hands(seed: int, hands: int) -> int:
    """``hands`` random hands of OpenSpiel's Hearts (one game each), chance nodes included.
    Each step, chance or player: one choice over ``legal_actions()``, one ``apply_action``."""
    import pyspiel

    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    rng = random.Random(seed)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return hands


def rate(play, seed: int, hands: int) -> float:
    """Hands per CPU second of one call ``play(seed, hands)``."""
    start = time.process_time()
    done = play(seed, hands)
    return done / (time.process_time() - start)


def speed(total_hands: int, rounds: int) -> None:
    per_round = max(1, total_hands // rounds)
    ours, theirs = [], []
    for r in tqdm(range(rounds), desc="speed rounds"):
        ours.append(rate(our_random_hands, 1000 * r, per_round))
        theirs.append(rate(openspiel_random_hands, r, per_round))
    ratios = sorted(o / t for o, t in zip(ours, theirs, strict=True))
    our_rate, their_rate = statistics.median(ours), statistics.median(theirs)
    print(f"random hands per CPU second, median of {rounds} alternating rounds of "
          f"{per_round} hands each: cardlib {our_rate:,.0f}, OpenSpiel {their_rate:,.0f}")
    print("  both loops: one random.choice over the legal moves and one apply per step; "
          "OpenSpiel's chance nodes (the deal) by legal_actions(), ours dealt in apply()")
    print(f"cardlib / OpenSpiel = {our_rate / their_rate:.2f}  (per round "
          f"{ratios[0]:.2f}..{ratios[-1]:.2f}; aim: at least 0.25)")


def profile(hands: int, top: int = 25) -> None:
    """Where our random-hand loop spends its time: the top of a cProfile by own time."""
    profiler = cProfile.Profile()
    profiler.runcall(our_random_hands, 0, hands)
    print(f"\nprofile of our random-hand loop ({hands} hands), top {top} by own time:")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def strength(games: int, playouts: int, seed: int) -> None:
    game = Hearts()
    rows = {"monte-carlo": [], "rule-of-thumb (baseline)": []}
    for g in tqdm(range(games), desc=f"games (Monte Carlo, {playouts} playouts)"):
        seat = g % 4
        for label, hero in (("monte-carlo", MonteCarloBot(seed=f"{seed}:{g}",
                                                          playouts=playouts)),
                            ("rule-of-thumb (baseline)", RuleOfThumbBot())):
            bots = {s: hero if s == seat else RuleOfThumbBot() for s in range(4)}
            final = play_out(game.new(seed=f"{seed}:{g}"), bots)
            places = final.ranking()
            rows[label].append((
                final.totals[seat] / len(final.results),
                statistics.mean(final.totals[s] / len(final.results)
                                for s in range(4) if s != seat),
                places[seat],
                places[seat] == 1,
                places[seat] == 1 and places.count(1) == 1,
            ))
    print(f"\n{games} games to 50 against three rule-of-thumb bots, seat rotating; "
          "lower points are better")
    print(f"{'player in the seat':<26} {'pts/hand':>8} {'others':>8} {'place':>6} "
          f"{'wins':>6} {'outright':>8}")
    for label, data in rows.items():
        own, others, place, win, outright = zip(*data, strict=True)
        print(f"{label:<26} {statistics.mean(own):8.2f} {statistics.mean(others):8.2f} "
              f"{statistics.mean(place):6.2f} {statistics.mean(win):6.0%} "
              f"{statistics.mean(outright):8.0%}")
    print("(an equal player wins about 25% of games; 'wins' counts shared first places)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="random hands per engine")
    parser.add_argument("--rounds", type=int, default=7, help="alternating speed rounds")
    parser.add_argument("--profile", action="store_true",
                        help="also profile our random-hand loop")
    parser.add_argument("--games", type=int, default=40, help="games for the strength test")
    parser.add_argument("--playouts", type=int, default=100,
                        help="Monte Carlo playouts per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    speed(args.hands, args.rounds)
    if args.profile:
        profile(max(1, args.hands // args.rounds))
    if args.games:
        strength(args.games, args.playouts, args.seed)


if __name__ == "__main__":
    main()
