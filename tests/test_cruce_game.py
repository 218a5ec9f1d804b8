"""Cruce hands played card by card from scripted deals, with scores worked out by hand.

Each deal below is written out with the tricks it gives and their points, so a reader can
check the expected numbers without the engine; the engine then plays the same moves and
must agree.  Seats: Ana 0, Bogdan 1, Cristina 2, Dan 3; the dealer of hand 0 is the last
seat, so Ana bids and (all passing) leads first.
"""

from __future__ import annotations

import random

import pytest

from cardlib import games
from cardlib.cards import parse_cards
from cardlib.cruce import Announce, Bid, Give, Play
from cardlib.cruce.bots import RuleOfThumbBot
from cardlib.cruce.deck import LAYOUT, bit_of, card_points
from cardlib.protocol import IllegalMove

CRUCE = games.get("cruce")
ANA, BOGDAN, CRISTINA, DAN = range(4)


def play(state, moves: str):
    """Apply moves written one trick (or one round of bids) per line, ``|`` between seats."""
    for line in moves.strip().splitlines():
        if not line.strip():
            continue
        for text in line.split("|"):
            state = state.apply(text.strip())
    return state


# --- three players: a made bid, a trump marriage on the first lead ---------------------------

DEAL_3 = ["AH TH KH QH JH 9H AD TD", "KD QD JD 9D AS TS KS QS", "JS 9S AC TC KC QC JC 9C"]
MADE_3 = """
        KH announce | 9D | 9S
        QH | JD | JS
        AH | QD | 9C
        TH | KD | JC
        JH | QS | QC
        9H | KS | KC
        AD | TS | TC
        TD | AS | AC"""
"""Ana leads K♥ announcing (hearts trump, 40); nobody else holds a heart, so she takes
every trick: 120 + 40 = 160 points."""


def test_a_made_bid_with_the_trump_marriage_on_the_first_lead():
    """Ana bids 2 and leads K♥ announcing: hearts are trump and the marriage is worth 40.
    Nobody else holds a heart, so she takes all eight tricks: 120 + 40 = 160 points,
    floor(160 / 33) = 4 game points, the bid is made and all 4 count."""
    state = CRUCE.from_hands(DEAL_3)
    state = play(state, "bid 2 | pass | pass")
    assert state.phase == "play" and state.declarer == ANA and state.to_move == ANA
    why = state.explain("KH announce")
    assert why.legal and why.rule == "cruce.marriage.announce" and "40" in why.text
    state = play(state, MADE_3)
    result = state.results[-1]
    assert result.trump == "H"
    assert result.card_points == (120, 0, 0) and result.marriage_points == (40, 0, 0)
    assert result.scored == (4, 0, 0) and result.made is True
    assert state.scores() == [4, 0, 0]
    assert state.deal.number == 1 and state.phase == "bid"  # the next hand is dealt


FAILED_3 = """
    KD announce | 9C | AD
    AH | 9D | JC
    AS | 9S | TD
    TH | JD | QC
    TS | JS | 9H
    KS | KC | JH
    QS | TC | QH
    QD | AC | KH"""
"""Bogdan leads K♦ announcing (diamonds trump, 40). Ana must follow with A♦ and wins
(4 + 0 + 11 = 15). She leads A♥; Bogdan, void in hearts, must trump (9♦) and wins
(11 + 0 + 2 = 13). A♠ is trumped by Ana's 10♦ (11 + 0 + 10 = 21). Bogdan trumps 10♥ with
J♦ (10 + 2 + 3 = 15), then takes 10♠ (12), K♠ (10), Q♠ (16) and Q♦ (18). Ana 36, Bogdan
84 + 40 = 124, Cristina 0."""


@pytest.mark.parametrize(("failed_bid", "scored"), [
    ("others-score", (1, -4, 0)),
    ("seed-literal", (0, -4, 0)),
])
def test_a_failed_bid(failed_bid, scored):
    """Bogdan bids 4 (132) but takes 124 with his marriage: floor(124 / 33) = 3 < 4, so
    he scores −4; Ana's 36 points are 1 game point, which the seed-literal reading
    withholds."""
    state = CRUCE.from_hands(DEAL_3, failed_bid=failed_bid)
    state = play(state, "pass | bid 4 | pass")
    state = play(state, FAILED_3)
    result = state.results[-1]
    assert result.card_points == (36, 84, 0) and result.marriage_points == (0, 40, 0)
    assert result.made is False and result.scored == scored


