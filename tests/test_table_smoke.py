"""Every registered game, at every player count it allows, gets a game table that works.

The table is driven only through its buttons' callbacks (``button.click()`` runs the same
handler as a click in the page; a move behind a first step, such as a Diam's drill, is
reached by clicking that step first): a few legal moves, and, at the first position where the
game offers a move the rules refuse (a card that does not follow suit, say), that move,
which must leave the game as it was and show the rule that refuses it.
"""

from __future__ import annotations

import re

import pytest

from cardlib import games
from cardlib.widgets import GameTable

CASES = [(name, players) for name in games.names() for players in games.get(name).player_counts]
HUMAN_MOVES = 12
"""Enough for Hearts to pass three cards and reach the play, where cards are refused."""

RULE_ID = re.compile(r"<code>\[([\w.-]+)\]</code>")


def drive(name: str, players: int) -> bool:
    """Play a table of ``name`` for ``players`` by its buttons; True if a refused move was
    clicked and checked on the way."""
    game = games.get(name)
    table = GameTable(game, seed=3, options={"players": players})
    assert table.state.players == players
    assert table.message_kind != "error", table.message.value
    refused = False
    for _ in range(HUMAN_MOVES):
        if table.state.is_over:
            break
        if table.paused:  # a hand ended: its tally shows until "Next hand"
            assert not table.moves.children and table.tally.value
            table.next_hand_button.click()
        buttons = table.move_buttons
        assert buttons or table.move_steps, f"{name}: the human's turn shows no move button"
        illegal = [b for b in buttons if "cardlib-illegal" in b._dom_classes]
        if illegal and not refused:
            before, shown = table.state, table.board.value
            illegal[0].click()
            assert table.state is before and table.board.value == shown
            assert table.message_kind == "illegal" and "Not allowed" in table.message.value
            cited = RULE_ID.search(table.message.value)
            assert cited and cited.group(1) in game.rules, table.message.value
            refused = True
        legal = [b for b in buttons if "cardlib-legal" in b._dom_classes]
        steps = [b for b in table.move_steps if "cardlib-step-legal" in b._dom_classes]
        if not legal and steps:  # the legal moves lie behind a first step (Diam's drills)
            steps[0].click()
            legal = [b for b in table.move_buttons if "cardlib-legal" in b._dom_classes]
        assert legal, f"{name}: no legal move offered"
        moves_before = len(table.state.history)
        legal[0].click()
        assert table.message_kind == "info" and "Played" in table.message.value
        assert len(table.state.history) > moves_before
    return refused


@pytest.mark.parametrize("name, players", CASES)
def test_the_table_plays_by_its_buttons(name, players):
    drive(name, players)


def test_some_game_offers_a_refused_move_and_it_is_checked():
    # Hearts offers every card of the hand, so the refusal above is really exercised.
    assert any(drive(name, players) for name, players in CASES)
