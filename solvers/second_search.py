"""A second exact Black Diamond search, written apart from :mod:`solvers.search`.

A loss proven by the exact search rests on that search's code; this one proves it again
sharing none of it (issue 28 §2), the way ``tests/brute_force.py`` shares none: every move
it tries comes from the engine's ``legal_moves`` and goes through ``apply``, so the rules
are the engine's alone.  It adds only two things to brute force, each argued below and
checked against brute force on random end games (``tests/test_second_proof_search.py``):

* **Equivalent boards are explored once.**  A placed card matters later only through its
  pile's count (the limit) and, if it is the top card, its suit (alternation): placement
  looks at the diamonds' values and the top card's suit, and a cleared pile's cards leave
  the game.  The decks are suffixes of the deal's fixed orders, so their lengths name
  them, and the hand is a set.  Boards alike in all that have the same futures, so a
  board proven lost is remembered by that key and never explored again.
* **A room bound with three deck diamonds or fewer** (:data:`BOUND_DEPTH`).  With the
  diamond deck empty no pile may reach its limit (its refill would lose) and nothing
  changes a diamond, so every card still to play needs a place of its own on a pile whose
  diamonds allow its value, and suits alternate on each pile: on a pile topped by a spade
  at most ``ceil(r / 2)`` clubs and ``floor(r / 2)`` spades fit in its ``r`` free places
  (either suit ``ceil(r / 2)`` on an empty pile).  Each suit holds each value once, so for
  each suit this is a matching of its cards to the piles' places; too few matched is a
  loss.  With diamonds left, each one taken from the deck changes one position, in deck
  order: a replace changes the position it names; a clear (at the limit, or when stuck)
  refills every position its pile touches, in the order N, E, S, W, so an outer pile's
  clear takes one diamond, an inner pile's two and the centre's four, and a clear the
  deck cannot refill loses.  A clear also gives its pile new places: up to its limit card
  before, then from empty.  So :func:`futures` lists every way the deck's diamonds can all
  be spent, each replace counted as the clear of the outer pile at its position (which
  changes the same diamond and only adds places), and a way that spends fewer is
  covered by one that spends them all.  In each way, a card may go on a pile if any
  diamonds on the way allow it there, and a pile cleared ``k`` times holds up to its
  limit card now, ``k - 1`` full piles and then one short of its limit.  Every real line
  of play fits one of these relaxed futures; if none has a place for every card, the
  position is lost.

Only the rules as the spec reads them (every variant off) are searched: a variant changes
what a diamond can do (replaced diamonds under the deck, repeated replaces), and the bound
is argued for those rules only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

from cardlib.blackdiamond import (
    PILES,
    POSITIONS,
    REFILL_ORDER,
    BlackDiamond,
    BlackDiamondState,
    Deal,
    Options,
    allowed_values,
    move_to_json,
)

from .clock import cpu_clock
from .result import SolveResult

GAME = BlackDiamond()
RULES_AS_READ = Options()
"""The only rules this search argues for (see the module docstring)."""

BOUND_DEPTH = 3
"""Deck diamonds at most for which the room bound is tried.  With four, each check has
hundreds of futures to try, and the quickest study loss (seed 17358) took 4 % fewer
positions but 12 % more CPU time than with three; with two, it was still open after
150,000 positions (more than three needs in all)."""

CHECK_EVERY = 4096
"""Positions between two looks at the clock, the node limit and the progress callback."""

LIMITS = tuple(pile.limit for pile in PILES)


Future = tuple[tuple[int, ...], tuple[int, ...]]
"""A way the deck's diamonds may be spent: per pile, the bit mask of the values any
diamonds on the way allow, and how many times the pile is cleared."""


class Stopped(Exception):
    """The time or node limit ran out before the search decided."""


def board_key(state: BlackDiamondState) -> tuple:
    """What decides a board's future (see the module docstring): the diamonds' values, how
    many cards each deck holds, the hand as a set, each pile's count and top suit."""
    return (tuple(card.value for card in state.diamonds), len(state.diamond_deck),
            frozenset(state.hand), len(state.black_deck),
            tuple((len(cards), cards[-1].suit) if cards else 0 for cards in state.piles))


@cache
def pile_values(diamonds: tuple[int, ...]) -> tuple[int, ...]:
    """Per pile, the bit mask of the card values (bit v) its diamonds allow."""
    return tuple(sum(1 << v for v in allowed_values(pile, diamonds)) for pile in PILES)