def test_play_duties_are_explained_by_rule():
    state = play(CRUCE.from_hands(DEAL_3), "pass | bid 4 | pass")
    state = play(state, "KD announce | 9C")
    follow = state.explain("TH")  # Ana holds A♦ and 10♦
    assert not follow.legal and follow.rule == "cruce.play.follow-suit"
    state = play(state, "AD | AH")  # Ana won and leads A♥; Bogdan holds trumps
    trump = state.explain("AS")
    assert not trump.legal and trump.rule == "cruce.play.must-trump"
    assert "trump" in trump.text
    with pytest.raises(IllegalMove) as err:
        state.apply("AS")
    assert err.value.rule == "cruce.play.must-trump"
    state = play(state, "9D")
    anything = state.explain("AC")  # Cristina: no heart, no trump
    assert anything.legal and anything.rule == "cruce.play.any-card"
    turn = state.explain("KD")
    assert not turn.legal and turn.rule == "cruce.turn"


def test_announcements_are_refused_unless_leading_with_the_pair():
    state = play(CRUCE.from_hands(DEAL_3), "pass | bid 4 | pass | KD announce")
    follower = state.explain("KC announce")
    assert not follower.legal and follower.rule == "cruce.marriage.held"
    assert "not leading" in follower.text
    state = play(state, "9C | AD")  # Ana leads: she holds K♥ and Q♥, A♥ is no K or Q
    assert state.explain("KH announce").legal
    assert "20" in state.explain("QH announce").text  # diamonds are trump: 20
    no_pair = state.explain("AH announce")
    assert not no_pair.legal and no_pair.rule == "cruce.marriage.held"
    state = play(state, "AH | 9D | JC")  # Bogdan leads; K♦ is gone, Q♦ is alone
    alone = state.explain("QD announce")
    assert not alone.legal and alone.rule == "cruce.marriage.held"
    assert "does not hold K♦" in alone.text


def test_bids_are_refused_by_rule():
    state = play(CRUCE.from_hands(DEAL_3), "pass | bid 3")
    lower = state.explain("bid 2")
    assert not lower.legal and lower.rule == "cruce.bid.higher"
    top = state.explain("bid 5")  # 4 is the most at three players
    assert not top.legal and top.rule == "cruce.bid.max"
    early = state.explain("AC")
    assert not early.legal and early.rule == "cruce.bid.once"
    assert state.legal_moves() == [Bid(0), Bid(4)]


def test_must_head_beats_the_trick_when_able():
    plain = play(CRUCE.from_hands(DEAL_3), "pass | bid 4 | pass | KD announce | 9C")
    heading = play(CRUCE.from_hands(DEAL_3, must_head=True),
                   "pass | bid 4 | pass | KD announce | 9C")
    assert Play("AD") in plain.legal_moves() and Play("TD") in plain.legal_moves()
    assert heading.explain("AD").rule == "cruce.play.must-head"
    assert set(heading.legal_moves()) == {Play("AD"), Play("TD")}  # both beat K♦


# --- marriages that need a trick --------------------------------------------------------------

NO_TRICK = ["KH QH 9S JS 9C JC 9D JD", "AH TH JH 9H AS TS KS QS", "AD TD KD QD AC TC KC QC"]
NO_TRICK_PLAY = """
    QH announce | AH | QD
    TH | KD | KH
    JH | TD | 9S
    9H | AD | JS
    AS | QC | 9C
    TS | KC | JC
    KS | TC | 9D
    QS | AC | JD"""
"""Ana announces at the first lead (hearts trump, 40) and takes no trick: Bogdan takes
every one, 120 points."""


@pytest.mark.parametrize(("needs_trick", "marriage", "ana"), [(False, 40, 1), (True, 0, -1)])
def test_a_marriage_without_a_trick(needs_trick, marriage, ana):
    """Ana bids 1 on her marriage alone: 40 points make it, unless the Schnapsen rule
    (marriage_needs_trick) voids a marriage whose side takes no trick."""
    state = CRUCE.from_hands(NO_TRICK, marriage_needs_trick=needs_trick)
    state = play(state, "bid 1 | pass | pass")
    state = play(state, NO_TRICK_PLAY)
    result = state.results[-1]
    assert result.card_points == (0, 120, 0)
    assert result.marriage_points == (marriage, 0, 0)
    assert result.scored == (ana, 3, 0)


