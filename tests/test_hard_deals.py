"""The hard set of ``benchmarks/`` (``hard_deals.json``): what ``make_hard_deals.py`` makes,
with the deals held out of tuning (issue 28 §3) marked and kept out of ``--losses``.

The file stores each deal in full, so that the set never depends on the recipe staying
the same; these checks make sure that the file and the recipe that documents it agree,
that the benchmark's tuning run never meets a held-out deal, and that a natural deal's
verdict is the shipped study's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import black_diamond  # noqa: E402  (benchmarks/ is on sys.path)
import make_hard_deals  # noqa: E402

from solvers import study  # noqa: E402

RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
SHIPPED = json.loads(black_diamond.HARD_DEALS.read_text())


def test_the_shipped_file_is_what_the_recipe_makes(tmp_path, monkeypatch):
    monkeypatch.setattr(make_hard_deals, "OUT", tmp_path / "hard_deals.json")
    assert make_hard_deals.main() == 0
    assert json.loads((tmp_path / "hard_deals.json").read_text()) == SHIPPED, (
        "benchmarks/hard_deals.json differs from its recipe: run make_hard_deals.py")


def test_the_tuning_run_never_meets_a_held_out_deal():
    held = {name for name, *_ in make_hard_deals.HELD_OUT}
    tuning = {entry["name"] for entry in black_diamond.hard_deals()}
    held_run = {entry["name"] for entry in black_diamond.hard_deals(held_out=True)}
    assert held and held_run == held
    assert not tuning & held
    assert tuning | held == {entry["name"] for entry in SHIPPED}


@pytest.mark.parametrize("name", [name for name, _, block, *_ in make_hard_deals.HELD_OUT
                                  if block is None])
def test_a_natural_held_out_deal_has_the_shipped_studys_verdict(name):
    entry = next(entry for entry in SHIPPED if entry["name"] == name)
    rows = study.latest(study.load(RESULTS / "black-diamond-20001-40000.jsonl"))
    assert rows[int(name.split()[-1])]["verdict"] == entry["verdict"]
