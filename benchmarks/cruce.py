"""Cruce benchmarks: engine speed at 2, 3 and 4 players, and the Monte Carlo bot's strength.

Run:  nice -n 10 .venv/bin/python benchmarks/cruce.py [--hands 600] [--rounds 5]
      [--games 102] [--playouts 60] [--target 21]

1. Random-bot hands per CPU second at 2, 3 and 4 players, and at 2 in the auction form
   (``two_player_form='auction'``: the declarer takes 4 stock cards and gives 2; 20
   cards are played, 4 are dead): at every step one ``random.choice`` over the legal
   moves and one apply (bids, then the cards; the gives too in the auction form).  Random
   bids fail nearly every contract, so random games rarely reach 21: each game stops after
   ``hand_limit`` hands.  Printed against a baseline run in the same process, in
   alternating rounds (a busy machine slows both alike): random Hearts hands, a hand being
   the pass and 52 cards.  Each rate is the median over the rounds.
2. The Monte Carlo bot in one seat against rule-of-thumb bots over seeded games, the
   player count and the seat rotating from game to game; next to it, as the baseline, a
   rule-of-thumb bot in the same seat on the same deals (every hand's deal follows from
   the game's seed and the hand's number, whoever plays).  Per player in the seat: game
   points scored per hand by its side, how often the side made its bids, and how often
   the side won the game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hearts import our_random_hands as hearts_random_hands  # benchmarks/hearts.py
from tqdm import tqdm

from cardlib.bots import play_out
from cardlib.cruce import GAME
from cardlib.cruce.bots import MonteCarloBot, RuleOfThumbBot
from cardlib.cruce.deal import AUCTION_TAKE, STOCK_SIZE
from cardlib.cruce.deck import PACK_SIZE
from cardlib.cruce.scoring import side_of

COUNTS = (2, 3, 4)
FORMS = {f"Cruce at {players}": (players, {}, PACK_SIZE) for players in COUNTS}
FORMS["Cruce at 2, auction form"] = (2, {"two_player_form": "auction"},
                                     PACK_SIZE - (STOCK_SIZE[2] - AUCTION_TAKE))
"""The games timed: player count, options, and the cards played a hand (the whole pack,
but for the stock cards the auction form leaves dead)."""
HANDS_PER_GAME = 5


def cruce_random_hands(form: str, seed: int, hands: int) -> int:
    """Random games of Cruce in ``form`` (a key of ``FORMS``) until at least ``hands`` hands
    are done; returns the count."""
    players, options, _ = FORMS[form]
    rng = random.Random(seed)
    done = 0
    while done < hands:
        state = GAME.new(seed=seed, players=players, hand_limit=HANDS_PER_GAME, **options)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_moves()))
        done += len(state.results)
        seed += 1
    return done


def rate(play, *args) -> float:
    """Hands per CPU second of one call ``play(*args)``."""
    start = time.process_time()
    done = play(*args)
    return done / (time.process_time() - start)


def speed(hands: int, rounds: int) -> None:
    rates: dict[str, list[float]] = {"hearts": [], **{form: [] for form in FORMS}}
    for r in tqdm(range(rounds), desc="speed rounds"):
        rates["hearts"].append(rate(hearts_random_hands, 1000 * r, max(1, hands // 4)))
        for form in FORMS:
            rates[form].append(rate(cruce_random_hands, form, 1000 * r, hands))
    base = statistics.median(rates["hearts"])
    print(f"\nrandom hands per CPU second, median of {rounds} alternating rounds; one "
          "random.choice and one apply per step")
    print(f"  baseline: Hearts {base:,.0f} hands/s (the pass and 52 cards a hand)")
    for form in FORMS:
        ours = statistics.median(rates[form])
        played = FORMS[form][2]
        print(f"  {form}: {ours:,.0f} hands/s = {ours / base:.2f} × Hearts' "
              f"hands/s; {ours * played / (base * 52):.2f} × its cards/s")


def strength(games: int, playouts: int, target: int, seed: int) -> None:
    rows: dict[str, list[tuple[float, float, bool]]] = {"monte-carlo": [],
                                                         "rule-of-thumb (baseline)": []}
    for g in tqdm(range(games), desc=f"games (Monte Carlo, {playouts} playouts)"):
        players = COUNTS[g % len(COUNTS)]
        seat = (g // len(COUNTS)) % players
        start = GAME.new(seed=f"{seed}:{g}", players=players, target=target)
        side = side_of(seat, start.options)
        for label, hero in (("monte-carlo", MonteCarloBot(seed=f"{seed}:{g}",
                                                          playouts=playouts)),
                            ("rule-of-thumb (baseline)", RuleOfThumbBot())):
            bots = {s: hero if s == seat else RuleOfThumbBot() for s in range(players)}
            final = play_out(start, bots)
            ours = [r for r in final.results if r.declaring_side == side and r.bid]
            made = statistics.mean(bool(r.made) for r in ours) if ours else float("nan")
            per_hand = final.totals[side] / len(final.results)
            won = final.totals[side] == max(final.totals)
            rows[label].append((per_hand, made, won))
    print(f"\n{games} games to {target}, 2, 3 and 4 players in turn, the seat rotating; "
          "the others rule-of-thumb bots")
    print(f"{'player in the seat':<26} {'pts/hand':>8} {'made':>6} {'won':>6}")
    for label, data in rows.items():
        per_hand, made, won = zip(*data, strict=True)
        made_known = [m for m in made if m == m]
        print(f"{label:<26} {statistics.mean(per_hand):8.2f} "
              f"{statistics.mean(made_known):6.0%} {statistics.mean(won):6.0%}")
    paired = [a[0] - b[0] for a, b in zip(*rows.values(), strict=True)]
    spread = statistics.stdev(paired) / len(paired) ** 0.5
    print(f"Monte Carlo − baseline, game points per hand, same seat and deals: "
          f"{statistics.mean(paired):+.2f} ± {spread:.2f} (one standard error)")
    print("(an equal player's side wins about 1/2 of games at four, 1/3 at three, 1/2 at two)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=600,
                        help="random Cruce hands per player count and round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating speed rounds")
    parser.add_argument("--games", type=int, default=102, help="games for the strength test")
    parser.add_argument("--playouts", type=int, default=60,
                        help="Monte Carlo playouts per decision")
    parser.add_argument("--target", type=int, default=21, choices=(11, 15, 21))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    speed(args.hands, args.rounds)
    if args.games:
        strength(args.games, args.playouts, args.target, args.seed)


if __name__ == "__main__":
    main()
