"""Summary statistics shared by the benchmarks.

Kept here once so that every benchmark that says "± SE" or "McNemar" means the same
arithmetic: a match's margin is the mean of per-deal differences, and its standard error is
their spread over the root of the number of deals (the deals are independent; the tables
of one deal are not, which is why they are averaged into one difference first).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank: a value that occurred."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


@dataclass(frozen=True)
class Paired:
    """The mean of paired differences (one per deal) and its standard error."""

    count: int
    mean: float
    error: float
    """One standard error of the mean: the sample standard deviation over √count (0 when
    every difference is the same; ``nan`` with fewer than two deals)."""

    @property
    def ratio(self) -> float:
        """How many standard errors the mean lies from 0 (``inf`` for a nonzero mean with no
        spread, ``nan`` for 0 ± 0)."""
        if self.error == 0:
            return math.nan if self.mean == 0 else math.copysign(math.inf, self.mean)
        return self.mean / self.error

    def clear(self, standard_errors: float = 2.0) -> bool:
        """Whether the mean is above 0 by more than ``standard_errors`` standard errors."""
        return self.ratio > standard_errors

    def text(self, digits: int = 2) -> str:
        """``+0.27 ± 0.04`` (mean ± one standard error)."""
        return f"{self.mean:+.{digits}f} ± {self.error:.{digits}f}"


def paired(differences: Sequence[float]) -> Paired:
    """The mean of ``differences`` (one per deal: side A's result minus side B's on the same
    deal) with its standard error; a differing count of deals between sides is not paired,
    so callers make the differences themselves."""
    count = len(differences)
    if count == 0:
        raise ValueError("no deals: a paired mean needs at least one difference")
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(count) if count > 1 else math.nan
    return Paired(count, mean, error)


@dataclass(frozen=True)
class McNemar:
    """Two players' wins on the same deals, counted as McNemar's table: only the deals one
    won and the other lost (``only_a``, ``only_b``) tell them apart."""

    both: int
    only_a: int
    only_b: int
    neither: int

    @property
    def p_value(self) -> float:
        """The exact two-sided McNemar test: the chance, were the players equal, of a split
        of the discordant deals at least this uneven (binomial, one half each way)."""
        discordant = self.only_a + self.only_b
        if discordant == 0:
            return 1.0
        low = min(self.only_a, self.only_b)
        tail = sum(math.comb(discordant, k) for k in range(low + 1)) / 2 ** discordant
        return min(1.0, 2 * tail)


def mcnemar(a: Sequence[bool], b: Sequence[bool]) -> McNemar:
    """McNemar's counts for wins ``a`` and ``b`` on the same deals, in the same order."""
    if len(a) != len(b):
        raise ValueError(f"{len(a)} results against {len(b)}: McNemar needs the same deals")
    pairs = list(zip(a, b, strict=True))
    return McNemar(both=sum(x and y for x, y in pairs), only_a=sum(x and not y for x, y in pairs),
                   only_b=sum(y and not x for x, y in pairs),
                   neither=sum(not x and not y for x, y in pairs))
