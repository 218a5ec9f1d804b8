"""How winnable is Black Diamond?  Solve many seeded deals and summarise the verdicts.

A study is a JSON Lines file, one line per solved deal::

    {"seed": 17, "verdict": "win", "nodes": 311, "seconds": 0.078, "run": "depth-first",
     "solver": "search", "solver_version": "2026-12-01", "options": []}

Each deal is a *task* run in a worker: :class:`SolveTask` solves it exactly; a
:class:`solvers.policies.PolicyTask` lets a player who does not see the decks play it
instead (its lines say which player, and add the cards it placed).

Three promises shape this module:

* **Resumable.**  Only this (the parent) process writes the file, one whole line per
  ``write`` call on a file opened for appending, flushed at once.  A run that is stopped
  (Ctrl-C, a killed worker, a killed parent) loses only the deals that were being solved;
  rerunning the same command skips every seed already decided.  Should the parent itself
  die in the middle of a write, the torn tail is cut off before the next run appends.
* **Any executor.**  The work is written against :class:`concurrent.futures.Executor`: a
  local process pool, or a Dask cluster's executor (``Client(address).get_executor()``),
  so a study grows from a laptop to many machines with no change here.  Only a few deals
  are in flight at once, so an interrupted run has little to lose.  Where no process can
  start (a browser's Pyodide, or ``CARDLIB_NO_PROCESSES=1``), :func:`executor` gives the
  serial :class:`Inline` instead: the same study, one deal after another.
* **Honest statistics.**  The win rate comes with a Wilson 95 % interval in which an
  ``unknown`` verdict counts as a loss for the lower bound and as a win for the upper
  bound (as in the Solvitaire winnability study): a deal the solver gave up on widens the
  interval instead of being quietly dropped.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tqdm.auto import tqdm

from cardlib.blackdiamond import PILES, Deal, allowed_values, deal_from_seed
from cardlib.blackdiamond.rules import OPTIONS

from . import search

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

SOLVER = "search"
"""The solver every line of a study names: the exact search of :mod:`solvers.search`."""

VARIANTS = tuple(option.name for option in OPTIONS if option.default is False)
"""The on/off variants a study may switch on (the game's options, declared once)."""

DECIDED = ("win", "loss")


class StudyError(Exception):
    """A study that cannot go on as asked (the message says why and what to do)."""


# --- one deal ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SolveTask:
    """Solve one seeded deal exactly and return its study line (runs in a worker).

    A plain value fed plain values, so a process pool or a Dask worker on another machine
    can run it: the deal is rebuilt from the seed there.  ``time_limit`` (seconds) and
    ``max_nodes`` (states) bound each deal; past them its verdict is ``unknown``.
    """

    variants: tuple[str, ...] = ()
    time_limit: float | None = None
    max_nodes: int | None = None

    def __post_init__(self) -> None:
        # Refused here, before any worker starts, rather than as a traceback from the
        # first deal: the exact search has no model of a run of replacements.
        why = search.unmodelled(self.variants)
        if why:
            raise StudyError(f"{why}, so a study cannot solve it; a player can play it "
                             "(--player random|heuristic|sampling)")

    def signature(self) -> dict[str, Any]:
        """The fields every line of one study shares (a resumed file must match them): a
        file begun by another version of the search is not continued by this one, since its
        figures would then describe two searches."""
        return {"solver": SOLVER, "solver_version": search.VERSION,
                "options": sorted(self.variants)}

    def __call__(self, seed: int) -> dict[str, Any]:
        result = search.solve(deal_from_seed(seed), time_limit=self.time_limit,
                              max_nodes=self.max_nodes,
                              **{name: True for name in self.variants})
        return {"seed": seed, "verdict": result.verdict, "nodes": result.nodes,
                "seconds": round(result.seconds, 6), "run": result.extra.get("run"),
                **self.signature()}


class Task(Protocol):
    """A deal's worth of work: a picklable callable from a seed to its study line."""

    def signature(self) -> dict[str, Any]: ...

    def __call__(self, seed: int) -> dict[str, Any]: ...


# --- the file ------------------------------------------------------------------------------

def cut_torn_tail(path: Path) -> int:
    """Cut a last line that has no newline (a write the parent died in); bytes cut."""
    if not path.exists():
        return 0
    with open(path, "rb+") as file:
        size = file.seek(0, os.SEEK_END)
        if size == 0:
            return 0
        end = size
        while end > 0:
            step = min(4096, end)
            file.seek(end - step)
            chunk = file.read(step)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                keep = end - step + newline + 1
                break
            end -= step
        else:
            keep = 0
        if keep < size:
            file.truncate(keep)
        return size - keep


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every whole line of a study file, in file order (a torn last line is skipped)."""
    if not path.exists():
        return []
    rows = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, start=1):
            if not line.endswith("\n"):
                break  # torn by a parent killed mid-write; cut before the next append
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise StudyError(f"{path}: line {number} is not JSON ({exc.msg}); this file "
                                 "was not written by a study") from None
    return rows


def latest(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """One line per seed: a decided verdict beats ``unknown``, a later line an earlier."""
    best: dict[int, dict[str, Any]] = {}
    for row in rows:
        old = best.get(row["seed"])
        if old is None or row["verdict"] in DECIDED or old["verdict"] not in DECIDED:
            best[row["seed"]] = dict(row)
    return best


class LineWriter:
    """Appends whole lines: one ``os.write`` per line on an ``O_APPEND`` descriptor."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, row: Mapping[str, Any]) -> None:
        data = (json.dumps(row, separators=(", ", ": ")) + "\n").encode()
        written = os.write(self._fd, data)
        if written != len(data):  # a full disk: say so rather than leave half a line
            raise OSError(f"wrote {written} of {len(data)} bytes of a study line")

    def close(self) -> None:
        os.close(self._fd)

    def __enter__(self) -> LineWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- running -------------------------------------------------------------------------------

def parse_seeds(text: str) -> list[int]:
    """``"1..4000"``, ``"7"`` or a comma list of both (``"1..10,3153"``), in order, once."""
    seeds: list[int] = []
    for part in text.split(","):
        first, dots, last = part.strip().partition("..")
        try:
            low = int(first)
            high = int(last) if dots else low
        except ValueError:
            raise StudyError(f"bad seeds {text!r}: expected A..B, N or a comma list of "
                             "them (like 1..4000)") from None
        if high < low:
            raise StudyError(f"bad seeds {part.strip()!r}: the range runs backwards")
        seeds.extend(range(low, high + 1))
    return list(dict.fromkeys(seeds))


NO_PROCESSES = "CARDLIB_NO_PROCESSES"
"""Set (to anything but empty) in the environment, studies start no process: a test plays
the browser, where none can start."""


def processes_available() -> bool:
    """Whether a local process pool can work here: not in a browser's Pyodide
    (``sys.platform == "emscripten"``, which has no processes), nor when
    :data:`NO_PROCESSES` is set."""
    return sys.platform != "emscripten" and not os.environ.get(NO_PROCESSES)


@contextlib.contextmanager
def executor(workers: int = 2, scheduler: str | None = None) -> Iterator[Executor]:
    """A local process pool of ``workers``, or the executor of the Dask cluster whose
    scheduler listens at ``scheduler`` (``tcp://host:8786``); closed on the way out,
    and a local pool's busy workers stopped if the study was interrupted.  Where no
    process can start (:func:`processes_available`, or the pool fails to start), the
    serial :class:`Inline`: the same lines, one deal after another."""
    if scheduler:
        try:
            from distributed import Client
        except ModuleNotFoundError:
            raise StudyError("--scheduler needs dask.distributed (pip install "
                             "'dask[distributed]')") from None
        try:
            client = Client(scheduler, timeout="10s")
        except OSError as exc:
            raise StudyError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        with client:
            yield client.get_executor(pure=False)
        return
    pool = _process_pool(workers) if processes_available() else None
    if pool is None:
        yield Inline()
        return
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_workers(pool)
        raise
    pool.shutdown(wait=True)


def _process_pool(workers: int) -> ProcessPoolExecutor | None:
    """A local pool of ``workers`` processes, or None where none can start.  Imported
    here, not with the module: it needs ``_multiprocessing``, which Pyodide leaves out, and
    the rest of the studies (reading, summing up, a serial run) must import there."""
    try:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts_to_parent)
    except (ImportError, OSError, NotImplementedError):  # no processes here after all
        return None


