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


def oracle(hand, trick, rules):
    """The trick rules as a player would state them, card by card (a test oracle)."""
    if not trick:
        return set(hand)
    order = rules.rank_order

    def takes(card, holder):
        if card.suit == holder.suit:
            return order.index(card.rank) > order.index(holder.rank)
        return card.suit == rules.trump

    holder = trick[0]
    for card in trick[1:]:
        if takes(card, holder):
            holder = card
    follow = [c for c in hand if c.suit == trick[0].suit]
    if rules.must_follow and follow:
        higher = [c for c in follow if takes(c, holder)]
        return set(higher) if rules.must_beat and higher else set(follow)
    trumps = [c for c in hand if c.suit == rules.trump]
    if rules.must_trump and trumps and rules.trump != trick[0].suit:
        higher = [c for c in trumps if takes(c, holder)]
        return set(higher) if rules.must_beat and higher else set(trumps)
    return set(hand)


ORACLE_RULES = [TrickRules(), TrickRules(trump="H"), TrickRules(trump="S", must_trump=True),
                TrickRules(trump="D", must_trump=True, must_beat=True),
                TrickRules(rank_order=(9, 11, 12, 13, 10, 1), trump="C", must_trump=True,
                           must_beat=True)]


@given(st.data(), st.sampled_from(ORACLE_RULES))
def test_playable_matches_the_rules_as_stated(data, rules):
    deck = [c for c in french_deck() if c.rank in rules.rank_order]
    cards = data.draw(st.permutations(deck))
    played = data.draw(st.integers(0, 3))
    size = data.draw(st.integers(1, 8))
    trick, hand = cards[:played], cards[played:played + size]
    assert set(playable(hand, trick, rules).allowed) == oracle(hand, trick, rules)
