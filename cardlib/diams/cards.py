"""Diam's cards: diamonds (a digit 1–10, plain or pure), three special cards, the closing card.

Copies of one diamond are alike (a pure 7 is a pure 7), so a card is a *kind*, a small
int, and every place a card can be (a hand, a safe, the market, the discard pile) is a
*pile of counts*: a tuple with one count per kind.  Adding or taking a card is one tuple
update, two piles compare with ``==``, and a view can show a hand without naming which
copy is which, because no player could tell.

Kinds 0–19 are the diamonds, two per digit (plain, then pure); 20–22 the special cards;
23 the closing card, which only ever sits in the draw pile.  Text codes, used in moves and
ruleset-free saves: ``7`` (a plain 7), ``7*`` (a pure 7), ``express``, ``drill``,
``sleight``, ``closing``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.protocol import BadMoveText

DIGITS: tuple[int, ...] = tuple(range(1, 11))
"""The quality digits; each has its own colour (the seed: 'ranging from 1 to 10')."""

EXPRESS, DRILL, SLEIGHT, CLOSING = 20, 21, 22, 23
SPECIALS: tuple[int, ...] = (EXPRESS, DRILL, SLEIGHT)
DIAMONDS: tuple[int, ...] = tuple(range(20))
KINDS = 23
"""Length of a pile of counts: the 20 diamonds and the 3 special cards."""

SPECIAL_NAMES = {EXPRESS: "Secur'express", DRILL: "Safe drilling", SLEIGHT: "Sleight of hand"}
SPECIAL_CODES = {EXPRESS: "express", DRILL: "drill", SLEIGHT: "sleight", CLOSING: "closing"}
_BY_CODE = {code: kind for kind, code in SPECIAL_CODES.items()}
_BY_CODE.update({"secur'express": EXPRESS, "securexpress": EXPRESS, "drilling": DRILL,
                 "safe-drilling": DRILL, "sleight-of-hand": SLEIGHT})

PURE_MARK = "⌕"
"""The exceptional-purity symbol in labels: the seed's 'magnifying glass symbol'.  U+2315
looks like one and, unlike the emoji, is in DejaVu Sans, the pictures' font."""

EMPTY: tuple[int, ...] = (0,) * KINDS


def kind_of(digit: int, pure: bool) -> int:
    """The kind of a diamond: ``kind_of(7, True)`` is the pure 7."""
    return (digit - 1) * 2 + (1 if pure else 0)


def digit_of(kind: int) -> int:
    """A diamond's digit; 0 for a special card (which counts 0 in the hand bonus)."""
    return kind // 2 + 1 if kind < 20 else 0


def is_pure(kind: int) -> bool:
    return kind < 20 and kind % 2 == 1


def is_diamond(kind: int) -> bool:
    return 0 <= kind < 20


def code(kind: int) -> str:
    """``7``, ``7*``, ``express`` …: the text a move or a saved position uses."""
    if kind < 20:
        return f"{digit_of(kind)}{'*' if is_pure(kind) else ''}"
    return SPECIAL_CODES[kind]


def label(kind: int) -> str:
    """``7``, ``7🔍``, ``Secur'express`` …: what a person reads on a button."""
    if kind < 20:
        return f"{digit_of(kind)}{PURE_MARK if is_pure(kind) else ''}"
    return SPECIAL_NAMES.get(kind, "closing card")


def name(kind: int) -> str:
    """``a pure 7``, ``a 7``, ``an 8``, ``the Secur'express card``: for sentences."""
    if kind < 20:
        if is_pure(kind):
            return f"a pure {digit_of(kind)}"
        return f"{'an' if digit_of(kind) == 8 else 'a'} {digit_of(kind)}"
    return f"the {label(kind)} card"


def parse_kind(text: str) -> int:
    """Read a card code: ``7``, ``7*`` (also ``7p``), ``express``, ``drill``, ``sleight``."""
    if not isinstance(text, str):
        raise BadMoveText(f"a card is text such as '7', '7*' or 'drill', not {text!r}")
    raw = text.strip().lower()
    if raw in _BY_CODE:
        return _BY_CODE[raw]
    pure = raw.endswith(("*", "p", PURE_MARK, "🔍"))
    digits = raw.rstrip("*p🔍" + PURE_MARK)
    if digits.isdigit() and 1 <= int(digits) <= 10:
        return kind_of(int(digits), pure)
    raise BadMoveText(f"{text!r} is not a Diam's card: write a digit 1..10 ('7'), a pure "
                      "diamond ('7*'), or express, drill, sleight")


# --- piles of counts -----------------------------------------------------------------------

def pile_of(kinds: Iterable[int]) -> tuple[int, ...]:
    """The counts of ``kinds`` (a list of card kinds, repeats allowed)."""
    counts = [0] * KINDS
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def kinds_in(pile: Sequence[int]) -> list[int]:
    """Every card of a pile of counts, one entry per copy, lowest kind first."""
    return [kind for kind, n in enumerate(pile) for _ in range(n)]


def add(pile: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    return pile[:kind] + (pile[kind] + n,) + pile[kind + 1:]


def merge(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """``a`` without the cards of ``b`` (which must all be in ``a``)."""
    result = tuple(x - y for x, y in zip(a, b, strict=True))
    assert min(result) >= 0, "took a card that is not there"
    return result


def holds(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether pile ``a`` holds every card of ``b``."""
    return all(x >= y for x, y in zip(a, b, strict=True))


def size(pile: Sequence[int]) -> int:
    return sum(pile)


def of_digit(pile: Sequence[int], digit: int) -> int:
    """How many diamonds of ``digit`` (plain and pure) a pile holds."""
    k = kind_of(digit, False)
    return pile[k] + pile[k + 1]


def digit_sum(pile: Sequence[int]) -> int:
    """The digits of a pile's diamonds added up (special cards count 0)."""
    return sum(digit_of(k) * n for k, n in enumerate(pile[:20]))


def pure_count(pile: Sequence[int]) -> int:
    return sum(pile[1:20:2])


def codes(pile: Sequence[int]) -> str:
    """A pile as text: ``3 4* 7 7``."""
    return " ".join(code(k) for k in kinds_in(pile))


def labels(pile: Sequence[int]) -> str:
    """A pile for people: ``3 4🔍 7 7``, or ``nothing``."""
    return " ".join(label(k) for k in kinds_in(pile)) or "nothing"
