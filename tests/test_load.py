"""``game.load`` refuses every malformed saved game with one error, ``LoadError``, naming
the bad field, and never returns a half-loaded game.

Every registered game (and the toy game) is saved part-way through a seeded random game,
then the record is damaged in each way a file can be: a field dropped, a field of the
wrong type, a move garbled, the JSON text cut short.  Each damaged record must either be
refused with ``LoadError`` or load to the very same game.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_protocol import forms
from toygame import Toy
from toytricks import ToyTricks

from cardlib import games
from cardlib.bots import RandomBot, play_moves
from cardlib.protocol import LoadError

TOYS = {"toy": Toy(), "toy-tricks": ToyTricks()}
GAMES = [*games.names(), *TOYS]


def get(name):
    return TOYS[name] if name in TOYS else games.get(name)


def saved_game(name: str, seed: int, moves: int) -> dict:
    """A saved game part-way through, at one of the game's player counts and in one of the
    forms played at that count (Cruce's 2-player auction form), both by the seed."""
    game = get(name)
    players = game.player_counts[seed % len(game.player_counts)]
    played = forms(game, players)
    form = played[seed // len(game.player_counts) % len(played)]
    state = play_moves(game.new(seed=seed, players=players, **form),
                       lambda seat: RandomBot(f"{seed}:{seat}"), moves)
    return game.save(state)


WRONG_VALUES = [None, 7, "text", [], {}, [1, 2], {"a": 1}, True, 2.5]


def wrong_value(field: str, value: object, rng: random.Random) -> object:
    """A value of another type than ``value`` (a seed may be any whole number or text, so
    neither counts as wrong for it)."""
    same = (int, str) if field == "seed" else (type(value),)
    return rng.choice([v for v in WRONG_VALUES if not isinstance(v, same)
                       or (isinstance(v, bool) and not isinstance(value, bool))])


def legal_there(game, record: dict, i: int, text: object) -> bool:
    """Whether ``text`` is itself a legal move in place of move ``i`` of ``record`` (Cruce's
    "pass" is a bid): writing it there is another game, not damage, so it is no garble."""
    probe = {**record, "moves": [*record["moves"][:i], text]}
    try:
        game.load(probe)
    except LoadError:
        return False
    return True


def damaged(game, record: dict, rng: random.Random) -> object:
    """One damaged copy of ``record`` (see the module docstring for the kinds)."""
    record = copy.deepcopy(record)
    kind = rng.choice(["drop", "wrong-type", "garble-move", "drop-start", "start-type",
                       "options-type", "not-a-mapping"])
    if kind == "drop":
        del record[rng.choice(sorted(record))]
    elif kind == "wrong-type":
        field = rng.choice(sorted(record))
        record[field] = wrong_value(field, record[field], rng)
    elif kind == "garble-move" and record["moves"]:
        i = rng.randrange(len(record["moves"]))
        garbles = ["", "#", "ZZ", "99X", record["moves"][i] + "?", "play", "pass", None, 3]
        record["moves"][i] = rng.choice([text for text in garbles
                                         if not legal_there(game, record, i, text)])
    elif kind == "drop-start" and record["start"]:
        del record["start"][rng.choice(sorted(record["start"]))]
    elif kind == "start-type" and record["start"]:
        field = rng.choice(sorted(record["start"]))
        record["start"][field] = wrong_value(field, record["start"][field], rng)
    elif kind == "options-type":
        options = record["start"].setdefault("options", {})
        field = rng.choice([*sorted(options), "no_such_option"])
        options[field] = wrong_value(field, options.get(field), rng)
    elif kind == "not-a-mapping":
        return rng.choice([None, [], "hearts", 3, [record]])
    return record


def same_game(a, b) -> bool:
    return a.history == b.history and a.scores() == b.scores() and a.to_move == b.to_move


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 30), moves=st.integers(0, 25), damage=st.randoms(use_true_random=False))
def test_damaged_records_are_refused_by_name_or_load_the_same_game(name, seed, moves, damage):
    game = get(name)
    record = saved_game(name, seed, moves)
    original = game.load(record)
    bad = damaged(game, record, damage)
    try:
        loaded = game.load(bad)
    except LoadError as exc:
        assert exc.field and str(exc).startswith("cannot load the saved game: ")
        return
    assert same_game(loaded, original), f"{bad!r} loaded to another game"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 30), moves=st.integers(0, 25), cut=st.floats(0, 0.999))
def test_truncated_json_is_refused(name, seed, moves, cut):
    text = json.dumps(saved_game(name, seed, moves))
    with pytest.raises(LoadError) as err:
        get(name).load(text[: int(len(text) * cut)])
    assert err.value.field == "record"


@pytest.mark.parametrize("name", GAMES)
def test_the_json_text_of_a_save_loads(name):
    record = saved_game(name, 4, 10)
    game = get(name)
    assert same_game(game.load(json.dumps(record)), game.load(record))


def test_errors_name_the_field():
    game = games.get("hearts")
    record = saved_game("hearts", 1, 6)
    cases = {
        "record": [1, 2],
        "game": {**record, "game": "poker"},
        "start": {k: v for k, v in record.items() if k != "start"},
        "moves": {k: v for k, v in record.items() if k != "moves"},
        "moves[2]": {**record, "moves": [*record["moves"][:2], "pass XX", *record["moves"][3:]]},
    }
    for field, bad in cases.items():
        with pytest.raises(LoadError) as err:
            game.load(bad)
        assert err.value.field == field, (field, str(err.value))
        assert field.split("[")[0] in str(err.value)
    with pytest.raises(LoadError, match="KS") as err:  # legal text, but not in this hand
        game.load({**record, "moves": [*record["moves"], "play KS"] * 2})


@pytest.mark.parametrize("name", GAMES)
def test_player_count_is_an_option_that_is_checked_saved_and_loaded(name):
    game = get(name)
    for players in game.player_counts:
        state = game.new(seed=2, players=players)
        assert state.players == players
        assert len(state.teams) <= players
        assert sorted(s for team in state.teams for s in team) == list(range(players))
        assert game.load(game.save(state)).players == players
    assert game.new(seed=2).players == game.usual_players
    refused = max(game.player_counts) + 1
    with pytest.raises(ValueError) as err:
        game.new(seed=2, players=refused)
    assert f"players={refused}" in str(err.value)
    counts = game.player_counts  # named as a list, or as a range "2 to 6"
    assert all(str(n) in str(err.value) for n in (counts[0], counts[-1]))


@pytest.mark.parametrize("name", [n for n in GAMES if len(get(n).player_counts) > 1])
def test_a_record_without_options_is_refused_when_the_count_could_be_several(name):
    record = saved_game(name, 1, 0)
    del record["start"]["options"]
    with pytest.raises(LoadError) as err:
        get(name).load(record)
    assert err.value.field == "start.options"
