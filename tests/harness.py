"""Shared test machinery: run notebooks headless, serve them with Voila, drive Chromium.

Facts this rests on (measured on this kind of machine, see shared/notes):
* nbclient's emulation of the ipywidgets ``Output`` widget can stall a cell headless
  (jupyter/nbclient#312); we turn that emulation off, so captured output becomes plain
  cell output, and always set a finite timeout.
* Playwright cannot download browsers here; its bundled driver runs Debian's
  ``/usr/bin/chromium`` with the flags below.
* Voila executes notebooks with nbclient too: a per-cell timeout bounds the same race.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def browser_required() -> bool:
    """In CI (or when asked) a missing browser is a failure, never a skip."""
    return bool(os.environ.get("CI") or os.environ.get("CARDLIB_REQUIRE_BROWSER"))


def run_notebook(path: Path, timeout: int = 120) -> nbformat.NotebookNode:
    """Execute ``path`` top to bottom on a fresh kernel in its own folder; return it."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.comm_open_handlers["jupyter.widget"] = lambda msg: None
    client.execute()
    return nb


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serve(command: list[str], port: int, folder: Path, log_name: str,
          timeout: float = 60) -> Iterator[str]:
    """Run the web server ``command``, listening on 127.0.0.1:``port``, in ``folder``; yield
    its base URL once it answers; stop it and its children afterwards.

    One place for every server a test starts (Voila, the classroom's Voila, a static
    site), so each waits, logs and cleans up the same way; its log is
    ``test-artifacts/<log_name>``, which the failure message names.
    """
    log = ARTIFACTS / log_name
    ARTIFACTS.mkdir(exist_ok=True)
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, cwd=folder)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"{command[0]} exited early; see {log}")
                try:
                    urllib.request.urlopen(base + "/", timeout=2)
                    break
                except OSError as exc:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"server silent for {timeout}s; see {log}") from exc
                    time.sleep(0.3)
            yield base
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def voila_server(folder: Path = NOTEBOOKS,
                 timeout: float = 60) -> contextlib.AbstractContextManager[str]:
    """Serve ``folder`` with Voila on 127.0.0.1; yields the base URL; stops it and its kernels."""
    port = free_port()
    command = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", "--VoilaExecutor.timeout=30", str(folder)]
    return serve(command, port, folder, "voila.log", timeout)


# --- a game table in a Voila page (browser tests and benchmarks/classroom.py) -------------

WAIT_MS = 60_000
"""Playwright's patience: generous, the machine is shared and Voila's kernels are slow."""


def open_app(browser, base_url: str, notebook: str, wait_for: str):
    """A new Chromium page with ``notebook`` rendered by Voila, once ``wait_for`` shows.

    The CDN Voila asks for Font Awesome is unreachable here: aborting it at once keeps the
    page from waiting on it.
    """
    page = browser.new_page(viewport={"width": 1280, "height": 1600})
    page.set_default_timeout(WAIT_MS)
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.goto(f"{base_url}/voila/render/{notebook}.ipynb")
    page.wait_for_selector(wait_for, state="visible", timeout=90_000)
    return page


