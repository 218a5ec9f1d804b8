"""What notebooks 01 (Hearts) and 04 (Black Diamond) *say*, checked against the engine.

Issue 11 found places where the prose said something the engine does not do, or showed
a project decision as if the source had made it.  Each test below reads the stored
notebook (the .ipynb JSON, no kernel) and checks one mend: the wrong phrase is gone, the
right words are there, and, where the words make a claim about the game, the engine
agrees, so a later change to either side that breaks the agreement fails here.

Seed phrases are the rule texts' own words (``shared/seeds/001`` and ``003``), copied
into the constants below: the seed files are not part of the repository.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlib import games
from cardlib.blackdiamond import PILE_NAMES, POSITIONS, REFILL_ORDER, Clear, Replace

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
HEARTS = "01-hearts.ipynb"
BLACK_DIAMOND = "04-black-diamond.ipynb"
SOUTH, WEST = 2, 3

BD = games.get("black-diamond")
HIGH = ["KD", "QD", "JD", "TD"]  # N E S W: outer 13 12 11 10, NW {3, 10, 13}


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _words(source: str | list[str]) -> str:
    """A cell's text with line breaks, block-quote marks and runs of spaces folded to one
    space, so that a phrase is found however the paragraph is wrapped."""
    text = "".join(source)
    lines = [line[1:] if line.startswith(">") else line for line in text.split("\n")]
    return " ".join(" ".join(lines).split())


def cell_text(name: str, cell_id: str) -> str:
    """The words of the cell with id ``cell_id`` (ids stay put when cells are added)."""
    found = [cell for cell in _cells(name) if cell.get("id") == cell_id]
    assert len(found) == 1, f"{name}: no single cell with id {cell_id!r}"
    return _words(found[0]["source"])


def notebook_text(name: str) -> str:
    return " ".join(_words(cell["source"]) for cell in _cells(name))


def missing(name: str, cell_id: str, *phrases: str) -> list[str]:
    """The ``phrases`` the cell does not say (empty when it says them all)."""
    text = cell_text(name, cell_id)
    return [phrase for phrase in phrases if phrase not in text]


def missing_reading(name: str, cell_id: str, *phrases: str) -> list[str]:
    """As :func:`missing`, for a cell that must also carry one **Reading the source** mark."""
    marks = cell_text(name, cell_id).count("**Reading the source.**")
    return ([] if marks == 1 else [f"one Reading-the-source mark (found {marks})"]) + missing(
        name, cell_id, *phrases)


# --- 1. Black Diamond, step 12: replace and clear are always offered, greyed ------------------

def test_bd_table_text_says_replace_and_clear_are_there_but_grey():
    assert "appear once you are stuck" not in cell_text(BLACK_DIAMOND, "bd-play-md")
    assert not missing(BLACK_DIAMOND, "bd-play-md",
                       "`replace N` … `replace W` are always there",
                       "a `clear` button for each pile that holds cards",
                       "stay grey until you are stuck")


def test_bd_table_offers_replace_and_clear_before_you_are_stuck():
    start = BD.new(seed=0)
    played = start.apply(start.legal_moves()[0])  # one card on a pile, so a pile to clear
    assert not played.stuck
    offered, legal = played.candidate_moves(), played.legal_moves()
    assert [Replace(pos) for pos in POSITIONS] == [m for m in offered if isinstance(m, Replace)]
    clears = [m for m in offered if isinstance(m, Clear)]
    assert [m.pile for m in clears] == [name for name in PILE_NAMES if played.pile(name)]
    assert not [m for m in legal if isinstance(m, Replace | Clear)]  # grey: refused ...
    assert played.explain(Replace("N")).rule == "black-diamond.stuck"  # ... naming the rule


# --- 2. Black Diamond, introduction: how the game is lost ------------------------------------

def test_bd_introduction_states_the_end_rule():
    assert "Run out of diamonds and you lose" not in notebook_text(BLACK_DIAMOND)
    assert not missing(BLACK_DIAMOND, "bd-title",
                       "You lose when a refill needs a diamond the deck no longer has, or when "
                       "you are stuck with an empty deck")


def test_an_empty_diamond_deck_still_wins_when_no_refill_is_needed():
    # Step 10's end game: the last two cards, an empty diamond deck, no pile filled.
    end = BD.from_position({"diamonds": HIGH, "diamond_deck": [], "hand": ["5S", "3C"],
                            "black_deck": [], "piles": {"C": ["2C", "3S", "4C"]}})
    assert end.apply("5S>C").apply("3C>NW").outcome == "win"


# --- 3. Hearts, step 6: a heart may be thrown only after the first trick --------------------

def test_hearts_breaking_text_limits_throwing_hearts_to_after_the_first_trick():
    assert "is always allowed" not in notebook_text(HEARTS)
    assert cell_text(HEARTS, "887e986f").startswith("## 6. Breaking hearts")
    assert not missing(HEARTS, "887e986f",
                       "throwing a heart when you cannot follow is allowed **after the first "
                       "trick**")


def test_hearts_a_void_player_throws_a_heart_only_after_the_first_trick():
    from cardlib.widgets.hearts import SCENES

    def hearts_allowed(scene: str) -> tuple[bool, bool]:
        state = SCENES[scene].state()
        assert state.to_move == SOUTH
        held = any(card.suit == "H" for card in state.hand_cards(SOUTH))
        return held, any(move.card.suit == "H" for move in state.legal_moves())

    assert hearts_allowed("first-trick") == (True, False)  # trick 1: held, not allowed
    assert hearts_allowed("void") == (True, True)  # trick 5: allowed


# --- 4. Black Diamond, steps 3 and 9: a hand of two, then one -------------------------------

def test_bd_hand_text_fits_a_one_card_hand():
    whole = notebook_text(BLACK_DIAMOND)
    assert "always play from a hand of two" not in whole
    assert "both your cards" not in whole
    assert not missing(BLACK_DIAMOND, "bd-deal-md", "Place one and you hold one")
    assert not missing(BLACK_DIAMOND, "bd-stuck-md", "every card you hold, one or two")


def test_bd_after_one_placement_the_hand_holds_one_card():
    start = BD.new(seed=0)
    after = start.apply(start.legal_moves()[0])
    assert (len(start.hand), len(after.hand)) == (2, 1)
    assert after.black_deck == start.black_deck  # nothing drawn yet


# --- 5. Hearts, step 8: the queen counts 13 always -------------------------------------------

QUEEN_PHRASE = "13 bazas por la dama negra si ya hubiera sido descartada"


def test_hearts_scoring_marks_the_queen_reading_with_the_seed_phrase():
    assert not missing_reading(
        HEARTS, "aba94888", QUEEN_PHRASE,
        "13 *bazas* for the black queen if it had already been discarded",
        "the project reads it as **point**",
        "the Q♠ counts **13 in any trick you take**")


def test_hearts_a_queen_played_to_follow_suit_still_counts_13():
    # Step 7's trick: West led the K♠; South follows suit with the Q♠, not a discard.
    from cardlib.widgets.hearts import SCENES

    state = SCENES["take-trick"].state()
    after = state.apply("QS")
    assert after.view(SOUTH).points_taken[WEST] - state.view(SOUTH).points_taken[WEST] == 13


# --- 6. Black Diamond, step 8: the refill order is the spec's ---------------------------------

REFILL_PHRASE = ("reponiendo todas las cartas de diamante adyacentes con cartas del mazo de "
                 "diamantes")


def test_bd_refill_order_is_marked_as_the_projects_choice():
    assert not missing_reading(
        BLACK_DIAMOND, "bd-limit-md", REFILL_PHRASE, "not in which order",
        "The fixed order N, E, S, W is the project's choice")


def test_bd_refill_order_example():
    # Step 8: NE is cleared; N is refilled first (5D), then E (AD).
    assert REFILL_ORDER == ("N", "E", "S", "W")
    before = BD.from_position({"diamonds": ["2D", "6D", "9D", "KD"],
                               "diamond_deck": ["5D", "AD", "7D"], "hand": ["8C", "JS"],
                               "black_deck": ["5S", "TC"], "piles": {"NE": ["4S", "3C", "2S"]}})
    after = before.apply("8C>NE")
    assert (after.diamond("N").code, after.diamond("E").code) == ("5D", "AD")


# --- 7. Black Diamond, step 9: replacing again -------------------------------------------------

REPEAT_PHRASE = "Esta acción se puede repetir siempre que queden cartas en el mazo"


def test_bd_replace_again_is_marked_quoted_and_offered_as_an_option():
    assert not missing_reading(
        BLACK_DIAMOND, "bd-replace-repeat-md", REPEAT_PHRASE,
        "this action can be repeated as long as there are cards left in the deck",
        "you may replace again **as long as you are still stuck**",
        "`repeat_replace=True`")
    assert not missing(BLACK_DIAMOND, "bd-stuck-md",
                       "if you are still stuck after it, you may replace again")
    assert "repeat_replace" in [option.name for option in BD.options]


@pytest.mark.parametrize(("options", "rule"), [
    ({}, "black-diamond.stuck"),
    ({"repeat_replace": True}, "black-diamond.replace-repeat"),
])
def test_bd_second_replace_after_a_card_fits(options, rule):
    # Step 9's stuck board; a 2D at N lets the 5S go on NW (10 / 2 = 5).
    stuck = BD.from_position({"diamonds": HIGH, "diamond_deck": ["2D", "3D", "4D", "5D", "6D"],
                              "hand": ["5S", "7S"], "black_deck": ["8C", "9C"],
                              "piles": {"C": ["4C", "AS"]}}, **options)
    freed = stuck.apply("replace N")
    assert not freed.stuck
    why = freed.explain("replace E")
    assert (why.legal, why.rule) == (bool(options), rule)


# --- 8. Hearts, step 4: why nothing was passed --------------------------------------------------

def test_hearts_scenes_say_they_are_set_in_the_hand_without_a_pass():
    cells = _cells(HEARTS)
    ids = [cell.get("id") for cell in cells]
    text = cell_text(HEARTS, "2b779483")
    said = text.index("## 4. The first trick")
    assert "set in the **fourth hand** of a game, the hand with **no pass**" in text[said:]
    first_scene = next(i for i, cell in enumerate(cells) if cell["cell_type"] == "code"
                       and "TryCard(" in "".join(cell["source"]))
    assert ids.index("2b779483") < first_scene


def test_hearts_every_scene_is_in_the_fourth_hand_without_a_pass():
    from cardlib.widgets.hearts import SCENES

    for name, scene in SCENES.items():
        deal = scene.state().deal
        assert (deal.number, deal.direction_name) == (3, "none"), name


# --- 9. Black Diamond, steps 3 and 8-10: a widget to try, not only code to read ---------------

def _section(name: str, first: str, stop: str) -> list[dict]:
    """The cells from the heading starting ``first`` up to the heading starting ``stop``."""
    cells = _cells(name)
    heads = [i for i, cell in enumerate(cells) if cell["cell_type"] == "markdown"]
    start = next(i for i in heads if first in "".join(cells[i]["source"]))
    end = next(i for i in heads if i > start and stop in "".join(cells[i]["source"]))
    return cells[start:end]


BD_TRY_SECTIONS = [("## 3. Dealing", "## 4."), ("## 8. Full piles", "## 11.")]


@pytest.mark.parametrize(("first", "stop"), BD_TRY_SECTIONS)
def test_bd_steps_3_and_8_to_10_build_a_play_step_in_every_code_cell(first, stop):
    from cardlib.widgets.blackdiamond_steps import SCENES

    codes = [_words(cell["source"]) for cell in _section(BLACK_DIAMOND, first, stop)
             if cell["cell_type"] == "code"]
    assert codes
    for code in codes:
        assert code.startswith("MoveStep(\""), code
        assert code.split('"')[1] in SCENES, code


def test_bd_play_steps_cover_every_scene_and_keep_the_reading_boxes():
    from cardlib.widgets.blackdiamond_steps import SCENES

    cells = [cell for first, stop in BD_TRY_SECTIONS
             for cell in _section(BLACK_DIAMOND, first, stop)]
    used = {_words(c["source"]).split('"')[1] for c in cells if c["cell_type"] == "code"}
    assert used == set(SCENES)
    marks = sum(_words(c["source"]).count("**Reading the source.**") for c in cells)
    assert marks == 5  # refill order, stuck per card, replaced diamond, replacing again, end


def test_bd_each_switch_is_the_option_its_reading_box_names():
    cells = _cells(BLACK_DIAMOND)
    switched = 0
    for before, cell in zip(cells, cells[1:], strict=False):
        code = _words(cell["source"])
        if cell["cell_type"] == "code" and "switch=" in code:
            option = code.split('switch="')[1].split('"')[0]
            assert f"`{option}=True`" in _words(before["source"]), option
            switched += 1
    assert switched == 4


def _outcomes(state) -> set[str]:
    """Every end rule some line of play from ``state`` reaches (a tiny end game)."""
    if state.is_over:
        return {state.end_rule}
    return set().union(*(_outcomes(state.apply(move)) for move in state.legal_moves()))


def test_bd_the_last_diamond_decides_as_step_10_says():
    from cardlib.blackdiamond import Replace
    from cardlib.widgets.blackdiamond_steps import SCENES

    assert not missing(BLACK_DIAMOND, "bd-end-stuck-md", "At N or S it lets both cards go",
                       "At E or W the 2♠ fits but the 5♠ never will",
                       "Clearing C needs four diamonds: lost on the refill")
    stuck = SCENES["last-diamond"].state()
    assert stuck.stuck and [c.code for c in stuck.diamond_deck] == ["2D"]
    for pos in "NS":
        assert "black-diamond.end.win" in _outcomes(stuck.apply(Replace(pos))), pos
    for pos in "EW":
        assert _outcomes(stuck.apply(Replace(pos))) == {"black-diamond.end.stuck"}, pos
    assert stuck.apply("clear C").end_rule == "black-diamond.end.refill"


# --- 10. Hearts, step 6: leading with nothing but hearts, and the forced queen ----------------

def test_hearts_leading_step_tries_only_hearts_and_the_forced_queen():
    cells = _section(HEARTS, "## 6. Breaking hearts", "## 7.")
    codes = [_words(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    assert 'TryCard("lead-only-hearts")' in codes and 'TryCard("lead-queen-forced")' in codes
    assert not missing(HEARTS, "lead-only-hearts-md", "`hearts.lead.only-hearts`")
    assert not missing_reading(HEARTS, "lead-queen-forced-md",
                               "you must lead it", "`can_lead_hearts_instead_of_qs=True`")
