"""Summary statistics shared by the benchmarks."""


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank: a value that occurred."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]
