"""Notebook 02 (Diamonds), issue 29 items 7 to 10: what it says and how its pictures look.

Each test checks one mend against the engine or the rendered output, in the manner of
``tests/test_notebook_text.py``: the wrong words are gone, the right ones are there, and
where the words make a claim (a tie in a real round, how often ties happen, what a vault
hides) the engine is asked whether it holds.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from math import prod

import pytest
from test_notebook_text import _cells, _words, cell_text, missing

from cardlib.bots import RandomBot, play_out
from cardlib.cards import diamonds_deck
from cardlib.diamonds.bots import RuleOfThumbBot
from cardlib.diamonds.crystals import Crystals, replay
from cardlib.diamonds.stats import TieCount, majority_ties, missing_suit_odds
from cardlib.svg import Cards
from cardlib.widgets.diamonds import (
    GAME,
    PassDemo,
    PlayOut,
    SetupDemo,
    TrickActions,
    TryCard,
)

DIAMONDS = "02-diamonds.ipynb"
ANN, BEN, CAT, DAN = range(4)
SVG = "{http://www.w3.org/2000/svg}"


def markdown_text(name: str) -> str:
    return " ".join(_words(cell["source"]) for cell in _cells(name)
                    if cell["cell_type"] == "markdown")


# --- 7. Ties for the most of a suit, not suits nobody took ------------------------------------

def test_the_majorities_step_no_longer_calls_a_suit_nobody_took_common():
    text = cell_text(DIAMONDS, "dia-majority-md")
    assert "common with 2 or 3 players" not in text
    assert not missing(DIAMONDS, "dia-majority-md",
                       "**tie** for the most of a suit, **nobody** takes that suit's action",
                       "neither of the tied players, nor a player who took fewer",
                       "such ties are not rare")


def test_the_tie_example_is_a_real_round_scored_by_the_engine():
    assert cell_text(DIAMONDS, "dia-tie-round") == "TrickActions.last_trick(seed=7, players=4)"
    assert not missing(DIAMONDS, "dia-tie-round-md", "The first round of seed 7",
                       "Dan leads the 12♣", "Dan takes the trick and robs Ben",
                       "Ann took the most ♦ and the most ♠, Cat the most ♣",
                       "**Ben and Dan took 4 ♥ each**, so nobody takes the ♥ action",
                       "rule `diamonds.round.majority`")
    demo = TrickActions.last_trick(seed=7, players=4)
    assert demo.moves == ["12C", "8D", "11H", "10C", "rob Ben", "rob Ben"]
    assert demo.states[0].view(ANN).hand_sizes == (1, 1, 1, 1)       # the tenth trick
    while demo.round_end is None:
        assert not demo.next_button.disabled
        demo.next()
    end = demo.round_end
    assert demo.moves[demo.step - 1] == "rob Ben"                     # Dan's ♣ for the trick
    assert end.majorities == (ANN, None, ANN, CAT)
    assert [row[1] for row in end.counts] == [1, 4, 0, 4]             # ♥: Ben 4, Dan 4
    picture = demo.picture.value
    assert "The round is over." in picture
    assert ("<li data-diamonds-suit='H' data-diamonds-gets='none' data-diamonds-tie='4'>"
            "♥: Ben and Dan tie for the most (4 each): <b>nobody</b> gets it "
            "<code>[diamonds.round.majority]</code></li>") in picture
    majority = [d for d in demo.state.last_done if d.action.moment == "majority"]
    assert [(d.action.seat, d.action.suit) for d in majority] == [(ANN, "D"), (ANN, "S")]
    demo.next()                                      # Cat robs for the ♣; round 2 is dealt
    assert demo.state.round == 1 and demo.state.results[-1].end == end
    assert "the round is over" in demo.picture.value and "to rob" not in demo.picture.value


def test_the_tie_figures_are_counted_by_the_notebook_not_written_in_it():
    code = cell_text(DIAMONDS, "dia-tie-count")
    assert "majority_ties(players=4, games_played=25)" in code
    assert "missing_suit_odds(players)" in code
    assert not re.search(r"\d\s*%|once in [\d,]+|1 in [\d,]+", markdown_text(DIAMONDS))
    assert not missing(DIAMONDS, "dia-tie-count-md", "25 seeded games of four rule-of-thumb "
                       "players (100 rounds, so 400 suit-rounds)",
                       "never with 5 or 6 players", "rarely with 2, 3 or 4")


def test_the_tie_count_reads_the_rounds_the_engine_recorded():
    count = majority_ties(players=4, games_played=25)
    assert (count.rounds, count.suit_rounds) == (100, 400)
    ties = nobody = 0
    for seed in range(25):
        final = play_out(GAME.new(seed=seed, players=4), lambda _seat: RuleOfThumbBot())
        for result in final.results:
            for i, seat in enumerate(result.end.majorities):
                tops = [row[i] for row in result.end.counts]
                if tops.count(max(tops)) > 1:
                    assert seat is None
                    ties += max(tops) > 0
                    nobody += max(tops) == 0
    assert (count.ties, count.nobody_took) == (ties, nobody)
    assert count.share > 1 / 20                      # "not rare": the prose's word
    assert str(count).startswith("4 players, 100 rounds (400 suit-rounds): ")
    random = majority_ties(players=3, games_played=4, bot=lambda s: RandomBot(f"r:{s}"))
    assert isinstance(random, TieCount) and random.suit_rounds == 4 * 6 * 4


def test_a_suit_nobody_took_needs_a_whole_suit_left_out_of_the_deal():
    # The chance that one given suit is left out: choose the dealt cards one by one from
    # the 45 cards of the other suits (an independent way to count it).
    for players in (2, 3, 4):
        dealt = 10 * players
        assert missing_suit_odds(players) == prod(
            Fraction(45 - k, 60 - k) for k in range(dealt))
    assert missing_suit_odds(5) == missing_suit_odds(6) == 0   # "never with 5 or 6"
    assert round(1 / missing_suit_odds(2)) == 1322              # the spec: about 1 in 1,300
    assert round(1 / missing_suit_odds(3)) == 342_928           # about 1 in 350,000
    assert missing_suit_odds(2) < Fraction(1, 1000)             # "rarely"


# --- 8. What a vault hides, and what it does not --------------------------------------------

def test_the_vault_step_says_what_is_really_hidden():
    text = cell_text(DIAMONDS, "dia-crystals-md")
    assert "never who holds how much" not in text
    assert "know only the total" not in text
    assert not missing(DIAMONDS, "dia-crystals-md",
                       "a player who follows every action knows every vault exactly",
                       "with the default unlimited supply there is nothing to count",
                       "What is truly hidden is **cards**",
                       "the cards set aside unseen each round",
                       "the cards passed between two other players")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("finite", [False, True])
def test_a_player_who_keeps_count_of_the_actions_knows_every_vault(players, finite):
    """At every move of a seeded game, each seat's replay of the actions its views showed
    gives the true crystals: the vaults' screens hide nothing from an attentive player."""
    state = GAME.new(seed=players, players=players, finite_supply=finite)
    bots = {seat: RandomBot(f"{players}:{seat}") for seat in range(players)}
    seen: list[list] = [[] for _ in range(players)]
    start = Crystals.setup(players, finite)
    moves = 0
    while not state.is_over and state.round < 2:
        state = state.apply(bots[state.to_move].choose(state))
        moves += 1
        for seat in range(players):
            seen[seat].extend(state.view(seat).last_done)
            assert replay(start, seen[seat]) == state.crystals, (seat, moves)
    assert sum(state.crystals.vault) > 0


