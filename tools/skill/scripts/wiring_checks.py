"""The checks of check_wiring.py, beside it in the skill's scripts folder: what a torchrl loss and its
value estimator declare they read, held against a batch (see check_wiring.py for what each check is).

Needs only torchrl (with torch and tensordict).  ``check(loss, data=..., env=..., policy=..., critic=...)``
returns the report as a dict; ``BadInput`` is what a user's mistake raises.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import warnings

ROLLOUT_STEPS = 4
ARGUMENTS = ("data", "env", "policy", "critic")
SIGNALS = ("reward", "done", "terminated")
LOG_PROB_FIELDS = ("sample_log_prob", "log_prob", "action_log_prob")
# Where a value estimator reads each of its key map's fields: reward and episode ends after the step.
NEXT_FIELDS = ("reward", "done", "terminated")
ESTIMATOR_OUTPUTS = ("advantage", "value_target", "value")
# Estimators that walk along a time dimension (all but the one-step TD(0)).
TIME_ESTIMATORS = ("TD1Estimator", "TDLambdaEstimator", "GAE", "MultiAgentGAE", "VTrace")
ONE_HOT_SPACES = ("one_hot", "one-hot", "onehot")
INDEX_SPACES = ("categorical",)
ONE_HOT_DISTRIBUTIONS = ("OneHotCategorical", "MaskedOneHotCategorical")
INDEX_DISTRIBUTIONS = ("Categorical", "MaskedCategorical")
LEFT_TO_THE_COMMAND = (
    "network_output (keys the loss reads from its own networks' outputs), keys whose absence changes the loss's numbers silently, "
    "who writes each key: the site project's check_wiring command"
)


class BadInput(Exception):
    """A mistake in what the script was given: said in one line, exit status 2."""


# -- keys ----------------------------------------------------------------------------------------------


def as_key(key) -> tuple[str, ...]:
    """A NestedKey (str or tuple, possibly nested) -> a flat tuple of strings."""
    if isinstance(key, str):
        return (key,)
    return tuple(part for item in key for part in as_key(item))


def key_text(key) -> str:
    """``"reward"`` or ``("next", "reward")``, as a reader writes the key in Python."""
    quoted = ['"' + part.replace('"', '\\"') + '"' for part in key]
    return quoted[0] if len(quoted) == 1 else "(" + ", ".join(quoted) + ")"


def nested(key: tuple[str, ...]):
    return key[0] if len(key) == 1 else key


def key_fields(obj) -> dict[str, tuple[str, ...]]:
    """``set_keys`` name -> current key of a loss or estimator, None-valued ones left out."""
    keys = getattr(obj, "tensor_keys", None)
    if keys is None or not dataclasses.is_dataclass(keys):
        return {}
    return {
        f.name: as_key(getattr(keys, f.name)) for f in dataclasses.fields(keys) if getattr(keys, f.name) is not None
    }


# -- the loss, its networks and its estimator ----------------------------------------------------------


def networks(loss) -> dict:
    """The loss's networks by attribute name (functional ones sit in ``__dict__``, not among the children)."""
    from tensordict.nn import TensorDictModuleBase
    from torchrl.objectives import LossModule
    from torchrl.objectives.value import ValueEstimatorBase

    found = {}
    for name, module in [*loss.named_children(), *vars(loss).items()]:
        if name.startswith("_") or name in found or isinstance(module, (ValueEstimatorBase, LossModule)):
            continue
        if isinstance(module, TensorDictModuleBase):
            found[name] = module
    return found


def estimator_of(loss):
    """``loss.value_estimator`` (built on first use, as the forward pass would), or None."""
    cls = type(loss)
    if getattr(cls, "default_value_estimator", None) is None and not hasattr(cls, "SUPPORTED_VALUE_ESTIMATORS"):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return loss.value_estimator
    except Exception:  # the loss cannot build its default estimator: it reads none from the data
        return None


