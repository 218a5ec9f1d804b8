"""The Game protocol, checked the same way for every registered game (and the toy game).

Many seeds of random legal play to the end: no exception, legal moves never empty before
the end, apply never mutates, illegal moves refused with the state unchanged, save/load
replays to the same state, same seed same deal.  Each game is played at every count of
players it allows, and in every form an option allows only at some counts (Cruce's
2-player auction form).
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from toygame import Toy
from toytricks import ToyTricks

from cardlib import games
from cardlib.bots import RandomBot, play_out
from cardlib.protocol import Explanation, IllegalMove

TOYS = {"toy": Toy(), "toy-tricks": ToyTricks()}
GAMES = [*games.names(), *TOYS]
SEEDS = range(12)


def get(name):
    return TOYS[name] if name in TOYS else games.get(name)


def forms(game, players: int) -> list[dict]:
    """The ways ``game`` is played at ``players`` seats: the defaults, and each other value
    of an option that is allowed only at some counts (``Option.only_players``)."""
    found: list[dict] = [{}]
    for option in game.options:
        if option.only_players and players in option.only_players:
            found += [{option.name: value} for value in option.choices or ()
                      if value != option.default]
    return found


SEATINGS = [(name, players, form) for name in GAMES for players in get(name).player_counts
            for form in forms(get(name), players)]
"""Every game at every number of players it allows, in every form played only there."""
SEATING_IDS = [f"{name}-{players}" + "".join(f"-{v}" for v in form.values())
               for name, players, form in SEATINGS]



def quick(game) -> dict:
    """The options under which random players finish ``game``, as the game declares them
    (``Game.quick_options``: Cruce's random bids fail almost every contract, so every total
    drifts down and a game to 21 almost never ends; it declares a hand limit)."""
    return dict(game.quick_options)


MAX_RANDOM_MOVES = 5_000
"""A bound on one random game's moves (the longest of the registered games' random games
takes a few hundred), so a game that random play never finishes fails with a message
instead of hanging the suite."""


def snapshot(state):
    """A deep copy to compare against after calls that must not mutate."""
    return copy.deepcopy(state.__dict__)


def test_registry_lists_games_and_names_unknown_ones():
    assert {"hearts", "black-diamond"} <= set(games.names())
    with pytest.raises(KeyError) as err:
        games.get("poker")
    assert "poker" in str(err.value) and "hearts" in str(err.value)


@pytest.mark.parametrize(("name", "players", "form"), SEATINGS, ids=SEATING_IDS)
def test_random_play_to_the_end(name, players, form):
    game = get(name)
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new(seed=seed, players=players, **form, **quick(game))
        steps = 0
        while not state.is_over:
            assert steps < MAX_RANDOM_MOVES, (
                f"{name} seed {seed}: random players made {steps} moves without reaching the "
                "end; a game that random play would not finish declares quick_options "
                "(options under which it does, such as a hand limit)")
            moves = state.legal_moves()
            assert moves, f"{name} seed {seed}: no legal move at step {steps} before the end"
            assert moves == sorted(moves)
            assert state.to_move is not None
            move = rng.choice(moves)
            assert state.explain(move).legal
            assert game.parse_move(str(move)) == move
            before = snapshot(state)
            nxt = state.apply(move)
            assert snapshot(state) == before, "apply mutated the state"
            assert nxt.history == state.history + (move,)
            state = nxt
            steps += 1
        assert state.to_move is None and state.legal_moves() == []
        assert len(state.scores()) == state.players
        with pytest.raises(IllegalMove):
            state.apply(move)
        restored = game.load(json.loads(json.dumps(game.save(state))))
        assert restored.history == state.history
        assert restored.scores() == state.scores()


@pytest.mark.parametrize(("name", "players", "form"), SEATINGS, ids=SEATING_IDS)
def test_illegal_moves_are_refused_and_leave_the_state_unchanged(name, players, form):
    game = get(name)
    refused = 0
    for seed in SEEDS:
        state = play_partway(game, seed, players, form)
        offered = state.candidate_moves()
        legal = set(state.legal_moves())
        for move in offered:
            if move in legal:
                continue
            before = snapshot(state)
            why = state.explain(move)
            assert isinstance(why, Explanation) and not why.legal
            assert why.rule and why.text
            # One rule for rule ids: every id an explanation cites is in the game's rule
            # book (a kit id the game adopts with kit_rules, or maps to its own), the
            # protocol's game.* ids aside.
            assert why.rule in game.rules or why.rule.startswith("game."), why.rule
            with pytest.raises(IllegalMove) as err:
                state.apply(move)
            assert err.value.rule == why.rule
            assert snapshot(state) == before
            refused += 1
    assert refused > 0, f"{name}: no illegal move was ever offered to test"


@pytest.mark.parametrize(("name", "players", "form"), SEATINGS, ids=SEATING_IDS)
@pytest.mark.parametrize("text", ["blah", "ZZ", ""])
def test_unreadable_move_text_is_explained_not_raised(name, players, form, text):
    """``explain`` promises an Explanation for any move: text that does not parse is a
    refusal naming that text (a learner typing a move), and ``apply`` still refuses it."""
    game = get(name)
    for seed in SEEDS[:3]:
        for state in (game.new(seed=seed, players=players, **form),
                      play_partway(game, seed, players, form)):
            state.legal_moves()  # fills the caches a state may keep, which are no change
            before = snapshot(state)
            why = state.explain(text)
            assert isinstance(why, Explanation) and not why.legal
            assert why.rule == "game.move-text"
            assert repr(text) in why.text
            with pytest.raises(ValueError):
                state.apply(text)
            assert snapshot(state) == before


@pytest.mark.parametrize(("name", "players", "form"), SEATINGS, ids=SEATING_IDS)
def test_same_seed_same_game(name, players, form):
    game = get(name)
    options = {**form, **quick(game)}
    a = play_out(game.new(seed=3, players=players, **options), lambda s: RandomBot(f"3:{s}"))
    b = play_out(game.new(seed=3, players=players, **options), lambda s: RandomBot(f"3:{s}"))
    assert a.history == b.history and a.scores() == b.scores()
    first = game.new(seed=3, players=players, **form)
    again = game.new(seed=3, players=players, **form)
    assert first.legal_moves() == again.legal_moves()
    assert first.view(0) == again.view(0)


@pytest.mark.parametrize("name", GAMES)
def test_unknown_options_are_named(name):
    with pytest.raises(TypeError) as err:
        get(name).new(seed=1, no_such_option=True)
    assert "no_such_option" in str(err.value)


def play_partway(game, seed, players, form=None):
    rng = random.Random(seed)
    state = game.new(seed=seed, players=players, **(form or {}))
    for _ in range(rng.randrange(0, 20)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    if state.is_over:
        state = game.new(seed=seed, players=players, **(form or {}))
    return state
