"""The Hearts notebook in a real browser: Voila serves it, Playwright clicks.

These check what the Python tests cannot: that a click on a page reaches the widget's
callback in the kernel and that the page redraws.  Expected verdicts are worked out by hand
from the scripted scenes (see tests/test_hearts_widgets.py for the reasoning).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "01-hearts"


def test_try_a_card_shows_the_verdict_and_the_rule(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".hearts-scene-first-trick .hearts-try-card")
    widget = page.locator(".hearts-scene-first-trick")
    verdict = widget.locator(".hearts-try-verdict")
    # North led the 2♣; South has no club and may not throw the Q♠ on the first trick.
    widget.locator("button.hearts-card-QS").click()
    expect(verdict.locator("[data-hearts-card='QS'][data-hearts-legal='false']")).to_have_count(1)
    expect(verdict).to_contain_text("hearts.first-trick.no-points")
    # a diamond may go
    widget.locator("button.hearts-card-KD").click()
    expect(verdict.locator("[data-hearts-card='KD'][data-hearts-legal='true']")).to_have_count(1)


def test_the_queen_option_switch_breaks_hearts(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".hearts-scene-lead-unbroken .hearts-try-card")
    widget = page.locator(".hearts-scene-lead-unbroken")
    verdict = widget.locator(".hearts-try-verdict")
    widget.locator("button.hearts-card-AH").click()
    expect(verdict).to_contain_text("hearts.lead.hearts-unbroken")
    widget.locator(".hearts-try-switch button", has_text="True").click()
    expect(verdict.locator("[data-hearts-card='AH'][data-hearts-legal='true']")).to_have_count(1)
    expect(verdict).to_contain_text("hearts.lead.any")


def test_shoot_the_moon_in_the_page(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".hearts-moon .hearts-moon-card")
    moon = page.locator(".hearts-moon").first
    for code in ("AH", "KH", "3H"):
        button = moon.locator(f"button.hearts-card-{code}")
        handle = button.element_handle()
        button.click()
        # the hand is redrawn after each trick: wait for the clicked button to go
        page.wait_for_function("(el) => !el.isConnected", arg=handle)
    expect(moon.locator(".hearts-moon-result [data-hearts-outcome='moon']")).to_have_count(1)
    expect(moon.locator(".hearts-moon-result")).to_contain_text("hearts.score.moon")


def test_the_game_table_plays_a_legal_move(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".cardlib-table button.cardlib-legal")
    table = page.locator(".cardlib-table").first
    board = table.locator(".cardlib-board [data-cardlib-moves]")
    before = int(board.get_attribute("data-cardlib-moves"))
    assert before == 6                # North and East have passed their three cards
    table.locator("button.cardlib-legal").first.click()
    page.wait_for_function(
        "(n) => { const b = document.querySelector('.cardlib-table .cardlib-board "
        "[data-cardlib-moves]'); return b && Number(b.dataset.cardlibMoves) > n; }",
        arg=before,
    )
    expect(table.locator(".cardlib-message")).to_contain_text("Played")


def test_the_forced_queen_lead_and_its_option(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".hearts-scene-lead-queen-forced .hearts-try-card")
    widget = page.locator(".hearts-scene-lead-queen-forced")
    verdict = widget.locator(".hearts-try-verdict")
    # Hearts unbroken and the Q♠ South's only other card: it must lead the queen.
    widget.locator("button.hearts-card-2H").click()
    expect(verdict.locator("[data-hearts-card='2H'][data-hearts-legal='false']")).to_have_count(1)
    expect(verdict).to_contain_text("hearts.lead.hearts-unbroken")
    widget.locator(".hearts-try-switch button", has_text="True").click()
    expect(verdict.locator("[data-hearts-card='2H'][data-hearts-legal='true']")).to_have_count(1)
    expect(verdict).to_contain_text("hearts.lead.queen-or-hearts")