@dataclasses.dataclass
class KeyMap:
    target: str  # "loss" or "loss.value_estimator"
    field: str
    location: tuple[str, ...]  # the key is read as location + the set_keys value


@dataclasses.dataclass
class Expected:
    key: tuple[str, ...]
    read_by: list[str]
    maps: list[KeyMap]
    present: bool = False
    shape: list[int] | None = None
    dtype: str | None = None

    @property
    def fields(self) -> set[str]:
        return {m.field for m in self.maps}


def declared_in_keys(obj) -> list[tuple[str, ...]] | None:
    """What a loss or an estimator declares it reads; None when it declares nothing it can tell."""
    try:
        declared = getattr(obj, "in_keys", None)
        return None if declared is None else [as_key(k) for k in declared]
    except Exception:  # a property that cannot answer before the first forward pass: nothing declared
        return None


def expected_keys(loss, estimator) -> list[Expected] | None:
    """The keys the loss and its estimator declare they read, with the set_keys names that point at each."""
    declared = declared_in_keys(loss)
    if declared is None:
        return None
    readers = {k: [f"{type(loss).__name__}.in_keys"] for k in declared}
    for k in (declared_in_keys(estimator) or []) if estimator is not None else []:
        readers.setdefault(k, []).append(f"{type(estimator).__name__}.in_keys")
    fields = key_fields(loss)
    est_fields = key_fields(estimator) if estimator is not None else {}
    found = []
    for key, read_by in readers.items():
        maps = [
            KeyMap("loss", name, location)
            for name, value in fields.items()
            for location in ((), ("next",))
            if key == (*location, *value)
        ]
        for name, value in est_fields.items():
            location = ("next",) if name in NEXT_FIELDS else ()
            if name in ESTIMATOR_OUTPUTS or key != (*location, *value):
                continue
            target = "loss" if fields.get(name) == value else "loss.value_estimator"
            if not any(m.target == target and m.field == name for m in maps):
                maps.append(KeyMap(target, name, location))
        found.append(Expected(key, read_by, maps))
    return found


# -- the checks ----------------------------------------------------------------------------------------


def problem(kind: str, key, message: str, fix: dict | None = None, advice: str = "", candidates=()) -> dict:
    return {
        "kind": kind,
        "key": list(key) if key is not None else None,
        "message": message,
        "fix": fix,
        "advice": advice,
        "candidates": [list(c) for c in candidates],
    }


def fix_code(fix: dict) -> str:
    return f"{fix['target']}.set_keys({fix['field']}={key_text(fix['key'])})"


def closest(wanted: tuple[str, ...], available: list[tuple[str, ...]], limit: int = 3) -> list[tuple[str, ...]]:
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


def fix_for(expected: Expected, candidates: list[tuple[str, ...]]) -> dict | None:
    """The first set_keys call that points the key at a candidate, where it is read (``next`` stays)."""
    maps = sorted(expected.maps, key=lambda m: m.target != "loss")
    for candidate in candidates:
        for key_map in maps:
            n = len(key_map.location)
            if candidate[:n] == key_map.location and len(candidate) > n:
                return {"target": key_map.target, "field": key_map.field, "key": list(candidate[n:])}
    return None


def missing_keys(keys: list[Expected], data_keys: list[tuple[str, ...]], forward_raised: bool):
    read = {k.key for k in keys if k.present}
    unread = [key for key in data_keys if key not in read]
    problems, warned = [], []
    for expected in keys:
        if expected.present:
            continue
        who = ", ".join(expected.read_by)
        if not forward_raised:
            warned.append(f"{key_text(expected.key)} is not in the data ({who}); the forward pass ran without it")
            continue
        candidates = closest(expected.key, unread)
        fix = fix_for(expected, candidates)
        similar = f"; the data has {', '.join(key_text(c) for c in candidates)}" if candidates else ""
        advice = "" if fix else "write it into the data, or map the loss to a key the data has with set_keys"
        message = f"{key_text(expected.key)} is missing: read by {who}{similar}"
        problems.append(problem("missing", expected.key, message, fix, advice, candidates))
    return problems, warned


