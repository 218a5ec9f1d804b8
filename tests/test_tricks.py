import collections
import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlib.cards import BadCard, french_deck, hungarian_deck, parse_cards
from cardlib.tricks import (
    CardBits,
    CardMove,
    ItemsOf,
    Knowledge,
    Trick,
    TrickRules,
    bits_of,
    playable,
    winning_index,
    won_by,
)

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


# --- the rest of the kit: bit sets, interned moves, the trick step, knowledge ---------------

@given(st.permutations(hungarian_deck()), st.integers(1, 4), st.sampled_from(ORACLE_RULES[:4]))
def test_won_by_names_the_rule_that_took_the_trick(cards, size, rules):
    rules = TrickRules(rank_order=(9, 11, 12, 13, 10, 1), trump=rules.trump)
    layout = CardBits(hungarian_deck(), rules)
    trick = cards[:size]
    index, rule = won_by([layout.bit(c) for c in trick], rules, layout)
    assert index == winning_index(trick, rules)
    by_trump = trick[index].suit == rules.trump and trick[0].suit != rules.trump
    assert rule == ("trick.won.trump" if by_trump else "trick.won.led-suit")


@given(st.sets(st.sampled_from(french_deck())))
def test_item_views_list_the_cards_of_a_bit_set_in_bit_order(cards):
    layout = CardBits(french_deck(), STANDARD, "CDHS")
    mask = layout.mask(cards)
    assert layout.cards(mask) == tuple(layout.card_at[b] for b in bits_of(mask))
    assert set(layout.cards(mask)) == set(cards)
    names = ItemsOf(layout, [f"item {b}" for b in range(len(layout.card_at))])
    assert names(mask) == tuple(f"item {b}" for b in bits_of(mask))


class Lead(CardMove):
    __slots__ = ()

    def __str__(self):
        return f"lead {self.card.code}"


CRUCE_LAYOUT = CardBits(hungarian_deck(), TrickRules(rank_order=(9, 11, 12, 13, 10, 1)))
LEADS = Lead.intern(CRUCE_LAYOUT, first_key=100, deck="the Hungarian pack")


def test_card_moves_are_built_once_per_card_of_any_layout():
    for card in hungarian_deck():
        move = Lead(card)
        assert move is Lead(card.code) is LEADS[CRUCE_LAYOUT.bit(card)]
        assert hash(move) == 100 + move.bit and move.card == card
        assert copy.deepcopy(move) is move and pickle.loads(pickle.dumps(move)) is move
    assert Lead("9S") < Lead("JS") < Lead("9H")  # bit order: suit runs, weakest first
    with pytest.raises(AttributeError, match="immutable"):
        Lead("9S").card = parse_cards("AS")[0]
    with pytest.raises(BadCard, match="2S is not a card of the Hungarian pack"):
        Lead("2S")


def test_deriving_a_state_carries_the_rest_over_and_refuses_unknown_fields():
    from toytricks import GAME

    state = GAME.new(seed=1, players=3)
    legal = state.legal_moves()  # cached on the state
    move = legal[0]
    after = state.derive(move, {"turn": 2})
    assert after.turn == 2 and after.hands == state.hands and after.history == (move,)
    with pytest.raises(TypeError, match="turns"):
        state.derive(move, {"turns": 2})


def test_a_value_computed_once_is_no_change_of_the_state():
    """A ``computed_once`` rule check read for the first time (inside ``apply``, say) is
    kept outside the state's value: its ``__dict__`` holds exactly the fields, before and
    after, and a derived state starts without the old state's value."""
    from dataclasses import fields

    from toytricks import GAME

    state = GAME.new(seed=1, players=3)
    names = {f.name for f in fields(state)}
    assert set(state.__dict__) == names
    first = state._allowed
    assert set(state.__dict__) == names and state._allowed is first
    after = state.apply(state.legal_moves()[0])
    assert set(after.__dict__) == names and set(state.__dict__) == names


@pytest.mark.parametrize("sizes, deals", [((2, 2, 2), 6), ((2, 1, 1), 12)])
def test_knowledge_samples_every_deal_of_the_hidden_cards_alike(sizes, deals):
    # Seat 0 holds two clubs and knows (limits) that the others' cards are among four:
    # dealt two and two that is 6 deals; one and one (two cards left out), 12.
    layout = CardBits(hungarian_deck(), TrickRules(rank_order=(9, 11, 12, 13, 10, 1)))
    hand = layout.mask(parse_cards("9C JC"))
    rest = layout.mask(parse_cards("QC KC TC AC"))
    know = Knowledge.gather(0, hand, [], sizes, layout, limits=[layout.full, rest, rest])
    rng = random.Random(0)
    counts = collections.Counter(know.sample(rng) for _ in range(100 * deals))
    assert len(counts) == deals and all(70 < n < 130 for n in counts.values()), counts


@pytest.mark.parametrize("name", ["hearts", "diamonds", "cruce"])
def test_a_glance_is_part_of_the_seats_view(name):
    """What a quick bot reads (``state.glance``) is what the seat's full view holds: its
    hand, the trick on the table and the cards played this hand, never more."""
    from cardlib import games
    from cardlib.bots import RandomBot

    game = games.get(name)
    state, bot, seen = game.new(seed=4), RandomBot(4), 0
    while not state.is_over and seen < 60:
        if state.phase == "play":
            for seat in range(state.players):
                view, glance = state.view(seat), state.glance(seat)
                assert (glance.seat, glance.hand_bits, glance.trick) == \
                    (view.seat, view.hand_bits, view.trick)
                played = view.layout.mask(c for t in (*view.tricks, view.trick)
                                          for c in t.cards)
                assert glance.played_bits == played
            seen += 1
        state = state.apply(bot.choose(state))
    assert seen == 60
