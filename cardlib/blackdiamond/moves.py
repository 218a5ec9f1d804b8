"""Black Diamond's three moves as small values, with their text and JSON forms.

* ``Play(card, pile)`` prints as ``7S>NE``;
* ``Replace(pos)`` prints as ``replace N``;
* ``Clear(pile)`` prints as ``clear NE``.

Moves of all three kinds sort together (plays first, then replaces, then clears), so a
list of legal moves has one stable order for the widgets, the bots and the tests.  The
JSON forms are the spec's: ``{"play": "7S", "to": "NE"}``, ``{"replace": "N"}``,
``{"clear": "NE"}``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlib.cards import Card, parse_card
from cardlib.move_text import MoveText
from cardlib.protocol import BadMoveText

from .rules import PILE_INDEX, PILE_NAMES, POSITION_INDEX, POSITIONS


class _Move:
    """Shared ordering for the three move kinds: by kind, then by the kind's own key."""

    _kind: int

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def sort_key(self) -> tuple[Any, ...]:
        return (self._kind, *self._key())

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, _Move):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, _Move):
            return NotImplemented
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, _Move):
            return NotImplemented
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, _Move):
            return NotImplemented
        return self.sort_key() >= other.sort_key()


@dataclass(frozen=True, eq=True)
class Play(_Move):
    """Play ``card`` from the hand onto ``pile``."""

    card: Card
    pile: str
    _kind = 0

    def _key(self) -> tuple[Any, ...]:
        return (self.card, PILE_INDEX.get(self.pile, len(PILE_INDEX)), self.pile)

    def __str__(self) -> str:
        return f"{self.card}>{self.pile}"


@dataclass(frozen=True, eq=True)
class Replace(_Move):
    """When stuck: the top diamond of the deck replaces the diamond at ``pos``."""

    pos: str
    _kind = 1

    def _key(self) -> tuple[Any, ...]:
        return (POSITION_INDEX.get(self.pos, len(POSITION_INDEX)), self.pos)

    def __str__(self) -> str:
        return f"replace {self.pos}"


@dataclass(frozen=True, eq=True)
class Clear(_Move):
    """When stuck: clear ``pile`` and refill the diamonds it touches."""

    pile: str
    _kind = 2

    def _key(self) -> tuple[Any, ...]:
        return (PILE_INDEX.get(self.pile, len(PILE_INDEX)), self.pile)

    def __str__(self) -> str:
        return f"clear {self.pile}"


Move = Play | Replace | Clear


def _pile(text: str) -> str:
    name = text.strip().upper()
    if name not in PILE_INDEX:
        raise BadMoveText(f"unknown pile {text!r} (piles are {', '.join(PILE_NAMES)})")
    return name


def _pos(text: str) -> str:
    name = text.strip().upper()
    if name not in POSITION_INDEX:
        raise BadMoveText(f"unknown diamond position {text!r} "
                          f"(positions are {', '.join(POSITIONS)})")
    return name


_PLAY = re.compile(r"^\s*(\S+?)\s*(?:>|\s+to\s+|\s+)\s*(\S+)\s*$", re.IGNORECASE)


def _read_play(text: str) -> Play | None:
    """``7S>NE``, ``10S NE``, ``7S to NE``; None if the text has not that shape."""
    play = _PLAY.match(text)
    return None if play is None else Play(parse_card(play.group(1)), _pile(play.group(2)))


MOVE_TEXT = MoveText(
    None, such_as="'7S>NE' or 'replace N'",
    expected="expected CARD>PILE (like 7S>NE), 'replace POS' or 'clear PILE'",
    verbs={"replace": lambda pos: Replace(_pos(pos)), "clear": lambda pile: Clear(_pile(pile))},
    other=_read_play)
"""How Black Diamond's moves are written (``cardlib.move_text``); JSON is read first."""


def parse_move(text: str) -> Move:
    """Read a move as ``str`` writes it, forgivingly.

    Accepts ``7S>NE``, ``7s > ne``, ``10S NE``, ``7S to NE``, ``replace n``, ``clear ne``,
    and the JSON forms as text.  Anything else raises :class:`BadMoveText` naming it.
    """
    if isinstance(text, str) and text.strip().startswith("{"):
        try:
            return move_from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise BadMoveText(f"bad move {text!r}: not valid JSON ({exc.msg})") from None
    return MOVE_TEXT.read(text)


def move_to_json(move: Move) -> dict[str, str]:
    """The spec's JSON form of ``move``."""
    if isinstance(move, Play):
        return {"play": move.card.code, "to": move.pile}
    if isinstance(move, Replace):
        return {"replace": move.pos}
    if isinstance(move, Clear):
        return {"clear": move.pile}
    raise TypeError(f"not a Black Diamond move: {move!r}")


def move_from_json(obj: Any) -> Move:
    """Read the spec's JSON form; a malformed object raises :class:`BadMoveText`."""
    if not isinstance(obj, Mapping):
        raise BadMoveText(f"bad move {obj!r}: expected an object like "
                          '{"play": "7S", "to": "NE"}, {"replace": "N"} or {"clear": "NE"}')
    keys = set(obj)
    text = json.dumps(obj) if all(isinstance(v, str) for v in obj.values()) else repr(obj)
    try:
        if keys == {"play", "to"}:
            if not isinstance(obj["play"], str) or not isinstance(obj["to"], str):
                raise BadMoveText("card and pile must be text")
            return Play(parse_card(obj["play"]), _pile(obj["to"]))
        if keys == {"replace"} and isinstance(obj["replace"], str):
            return Replace(_pos(obj["replace"]))
        if keys == {"clear"} and isinstance(obj["clear"], str):
            return Clear(_pile(obj["clear"]))
    except ValueError as exc:  # BadMoveText, or BadCard from the card code
        raise BadMoveText(f"bad move {text}: {exc}") from None
    raise BadMoveText(f"bad move {text}: expected {{\"play\": CARD, \"to\": PILE}}, "
                      "{\"replace\": POS} or {\"clear\": PILE}")
