"""Black Diamond's layout, pure placement rules (cardlib.blackdiamond.rules) and the replace
rule's readings.

Expected values come from the source text (its 2-and-6 example), from arithmetic done by
hand in the comments, or from small independent brute-force checks written here, never
from the functions under test.
"""

from __future__ import annotations

import itertools
import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib.blackdiamond import (
    PILE_BY_NAME,
    PILE_NAMES,
    PILES,
    POSITIONS,
    REFILL_ORDER,
    RULES,
    BlackDiamond,
    allowed_values,
    arithmetic_values,
    can_place,
    check_placement,
    inner_values,
)
from cardlib.cards import parse_card
from cardlib.protocol import IllegalMove

values = st.integers(1, 13)


# --- layout --------------------------------------------------------------------------------

def test_nine_piles_named_by_the_diamonds_they_touch():
    assert PILE_NAMES == ("N", "E", "S", "W", "NE", "SE", "SW", "NW", "C")
    for pile in PILES:
        if pile.kind == "centre":
            assert pile.touches == POSITIONS and pile.name == "C"
        else:
            assert "".join(pile.touches) in (pile.name, pile.name[::-1])


def test_limits_by_kind_from_the_source():
    # Source: outer edges hold up to 3, inner edges 4, the centre 5.
    assert {p.name: p.limit for p in PILES} == {
        "N": 3, "E": 3, "S": 3, "W": 3, "NE": 4, "SE": 4, "SW": 4, "NW": 4, "C": 5}
    assert {p.kind for p in PILES if len(p.touches) == 1} == {"outer"}
    assert {p.kind for p in PILES if len(p.touches) == 2} == {"inner"}


def test_inner_piles_join_neighbours_of_the_rhombus():
    # N-S and E-W are opposite corners: no edge joins them.
    pairs = {frozenset(p.touches) for p in PILES if p.kind == "inner"}
    assert frozenset("NS") not in pairs and frozenset("EW") not in pairs
    assert len(pairs) == 4


def test_refill_order_is_north_east_south_west():
    assert REFILL_ORDER == ("N", "E", "S", "W")


def test_game_rules_attribute_is_the_rule_book():
    assert BlackDiamond.rules is RULES
    for rule in RULES.values():
        assert rule.id.startswith(("black-diamond.", "game.")) and rule.text and rule.source


# --- inner edge: rule 2 ---------------------------------------------------------------------

def test_inner_values_source_example():
    # "between a 2 and a 6: 8 (2+6), 4 (6-2), Q (2x6=12) or 3 (6/2=3), and 2 or 6".
    assert inner_values(2, 6) == {2, 3, 4, 6, 8, 12}


def test_inner_values_drop_values_no_card_has():
    # 7 and 9: 7, 9, 16 (no card), 2, 63 (no card), 9/7 not exact.
    assert inner_values(7, 9) == {2, 7, 9}
    # 13 and 12: 13, 12, 25, 1, 156: only 1, 12, 13 are cards.
    assert inner_values(13, 12) == {1, 12, 13}


def _by_the_words(a: int, b: int) -> set[int]:
    """Rule 2 read literally, one clause per line (independent of the engine's code)."""
    found = set()
    for v in range(1, 14):
        if (v in (a, b) or v == a + b or v == abs(a - b) or v == a * b
                or v * b == a or v * a == b):
            found.add(v)
    return found


@given(values, values)
def test_inner_values_match_the_rule_read_literally(a, b):
    assert inner_values(a, b) == _by_the_words(a, b)


@given(values, values)
def test_inner_values_are_symmetric(a, b):
    assert inner_values(a, b) == inner_values(b, a)


# --- arithmetic centre (variant) ----------------------------------------------------------

def _brute_force(numbers: tuple[int, ...]) -> set[int]:
    """Every expression tree over every ordered subset, evaluated with Fractions."""
    ops = (operator.add, operator.sub, operator.mul, operator.truediv)

    def trees(items):
        if len(items) == 1:
            yield Fraction(items[0])
            return
        for cut in range(1, len(items)):
            for left in trees(items[:cut]):
                for right in trees(items[cut:]):
                    for op in ops:
                        if op is operator.truediv and right == 0:
                            continue
                        yield op(left, right)

    found = set()
    for size in range(1, len(numbers) + 1):
        for chosen in itertools.permutations(numbers, size):
            for value in trees(chosen):
                if value.denominator == 1 and 1 <= value <= 13:
                    found.add(int(value))
    return found


def test_arithmetic_values_small_cases_by_hand():
    # 13 and 13: 13, 13/13 = 1; 0, 26 and 169 are no card.
    assert arithmetic_values([13, 13]) == {1, 13}
    # 2 and 3: 2, 3, 5, 1, 6 (3/2 and 2/3 are not whole).
    assert arithmetic_values([2, 3]) == {1, 2, 3, 5, 6}
    # A single diamond builds only itself.
    assert arithmetic_values([9]) == {9}


