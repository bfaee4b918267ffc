"""The loss records: plain, JSON-able dataclasses.  Everything the pages, the CLI and inventory show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tools.core.signatures import Parameter
from tools.losses.facts.probes.records import LossProbes

# How a fact was obtained; every table cell says which.
INTROSPECTED, MEASURED, CURATED = "introspected", "measured", "curated"


@dataclass
class AcceptedKey:
    name: str  # the set_keys argument
    default: Any  # str, list of str (a nested key), or None (resolved at run time)
    holds: str  # curated
    writer: str  # curated
    written_by_forward: bool | None = None  # measured: the loss wrote it into the batch


@dataclass
class Output:
    key: Any  # str or list of str (nested)
    carries_grad: bool
    shape: list[int]
    note: str = ""


@dataclass
class Measurement:
    """What happened when the zoo's construction was run (None for a loss without a construction)."""

    action_space: str | None  # the kind the construction exercises
    renamed: dict[str, Any]  # set_keys name -> key the construction renamed it to
    returns_tuple: bool
    loss_outputs: list[Output]
    diagnostic_outputs: list[Output]
    target_params: list[str]
    mask_honoured: bool | None
    mask_error: str | None
    priority_written: bool | None
    warnings: list[str]
    written_keys: list[Any]  # keys the forward pass added to the batch
    # Constructor arguments, nested keys, the other action kind (tools/losses/facts/probes/).
    probes: LossProbes | None = None


@dataclass
class Curated:
    family: str
    action_space: list[str]
    setting: list[str]
    multi_agent: bool
    paper: str | None


@dataclass
class LossRecord:
    name: str
    module: str  # where the class is defined
    namespace: str  # the public namespace exporting it
    signature: str  # ``Name(a: T = 1, *, b: U = 2, **kwargs)``: the constructor's own signature
    params: list[Parameter]  # the constructor's named parameters
    params_via_kwargs: list[Parameter]  # named by a parent __init__ the constructor passes **kwargs to
    accepted_keys: list[AcceptedKey]
    set_keys_available: bool
    default_value_estimator: str | None
    declared_value_estimators: list[str] | None  # SUPPORTED_VALUE_ESTIMATORS, when the class declares it
    delay_flags: dict[str, str]  # constructor flags that control target parameters -> default
    has_deactivate_vmap: bool
    curated: Curated
    measured: Measurement | None
    not_built_reason: str | None = None

    def documented_only(self, param_docs: dict[str, str]) -> list[str]:
        """Parameters the docstring (``param_docs``, from ``tools.api``) describes but the constructor does not name."""
        named = {p.name for p in self.constructor_params} | {"kwargs", "args"}
        return [name for name in param_docs if name not in named]

    @property
    def constructor_params(self) -> list[Parameter]:
        """Every named argument the constructor accepts: its own, then those it passes on in ``**kwargs``."""
        return [*self.params, *self.params_via_kwargs]

    @property
    def required_args(self) -> list[str]:
        return [p.name for p in self.constructor_params if p.required]

    @property
    def is_llm(self) -> bool:
        return self.namespace.endswith(".llm")

    @property
    def priority_key(self) -> Any:
        return next((k.default for k in self.accepted_keys if k.name == "priority"), None)

    @property
    def supported_value_estimators(self) -> list[str]:
        """What the class declares (``SUPPORTED_VALUE_ESTIMATORS``; empty when it declares none).

        What really happens with each member is measured once, by the estimator
        matrix (``tools.estimators.matrix``), and joined in by the views.
        """
        return list(self.declared_value_estimators or [])
