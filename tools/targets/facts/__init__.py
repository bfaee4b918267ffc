"""Target parameters and their updaters, measured (cached), and the SOTA scripts' cadences."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.timing import stage
from tools.targets.facts import curated
from tools.targets.facts.measure import measure_all
from tools.targets.facts.records import TargetsReference, decode, encode


def _measure() -> TargetsReference:
    with stage("targets.measure"):
        return measure_all()


reference = RecordSet(
    "targets.reference",
    _measure,
    code=("tools.targets.facts.measure",),
    encode=encode,
    decode=decode,
    committed=True,
)


def cadences() -> curated.Cadences:
    return curated.load(reference())


__all__ = ["TargetsReference", "cadences", "reference"]
