"""The paired-deal harness of ``benchmarks/margins.py``: it replays a deal exactly, its
self-check (the rule of thumb against itself) is exactly 0 a deal, and its margin is signed
and paired as it says.  Each test plays one tiny deal (one hand or round) per game."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import margins  # noqa: E402
from stats import mcnemar, paired  # noqa: E402

from cardlib import games  # noqa: E402
from cardlib.bots import RANDOM, BotKind, FirstMoveBot  # noqa: E402

FIRST = BotKind("first", "first move", "plays the first legal move", lambda seed: FirstMoveBot())

TINY = {name: dataclasses.replace(match, hands=1) for name, match in margins.MATCHES.items()}
"""Each game's match cut to one hand (or round), so a deal takes a fraction of a second."""


def margin(name: str, hero: BotKind, others: BotKind, match=None) -> tuple:
    """One deal's margin and how many decisions each side made."""
    hero_side, field_side = margins.Side(hero), margins.Side(others)
    value = margins.deal_margin(match or TINY[name], hero_side, field_side, deal=3)
    return value, len(hero_side.seconds), len(field_side.seconds)


@pytest.mark.parametrize("name", list(margins.MATCHES))
def test_rule_of_thumb_is_deterministic_so_its_self_check_is_exactly_zero(name):
    """The premise first: the rule of thumb draws no chance, so one deal played twice by it is
    one game; then each table of the self-check is that game and the margin is exactly 0."""
    _, thumb = margins.kinds(name)
    match = TINY[name]
    start = games.get(name).new(seed="margins:3", players=match.players, **match.options)
    plays = [margins.play(start, {s: thumb.make(s) for s in range(match.players)},
                          {s: margins.Side(thumb) for s in range(match.players)}, match.hands)
             for _ in range(2)]
    assert plays[0].history == plays[1].history
    value, hero_decisions, field_decisions = margin(name, thumb, thumb)
    assert value == 0
    assert hero_decisions and field_decisions


@pytest.mark.parametrize("name", list(margins.MATCHES))
def test_a_deal_replays_exactly(name):
    """The same deal gives the same margin and the same decisions: every bot is seeded from
    the deal, the table and the seat (here a seeded random hero, quick in every game)."""
    _, thumb = margins.kinds(name)
    assert margin(name, RANDOM, thumb) == margin(name, RANDOM, thumb)


@pytest.mark.parametrize("name", [n for n, m in margins.MATCHES.items() if m.players == 2
                                  or len(games.get(n).new(seed=0, players=m.players).teams) == 2])
def test_two_sided_margin_changes_sign_when_the_sides_swap(name):
    """With two sides each deal is played with each bot on each side, so swapping which bot is
    the hero gives the same tables and the opposite margin (two deterministic bots)."""
    _, thumb = margins.kinds(name)
    forward, backward = margin(name, thumb, FIRST)[0], margin(name, FIRST, thumb)[0]
    assert forward == -backward


def test_lower_is_better_flips_the_sign():
    """Hearts' points are bad: the same deal read with higher-is-better is the negative."""
    _, thumb = margins.kinds("hearts")
    low = TINY["hearts"]
    high = dataclasses.replace(low, lower_is_better=False)
    assert low.lower_is_better
    assert margin("hearts", thumb, FIRST, low)[0] == -margin("hearts", thumb, FIRST, high)[0]


def test_kinds_are_the_strongest_and_the_rule_of_thumb():
    for name in margins.MATCHES:
        strongest, thumb = margins.kinds(name)
        assert strongest == games.bots(name)[0]
        assert thumb.name == margins.RULE_OF_THUMB


def test_paired_mean_and_error():
    summary = paired([1.0, 3.0, 2.0, 2.0])
    assert summary.mean == 2.0
    assert summary.error == pytest.approx((2 / 3) ** 0.5 / 2)
    assert paired([0.0, 0.0]).error == 0 and not paired([0.0, 0.0]).clear()
    with pytest.raises(ValueError, match="no deals"):
        paired([])


def test_mcnemar_counts_and_exact_p():
    table = mcnemar([True, True, False, False, True], [True, False, True, False, False])
    assert (table.both, table.only_a, table.only_b, table.neither) == (1, 2, 1, 1)
    assert table.p_value == 1.0  # 2 against 1 of 3 discordant deals: as even as it gets
    assert mcnemar([True] * 10, [False] * 10).p_value == pytest.approx(2 / 1024)
    with pytest.raises(ValueError, match="same deals"):
        mcnemar([True], [])
