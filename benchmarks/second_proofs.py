"""A second proof for every lost deal of the shipped study (issue 28 §2).

    python benchmarks/second_proofs.py --out benchmarks/results/second-proofs.json
    python benchmarks/second_proofs.py --method second-search --seeds 3153 6658 --out <file>

The exact search proves the study's losses (seeds 3153, 4316, 6658, 17358, 19351 of
``black-diamond-20000.jsonl``; 21964 and 26617 of its continuation,
``black-diamond-20001-40000.jsonl``); this proves each again by a method that shares no
solving code with it.  ``--method cpsat-split`` (the default) uses the CP-SAT model, by
:func:`solvers.cpsat.split.split_solve`: the model of the whole deal first, with
``--work`` deterministic seconds, and where that does not decide, the deal split at the
engine's moves into subproblems, each given the same budget, on ``--processes``
processes of one CP-SAT worker each.  Work is counted in CP-SAT's deterministic seconds,
so every run builds the same tree of subproblems.  ``--method second-search`` uses
:mod:`solvers.second_search`, an exhaustive walk over the engine's own moves with a table
of lost boards and a room bound with ``--bound-depth`` deck diamonds or fewer (one
process; ``--time-limit`` CPU seconds, none by default).  The wall and CPU seconds
printed and written are this run's, on whatever else the machine was doing (``load``
records the load average at the start and end of each proof).

Writes one JSON file: how it was made (command, commit, the search's version for the
study it checks) and one row per seed: verdict, wall and CPU seconds, processes, CP-SAT
branches, conflicts and deterministic seconds, subproblems and levels, and the search's
own figures for the same deal from the study, for comparison.  Timing is only printed
and written here, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardlib.blackdiamond import deal_from_seed  # noqa: E402
from solvers import second_search  # noqa: E402
from solvers.clock import cpu_clock  # noqa: E402

STUDIES = tuple(ROOT / "benchmarks" / "results" / name
                for name in ("black-diamond-20000.jsonl", "black-diamond-20001-40000.jsonl"))
"""The shipped studies, seeds 1..20,000 and their continuation to 40,000."""


def study_losses() -> dict[int, dict]:
    """The studies' lost deals, each with the search's line for it."""
    lines = (json.loads(line) for study in STUDIES
             for line in study.read_text(encoding="utf-8").splitlines())
    return {row["seed"]: row for row in lines if row["verdict"] == "loss"}


def prove(seed: int, work: float, split_depth: int, processes: int) -> dict:
    """One proof by CP-SAT, with its figures (see the module doc)."""
    from solvers.cpsat.split import split_solve  # (OR-Tools: only for this method)

    load = os.getloadavg()[0]
    began = time.perf_counter()
    result = split_solve(deal_from_seed(seed), work=work, split_depth=split_depth,
                         processes=processes,
                         report=lambda level, n, f: print(
                             f"  {seed}: level {level}, {n} positions; so far "
                             f"{f['subproblems']} subproblems, {f['deterministic_time']:.0f} "
                             f"deterministic s, {time.perf_counter() - began:.0f} s",
                             flush=True))
    wall = time.perf_counter() - began
    extra = result.extra
    return {"seed": seed, "verdict": result.verdict, "method": extra["method"],
            "wall_s": round(wall, 2),
            "cpu_s": round(extra["subproblem_cpu"] + extra["main_cpu"], 2),
            "processes": processes, "cpsat_workers_each": 1, "work": work,
            "split_depth": split_depth, "subproblems": extra["subproblems"],
            "deepest_level": extra["deepest"], "split": extra["split"],
            "merged": extra["merged"], "ended_by_engine": extra["ended"],
            "branches": extra["branches"], "conflicts": extra["conflicts"],
            "deterministic_s": extra["deterministic_time"],
            "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}


def prove_by_search(seed: int, bound_depth: int, time_limit: float | None) -> dict:
    """One proof by the second search, with its figures (see the module doc)."""
    load = os.getloadavg()[0]
    began, cpu = time.perf_counter(), cpu_clock()
    result = second_search.solve(
        deal_from_seed(seed), time_limit=time_limit, bound_depth=bound_depth,
        progress=lambda nodes, lost: nodes % 262_144 < second_search.CHECK_EVERY and print(
            f"  {seed}: {nodes:,} positions, {lost:,} boards lost so far, "
            f"{time.perf_counter() - began:.0f} s", flush=True))
    wall, cpu = time.perf_counter() - began, cpu_clock() - cpu
    extra = result.extra
    return {"seed": seed, "verdict": result.verdict, "method": extra["method"],
            "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "processes": 1,
            "bound_depth": bound_depth, "time_limit": time_limit, "nodes": result.nodes,
            "lost_boards": extra["lost_boards"], "room_cuts": extra["room_cuts"],
            "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="*",
                        help="seeds to prove (default: every loss of the study)")
    parser.add_argument("--method", choices=("cpsat-split", "second-search"),
                        default="cpsat-split", help="which second method proves (default "
                        "cpsat-split)")
    parser.add_argument("--bound-depth", type=int, default=second_search.BOUND_DEPTH,
                        help="second-search: deck diamonds at most for the room bound "
                        f"(default {second_search.BOUND_DEPTH})")
    parser.add_argument("--time-limit", type=float,
                        help="second-search: CPU seconds per deal (default: none)")
    parser.add_argument("--work", type=float, default=600.0,
                        help="deterministic seconds per subproblem (default 600)")
    parser.add_argument("--split-depth", type=int, default=0,
                        help="levels split by the engine before any model runs (default 0)")
    parser.add_argument("--processes", type=int, default=1,
                        help="subproblems solved side by side (default 1)")
    parser.add_argument("--out", type=Path, help="write the figures here (JSON)")
    args = parser.parse_args(argv)
    losses = study_losses()
    seeds = args.seeds or sorted(losses)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    rows = []
    for seed in seeds:
        if args.method == "second-search":
            row = prove_by_search(seed, args.bound_depth, args.time_limit)
        else:
            row = prove(seed, args.work, args.split_depth, args.processes)
        found = losses.get(seed)
        if found is not None:
            row["search"] = {"nodes": found["nodes"], "seconds": found["seconds"],
                             "run": found["run"]}
        rows.append(row)
        print(json.dumps(row), flush=True)
        if args.out:  # after every proof, so a stopped run keeps what it proved
            args.out.write_text(json.dumps({
                "about": __doc__.split("\n\n")[0],
                "command": "python benchmarks/second_proofs.py "
                           + " ".join(argv if argv is not None else sys.argv[1:]),
                "commit": commit, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
