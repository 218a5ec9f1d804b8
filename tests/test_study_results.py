"""The result files shipped in ``benchmarks/results/`` are what notebooks 05, 06 and 08 and
the README quote, so they are checked like code: each covers exactly the seeds its command
names, each says how it was made (``made.json``), and the solver's files describe today's
search: they name its version, and a sample of their deals is solved again here and must
expand the same positions and be won by the same run (a loss among them, so a proof is
redone, not just read).

The files are made by ``python -m solvers study`` (the commands are in notebook 08); a run
still going when a file was committed would fail the coverage checks below.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from solvers import search, study
from solvers.policies import PolicyTask
from solvers.study import SolveTask

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"

FILES = {  # file -> the seeds its command names
    "black-diamond-20000.jsonl": range(1, 20001),
    "black-diamond-20001-40000.jsonl": range(20001, 40001),
    # every player's file: seeds 1..N, N the number its name ends with (the players with
    # and without each rule of thumb, too, that notebook 08's "How to play well" quotes)
    **{path.name: range(1, int(path.stem.rsplit("-", 1)[1]) + 1)
       for path in sorted(RESULTS.glob("player-*.jsonl"))},
    "variant-strict-end-200.jsonl": range(1, 201),
    "variant-arithmetic-centre-200.jsonl": range(1, 201),
    "variant-stuck-per-card-200.jsonl": range(1, 201),
    "variant-replaced-under-deck-200.jsonl": range(1, 201),
}

PLAYERS_QUOTED = ["random", "heuristic", "sampling", "sampling8", "margin", "margin-mid",
                  "margin-mid-race", "margin-late32"]
"""The players notebook 08 compares: their files must be among the shipped ones."""

SOLVER_FILES = ["black-diamond-20000.jsonl", "black-diamond-20001-40000.jsonl",
                *(name for name in FILES if name.startswith("variant-"))]
"""The files the exact search made (the players' files were made before lines carried the
search's version)."""

MADE = json.loads((RESULTS / "made.json").read_text(encoding="utf-8"))["files"]
DUEL = "cpsat-vs-search-200.jsonl"


def version_of(name: str) -> set[str | None]:
    """The search versions a file's lines name, or its made.json record's when they name
    none (a file made before lines carried it)."""
    stamped = {row.get("solver_version") for row in study.read_rows(RESULTS / name)}
    return stamped if stamped != {None} else {MADE[name]["solver_version"]}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_shipped_file_covers_exactly_the_seeds_of_its_command(name):
    rows = study.load(RESULTS / name)  # one line per seed (a resumed run may re-solve one)
    seeds = {row["seed"] for row in rows}
    assert seeds == set(FILES[name]), "seeds missing or extra: the run was not finished"
    assert {row["verdict"] for row in rows} <= {"win", "loss", "unknown"}


def test_the_large_study_has_no_unknown_verdict():
    summary = study.summarize(study.load(RESULTS / "black-diamond-20000.jsonl"))
    assert summary.deals == 20000
    assert summary.unknown == 0, "every deal of the large study is decided: a loss is a proof"
    assert summary.wins + summary.losses == 20000


def test_a_sample_of_the_large_study_is_decided_again_the_same_way():
    rows = study.latest(study.load(RESULTS / "black-diamond-20000.jsonl"))
    quick_wins = sorted(seed for seed, row in rows.items()
                        if row["verdict"] == "win" and row["nodes"] <= 2000)
    losses = sorted(seed for seed, row in rows.items() if row["verdict"] == "loss")
    assert losses, "the study holds losses; one is proved again here"
    quickest_loss = min(losses, key=lambda seed: rows[seed]["nodes"])
    beam_wins = sorted(seed for seed, row in rows.items()
                       if row["run"].startswith("beam") and row["nodes"] <= 20000)
    pick = random.Random("shipped study")
    sample = [*pick.sample(quick_wins, 8), *pick.sample(beam_wins, 2), quickest_loss]
    solve = SolveTask()
    for seed in sample:
        again = solve(seed)
        assert (again["verdict"], again["nodes"], again["run"]) == (
            rows[seed]["verdict"], rows[seed]["nodes"], rows[seed]["run"]), (
            f"seed {seed}: today's search does not do what the shipped study says; "
            "regenerate it (notebook 08 has the command) or bump search.VERSION")


@pytest.mark.parametrize("name", SOLVER_FILES)
def test_a_solver_file_was_made_by_todays_search(name):
    assert version_of(name) == {search.VERSION}, (
        f"{name} describes another search than today's ({search.VERSION}): regenerate it")
    assert MADE[name]["solver_version"] == search.VERSION


@pytest.mark.parametrize("name", [n for n in SOLVER_FILES if n.startswith("variant-")])
def test_a_sample_of_each_variant_file_is_solved_again_the_same_way(name):
    rows = study.latest(study.load(RESULTS / name))
    variants = tuple(rows[1]["options"])
    quick = sorted(seed for seed, row in rows.items() if row["nodes"] <= 5000)
    for seed in random.Random(name).sample(quick, 3):
        again = SolveTask(variants)(seed)
        assert (again["verdict"], again["nodes"], again["run"]) == (
            rows[seed]["verdict"], rows[seed]["nodes"], rows[seed]["run"]), (name, seed)


def test_the_players_notebook_08_compares_are_shipped():
    assert {f"player-{name}-1000.jsonl" for name in PLAYERS_QUOTED} <= set(FILES)


def test_racing_the_samples_played_the_same_1000_games_with_fewer_searches():
    """``player-margin-mid-race-1000`` is the middle-stage player with ``race`` (and its
    winning lines not replayed): on every deal the same game as ``player-margin-mid-1000``,
    so the same verdict and cards placed, and never more searches."""
    plain = study.latest(study.load(RESULTS / "player-margin-mid-1000.jsonl"))
    raced = study.latest(study.load(RESULTS / "player-margin-mid-race-1000.jsonl"))
    assert set(raced) == set(plain) == set(range(1, 1001))
    for seed, row in raced.items():
        assert (row["verdict"], row["placed"]) == (plain[seed]["verdict"], plain[seed]["placed"])
        assert row["searches"] <= plain[seed]["searches"], seed
    assert sum(r["searches"] for r in raced.values()) < sum(r["searches"] for r in plain.values())


def test_every_shipped_file_says_how_it_was_made():
    assert set(MADE) == {path.name for path in RESULTS.glob("*.jsonl")}
    for name, made in MADE.items():
        assert made["command"].startswith("python ") and f"results/{name}" in made["command"]
        assert made["workers"] >= 1
        if name in FILES:
            first, last = FILES[name][0], FILES[name][-1]
            assert f"--seeds {first}..{last}" in made["command"], name
        stamped = {row.get("solver_version") for row in study.read_rows(RESULTS / name)}
        assert stamped in ({None}, {made["solver_version"]}), name


def test_the_cpsat_comparison_covers_its_seeds_and_the_two_solvers_agree():
    rows = study.read_rows(RESULTS / DUEL)
    assert [row["seed"] for row in rows] == list(range(1, 201))
    assert {row["solver_version"] for row in rows} == {search.VERSION}
    large = study.latest(study.load(RESULTS / "black-diamond-20000.jsonl"))
    for row in rows:
        assert "unknown" in (row["search"], row["cpsat"]) or row["search"] == row["cpsat"]
        assert row["search"] == large[row["seed"]]["verdict"]
        assert row["search_nodes"] == large[row["seed"]]["nodes"], row["seed"]


SEARCHING_PLAYERS = [name for name, made in MADE.items()
                     if name.startswith("player-") and made["solver_version"] == search.VERSION]
"""The players' files made with today's search (made.json says so): the older ones were
made before a file said which search its player asked, and the search has changed since."""


@pytest.mark.parametrize("name", SEARCHING_PLAYERS)
def test_a_players_quickest_games_replay_exactly(name):
    """A player's game is seeded by the deal and the player's name, so its two quickest
    games replay with the same verdict, positions searched and searches: a change to the
    player (or to the search it asks) that would alter the shipped figures fails here."""
    assert "player-margin-1000.jsonl" in SEARCHING_PLAYERS
    rows = study.latest(study.load(RESULTS / name))
    first = next(iter(rows.values()))
    player = first["solver"].removeprefix("player:")
    params = tuple(sorted(first["params"].items()))
    task = PolicyTask(player, params)
    for seed in sorted(rows, key=lambda seed: rows[seed]["cpu_seconds"])[:2]:
        again = task(seed)
        assert (again["verdict"], again["nodes"], again["searches"]) == (
            rows[seed]["verdict"], rows[seed]["nodes"], rows[seed]["searches"]), (name, seed)
