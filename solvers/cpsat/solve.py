"""Solve a Black Diamond game with the CP-SAT model, and check the answer in the engine.

The model is exact, so CP-SAT's three outcomes map straight onto the verdicts: a solution
is a winning plan (``win``), a proof of infeasibility is a proof that no plan wins
(``loss``), and running out of time decides nothing (``unknown``).  A plan is never
reported on the model's word alone: it is replayed move by move through the engine's
``apply``, and a plan the engine refuses is a bug in the model, raised loudly.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlib.blackdiamond import (
    BlackDiamondState,
    Clear,
    Deal,
    Move,
    Play,
    Position,
    Replace,
    move_from_json,
    move_to_json,
)
from solvers.result import SolveResult

from .backend import cp_model
from .instance import instance_of
from .model import LOSS_PROOF_GROUPS, BlackDiamondModel, Step, decode
from .plans import plan_values

if TYPE_CHECKING:
    from solvers.progress import Progress

PHASES = (("Starting presolve", "presolve"), ("Starting search", "search"))
"""Lines of CP-SAT's log that start a phase, and the phase's name in a progress line."""


def _watch(solver: cp_model.CpSolver, progress: Progress) -> None:
    """Let ``progress`` follow CP-SAT's phases (from its log, which then goes nowhere else)
    and stop it (``StopSearch``, safe from any thread)."""
    solver.parameters.log_search_progress = True
    solver.parameters.log_to_stdout = False

    def read(line: str) -> None:
        if progress.stopped:  # a stop that came just before the solve began, which
            solver.StopSearch()  # CP-SAT forgets (its first log line comes after that)
        for start, phase in PHASES:
            if line.startswith(start):
                progress.phase = phase

    solver.log_callback = read
    progress.on_stop(solver.StopSearch)


class ReplayError(AssertionError):
    """The model called a plan winning but the engine does not: the model has a bug."""


def to_move(step: Step) -> Move:
    """The engine move a decoded step stands for."""
    if step.kind == "play":
        assert step.card is not None
        return Play(step.card, step.where)
    if step.kind == "replace":
        return Replace(step.where)
    return Clear(step.where)


def replay(start: BlackDiamondState, moves: Sequence[Move]) -> list[BlackDiamondState]:
    """Every state of the plan, from ``start``, each move checked by the engine's
    ``apply``; raises :class:`ReplayError` if a move is refused or the game is not won."""
    states = [start]
    for number, move in enumerate(moves, start=1):
        try:
            states.append(states[-1].apply(move))
        except ValueError as exc:
            raise ReplayError(f"model bug: move {number} ({move}) of its plan is refused by "
                              f"the engine: {exc}") from exc
    if states[-1].outcome != "win":
        raise ReplayError(f"model bug: its plan ends in {states[-1].outcome!r}, not a win")
    return states


def solver_for(
    *,
    time_limit: float | None,
    workers: int,
    seed: int,
    deterministic_time: float | None,
    parameters: dict[str, Any] | None = None,
) -> cp_model.CpSolver:
    """A CP-SAT solver with the run's limits.

    ``workers=1`` (the default) with a fixed ``seed`` makes runs repeatable; ``workers=0``
    means every core.  ``deterministic_time`` is CP-SAT's own work counter, the same on
    any machine under any load, so tests limit that instead of wall-clock seconds.
    ``parameters`` sets any other CP-SAT parameter by name, last (it overrides the choices
    below).
    """
    solver = cp_model.CpSolver()
    params = solver.parameters
    params.num_workers = workers if workers > 0 else (os.cpu_count() or 1)
    params.random_seed = seed
    # Measured on seeds 1..30 in deterministic time: the model is almost pure logic, so
    # the LP relaxation, probing, symmetry detection and clause inprocessing cost more
    # than they save (median 2.2 -> 0.7, total 83 -> 34 units with all four off).
    params.linearization_level = 0
    params.cp_model_probing_level = 0
    params.symmetry_level = 0
    params.use_sat_inprocessing = False
    if params.num_workers > 1:
        # CP-SAT's default portfolio gives 2 workers one LP-based search plus helpers that
        # look for improving solutions (useless without an objective): 4-10 times slower
        # here than one worker.  Run that many full no-LP searches instead.
        params.num_full_subsolvers = params.num_workers
        for name in ("no_lp", "quick_restart_no_lp", "fixed", "pseudo_costs")[
                :params.num_workers]:
            params.subsolvers.append(name)
        params.use_feasibility_jump = False
        params.use_lns = False
    if time_limit is not None:
        params.max_time_in_seconds = time_limit
    if deterministic_time is not None:
        params.max_deterministic_time = deterministic_time
    for name, value in (parameters or {}).items():
        setattr(params, name, value)
    return solver


def solve(
    start: Deal | Position | BlackDiamondState | dict[str, Any],
    *,
    time_limit: float | None = None,
    workers: int = 1,
    seed: int = 0,
    deterministic_time: float | None = None,
    hint: Sequence[Move | dict[str, str]] | None = None,
    progress: Progress | None = None,
    parameters: dict[str, Any] | None = None,
    suit_counts: bool = False,
) -> SolveResult:
    """Decide ``start`` (a deal, a board, a state, or their JSON) with the CP-SAT model.

    ``time_limit`` is in wall-clock seconds, ``deterministic_time`` in CP-SAT's
    deterministic units (use that in tests).  ``hint`` is a move list (a winning line
    from elsewhere, or any legal prefix) that CP-SAT tries first; it speeds up finding a
    win and never changes the verdict.  The result's ``extra`` holds ``status`` (CP-SAT's
    status name), ``wall_time`` (CP-SAT's own clock), the effort and the model size.

    ``progress`` (a :class:`solvers.progress.Progress`) follows the phases and can stop the
    run from another thread: the verdict is then ``unknown`` and ``extra["stopped"]`` true.
    ``parameters`` sets other CP-SAT parameters by name (see :func:`solver_for`);
    ``suit_counts`` adds the suit-openings counts (:data:`.model.LOSS_PROOF_GROUPS`).
    """
    began = time.perf_counter()
    if progress is not None:
        progress.phase = "building the model"
    instance = instance_of(start)
    state = instance.start
    if state.is_over:  # nothing to model: the engine has already decided
        verdict = "win" if state.outcome == "win" else "loss"
        return SolveResult(verdict, [] if verdict == "win" else None, 0,
                           time.perf_counter() - began,
                           {"method": "cpsat", "status": "DECIDED_AT_START", "wall_time": 0.0})
    built = BlackDiamondModel(instance, LOSS_PROOF_GROUPS if suit_counts else None)
    if hint:
        moves = [move_from_json(m) if isinstance(m, dict) else m for m in hint]
        for var, value in plan_values(built, moves).items():
            built.model.AddHint(var, value)
    solver = solver_for(time_limit=time_limit, workers=workers, seed=seed,
                        deterministic_time=deterministic_time, parameters=parameters)
    if progress is not None:
        if progress.stopped:  # stopped while the model was being built
            return SolveResult("unknown", None, 0, time.perf_counter() - began,
                               {"method": "cpsat", "status": "UNKNOWN", "wall_time": 0.0,
                                "stopped": True})
        _watch(solver, progress)
    status = solver.Solve(built.model)
    name = solver.StatusName(status)
    moves = None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        verdict = "win"
        plan = [to_move(step) for step in decode(built, solver)]
        replay(state, plan)
        moves = [move_to_json(move) for move in plan]
    elif status == cp_model.INFEASIBLE:
        verdict = "loss"
    elif status == cp_model.UNKNOWN:
        verdict = "unknown"
    else:
        raise RuntimeError(f"CP-SAT rejected the model ({name}): "
                           f"{built.model.Validate() or 'no reason given'}")
    proto = built.model.Proto()
    stopped = progress is not None and progress.stopped is not None and verdict == "unknown"
    return SolveResult(verdict, moves, int(solver.NumBranches()), time.perf_counter() - began, {
        "method": "cpsat",
        **({"stopped": True} if stopped else {}),
        "status": name,
        "wall_time": round(solver.WallTime(), 6),
        "deterministic_time": round(solver.deterministic_time, 6),
        "conflicts": int(solver.NumConflicts()),
        "events": built.events,
        "variables": len(proto.variables),
        "constraints": len(proto.constraints),
    })