def _leave_interrupts_to_parent() -> None:
    """Ctrl-C reaches every process of the terminal's group; a worker ignores it, so the
    parent alone decides what is lost (the deals in flight) and stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the deals in flight now (their lines were never written, so nothing is lost)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


class Inline(Executor):
    """Runs each deal at once, on the calling thread: for a notebook's widget, which runs
    a study on a thread of its own beside the kernel (a pool of processes would be forked
    from a kernel full of threads), and for Pyodide, which has no processes (nor threads:
    there the widget's run, and so each deal, is on the kernel's own thread).  A deal's
    future is done when ``submit`` returns; ``shutdown`` has nothing to wait for."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller, as a pool does
            future.set_exception(exc)
        return future


def capacity(pool: Executor, workers: int) -> int:
    """How many deals to keep in flight: two per worker (a Dask cluster reports its own)."""
    client = getattr(pool, "_client", None)
    if client is not None:
        workers = sum(client.nthreads().values()) or workers
    return 2 * max(1, workers)


def run(seeds: Sequence[int], out: Path, pool: Executor, task: Task | None = None, *,
        in_flight: int = 4, progress: bool = True,
        on_line: Callable[[dict[str, Any]], Any] | None = None,
        stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Run ``task`` (by default :class:`SolveTask`: solve exactly) on every seed of
    ``seeds`` not yet decided in ``out``, appending a line per deal.

    ``progress`` shows a tqdm bar (a widget in a notebook) with deals per second and the
    running win rate of the whole study, the file's earlier lines included.  Returns the
    study's lines for ``seeds`` (one per seed, the file's and the new ones).  A widget
    follows the run with ``on_line`` (called with each new line) and ends it early with
    ``stop`` (asked before each new deal; the deals in flight finish).  Raises
    :class:`StudyError` if ``out`` holds another study (another solver or version of it,
    player or variants), or if a worker died (the lines written stay; rerun to go on).
    """
    task = task if task is not None else SolveTask()
    wanted_sign = task.signature()
    unknown = sorted(set(wanted_sign.get("options", ())) - set(VARIANTS))
    if unknown:
        raise StudyError(f"unknown variant(s) {', '.join(unknown)} (known: "
                         f"{', '.join(VARIANTS)})")
    cut_torn_tail(out)
    known = latest(read_rows(out))
    for row in known.values():
        sign = {key: row.get(key) for key in wanted_sign}
        if sign != wanted_sign:
            raise StudyError(f"{out} holds another study ({json.dumps(sign)}), not "
                             f"{json.dumps(wanted_sign)}: give another --out")
    wanted = set(seeds)
    todo = [s for s in seeds if known.get(s, {}).get("verdict") not in DECIDED]
    rows = {s: row for s, row in known.items() if s in wanted}
    pending: dict[Future, int] = {}
    queue = iter(todo)
    done = 0
    tally = Counter(row["verdict"] for row in rows.values())
    bar = tqdm(total=len(todo), desc="study", unit="deal", disable=not progress)
    with bar, LineWriter(out) as writer:
        try:
            while True:
                for seed in queue:
                    if stop is not None and stop():
                        break
                    future = pool.submit(task, seed)
                    pending[future] = seed
                    if len(pending) >= in_flight:
                        break
                if not pending:
                    break
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    seed = pending.pop(future)
                    row = future.result()
                    writer.write(row)
                    rows[seed] = row
                    done += 1
                    tally[row["verdict"]] += 1
                    bar.set_postfix_str(_running(tally), refresh=False)
                    bar.update()
                    if on_line is not None:
                        on_line(row)
        except BrokenExecutor:  # (a process pool's BrokenProcessPool among them)
            raise StudyError(f"a worker died; {done} deal(s) were written to {out} and "
                             f"{len(pending)} in flight were lost: rerun the same command "
                             "to go on") from None
        finally:
            for future in pending:
                future.cancel()
    return [rows[s] for s in seeds if s in rows]


def _running(tally: Counter[str]) -> str:
    """The progress bar's note: the running win rate and what is not yet a win."""
    decided = tally["win"] + tally["loss"]
    rate = f"{100 * tally['win'] / decided:.2f} %" if decided else "-"
    return f"won {rate}, lost {tally['loss']}, unknown {tally['unknown']}"


