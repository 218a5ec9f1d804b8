"""What notebook 07 (Cruce) *says*, read as a teacher and a rules lawyer would (issue 29).

Each test reads the stored notebook (no kernel) and checks one mend: the spec's decisions
are marked as such with the option that plays the other reading, every garble of the seed
has its reading, both four-player forms are taught from the seed's own sentences, the
arithmetic of the bids says what :func:`cardlib.cruce.scoring.bid_needs` works out, and
every rule or option no bot shows has a step to click.  Seed phrases are checked against
the seed itself by ``test_cruce_widgets`` (every quote of every box).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlib.cruce.scoring import bid_needs
from cardlib.widgets.cruce import SCENES

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "07-cruce.ipynb"


def _cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def _words(source: str | list[str]) -> str:
    """A cell's words, block-quote marks and line breaks folded away."""
    lines = "".join(source).split("\n")
    return " ".join(" ".join(line[1:] if line.startswith(">") else line
                             for line in lines).split())


def cell(cell_id: str) -> str:
    found = [c for c in _cells() if c.get("id") == cell_id]
    assert len(found) == 1, f"no single cell {cell_id!r}"
    return _words(found[0]["source"])


def boxes() -> list[str]:
    """Every **Reading the source** box of the notebook, as words."""
    found = []
    for c in _cells():
        if c["cell_type"] != "markdown":
            continue
        for block in re.split(r"\n(?!>)", "".join(c["source"])):
            block = block.lstrip("\n")  # a box after a paragraph: "\n\n> **Reading…"
            if block.startswith("> **Reading the source.**"):
                found.append(_words(block))
    return found


def box_with(phrase: str) -> str:
    """The one box that quotes or says ``phrase``."""
    found = [box for box in boxes() if phrase in box]
    assert len(found) == 1, f"{len(found)} boxes say {phrase!r}"
    return found[0]


def code_cells() -> list[str]:
    return ["".join(c["source"]) for c in _cells() if c["cell_type"] == "code"]


# --- §11: both four-player forms, from the seed's own sentences ---------------------------------

def test_both_four_player_forms_are_taught_with_the_seeds_evidence():
    text = " ".join(_words(c["source"]) for c in _cells())
    assert "non-standard" not in text
    assert "## 9. Four players: partners, or each for himself" in cell("cruce-failed-source")
    box = box_with("fiecare pentru el")
    for quote in ("iar ceilalți trei jucători nu câștigă niciun punct",
                  "Se va juca unu la unu (fiecare pentru el)",
                  "următoarele trei locuri", "o pereche de participanți"):
        assert quote in box, quote
    assert "`teams=False`" in box and "tournament" in box
    assert 'PlayOut("each-alone")' in code_cells()


def test_the_misdeal_sentence_is_read_and_why_the_engine_cannot_misdeal():
    box = box_with("Un -1 va fi pus în fața dealerului")
    assert "cannot misdeal" in box and "seed" in box


# --- §12: a box wherever a spec decision is taught as a plain rule ------------------------------

@pytest.mark.parametrize(("phrase", "says"), [
    ("ar trebui să treacă", ['`all_pass="redeal"`', '`all_pass="dealer-bids-one"`',
                             "project decision", "`cruce.bid.all-pass`"]),
    ("**dealer bids last**", ["CruceGame", "`cruce.bid.once`", "**once**"]),
    ("**no duty while the stock lasts**", ["CruceGame's documentation, not from the text",
                                           "`cruce.stock.free`", "never mentions a stock"]),
])
def test_spec_decisions_are_marked_with_their_source_and_options(phrase, says):
    box = box_with(phrase)
    for words in says:
        assert words in box, words


@pytest.mark.parametrize(("garble", "reading"), [
    ("joc de cross", "the name of the game"),
    ("reclamă", "**marriage** to announce"),
    ("costum", "the **suit** of cards"),
    ("Regulamente jocuri de carti TOCI", "the engine takes nothing from it"),
    ("Dacă prima carte pusă pe masă nu este de culoarea cerută", "can never take the trick"),
    ("Cel mai mic număr", "the **highest** bid"),
    ('"Gives any 2" does not say', "**any 2 of the 12 cards then held**"),
])
def test_every_garble_has_a_reading(garble, reading):
    box = box_with(garble)
    assert reading in box


# --- §13: the arithmetic of the bids is the code's ----------------------------------------------

def test_the_bid_arithmetic_prints_what_bid_needs_works_out():
    source = "".join(c for c in code_cells() if "bid_needs(bid).text" in c)
    assert source and "needs a marriage" not in source
    prose = cell("cruce-arith-md")
    for bid in (5, 6):
        needs = bid_needs(bid)
        assert f"**{bid}** ({needs.points}) at least {needs.from_marriages}" in prose
    assert "two marriages with trump's among them or three plain ones" in prose
    assert bid_needs(5).ways == ((2, True), (3, False))
    assert "three marriages with trump's among them" in prose
    assert bid_needs(6).ways == ((3, True),)
    assert "**7** (231) is never made" in prose and not bid_needs(7).possible


# --- §14: every rule and option no bot shows has a step to click --------------------------------

@pytest.mark.parametrize(("widget", "scene", "switch"), [
    ("AuctionStep", "all-pass", "all_pass"),
    ("AuctionStep", "not-higher", "teams"),
    ("PlayOut", "name-trump", "trump"),
    ("PlayOut", "no-trick-marriage", "marriage_needs_trick"),
    ("PlayOut", "training", "training"),
    ("PlayOut", "auction-form", "two_player_form"),
    ("PlayOut", "each-alone", "teams"),
])
def test_each_rule_no_bot_shows_is_a_scene_in_the_notebook(widget, scene, switch):
    assert f'{widget}("{scene}")' in code_cells()
    assert SCENES[scene].switch == switch


def test_the_auction_form_is_no_longer_a_printing_cell():
    assert not [c for c in code_cells() if "print(" in c and "auction" in c]
