"""Records about value estimators: plain, JSON-able dataclasses.

Keys are TensorDict ``NestedKey``s: a string or a tuple of strings.  In the
records a key is a string or a list of strings (what JSON can hold:
``tools.core.keys``); ``key_text`` turns either into the Python spelling readers paste.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tools.core.codec import record_codec
from tools.core.errors import error_text
from tools.core.keys import KeyJSON as Key
from tools.core.keys import key_text
from tools.core.signatures import Parameter


@dataclass(frozen=True)
class Outcome:
    """What happened when the build ran something: it worked, or it raised."""

    ok: bool
    error: str = ""  # "<ExceptionType>: <first line of the message>" when not ok
    # Compared with the reference run of the same probe: did the numbers move?
    changed: bool | None = None

    @classmethod
    def from_exception(cls, exc: BaseException) -> Outcome:
        return cls(ok=False, error=error_text(exc, lines=1))


@dataclass(frozen=True)
class KeyUse:
    """One field of an estimator's key map (the names ``set_keys`` accepts)."""

    field: str
    default_key: Key
    # Where the estimator looks for it: ["next"] for reward/done/terminated.
    location: list[str]
    # What torchrl declares: "in_keys" when the key is among the estimator's
    # in_keys, "out_keys" when among its out_keys, "" when neither.
    declared: str
    written: bool  # measured: the key appeared in the data after the call
    # Measured: the call with the key removed from the probe data (None when a
    # plain rollout does not hold the key, so there is nothing to remove).
    without: Outcome | None
    # Measured: the call with a changed value under the key (None: no probe).
    perturbed: Outcome | None
    perturbation: str  # what the probe changed, in words

    def location_text(self) -> str:
        """Where the estimator looks the field up, as a key a reader pastes: ``("next", "reward")``."""
        key = self.default_key
        parts = (key,) if isinstance(key, str) else tuple(key)
        return key_text(tuple(self.location) + parts) if self.location else key_text(key)


@dataclass(frozen=True)
class ShapeProbe:
    """One run on a differently laid-out trajectory, compared with the reference layout."""

    name: str
    description: str  # what the probe changed, in words
    comparison: str  # what its numbers are compared with (or what else it reports)
    outcome: Outcome | None  # None: not applicable to this estimator (see ``reason``)
    reason: str = ""


@dataclass(frozen=True)
class EstimatorRecord:
    name: str  # class name, e.g. "GAE"
    module: str  # public import path, e.g. "torchrl.objectives.value"
    member: str  # the ValueEstimators member it is registered for, e.g. "GAE"
    summary: str  # curated (data/estimators.yaml)
    layout: str  # curated: the probe trajectory it is measured on ("single-agent", "multi-agent")
    # Constructor parameters (tools.core.signatures): its own, then those its __init__
    # passes on in **kwargs (MultiAgentGAE -> GAE), each with the class declaring it.
    parameters: list[Parameter]
    # Hyper-parameters a loss's make_value_estimator(member) passes by default.
    registry_defaults: dict[str, Any]
    forward_keywords: list[str]  # keyword arguments of forward() besides the data
    keys: list[KeyUse]
    # Measured on the probe trajectory [batch, time] = reference layout.
    probe_batch: list[int]
    output_shapes: dict[str, list[int]]  # written key (text) -> shape
    value_precomputed: Outcome  # run with state values already in the data
    action_changed: Outcome | None  # estimators with an actor: run with other actions in the data
    shapes: list[ShapeProbe]
    deprecated_key_arguments: dict[str, Outcome]  # ctor *_key argument -> what passing it did
    # set_keys(<ctor *_key argument name>=...) on a built estimator -> what it did (measured): the name its
    # refusal of the constructor argument tells users to pass.
    set_keys_with_argument_names: dict[str, Outcome] = field(default_factory=dict)
    # Parameters whose signature default is None -> what an estimator built without them holds under that
    # name (measured; only where it keeps such an attribute).
    effective_defaults: dict[str, str] = field(default_factory=dict)

    def parameter(self, name: str) -> Parameter | None:
        return next((p for p in self.parameters if p.name == name), None)


@dataclass(frozen=True)
class DeprecatedAlias:
    name: str
    replacement: str
    constructed: Outcome  # measured: building it with the replacement's arguments


@dataclass(frozen=True)
class ForwardingCase:
    """A loss, a renamed reward key, and whether the estimator ended up reading it."""

    order: str  # what the user did, in order
    estimator_reward_key: Key  # measured
    forwarded: bool


@dataclass(frozen=True)
class EstimatorReference:
    estimators: list[EstimatorRecord]
    deprecated_aliases: list[DeprecatedAlias]
    forwarding_loss: str
    forwarding: list[ForwardingCase]
    members: list[str] = field(default_factory=list)  # every ValueEstimators member, in order

    def by_name(self, name: str) -> EstimatorRecord:
        for record in self.estimators:
            if record.name == name:
                return record
        raise KeyError(name)


encode, decode = record_codec(EstimatorReference)
