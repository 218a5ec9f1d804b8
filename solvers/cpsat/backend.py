"""OR-Tools, or a clear sentence where it cannot be had.

OR-Tools has no build for a browser's Python (Pyodide), yet notebook 05 there still reads
the model's constraint groups and runs the exact search beside them.  So the package
imports without OR-Tools: :data:`cp_model` is then a stand-in whose every use raises
:class:`CpSatUnavailable` with :data:`NEEDS_DESKTOP`, and a notebook cell asks
:func:`available` first and prints that one sentence instead of a traceback.
"""

from __future__ import annotations

from typing import Any

NEEDS_DESKTOP = ("CP-SAT needs the desktop install (`make lab`): OR-Tools cannot be "
                 "imported here, so this cell's CP-SAT part does not run.")
"""The one sentence a CP-SAT cell shows where OR-Tools is missing (a browser's Pyodide)."""


class CpSatUnavailable(ImportError):
    """OR-Tools cannot be imported here: CP-SAT needs the desktop install."""


class _Missing:
    """Stands for ``cp_model`` without OR-Tools: any use names what is missing."""

    def __getattr__(self, name: str) -> Any:
        raise CpSatUnavailable(f"cp_model.{name}: {NEEDS_DESKTOP}")


try:
    from ortools.sat.python import cp_model
except ImportError:  # no OR-Tools (Pyodide): the model's source still reads
    cp_model = _Missing()
    IntVar: Any = object
else:
    IntVar = cp_model.IntVar


def available() -> bool:
    """Whether CP-SAT can run here (OR-Tools imported)."""
    return not isinstance(cp_model, _Missing)


__all__ = ["NEEDS_DESKTOP", "CpSatUnavailable", "IntVar", "available", "cp_model"]
