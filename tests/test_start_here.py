"""What notebook 00 tells a newcomer: that every game is ready, and where to go for what.

Issue 29 (item 15): 00 still said "Some of these are still being written" and its "Where
to go next" named only 01 and 04.  These tests read the stored notebook (no kernel).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
START = NOTEBOOKS / "00-start-here.ipynb"
README = NOTEBOOKS.parent / "README.md"


def _cells() -> list[dict]:
    return json.loads(START.read_text(encoding="utf-8"))["cells"]


def _words(cell: dict) -> str:
    return " ".join("".join(cell["source"]).split())


def _next_steps() -> str:
    found = [_words(c) for c in _cells() if "".join(c["source"]).startswith("## Where to go")]
    assert len(found) == 1, "00 has no single 'Where to go next' section"
    return found[0]


def test_start_here_no_longer_says_notebooks_are_being_written():
    text = " ".join(_words(c) for c in _cells())
    assert "still being written" not in text


def test_where_to_go_next_points_to_every_other_notebook():
    steps = _next_steps()
    others = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if not p.stem.startswith("00"))
    assert len(others) >= 8
    assert [name for name in others if f"`{name}`" not in steps] == []


def test_where_to_go_next_is_by_what_you_want_and_names_the_classroom_command():
    steps = _next_steps()
    for want in ("learn a game", "solve a Black Diamond deal", "run a lesson"):
        assert want in steps
    assert "`make classroom`" in steps


def test_the_readme_sections_it_points_to_exist():
    headings = re.findall(r"^#+ (.+)$", README.read_text(encoding="utf-8"), flags=re.M)
    for section in re.findall(r"README's \*([^*]+)\*", _next_steps()):
        assert section in headings, f"README has no section {section!r}"


def test_the_trick_step_names_cards_not_seat_numbers():
    code = " ".join(_words(c) for c in _cells() if c["cell_type"] == "code")
    assert '"seat"' not in code and "print(\"seat" not in code
