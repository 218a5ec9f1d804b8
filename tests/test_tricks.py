from hypothesis import given
from hypothesis import strategies as st

from cardlib.cards import french_deck, hungarian_deck, parse_cards
from cardlib.tricks import Trick, TrickRules, playable, winning_index

STANDARD = TrickRules()


def test_highest_of_led_suit_wins_and_discards_never_do():
    assert winning_index(parse_cards("5C AH KC 2C"), STANDARD) == 2


def test_trump_beats_led_suit_and_higher_trump_beats_lower():
    rules = TrickRules(trump="H")
    assert winning_index(parse_cards("AC 2H KC"), rules) == 1
    assert winning_index(parse_cards("AC 2H 3H"), rules) == 2


def test_rank_order_is_data():
    cruce_order = TrickRules(rank_order=(9, 11, 12, 13, 10, 1))  # 9 J Q K 10 A
    assert winning_index(parse_cards("KS TS"), cruce_order) == 1
    assert winning_index(parse_cards("KS TS"), STANDARD) == 0


def test_follow_suit():
    check = playable(parse_cards("2C 9C 5H"), parse_cards("KC"), STANDARD)
    assert set(check.allowed) == set(parse_cards("2C 9C"))
    assert check.rule == "trick.follow-suit"


def test_void_may_discard_anything():
    check = playable(parse_cards("5H QS"), parse_cards("KC"), STANDARD)
    assert set(check.allowed) == set(parse_cards("5H QS")) and check.rule == "trick.void"


def test_must_trump_and_must_beat():
    rules = TrickRules(trump="S", must_trump=True, must_beat=True)
    assert playable(parse_cards("2S 9S 5H"), parse_cards("KC"), rules).rule == "trick.must-beat"
    over = playable(parse_cards("2S 9S 5H"), parse_cards("KC 5S"), rules)
    assert over.allowed == parse_cards("9S") and over.rule == "trick.must-beat"
    under = playable(parse_cards("2S 5H"), parse_cards("KC 5S"), rules)
    assert under.allowed == parse_cards("2S") and under.rule == "trick.must-trump"
    follow = playable(parse_cards("2C AC 5S"), parse_cards("KC"), rules)
    assert follow.allowed == parse_cards("AC")


def test_trick_seats_and_winner():
    trick = Trick(leader=2)
    for card in parse_cards("5C AC 2H"):
        trick = trick.add(card)
    assert trick.next_seat == 1 and not trick.is_complete
    trick = trick.add(parse_cards("KC")[0])
    assert trick.is_complete and trick.winner(STANDARD) == 3
    assert trick.plays()[0] == (2, parse_cards("5C")[0])


@given(st.lists(st.sampled_from(french_deck()), min_size=1, max_size=8, unique=True),
       st.lists(st.sampled_from(french_deck()), min_size=0, max_size=3, unique=True))
def test_playable_is_never_empty_and_within_hand(hand, trick):
    hand = [c for c in hand if c not in trick]
    if not hand:
        return
    check = playable(hand, trick, TrickRules(trump="S", must_trump=True, must_beat=True))
    assert check.allowed and set(check.allowed) <= set(hand)


@given(st.permutations(hungarian_deck()))
def test_winner_holds_against_every_other_card(cards):
    trick = cards[:4]
    rules = TrickRules(rank_order=(9, 11, 12, 13, 10, 1), trump="D")
    best = trick[winning_index(trick, rules)]
    led = trick[0].suit
    for card in trick:
        if card is not best:
            assert not (card.suit == best.suit and rules.power(card) > rules.power(best))
            if best.suit != "D":
                assert card.suit != "D"
                assert best.suit == led
