"""The Diam's notebook in a real browser: Voila serves it, Playwright clicks.

What the Python tests cannot check: that clicks on the page reach the widgets' callbacks in
the kernel and the page redraws.  The game table is played for a few moves by clicking;
the market visit lists its outcomes after a click on a hand card and plays one; a round is
scored and a game's winner named by clicking.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "03-diams"
MOVES = ".cardlib-table .cardlib-board [data-cardlib-moves]"


def moves_shown(page) -> int:
    return int(page.locator(MOVES).get_attribute("data-cardlib-moves"))


def click_and_wait(page, button) -> None:
    """Click a move button; wait until the board shows more moves played and the move
    buttons are redrawn (they are redrawn after the board: a click before that would hit a
    button of the old position)."""
    before = moves_shown(page)
    handle = button.element_handle()
    button.click()
    page.wait_for_function(
        "(n) => { const b = document.querySelector("
        f"'{MOVES}'); return b && Number(b.dataset.cardlibMoves) > n; }}",
        arg=before)
    page.wait_for_function("(el) => !el.isConnected", arg=handle)


def first_legal(table):
    """The first legal move button; when every legal move lies behind a first step (the
    card you go to the market with), that step is opened first."""
    table.locator("button.cardlib-legal, button.cardlib-step-legal").first.wait_for()
    if table.locator("button.cardlib-legal").count() == 0:
        table.locator("button.cardlib-step-legal").first.click()
    return table.locator("button.cardlib-legal").first


def test_the_game_table_plays_a_few_moves_by_clicking(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".cardlib-table button.cardlib-legal")
    table = page.locator(".cardlib-table").first
    # phase 1: the market before a draw is offered, and refused without a change
    before = moves_shown(page)
    table.locator("button.cardlib-illegal").first.click()
    expect(table.locator(".cardlib-message")).to_contain_text("Not allowed", timeout=30_000)
    expect(table.locator(".cardlib-message")).to_contain_text("diams.turn")
    assert moves_shown(page) == before
    # draw, then a phase-2 move (the bots answer), then the next draw
    click_and_wait(page, table.locator("button.cardlib-legal", has_text="draw 1 → hand"))
    click_and_wait(page, first_legal(table))
    expect(table.locator(".cardlib-message")).to_contain_text("Played", timeout=30_000)
    click_and_wait(page, first_legal(table))
    assert moves_shown(page) >= before + 3
    expect(table.locator(".cardlib-board")).to_contain_text("Your hand")


def test_the_market_visit_lists_what_a_card_could_take(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".diams-visit .diams-visit-card")
    visit = page.locator(".diams-visit").first
    visit.locator("button.diams-card-6").click()
    expect(visit.locator(".diams-visit-outcomes")).to_contain_text("With your 6",
                                                                   timeout=30_000)
    outcomes = visit.locator(".diams-visit-outcome-rows")
    expect(outcomes.locator("[data-diams-move='market 6 sum 2 4*']")).to_have_count(1)
    expect(outcomes).to_contain_text("diams.market.colour")
    # each outcome has a button that plays it: the table after it is drawn under the step
    outcomes.locator("button.diams-visit-play", has_text="take 2 + 4⌕").click()
    expect(visit.locator(".diams-message")).to_contain_text("took 2 + 4", timeout=30_000)


def test_a_round_is_scored_and_a_winner_named_by_clicking(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".diams-scoring .diams-scoring-step")
    scoring = page.locator(".diams-scoring").first
    scoring.locator("button.diams-scoring-step-1").click()
    expect(scoring.locator(".diams-scoring-says")).to_contain_text("diams.score.collections",
                                                                   timeout=30_000)
    scoring.locator("button.diams-scoring-step-4").click()
    expect(scoring.locator(".diams-scoring-table")).to_contain_text("chips", timeout=30_000)
    expect(scoring.locator(".diams-message")).to_contain_text("Scored.")
    winner = page.locator(".diams-winner").first
    winner.locator("button.diams-winner-scene", has_text="round 2 decides").click()
    expect(winner.locator(".diams-message")).to_contain_text("won round 2", timeout=30_000)
