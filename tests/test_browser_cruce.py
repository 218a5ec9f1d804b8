"""The Cruce notebook in a real browser: Voila serves it, Playwright clicks.

These check what the Python tests cannot: that a click on a page reaches the widget's
callback in the kernel and that the page redraws.  Expected verdicts come from the scripted
scenes (see tests/test_cruce_widgets.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "07-cruce"
TABLE = ".cruce-game .cardlib-table"


def moves_shown(table) -> int:
    return int(table.locator(".cardlib-board [data-cardlib-moves]").get_attribute(
        "data-cardlib-moves"))


def click_and_wait(page, table, button) -> None:
    """Click ``button`` and wait until the board shows more moves than before."""
    before = moves_shown(table)
    button.click()
    page.wait_for_function(
        "(n) => { const b = document.querySelector('.cruce-game .cardlib-board "
        "[data-cardlib-moves]'); return b && Number(b.dataset.cardlibMoves) > n; }",
        arg=before,
    )


def test_the_game_table_plays_a_few_moves_by_clicking(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=f"{TABLE} button.cardlib-legal")
    table = page.locator(TABLE).first
    assert moves_shown(table) == 0  # Ana, on the dealer's left, bids first
    for _ in range(4):              # a bid, then cards as the bots let Ana play
        legal = table.locator("button.cardlib-legal")
        expect(legal.first).to_be_visible()
        handle = legal.first.element_handle()
        click_and_wait(page, table, legal.first)
        # the move buttons are redrawn after the board: wait for the clicked one to go
        page.wait_for_function("(el) => !el.isConnected", arg=handle)
        expect(table.locator(".cardlib-message")).to_contain_text("Played", timeout=30_000)
    assert moves_shown(table) >= 4


def test_the_table_seats_two_players(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=f"{TABLE} button.cardlib-legal")
    page.locator(".cruce-game-players button", has_text="2 players").click()
    expect(page.locator(".cruce-game-words [data-cruce-players='2']")).to_have_count(1)
    table = page.locator(TABLE).first
    expect(table.locator(".cardlib-board [data-cardlib-moves='0']")).to_have_count(1)
    click_and_wait(page, table, table.locator("button.cardlib-legal").first)
    expect(table.locator(".cardlib-message")).to_contain_text("Played", timeout=30_000)


def test_the_must_head_switch(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".cruce-scene-must-head .cruce-try-card")
    widget = page.locator(".cruce-scene-must-head")
    verdict = widget.locator(".cruce-try-verdict")
    widget.locator("button.cruce-card-JD").click()
    expect(verdict.locator("[data-cruce-card='JD'][data-cruce-legal='true']")).to_have_count(1)
    widget.locator(".cruce-try-switch button", has_text="True").click()
    expect(verdict.locator("[data-cruce-card='JD'][data-cruce-legal='false']")).to_have_count(1)
    expect(verdict).to_contain_text("cruce.play.must-head")
