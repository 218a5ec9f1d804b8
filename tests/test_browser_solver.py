"""The solver explorer of notebook 05 in a real browser: deal a seed, solve, step the plan."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("method", ["exhaustive search", "CP-SAT model"])
def test_solve_a_seed_and_step_through_the_plan(open_notebook, method):
    page = open_notebook("05-black-diamond-solver", wait_for=".bd-solve-explorer")
    explorer = page.locator(".bd-solve-explorer").last
    explorer.locator(".bd-solve-seed input").fill("3")
    explorer.locator(".bd-solve-load-seed").click()
    expect(explorer.locator(".bd-solve-verdict")).to_contain_text("not solved yet")
    explorer.locator(".bd-solve-method button", has_text=method).click()
    explorer.locator(".bd-solve-run").click()
    verdict = explorer.locator(".bd-solve-verdict")
    expect(verdict).to_contain_text("this deal is won", timeout=90_000)
    expect(verdict).to_contain_text(method)
    move = explorer.locator(".bd-solve-move")
    expect(move).to_contain_text("the plan has")
    explorer.locator(".bd-solve-next").click()
    expect(move).to_have_text(re.compile(r"move 1 of \d+"))
    explorer.locator(".bd-solve-last").click()
    expect(move).to_contain_text("win")
