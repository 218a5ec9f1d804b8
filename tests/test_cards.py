import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib.cards import (
    SUIT_NAMES,
    BadCard,
    Card,
    NumberedCard,
    deal,
    diamonds_deck,
    french_deck,
    hungarian_deck,
    parse_card,
    parse_cards,
    shuffled,
)


@pytest.mark.parametrize("text, code", [
    ("QS", "QS"), ("qs", "QS"), ("10D", "TD"), ("td", "TD"), ("AH", "AH"), (" 2c ", "2C"),
])
def test_parse_accepts_lower_case_and_ten(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text, fragment", [
    ("1X", "'1X'"), ("ZS", "unknown rank"), ("11S", "not a card rank"), ("S", "expected"),
    ("", "expected"), ("QQ", "unknown suit"),
])
def test_bad_codes_are_named(text, fragment):
    with pytest.raises(BadCard) as err:
        parse_card(text)
    assert fragment in str(err.value)
    assert repr(text) in str(err.value) or text == "QQ"


def test_non_text_is_refused():
    with pytest.raises(BadCard):
        parse_card(12)  # type: ignore[arg-type]


@given(st.sampled_from(french_deck()))
def test_codes_round_trip(card):
    assert parse_card(card.code) == card
    assert parse_card(card.code.lower()) == card


def test_numeric_codes_for_the_diamonds_deck():
    assert parse_card("1D", numeric=True) == Card(1, "D")
    assert parse_card("15S", numeric=True).code == "15S"
    assert {c.rank for c in diamonds_deck()} == set(range(1, 16))
    with pytest.raises(BadCard):
        parse_card("16D", numeric=True)


def face_text(svg: str) -> list[str]:
    """The words written on a card picture (its corners and its suit symbols)."""
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


@pytest.mark.parametrize("card", diamonds_deck(), ids=str)
def test_every_diamonds_card_is_written_and_drawn_as_its_number(card):
    number, suit = str(card.rank), card.suit
    assert (card.code, card.label, card.name) == (
        number + suit, number + card.symbol, f"{number} of {SUIT_NAMES[suit]}")
    assert face_text(card._repr_svg_()) == [number, card.symbol, card.symbol, number]
    assert f'data-card="{number}{suit}"' in card._repr_svg_()
    assert f"<title>{number} of {SUIT_NAMES[suit]} ({number}{suit})</title>" \
        in card._repr_svg_()
    for letter in "ATJQK":      # no French rank anywhere a player reads
        assert letter not in card.code[:-1] + card.label[:-1] + card.rank_label


@pytest.mark.parametrize("card", diamonds_deck(), ids=str)
def test_a_diamonds_code_reads_back_as_the_same_numbered_card(card):
    for text in (card.code, card.code.lower(), f" {card.code} "):
        read = parse_card(text, numeric=True)
        assert read == card and type(read) is NumberedCard and read.code == card.code


@pytest.mark.parametrize("text, fragment", [
    ("AD", "for the 1 write '1D'"), ("JD", "for the 11 write '11D'"),
    ("td", "for the 10 write '10D'"), ("16D", "rank 16 is outside"),
    ("0D", "rank 0 is outside"), ("XD", "unknown rank 'X'"), ("15X", "unknown suit"),
])
def test_a_bad_numbered_code_is_refused_naming_it(text, fragment):
    with pytest.raises(BadCard) as err:
        parse_card(text, numeric=True)
    assert repr(text) in str(err.value) and fragment in str(err.value)


def test_a_numbered_card_is_its_rank_and_suit_to_any_card():
    eleven = NumberedCard(11, "D")
    assert eleven == Card(11, "D") and Card(11, "D") == eleven
    assert {Card(11, "D"): "found"}[eleven] == "found"
    assert {eleven: "found"}[Card(11, "D")] == "found"
    assert eleven != Card(11, "H") and eleven != "11D"
    assert sorted([NumberedCard(12, "D"), Card(3, "S"), eleven]) == [
        Card(3, "S"), Card(11, "D"), Card(12, "D")]
    assert repr(eleven) == "NumberedCard('11D')"


@pytest.mark.parametrize("code, label, name, corner", [
    ("QS", "Q♠", "queen of spades", "Q"), ("AH", "A♥", "ace of hearts", "A"),
    ("TD", "10♦", "10 of diamonds", "10"), ("JC", "J♣", "jack of clubs", "J"),
    ("KD", "K♦", "king of diamonds", "K"), ("2C", "2♣", "2 of clubs", "2"),
])
def test_french_cards_keep_their_letters(code, label, name, corner):
    card = parse_card(code)
    assert type(card) is Card
    assert (card.code, card.label, card.name) == (code, label, name)
    assert face_text(card._repr_svg_()) == [corner, card.symbol, card.symbol, corner]


def test_decks_have_the_right_cards():
    assert len(set(french_deck())) == 52
    assert len(set(diamonds_deck())) == 60
    hungarian = hungarian_deck()
    assert len(set(hungarian)) == 24
    assert {c.rank for c in hungarian} == {9, 10, 11, 12, 13, 1}


def test_seeded_shuffle_is_repeatable_and_seed_dependent():
    deck = french_deck()
    assert shuffled(deck, 7) == shuffled(deck, 7)
    assert shuffled(deck, 7) != shuffled(deck, 8)
    assert sorted(shuffled(deck, 7)) == sorted(deck)
    # string seeds are hashed with SHA-512, so they are stable across processes too
    assert shuffled(deck, "7:hand0") == shuffled(deck, "7:hand0")


def test_shuffle_is_stable_across_processes():
    import subprocess
    import sys

    code = "from cardlib.cards import *; print(codes(shuffled(french_deck(), 'x:1'))[:8])"
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout for _ in range(2)}
    assert len(runs) == 1
    assert runs.pop().strip() == str([c.code for c in shuffled(french_deck(), "x:1")[:8]])


def test_deal_is_round_robin():
    hands = deal(list(range(12)), 4, 3)
    assert hands == ((0, 4, 8), (1, 5, 9), (2, 6, 10), (3, 7, 11))
    with pytest.raises(ValueError):
        deal(list(range(5)), 2, 3)


def test_parse_cards_reads_strings_and_lists():
    assert parse_cards("QS, 10d 2c") == parse_cards(["QS", "TD", "2C"])


def test_card_draws_itself():
    svg = parse_card("QH")._repr_svg_()
    assert svg.startswith("<svg") and "♥" in svg and "#c8102e" in svg
