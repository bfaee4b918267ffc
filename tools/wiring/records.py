"""What the wiring checker found: plain, JSON-able dataclasses.

Keys are held as lists of strings (``["next", "reward"]``): what JSON can
hold and what a tuple NestedKey turns into.  ``key_text`` spells one as a
reader writes it in Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.jsonable import record_codec, to_json

Key = list[str]

READY, NOT_READY = "ready", "not ready"


def as_key(key) -> Key:
    """A torchrl NestedKey (str or tuple, possibly nested tuples) -> a flat list of strings."""
    if isinstance(key, str):
        return [key]
    out: list[str] = []
    for part in key:
        out.extend(as_key(part))
    return out


def key_text(key: Key) -> str:
    """``"reward"`` or ``("next", "reward")``."""
    if len(key) == 1:
        return f'"{key[0]}"'
    return "(" + ", ".join(f'"{part}"' for part in key) + ")"


def nested(key: Key):
    """The NestedKey torchrl takes: a str for one part, a tuple otherwise."""
    return key[0] if len(key) == 1 else tuple(key)


# -- what a loss class reads, measured on the loss zoo ---------------------------------------------

# Kinds of role a key of the zoo's batch plays for its loss.
FIELD = "field"  # a set_keys name of the loss (``loss.tensor_keys.<name>``)
ESTIMATOR = "estimator"  # a set_keys name of the loss's value estimator
INPUT = "input"  # an in_key of one of the loss's networks
DIST_PARAMS = "dist_params"  # the parameters of the action distribution, stored at collection time
LITERAL = "key"  # read under this very name (no key map or network names it)


@dataclass(frozen=True)
class Role:
    """One reason a loss reads a key of its batch."""

    kind: str  # FIELD, ESTIMATOR, INPUT, DIST_PARAMS, LITERAL
    name: str  # the set_keys name, the network attribute, or the literal key's text
    location: tuple[str, ...]  # () at the root, ("next",) for what follows the step


@dataclass(frozen=True)
class ReadLeaf:
    """One key of the zoo's batch, what it is to the loss, and what deleting it did."""

    key: Key
    roles: list[Role]
    # Measured: "raises" (the forward pass raised without it), "changes the loss"
    # (it ran, with other numbers), or "" (same numbers: the loss does not need it).
    effect: str
    error: str = ""  # first line of the error when it raised


@dataclass(frozen=True)
class OutputRole:
    """A key the loss reads from what one of its own networks writes during the forward pass."""

    field: str  # the loss's set_keys name
    network: str  # the loss attribute holding the network


@dataclass(frozen=True)
class LossReads:
    """Measured on the zoo's recipe: what a loss class (with one value estimator) reads."""

    loss: str
    estimator: str | None  # the ValueEstimators member the measurement ran with
    recipe: str  # the zoo recipe the measurement ran (project-relative path)
    leaves: list[ReadLeaf]
    outputs: list[OutputRole]
    fed_internally: list[Key]  # networks' in_keys the batch does not hold: the loss provides them


encode_reads, decode_reads = record_codec(LossReads)


# -- the report ------------------------------------------------------------------------------------


@dataclass
class KeyMap:
    """A ``set_keys`` name that points at a key: ``loss.set_keys(field=...)`` moves it."""

    target: str  # "loss" or "loss.value_estimator"
    field: str
    location: list[str]  # the key is read as location + the set_keys value (["next"] for reward)


@dataclass
class ExpectedKey:
    """A key the loss or its value estimator will read, resolved for the user's loss, and what the data holds there."""

    key: Key
    read_by: list[str]  # e.g. "ClipPPOLoss.tensor_keys.sample_log_prob", "actor_network in_keys"
    writer: str  # who should write it
    required: bool  # measured on the zoo: without it the loss raises or computes other numbers
    maps: list[KeyMap] = field(default_factory=list)  # the set_keys names that point at it
    # Measured on the zoo, without it: "raises", "changes the loss" (it runs on other numbers), or "".
    effect: str = ""
    present: bool = False
    shape: list[int] | None = None
    dtype: str | None = None


@dataclass
class Fix:
    """A ``set_keys`` call that maps what the loss reads onto what the data or a network holds."""

    target: str  # "loss" or "loss.value_estimator"
    field: str
    key: Key

    @property
    def code(self) -> str:
        return f"{self.target}.set_keys({self.field}={key_text(self.key)})"


@dataclass
class Problem:
    kind: str  # a name from tools.wiring.checks.CHECKS
    key: Key | None
    message: str
    fix: Fix | None = None
    advice: str = ""  # what to do when no set_keys call fixes it
    candidates: list[Key] = field(default_factory=list)  # closest keys the data (or network) has


@dataclass
class ForwardRun:
    ok: bool
    error: str = ""  # "<ExceptionType>: <first line>" when it raised


@dataclass
class WiringReport:
    loss: str
    estimator: str | None  # class name of loss.value_estimator
    source: str  # where the data came from: "data" or "a rollout of N steps"
    batch_size: list[int]
    measured_on: str  # the zoo recipe whose runs say which keys are required, or why none
    keys: list[ExpectedKey]
    problems: list[Problem]
    warnings: list[str]
    forward: ForwardRun | None  # None when try_forward=False
    fixed_forward: ForwardRun | None = None  # the forward pass with the suggested set_keys calls applied

    @property
    def ready(self) -> bool:
        return not self.problems

    @property
    def verdict(self) -> str:
        return READY if self.ready else NOT_READY

    @property
    def fixes(self) -> list[Fix]:
        return [p.fix for p in self.problems if p.fix is not None]

    def to_json(self) -> dict:
        return {"verdict": self.verdict, **to_json(self)}

    def __str__(self) -> str:
        from tools.wiring.render import render_text

        return render_text(self)
