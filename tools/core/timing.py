"""Wall time per generation stage, for `make bench` (never asserted in tests).

Stages are named ``<concern>.<what>``: ``losses.introspect``, ``losses.measure``,
``losses.render``...  ``tools.core.cache.cached`` and ``tools.site.markers`` time their
own work, ``tools.core.registry`` times importing each concern (``<concern>.import``);
concerns may wrap finer steps in ``stage(...)``.  The MkDocs adapter writes the
totals of the last build to ``.cache/last-build-timings.json``.

Stages nest (a ``render`` may compute records through ``cached``), so two
totals are kept: ``totals()`` counts a stage's whole time, nested stages
included; ``exclusive_totals()`` counts only the time not spent in a nested
stage, so that its values add up to the time spent generating, each second
counted once.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

# The clock stages read (tests replace it with a counter, so that none depends on wall time).
clock = time.perf_counter
_totals: dict[str, float] = defaultdict(float)
_exclusive: dict[str, float] = defaultdict(float)
# One entry per open stage: the time its nested stages took so far.
_nested: list[float] = []


@contextmanager
def stage(name: str) -> Iterator[None]:
    start = clock()
    _nested.append(0.0)
    try:
        yield
    finally:
        elapsed = clock() - start
        inner = _nested.pop()
        _totals[name] += elapsed
        _exclusive[name] += elapsed - inner
        if _nested:
            _nested[-1] += elapsed


def totals() -> dict[str, float]:
    """Stage -> seconds, nested stages included."""
    return dict(_totals)


def exclusive_totals() -> dict[str, float]:
    """Stage -> seconds spent in it and not in a stage nested inside it."""
    return dict(_exclusive)


def reset() -> None:
    _totals.clear()
    _exclusive.clear()
