"""Median, min and max of repeated timings."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Summary:
    median: float
    min: float
    max: float
    runs: int

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Summary:
        return cls(data["median"], data["min"], data["max"], data["runs"])


def summarize(samples: Sequence[float]) -> Summary:
    if not samples:
        raise ValueError("no samples to summarize")
    return Summary(statistics.median(samples), min(samples), max(samples), len(samples))


def summarize_keys(runs: Iterable[dict[str, float]]) -> dict[str, Summary]:
    """Per key, the summary over runs; a key missing from a run counts as 0 there."""
    runs = list(runs)
    keys = sorted({key for run in runs for key in run})
    return {key: summarize([run.get(key, 0.0) for run in runs]) for key in keys}