def suit_places(top: str | None, free: int) -> dict[str, int]:
    """How many cards of each suit fit in ``free`` places on a pile topped by a card of
    suit ``top`` (None: empty), suits alternating."""
    if top is None:
        return {"S": (free + 1) // 2, "C": (free + 1) // 2}
    other = "C" if top == "S" else "S"
    return {other: (free + 1) // 2, top: free // 2}


def matched(values: list[int], masks: tuple[int, ...], places: list[int]) -> int:
    """The most of ``values`` (distinct) placed at once: value v may go on pile p when bit
    v of ``masks[p]`` is set, pile p holding ``places[p]`` of them (augmenting paths)."""
    owners: list[list[int]] = [[] for _ in masks]

    def seat(value: int, seen: set[int]) -> bool:
        for pile, mask in enumerate(masks):
            if not mask >> value & 1 or not places[pile] or pile in seen:
                continue
            seen.add(pile)
            if len(owners[pile]) < places[pile]:
                owners[pile].append(value)
                return True
            for i, other in enumerate(owners[pile]):
                if seat(other, seen):
                    owners[pile][i] = value
                    return True
        return False

    return sum(seat(value, set()) for value in values)


def fits(cards: list[tuple[int, str]], masks: tuple[int, ...],
         places: list[dict[str, int]]) -> bool:
    """Whether every card can have a place of its own (see :func:`matched`), suit by suit."""
    for suit in "SC":
        values = [v for v, s in cards if s == suit]
        if values and matched(values, masks, [p[suit] for p in places]) < len(values):
            return False
    return True


@cache
def futures(now: tuple[int, ...], deck: tuple[int, ...]) -> list[Future]:
    """Every way the diamonds ``deck`` (values, top first) may all be spent from diamonds
    ``now``, each as (per pile the values any diamonds on the way allow, per pile its
    clears): one diamond changes one position (a replace, or a clear of the outer pile
    there, which also empties that pile), two change the two positions of an inner pile
    (its clear, refilled in N, E, S, W order), four all of them (the centre's)."""
    found = []

    def spend(diamonds: tuple[int, ...], left: tuple[int, ...], masks: tuple[int, ...],
              clears: tuple[int, ...]) -> None:
        if not left:
            found.append((masks, clears))
            return
        for index, pile in enumerate(PILES):
            need = len(pile.touches)
            if need > len(left):
                continue
            changed = list(diamonds)
            for pos, value in zip(sorted(pile.touches, key=REFILL_ORDER.index), left[:need],
                                  strict=True):
                changed[POSITIONS.index(pos)] = value
            after = tuple(changed)
            wider = tuple(a | b for a, b in zip(masks, pile_values(after), strict=True))
            spend(after, left[need:], wider,
                  clears[:index] + (clears[index] + 1,) + clears[index + 1:])

    spend(now, deck, pile_values(now), (0,) * len(PILES))
    return sorted(set(found))


def pile_places(top: str | None, count: int, limit: int, clears: int) -> dict[str, int]:
    """How many cards of each suit pile can still take, topped by ``top`` with ``count``
    cards, if it is cleared ``clears`` times: up to its limit card before each clear, then
    one short of the limit."""
    if not clears:
        return suit_places(top, limit - 1 - count)
    first, again, last = (suit_places(top, limit - count), suit_places(None, limit),
                          suit_places(None, limit - 1))
    return {suit: first[suit] + (clears - 1) * again[suit] + last[suit] for suit in "SC"}


def room_short(state: BlackDiamondState, most: int = BOUND_DEPTH) -> bool:
    """The room bound (module docstring): True proves ``state`` lost.  Only with ``most``
    diamonds or fewer left in the deck; otherwise False (no claim)."""
    if len(state.diamond_deck) > most:
        return False
    cards = [(card.value, card.suit) for card in (*state.hand, *state.black_deck)]
    now = tuple(card.value for card in state.diamonds)
    deck = tuple(card.value for card in state.diamond_deck)
    tops = [cards_on[-1].suit if cards_on else None for cards_on in state.piles]
    counts = [len(cards_on) for cards_on in state.piles]
    for masks, clears in futures(now, deck):
        places = [pile_places(top, count, limit, n)
                  for top, count, limit, n in zip(tops, counts, LIMITS, clears,
                                                         strict=True)]
        if fits(cards, masks, places):
            return False
    return True


def solve(start: Deal | BlackDiamondState, *, time_limit: float | None = None,
          max_nodes: int | None = None,
          progress: Callable[[int, int], object] | None = None,
          bound_depth: int = BOUND_DEPTH) -> SolveResult:
    """Decide ``start`` (a deal, or a state under the rules as read) exhaustively.

    ``time_limit`` counts CPU seconds (:mod:`solvers.clock`); when it or ``max_nodes``
    runs out first the verdict is ``unknown``.  ``progress(nodes, lost)`` is called every
    :data:`CHECK_EVERY` positions.  ``bound_depth``: the most deck diamonds for which
    the room bound is tried.  ``extra`` gives the boards remembered lost and how many
    positions the room bound cut."""
    state = start if isinstance(start, BlackDiamondState) else GAME.from_deal(start)
    if state.options != RULES_AS_READ:
        raise ValueError("the second search argues only for the rules as read (every "
                         f"variant off); this game has {state.options.as_dict()}")
    began, cpu = time.perf_counter(), cpu_clock()
    deadline = None if time_limit is None else cpu + time_limit
    lost: set[tuple] = set()
    nodes = cut = 0
    line: list[Any] = []

    def wins(here: BlackDiamondState) -> bool:
        nonlocal nodes, cut
        nodes += 1
        if not nodes % CHECK_EVERY:
            if progress is not None:
                progress(nodes, len(lost))
            if (max_nodes is not None and nodes > max_nodes) or (
                    deadline is not None and cpu_clock() > deadline):
                raise Stopped
        if here.is_over:
            return here.outcome == "win"
        key = board_key(here)
        if key in lost:
            return False
        if room_short(here, bound_depth):
            cut += 1
            lost.add(key)
            return False
        for move in here.legal_moves():
            line.append(move)
            if wins(here.apply(move)):
                return True
            line.pop()
        lost.add(key)
        return False

    try:
        verdict = "win" if wins(state) else "loss"
    except Stopped:
        verdict = "unknown"
    moves = [move_to_json(move) for move in line] if verdict == "win" else None
    return SolveResult(verdict, moves, nodes, time.perf_counter() - began,
                       {"method": "second-search", "lost_boards": len(lost), "room_cuts": cut,
                        "cpu_s": round(cpu_clock() - cpu, 3)})
