"""Every rule of every registered game's rule book is named by at least one test.

A rule id that no test names is a rule nothing checks: a game could score a failed
contract plus instead of minus, or never "break" trumps, and every generic test would still
pass.  The check is by text: a test names the rule id it checks (in an assertion on
``explain(...).rule``, or in its docstring when it checks the rule's effect), so this file
lists, for each game, the ids found in no test file.  The fix for a failure is a real test
of that rule's effect, with the id in its docstring (``tests/test_rule_coverage_<game>.py``
holds such tests for the rules older tests checked without naming them).
"""

from __future__ import annotations

import re

import pytest
from harness import ROOT

from cardlib import games

TESTS = ROOT / "tests"
ID = r"(?<![\w.-]){}(?![\w-])"
"""An id as a whole word: ``cruce.score.made`` is not found inside ``cruce.score.made-x``,
and a trailing ``.`` ending a sentence still counts."""


def text_of_the_tests() -> str:
    """The text of every test module but this one (which names no rule)."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(TESTS.glob("*.py"))
                     if path.name != "test_rule_coverage.py")


def unnamed(rule_ids, text: str) -> list[str]:
    """The ids of ``rule_ids`` that ``text`` never names."""
    return [rule for rule in rule_ids if not re.search(ID.format(re.escape(rule)), text)]


@pytest.mark.parametrize("name", games.names())
def test_every_rule_is_named_by_some_test(name):
    missing = unnamed(games.get(name).rules, text_of_the_tests())
    assert not missing, (
        f"{name}: no test names the rule(s) {', '.join(missing)}; add a test that checks "
        "each one's effect and names its id (tests/test_rule_coverage_<game>.py)")


def test_the_check_finds_only_whole_ids():
    text = "assert why.rule == 'toy.follow'  # and toy.lead-any, toy.end."
    assert unnamed(["toy.follow", "toy.lead", "toy.lead-any", "toy.end", "toy.follow-suit"],
                   text) == ["toy.lead", "toy.follow-suit"]
