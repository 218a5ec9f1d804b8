"""The exact Black Diamond solver: depth-first search over a compact state.

A deal is won or lost for sure once both deck orders are known, so the question is pure
reachability: is there a move sequence that ends in a won game?  The search answers it
exactly.  Wins are usually found in a few hundred nodes; the rare losses need the whole
reachable game explored, so everything here is about making that exhaustive search short:

* **Compact state.**  A pile matters only through its card count and the suit of its top
  card (cleared cards leave the game), so the nine piles pack into one int of 4-bit
  fields; the diamond deck is one int of 4-bit values (top in the low bits); the hand is
  two bits over the last two cards drawn.  A state is a handful of small ints, and its
  key for the transposition table is one int.
* **Transposition table.**  Every state fully explored without a win is remembered; two
  move orders that reach the same board are explored once.  This is the plain
  reachability argument, so it stays exact even with the ``replaced_under_deck`` variant,
  where replacing can cycle.
* **Diamond budget.**  Every clear and every replace uses diamonds from the deck, which
  never grows (except in the ``replaced_under_deck`` variant, where the budget check is
  skipped).  A lower bound on the diamonds the remaining black cards still need is
  compared with the diamonds left; a position that cannot afford its cards is cut.
* **Move ordering.**  Plays that keep diamonds come first (outer, then inner, then the
  centre, which is the most flexible place and the dearest to clear), then plays that
  clear a pile, cheapest first; replaces and stuck-clears last.

Placement legality is never re-implemented: per set of diamonds, the allowed values of
each pile come from :func:`cardlib.blackdiamond.rules.allowed_values` (cached), and every
reported win is replayed through the engine before it is returned.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

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

from .result import SolveResult

SUIT_BIT = {"S": 0, "C": 1}
LIMITS = tuple(p.limit for p in PILES)
TOUCHES = tuple(tuple(POSITIONS.index(pos) for pos in POSITIONS if pos in p.touches)
                for p in PILES)
COSTS = tuple(len(t) for t in TOUCHES)
ROOM_TOTAL = sum(limit - 1 for limit in LIMITS)
"""Cards the nine piles hold, all together, before any of them must be cleared (24)."""

BEST_CARDS_PER_DIAMOND = max(limit / cost for limit, cost in zip(LIMITS, COSTS, strict=True))
"""The most black cards one diamond can absorb: an outer edge takes 3 cards per refill."""

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


def absorbable(diamonds: int, options: Options) -> int:
    """The most black cards that clears paid with ``diamonds`` deck cards can take away.

    Every diamond taken from the deck changes one position.  An outer limit clear takes
    3 cards for 1 diamond, but its 3 cards cannot share one value (there are only a spade
    and a club of each), so the diamond at that edge must change *during* the run, through
    a replace or another pile's clear; only the run on the table now may be exempt (4
    edges).  Changes made by other clears carry at most 2 cards each (inner: 4 cards for 2
    diamonds; centre: 5 for 4; stuck clears fewer).  With O outer clears and S other
    changes: cards <= 3 O + 2 S, diamonds >= O + S and O <= S + 4, so cards <= 3 d and
    cards <= 2.5 d + 2.  When replaced diamonds go back under the deck, replaces are free,
    so only the 3-per-diamond limit holds.
    """
    if options.replaced_under_deck:
        return 3 * diamonds
    return min(3 * diamonds, (5 * diamonds + 4) // 2)


def max_matching(choices: list[int], rooms: list[int], enough: int) -> int:
    """Most cards placed at once, up to ``enough``: card k may use any slot in bit mask
    ``choices[k]``, slot p holds ``rooms[p]`` cards.  Greedy first (fewest choices first),
    then Kuhn's augmenting paths for the cards left over."""
    owners: list[list[int]] = [[] for _ in rooms]
    free = 0
    for p, room in enumerate(rooms):
        if room:
            free |= 1 << p
    placed = 0
    pending = []
    for mask in sorted(choices, key=int.bit_count):
        open_slots = mask & free
        if open_slots:
            low = open_slots & -open_slots
            p = low.bit_length() - 1
            owners[p].append(mask)
            if len(owners[p]) == rooms[p]:
                free ^= low
            placed += 1
            if placed >= enough:
                return placed
        else:
            pending.append(mask)
    if placed + len(pending) < enough or not pending:
        return placed
    seen = [0]

    def augment(mask: int) -> bool:
        nonlocal free
        fresh = mask & ~seen[0]
        if not fresh:
            return False
        seen[0] |= fresh
        open_slots = fresh & free
        if open_slots:
            low = open_slots & -open_slots
            p = low.bit_length() - 1
            owners[p].append(mask)
            if len(owners[p]) == rooms[p]:
                free ^= low
            return True
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            held = owners[low.bit_length() - 1]
            for k, other in enumerate(held):
                if augment(other):
                    held[k] = mask
                    return True
        return False

    for mask in pending:
        seen[0] = 0
        if augment(mask):
            placed += 1
            if placed >= enough:
                break
    return placed


