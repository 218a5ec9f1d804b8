"""What notebook 03 (Diam's) *says*, read from the stored .ipynb (no kernel), checked
against the engine: it states which numbers are assumed and how to load real ones, marks
each project decision as a reading of the source, and names only options that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cardlib import games

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "03-diams.ipynb"
GAME = games.get("diams")


def cells() -> dict[str, str]:
    """Each cell's text by id, line breaks and block-quote marks folded to spaces."""
    found = {}
    for cell in json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]:
        lines = "".join(cell["source"]).split("\n")
        text = " ".join(line[1:] if line.startswith(">") else line for line in lines)
        found[cell["id"]] = " ".join(text.split())
    return found


def test_the_notebook_says_which_numbers_are_assumed_and_how_to_load_real_ones():
    text = cells()
    assert "**Assumed numbers.**" in text["dm-title"]
    assert "`cardlib/diams/ruleset.toml`" in text["dm-title"]
    assert "**ASSUMED**" in text["dm-title"]
    how = text["dm-ruleset-md"]
    for phrase in ("copy the file, change the numbers, set `assumed = false`",
                   'ruleset="my-diams.toml"', "names every bad entry"):
        assert phrase in how, phrase
    assert "load_ruleset(broken)" in text["dm-ruleset"]


def test_every_teaching_step_is_there_in_order():
    order = list(cells())
    steps = ["dm-cards-md", "dm-values-md", "dm-ruleset-md", "dm-setup-md", "dm-phase1-md",
             "dm-market-md", "dm-secure-md", "dm-limit-md", "dm-specials-md",
             "dm-closing-md", "dm-score-md", "dm-winner-md", "dm-rules-md", "dm-play-md"]
    assert [order.index(step) for step in steps] == sorted(order.index(s) for s in steps)
    assert "GameTable(game" in cells()["dm-table"]
    assert "MarketVisit(" in cells()["dm-market"] and "SecureChooser(" in cells()["dm-secure"]


def test_each_project_decision_is_marked_as_a_reading_of_the_source():
    text = cells()
    for cell_id, phrase in [
        ("dm-phase1-md", "goes **to your hand** instead"),
        ("dm-market-md", "**your card stays on the market**"),
        ("dm-secure-md", "one collection per colour"),
        ("dm-limit-md", "**face-up discard pile**"),
        ("dm-closing-md", "counts as one of the cards drawn"),
        ("dm-winner-md", "higher total of round points"),
    ]:
        assert "**Reading the source.**" in text[cell_id], cell_id
        assert phrase in text[cell_id], (cell_id, phrase)


def test_the_options_the_notebook_names_exist():
    named = set()
    for text in cells().values():
        named.update(re.findall(r'`(\w+)="(\w+)"`', text))
    assert named >= {("discard_to", "market"), ("failed_sale_to", "discard"),
                     ("closing", "deterministic"), ("length", "quick")}
    for name, value in named:
        GAME.make_options(**{name: value})  # raises if the notebook names a wrong one
