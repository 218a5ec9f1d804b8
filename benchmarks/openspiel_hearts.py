"""How our Hearts and OpenSpiel's name the same things: cards, pass directions, options.

Shared by the differential test (``tests/test_hearts_openspiel.py``), which checks every
fact here against OpenSpiel, and by the match (``benchmarks/hearts_match.py``), which keeps
both engines in lockstep so that OpenSpiel's own bots can sit at our table.  OpenSpiel is
imported only where a game is made, so the mapping itself needs nothing installed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlib.cards import Card
from cardlib.hearts import Hearts

SUIT_IDS = {"C": 0, "D": 1, "H": 2, "S": 3}
RANK_IDS = {rank: i for i, rank in enumerate((2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1))}
OPENSPIEL_DIRECTION = [1, 3, 2, 0]
"""OpenSpiel's first chance action for our hand k % 4: its Left, Right, Across, NoPass (our
rotation ``cardlib.hearts.deal.PASS_ROTATION`` in OpenSpiel's numbering)."""

SHARED_OPTIONS = (
    "pass_cards", "no_pts_on_first_trick", "can_lead_any_club", "must_break_hearts",
    "qs_breaks_hearts", "can_lead_hearts_instead_of_qs", "jd_bonus", "avoid_all_tricks_bonus",
)
"""Our options that OpenSpiel also has, by the same name."""


def openspiel_id(card: Card) -> int:
    """OpenSpiel's card id: rank * 4 + suit, suits C D H S, ranks 2 … A."""
    return RANK_IDS[card.rank] * 4 + SUIT_IDS[card.suit]


def openspiel_game(options: dict[str, Any]) -> Any:
    """OpenSpiel's Hearts with the shared options as ours has them (our defaults otherwise:
    the two engines' defaults differ, e.g. on whether the Q♠ breaks hearts)."""
    import pyspiel

    ours = Hearts().make_options(**options).as_dict()
    return pyspiel.load_game("hearts", {name: ours[name] for name in SHARED_OPTIONS})


def start_hand(spiel_game: Any, hands: Sequence[Sequence[Card]], hand_number: int,
               pass_cards: bool = True) -> Any:
    """OpenSpiel's state at the start of our hand ``hand_number`` dealt as ``hands`` (seat 0
    first, 13 cards each in deal order): its pass direction forced to ours, and card j of the
    deal (``hands[j % 4][j // 4]``) given to player j % 4, the way OpenSpiel deals."""
    state = spiel_game.new_initial_state()
    state.apply_action(OPENSPIEL_DIRECTION[hand_number % 4] if pass_cards else 0)
    for j in range(52):
        state.apply_action(openspiel_id(hands[j % 4][j // 4]))
    return state
