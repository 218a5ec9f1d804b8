"""Same seed, same game, with every bot (issue 25 §6).

A class types one seed and clicks the same moves: every table must then show the same game,
whichever bot plays the other seats, even after an Undo, a step back through the replay or a
New deal.  So a bot's answer must follow from its settings and the position alone, never
from what it was asked before.  The tables here are driven as a class drives them (the
buttons' ``click()``), with small search budgets to stay quick: the budget changes how well
a bot plays, not whether it replays.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from cardlib import games
from cardlib.bots import RandomBot, game_digest, play_moves, reseeded, stable_digest
from cardlib.widgets import GameTable

HUMAN_MOVES = 6
"""Human moves per table: enough for the bots to search and draw several times (the
Monte Carlo bots search only once the cards are played), few enough to stay in one hand."""

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

KINDS = [pytest.param(name, kind.name, id=f"{name}-{kind.name}")
         for name in games.names() if games.get(name).player_counts != (1,)
         for kind in games.bots(name)]
"""Every game with other seats for bots (a solitaire's table seats none), every kind of bot
it registers."""


def cheap(bot):
    """``bot`` with a small search budget, where it has one (the same kind of bot)."""
    if isinstance(getattr(bot, "playouts", None), int):
        bot.playouts = 1  # one imagined deal per decision
    if isinstance(getattr(bot, "samples", None), int):
        bot.samples, bot.width = 1, 2
    return bot


def make_table(name, kind_name, seed):
    """A table on ``seed`` as a notebook opens one: the human in seat 0, a bot of the kind
    in every other seat, seeded from the table's seed and its seat."""
    game = games.get(name)
    kind = next(k for k in games.bots(name) if k.name == kind_name)
    players = game.new(seed=seed).players
    bots = {s: cheap(kind.make(f"{seed}:{s}")) for s in range(1, players)}
    return GameTable(game, seed=seed, seat=0, bots=bots)


def human_moves(table, turns):
    """The human plays move ``turn % len(legal)`` of the live position, for each turn (so
    two tables in the same position play the same move), the bots answering."""
    for turn in turns:
        if getattr(table, "paused", False):  # a hand's tally waiting for "Next hand"
            table.next_hand()
        state = table.state
        if state.is_over:
            return
        legal = state.legal_moves()
        assert table.try_move(legal[turn % len(legal)]), table.message.value


@pytest.mark.parametrize(("name", "kind_name"), KINDS)
def test_one_seed_one_game_through_step_back_undo_and_new_deal(name, kind_name):
    one, other = make_table(name, kind_name, 5), make_table(name, kind_name, 5)
    for turn in range(HUMAN_MOVES):
        human_moves(one, [turn])
        human_moves(other, [turn])
        assert one.state.history == other.state.history, f"two tables, move {turn + 1}"
    assert len(one.state.history) > HUMAN_MOVES or one.state.is_over  # the bots played

    one.first_button.click()  # step back through the replay: it changes nothing
    one.next_button.click()
    one.last_button.click()
    for _ in range(2):
        one.undo_button.click()
    assert len(one.state.history) < len(other.state.history)
    human_moves(one, range(HUMAN_MOVES - 2, HUMAN_MOVES))
    assert one.state.history == other.state.history, "undone, then the same moves"

    one.seed_box.value = 5  # the same seed dealt again, after a game was played
    one.new_button.click()
    human_moves(one, range(HUMAN_MOVES))
    assert one.state.history == other.state.history, "New deal of the same seed"

    one.seed_box.value = 4  # another seed: as a table opened on that seed
    one.new_button.click()
    human_moves(one, range(HUMAN_MOVES))
    opened = make_table(name, kind_name, 4)
    human_moves(opened, range(HUMAN_MOVES))
    assert one.state.history == opened.state.history, "New deal of another seed"


# --- the bots themselves: no memory, stable digests ----------------------------------------

def positions(name, count):
    """``count`` positions along one seeded game where a bot has a choice."""
    game = games.get(name)
    state, found = game.new(seed=2), []
    while len(found) < count and not state.is_over:
        if len(state.legal_moves()) > 1:
            found.append(state)
        state = play_moves(state, {s: RandomBot(s) for s in range(state.players)}, 1)
    return found


@pytest.mark.parametrize(("name", "kind_name"), KINDS)
def test_a_bot_answers_a_position_alike_whatever_it_was_asked_before(name, kind_name):
    kind = next(k for k in games.bots(name) if k.name == kind_name)
    found = positions(name, 4)
    asked = cheap(kind.make(1))
    later = [asked.choose(state) for state in reversed(found)][::-1]
    assert later == [cheap(kind.make(1)).choose(state) for state in found]


def test_reseeded_bots_play_as_bots_made_on_that_seed():
    from cardlib.hearts.bots import MonteCarloBot as HeartsSearcher

    state = next(s for s in positions("hearts", 40) if s.phase == "play")
    for seed in range(3):
        made = HeartsSearcher(seed=f"{seed}:1", playouts=12)
        again = reseeded(HeartsSearcher(seed="other", playouts=12), f"{seed}:1")
        assert again.choose(state) == made.choose(state)
        assert again.playouts == 12
    assert reseeded(RandomBot(1), 2).seed == 2


def test_the_random_bot_draws_from_its_seed_and_the_game_so_far():
    state = games.get("diams").new(seed=4)
    picks = {RandomBot(seed).choose(state) for seed in range(30)}
    assert len(picks) > 1  # the seed matters
    assert len({RandomBot(7).choose(state) for _ in range(5)}) == 1


def test_the_digest_of_a_game_does_not_depend_on_the_lines_seen_before():
    game = games.get("hearts")
    start = game.new(seed=6)
    one = play_moves(start, {s: RandomBot(f"a{s}") for s in range(4)}, 30)
    other = play_moves(start, {s: RandomBot(f"b{s}") for s in range(4)}, 30)
    assert one.history != other.history
    here = [game_digest(state) for state in (one, other, start, one)]

    fresh: list[bytes] = []  # another thread keeps its own lines: computed from nothing
    worker = threading.Thread(target=lambda: fresh.extend(
        game_digest(state) for state in (one, other, start, one)))
    worker.start()
    worker.join()
    assert here == fresh
    assert len(set(here)) == 3


def test_the_digests_and_the_choices_are_the_same_in_another_process():
    """Python salts ``hash()`` of text per process: a bot seeded through it would play
    another game on another machine.  A child process with another salt must agree."""
    code = (
        "from cardlib.bots import RandomBot, stable_digest\n"
        "from cardlib import games\n"
        "from cardlib.hearts.bots import MonteCarloBot\n"
        "state = games.get('hearts').new(seed=1, pass_cards=False)\n"
        "print(stable_digest(frozenset({'a', 'b', 'c'}), {'x': 1, 'y': (2, 'z')}).hex())\n"
        "print(stable_digest(state.view(state.to_move)).hex())\n"
        "print(RandomBot('r').choose(state), MonteCarloBot(seed=2, playouts=8).choose(state))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, check=True, cwd=ROOT).stdout.split("\n")
    state = games.get("hearts").new(seed=1, pass_cards=False)
    from cardlib.hearts.bots import MonteCarloBot as HeartsSearcher

    assert child[:3] == [
        stable_digest(frozenset({"a", "b", "c"}), {"x": 1, "y": (2, "z")}).hex(),
        stable_digest(state.view(state.to_move)).hex(),
        f"{RandomBot('r').choose(state)} {HeartsSearcher(seed=2, playouts=8).choose(state)}",
    ]


def test_a_value_without_a_stable_text_is_refused():
    with pytest.raises(TypeError, match="no stable text"):
        stable_digest(object())
