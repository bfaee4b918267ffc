"""The checks: each looks at the user's loss, its networks and the data, and returns problems and warnings.

``CHECKS`` names every kind of problem the checker reports; the page's table of
checks is rendered from it, so the page lists exactly what the code checks.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from tools.wiring.facts.reads import estimator_member, estimator_of, key_fields, networks
from tools.wiring.facts.records import ExpectedKey, Fix, Key, OutputRole, Problem, as_key, key_text


@dataclass(frozen=True)
class Check:
    name: str
    looks_for: str
    suggests: str


CHECKS = (
    Check("missing", "a key the loss or its value estimator reads (measured on the loss zoo) is not in the data",
          "the `set_keys(...)` call that maps it to the closest key the data has, or who should write it"),
    Check("network_output", "a key the loss reads from one of its own networks (critic, Q-network) is not among "
          "that network's `out_keys`", "the `set_keys(...)` call naming what the network writes"),
    Check("trailing_dim", "`reward`, `done` or `terminated` without a trailing dimension of size 1",
          "store them as `[..., 1]` (the environment's specs decide)"),
    Check("done_terminated", "`terminated` set at a step where `done` is not",
          "write `done = terminated | truncated`, as torchrl's environments do"),
    Check("time_dim", "data with no batch dimension for a value estimator that runs along time",
          "pass a trajectory (`[time]` or `[envs, time]`), not one transition"),
    Check("action_encoding", "discrete actions stored as indices where the loss expects one-hot vectors, or the reverse",
          "the encoding the loss's `action_space` (or the actor's distribution) reads"),
    Check("log_prob_grad", "a stored log-probability that carries a gradient",
          "collect under `torch.no_grad()` (collectors do) or store it detached"),
    Check("forward", "the forward pass of the loss raised although every check above passed",
          "the error text, so the report never says ready for a wiring that raises"),
)  # fmt: skip
KINDS = {check.name for check in CHECKS}

SIGNALS = ("reward", "done", "terminated")
LOG_PROB_FIELDS = ("sample_log_prob", "log_prob", "action_log_prob")
# Estimators that walk along a time dimension (all but the one-step TD(0)).
TIME_ESTIMATORS = ("TD1", "TDLambda", "GAE", "MAGAE", "VTrace")
ONE_HOT_SPACES = ("one_hot", "one-hot", "onehot")
INDEX_SPACES = ("categorical",)
ONE_HOT_DISTRIBUTIONS = ("OneHotCategorical", "MaskedOneHotCategorical")
INDEX_DISTRIBUTIONS = ("Categorical", "MaskedCategorical")


def problem(kind: str, key: Key | None, message: str, **extra) -> Problem:
    if kind not in KINDS:
        raise ValueError(f"unknown check {kind!r}; add it to CHECKS in tools/wiring/facts/checks.py")
    return Problem(kind, key, message, **extra)


# -- missing keys --------------------------------------------------------------------------------


def closest(wanted: Key, available: list[Key], limit: int = 3) -> list[Key]:
    """Keys of the data most like ``wanted``: the same last name first, then by spelling."""
    text = "/".join(wanted)
    scored = []
    for key in available:
        ratio = difflib.SequenceMatcher(None, text, "/".join(key)).ratio()
        same_name = key[-1] == wanted[-1]
        if same_name or ratio >= 0.6:
            scored.append((same_name, ratio, key))
    scored.sort(key=lambda item: (not item[0], -item[1]))
    return [key for _, _, key in scored[:limit]]


def _fix_for(expected: ExpectedKey, candidates: list[Key]) -> Fix | None:
    """The first set_keys call that points ``expected`` at a candidate, where it is read (``next`` stays)."""
    maps = sorted(expected.maps, key=lambda m: m.target != "loss")
    for candidate in candidates:
        for key_map in maps:
            n = len(key_map.location)
            if candidate[:n] == key_map.location and len(candidate) > n:
                return Fix(key_map.target, key_map.field, candidate[n:])
    return None


def missing_keys(keys: list[ExpectedKey], data_keys: list[Key]) -> tuple[list[Problem], list[str]]:
    read = {tuple(k.key) for k in keys if k.present}
    unread = [key for key in data_keys if tuple(key) not in read]
    problems, warnings = [], []
    for expected in keys:
        if expected.present:
            continue
        who = ", ".join(expected.read_by)
        if not expected.required:
            warnings.append(
                f"{key_text(expected.key)} is not in the data ({who}); the loss runs without it "
                f"(measured), but the {expected.writer} normally writes it"
            )
            continue
        candidates = closest(expected.key, unread)
        fix = _fix_for(expected, candidates)
        similar = f"; the data has {', '.join(key_text(c) for c in candidates)}" if candidates else ""
        message = f"{key_text(expected.key)} is missing: read by {who}, written by the {expected.writer}{similar}"
        advice = "" if fix else _advice(expected, candidates)
        problems.append(problem("missing", expected.key, message, fix=fix, advice=advice, candidates=candidates))
    return problems, warnings


def _advice(expected: ExpectedKey, candidates: list[Key]) -> str:
    if expected.maps:
        where = expected.maps[0].location
        if where and candidates:
            return f"it is read under {key_text(where)}: store the {expected.writer}'s value there"
        return f"the {expected.writer} must write it (the loss reads it from the data)"
    networks_reading = [r.split(" ")[0] for r in expected.read_by if " input" in r]
    if networks_reading:
        return (
            f"the {expected.writer} must write it, or build {' and '.join(networks_reading)} with in_keys "
            "naming a key the data has"
        )
    return f"the {expected.writer} must write it; collect with the actor the loss holds"


# -- what the loss's own networks write ----------------------------------------------------------------


def network_outputs(loss, outputs: list[OutputRole]) -> list[Problem]:
    nets, fields = networks(loss), key_fields(loss)
    named = {tuple(v) for v in fields.values()}
    problems = []
    for role in outputs:
        net, key = nets.get(role.network), fields.get(role.field)
        if net is None or key is None:
            continue
        written = [as_key(k) for k in net.out_keys]
        if key in written:
            continue
        candidates = (
            closest(key, [k for k in written if tuple(k) not in named])
            or [k for k in written if tuple(k) not in named][:1]
        )
        fix = Fix("loss", role.field, candidates[0]) if candidates else None
        message = (
            f"{type(loss).__name__} reads {role.field} = {key_text(key)} from what {role.network} writes, "
            f"but {role.network} writes {', '.join(key_text(k) for k in written)}"
        )
        problems.append(problem("network_output", key, message, fix=fix, candidates=candidates))
    return problems


# -- shapes and values ---------------------------------------------------------------------------


def _fields(expected: ExpectedKey) -> set[str]:
    return {m.field for m in expected.maps}


def signal_shapes(keys: list[ExpectedKey], data) -> list[Problem]:
    problems = []
    for expected in keys:
        if not expected.present or not _fields(expected) & set(SIGNALS):
            continue
        shape = expected.shape or []
        if len(shape) <= data.batch_dims or shape[-1] != 1:
            problems.append(problem(
                "trailing_dim", expected.key,
                f"{key_text(expected.key)} has shape {shape} for a batch of {list(data.batch_size)}: "
                "the estimator expects a trailing dimension of size 1",
                advice="give the environment's reward / done specs shape (1,), or store `value.unsqueeze(-1)`",
            ))  # fmt: skip
    return problems


def done_and_terminated(keys: list[ExpectedKey], data) -> tuple[list[Problem], list[str]]:
    import torch

    by_field = {f: k for k in keys if k.present for f in _fields(k)}
    problems, warnings = [], []
    for name in ("done", "terminated"):
        if name in by_field and by_field[name].dtype != str(torch.bool):
            warnings.append(f"{key_text(by_field[name].key)} holds {by_field[name].dtype}; environments write booleans")
    if "done" in by_field and "terminated" in by_field:
        done, terminated = data.get(tuple(by_field["done"].key)), data.get(tuple(by_field["terminated"].key))
        if done.shape == terminated.shape:
            bad = int((terminated.bool() & ~done.bool()).sum())
            if bad:
                problems.append(problem(
                    "done_terminated", by_field["terminated"].key,
                    f"{key_text(by_field['terminated'].key)} is set at {bad} step(s) where "
                    f"{key_text(by_field['done'].key)} is not: an episode that terminated is also done",
                    advice="write done = terminated | truncated",
                ))  # fmt: skip
    return problems, warnings


def time_dimension(loss, data) -> list[Problem]:
    member = estimator_member(estimator_of(loss))
    if member in TIME_ESTIMATORS and data.batch_dims == 0:
        return [problem(
            "time_dim", None,
            f"the data has no batch dimension, but {type(estimator_of(loss)).__name__} runs along time",
            advice="pass a trajectory (batch [time] or [envs, time]), e.g. a collector batch",
        )]  # fmt: skip
    return []


def _stored_kind(value, batch_dims: int) -> str | None:
    """ "one-hot", "index" or None (cannot tell) for the actions in the data."""
    if not value.is_floating_point() and (value.ndim == batch_dims or value.shape[-1] == 1):
        return "index"
    if value.ndim > batch_dims and value.shape[-1] > 1:
        binary = bool(((value == 0) | (value == 1)).all())
        if binary and bool((value.sum(-1) == 1).all()):
            return "one-hot"
    if value.ndim > batch_dims and value.shape[-1] == 1 and bool((value == value.round()).all()):
        return "index"
    return None


def expected_action_kind(loss) -> tuple[str | None, str, bool]:
    """What the loss reads for a discrete action, why, and whether its own action_space says so (else its actor's distribution)."""
    from tensordict.nn import ProbabilisticTensorDictModule

    space = getattr(loss, "action_space", None)
    if isinstance(space, str):
        if space in ONE_HOT_SPACES:
            return "one-hot", f'{type(loss).__name__} was built with action_space="{space}"', True
        if space in INDEX_SPACES:
            return "index", f'{type(loss).__name__} was built with action_space="{space}"', True
    for name, net in networks(loss).items():
        for module in net.modules():
            if isinstance(module, ProbabilisticTensorDictModule):
                dist = getattr(module, "distribution_class", None)
                dist_name = getattr(dist, "__name__", "")
                if dist_name in ONE_HOT_DISTRIBUTIONS:
                    return "one-hot", f"{name} samples from {dist_name}", False
                if dist_name in INDEX_DISTRIBUTIONS:
                    return "index", f"{name} samples from {dist_name}", False
    return None, "", False


def action_encoding(loss, keys: list[ExpectedKey], data) -> list[Problem]:
    wanted, why, from_loss = expected_action_kind(loss)
    if wanted is None:
        return []
    problems = []
    for expected in keys:
        if not expected.present or "action" not in _fields(expected):
            continue
        stored = _stored_kind(data.get(tuple(expected.key)), data.batch_dims)
        if stored is None or stored == wanted:
            continue
        shape = expected.shape
        if wanted == "one-hot":
            advice = "store one-hot actions: torch.nn.functional.one_hot(index, n_actions)"
        else:
            advice = "store action indices: one_hot.argmax(-1)"
        if from_loss:
            other = "categorical" if wanted == "one-hot" else "one_hot"
            advice += f', or build {type(loss).__name__} with action_space="{other}"'
        problems.append(problem(
            "action_encoding", expected.key,
            f"{why}: it reads {wanted} actions, but {key_text(expected.key)} holds {stored} actions "
            f"(shape {shape}, {expected.dtype})",
            advice=advice,
        ))  # fmt: skip
    return problems


def log_prob_gradient(keys: list[ExpectedKey], data) -> list[Problem]:
    problems = []
    for expected in keys:
        logged = expected.present and _fields(expected) & set(LOG_PROB_FIELDS)
        if logged and data.get(tuple(expected.key)).requires_grad:
            problems.append(problem(
                    "log_prob_grad", expected.key,
                    f"{key_text(expected.key)} carries a gradient: the stored log-probability is the behaviour "
                    "policy's, a constant to the loss",
                    advice="collect under torch.no_grad() (collectors do), or store it with .detach()",
                ))  # fmt: skip
    return problems
