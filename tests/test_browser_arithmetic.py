"""The arithmetic-rule explorer of notebook 06 in a real browser (Voila + Chromium)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_explorer_changes_its_verdict_when_a_card_is_picked(open_notebook):
    page = open_notebook("06-arithmetic-rule", wait_for=".bd-arith-explorer")
    explorer = page.locator(".bd-arith-explorer").first
    verdict = explorer.locator(".bd-arith-verdict")
    explorer.locator(".bd-arith-a select").select_option(label="2")
    explorer.locator(".bd-arith-b select").select_option(label="6")
    page.wait_for_function(
        "() => document.querySelector('.bd-arith-explorer .bd-arith-verdict')"
        ".innerText.includes('2♦ and 6♦')")
    explorer.locator(".bd-arith-card select").select_option(label="7")
    page.wait_for_selector(".bd-arith-explorer .bd-arith-refused")
    expect(verdict).to_contain_text("refused")
    explorer.locator(".bd-arith-card select").select_option(label="3")
    page.wait_for_selector(".bd-arith-explorer .bd-arith-allowed")
    # 3 = 6 ÷ 2, typeset by MathJax or shown as the raw LaTeX source
    expect(explorer.locator(".bd-arith-explanation")).to_contain_text("6")
