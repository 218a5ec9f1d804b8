"""Classroom mode in a real browser: every game notebook's table, served by Voila and clicked
in Chromium as a class would use it.

For each game notebook: play at least three legal moves by clicking, try a move the rules
refuse (its rule id shows and the table stays as it was), step back once (the previous
position) and forward again (the same board), switch on the large display (the board
grows to the table's width) and keep a screenshot.  Then hot-seat play with two human
seats: each hand stays hidden until its owner asks.

Click-to-update times are measured by ``benchmarks/classroom.py``, not asserted here.
"""

from __future__ import annotations

import re

import pytest
from harness import TablePage
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAME_TABLES = [
    ("01-hearts", ".cardlib-table-hearts"),
    ("02-diamonds", ".cardlib-table-diamonds"),
    ("03-diams", ".cardlib-table-diams"),
    ("04-black-diamond", ".cardlib-table-black-diamond"),
    ("07-cruce", ".cardlib-table-cruce"),
]
"""(notebook, CSS selector of its game table) for every game notebook: a new game notebook
adds one line.  A table's class names its game (``cardlib-table-<game.name>``)."""

MAX_MOVES = 30
"""Legal moves to play at most while waiting for the game to offer a refused one (Hearts
offers every card, but refuses one only once the play has begun after the pass)."""

RULE_ID = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+")


def board_width(table: TablePage) -> float:
    """The width of the board's picture on the page, in CSS pixels."""
    return table.table.locator(".cardlib-board svg").first.bounding_box()["width"]


@pytest.mark.parametrize("notebook, selector", GAME_TABLES, ids=[n for n, _ in GAME_TABLES])
def test_a_game_table_in_class(open_notebook, tmp_path, notebook, selector):
    page = open_notebook(notebook, wait_for=f"{selector} button.cardlib-legal")
    table = TablePage(page, selector)

    played = 0
    while played < 3 or not table.has_illegal():
        assert played < MAX_MOVES, f"{notebook}: no refused move offered in {played} moves"
        table.play_legal()
        played += 1
    expect(table.table.locator(".cardlib-message")).to_contain_text("Played")

    # a move the rules refuse: the explanation names its rule, and nothing changes
    board, moves = table.board_html(), table.moves_shown()
    step = table.table.locator(".cardlib-step").inner_text()
    rule = table.try_illegal()
    assert RULE_ID.fullmatch(rule), rule
    expect(table.table.locator(".cardlib-message")).to_contain_text("Not allowed")
    expect(table.table.locator(f".cardlib-rule-refusal[data-rule='{rule}']")).to_have_count(1)
    assert table.board_html() == board and table.moves_shown() == moves
    expect(table.table.locator(".cardlib-step")).to_have_text(step)

    # step back once: the position one move earlier, nothing to play there; forward again
    table.table.locator(".cardlib-back").click()
    table.wait_moves("===", moves - 1)
    expect(table.table.locator(".cardlib-step")).to_have_text(f"move {moves - 1} of {moves}")
    expect(table.table.locator("button.cardlib-move")).to_have_count(0)
    table.table.locator(".cardlib-next").click()
    table.wait_moves("===", moves)
    assert table.board_html() == board

    # large display: the board's picture as wide as the table
    small = board_width(table)
    table.set_large(True)
    page.wait_for_function(
        "(sel) => { const t = document.querySelector(sel); const svg = t.querySelector("
        "'.cardlib-board svg'); return svg.getBoundingClientRect().width >= "
        "0.95 * t.getBoundingClientRect().width; }", arg=selector)
    assert board_width(table) > 1.2 * small
    shot = tmp_path / f"{notebook}-large.png"
    table.table.screenshot(path=str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_hot_seat_hides_a_hand_until_its_owner_asks(open_notebook):
    selector = ".cardlib-table-hearts"
    page = open_notebook("01-hearts", wait_for=f"{selector} button.cardlib-legal")
    table = TablePage(page, selector)
    hand = table.table.locator(".cardlib-show-hand")
    shown = table.table.locator(".cardlib-board [data-cardlib-hand]")
    faces = table.table.locator(".cardlib-board [data-card]")
    move_buttons = table.table.locator("button.cardlib-move")

    def hidden_for(seat: int) -> None:
        expect(shown).to_have_attribute("data-cardlib-hand", "none")
        expect(faces).to_have_count(0)
        expect(move_buttons).to_have_count(0)
        expect(hand).to_be_visible()
        expect(hand).to_contain_text(("North", "East", "South", "West")[seat])  # the board's

    # South (seat 2) plays in the notebook; West (seat 3) becomes a person too
    table.table.locator(".cardlib-seat-toggle-3").click()
    hidden_for(2)
    hand.click()
    expect(shown).to_have_attribute("data-cardlib-hand", "2")
    expect(move_buttons).to_have_count(13)
    expect(hand).to_be_hidden()
    for _ in range(3):                                 # South passes three cards
        table.play_legal()
    hidden_for(3)                                      # the turn passed to West
    hand.click()
    expect(shown).to_have_attribute("data-cardlib-hand", "3")
    expect(faces).not_to_have_count(0)
    expect(move_buttons).not_to_have_count(0)
