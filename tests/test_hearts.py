"""Hearts: scripted deals with results worked out by hand, every refusal, views, the end.

The scripted hands are written out card by card in the comments, so each expected result
can be checked by reading them; the OpenSpiel comparison (test_hearts_openspiel.py) covers
random play in bulk.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib.bots import RandomBot, play_out
from cardlib.cards import BadCard, Card, french_deck, hungarian_deck, parse_cards
from cardlib.hearts import RULES, Hearts, HeartsState, MoonChoice, Pass, Play
from cardlib.hearts.bots import Knowledge, MonteCarloBot, RuleOfThumbBot
from cardlib.hearts.deck import LAYOUT, QUEEN_OF_SPADES, cards_of
from cardlib.protocol import BadMoveText, IllegalMove
from cardlib.tricks import (
    CardBits,
    TrickRules,
    playable,
    playable_bits,
    winning_bit_index,
    winning_index,
)

GAME = Hearts()

# --- scripted deals ---------------------------------------------------------------------------

# A moon by North.  North holds the top clubs, the three top spades and the six top hearts;
# the others hold the rest in runs, so the play below is forced to go the way it is written.
MOON_DEAL = [
    "AC KC QC JC AS KS QS AH KH QH JH TH 9H",   # North
    "2C 3C 4C 2D 3D 4D 5D 2S 3S 4S 2H 3H 4H",   # East
    "5C 6C 7C 6D 7D 8D 9D 5S 6S 7S 5H 6H 7H",   # South
    "8C 9C TC TD JD QD KD AD 8S 9S TS JS 8H",   # West
]
# Hand 4 of the rotation (number 3): no pass.  East holds the 2♣ and leads.
MOON_PLAY = [
    "2C 5C 8C AC",   # trick 1, led by East: North's A♣ wins, no points
    "KC 3C 6C 9C",   # North leads: wins
    "QC 4C 7C TC",   # wins
    "JC 2H 5H 8H",   # everyone else is out of clubs and throws a heart: hearts broken
    "AH 3H 6H AD",   # North leads hearts now; West is out of hearts
    "KH 4H 7H KD",
    "QH 2D 6D QD",   # nobody else has a heart left
    "JH 3D 7D JD",
    "TH 4D 8D TD",
    "9H 5D 9D 8S",   # West is out of diamonds too
    "QS 2S 5S 9S",   # North leads the Q♠ and takes it: nobody holds a higher spade
    "KS 3S 6S TS",
    "AS 4S 7S JS",
]

# North holds every club: on each trick everyone else is void in the suit led.
VOID_DEAL = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]

# South takes trick 1 with the A♣ and then holds only the Q♠ and hearts, hearts unbroken.
QUEEN_LEAD_DEAL = [
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "6C 7C 8C 9C JD QD KD AD 2S 3S 4S 5S 6S",
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "TC JC QC KC 7S 8S 9S TS JS KS AS AH KH",
]

# South takes trick 1 with the A♣ and then holds only hearts, none played yet.
HEARTS_ONLY_DEAL = [
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "6C 7C 8C 9C JD QD KD AD 2S 3S 4S 5S 6S",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "TC JC QC KC 7S 8S 9S TS JS QS KS AS AH",
]

# West is void in clubs and holds only hearts and the Q♠ on the first trick.
ONLY_POINTS_DEAL = [
    "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D AH",
    "7C 8C 9C TC 9D TD JD QD KD AD 2S 3S 4S",
    "JC QC KC AC 5S 6S 7S 8S 9S TS JS KS AS",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
]


def no_pass(hands, **options):
    """A state at the start of a hand without a pass (hand 4 of the rotation)."""
    return GAME.from_hands(hands, hand_number=options.pop("hand_number", 3), **options)


def play(state, script):
    for trick in script:
        for move in trick.split():
            state = state.apply(move)
    return state


def test_scripted_deals_are_whole_decks():
    for hands in (MOON_DEAL, VOID_DEAL, QUEEN_LEAD_DEAL, HEARTS_ONLY_DEAL, ONLY_POINTS_DEAL):
        cards = [c for hand in hands for c in parse_cards(hand)]
        assert sorted(cards) == sorted(french_deck())


# --- scoring ----------------------------------------------------------------------------------

def test_shooting_the_moon_gives_the_others_26():
    # After ten tricks North has taken all thirteen hearts (tricks 4 to 10), no Q♠ yet.
    assert play(no_pass(MOON_DEAL), MOON_PLAY[:10]).view(2).points_taken == (13, 0, 0, 0)
    state = play(no_pass(MOON_DEAL), MOON_PLAY)
    result = state.results[-1]
    assert result.moon == 0
    assert result.points == (0, 26, 26, 26)
    assert state.scores() == [0, 26, 26, 26]
    assert state.deal.number == 4  # and the next hand is dealt


def test_moon_with_the_shooters_choice():
    state = play(no_pass(MOON_DEAL, moon="shooter-choice"), MOON_PLAY)
    assert state.phase == "moon" and state.to_move == 0
    assert state.legal_moves() == [MoonChoice("add"), MoonChoice("subtract")]
    refused = state.explain(Play("2C"))
    assert not refused and refused.rule == "hearts.score.moon"
    assert state.apply("moon subtract").results[-1].points == (-26, 0, 0, 0)
    assert state.apply("moon add").results[-1].points == (0, 26, 26, 26)


def test_everyone_void_in_the_suit_led():
    # North leads clubs thirteen times; nobody else has one, so the leader always wins.
    state = no_pass(VOID_DEAL)
    assert state.to_move == 0
    state = state.apply("2C")
    # East is void and has no point card: any diamond.  South holds only hearts: any heart
    # (only-points).  West holds spades with the Q♠: any spade but the Q♠.
    assert state.explain("5D").rule == "hearts.first-trick.no-points"
    state = state.apply("5D")
    assert state.explain("AH").rule == "hearts.first-trick.only-points" and state.explain("AH")
    state = state.apply("AH")
    refused = state.explain("QS")
    assert not refused and refused.rule == "hearts.first-trick.no-points"
    state = state.apply("KS")
    assert state.to_move == 0 and len(state.tricks) == 1
    assert state.tricks[0].winner(LAYOUT.rules) == 0
    # From now on everyone discards at will; North takes everything: a moon.
    bots = {seat: RandomBot(seat) for seat in range(4)}
    while state.deal.number == 3:
        state = state.apply(bots[state.to_move].choose(state))
    assert state.results[-1].points == (0, 26, 26, 26)


# --- refusals, one per rule -------------------------------------------------------------------

def refused(state, move, rule):
    why = state.explain(move)
    assert not why.legal and why.rule == rule, why
    assert why.rule in RULES
    before = (state.hands, state.history, state.turn)
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert caught.value.rule == rule
    assert (state.hands, state.history, state.turn) == before  # left as it was
    return why.text


def test_the_two_of_clubs_must_lead():
    state = no_pass(MOON_DEAL)
    assert state.legal_moves() == [Play("2C")]
    assert "2♣" in refused(state, "3C", "hearts.lead.two-of-clubs")
    relaxed = no_pass(MOON_DEAL, can_lead_any_club=True)
    assert relaxed.legal_moves() == [Play(c) for c in ("2C", "3C", "4C")]


def test_the_two_of_clubs_leads_every_hand():
    state = GAME.new(seed=11)
    bots = {seat: RandomBot(seat) for seat in range(4)}
    starts = 0
    while not state.is_over:
        if state.phase == "play" and not state.tricks and not state.trick:
            assert state.legal_moves() == [Play("2C")]
            assert Play("2C") in state.candidate_moves()  # the leader holds it
            starts += 1
        state = state.apply(bots[state.to_move].choose(state))
    assert starts == len(state.results) >= 2


def test_not_your_turn_or_not_your_card():
    state = no_pass(MOON_DEAL)  # East to lead
    text = refused(state, "AC", "hearts.turn")
    assert "AC" in text and "East" in text
    passing = GAME.from_hands(MOON_DEAL, hand_number=0)
    assert "North" in refused(passing, "pass 2C", "hearts.turn")


def test_follow_suit():
    state = play(no_pass(MOON_DEAL), ["2C"])
    assert "clubs" in refused(state, "5H", "hearts.follow-suit")
    assert state.explain("5C").rule == "hearts.follow-suit"


def test_no_points_on_the_first_trick():
    state = play(no_pass(VOID_DEAL), ["2C 5D AH"])
    assert "first trick" in refused(state, "QS", "hearts.first-trick.no-points")
    anything = play(no_pass(VOID_DEAL, no_pts_on_first_trick=False), ["2C 5D AH"])
    assert anything.explain("QS") and anything.explain("QS").rule == "hearts.void.any-card"


def test_only_hearts_and_the_queen_on_the_first_trick():
    state = play(no_pass(ONLY_POINTS_DEAL), ["2C 7C JC"])
    assert len(state.legal_moves()) == 13  # the default: any card (as OpenSpiel)
    strict = play(no_pass(ONLY_POINTS_DEAL, first_trick_void="heart-not-queen"), ["2C 7C JC"])
    assert Play("QS") not in strict.legal_moves() and len(strict.legal_moves()) == 12
    assert "heart" in refused(strict, "QS", "hearts.first-trick.only-points")
    # The Q♠ dropped on trick 1 scores 13 for the trick's winner (South's J♣ holds it).
    after = play(state, ["QS"])
    assert after.view(0).points_taken == (0, 0, 13, 0)


def test_hearts_may_not_be_led_until_broken():
    state = play(no_pass(MOON_DEAL), MOON_PLAY[:1])  # North leads trick 2
    assert "not broken" in refused(state, "AH", "hearts.lead.hearts-unbroken")
    broken = play(no_pass(MOON_DEAL), MOON_PLAY[:4])  # hearts thrown on trick 4
    assert broken.hearts_broken and broken.explain("AH").rule == "hearts.lead.any"
    free = play(no_pass(MOON_DEAL, must_break_hearts=False), MOON_PLAY[:1])
    assert free.explain("AH") and free.explain("AH").rule == "hearts.lead.any"


def test_the_queen_of_spades_does_not_break_hearts_unless_asked():
    moves = ["2C 6C AC TC", "QS KS 2D 2S"]  # South leads the Q♠ (forced), West takes it
    plain = play(no_pass(QUEEN_LEAD_DEAL), moves)
    assert not plain.hearts_broken
    assert plain.view(3).points_taken == (0, 0, 0, 13)
    assert play(no_pass(QUEEN_LEAD_DEAL, qs_breaks_hearts=True), moves).hearts_broken


def test_a_leader_with_only_the_queen_and_hearts_must_lead_the_queen():
    state = play(no_pass(QUEEN_LEAD_DEAL), ["2C 6C AC TC"])
    assert state.to_move == 2 and state.legal_moves() == [Play("QS")]
    assert "Q♠" in refused(state, "2H", "hearts.lead.hearts-unbroken")
    relaxed = play(no_pass(QUEEN_LEAD_DEAL, can_lead_hearts_instead_of_qs=True),
                   ["2C 6C AC TC"])
    assert len(relaxed.legal_moves()) == 12
    assert relaxed.explain("2H").rule == "hearts.lead.queen-or-hearts"


def test_a_leader_with_only_hearts_may_lead_one():
    state = play(no_pass(HEARTS_ONLY_DEAL), ["2C 6C AC TC"])  # South wins with the A♣
    assert state.to_move == 2 and not state.hearts_broken
    assert len(state.legal_moves()) == 12
    assert state.explain("2H") and state.explain("2H").rule == "hearts.lead.only-hearts"


def test_pass_and_play_moves_in_the_wrong_phase():
    passing = GAME.new(seed=3)
    assert passing.phase == "pass"
    first = passing.hand_cards(0)[0]
    assert "pass" in refused(passing, Play(first), "hearts.pass.three-cards")
    assert not passing.explain(MoonChoice("add"))
    playing = no_pass(MOON_DEAL)
    assert "no cards are passed" in refused(playing, "pass 2C", "hearts.pass.rotation")
    after_pass = GAME.new(seed=3)
    for seat in range(4):
        for card in after_pass.hand_cards(seat)[:3]:
            after_pass = after_pass.apply(Pass(card))
    assert after_pass.phase == "play"
    card = after_pass.hand_cards(after_pass.to_move)[-1]
    refused(after_pass, Pass(card), "hearts.pass.three-cards")


def test_every_explanation_cites_a_rule_of_the_book():
    rng = random.Random(5)
    for seed in range(3):
        state = GAME.new(seed=seed, moon="shooter-choice")
        while not state.is_over:
            legal = set(state.legal_moves())
            for move in state.candidate_moves():
                why = state.explain(move)
                assert why.rule in RULES, why
                assert bool(why) == (move in legal), (str(state), move, why)
            state = state.apply(rng.choice(state.legal_moves()))


# --- the pass and the view ----------------------------------------------------------------------

@pytest.mark.parametrize("number, receiver", [(0, 1), (1, 3), (2, 2), (4, 1)])
def test_pass_rotation(number, receiver):
    # North's three passed cards end up in the hand of the seat the rotation names.
    state = GAME.from_hands(MOON_DEAL, hand_number=number)
    assert state.deal.direction == (receiver - 0) % 4
    passed = []
    for seat in range(4):
        for card in state.hand_cards(seat)[:3]:
            if seat == 0:
                passed.append(card)
            state = state.apply(Pass(card))
    assert set(passed) <= set(state.hand_cards(receiver))
    assert state.to_move == next(s for s in range(4) if parse_cards("2C")[0]
                                 in state.hand_cards(s))


def test_no_pass_on_the_fourth_hand_or_when_switched_off():
    assert GAME.from_hands(MOON_DEAL, hand_number=3).phase == "play"
    assert GAME.from_hands(MOON_DEAL, hand_number=0, pass_cards=False).phase == "play"


def test_view_hides_other_hands_and_blind_passes():
    # Two deals that agree on North's and West's cards and differ for East and South.
    twin = [MOON_DEAL[0], MOON_DEAL[2], MOON_DEAL[1], MOON_DEAL[3]]
    a = GAME.from_hands(MOON_DEAL, hand_number=0)
    b = GAME.from_hands(twin, hand_number=0)
    assert a.view(0) == b.view(0) and a.view(1) != b.view(1)
    for seat in range(4):  # each passes its three lowest cards; East's and South's differ
        for _ in range(3):
            a = a.apply(Pass(a.hand_cards(seat)[0]))
            b = b.apply(Pass(b.hand_cards(seat)[0]))
            if a.phase == "pass":
                assert a.view(0) == b.view(0)
                assert a.view(0).received is None
    # The pass is over: North now sees what West passed to the left, and nothing more
    # about the others' hands (who leads now is public, and differs).
    assert a.view(0).hand == b.view(0).hand and a.view(0).received == b.view(0).received
    assert a.view(0).received == parse_cards("8C 9C TC")
    assert set(a.view(0).received) <= set(a.view(0).hand)
    assert a.view(1).passed == parse_cards("2C 3C 4C")


def test_view_rejects_a_bad_seat():
    with pytest.raises(ValueError, match="seat"):
        GAME.new().view(4)


# --- the end of the game -----------------------------------------------------------------------

def moon_game(totals, **options):
    """The moon hand as hand 8 of a game with the given totals (no pass: 7 % 4 == 3)."""
    return play(no_pass(MOON_DEAL, hand_number=7, totals=totals, **options), MOON_PLAY)


def test_the_game_ends_when_a_total_reaches_50():
    state = moon_game((40, 10, 20, 30))
    assert state.is_over and state.to_move is None and state.legal_moves() == []
    assert state.scores() == [40, 36, 46, 56]
    assert state.ranking() == [2, 1, 3, 4]
    assert state.explain("2C").rule == "game.over"


def test_equal_totals_share_a_place():
    state = moon_game((30, 24, 24, 24))  # the moon takes East, South, West to 50 exactly
    assert state.is_over and state.scores() == [30, 50, 50, 50]
    assert state.ranking() == [1, 2, 2, 2]


def test_exceed_means_above_the_end_score():
    state = moon_game((30, 24, 24, 24), end_when="exceed")
    assert not state.is_over and state.deal.number == 8
    assert state.scores() == [30, 50, 50, 50]


def test_a_tie_for_first_plays_on_if_asked():
    shared = moon_game((26, 0, 10, 30))  # after the moon: 26, 26, 36, 56
    assert shared.is_over and shared.ranking() == [1, 1, 3, 4]
    on = moon_game((26, 0, 10, 30), tie_for_first="play-on")
    assert not on.is_over and on.deal.number == 8
    finished = play_out(on, {s: RuleOfThumbBot() for s in range(4)})
    assert finished.ranking().count(1) == 1


def test_end_score_is_an_option():
    state = moon_game((0, 0, 0, 0), end_score=100)
    assert not state.is_over


# --- moves, parsing, records --------------------------------------------------------------------

def test_moves_print_and_parse_back():
    moves = [Pass(c) for c in french_deck()] + [Play(c) for c in french_deck()]
    moves += [MoonChoice("add"), MoonChoice("subtract")]
    for move in moves:
        assert GAME.parse_move(str(move)) is move
        assert copy.deepcopy(move) is move and pickle.loads(pickle.dumps(move)) is move
    assert GAME.parse_move("play 10s") is Play("TS") and GAME.parse_move(" pass qs ") is Pass("QS")
    ordered = sorted(moves)  # passes, then plays, each suit by suit (clubs first), low first
    assert ordered[0] is Pass("2C") and ordered[51] is Pass("AS")
    assert ordered[52] is Play("2C") and ordered[53] is Play("3C") and ordered[-3] is Play("AS")
    assert ordered[-1] is MoonChoice("subtract")


@pytest.mark.parametrize("text", ["", "pass", "ZZ", "pass 1S", "QS QH", "moon maybe"])
def test_bad_move_text_names_it(text):
    with pytest.raises(BadMoveText) as caught:
        GAME.parse_move(text)
    assert repr(text) in str(caught.value) or "moon" in str(caught.value)


def test_a_card_outside_the_deck_is_refused():
    with pytest.raises(BadCard, match="15S"):
        Play(Card(15, "S"))


def test_save_and_load_replay_the_game():
    state = GAME.new(seed=21, qs_breaks_hearts=True)
    bots = {s: RandomBot(s) for s in range(4)}
    for _ in range(150):
        state = state.apply(bots[state.to_move].choose(state))
    again = GAME.load(GAME.save(state))
    assert again.hands == state.hands and again.history == state.history
    assert again.totals == state.totals and again.options == state.options
    scripted = play(no_pass(MOON_DEAL, hand_number=7, totals=(1, 2, 3, 4)), MOON_PLAY[:3])
    assert GAME.load(GAME.save(scripted)).hands == scripted.hands


@pytest.mark.parametrize("hands, bad", [
    (MOON_DEAL[:3], "4 hands"),
    ([MOON_DEAL[0][:-3], *MOON_DEAL[1:]], "12 cards"),
    ([MOON_DEAL[0], MOON_DEAL[0], *MOON_DEAL[2:]], "dealt twice"),
    ([MOON_DEAL[0].replace("9H", "9X"), *MOON_DEAL[1:]], "9X"),
])
def test_a_malformed_deal_says_what_is_wrong(hands, bad):
    with pytest.raises(ValueError, match=bad):
        GAME.from_hands(hands)


def test_options_are_checked_by_name():
    with pytest.raises(TypeError, match="qs_break_hearts"):
        GAME.new(qs_break_hearts=True)
    with pytest.raises(ValueError, match="end_when"):
        GAME.new(end_when="sometimes")
    with pytest.raises(ValueError, match="end_score"):
        GAME.new(end_score=0)
    names = [option.name for option in GAME.options]
    assert names == list(GAME.make_options().as_dict())
    assert all(option.doc for option in GAME.options)


def test_apply_never_changes_the_old_state():
    state = GAME.new(seed=4)
    snapshot = (state.hands, state.passed, state.history, state.phase, state.turn)
    state.apply(state.legal_moves()[0])
    assert (state.hands, state.passed, state.history, state.phase, state.turn) == snapshot
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 2


# --- the bit-set fast path in cardlib.tricks agrees with the Card version -------------------

TRICK_RULES = [TrickRules(), TrickRules(trump="S", must_trump=True, must_beat=True),
               TrickRules(trump="H", must_beat=True), TrickRules(trump="D", must_trump=True)]


@settings(max_examples=300, deadline=None)
@given(st.permutations(french_deck()), st.integers(0, 3), st.integers(1, 13),
       st.sampled_from(TRICK_RULES))
def test_bit_sets_agree_with_playable(cards, played, size, rules):
    layout = CardBits(french_deck(), rules, "CDHS")
    trick, hand = cards[:played], cards[played:played + size]
    slow = playable(hand, trick, rules)
    allowed, rule = playable_bits(layout.mask(hand), [layout.bit_of[c] for c in trick],
                                  rules, layout)
    assert (set(layout.cards(allowed)), rule) == (set(slow.allowed), slow.rule)
    if trick:
        assert winning_bit_index([layout.bit_of[c] for c in trick], rules, layout) \
            == winning_index(trick, rules)


@settings(deadline=None)
@given(st.permutations(hungarian_deck()), st.integers(1, 3))
def test_bit_sets_agree_on_another_deck_and_rank_order(cards, played):
    rules = TrickRules(rank_order=(9, 11, 12, 13, 10, 1), trump="D", must_trump=True,
                       must_beat=True)
    layout = CardBits(hungarian_deck(), rules)
    trick, hand = cards[:played], cards[played:played + 6]
    slow = playable(hand, trick, rules)
    allowed, rule = playable_bits(layout.mask(hand), [layout.bit_of[c] for c in trick],
                                  rules, layout)
    assert (set(layout.cards(allowed)), rule) == (set(slow.allowed), slow.rule)


# --- whole hands: invariants -------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3))
def test_a_random_hand_keeps_the_invariants(seed, number):
    state = GAME.from_hands(
        [[c.code for c in cards_of(h)] for h in GAME.new(seed=seed).hands],
        hand_number=number)
    rng = random.Random(seed)
    while state.deal.number == number:
        in_play = [h.bit_count() for h in state.hands]
        if state.phase == "play":
            # every card is in exactly one place: a hand, the table, or a taken trick
            everything = sum(in_play) + len(state.trick) + sum(
                t.bit_count() for t in state.taken)
            assert everything == 52
        legal = state.legal_moves()
        assert legal and legal == sorted(legal) and set(legal) <= set(state.candidate_moves())
        state = state.apply(rng.choice(legal))
    points = state.results[-1].points
    assert sum(points) == (78 if state.results[-1].moon is not None else 26)


# --- bots ------------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda seat: RandomBot(seat),
    lambda seat: RuleOfThumbBot(),
    lambda seat: MonteCarloBot(seed=seat, playouts=4) if seat == 0 else RuleOfThumbBot(),
], ids=["random", "rule-of-thumb", "monte-carlo"])
def test_bots_play_a_game_to_the_end(make):
    bots = {seat: make(seat) for seat in range(4)}
    state = play_out(GAME.new(seed=8, end_score=20), bots)
    assert state.is_over and max(state.totals) >= 20
    assert sorted(state.ranking())[0] == 1


def hidden_twin(state, rng):
    """The same state with the cards the player to move cannot see dealt differently."""
    seat = state.to_move
    others = [s for s in range(4) if s != seat]
    pool = [b for s in others for b in range(52) if state.hands[s] >> b & 1]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = state.hands[s].bit_count()
        hands[s] = sum(1 << b for b in pool[:size])
        pool = pool[size:]
    return dataclasses.replace(state, hands=tuple(hands))


@pytest.mark.parametrize("make", [
    lambda: RuleOfThumbBot(), lambda: MonteCarloBot(seed=1, playouts=12)],
    ids=["rule-of-thumb", "monte-carlo"])
def test_bots_decide_from_their_own_view_only(make):
    rng = random.Random(2)
    state = GAME.new(seed=13)
    bots = {s: RuleOfThumbBot() for s in range(4)}
    checked = 0
    while not state.is_over and checked < 30:
        if state.phase == "play" and len(state.legal_moves()) > 1:
            twin = hidden_twin(state, rng)
            assert twin.view(state.to_move) == state.view(state.to_move)
            assert make().choose(state) == make().choose(twin)
            checked += 1
        state = state.apply(bots[state.to_move].choose(state))
    assert checked == 30


def test_rule_of_thumb_ducks_and_dumps_the_queen():
    bot = RuleOfThumbBot()
    # Moon deal, trick 1 (East leads the 2♣): nobody can duck under a higher club.  South
    # and West are not last, so they play low; North is last and plays high.
    state = no_pass(MOON_DEAL)
    for expected in ("2C", "5C", "8C", "AC"):
        assert bot.choose(state) == Play(expected)
        state = state.apply(expected)
    # Q♠-lead deal, trick 2: South must lead the Q♠; West ducks with its highest spade
    # below it (J♠, keeping K♠ A♠... for later), North is void and sheds its highest
    # card, East ducks with 6♠.
    state = play(no_pass(QUEEN_LEAD_DEAL), ["2C 6C AC TC"])
    for expected in ("QS", "JS", "TD", "6S"):
        assert bot.choose(state) == Play(expected)
        state = state.apply(expected)
    # Void deal: after trick 1 North leads clubs; South (only hearts) throws its highest
    # heart, West throws the Q♠ at the first chance.
    state = play(no_pass(VOID_DEAL), ["2C 2D 2H 2S", "3C 3D"])
    assert bot.choose(state) == Play("AH")
    state = state.apply("AH")
    assert bot.choose(state) == Play("QS")


def test_rule_of_thumb_passes_the_dangerous_cards_first():
    state = GAME.from_hands(MOON_DEAL, hand_number=0)
    bot = RuleOfThumbBot()
    chosen = []
    for _ in range(3):
        move = bot.choose(state)
        chosen.append(move)
        state = state.apply(move)
    assert chosen == [Pass("QS"), Pass("AS"), Pass("KS")]


def test_knowledge_uses_voids_and_passed_cards():
    state = GAME.from_hands(MOON_DEAL, hand_number=0)  # pass left: North → East
    passes = ["QS", "AS", "KS", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"]
    for card in passes:
        state = state.apply(f"pass {card}")
    # East now holds North's three spades, and North knows it.
    know = Knowledge.of(state.view(0))
    assert cards_of(know.certain[1]) == parse_cards("QS KS AS")
    rng = random.Random(0)
    for _ in range(20):
        guess = know.sample(rng)
        assert guess[0] == state.hands[0]
        assert [g.bit_count() for g in guess] == [13, 13, 13, 13]
        assert guess[1] & know.certain[1] == know.certain[1]
        assert guess[0] | guess[1] | guess[2] | guess[3] == LAYOUT.full
    # Voids: play the void deal's first trick; afterwards nobody but North may hold a club.
    void = play(no_pass(VOID_DEAL), ["2C 2D 2H 2S"])
    know = Knowledge.of(void.view(1))
    clubs = LAYOUT.suit_mask["C"]
    assert all(know.possible[s] & clubs == 0 for s in (2, 3))
    # South threw a heart on trick 1 although points were forbidden: it holds only hearts
    # (and perhaps the Q♠).
    assert know.possible[2] & ~(LAYOUT.suit_mask["H"] | QUEEN_OF_SPADES) == 0


def test_an_imagined_deal_keeps_what_the_seat_knows():
    # A state rebuilt from North's view and a sampled guess offers North the same moves,
    # keeps the scores, and ends with the hand (it knows no seed for the next deal).
    state = GAME.from_hands(MOON_DEAL, hand_number=7, totals=(5, 6, 7, 8))
    state = play(state, MOON_PLAY[:1])
    view = state.view(0)
    guess = Knowledge.of(view).sample(random.Random(1))
    imagined = HeartsState.from_view(view, guess)
    assert imagined.legal_moves() == state.legal_moves()
    assert imagined.totals == state.totals == (5, 6, 7, 8)
    assert imagined.view(0).hand == view.hand
    bots = {s: RuleOfThumbBot() for s in range(4)}
    finished = play_out(imagined, bots)
    assert finished.is_over and len(finished.results) == 1
    with pytest.raises(ValueError, match="own hand"):
        HeartsState.from_view(view, (0, *guess[1:]))
