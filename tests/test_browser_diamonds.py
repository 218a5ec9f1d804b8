"""The Diamonds notebook in a real browser: Voila serves it, Playwright clicks.

These check what the Python tests cannot: that a click in the page reaches the widget's
callback in the kernel and that the page redraws.  The expected verdicts and moves are
worked out by hand from the notebook's seeds and scenes (see tests/test_diamonds_widgets.py
for the reasoning).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "02-diamonds"
MOVES = (".cardlib-table .cardlib-board [data-cardlib-moves]")


def moves_made(page) -> int:
    return int(page.locator(MOVES).first.get_attribute("data-cardlib-moves"))


def click_first_legal(page, table) -> None:
    """Click the first legal move; wait until the table has moved on and redrawn its move
    buttons (the clicked one is gone), so the next click meets the new buttons."""
    before = moves_made(page)
    button = table.locator("button.cardlib-legal").first
    handle = button.element_handle()
    button.click()
    page.wait_for_function(
        "([el, n]) => { const b = document.querySelector('.cardlib-table .cardlib-board "
        "[data-cardlib-moves]'); return !el.isConnected && b "
        "&& Number(b.dataset.cardlibMoves) > n; }",
        arg=[handle, before])


def test_the_game_table_plays_a_few_moves_by_clicking(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".cardlib-table button.cardlib-legal")
    table = page.locator(".cardlib-table").first
    # Seed 7, 4 players: Dan deals and announces 3; Ann, on his left, passes first.
    assert moves_made(page) == 1
    for _ in range(3):  # Ann's three cards, one click each
        click_first_legal(page, table)
        expect(table.locator(".cardlib-message")).to_contain_text("Played")
        expect(table.locator(".cardlib-message")).to_contain_text("diamonds.pass.cards")
    # Everyone has passed; Ann, on the dealer's left, leads the first trick.
    click_first_legal(page, table)
    expect(table.locator(".cardlib-message")).to_contain_text("diamonds.lead")


def test_try_a_card_and_take_an_action_in_the_page(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".diamonds-scene-follow-suit .diamonds-try-card")
    widget = page.locator(".diamonds-scene-follow-suit")
    verdict = widget.locator(".diamonds-try-verdict")
    # Cat led the 10♥: Ann holds the 3♥ and the 12♥, so the 7♠ is refused.
    widget.locator("button.diamonds-card-7S").click()
    expect(verdict.locator("[data-diamonds-card='7S'][data-diamonds-legal='false']")) \
        .to_have_count(1)
    expect(verdict).to_contain_text("diamonds.follow-suit")
    twelve = widget.locator("button.diamonds-card-12H")
    expect(twelve).to_have_text("12♥")                 # the deck is numbered: no Q♥
    twelve.click()
    expect(verdict.locator("[data-diamonds-card='12H'][data-diamonds-legal='true']")) \
        .to_have_count(1)
    expect(verdict).to_contain_text("12♥: ✔ yes")
    # The card faces on the table are numbered too.
    face = widget.locator(".diamonds-try-board g.cardlib-face[data-card='12H'] text").first
    expect(face).to_have_text("12")
    # The ♦ action puts 1 point from the supply into Ann's vault.
    demo = page.locator(".diamonds-action").first
    demo.locator("button.diamonds-action-D").click()
    picture = demo.locator(".diamonds-action-picture")
    expect(picture.locator("[data-diamonds-rule='diamonds.action.diamond']")).to_have_count(1)
    expect(picture.locator(".diamonds-crystals-seat[data-seat='0'][data-vault='1']")) \
        .to_have_count(1)


def test_the_played_out_hand_is_told_in_full_above_the_result(open_notebook):
    """Issue 29 item 10: once the hand is over, the narration shows every move (nothing
    scrolled away or cut off) and ends above "The hand is over.", not under it."""
    page = open_notebook(NOTEBOOK, wait_for=".diamonds-playout .diamonds-playout-finish-hand")
    widget = page.locator(".diamonds-playout").first
    widget.locator("button.diamonds-playout-finish-hand").click()
    expect(widget.locator("[data-diamonds-over='true']")).to_have_count(1)
    told = widget.locator(".diamonds-playout-told")
    expect(told).to_have_count(1)
    box = told.evaluate("el => ({scroll: el.scrollHeight, client: el.clientHeight, "
                        "bottom: el.getBoundingClientRect().bottom})")
    assert box["scroll"] <= box["client"] + 1, box               # no line hidden
    result = widget.locator("[data-diamonds-over='true']").evaluate(
        "el => el.getBoundingClientRect().top")
    assert box["bottom"] <= result, (box, result)                  # no overlap
    lines = told.evaluate("el => el.innerText.trim().split('\\n').length")
    assert lines == int(told.get_attribute("data-diamonds-told"))
