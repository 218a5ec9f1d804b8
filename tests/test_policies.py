"""Players who do not see the decks: what they know, and that they use nothing more."""

from __future__ import annotations

import random

import pytest

from cardlib.blackdiamond import GAME, Clear, Deal, Play, Replace, deal_from_seed
from solvers import cli, study
from solvers.policies import (
    HeuristicPlayer,
    PolicyTask,
    RandomPlayer,
    SamplingPlayer,
    Sight,
    advice,
    play,
)

VARIANT_SETS = [{}, {"replaced_under_deck": True}, {"repeat_replace": True},
                {"stuck_per_card": True}, {"arithmetic_centre": True}]


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: next(iter(v), "default"))
def test_what_a_player_remembers_matches_the_hidden_decks(variants):
    """Along random games: the unseen cards are exactly the decks' cards, the known top
    and bottom diamonds are where the player thinks, and any sample it deals shows the
    same board and allows the same moves as the real game."""
    for seed in range(1, 16):
        state = GAME.new(seed, **variants)
        sight = Sight.start(state.view(), state.options)
        rng = random.Random(seed)
        while not state.is_over:
            assert set(sight.unseen_black()) == set(state.black_deck)
            deck = state.diamond_deck
            top, bottom = sight.deck_top, sight.deck_bottom
            assert deck[: len(top)] == top
            assert not bottom or deck[-len(bottom):] == bottom
            assert set(sight.unseen_diamonds()) | set(top) | set(bottom) == set(deck)
            sample = sight.sample(rng)
            assert sample.view() == state.view()
            assert sample.legal_moves() == state.legal_moves()
            move = rng.choice(state.legal_moves())
            state = state.apply(move)
            sight = sight.after(move, state.view())


def test_the_diamond_shown_while_stuck_is_remembered_as_the_decks_top():
    for seed in range(1, 40):
        state = GAME.new(seed)
        sight = Sight.start(state.view(), state.options)
        rng = random.Random(seed)
        while not state.is_over and state.view().next_diamond is None:
            move = HeuristicPlayer().choose(sight, state.legal_moves(), rng)
            state = state.apply(move)
            sight = sight.after(move, state.view())
        if not state.is_over:
            assert sight.deck_top == (state.diamond_deck[0],)
            return
    pytest.fail("no game got stuck with a diamond to replace")


def twin_deals(seed: int) -> tuple[Deal, Deal]:
    """Two deals a player cannot tell apart at the start: the same four diamonds, hand and
    top diamond, the rest of both decks in opposite orders."""
    deal = deal_from_seed(seed)
    twin = Deal(deal.diamonds[:5] + deal.diamonds[5:][::-1], deal.black[:2] + deal.black[2:][::-1])
    return deal, twin


@pytest.mark.parametrize("player", [RandomPlayer, HeuristicPlayer, SamplingPlayer])
def test_a_player_cannot_tell_hidden_orders_apart(player):
    for seed in (3, 5, 8):
        firsts = []
        for deal in twin_deals(seed):
            state = GAME.from_deal(deal)
            sight = Sight.start(state.view(), state.options)
            firsts.append(player().choose(sight, state.legal_moves(), random.Random(0)))
        assert firsts[0] == firsts[1]
        assert firsts[0] in GAME.from_deal(twin_deals(seed)[0]).legal_moves()


def position(**piles):
    """A board with diamonds N=K E=Q S=J W=10, the black deck 3S..8S, and ``piles``."""
    return {"diamonds": ["KD", "QD", "JD", "TD"], "diamond_deck": ["2D", "3D", "4D"],
            "black_deck": ["3S", "4S", "6S", "7S", "8S"], **piles}


def choice(board: dict) -> object:
    state = GAME.from_position(board)
    sight = Sight.start(state.view(), state.options)
    return HeuristicPlayer().choose(sight, state.legal_moves(), random.Random(0))


def test_the_heuristic_plays_an_edge_before_the_centre():
    board = position(hand=["KC"])
    state = GAME.from_position(board)
    assert Play(state.hand[0], "C") in state.legal_moves()
    assert choice(board) == Play(state.hand[0], "N")


