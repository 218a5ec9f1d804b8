"""The coach in a real browser: the Coach switch of Diam's table (the sampling bot's
estimates as bars) and of Black Diamond's (the exact search after each move) shows its
answer under the hand, with the answer time on its progress line, and follows a move.

That the bars are the bot's estimates is checked in ``tests/test_coach.py``; this checks
that the switch reaches the kernel and the chart reaches the page."""

from __future__ import annotations

import pytest
from harness import TablePage
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TABLES = [
    ("03-diams", ".cardlib-table-diams", "g.coach-bar"),
    ("04-black-diamond", ".cardlib-table-black-diamond", "tr.bd-coach-move"),
]


@pytest.mark.parametrize("notebook, selector, row", TABLES, ids=[n for n, _s, _r in TABLES])
def test_the_coach_switch_shows_its_estimates(open_notebook, notebook, selector, row):
    page = open_notebook(notebook, wait_for=f"{selector} button.cardlib-legal")
    table = TablePage(page, selector)
    coach = table.table.locator(".cardlib-coach")
    expect(coach).to_be_hidden()
    table.table.locator("button.cardlib-coach-toggle").click()
    rows = coach.locator(row)
    expect(rows.first).to_be_visible()
    expect(coach.locator(f"{row}[data-choice='true']")).to_have_count(1)
    expect(table.table.locator(".cardlib-coach-progress")).to_contain_text("answered in")
    first = coach.inner_html()

    moves = table.moves_shown()
    table.play_legal()
    assert table.moves_shown() > moves
    expect(rows.first).to_be_visible()
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).innerHTML !== old",
        arg=[f"{selector} .cardlib-coach", first])
