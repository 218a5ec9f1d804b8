"""Black Diamond's layout and placement rules, as data and pure functions.

Everything that decides *whether a card may go somewhere* lives here, once: the engine
(:mod:`cardlib.blackdiamond.state`), the exact solver and the notebooks all ask these
functions, so a rule cannot drift between a teaching cell and a proof.

The layout is the spec's reconstruction (``shared/spec/black-diamond.md``): four
diamonds in a rhombus at ``N E S W`` and nine piles named by the diamonds they touch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

from cardlib.cards import Card
from cardlib.options import Option, options_record
from cardlib.protocol import Explanation, Rule, RuleBook

POSITIONS: tuple[str, ...] = ("N", "E", "S", "W")
"""The four diamond positions, in the fixed refill order (the spec: N, E, S, W)."""

REFILL_ORDER: tuple[str, ...] = POSITIONS
"""Order in which the positions a cleared pile touches are refilled from the deck."""

MIN_VALUE, MAX_VALUE = 1, 13
"""Card values a black card can have (A=1 ... K=13); nothing else can be placed."""


@dataclass(frozen=True)
class Pile:
    """One place for black cards: its name, the diamonds it touches, its kind and limit.

    The limit is the size at which the pile is cleared at once (3 on an outer edge, 4 on an
    inner edge, 5 in the centre), so a pile on the table never holds its limit.
    """

    name: str
    touches: tuple[str, ...]
    kind: str  # "outer", "inner" or "centre"
    limit: int


PILES: tuple[Pile, ...] = (
    Pile("N", ("N",), "outer", 3),
    Pile("E", ("E",), "outer", 3),
    Pile("S", ("S",), "outer", 3),
    Pile("W", ("W",), "outer", 3),
    Pile("NE", ("N", "E"), "inner", 4),
    Pile("SE", ("E", "S"), "inner", 4),
    Pile("SW", ("S", "W"), "inner", 4),
    Pile("NW", ("N", "W"), "inner", 4),
    Pile("C", ("N", "E", "S", "W"), "centre", 5),
)
"""The nine piles in display order: outer edges, inner edges, centre."""

PILE_BY_NAME: dict[str, Pile] = {pile.name: pile for pile in PILES}
PILE_NAMES: tuple[str, ...] = tuple(PILE_BY_NAME)
POSITION_INDEX: dict[str, int] = {pos: i for i, pos in enumerate(POSITIONS)}
PILE_INDEX: dict[str, int] = {name: i for i, name in enumerate(PILE_NAMES)}

BLACK_SUITS = ("S", "C")
SUIT_WORD = {"S": "spade", "C": "club", "D": "diamond", "H": "heart"}


# --- the rule book ------------------------------------------------------------------------

SPEC = "shared/spec/black-diamond.md"
SEED = "shared/seeds/003_ee1506daae91f822.txt"
VARIANTS = f"{SPEC} §Readings the source allows, worth offering as named variants"

RULES = RuleBook([
    Rule("black-diamond.deal",
         "A deal is the 13 diamonds and the 26 spades and clubs, each exactly once: "
         "diamonds[0..3] go to N, E, S, W, the rest is the diamond deck (top first); "
         "black[0..1] is the starting hand, the rest the black deck (top first).",
         f"{SPEC} §Deal; {SEED} 'reparte las 4 primeras cartas sobre la mesa formando un "
         "rombo … reparte las 2 primeras cartas a tu mano'"),
    Rule("black-diamond.layout",
         "Four diamonds at N, E, S, W; nine piles named by the diamonds they touch: outer "
         "N E S W (limit 3), inner NE SE SW NW (limit 4), centre C (limit 5).",
         f"{SPEC} §Layout; {SEED} 'hasta 3 cartas en cada borde exterior … hasta 4 cartas "
         "en cada borde interior … hasta 5 cartas en el centro'"),
    Rule("black-diamond.moves",
         "A move is a play CARD>PILE ({\"play\": CARD, \"to\": PILE}), or, when stuck, "
         "'replace POS' or 'clear PILE'.",
         f"{SPEC} §Play"),
    Rule("black-diamond.hand",
         "You play from your hand of up to two black cards; only when both are placed do "
         "you draw the next two from the black deck.",
         f"{SPEC} §Play; {SEED} 'Solo después de colocar ambas cartas, el jugador puede "
         "volver a robar 2 cartas'"),
    Rule("black-diamond.place.outer",
         "A card on an outer edge (touching one diamond) must equal that diamond's value.",
         f"{SEED} 'bordes exteriores (que toquen solo una carta de diamante) deben coincidir "
         "en valor con la carta de diamante'"),
    Rule("black-diamond.place.inner",
         "A card on an inner edge between diamonds a and b must be a, b, a+b, |a-b|, a*b, "
         "or an exact quotient a/b or b/a.",
         f"{SEED} 'igual al de una de las dos cartas de diamantes adyacentes, o bien … la "
         f"suma, la diferencia, el producto o el cociente'; {SPEC} §Layout (quotients exact)"),
    Rule("black-diamond.place.centre",
         "Any card may go in the centre.",
         f"{SEED} 'Se puede colocar cualquier carta en el centro'"),
    Rule("black-diamond.place.centre-arithmetic",
         "Variant 'arithmetic centre': a centre card must equal a value built from one to "
         "four of the diamonds with + - * / (each diamond at most once, quotients exact).",
         f"{VARIANTS}; {SEED} 'el producto o el cociente de cualquier número de cartas "
         "de diamantes'"),
    Rule("black-diamond.place.alternate",
         "On a pile that holds cards, the new card's suit must differ from the top card's "
         "(spade on club on spade ...).",
         f"{SEED} 'Al añadir cartas a una pila con cartas ya colocadas, las cartas deben "
         "alternar en palo'"),
    Rule("black-diamond.limit",
         "A pile that reaches its limit is cleared: its black cards leave the game and each "
         "diamond it touches is refilled from the diamond deck in the order N, E, S, W.",
         f"{SPEC} §Play; {SEED} 'Elimina cualquier pila de cartas negras que haya alcanzado "
         "su límite, reponiendo todas las cartas de diamante adyacentes'"),
    Rule("black-diamond.stuck",
         "Only when stuck (no card in the hand can be placed anywhere) may you replace a "
         "diamond or clear a pile.",
         f"{SPEC} §Play item 2; {SEED} 'Cuando una carta no se puede jugar en ningún "
         "sitio'"),
    Rule("black-diamond.stuck-per-card",
         "Variant 'stuck per card': you may replace or clear as soon as a card in your "
         "hand cannot be placed, even if the other one could.",
         f"{VARIANTS}; {SEED} 'Si una carta no se puede colocar de forma válida'"),
    Rule("black-diamond.replace",
         "When stuck, the top card of the diamond deck replaces any one of the four "
         "diamonds; the old diamond leaves the game (variant: goes under the deck). Needs "
         "a non-empty diamond deck. You may replace again as long as you are still stuck.",
         f"{SPEC} §Play item 2; {SEED} 'robar una carta del mazo de diamantes y usarla para "
         "sustituir cualquiera de las cuatro cartas de diamantes'"),
    Rule("black-diamond.replace-repeat",
         "Variant 'repeat replace': once a replace has been made, you may go on replacing "
         "while the diamond deck holds cards, even if the new diamonds let you play; a "
         "play or a clear ends the run of replacements.",
         f"{SEED} 'se puede repetir siempre que queden cartas en el mazo'"),
    Rule("black-diamond.clear",
         "When stuck, you may clear any pile that holds cards; the diamonds it touches "
         "are refilled as for a pile at its limit.",
         f"{SPEC} §Play item 2; {SEED} 'eliminar cualquier pila de cartas negras del "
         "tablero, renovando todas las cartas de diamantes adyacentes'"),
    Rule("black-diamond.end.win",
         "You win when all 26 black cards are placed and the clear and refill the last "
         "card may cause succeed.",
         f"{SPEC} §End; {SEED} 'Si colocas todas las cartas del mazo negro … debes eliminar "
         "esa pila y poder reponer las cartas de diamantes adyacentes'"),
    Rule("black-diamond.end.refill",
         "You lose when a refill needs more diamonds than the diamond deck holds.",
         f"{SPEC} §End; {SEED} 'necesitas reponer el tablero con cartas de diamantes y no "
         "tienes suficientes, ¡pierdes!'"),
    Rule("black-diamond.end.stuck",
         "You lose when you are stuck and the diamond deck is empty.",
         f"{SPEC} §End; {SEED} 'Si te quedas sin diamantes, se acaba el juego'"),
    Rule("black-diamond.end.strict",
         "Variant 'strict end': an empty diamond deck when the last black card is placed "
         "is a loss too.",
         f"{VARIANTS}; {SEED} 'sin que se agote el mazo de diamantes'"),
    Rule("game.over",
         "A finished game accepts no further move.",
         f"{SPEC} §End"),
])


# --- pure placement rules -----------------------------------------------------------------

def inner_values(a: int, b: int) -> frozenset[int]:
    """Values allowed on an inner pile between diamonds ``a`` and ``b``.

    The source's numbered rule 2: either diamond, their sum, difference, product, or a
    quotient when it is exact.  Only values a black card can have (1..13) are kept, so the
    set is exactly the cards that can go there.
    """
    found = {a, b, a + b, abs(a - b), a * b}
    if b and a % b == 0:
        found.add(a // b)
    if a and b % a == 0:
        found.add(b // a)
    return frozenset(v for v in found if MIN_VALUE <= v <= MAX_VALUE)


@cache  # an unbounded lru_cache: at most a few thousand diamond sets
def _built_from(values: tuple[int, ...]) -> frozenset[Fraction]:
    """Every value built from *all* of ``values`` (sorted tuple) with + - * / in any order
    and bracketing; exact fractions, no division by zero.  Cached: the solver asks often."""
    if len(values) == 1:
        return frozenset({Fraction(values[0])})
    results: set[Fraction] = set()
    n = len(values)
    indices = range(n)
    # Split into two non-empty groups; each unordered split once (the first value stays
    # on the left), the operators cover both orders.
    for size in range(1, n):
        for left_idx in combinations(indices, size):
            if 0 not in left_idx:
                continue
            left = tuple(values[i] for i in left_idx)
            right = tuple(values[i] for i in indices if i not in left_idx)
            for x in _built_from(left):
                for y in _built_from(right):
                    results.update((x + y, x - y, y - x, x * y))
                    if y:
                        results.add(x / y)
                    if x:
                        results.add(y / x)
    return frozenset(results)


@cache  # an unbounded lru_cache: at most a few thousand diamond sets
def _arithmetic_sorted(values: tuple[int, ...]) -> frozenset[int]:
    found: set[int] = set()
    for size in range(1, len(values) + 1):
        for subset in set(combinations(values, size)):
            for value in _built_from(subset):
                if value.denominator == 1 and MIN_VALUE <= value <= MAX_VALUE:
                    found.add(int(value))
    return frozenset(found)


def arithmetic_values(values: Sequence[int]) -> frozenset[int]:
    """Card values 1..13 that some non-empty subset of ``values`` builds (variant rule).

    The "arithmetic centre" reading of the source's introduction: a value equal to "the
    sum, difference, product or quotient of any number of diamond cards".  Each diamond is
    used at most once, in any order and bracketing, with exact rational intermediates.
    """
    return _arithmetic_sorted(tuple(sorted(int(v) for v in values)))


def _value(card_or_value: int | Card) -> int:
    return card_or_value.value if isinstance(card_or_value, Card) else int(card_or_value)


def diamond_values(diamonds: Sequence[int | Card] | Mapping[str, int | Card]) -> tuple[int, ...]:
    """The four diamond values in ``N E S W`` order, from cards, ints or a position map."""
    if isinstance(diamonds, Mapping):
        diamonds = [diamonds[pos] for pos in POSITIONS]
    values = tuple(_value(d) for d in diamonds)
    if len(values) != len(POSITIONS):
        raise ValueError(f"need the four diamonds N, E, S, W; got {len(values)}")
    return values


def pile_named(name: str) -> Pile:
    """The pile called ``name`` (case-insensitive); an unknown name lists the real ones."""
    try:
        return PILE_BY_NAME[name.strip().upper()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown pile {name!r}; piles are {', '.join(PILE_NAMES)}") from None


def allowed_values(
    pile: str | Pile,
    diamonds: Sequence[int | Card] | Mapping[str, int | Card],
    *,
    arithmetic_centre: bool = False,
) -> frozenset[int]:
    """The card values that may go on ``pile`` next to ``diamonds`` (N, E, S, W)."""
    spot = pile if isinstance(pile, Pile) else pile_named(pile)
    values = dict(zip(POSITIONS, diamond_values(diamonds), strict=True))
    touching = [values[pos] for pos in spot.touches]
    if spot.kind == "outer":
        return frozenset(touching) & frozenset(range(MIN_VALUE, MAX_VALUE + 1))
    if spot.kind == "inner":
        return inner_values(*touching)
    if arithmetic_centre:
        return arithmetic_values(touching)
    return frozenset(range(MIN_VALUE, MAX_VALUE + 1))


def placement_rule(pile: str | Pile, *, arithmetic_centre: bool = False) -> str:
    """The rule id that decides which values may go on ``pile``."""
    spot = pile if isinstance(pile, Pile) else pile_named(pile)
    if spot.kind == "centre":
        return ("black-diamond.place.centre-arithmetic" if arithmetic_centre
                else "black-diamond.place.centre")
    return f"black-diamond.place.{spot.kind}"


def _list(values: frozenset[int]) -> str:
    return ", ".join(str(v) for v in sorted(values)) or "none"


def check_placement(
    card: Card,
    pile: str | Pile,
    diamonds: Sequence[int | Card] | Mapping[str, int | Card],
    top: Card | None,
    *,
    arithmetic_centre: bool = False,
) -> Explanation:
    """May ``card`` go on ``pile``, given the diamonds and the pile's ``top`` card?

    Checks the value rule of the pile's kind first, then suit alternation, and cites the
    rule that decided either way.  Hand and stuck rules are the state's business.
    """
    spot = pile if isinstance(pile, Pile) else pile_named(pile)
    values = dict(zip(POSITIONS, diamond_values(diamonds), strict=True))
    allowed = allowed_values(spot, diamonds, arithmetic_centre=arithmetic_centre)
    rule = placement_rule(spot, arithmetic_centre=arithmetic_centre)
    v = card.value
    if spot.kind == "outer":
        d = values[spot.touches[0]]
        reason = f"the diamond at {spot.name} is {d}"
        if v not in allowed:
            return Explanation(False, rule, f"{card} cannot go on {spot.name}: {reason}, "
                                            "and an outer edge takes only its diamond's value")
        why = f"{reason}"
    elif spot.kind == "inner":
        a, b = (values[pos] for pos in spot.touches)
        between = f"between {a} and {b} the values are {_list(allowed)}"
        if v not in allowed:
            return Explanation(False, rule, f"{card} cannot go on {spot.name}: {between}")
        why = between
    elif arithmetic_centre:
        shown = ", ".join(str(values[p]) for p in POSITIONS)
        built = f"the diamonds {shown} build {_list(allowed)}"
        if v not in allowed:
            return Explanation(False, rule, f"{card} cannot go on {spot.name}: {built}")
        why = built
    else:
        why = "any card may go in the centre"
    if top is not None and top.suit == card.suit:
        return Explanation(
            False, "black-diamond.place.alternate",
            f"{card} cannot go on {spot.name}: its top card {top} is a "
            f"{SUIT_WORD.get(top.suit, top.suit)} too (suits alternate)")
    return Explanation(True, rule, f"{card} can go on {spot.name}: {why}")


def can_place(
    card: Card,
    pile: str | Pile,
    diamonds: Sequence[int | Card] | Mapping[str, int | Card],
    top: Card | None,
    *,
    arithmetic_centre: bool = False,
) -> bool:
    """``check_placement(...).legal`` without building the words (for loops)."""
    spot = pile if isinstance(pile, Pile) else pile_named(pile)
    if top is not None and top.suit == card.suit:
        return False
    return card.value in allowed_values(spot, diamonds, arithmetic_centre=arithmetic_centre)


# --- Options: the readings the spec leaves open, declared once --------------------------

OPTIONS: tuple[Option, ...] = (
    Option("arithmetic_centre", False,
           "A centre card must equal a value built from one to four diamonds with "
           "+ - * / (the source's introduction), instead of any card.", (False, True)),
    Option("stuck_per_card", False,
           "You may replace or clear as soon as one card in your hand cannot be "
           "placed, instead of only when neither can.", (False, True)),
    Option("replaced_under_deck", False,
           "A replaced diamond goes under the diamond deck instead of leaving the "
           "game.", (False, True)),
    Option("strict_end", False,
           "An empty diamond deck when the last black card is placed is a loss.",
           (False, True)),
    Option("repeat_replace", False,
           "Once stuck, you may go on replacing diamonds while the diamond deck holds "
           "cards, even after a new diamond lets you play (the source's 'se puede "
           "repetir siempre que queden cartas en el mazo' read literally).", (False, True)),
)

Options = options_record("black-diamond", OPTIONS, player_counts=(1,))
"""The typed, checked options of one game: ``players`` (always 1), then ``OPTIONS``."""