@settings(max_examples=25, deadline=None)
@given(st.lists(values, min_size=1, max_size=3))
def test_arithmetic_values_match_brute_force(numbers):
    assert arithmetic_values(numbers) == _brute_force(tuple(numbers))


def test_arithmetic_values_four_diamonds_brute_force():
    for numbers in [(1, 2, 3, 4), (13, 11, 7, 5), (2, 2, 9, 13)]:
        assert arithmetic_values(numbers) == _brute_force(numbers)


@given(values, values)
def test_two_diamonds_build_at_least_the_inner_values(a, b):
    assert inner_values(a, b) <= arithmetic_values([a, b])


def test_arithmetic_values_do_not_depend_on_order():
    assert arithmetic_values([5, 1, 12, 7]) == arithmetic_values([12, 7, 5, 1])


# --- allowed values per pile ---------------------------------------------------------------

DIAMONDS = (2, 6, 11, 5)  # N, E, S, W


def test_outer_edge_takes_only_its_diamond():
    assert allowed_values("N", DIAMONDS) == {2}
    assert allowed_values("S", DIAMONDS) == {11}


def test_inner_edges_use_their_two_diamonds():
    assert allowed_values("NE", DIAMONDS) == {2, 3, 4, 6, 8, 12}  # the source example
    # SW between 11 and 5: 11, 5, 16 no, 6, 55 no, 11/5 no.
    assert allowed_values("SW", DIAMONDS) == {5, 6, 11}


def test_centre_takes_any_card_by_default():
    assert allowed_values("C", DIAMONDS) == set(range(1, 14))


def test_centre_in_the_arithmetic_variant():
    assert allowed_values("C", DIAMONDS, arithmetic_centre=True) == _brute_force(DIAMONDS)


def test_allowed_values_accept_cards_and_a_position_map():
    cards = [parse_card(c) for c in ("2D", "6D", "JD", "5D")]
    by_position = dict(zip(POSITIONS, DIAMONDS, strict=True))
    assert allowed_values("NE", cards) == allowed_values("ne", by_position) == {2, 3, 4, 6, 8, 12}


def test_unknown_pile_is_named():
    with pytest.raises(ValueError, match="unknown pile 'X'.*N, E, S, W, NE"):
        allowed_values("X", DIAMONDS)


# --- one placement, with its explanation ------------------------------------------------

def test_value_refusal_names_the_inner_rule():
    why = check_placement(parse_card("7S"), "NE", DIAMONDS, None)
    assert not why
    assert why.rule == "black-diamond.place.inner"
    assert why.text == "7S cannot go on NE: between 2 and 6 the values are 2, 3, 4, 6, 8, 12"


def test_suit_alternation_refusal():
    why = check_placement(parse_card("7S"), "NE", (2, 5, 1, 1), parse_card("5S"))
    assert not why
    assert why.rule == "black-diamond.place.alternate"
    assert why.text == "7S cannot go on NE: its top card 5S is a spade too (suits alternate)"


def test_alternating_suit_is_accepted():
    why = check_placement(parse_card("7C"), "NE", (2, 5, 1, 1), parse_card("5S"))
    assert why and why.rule == "black-diamond.place.inner"


def test_outer_refusal_names_the_diamond():
    why = check_placement(parse_card("3C"), "E", DIAMONDS, None)
    assert not why and why.rule == "black-diamond.place.outer"
    assert "the diamond at E is 6" in why.text


def test_centre_accepts_any_value_but_still_alternates():
    assert check_placement(parse_card("KC"), "C", DIAMONDS, None).rule == \
        "black-diamond.place.centre"
    assert not check_placement(parse_card("KC"), "C", DIAMONDS, parse_card("2C"))


def test_arithmetic_centre_refusal_names_its_rule():
    # Four 13s build 13, 1 = 13/13, 2 = 13/13 + 13/13, 3 = (13+13+13)/13, 12 = 13 - 13/13,
    # 11 = 13 - (13+13)/13 and nothing else from 1 to 13: a 4 is out.
    why = check_placement(parse_card("4S"), "C", (13, 13, 13, 13), None,
                          arithmetic_centre=True)
    assert not why and why.rule == "black-diamond.place.centre-arithmetic"
    assert why.text.endswith("build 1, 2, 3, 11, 12, 13")


@given(st.sampled_from(PILE_NAMES), st.tuples(values, values, values, values), values,
       st.sampled_from("SC"), st.sampled_from([None, "S", "C"]))
