"""The exact Black Diamond solver: depth-first and beam search over a compact state.

A deal is won or lost for sure once both deck orders are known, so the question is pure
reachability: is there a move sequence that ends in a won game?  The search answers it
exactly.  Most wins are found in a few hundred nodes; the hard deals are those where the
obvious lines burn the diamond deck early and every one of them must be refuted, so the
work goes into refuting lost positions fast and into trying good lines first:

* **Compact state.**  A pile matters only through its card count and the suit of its top
  card (cleared cards leave the game), so the nine piles pack into one int of 4-bit
  fields; the diamond deck is one int of 4-bit values (top in the low bits); the hand is
  two bits over the last two cards drawn.  A state's table key is one int.
* **Transposition table.**  Every state fully explored without a win is remembered; two
  move orders that reach the same board (the two hand cards in either order, for one)
  are explored once.  This is the plain reachability argument, so it stays exact with the
  ``replaced_under_deck`` variant, where replacing can cycle.
* **Diamond budget** (:func:`absorbable`).  Every clear and replace takes diamonds from
  the deck; the cards the piles cannot hold without clearing must be taken away by
  clears the diamonds left can pay for.  Cut when they cannot.
* **Matching bound** (:meth:`_Search.room_slack`).  Sharper, with few diamonds left:
  every remaining card needs a place of its own, on a pile with room for its suit (suits
  alternate) whose diamonds, now or from the deck, allow its value; a maximum matching of
  cards to places that falls short of the cards the clears cannot absorb proves a loss.
  With one diamond left, each edge it may land on is a future checked apart, counting
  the room its clear truly adds (the limit card, and a fresh pile for the new value).
  A child that keeps the diamonds inherits its parent's slack instead of recomputing.
  Two cheap vertex covers (:func:`matching_ceiling`) answer most of these checks before
  any matching is built, and the matching goes before the openings bound on deals where
  it cuts far more often (:meth:`_Search.bounds`).
* **Openings bound** (:meth:`_Search.openings_short`).  Suits alternate on every pile,
  so a run of one suit needs as many piles open to it, and only a clear (a diamond or
  more) reopens a pile topped by that suit.  Keeping of each live pile only "empty,
  spade-topped or club-topped", a tiny memoised game gives the fewest clears the cards
  to come need; more than the deck holds is a loss.  Cheap, at every depth, and what cuts
  deals whose black cards come grouped by suit.
* **Move ordering** (:meth:`_Search.rank`).  Moves that keep diamonds first (a move
  after which the hand is stuck counts as spending one), then those that leave the most
  remaining cards placeable next to the diamonds on the table.
* **Rounds of budgeted runs.**  Search times of such solvers are heavy-tailed: one early
  mistake can cost a huge lost subtree.  So the search takes turns (see ``SCHEDULE``): a
  depth-first run with a node budget, which picks up where the last one stopped (what
  that one proved lost is skipped), then beam searches (:meth:`_Search.beam`), which keep
  hundreds of early choices alive at once and so do not pay for one early mistake.  Every
  round doubles the budgets and the beam widths.  Losses proven in any run stay proven (a
  beam proves only what a bound cuts), and the last run has no limit, so the search is
  exhaustive in the end.

Placement legality is never re-implemented: per set of diamonds, the allowed values of
each pile come from :func:`cardlib.blackdiamond.rules.allowed_values` (cached), inner
values from :func:`~cardlib.blackdiamond.rules.inner_values`, and every reported win is
replayed through the engine before it is returned.

``make install`` compiles this very file with Cython (see ``setup.py``): the same code,
imported in its place, with the fields of :class:`_Search` and the locals of
:func:`matching_ceiling` declared in ``search.pxd``; a proof takes half to two thirds of
the plain-Python time (6658: 12.9 -> 6.8 s, 3153: 10.4 -> 6.4 s).  :data:`COMPILED`
says which one runs.
"""

from __future__ import annotations

import dataclasses
import functools
import heapq
import itertools
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from cardlib.blackdiamond import (
    PILES,
    POSITIONS,
    BlackDiamond,
    BlackDiamondState,
    Clear,
    Deal,
    Play,
    Replace,
    allowed_values,
    inner_values,
    move_to_json,
)
from cardlib.blackdiamond.moves import Move
from cardlib.blackdiamond.state import Options

from .clock import cpu_clock
from .result import SolveResult

COMPILED = not __file__.endswith(".py")
"""True when this module is the C extension ``setup.py`` builds from ``search.py``."""

VERSION = "2026-12-01"
"""Which search this is: the date of the last change to what it does (which positions it
expands, in which order, and which run wins).  Every line of a study carries it
(``solver_version``), so a figure says which search it describes.  Bump it with any change
that moves a deal's ``nodes`` or ``run``: ``tests/test_study_results.py`` solves a sample
of the shipped study again and compares both exactly with the lines of this version."""

SOURCES = (Path(__file__).with_name("search.py"), Path(__file__).with_name("search.pxd"))
"""The files the compiled module is built from."""


def compiled_is_stale() -> bool:
    """True when the compiled search is older than its sources: an edit to ``search.py``
    would then silently not run (Python prefers the compiled module), so importing one
    warns, and a test fails, until ``make install`` rebuilds it."""
    built = Path(__file__).stat().st_mtime
    return COMPILED and any(f.exists() and f.stat().st_mtime > built for f in SOURCES)


if compiled_is_stale():
    warnings.warn("solvers/search.py or search.pxd changed after the search was compiled, so "
                  "the old compiled search runs; `make install` rebuilds it", stacklevel=2)


ProgressCallback = Callable[[int], object]
"""A progress callback: called with the positions searched so far, every
:data:`CHECK_EVERY` of them; a true answer stops the search (an ``unknown`` verdict marked
``stopped``).  It runs on the search's own thread: a widget's Stop button sets a flag that
the callback returns (see :class:`solvers.progress.Progress`)."""

CHECK_EVERY = 1024
"""The search checks its time limit and calls its progress callback once per this many
positions (a power of two: the test is one bit mask in the hot loop): about every 0.05 s
as plain Python, so that a Stop button answers at once even on a busy machine, where one
position can take four times as long.  The node limit is checked every 4096 positions, as
it always was, so that a study's ``--max-nodes`` means what it meant."""

SUIT_BIT = {"S": 0, "C": 1}
LIMITS = tuple(p.limit for p in PILES)
TOUCHES = tuple(tuple(POSITIONS.index(pos) for pos in POSITIONS if pos in p.touches)
                for p in PILES)
COSTS = tuple(len(t) for t in TOUCHES)
ROOM_TOTAL = sum(limit - 1 for limit in LIMITS)
"""Cards the nine piles hold, all together, before any of them must be cleared (24)."""

PLAY_RANK = tuple(
    tuple((0 if c < 2 else 2) if p.kind == "outer"
          else (1 if c < 3 else 5) if p.kind == "inner"
          else (3 if c < 3 else 4 if c == 3 else 9)
          for c in range(p.limit))
    for p in PILES)
"""Order to try plays in, by pile and its count: lower first.  Edges before the centre
(the one place every card fits, so keep it for cards that fit nowhere else), an outer clear
(1 diamond, and a fresh diamond at that edge) before an inner one (2), the centre's clear
(4 diamonds) last, and filling the centre to one short of its limit late."""


INNER_MASK = tuple(tuple(sum(1 << v for v in inner_values(a, b)) if a and b else 0
                         for b in range(16)) for a in range(16))
"""``INNER_MASK[a][b]``: bit mask of the values :func:`inner_values` allows between a, b."""


