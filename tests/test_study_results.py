"""The result files shipped in ``benchmarks/results/`` are what notebook 08 and the README
quote, so they are checked like code: each covers exactly the seeds its command names,
and a sample of the large study's verdicts is decided again here by today's solver (a
loss among them, so a proof is redone, not just read).

The files are made by ``python -m solvers study`` (the commands are in notebook 08); a run
still going when a file was committed would fail the coverage checks below.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solvers import study
from solvers.study import SolveTask

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"

FILES = {  # file -> the seeds its command names
    "black-diamond-20000.jsonl": range(1, 20001),
    "player-random-1000.jsonl": range(1, 1001),
    "player-heuristic-1000.jsonl": range(1, 1001),
    "player-sampling-1000.jsonl": range(1, 1001),
    "player-sampling8-1000.jsonl": range(1, 1001),
    "variant-strict-end-200.jsonl": range(1, 201),
    "variant-arithmetic-centre-200.jsonl": range(1, 201),
    "variant-stuck-per-card-200.jsonl": range(1, 201),
    "variant-replaced-under-deck-200.jsonl": range(1, 201),
}


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
    sample = [*random.Random("shipped study").sample(quick_wins, 8), quickest_loss]
    solve = SolveTask()
    for seed in sample:
        assert solve(seed)["verdict"] == rows[seed]["verdict"], seed