# --- statistics ----------------------------------------------------------------------------

Z95 = statistics.NormalDist().inv_cdf(0.975)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default).

    Unlike the plain ``p ± z·sqrt(p(1-p)/n)``, it stays inside [0, 1] and does not shrink
    to a point when every deal so far was won, which matters at a win rate near 100 %.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def percentiles(values: Sequence[float], qs: Sequence[int] = (50, 90, 99)) -> dict[str, float]:
    """The ``qs`` percentiles and the maximum of ``values`` (``p50``, ``p90``, ... ``max``)."""
    if not values:
        return {}
    if len(values) == 1:
        cuts = [float(values[0])] * 99
    else:
        cuts = statistics.quantiles(values, n=100, method="inclusive")
    found = {f"p{q}": cuts[q - 1] for q in qs}
    found["max"] = max(values)
    return found


@dataclass(frozen=True)
class Summary:
    """A study in figures (see the module docstring for how ``unknown`` is counted)."""

    deals: int
    wins: int
    losses: int
    unknown: int
    low: float
    high: float
    seconds: dict[str, float]
    nodes: dict[str, float]
    lost_seeds: tuple[int, ...]
    unknown_seeds: tuple[int, ...]

    @property
    def rate(self) -> float:
        """Wins among the decided deals (the point estimate)."""
        decided = self.wins + self.losses
        return self.wins / decided if decided else math.nan

    def __str__(self) -> str:
        return (f"{self.deals} deals: {self.wins} won, {self.losses} lost, {self.unknown} "
                f"unknown; win rate {100 * self.rate:.3f} % (95 % interval "
                f"{100 * self.low:.3f}-{100 * self.high:.3f} %)")


