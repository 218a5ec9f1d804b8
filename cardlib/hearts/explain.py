"""The words of ``explain()`` for a card played: one function per rule id.

``HeartsState`` decides whether a card may be played and which rule decided it (in one
place, so legal moves and explanations cannot disagree); this module only puts that
decision into words a player understands, naming the card, the seat and the option that
changed the rule.  Kept apart so the wording can be read and changed without the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlib.cards import SUIT_NAMES, Card
from cardlib.hearts.deck import HEARTS, LAYOUT, QUEEN_OF_SPADES

if TYPE_CHECKING:
    from cardlib.hearts.state import HeartsState


def _suit_name(state: HeartsState) -> str:
    return SUIT_NAMES[LAYOUT.suit_of_bit[state.trick[0]]]


def _why_two_of_clubs(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if state.options.can_lead_any_club:
        return (f"{card.label} opens the hand (can_lead_any_club: any club may)" if legal
                else "the first trick of every hand is opened with a club "
                     "(can_lead_any_club)")
    return ("the 2♣ opens the first trick of every hand" if legal
            else f"the 2♣ opens the first trick of every hand: {name} must lead it")


def _why_follow(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    suit = _suit_name(state)
    return (f"{card.label} follows suit ({suit})" if legal
            else f"{name} holds {suit} and must follow suit")


def _why_void(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    return f"{name} has no {_suit_name(state)}: any card may be played"


def _why_no_points(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if legal:
        return (f"{name} has no {_suit_name(state)}: {card.label} may be discarded "
                "(no points on the first trick)")
    return (f"no points on the first trick: {name} has other cards, so no heart and not "
            "the Q♠")


def _why_only_points(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if state.options.first_trick_void == "heart-not-queen":
        return (f"{name} has only hearts and the Q♠: a heart may be played" if legal
                else f"{name} has only hearts and the Q♠: on the first trick a heart, not "
                     "the Q♠ (first_trick_void='heart-not-queen')")
    return f"{name} has only hearts and the Q♠: any of them may go on the first trick"


def _why_unbroken(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if legal:
        return f"hearts are not broken, and {card.label} is not a heart: it may lead"
    if state.hands[state.turn or 0] & ~HEARTS == QUEEN_OF_SPADES:
        return ("hearts are not broken yet, and the Q♠ is the only other card: it must "
                "lead (option can_lead_hearts_instead_of_qs allows a heart)")
    return "hearts are not broken yet: lead another suit"


def _why_only_hearts(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    return f"{name} holds only hearts: a heart may lead although hearts are not broken"


def _why_queen_or_hearts(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    return ("hearts are not broken but the Q♠ is the only other card: any card may lead "
            "(can_lead_hearts_instead_of_qs)")


def _why_any_lead(state: HeartsState, card: Card, legal: bool, name: str) -> str:
    if not state.options.must_break_hearts:
        return "any card may lead (must_break_hearts=False)"
    return "hearts are broken: any card may lead"


_WHY: dict[str, Callable[[HeartsState, Card, bool, str], str]] = {
    "hearts.lead.two-of-clubs": _why_two_of_clubs,
    "hearts.follow-suit": _why_follow,
    "hearts.void.any-card": _why_void,
    "hearts.first-trick.no-points": _why_no_points,
    "hearts.first-trick.only-points": _why_only_points,
    "hearts.lead.hearts-unbroken": _why_unbroken,
    "hearts.lead.only-hearts": _why_only_hearts,
    "hearts.lead.queen-or-hearts": _why_queen_or_hearts,
    "hearts.lead.any": _why_any_lead,
}


def play_reason(rule: str, state: HeartsState, card: Card, legal: bool, name: str) -> str:
    """Why ``name`` (the seat to move) may or may not play ``card``, under ``rule``: the
    rule id ``state`` gave for the cards it allows now."""
    return _WHY[rule](state, card, legal, name)
