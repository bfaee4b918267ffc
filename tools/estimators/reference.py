"""The estimator reference: introspection + measurement + curated facts -> one record set."""

from __future__ import annotations

from tools.cache import cached
from tools.estimators import classes, curated, probe
from tools.estimators.records import EstimatorReference, decode, encode
from tools.paths import TOOLS
from tools.timing import stage

# The records depend on these files (besides the installed package versions);
# renderers are left out so that editing one re-measures nothing.
INPUTS = (
    *(TOOLS / "estimators" / f"{name}.py" for name in ("classes", "curated", "fixtures", "probe", "records", "reference")),
    TOOLS / "signatures.py",
    curated.CURATED_FILE,
)


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


def reference() -> EstimatorReference:
    return cached("estimators.reference", compute_reference, inputs=INPUTS, encode=encode, decode=decode)
