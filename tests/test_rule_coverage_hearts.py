"""Hearts rules that no other test named: each checked by its effect on a scripted hand.

The deal below is built so the play is easy to follow by reading it: North holds twelve
clubs and the 2♦, East the 2♣ and twelve diamonds, South every heart, West every spade.
East leads the 2♣ and North takes it with the A♣, then leads clubs eleven times (nobody
else has one) and finally the 2♦, which East takes.  South and West take no trick.
"""

from __future__ import annotations

from cardlib import games
from cardlib.bots import RandomBot

GAME = games.get("hearts")
NORTH, EAST, SOUTH, WEST = range(4)
CLUBS_DEAL = [
    "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
    "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]
# The whole deck in suits: North holds every club and nobody else can follow (a moon).
SUITS_DEAL = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def start(hands, **options):
    """Hand 4 of the rotation (number 3): no pass, the 2♣ leads at once."""
    return GAME.from_hands(hands, hand_number=3, **options)


def first_hand(state, moves=None):
    """Play the hand out (the first legal move each turn, or the given ``moves``)."""
    for move in moves or ():
        state = state.apply(move)
    while not state.tallies():
        state = state.apply(state.legal_moves()[0])
    return state


def test_rank_order_and_the_trick_winner_leads_next():
    """hearts.rank-order (2 low … 10, J, Q, K, A high, not the codes' order) and
    hearts.trick.winner (the highest card of the suit led takes it; its winner leads)."""
    hands = ["2C AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
             "TC KC KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
             "JC 3C 4C 5C 6C 7C 8C JS QS KS AS 2H 3H",
             "9C QC 4H 5H 6H 7H 8H 9H TH JH QH KH AH"]
    state = start(hands)
    assert state.to_move == NORTH
    state = state.apply("2C").apply("TC").apply("JC").apply("9C")
    assert state.to_move == SOUTH, "the J takes the 10 and the 9, and South leads next"
    state = state.apply("3C").apply("QC").apply("AC").apply("KC")
    assert state.to_move == NORTH, "the ace is high: North's A♣ takes K♣ and Q♣"
    state = state.apply("2D").apply("KD")
    # West has no diamond: a heart thrown off does not take a diamond trick.
    state = state.apply("4C").apply("4H")
    assert state.to_move == EAST


def taker_of(state, code):
    """Who took the trick in which ``code`` was played, in this deal: North takes the first
    twelve tricks, East the last (no other moves than plays: no pass at hand 4)."""
    index = [str(m) for m in state.history].index(code)
    return NORTH if index // 4 < 12 else EAST


def test_the_jack_of_diamonds_scores_minus_ten_for_its_taker():
    """hearts.score.jack-of-diamonds: the same hand with jd_bonus on scores −10 more for the
    seat that took the J♦, and nothing else changes."""
    plain = first_hand(start(CLUBS_DEAL))
    bonus = first_hand(start(CLUBS_DEAL, jd_bonus=True), plain.history)
    taker = taker_of(plain, "JD")
    change = [b - p for b, p in zip(bonus.scores(), plain.scores(), strict=True)]
    assert change == [-10 if seat == taker else 0 for seat in range(4)]


def test_a_seat_that_took_no_trick_scores_minus_five():
    """hearts.score.no-tricks: South and West took no trick: −5 each with the option."""
    plain = first_hand(start(CLUBS_DEAL))
    bonus = first_hand(start(CLUBS_DEAL, avoid_all_tricks_bonus=True), plain.history)
    change = [b - p for b, p in zip(bonus.scores(), plain.scores(), strict=True)]
    assert change == [0, 0, -5, -5]


def test_no_trick_bonus_is_void_when_the_moon_is_shot():
    """hearts.score.no-tricks, 'unless the moon was shot': North takes every trick and
    every point, so the others (no trick each) score 26 and no −5."""
    plain = first_hand(start(SUITS_DEAL))
    assert plain.scores() == [0, 26, 26, 26]
    bonus = first_hand(start(SUITS_DEAL, avoid_all_tricks_bonus=True), plain.history)
    assert bonus.scores() == plain.scores()


def test_the_game_ends_after_the_hand_that_takes_a_total_to_fifty():
    """hearts.game.end and hearts.game.ranking: East takes the last trick and a heart in
    it, so from 49 East reaches 50: the game ends and the lowest total wins."""
    plain = first_hand(start(CLUBS_DEAL))
    assert not plain.is_over and plain.scores()[EAST] >= 1
    ended = first_hand(start(CLUBS_DEAL, totals=(0, 49, 0, 0)), plain.history)
    assert ended.is_over and ended.to_move is None
    totals = ended.scores()
    assert totals[EAST] >= 50
    verdict = ended.verdict()
    lowest = min(totals)
    assert verdict.rule == "hearts.game.ranking"
    assert set(verdict.winners) == {s for s in range(4) if totals[s] == lowest} == {SOUTH, WEST}
    # Below the end score another hand is dealt instead (East from 0 stays far below 50).
    assert len(plain.tallies()) == 1 and plain.to_move is not None


def test_random_hands_never_end_the_game_below_the_end_score():
    """hearts.game.end: over random hands, the game is over exactly when a total reached
    the end score (50) after a hand."""
    for seed in range(3):
        state = GAME.new(seed=seed)
        bots = {seat: RandomBot(f"{seed}:{seat}") for seat in range(4)}
        hands = 0
        while not state.is_over:
            state = state.apply(bots[state.to_move].choose(state))
            if len(state.tallies()) > hands:
                hands = len(state.tallies())
                assert state.is_over == (max(state.scores()) >= 50)


def test_thirteen_cards_each_from_one_52_card_deck_every_hand():
    """hearts.deck: four seats, 13 cards each of one 52-card deck, and a new hand dealt
    after each hand until the game ends."""
    state = GAME.new(seed=5)
    for hand in range(2):
        hands = [state.view(seat).hand_bits for seat in range(4)]
        assert [h.bit_count() for h in hands] == [13] * 4
        assert sum(hands).bit_count() == 52 and len(state.layout.cards(sum(hands))) == 52
        bot = RandomBot(hand)
        while len(state.tallies()) == hand:
            state = state.apply(bot.choose(state))
