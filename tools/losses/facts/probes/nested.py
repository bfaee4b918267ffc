"""Does a loss run with its keys nested under a group, as multi-agent batches hold them?

The zoo's wiring is moved under ``"agents"``: every entry of the batch goes to
``("agents", ...)`` (next-step entries, done and terminated included, to
``("next", "agents", ...)``) with an agent dimension of ``N_AGENTS`` after the
batch dimensions; the construction's networks are re-keyed the same way; the loss is
built again from them and every key it accepts is set to its nested
counterpart with ``set_keys``.  Then one forward and backward pass.  This is
how torchrl's multi-agent environments lay out a group (VMAS, PettingZoo).
"""

from __future__ import annotations

import copy
from typing import Any

from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.losses.facts.probes.forward import runs
from tools.losses.facts.probes.records import Run
from tools.torchrl.loss_zoo import LossCase

GROUP = "agents"
N_AGENTS = 2
# Keys left at the root: a replay buffer writes its importance weights per
# sample, not per agent, whatever the layout of the data it stores.
ROOT_KEYS = {"priority_weight"}


def nest(key: Any) -> Any:
    """ "obs" -> ("agents", "obs"); ("next", "reward") -> ("next", "agents", "reward")."""
    parts = (key,) if isinstance(key, str) else tuple(key)
    if (parts and parts[0] == GROUP) or (parts[:2] == ("next", GROUP)):
        return parts
    if parts and parts[0] == "next":
        return ("next", GROUP, *parts[1:])
    return (GROUP, *parts)


def _is_key(value) -> bool:
    return isinstance(value, str) or (isinstance(value, tuple) and value and all(isinstance(v, str) for v in value))


def rekey_module(module) -> None:
    """Nest every key a TensorDict module (and each one inside it) reads or writes, in place.

    tensordict keeps a module's keys in several private attributes (``_in_keys``,
    ``_out_keys_apparent``, ``dist_keys``, ``log_prob_key``...): every attribute
    named ``*keys*`` that holds keys is rewritten, so that no copy is missed.
    """
    from tensordict.nn import TensorDictModuleBase

    for sub in module.modules():
        if not isinstance(sub, TensorDictModuleBase):
            continue
        for attribute, value in list(sub.__dict__.items()):
            if "key" not in attribute:
                continue
            if isinstance(value, list) and all(_is_key(v) for v in value):
                sub.__dict__[attribute] = [nest(v) for v in value]
            elif isinstance(value, dict) and all(_is_key(v) for v in value.values()):
                sub.__dict__[attribute] = {name: nest(v) for name, v in value.items()}
            elif _is_key(value) and attribute.endswith("key"):
                sub.__dict__[attribute] = nest(value)


def nest_batch(batch):
    """The batch with every entry under the group, given an agent dimension."""
    from tensordict import TensorDict

    dims = batch.batch_dims
    out = TensorDict(batch_size=batch.batch_size)
    for key, value in batch.items(include_nested=True, leaves_only=True):
        grown = value.unsqueeze(dims).expand(*value.shape[:dims], N_AGENTS, *value.shape[dims:]).clone()
        target = nest(key)
        group_at = 2 if target[0] == "next" else 1
        prefix = target[:group_at]
        if prefix not in out.keys(include_nested=True):
            out.set(prefix, TensorDict(batch_size=(*batch.batch_size, N_AGENTS)))
        out.set(target, grown)
    return out


def _nested_keys(loss) -> dict[str, Any]:
    keys = {}
    for field in loss.tensor_keys.__dataclass_fields__:
        value = getattr(loss.tensor_keys, field)
        if value is not None and field not in ROOT_KEYS:
            keys[field] = nest(value)
    return keys


def probe_nested(case: LossCase) -> tuple[Run, dict[str, list[str]]]:
    import torch
    from tensordict.nn import TensorDictModuleBase

    memo: dict = {}
    args = copy.deepcopy(case.args, memo)
    kwargs = copy.deepcopy(case.kwargs, memo)
    for value in [*args, *kwargs.values()]:
        if isinstance(value, torch.nn.Module):
            rekey_module(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, TensorDictModuleBase):
                    rekey_module(item)
    used: dict[str, list[str]] = {}
    try:
        with quiet():
            loss = type(case.loss)(*args, **kwargs)
            keys = _nested_keys(case.loss)
            loss.set_keys(**keys)
            used = {k: list(v) for k, v in keys.items()}
            batch = nest_batch(case.batch)
            return runs(loss, batch), used
    except Exception as exc:  # recorded: the page shows it
        return Run(False, error_text(exc, lines=1, limit=300)), used
