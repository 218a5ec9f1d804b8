"""The margin player (solvers.blind): legal, deterministic, and blind to the decks' order."""

from __future__ import annotations

import random

import pytest

from cardlib.blackdiamond import GAME, Deal, deal_from_seed
from solvers import policies
from solvers.blind import PLAYERS, MarginPlayer, short_of
from solvers.policies import PolicyTask, Sight


def first_decisions(seed: int, count: int, deal: Deal | None = None,
                    player: MarginPlayer | None = None) -> list[str]:
    """The margin player's first ``count`` moves on a deal, each checked legal."""
    state = GAME.from_deal(deal) if deal is not None else GAME.new(seed)
    sight = Sight.start(state.view(), state.options)
    player = player or MarginPlayer(samples=2)
    rng = random.Random(f"margin:{seed}")
    moves = []
    while not state.is_over and len(moves) < count:
        legal = state.legal_moves()
        move = player.choose(sight, legal, rng)
        assert move in legal
        state = state.apply(move)
        sight = sight.after(move, state.view())
        moves.append(str(move))
    return moves


def test_it_plays_legal_moves_and_replays_the_same_from_the_seed():
    first = first_decisions(4, 12)
    assert len(first) == 12
    assert first_decisions(4, 12) == first


def test_a_whole_game_through_the_study_harness_places_cards_and_counts_searches():
    line = PolicyTask("margin", (("samples", 2),))(7)
    assert line["solver"] == "player:margin" and line["params"] == {"samples": 2}
    assert line["verdict"] in ("win", "loss") and 2 <= line["placed"] <= 26
    assert line["searches"] > 0 and line["nodes"] >= line["searches"]


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_two_deals_alike_but_for_the_hidden_orders_get_the_same_first_moves(seed):
    deal = deal_from_seed(seed)
    twin = Deal(deal.diamonds[:5] + deal.diamonds[5:][::-1],
                deal.black[:2] + deal.black[2:][::-1])
    assert first_decisions(seed, 1, deal) == first_decisions(seed, 1, twin)


def test_its_late_choice_cannot_tell_hidden_orders_apart_either():
    """``late`` above the deck's size puts the very first decision in the late phase."""
    deal = deal_from_seed(5)
    twin = Deal(deal.diamonds[:5] + deal.diamonds[5:][::-1],
                deal.black[:2] + deal.black[2:][::-1])
    firsts = [first_decisions(5, 1, d, MarginPlayer(late=30, late_samples=4))
              for d in (deal, twin)]
    assert firsts[0] == firsts[1]


def test_a_shorter_budget_takes_diamonds_from_the_bottom_of_a_sample_only():
    state = GAME.new(11)
    short = short_of(state, 2)
    assert short.diamond_deck == state.diamond_deck[:-2]
    assert len(state.diamond_deck) == len(short.diamond_deck) + 2
    assert short_of(state, 0) is state
    assert short.view().diamonds == state.view().diamonds


def test_the_study_harness_finds_the_player_by_name_and_refuses_an_unknown_one():
    assert policies.player_class("margin") is PLAYERS["margin"] is MarginPlayer
    assert policies.player_class("heuristic") is policies.HeuristicPlayer
    with pytest.raises(KeyError, match="no player 'psychic'.*margin"):
        policies.player_class("psychic")


def test_the_gap_analysis_chains_the_searchs_verdicts_along_a_game():
    from solvers.blind import kind_of, turns
    from solvers.policies import HeuristicPlayer, play

    found = turns(HeuristicPlayer(), 7, seconds=5.0)
    game = play(HeuristicPlayer(), 7)
    assert [t.move for t in found] == [str(m) for m in game.moves]  # the same game
    assert [t.kind for t in found] == [kind_of(m) for m in game.moves]
    assert found[-1].after == game.end.outcome
    for earlier, later in zip(found, found[1:], strict=False):
        assert earlier.after == later.before
        assert not (earlier.before == "loss" and earlier.after == "win")  # never comes back
    assert all(t.choices >= 1 for t in found)


class Recording(MarginPlayer):
    """The margin player, noting the search budget of every search and the black cards
    left at the decision that asked for it."""

    def choose(self, sight, legal, rng):
        self.left = sight.view.black_left
        return super().choose(sight, legal, rng)

    def solve(self, state, max_nodes=None, check=True):
        self.budgets.append((self.left, self.max_nodes if max_nodes is None else max_nodes))
        return super().solve(state, max_nodes, check)


def test_the_middle_stage_uses_its_own_deals_margin_and_budget():
    """With ``mid`` set, decisions with ``late`` < black cards left <= ``mid`` search with
    ``mid_nodes``; the others keep ``max_nodes``; and without ``mid`` (the default, as in
    the shipped results) the player is the one it was."""
    player = Recording(samples=2, mid=14, mid_samples=2, mid_nodes=1023)
    player.budgets = []
    first_decisions(6, 26, player=player)
    stages = {(left <= 10, left <= 14, budget) for left, budget in player.budgets}
    assert (False, True, 1023) in stages and (False, False, 4095) in stages
    assert all(budget == (1023 if 10 < left <= 14 else 4095) for left, budget in player.budgets)
    plain = Recording(samples=2)
    plain.budgets = []
    assert first_decisions(6, 26, player=plain) == first_decisions(6, 26)
    assert {budget for _, budget in plain.budgets} == {4095}


def test_racing_the_samples_plays_the_same_game_with_fewer_searches():
    """A move dropped from the race could not have caught the leader, so every choice, the
    deals dealt for it, and so the whole game are the same (early, middle and late stage)."""
    settings = dict(samples=3, mid=14, mid_samples=4, late_samples=8)
    plain, racing = MarginPlayer(**settings), MarginPlayer(**settings, race=True)
    assert first_decisions(6, 26, player=racing) == first_decisions(6, 26, player=plain)
    assert 0 < racing.effort.searches < plain.effort.searches

