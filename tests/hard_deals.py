"""The benchmark's hard Black Diamond deals (``benchmarks/hard_deals.json``), by name, for
tests that need a deal known to be lost, or won only after much search."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

HARD_DEALS = Path(__file__).resolve().parents[1] / "benchmarks" / "hard_deals.json"


@cache
def _entries() -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in json.loads(HARD_DEALS.read_text())}


def hard_deal(name: str) -> dict[str, Any]:
    """The entry called ``name``: its ``deal`` (JSON form) and its ``verdict``, among others."""
    return _entries()[name]