# --- four players: partners, pooled points, the largest total -------------------------------

DEAL_4 = ["KH QH KS QS AS TS", "JH 9H JS 9S JC 9C", "KD QD KC QC AH TH", "AD TD JD 9D AC TC"]
PLAY_4 = """
    KH announce | JH | AH | AC
    KD announce | AD | QH | 9H
    KS announce | JS | TH | TC
    KC announce | TD | AS | JC
    QC | JD | TS | 9C
    QD | 9D | QS | 9S"""
"""Ana and Cristina against Bogdan and Dan.  Trick by trick: Cristina's A♥ takes Ana's
K♥ (40 announced); Cristina announces in diamonds and Ana trumps Dan's A♦ with Q♥; Ana
announces in spades and Cristina trumps with 10♥; Cristina announces in clubs and keeps
the lead to the end.  Every card and all four marriages go to Ana and Cristina."""


def test_a_four_player_team_hand_reaches_the_largest_total():
    """All 120 card points and four marriages (40 + 20 + 20 + 20): 220, the most a side
    can ever score; floor(220 / 33) = 6 game points for a bid of 5."""
    state = CRUCE.from_hands(DEAL_4)
    assert state.teams == ((0, 2), (1, 3))
    state = play(state, "bid 5 | pass | pass | pass")
    assert state.explain("bid 1").rule == "cruce.bid.once"
    state = play(state, PLAY_4)
    result = state.results[-1]
    assert result.card_points == (120, 0) and result.marriage_points == (100, 0)
    assert result.points == (220, 0) and result.scored == (6, 0)
    assert state.scores() == [6, 0, 6, 0]  # partners share their side's total
    assert state.deal.number == 1 and state.view(BOGDAN).marriages == ()  # a new hand


def test_marriages_are_public_and_hands_private():
    state = play(CRUCE.from_hands(DEAL_4), "bid 5 | pass | pass | pass | KH announce")
    for seat in range(4):
        view = state.view(seat)
        assert [(m.seat, m.suit, m.points) for m in view.marriages] == [(ANA, "H", 40)]
        assert view.hand_bits == state.hands[seat]
        assert view.marriage_points == (40, 0)
    assert state.view(BOGDAN).partner() == DAN


def test_must_head_at_four():
    """Dan must follow Cristina's K♦: any diamond, or with must_head one that beats it."""
    start = "bid 5 | pass | pass | pass | KH announce | JH | AH | AC | KD announce"
    plain = play(CRUCE.from_hands(DEAL_4), start)
    heading = play(CRUCE.from_hands(DEAL_4, must_head=True), start)
    assert plain.explain("JD").legal
    refused = heading.explain("JD")
    assert not refused.legal and refused.rule == "cruce.play.must-head"
    assert set(heading.legal_moves()) == {Play("AD"), Play("TD")}


# --- two players: the stock ----------------------------------------------------------------

DEAL_2 = ["KH QH AH TH KS QS KD QD", "TS TD AC TC JH 9H JS 9S"]
STOCK_2 = "KC JD QC 9D AS JC AD 9C"
PLAY_2 = """
    KH announce | TS
    AH | TD
    KS announce | AC
    KD announce | TC
    KC announce | JC
    TH | JH
    QH | 9H
    AS | JS
    QS | 9S
    AD | JD
    QD | 9D
    QC | 9C"""
"""While the stock lasts (four tricks) Bogdan need not follow: he throws away his tens and
the A♣ under Ana's leads.  After each of those tricks Ana, the winner, draws first (K♣,
Q♣, A♠, A♦), then Bogdan (J♦, 9♦, J♣, 9♣).  From the fifth trick he must follow suit."""


def test_the_two_player_stock():
    state = play(CRUCE.from_hands(DEAL_2, STOCK_2), "bid 4 | pass")
    state = play(state, "KH announce")
    free = state.explain("TS")  # Bogdan holds J♥ and 9♥ but need not follow
    assert free.legal and free.rule == "cruce.stock.free"
    state = play(state, "TS")
    assert state.hands[ANA] & bit_of("KC") and state.hands[BOGDAN] & bit_of("JD")
    assert len(state.stock) == 6 and state.view(BOGDAN).stock_size == 6
    assert state.view(BOGDAN).drawn_bits == bit_of("JD")
    assert state.view(ANA).drawn_bits == bit_of("KC")
    lines = PLAY_2.strip().splitlines()
    state = play(state, "\n".join(lines[1:5]) + "\n TH")  # stock gone; Ana leads 10♥
    assert not state.stock
    refused = state.explain("JS")
    assert not refused.legal and refused.rule == "cruce.play.follow-suit"
    state = play(state, "JH\n" + "\n".join(lines[6:]))
    result = state.results[-1]
    assert result.card_points == (120, 0) and result.marriage_points == (100, 0)
    assert result.scored == (6, 0)


