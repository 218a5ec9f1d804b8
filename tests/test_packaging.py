"""The package installs where the README says it does: without a working C compiler (the
exact search then runs as plain Python), and as a pure wheel a browser's Python can install
(``CARDLIB_PURE=1``, what ``make lite`` ships).

Each test builds a wheel from a copy of the sources (no compiled file in it) with the
project's own setuptools and Cython (``--no-build-isolation``: nothing is downloaded), and
installs it into a folder of its own, away from the editable install of the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from harness import ROOT

pytestmark = pytest.mark.slow

BROKEN_COMPILER = {"CC": "/bin/false", "CXX": "/bin/false", "LDSHARED": "/bin/false"}
"""A compiler that fails whatever it is asked: as good as none, but found on PATH."""


def sources(into: Path) -> Path:
    """What a wheel is built from, as a fresh clone would hold it."""
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__")
    for name in ["cardlib", "solvers"]:
        shutil.copytree(ROOT / name, into / name, ignore=ignore)
    for name in ["setup.py", "pyproject.toml", "README.md"]:
        shutil.copy2(ROOT / name, into / name)
    return into


def build_wheel(tmp_path: Path, **env: str) -> Path:
    source = sources(tmp_path / "src")
    dist = tmp_path / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check",
         "--no-deps", "--no-build-isolation", "-w", str(dist), str(source)],
        env={**os.environ, **env}, capture_output=True, text=True)
    assert result.returncode == 0, f"the wheel did not build:\n{result.stderr[-3000:]}"
    [wheel] = dist.glob("cardlib-*.whl")
    return wheel


def compiled_files(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]


def imported_search(wheel: Path, tmp_path: Path) -> tuple[bool, str]:
    """Install ``wheel`` into a folder of its own and import ``solvers.search`` from there:
    (whether it is the compiled module, the file it came from)."""
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "--no-deps", "--target", str(site), str(wheel)], check=True)
    probe = "import solvers.search as s; print(s.COMPILED); print(s.__file__)"
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, check=True,
                            env={**os.environ, "PYTHONPATH": str(site)},
                            capture_output=True, text=True)
    compiled, path = result.stdout.split()
    return compiled == "True", path


def test_without_a_working_compiler_it_installs_and_the_search_runs_as_plain_python(tmp_path):
    wheel = build_wheel(tmp_path, **BROKEN_COMPILER)
    assert compiled_files(wheel) == []
    compiled, path = imported_search(wheel, tmp_path)
    assert not compiled
    assert path == str(tmp_path / "site" / "solvers" / "search.py")


def test_the_pure_switch_builds_a_wheel_any_python_can_install(tmp_path):
    # no compiler is even tried: the broken one would fail the build if it were
    wheel = build_wheel(tmp_path, CARDLIB_PURE="1", **BROKEN_COMPILER)
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    assert compiled_files(wheel) == []
    compiled, path = imported_search(wheel, tmp_path)
    assert not compiled and path.endswith("search.py")
