"""The config <-> class parity audit: one row per config dataclass that builds a class."""

from __future__ import annotations

from dataclasses import dataclass, field

BY_DESIGN = "by design"
SUSPICIOUS = "suspicious"
IDENTICAL = "identical"

# Kinds of difference, in the order the page lists them.
ONLY_IN_CONFIG = "only in config"
ONLY_IN_CLASS = "only in class"
DEFAULT = "default"
TYPE = "type"
TARGET = "target"  # the `_target_` does not exist


@dataclass(frozen=True)
class Difference:
    field: str
    kind: str
    config: str  # the config's side ("" when it has no such field)
    target: str  # the class's side ("" when it has no such parameter)
    classification: str  # BY_DESIGN or SUSPICIOUS
    reason: str  # one line


@dataclass
class FactoryRun:
    selectors: dict[str, str]  # field -> value, as Python text ({} for the defaults)
    builds: str  # class name, or "" when it raised
    error: str = ""
    set_keys_calls: list[str] = field(default_factory=list)
    estimator_calls: list[str] = field(default_factory=list)
    not_passed: list[str] = field(default_factory=list)  # config fields the class's __init__ did not receive


@dataclass
class FactoryRecord:
    config: str
    factory: str  # qualified name of the factory function
    annotated: str  # the class its return annotation names
    construction: str  # the zoo construction whose networks were passed
    runs: list[FactoryRun] = field(default_factory=list)

    @property
    def default_class(self) -> str:
        return self.runs[0].builds if self.runs else ""


@dataclass(frozen=True)
class ParityRow:
    config: str
    target: str  # qualified name of the class the config builds
    package: str  # top-level package of `target` (torchrl, torch, tensordict)
    via: str  # how the config reaches the class: "the class", "factory _make_x()", or "missing"
    differences: list[Difference] = field(default_factory=list)
    # What `instantiate(cfg)` with the config's own defaults raised, where that is
    # safe to try (see compare.instantiation_error); "" when not tried.
    instantiation: str = ""
    # For a loss config whose target is a factory: what instantiating it did (tools/parity/facts/factories.py).
    factory: FactoryRecord | None = None

    def names(self, kind: str) -> list[str]:
        return [d.field for d in self.differences if d.kind == kind]

    @property
    def classification(self) -> str:
        if not self.differences:
            return IDENTICAL
        if any(d.classification == SUSPICIOUS for d in self.differences):
            return SUSPICIOUS
        return BY_DESIGN

    @property
    def target_name(self) -> str:
        return self.target.rsplit(".", 1)[-1]

    def count(self, classification: str) -> int:
        return sum(d.classification == classification for d in self.differences)
