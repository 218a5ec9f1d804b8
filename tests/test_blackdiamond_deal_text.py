"""A Black Diamond deal typed as text, the way it lies on the table (issue 27 §1)."""

from __future__ import annotations

import json

import pytest

from cardlib.blackdiamond import Deal, DealError, deal_from_seed
from cardlib.blackdiamond.deal import DEAL_ORDER, read_text
from cardlib.cards import Card
from cardlib.render.blackdiamond import deal_svg

SEED_3153 = """\
diamonds: 7D 5D TD KD  QD 2D 8D 4D AD JD 6D 3D 9D
black: AC 4C  2C 3C 9S 7C 6C 9C 8C QC 4S 5C KC JC KS JS 2S AS 5S 6S TS 3S QS TC 8S 7S
"""


@pytest.mark.parametrize("seed", [0, 7, 3153])
def test_the_text_form_reads_back(seed):
    deal = deal_from_seed(seed)
    assert Deal.from_text(deal.to_text()) == deal
    assert Deal.parse(deal.to_text()) == deal


def test_the_issue_example_is_seed_3153():
    assert Deal.from_text(SEED_3153) == deal_from_seed(3153)


def test_typed_as_people_type():
    typed = """
    # seed 3153, as it lies on the table
    Diamonds: 7d 5♦ 10d kd | qd 2d 8d 4d 1D
              jd 6d 3d 9d
    BLACK 1C, 4c, 2c 3c 9s 7c 6c 9c 8c 12c 4♠ 5♣ 13c jc ks js 2s as 5s 6s 10s 3s qs tc 8s 7s
    """
    assert Deal.from_text(typed) == deal_from_seed(3153)


def test_every_kind_of_mistake_is_named_at_once():
    typed = """\
    7H
    diamonds: 7D 5D TD KD QD 2D 8D 4D AD JD 6D 3D 3D
    black: AC 4C 2C 3C 9S 7C 6C 9C 8C QC 4S 5C KC JC KS JS 2S AS 5S 6S TS 3S QS TC 8S ZZ 7H
    hearts: AH
    """
    with pytest.raises(DealError) as refused:
        Deal.from_text(typed)
    problems = refused.value.problems
    expected = [
        "line 1: cards before any 'diamonds:' or 'black:' label",       # stray cards
        "line 4: unknown line 'hearts'",                                # unknown line
        "diamonds: repeated 3D",                                        # duplicate
        "diamonds: missing 9D",                                         # missing card
        "black card 26: 'ZZ' is not a card code",                       # unknown code
        "black: 7H is not a spade or",                                  # wrong suit
        "black must hold 26 cards, got 27",                             # wrong count
        "black: missing 7S",                                            # missing card
    ]
    for words in expected:
        assert any(problem.startswith(words) for problem in problems), (words, problems)
    assert len(problems) == len(expected)
    for words in expected:  # the message names them all too
        assert words in str(refused.value)


def test_a_missing_line_and_a_line_given_twice_are_named():
    with pytest.raises(DealError) as refused:
        Deal.from_text("diamonds: 7D 5D TD KD QD 2D 8D 4D AD JD 6D 3D 9D\n"
                       "diamonds: 7D\n")
    problems = refused.value.problems
    assert "no 'black:' line" in problems
    assert any("'diamonds:' is given on lines 1, 2" in p for p in problems)
    assert "diamonds must hold 13 cards, got 14" in problems


def test_parse_takes_json_too_and_names_broken_json():
    deal = deal_from_seed(5)
    assert Deal.parse(json.dumps(deal.to_json())) == deal
    with pytest.raises(DealError, match="starts with '{' but is not JSON"):
        Deal.parse('{"diamonds": [')


def test_a_half_typed_deal_is_read_as_far_as_it_goes():
    typed = read_text("diamonds: 7D 5d zz\nblack: AC")
    assert typed.diamonds == [Card(7, "D"), Card(5, "D"), None]
    assert typed.black == [Card(1, "C")]
    assert "diamonds card 3: 'zz' is not a card code" in typed.problems[0]


def test_the_order_is_documented_once_for_every_form():
    text = " ".join(what for _, what in DEAL_ORDER)
    for words in ("N, E, S and W", "diamond deck, top card first", "hand",
                  "black deck, top card first"):
        assert words in text
    assert "top first" in Deal.from_text.__doc__ or "DEAL_ORDER" in Deal.from_text.__doc__


def test_the_deal_picture_numbers_every_place_and_fills_in():
    empty = deal_svg()
    assert "data-card" not in empty and "N 1" in empty and "W 4" in empty
    assert ">26<" in empty and "drawn two at a time" in empty
    deal = deal_from_seed(3153)
    full = deal_svg(deal.diamonds, deal.black)
    assert full.count('data-card="') == 39
    # N holds the first diamond, the hand the first two black cards
    assert full.index('data-card="7D"') < full.index('data-card="5D"')
    half = deal_svg(deal.diamonds[:2], [None, deal.black[1]])
    assert half.count('data-card="') == 3
