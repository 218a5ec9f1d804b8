"""A second proof of a loss: the CP-SAT model, on a deal split at its first moves.

CP-SAT decides most deals in seconds, but on a few lost ones a single model of the whole
game runs for many minutes without an answer (seed 3153 stayed undecided after 600 s).
Splitting is the oldest cure for that (*cube and conquer*): a game is lost exactly when
every legal first move leads to a lost game, so the proof of one hard question becomes
proofs of many easier ones, each a model of the game from the position after those moves.

* **The engine splits.**  The subproblems are the positions the rules engine reaches with
  its own ``legal_moves`` and ``apply``; nothing here knows a rule, so no move can be
  forgotten.  A position the engine calls over is decided by the engine (a win ends the
  proof with that line).
* **CP-SAT decides.**  Each position gets a try of the model (:func:`.solve.solve`)
  with a work budget in CP-SAT's deterministic units, the same on any machine under any
  load, so a proof is the same tree of subproblems every time it is run.  Infeasible is a
  proof that position is lost; a plan is a win, replayed through the engine from the
  deal; out of budget, the position is split again at its next moves.
* **Two positions the model reads alike are one.**  The model reads a position only
  through :class:`.instance.Instance`'s numbers (diamond values, deck values, hands to
  come, pile counts and top suits), so positions with the same numbers have the same
  answer and are decided once (two orders of a hand's cards often meet).  Moves never
  cycle under the default rules (each one places a black card or takes a deck diamond),
  so a position met again is either proven lost already or still waiting in the frontier.
* **With the suit-openings counts** (:func:`.model.suits_need_openings`, the search's
  openings bound restated as constraints, checked against brute force in
  ``tests/test_second_proof.py``).
* **Shares no code with the search** (:mod:`solvers.search`): the engine, the model and
  CP-SAT only, as :mod:`tests.brute_force` shares none with either.

Subproblems of one level go to a pool of processes (``processes``), each running CP-SAT
on one worker: they are independent, so two processes use two cores fully, where one
CP-SAT run on two workers mostly races two searches of the same question.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from cardlib.blackdiamond import (
    BlackDiamondState,
    Deal,
    Move,
    Position,
    move_from_json,
    move_to_json,
)
from solvers.result import SolveResult

from .instance import instance_of, start_state
from .solve import replay, solve


@dataclass(frozen=True)
class Attempt:
    """What one try of the model on one position gave (small: it crosses processes)."""

    verdict: str
    moves: list[dict[str, str]] | None
    branches: int
    conflicts: int
    deterministic_time: float
    wall: float
    cpu: float


def key_of(state: BlackDiamondState) -> tuple:
    """Everything the model reads of ``state`` (see :class:`.instance.Instance`): two
    positions with the same key are the same question to the model."""
    inst = instance_of(state)
    return (inst.diamonds, inst.deck, inst.groups, inst.counts, inst.tops)


def attempt(state: BlackDiamondState, work: float, seed: int = 0) -> Attempt:
    """Try the model (with the suit counts) on ``state`` with ``work`` deterministic
    seconds on one worker."""
    cpu = time.process_time()
    result = solve(state, deterministic_time=work, workers=1, seed=seed, suit_counts=True)
    return Attempt(result.verdict, result.moves, result.nodes,
                   int(result.extra.get("conflicts", 0)),
                   float(result.extra.get("deterministic_time", 0.0)), result.seconds,
                   time.process_time() - cpu)


def _attempt(args: tuple[BlackDiamondState, float]) -> Attempt:
    return attempt(*args)


def children(state: BlackDiamondState, line: tuple[Move, ...]
             ) -> Iterable[tuple[BlackDiamondState, tuple[Move, ...]]]:
    """The positions after each legal move of ``state``, by the engine, with their lines."""
    for move in state.legal_moves():
        yield state.apply(move), (*line, move)


def split_solve(
    start: Deal | Position | BlackDiamondState | dict[str, Any],
    *,
    work: float = 10.0,
    split_depth: int = 0,
    processes: int = 1,
    executor: Executor | None = None,
    report: Callable[[int, int, dict], object] | None = None,
) -> SolveResult:
    """Decide ``start`` by CP-SAT on its subproblems (see the module doc).

    ``work`` is each subproblem's budget (deterministic seconds); ``split_depth`` splits
    the first levels by the engine alone, before any model is tried (a deal known hard
    gains nothing from a first try of the whole); ``processes`` runs subproblems side by
    side (or give an ``executor``); ``report(level, positions, figures)`` is called as
    each level's positions go to the model.  The verdict is ``win`` (its moves replayed from
    ``start`` by the engine) or ``loss``; the search never gives up, so bound it from
    outside if need be.  ``extra`` holds the proof's figures: subproblems solved by the
    model and their deepest level, positions split, positions met twice, ended by the
    engine, CP-SAT branches and conflicts summed, deterministic time, and the wall and
    CPU seconds of the subproblems (CPU summed over processes).
    """
    began, cpu_began = time.perf_counter(), time.process_time()
    root = start_state(start)
    instance_of(root)  # refuses a variant before any work
    figures = {"subproblems": 0, "split": 0, "merged": 0, "ended": 0, "deepest": 0,
               "branches": 0, "conflicts": 0, "deterministic_time": 0.0,
               "subproblem_wall": 0.0, "subproblem_cpu": 0.0}
    settings = {"work": work, "split_depth": split_depth, "processes": processes,
                "cpu_began": cpu_began}
    seen: set[tuple] = set()
    frontier: list[tuple[BlackDiamondState, tuple[Move, ...]]] = [(root, ())]
    own = executor is None and processes > 1
    if own:  # imported here: Pyodide has no _multiprocessing (as in solvers.study)
        from concurrent.futures import ProcessPoolExecutor
    pool = ProcessPoolExecutor(processes) if own else executor
    try:
        depth = 0
        while frontier:
            fresh = []
            for state, line in frontier:
                if state.is_over:
                    if state.outcome == "win":
                        return _won(root, list(line), figures, began, settings)
                    figures["ended"] += 1
                    continue
                key = key_of(state)
                if key in seen:
                    figures["merged"] += 1
                    continue
                seen.add(key)
                fresh.append((state, line))
            if depth < split_depth:
                tries: list[Attempt | None] = [None] * len(fresh)
            else:
                if report is not None:
                    report(depth, len(fresh), figures)
                jobs = [(state, work) for state, _ in fresh]
                tries = list(pool.map(_attempt, jobs) if pool else map(_attempt, jobs))
            frontier = []
            for (state, line), tried in zip(fresh, tries, strict=True):
                if tried is not None:
                    figures["subproblems"] += 1
                    figures["deepest"] = depth
                    figures["branches"] += tried.branches
                    figures["conflicts"] += tried.conflicts
                    figures["deterministic_time"] += tried.deterministic_time
                    figures["subproblem_wall"] += tried.wall
                    figures["subproblem_cpu"] += tried.cpu
                    if tried.verdict == "win":
                        assert tried.moves is not None
                        moves = [*line, *(move_from_json(m) for m in tried.moves)]
                        return _won(root, moves, figures, began, settings)
                    if tried.verdict == "loss":
                        continue
                figures["split"] += 1
                frontier += children(state, line)
            depth += 1
    finally:
        if own and pool is not None:
            pool.shutdown()
    return SolveResult("loss", None, figures["branches"], time.perf_counter() - began,
                       _extra(figures, settings))


def _extra(figures: dict, settings: dict) -> dict[str, Any]:
    """The proof's figures as ``extra`` (the main process's own CPU seconds apart)."""
    return {"method": "cpsat-split", "work": settings["work"],
            "split_depth": settings["split_depth"], "processes": settings["processes"],
            "main_cpu": round(time.process_time() - settings["cpu_began"], 3),
            **{k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}}


def _won(root: BlackDiamondState, moves: list[Move], figures: dict, began: float,
         settings: dict) -> SolveResult:
    """A win: the line to the subproblem and its plan, replayed from the start."""
    replay(root, moves)
    return SolveResult("win", [move_to_json(m) for m in moves], figures["branches"],
                       time.perf_counter() - began, _extra(figures, settings))
