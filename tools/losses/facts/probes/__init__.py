"""Probes that build a zoo loss again from its construction's own networks, changing one thing.

``arguments``: each constructor argument with a non-default value (accepted,
deprecated, refused).  ``nested``: every key nested under an ``"agents"``
group with an agent dimension (multi-agent use).  ``action_kinds``: the action
kind the construction does not build, where ``data/losses.yaml`` says both.  Run by
``tools.losses.facts.measure`` on the case it already built, so they cost no extra
construction run; their results are part of the cached loss records.
"""

from __future__ import annotations

from tools.core.errors import first_line
from tools.core.signatures import live_parameters
from tools.losses.facts.probes.action_kinds import applicable, probe_other_kind
from tools.losses.facts.probes.arguments import probe_arguments
from tools.losses.facts.probes.nested import probe_nested
from tools.losses.facts.probes.records import DefaultEstimator, LossProbes, Run
from tools.losses.facts.probes.terminal import probe_terminal
from tools.torchrl.loss_zoo import LossCase


def probe(case: LossCase, accepted_keys: set[str], curated_action_space: list[str]) -> LossProbes:
    result = LossProbes(name=case.name, arguments=probe_arguments(case, accepted_keys))
    result.nested, result.nested_keys = probe_nested(case)
    for kind in curated_action_space:
        if kind == case.action_space or case.action_space is None:
            continue
        reason = applicable(case)
        result.other_action[kind] = (
            Run(False, f"not measured: {reason}", measured=False) if reason else probe_other_kind(case, kind)
        )
    result.effective_defaults, result.instance_facts = effective_defaults(case)
    result.terminal = probe_terminal(case)
    return result


INSTANCE_FACTS = ("functional", "vmap_randomness", "reduction")


def _shown(value) -> str | None:
    import torch

    if isinstance(value, torch.Tensor):
        if value.numel() != 1:
            return None
        value = value.item()
        return repr(float(f"{value:.6g}")) if isinstance(value, float) else repr(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    return None


def effective_defaults(case: LossCase) -> tuple[dict[str, str], dict[str, str]]:
    """(constructor parameter -> what a loss built with default arguments holds under that name,
    INSTANCE_FACTS -> their value on that loss)."""
    own, via, _ = live_parameters(type(case.loss))
    loss = case.construct()
    found = {}
    for name in {**own, **via}:
        try:
            value = getattr(loss, name)
        except Exception:  # no such attribute (most arguments are not kept under their own name)
            continue
        shown = _shown(value)
        if shown is not None:
            found[name] = shown
    facts = {}
    for name in INSTANCE_FACTS:
        shown = _shown(getattr(loss, name, None))
        if shown is not None:
            facts[name] = shown
    return found, facts


ESTIMATOR_HYPERPARAMETERS = ("gamma", "lmbda", "average_gae", "differentiable")


def default_estimator_made(loss, before, caught) -> DefaultEstimator | None:
    """What a loss's first forward pass did about its value estimator (None: it uses none)."""
    if type(loss).default_value_estimator is None:
        return None
    made = getattr(loss, "_value_estimator", None)
    hyper = {}
    for name in ESTIMATOR_HYPERPARAMETERS:
        value = getattr(made, name, None)
        if value is not None:
            shown = _shown(value)
            if shown is not None:
                hyper[name] = shown
    messages = [first_line(str(w.message), 240) for w in caught if "estimator" in str(w.message).lower()]
    return DefaultEstimator(before is not None, "" if made is None else type(made).__name__, hyper, messages)


__all__ = ["LossProbes", "Run", "default_estimator_made", "probe"]