def test_can_place_agrees_with_check_placement(pile, diamonds, value, suit, top_suit):
    card = parse_card(f"{'A23456789TJQK'[value - 1]}{suit}")
    top = None if top_suit is None else parse_card(f"K{top_suit}")
    why = check_placement(card, pile, diamonds, top)
    assert can_place(card, pile, diamonds, top) == why.legal
    assert why.rule in RULES
    expected = value in allowed_values(pile, diamonds) and (top is None or top.suit != suit)
    assert why.legal == expected


def test_pile_lookup_is_case_insensitive():
    assert allowed_values("sw", DIAMONDS) == allowed_values(PILE_BY_NAME["SW"], DIAMONDS)


# --- replacing again: "se puede repetir siempre que queden cartas en el mazo" -----------------

def _stuck_board(deck: str, **options):
    # Diamonds K Q J 10 (N E S W) allow outer 13 12 11 10, NE {1, 12, 13}, SE {1, 11, 12},
    # SW {1, 10, 11}, NW {3, 10, 13}; the centre's top is a spade.  So 5S and 7S fit
    # nowhere: stuck.
    return BlackDiamond().from_position({
        "diamonds": ["KD", "QD", "JD", "TD"], "diamond_deck": deck.split(),
        "hand": ["5S", "7S"], "black_deck": ["8C", "9C"], "piles": {"C": ["4C", "AS"]},
    }, **options)


def test_default_replaces_again_while_still_stuck():
    # 9D at N: NE {3, 9, 12}, NW {1, 9, 10}; 5S and 7S still fit nowhere.
    again = _stuck_board("9D 2D 3D").apply("replace N")
    assert again.stuck
    why = again.explain("replace E")
    assert why and why.rule == "black-diamond.replace"


def test_default_refuses_another_replace_once_a_card_fits():
    # 2D at N: NW between 2 and 10 takes 10/2 = 5, so 5S can be played: no longer stuck.
    freed = _stuck_board("2D 3D 4D").apply("replace N")
    assert [str(move) for move in freed.legal_moves()] == ["5S>NW"]
    why = freed.explain("replace E")
    assert not why and why.rule == "black-diamond.stuck"
    with pytest.raises(IllegalMove, match="5S can still go on NW"):
        freed.apply("replace E")
    assert freed.diamond("E") == parse_card("QD")  # the refused move changed nothing


def test_repeat_replace_goes_on_while_the_deck_holds_cards():
    freed = _stuck_board("2D 7D 4D", repeat_replace=True).apply("replace N")
    assert not freed.stuck  # 5S fits NW, as above
    why = freed.explain("replace E")
    assert why and why.rule == "black-diamond.replace-repeat"
    assert freed.view().next_diamond == parse_card("7D")  # drawn before placing
    assert freed.explain("clear C").rule == "black-diamond.stuck"  # clearing still needs stuck
    again = freed.apply("replace E")
    assert [again.diamond(pos).code for pos in POSITIONS] == ["2D", "7D", "JD", "TD"]


def test_a_play_ends_the_run_of_replacements():
    # N = 2, E = 7: after 5S on NW, the 7S fits outer E, so the player is not stuck.
    played = (_stuck_board("2D 7D 4D", repeat_replace=True)
              .apply("replace N").apply("replace E").apply("5S>NW"))
    why = played.explain("replace W")
    assert not why and why.rule == "black-diamond.stuck"


def test_repeat_replace_must_start_stuck_and_needs_a_diamond():
    # The run starts only when stuck: a 3S in hand fits NW (13 - 10 = 3).
    free = BlackDiamond().from_position({
        "diamonds": ["KD", "QD", "JD", "TD"], "diamond_deck": ["2D"],
        "hand": ["3S", "7S"], "black_deck": [], "piles": {},
    }, repeat_replace=True)
    assert free.explain("replace N").rule == "black-diamond.stuck"
    # The deck's last diamond is used: the run cannot go on, but 5S can still be played.
    empty = _stuck_board("2D", repeat_replace=True).apply("replace N")
    why = empty.explain("replace E")
    assert not why and why.rule == "black-diamond.replace" and not empty.is_over


def test_a_saved_run_of_replacements_replays():
    game = BlackDiamond()
    state = _stuck_board("2D 7D 4D", repeat_replace=True).apply("replace N").apply("replace E")
    record = game.save(state)
    assert record["start"]["options"]["repeat_replace"] is True
    assert game.load(record) == state


def test_repeat_replace_is_an_option_off_by_default():
    option = next(o for o in BlackDiamond().options if o.name == "repeat_replace")
    assert option.default is False and "se puede repetir" in option.doc
    assert "se puede repetir siempre que queden cartas en el mazo" in \
        RULES["black-diamond.replace-repeat"].source
