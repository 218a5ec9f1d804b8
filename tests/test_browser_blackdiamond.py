"""The Black Diamond notebook in a real browser: Voila serves it, Playwright clicks.

These check what Python tests cannot: that the widgets' controls reach the kernel from a
page and that the page redraws.  Expected piles are worked out by hand from the rules.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "04-black-diamond"


def fits(checker) -> str:
    return checker.locator(".bd-check-board [data-bd-fits]").get_attribute("data-bd-fits")


def test_checker_recolours_the_board_when_a_card_is_picked(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".bd-check-board [data-bd-fits]")
    checker = page.locator(".bd-check").first      # rule 1: 2♠, diamonds 2 6 9 K, pile N
    # 2♠: N (= 2), NE (2 and 6 give 2), NW (2 and K give 2), C (any card).
    assert fits(checker) == "N NE NW C"
    checker.locator(".bd-check-value select").select_option(label="7")
    # 7♠: no diamond is a 7; 2,6 / 6,9 / 9,K / 2,K make no 7 by + - × ÷; only the centre.
    page.wait_for_function(
        "() => document.querySelector('.bd-check .bd-check-board [data-bd-fits]')"
        ".dataset.bdFits === 'C'")
    expect(checker.locator(".bd-check-verdict.bd-check-illegal")).to_have_count(1)
    expect(checker.locator(".bd-check-verdict")).to_contain_text("black-diamond.place.outer")


def test_checker_suit_toggle_shows_alternation(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".bd-check-board [data-bd-fits]")
    # the suit-alternation step: Q♠ on NE, whose top card is the 4♠
    checker = page.locator(".bd-check").nth(3)      # the notebook's fourth checker
    assert "4S is a spade too" in checker.locator(".bd-check-verdict").inner_text()
    checker.locator(".bd-check-suit button", has_text="club").click()
    expect(checker.locator(".bd-check-verdict")).to_contain_text("QC can go on NE")
    expect(checker.locator(".bd-check-verdict.bd-check-legal")).to_have_count(1)


def test_table_hint_then_solution_replay(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".cardlib-table .bd-hint-button")
    table = page.locator(".cardlib-table").first
    board = table.locator(".cardlib-board [data-cardlib-moves]")
    assert board.get_attribute("data-cardlib-moves") == "0"

    table.locator(".bd-hint-button").click()
    hinted = table.locator("button.bd-hinted")
    hinted.wait_for()
    expect(table.locator(".cardlib-message")).to_contain_text("Still winnable")
    hinted.click()
    page.wait_for_function(
        "() => document.querySelector('.cardlib-table .cardlib-board "
        "[data-cardlib-moves]').dataset.cardlibMoves === '1'")
    expect(table.locator(".cardlib-message")).to_contain_text("Played")  # may come later

    table.locator(".bd-solution-button").click()
    table.locator(".bd-solution-win").wait_for()
    step = table.locator(".cardlib-step")
    expect(step).to_have_text(re.compile(r"move 1 of \d+"))  # back where the line starts
    total = int(step.inner_text().rsplit(" ", 1)[1])
    table.locator(".cardlib-next").click()
    page.wait_for_function(
        "() => document.querySelector('.cardlib-table .cardlib-step').innerText"
        ".startsWith('move 2 of')")
    table.locator(".cardlib-last").click()
    page.wait_for_function(
        "(n) => document.querySelector('.cardlib-table .cardlib-step').innerText"
        " === `move ${n} of ${n}`", arg=total)
    expect(table.locator(".cardlib-status")).to_contain_text("game over")


def test_play_step_clears_a_full_pile_and_numbers_the_refill(open_notebook):
    page = open_notebook(NOTEBOOK, wait_for=".bd-scene-full-pile button.bd-step-move-8C-NE")
    step = page.locator(".bd-scene-full-pile")
    board = step.locator(".bd-step-board [data-bd-refilled]")
    assert board.get_attribute("data-bd-refilled") == ""
    step.locator("button.bd-step-move-8C-NE").click()
    # 8♣ fills NE (2 + 6 = 8, a club on the 2♠): NE is cleared, N takes the 5♦, then E the A♦.
    page.wait_for_function(
        "() => document.querySelector('.bd-scene-full-pile .bd-step-board [data-bd-refilled]')"
        ".dataset.bdRefilled === 'N E'")
    assert board.get_attribute("data-bd-diamonds") == "5D AD 9D KD"
    expect(step.locator(".bd-step-verdict.bd-step-legal")).to_have_count(1)
    expect(step.locator(".bd-step-happened")).to_contain_text("N ← 5♦")


STUCK = {"diamonds": "KD QD JD TD".split(), "diamond_deck": "9D 8D 7D 6D 5D 4D 3D 2D AD".split(),
         "hand": ["5S", "7S"], "black_deck": ["6C", "8C"], "piles": {"C": ["2S"]}}
"""5♠ and 7♠ fit nowhere next to K Q J 10 (the centre is spade-topped): stuck, so the
board shows the next diamond and the stuck message; with no diamond deck, it is lost."""

LABEL_BOXES = """() => {
  const svg = document.querySelector('svg');
  const view = svg.viewBox.baseVal;
  const boxes = [...svg.querySelectorAll(':scope > text')].map(t => {
    const b = t.getBBox();
    return {text: t.textContent, x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height};
  });
  return {width: view.width, height: view.height, boxes};
}"""


@pytest.mark.parametrize("diamond_deck", [STUCK["diamond_deck"], []], ids=["stuck", "lost"])
def test_board_labels_stay_apart_and_inside_the_picture(browser, diamond_deck):
    # The board's own labels (pile counts, side panel, stuck or lost), measured as the
    # browser lays them out: none may run past the picture's edge or over another.
    from cardlib.blackdiamond import BlackDiamond
    from cardlib.render.blackdiamond import board_svg

    state = BlackDiamond().from_position({**STUCK, "diamond_deck": diamond_deck})
    assert state.view(0).stuck if diamond_deck else state.outcome == "loss"
    page = browser.new_page()
    try:
        page.set_content(f"<html><body style='margin:0'>{board_svg(state.view(0))}</body></html>")
        found = page.evaluate(LABEL_BOXES)
    finally:
        page.close()
    boxes = found["boxes"]
    assert any(("replace or clear" if diamond_deck else "LOST") in box["text"] for box in boxes)
    for box in boxes:
        assert 0 <= box["x"] and box["right"] <= found["width"], box
        assert 0 <= box["y"] and box["bottom"] <= found["height"], box
    for i, one in enumerate(boxes):
        for other in boxes[i + 1:]:
            apart = (one["right"] <= other["x"] or other["right"] <= one["x"]
                     or one["bottom"] <= other["y"] or other["bottom"] <= one["y"])
            assert apart, (one, other)


# --- your own deal at the table, solved from where you are, and Stop (issue 27 §1-§2) --------

ANY_INPUT_SAYS = ("(text) => [...document.querySelectorAll('.cardlib-table input')]"
                  ".some(i => i.value === text)")
MOVES_ON_BOARD = ("(n) => document.querySelector('.cardlib-table .cardlib-board "
                  "[data-cardlib-moves]').dataset.cardlibMoves === String(n)")


def type_deal(page, deal) -> None:
    """Type ``deal`` in 04's deal box as a person would (lower case) and play it."""
    box = page.locator(".bd-deal-box").first
    box.locator(".bd-deal-text textarea").fill(deal.to_text().lower())
    expect(box.locator(".bd-deal-picture [data-bd-deal-cards='39']")).to_have_count(1)
    box.locator(".bd-deal-use").click()
    page.wait_for_function(ANY_INPUT_SAYS, arg="your deal")  # the seed box