class TablePage:
    """One game table (:class:`cardlib.widgets.GameTable`) in a page, clicked as a learner
    clicks it.  ``selector`` picks the table (the first match), e.g.
    ``.cardlib-table-hearts``; what the table shows is read from its data attributes.

    A click reaches the kernel, which sends the widgets' new values one by one: the board
    first, the move buttons last.  So every click here waits for its own effect (the board's
    move count) and then for the old buttons to go, before the next click can hit one.
    """

    def __init__(self, page, selector: str):
        self.page = page
        self.selector = selector
        self.table = page.locator(selector).first

    # --- reading ---------------------------------------------------------------------------
    def moves_shown(self) -> int:
        """How many moves led to the position on the board."""
        return int(self.table.locator(".cardlib-board [data-cardlib-moves]")
                   .get_attribute("data-cardlib-moves"))

    def board_html(self) -> str:
        return self.table.locator(".cardlib-board [data-cardlib-moves]").inner_html()

    def has_legal(self) -> bool:
        return self.table.locator("button.cardlib-legal").count() > 0

    def can_go_on(self) -> bool:
        """Whether the table offers a way on: a legal move, a first step towards one, or
        "Next hand" (all three gone: the game is over)."""
        sel = self.selector
        return self.page.locator(f"{sel} button.cardlib-legal, {sel} button.cardlib-step-legal, "
                                 f"{sel} button.cardlib-next-hand:visible").count() > 0

    def has_illegal(self) -> bool:
        return self.table.locator("button.cardlib-illegal").count() > 0

    def wait_moves(self, test: str, count: int) -> None:
        """Wait until the board's move count ``test`` (a JS comparison: ``>``, ``===``)
        ``count``."""
        self.page.wait_for_function(
            "([sel, n]) => { const b = document.querySelector(sel + ' .cardlib-board "
            f"[data-cardlib-moves]'); return b && Number(b.dataset.cardlibMoves) {test} n; }}",
            arg=[self.selector, count])

    # --- clicking --------------------------------------------------------------------------
    def click_and_redraw(self, button, until) -> float:
        """Click ``button``, wait for ``until()`` (the table's update) and return the seconds
        from the click to it; then wait until the clicked button is replaced."""
        handle = button.element_handle()
        start = time.perf_counter()
        button.click()
        until()
        elapsed = time.perf_counter() - start
        self.page.wait_for_function("(el) => !el.isConnected", arg=handle)
        return elapsed

    def play_legal(self) -> float:
        """Play the first legal move; the seconds from the click to the board's update.
        At a hand's end, first press "Next hand" (not timed)."""
        self.go_on()
        before = self.moves_shown()
        button = self.table.locator("button.cardlib-legal").first
        return self.click_and_redraw(button, lambda: self.wait_moves(">", before))

    def go_on(self) -> None:
        """Wait for a legal move button or, at a hand's end, the "Next hand" button (the
        table then shows the hand's tally and no move); press the latter, and wait for the
        next legal move.  When every legal move lies behind a first step (a Diam's market
        visit: which card you go with), open the first such step."""
        sel = self.selector
        self.page.wait_for_selector(f"{sel} button.cardlib-legal, "
                                    f"{sel} button.cardlib-step-legal, "
                                    f"{sel} button.cardlib-next-hand:visible")
        next_hand = self.table.locator("button.cardlib-next-hand")
        if next_hand.is_visible():
            next_hand.click()
            self.page.wait_for_selector(f"{sel} button.cardlib-legal, "
                                        f"{sel} button.cardlib-step-legal")
        if not self.has_legal():  # every legal move lies behind a first step (Diam's market)
            self.table.locator("button.cardlib-step-legal").first.click()
            self.page.wait_for_selector(f"{sel} button.cardlib-legal")

    def try_illegal(self) -> str:
        """Click the first move the rules refuse; the rule id the message line cites (the
        line must not show a refusal already: that one would be read)."""
        self.table.locator("button.cardlib-illegal").first.click()
        self.page.wait_for_function(
            "(sel) => document.querySelector(sel + ' .cardlib-msg-illegal code')",
            arg=self.selector)
        return self.table.locator(".cardlib-msg-illegal code").inner_text().strip("[]")

    def set_large(self, on: bool) -> float:
        """Press "Large display", which switches it ``on`` (or off); the seconds from the
        click until the table carries (or drops) its class: a round trip to the kernel that
        plays nothing."""
        start = time.perf_counter()
        self.table.locator(".cardlib-large-toggle").click()
        self.page.wait_for_function(
            "([sel, on]) => document.querySelector(sel).classList.contains('cardlib-large')"
            " === on", arg=[self.selector, on])
        return time.perf_counter() - start
