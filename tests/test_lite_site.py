"""The JupyterLite site (``make lite``) in a real browser, with nothing but the site to reach.

The site is built (or left as it is when its inputs have not changed: the build's stamp is a
hash of the locks, the code, the notebooks and the results they read), served on 127.0.0.1 by
``python -m http.server``, and opened in Chromium with every request to any other address
failing (sent to a proxy that does not exist).  Each notebook runs top to bottom in the
Pyodide kernel; no cell may end in an error (05's CP-SAT cells say in a sentence that
CP-SAT needs the desktop install, which is not an error), and each game table takes three
moves by clicking.

Each notebook's time in the browser is printed (``-s`` shows it); the desktop's is in the
README, next to it.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from urllib.parse import urlparse

import pytest
from harness import ARTIFACTS, NOTEBOOKS, ROOT, TablePage, free_port, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK_NAMES = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))

GAME_TABLES = {
    "01-hearts": ".cardlib-table-hearts",
    "02-diamonds": ".cardlib-table-diamonds",
    "03-diams": ".cardlib-table-diams",
    "04-black-diamond": ".cardlib-table-black-diamond",
    "07-cruce": ".cardlib-table-cruce",
}
"""The game table each game notebook shows once it has run (as in test_browser_classroom)."""

CPSAT_NOTEBOOK = "05-black-diamond-solver"
KERNEL_START_MS = 180_000  # first start: Pyodide, then the kernel's own wheels
NOTEBOOK_MS = 300_000


def load_build():
    """tools/lite/build.py, the one place that knows how the site is made."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "tools/lite/build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def lite_build():
    return load_build()


@pytest.fixture(scope="module")
def lite_url(browser, lite_build):
    """The site, built if its inputs changed, served from its folder on 127.0.0.1."""
    start = time.perf_counter()
    built = lite_build.build()
    print(f"\nlite site {'built' if built else 'up to date'} in "
          f"{time.perf_counter() - start:.1f} s")
    port = free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    with serve(command, port, lite_build.OUT, "lite-http.log") as url:
        yield url


def walled_context(browser, site_url: str):
    """A new browser context that reaches the site and nothing else; ``context.outside``
    lists the other addresses it tried.

    Every request goes through a proxy that does not exist, except those to 127.0.0.1
    (the site).  Playwright's ``route`` would abort them as well, but any route makes
    Chromium bypass the site's service worker, through which the kernel reads the site's
    files (a notebook's ``../benchmarks/results/``): the walled page would then fail where
    a student's does not."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 1600},
        proxy={"server": f"http://127.0.0.1:{free_port()}", "bypass": "127.0.0.1"})
    context.outside = []
    site = urlparse(site_url).netloc

    def failed(request):
        parsed = urlparse(request.url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.netloc != site:
            context.outside.append(request.url)

    context.on("requestfailed", failed)
    return context


@pytest.fixture
def fresh_page(browser, lite_url, request):
    """A page in a new browser context: no cache, no storage, as a student's first visit."""
    context = walled_context(browser, lite_url)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.outside = context.outside
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()


@pytest.fixture(scope="module")
def lab(browser, lite_url):
    """One JupyterLab page for every notebook, as a student keeps one tab open: each
    notebook then starts its own kernel there, and the site's files come from the cache."""
    context = walled_context(browser, lite_url)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.outside = context.outside
    page.goto(f"{lite_url}/lab/index.html")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-DirListing')",
                           timeout=KERNEL_START_MS)
    yield page
    context.close()


def test_the_built_site_points_at_what_it_ships(lite_url, lite_build):
    """The checks the build ends with, again on the site as served: a rebuild can silently
    drop pyodideUrl; the shipped Pyodide lock names only shipped files."""
    lite_build.check_site()
    lock = json.loads((lite_build.OUT / "static/pyodide/pyodide-lock.json").read_text())
    assert lock["packages"]["cardlib"]["file_name"].endswith("-py3-none-any.whl")
    assert {"cardlib", "solvers"} <= set(lock["packages"]["cardlib"]["imports"])
    for results in (ROOT / "benchmarks" / "results").iterdir():
        shipped = lite_build.OUT / "files" / "benchmarks" / "results" / results.name
        assert shipped.read_bytes() == results.read_bytes(), results.name


PANEL = """const app = window.jupyterapp;
    const panel = app && [...app.shell.widgets('main')].find(
        w => w.sessionContext && w.context.path === path);"""
