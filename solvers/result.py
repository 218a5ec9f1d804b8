"""What every Black Diamond solver returns, in one shape the CLI and the notebooks print.

``verdict`` is ``"win"`` (with ``moves``, in the spec's JSON move forms, which the rules
engine replays to a won game), ``"loss"`` (no move sequence wins: proven by exhausting the
search) or ``"unknown"`` (the solver gave up, e.g. at its time limit).  ``extra`` carries
solver-specific figures (table size, pruning counts) that show up in the JSON beside the
fixed fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

VERDICTS = ("win", "loss", "unknown")


@dataclass(frozen=True)
class SolveResult:
    """A solver's answer: verdict, winning moves (JSON forms) or None, effort spent."""

    verdict: str
    moves: list[dict[str, str]] | None
    nodes: int
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")
        if (self.verdict == "win") != (self.moves is not None):
            raise ValueError("a win comes with its moves, and only a win does")

    def to_json(self) -> dict[str, Any]:
        """``{"verdict", "moves", "nodes", "seconds", **extra}``, JSON-safe."""
        return {
            "verdict": self.verdict,
            "moves": None if self.moves is None else [dict(m) for m in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            **self.extra,
        }
