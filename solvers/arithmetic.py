"""Black Diamond's arithmetic rule, derived exactly with sympy from the rule's own words.

The engine (:mod:`cardlib.blackdiamond.rules`) answers "may this card go here?" quickly
with :class:`fractions.Fraction`.  This module answers the same question a second, slower
way that a reader can audit line by line, so a test can hold the two against each other:

* each clause of the source sentence ("equal to one of the two diamonds, or to their sum,
  difference, product or quotient") is one entry of :data:`CLAUSES`;
* every clause is evaluated with sympy's exact ``Rational``/``Integer`` (never a float, so
  ``6 ÷ 4`` is ``3/2``, not ``1.5`` that rounds or truncates to a card);
* a value counts only when it is a whole number from 1 (ace) to 13 (king).

Every allowed value keeps the formulas that justify it (``12 = 2 × 6``, ``3 = 6 ÷ 2``),
so a notebook or a widget can show the reason, and :func:`latex_explanation` says in
LaTeX why a card is or is not allowed.

The second half covers the "arithmetic centre" variant (spec, readings table): a centre
card must equal a value built from one to four diamonds with + − × ÷, each diamond used at
most once, any order and bracketing, fractions allowed along the way.
:func:`reachable_values` enumerates that exactly and :func:`centre_comparison` measures
how much it narrows the centre compared with the default "any card" centre.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import sympy
from sympy import Integer, Rational

from cardlib.protocol import Explanation

CARD_VALUES: tuple[int, ...] = tuple(range(1, 14))
"""The card values a black card can have: A=1, 2..10, J=11, Q=12, K=13."""

CARD_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""Face letters for the values a card player calls by name (the rest are their numbers)."""

RULE_SOURCE = (
    "deben tener un valor igual al de una de las dos cartas de diamantes adyacentes, o bien "
    "tener un valor igual a la suma, la diferencia, el producto o el cociente de las dos "
    "cartas de diamantes"
)
"""Placement rule 2 of the seed text (``shared/seeds/003_ee1506daae91f822.txt``), the words
everything here is built from."""

RULE_ID = "black-diamond.place.inner"
"""The id this module cites for the inner-pile rule (the engine's rule book id for it)."""

VARIANT_RULE_ID = "black-diamond.place.centre-arithmetic"
"""The id this module cites for the arithmetic-centre variant."""


