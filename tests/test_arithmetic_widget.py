"""The arithmetic-rule explorer, driven from Python as a reader's clicks would drive it.

Setting a dropdown's ``value`` fires the same ``observe`` callback a browser change does,
so these tests exercise the widget's wiring, not just the module it calls.  Expected
verdicts are the hand-worked cases of ``test_arithmetic.py``.
"""

from __future__ import annotations

import pytest
from traitlets import TraitError

from solvers.widgets import arithmetic_explorer
from solvers.widgets.arithmetic_explorer import VALUE_OPTIONS, ArithmeticExplorer


def test_starts_on_the_seed_texts_example():
    explorer = ArithmeticExplorer()
    assert (explorer.diamond_a.value, explorer.diamond_b.value, explorer.card.value) == (2, 6, 12)
    assert explorer.verdict == "allowed" and explorer.allowed
    assert explorer.latex == r"$12 = 2 \times 6$"
    assert explorer.explanation.value == explorer.latex
    assert explorer.verdict_label.value == "Q between 2♦ and 6♦: allowed"


def test_changing_the_card_dropdown_updates_verdict_and_latex():
    explorer = ArithmeticExplorer()
    explorer.card.value = 3  # the exact quotient 6 ÷ 2
    assert explorer.verdict == "allowed"
    assert explorer.latex == r"$3 = 6 \div 2$"
    explorer.card.value = 7
    assert explorer.verdict == "refused" and not explorer.allowed
    assert explorer.latex.startswith("$7$ is not allowed between $2$ and $6$")
    assert "bd-arith-refused" in explorer.verdict_label._dom_classes
    assert "bd-arith-allowed" not in explorer.verdict_label._dom_classes


def test_changing_a_diamond_updates_the_verdict():
    explorer = ArithmeticExplorer(a=7, b=2, card=9)
    assert explorer.verdict == "allowed"  # 7 + 2
    explorer.diamond_b.value = 3  # 7 and 3: 7, 3, 10, 4 — no 9
    assert explorer.verdict == "refused"
    assert r"$7 \div 3 = \frac{7}{3}$ (not a whole number)" in explorer.latex


@pytest.mark.parametrize("a, b, card, verdict, latex_part", [
    (7, 2, 3, "refused", r"\frac{7}{2}"),             # inexact quotient
    (5, 5, 1, "allowed", r"$1 = 5 \div 5$"),          # equal diamonds: quotient 1
    (5, 5, 7, "refused", "$5 - 5 = 0$ (zero is no card)"),
    (9, 8, 4, "refused", "$9 + 8 = 17$ (more than 13, the king)"),
    (1, 7, 7, "allowed", r"$7 = 1 \times 7 = 7 \div 1$"),  # divisor of 1
    (2, 2, 4, "allowed", r"$4 = 2 + 2 = 2 \times 2$"),     # sum and product
    (12, 1, 13, "allowed", "$13 = 12 + 1$"),               # the king from Q and A
])
def test_edge_cases_through_choose(a, b, card, verdict, latex_part):
    explorer = ArithmeticExplorer().choose(a=a, b=b, card=card)
    assert explorer.verdict == verdict
    assert latex_part in explorer.latex
    assert explorer.explanation.value == explorer.latex


def test_allowed_row_lists_every_allowed_card_by_name():
    explorer = ArithmeticExplorer().choose(a=12, b=1)
    assert "A, J, Q, K" in explorer.allowed_row.value


def test_a_value_outside_the_deck_is_refused_and_the_state_kept():
    explorer = ArithmeticExplorer()
    with pytest.raises(TraitError):
        explorer.choose(a=14)
    assert explorer.diamond_a.value == 2
    assert explorer.verdict == "allowed" and explorer.latex == r"$12 = 2 \times 6$"


def test_controls_carry_classes_a_browser_test_can_find():
    explorer = ArithmeticExplorer()
    assert "bd-arith-explorer" in explorer._dom_classes
    for control, css in [
        (explorer.diamond_a, "bd-arith-a"),
        (explorer.diamond_b, "bd-arith-b"),
        (explorer.card, "bd-arith-card"),
        (explorer.verdict_label, "bd-arith-verdict"),
        (explorer.explanation, "bd-arith-explanation"),
    ]:
        assert css in control._dom_classes
        assert control in _descendants(explorer)
    assert [label for label, _ in VALUE_OPTIONS][:2] == ["A (1)", "2"]
    assert [label for label, _ in VALUE_OPTIONS][-3:] == ["J (11)", "Q (12)", "K (13)"]


def _descendants(box):
    for child in box.children:
        yield child
        if hasattr(child, "children"):
            yield from _descendants(child)


def test_a_failure_while_redrawing_shows_in_the_message_line(monkeypatch):
    explorer = ArithmeticExplorer()
    assert explorer.message.value == ""              # no empty line while all is well

    def broken(a, b):
        raise RuntimeError("sympy gave up")

    monkeypatch.setattr(arithmetic_explorer, "justifications", broken)
    explorer.card.value = 3                          # must not raise out of the change
    assert explorer.message_kind == "error" and "sympy gave up" in explorer.message.value
