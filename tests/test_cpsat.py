"""The CP-SAT model of Black Diamond: exact on small boards, replayed plans, honest errors.

The model's claims are checked two independent ways: every winning plan is replayed by
the rules engine (``solve`` does it, and the tests do it again), and on small boards the
verdict is compared with a brute-force walk over the engine's own ``legal_moves`` that
shares no code with the model.  CP-SAT runs on one worker with a deterministic-time
limit, so the tests behave the same on any machine under any load.
"""

from __future__ import annotations

import pytest
from brute_force import brute_force_wins
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from cardlib.blackdiamond import (
    BLACK_CARDS,
    DIAMOND_CARDS,
    PILES,
    RULES,
    BlackDiamond,
    BlackDiamondState,
    DealError,
    Position,
    deal_from_seed,
    move_from_json,
)
from cardlib.cards import parse_cards
from solvers import search
from solvers.cpsat import CONSTRAINT_GROUPS, BlackDiamondModel, UnsupportedVariant, solve
from solvers.cpsat.instance import instance_of
from solvers.cpsat.plans import plan_values
from solvers.cpsat.tables import allowed_by_touching, free_values, placement_table

GAME = BlackDiamond()
BUDGET = 60.0  # deterministic seconds: far more than any case here needs


def replay_to_end(start: BlackDiamondState, moves: list[dict[str, str]]) -> BlackDiamondState:
    state = start
    for move in moves:
        state = state.apply(move_from_json(move))
    return state


def board(diamonds: str, deck: str, hand: str, black: str = "", **piles: str) -> Position:
    return Position(parse_cards(diamonds), parse_cards(deck), parse_cards(hand),
                    parse_cards(black),
                    tuple(parse_cards(piles.get(p.name, "")) for p in PILES))


# --- boards worked out by hand ---------------------------------------------------------

def only_play_overfills(deck: str) -> Position:
    """Diamonds A, 2, 3, K at N, E, S, W; the hand is 5S alone; the centre's top is a
    spade.  5 fits nowhere but SE (2 + 3), which holds 3 cards: playing there fills it
    and the refill of E and S needs two diamonds.  The player is not stuck (5S has a
    legal pile), so replacing first is not allowed.  With one diamond in the deck the
    game is lost; with two it is won by that single play."""
    return board("AD 2D 3D KD", deck, "5S", SE="AC AS 2C", C="3S")


def test_a_board_whose_only_play_overfills_is_a_loss():
    result = solve(only_play_overfills("4D"), deterministic_time=BUDGET)
    assert result.verdict == "loss"
    assert result.moves is None
    assert result.extra["status"] == "INFEASIBLE"
    assert not brute_force_wins(GAME.from_position(only_play_overfills("4D")))


def test_the_same_board_with_one_more_diamond_is_won_by_that_play():
    position = only_play_overfills("4D 6D")
    result = solve(position, deterministic_time=BUDGET)
    assert result.verdict == "win"
    assert result.moves == [{"play": "5S", "to": "SE"}]
    assert replay_to_end(GAME.from_position(position), result.moves).outcome == "win"


def test_stuck_board_needs_a_replace_and_the_plan_uses_one():
    """N=A: 7S fits nowhere (every pile refuses 7 or has a spade on top), so the plan
    must start with a stuck move; the deck's 7D makes 7S playable on an outer edge."""
    position = board("AD 2D 3D KD", "7D 8D", "7S", C="3S")
    state = GAME.from_position(position)
    assert state.stuck
    result = solve(position, deterministic_time=BUDGET)
    assert result.verdict == "win"
    assert "play" not in result.moves[0]
    assert replay_to_end(state, result.moves).outcome == "win"


# --- whole deals ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [4, 13])
def test_seeded_deal_is_won_and_the_plan_replays(seed):
    start = GAME.new(seed)
    result = solve(deal_from_seed(seed), deterministic_time=BUDGET)
    assert result.verdict == "win", result.extra
    assert sum("play" in move for move in result.moves) == 26
    assert replay_to_end(start, result.moves).outcome == "win"
    assert result.extra["status"] in ("OPTIMAL", "FEASIBLE")
    assert result.extra["wall_time"] >= 0
    assert result.to_json()["verdict"] == "win"


def test_a_tiny_work_limit_gives_unknown_not_a_guess():
    result = solve(deal_from_seed(3), deterministic_time=1e-6)
    assert result.verdict == "unknown"
    assert result.moves is None
    assert result.extra["status"] == "UNKNOWN"


def test_json_deal_and_state_are_accepted_like_a_deal():
    deal = deal_from_seed(14)
    from_json = solve(deal.to_json(), deterministic_time=BUDGET)
    from_state = solve(GAME.from_deal(deal), deterministic_time=BUDGET)
    assert from_json.verdict == from_state.verdict == "win"
    assert from_json.moves == from_state.moves  # one worker, one seed: the same plan


