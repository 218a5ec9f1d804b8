"""Notebooks 05, 06 and 08 open in a classroom whose machine is busy (issue 27 §3).

``make classroom`` serves the notebooks with Voila, which gives each cell
``tools/classroom.py``'s ``CELL_TIMEOUT`` seconds; a cell that takes longer stops the page
there, and nothing after it shows (08 once stopped at its live study).  Here the server
runs with that module's own command, while another process keeps one of the machine's
cores busy, and each notebook must render down to its last widget and its last output,
with no cell in error.  Nothing is timed: a page either renders whole or it does not.
"""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
from collections.abc import Iterator

import pytest
from harness import ARTIFACTS, NOTEBOOKS, ROOT, free_port, serve
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("classroom", ROOT / "tools" / "classroom.py")
classroom = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(classroom)

NOTEBOOKS_AND_ENDS = [
    # (notebook, its last widget, text only its last code cell prints)
    ("05-black-diamond-solver", ".bd-solve-explorer .bd-solve-verdict", None),
    ("06-arithmetic-rule", ".bd-arith-verdict", "deals whose decided verdict changes"),
    ("08-winnability", ".bd-advice-table table", "cpsat-vs-search-200.jsonl"),
]
"""What shows only once a notebook has run to its end."""

VOILA_ERRORS = ("There was an error when executing cell", "Cell execution timed out")
"""What Voila writes where a cell failed, or ran out of time and stopped the page."""

PATIENCE_MS = 4 * classroom.CELL_TIMEOUT * 1000
"""How long the browser waits for a page: longer than a cell may take, so a cell that
runs out of time shows as Voila's error, not as a browser timeout."""


@contextlib.contextmanager
def busy_core() -> Iterator[subprocess.Popen]:
    """A process spinning on one core for as long as the block runs."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield spinner
    finally:
        spinner.kill()
        spinner.wait()


def classroom_server() -> contextlib.AbstractContextManager[str]:
    """The server ``make classroom`` starts (tools/classroom.py's command), on a free port."""
    port = free_port()
    return serve(classroom.voila_command(NOTEBOOKS, port), port, NOTEBOOKS,
                 "voila-loaded-classroom.log", timeout=90)


def test_the_classroom_runs_with_the_timeout_it_names():
    command = classroom.voila_command(NOTEBOOKS, 8866)
    assert f"--VoilaExecutor.timeout={classroom.CELL_TIMEOUT}" in command
    assert "--Voila.ip=127.0.0.1" in command and str(NOTEBOOKS) == command[-1]


def test_05_06_and_08_render_to_their_last_widget_with_a_core_busy(browser):
    # The session's browser (conftest.py): a second sync_playwright() inside the one that
    # other browser tests have started refuses to run in its event loop.
    with busy_core() as spinner, classroom_server() as base:
        for notebook, last_widget, last_words in NOTEBOOKS_AND_ENDS:
            page = browser.new_page(viewport={"width": 1280, "height": 1600})
            page.set_default_timeout(PATIENCE_MS)
            page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
            try:
                page.goto(f"{base}/voila/render/{notebook}.ipynb", timeout=PATIENCE_MS)
                errors = ", ".join(f":text('{error}')" for error in VOILA_ERRORS)
                page.wait_for_selector(f"{last_widget}, {errors}", state="visible")
                for error in VOILA_ERRORS:
                    expect(page.get_by_text(error)).to_have_count(0)
                expect(page.locator(last_widget).last).to_be_visible()
                if last_words:
                    expect(page.get_by_text(last_words).last).to_be_visible()
            finally:
                page.screenshot(path=str(ARTIFACTS / f"loaded-classroom-{notebook}.png"),
                                full_page=True)
                page.close()
            assert spinner.poll() is None, "the busy core stopped spinning"