def card_name(value: int) -> str:
    """How a card player says a value: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return CARD_NAMES.get(value, str(value))


def _check_value(value: object, what: str) -> int:
    """A card value 1..13, or a ValueError naming the bad one (bools are not values)."""
    if isinstance(value, bool) or not isinstance(value, int | sympy.Integer):
        raise ValueError(f"{what} must be a whole card value 1..13, got {value!r}")
    if not 1 <= int(value) <= 13:
        raise ValueError(f"{what} must be a card value 1..13 (A=1, J=11, Q=12, K=13), "
                         f"got {value}")
    return int(value)


def is_card_value(number: sympy.Rational) -> bool:
    """Whether an exact number is a card value: a whole number from 1 to 13."""
    return bool(number.is_integer) and 1 <= number <= 13


# --- formulas ----------------------------------------------------------------------------

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
_TEXT_SYMBOL = {"+": "+", "-": "−", "*": "×", "/": "÷"}
_LATEX_SYMBOL = {"+": "+", "-": "-", "*": r"\times", "/": r"\div"}


@dataclass(frozen=True)
class Formula:
    """A small arithmetic formula over diamond values, kept as the player would write it.

    sympy's own unevaluated expressions reorder terms and print ``6 - 1*2``; a card player
    reads ``6 − 2``.  So the formula keeps its shape here, its exact ``value`` is computed
    with sympy ``Rational`` arithmetic as it is built, and :attr:`expr` gives the sympy
    expression for anyone who wants to check it with sympy (``expr.doit() == value``).
    """

    value: sympy.Rational
    op: str | None = None
    left: Formula | None = None
    right: Formula | None = None

    @staticmethod
    def diamond(value: int) -> Formula:
        """A single diamond's value (a leaf)."""
        return Formula(Integer(value))

    @staticmethod
    def combine(op: str, left: Formula, right: Formula) -> Formula:
        """``left op right``, evaluated exactly; dividing by zero is refused."""
        x, y = left.value, right.value
        if op == "+":
            value = x + y
        elif op == "-":
            value = x - y
        elif op == "*":
            value = x * y
        elif op == "/":
            if y == 0:
                raise ZeroDivisionError(f"{left} ÷ {right}: division by zero")
            value = x / y
        else:
            raise ValueError(f"unknown operation {op!r}; use + - * /")
        return Formula(value, op, left, right)

    @property
    def is_diamond(self) -> bool:
        return self.op is None

    def diamonds(self) -> tuple[int, ...]:
        """The diamond values the formula uses, left to right."""
        if self.op is None:
            return (int(self.value),)
        assert self.left is not None and self.right is not None
        return self.left.diamonds() + self.right.diamonds()

    def _render(self, symbols: dict[str, str], lpar: str, rpar: str) -> str:
        if self.op is None:
            return str(self.value)
        assert self.left is not None and self.right is not None
        mine = _PRECEDENCE[self.op]

        def part(child: Formula, is_right: bool) -> str:
            text = child._render(symbols, lpar, rpar)
            if child.op is None:
                return text
            theirs = _PRECEDENCE[child.op]
            # Brackets when the child binds looser, or on the right of − and ÷ where
            # a − (b + c) and a ÷ (b × c) would change meaning without them.
            if theirs < mine or (is_right and self.op in "-/" and theirs == mine):
                return f"{lpar}{text}{rpar}"
            return text

        return f"{part(self.left, False)} {symbols[self.op]} {part(self.right, True)}"

    @property
    def text(self) -> str:
        """Plain text as a player writes it: ``(2 + 6) × 3``, ``6 ÷ 2``."""
        return self._render(_TEXT_SYMBOL, "(", ")")

    @property
    def latex(self) -> str:
        r"""LaTeX without dollars: ``2 \times 6``, ``\left(7 + 1\right) \div 2``."""
        return self._render(_LATEX_SYMBOL, r"\left(", r"\right)")

    @property
    def python(self) -> str:
        """The formula with Python/sympy operators, for ``sympy.sympify`` round trips."""
        return self._render({"+": "+", "-": "-", "*": "*", "/": "/"}, "(", ")")

    @property
    def expr(self) -> sympy.Expr:
        """The same formula as an unevaluated sympy expression."""
        if self.op is None:
            return self.value
        assert self.left is not None and self.right is not None
        x, y = self.left.expr, self.right.expr
        if self.op == "+":
            return sympy.Add(x, y, evaluate=False)
        if self.op == "-":
            return sympy.Add(x, sympy.Mul(Integer(-1), y, evaluate=False), evaluate=False)
        if self.op == "*":
            return sympy.Mul(x, y, evaluate=False)
        return sympy.Mul(x, sympy.Pow(y, Integer(-1), evaluate=False), evaluate=False)

    def __str__(self) -> str:
        return self.text


# --- the inner-pile rule, clause by clause -------------------------------------------------

@dataclass(frozen=True)
class Clause:
    """One clause of the rule's words and the formulas it stands for between a and b.

    The source names "the difference" and "the quotient" without an order, so both orders
    are tried; a negative difference or a fraction is simply not a card value.
    """

    id: str
    words: str
    source_words: str
    formulas: tuple[tuple[str | None, str, str], ...]
    """(operation, left, right) with left/right naming ``a`` or ``b``; op None = the leaf."""


CLAUSES: tuple[Clause, ...] = (
    Clause("diamond", "equal to one of the two diamonds",
           "igual al de una de las dos cartas de diamantes adyacentes",
           ((None, "a", ""), (None, "b", ""))),
    Clause("sum", "their sum", "la suma", (("+", "a", "b"),)),
    Clause("difference", "their difference", "la diferencia", (("-", "a", "b"), ("-", "b", "a"))),
    Clause("product", "their product", "el producto", (("*", "a", "b"),)),
    Clause("quotient", "their quotient", "el cociente", (("/", "a", "b"), ("/", "b", "a"))),
)
"""The rule as data: each clause of the source sentence and the formulas it means."""


@dataclass(frozen=True)
class Candidate:
    """One formula the rule's words produce between a and b, whether or not it is a card."""

    clause: Clause
    formula: Formula

    @property
    def value(self) -> sympy.Rational:
        return self.formula.value

    @property
    def is_card(self) -> bool:
        return is_card_value(self.value)

    def why_not(self) -> str | None:
        """Plain words for why this candidate is no card (None when it is one)."""
        v = self.value
        if not v.is_integer:
            return "not a whole number"
        if v == 0:
            return "zero is no card"
        if v < 0:
            return "negative"
        if v > 13:
            return "more than 13, the king"
        return None


