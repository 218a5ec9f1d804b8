"""Promises the project makes about itself: one dependency list, clean notebooks, layering."""

from __future__ import annotations

import ast
import json
import tomllib

import pytest
import yaml
from harness import NOTEBOOKS, ROOT
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from cardlib import games

NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_environment_yml_installs_the_project_through_pip():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = env["dependencies"]
    assert any(str(d).startswith("python=3.11") for d in deps)
    assert "pip" in deps
    pip_section = next(d["pip"] for d in deps if isinstance(d, dict) and "pip" in d)
    assert pip_section == ['-e ".[dev]"'] or pip_section == ["-e .[dev]"], pip_section
    # nothing else is declared there: pyproject.toml is the one list of dependencies
    conda_packages = [d for d in deps if isinstance(d, str)]
    assert sorted(conda_packages) == ["pip", "python=3.11"]


def test_pyproject_declares_the_required_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

    def names(deps):
        return {canonicalize_name(Requirement(d).name) for d in deps}

    extras = project["optional-dependencies"]
    runtime, desktop, dev = names(project["dependencies"]), names(extras["desktop"]), extras["dev"]
    # the engine's needs are required (a browser installs them); the mission's desktop
    # packages come with every desktop install: dev (environment.yml, the lock) holds desktop
    assert {"ipywidgets", "sympy"} <= runtime
    assert {"jupyterlab", "ortools"} <= desktop
    assert any(Requirement(d).name == "cardlib" and {"desktop", "lite"} <= Requirement(d).extras
               for d in dev)
    assert {"pytest", "hypothesis", "nbclient", "playwright", "voila", "ruff"} <= names(dev)
    assert "open-spiel" in names(dev) and "open-spiel" not in runtime | desktop


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=lambda p: p.name)
def test_notebooks_are_stored_without_outputs(path):
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"{path.name}: a cell has stored outputs"
            assert cell.get("execution_count") is None, f"{path.name}: execution count stored"


def test_start_here_notebook_exists():
    assert (NOTEBOOKS / "00-start-here.ipynb").exists()


def imports_of(path, root=ROOT):
    """Every module ``path`` imports, relative imports resolved to absolute names (so
    ``from ..hearts.deck import X`` in ``cardlib/diamonds/`` reads ``cardlib.hearts.deck``)."""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                parent = ".".join(base + ((node.module,) if node.module else ()))
                if node.module:
                    yield parent
                else:
                    yield from (f"{parent}.{alias.name}" for alias in node.names)
            elif node.module:
                yield node.module


def test_imports_of_reads_relative_imports(tmp_path):
    inside = ROOT / "cardlib" / "hearts" / "state.py"
    names = set(imports_of(inside))
    assert "cardlib.hearts.deck" in names
    probe = tmp_path / "cardlib" / "diamonds" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from ..hearts import deck\nfrom . import rules\nfrom ..tricks import X\n")
    assert set(imports_of(probe, root=tmp_path)) == {
        "cardlib.hearts", "cardlib.diamonds.rules", "cardlib.tricks"}


CORE = ["cards", "protocol", "options", "tricks", "bots", "display", "svg", "charts", "move_text",
        "coach"]
"""The core: modules ``cardlib/<name>.py`` and packages ``cardlib/<name>/`` (the trick kit)."""
GAME_PACKAGES = [games.package(name).removeprefix("cardlib.") for name in games.names()]
"""Every registered game's package (``cardlib/games.py`` is the one list of games)."""
ABOVE_GAMES = ["widgets", "render"]


def core_files(module):
    """The source files of a core module, or of every module of a core package."""
    package = ROOT / "cardlib" / module
    if package.is_dir():
        return sorted(package.glob("*.py"))
    return [ROOT / "cardlib" / f"{module}.py"]


def test_the_core_list_names_every_core_module():
    cardlib = ROOT / "cardlib"
    modules = {p.stem for p in cardlib.glob("*.py")} - {"__init__", "games"}
    packages = {p.parent.name for p in cardlib.glob("*/__init__.py")}
    packages -= set(GAME_PACKAGES) | set(ABOVE_GAMES)
    unknown = sorted((modules | packages) - set(CORE))
    assert not unknown, (
        f"cardlib/ holds {', '.join(unknown)}, which is neither a registered game nor listed "
        "as core: a new game's package is registered in cardlib/games.py (its name, its "
        "package, its renderer); a module every game may import (it imports no game) is "
        "added to CORE in tests/test_project.py; a module that draws or teaches games "
        "belongs under cardlib/render/ or cardlib/widgets/")
    assert set(CORE) <= modules | packages, f"CORE names what cardlib/ lacks: {CORE}"


@pytest.mark.parametrize("module", CORE)
def test_core_imports_no_game(module):
    files = core_files(module)
    assert files and all(path.exists() for path in files), module
    for path in files:
        for name in imports_of(path):
            assert not name.startswith(tuple(f"cardlib.{g}" for g in GAME_PACKAGES)), name
            assert not name.startswith(("cardlib.widgets", "cardlib.render", "solvers")), name


def test_games_import_only_the_core():
    for game in GAME_PACKAGES:
        for path in (ROOT / "cardlib" / game).glob("*.py"):
            for name in imports_of(path):
                if name.startswith("cardlib."):
                    top = name.split(".")[1]
                    assert top in CORE or top == game, f"{path}: imports {name}"
                assert not name.startswith("solvers"), f"{path}: imports {name}"


def test_cardlib_never_imports_solvers():
    for path in (ROOT / "cardlib").rglob("*.py"):
        for name in imports_of(path):
            assert not name.startswith("solvers"), f"{path}: imports {name}"


def test_the_readme_protocol_example_runs():
    """The README's protocol section is code: run it, so it cannot drift from the API."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## The Game protocol"):]
    code = section[section.index("```python\n") + 10: section.index("```\n", 10)]
    assert "game.new(" in code and "state.teams" in code
    exec(compile(code, "README.md", "exec"), {})


def _lock_pins() -> dict[str, str]:
    """Package name -> pinned version, from requirements.lock."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line and not line.startswith((" ", "#")) and "==" in line:
            name, version = line.split(" ")[0].split(";")[0].split("==")
            pins[canonicalize_name(name)] = version
    return pins


def test_the_lock_pins_every_declared_dependency_within_its_range():
    """`make lock` writes requirements.lock from pyproject.toml; an edit to the dependency
    list without remaking the lock fails here, not on a student's fresh install."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = [*project["dependencies"],
                *(spec for extra in project["optional-dependencies"].values() for spec in extra
                  if Requirement(spec).name != project["name"])]  # not dev's cardlib[...]
    pins = _lock_pins()
    text = (ROOT / "requirements.lock").read_text()
    for spec in declared:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is declared but not in requirements.lock: make lock"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {req.name}=={pins[name]}, outside {req.specifier}: "
            "make lock")
    unhashed = [line for line in text.split("\n") if "==" in line and "\\" not in line]
    assert not unhashed, f"pins without hashes: {unhashed[:3]}"