def test_the_setup_step_names_the_vaults_an_attentive_player_knows():
    setup = SetupDemo(players=4)
    vault = setup.state.crystals.vault
    words = setup.picture.value
    assert "who has how many is secret" not in words
    assert ("following the actions of the round Ann knows them anyway: "
            f"Ben {vault[BEN]}, Cat {vault[CAT]}, Dan {vault[DAN]}.") in words
    assert words.count("data-vault=") == 1                   # the picture keeps the screens
    setup.supply_box.value = True
    total = sum(setup.state.crystals.vault) - setup.state.crystals.vault[ANN]
    assert f"gives their total too: {total}." in setup.picture.value


# --- 9. The step pictures are drawn full size -----------------------------------------------

def _smallest_text(html: str) -> float:
    """The smallest text of the SVG pictures in ``html``, in pixels as drawn."""
    sizes = []
    for picture in re.findall(r"<svg\b.*?</svg>", html, flags=re.S):
        root = ET.fromstring(picture)
        scale = float(root.get("width")) / float(root.get("viewBox").split()[2])
        sizes += [float(text.get("font-size")) * scale for text in root.iter(f"{SVG}text")]
    assert sizes, "no picture"
    return min(sizes)


def test_every_step_picture_is_drawn_full_size():
    moments = TrickActions()
    moments.next()
    played = PlayOut("no-trick")
    passing = PassDemo(seed=2)
    pictures = {"try a card": TryCard("follow-suit").board.value,
                "play it out": played.board.value,
                "pass": passing.result.value,
                "moments": moments.picture.value,
                "a real tie": TrickActions.last_trick().picture.value}
    for step, html in pictures.items():
        assert 'width="860" height="600" viewBox="0 0 860.0 600.0"' in html, step
        assert _smallest_text(html) >= 11, step


