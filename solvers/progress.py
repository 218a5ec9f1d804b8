"""Watching a solver work, and stopping it: progress reports and a run beside the kernel.

A widget's callback runs in the notebook's kernel, and while it runs the kernel reads no
other message: a Stop button pressed during a solve would only be seen once the solve had
ended.  So a widget runs the solver on a thread of its own (:class:`Background`) and
returns at once; the kernel stays free to handle Stop, and a second thread redraws the
progress line a few times a second.

What the two threads share is a :class:`Progress`: the exact search calls it every
:data:`~solvers.search.CHECK_EVERY` positions with how many it has searched (its answer
stops the search), CP-SAT writes its phase into it from its log and registers its own stop
(:meth:`Progress.on_stop`), and the widget reads it and calls :meth:`Progress.stop`.

Time limits count CPU seconds (see :mod:`solvers.clock`): on a busy machine a
wall-clock limit would give up on deals the solver decides.  Where threads cannot start
(Pyodide in a browser), :class:`Background` runs the work at once instead, without
progress or Stop.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .clock import cpu_clock

T = TypeVar("T")

TICK = 0.25
"""Seconds between two redraws of a progress line (the issue asks for one a second at
least)."""


class Progress:
    """What a running solver reports, and the one way to stop it.

    ``nodes`` is the positions searched so far (the exact search), ``phase`` what CP-SAT is
    doing (``"building the model"``, ``"presolve"``, ``"search"``), ``stopped`` why it was
    stopped (``"stop"``: asked to; ``"limit"``: its CPU limit ran out) or None.
    ``cpu_limit`` (CPU seconds, None: none) is checked at every report of the search, and
    by :meth:`check_limit` for a solver that does not report (CP-SAT).
    """

    def __init__(self, cpu_limit: float | None = None):
        self.cpu_limit = cpu_limit
        self.nodes = 0
        self.phase = ""
        self.stopped: str | None = None
        self.stopped_at: float | None = None
        """When a stop was asked for (``time.perf_counter``), if one was."""
        self.began = time.perf_counter()
        self._cpu_began = time.process_time()
        self._thread_cpu = 0.0
        self._thread_began: float | None = None
        self._thread: int | None = None
        self._clock: int | None = None
        self._stoppers: list[Callable[[], Any]] = []
        self._lock = threading.Lock()

    # --- the solver's side ------------------------------------------------------------------
    def __call__(self, nodes: int) -> bool:
        """The exact search's callback (on its own thread): note ``nodes``; True to stop."""
        now = cpu_clock()
        if self._thread_began is None:
            self._thread_began = now
        self.nodes = nodes
        self._thread_cpu = now - self._thread_began
        if (self.cpu_limit is not None and self.stopped is None
                and self._thread_cpu >= self.cpu_limit):
            self.stopped = "limit"
        time.sleep(0)  # hand the interpreter to the kernel's thread now (a compiled search
        # would otherwise hold it for long stretches, and a Stop click would wait)
        return self.stopped is not None

    def started(self) -> None:
        """Call on the solver's thread as it starts (:class:`Background` does): its CPU
        time, and its limit, then count that thread's alone, from here.  (CP-SAT on one
        worker searches on the thread that calls it.)"""
        self._thread = threading.get_ident()
        try:
            self._clock = time.pthread_getcpuclockid(self._thread)
        except (AttributeError, OSError):  # (no per-thread clocks to read from outside)
            self._clock = None
        self._thread_began = cpu_clock()

    def on_stop(self, action: Callable[[], Any]) -> None:
        """Run ``action`` when the run is stopped (CP-SAT's ``StopSearch``); at once if it
        was stopped already."""
        with self._lock:
            self._stoppers.append(action)
            stopped = self.stopped is not None
        if stopped:
            action()

    # --- the watcher's side ---------------------------------------------------------------
    def stop(self, why: str = "stop") -> None:
        """Ask the solver to stop (from any thread): it answers ``unknown``, "undecided so
        far", with what it has searched."""
        with self._lock:
            if self.stopped is None:
                self.stopped, self.stopped_at = why, time.perf_counter()
            stoppers = list(self._stoppers)
        for action in stoppers:
            action()

    def check_limit(self) -> None:
        """Stop a solver that does not report (CP-SAT) once the process has spent
        ``cpu_limit`` CPU seconds since the run began."""
        if self.cpu_limit is not None and self.stopped is None and self.cpu >= self.cpu_limit:
            self.stop("limit")

    @property
    def seconds(self) -> float:
        """Wall-clock seconds since the run began."""
        return time.perf_counter() - self.began

    @property
    def cpu(self) -> float:
        """CPU seconds the solver's thread has used since :meth:`started` (read from any
        thread), else the whole process's since the run began."""
        began = self._thread_began
        if began is None:
            return time.process_time() - self._cpu_began
        if threading.get_ident() == self._thread:
            return cpu_clock() - began
        if self._clock is not None:
            try:
                return time.clock_gettime(self._clock) - began
            except OSError:  # the thread has ended
                pass
        return self._thread_cpu

    def text(self) -> str:
        """The progress line: time, CPU time, and positions or CP-SAT's phase."""
        done = f"{self.seconds:.1f} s ({self.cpu:.1f} s of CPU)"
        if self.phase:
            return f"CP-SAT: {self.phase}, {done}"
        return f"{self.nodes:,} positions searched in {done}"