# --- two players: the auction form ('la licitație', option two_player_form) ----------------

AUCTION_PLAY = """
    give 9D
    give JD
    KH announce | 9H
    AH | JH
    TH | TS
    QH | TD
    KS announce | 9S
    QS | JS
    KD announce | 9D
    QD | JD
    KC announce | AC
    TC | QC"""
"""The deal and stock of the stock form, played in the auction form.  Ana bids 2 and
takes the top four stock cards (K♣ J♦ Q♣ 9♦); A♠ J♣ A♦ 9♣ are dead, 11 + 2 + 11 + 0 = 24
points that nobody takes, so the tricks hold 96.  Ana gives 9♦ and J♦ and keeps four
marriages.  Bogdan must follow from the first trick (no stock to draw): 9♥, J♥ under her
K♥ and A♥; void in hearts, the trumps, he throws 10♠ and 10♦ under 10♥ and Q♥.  Ana's
K♠, Q♠, K♦, Q♦ draw his spades and diamonds (the J♦ and 9♦ she gave him); her K♣ falls
to his A♣ and his 10♣ takes her Q♣.  Tricks: Ana 4 + 13 + 20 + 13 + 4 + 5 + 4 + 5 = 68,
Bogdan 15 + 13 = 28 (68 + 28 = 96); marriages 40 + 3 × 20 = 100 for Ana: 168 points,
floor(168 / 33) = 5 game points, her bid of 2 made; Bogdan 0."""


def auction(*moves: str, **options):
    return play(CRUCE.from_hands(DEAL_2, STOCK_2, two_player_form="auction", **options),
                "\n".join(moves))


def conserved(state) -> bool:
    """Every card of the pack in exactly one place: a hand, the trick on the table, the
    cards taken, the stock or the dead cards."""
    places = [*state.hands, *state.taken, state.dead,
              *(1 << bit for bit in (*state.trick, *state.stock))]
    every = 0
    for cards in places:
        every |= cards
    return every == LAYOUT.full and sum(c.bit_count() for c in places) == 24


def test_the_auction_form_hand_of_known_result():
    state = auction("bid 2 | pass")
    took = LAYOUT.mask(parse_cards("KC JD QC 9D"))
    dead = LAYOUT.mask(parse_cards("AS JC AD 9C"))
    assert state.phase == "give" and state.to_move == ANA and state.declarer == ANA
    assert state.stock == () and state.dead == dead and card_points(dead) == 24
    assert state.hands[ANA] == LAYOUT.mask(parse_cards(DEAL_2[0])) | took
    assert state.hands[BOGDAN] == LAYOUT.mask(parse_cards(DEAL_2[1])) and conserved(state)
    assert Give("9D") in state.legal_moves() and Play("9D") not in state.legal_moves()
    state = play(state, AUCTION_PLAY.strip().splitlines()[0])
    assert state.phase == "give" and state.to_move == ANA and conserved(state)
    lines = AUCTION_PLAY.strip().splitlines()
    state = play(state, lines[1])
    assert state.phase == "play" and state.to_move == ANA and state.trump is None
    assert state.given == bit_of("9D") | bit_of("JD") and conserved(state)
    assert [h.bit_count() for h in state.hands] == [10, 10]
    refused = play(state, lines[2].split("|")[0]).explain("TS")  # duties from trick 1
    assert not refused.legal and refused.rule == "cruce.play.follow-suit"
    state = play(state, "\n".join(lines[2:]))
    result = state.results[-1]
    assert result.declarer == ANA and result.bid == 2 and result.trump == "H"
    assert result.card_points == (68, 28) and result.dead_points == 24
    assert result.marriage_points == (100, 0) and result.points == (168, 28)
    assert result.scored == (5, 0) and result.made
    assert len(state.results) == 1 and state.deal.number == 1  # the next hand is dealt