# --- 10. Corner indices and the play-out's narration ----------------------------------------

def test_an_overlapped_suit_row_shows_whole_ranks_only():
    """In the fanned row of a suit (step 1), every rank index drawn is the card's whole
    rank and lies clear of the next card: a half-hidden 10 read as a 1."""
    hearts = [card for card in diamonds_deck() if card.suit == "H"]
    root = ET.fromstring(Cards(hearts)._repr_svg_())
    faces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "cardlib-face"]
    assert [g.get("data-card") for g in faces] == [c.code for c in hearts]
    lefts = [float(re.match(r"translate\(([\d.]+),", g.get("transform")).group(1))
             for g in faces]
    width = float(faces[0].find(f"{SVG}rect").get("width")) + 2
    for i, (face, card) in enumerate(zip(faces, hearts, strict=True)):
        ranks = [t for t in face.iter(f"{SVG}text") if t.text and t.text[0].isdigit()]
        assert ranks and all(t.text == card.rank_label for t in ranks), card
        clear_to = (lefts[i + 1] if i + 1 < len(faces) else lefts[i] + width) - lefts[i]
        for text in ranks:
            x, size = float(text.get("x")), float(text.get("font-size"))
            wide = 0.7 * size * len(text.text)          # DejaVu Sans Bold digits: 0.696 em
            right = x if text.get("text-anchor") == "end" else x + wide
            assert right <= clear_to, f"{card.label}: its {text.text} runs under the next card"


def test_the_play_out_narration_shows_the_whole_hand_once_it_is_over():
    demo = PlayOut("no-trick")
    demo.play("2C")
    during = demo.narration.value
    assert "overflow-y:auto" in during and "flex-direction:column-reverse" in during
    demo.finish_hand()
    assert demo.hand_over
    told = demo.narration.value
    assert f"data-diamonds-told='{len(demo.played)}'" in told
    assert "max-height" not in told and "overflow" not in told    # nothing cut off
    assert told.count("<br>") == len(demo.played) - 1
    assert "margin:6px 0 10px" in told                            # clear of what follows
    assert "<b>The hand is over.</b>" in demo.result.value
    demo.restart()
    assert demo.narration.value == ""
