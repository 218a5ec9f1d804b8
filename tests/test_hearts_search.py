"""What the Hearts Monte Carlo bot adds to the kit's searcher: touching cards weighed once,
and the Q♠ placed where the play says it probably is.  The hands are built so that each
answer can be checked by hand."""

from __future__ import annotations

import random

from cardlib.cards import parse_card as parse
from cardlib.hearts import Hearts
from cardlib.hearts.bots import (
    MonteCarloBot,
    imagine_deal,
    queen_chances,
    touching_runs,
)
from cardlib.hearts.deck import QUEEN_OF_SPADES
from cardlib.hearts.moves import Play

GAME = Hearts()

# East holds every diamond, so it is void in clubs (trick 1) and spades (trick 2).
QUEEN_DEAL = [
    "2C 3C 6C 7C 8C 3S 4S 5S 2H 3H 4H 5H 6H",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "4C 9C TC JC QS 6S 7S 8S 7H 8H 9H TH JH",
    "5C QC KC AC KS AS 2S 9S TS JS QH KH AH",
]


def no_pass(hands, **options):
    return GAME.from_hands(hands, hand_number=3, **options)


def play(state, moves):
    for move in moves.split():
        state = state.apply(move)
    return state


def plays(moves):
    return [str(move) for move in moves]


def test_touching_cards_are_weighed_once():
    # Trick 1 goes 2C 2D 4C AC: West takes it and leads the 5C.  North must follow from
    # 3C 6C 7C 8C.  6C 7C 8C touch.  The 4C is played, but the 5C on the table lies between
    # 3C and 6C (the 3C ducks it, the 6C wins), so the 3C is a run of its own.
    state = play(no_pass(QUEEN_DEAL), "2C 2D 4C AC 5C")
    legal = state.legal_moves()
    assert plays(legal) == ["3C", "6C", "7C", "8C"]
    assert plays(touching_runs(state.view(0), legal)) == ["3C", "6C"]


def test_a_card_another_player_holds_parts_a_run():
    # After 2C 2D 4C 5C North holds 3C 6C 7C 8C (4C and 5C played: one run) and 3S 4S 5S
    # (one run); the 2S is West's, the 6S South's, and both lie outside the run.
    state = play(no_pass(QUEEN_DEAL), "2C 2D 4C 5C")
    view = state.view(0)
    clubs_and_spades = [Play(c) for c in view.hand if c.suit in "CS"]
    assert plays(touching_runs(view, clubs_and_spades)) == ["3C", "3S"]
    # South's view: the 6S 7S 8S touch, and the Q♠ (its own) touches nothing
    south = state.view(2)
    spades = [Play(c) for c in south.hand if c.suit == "S"]
    assert plays(touching_runs(south, spades)) == ["6S", "QS"]
    # with the 3C still in North's hand, South's 9C TC JC touch, the 4C is played
    clubs = [Play(c) for c in south.hand if c.suit == "C"]
    assert plays(touching_runs(south, clubs)) == ["9C"]


def test_the_queen_and_a_scoring_jack_touch_nothing():
    hands = ["2C JS QS KS 3C 4C 5C 6C 7C 8C 9C TC JC",
             "QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD AD",
             "JD QD KD 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
             "QH KH AH AS 2S 3S 4S 5S 6S 7S 8S 9S TS"]
    for jd_bonus, expected in ((False, ["JD"]), (True, ["JD", "QD"])):
        view = no_pass(hands, jd_bonus=jd_bonus).view(2)
        diamonds = [Play(c) for c in view.hand if c.suit == "D"]
        assert plays(touching_runs(view, diamonds)) == expected
    view = no_pass(hands).view(0)
    spades = [Play(c) for c in view.hand if c.suit == "S"]
    assert plays(touching_runs(view, spades)) == ["JS", "QS", "KS"]


def test_chances_to_shed_the_queen_are_counted_until_it_falls():
    # Trick 1: East cannot follow and discards the 3♦, but no points may fall on the first
    # trick, so that was no chance.  Trick 2: West leads the K♠; North plays the 3♠ under
    # it (a chance: the K♠ wins) and East discards the 4♦ (a chance).
    state = play(no_pass(QUEEN_DEAL), "2C 3D 4C 5C")
    assert queen_chances(state.view(0)) == (0, 0, 0, 0)
    state = play(state, "KS 3S 4D")
    assert queen_chances(state.view(3)) == (1, 1, 0, 0)
    # South drops the Q♠ under the K♠: nothing after it counts
    state = play(state, "QS AC")  # West takes and leads the A♣; the others follow
    state = play(state, "6C 5D 9C")
    assert queen_chances(state.view(3)) == (1, 1, 0, 0)


def test_a_seat_that_let_chances_go_holds_the_queen_less_often():
    # West's view after K♠ 3♠ 4♦: East is void in spades; North let a chance go, South not.
    state = play(no_pass(QUEEN_DEAL), "2C 3D 4C 5C KS 3S 4D")
    view = state.view(3)

    def north_share(doubt):
        rng = random.Random(5)
        worlds = [imagine_deal(view, rng, queen_doubt=doubt) for _ in range(400)]
        assert all(not w.hands[1] & QUEEN_OF_SPADES for w in worlds)  # East showed out
        return sum(bool(w.hands[0] & QUEEN_OF_SPADES) for w in worlds) / len(worlds)

    uniform, doubted = north_share(1.0), north_share(0.25)
    assert 0.35 < uniform < 0.65  # North and South have about equal room
    assert doubted < 0.6 * uniform


def test_halving_weighs_the_chosen_card_on_every_deal():
    # West to lead trick 4, hearts unbroken: QC KC touch, and so do 9S TS JS AS (the Q♠
    # and K♠ are played); the 2S is apart.  Three cards to weigh: two rounds of halving.
    state = play(no_pass(QUEEN_DEAL), "2C 3D 4C 5C KS 3S 4D QS AC 6C 5D 9C")
    bot = MonteCarloBot(seed=2, playouts=60)
    estimates = bot.estimates(state)
    assert plays(e.move for e in estimates.moves) == ["QC", "2S", "9S"]
    assert estimates.complete and estimates.choice == bot.choose(state)
    chosen = estimates.of(estimates.choice)
    assert chosen.playouts == estimates.samples == estimates.done
    # 60 trials in two rounds: 10 deals for each of the three cards, then the better two
    # on 15 more
    assert sorted(e.playouts for e in estimates.moves) == [10, 25, 25]
    # a card the learner played that the bot left out (it touches another) is weighed on
    # every deal, beside the bot's own
    asked = bot.estimates(state, also=[Play(parse("AS"))])
    assert asked.of(Play(parse("AS"))).playouts == asked.samples
    assert asked.choice == estimates.choice
