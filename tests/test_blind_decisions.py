"""The decision bench for blind players (``benchmarks/blind_decisions.py``): the critical
decisions it stores are what it says they are, and a player re-decides them from exactly
the position and sight the game had.

One deal is collected here (seed 5126: five critical decisions, about 4 s of CPU); the
checks would fail if the judging, the replay of a decision's prefix or the blunder count
of a re-decision went wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import blind_decisions  # noqa: E402  (benchmarks/ is on sys.path)

from cardlib.blackdiamond import move_from_json  # noqa: E402
from solvers import search  # noqa: E402

SEED = 5126


def key(move_json: object) -> str:
    """A move's JSON form as one hashable text."""
    return json.dumps(move_json, sort_keys=True)


@pytest.fixture(scope="module")
def row():
    return blind_decisions.critical_decisions(SEED)


def test_a_deal_gives_critical_decisions_with_winners_and_losers(row):
    assert row["seed"] == SEED and row["critical"], "seed 5126 has critical decisions"
    for decision in row["critical"]:
        winners, losers = set(map(key, decision["winners"])), set(map(key, decision["losers"]))
        assert winners and losers and not winners & losers
        assert decision["margin_blunder"] == (key(decision["margin_choice"]) in losers)


def test_a_stored_decision_rebuilds_its_position_and_its_verdicts_hold(row):
    decision = row["critical"][0]
    state, sight = blind_decisions.rebuild(decision)
    assert state.view().black_left == decision["black_left"] == sight.view.black_left
    legal = set(state.legal_moves())
    for text, verdict in [(decision["winners"][0], "win"), (decision["losers"][0], "loss")]:
        move = move_from_json(text)
        assert move in legal
        after = state.apply(move)
        assert (after.outcome if after.is_over
                else search.solve(after, time_limit=10).verdict) == verdict, text


def test_a_re_decision_counts_a_blunder_exactly_when_it_plays_a_loser(row):
    decision = row["critical"][0]
    again = blind_decisions.decide("margin", decision)
    assert again["blunder"] == (again["move"] in decision["losers"])
    twice = blind_decisions.decide("margin", decision)
    assert {**again, "cpu": 0} == {**twice, "cpu": 0}, "seeded by the decision"


def test_the_slack_variant_spans_the_margin_player_and_the_rules_of_thumb(row):
    """No slack is the margin player's own choice; a slack wider than any count is the
    heuristic's first move (``late=-1``: no decision is in the late stage)."""
    differ = 0
    for decision in row["critical"]:
        margin, heuristic, none, wide = (
            blind_decisions.decide(spec, decision)["move"]
            for spec in ("margin:late=-1", "heuristic", "slack:slack=0,late=-1",
                         "slack:slack=99,late=-1"))
        assert none == margin and wide == heuristic
        differ += margin != heuristic
    assert differ, "the two ends differ at some decision, so the checks tell them apart"
