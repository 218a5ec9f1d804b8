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


MARKS = {
    "dm-setup-md": ["A6", "A7", "A32", "A33"],
    "dm-phase1-md": ["A14"],
    "dm-market-md": ["A8", "A9", "A10"],
    "dm-secure-md": ["A12"],
    "dm-limit-md": ["A15", "A13"],
    "dm-specials-md": ["A22", "A16", "A18", "A19", "A20"],
    "dm-closing-md": ["A23", "A24"],
    "dm-score-md": ["A21", "A25", "A15", "A27", "A28", "A29", "A30"],
    "dm-winner-md": ["A31"],
}


def test_each_spec_decision_is_marked_where_it_is_taught():
    """Where the notebook teaches a rule that is the spec's default, not the seed's, it
    says 'project decision, spec A…' (issue 29: A7, A15, A22, A16, A20, A21, A28 read as if
    the seed said them; A9, A25 and A27 were not taught)."""
    text = cells()
    for cell_id, rows in MARKS.items():
        marked = set(re.findall(r"project decision, spec (A\d+)", text[cell_id]))
        assert set(rows) <= marked, (cell_id, set(rows) - marked)


def test_every_decision_of_the_rule_book_is_taught_as_one():
    """Each spec row the rule book marks as a decision is marked in the notebook too (the
    assumed numbers A2, A3, A5 in the ruleset section's list of rows)."""
    text = " ".join(cells().values())
    taught = set(re.findall(r"project decision, spec (A\d+)", text))
    taught |= set(re.findall(r"A\d+", text[text.index("(A2, A3, A5"):][:40]))
    in_rules = {row for rule in GAME.rules.values()
                for found in re.findall(r"project decision, spec (A\d+(?:, A\d+)*)", rule.text)
                for row in found.split(", ")}
    assert in_rules <= taught, in_rules - taught


def test_the_sale_taking_from_the_hand_only_is_no_longer_printed_as_the_seed():
    specials = cells()["dm-specials-md"]
    assert "**from their hand**" not in specials
    assert "from their hand only, never from their safe" in specials


def test_the_notebook_says_what_the_rules_allow_for_an_empty_safe():
    """Issue 25 §5: the table offers drills on safes the board shows empty."""
    text = cells()
    assert "**An empty safe.**" in text["dm-specials-md"]
    assert "drilling **always fails**" in text["dm-specials-md"]
    assert '"drill 2 7"' in text["dm-specials"]
    scene = GAME.from_position({"hands": [["drill", "4"], ["1"], ["2"]],
                                "safes": [[], ["7", "7", "7"], []], "pile": ["10"]},
                               players=3).apply("draw hand")
    after = scene.apply("drill 2 7")
    assert after.hands[0] == scene.apply("drill 1 9").hands[0]  # spent, nothing gained
    assert "failed" in after.log[-1]


def test_scoring_chips_and_the_winner_are_clickable_steps():
    text = cells()
    assert text["dm-score"].startswith("RoundScoring(") and "print(" not in text["dm-score"]
    assert text["dm-winner"].startswith("GameWinner(") and "print(" not in text["dm-winner"]
    assert "press one to play it" in text["dm-market-md"]


def test_the_rule_table_shows_the_english_of_the_seed():
    text = cells()
    assert text["dm-rules"] == "HTML(rules_html(game.rules))"
    assert "the English it spells" in text["dm-rules-md"]
