"""The compiled search (``setup.py`` builds ``solvers/search.py`` with Cython) is the one
imported, is built from the source as it is now, and searches exactly as the source does
when run as plain Python: same verdicts, same lines, same nodes."""

from __future__ import annotations

import importlib.util
import random
import shlex
import shutil
import sysconfig
from pathlib import Path

import pytest
from hard_deals import hard_deal

from cardlib.blackdiamond import BlackDiamond, deal_from_seed
from solvers import positions, search

ROOT = Path(__file__).resolve().parents[1]


def c_compiler() -> str | None:
    """The C compiler Python's build tools would use, if this machine has it."""
    command = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return shutil.which(command[0]) if command else None


@pytest.fixture(scope="module")
def plain():
    """``solvers/search.py`` run as plain Python (as ``benchmarks/previous.py`` loads it)."""
    spec = importlib.util.spec_from_file_location("previous", ROOT / "benchmarks" / "previous.py")
    previous = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(previous)
    module = previous.load_plain_search()
    assert not module.COMPILED
    return module


def test_the_compiled_search_is_imported_and_fresh():
    if c_compiler() is None:  # the extension is optional: plain Python is what runs then
        assert not search.COMPILED
        return
    assert search.COMPILED, (
        f"solvers.search is plain Python ({search.__file__}) on a machine with a C compiler: "
        "`make install` should have compiled it (see setup.py)")
    assert not search.compiled_is_stale(), (
        "solvers/search.py changed after it was compiled; `make install` rebuilds it")


def same_search(plain_module, start, **limits):
    """Solve ``start`` with both modules and check they searched alike."""
    compiled = search.solve(start, **limits)
    reference = plain_module.solve(start, **limits)
    assert compiled.verdict == reference.verdict
    assert compiled.moves == reference.moves
    assert compiled.nodes == reference.nodes
    assert compiled.extra == reference.extra
    return compiled


@pytest.mark.parametrize("seed", [2, 5, 9, 17])
def test_the_compiled_search_wins_as_the_source_does(plain, seed):
    assert same_search(plain, deal_from_seed(seed)).verdict == "win"


@pytest.mark.parametrize("name", ["grouped 12, seed 8", "grouped 12, seed 4"])
def test_the_compiled_search_proves_losses_as_the_source_does(plain, name):
    entry = hard_deal(name)
    assert entry["verdict"] == "loss"
    assert same_search(plain, entry["deal"]).verdict == "loss"


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_the_compiled_search_decides_late_positions_as_the_source_does(plain, seed):
    game = BlackDiamond()
    state = game.new(seed)
    won = search.solve(state, max_nodes=50_000)
    late = positions.late_position(state, won.moves, 9, 3, seed)
    same_search(plain, late)


def test_the_compiled_search_stops_at_the_same_node_limit(plain):
    entry = hard_deal("grouped 12, seed 2")
    result = same_search(plain, entry["deal"], max_nodes=5_000)
    assert result.verdict == "unknown"


def test_the_ceiling_on_c_longs_answers_as_the_source_does(plain):
    """``matching_ceiling`` is the one function the compiled build runs on C longs
    (``search.pxd``); on random graphs of every size it may see, and at the largest
    masks, it must give the plain-Python answer, and refuse what does not fit."""
    rng = random.Random(3)
    cases = [((511,) * 14, (1 << 14) - 2, (1 << 18) - 1)]
    for _ in range(3000):
        cases.append((tuple(rng.getrandbits(9) for _ in range(14)), rng.getrandbits(14) & ~1,
                      rng.getrandbits(18)))
    for case in cases:
        assert search.matching_ceiling(*case) == plain.matching_ceiling(*case), case
    if search.COMPILED:
        with pytest.raises(OverflowError):
            search.matching_ceiling((0,) * 14, 1 << 70, 0)