def model_accepts(source, moves, last_play_to: str | None = None) -> bool:
    """Whether the model is feasible with its choices fixed to ``moves`` (and, if given,
    the last play sent to ``last_play_to``)."""
    built = BlackDiamondModel(instance_of(source))
    for var, value in plan_values(built, [move_from_json(m) for m in moves]).items():
        built.model.Add(var == value)
    if last_play_to is not None:
        built.model.Add(built.play_to[built.plays - 1][last_play_to] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = BUDGET
    return solver.Solve(built.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_winning_line_found_by_the_search_is_a_solution_of_the_model(seed):
    """The model is not stricter than the rules: the search's own winning line (found
    without the model) satisfies every constraint once the model's choices follow it."""
    line = search.solve(deal_from_seed(seed)).moves
    assert model_accepts(deal_from_seed(seed), line)
    # and sending the line's last card to a pile the rules refuse is not accepted
    state = GAME.new(seed)
    for move in line[:-1]:
        state = state.apply(move_from_json(move))
    card = move_from_json(line[-1]).card
    refused = [p.name for p in PILES if p.name not in state.placements(card)]
    assert refused
    for pile in refused[:2]:
        assert not model_accepts(deal_from_seed(seed), line[:-1], last_play_to=pile)


def test_a_hint_speeds_the_search_for_a_plan_but_not_the_verdict():
    deal = deal_from_seed(8)
    line = search.solve(deal).moves
    hinted = solve(deal, deterministic_time=BUDGET, hint=line)
    assert hinted.verdict == "win"
    assert replay_to_end(GAME.new(8), hinted.moves).outcome == "win"
    lost = solve(only_play_overfills("4D"), deterministic_time=BUDGET,
                 hint=[{"play": "5S", "to": "SE"}])
    assert lost.verdict == "loss"


# --- bad input --------------------------------------------------------------------------

def test_a_malformed_deal_is_refused_naming_the_problem():
    deal = deal_from_seed(1).to_json()
    deal["black"][0] = deal["black"][1]
    with pytest.raises(DealError, match="repeated"):
        solve(deal)


def test_variants_are_refused_by_name():
    state = GAME.from_deal(deal_from_seed(1), strict_end=True)
    with pytest.raises(UnsupportedVariant, match="strict_end"):
        solve(state)


def test_an_unknown_input_type_is_refused():
    with pytest.raises(TypeError, match="Deal"):
        solve(42)


# --- the model's structure ---------------------------------------------------------------

def test_every_constraint_group_cites_real_rules():
    for rule_ids, group in CONSTRAINT_GROUPS:
        assert group.__doc__, group.__name__
        for rule_id in rule_ids:
            assert rule_id in RULES, (group.__name__, rule_id)
            assert rule_id in group.__doc__, (group.__name__, rule_id)


def test_tables_hold_exactly_what_the_engine_allows():
    """Spot checks worked out by hand from the rule text, not from the engine."""
    ne = next(p for p in PILES if p.name == "NE")
    rows = set(placement_table(ne))
    # between 2 and 6: 2, 6, 8, 4, 12 and 6/2 = 3; never 5 or 13
    assert {(2, 6, v) for v in (2, 3, 4, 6, 8, 12)} <= rows
    assert (2, 6, 5) not in rows and (2, 6, 13) not in rows
    # 4 and 6: 6/4 is not exact, so 1 (a ratio rounded down) is not allowed
    assert (4, 6, 1) not in rows
    centre = next(p for p in PILES if p.name == "C")
    assert free_values(centre) == frozenset(range(1, 14))
    north = next(p for p in PILES if p.name == "N")
    assert allowed_by_touching(north)[(9,)] == frozenset({9})


# --- exactness on random small boards -----------------------------------------------------

@st.composite
def small_positions(draw) -> Position:
    """A random small end-game: 1-4 black cards to play, 0-3 deck diamonds, random
    piles (alternating suits, under their limits) from the cards left over."""
    diamonds = draw(st.permutations(DIAMOND_CARDS))
    deck_size = draw(st.integers(0, 3))
    black = list(draw(st.permutations(BLACK_CARDS)))
    to_play = draw(st.integers(1, 4))
    playing, spare = black[:to_play], black[to_play:]
    piles = []
    for pile in PILES:
        count = draw(st.integers(0, pile.limit - 1))
        suit = draw(st.sampled_from("SC"))
        cards = []
        for _ in range(count):
            card = next((c for c in spare if c.suit == suit), None)
            if card is None:  # that suit ran out: the pile stays shorter
                break
            spare.remove(card)
            cards.append(card)
            suit = "C" if suit == "S" else "S"
        piles.append(tuple(cards))
    hand = tuple(playing[:2])
    return Position(tuple(diamonds[:4]), tuple(diamonds[4:4 + deck_size]), hand,
                    tuple(playing[2:]), tuple(piles))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_model_agrees_with_brute_force_on_small_boards(position):
    state = GAME.from_position(position)
    expected = "win" if brute_force_wins(state) else "loss"
    result = solve(position, deterministic_time=BUDGET)
    assert result.verdict == expected
    if result.verdict == "win":
        assert replay_to_end(state, result.moves).outcome == "win"