def signal_shapes(keys: list[Expected], data) -> list[dict]:
    problems = []
    for expected in keys:
        if not expected.present or not expected.fields & set(SIGNALS):
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


def done_and_terminated(keys: list[Expected], data):
    import torch

    by_field = {f: k for k in keys if k.present for f in k.fields}
    problems, warned = [], []
    for name in ("done", "terminated"):
        if name in by_field and by_field[name].dtype != str(torch.bool):
            warned.append(f"{key_text(by_field[name].key)} holds {by_field[name].dtype}; environments write booleans")
    if "done" in by_field and "terminated" in by_field:
        done, terminated = data.get(by_field["done"].key), data.get(by_field["terminated"].key)
        if done.shape == terminated.shape:
            bad = int((terminated.bool() & ~done.bool()).sum())
            if bad:
                problems.append(problem(
                    "done_terminated", by_field["terminated"].key,
                    f"{key_text(by_field['terminated'].key)} is set at {bad} step(s) where "
                    f"{key_text(by_field['done'].key)} is not: an episode that terminated is also done",
                    advice="write done = terminated | truncated",
                ))  # fmt: skip
    return problems, warned


def time_dimension(estimator, data) -> list[dict]:
    if estimator is not None and type(estimator).__name__ in TIME_ESTIMATORS and data.batch_dims == 0:
        return [problem(
            "time_dim", None,
            f"the data has no batch dimension, but {type(estimator).__name__} runs along time",
            advice="pass a trajectory (batch [time] or [envs, time]), e.g. a collector batch",
        )]  # fmt: skip
    return []


def stored_kind(value, batch_dims: int) -> str | None:
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
    """What the loss reads for a discrete action, why, and whether its own action_space says so."""
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
                dist_name = getattr(getattr(module, "distribution_class", None), "__name__", "")
                if dist_name in ONE_HOT_DISTRIBUTIONS:
                    return "one-hot", f"{name} samples from {dist_name}", False
                if dist_name in INDEX_DISTRIBUTIONS:
                    return "index", f"{name} samples from {dist_name}", False
    return None, "", False


def action_encoding(loss, keys: list[Expected], data) -> list[dict]:
    wanted, why, from_loss = expected_action_kind(loss)
    if wanted is None:
        return []
    problems = []
    for expected in keys:
        if not expected.present or "action" not in expected.fields:
            continue
        stored = stored_kind(data.get(expected.key), data.batch_dims)
        if stored is None or stored == wanted:
            continue
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
            f"(shape {expected.shape}, {expected.dtype})",
            advice=advice,
        ))  # fmt: skip
    return problems


def log_prob_gradient(keys: list[Expected], data) -> list[dict]:
    return [
        problem(
            "log_prob_grad",
            expected.key,
            f"{key_text(expected.key)} carries a gradient: the stored log-probability is the behaviour "
            "policy's, a constant to the loss",
            advice="collect under torch.no_grad() (collectors do), or store it with .detach()",
        )
        for expected in keys
        if expected.present and expected.fields & set(LOG_PROB_FIELDS) and data.get(expected.key).requires_grad
    ]


# -- the forward pass ----------------------------------------------------------------------------------


def error_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


