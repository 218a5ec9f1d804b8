"""The Diam's ruleset: the shipped, assumed numbers; loading another file; and refusing a
malformed file with an error that names every bad entry."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from cardlib import games
from cardlib.diams import DEFAULT, Ruleset, RulesetError, load_ruleset
from cardlib.diams import cards as c
from cardlib.diams.ruleset import COLLECTION_SIZES
from cardlib.protocol import LoadError

GAME = games.get("diams")
SHIPPED = Path(__file__).resolve().parents[1] / "cardlib" / "diams" / "ruleset.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ruleset.toml"
    path.write_text(text, encoding="utf-8")
    return path


def shipped_with(old: str, new: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new)


def test_the_shipped_ruleset_is_the_spec_default_and_says_it_is_assumed():
    assert DEFAULT.assumed and "ASSUMED" in DEFAULT.label
    assert DEFAULT == load_ruleset(SHIPPED) == load_ruleset() == load_ruleset("default")
    assert sum(DEFAULT.copies) == 60 and sum(DEFAULT.pure) == 10
    assert c.size(DEFAULT.deck) == 63  # the closing card is placed apart
    assert (DEFAULT.start_hand, DEFAULT.start_market) == (3, 4)
    assert DEFAULT.chips == (4, 3, 2, 1, 0)


def test_the_shipped_table_keeps_the_invariants_the_spec_asks_for():
    for i, cards in enumerate(COLLECTION_SIZES):
        column = {d: DEFAULT.values[d - 1][i] for d in c.DIGITS}
        assert max(column, key=column.get) == 7
        assert sorted(column.values())[-2] < column[7], f"{cards}: the 7 alone on top"
        assert column[10] < column[7]
    for row in DEFAULT.values:
        assert row[0] < row[1] < row[2]


def test_as_dict_round_trips_through_json():
    assert Ruleset.from_mapping(json.loads(json.dumps(DEFAULT.as_dict()))) == DEFAULT


def test_another_ruleset_file_changes_the_game(tmp_path):
    text = shipped_with("copies = [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]",
                        "copies = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]")
    text = text.replace('name = "assumed defaults"', 'name = "smaller deck"')
    text = text.replace("assumed = true", "assumed = false").replace("start_hand = 3",
                                                                      "start_hand = 2")
    path = write(tmp_path, text)
    state = GAME.new(seed=4, ruleset=path, players=3)
    assert state.ruleset.label == "smaller deck"
    assert [c.size(h) for h in state.hands] == [2, 2, 2]
    everywhere = c.size(state.market) + len(state.pile) - 1 + sum(map(c.size, state.hands))
    assert everywhere == 40 + 3
    # the saved game carries the numbers: it loads with the file gone
    record = json.loads(json.dumps(GAME.save(state.apply("draw hand"))))
    path.unlink()
    assert GAME.load(record).ruleset == state.ruleset


@pytest.mark.parametrize(("old", "new", "entry"), [
    ("7 = [9, 13, 18]", "7 = [9, 13]", "values.7"),
    ("7 = [9, 13, 18]", "7 = [9, 13, 18]\n11 = [1, 2, 3]", "values.11"),
    ("10 = [5, 8, 11]", "10 = [5, 8, 30]", "values.10"),         # above the 7
    ("4 = [5, 8, 11]", "4 = [5, -8, 11]", "values.4[1]"),
    ("pure = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]", "pure = [1, 1, 1, 9, 1, 1, 1, 1, 1, 1]",
     "deck.pure[3] (digit 4)"),
    ("copies = [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]", "copies = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
     "deck.copies"),
    ("start_hand = 3", "start_hand = 7", "setup.start_hand"),
    ("start_hand = 3", "start_hand = true", "setup.start_hand"),
    ("start_market = 4", "start_market = 4\nfirst = 2", "setup.first"),
    ("by_place = [4, 3, 2, 1, 0]", "by_place = [1, 2, 3, 4, 5]", "chips.by_place"),
    ("by_place = [4, 3, 2, 1, 0]", "by_place = [4, 3, 2]", "chips.by_place"),
    ("assumed = true", "assumed = 1", "assumed"),
    ('name = "assumed defaults"', "", "name"),
])
def test_a_malformed_file_is_refused_naming_the_bad_entry(tmp_path, old, new, entry):
    path = write(tmp_path, shipped_with(old, new))
    with pytest.raises(RulesetError) as err:
        GAME.new(seed=1, ruleset=path)
    assert any(problem.startswith(f"{entry}:") for problem in err.value.problems), \
        err.value.problems
    assert str(path) in str(err.value) and entry in str(err.value)


@pytest.mark.parametrize(("old", "new", "entry", "says"), [
    # the seed: "the most valuable diamond is the '7'": a tie is no 'most'
    ("6 = [7, 10, 14]", "6 = [9, 13, 18]", "values.6", "not below the 7's"),
    ("10 = [5, 8, 11]", "10 = [5, 8, 18]", "values.10", "at 5 cards"),
    # spec §3: value(3) < value(4) < value(5)
    ("1 = [3, 5, 8]", "1 = [8, 5, 3]", "values.1", "a bigger collection must be worth more"),
    ("2 = [4, 6, 9]", "2 = [4, 6, 6]", "values.2", "a bigger collection must be worth more"),
])
def test_a_table_against_the_seed_or_the_spec_is_refused_naming_the_entry(
        tmp_path, old, new, entry, says):
    path = write(tmp_path, shipped_with(old, new))
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    named = [p for p in err.value.problems if p.startswith(f"{entry}:")]
    assert named and says in named[0], err.value.problems


def test_a_table_of_zeros_is_refused_once_by_name(tmp_path):
    text = SHIPPED.read_text(encoding="utf-8")
    values = text[text.index("[values]"):text.index("[chips]")]
    zeros = "[values]\n" + "".join(f"{d} = [0, 0, 0]\n" for d in c.DIGITS) + "\n"
    with pytest.raises(RulesetError) as err:
        load_ruleset(write(tmp_path, text.replace(values, zeros)))
    assert err.value.problems == [p for p in err.value.problems if p.startswith("values:")]
    assert len(err.value.problems) == 1 and "every collection is worth 0" in str(err.value)


def test_every_broken_row_of_the_table_is_named_at_once(tmp_path):
    text = shipped_with("1 = [3, 5, 8]", "1 = [8, 5, 3]").replace("6 = [7, 10, 14]",
                                                                   "6 = [9, 13, 18]")
    with pytest.raises(RulesetError) as err:
        load_ruleset(write(tmp_path, text))
    assert {p.split(":")[0] for p in err.value.problems} == {"values.1", "values.6"}


def test_every_problem_is_named_at_once(tmp_path):
    text = shipped_with("7 = [9, 13, 18]", "7 = [9, 13]").replace("start_hand = 3",
                                                                 "start_hand = -1")
    with pytest.raises(RulesetError) as err:
        load_ruleset(write(tmp_path, text))
    named = {problem.split(":")[0] for problem in err.value.problems}
    assert {"values.7", "setup.start_hand"} <= named


def test_not_toml_or_missing_files_are_refused_by_name(tmp_path):
    with pytest.raises(RulesetError, match="not valid TOML"):
        load_ruleset(write(tmp_path, "name = [unclosed"))
    with pytest.raises(RulesetError, match="cannot read"):
        load_ruleset(tmp_path / "nowhere.toml")
    with pytest.raises(RulesetError, match="expected a table"):
        Ruleset.from_mapping(["not", "a", "table"])


def test_a_saved_game_with_a_broken_ruleset_is_refused_naming_it():
    record = GAME.save(GAME.new(seed=2))
    record["start"]["ruleset"]["values"]["7"] = [1, 2]
    with pytest.raises(LoadError) as err:
        GAME.load(record)
    assert err.value.field == "start" and "values.7" in str(err.value)


def test_the_toml_file_is_what_the_package_ships():
    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    assert Ruleset.from_mapping(data) == DEFAULT