class Background(Generic[T]):
    """Run ``work(progress)`` on a thread of its own, redraw with ``tick(progress)`` every
    :data:`TICK` seconds meanwhile, then call ``done(result)`` or ``failed(exc)``.

    ``tick``, ``done`` and ``failed`` run on the helper threads, one at a time, and
    nothing runs after ``done``/``failed``: a widget may update its controls from them.
    ``wait()`` blocks until all is finished (tests, and a notebook cell that wants the
    answer).  Where no thread can start (Pyodide), :meth:`start` runs everything at once.

    A stopped solver ends at its next report (every 1024 positions: a few hundredths of a
    second), but on a machine whose cores are all taken that can stretch; so once a stop
    is :data:`GRACE` seconds old, ``done(abandoned(progress))`` answers with what was
    searched so far, and the solver's own answer, when it comes, is dropped.
    """

    def __init__(self, work: Callable[[Progress], T], *, progress: Progress,
                 tick: Callable[[Progress], Any], done: Callable[[T], Any],
                 failed: Callable[[BaseException], Any],
                 abandoned: Callable[[Progress], T] | None = None, interval: float = TICK):
        self.work, self.progress = work, progress
        self.tick, self.done, self.failed = tick, done, failed
        self.abandoned = abandoned
        self.interval = interval
        self.finished = threading.Event()
        self._ended = threading.Event()  # the answer is settled: the ticker stops
        self._settled = False
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._ticker: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return not self.finished.is_set()

    def start(self) -> Background[T]:
        """Start the work; returns at once (or when done, where threads cannot start)."""
        self._thread = threading.Thread(target=self._run, name="solver", daemon=True)
        self._ticker = threading.Thread(target=self._tick, name="solver-progress", daemon=True)
        try:
            self._ticker.start()  # (first: the work may end before a later start)
        except RuntimeError:  # no threads here (Pyodide): run it now, nobody can Stop it
            self._thread = self._ticker = None
            self._run()
            return self
        self._thread.start()
        return self

    def stop(self) -> None:
        """Ask the work to stop (see :meth:`Progress.stop`); it answers shortly."""
        self.progress.stop()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the answer and its ``done``/``failed`` call have finished; False if
        ``timeout`` seconds passed first."""
        return self.finished.wait(timeout)

    def _tick(self) -> None:
        while not self._ended.wait(self.interval):
            self.progress.check_limit()
            since = self.progress.stopped_at
            if (since is not None and self.abandoned is not None
                    and time.perf_counter() - since >= GRACE):
                self._settle(self.done, self.abandoned(self.progress), tick=False)
                return
            try:
                self.tick(self.progress)
            except Exception:  # noqa: BLE001 - a redraw that fails must not end the run
                pass

    def _run(self) -> None:
        self.progress.started()
        try:
            result = self.work(self.progress)
        except BaseException as exc:  # noqa: BLE001 - reported to the widget
            self._settle(self.failed, exc)
        else:
            self._settle(self.done, result)

    def _settle(self, answer: Callable[[Any], Any], value: Any, tick: bool = True) -> None:
        """Give the one answer of this run (the solver's, or what a stop found so far)."""
        with self._lock:
            if self._settled:
                return  # (the solver finished after a stop was answered for it)
            self._settled = True
        self._ended.set()
        ticker = self._ticker
        if tick and ticker is not None and ticker is not threading.current_thread():
            ticker.join()
        try:
            answer(value)
        finally:
            self.finished.set()


GRACE = 0.5
"""Seconds a stopped solver has to answer before :class:`Background` answers for it."""


__all__ = ["GRACE", "TICK", "Background", "Progress"]
