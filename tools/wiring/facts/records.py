"""What the wiring checker found: plain, JSON-able dataclasses.

Keys are held as lists of strings (``["next", "reward"]``, the parts of a
``tools.core.keys.Key``): what JSON can hold and what a tuple NestedKey turns
into.  ``key_text`` spells one as a reader writes it in Python.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from tools.core.codec import record_codec, to_json
from tools.core.keys import Key as CoreKey
from tools.core.keys import key_text

Key = list[str]

READY, NOT_READY = "ready", "not ready"
# What deleting a key did to the loss (measured): it raised, or it computed other numbers.
RAISES, CHANGES = "raises", "changes the loss"


def as_key(key) -> Key:
    """A torchrl NestedKey (str or tuple, possibly nested tuples) -> a flat list of strings."""
    return list(CoreKey.of(key).parts)


def nested(key: Key):
    """The NestedKey torchrl takes: a str for one part, a tuple otherwise."""
    return CoreKey.of(key).nested()


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
    """Measured on the zoo's construction: what a loss class (with one value estimator) reads."""

    loss: str
    estimator: str | None  # the ValueEstimators member the measurement ran with
    construction: str  # the zoo construction the measurement ran (project-relative path)
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
    kind: str  # a name from tools.wiring.facts.checks.CHECKS
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
    measured_on: str  # the zoo construction whose runs say which keys are required, or why none
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
        return render_text(self)


# -- the report as text: what `print(report)` and the check_wiring command show ---------------------

WIDTH = 100  # problems and warnings wrap here; the key table is as wide as its keys

LEGEND = (
    "  (needed: measured on {construction} by deleting each key: yes = the loss raises without it;\n"
    "   yes, silently = it runs without it on other numbers; optional = the same numbers)"
)


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def render_keys(report: WiringReport) -> list[str]:
    rows = [["key", "needed", "in data", "shape", "dtype", "written by", "read by"]]
    for k in report.keys:
        rows.append([
            key_text(k.key),
            ("yes" if k.effect != CHANGES else "yes, silently") if k.required else "optional",
            "yes" if k.present else "MISSING",
            str(k.shape) if k.shape is not None else "",
            (k.dtype or "").removeprefix("torch."),
            k.writer,
            ", ".join(k.read_by),
        ])  # fmt: skip
    return _table(rows)


def render_problems(report: WiringReport) -> list[str]:
    lines = []
    for number, p in enumerate(report.problems, 1):
        lines += textwrap.wrap(
            f"{number}. [{p.kind}] {p.message}",
            WIDTH,
            initial_indent="  ",
            subsequent_indent="     ",
            break_on_hyphens=False,
        )
        if p.fix is not None:
            lines.append(f"     fix: {p.fix.code}")
        elif p.advice:
            lines += textwrap.wrap(
                f"fix: {p.advice}",
                WIDTH,
                initial_indent="     ",
                subsequent_indent="          ",
                break_on_hyphens=False,
            )
    return lines


def _forward_line(label: str, run) -> str:
    return f"{label}: {'runs' if run.ok else 'raised ' + run.error}"


def render_text(report: WiringReport) -> str:
    estimator = f" with {report.estimator}" if report.estimator else ""
    lines = [f"{report.loss}{estimator}, checked on {report.source} of batch size {report.batch_size}"]
    lines.append("Keys it reads:")
    lines += render_keys(report)
    lines.append(LEGEND.format(construction=report.measured_on))
    if report.problems:
        lines.append("Problems:")
        lines += render_problems(report)
    if report.warnings:
        lines.append("Warnings:")
        for warning in report.warnings:
            lines += textwrap.wrap(
                warning, WIDTH, initial_indent="  - ", subsequent_indent="    ", break_on_hyphens=False
            )
    if report.forward is not None:
        line = _forward_line("Forward pass on a copy of the data", report.forward)
        silent = [k for k in report.keys if k.effect == CHANGES and not k.present]
        if report.forward.ok and silent:
            line += (
                f" (without {', '.join(key_text(k.key) for k in silent)} it computes other numbers, and raises nothing)"
            )
        lines.append(line)
    if report.fixed_forward is not None:
        lines.append(_forward_line("Forward pass with the set_keys fixes above applied", report.fixed_forward))
    count = len(report.problems)
    verdict = "ready" if report.ready else f"not ready ({count} problem{'s' if count != 1 else ''})"
    lines.append(f"Verdict: {verdict}")
    return "\n".join(lines)
