"""What every loss shares (measured on one zoo loss), and every contradiction of upstream text."""

from __future__ import annotations

from tools.contracts.facts.contradictions import (
    Contradiction,
    config_contradictions,
    estimator_contradictions,
    hook_contradictions,
    loss_contradictions,
    trainer_contradictions,
    updater_contradictions,
)
from tools.contracts.facts.measure import measure
from tools.contracts.facts.records import ContractFacts
from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.losses.facts import all_records

_encode, _decode = record_codec(ContractFacts)
facts = RecordSet("contracts", measure, encode=_encode, decode=_decode, committed=True)


def all_contradictions() -> list[Contradiction]:
    """Every contradiction on every page that shows upstream text: losses, estimators, target updaters,
    trainers, hooks, then the config dataclasses."""
    found = [c for r in all_records() for c in loss_contradictions(r)]
    return (
        found
        + estimator_contradictions()
        + updater_contradictions()
        + trainer_contradictions()
        + hook_contradictions()
        + config_contradictions()
    )


__all__ = ["ContractFacts", "Contradiction", "all_contradictions", "facts"]
