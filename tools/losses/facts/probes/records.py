"""Contract records: plain, JSON-able dataclasses (what each probe found)."""

from __future__ import annotations

from dataclasses import dataclass, field

# Outcomes of passing one constructor argument a non-default value.
ACCEPTED, DEPRECATED, WARNS, REFUSED, NOT_TRIED, GIVEN = (
    "accepted",
    "deprecated",
    "warns",
    "refused",
    "not tried",
    "given by the example",
)


@dataclass
class ArgumentOutcome:
    name: str
    tried: str  # the value tried, as Python source ("" when not tried)
    outcome: str  # one of the constants above
    text: str = ""  # the warning or error text, as torchrl printed it (first line)
    set_keys_name: str = ""  # for a `*_key` argument: the `set_keys` name it maps to
    set_keys_how: str = ""  # "measured" (the loss's key changed) or "introspected" (by name)

    def inventory_value(self) -> str:
        if self.outcome in (DEPRECATED, WARNS, REFUSED):
            return f"{self.outcome}: {self.text}"
        return self.outcome


@dataclass
class Run:
    """One try: did it run, and if not, what did it raise."""

    ok: bool
    error: str = ""  # "Type: first line"; for a try that was not made, why not
    measured: bool = True

    def text(self) -> str:
        if not self.measured:
            return self.error
        return "runs" if self.ok else f"fails: {self.error}"


@dataclass
class DefaultEstimator:
    """What the first forward pass did about the value estimator when none was made."""

    existed_before_forward: bool
    made_by_forward: str  # class name ("" when the forward pass made none)
    hyperparameters: dict[str, str]  # gamma, lmbda... of the estimator it made, as Python text
    warnings: list[str]  # warnings that forward pass gave that mention the estimator


@dataclass
class TerminalRun:
    """One forward pass with a NaN next observation at a terminal step."""

    skip_done_states: bool
    nan_outputs: list[str]  # loss terms that came out NaN
    network_read_nan: dict[str, bool]  # network attribute -> whether a NaN reached its forward call
    error: str = ""  # what the forward pass raised, when it did


@dataclass
class TerminalProbe:
    runs: list[TerminalRun] = field(default_factory=list)  # skip_done_states False, then True
    error: str = ""  # what the probe itself raised, when it could not run


@dataclass
class LossProbes:
    """Everything the contract probes measured on one loss (None fields: not applicable)."""

    name: str
    arguments: list[ArgumentOutcome] = field(default_factory=list)
    # Every key renamed under ("agents", ...) (("next", "agents", ...) for next-step
    # entries), the batch given an agent dimension, the networks re-keyed the same way.
    nested: Run | None = None
    nested_keys: dict[str, list[str]] = field(default_factory=dict)  # set_keys name -> nested key used
    # action kind -> run, for the kind the construction does not build, where the curated data says both.
    other_action: dict[str, Run] = field(default_factory=dict)
    # Constructor parameter -> the value the built loss holds under that attribute name,
    # with default arguments (where the loss keeps one): what a `None` default resolves to.
    effective_defaults: dict[str, str] = field(default_factory=dict)
    # Properties of a default-built loss every LossModule has: functional, vmap_randomness, reduction.
    instance_facts: dict[str, str] = field(default_factory=dict)
    default_estimator: DefaultEstimator | None = None
    # Losses taking skip_done_states: a NaN next observation at a terminal step, the flag off then on.
    terminal: TerminalProbe | None = None

    def argument(self, name: str) -> ArgumentOutcome | None:
        return next((a for a in self.arguments if a.name == name), None)
