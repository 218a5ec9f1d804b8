"""Fixtures for browser tests; notebook and project checks import ``harness`` directly."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from harness import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, browser_required, voila_server


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """One Voila server for the whole session, serving notebooks/ on 127.0.0.1."""
    if not CHROMIUM.exists():
        message = ("browser tests need Debian's Chromium at /usr/bin/chromium: "
                   "run `apt-get install -y chromium` (.ci/run does it)")
        if browser_required():
            pytest.fail(message)
        pytest.skip(message)
    with voila_server() as url:
        yield url


@pytest.fixture(scope="session")
def browser(voila_url: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_notebook(browser, voila_url: str, request):
    """``open_notebook("00-start-here")`` -> a Playwright page with the rendered notebook.

    A screenshot of the page is kept in test-artifacts/ after the test, pass or fail.
    """
    pages = []

    def open_(name: str, wait_for: str = ".cardlib-table"):
        page = browser.new_page(viewport={"width": 1280, "height": 1600})
        page.set_default_timeout(60_000)
        page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
        page.goto(f"{voila_url}/voila/render/{name}.ipynb")
        page.wait_for_selector(wait_for, state="visible", timeout=90_000)
        pages.append(page)
        return page

    yield open_
    ARTIFACTS.mkdir(exist_ok=True)
    for i, page in enumerate(pages):
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{i}.png"), full_page=True)
        page.close()
