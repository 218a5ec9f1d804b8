"""Classroom mode: how long a click on a game table takes to show in a real browser.

Run:  .venv/bin/python benchmarks/classroom.py [--clicks 12] [NOTEBOOK ...]

Every game notebook of the browser test (``GAME_TABLES`` in
``tests/test_browser_classroom.py``; name some to time only those) is served by Voila and
opened in Debian's Chromium through Playwright, as in a lesson.  On its game table, round
after round:

* the baseline: "Large display" on, then off, each timed from the click until the table
  carries (or drops) its class: a round trip through the kernel that plays nothing, the
  widget machinery alone;
* a move: the first legal move button, timed from the click until the board shows the new
  position (in Hearts, after the bots' answers: what the learner waits for).

Per game it prints the median and maximum of the moves and of the baseline, and the
moves' median as a ratio of the baseline's, both measured on the same page in the same
run, so the load of a shared machine weighs on both alike: the ratio is what compares from
one run to the next.  Also the time from opening the page to a playable table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from harness import CHROMIUM, CHROMIUM_ARGS, TablePage, open_app, voila_server  # noqa: E402
from test_browser_classroom import GAME_TABLES  # noqa: E402


def time_clicks(browser, url: str, notebook: str, selector: str,
                clicks: int) -> tuple[float, list[float], list[float]]:
    """Seconds to a playable table, then ``clicks`` rounds of the baseline (two toggles)
    and a move; returns (load, baseline times, move times).  Fewer moves if the game ends."""
    start = time.perf_counter()
    page = open_app(browser, url, notebook, f"{selector} button.cardlib-legal")
    load = time.perf_counter() - start
    table = TablePage(page, selector)
    baseline: list[float] = []
    moves: list[float] = []
    try:
        for _ in range(clicks):
            baseline += [table.set_large(True), table.set_large(False)]
            if not table.can_go_on():
                break  # the game is over
            moves.append(table.play_legal())  # presses "Next hand" or opens a first step
    finally:
        page.close()
    return load, baseline, moves


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.0f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to time (default: all)")
    parser.add_argument("--clicks", type=int, default=12, help="moves per game")
    args = parser.parse_args(argv)
    known = dict(GAME_TABLES)
    chosen = args.notebooks or list(known)
    unknown = [name for name in chosen if name not in known]
    if unknown:
        parser.error(f"no game notebook {unknown[0]!r}; known: {', '.join(known)}")
    if not CHROMIUM.exists():
        parser.error(f"needs Debian's Chromium at {CHROMIUM} (apt-get install -y chromium)")

    from playwright.sync_api import sync_playwright

    print(f"Click to update of each game table, {args.clicks} moves; baseline: the large "
          "display toggled (a kernel round trip that plays nothing)")
    print(f"{'notebook':<20} {'load':>10} {'moves':>5} {'median':>10} {'max':>10} "
          f"{'base med':>10} {'base max':>10} {'ratio':>6}")
    with voila_server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for name in chosen:
                load, baseline, moves = time_clicks(browser, url, name, known[name],
                                                    args.clicks)
                base = statistics.median(baseline)
                print(f"{name:<20} {load:9.1f}s {len(moves):>5} "
                      f"{ms(statistics.median(moves)):>10} {ms(max(moves)):>10} "
                      f"{ms(base):>10} {ms(max(baseline)):>10} "
                      f"{statistics.median(moves) / base:5.1f}x", flush=True)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