SLOTS_LOST = tuple(tuple(2 if c == 0 and (p.limit - 1) % 2 else 1 for c in range(p.limit))
                   for p in PILES)
"""Suit slots a pile loses when one card goes on it without clearing it (see
``_Search.slot_room``): one, or two when an empty pile with odd room gets its first card."""


class SearchTimeout(Exception):
    """The time limit ran out (the caller turns this into an ``unknown`` verdict)."""


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

    def __init__(self, state: BlackDiamondState, time_limit: float | None):
        self.options: Options = state.options
        self.black = list(state.hand) + list(state.black_deck)
        self.values = [c.value for c in self.black]
        self.suits = [SUIT_BIT[c.suit] for c in self.black]
        self.n = len(self.black)
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.nodes = 0
        self.pruned = 0
        self.seen: set[int] = set()
        self.allow_cache: dict[int, tuple[int, ...]] = {}
        self.path: list[Move] = []
        self.start = state
        self.choice_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.room_cache: dict[int, list[int]] = {}
        self.suffix_cards = [[2 * self.values[i] + self.suits[i] for i in range(k, self.n)]
                             for k in range(self.n + 1)]
        self.absorb = [absorbable(d, self.options) for d in range(32)]

    # --- tables built from the engine's rules ------------------------------------------
    def allowed(self, dia: int) -> tuple[int, ...]:
        """Per pile, the bit mask of values allowed next to diamonds ``dia`` (4 nibbles)."""
        masks = self.allow_cache.get(dia)
        if masks is None:
            values = [(dia >> (4 * i)) & 15 for i in range(4)]
            masks = tuple(
                sum(1 << v for v in allowed_values(
                    pile, values, arithmetic_centre=self.options.arithmetic_centre))
                for pile in PILES)
            self.allow_cache[dia] = masks
        return masks

    def pile_choices(self, avail: tuple[int, ...]) -> tuple[int, ...]:
        """For each value 1..13, the (pile, suit) slots a card of that value could use when
        position k may hold any value in bit mask ``avail[k]`` (cached).

        Slot ``2 * p + suit`` stands for the spades (suit 0) or clubs (1) pile ``p`` can
        still take; a card of suit s may use only slots of its own suit.  The centre takes
        every value (the arithmetic-centre variant is relaxed to that too: still sound).
        """
        found = self.choice_cache.get(avail)
        if found is None:
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
            for v in range(1, 14):
                slots = 1 << 16  # the centre
                for p in range(8):
                    if piles[p] >> v & 1:
                        slots |= 1 << (2 * p)
                by_value[v] = slots
            found = tuple(by_value)
            self.choice_cache[avail] = found
        return found

    def slot_room(self, piles: int) -> list[int]:
        """How many spades and clubs each pile can still take before its limit, given that
        suits alternate on it (slot ``2 * p + suit``; cached by the packed piles)."""
        room = self.room_cache.get(piles)
        if room is None:
            room = []
            for p in range(9):
                field = piles >> (4 * p) & 15
                cnt = field & 7
                free = LIMITS[p] - 1 - cnt
                if cnt:
                    top = field >> 3
                    room += [(free + 1) // 2, free // 2] if top else [free // 2, (free + 1) // 2]
                else:
                    room += [(free + 1) // 2, (free + 1) // 2]
            self.room_cache[piles] = room
        return room

    def room_slack(self, dia: int, deck: int, piles: int, nxt: int, hm: int,
                   remaining: int, decklen: int) -> int:
        """-1 if the remaining cards provably cannot all find a place, else a slack >= 0.

        Every card still to come ends on a pile or is taken away by a clear.  Clears paid
        with the diamonds left take at most ``absorb[decklen]`` cards (see
        :func:`absorbable`); every other card needs a slot of its own in the piles' free
        room, of its suit (suits alternate on a pile) and on a pile whose diamonds could
        allow its value, now or after the diamonds still in the deck arrive.  A maximum
        matching of cards to slots smaller than that is a proof of loss.  With one diamond
        left it can go to one position only, so each of those five futures is checked
        apart (all must fail).

        The slack (matching size minus cards needed, at most 2) lets a play that keeps the
        diamonds skip the check: it removes one card and at most two slots, so a child
        inherits ``slack - slots_lost`` and only recomputes below zero.
        """
        needed = remaining - self.absorb[decklen]
        if needed <= 0:
            return -needed
        room = self.slot_room(piles)
        cards = self.cards_left(nxt, hm)
        here = tuple(1 << ((dia >> (4 * k)) & 15) for k in range(4))
        deck_bits = 0
        rest = deck
        while rest:
            deck_bits |= 1 << (rest & 15)
            rest >>= 4
        everything = tuple(b | deck_bits for b in here)
        slack = self.matched(cards, self.pile_choices(everything), room, needed + 2) - needed
        if slack < 0 or decklen != 1 or self.options.replaced_under_deck:
            return slack
        best = self.matched(cards, self.pile_choices(here), room, remaining + 2) - remaining
        for k in range(4):
            if best >= 2:
                break
            avail = tuple(b | deck_bits if j == k else b for j, b in enumerate(here))
            got = self.matched(cards, self.pile_choices(avail), room, needed + 2) - needed
            best = max(best, got)
        return best if best >= 0 else -1

    def cards_left(self, nxt: int, hm: int) -> list[int]:
        """The (value, suit) of every card not yet placed, as ``2 * value + suit``."""
        cards = [2 * self.values[i] + self.suits[i]
                 for i in range(nxt - 2 if nxt >= 2 else 0, nxt) if hm >> i & 1]
        cards += self.suffix_cards[nxt]
        return cards

    @staticmethod
    def matched(cards: list[int], by_value: tuple[int, ...], room: list[int],
                enough: int) -> int:
        """How many of ``cards`` get slots at once (see room_slack), counted to ``enough``."""
        return max_matching([by_value[c >> 1] << (c & 1) for c in cards], room, enough)

    def replace_order(self, dia: int, top: int, nxt: int, hm: int) -> list[int]:
        """Positions to try the top diamond at: first those where it lets a hand card go
        somewhere (move ordering only; every position is still tried)."""
        helps, others = [], []
        hand_bits = 0
        i = nxt - 2 if nxt >= 2 else 0
        while i < nxt:
            if hm >> i & 1:
                hand_bits |= 1 << self.values[i]
            i += 1
        for pos in range(4):
            ndia = (dia & ~(15 << (4 * pos))) | top << (4 * pos)
            masks = self.allowed(ndia)
            if any(masks[p] & hand_bits for p in range(8)):
                helps.append(pos)
            else:
                others.append(pos)
        return helps + others

    # --- the search ---------------------------------------------------------------------
    def run(self) -> bool:
        s = self.start
        dia = sum(c.value << (4 * i) for i, c in enumerate(s.diamonds))
        deck = sum(c.value << (4 * i) for i, c in enumerate(s.diamond_deck))
        piles = 0
        filled = 0
        for p, cards in enumerate(s.piles):
            if cards:
                piles |= (len(cards) | SUIT_BIT[cards[-1].suit] << 3) << (4 * p)
                filled += len(cards)
        nxt = len(s.hand)
        hm = (1 << nxt) - 1
        if s.is_over:
            return s.outcome == "win"
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 10_000))
        try:
            return self.dfs(dia, deck, piles, nxt, hm, filled)
        finally:
            sys.setrecursionlimit(limit)

    def dfs(self, dia: int, deck: int, piles: int, nxt: int, hm: int, filled: int,
            slack: int = -1) -> bool:
        """True if some move sequence from this state wins; records it in ``self.path``.

        ``slack`` is what the parent knows of :meth:`room_slack` here (-1: unknown)."""
        key = ((((deck << 5 | nxt) << 2 | ((hm << 2) >> nxt)) << 16 | dia) << 36) | piles
        seen = self.seen
        if key in seen:
            return False
        seen.add(key)
        n = self.n
        decklen = (deck.bit_length() + 3) >> 2
        remaining = hm.bit_count() + n - nxt
        excess = remaining - (ROOM_TOTAL - filled)
        if excess > self.absorb[decklen]:
            self.pruned += 1
            return False
        if slack < 0:
            slack = self.room_slack(dia, deck, piles, nxt, hm, remaining, decklen)
            if slack < 0:
                self.pruned += 1
                return False
        self.nodes += 1
        if not self.nodes & 4095 and self.deadline is not None \
                and time.perf_counter() > self.deadline:
            raise SearchTimeout
        masks = self.allowed(dia)
        values, suits = self.values, self.suits
        plays = []
        unplaceable = False
        i = nxt - 2 if nxt >= 2 else 0
        while i < nxt:
            if hm >> i & 1:
                v, s = values[i], suits[i]
                found = False
                for p in range(9):
                    if masks[p] >> v & 1:
                        field = piles >> (4 * p) & 15
                        cnt = field & 7
                        if cnt == 0 or (field >> 3) != s:
                            found = True
                            full = cnt + 1 == LIMITS[p]
                            plays.append((PLAY_RANK[p][cnt], i, p, cnt, full))
                if not found:
                    unplaceable = True
            i += 1
        if not plays and not deck:
            return False  # stuck with an empty diamond deck: lost
        plays.sort()
        path = self.path
        for _, i, p, cnt, full in plays:
            nhm = hm & ~(1 << i)
            nnxt = nxt
            if full:
                cost = COSTS[p]
                if decklen < cost:
                    continue  # the refill fails: a lost game
                npiles = piles & ~(15 << (4 * p))
                ndia, ndeck = dia, deck
                for pos in TOUCHES[p]:
                    ndia = (ndia & ~(15 << (4 * pos))) | (ndeck & 15) << (4 * pos)
                    ndeck >>= 4
                nfilled = filled - cnt
                nslack = -1
            else:
                npiles = (piles & ~(15 << (4 * p))) | ((cnt + 1) | suits[i] << 3) << (4 * p)
                ndia, ndeck = dia, deck
                nfilled = filled + 1
                nslack = slack - SLOTS_LOST[p][cnt]
            if not nhm:
                if nnxt >= n:  # every black card placed
                    if self.options.strict_end and not ndeck:
                        continue
                    path.append(Play(self.black[i], PILES[p].name))
                    return True
                nhm = (1 << min(nnxt + 2, n)) - (1 << nnxt)
                nnxt = min(nnxt + 2, n)
            if self.dfs(ndia, ndeck, npiles, nnxt, nhm, nfilled, nslack):
                path.append(Play(self.black[i], PILES[p].name))
                return True
        stuck = unplaceable if self.options.stuck_per_card else not plays
        if not stuck:
            return False
        if deck:
            top = deck & 15
            rest = deck >> 4
            for pos in self.replace_order(dia, top, nxt, hm):
                old = dia >> (4 * pos) & 15
                ndia = (dia & ~(15 << (4 * pos))) | top << (4 * pos)
                ndeck = rest | (old << (4 * (decklen - 1)) if self.options.replaced_under_deck
                                else 0)
                if self.dfs(ndia, ndeck, piles, nxt, hm, filled):
                    path.append(Replace(POSITIONS[pos]))
                    return True
        for p in sorted(range(9), key=COSTS.__getitem__):
            field = piles >> (4 * p) & 15
            if not field & 7:
                continue
            cost = COSTS[p]
            if decklen < cost:
                continue
            ndia, ndeck = dia, deck
            for pos in TOUCHES[p]:
                ndia = (ndia & ~(15 << (4 * pos))) | (ndeck & 15) << (4 * pos)
                ndeck >>= 4
            if self.dfs(ndia, ndeck, piles & ~(15 << (4 * p)), nxt, hm, filled - (field & 7)):
                path.append(Clear(PILES[p].name))
                return True
        return False


def solve(
    start: Deal | BlackDiamondState | dict[str, Any],
    *,
    time_limit: float | None = None,
    progress: Callable[[int], None] | None = None,
    **options: Any,
) -> SolveResult:
    """Decide ``start`` (a deal, its JSON, or a state mid-game) exactly.

    Returns ``win`` with a move list the engine has replayed to a win, ``loss`` when the
    whole reachable game holds no win, or ``unknown`` when ``time_limit`` (seconds) ran out
    first.  ``options`` are the game's variants (only with a deal).
    """
    state = start_state(start, **options)
    began = time.perf_counter()
    search = _Search(state, time_limit)
    try:
        won = search.run()
        verdict = "win" if won else "loss"
    except SearchTimeout:
        verdict = "unknown"
    seconds = time.perf_counter() - began
    moves = None
    if verdict == "win":
        line = list(reversed(search.path))
        check_win(state, line)
        moves = [move_to_json(m) for m in line]
    return SolveResult(verdict, moves, search.nodes, seconds,
                       {"method": "search", "table": len(search.seen),
                        "pruned": search.pruned})
