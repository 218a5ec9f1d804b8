"""The kit's layer for games of several hands (``cardlib.tricks.hands``), on its own and
through Hearts, the simplest game built on it."""

from __future__ import annotations

import json

import pytest

from cardlib.cards import deal, french_deck, parse_cards, shuffled
from cardlib.hearts import GAME as HEARTS
from cardlib.hearts.deck import LAYOUT
from cardlib.render.table import seat_hands
from cardlib.tricks import Opening, deal_hands, kit_rules, read_hands

DECK_BITS = tuple(LAYOUT.bit(card) for card in french_deck())
NAMES = ("Ann", "Ben", "Cat", "Dan")


def deal_of(seed: int | str, number: int) -> list[list[str]]:
    """Hearts' hands of hand ``number`` as card codes, North first."""
    hands = deal_hands(DECK_BITS, seed, number, 4, 13)[0]
    return [[card.code for card in LAYOUT.cards(hand)] for hand in hands]


@pytest.mark.parametrize(("players", "size", "first"), [(4, 13, 0), (3, 10, 2), (2, 8, 1)])
def test_the_seeded_deal_is_the_cards_shuffled_and_dealt_round_the_table(players, size,
                                                                         first):
    hands, rest = deal_hands(DECK_BITS, "x", 3, players, size, first=first)
    order = shuffled(french_deck(), "x:hand3")  # the seed of hand 3 of game "x"
    dealt = deal(order, players, size)
    for k, cards in enumerate(dealt):
        assert hands[(first + k) % players] == LAYOUT.mask(cards)
    assert [LAYOUT.card_at[bit] for bit in rest] == list(order[players * size:])
    assert deal_hands(DECK_BITS, "x", 3, players, size, word="round", first=first) != \
        (hands, rest)  # the word is part of the seed


@pytest.mark.parametrize(("hands", "message"), [
    (["AS KS", "QS"], "Ben has 1 cards; two each"),
    (["AS KS", "QS AS"], r"AS is dealt twice \(Ann and Ben\)"),
    (["AS KS", "QS 1X"], "1X"),
])
def test_scripted_hands_are_refused_naming_the_seat_and_card(hands, message):
    with pytest.raises(ValueError, match=message):
        read_hands(hands, LAYOUT, NAMES, sizes=(2,), size_words="two each",
                   deck_words="the deck")


def test_scripted_hands_must_be_of_one_size():
    with pytest.raises(ValueError, match=r"one size, not \[2, 1\]"):
        read_hands(["AS KS", "QS"], LAYOUT, NAMES, sizes=(1, 2), size_words="",
                   deck_words="the deck")
    masks = read_hands(["AS KS", "QS 2C"], LAYOUT, NAMES, sizes=(2,), size_words="",
                       deck_words="the deck")
    assert masks == (LAYOUT.mask(parse_cards("AS KS")), LAYOUT.mask(parse_cards("QS 2C")))


def test_an_opening_records_scripted_hands_and_nothing_for_a_seeded_game():
    assert Opening().record() == {}
    scripted = Opening(2, (5, 0), (("AS",), ("KS",)), (("stock", ("9H", "TH")),))
    assert scripted.record() == {"hands": [["AS"], ["KS"]], "hand_number": 2,
                                 "totals": [5, 0], "stock": ["9H", "TH"]}


def test_a_scripted_game_starts_where_it_was_told_and_saves_and_loads_as_it_began():
    hands = deal_of(5, 0)
    state = HEARTS.from_hands(hands, seed=9, hand_number=2, totals=(3, 10, 0, 7))
    assert state.hand_number == 2 and state.totals == (3, 10, 0, 7)
    assert state.hand_cards(0) == parse_cards(" ".join(hands[0]))
    record = state.start_record()
    assert record["hands"] == hands and record["hand_number"] == 2
    assert record["totals"] == [3, 10, 0, 7]
    again = HEARTS.load(json.loads(json.dumps(HEARTS.save(state))))
    assert again.start_record() == record and again.hands == state.hands


@pytest.mark.parametrize(("start", "message"), [
    ({"hands": deal_of(1, 0)[:3]}, "Hearts .* deal is 4 hands"),
    ({"hands": deal_of(1, 0), "hand_number": -1}, "hand_number=-1"),
    ({"hands": deal_of(1, 0), "totals": (1, 2)}, "give 4 whole numbers"),
    ({"hands": deal_of(1, 0), "totals": (1, 2, 3, 4.5)}, "give 4 whole numbers"),
    ({"hands": "AS KS"}, "as a list"),
])
def test_bad_scripted_starts_are_refused_by_name(start, message):
    with pytest.raises(ValueError, match=message):
        HEARTS.from_hands(**start)


def test_a_game_without_running_totals_refuses_them():
    from cardlib.diamonds import GAME as DIAMONDS

    with pytest.raises(ValueError, match="Diamonds keeps no running totals"):
        DIAMONDS.from_hands(["9H", "4S"], pass_cards=False, totals=(1, 2))


def test_totals_are_saved_only_with_scripted_hands():
    with pytest.raises(ValueError, match="only with scripted hands"):
        HEARTS.from_start_record({"seed": 1, "totals": [0, 0, 0, 0]})


def test_closing_a_hand_deals_the_next_from_the_seed_and_the_end_test_stops_the_game():
    state = HEARTS.new(seed=4, pass_cards=False, end_score=1)
    first_hand = state.hands
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    # end_score 1: any point taken ends the game after the first hand
    assert len(state.results) == 1 and state.phase == "over" and state.to_move is None
    state = HEARTS.new(seed=4, pass_cards=False)
    while state.hand_number == 0:
        state = state.apply(state.legal_moves()[0])
    assert len(state.results) == 1 and state.totals == state.results[0].totals
    assert state.hands == deal_hands(DECK_BITS, 4, 1, 4, 13)[0] != first_hand


def test_an_imagined_state_keeps_the_view_and_refuses_a_guess_that_changes_the_own_hand():
    state = HEARTS.new(seed=2, pass_cards=False)
    view = state.view(1)
    imagined = type(state).from_view(view, state.hands)
    assert imagined.seed is None and imagined.history == ()
    assert imagined.view(1) == view
    wrong = list(state.hands)
    wrong[1], wrong[2] = wrong[2], wrong[1]
    with pytest.raises(ValueError, match="East's own hand"):
        type(state).from_view(view, wrong)


def test_the_seat_loop_shows_the_own_hand_and_the_others_face_down_with_their_sizes():
    state = HEARTS.new(seed=2, pass_cards=False)
    view = state.view(2)
    shown = seat_hands(view)
    assert [cards is None for cards, _ in shown] == [True, True, False, True]
    assert [size for _, size in shown] == [13] * 4 and shown[2][0] == view.hand
    every = [state.hand_cards(seat) for seat in range(4)]
    assert [cards for cards, _ in seat_hands(view, every)] == every


def test_the_kits_rules_are_adopted_by_id():
    assert [rule.id for rule in kit_rules("trick.void", "trick.lead")] == ["trick.void",
                                                                          "trick.lead"]
    with pytest.raises(KeyError, match="trick.nope"):
        kit_rules("trick.nope")