def absorbable(diamonds: int, options: Options, exempt: int = 4) -> int:
    """The most black cards that clears paid with ``diamonds`` deck cards can take away.

    Every diamond taken from the deck changes one position.  An outer limit clear takes
    3 cards for 1 diamond, but its 3 cards cannot share one value (there are only a spade
    and a club of each), so the diamond at that edge must change *during* the run, through
    a replace or another pile's clear; only a run on the table now may be exempt, on an
    edge where enough cards of its diamond's value are left (``exempt`` edges, at most 4).
    Changes made by other clears carry at most 2 cards each (inner: 4 cards for 2
    diamonds; centre: 5 for 4; stuck clears fewer; replaces none).  With O outer clears
    and S other changes: cards <= 3 O + 2 S, diamonds >= O + S and O <= S + exempt, so
    cards <= 3 d and cards <= 2.5 d + exempt / 2.  When replaced diamonds go back under
    the deck, replaces are free, so only the 3-per-diamond limit holds.
    """
    if options.replaced_under_deck:
        return 3 * diamonds
    return min(3 * diamonds, (5 * diamonds + exempt) // 2)


@functools.cache
def pile_rooms(packed_room: int) -> tuple[tuple[int, ...], int]:
    """The rooms packed 2 bits a place in ``packed_room`` (the eight edge piles, then the
    fresh pile, see :data:`FRESH_PILE`), as a tuple, and the bit mask of the places with
    any (cached: the matching bound asks for the same few again and again)."""
    rooms = tuple((packed_room >> (2 * p)) & 3 for p in range(9))
    return rooms, ROOMY[0][packed_room & 0x3FF] | ROOMY[1][packed_room >> 10]


# Small tables in place of int methods in the hot loop: compiled, ``x.bit_count()`` is
# still a Python method lookup and call, and the bounds make about 15 million of them on
# one proof; an index into a tuple is one C call.
VALUES_IN = tuple(tuple(v for v in range(1, 14) if values >> v & 1) for values in range(1 << 14))
"""``VALUES_IN[values]``: the values 1..13 whose bits are set in the bit mask ``values``."""

VALUE_COUNT = tuple(values.bit_count() for values in range(1 << 14))
"""``VALUE_COUNT[values]``: how many values the bit mask ``values`` holds."""

PLACE_OF = tuple((bit.bit_length() - 1) if bit.bit_count() == 1 else -1 for bit in range(512))
"""``PLACE_OF[1 << p]``: p, the place a one-bit mask names."""

ROOMY = (tuple(sum(1 << p for p in range(5) if low >> (2 * p) & 3) for low in range(1024)),
         tuple(sum(1 << (5 + p) for p in range(4) if high >> (2 * p) & 3) for high in range(256)))
"""The places with any room in a packed room (2 bits a place): ``ROOMY[0][room & 0x3FF] |
ROOMY[1][room >> 10]`` (places 0-4, then 5-8)."""

ROOM_SUM = tuple(sum(fields >> (2 * p) & 3 for p in range(5)) for fields in range(1024))
"""The room of five 2-bit fields: a packed room's total is ``ROOM_SUM[room & 0x3FF] +
ROOM_SUM[room >> 10]``."""


def edge_matching(piles_of: tuple[int, ...], values: int, packed_room: int) -> int:
    """Most of the values in bit mask ``values`` (one card each) placed at once on the
    edge piles: value v may go on the piles in mask ``piles_of[v]``, pile p takes
    ``(packed_room >> 2p) & 3`` more (greedy, most constrained value first, then Kuhn's
    augmenting paths for the values the greedy left out).  Place 8, after the edges, is
    the fresh pile of a one-diamond future (see :data:`FRESH_PILE`)."""
    rooms, free = pile_rooms(packed_room)
    choices = [mask for mask in [piles_of[v] & free for v in VALUES_IN[values]] if mask]
    choices.sort(key=VALUE_COUNT.__getitem__)  # (place masks: 9 bits, within the table)
    room = list(rooms)
    owners: list[list[int]] = [[], [], [], [], [], [], [], [], []]
    placed = 0
    pending = []
    for mask in choices:
        open_piles = mask & free
        if open_piles:
            low = open_piles & -open_piles
            p = PLACE_OF[low]
            owners[p].append(mask)
            room[p] -= 1
            if not room[p]:
                free ^= low
            placed += 1
        else:
            pending.append(mask)
    if not pending:
        return placed
    seen = 0

    def augment(mask: int) -> bool:
        nonlocal free, seen
        fresh = mask & ~seen
        if not fresh:
            return False
        seen |= fresh
        open_piles = fresh & free
        if open_piles:
            low = open_piles & -open_piles
            p = PLACE_OF[low]
            owners[p].append(mask)
            room[p] -= 1
            if not room[p]:
                free ^= low
            return True
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            held = owners[PLACE_OF[low]]
            for k, other in enumerate(held):
                if augment(other):
                    held[k] = mask
                    return True
        return False

    for mask in pending:
        seen = 0
        if augment(mask):
            placed += 1
    return placed


ROOM_FIELDS = tuple(sum(3 << (2 * p) for p in range(9) if places >> p & 1) for places in range(512))
"""``ROOM_FIELDS[places]``: the 2-bit room fields of the places in bit mask ``places``."""


def pile_suit_room(p: int, pile: int) -> int:
    """The spades and clubs pile ``p`` can still take with its 4-bit field ``pile`` (see
    ``Board.piles``), suits alternating, in :meth:`_Search.suit_room`'s fields: spades at
    bit 2p, clubs at bit 16 + 2p for an edge pile; for the centre, 4 bits each at 32, 36."""
    count = pile & 7
    free = max(LIMITS[p] - 1 - count, 0)  # (no pile reaches its limit: it is cleared)
    if count:
        top = pile >> 3
        room = [0, 0]
        room[1 - top] = (free + 1) // 2  # the other suit comes next
        room[top] = free // 2
    else:
        room = [(free + 1) // 2] * 2
    if p == 8:
        return room[0] << 32 | room[1] << 36
    return room[0] << (2 * p) | room[1] << (16 + 2 * p)


SUIT_ROOM = tuple(
    tuple(sum(pile_suit_room(3 * part + i, fields >> (4 * i) & 15) for i in range(3))
          for fields in range(1 << 12))
    for part in range(3))
"""``SUIT_ROOM[k][f]``: the room of piles 3k..3k+2 with their fields packed in ``f``; the
fields never carry into each other, so the nine piles' room is the sum of three."""


def rarely_cuts(cut: int, tried: int, rate: int, states: int) -> bool:
    """True when a bound has cut fewer than one in ``rate`` of its ``tried`` tries (counting
    one cut more, so that it has ``rate`` tries before it is judged), except on every
    :data:`OPENINGS_SAMPLE`-th of the ``states`` asked about, where it is tried anyway so
    that its rate stays measured.  (Both adaptive choices of ``_Search.bounds`` use it.)"""
    return (cut + 1) * rate <= tried and states % OPENINGS_SAMPLE != 0


def matching_ceiling(piles_of: tuple[int, ...], values: int, packed_room: int) -> int:
    """An upper bound on :func:`edge_matching` (same arguments) for a fraction of its cost:
    the smaller of two vertex covers of the bipartite graph (a matching never exceeds a
    cover, by König): every value that has a place with room, or all the room of the
    places such values can use.  Measured on seed 6658, it alone shows 95 % of the matching
    bound's cuts, so the matching runs only where it does not.

    The compiled build runs this one function on C longs (``search.pxd``): every number in
    it is a mask or count below 2**18, and nothing is shifted left.  So each value is read
    into a local before an operation, which C then does without making a Python int."""
    free = ROOMY[0][packed_room & 0x3FF]
    high = ROOMY[1][packed_room >> 10]
    free |= high
    reach = 0
    count = 0
    for value in VALUES_IN[values]:
        places = piles_of[value]
        places &= free
        if places:
            count += 1
            reach |= places
    fields = ROOM_FIELDS[reach]
    fields &= packed_room
    room = ROOM_SUM[fields & 0x3FF]
    high = ROOM_SUM[fields >> 10]
    room += high
    return count if count < room else room


MATCH_DIAMONDS = 1
"""The matching bound runs only with at most this many diamonds left: with more, the
diamonds to come can reach so many values that it (measured) never cuts, and costs time."""

OPENINGS_FIRST_RATE = 4
"""The openings bound goes before the matching bound while it cuts at least one state in
this many (see ``_Search.bounds``): the matching costs about this many openings bounds."""

DEEP_OPENINGS_RATE = 256
"""With more diamonds left than the matching bound needs, the openings bound is tried on
every state only while it cuts at least one in this many (see ``_Search.bounds``)."""

OPENINGS_SAMPLE = 16
"""Where the openings bound rarely cuts (:func:`rarely_cuts`), it is still tried first, or
at all, on one state in this many, so that its cut rate stays measured."""

SLOTS_LOST = tuple(tuple(2 if c == 0 and (p.limit - 1) % 2 else 1 for c in range(p.limit))
                   for p in PILES)
"""Suit slots a pile loses when one card goes on it without clearing it (see
``_Search.slot_room``): one, or two when an empty pile with odd room gets its first card."""

FRESH_PILE = 8
"""The place, after the eight edge piles, of a one-diamond future's fresh pile in a
matching (see :meth:`_Search.room_slack`): the outer pile whose clear brought the last
diamond, refilled.  It holds cards of the new diamond's value only, one spade and one club
(a third card would reach its limit and need a refill the empty deck cannot pay)."""

FRESH_ROOM = 1 << (2 * FRESH_PILE)
"""The fresh pile's room, one card of the suit being matched, in the packed-room form."""

CENTRE_BIT = 1 << 8
"""The centre's bit in a mask of piles (``PILES`` order: the eight edges, then the centre)."""

EVERY_POSITION = 1 | 1 << 14 | 1 << 28 | 1 << 42
"""Multiplier that copies a 14-bit value mask to all four positions of a packed mask."""

SCHEDULE = (("dfs", None), ("beam", None), ("beam", 1.0), ("beam", 0.5))
"""The runs of one round, in turn: depth-first search, then beam searches (see
``_Search.beam``) that rank a diamond kept above everything, or as worth one placeable
card, or half a card.  Measured on the 48 slowest deals of seeds 1..2000 (by an earlier
schedule): each beam kind wins deals the others lose at the same width, and seed 271 is
won by depth-first search only (13,865 nodes) while every beam up to 1,600 wide dies."""

DFS_UNIT = 4000
"""Nodes of the first depth-first run; round k's run gets ``DFS_UNIT * 2**k``."""

BEAM_UNIT = 200
"""Width of the first beams; round k's beams are ``BEAM_UNIT * 2**k`` wide."""

RESTART_NODES = 85_000
"""Nodes the budgeted runs may spend in all before the last, unlimited run (a run that
has begun is finished).  A lost deal pays for the beams and for ranking moves in the
budgeted depth-first runs (their work is kept), so the budget is the least that still
wins what the beams win: on the deals measured, the first three rounds (about 88,000
nodes, the last of them starting before 85,000).  Measured with the compiled search,
one run each, against the 150,000 of before:

* Seeds 1..1000 are won by the same runs in the same time at any budget from 25,000 up;
  seeds 1001..3000 too (the slowest, 1317, in 2.5 s), but at 50,000 two deals that only
  round 2's 800-wide beams win fall to the last run (1189: 2.1 -> 7.4 s), at 25,000 five.
* Round 3's 1,600-wide beams won 13575 and 16089 (4.4 s and 3.9 s); the last run now
  wins them in 5.3 s and 4.0 s.  The wins that need the last run anyway get there sooner:
  4075 10.6 -> 9.1 s, 5877 5.2 -> 3.5 s, 14447 4.9 -> 3.2 s, 18151 3.9 -> 3.2 s.
* Losses: 6658 11.5 -> 9.7 s, 3153 10.1 -> 8.0 s.  (At 100,000, which also runs round
  3's depth-first run: 10.4 s and 8.7 s, and no win above faster than at 85,000.)
"""


class Board(NamedTuple):
    """A state of the game in the search's compact form (see the module docstring)."""

    diamonds: int
    """The four diamond values, 4 bits each, N in the lowest bits."""
    deck: int
    """The diamond deck, 4 bits a card, the top card in the lowest bits (0: empty)."""
    piles: int
    """The nine piles, 4 bits each in ``PILES`` order: card count (3 bits), top suit."""
    drawn: int
    """Black cards drawn so far, hand included: the next to draw is ``black[drawn]``."""
    hand: int
    """Bit i set: black card i is in the hand (only the last two drawn can be)."""
    filled: int
    """Cards on the piles, all together."""
    slack: int
    """What the parent knows of :meth:`_Search.room_slack` here (-1: nothing); in a child
    made by :meth:`_Search.children`, the bounds' own answer."""
    key: int
    """Its :func:`table_key`, made once where the state is made (the parent looks it up
    in the table before ranking it, the child on arrival)."""


new_board = functools.partial(tuple.__new__, Board)
"""``Board`` from a tuple of its fields, made in C: ``Board(...)`` runs a Python function
(NamedTuple's ``__new__``), which the search would call for every child of every state."""

Child = tuple[tuple[float, ...], tuple[int, int], Board]
"""A move from a state: its sort key (lower first, see :meth:`_Search.rank`), the move's
code (``(kind, what)``, see :meth:`_Search.engine_move`) and the state it leads to."""


def on_table(diamonds: int) -> int:
    """The diamonds' values as a packed mask of 14 bits a position (N lowest): the form
    :meth:`_Search.edge_values` reads, where each position may hold just its own value."""
    return (1 << (diamonds & 15) | 1 << (14 + (diamonds >> 4 & 15))
            | 1 << (28 + (diamonds >> 8 & 15)) | 1 << (42 + (diamonds >> 12 & 15)))


def refill(diamonds: int, deck: int, pile: int) -> tuple[int, int]:
    """The diamonds and deck after clearing ``pile``: the positions it touches take the
    deck's top cards in N, E, S, W order (the caller checks the deck holds enough)."""
    for pos in TOUCHES[pile]:
        diamonds = (diamonds & ~(15 << (4 * pos))) | (deck & 15) << (4 * pos)
        deck >>= 4
    return diamonds, deck


def table_key(diamonds: int, deck: int, piles: int, drawn: int, hand: int) -> int:
    """One int for a compact state (the hand as its two bits below ``drawn``)."""
    return ((((deck << 5 | drawn) << 2 | ((hand << 2) >> drawn)) << 16 | diamonds) << 36) | piles


def profile_index(empty: int, spade_topped: int, club_topped: int, spades_open: int = 0,
                  spades_only: int = 0, clubs_open: int = 0, clubs_only: int = 0) -> int:
    """One int for a pile profile (see :meth:`_Search.openings_needed`): of the live piles
    that can take both suits, how many are empty, spade- and club-topped; of those that
    can only ever take spades, how many are open to one now and how many there are; the
    same for clubs."""
    return (empty << 24 | spade_topped << 20 | club_topped << 16 | spades_open << 12
            | spades_only << 8 | clubs_open << 4 | clubs_only)


PROFILE_BITS = 28
"""Bits a profile index takes (seven 4-bit fields): memo keys put other data above them."""

IN_HAND = (0, 1, 1, 2)
"""Cards in the hand by its two bits as :func:`table_key` packs them (``(hand << 2) >>
drawn``): only the last two cards drawn can be in it."""

NO_WAY = 99
"""Clears charged for a card with no live pile: more than any deck holds."""


@functools.cache
def place_on_open_pile(index: int, suit: int) -> tuple[tuple[int, int], ...]:
    """The ways one card of ``suit`` (0 spade, 1 club) can go on an open pile of the
    profile ``index``, as (clears paid, profile after): on a two-suit pile topped by the
    other suit, on an empty one, on an open pile that takes only this suit (it closes),
    or, when there is none, on a pile closed to this suit that is cleared first."""
    fields = [index >> shift & 15 for shift in (24, 20, 16, 12, 8, 4, 0)]
    own_top, other_top, only_open, only = (1, 2, 3, 4) if suit == 0 else (2, 1, 5, 6)
    changes = []
    if fields[other_top]:
        changes.append(((other_top, -1), (own_top, 1)))
    if fields[0]:
        changes.append(((0, -1), (own_top, 1)))
    if fields[only_open]:
        changes.append(((only_open, -1),))
    ways = []
    for change in changes:
        after = list(fields)
        for field, step in change:
            after[field] += step
        ways.append((0, profile_index(*after)))
    if not ways:
        closed = fields[own_top] + fields[only] - fields[only_open]
        ways.append((1 if closed else NO_WAY, index))
    return tuple(ways)


UNMODELLED = frozenset({"repeat_replace"})
"""Variants the exact search does not model: with ``repeat_replace`` a run of replacements
is a move it never generates, so its "loss" would be no proof.  (The plain search walks
the engine's moves and handles every variant.)"""


def unmodelled_variants(variants: Iterable[str]) -> list[str]:
    """Those of ``variants`` (option names) the exact search does not model, sorted."""
    return sorted(UNMODELLED.intersection(variants))


def unmodelled(variants: Iterable[str]) -> str | None:
    """Why the exact search refuses a game with ``variants`` (option names) switched on, or
    None: one answer for the search itself, the command line and the study."""
    names = unmodelled_variants(variants)
    if not names:
        return None
    return f"the exact search does not model the variant {', '.join(names)}"


def variants_on(options: Options) -> list[str]:
    """The names of the on/off variants switched on in ``options``."""
    return [name for name, value in dataclasses.asdict(options).items() if value is True]


class _OutOfBudget(Exception):
    """This run's node budget is spent: restart with the next ordering."""


class SearchTimeout(Exception):
    """The time limit ran out (the caller turns this into an ``unknown`` verdict)."""


class SearchStopped(SearchTimeout):
    """The progress callback asked the search to stop (an ``unknown`` verdict too)."""


class ReplayError(AssertionError):
    """A line the search calls winning does not replay to a win in the engine: a bug."""


def start_state(start: Deal | BlackDiamondState | dict[str, Any],
                **options: Any) -> BlackDiamondState:
    """The engine state a solver starts from: a deal (object or JSON) or a state."""
    if isinstance(start, BlackDiamondState):
        if options:
            raise TypeError("options come with the state; pass a deal to set them")
        return start
    return BlackDiamond().from_deal(start if isinstance(start, Deal) else Deal.from_json(start),
                                    **options)


def replay(state: BlackDiamondState, moves: list[Move]) -> BlackDiamondState:
    """Play ``moves`` through the engine from ``state``; the engine checks every one."""
    for move in moves:
        state = state.apply(move)
    return state


def check_win(state: BlackDiamondState, moves: list[Move]) -> None:
    """Raise :class:`ReplayError` unless ``moves`` win from ``state`` in the engine."""
    try:
        end = replay(state, moves)
    except ValueError as exc:
        raise ReplayError(f"solver bug: its winning line is refused by the engine: {exc}") from exc
    if end.outcome != "win":
        raise ReplayError(f"solver bug: its winning line ends in {end.outcome!r}, not a win")


class _Search:
    """One exhaustive search from one start state (see the module docstring)."""

    def __init__(self, state: BlackDiamondState, time_limit: float | None,
                 max_nodes: int | None = None, progress: ProgressCallback | None = None):
        why = unmodelled(variants_on(state.options))
        if why:
            raise ValueError(f"{why}; use the plain search (method 'simple') for it")
        self.options: Options = state.options
        self.black = list(state.hand) + list(state.black_deck)
        self.values = [c.value for c in self.black]
        self.suits = [SUIT_BIT[c.suit] for c in self.black]
        self.n = len(self.black)
        self.deadline = None if time_limit is None else cpu_clock() + time_limit
        """The CPU clock's reading (:mod:`solvers.clock`) at which the search gives up
        (None: never)."""
        self.nodes = 0
        self.max_nodes = max_nodes
        self.progress = progress
        self.pruned = 0
        self.seen: dict[int, None] = {}
        """The table of states known lost (by key).  A dict used as a set: a set is always
        tracked by the cycle collector, which then walks its million entries on every full
        collection (0.6 s of a 10 s proof), while a dict of ints is untracked (0.4 s)."""
        self.places_cache: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.path: list[Move] = []
        self.final: Move | None = None
        self.start = state
        self.edge_cache: dict[int, tuple[int, ...]] = {}
        self.match_cache: dict[int, int] = {}
        self.fresh_cache: dict[int, tuple[int, ...]] = {}
        self.deck_bits: dict[int, int] = {}
        self.suits_cache: dict[int, tuple[int, int]] = {}
        self.openings_cache: dict[int, int] = {}
        self.profile_cache: dict[int, int] = {}
        suffix = [[0, 0] for _ in range(self.n + 1)]  # spade, club values from card i on
        for i in range(self.n - 1, -1, -1):
            suffix[i][:] = suffix[i + 1]
            suffix[i][self.suits[i]] |= 1 << self.values[i]
        self.to_come: list[tuple[int, int]] = []
        """``values_to_come`` per ``drawn << 2 | hand bits`` (see :func:`table_key`)."""
        for drawn in range(self.n + 1):
            for held in range(4):  # bit 0: card drawn - 2 is in the hand, bit 1: drawn - 1
                values = list(suffix[drawn])
                for bit, card in enumerate((drawn - 2, drawn - 1)):
                    if held >> bit & 1 and card >= 0:
                        values[self.suits[card]] |= 1 << self.values[card]
                self.to_come.append((values[0], values[1]))
        self.absorb = [tuple(absorbable(d, self.options, exempt) for exempt in range(5))
                       for d in range(32)]
        """``absorbable`` per diamonds left and exempt edges (index 4: any edge may be)."""
        self.matched = 0
        """States the matching bound was asked about (see :meth:`bounds`)."""
        self.openings_tried = self.openings_cut = 0
        """States the openings bound went first on, and those it cut (see :meth:`bounds`)."""
        self.deep_states = self.deep_tried = self.deep_cut = 0
        """States with more diamonds left than the matching bound needs, those the openings
        bound was tried on, and those it cut (see :meth:`bounds`)."""
        self.budget: int | None = None
        self.plain_order = False
        """Rank children by the diamonds kept and the static order only (see :meth:`run`)."""
        self.restarts = 0
        self.won_by = "start"
        """Which run found the win (or was running when the search ended)."""

    # --- tables built from the engine's rules ------------------------------------------
    def places(self, diamonds: int) -> tuple[tuple[int, ...], ...]:
        """Per value 0..13, the piles (in order) where a card of that value is allowed next
        to diamonds ``diamonds`` (4 nibbles): the move loop visits only those."""
        found = self.places_cache.get(diamonds)
        if found is None:
            values = [(diamonds >> (4 * i)) & 15 for i in range(4)]
            allowed = [allowed_values(pile, values,
                                      arithmetic_centre=self.options.arithmetic_centre)
                       for pile in PILES]
            found = tuple(tuple(p for p in range(9) if value in allowed[p])
                          for value in range(14))
            self.places_cache[diamonds] = found
        return found

    def edge_values(self, packed: int) -> tuple[int, ...]:
        """Per value 1..13, the bit mask of edge piles (0..7) that could take it when
        position k may hold any value in bit mask ``avail[k]``; the four masks come packed
        in one int, 14 bits a position, N lowest (cached)."""
        found = self.edge_cache.get(packed)
        if found is None:
            avail = [(packed >> (14 * k)) & 0x3FFF for k in range(4)]
            piles = []
            for p in range(8):
                touch = TOUCHES[p]
                if len(touch) == 1:
                    piles.append(avail[touch[0]])
                else:
                    bits = 0
                    a_bits, b_bits = avail[touch[0]], avail[touch[1]]
                    for a in range(1, 14):
                        if a_bits >> a & 1:
                            row = INNER_MASK[a]
                            for b in range(1, 14):
                                if b_bits >> b & 1 and a != b:
                                    bits |= row[b]
                    piles.append(bits)
            by_value = [0] * 14
            for p in range(8):
                for v in VALUES_IN[piles[p]]:
                    by_value[v] |= 1 << p
            found = tuple(by_value)
            self.edge_cache[packed] = found
        return found

    def suit_room(self, piles: int) -> tuple[int, int, int, int]:
        """How many more spades and clubs the piles can take, suits alternating on each:
        (edge room of spades, of clubs, packed 2 bits per edge pile; centre room of spades,
        of clubs).  Summed from :data:`SUIT_ROOM`, three piles at a time."""
        room = (SUIT_ROOM[0][piles & 0xFFF] + SUIT_ROOM[1][piles >> 12 & 0xFFF]
                + SUIT_ROOM[2][piles >> 24])
        return room & 0xFFFF, room >> 16 & 0xFFFF, room >> 32 & 15, room >> 36

    def placeable(self, avail: int, spades: int, clubs: int,
                  room: tuple[int, int, int, int], fresh: int = 0, needed: int = 0) -> int:
        """Most of the remaining cards (value masks ``spades``, ``clubs``) that can be
        given a place of their own at once: per suit, a matching of values to edge piles
        with room for that suit, plus the centre's room (it takes any value).  ``avail``
        is packed as in :meth:`edge_values`.  With ``fresh`` (a value), the matching also
        has the fresh pile (:data:`FRESH_PILE`), one place per suit for that value.

        With ``needed``, the caller only asks whether ``needed`` cards can be placed: a
        result below it may be any number below it (the cheap :func:`matching_ceiling`
        answers first, and the matchings stop as soon as the answer is no)."""
        total = 0
        cache = self.match_cache
        base = (avail << 4 | fresh) << 30
        if fresh:
            piles_of = self.fresh_values(avail, fresh)
            spade_room, club_room = room[0] | FRESH_ROOM, room[1] | FRESH_ROOM
        else:
            piles_of = self.edge_values(avail)
            spade_room, club_room = room[0], room[1]
        spade_count, club_count = VALUE_COUNT[spades], VALUE_COUNT[clubs]
        if needed:
            ceiling = 0
            if spades:
                got = matching_ceiling(piles_of, spades, spade_room) + room[2]
                ceiling += spade_count if got >= spade_count else got
                if ceiling + club_count < needed:
                    return ceiling
            if clubs:
                got = matching_ceiling(piles_of, clubs, club_room) + room[3]
                ceiling += club_count if got >= club_count else got
            if ceiling < needed:
                return ceiling
        if spades:
            key = (base | spades) << 18 | spade_room
            got = cache.get(key)
            if got is None:
                got = cache[key] = edge_matching(piles_of, spades, spade_room)
            total += spade_count if got + room[2] >= spade_count else got + room[2]
            if total + club_count < needed:
                return total
        if clubs:
            key = (base | 1 << 29 | clubs) << 18 | club_room
            got = cache.get(key)
            if got is None:
                got = cache[key] = edge_matching(piles_of, clubs, club_room)
            total += club_count if got + room[3] >= club_count else got + room[3]
        return total

    def fresh_values(self, avail: int, fresh: int) -> tuple[int, ...]:
        """:meth:`edge_values` with the fresh pile (:data:`FRESH_PILE`) taking ``fresh``."""
        key = avail << 4 | fresh
        found = self.fresh_cache.get(key)
        if found is None:
            found = list(self.edge_values(avail))
            found[fresh] |= 1 << FRESH_PILE
            found = self.fresh_cache[key] = tuple(found)
        return found

    def values_to_come(self, drawn: int, hand: int) -> tuple[int, int]:
        """Bit sets of the spade and club values still to place: the hand, then the deck."""
        return self.to_come[drawn << 2 | (hand << 2) >> drawn]

    def values_in_deck(self, deck: int) -> int:
        """The diamond values the deck still holds, one bit each (cached: the bounds ask
        for the same few decks again and again)."""
        values = self.deck_bits.get(deck)
        if values is None:
            values = 0
            rest = deck
            while rest:
                values |= 1 << (rest & 15)
                rest >>= 4
            self.deck_bits[deck] = values
        return values

    def values_ever(self, diamonds: int, deck: int) -> int:
        """The values each diamond position can ever hold, 14 bits a position (as
        :func:`on_table` packs them): its diamond now or one still in the deck.  When
        replaced diamonds go under the deck, also any diamond now on the table, since a
        replaced one comes back and may land at any position.  The matching bound and the
        openings bound both read this, so the two agree on what the future can bring."""
        in_deck = self.values_in_deck(deck)
        if self.options.replaced_under_deck:
            table = (1 << (diamonds & 15) | 1 << (diamonds >> 4 & 15)
                     | 1 << (diamonds >> 8 & 15) | 1 << (diamonds >> 12 & 15))
            return (in_deck | table) * EVERY_POSITION
        return on_table(diamonds) | in_deck * EVERY_POSITION

    def room_slack(self, diamonds: int, deck: int, piles: int, drawn: int, hand: int,
                   remaining: int, decklen: int) -> int:
        """-1 if the remaining cards provably cannot all find a place, else a slack >= 0.

        Every card still to come ends on a pile or is taken away by a clear.  Clears paid
        with the diamonds left take at most ``absorb[decklen]`` cards (see
        :func:`absorbable`); every other card needs a place of its own in the piles' free
        room, of its suit (suits alternate on a pile) and on a pile whose diamonds could
        allow its value, now or after the diamonds still to come arrive
        (:meth:`values_ever`).  A maximum matching of cards to places smaller than that is
        a proof of loss.

        With one diamond left, sharper: it lands at one position k only, so each of those
        four futures is checked apart, and all must fail.  It gets there by a replace
        (which adds no room), a stuck clear of outer pile k, or that pile's limit clear
        (inner and centre clears need more diamonds than the deck holds).  Instead of the
        cards :func:`absorbable` lets go free of a place, a future counts what the clear
        truly adds: the limit card, one card beyond the pile's free room (only if enough
        cards of the edge's value are left to reach the limit with no other change, as
        for ``exempt``), and the fresh pile (:data:`FRESH_PILE`), matched like the others:
        the refilled pile, which takes one spade and one club of the new value only.

        The slack (matching size minus cards needed, at most 2 matters) lets a play that
        keeps the diamonds skip the check: it removes one card and at most two places, so
        a child inherits ``slack - places_lost`` and only recomputes below zero.
        """
        absorb = self.absorb[decklen]
        if remaining <= absorb[4]:
            return absorb[4] - remaining
        if decklen > MATCH_DIAMONDS:
            return 2
        spades, clubs = self.values_to_come(drawn, hand)
        exempt = 0  # edges whose run on the table can reach its limit with no change
        if decklen:  # (with no diamond left nothing is absorbed, exempt or not)
            for k in range(4):
                value = diamonds >> (4 * k) & 15
                if (spades >> value & 1) + (clubs >> value & 1) >= 3 - (piles >> (4 * k) & 7):
                    exempt += 1
                    if absorb[exempt] == absorb[4]:
                        break  # more exempt edges would absorb no more
        needed = remaining - absorb[exempt]
        if needed <= 0:
            return -needed
        room = self.suit_room(piles)
        slack = self.placeable(self.values_ever(diamonds, deck), spades, clubs, room,
                               needed=needed) - needed
        if slack < 0 or decklen != 1 or self.options.replaced_under_deck:
            return slack
        return self.one_diamond_slack(diamonds, deck, piles, spades, clubs, room, remaining,
                                      slack)

    def one_diamond_slack(self, diamonds: int, deck: int, piles: int, spades: int, clubs: int,
                          room: tuple[int, int, int, int], remaining: int, slack: int) -> int:
        """:meth:`room_slack` with one diamond left, by its four futures (-1: all fail;
        ``slack`` is what the check over all futures at once found)."""
        here = on_table(diamonds)
        fresh = deck & 15
        # (Using no diamond at all is never better than some future that uses it: more
        # values allowed, fewer cards to place.)  No future beats ``slack``: each allows
        # fewer values, and its limit card and fresh pile place no more than the 2 cards
        # ``absorbable`` lets go, or 3 where the exempt count is >= 1 (a limit card counts
        # only at an exempt edge).  So once one reaches it (or 2, all a child can use) the
        # rest need not be tried.
        enough = slack if slack < 2 else 2
        best = -1
        for k in range(4):
            if best >= enough:
                break
            value = diamonds >> (4 * k) & 15
            left = (spades >> value & 1) + (clubs >> value & 1)
            limit_card = 1 if left >= 3 - (piles >> (4 * k) & 7) else 0
            got = self.placeable(here | 1 << fresh << (14 * k), spades, clubs, room, fresh,
                                 remaining - limit_card) - (remaining - limit_card)
            if got > best:
                best = got
        return best if best >= 0 else -1

    # --- the openings bound: suits alternate, so a run of one suit needs open piles -----
    def openings_short(self, diamonds: int, deck: int, piles: int, drawn: int, hand: int,
                       decklen: int) -> bool:
        """True if the cards still to place need more clears than the deck can pay for,
        by :meth:`openings_needed` from this state's pile profile (see :meth:`pile_suits`
        for which piles can take which suit)."""
        takes_spades, takes_clubs = self.pile_suits(diamonds, deck, drawn, hand)
        probe = (piles << 9 | takes_spades) << 9 | takes_clubs
        profile = self.profile_cache.get(probe)
        if profile is None:
            counts = [0] * 7  # the fields of profile_index, in order
            for p in range(9):
                spade, club = takes_spades >> p & 1, takes_clubs >> p & 1
                pile = piles >> (4 * p) & 15
                top = pile >> 3 if pile & 7 else -1
                if spade and club:
                    counts[0 if top < 0 else 1 + top] += 1
                elif spade:
                    counts[4] += 1
                    counts[3] += top != 0
                elif club:
                    counts[6] += 1
                    counts[5] += top != 1
            profile = self.profile_cache[probe] = profile_index(*counts)
        return self.openings_needed(drawn, hand, profile) > decklen

    def openings_needed(self, drawn: int, hand: int, profile: int) -> int:
        """The fewest clears that let every card still to come (the hand in either order,
        then the deck, two at a time, each pair in either order) find an open pile, from
        pile ``profile`` (see :func:`profile_index`), in a game that keeps of each pile
        only whether it is empty, spade-topped or club-topped, and which suits it can
        ever take (:meth:`pile_suits`).

        Soundness: that game is looser than the real one.  A card of one suit goes on a
        pile that is empty or topped by the other suit (suits alternate) and leaves it
        topped by its own suit; a pile no remaining club can ever go on takes spades
        only, so once spade-topped it stays closed to them until cleared (the same for
        clubs; a pile that takes neither plays no part).  Every clear (a pile reaching its
        limit, or a stuck clear) makes one pile empty and takes at least one diamond from
        the deck for good (a refilled diamond leaves the game, even in the variant where
        replaced ones go under the deck).  Values (beyond which suit a pile can take),
        pile limits and replaces are ignored, and a pile counted as taking both suits
        may in truth lose one later.  So a real win from here is a line of this game
        with at most ``decklen`` clears; if every line needs more, the state is lost.

        Computing it exactly: a clear is made only when a card finds no open pile (then
        it empties a pile closed to the card's suit, and the card goes there).  An
        earlier clear never does better: a strategy that empties pile T early can wait,
        placing cards on T while its top allows and paying for the clear when it does
        not, which costs at most the one clear it saved.  The other choices (which open
        pile, which hand card first) are all tried.  Memoised by exactly what it reads:
        the point in the black deck, the hand and the profile.
        """
        probe = (drawn << 2 | ((hand << 2) >> drawn)) << PROFILE_BITS | profile
        best = self.openings_cache.get(probe)
        if best is not None:
            return best
        if not hand:
            if drawn >= self.n:
                return 0
            upto = min(drawn + 2, self.n)
            best = self.openings_needed(upto, (1 << upto) - (1 << drawn), profile)
        else:
            for card in range(max(drawn - 2, 0), drawn):
                if not hand >> card & 1:
                    continue
                rest = hand & ~(1 << card)
                for cost, placed in place_on_open_pile(profile, self.suits[card]):
                    total = cost + self.openings_needed(drawn, rest, placed)
                    if best is None or total < best:
                        best = total
        self.openings_cache[probe] = best
        return best

    def pile_suits(self, diamonds: int, deck: int, drawn: int, hand: int) -> tuple[int, int]:
        """Bit masks of the piles (``PILES`` order) that a spade, a club still to place can
        ever go on: a position only ever holds its diamond now or one still in the deck
        (or, when replaced diamonds go under the deck, any diamond on the table or in the
        deck), and the centre takes every value (counted as such even when the arithmetic
        centre variant narrows it: a looser game is still a sound bound)."""
        probe = table_key(diamonds, deck, 0, drawn, hand)
        found = self.suits_cache.get(probe)
        if found is None:
            piles_of = self.edge_values(self.values_ever(diamonds, deck))
            masks = []
            for values in self.values_to_come(drawn, hand):
                mask = CENTRE_BIT if values else 0
                for value in VALUES_IN[values]:
                    mask |= piles_of[value]
                masks.append(mask)
            found = self.suits_cache[probe] = (masks[0], masks[1])
        return found

    # --- the search ---------------------------------------------------------------------
    def root(self) -> Board:
        """The start state in the compact form (see the module docstring)."""
        start = self.start
        diamonds = sum(c.value << (4 * i) for i, c in enumerate(start.diamonds))
        deck = sum(c.value << (4 * i) for i, c in enumerate(start.diamond_deck))
        piles = 0
        filled = 0
        for p, cards in enumerate(start.piles):
            if cards:
                piles |= (len(cards) | SUIT_BIT[cards[-1].suit] << 3) << (4 * p)
                filled += len(cards)
        drawn = len(start.hand)
        hand = (1 << drawn) - 1
        return Board(diamonds, deck, piles, drawn, hand, filled, -1,
                     table_key(diamonds, deck, piles, drawn, hand))

    def run(self) -> bool:
        """Decide the start state: the restart schedule, then one unlimited run.

        A run stopped at its budget keeps the states it proved lost and unmarks its current
        line (:meth:`search`).  That is exact even where replaces cycle (replaced diamonds
        under the deck), where a state may be finished while a state above it on the line
        counts as seen: each successor of a finished state is finished, cut by a bound, or
        on the line when the run stopped, so a win still reachable from the start leaves
        the finished states through a state of that line, which the next run reaches
        again.  (The variant once had a single depth-first run instead; on seeds 1..300 it
        wandered through replace cycles to lines of up to 41,913 moves, and seed 53 was
        still open after 60 s.  With the schedule all 300 are won in 1.0 s at most: 284 by
        the first depth-first run as before, 16 by a beam, in 31 to 76 moves.)"""
        if self.start.is_over:
            return self.start.outcome == "win"
        root = self.root()
        spent_cap = self.nodes + RESTART_NODES
        run = 0
        while self.nodes < spent_cap:
            kind, worth = SCHEDULE[run % len(SCHEDULE)]
            size = 1 << (run // len(SCHEDULE))
            run += 1
            self.restarts += 1
            if kind == "beam":
                self.won_by = f"beam {BEAM_UNIT * size} wide" + (
                    "" if worth is None else f", a diamond worth {worth:g} card")
                if self.beam(root, BEAM_UNIT * size, worth):
                    return True
                continue
            self.budget = self.nodes + DFS_UNIT * size
            self.won_by = "depth-first"
            try:
                return self.search(root)
            except _OutOfBudget:
                pass
        self.budget = None  # the last run: no limit at all
        self.restarts += 1
        self.won_by = "depth-first, unlimited"
        # A deal still open here is most likely lost (no win of seeds 1..4000 got here),
        # and a lost tree is walked whole in any order: ranking children costs time only.
        self.plain_order = True
        return self.search(root)

    def search(self, root: Board) -> bool:
        """Depth-first search from ``root`` with an explicit stack (games can be deep when
        replaced diamonds cycle); on a win, ``self.path`` holds the moves from ``root``."""
        entered = self.enter(*root)
        if entered is False:
            return False
        if entered is True:
            self.path = [self.final]
            return True
        # The current line, one entry per state on it: the state's table key, its children
        # not tried yet, and the move last tried from it.
        keys = [entered[0]]
        untried = [iter(entered[1])]
        line: list[tuple[int, int]] = [(0, 0)]
        try:
            while untried:
                child = next(untried[-1], None)
                if child is None:  # fully explored: stays in the table as lost
                    untried.pop()
                    keys.pop()
                    line.pop()
                    continue
                _, move, board = child
                line[-1] = move
                entered = self.enter(*board, True)
                if entered is False:
                    continue
                if entered is True:
                    self.path = [self.engine_move(code) for code in line]
                    self.path.append(self.final)
                    return True
                keys.append(entered[0])
                untried.append(iter(entered[1]))
                line.append((0, 0))
            return False
        except _OutOfBudget:
            for key in keys:  # not fully explored: not known to be lost
                self.seen.pop(key, None)
            raise

    def beam(self, root: Board, width: int, worth: float | None) -> bool:
        """Beam search from ``root``: a win or nothing (it proves no loss).

        States are taken layer by layer, a layer being the states with as many cards
        still to place; in each, the ``width`` best by the move ordering (:meth:`rank`)
        are expanded (stuck moves stay in their layer), and the ``width`` best children
        go on.  With ``worth`` a diamond kept counts as that many cards placeable instead
        of coming first, so that lines that spend diamonds early for a better table stay
        in the beam.  Where depth-first search goes wrong, it is mostly one early move
        whose refutation is a huge subtree; a beam keeps many early choices alive at
        once.  On a win, ``self.path`` holds the moves from ``root``.
        """
        def score(order: tuple[float, ...]) -> tuple[float, ...]:
            return order if worth is None else (order[1] + worth * order[0], order[0], order[2])

        steps: list[tuple[int, tuple[int, int] | None]] = []  # (parent step, move) per state
        tried: set[int] = set()
        tie = itertools.count()
        start: list[Child] = []  # the root, bounded as any child is
        self.offer(start, (0, 0), 0, *root[:7], (root.deck.bit_length() + 3) >> 2)
        if not start:
            return False
        layer = [((), 0, start[0][2], -1, None)]
        while layer:
            heapq.heapify(layer)
            below: dict[int, tuple[Any, ...]] = {}
            expanded = 0
            while layer and expanded < width:
                _, _, board, parent, move = heapq.heappop(layer)
                diamonds, deck, piles, drawn, hand, filled, slack, key = board
                if key in tried or key in self.seen:
                    continue
                tried.add(key)
                decklen = (deck.bit_length() + 3) >> 2
                self.count_node()
                expanded += 1
                step = len(steps)
                steps.append((parent, move))
                children = self.children(diamonds, deck, piles, drawn, hand, filled, slack, decklen)
                if children is None:
                    path = [self.final]
                    while step > 0:
                        step, code = steps[step]
                        path.append(self.engine_move(code))
                    self.path = path[::-1]
                    return True
                for order, code, child in children:
                    entry = (score(order), next(tie), child, step, code)
                    if code[0]:  # a replace or a stuck clear: no card placed
                        heapq.heappush(layer, entry)
                    else:
                        child_key = child.key
                        if child_key not in below or entry < below[child_key]:
                            below[child_key] = entry
            layer = heapq.nsmallest(width, below.values())
        return False

    def bounds(self, diamonds: int, deck: int, piles: int, drawn: int, hand: int, filled: int,
               slack: int, decklen: int) -> int:
        """-1 if a bound proves the state lost, else its :meth:`room_slack` (``slack`` is
        what the parent knows of it, -1: unknown).

        The state is cut if any bound cuts it, so their order changes the cost only, never
        the search.  The room count goes first (nearly free).  Where the matching bound
        runs (few diamonds left), it costs four to five openings bounds, and which of the two
        cuts more depends on the deal: on seed 3153 the openings bound cuts 80 % of those
        states, on seed 6658 4 % (the matching 96 %).  So the openings bound goes first
        unless it :func:`rarely_cuts` (fewer than one in :data:`OPENINGS_FIRST_RATE` of
        the states it went first on); then the matching does.

        With more diamonds left, the openings bound is the only one, and on some deals it
        almost never cuts there (seed 6658: 31 of 380,000 states; seed 3153: one in five).
        Skipping a bound is always sound (the search stays exhaustive, a state not cut is
        searched), so it is skipped while it :func:`rarely_cuts` (fewer than one in
        :data:`DEEP_OPENINGS_RATE` tries)."""
        remaining = IN_HAND[(hand << 2) >> drawn] + self.n - drawn
        if remaining - (ROOM_TOTAL - filled) > self.absorb[decklen][4]:
            return -1
        if decklen > MATCH_DIAMONDS:  # (room_slack never cuts here)
            self.deep_states += 1
            if not rarely_cuts(self.deep_cut, self.deep_tried, DEEP_OPENINGS_RATE,
                               self.deep_states):
                self.deep_tried += 1
                if self.openings_short(diamonds, deck, piles, drawn, hand, decklen):
                    self.deep_cut += 1
                    return -1
            if slack < 0:
                slack = self.room_slack(diamonds, deck, piles, drawn, hand, remaining, decklen)
            return slack
        counted = False  # the openings bound goes first here, and its answer is counted
        if slack < 0:
            self.matched += 1
            if rarely_cuts(self.openings_cut, self.openings_tried, OPENINGS_FIRST_RATE,
                           self.matched):
                slack = self.room_slack(diamonds, deck, piles, drawn, hand, remaining, decklen)
                if slack < 0:
                    return -1
            else:
                counted = True
                self.openings_tried += 1
        if self.openings_short(diamonds, deck, piles, drawn, hand, decklen):
            self.openings_cut += counted
            return -1
        if slack < 0:
            slack = self.room_slack(diamonds, deck, piles, drawn, hand, remaining, decklen)
        return slack if slack >= 0 else -1

    def count_node(self) -> None:
        """Count an expanded state; every :data:`CHECK_EVERY`, see :meth:`checkpoint`."""
        self.nodes += 1
        if not self.nodes & 1023:  # (CHECK_EVERY - 1, written out: one C operation)
            self.checkpoint()

    def checkpoint(self) -> None:
        """Stop at the time limit (CPU seconds), at the node limit (checked every 4096), or
        when the progress callback says so; else tell it how far the search has got."""
        if self.deadline is not None and cpu_clock() > self.deadline:
            raise SearchTimeout
        if self.max_nodes is not None and not self.nodes & 4095 and self.nodes > self.max_nodes:
            raise SearchTimeout
        if self.progress is not None and self.progress(self.nodes):
            raise SearchStopped

    def enter(self, diamonds: int, deck: int, piles: int, drawn: int, hand: int, filled: int,
              slack: int, key: int, bounded: bool = False) -> bool | tuple[int, list[Child]]:
        """Arrive at a state: False if it is known lost (seen before, or cut by a bound),
        True if a play from it wins at once (that play is ``self.final``), else its table
        key and its moves, best first, each already past the bounds (see :meth:`children`).

        ``slack`` is what the parent knows of :meth:`room_slack` here (-1: unknown), ``key``
        the state's :func:`table_key`; ``bounded``: the parent has run the bounds here
        already, and ``slack`` is their answer."""
        seen = self.seen
        if key in seen:
            return False
        seen[key] = None
        decklen = (deck.bit_length() + 3) >> 2
        if not bounded:
            slack = self.bounds(diamonds, deck, piles, drawn, hand, filled, slack, decklen)
            if slack < 0:
                self.pruned += 1
                return False
        self.count_node()
        if self.budget is not None and self.nodes > self.budget:
            seen.pop(key, None)
            raise _OutOfBudget
        children = self.children(diamonds, deck, piles, drawn, hand, filled, slack, decklen)
        if children is None:
            return True
        return key, children

    def engine_move(self, move: tuple[int, int]) -> Move:
        """The engine's move for the search's ``(kind, index)`` code."""
        kind, what = move
        if kind == 0:
            return Play(self.black[what >> 4], PILES[what & 15].name)
        if kind == 1:
            return Replace(POSITIONS[what])
        return Clear(PILES[what].name)

    def children(self, diamonds: int, deck: int, piles: int, drawn: int, hand: int, filled: int,
                 slack: int, decklen: int) -> list[Child] | None:
        """The moves from here with their next states, best first; None if a play wins
        at once (that play is then ``self.final``).

        Each child goes through the bounds here, and one they cut is noted lost and left
        out.  About two in three children are cut, so they are never built, ranked, sorted
        nor entered (the exhaustive run on seed 6658 takes 7.5 s instead of 7.9 s), nor
        take a place among the states a beam keeps."""
        n = self.n
        places = self.places(diamonds)
        values, suits = self.values, self.suits
        found: list[Child] = []
        plays = 0
        unplaceable = False
        for card in range(drawn - 2 if drawn >= 2 else 0, drawn):
            if not hand >> card & 1:
                continue
            value, suit = values[card], suits[card]
            fits = False
            for p in places[value]:
                pile = piles >> (4 * p) & 15
                count = pile & 7
                if count and pile >> 3 == suit:
                    continue  # suits alternate
                fits = True
                plays += 1
                new_hand = hand & ~(1 << card)
                new_drawn = drawn
                if count + 1 == LIMITS[p]:
                    if decklen < COSTS[p]:
                        continue  # the refill fails: a lost game
                    new_diamonds, new_deck = refill(diamonds, deck, p)
                    new_decklen = decklen - COSTS[p]
                    new_piles = piles & ~(15 << (4 * p))
                    new_filled = filled - count
                    new_slack = -1
                else:
                    new_diamonds, new_deck, new_decklen = diamonds, deck, decklen
                    new_piles = (piles & ~(15 << (4 * p))) | ((count + 1) | suit << 3) << (4 * p)
                    new_filled = filled + 1
                    new_slack = slack - SLOTS_LOST[p][count]
                if not new_hand:
                    if new_drawn >= n:  # every black card placed
                        if self.options.strict_end and not new_deck:
                            continue
                        self.final = Play(self.black[card], PILES[p].name)
                        return None
                    new_drawn = min(new_drawn + 2, n)  # draw the next two
                    new_hand = (1 << new_drawn) - (1 << drawn)
                self.offer(found, (0, card << 4 | p), PLAY_RANK[p][count], new_diamonds,
                           new_deck, new_piles, new_drawn, new_hand, new_filled, new_slack,
                           new_decklen)
            if not fits:
                unplaceable = True
        stuck = unplaceable if self.options.stuck_per_card else not plays
        if stuck and deck:
            top = deck & 15
            rest = deck >> 4
            new_decklen = decklen if self.options.replaced_under_deck else decklen - 1
            for pos in range(4):
                old = diamonds >> (4 * pos) & 15
                new_diamonds = (diamonds & ~(15 << (4 * pos))) | top << (4 * pos)
                new_deck = rest | (old << (4 * (decklen - 1)) if self.options.replaced_under_deck
                                   else 0)
                self.offer(found, (1, pos), 10, new_diamonds, new_deck, piles, drawn, hand,
                           filled, -1, new_decklen)
        if stuck:
            for p in range(9):
                count = piles >> (4 * p) & 7
                if not count or decklen < COSTS[p]:
                    continue
                new_diamonds, new_deck = refill(diamonds, deck, p)
                new_piles = piles & ~(15 << (4 * p))
                self.offer(found, (2, p), 11, new_diamonds, new_deck, new_piles, drawn, hand,
                           filled - count, -1, decklen - COSTS[p])
        found.sort()
        return found

    def offer(self, found: list[Child], code: tuple[int, int], static: float, diamonds: int,
              deck: int, piles: int, drawn: int, hand: int, filled: int, slack: int,
              decklen: int) -> None:
        """Add to ``found`` the state a move (``code``, static rank ``static``) leads to,
        unless it is known lost, or the bounds cut it (it is then noted lost).  ``slack`` is
        what the parent knows of it (see :meth:`bounds`), ``decklen`` its diamonds left,
        which the move knows."""
        key = table_key(diamonds, deck, piles, drawn, hand)
        seen = self.seen
        if key in seen:
            return
        slack = self.bounds(diamonds, deck, piles, drawn, hand, filled, slack, decklen)
        if slack < 0:
            seen[key] = None
            self.pruned += 1
            return
        found.append((self.rank(diamonds, deck, piles, drawn, hand, decklen, static), code,
                      new_board((diamonds, deck, piles, drawn, hand, filled, slack, key))))

    def is_stuck(self, diamonds: int, piles: int, drawn: int, hand: int) -> bool:
        """No card in the hand has a legal placement (move ordering only)."""
        places = self.places(diamonds)
        for i in range(drawn - 2 if drawn >= 2 else 0, drawn):
            if hand >> i & 1:
                suit = self.suits[i]
                for p in places[self.values[i]]:
                    pile = piles >> (4 * p) & 15
                    if not pile & 7 or pile >> 3 != suit:
                        return False
        return True

    def rank(self, diamonds: int, deck: int, piles: int, drawn: int, hand: int, decklen: int,
             static: float) -> tuple[float, ...]:
        """Sort key of a child (lower first): keep diamonds, keep the most remaining
        cards placeable with the diamonds on the table now, then the static order.  (A
        child already known lost is not ranked, nor tried: :meth:`children` drops it.)"""
        if self.plain_order:
            return (-decklen, 0, static)
        if self.is_stuck(diamonds, piles, drawn, hand):
            decklen -= 1  # a diamond will go at once: rank as if it were gone already
        spades, clubs = self.values_to_come(drawn, hand)
        here = on_table(diamonds)
        fit = self.placeable(here, spades, clubs, self.suit_room(piles))
        return (-decklen, -fit, static)


def solve(
    start: Deal | BlackDiamondState | dict[str, Any],
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    progress: ProgressCallback | None = None,
    check: bool = True,
    **options: Any,
) -> SolveResult:
    """Decide ``start`` (a deal, its JSON, or a state mid-game) exactly.

    Returns ``win`` with a move list the engine has replayed to a win, ``loss`` when the
    whole reachable game holds no win, or ``unknown`` when ``time_limit`` (CPU seconds of
    the thread it runs on, see :mod:`solvers.clock`) ran out first, or ``max_nodes`` expanded
    states (checked every 4096; a limit that does not depend on the machine at all), or
    ``progress`` (see :data:`ProgressCallback`) asked it to stop: then ``extra["stopped"]``
    is true.
    ``check=False`` skips the engine's replay of a winning line, for a caller that reads
    only the verdict: a player that counts the sampled deals a move wins makes about a
    thousand searches a game and spent about 6 % of its time replaying lines it never read.
    ``options`` are the game's variants (only with a deal).
    """
    state = start_state(start, **options)
    began = time.perf_counter()
    search = _Search(state, time_limit, max_nodes, progress)
    stopped = False
    try:
        won = search.run()
        verdict = "win" if won else "loss"
    except SearchStopped:
        verdict, stopped = "unknown", True
    except SearchTimeout:
        verdict = "unknown"
    seconds = time.perf_counter() - began
    moves = None
    if verdict == "win":
        path = list(search.path)
        if check:
            check_win(state, path)
        moves = [move_to_json(m) for m in path]
    extra = {"method": "search", "table": len(search.seen), "pruned": search.pruned,
             "restarts": search.restarts, "run": search.won_by}
    if stopped:
        extra["stopped"] = True
    return SolveResult(verdict, moves, search.nodes, seconds, extra)
