"""Every number of Diam's that no public source gives, in one object loaded from a file.

The seed names a deck of diamonds with digits 1–10, some of them pure, a table of
collection values, a starting hand and victory chips, but gives none of the numbers
(``shared/spec/diams.md`` §2.2–2.4 and §3).  So the engine reads them from a
:class:`Ruleset`, never from constants: the default one is the spec's *assumed* table,
shipped as ``ruleset.toml`` beside this module and labelled as assumed wherever it is shown,
and anyone who finds the real tables writes another file and passes it to ``game.new``.

A malformed file is refused with one :class:`RulesetError` that names every bad entry
(``values.7``, ``deck.pure[3] (digit 4)`` …), so a user fixes a file in one go.  The numbers
the seed *does* give (hands of at most 5, collections of 3 to 5, the 5/2/3 bonuses, the
closing-card windows) are rules, not configuration, and stay in the engine.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .cards import DIGITS, KINDS, SPECIALS, kind_of

DEFAULT_FILE = "ruleset.toml"
HAND_LIMIT = 5
"""The seed: 'if you have more than 5 cards in your hand … keep only 5'."""
COLLECTION_SIZES = (3, 4, 5)
"""The seed: 'three diamonds of the same color, or more (up to five)'."""
MOST_PLAYERS = 5


class RulesetError(ValueError):
    """A ruleset that cannot be used; ``problems`` lists every bad entry by name."""

    def __init__(self, where: str, problems: list[str]):
        super().__init__(f"bad Diam's ruleset {where}: " + "; ".join(problems))
        self.where = where
        self.problems = problems


@dataclass(frozen=True)
class Ruleset:
    """The unsourced numbers (see the module docstring and ``ruleset.toml``)."""

    name: str
    assumed: bool
    note: str
    copies: tuple[int, ...]
    """Copies of each digit, 1 first."""
    pure: tuple[int, ...]
    """How many of those copies are pure, 1 first."""
    start_hand: int
    start_market: int
    values: tuple[tuple[int, int, int], ...]
    """Points of a collection of 3, 4, 5 diamonds, one row per digit, 1 first."""
    chips: tuple[int, ...]
    """Victory chips by place in a round, 1st first."""

    @property
    def label(self) -> str:
        """The name to show, marked when the numbers are assumed: ``assumed defaults
        (ASSUMED numbers)``."""
        return f"{self.name} (ASSUMED numbers)" if self.assumed else self.name

    def value(self, digit: int, cards: int) -> int:
        """The points of a collection of ``cards`` diamonds of ``digit``; 0 below three
        (a collection cut down by a drilling, see rule ``diams.score.collections``)."""
        if cards < COLLECTION_SIZES[0]:
            return 0
        return self.values[digit - 1][cards - COLLECTION_SIZES[0]]

    @property
    def deck(self) -> tuple[int, ...]:
        """The whole deck as a pile of counts: the diamonds and one of each special card."""
        counts = [0] * KINDS
        for digit, copies, pure in zip(DIGITS, self.copies, self.pure, strict=True):
            counts[kind_of(digit, False)] = copies - pure
            counts[kind_of(digit, True)] = pure
        for special in SPECIALS:
            counts[special] = 1
        return tuple(counts)

    def as_dict(self) -> dict[str, Any]:
        """The file's shape as plain JSON-safe data (saved games store it)."""
        return {
            "name": self.name, "assumed": self.assumed, "note": self.note,
            "deck": {"copies": list(self.copies), "pure": list(self.pure)},
            "setup": {"start_hand": self.start_hand, "start_market": self.start_market},
            "values": {str(d): list(row) for d, row in zip(DIGITS, self.values, strict=True)},
            "chips": {"by_place": list(self.chips)},
        }

    @classmethod
    def from_mapping(cls, data: Any, where: str = "(given mapping)") -> Ruleset:
        """Check ``data`` (the file's shape) and build the ruleset, or raise
        :class:`RulesetError` naming every bad entry."""
        return _Reader(where).ruleset(data)