"""The panel of the notebook at ``path`` in the page's JupyterLab (not the "current"
widget, which follows focus, and a headless window may have none)."""

RUN_ALL = """async (path) => {
    """ + PANEL + """
    app.shell.activateById(panel.id);
    await panel.sessionContext.ready;
    await app.commands.execute('notebook:run-all-cells');
}"""

OUTPUTS = """(path) => {
    """ + PANEL + """
    return panel.content.widgets.filter(c => c.model.type === 'code').map(c => ({
        source: c.model.sharedModel.source.slice(0, 80),
        outputs: c.model.outputs.toJSON(),
    }));
}"""


CLOSE = """async (path) => {
    """ + PANEL + """
    await panel.sessionContext.shutdown();
    panel.dispose();
}"""

KERNEL_IDLE = """(path) => { """ + PANEL + """
    const s = panel && panel.sessionContext.session;
    return !!(s && s.kernel && s.kernel.status === 'idle'); }"""


def notebook_path(notebook: str) -> str:
    return f"notebooks/{notebook}.ipynb"


def test_first_start(fresh_page, lite_url):
    """Page load to an idle kernel, on a browser that has never seen the site."""
    start = time.perf_counter()
    fresh_page.goto(f"{lite_url}/lab/index.html?path={notebook_path('00-start-here')}")
    fresh_page.wait_for_function(KERNEL_IDLE, arg=notebook_path("00-start-here"),
                                 timeout=KERNEL_START_MS, polling=500)
    seconds = time.perf_counter() - start
    print(f"\nfirst start (page load to kernel idle): {seconds:.1f} s")
    record("first start", seconds)
    assert fresh_page.outside == [], f"the site asked for other addresses: {fresh_page.outside}"


def record(what: str, seconds: float) -> None:
    """Keep a time in test-artifacts/lite-times.json, for the README's table."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "lite-times.json"
    times = json.loads(path.read_text()) if path.exists() else {}
    times[what] = round(seconds, 1)
    path.write_text(json.dumps(times, indent=1))


def errors_in(cells: list[dict]) -> list[str]:
    return [f"{cell['source']!r}: {out['ename']}: {out['evalue']}"
            for cell in cells for out in cell["outputs"] if out["output_type"] == "error"]


def text_of(cells: list[dict]) -> str:
    parts = []
    for cell in cells:
        for out in cell["outputs"]:
            parts.append(out.get("text", ""))
            for kind in ("text/plain", "text/markdown", "text/html"):
                parts.append(out.get("data", {}).get(kind, ""))
    return "\n".join("".join(p) if isinstance(p, list) else p for p in parts)


@pytest.mark.parametrize("notebook", NOTEBOOK_NAMES)
def test_a_notebook_runs_in_the_browser(lab, notebook):
    path = notebook_path(notebook)
    start = time.perf_counter()
    lab.evaluate("async (path) => { await window.jupyterapp.commands.execute("
                 "'docmanager:open', {path}); }", path)
    lab.wait_for_function(KERNEL_IDLE, arg=path, timeout=KERNEL_START_MS, polling=500)
    started = time.perf_counter()
    lab.evaluate(RUN_ALL, path)  # resolves once the last cell ran (or one failed)
    lab.wait_for_function(KERNEL_IDLE, arg=path, timeout=NOTEBOOK_MS, polling=500)
    seconds = time.perf_counter() - started
    print(f"\n{notebook}: kernel in {started - start:.1f} s, "
          f"ran top to bottom in the browser in {seconds:.1f} s")
    record(notebook, seconds)
    cells = lab.evaluate(OUTPUTS, path)
    (ARTIFACTS / f"lite-{notebook}-outputs.json").write_text(json.dumps(cells, indent=1))
    try:
        assert errors_in(cells) == []
        if notebook == CPSAT_NOTEBOOK:
            assert "make lab" in text_of(cells), "05 does not say CP-SAT needs `make lab`"
        if notebook in GAME_TABLES:
            table = TablePage(lab, GAME_TABLES[notebook])
            table.table.scroll_into_view_if_needed()
            before = table.moves_shown()
            for _ in range(3):
                table.play_legal()
            assert table.moves_shown() >= before + 3
        assert lab.outside == [], f"{notebook} asked for addresses outside the site"
    finally:
        lab.screenshot(path=str(ARTIFACTS / f"lite-{notebook}.png"))
        lab.evaluate(CLOSE, path)
