"""``make classroom`` serves the notebooks with Voila on 127.0.0.1 and stops on Ctrl-C."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.request

from harness import NOTEBOOKS, ROOT, free_port


def test_classroom_lists_the_apps_serves_them_and_stops_on_ctrl_c():
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "classroom.py"), "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
    )
    try:
        apps = len(list(NOTEBOOKS.glob("*.ipynb")))
        lines = [proc.stdout.readline() for _ in range(1 + 2 * apps)]
        assert lines[0].startswith("Classroom: ") and f"127.0.0.1:{port}" in lines[0]
        for notebook in NOTEBOOKS.glob("*.ipynb"):
            assert any(f"/voila/render/{notebook.name}" in line for line in lines), notebook.name
        deadline = time.monotonic() + 60
        while True:  # Voila answers a few seconds after it starts
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert page.status == 200 and "Voil" in page.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, "Voila never answered"
                time.sleep(0.5)
        app = f"http://127.0.0.1:{port}/voila/render/00-start-here.ipynb"
        with urllib.request.urlopen(app, timeout=60) as page:  # the app itself renders
            assert page.status == 200 and "Start here" in page.read().decode()
        proc.send_signal(signal.SIGINT)  # what Ctrl-C sends to the foreground process
        assert proc.wait(timeout=30) == 0
        assert "Stopped." in proc.stdout.read()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            raise AssertionError("the server still answers after Ctrl-C")
        except OSError:
            pass
    finally:
        if proc.poll() is None:  # a failed check: stop it as Ctrl-C would, server and all
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
