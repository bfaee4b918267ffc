"""Wall time per generation stage, for `make bench` (never asserted in tests).

Stages are named ``<concern>.<what>``: ``losses.introspect``, ``losses.measure``,
``losses.render``...  ``tools.cache.cached`` and ``tools.pages`` time their
own work; concerns may wrap finer steps in ``stage(...)``.  The MkDocs adapter
writes the totals of the last build to ``.cache/last-build-timings.json``.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

_totals: dict[str, float] = defaultdict(float)


@contextmanager
def stage(name: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        _totals[name] += time.perf_counter() - start


def totals() -> dict[str, float]:
    return dict(_totals)


def reset() -> None:
    _totals.clear()