def summarize(rows: Iterable[Mapping[str, Any]]) -> Summary:
    """The figures of a study's lines (one per seed, see :func:`latest`)."""
    rows = list(rows)
    count = {verdict: sum(r["verdict"] == verdict for r in rows) for verdict in
             ("win", "loss", "unknown")}
    n = len(rows)
    low, _ = wilson(count["win"], n)
    _, high = wilson(count["win"] + count["unknown"], n)
    return Summary(
        deals=n, wins=count["win"], losses=count["loss"], unknown=count["unknown"],
        low=low, high=high,
        seconds=percentiles([r["seconds"] for r in rows]),
        nodes=percentiles([r["nodes"] for r in rows]),
        lost_seeds=tuple(sorted(r["seed"] for r in rows if r["verdict"] == "loss")),
        unknown_seeds=tuple(sorted(r["seed"] for r in rows if r["verdict"] == "unknown")),
    )


def load(path: Path | str) -> list[dict[str, Any]]:
    """A study file's lines, one per seed, in seed order (for notebooks and reports)."""
    return sorted(latest(read_rows(Path(path))).values(), key=lambda row: row["seed"])


# --- reading a study -----------------------------------------------------------------------

PER = 10_000
"""Loss rates are told per this many deals: a rate near 0.03 % reads better as 2.5."""


def loss_rate(summary: Summary, per: int = PER) -> tuple[float, float, float]:
    """Losses per ``per`` deals: the point estimate and its 95 % interval (the win rate's
    interval turned round, so an ``unknown`` deal counts as a possible loss here)."""
    return (per * (1 - summary.rate), per * (1 - summary.high), per * (1 - summary.low))


def loss_rate_curve(rows: Sequence[Mapping[str, Any]], points: Iterable[int],
                    per: int = PER) -> list[tuple[int, float, float, float]]:
    """``(n, losses per ``per``, low, high)`` over the first ``n`` lines of ``rows`` (in
    their order) for each ``n`` of ``points``: how the interval narrows as deals come in."""
    wins = unknown = 0
    at: dict[int, tuple[int, int]] = {}
    for n, row in enumerate(rows, start=1):
        wins += row["verdict"] == "win"
        unknown += row["verdict"] == "unknown"
        at[n] = (wins, unknown)
    curve = []
    for n in points:
        if n not in at:
            continue
        won, open_ = at[n]
        low, _ = wilson(won, n)
        _, high = wilson(won + open_, n)
        decided = n - open_
        rate = 1 - won / decided if decided else math.nan
        curve.append((n, per * rate, per * (1 - high), per * (1 - low)))
    return curve


EDGE_PILES = tuple(pile for pile in PILES if pile.kind != "centre")
"""The outer and inner piles: each takes only the values its diamonds allow."""


def edge_fits(deal: Deal) -> int:
    """How many of the deal's 26 black cards fit some edge pile next to its four starting
    diamonds (by the engine's own :func:`~cardlib.blackdiamond.allowed_values`).  A card
    that fits no edge can only go to the centre, whose clear costs four diamonds, or wait
    for the diamonds to change, which costs diamonds too."""
    start = deal.diamonds[:4]
    values = set().union(*(allowed_values(pile, start) for pile in EDGE_PILES))
    return sum(card.value in values for card in deal.black)


def ranks(values: Sequence[float]) -> list[float]:
    """The rank of each value (0 for the smallest), ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    first = 0
    while first < len(order):
        last = first
        while last + 1 < len(order) and values[order[last + 1]] == values[order[first]]:
            last += 1
        for index in order[first:last + 1]:
            result[index] = (first + last) / 2
        first = last + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: +1 when ``ys`` always grow with ``xs``, -1 when they
    always fall, near 0 when the order of one says little about the other."""
    return statistics.correlation(ranks(xs), ranks(ys))
