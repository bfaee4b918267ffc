"""The estimator reference: introspection + measurement + curated facts -> one record set."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.timing import stage
from tools.estimators.facts import curated, probe
from tools.estimators.facts.records import EstimatorReference, decode, encode
from tools.torchrl import estimators as classes


def compute_reference() -> EstimatorReference:
    with stage("estimators.introspect"):
        registered = classes.estimator_classes()
        facts = curated.load([e.cls.__name__ for e in registered])
    with stage("estimators.probe"):
        records = [probe.probe(e, facts[e.cls.__name__].summary, facts[e.cls.__name__].layout) for e in registered]
        aliases = probe.deprecated_aliases(registered)
        forwarding = probe.forwarding_cases()
    return EstimatorReference(
        estimators=records,
        deprecated_aliases=aliases,
        forwarding_loss=probe.FORWARDING_LOSS,
        forwarding=forwarding,
        members=classes.members(),
    )


# Keyed on this module and what it imports (not on the renderers: editing one re-measures nothing).
reference = RecordSet("estimators.reference", compute_reference, encode=encode, decode=decode, committed=True)
