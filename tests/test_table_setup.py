"""Choosing the game at the table: the bots each game registers, strongest first, and the
table's setup panel (player count, every option with its doc, human seats, the bots, the
seed), driven as a class drives it: a control's ``value`` or ``button.click()``."""

from __future__ import annotations

import pytest

from cardlib import games
from cardlib.bots import RANDOM, RandomBot

STRONGEST = {"hearts": "monte-carlo", "diamonds": "monte-carlo", "diams": "sampling",
             "cruce": "monte-carlo"}
"""The first bot each game offers: the one its benchmark measures as the stronger."""


@pytest.mark.parametrize("name", games.names())
def test_every_game_lists_its_bots_strongest_first_and_random_last(name):
    kinds = games.bots(name)
    assert kinds[-1] is RANDOM
    assert len({kind.name for kind in kinds}) == len(kinds)
    if games.get(name).player_counts != (1,):
        assert [kind.name for kind in kinds] == [STRONGEST[name], "rule-of-thumb", "random"]
    for kind in kinds:
        assert kind.label and kind.doc


@pytest.mark.parametrize("name", games.names())
def test_each_kind_makes_bots_of_its_name_that_play_legal_moves(name):
    game = games.get(name)
    for kind in games.bots(name):
        bot = kind.make("3:1")
        assert bot.name == kind.name
        state = game.new(seed=3)
        for _ in range(4):
            move = bot.choose(state)
            assert move in state.legal_moves()
            state = state.apply(move)


def test_a_game_the_registry_does_not_hold_gets_the_random_bot():
    from toygame import Toy

    assert games.bots(Toy()) == (RANDOM,)
    assert isinstance(RANDOM.make(1), RandomBot)