def test_the_auction_form_views():
    """The 4 taken cards only the declarer sees; the 2 given both know; the dead cards
    nobody (a view holds only how many there are)."""
    state = auction("bid 2 | pass")
    took = LAYOUT.mask(parse_cards("KC JD QC 9D"))
    ana, bogdan = state.view(ANA), state.view(BOGDAN)
    assert ana.drawn_bits == took and bogdan.drawn_bits == 0
    assert ana.hand_sizes == bogdan.hand_sizes == (12, 8) and bogdan.hand_bits & took == 0
    assert ana.dead_size == bogdan.dead_size == 4 and ana.stock_size == 0
    assert ana.free_tricks == 0 and ana.phase == "give" and ana.given_bits == 0
    state = play(state, "give 9D\ngive JD")
    for seat in (ANA, BOGDAN):
        assert state.view(seat).given_bits == bit_of("9D") | bit_of("JD")
    assert state.view(BOGDAN).hand_bits & state.view(BOGDAN).given_bits
    dead_anywhere = [v for v in (state.view(ANA), state.view(BOGDAN))
                     if (v.hand_bits | v.drawn_bits | v.given_bits) & state.dead]
    assert dead_anywhere == []


def test_the_give_is_refused_by_rule():
    state = auction("bid 2 | pass")
    for move, words in (("give TS", "TS is not in Ana's hand"), ("KH", "give"),
                        ("KH announce", "give"), ("trump H", "give")):
        why = state.explain(move)
        assert not why.legal and why.rule == "cruce.stock.give" and words in why.text, move
        with pytest.raises(IllegalMove):
            state.apply(move)
    given = play(state, "give 9D\ngive JD")
    too_many = given.explain("give KH")
    assert not too_many.legal and too_many.rule == "cruce.stock.give"
    assert "2 cards already" in too_many.text
    drawing = play(CRUCE.from_hands(DEAL_2, STOCK_2), "bid 2 | pass")
    other_form = drawing.explain("give KH")
    assert not other_form.legal and "two_player_form='auction'" in other_form.text
    assert play(CRUCE.from_hands(DEAL_3), "bid 2 | pass | pass").explain("give KH").rule \
        == "cruce.stock.give"


def test_the_auction_form_is_only_for_two():
    for players in (3, 4):
        with pytest.raises(ValueError) as err:
            CRUCE.new(seed=1, players=players, two_player_form="auction")
        assert "two_player_form='auction'" in str(err.value)
        assert f"not with {players}" in str(err.value) and "only with 2" in str(err.value)
    with pytest.raises(ValueError, match="two_player_form"):
        CRUCE.from_hands(DEAL_3, two_player_form="auction")
    assert CRUCE.new(seed=1, players=3, two_player_form="stock").players == 3
    with pytest.raises(ValueError, match="two_player_form='draw'"):
        CRUCE.new(seed=1, players=2, two_player_form="draw")


def test_the_auction_form_when_everybody_passes_and_with_a_named_trump():
    """All passing, the first bidder is declarer with no contract (rule
    cruce.bid.all-pass), and takes the stock cards as a high bidder would; with
    trump='declarer-names' the declarer gives first, then names trump."""
    passed = auction("pass | pass")
    assert passed.phase == "give" and passed.declarer == ANA and passed.contract == 0
    assert passed.hands[ANA].bit_count() == 12 and passed.dead.bit_count() == 4
    redeal = auction("pass | pass", all_pass="redeal")
    assert redeal.deal.number == 1 and redeal.phase == "bid" and redeal.dead == 0
    named = auction("pass | bid 1", trump="declarer-names")
    assert named.declarer == BOGDAN and named.phase == "give" and named.to_move == BOGDAN
    named = play(named, "give 9H\ngive JH")
    assert named.phase == "trump" and named.hands[ANA].bit_count() == 10
    assert play(named, "trump S\nTD").trump == "S"  # a diamond led: spades stay trump


@pytest.mark.parametrize("form", ["stock", "auction"])
def test_every_card_is_always_in_exactly_one_place(form):
    """Random play through many hands: hands + tricks taken + the trick on the table +
    stock + dead cards are always the 24 cards, each once."""
    for seed in range(8):
        rng = random.Random(seed)
        state = CRUCE.new(seed=seed, players=2, two_player_form=form, hand_limit=3)
        while not state.is_over:
            assert conserved(state), (seed, state.history)
            assert (state.dead.bit_count() == 4) == (form == "auction" and
                                                     state.phase in ("give", "trump", "play"))
            state = state.apply(rng.choice(state.legal_moves()))
        for result in state.results:
            assert result.dead_points == 0 or form == "auction"