def test_the_heuristic_never_fills_a_pile_the_deck_cannot_refill():
    board = {**position(hand=["KC"]), "diamond_deck": [], "piles": {"N": ["9C", "KS"]}}
    state = GAME.from_position(board)
    assert Play(state.hand[0], "N") in state.legal_moves()  # legal, but it loses
    assert state.apply(Play(state.hand[0], "N")).outcome == "loss"
    assert choice(board) != Play(state.hand[0], "N")


def test_when_stuck_the_heuristic_clears_an_outer_pile_rather_than_replace_its_diamond():
    """2S fits nowhere; the top diamond 2D would let it go on N.  Clearing N puts 2D there
    just as replacing N would, and empties the pile as well."""
    board = position(hand=["2S"], piles={"N": ["KS"], "C": ["9S"]})
    state = GAME.from_position(board)
    assert state.stuck and Replace("N") in state.legal_moves()
    assert choice(board) == Clear("N")


def test_sampling_stops_once_the_samples_left_cannot_change_the_choice():
    a, b, c = Play(*deal_from_seed(1).black[:1], "N"), Replace("N"), Clear("N")
    order = [a, b, c]
    assert SamplingPlayer.settled(order, {a: 1, b: 0, c: 0}, 1)  # a tie would go to a
    assert not SamplingPlayer.settled(order, {a: 0, b: 1, c: 0}, 1)  # a could tie, and win
    assert SamplingPlayer.settled(order, {a: 0, b: 2, c: 0}, 1)
    assert not SamplingPlayer.settled(order, {a: 0, b: 0, c: 0}, 1)


def test_the_race_keeps_only_the_moves_that_could_still_be_chosen():
    """A rival stays in if winning every sample to come would overtake the leader, or tie it
    and come first in the order (ties go to the earlier move)."""
    a, b, c = "a", "b", "c"
    votes = {a: 4.0, b: 1.0, c: 2.0}
    assert SamplingPlayer.contenders([a, b, c], votes, 1) == [a]
    assert SamplingPlayer.contenders([a, b, c], votes, 2) == [a]  # c could only tie, after a
    assert SamplingPlayer.contenders([c, b, a], votes, 2) == [c, a]  # ... or tie, before a
    assert SamplingPlayer.contenders([a, b, c], votes, 3) == [a, c]
    assert SamplingPlayer.contenders([a, b, c], votes, 4) == [a, b, c]


def test_games_replay_and_a_study_line_reports_them():
    game = play(SamplingPlayer(2, 4095), 13)
    line = PolicyTask("sampling", (("max_nodes", 4095), ("samples", 2)))(13)
    assert (line["verdict"], line["placed"]) == (game.end.outcome, game.end.placed)
    assert (line["searches"], line["nodes"]) == (game.searches, game.nodes)
    assert game.searches > 0 and game.nodes >= game.searches
    assert line["solver"] == "player:sampling"
    assert line["params"] == {"max_nodes": 4095, "samples": 2}
    assert play(RandomPlayer(), 4).moves == play(RandomPlayer(), 4).moves
    assert play(HeuristicPlayer(), 4).searches == 0


def test_the_command_line_runs_a_player_study(tmp_path, capsys):
    out = tmp_path / "heuristic.jsonl"
    assert cli.main(["study", "--seeds", "1..3", "--player", "heuristic", "--workers", "1",
                     "--quiet", "--out", str(out)]) == 0
    summary = capsys.readouterr().out
    rows = study.load(out)
    assert [r["seed"] for r in rows] == [1, 2, 3]
    assert all(r["solver"] == "player:heuristic" for r in rows)
    assert f'"deals": 3, "wins": {sum(r["verdict"] == "win" for r in rows)}' in summary
    assert cli.main(["study", "--seeds", "1..3", "--out", str(out), "--quiet"]) == 2
    assert "another study" in capsys.readouterr().err


def test_advice_lists_every_players_move_at_each_position_of_a_game():
    game = play(HeuristicPlayer(), 11)
    start = GAME.new(11)
    rows = advice(start, game.moves[:3])
    assert [row["played"] for row in rows] == [str(m) for m in game.moves[:3]] + [""]
    state = start
    for row, move in zip(rows, [*game.moves[:3], None], strict=True):
        legal = {str(m) for m in state.legal_moves()}
        assert {row["random"], row["heuristic"], row["sampling"]} <= legal
        assert row["solver"] in legal | {"loss", "unknown"}
        if move is not None:
            state = state.apply(move)