def run_forward(loss, data) -> dict:
    """One forward pass on a copy of the data; the random state is left as it was."""
    import torch

    try:
        with torch.random.fork_rng(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            loss(data.clone())
    except Exception as exc:  # reported with its text: the point of the check
        return {"ok": False, "error": error_line(exc)}
    return {"ok": True, "error": ""}


def copied(loss):
    try:
        return copy.deepcopy(loss)
    except Exception:  # a loss that cannot be copied: the checks run on the loss itself
        return None


def forward_with_fixes(loss, data, fixes: list[dict]) -> dict | None:
    """The suggested set_keys calls, all renames of one target in one call, on a copy of the loss."""
    fixed = copied(loss)
    if fixed is None:
        return None
    by_target: dict[str, dict] = {}
    for fix in fixes:
        by_target.setdefault(fix["target"], {})[fix["field"]] = nested(tuple(fix["key"]))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for target_name, renames in by_target.items():
                target = fixed.value_estimator if target_name == "loss.value_estimator" else fixed
                target.set_keys(**renames)
    except Exception as exc:  # the suggested call itself raised: say so
        return {"ok": False, "error": error_line(exc)}
    return run_forward(fixed, data)


# -- one wiring ----------------------------------------------------------------------------------------


def rollout(loss, env, policy, critic, steps: int = ROLLOUT_STEPS):
    import torch

    if policy is None:
        policy = networks(loss).get("actor_network")
        if policy is None:
            raise BadInput(f"{type(loss).__name__} holds no actor_network: return policy= to act in the environment")
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        data = env.rollout(steps, policy, break_when_any_done=False)
        if critic is not None:
            critic(data)
    return data


def check(loss, data=None, env=None, policy=None, critic=None, try_forward: bool = True) -> dict:
    from tensordict import TensorDictBase
    from torchrl.objectives import LossModule

    if not isinstance(loss, LossModule):
        raise BadInput(f"the loss must be a torchrl loss module, got {type(loss).__name__}")
    if (data is None) == (env is None):
        raise BadInput("return either data (a TensorDict) or env (with policy), not both or neither")
    if data is not None and not isinstance(data, TensorDictBase):
        raise BadInput(f"data must be a TensorDict (a collector batch or a replay sample), got {type(data).__name__}")
    pristine = copied(loss)  # before reading the estimator, which builds a loss's default one
    source = "data"
    if env is not None:
        data, source = rollout(loss, env, policy, critic), f"a rollout of {ROLLOUT_STEPS} steps"
    estimator = estimator_of(loss)
    keys = expected_keys(loss, estimator)
    data_keys = [as_key(k) for k in data.keys(include_nested=True, leaves_only=True)]
    # The forward pass tells a declared key the loss cannot do without from one it runs without.
    forward = run_forward(copied(pristine) if pristine is not None else loss, data) if try_forward else None
    problems, warned = [], []
    if keys is None:
        keys = []
        warned.append(f"{type(loss).__name__} declares no in_keys: only its forward pass is checked here")
    for expected in keys:
        value = data.get(expected.key, None)
        if value is not None and hasattr(value, "shape"):
            expected.present, expected.shape, expected.dtype = True, list(value.shape), str(value.dtype)
    found, missing_warnings = missing_keys(keys, data_keys, forward is None or not forward["ok"])
    problems += found
    warned += missing_warnings
    problems += signal_shapes(keys, data)
    flag_problems, flag_warnings = done_and_terminated(keys, data)
    problems += flag_problems
    warned += flag_warnings
    problems += time_dimension(estimator, data)
    problems += action_encoding(loss, keys, data)
    problems += log_prob_gradient(keys, data)
    fixed = None
    if forward is not None:
        if not forward["ok"] and not problems:
            problems.append(
                problem("forward", None, f"every check passed, but the forward pass raised {forward['error']}")
            )
        fixes = [p["fix"] for p in problems if p["fix"] is not None]
        if fixes:
            fixed = forward_with_fixes(pristine if pristine is not None else loss, data, fixes)
    return {
        "verdict": "not ready" if problems else "ready",
        "loss": type(loss).__name__,
        "estimator": type(estimator).__name__ if estimator is not None else None,
        "source": source,
        "batch_size": list(data.batch_size),
        "keys": [
            {"key": list(k.key), "read_by": k.read_by, "present": k.present, "shape": k.shape, "dtype": k.dtype}
            for k in keys
        ],
        "problems": problems,
        "warnings": warned,
        "forward": forward,
        "fixed_forward": fixed,
        "left_to_the_full_command": LEFT_TO_THE_COMMAND,
    }
