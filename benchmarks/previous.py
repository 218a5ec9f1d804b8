"""Load an earlier version of the exact search from git, to time it in the same run.

Timings are only comparable within one process on one machine at one load, so a
benchmark that reports a speed-up runs the version it compares against side by side,
rather than quoting figures from another day.  The source comes from ``git show`` and is
imported under a private name, so the tree keeps one copy of the search.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_search(revision: str, path: str = "solvers/search.py") -> ModuleType:
    """``solvers.search`` as it was at ``revision`` (any git revision), as a plain Python
    module (never the compiled one ``setup.py`` builds)."""
    try:
        source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"cannot read {path} at {revision!r}: {exc.stderr.strip()}") from exc
    name = f"solvers._search_at_{revision.replace('-', '_').replace('~', '_').replace('^', '_')}"
    return run_source(source, name, f"{revision}:{path}", path)


def load_plain_search(path: str = "solvers/search.py") -> ModuleType:
    """The search in the working tree, run as plain Python even where ``make install``
    compiled it: what the compiler alone buys, next to what a change to the search buys."""
    return run_source((ROOT / path).read_text(), "solvers._search_plain", path, path)


def run_source(source: str, name: str, label: str, path: str) -> ModuleType:
    """Execute ``source`` as module ``name`` of the ``solvers`` package."""
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "solvers"  # its relative imports (.result) resolve as in the tree
    module.__file__ = str(ROOT / path)  # a .py: the search knows it is not compiled
    sys.modules[name] = module
    exec(compile(source, label, "exec"), module.__dict__)
    return module
