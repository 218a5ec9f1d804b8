"""Hearts benchmarks: engine speed against OpenSpiel, and the Monte Carlo bot's strength.

Run:  .venv/bin/python benchmarks/hearts.py [--hands 3000] [--games 40] [--playouts 100]

1. Random hands per second, our engine and OpenSpiel's (C++ through its Python API),
   measured in the same run in alternating rounds, so a busy machine slows both alike;
   printed as a ratio.  A hand includes the deal, the pass and 52 cards, all chosen by
   seeded random bots through the public API (``legal_moves``/``apply``).
2. The Monte Carlo bot in one seat against three rule-of-thumb bots over seeded games to
   50 (its seat rotates from game to game), next to a rule-of-thumb bot in the same seat
   on the same deals as the baseline: average points per hand, win rate, average place.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tqdm import tqdm

from cardlib.bots import RandomBot, play_out
from cardlib.hearts import Hearts
from cardlib.hearts.bots import MonteCarloBot, RuleOfThumbBot


def our_random_hands(seed: int, hands: int) -> int:
    """Play random games until at least ``hands`` hands are done; return the count."""
    game = Hearts()
    done = 0
    while done < hands:
        bots = {seat: RandomBot(f"{seed}:{seat}") for seat in range(4)}
        done += len(play_out(game.new(seed=seed), bots).results)
        seed += 1
    return done


def openspiel_random_hands(seed: int, hands: int) -> int:
    """``hands`` random hands of OpenSpiel's Hearts, chance events included."""
    import pyspiel

    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    rng = random.Random(seed)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [action for action, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            state.apply_action(rng.choice(actions))
    return hands


def speed(total_hands: int, rounds: int = 6) -> None:
    per_round = max(1, total_hands // rounds)
    ours = theirs = 0.0
    our_count = their_count = 0
    for r in tqdm(range(rounds), desc="speed rounds"):
        start = time.perf_counter()
        our_count += our_random_hands(1000 * r, per_round)
        ours += time.perf_counter() - start
        start = time.perf_counter()
        their_count += openspiel_random_hands(r, per_round)
        theirs += time.perf_counter() - start
    our_rate, their_rate = our_count / ours, their_count / theirs
    print(f"random hands per second: cardlib {our_rate:,.0f} ({our_count} hands), "
          f"OpenSpiel {their_rate:,.0f} ({their_count} hands)")
    print(f"cardlib / OpenSpiel = {our_rate / their_rate:.2f}  (aim: at least 0.25)")


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
    parser.add_argument("--games", type=int, default=40, help="games for the strength test")
    parser.add_argument("--playouts", type=int, default=100,
                        help="Monte Carlo playouts per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    speed(args.hands)
    if args.games:
        strength(args.games, args.playouts, args.seed)


if __name__ == "__main__":
    main()
