"""``check_wiring``: which keys a loss and its estimator will read, whether the data has them, and the fix."""

from __future__ import annotations

import copy

from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.losses.facts import curated
from tools.wiring.facts import checks
from tools.wiring.facts.reads import estimator_of, expected_keys, key_fields, networks, reads_for
from tools.wiring.facts.records import ExpectedKey, ForwardRun, KeyMap, WiringReport, as_key, nested

ROLLOUT_STEPS = 4
# Losses the zoo cannot build (LLM losses): their key map is all the checker knows.
DATA_WRITERS = ("environment", "dataset", "replay buffer", "LLM wrapper", "actor")


class WiringInputError(TypeError):
    """check_wiring was called with something else than a loss and a TensorDict (or an env and a policy)."""


def check_wiring(
    loss, data=None, *, env=None, policy=None, critic=None, try_forward: bool = True, rollout_steps: int = ROLLOUT_STEPS
) -> WiringReport:
    """Check that ``data`` (or a short rollout of ``env`` with ``policy``) holds what ``loss`` reads.

    ``loss`` is a built torchrl loss module, after any ``set_keys`` and
    ``make_value_estimator``.  Give either ``data`` (one collector batch or one
    replay sample) or ``env`` (a torchrl environment): then ``policy`` (default:
    the loss's actor) acts for ``rollout_steps`` steps, with no training, and
    ``critic``, when given, is run on the rollout the way a pipeline that stores
    values would.  With ``try_forward`` the loss's forward pass runs once on a
    copy of the data (no backward), and an error there is a problem even when
    every check passed.
    """
    _check_arguments(loss, data, env)
    # The forward passes run on copies of the loss as it is now: reading the estimator below builds a
    # loss's default one, and for a miswired loss that half-built estimator changed the error the
    # forward pass raised (a TypeError on None instead of the KeyError the user's own call raises).
    pristine = _copy(loss)
    source = "data"
    if env is not None:
        data, source = _rollout(loss, env, policy, critic, rollout_steps), f"a rollout of {rollout_steps} steps"
    reads = reads_for(loss)
    if reads is not None:
        keys = expected_keys(loss, reads)
        measured_on = f"{reads.construction} (estimator: {reads.estimator or 'none'})"
    else:
        keys = _key_map_only(loss)
        measured_on = f"nothing: the loss zoo has no construction for {type(loss).__name__}; keys from its key map only"
    data_keys = [as_key(k) for k in data.keys(include_nested=True, leaves_only=True)]
    _describe(keys, data)
    problems, warnings = checks.missing_keys(keys, data_keys)
    if reads is not None:
        problems += checks.network_outputs(loss, reads.outputs)
    problems += checks.signal_shapes(keys, data)
    flag_problems, flag_warnings = checks.done_and_terminated(keys, data)
    problems += flag_problems
    warnings += flag_warnings
    problems += checks.time_dimension(loss, data)
    problems += checks.action_encoding(loss, keys, data)
    problems += checks.log_prob_gradient(keys, data)

    forward = fixed = None
    if try_forward:
        forward = run_forward(_copy(pristine) if pristine is not None else loss, data)
        if not forward.ok and not problems:
            problems.append(
                checks.problem("forward", None, f"every check passed, but the forward pass raised {forward.error}")
            )
        fixes = [p.fix for p in problems if p.fix is not None]
        if fixes:
            fixed = _forward_with_fixes(pristine if pristine is not None else loss, data, fixes)
    estimator = estimator_of(loss)
    return WiringReport(
        loss=type(loss).__name__,
        estimator=type(estimator).__name__ if estimator is not None else None,
        source=source,
        batch_size=list(data.batch_size),
        measured_on=measured_on,
        keys=keys,
        problems=problems,
        warnings=warnings,
        forward=forward,
        fixed_forward=fixed,
    )


def _copy(loss):
    try:
        return copy.deepcopy(loss)
    except Exception:  # a loss that cannot be copied: the checks run on the loss itself
        return None


def _check_arguments(loss, data, env) -> None:
    from tensordict import TensorDictBase
    from torchrl.objectives import LossModule

    if not isinstance(loss, LossModule):
        raise WiringInputError(f"check_wiring needs a torchrl loss module first, got {type(loss).__name__}")
    if (data is None) == (env is None):
        raise WiringInputError(
            "give check_wiring either data (a TensorDict) or env= (with policy=), not both or neither"
        )
    if data is not None and not isinstance(data, TensorDictBase):
        raise WiringInputError(
            f"data must be a TensorDict (a collector batch or a replay sample), got {type(data).__name__}"
        )


def _rollout(loss, env, policy, critic, steps: int):
    import torch

    if policy is None:
        policy = networks(loss).get("actor_network")
        if policy is None:
            raise WiringInputError(
                f"{type(loss).__name__} holds no actor_network: pass policy= to act in the environment"
            )
    with torch.no_grad(), quiet():
        data = env.rollout(steps, policy, break_when_any_done=False)
        if critic is not None:
            critic(data)
    return data


def _key_map_only(loss) -> list[ExpectedKey]:
    name, found = type(loss).__name__, []
    for field, key in key_fields(loss).items():
        try:
            writer = curated.glossary(name, field)[1]
        except curated.CuratedDataError:
            continue
        if writer in DATA_WRITERS:
            found.append(ExpectedKey(key, [f"loss key {field}"], writer, False, [KeyMap("loss", field, [])]))
    return found


def _describe(keys: list[ExpectedKey], data) -> None:
    for expected in keys:
        value = data.get(tuple(expected.key), None)
        if value is None or not hasattr(value, "shape"):
            continue
        expected.present = True
        expected.shape = list(value.shape)
        expected.dtype = str(getattr(value, "dtype", ""))


def run_forward(loss, data) -> ForwardRun:
    """One forward pass on a copy of the data; the random state is left as it was."""
    import torch

    try:
        with torch.random.fork_rng(), quiet():
            loss(data.clone())
    except Exception as exc:  # reported with its text: the point of the check
        return ForwardRun(False, error_text(exc, lines=1))
    return ForwardRun(True)


def _forward_with_fixes(loss, data, fixes) -> ForwardRun | None:
    """The suggested set_keys calls, applied to a copy of the loss, then one forward pass."""
    fixed = _copy(loss)
    if fixed is None:  # a loss that cannot be copied: the fixes are shown, not tried
        return None
    # One set_keys call per target, all renames at once: applied one by one, a loss whose estimator
    # exists checks each intermediate state, and the first rename (reward) fails on the value key
    # the next one would have fixed (measured on the nested multi-agent case of the troubleshooting page).
    by_target: dict[str, dict] = {}
    for fix in fixes:
        by_target.setdefault(fix.target, {})[fix.field] = nested(fix.key)
    try:
        with quiet():
            for target_name, renames in by_target.items():
                target = fixed.value_estimator if target_name == "loss.value_estimator" else fixed
                target.set_keys(**renames)
    except Exception as exc:  # the suggested call itself raised: say so
        return ForwardRun(False, error_text(exc, lines=1))
    return run_forward(fixed, data)
