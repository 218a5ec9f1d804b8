"""Choosing the game at the table: the bots each game registers, strongest first, and the
table's setup panel (player count, every option with its doc, human seats, the bots, the
seed), driven as a class drives it: a control's ``value`` or ``button.click()``."""

from __future__ import annotations

import dataclasses
from html import escape

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


# --- the setup panel ---------------------------------------------------------------------

def test_the_panel_offers_every_option_of_the_game_with_its_doc():
    from cardlib.widgets import GameTable

    for name in games.names():
        game = games.get(name)
        table = GameTable(game, seed=2)
        panel = table.setup
        assert list(panel.option_controls) == [o.name for o in game.options[1:]]
        for option in game.options[1:]:
            row = panel.option_rows[option.name]
            assert escape(option.doc) in row.children[1].value
            control = panel.option_controls[option.name]
            if option.choices is not None:
                offered = getattr(control, "options", None)
                values = [v for _, v in offered] if offered else [False, True]
                assert sorted(map(repr, values)) == sorted(map(repr, option.choices))
        assert [v for _, v in panel.players.options] == list(game.player_counts)
        assert [v for _, v in panel.bots.options] == [k.name for k in games.bots(game)]
        assert panel.seed.seed == 2


def hearts_table(**kwargs):
    from cardlib.widgets import GameTable

    return GameTable(games.get("hearts"), seed=7, seat=2, **kwargs)


def test_new_game_deals_the_options_the_bots_and_the_seed_the_panel_sets():
    from cardlib.hearts.bots import MonteCarloBot

    table = hearts_table()
    panel = table.setup
    panel.option_controls["moon"].value = "shooter-choice"
    panel.option_controls["end_score"].value = 100
    panel.option_controls["jd_bonus"].value = True
    panel.bots.value = "monte-carlo"
    panel.seed.value = 11
    assert table.state.options.moon == "add-to-others"      # nothing changes before New game
    table.new_button.click()
    assert table.message_kind != "error", table.message.value
    options = table.state.options
    assert (options.moon, options.end_score, options.jd_bonus) == ("shooter-choice", 100, True)
    assert table.state.start_record()["seed"] == 11
    assert set(table.bots) == {0, 1, 3}
    assert all(isinstance(bot, MonteCarloBot) for bot in table.bots.values())
    assert [bot.seed for _, bot in sorted(table.bots.items())] == ["11:0", "11:1", "11:3"]
    fresh = games.get("hearts").new(seed=11, moon="shooter-choice", end_score=100,
                                    jd_bonus=True)
    for move in table.state.history:     # the very game of seed 11 with those options
        fresh = fresh.apply(move)
    assert all(getattr(fresh, f.name) == getattr(table.state, f.name)
               for f in dataclasses.fields(fresh))


def test_a_refused_option_keeps_the_game_and_says_why():
    table = hearts_table()
    before = table.state
    table.setup.option_controls["end_score"].value = 0
    table.new_button.click()
    assert table.state is before
    assert table.message_kind == "error" and "end_score" in table.message.value


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_another_player_count_seats_people_and_bots_for_it(players):
    from cardlib.widgets import GameTable

    table = GameTable(games.get("diamonds"), seed=7)
    panel = table.setup
    panel.players.value = players
    assert len(table.seat_toggles) == players and table.state.players == 4
    table.seat_toggles[players - 1].value = True          # waits for New game
    assert table.humans == {0}
    panel.option_controls["finite_supply"].value = True
    table.new_button.click()
    assert table.state.players == players and table.state.options.finite_supply
    assert table.humans == {0, players - 1} and table.hot_seat
    assert set(table.bots) == set(range(1, players - 1))
    assert table.players == players and table.setup.players.value == players


def test_an_option_played_only_at_some_counts_shows_only_there():
    from cardlib.widgets import GameTable

    table = GameTable(games.get("cruce"), seed=7)
    panel = table.setup
    row = panel.option_rows["two_player_form"]
    assert row.layout.display == "none" and panel.option_rows["teams"].layout.display is None
    panel.players.value = 2
    assert row.layout.display is None
    panel.option_controls["two_player_form"].value = "auction"
    table.new_button.click()
    assert table.state.players == 2 and table.state.options.two_player_form == "auction"
    panel.players.value = 3
    assert row.layout.display == "none"
    assert panel.option_rows["teams"].layout.display == "none"   # partners only at four
    table.new_button.click()                    # the 2-player form is not played at three
    assert table.state.players == 3 and table.state.options.two_player_form == "stock"


def test_the_bots_a_notebook_hands_the_table_are_its_kind_and_keep_their_budget():
    from cardlib.hearts.bots import MonteCarloBot, RuleOfThumbBot

    table = hearts_table(bots={s: MonteCarloBot(seed=s, playouts=7) for s in (0, 1, 3)})
    assert table.setup.bots.value == "monte-carlo"
    table.setup.seed.value = 5
    table.new_button.click()
    assert {bot.playouts for bot in table.bots.values()} == {7}   # reseeded, budget kept
    assert {bot.seed for bot in table.bots.values()} == {"5:0", "5:1", "5:3"}
    table.setup.bots.value = "rule-of-thumb"
    table.new_button.click()
    assert all(isinstance(bot, RuleOfThumbBot) for bot in table.bots.values())


def test_bots_of_no_listed_kind_stay_as_set_up():
    from toygame import Toy

    from cardlib.bots import FirstMoveBot
    from cardlib.widgets import GameTable

    table = GameTable(Toy(), seed=1, seat=0, bots={1: FirstMoveBot()})
    panel = table.setup
    assert panel.bots.value == "as-given" and "first" in panel.bots.options[0][0]
    table.new_button.click()
    assert isinstance(table.bots[1], FirstMoveBot)
    panel.bots.value = "random"
    table.new_button.click()
    assert isinstance(table.bots[1], RandomBot)


def test_the_last_human_seat_cannot_be_given_away_at_another_count():
    from cardlib.widgets import GameTable

    table = GameTable(games.get("diamonds"), seed=7)
    table.setup.players.value = 3
    table.seat_toggles[0].value = False
    assert table.seat_toggles[0].value and table.message_kind == "error"
    table.new_button.click()
    assert table.humans == {0} and table.state.players == 3


def test_cruce_declares_its_partnership_option_for_four_players_only():
    cruce = games.get("cruce")
    assert cruce.new(seed=1, players=4, teams=False).teams == ((0,), (1,), (2,), (3,))
    with pytest.raises(ValueError, match="teams=False is played only with 4 players"):
        cruce.new(seed=1, players=3, teams=False)


def test_seats_not_given_a_bot_get_the_kind_of_those_given():
    from cardlib.diams.bots import RuleOfThumbBot
    from cardlib.widgets import GameTable

    table = GameTable(games.get("diams"), seed=3, options={"players": 3},
                      bots={1: RuleOfThumbBot()})
    assert table.setup.bots.value == "rule-of-thumb"
    assert isinstance(table.bots[2], RuleOfThumbBot)


def test_cruces_table_follows_a_new_game_its_panel_deals():
    from cardlib.widgets.cruce import CruceTable

    cruce = CruceTable(players=4)
    assert "partner" in cruce.words.value
    panel = cruce.table.setup
    panel.players.value = 2
    panel.bots.value = "monte-carlo"
    cruce.table.new_button.click()
    assert cruce.table.state.players == 2 and cruce.count.value == 2
    assert "data-cruce-players='2'" in cruce.words.value
    assert "Bogdan is a Monte Carlo bot" in cruce.words.value
    assert "partner" not in cruce.words.value
