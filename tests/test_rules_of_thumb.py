"""The rule-of-thumb players (solvers.policies.RULES_OF_THUMB): each is the heuristic player
with one rule dropped or added, blind to the decks' order, legal, and measured in a shipped
file; the plain heuristic player still plays the games its shipped file records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardlib.blackdiamond import GAME, Deal, deal_from_seed
from solvers import policies, study
from solvers.policies import HeuristicPlayer, Paired, Sight, play

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
MADE = json.loads((RESULTS / "made.json").read_text(encoding="utf-8"))["files"]
VARIANTS = [rule.player for rule in policies.RULES_OF_THUMB]


def first_moves(player: HeuristicPlayer, deal: Deal, count: int) -> list[str]:
    """The player's first ``count`` moves on ``deal``, each checked legal."""
    state = GAME.from_deal(deal)
    sight = Sight.start(state.view(), state.options)
    moves = []
    while not state.is_over and len(moves) < count:
        legal = state.legal_moves()
        move = player.choose(sight, legal, random.Random(0))
        assert move in legal
        state = state.apply(move)
        sight = sight.after(move, state.view())
        moves.append(str(move))
    return moves


def test_every_variant_is_found_by_name_and_named_after_its_rule():
    assert len(set(VARIANTS)) == len(VARIANTS) >= 3
    for rule in policies.RULES_OF_THUMB:
        player = policies.player_class(rule.player)
        assert issubclass(player, HeuristicPlayer) and player is not HeuristicPlayer
        assert player.name == rule.player == f"{'without' if rule.kept else 'with'}-{rule.name}"
        assert rule.advice in player.__doc__
        for option, value in rule.options:  # an option it changes, to another value
            assert hasattr(HeuristicPlayer, option) and getattr(player, option) == value
            assert getattr(HeuristicPlayer, option) != value


def test_the_plain_heuristic_still_plays_the_games_of_its_shipped_file():
    shipped = {row["seed"]: row for row in study.load(RESULTS / "player-heuristic-1000.jsonl")}
    for seed in range(1, 41):
        end = play(HeuristicPlayer(), seed).end
        assert (end.outcome, end.placed) == (shipped[seed]["verdict"], shipped[seed]["placed"])


@pytest.mark.parametrize("name", VARIANTS)
def test_a_variant_plays_legal_games_and_another_game_than_the_plain_player(name):
    player = policies.player_class(name)
    differs = False
    for seed in range(1, 41):
        game = play(player(), seed)
        state = GAME.new(seed)
        for move in game.moves:  # replayed on the engine: every move was legal
            assert move in state.legal_moves()
            state = state.apply(move)
        assert state.is_over and state.outcome == game.end.outcome
        differs = differs or game.moves != play(HeuristicPlayer(), seed).moves
    assert differs, f"{name} played every game as the plain player: its option does nothing"


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("seed", [3, 8])
def test_a_variant_cannot_tell_two_deals_apart_that_differ_only_in_hidden_orders(name, seed):
    deal = deal_from_seed(seed)
    twin = Deal(deal.diamonds[:5] + deal.diamonds[5:][::-1],
                deal.black[:2] + deal.black[2:][::-1])
    assert deal != twin
    player = policies.player_class(name)()
    # both hand cards are placed before anything is drawn: two decisions on the same view
    assert first_moves(player, deal, 2) == first_moves(player, twin, 2)


@pytest.mark.parametrize("name", VARIANTS)
def test_each_variant_is_shipped_on_seeds_1_to_1000_with_how_it_was_made(name):
    file = f"player-{name}-1000.jsonl"
    rows = study.load(RESULTS / file)
    assert [row["seed"] for row in rows] == list(range(1, 1001))
    assert {row["solver"] for row in rows} == {f"player:{name}"}
    assert f"--player {name} " in MADE[file]["command"]
    assert "--seeds 1..1000" in MADE[file]["command"]


def test_a_shipped_variant_line_is_the_game_the_variant_plays_today():
    for name in VARIANTS:
        rows = {row["seed"]: row for row in study.load(RESULTS / f"player-{name}-1000.jsonl")}
        for seed in (5, 17):
            end = play(policies.player_class(name)(), seed).end
            assert (end.outcome, end.placed) == (rows[seed]["verdict"], rows[seed]["placed"])


def test_paired_counts_the_deals_each_won_and_only_one_won():
    first = [{"seed": s, "verdict": v} for s, v in
             [(1, "win"), (2, "win"), (3, "loss"), (4, "loss"), (5, "win")]]
    second = [{"seed": s, "verdict": v} for s, v in
              [(1, "win"), (2, "loss"), (3, "win"), (4, "loss"), (6, "win")]]
    paired = Paired.of(first, second)
    assert paired == Paired(4, (2, 2), 1, (1, 1))  # seed 5 and 6 were not both played
    assert paired.p_value == 1.0
    lopsided = Paired(20, (10, 0), 0, (10, 0))
    assert lopsided.p_value == pytest.approx(2 / 2 ** 10)
    assert Paired(20, (0, 10), 0, (0, 10)).p_value == lopsided.p_value
