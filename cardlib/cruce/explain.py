"""The words of ``explain()`` for a card played: one function per rule id.

``CruceState`` decides which cards may be played and which rule decided (in one place, so
legal moves and explanations cannot disagree); this module only puts that decision into
words a player understands, naming the card, the seat and the option behind the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlib.cards import SUIT_NAMES, Card
from cardlib.cruce.deck import LAYOUT

if TYPE_CHECKING:
    from cardlib.cruce.state import CruceState

PLAY_RULES = {
    "trick.lead": "cruce.play.lead",
    "trick.follow-suit": "cruce.play.follow-suit",
    "trick.must-trump": "cruce.play.must-trump",
    "trick.must-beat": "cruce.play.must-head",
    "trick.void": "cruce.play.any-card",
}
"""The kit's trick rule ids (``cardlib.tricks.playable_bits``) as Cruce's rule ids."""


def _led(state: CruceState) -> str:
    return SUIT_NAMES[LAYOUT.suit_of_bit[state.trick[0]]]


def _holder(state: CruceState) -> Card:
    """The card winning the trick on the table so far."""
    return state.current_trick.cards[state.trick_winner_index()]


def _why_lead(state: CruceState, card: Card, legal: bool, name: str) -> str:
    if state.trump is None:
        return (f"{name} leads the first trick: {card.label} makes "
                f"{SUIT_NAMES[card.suit]} trump")
    return f"{name} leads: any card may lead"


def _why_follow(state: CruceState, card: Card, legal: bool, name: str) -> str:
    suit = _led(state)
    if legal:
        return f"{card.label} follows suit ({suit})"
    return f"{name} holds {suit} and must follow suit"


def _why_trump(state: CruceState, card: Card, legal: bool, name: str) -> str:
    trump = SUIT_NAMES[state.trump or "H"]
    if legal:
        return f"{name} has no {_led(state)}: {card.label} trumps"
    return f"{name} has no {_led(state)} but holds {trump}, the trump: must play a trump"


def _why_head(state: CruceState, card: Card, legal: bool, name: str) -> str:
    holder = _holder(state)
    if legal:
        return f"{card.label} beats {holder.label}, as it must (must_head)"
    return (f"{name} can beat {holder.label} and must (must_head): play a card that takes "
            "the trick")


def _why_any(state: CruceState, card: Card, legal: bool, name: str) -> str:
    return f"{name} has neither {_led(state)} nor a trump: any card may be played"


def _why_free(state: CruceState, card: Card, legal: bool, name: str) -> str:
    return "the stock is not used up: no duty to follow suit or to trump, any card may be played"


_WHY: dict[str, Callable[[CruceState, Card, bool, str], str]] = {
    "cruce.play.lead": _why_lead,
    "cruce.play.follow-suit": _why_follow,
    "cruce.play.must-trump": _why_trump,
    "cruce.play.must-head": _why_head,
    "cruce.play.any-card": _why_any,
    "cruce.stock.free": _why_free,
}


def play_reason(rule: str, state: CruceState, card: Card, legal: bool, name: str) -> str:
    """Why ``name`` (the seat to move) may or may not play ``card`` under ``rule``, the
    rule id ``state`` gave for the cards it allows now."""
    return _WHY[rule](state, card, legal, name)