def load_ruleset(source: str | Path | Mapping[str, Any] | Ruleset | None = None) -> Ruleset:
    """The ruleset from a TOML file path, a mapping, or (None, ``"default"``) the shipped
    assumed one.  A file that is missing or not TOML is refused by name too."""
    if isinstance(source, Ruleset):
        return source
    if source is None or source == "default":
        return DEFAULT
    if isinstance(source, Mapping):
        return Ruleset.from_mapping(source)
    if not isinstance(source, str | Path):
        raise RulesetError("(given)", [f"give a ruleset file path, a mapping or a Ruleset, "
                                       f"not {type(source).__name__}"])
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(str(path), [f"cannot read the file ({exc.strerror})"]) from None
    return _parse(text, str(path))


def _parse(text: str, where: str) -> Ruleset:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(where, [f"not valid TOML ({exc})"]) from None
    return Ruleset.from_mapping(data, where)


class _Reader:
    """Reads one ruleset mapping, collecting every problem before refusing it."""

    def __init__(self, where: str):
        self.where = where
        self.problems: list[str] = []

    def bad(self, entry: str, problem: str) -> None:
        self.problems.append(f"{entry}: {problem}")

    def table(self, data: Mapping[str, Any], entry: str, keys: tuple[str, ...],
              optional: tuple[str, ...] = ()) -> Mapping[str, Any]:
        """``data[entry]`` (or ``data`` itself for ``entry=""``) as a table with exactly
        ``keys`` (and maybe ``optional``); problems noted, an empty mapping if unusable."""
        value = data if not entry else data.get(entry)
        if not isinstance(value, Mapping):
            self.bad(entry, "missing" if value is None else
                     f"expected a table, got {type(value).__name__}")
            return {}
        prefix = f"{entry}." if entry else ""
        for key in keys:
            if key not in value:
                self.bad(f"{prefix}{key}", "missing")
        for key in sorted(set(value) - set(keys) - set(optional), key=str):
            self.bad(f"{prefix}{key}", f"unknown entry; known: {', '.join(keys + optional)}")
        return value

    def whole(self, value: Any, entry: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad(entry, f"expected a whole number, got {value!r}")
            return None
        if not low <= value <= high:
            self.bad(entry, f"{value} is out of range {low}..{high}")
            return None
        return value

    def numbers(self, value: Any, entry: str, length: int, low: int, high: int,
                names: tuple[str, ...] = ()) -> tuple[int, ...] | None:
        """A list of ``length`` whole numbers in ``low..high``; each bad one named."""
        if not isinstance(value, list) or len(value) != length:
            got = f"{len(value)} items" if isinstance(value, list) else repr(value)
            self.bad(entry, f"expected a list of {length} whole numbers, got {got}")
            return None
        checked = [self.whole(v, f"{entry}[{i}]{names[i] if names else ''}", low, high)
                   for i, v in enumerate(value)]
        return None if None in checked else tuple(checked)  # type: ignore[arg-type]

    def ruleset(self, data: Any) -> Ruleset:
        if not isinstance(data, Mapping):
            raise RulesetError(self.where, [f"expected a table of entries, got "
                                            f"{type(data).__name__}"])
        top = self.table(data, "", ("name", "assumed", "deck", "setup", "values", "chips"),
                         optional=("note",))
        name, assumed, note = top.get("name"), top.get("assumed"), top.get("note", "")
        if "name" in top and (not isinstance(name, str) or not name.strip()):
            self.bad("name", f"expected a non-empty text, got {name!r}")
        if "assumed" in top and not isinstance(assumed, bool):
            self.bad("assumed", f"expected true or false, got {assumed!r}")
        if not isinstance(note, str):
            self.bad("note", f"expected a text, got {note!r}")
        digit_names = tuple(f" (digit {d})" for d in DIGITS)
        deck = self.table(top, "deck", ("copies", "pure")) if "deck" in top else {}
        copies = self.numbers(deck.get("copies"), "deck.copies", 10, 0, 99, digit_names) \
            if "copies" in deck else None
        pure = self.numbers(deck.get("pure"), "deck.pure", 10, 0, 99, digit_names) \
            if "pure" in deck else None
        if copies and pure:
            for d, c, p in zip(DIGITS, copies, pure, strict=True):
                if p > c:
                    self.bad(f"deck.pure[{d - 1}] (digit {d})",
                             f"{p} pure copies but only {c} copies of the digit")
        setup = self.table(top, "setup", ("start_hand", "start_market")) if "setup" in top \
            else {}
        hand = self.whole(setup["start_hand"], "setup.start_hand", 0, HAND_LIMIT) \
            if "start_hand" in setup else None
        market = self.whole(setup["start_market"], "setup.start_market", 0, 40) \
            if "start_market" in setup else None
        values = self._values(top) if "values" in top else None
        chips_table = self.table(top, "chips", ("by_place",)) if "chips" in top else {}
        chips = self.numbers(chips_table.get("by_place"), "chips.by_place", MOST_PLAYERS,
                             0, 99) if "by_place" in chips_table else None
        if chips and any(a < b for a, b in zip(chips, chips[1:], strict=False)):
            self.bad("chips.by_place", f"{list(chips)}: a better place never earns fewer "
                                       "chips (the seed: 1st 4, 2nd 3 'and so on')")
        if copies and hand is not None and market is not None:
            needed = MOST_PLAYERS * hand + market + 1
            if sum(copies) < needed:
                self.bad("deck.copies", f"{sum(copies)} diamonds cannot deal {MOST_PLAYERS} "
                                        f"hands of {hand}, a market of {market} and leave a "
                                        f"draw pile: give at least {needed}")
        if self.problems:
            raise RulesetError(self.where, self.problems)
        return Ruleset(name.strip(), assumed, note, copies, pure, hand, market,  # type: ignore
                       values, chips)  # type: ignore[arg-type]

    def _values(self, top: Mapping[str, Any]) -> tuple[tuple[int, int, int], ...] | None:
        """The value table: a row ``[3-card, 4-card, 5-card]`` per digit.  Besides the
        shape, it must keep what the seed and the spec say of every table: the 7 is the most
        valuable colour, alone, at every size (the seed: "the most valuable diamond is the
        '7', not the '10'"); a bigger collection is worth more (spec §3: value(3) <
        value(4) < value(5)), which also refuses a table of zeros, named on its own."""
        keys = tuple(str(d) for d in DIGITS)
        table = self.table(top, "values", keys)
        rows = {}
        for key in keys:
            if key in table:
                row = self.numbers(table[key], f"values.{key}", 3, 0, 999)
                if row is not None:
                    rows[int(key)] = row
        if len(rows) != len(DIGITS):
            return None
        if not any(any(row) for row in rows.values()):
            self.bad("values", "every collection is worth 0 points, so no round could be "
                               "won by collecting; the seed: 'Collections are worth more or "
                               "less depending upon the diamond color'")
            return None
        seven = rows[7]
        for d in DIGITS:
            row = rows[d]
            if any(a >= b for a, b in zip(row, row[1:], strict=False)):
                self.bad(f"values.{d}", f"{list(row)}: a bigger collection must be worth more "
                                        "(spec §3: value(3) < value(4) < value(5))")
            if d == 7:
                continue
            sizes = [str(cards) for cards, mine, top in zip(COLLECTION_SIZES, row, seven,
                                                            strict=True) if mine >= top]
            if sizes:
                self.bad(f"values.{d}", f"{list(row)} is not below the 7's {list(seven)} at "
                                        f"{', '.join(sizes)} cards; the seed: 'the most "
                                        "valuable diamond is the 7, not the 10'")
        return tuple(rows[d] for d in DIGITS)  # type: ignore[misc]


def default_text() -> str:
    """The shipped ruleset file's text: the template to copy for a real ruleset."""
    return resources.files(__package__).joinpath(DEFAULT_FILE).read_text(encoding="utf-8")


def _default() -> Ruleset:
    return _parse(default_text(), f"cardlib/diams/{DEFAULT_FILE}")


DEFAULT = _default()
"""The shipped ruleset: the spec's assumed defaults."""
