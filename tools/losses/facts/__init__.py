"""Every public loss: introspected, measured on the loss zoo's tiny constructions, and curated.

Modules: ``introspect`` and ``measure`` (facts), ``probes/`` (the loss built
again with one thing changed), ``curated`` (data/losses.yaml and its checks),
``build`` (the records, checked against each other and kept).
"""

from __future__ import annotations

from tools.losses.facts.build import all_records
from tools.losses.facts.records import LossRecord


def record_of(name: str) -> LossRecord:
    for record in all_records():
        if record.name == name:
            return record
    raise KeyError(name)


__all__ = ["LossRecord", "all_records", "record_of"]
