"""The end of a hand in a real browser: Cruce's table (four players, six cards a hand, so a
hand ends within a few clicks) stops at the hand's end with its tally and "Next hand", which
stay on the first screen in the large display at 1280×720, and the game goes on after it.

What the tally says is checked against the engine in ``tests/test_table_end.py``; this checks
that the page shows it and that the click on "Next hand" reaches the kernel.
"""

from __future__ import annotations

import pytest
from harness import TablePage
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK, TABLE = "07-cruce", ".cardlib-table-cruce"
MAX_CLICKS = 20
"""A bid and six cards end a 4-player hand; the bots may take a few more moves."""


def test_a_hand_ends_with_its_tally_and_next_hand_goes_on(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=f"{TABLE} button.cardlib-legal")
    page.set_viewport_size({"width": 1280, "height": 720})
    table = TablePage(page, TABLE)
    table.set_large(True)
    next_hand = table.table.locator("button.cardlib-next-hand")
    for _ in range(MAX_CLICKS):
        page.wait_for_selector(f"{TABLE} button.cardlib-legal, "
                               f"{TABLE} button.cardlib-next-hand:visible")
        if next_hand.is_visible():
            break
        before = table.moves_shown()
        table.click_and_redraw(table.table.locator("button.cardlib-legal").first,
                               lambda before=before: table.wait_moves(">", before))
    else:
        pytest.fail(f"no hand ended in {MAX_CLICKS} clicks")
    expect(table.table.locator(".cardlib-tally [data-tally='Hand 1']")).to_be_visible()
    expect(table.table.locator(".cardlib-status")).to_contain_text("Next hand")
    expect(table.table.locator("button.cardlib-legal")).to_have_count(0)
    # the table's top at the top of the screen, as a class sees it: "Next hand" on screen
    table.table.evaluate("el => el.scrollIntoView({block: 'start'})")
    box = next_hand.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 720, box
    page.screenshot(path="test-artifacts/cruce-hand-end-large.png")

    moves = table.moves_shown()
    table.go_on()  # presses "Next hand" and waits for a legal move
    expect(next_hand).to_be_hidden()
    expect(table.table.locator(".cardlib-tally [data-tally]")).to_have_count(0)
    assert table.moves_shown() >= moves
    table.play_legal()
    assert table.moves_shown() > moves