def test_an_auction_game_saves_and_loads():
    state = auction("bid 2 | pass | give 9D")
    loaded = CRUCE.load(CRUCE.save(state))
    assert CRUCE.save(state)["start"]["options"]["two_player_form"] == "auction"
    assert loaded.history == state.history and loaded.hands == state.hands
    assert loaded.dead == state.dead and loaded.given == state.given


def test_the_largest_total_and_the_reachable_bids():
    """Arithmetic the scripted hands prove (see the module docstring of each deal).

    A side's points are at most the 120 card points plus four marriages, one in trumps:
    120 + 40 + 3·20 = 220, so floor(220 / 33) = 6 is the highest bid a side can make and
    7 (231) is never made.  A bid of 4 promises 132 > 120: it needs a marriage.  At two and
    four players a side reaches 220 (the hands above).  At three a side is one player:
    with all four marriages it holds only the eight kings and queens, so the trump ace and
    ten, held by others, each take a trick with one of its cards in it (at least
    3 + 11 + 10 when they fall together): at most 220 − 24 = 196; with three marriages, at
    most 120 + 40 + 20 + 20 = 200, which the hand below reaches.
    """
    deck = card_points(LAYOUT.full)
    marriages = 40 + 3 * 20
    assert (deck, deck + marriages) == (120, 220)
    assert [k for k in range(1, 10) if 33 * k <= deck + marriages] == [1, 2, 3, 4, 5, 6]
    assert [k for k in range(1, 7) if 33 * k > deck] == [4, 5, 6]  # need marriages
    three = max(220 - (3 + 11 + 10), deck + 40 + 20 + 20)
    assert three == 200 and 200 // 33 == 6
    hands = ["KH QH AH TH KS QS KD QD", "JH AS AD AC JS KC JD JC", "9H TS TD TC 9S QC 9D 9C"]
    state = play(CRUCE.from_hands(hands, max_bid=6), "bid 6 | pass | pass")
    state = play(state, """
        KH announce | JH | 9H
        AH | AS | TS
        TH | AD | TD
        QH | AC | TC
        KS announce | JS | 9S
        QS | KC | QC
        KD announce | JD | 9D
        QD | JC | 9C""")
    result = state.results[-1]
    assert result.points == (200, 0, 0) and result.scored == (6, 0, 0)
    for deal, stock, moves, players in ((DEAL_4, "", PLAY_4, 4), (DEAL_2, STOCK_2, PLAY_2, 2)):
        bids = "bid 6 | pass" + " | pass" * (players - 2)
        end = play(CRUCE.from_hands(deal, stock, max_bid=6), bids + "\n" + moves)
        assert end.results[-1].points[0] == 220 and end.results[-1].scored[0] == 6


def test_training_mode_lets_a_duty_be_broken_for_three_points():
    """Ana holds A♦ and 10♦ under Bogdan's K♦ but throws the 10♥: refused normally; in
    training mode played, and her side loses 3 game points at the end of the hand."""
    start = "pass | bid 4 | pass | KD announce | 9C"
    assert not play(CRUCE.from_hands(DEAL_3), start).explain("TH").legal
    state = play(CRUCE.from_hands(DEAL_3, training=True), start)
    why = state.explain("TH")
    assert why.legal and why.rule == "cruce.penalty.renege"
    assert "cruce.play.follow-suit" in why.text and "3 game points" in why.text
    assert Play("TH") in state.legal_moves()
    state = state.apply("TH")
    assert state.reneges == (1, 0, 0) and state.view(CRISTINA).reneges == (1, 0, 0)
    assert state.tricks[-1].winner(state.trick_rules) == BOGDAN  # 10♥ is no diamond
    thumb = RuleOfThumbBot()  # keeps every duty, even where breaking one is legal
    while not state.results:
        state = state.apply(thumb.choose(state))
    result = state.results[-1]
    assert result.reneges == (1, 0, 0)
    assert result.scored[ANA] == result.points[ANA] // 33 - 3


# --- options around the auction and the end ------------------------------------------------