def test_a_typed_deal_three_moves_then_can_it_still_be_won(open_notebook):
    from cardlib.blackdiamond import deal_from_seed, move_from_json
    from solvers import search

    deal = deal_from_seed(7)
    line = [str(move_from_json(m)) for m in search.solve(deal).moves[:3]]  # they keep it won
    page = open_notebook(NOTEBOOK, wait_for=".bd-deal-box .bd-deal-text textarea")
    type_deal(page, deal)
    table = page.locator(".cardlib-table").first
    page.wait_for_function(MOVES_ON_BOARD, arg=0)
    for played, move in enumerate(line, start=1):
        table.locator(f"button.cardlib-legal[title='legal: {move}']").click()
        page.wait_for_function(MOVES_ON_BOARD, arg=played)
    table.locator(".bd-ask-button").click()
    message = table.locator(".cardlib-message")
    expect(message).to_contain_text("Still winnable", timeout=120_000)
    expect(table.locator(".bd-plan pre")).to_contain_text("1. ")  # the line, listed
    expect(table.locator("button.bd-hinted")).to_have_count(1)


def test_stop_during_a_long_proof_says_undecided_so_far(open_notebook):
    from cardlib.blackdiamond import deal_from_seed

    page = open_notebook(NOTEBOOK, wait_for=".bd-deal-box .bd-deal-text textarea")
    type_deal(page, deal_from_seed(3153))        # the slow loss proof
    table = page.locator(".cardlib-table").first
    table.locator(".bd-ask-button").click()
    progress = table.locator(".bd-solver-progress")
    expect(progress).to_contain_text(re.compile(r"[1-9][\d,]* positions searched"),
                                     timeout=60_000)
    table.locator(".bd-solver-stop").click()
    message = table.locator(".cardlib-message")
    expect(message).to_contain_text("Undecided so far", timeout=10_000)  # generous: ~0.1 s
    expect(message).to_contain_text("positions searched")
    expect(table.locator(".bd-solver-stop")).to_be_hidden()
    expect(table.locator(".bd-ask-button")).to_be_enabled()
