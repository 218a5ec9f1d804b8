"""Two exact searches at once on two threads answer as each does alone.

At a Black Diamond table the coach (``solvers/widgets/coach.py``) solves "can this
position still be won?" on the kernel's thread while the table's solver tools may be
running another solve on a thread of their own (``solvers.progress.Background``).  That is
safe because ``solvers/search.py`` keeps every mutable thing a search touches (its table of
lost states, its caches, its counters, its path) on its own ``_Search`` object; what lives
at module level is read-only tables, and two ``functools.cache`` functions of their
arguments alone (two threads may both fill an entry: with the same value).  Its time limit
counts the solving thread's own CPU (``solvers.clock``), so neither solve is charged for
the other's work.

These tests make the two searches overlap for certain, and check that each answer (verdict,
winning line, positions searched and the search's own counts) is the one it gives alone.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardlib.blackdiamond import BlackDiamond, BlackDiamondState
from solvers.progress import Background, Progress
from solvers.result import SolveResult
from solvers.search import CHECK_EVERY, solve

WAIT = 60.0
"""Seconds a thread waits for the other before the test fails (a hang is a failure)."""


def won_start() -> BlackDiamondState:
    """Deal 24 from its start: won, after about 12,000 positions (beams)."""
    return BlackDiamond().new(24)


def lost_midgame() -> BlackDiamondState:
    """Deal 17 after eight seeded random moves: lost, proved in about 19,000 positions
    (depth-first)."""
    state = BlackDiamond().new(17)
    rng = random.Random(17)
    for _ in range(8):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def answer(result: SolveResult) -> tuple:
    """Everything a solve answers but its wall time."""
    return result.verdict, result.moves, result.nodes, result.extra


@pytest.fixture(scope="module")
def alone() -> dict[str, SolveResult]:
    """Each position solved on its own, one after the other."""
    found = {"won": solve(won_start()), "lost": solve(lost_midgame())}
    assert found["won"].verdict == "win" and found["lost"].verdict == "loss"
    for name, result in found.items():  # both must report, or they would never overlap
        assert result.nodes > 4 * CHECK_EVERY, (
            f"the {name} position is solved in {result.nodes} positions: too few to report "
            f"(every {CHECK_EVERY}); pick a harder one for this test")
    return found


class TakingTurns:
    """Two solves that hand over to each other at every progress report: while one is
    paused mid-search the other searches, so their work interleaves for certain (and in
    the same way on every machine)."""

    def __init__(self) -> None:
        self.turn = 0
        self.finished = [False, False]
        self.reports: list[int] = []
        self._ready = threading.Condition()

    def reporter(self, me: int) -> Callable[[int], bool]:
        other = 1 - me

        def report(_nodes: int) -> bool:
            with self._ready:
                self.reports.append(me)
                self.turn = other
                self._ready.notify_all()
                if not self._ready.wait_for(
                        lambda: self.turn == me or self.finished[other], timeout=WAIT):
                    raise TimeoutError(f"solve {other} never reported back")
            return False  # never stop

        return report

    def run(self, me: int, state: BlackDiamondState) -> SolveResult:
        try:
            return solve(state, progress=self.reporter(me))
        finally:
            with self._ready:
                self.finished[me] = True
                self._ready.notify_all()


def test_two_solves_taking_turns_answer_as_each_does_alone(alone):
    turns = TakingTurns()
    with ThreadPoolExecutor(2) as pool:
        won = pool.submit(turns.run, 0, won_start())
        lost = pool.submit(turns.run, 1, lost_midgame())
        results = won.result(timeout=WAIT), lost.result(timeout=WAIT)
    assert answer(results[0]) == answer(alone["won"])
    assert answer(results[1]) == answer(alone["lost"])
    pairs = set(zip(turns.reports, turns.reports[1:], strict=False))
    assert {(0, 1), (1, 0)} <= pairs, f"the solves never took turns: {turns.reports}"


def test_a_coach_solve_beside_a_background_solve_answers_as_each_does_alone(alone):
    """As at the table: the solver tools' run on a Background thread (with its Progress)
    and the coach's solve on the calling thread, free to interleave wherever the
    interpreter switches; both are made to be mid-search at one moment."""
    both_searching = threading.Barrier(2, timeout=WAIT)
    met = [False, False]

    def meet(me: int) -> None:
        if not met[me]:
            met[me] = True
            both_searching.wait()

    got: list[SolveResult | BaseException] = []

    def work(progress: Progress) -> SolveResult:
        def report(nodes: int) -> bool:
            meet(0)
            return progress(nodes)
        return solve(lost_midgame(), progress=report)

    job = Background(work, progress=Progress(), tick=lambda _p: None, done=got.append,
                     failed=got.append).start()
    coach = solve(won_start(), progress=lambda _nodes: meet(1))
    assert job.wait(WAIT), "the background solve did not finish"
    assert met == [True, True]
    assert not isinstance(got[0], BaseException), got[0]
    assert answer(got[0]) == answer(alone["lost"])
    assert answer(coach) == answer(alone["won"])
