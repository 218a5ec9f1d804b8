"""The words of ``explain()``: why a move is legal or not here, and what it will set off.

``DiamondsState`` decides what is legal (in one place, shared with the legal moves); this
module puts each verdict into words a player understands and cites the rule id.  For a
legal card it also says which suit action the card earns (played off suit, or taking the
trick), and when that action will move nothing, why: a learner sees the consequence before
clicking.  Kept apart so the wording can be read and changed without the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.cards import SUIT_NAMES, SUIT_SYMBOLS
from cardlib.diamonds.crystals import EFFECT_WORDS, NOTHING_WORDS, SuitAction, perform
from cardlib.diamonds.deck import LAYOUT, SEATS
from cardlib.diamonds.moves import Announce, DiamondsMove, Pass, Play, Rob
from cardlib.protocol import Explanation
from cardlib.tricks import winning_bit_index

if TYPE_CHECKING:
    from cardlib.diamonds.state import DiamondsState

PASS_RANGE = range(1, 4)


def explain_move(state: DiamondsState, move: Any) -> Explanation:
    """Why ``move`` is legal or not in ``state`` (a game not over), citing the rule."""
    if not isinstance(move, DiamondsMove):
        return Explanation(False, "diamonds.turn",
                           f"{move!r} is not a Diamonds move: write a card such as '7D', "
                           "'pass 7D', 'announce 2' or 'rob Cat'")
    name = SEATS[state.turn] if state.turn is not None else ""
    phase = state.phase
    if phase == "announce":
        return _announce(state, move, name)
    if phase == "rob":
        return _rob(state, move, name)
    if isinstance(move, Announce):
        return Explanation(False, "diamonds.pass.count",
                           f"the dealer, {SEATS[state.dealer]}, announces the pass at the "
                           f"start of a round; this round passes {state.pass_count}")
    if isinstance(move, Rob):
        return Explanation(False, "diamonds.action.club",
                           "no ♣ action is waiting for its victim")
    if phase == "pass":
        return _pass(state, move, name)
    if isinstance(move, Pass):
        return Explanation(False, "diamonds.pass.cards", "the pass is over: play a card")
    return _play(state, move, name)


def _announce(state: DiamondsState, move: DiamondsMove, name: str) -> Explanation:
    if not isinstance(move, Announce):
        return Explanation(False, "diamonds.pass.count",
                           f"the round begins with the dealer, {name}, announcing how many "
                           "cards everyone passes: 1, 2 or 3 (write 'announce 2')")
    if move.count in PASS_RANGE:
        return Explanation(True, "diamonds.pass.count",
                           f"{name} (the dealer) announces {move.count}: everyone passes "
                           f"{move.count} card{'s' if move.count > 1 else ''} to the left")
    why = "at least 1" if move.count < PASS_RANGE.start else "at most 3"
    return Explanation(False, "diamonds.pass.count",
                       f"a pass of {move.count} is not allowed: the dealer chooses 1, 2 or "
                       f"3 cards ({why})")


def _pass(state: DiamondsState, move: DiamondsMove, name: str) -> Explanation:
    seat = state.turn
    assert seat is not None
    still = state.pass_count - state.passed[seat].bit_count()
    if not isinstance(move, Pass):
        return Explanation(False, "diamonds.pass.cards",
                           f"cards are passed before the first lead: {name} still has "
                           f"{still} to pass to the left (write 'pass {move}')")
    if not state.hands[seat] >> move.bit & 1:
        return Explanation(False, "diamonds.turn",
                           f"{move.card.label} is not in {name}'s hand, and it is {name}'s "
                           "turn to pass")
    to = SEATS[(seat + 1) % state.players]
    return Explanation(True, "diamonds.pass.cards",
                       f"{name} passes {move.card.label} to {to}, on the left "
                       f"({still - 1} more to pass)")


def _rob(state: DiamondsState, move: DiamondsMove, name: str) -> Explanation:
    action = state.pending[0]
    if not isinstance(move, Rob):
        return Explanation(False, "diamonds.action.immediate",
                           f"{name} first takes the ♣ action just earned: choose whom to "
                           f"rob (write 'rob {SEATS[state.crystals.victims(action.seat)[0]]}')")
    victim = move.seat
    if victim == action.seat:
        return Explanation(False, "diamonds.action.club",
                           f"{name} may not rob their own showroom: choose another player")
    if victim >= state.players:
        return Explanation(False, "diamonds.action.club",
                           f"no such victim: {SEATS[victim]} is not at this table of "
                           f"{state.players}")
    if not state.crystals.showroom[victim]:
        return Explanation(False, "diamonds.action.club",
                           f"no such victim: {SEATS[victim]}'s showroom is empty, so there "
                           "is nothing to take")
    return Explanation(True, "diamonds.action.club",
                       f"{name} takes 1 point from {SEATS[victim]}'s showroom")


def _play(state: DiamondsState, move: DiamondsMove, name: str) -> Explanation:
    assert isinstance(move, Play) and state.turn is not None
    label = move.card.label
    if not state.hands[state.turn] >> move.bit & 1:
        return Explanation(False, "diamonds.turn",
                           f"{move.card.label} is not in {name}'s hand, and it is {name}'s "
                           "turn to play")
    allowed, rule = state._allowed
    if not allowed >> move.bit & 1:
        led = SUIT_NAMES[LAYOUT.suit_of_bit[state.trick[0]]]
        return Explanation(False, "diamonds.follow-suit",
                           f"{name} holds {led} and must follow suit")
    if rule == "trick.lead":
        return Explanation(True, "diamonds.lead",
                           f"{name} leads {label}: the others must follow "
                           f"{SUIT_SYMBOLS[move.card.suit]} if they can" + _takes(state, move))
    if rule == "trick.follow-suit":
        return Explanation(True, "diamonds.follow-suit",
                           f"{label} follows suit ({SUIT_SYMBOLS[move.card.suit]})"
                           + _takes(state, move))
    led = SUIT_NAMES[LAYOUT.suit_of_bit[state.trick[0]]]
    suit = move.card.suit
    earned = SuitAction(state.turn, suit, "off-suit")
    return Explanation(True, "diamonds.off-suit",
                       f"{name} has no {led}: any card may be played, and {label} earns a "
                       f"{SUIT_SYMBOLS[suit]} action at once ({EFFECT_WORDS[suit]})"
                       + _would_do_nothing(state, earned) + _takes(state, move))


def _takes(state: DiamondsState, move: Play) -> str:
    """The trick's outcome when ``move`` is its last card: who takes it, which action."""
    trick = state.trick + (move.bit,)
    if len(trick) < state.players:
        return ""
    winner = (state.leader + winning_bit_index(trick, state.trick_rules, LAYOUT)) \
        % state.players
    suit = LAYOUT.suit_of_bit[trick[0]]
    return (f"; the trick goes to {SEATS[winner]}, who takes a {SUIT_SYMBOLS[suit]} action "
            f"({EFFECT_WORDS[suit]})")


def _would_do_nothing(state: DiamondsState, action: SuitAction) -> str:
    """``— but it will move nothing: …`` when ``action`` would do nothing now."""
    if action.suit == "C" and state.crystals.victims(action.seat):
        return ""
    _, done = perform(state.crystals, action)
    if done.moved:
        return ""
    return f", but it will move nothing ({NOTHING_WORDS[done.rule]}) [{done.rule}]"
