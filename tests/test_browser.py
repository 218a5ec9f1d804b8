"""The game table in a real browser: Voila serves the notebook, Playwright clicks a move."""

from __future__ import annotations

import pytest

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
    assert "Played" in table.locator(".cardlib-message").inner_text()


def test_start_here_table_explains_an_illegal_move(open_notebook):
    page = open_notebook("00-start-here")
    table = page.locator(".cardlib-table").first
    illegal = table.locator("button.cardlib-illegal")
    if illegal.count() == 0:  # the seed's first decision may have no illegal option
        table.locator("button.cardlib-legal").first.click()
        page.wait_for_selector(".cardlib-table button.cardlib-illegal")
    before = table.locator(".cardlib-board [data-cardlib-moves]").get_attribute(
        "data-cardlib-moves")
    table.locator("button.cardlib-illegal").first.click()
    page.wait_for_selector(".cardlib-table .cardlib-msg-illegal")
    assert "Not allowed" in table.locator(".cardlib-message").inner_text()
    after = table.locator(".cardlib-board [data-cardlib-moves]").get_attribute(
        "data-cardlib-moves")
    assert after == before
