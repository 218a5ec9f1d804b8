"""Nothing hidden on the page (issue 25 §1): the hidden-information check of
``tests/test_hidden_info.py``, run on what Chromium shows of a game table served by Voila.

One game of each kind: Hearts (a trick game with a pass) and Diam's (safes).  The page is a
small notebook written for the test: it marks every card label the engine writes (as the
Python test does, so a card named anywhere reads ``⟦Q♠⟧``) and shows a table.  The test
keeps the same table in its own process, fed the same moves (each button's tooltip is its
move), so it knows the whole game; the bots answer alike in both (they draw their chance
from the seed and the position).  After every click it reads the table's whole DOM: its
text (the pictures' too), every tooltip and title, and the card faces drawn, and finds no
card the human seat may not see.
"""

from __future__ import annotations

import json
import random
import re
from html import unescape
from pathlib import Path

import nbformat
import pytest
from harness import CHROMIUM, ROOT, browser_required, open_app, voila_server
from test_hidden_info import card_names, faces, known, marked, mentioned  # noqa: F401

from cardlib import games
from cardlib.widgets import GameTable

pytestmark = pytest.mark.browser

TABLES = {"hearts": {}, "diams": {"players": 3}}
"""The tables the page shows, by game: its options (seed 7, the human at seat 0)."""
SEED = 7
CLICKS = 14

TABLE_CELL = """\
import sys
sys.path.insert(0, {tests!r})
from test_hidden_info import mark_labels
mark_labels()
from cardlib import games
from cardlib.widgets import GameTable
GameTable(games.get({name!r}), seed={seed}, options={options!r})
"""


@pytest.fixture(scope="module")
def page_url(tmp_path_factory, browser):
    """Voila serving the test's notebook: one table per game of :data:`TABLES`."""
    if not CHROMIUM.exists():
        if browser_required():
            pytest.fail("browser tests need /usr/bin/chromium")
        pytest.skip("browser tests need /usr/bin/chromium")
    folder = tmp_path_factory.mktemp("hidden")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(TABLE_CELL.format(
        tests=str(ROOT / "tests"), name=name, seed=SEED, options=options))
        for name, options in TABLES.items()]
    nbformat.write(nb, folder / "hidden.ipynb")
    with voila_server(Path(folder)) as url:
        yield url


DOM_TEXT = """(table) => {
    const parts = [table.textContent];
    for (const el of table.querySelectorAll('[title], [aria-label]')) {
        parts.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '');
    }
    return parts.join('\\n');
}"""
"""Everything a person can read in the table: its text (a picture's words and titles are
text too) and the tooltips and labels shown on hovering."""


def message_text(html: str) -> str:
    """The text a message line's HTML shows, as the DOM's ``textContent`` has it."""
    return unescape(re.sub(r"<[^>]*>", "", html))


@pytest.mark.usefixtures("marked")
@pytest.mark.parametrize("name", list(TABLES))
def test_the_page_never_shows_a_hidden_card(browser, page_url, name):
    selector = f".cardlib-table-{name}"
    page = open_app(browser, page_url, "hidden", f"{selector} button.cardlib-move")
    table = page.locator(selector).first
    mirror = GameTable(games.get(name), seed=SEED, options=TABLES[name])
    rng, checked = random.Random(name), 0
    try:
        for _ in range(CLICKS):
            if mirror.state.is_over:
                break
            if mirror.paused:
                table.locator("button.cardlib-next-hand").click()
                mirror.next_hand()
                wait_for(page, selector, mirror)
            before = len(mirror._history)
            if not table.locator("button.cardlib-legal").count():  # behind a first step
                steps = table.locator("button.cardlib-step-legal")
                step = steps.nth(rng.randrange(steps.count()))
                label = step.inner_text()
                step.click()
                next(b for b in mirror.move_steps if b.description == label).click()
                wait_for(page, selector, mirror)
            legal = table.locator("button.cardlib-legal")
            button = legal.nth(rng.randrange(legal.count()))
            move = button.get_attribute("title").split(": ", 1)[1]  # "legal: pass QS"
            button.click()
            mirror.try_move(move)
            wait_for(page, selector, mirror)
            window = mirror._history[before - 1:]
            check(table, mirror, window)
            checked += 1
    finally:
        page.close()
    assert checked >= CLICKS // 2


def wait_for(page, selector: str, mirror: GameTable) -> None:
    """Wait until the page shows what the mirror shows: the same position on the board,
    the same message line and the same move buttons."""
    page.wait_for_function(
        "([sel, moves, message, buttons]) => {"
        " const t = document.querySelector(sel);"
        " const b = t.querySelector('.cardlib-board [data-cardlib-moves]');"
        " const m = t.querySelector('.cardlib-message .widget-html-content');"
        " return b && Number(b.dataset.cardlibMoves) === moves && m"
        "  && m.textContent === message"
        "  && t.querySelectorAll('button.cardlib-move').length === buttons; }",
        arg=[selector, len(mirror.state.history), message_text(mirror.message.value),
             len(mirror.move_buttons)])


def check(table, mirror: GameTable, window) -> None:
    """The DOM names no card the human seat may not know: the cards its view showed during
    the click (or that its own moves name), and the board draws only its view's faces."""
    live = mirror.state
    names = card_names(live)
    allowed = known(window, mirror.seat, names)
    text = table.evaluate(DOM_TEXT)
    secret = mentioned(text, names) - allowed
    assert not secret, f"{json.dumps(sorted(map(str, secret)))} named on the page"
    board = table.locator(".cardlib-board").inner_html()
    drawn = faces(board, names)
    if names.diams:
        view = live.view(mirror.seat)
        counts = {k: sum(pile[k] for pile in (view.hand, view.safe, view.market,
                                               view.discard)) for k in drawn}
        assert all(drawn[k] <= counts[k] for k in drawn), (drawn, counts)
    else:
        assert set(drawn) <= known([live], mirror.seat, names)