def candidates(a: int, b: int) -> list[Candidate]:
    """Every formula the rule's clauses give for diamonds a and b, in the rule's order."""
    a = _check_value(a, "diamond a")
    b = _check_value(b, "diamond b")
    leaves = {"a": Formula.diamond(a), "b": Formula.diamond(b)}
    result = []
    for clause in CLAUSES:
        for op, left, right in clause.formulas:
            if op is None:
                formula = leaves[left]
            else:
                formula = Formula.combine(op, leaves[left], leaves[right])
            result.append(Candidate(clause, formula))
    return result


def justifications(a: int, b: int) -> dict[int, list[Candidate]]:
    """Each card value allowed between diamonds a and b, with every formula that allows it.

    ``justifications(2, 6)[12]`` holds the product ``2 × 6``; a value reached by several
    clauses (between 2 and 2, a 4 is both the sum and the product) lists them all.
    Repeated formulas (the diamond ``2`` named twice when a = b) appear once.
    """
    found: dict[int, list[Candidate]] = {}
    seen: set[tuple[str, str]] = set()
    for candidate in candidates(a, b):
        key = (candidate.clause.id, candidate.formula.text)
        if candidate.is_card and key not in seen:
            seen.add(key)
            found.setdefault(int(candidate.value), []).append(candidate)
    return dict(sorted(found.items()))


def legal_values(a: int, b: int) -> frozenset[int]:
    """The card values allowed on an inner pile between diamonds a and b."""
    return frozenset(justifications(a, b))


def rule_table() -> dict[str, list[int]]:
    """The whole inner-pile rule as data: ``"a,b"`` -> sorted allowed values, 169 pairs.

    This is what ``python -m solvers rule-table`` prints as JSON.
    """
    return {f"{a},{b}": sorted(legal_values(a, b)) for a in CARD_VALUES for b in CARD_VALUES}


def latex_explanation(card_value: int, a: int, b: int) -> str:
    r"""Why a card of ``card_value`` may or may not go between diamonds a and b, in LaTeX.

    Allowed: ``$12 = 2 \times 6$`` (every justifying formula chained with ``=``, and a
    note when the card equals a diamond).  Refused: a sentence listing what each clause
    of the rule gives between a and b, and why each non-card is not one.
    """
    v = _check_value(card_value, "card value")
    found = justifications(a, b).get(v)
    if found:
        parts = []
        if any(c.clause.id == "diamond" for c in found):
            parts.append(f"${v}$ equals a diamond")
        sums = [c.formula.latex for c in found if c.clause.id != "diamond"]
        if sums:
            parts.append("$" + " = ".join([str(v), *sums]) + "$")
        return "; ".join(parts)
    reasons = []
    seen: set[str] = set()
    for candidate in candidates(a, b):
        if candidate.clause.id == "diamond" or candidate.formula.latex in seen:
            continue
        seen.add(candidate.formula.latex)
        shown = sympy.latex(candidate.value)
        line = f"${candidate.formula.latex} = {shown}$"
        why = candidate.why_not()
        reasons.append(f"{line} ({why})" if why else line)
    return (f"${v}$ is not allowed between ${a}$ and ${b}$: it equals neither diamond, "
            "and the sum, differences, product and quotients give "
            + ", ".join(reasons) + ".")


def verdict(card_value: int, a: int, b: int) -> bool:
    """Whether a card of ``card_value`` may go between diamonds a and b."""
    return _check_value(card_value, "card value") in legal_values(a, b)


def explain(card_value: int, a: int, b: int) -> Explanation:
    """The verdict as the protocol's :class:`Explanation`, citing the inner-pile rule id.

    Plain text rather than LaTeX (``12 = 2 × 6``), for places that show no maths.
    """
    v = _check_value(card_value, "card value")
    found = justifications(a, b).get(v)
    name = f"{card_name(v)} between {card_name(a)} and {card_name(b)}"
    if found:
        reasons = ", ".join(
            f"equal to the diamond {c.formula.text}" if c.clause.id == "diamond"
            else f"{v} = {c.formula.text} (the {c.clause.id})"
            for c in found
        )
        return Explanation(True, RULE_ID, f"{name} is allowed: {reasons}")
    allowed = ", ".join(card_name(x) for x in justifications(a, b))
    return Explanation(False, RULE_ID, f"{name} is not allowed: the rule allows only {allowed}")


