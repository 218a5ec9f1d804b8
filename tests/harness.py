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
def voila_server(folder: Path = NOTEBOOKS, timeout: float = 60) -> Iterator[str]:
    """Serve ``folder`` with Voila on 127.0.0.1; yields the base URL; stops it and its kernels."""
    port = free_port()
    log = ARTIFACTS / "voila.log"
    ARTIFACTS.mkdir(exist_ok=True)
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--VoilaExecutor.timeout=30", str(folder)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=folder,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"voila exited early; see {log}")
                try:
                    urllib.request.urlopen(base + "/", timeout=2)
                    break
                except OSError as exc:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"voila silent for {timeout}s; see {log}") from exc
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
