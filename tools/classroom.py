"""``make classroom``: serve every notebook as a Voila app on this machine, for a lesson.

Voila runs each notebook top to bottom and shows only its text and live widgets, no code,
so a class sees the lesson, not the Python.  The server listens on 127.0.0.1 only (a
projector on the teacher's machine; each student runs their own copy), prints the address
of every app, and stops with its kernels on Ctrl-C.

    python tools/classroom.py [--port 8866] [--folder notebooks]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CELL_TIMEOUT = 60
"""Seconds Voila lets one cell run before it gives up on the page: every cell that runs
when a notebook opens must finish well inside it on a busy machine (live runs wait for a
button).  ``tests/test_browser_loaded_classroom.py`` opens the slowest notebooks with
these very settings while another process keeps a core busy."""


def voila_command(folder: Path, port: int) -> list[str]:
    """The command that serves ``folder`` as Voila apps on 127.0.0.1:``port``."""
    return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1", f"--VoilaExecutor.timeout={CELL_TIMEOUT}", str(folder)]


def title_of(notebook: Path) -> str:
    """The first Markdown heading of ``notebook`` (its title as the lesson list shows it)."""
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return notebook.stem


def apps(folder: Path, port: int) -> list[tuple[str, str]]:
    """(title, address) of every notebook in ``folder``, in file order."""
    return [(title_of(nb), f"http://127.0.0.1:{port}/voila/render/{nb.name}")
            for nb in sorted(folder.glob("*.ipynb"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8866))
    parser.add_argument("--folder", type=Path, default=ROOT / "notebooks")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"no folder {args.folder}")
    lessons = apps(args.folder, args.port)
    print(f"Classroom: {len(lessons)} apps at http://127.0.0.1:{args.port}/ "
          "(Ctrl-C stops the server)")
    for title, address in lessons:
        print(f"  {title}\n    {address}")
    sys.stdout.flush()
    # Ctrl-C stops the server even when this was started where SIGINT is ignored (a
    # shell's background job without job control, a CI runner): Python then leaves it
    # ignored, and the server would outlive its launcher.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    server = subprocess.Popen(
        voila_command(args.folder, args.port),
        start_new_session=True,  # its own process group: Ctrl-C here stops it and its kernels
    )
    try:
        return server.wait()
    except KeyboardInterrupt:
        print("\nStopping the classroom server…")
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        print("Stopped.")
        return 0


if __name__ == "__main__":
    sys.exit(main())