# --- the arithmetic-centre variant -------------------------------------------------------

# For each multiset of diamond values (a sorted tuple), every value that uses ALL of them
# exactly once, mapped to how it was made: None for a single diamond, else
# (op, left multiset, left value, right multiset, right value).  Only non-negative values
# are kept: any formula with a negative step has a non-negative twin of the same size
# (swap the operands of the offending −), so the positive results are the same; the
# tests check this against an enumeration that keeps negatives.
_Back = tuple[str, tuple[int, ...], sympy.Rational, tuple[int, ...], sympy.Rational] | None


def _splits(values: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to cut a multiset into two non-empty parts, each unordered pair once."""
    n = len(values)
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    result = []
    for mask in range(1, (1 << n) - 1):
        left = tuple(values[i] for i in range(n) if mask >> i & 1)
        right = tuple(values[i] for i in range(n) if not mask >> i & 1)
        key = (left, right) if left <= right else (right, left)
        if key not in seen:
            seen.add(key)
            result.append(key)
    return result


def _combine_all(values: tuple[int, ...],
                 whole_steps: bool = False) -> dict[sympy.Rational, _Back]:
    """All non-negative values of formulas using every value of the multiset once.

    ``whole_steps`` keeps only formulas whose every step is a whole number (to measure
    what the "fractions allowed along the way" reading adds).
    """
    if len(values) == 1:
        return {Integer(values[0]): None}
    made: dict[sympy.Rational, _Back] = {}
    for left, right in _splits(values):
        for x in _exact_use(left, whole_steps):
            for y in _exact_use(right, whole_steps):
                # (operation, result, left operand and its diamonds, right ditto)
                options = [("+", x + y, x, left, y, right), ("*", x * y, x, left, y, right)]
                if x >= y:
                    options.append(("-", x - y, x, left, y, right))
                else:
                    options.append(("-", y - x, y, right, x, left))
                if y != 0:
                    options.append(("/", x / y, x, left, y, right))
                if x != 0:
                    options.append(("/", y / x, y, right, x, left))
                for op, result, p, p_from, q, q_from in options:
                    if whole_steps and not result.is_integer:
                        continue
                    if result not in made:
                        made[result] = (op, p_from, p, q_from, q)
    return made


@cache
def _exact_use(values: tuple[int, ...],
               whole_steps: bool = False) -> dict[sympy.Rational, _Back]:
    """Memoised :func:`_combine_all` for small multisets (shared by every bigger one)."""
    return _combine_all(values, whole_steps)


def _formula(values: tuple[int, ...], value: sympy.Rational,
             table: dict[sympy.Rational, _Back] | None = None,
             whole_steps: bool = False) -> Formula:
    """Rebuild the formula that made ``value`` from ``values`` (follows the back-pointers)."""
    back = (table if table is not None else _exact_use(values, whole_steps))[value]
    if back is None:
        return Formula.diamond(values[0])
    op, left, x, right, y = back
    return Formula.combine(op, _formula(left, x, None, whole_steps),
                           _formula(right, y, None, whole_steps))


def _sub_multisets(values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset, smallest first (so the simplest witness wins)."""
    subs = {
        tuple(sorted(combo))
        for size in range(1, len(values) + 1)
        for combo in itertools.combinations(values, size)
    }
    return sorted(subs, key=lambda s: (len(s), s))


def _checked_diamonds(diamonds: Iterable[int]) -> tuple[int, ...]:
    values = tuple(sorted(_check_value(d, "diamond") for d in diamonds))
    if not 1 <= len(values) <= 4:
        raise ValueError(f"the arithmetic centre uses one to four diamonds, got {len(values)}")
    return values


def reachable_values(diamonds: Sequence[int], *, whole_steps: bool = False,
                     use_all: bool = False) -> dict[int, Formula]:
    """Card values 1..13 that one to four of ``diamonds`` make with + − × ÷, with a witness.

    Each diamond is used at most once, in any order and bracketing; intermediate results
    may be fractions (``(1 + 1 ÷ 4) × 4`` is 5).  The witness uses as few diamonds as any
    formula for that value can.  Exact throughout: sympy ``Rational``.

    Two switches measure other readings (the notebook compares them): ``whole_steps``
    forbids fractional intermediate results, ``use_all`` demands every diamond be used.
    """
    values = _checked_diamonds(diamonds)
    found: dict[int, Formula] = {}
    subs = [values] if use_all else _sub_multisets(values)
    for sub in subs:
        if len(found) == len(CARD_VALUES):
            break  # every card already made with fewer diamonds: bigger sets add nothing
        # The full four-diamond tables are big and rarely shared: build them uncached.
        table = (_exact_use(sub, whole_steps) if len(sub) < 4
                 else _combine_all(sub, whole_steps))
        for value in table:
            if is_card_value(value) and int(value) not in found:
                found[int(value)] = _formula(sub, value, table, whole_steps)
    return dict(sorted(found.items()))


def centre_values(diamonds: Sequence[int]) -> frozenset[int]:
    """The card values the arithmetic centre allows for these diamonds."""
    return frozenset(reachable_values(diamonds))


@dataclass(frozen=True)
class CentreComparison:
    """The default centre (any card) against the arithmetic centre, over many boards."""

    boards: int
    default_mean: float
    variant_mean: float
    variant_min: int
    variant_max: int
    all_thirteen_default: int
    all_thirteen_variant: int
    histogram: dict[int, int]
    """How many boards allow exactly k centre values under the variant."""
    missing_count: dict[int, int]
    """For each card value, on how many boards the variant centre refuses it."""
    hardest: tuple[tuple[int, ...], frozenset[int]]
    """A board with the fewest centre values under the variant, and those values."""

    def summary(self) -> str:
        """A few sentences with the figures, for the notebook and the benchmark."""
        worst, allowed = self.hardest
        missed = max(self.missing_count, key=lambda v: (self.missing_count[v], v))
        return (
            f"{self.boards} boards of four distinct diamonds. Default centre: "
            f"{self.default_mean:.2f} values on average, all 13 on "
            f"{self.all_thirteen_default} boards. Arithmetic centre: "
            f"{self.variant_mean:.2f} on average (min {self.variant_min}, max "
            f"{self.variant_max}), all 13 on {self.all_thirteen_variant} boards. "
            f"Hardest board {list(worst)} allows {sorted(allowed)}. Most often refused: "
            f"{card_name(missed)} ({self.missing_count[missed]} boards)."
        )


def centre_comparison(boards: Iterable[Sequence[int]] | None = None) -> CentreComparison:
    """Compare the two centre rules over ``boards`` (default: every set of 4 distinct values).

    At the table the four diamonds always differ (the diamond deck holds each value once),
    so the default covers exactly the C(13, 4) = 715 boards that can occur.
    """
    if boards is None:
        boards = itertools.combinations(CARD_VALUES, 4)
    counts: list[int] = []
    missing: Counter[int] = Counter({v: 0 for v in CARD_VALUES})
    hardest: tuple[tuple[int, ...], frozenset[int]] | None = None
    for board in boards:
        board = tuple(board)
        allowed = centre_values(board)
        counts.append(len(allowed))
        missing.update(set(CARD_VALUES) - allowed)
        if hardest is None or len(allowed) < len(hardest[1]):
            hardest = (board, allowed)
    if hardest is None:
        raise ValueError("no boards to compare")
    n = len(counts)
    return CentreComparison(
        boards=n,
        default_mean=13.0,
        variant_mean=sum(counts) / n,
        variant_min=min(counts),
        variant_max=max(counts),
        all_thirteen_default=n,
        all_thirteen_variant=sum(1 for c in counts if c == 13),
        histogram=dict(sorted(Counter(counts).items())),
        missing_count=dict(missing),
        hardest=hardest,
    )


def inner_statistics(distinct_only: bool = False) -> dict[str, float]:
    """How generous the inner-pile rule is: mean, min and max allowed values per pair.

    ``distinct_only`` keeps the 156 ordered pairs with a ≠ b, the only ones that occur at
    the table; the default takes all 169 ordered pairs the rule table covers.
    """
    sizes = [
        len(legal_values(a, b))
        for a in CARD_VALUES
        for b in CARD_VALUES
        if not (distinct_only and a == b)
    ]
    return {
        "pairs": len(sizes),
        "mean": sum(sizes) / len(sizes),
        "min": min(sizes),
        "max": max(sizes),
    }


def allowed_count_grid() -> list[list[int]]:
    """13 × 13 grid: row a-1, column b-1 holds how many values pair (a, b) allows."""
    return [[len(legal_values(a, b)) for b in CARD_VALUES] for a in CARD_VALUES]


def float_pitfalls() -> dict[str, object]:
    """What goes wrong when the rule is checked with floats instead of exact rationals.

    Returns live figures for the notebook: the naive ``int(a / b)`` reading over every
    pair (how many pairs it wrongly opens, with an example), and Python's float view of
    ``6 / 4`` next to sympy's ``6/4``.
    """
    wrong: list[tuple[int, int, int]] = []
    for a in CARD_VALUES:
        for b in CARD_VALUES:
            exact = legal_values(a, b)
            naive = {a, b, a + b, abs(a - b), a * b, int(a / b), int(b / a)}
            extra = sorted(v for v in naive if 1 <= v <= 13 and v not in exact)
            wrong.extend((a, b, v) for v in extra)
    return {
        "float_6_over_4": 6 / 4,
        "int_6_over_4": int(6 / 4),
        "round_6_over_4": round(6 / 4),
        "sympy_6_over_4": Rational(6, 4),
        "sympy_is_integer": bool(Rational(6, 4).is_integer),
        "wrong_placements": len(wrong),
        "wrong_pairs": len({(a, b) for a, b, _ in wrong}),
        "example": wrong[0] if wrong else None,
    }


def float_misses() -> dict[str, object]:
    """Three-diamond formulas whose exact value is a card but whose float value is not whole.

    Tries both bracketings ``(x ∘ y) ∘ z`` and ``x ∘ (y ∘ z)`` with every pair of
    operations over every triple of values 1..13, evaluating each formula twice: with
    Python floats and with sympy rationals.  Counts the formulas a float check
    (``value.is_integer()``) would wrongly reject, and how often truncating with ``int``
    would even name the wrong card (``int(9 / (9 / 7))`` is 6).
    """
    ops = {
        "+": lambda x, y: x + y,
        "-": lambda x, y: x - y,
        "*": lambda x, y: x * y,
        "/": lambda x, y: x / y,
    }
    exact = {v: Integer(v) for v in CARD_VALUES}
    misses: list[str] = []
    wrong_card: list[str] = []
    total = 0
    for x, y, z in itertools.product(CARD_VALUES, repeat=3):
        for (s1, f1), (s2, f2) in itertools.product(ops.items(), repeat=2):
            for left_first in (True, False):
                if left_first:
                    text = f"({x} {_TEXT_SYMBOL[s1]} {y}) {_TEXT_SYMBOL[s2]} {z}"
                    if s2 == "/" and f1(x, y) == 0:
                        continue
                    as_float = f2(f1(float(x), float(y)), float(z))
                    as_exact = f2(f1(exact[x], exact[y]), exact[z])
                else:
                    text = f"{x} {_TEXT_SYMBOL[s1]} ({y} {_TEXT_SYMBOL[s2]} {z})"
                    if s1 == "/" and f2(y, z) == 0:
                        continue
                    as_float = f1(float(x), f2(float(y), float(z)))
                    as_exact = f1(exact[x], f2(exact[y], exact[z]))
                if not is_card_value(as_exact):
                    continue
                total += 1
                if not as_float.is_integer():
                    misses.append(f"{text} = {as_exact}, float {as_float!r}")
                    if int(as_float) != int(as_exact):
                        wrong_card.append(f"{text}: int(float) = {int(as_float)}, "
                                          f"exact {as_exact}")
    return {
        "formulas_giving_a_card": total,
        "float_not_whole": len(misses),
        "truncates_to_wrong_card": len(wrong_card),
        "examples": misses[:3],
        "wrong_card_examples": wrong_card[:3],
    }


def fraction_dependence(
    boards: Iterable[Sequence[int]] | None = None,
    readings: Sequence[str] = ("any subset", "all four"),
) -> dict[str, dict[str, object]]:
    """Does "fractions allowed along the way" change the arithmetic centre?  Measured.

    For each board (default: the 715 sets of four distinct values), compares the values
    reachable with fractional steps against whole-number steps only, under both the
    project's reading (``"any subset"`` of the diamonds) and the stricter ``"all four"``.
    Returns, per reading, how many boards and values differ, with a first example.
    The "all four" reading is the slow one (every board's full four-diamond table).
    """
    if boards is None:
        boards = itertools.combinations(CARD_VALUES, 4)
    known = {"any subset": False, "all four": True}
    unknown = sorted(set(readings) - set(known))
    if unknown:
        raise ValueError(f"unknown reading(s) {unknown}; choose from {sorted(known)}")
    chosen = {name: known[name] for name in readings}
    counts = {name: {"boards": 0, "boards_changed": 0, "values_gained": 0, "example": None}
              for name in chosen}
    for board in boards:
        board = tuple(board)
        for name, use_all in chosen.items():
            tally = counts[name]
            tally["boards"] += 1
            with_fractions = reachable_values(board, use_all=use_all)
            whole = reachable_values(board, use_all=use_all, whole_steps=True)
            gained = sorted(set(with_fractions) - set(whole))
            if gained:
                tally["boards_changed"] += 1
                tally["values_gained"] += len(gained)
                if tally["example"] is None:
                    tally["example"] = (board, gained[0], with_fractions[gained[0]].text)
    return counts


# --- what the variant does to the game ------------------------------------------------------

@dataclass(frozen=True)
class WinRateComparison:
    """The exact solver's verdicts on the same deals with the default and variant centres.

    ``verdicts[seed]`` is ``(default, variant)``, each ``"win"``, ``"loss"`` or
    ``"unknown"`` (the time limit ran out first; never counted as a win or a loss).
    """

    seeds: tuple[int, ...]
    time_limit: float | None
    verdicts: dict[int, tuple[str, str]]
    seconds: tuple[float, float]

    def count(self, which: int, verdict: str) -> int:
        """How many deals got ``verdict`` under the default (0) or the variant (1)."""
        return sum(1 for pair in self.verdicts.values() if pair[which] == verdict)

    def win_rate(self, which: int) -> float | None:
        """Wins over decided deals (wins + losses) for the default (0) or variant (1)."""
        decided = self.count(which, "win") + self.count(which, "loss")
        return self.count(which, "win") / decided if decided else None

    def changed(self) -> dict[int, tuple[str, str]]:
        """Deals whose verdict differs between the two rules, both decided."""
        return {s: p for s, p in self.verdicts.items() if p[0] != p[1] and "unknown" not in p}

    def summary(self) -> str:
        """The figures in a few lines, for the notebook and the benchmark."""
        lines = []
        for which, name in ((0, "default centre (any card)"), (1, "arithmetic centre")):
            rate = self.win_rate(which)
            shown = "n/a" if rate is None else f"{rate:.1%}"
            lines.append(
                f"{name}: {self.count(which, 'win')} won, {self.count(which, 'loss')} lost, "
                f"{self.count(which, 'unknown')} undecided in {self.time_limit} s; "
                f"win rate over decided deals {shown}; {self.seconds[which]:.2f} s in all"
            )
        ratio = self.seconds[1] / self.seconds[0] if self.seconds[0] else float("nan")
        lines.append(f"solve time, variant / default: {ratio:.2f}")
        lines.append(f"deals whose decided verdict changes: {self.changed() or 'none'}")
        return "\n".join(lines)


def compare_win_rates(seeds: Iterable[int], time_limit: float | None = 1.0) -> WinRateComparison:
    """Solve each seed's deal exactly, with and without the arithmetic centre.

    ``time_limit`` bounds each solve (seconds): a losing deal needs its whole game tree
    explored, which can take far longer than a win, so a bounded run reports such deals
    as undecided rather than guessing.
    """
    from cardlib.blackdiamond import deal_from_seed
    from solvers.search import solve

    seeds = tuple(seeds)
    verdicts: dict[int, tuple[str, str]] = {}
    seconds = [0.0, 0.0]
    for seed in seeds:
        deal = deal_from_seed(seed)
        pair = []
        for which, variant in enumerate((False, True)):
            result = solve(deal, time_limit=time_limit, arithmetic_centre=variant)
            seconds[which] += result.seconds
            pair.append(result.verdict)
        verdicts[seed] = (pair[0], pair[1])
    return WinRateComparison(seeds, time_limit, verdicts, (seconds[0], seconds[1]))
