"""Which Diam's moves the rules allow, built straight from the table, and why any move is
allowed or refused.

The two halves answer the same question two ways: :func:`legal_moves` *builds* every legal
move (fast: the bots and the benchmark ask for it on every step), and :func:`explain` *checks*
one move rule by rule and says which rule decided, in words that never give away a hidden
card.  ``tests/test_diams_game.py`` plays many games and checks the two agree on every
move offered and many more, legal or not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from cardlib.protocol import Explanation

from . import cards as c
from . import moves as m
from .ruleset import COLLECTION_SIZES, HAND_LIMIT, Ruleset
from .scoring import collection_points

if TYPE_CHECKING:
    from .state import DiamsState

NEW, MOST = COLLECTION_SIZES[0], COLLECTION_SIZES[-1]


# --- building the legal moves -------------------------------------------------------------

def legal_moves(state: DiamsState) -> list[m.Move]:
    """Every legal move of the seat to move, in no order (the state sorts and caches)."""
    seat = state.turn
    hand = state.hands[seat]
    if state.phase == "draw":
        return [m.draw(False), m.draw(True)]
    if state.phase == "discard":
        return [m.discard(k) for k in range(c.KINDS) if hand[k]]
    moves: list[m.Move] = []
    safe, market = state.safes[seat], state.market
    sums: dict[int, tuple[tuple[int, ...], ...]] = {}
    for kind in c.DIAMONDS:
        if hand[kind]:
            digit = c.digit_of(kind)
            moves.append(m.market(kind, "colour"))
            moves.append(m.market(kind, "none"))
            if digit not in sums:
                sums[digit] = market_sums(market, digit)
            moves.extend(m.market(kind, "sum", taken) for taken in sums[digit])
    moves.extend(m.secure(sel) for sel in secure_selections(hand, safe))
    opponents = [s for s in range(state.players) if s != seat]
    held = [d for d in c.DIGITS if c.of_digit(hand, d)]
    for special in c.SPECIALS:
        if not hand[special]:
            continue
        moves.extend(m.sale(special, s, d) for s in opponents for d in held)
        if special == c.EXPRESS:
            moves.extend(m.express(sel) for sel in express_selections(hand, safe))
        elif special == c.DRILL:
            moves.extend(m.drill(s, k) for s in opponents for k in c.DIAMONDS)
        else:
            moves.extend(m.sleight(k) for k in c.DIAMONDS if market[k])
    return moves or [m.PASS_MOVE]


@lru_cache(maxsize=4096)
def market_sums(market: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Every selection of market diamonds (kinds, sorted) whose digits add up to ``target``.

    Found digit by digit first (a market holds few distinct digits), then each digit's
    copies are split between plain and pure in every way the market allows.  Cached: the
    market changes slowly, and the protocol asks for the legal moves twice per move.
    """
    counts = [c.of_digit(market, d) for d in c.DIGITS]
    found: list[tuple[tuple[int, int], ...]] = []

    def extend(start: int, left: int, chosen: tuple[tuple[int, int], ...]) -> None:
        for digit in range(start, min(left, c.DIGITS[-1]) + 1):
            for n in range(1, min(counts[digit - 1], left // digit) + 1):
                picked = chosen + ((digit, n),)
                if digit * n == left:
                    found.append(picked)
                else:
                    extend(digit + 1, left - digit * n, picked)

    extend(1, target, ())
    selections = []
    for picked in found:
        ways = []
        for digit, n in picked:
            plain, pure = c.kind_of(digit, False), c.kind_of(digit, True)
            ways.append([(plain,) * (n - b) + (pure,) * b
                         for b in range(max(0, n - market[plain]), min(n, market[pure]) + 1)])
        selections.extend(tuple(k for part in combo for k in part) for combo in product(*ways))
    return tuple(selections)


def _choices(hand: Sequence[int], safe: Sequence[int], digit: int,
             new_allowed: bool) -> list[tuple[tuple[int, ...], bool]]:
    """The ways to put diamonds of ``digit`` from hand into the safe: (cards, makes a new
    collection).  Extending needs the digit in the safe; a new collection needs three."""
    plain, pure = c.kind_of(digit, False), c.kind_of(digit, True)
    have = c.of_digit(safe, digit)
    ways: list[tuple[tuple[int, ...], bool]] = []
    for a in range(hand[plain] + 1):
        for b in range(hand[pure] + 1):
            n = a + b
            if n == 0 or have + n > MOST:
                continue
            if have or (new_allowed and n >= NEW):
                ways.append(((plain,) * a + (pure,) * b, not have))
    return ways


def secure_selections(hand: Sequence[int], safe: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal selection to secure: at least one new collection, the rest extending."""
    per_digit = [[((), False)] + _choices(hand, safe, d, True)
                 for d in c.DIGITS if c.of_digit(hand, d)]
    selections = []
    for combo in product(*per_digit):
        if any(new for _, new in combo):
            selections.append(tuple(sorted(k for cards, _ in combo for k in cards)))
    return selections


def express_selections(hand: Sequence[int], safe: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal Secur'express: one or more diamonds of one digit already in the safe."""
    return [cards for d in c.DIGITS if c.of_digit(hand, d) and c.of_digit(safe, d)
            for cards, _ in _choices(hand, safe, d, False)]


# --- explaining any move ---------------------------------------------------------------------

def explain(state: DiamsState, move: Any) -> Explanation:
    """Why ``move`` is legal or not for the player to move (see the module docstring)."""
    if not isinstance(move, m.Move):
        return Explanation(False, "diams.turn", f"{move!r} is not a Diam's move: write e.g. "
                                                "'draw hand' or 'market 7 colour'")
    verb, phase = move.verb, state.phase
    hand = state.hands[state.turn]
    if phase == "draw":
        if verb == m.DRAW_HAND:
            return Explanation(True, "diams.draw.hand",
                               "phase 1: the top card of the draw pile goes into your hand")
        if verb == m.DRAW_MARKET:
            return Explanation(True, "diams.draw.market",
                               "phase 1: the top two cards of the draw pile go on the market "
                               "(a special card among them comes to your hand)")
        return Explanation(False, "diams.turn", "phase 1 comes first: draw one card into your "
                                                "hand or two onto the market")
    if phase == "discard":
        if verb != m.DISCARD:
            return Explanation(False, "diams.hand-limit",
                               f"you hold {c.size(hand)} cards: discard down to "
                               f"{HAND_LIMIT} before the turn ends")
        if not 0 <= move.card < c.KINDS or not hand[move.card]:
            return Explanation(False, "diams.hand-limit",
                               f"you hold no {c.label(move.card)} to discard")
        where = ("the market" if state.options.discard_to == "market"
                 and c.is_diamond(move.card) else "the discard pile")
        return Explanation(True, "diams.hand-limit",
                           f"{c.size(hand)} cards is over {HAND_LIMIT}: the "
                           f"{c.label(move.card)} goes to {where}")
    if verb in (m.DRAW_HAND, m.DRAW_MARKET):
        return Explanation(False, "diams.turn", "you have drawn this turn: now phase 2 (the "
                                                "market, securing, or a special card)")
    if verb == m.DISCARD:
        return Explanation(False, "diams.hand-limit",
                           f"discards come at the end of a turn, and only above {HAND_LIMIT} "
                           "cards")
    check = _PHASE_TWO.get(verb)
    if check is None:
        return _explain_pass(state)
    return check(state, move, hand)


def _not_held(hand: Sequence[int], kinds: Sequence[int]) -> str | None:
    """Words for the cards of ``kinds`` the hand does not hold, or None."""
    if any(not 0 <= k < c.KINDS for k in kinds):
        return "names a card that does not exist"
    missing = tuple(max(0, n - h) for n, h in zip(c.pile_of(kinds), hand, strict=True))
    return f"your hand does not hold {c.labels(missing)}" if c.size(missing) else None


def _explain_market(state: DiamsState, move: m.Move, hand: Sequence[int]) -> Explanation:
    card = move.card
    if not c.is_diamond(card):
        return Explanation(False, "diams.market.visit",
                           f"{c.label(card)} has no colour to take to the market: play a "
                           "special card for its power instead")
    if not hand[card]:
        return Explanation(False, "diams.market.visit",
                           f"you hold no {c.label(card)} to go to the market with")
    digit, market = c.digit_of(card), state.market
    if move.outcome == "colour":
        matches = c.of_digit(market, digit)
        return Explanation(True, "diams.market.colour",
                           f"go to the market with your {c.label(card)} and take every "
                           f"{digit} there: {matches + 1} card{'s' if matches else ''}, "
                           "yours included")
    if move.outcome == "none":
        return Explanation(True, "diams.market.nothing",
                           f"your {c.label(card)} stays on the market and you come back "
                           "empty-handed")
    taken = move.cards
    if any(not c.is_diamond(k) for k in taken):
        return Explanation(False, "diams.market.sum", "the market holds diamonds only")
    missing = tuple(max(0, n - have) for n, have in zip(c.pile_of(taken), market,
                                                         strict=True))
    if c.size(missing):
        return Explanation(False, "diams.market.sum",
                           f"the market does not hold {c.labels(missing)} (your own card "
                           "does not count: it arrives as you take)")
    total = sum(c.digit_of(k) for k in taken)
    words = " + ".join(str(c.digit_of(k)) for k in taken)
    if total != digit:
        return Explanation(False, "diams.market.sum",
                           f"{words} = {total}, not {digit}: the digits taken must add up "
                           f"to your card's {digit}")
    return Explanation(True, "diams.market.sum",
                       f"{words} = {digit}: take {c.labels(c.pile_of(taken))}; your "
                       f"{c.label(card)} stays on the market")


def _collection_check(hand: Sequence[int], safe: Sequence[int],
                      kinds: Sequence[int], express: bool) -> Explanation | None:
    """The refusal, if any, of putting ``kinds`` into ``safe`` (securing or Secur'express)."""
    rule = "diams.special.express" if express else "diams.secure.new-collection"
    if not kinds:
        return Explanation(False, rule, "name the diamonds to secure")
    if any(not c.is_diamond(k) for k in kinds):
        return Explanation(False, rule, "only diamonds go into a safe")
    why = _not_held(hand, kinds)
    if why:
        return Explanation(False, rule, why)
    chosen = c.pile_of(kinds)
    digits = [d for d in c.DIGITS if c.of_digit(chosen, d)]
    for d in digits:
        total = c.of_digit(safe, d) + c.of_digit(chosen, d)
        if total > MOST:
            return Explanation(False, "diams.secure.five",
                               f"that makes {total} diamonds of {d}: a collection holds at "
                               f"most {MOST}")
    if express:
        if len(digits) > 1:
            return Explanation(False, rule, "Secur'express secures diamonds of one digit "
                                            "only")
        if not c.of_digit(safe, digits[0]):
            return Explanation(False, rule,
                               f"your safe holds no {digits[0]}: Secur'express only adds to "
                               "a collection already there")
        return None
    for d in digits:
        if not c.of_digit(safe, d) and c.of_digit(chosen, d) < NEW:
            what = "one diamond" if c.of_digit(chosen, d) == 1 else "two diamonds"
            return Explanation(False, "diams.secure.extend",
                               f"{what} of {d} make no collection: a new one needs {NEW}, "
                               f"and your safe holds no {d} to extend")
    if all(c.of_digit(safe, d) for d in digits):
        return Explanation(False, "diams.secure.new-collection",
                           "every card only extends a collection: a selection must hold at "
                           f"least one new collection of {NEW} (Secur'express can add alone)")
    return None


def _explain_secure(state: DiamsState, move: m.Move, hand: Sequence[int]) -> Explanation:
    safe = state.safes[state.turn]
    refused = _collection_check(hand, safe, move.cards, express=False)
    if refused is not None:
        return refused
    chosen = c.pile_of(move.cards)
    new = [str(d) for d in c.DIGITS if c.of_digit(chosen, d) and not c.of_digit(safe, d)]
    grown = [str(d) for d in c.DIGITS if c.of_digit(chosen, d) and c.of_digit(safe, d)]
    text = f"secure {c.labels(chosen)}: a new collection of {', '.join(new)}"
    if grown:
        text += f", and more for your {', '.join(grown)}"
    return Explanation(True, "diams.secure.new-collection",
                       text + _worth(state.ruleset, safe, chosen))


def _worth(ruleset: Ruleset, safe: Sequence[int], chosen: Sequence[int]) -> str:
    """What securing ``chosen`` adds to the safe's value, naming the ruleset (which says
    when its numbers are assumed)."""
    points = collection_points(c.merge(safe, chosen), ruleset) - collection_points(safe,
                                                                                 ruleset)
    return f" (+{points} points by the value table of {ruleset.label})"


def _first_refusal(*checks: Callable[[], Explanation | None]) -> Explanation | None:
    """The first refusal among ``checks``, run in order (an Explanation is falsy when it
    refuses, so ``or`` cannot chain them)."""
    for check in checks:
        refused = check()
        if refused is not None:
            return refused
    return None


def _special_held(hand: Sequence[int], special: int) -> Explanation | None:
    if special not in c.SPECIALS:
        return Explanation(False, "diams.special", f"{c.label(special)} is no special card")
    if not hand[special]:
        return Explanation(False, "diams.special",
                           f"you do not hold the {c.label(special)} card")
    return None


def _opponent(state: DiamsState, seat: int, rule: str) -> Explanation | None:
    if seat == state.turn or not 0 <= seat < state.players:
        others = ", ".join(m.seat_name(s) for s in range(state.players) if s != state.turn)
        return Explanation(False, rule, f"{m.seat_name(seat)} is not an opponent: choose "
                                        f"one of {others}")
    return None


def _explain_express(state: DiamsState, move: m.Move, hand: Sequence[int]) -> Explanation:
    refused = _first_refusal(
        lambda: _special_held(hand, c.EXPRESS),
        lambda: _collection_check(hand, state.safes[state.turn], move.cards, express=True))
    if refused is not None:
        return refused
    chosen = c.pile_of(move.cards)
    return Explanation(True, "diams.special.express",
                       f"Secur'express: {c.labels(chosen)} join the collection in your safe"
                       + _worth(state.ruleset, state.safes[state.turn], chosen))


def _explain_drill(state: DiamsState, move: m.Move, hand: Sequence[int]) -> Explanation:
    refused = _first_refusal(lambda: _special_held(hand, c.DRILL),
                             lambda: _opponent(state, move.seat, "diams.special.drill"))
    if refused is not None:
        return refused
    kind = move.cards[0] if len(move.cards) == 1 else -1
    if not c.is_diamond(kind):
        return Explanation(False, "diams.special.drill", "name one diamond: a digit and a "
                                                         "purity, such as 7*")
    return Explanation(True, "diams.special.drill",
                       f"drill {m.seat_name(move.seat)}'s safe for {c.name(kind)}: if it "
                       "holds one, "
                       "it comes to your hand; if not, the drilling fails (the card is spent "
                       "either way)")


def _explain_sleight(state: DiamsState, move: m.Move, hand: Sequence[int]) -> Explanation:
    refused = _special_held(hand, c.SLEIGHT)
    if refused is not None:
        return refused
    kind = move.cards[0] if len(move.cards) == 1 else -1
    if not c.is_diamond(kind) or not state.market[kind]:
        return Explanation(False, "diams.special.sleight",
                           f"the market holds no {c.label(kind)}: take a card that is there")
    return Explanation(True, "diams.special.sleight",
                       f"Sleight of hand: take {c.name(kind)} from the market")


def _explain_sale(state: DiamsState, move: m.Move, hand: Sequence[int]) -> Explanation:
    refused = _first_refusal(lambda: _special_held(hand, move.card),
                             lambda: _opponent(state, move.seat, "diams.special.sale"))
    if refused is not None:
        return refused
    digit = move.digit
    if digit not in c.DIGITS or not c.of_digit(hand, digit):
        return Explanation(False, "diams.special.sale",
                           f"you hold no {digit} in hand: a compulsory sale names a digit "
                           "you hold")
    lose = "the market" if state.options.failed_sale_to == "market" else "the discard pile"
    return Explanation(True, "diams.special.sale",
                       f"compulsory sale with the {c.label(move.card)} card: "
                       f"{m.seat_name(move.seat)} puts every {digit} from their hand on the "
                       f"market and you take every {digit} there; if they have none, your "
                       f"{digit}s go to {lose}")


def _explain_pass(state: DiamsState) -> Explanation:
    if legal_moves(state) != [m.PASS_MOVE]:
        return Explanation(False, "diams.play.pass",
                           "phase 2 is not skipped while you can act: go to the market (or "
                           "come back empty-handed), secure, or play a special card")
    return Explanation(True, "diams.play.pass",
                       "nothing to play: no diamond in hand, and no special card with a "
                       "target, so phase 2 is skipped")


_PHASE_TWO = {
    m.MARKET: _explain_market, m.SECURE: _explain_secure, m.EXPRESS: _explain_express,
    m.DRILL: _explain_drill, m.SLEIGHT: _explain_sleight, m.SALE: _explain_sale,
}
