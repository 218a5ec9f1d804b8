"""Diam's scoring: collections by the value table, the purity and hand bonuses with their
ties, victory chips by place, and the winner with the round-2 tie-break.

A test ruleset with values that are easy to add by hand (digit × 10 + cards, the 7 raised
above the 10) makes every expected number below checkable with pencil and paper, independent
of the assumed table.
"""

from __future__ import annotations

from cardlib import games
from cardlib.diams import DEFAULT, Ruleset
from cardlib.diams import cards as c
from cardlib.diams.scoring import (
    chips_for,
    collection_points,
    hand_bonus,
    places,
    purity_bonus,
    result_of_points,
    score_round,
    winners,
)

GAME = games.get("diams")


def ruleset(**changes) -> Ruleset:
    data = DEFAULT.as_dict()
    data["values"] = {str(d): [d * 10 + 3, d * 10 + 4, d * 10 + 5] for d in range(1, 11)}
    data["values"]["7"] = [103, 104, 105]  # the 7 stays the most valuable
    data["values"]["10"] = [100, 101, 102]  # and alone on top: the 10 just below it
    data.update(changes)
    return Ruleset.from_mapping(data, "test")


RULES = ruleset()


def pile(text: str) -> tuple[int, ...]:
    return c.pile_of(c.parse_kind(w) for w in text.split())


def test_collections_score_by_digit_and_size():
    assert collection_points(pile("5 5 5"), RULES) == 53
    assert collection_points(pile("5 5 5 5* 9 9 9 9 9"), RULES) == 54 + 95
    assert collection_points(pile("7 7 7 7* 7"), RULES) == 105
    assert collection_points(pile(""), RULES) == 0


def test_a_collection_cut_below_three_scores_nothing():
    assert collection_points(pile("7 7"), RULES) == 0
    assert collection_points(pile("7 7 4 4 4"), RULES) == 43


def test_purity_bonus_five_alone_two_each_on_a_tie_none_without_pure():
    assert purity_bonus([pile("5* 6*"), pile("7*"), pile("8 8 8")]) == (5, 0, 0)
    assert purity_bonus([pile("5*"), pile("7*"), pile("8 8 8")]) == (2, 2, 0)
    assert purity_bonus([pile("5 5 5"), pile("")]) == (0, 0)


def test_hand_bonus_three_to_every_player_with_the_largest_sum():
    assert hand_bonus([pile("10"), pile("4 6"), pile("3")]) == (3, 3, 0)
    assert hand_bonus([pile("9"), pile("2 2")]) == (3, 0)
    # special cards count 0; nobody scores a bonus for empty hands
    assert hand_bonus([pile("drill"), pile("")]) == (0, 0)
    assert hand_bonus([pile("drill 1"), pile("sleight")]) == (3, 0)


def test_places_and_chips_share_the_best_place_on_a_tie():
    assert places([9, 12, 9, 3]) == (2, 1, 2, 4)
    assert chips_for([9, 12, 9, 3], RULES) == (3, 4, 3, 1)
    assert chips_for([5, 5, 5, 5, 0], RULES) == (4, 4, 4, 4, 0)
    other = ruleset(chips={"by_place": [6, 3, 1, 0, 0]})
    assert chips_for([1, 2, 3], other) == (1, 3, 6)


def test_a_round_adds_collections_and_both_bonuses():
    safes = [pile("5 5 5 7*"), pile("9 9 9 9*"), pile("")]
    hands = [pile("10"), pile("2"), pile("4 6")]
    result = score_round(0, safes, hands, RULES)
    assert result.collections == (53, 94, 0)
    assert result.purity == (2, 2, 0)
    assert result.hand == (3, 0, 3)
    assert result.points == (58, 96, 3)
    assert result.chips == (3, 4, 2)


def test_the_engine_scores_the_round_it_ends():
    position = {"hands": [["10"], ["2", "3"]], "safes": [["7", "7", "7*"], ["9", "9", "9"]],
                "pile": ["closing", "5"]}
    state = GAME.from_position(position, ruleset=RULES, players=2)
    state = state.apply("draw hand").apply("market 10 none")
    result = state.results[0]
    assert result.collections == (103, 93)
    assert result.purity == (5, 0)
    assert result.hand == (0, 3)  # seat 0 left its 10 on the market: 0 against 5
    assert result.chips == (4, 3)
    assert state.round == 1 and state.chips == (4, 3)


def results(*rounds):
    return [result_of_points(i, points, RULES) for i, points in enumerate(rounds)]


def test_most_chips_wins():
    assert winners(results([10, 5], [3, 8], [9, 1]), 2) == ((0,), "most victory chips")


def test_a_chip_tie_goes_to_the_round_two_winner():
    # chips: seat 0 4+2+4 = 10, seat 1 3+4+3 = 10, seat 2 2+3+2 = 7; seat 1 won round 2
    played = results([9, 5, 1], [1, 9, 5], [9, 5, 1])
    assert [sum(r.chips[s] for r in played) for s in range(3)] == [10, 10, 7]
    assert winners(played, 3) == ((1,), "tied on chips; won round 2")


def test_round_two_won_by_someone_outside_the_tie_falls_to_total_points():
    # chips: seat 0 4+2+4 = 10, seat 1 3+3+4 = 10, seat 2 2+4+2 = 8; seat 2 won round 2;
    # round points: seat 0 20+1+5 = 26, seat 1 5+2+5 = 12
    played = results([20, 5, 1], [1, 2, 30], [5, 5, 0])
    assert [sum(r.chips[s] for r in played) for s in range(3)] == [10, 10, 8]
    assert winners(played, 3) == ((0,), "tied on chips; more round points over the game")


def test_a_full_tie_is_a_shared_win():
    assert winners(results([5, 5]), 2) == ((0, 1), "tied on chips and on round points: a "
                                                   "shared win")
    assert winners(results([6, 5]), 2) == ((0,), "most victory chips")
