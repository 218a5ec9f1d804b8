"""How a round of Diam's begins: a seeded shuffle, the deal, the market, the closing card;
or a scripted table, for tests and teaching scenes.

Every chance event of a game follows from its seed: round ``n`` shuffles the ruleset's deck
with ``"{seed}:round{n}"`` and places the closing card with ``"{seed}:round{n}:closing"``,
and the first player of the game is drawn with ``"{seed}:first"``.  A scripted table
(:func:`table_from_position`) is checked as a whole and every problem is named at once
(unknown codes, more copies than the deck holds, a special card in a safe …), so a typo in
a teaching scene fails where the typo is.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlib.cards import deal, shuffled
from cardlib.protocol import BadMoveText

from . import cards as c
from .rules import CLOSING_WINDOW, ROUNDS, Options
from .ruleset import COLLECTION_SIZES, HAND_LIMIT, Ruleset


@dataclass(frozen=True)
class Table:
    """Where every card of a round is at its start (piles of counts; ``pile`` top first)."""

    hands: tuple[tuple[int, ...], ...]
    safes: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    pile: tuple[int, ...]
    to_move: int
    closing_drawn: bool = False


def first_player(seed: int | str, players: int, round_number: int) -> int:
    """Who starts round ``round_number``: a seeded random seat for the first round, then
    the next seat each round (rule ``diams.setup``)."""
    return (random.Random(f"{seed}:first").randrange(players) + round_number) % players


def with_closing(pile: Sequence[int], players: int, options: Options,
                 seed: int | str) -> tuple[int, ...]:
    """``pile`` with the closing card among its last cards (rule
    ``diams.closing.placement``): uniformly among the last 15 or 5, or last of all."""
    window = 1 if options.closing == "deterministic" else CLOSING_WINDOW[players]
    after = random.Random(seed).randrange(min(window, len(pile) + 1))
    at = len(pile) - after
    return (*pile[:at], c.CLOSING, *pile[at:])


def seeded_table(ruleset: Ruleset, options: Options, seed: int | str,
                 round_number: int) -> Table:
    """The start of round ``round_number`` of the game with ``seed``."""
    players = options.players
    order = shuffled(c.kinds_in(ruleset.deck), f"{seed}:round{round_number}")
    dealt = deal(order, players, ruleset.start_hand)
    rest = list(order[players * ruleset.start_hand:])
    market: list[int] = []
    pile: list[int] = []
    for kind in rest:  # the market is turned from the diamonds; special cards stay put
        if len(market) < ruleset.start_market and c.is_diamond(kind):
            market.append(kind)
        else:
            pile.append(kind)
    return Table(
        hands=tuple(c.pile_of(hand) for hand in dealt),
        safes=(c.EMPTY,) * players,
        market=c.pile_of(market),
        discard=c.EMPTY,
        pile=with_closing(pile, players, options, f"{seed}:round{round_number}:closing"),
        to_move=first_player(seed, players, round_number),
    )


# --- scripted tables -------------------------------------------------------------------------

POSITION_KEYS = ("hands", "safes", "market", "discard", "pile", "to_move", "round", "past",
                 "closing_drawn")


class PositionError(ValueError):
    """A scripted table that no game of this ruleset could reach; lists every problem."""

    def __init__(self, problems: list[str]):
        super().__init__("bad Diam's position: " + "; ".join(problems))
        self.problems = problems


def table_from_position(position: Mapping[str, Any], ruleset: Ruleset, options: Options,
                        seed: int | str) -> tuple[Table, int, tuple[tuple[int, ...], ...]]:
    """Check a scripted position and build its table; also its round number and the round
    points of the rounds before it (``past``).

    ``position`` holds ``hands`` (one list of card codes per seat), and may hold ``safes``
    (likewise), ``market``, ``discard``, ``pile`` (the top of the draw pile, top first;
    ``closing`` may be among it), ``to_move`` (default 0), ``round`` (default 0), ``past``
    (the points of earlier rounds) and ``closing_drawn``.  The cards placed nowhere are
    shuffled with ``seed`` under the given top of the pile, and the closing card, unless
    placed or drawn, goes among the last cards as the options say.
    """
    if not isinstance(position, Mapping):
        raise PositionError([f"expected a mapping, got {type(position).__name__}"])
    players = options.players
    problems = [f"unknown key {key!r}; known: {', '.join(POSITION_KEYS)}"
                for key in position if key not in POSITION_KEYS]
    read = _Reader(problems)
    hands = read.seats(position.get("hands"), "hands", players)
    safes = read.seats(position.get("safes", [[]] * players), "safes", players)
    market = read.cards(position.get("market", []), "market")
    discard = read.cards(position.get("discard", []), "discard")
    pile = read.codes(position.get("pile", []), "pile", closing=True)
    closing_drawn = position.get("closing_drawn", False)
    to_move = position.get("to_move", 0)
    number = position.get("round", 0)
    if not isinstance(closing_drawn, bool):
        problems.append(f"closing_drawn: expected true or false, got {closing_drawn!r}")
    if isinstance(to_move, bool) or not isinstance(to_move, int) or \
            not 0 <= to_move < players:
        problems.append(f"to_move: {to_move!r} is no seat of {players} (0..{players - 1})")
    rounds = ROUNDS[options.length]
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < rounds:
        problems.append(f"round: {number!r}; a {options.length} game has rounds "
                        f"0..{rounds - 1}")
        number = 0
    past = read.past(position.get("past", []), number, players)
    for name, counts in [("market", market), *[(f"safes[{s}]", safe)
                                              for s, safe in enumerate(safes)]]:
        specials = [c.label(k) for k in c.SPECIALS if counts[k]]
        if specials:
            problems.append(f"{name}: holds diamonds only, not {', '.join(specials)}")
    for s, safe in enumerate(safes):
        for digit in c.DIGITS:
            if c.of_digit(safe, digit) > COLLECTION_SIZES[-1]:
                problems.append(f"safes[{s}]: {c.of_digit(safe, digit)} diamonds of "
                                f"{digit}; a collection holds at most 5")
    closings = pile.count(c.CLOSING)
    if closings > 1 or (closing_drawn and closings):
        problems.append(f"pile: holds the closing card {closings} times; it may hold it "
                        f"{'never (closing_drawn is true)' if closing_drawn else 'once'}")
    placed = c.pile_of([k for k in pile if k != c.CLOSING])
    for counts in (*hands, *safes, market, discard):
        placed = c.merge(placed, counts)
    deck = ruleset.deck
    for kind in range(c.KINDS):
        if placed[kind] > deck[kind]:
            problems.append(f"{c.code(kind)} is placed {placed[kind]} times; the deck "
                            f"holds {deck[kind]} ({ruleset.label})")
    if problems:
        raise PositionError(problems)
    rest = shuffled(c.kinds_in(c.minus(deck, placed)), f"{seed}:position")
    if closings or closing_drawn:
        pile = [*pile, *rest]
    else:
        pile = list(with_closing([*pile, *rest], players, options, f"{seed}:position:closing"))
    table = Table(hands=tuple(hands), safes=tuple(safes), market=market, discard=discard,
                  pile=tuple(pile), to_move=to_move, closing_drawn=closing_drawn)
    return table, number, past


class _Reader:
    """Reads the parts of a position, noting problems instead of stopping at the first."""

    def __init__(self, problems: list[str]):
        self.problems = problems

    def codes(self, items: Any, field: str, closing: bool = False) -> list[int]:
        if isinstance(items, str) or not isinstance(items, Sequence):
            self.problems.append(f"{field}: expected a list of card codes, got {items!r}")
            return []
        kinds = []
        for item in items:
            if closing and isinstance(item, str) and item.strip().lower() == "closing":
                kinds.append(c.CLOSING)
                continue
            try:
                kinds.append(c.parse_kind(item))
            except BadMoveText:
                self.problems.append(f"{field}: unknown card {item!r}")
        return kinds

    def cards(self, items: Any, field: str) -> tuple[int, ...]:
        return c.pile_of(self.codes(items, field))

    def seats(self, items: Any, field: str, players: int) -> list[tuple[int, ...]]:
        if isinstance(items, str) or not isinstance(items, Sequence) or len(items) != players:
            self.problems.append(f"{field}: expected {players} lists of card codes, one per "
                                 f"seat, got {items!r}")
            return [c.EMPTY] * players
        piles = [self.cards(item, f"{field}[{s}]") for s, item in enumerate(items)]
        if field == "hands":
            for s, hand in enumerate(piles):
                if c.size(hand) > HAND_LIMIT:
                    self.problems.append(f"hands[{s}]: {c.size(hand)} cards; a hand holds "
                                         f"at most {HAND_LIMIT} between turns")
        return piles

    def past(self, items: Any, number: int, players: int) -> tuple[tuple[int, ...], ...]:
        """The round points of the rounds before ``number``, one list per round."""
        ok = (isinstance(items, Sequence) and not isinstance(items, str)
              and len(items) == number
              and all(isinstance(r, Sequence) and not isinstance(r, str) and len(r) == players
                      and all(isinstance(p, int) and not isinstance(p, bool) and p >= 0
                              for p in r) for r in items))
        if not ok:
            self.problems.append(f"past: expected {number} lists of {players} round points "
                                 f"(one per earlier round), got {items!r}")
            return ()
        return tuple(tuple(r) for r in items)
