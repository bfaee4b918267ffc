"""A NaN next observation at a terminal step, with and without ``skip_done_states`` (measured).

Environments often have no observation after an episode ends and leave NaN (or garbage) there. The
loss masks terminal steps out of its target by multiplying with ``1 - done``, and ``0 * nan`` is NaN,
so what matters is which networks read that observation.  For each loss taking ``skip_done_states``,
the construction's batch gets one terminal step whose next observation is NaN; the loss runs with the
flag off and on, while forward pre-hooks on each of its networks record whether a NaN reached them.
"""

from __future__ import annotations

from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.losses.facts.probes.records import TerminalProbe, TerminalRun
from tools.torchrl.loss_zoo import LossCase

FLAG = "skip_done_states"
NEXT_OBSERVATION = ("next", "observation")


def _tensors(value) -> list:
    """Every tensor inside a forward call's arguments (TensorDict leaves included), detached copies."""
    import torch
    from tensordict import TensorDictBase

    if isinstance(value, torch.Tensor):
        return [value.detach().clone()] if value.is_floating_point() else []
    if isinstance(value, TensorDictBase):
        return [t for leaf in value.values(include_nested=True, leaves_only=True) for t in _tensors(leaf)]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _tensors(item)]
    if isinstance(value, dict):
        return [t for item in value.values() for t in _tensors(item)]
    return []


def _networks(loss) -> dict:
    """The loss's networks: attributes named ``*_network`` (kept outside ``_modules`` by functional losses)."""
    from torch import nn

    found = {**vars(loss), **vars(loss).get("_modules", {})}
    return {
        name: module
        for name, module in sorted(found.items())
        if name.endswith("_network") and isinstance(module, nn.Module)
    }


def _run(case: LossCase, skip: bool) -> TerminalRun:
    loss = case.construct(**{FLAG: skip})
    # A flat batch, as a replay buffer samples it; its first transition is terminal, with no next observation.
    batch = case.batch.reshape(-1).clone()
    done = batch.get(("next", "done")).clone()
    index = (0,)
    done[index] = True
    batch.set(("next", "done"), done)
    batch.set(("next", "terminated"), done.clone())
    observation = batch.get(NEXT_OBSERVATION).clone()
    observation[index] = float("nan")
    batch.set(NEXT_OBSERVATION, observation)
    seen: dict[str, list] = {name: [] for name in _networks(loss)}
    handles = []
    for name, network in _networks(loss).items():

        def record(_module, args, kwargs, name=name):
            seen[name].append(_tensors(args) + _tensors(kwargs))

        # Hooks on the innermost modules: a loss may call its network's parts (get_dist) and not its forward.
        for module in network.modules():
            if not list(module.children()):
                handles.append(module.register_forward_pre_hook(record, with_kwargs=True))
    try:
        with quiet():
            out = loss(batch)
    except Exception as exc:  # recorded: what the flag does to this loss on this batch
        return TerminalRun(skip, [], {}, error_text(exc, lines=1))
    finally:
        for handle in handles:
            handle.remove()
    nan_outputs = sorted(k for k, v in out.items() if k.startswith("loss") and bool(v.isnan().any()))
    reached = {}
    for name, calls in seen.items():
        try:
            reached[name] = any(bool(t.isnan().any()) for call in calls for t in call)
        except RuntimeError:  # a tensor only meaningful inside vmap: not measured
            continue
    return TerminalRun(skip, nan_outputs, reached)


def probe_terminal(case: LossCase) -> TerminalProbe | None:
    """None for a loss without ``skip_done_states`` or without a next observation in its example batch."""
    import inspect

    if FLAG not in inspect.signature(type(case.loss).__init__).parameters:
        return None
    if NEXT_OBSERVATION not in case.batch.keys(include_nested=True):
        return None
    try:
        return TerminalProbe([_run(case, False), _run(case, True)])
    except Exception as exc:  # recorded: the probe's own failure (building the batch) is shown, not hidden
        return TerminalProbe([], error_text(exc, lines=1))
