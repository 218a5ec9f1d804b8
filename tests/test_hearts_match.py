"""The Hearts match harness (``benchmarks/hearts_match.py``) on a deal or two, tiny budgets.

What the match's figures rest on: a deal replays the same with the same bots and seeds, the
same bot on both sides comes out exactly even when it is deterministic (so the seatings
cancel the deal's luck and no seat is favoured), the margin has the sign it says, and an
OpenSpiel bot plays through the lockstep path with both engines agreeing.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import hearts_match as match  # noqa: E402


def test_a_deal_replays_the_same_with_the_same_bots_and_seeds():
    hero, baseline = match.monte_carlo(8, "test:hero"), match.rule_of_thumb()
    first = [match.play_deal(deal, hero, baseline, "swap", match.Clock()) for deal in (0, 1)]
    again = [match.play_deal(deal, match.monte_carlo(8, "test:hero"), match.rule_of_thumb(),
                             "swap", match.Clock()) for deal in (0, 1)]
    assert first == again
    # Deal 0 passes to the left, deal 1 to the right: the games are real hands.
    assert all(sum(game["points"]) in (26, 78) for r in first for game in r["games"])


@pytest.mark.parametrize("fmt", sorted(match.FORMATS))
def test_the_rule_of_thumb_against_itself_is_exactly_even(fmt):
    # The rule of thumb is deterministic, so every game of a deal is the same game with the
    # labels moved; the seatings give each side every seat equally, so each deal's margin is
    # exactly zero, though the seats' points differ.
    bot = match.rule_of_thumb()
    records = [match.play_deal(deal, bot, bot, fmt, match.Clock()) for deal in range(4)]
    assert [r["margin"] for r in records] == [0.0] * 4
    assert any(len(set(game["points"])) > 1 for r in records for game in r["games"])


def test_a_deterministic_bot_against_itself_is_even_as_well():
    # The Monte Carlo bot with one seed on both sides is one deterministic player.
    bot = match.monte_carlo(8, "same")
    assert match.play_deal(3, bot, bot, "swap", match.Clock())["margin"] == 0.0


def test_the_margin_is_the_baselines_points_minus_the_heros_per_player():
    assert match.game_margin((0, 10, 6, 10), (0, 2)) == Fraction(10 - 3)
    assert match.game_margin((20, 2, 2, 2), (0,)) == Fraction(2 - 20)
    assert match.game_margin((0, 26, 26, 26), (1, 2, 3)) == Fraction(0 - 26)


def test_a_match_carries_on_from_its_results_file(tmp_path):
    path = tmp_path / "hearts-match-t.json"
    hero, baseline = match.monte_carlo(8, "test:hero"), match.rule_of_thumb()
    match.run_match("t", hero, baseline, 1, "hero-alone", "0", "test", path=path, quiet=True)
    resumed = match.run_match("t", hero, baseline, 2, "hero-alone", "0", "test", path=path,
                              quiet=True)
    fresh = match.run_match("t", hero, baseline, 2, "hero-alone", "0", "test",
                            path=tmp_path / "fresh.json", quiet=True)
    strip = [{k: v for k, v in r.items() if k not in ("cpu_seconds", "cpu_ms")}
             for r in resumed["results"]]
    assert strip == [{k: v for k, v in r.items() if k not in ("cpu_seconds", "cpu_ms")}
                     for r in fresh["results"]]
    assert resumed["summary"]["deals"] == 2


def test_a_match_from_a_later_deal_plays_fresh_deals_only(tmp_path):
    # Deals first … first + deals - 1: a check on deals a tuning never saw.
    hero, baseline = match.monte_carlo(8, "test:hero"), match.rule_of_thumb()
    later = match.run_match("t", hero, baseline, 2, "hero-alone", "0", "test",
                            path=tmp_path / "later.json", quiet=True, first=5)
    assert [r["deal"] for r in later["results"]] == [5, 6]
    assert later["settings"]["first"] == 5
    assert later["results"][0]["games"] == match.play_deal(5, hero, baseline, "hero-alone",
                                                           match.Clock())["games"]


def test_worker_processes_give_the_records_one_process_gives(tmp_path):
    args = match.argparse.Namespace(hero="monte-carlo:8", baseline="rule-of-thumb",
                                    format="hero-alone", seed="0", uct_c=26.0, rollouts=1,
                                    final_policy="MAX_VISIT_COUNT")
    hero, baseline = match.parse_side(args.hero, "hero", args), match.rule_of_thumb()
    alone = match.run_match("t", hero, baseline, 3, "hero-alone", "0", "test",
                            path=tmp_path / "alone.json", quiet=True)
    with match.ProcessPoolExecutor(2, initializer=match._start_worker,
                                   initargs=(args,)) as pool:
        shared = match.run_match("t", hero, baseline, 3, "hero-alone", "0", "test",
                                 path=tmp_path / "shared.json", quiet=True,
                                 play=lambda deals: pool.map(match._worker_deal, deals))

    def strip(record):
        return [{k: v for k, v in r.items() if k not in ("cpu_seconds", "cpu_ms")}
                for r in record["results"]]

    assert strip(shared) == strip(alone) and [r["deal"] for r in shared["results"]] == [0, 1, 2]


def test_openspiels_is_mcts_plays_through_the_lockstep_path():
    pytest.importorskip("pyspiel")
    # Its cards come back as our legal moves and both engines agree on the points (the
    # harness raises otherwise); it searched some decisions, and passed by the rule of thumb.
    clock = match.Clock()
    spiel = match.is_mcts(50, "test", 26.0, 1, "MAX_VISIT_COUNT")
    record = match.play_deal(0, match.rule_of_thumb(), spiel, "hero-alone", clock)
    assert len(record["games"]) == 4
    assert len(clock.times["baseline"]["play"]) > 20
    assert len(clock.times["baseline"]["pass"]) == 4 * 3 * 3
