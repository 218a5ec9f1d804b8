"""The game table in a real browser: Voila serves the notebook, Playwright clicks a move."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_start_here_table_plays_a_legal_move(open_notebook):
    page = open_notebook("00-start-here")
    table = page.locator(".cardlib-table").first
    board = table.locator(".cardlib-board [data-cardlib-moves]")
    before = int(board.get_attribute("data-cardlib-moves"))
    legal = table.locator("button.cardlib-legal")
    assert legal.count() > 0
    legal.first.click()
    page.wait_for_function(
        "(n) => { const b = document.querySelector('.cardlib-table .cardlib-board "
        "[data-cardlib-moves]'); return b && Number(b.dataset.cardlibMoves) > n; }",
        arg=before,
    )
    # widgets update one by one: wait for the message too, not only the board
    expect(table.locator(".cardlib-message")).to_contain_text("Played", timeout=30_000)


def moves_shown(table) -> int:
    return int(table.locator(".cardlib-board [data-cardlib-moves]").get_attribute(
        "data-cardlib-moves"))


def test_start_here_table_explains_an_illegal_move(open_notebook):
    page = open_notebook("00-start-here")
    table = page.locator(".cardlib-table").first
    # Hearts opens with the pass, where every card may be passed: play legal moves until
    # the game offers a card the rules refuse (following suit, the 2♣ lead...).
    for _ in range(12):
        if table.locator("button.cardlib-illegal").count():
            break
        button = table.locator("button.cardlib-legal").first
        handle = button.element_handle()
        button.click()
        # the move buttons are redrawn after the board: wait for this one to go
        page.wait_for_function("(el) => !el.isConnected", arg=handle)
    before = moves_shown(table)
    table.locator("button.cardlib-illegal").first.click()
    expect(table.locator(".cardlib-message")).to_contain_text("Not allowed", timeout=30_000)
    assert moves_shown(table) == before
