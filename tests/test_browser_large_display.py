"""Large display on a projector's screen: every game notebook's table, served by Voila and
shown in Chromium at 1280×720 and 1920×1080, keeps its first legal move button on the
first screen once "Large display" is on and the table is scrolled to the top of the window
(as a teacher shows it).  The board's picture is as tall as the screen less the room the
moves need; a game's side panel (Diamonds' crystals) sits beside it at its own size.

A screenshot of each game at 1280×720 goes to ``test-artifacts/``; with
``CARDLIB_UPDATE_DOCS=1`` it goes to ``docs/large-display-<game>.png`` instead, the
pictures the README shows.
"""

from __future__ import annotations

import os

import pytest
from harness import ARTIFACTS, ROOT, TablePage
from test_browser_classroom import GAME_TABLES

pytestmark = pytest.mark.browser

SCREENS = [(1280, 720), (1920, 1080)]


def first_legal_box(table: TablePage) -> dict[str, float]:
    """Where the first legal move button is, in the window's coordinates."""
    return table.table.locator("button.cardlib-legal").first.bounding_box()


def scroll_to_top_of_table(table: TablePage) -> None:
    """Scroll the table to the top of the window, as a teacher does, and again until it
    stays there for two frames.  The page above it can still grow after the table is drawn
    (an output that arrives late), which once left Diam's table 517 px down the window and
    its moves off the first screen, with nothing wrong in the table."""
    top = "el => el.getBoundingClientRect().top"
    for _ in range(50):
        table.table.evaluate("el => el.scrollIntoView({block: 'start'})")
        table.page.evaluate(
            "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        if abs(table.table.evaluate(top)) < 1:
            return
    raise AssertionError(f"the table would not stay at the top: {table.table.evaluate(top)}")


@pytest.mark.parametrize("notebook, selector", GAME_TABLES, ids=[n for n, _ in GAME_TABLES])
def test_large_display_keeps_the_moves_on_the_first_screen(open_notebook, notebook, selector):
    page = open_notebook(notebook, wait_for=f"{selector} button.cardlib-legal")
    table = TablePage(page, selector)
    table.set_large(True)
    game = selector.removeprefix(".cardlib-table-")
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(  # the layout of the new size is done
            "([sel, w]) => document.querySelector(sel).getBoundingClientRect().width <= w",
            arg=[selector, width])
        scroll_to_top_of_table(table)
        box = first_legal_box(table)
        assert box is not None, f"{notebook}: no legal move button shown"
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, (
            f"{notebook} at {width}×{height}: the first legal move button spans "
            f"{box['y']:.0f}–{box['y'] + box['height']:.0f} px, off the first screen")
        assert 0 <= box["x"] and box["x"] + box["width"] <= width
        picture = table.table.locator(".cardlib-board svg").first.bounding_box()
        assert picture["height"] >= 0.5 * height, f"{notebook}: the board did not grow"
        if (width, height) == SCREENS[0]:
            folder = ROOT / "docs" if os.environ.get("CARDLIB_UPDATE_DOCS") else ARTIFACTS
            folder.mkdir(exist_ok=True)
            page.screenshot(path=str(folder / f"large-display-{game}.png"))


def test_diamonds_crystals_sit_beside_the_table_not_across_it(open_notebook):
    selector = ".cardlib-table-diamonds"
    page = open_notebook("02-diamonds", wait_for=f"{selector} button.cardlib-legal")
    table = TablePage(page, selector)
    table.set_large(True)
    page.set_viewport_size({"width": 1280, "height": 720})
    pictures = table.table.locator(".cardlib-board svg")
    board, crystals = pictures.nth(0).bounding_box(), pictures.nth(1).bounding_box()
    assert crystals["x"] >= board["x"] + board["width"]       # beside, to the right
    assert crystals["height"] < 0.5 * board["height"]          # at its own size
