"""The gap analysis of ``benchmarks/blind_gap.py``: the decision it names as the one that lost
a won game is one (the search, seeing the decks, wins before it and loses after it), its
lines replay, and the shipped files hold what its command names."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardlib.blackdiamond import GAME
from solvers import search, study
from solvers.policies import HeuristicPlayer, play

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import blind_gap  # noqa: E402

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
MADE = json.loads((RESULTS / "made.json").read_text(encoding="utf-8"))["files"]
GAP_FILES = {"blind-gap-heuristic.jsonl": "player-heuristic-1000.jsonl",
             "blind-gap-margin.jsonl": "player-margin-1000.jsonl",
             "blind-gap-margin-mid.jsonl": "player-margin-mid-1000.jsonl",
             "blind-gap-margin-late32.jsonl": "player-margin-late32-1000.jsonl"}


def test_the_turn_it_names_turns_a_won_position_lost_and_the_row_replays():
    seed = 1  # a deal the heuristic player loses
    row = blind_gap.judge(HeuristicPlayer(), seed)
    assert row == {**blind_gap.judge(HeuristicPlayer(), seed),
                   "seconds": row["seconds"], "cpu_seconds": row["cpu_seconds"]}
    game = play(HeuristicPlayer(), seed)
    assert row["verdict"] == game.end.outcome == "loss" and not row["lost_from_deal"]
    turn = row["turn"]
    assert row["decisions"] == len(game.moves) and turn["move"] == str(game.moves[turn["step"] - 1])
    state = GAME.new(seed)
    for move in game.moves[: turn["step"] - 1]:
        state = state.apply(move)
    assert search.solve(state).verdict == "win"
    assert search.solve(state.apply(GAME.parse_move(turn["move"]))).verdict == "loss"
    assert turn["black_left"] == state.view().black_left
    assert turn["move"] not in turn["winners"] and turn["winners"]
    assert search.solve(state.apply(GAME.parse_move(turn["winners"][0]))).verdict == "win"
    assert row["winnable"] == turn["step"]  # every decision up to that one was in a won game


def test_the_sample_is_seeded_and_a_shorter_one_is_its_beginning():
    seeds = list(range(1, 60))
    sample = blind_gap.sample_of(seeds, 20, "blind-gap")
    assert sample == blind_gap.sample_of(list(reversed(seeds)), 20, "blind-gap")
    assert blind_gap.sample_of(seeds, 8, "blind-gap") == sample[:8]
    assert sorted(blind_gap.sample_of(seeds, None, "blind-gap")) == seeds
    assert sample != blind_gap.sample_of(seeds, 20, "another")


def test_the_shipped_gap_files_judge_lost_deals_of_their_players_as_their_command_says():
    for name, played in GAP_FILES.items():
        made = MADE[name]["command"]
        assert f"--out benchmarks/results/{name}" in made and f"results/{played}" in made
        rows = study.load(RESULTS / name)
        lost = blind_gap.lost_seeds(RESULTS / played)
        size = int(made.split("--sample ")[1].split()[0]) if "--sample " in made else len(lost)
        assert {row["seed"] for row in rows} == set(blind_gap.sample_of(lost, size, "blind-gap"))
        for row in rows:
            assert row["verdict"] == "loss"  # the replay lost, as the player's file says
            turn = row["turn"]
            if turn is not None:
                assert turn["kind"] in blind_gap.KINDS and turn["winners"]
                # decisions in a won position: this one, and before it all but undecided ones
                assert 1 <= row["winnable"] <= turn["step"] <= row["decisions"]
                assert turn["step"] <= row["winnable"] + row["unknown"]
                assert 0 <= turn["black_left"] <= 24


def test_players_with_the_same_choices_until_a_stage_lose_the_same_deals_before_it():
    """The margin player and its middle stage choose alike while more than 14 black cards
    are left, the middle stage with 24 and with 32 late samples (the race changes no
    choice) while more than 10 are: every deal one lost before then, the other lost at the
    very same decision, unless one judging left a step undecided (no turn named)."""
    def turns(name):
        return {row["seed"]: row["turn"] for row in study.load(RESULTS / name)}

    for first, second, last in (("blind-gap-margin.jsonl", "blind-gap-margin-mid.jsonl", 14),
                                ("blind-gap-margin-mid.jsonl",
                                 "blind-gap-margin-late32.jsonl", 10)):
        one, two = turns(first), turns(second)
        early = {seed for rows in (one, two) for seed, turn in rows.items()
                 if turn and turn["black_left"] > last}
        assert len(early) > 100, "the check has deals to check"
        undecided = 0
        for seed in early:
            assert seed in one and seed in two, f"{seed}: both players lost it"
            if one[seed] is None or two[seed] is None:
                undecided += 1  # one judging named no turn: a step left undecided
                continue
            assert (one[seed]["step"], one[seed]["move"]) == \
                (two[seed]["step"], two[seed]["move"]), seed
        assert undecided <= 2, (first, second, undecided)
