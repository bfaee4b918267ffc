"""One record per trainer class: its signature (introspected) and what it wires up (measured)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.signatures import Parameter


@dataclass(frozen=True)
class RegisteredOp:
    """A callable a trainer registered at a hook point when it was built."""

    point: str
    owner: str  # the class providing the callable: a hook class, or the trainer itself
    method: str  # "" when the object itself is called, else the bound method's name
    detail: str = ""  # what distinguishes it (LogScalar's logname, key and reduction)

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.method}" if self.method else self.owner


@dataclass(frozen=True)
class Method:
    name: str
    call: str  # e.g. "load_from_file(file, **kwargs)"
    defined_in: str  # class whose body defines it


@dataclass(frozen=True)
class EffectiveDefault:
    """A declared default the built trainer replaced with another value."""

    name: str
    declared: str
    effective: str


@dataclass(frozen=True)
class Omission:
    """What building the trainer without one of the tiny parts did."""

    name: str
    declared_default: str
    outcome: str  # "accepted", or the error text


@dataclass(frozen=True)
class TrainerRecord:
    name: str
    module: str
    bases: list[str]
    parameters: list[Parameter]
    # Measured on the tiny build (tools/torchrl/trainer_zoo/):
    built_with: dict[str, str]
    stand_in: str
    construction_warnings: list[str]
    default_ops: list[RegisteredOp]
    modules: dict[str, str]  # trainer._modules: name -> class
    effective_defaults: list[EffectiveDefault]
    omissions: list[Omission]
    checkpoint_components: list[str]
    ray_backend: str  # what learner_backend="ray" does here ("" when the class has no such parameter)
    methods: list[Method]
    # Curated (data/trainers.yaml), checked against torchrl:
    loss: str
    other_losses: list[str] = field(default_factory=list)
    loss_note: str = ""
    reference_only: dict[str, str] = field(default_factory=dict)
    # Parameter -> [description, source]: the upstream docstring's, or curated (tools/trainers/facts/descriptions.py).
    descriptions: dict[str, list[str]] = field(default_factory=dict)

    def parameter(self, name: str) -> Parameter | None:
        return next((p for p in self.parameters if p.name == name), None)

    def ops_at(self, point: str) -> list[RegisteredOp]:
        return [op for op in self.default_ops if op.point == point]
