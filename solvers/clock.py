"""The clock time limits count: CPU seconds of the thread that runs the solver.

A wall-clock limit turns a deal the solver decides into an ``unknown`` whenever the machine
is busy (a proof of seed 3153 takes about 22 CPU seconds as plain Python, and twice that
on a machine with every core taken).  CPU time is the work the solver did, whatever else
runs beside it; a thread's own, so that a solver in a notebook's kernel is not charged for
the kernel's other work.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def _thread_clock() -> Callable[[], float]:
    """The CPU clock of the calling thread where the platform has one, else the process's."""
    try:
        time.thread_time()
    except (AttributeError, OSError):  # (a platform without per-thread CPU clocks)
        return time.process_time
    return time.thread_time


cpu_clock: Callable[[], float] = _thread_clock()
"""CPU seconds of the running thread (see the module docstring)."""

__all__ = ["cpu_clock"]