def test_when_everybody_passes():
    passed = play(CRUCE.from_hands(DEAL_3), "pass | pass | pass")
    assert passed.phase == "play" and passed.declarer == ANA and passed.contract == 0
    redeal = play(CRUCE.from_hands(DEAL_3, all_pass="redeal"), "pass | pass | pass")
    assert redeal.deal.number == 1 and redeal.phase == "bid" and redeal.to_move == BOGDAN
    assert redeal.results[-1].scored == (0, 0, 0) and redeal.results[-1].declarer is None
    forced = play(CRUCE.from_hands(DEAL_3, all_pass="dealer-bids-one"), "pass | pass")
    assert Bid(0) not in forced.legal_moves() and Bid(1) in forced.legal_moves()
    assert forced.explain("pass").rule == "cruce.bid.all-pass"


def test_the_declarer_may_name_trump():
    state = play(CRUCE.from_hands(DEAL_3, trump="declarer-names"), "bid 2 | pass | pass")
    assert state.phase == "trump"
    assert state.explain("KH").rule == "cruce.trump.first-lead"
    state = play(state, "trump D")
    assert state.trump == "D"
    state = play(state, "KH announce")
    assert state.marriages[-1].points == 20  # hearts are not trump now


def test_the_game_ends_at_the_target_and_plays_on_after_a_tie():
    ends = play(CRUCE.from_hands(DEAL_3, totals=(19, 3, 5)), "bid 2 | pass | pass")
    ends = play(ends, MADE_3)
    assert ends.is_over and ends.scores() == [23, 3, 5] and ends.legal_moves() == []
    tie = play(CRUCE.from_hands(DEAL_3, totals=(19, 23, 5)), "bid 2 | pass | pass")
    tie = play(tie, MADE_3)
    assert not tie.is_over and tie.scores() == [23, 23, 5] and tie.deal.number == 1


def test_scripted_games_save_and_load():
    state = play(CRUCE.from_hands(DEAL_2, STOCK_2, totals=(2, 5)), "bid 4 | pass | KH announce")
    loaded = CRUCE.load(CRUCE.save(state))
    assert loaded.history == state.history and loaded.hands == state.hands
    assert loaded.stock == state.stock and loaded.totals == (2, 5)


def test_moves_read_and_write():
    assert CRUCE.parse_move("announce kh") is Announce("KH") is CRUCE.parse_move("KH+")
    assert str(Announce("KH")) == "KH announce" and str(Bid(0)) == "pass"
    assert CRUCE.parse_move("bid 3") is Bid(3) is CRUCE.parse_move("bid3")
    assert CRUCE.parse_move("KH") is Play("KH")
    assert CRUCE.move_label(Announce("QS")) == "Q♠ + marriage"
    assert CRUCE.parse_move("give kh") is Give("KH") is CRUCE.parse_move("giveKH")
    assert str(Give("9D")) == "give 9D" and CRUCE.move_label(Give("9D")) == "give 9♦"
    for bad in ("bid 9", "8H", "trump X", "announce", "", "give", "give 8H"):
        with pytest.raises(ValueError):
            CRUCE.parse_move(bad)


# --- text that is no move (issue 29 §4) -----------------------------------------------------

@pytest.mark.parametrize(("start", "moves", "options"), [
    (DEAL_3, "", {}),                                        # the auction
    (DEAL_3, "pass | bid 4 | pass | KD announce", {}),       # the play, following
    (DEAL_3, "bid 2 | pass | pass", {"trump": "declarer-names"}),  # naming trump
    (DEAL_2, "bid 2 | pass", {"two_player_form": "auction"}),      # giving 2 cards
])
@pytest.mark.parametrize("text", ["blah", "bid 9", "KH announce please", "8H", ""])
def test_text_that_is_no_move_is_refused_by_explain_naming_it(start, moves, options, text):
    """``explain`` always answers with an Explanation: text it cannot read is a refusal
    that quotes the text (it raised BadMoveText before), and ``apply`` refuses it too,
    leaving the state as it was."""
    stock = STOCK_2 if len(start) == 2 else ""
    state = play(CRUCE.from_hands(start, stock, **options), moves)
    why = state.explain(text)
    assert not why.legal and repr(text) in why.text and "Cruce" in why.text
    history = state.history
    with pytest.raises(ValueError):
        state.apply(text)
    assert state.history == history and state.explain(text) == why
